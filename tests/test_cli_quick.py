"""``memtrust --help`` and ``--version`` answered without loading the command line (§11):
what app/launch.py prints is what click renders, byte for byte, wherever it answers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from memtrust.app import launch
from memtrust.app.cli import run_command_line


@pytest.fixture
def click_renders(monkeypatch, capsys):
    """What click prints for ``memtrust ARGS`` on a terminal of ``columns`` columns (the
    command line run in process; click's test runner would force a width of its own)."""

    def render(*args: str, columns: int) -> str:
        with monkeypatch.context() as patch:
            patch.setenv("COLUMNS", str(columns))
            capsys.readouterr()
            assert run_command_line(list(args)) == 0
            return capsys.readouterr().out

    return render


@pytest.mark.parametrize("columns", [80, 81, 120, 300])
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_the_kept_help_is_what_click_renders_at_80_columns_or_more(monkeypatch, click_renders, flag, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    assert launch.quick_answer([flag]) is not None, "the help file is missing: write it with launch.render_help()"
    assert launch.quick_answer([flag]) + "\n" == click_renders(flag, columns=columns), (
        "app/cli_help.txt no longer matches click's help; write it again with "
        'python -c "from memtrust.app.launch import render_help; '
        "open('app/cli_help.txt', 'w', encoding='utf-8').write(render_help())\""
    )


def test_a_narrower_terminal_is_left_to_click_which_wraps_the_help_to_it(monkeypatch, click_renders):
    monkeypatch.setenv("COLUMNS", "79")
    assert launch.quick_answer(["--help"]) is None
    monkeypatch.delenv("COLUMNS")
    assert click_renders("--help", columns=79) != launch.render_help() + "\n"


def test_the_version_is_what_click_reads_from_the_installed_distribution(click_renders):
    assert launch.quick_answer(["--version"]) + "\n" == click_renders("--version", columns=80)


@pytest.mark.parametrize(
    "args", [[], ["--help", "list"], ["list", "--help"], ["--db", "x", "--help"], ["--version", "--help"], ["-h", "-h"]]
)
def test_anything_else_goes_to_click(args):
    assert launch.quick_answer(args) is None


def test_the_help_file_is_found_beside_the_module_and_ends_without_a_newline():
    text = Path(launch.HELP_FILE).read_text(encoding="utf-8")
    assert text.startswith("Usage: memtrust [OPTIONS] [COMMAND] [ARGS]...") and not text.endswith("\n")


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["context", "--help"]])
def test_the_console_script_prints_what_click_prints_and_loads_no_click_for_the_quick_ones(click_renders, args):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "COLUMNS": "100"}
    probe = (
        "import sys, runpy; sys.argv = ['memtrust', *sys.argv[1:]]\n"
        "try:\n    runpy.run_module('memtrust.app', run_name='__main__')\n"
        "finally:\n    sys.stderr.write('click loaded' if 'click' in sys.modules else 'no click')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *args], capture_output=True, text=True, env=env, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == click_renders(*args, columns=100)
    assert done.stderr == ("click loaded" if args == ["context", "--help"] else "no click")
