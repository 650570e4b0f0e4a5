"""§11: every command that opens the app refuses, with one sentence and exit 1, to start
without a terminal on both stdin and stdout (``memtrust demo </dev/null`` used to run until
killed). Real processes: whether a stream is a terminal is a property of the process."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memtrust.app.cli import APP_NEEDS_TERMINAL
from tests.conftest import TEST_PASSPHRASE

#: Which of stdin and stdout is a pseudo-terminal; the other is /dev/null or a pipe.
LAYOUTS = ("neither", "stdout only", "stdin only")


def _run_app_command(command: list[str], layout: str, tmp_path: Path) -> subprocess.CompletedProcess:
    master, slave = os.openpty()
    try:
        return subprocess.run(
            [sys.executable, "-m", "memtrust.app", *command],
            stdin=slave if layout == "stdin only" else subprocess.DEVNULL,
            stdout=slave if layout == "stdout only" else subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,  # the fault this guards against ran until killed
            env={
                "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                "HOME": str(tmp_path),
                "MEMTRUST_HOME": str(tmp_path / "home"),
                "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE,
                "TERM": "xterm-256color",
            },
        )
    finally:
        os.close(slave)
        os.close(master)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("command", [[], ["demo"]], ids=["memtrust", "memtrust demo"])
def test_the_app_without_a_terminal_says_so_in_one_sentence_and_exits_1(command, layout, tmp_path):
    done = _run_app_command(command, layout, tmp_path)
    assert done.returncode == 1, done
    assert done.stderr == f"memtrust: {APP_NEEDS_TERMINAL}\n"
    assert not (tmp_path / "home").exists()  # no store was created for an app that cannot run


def test_demo_makes_no_throwaway_store_without_a_terminal(monkeypatch, tmp_path):
    """The refusal comes before the demo store is made (in process: stdin here is no terminal)."""
    import memtrust.app.demo
    from memtrust.app.cli import run_command_line

    made: list[str] = []
    monkeypatch.setattr(memtrust.app.demo, "run_demo", lambda: made.append("demo store"))
    monkeypatch.setattr(sys, "stdin", io.StringIO())  # no terminal, whatever pytest was given
    assert run_command_line(["demo"]) == 1
    assert made == []
