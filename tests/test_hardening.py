"""§5: every memtrust process forbids core dumps and is not dumpable, whatever ``ulimit -c`` said.

Each test starts a real memtrust process (a command, the MCP server, the app in a terminal)
through tests/process_probe.py, which switches core dumps on first (``ulimit -c unlimited``).
The core limit is read back from the kernel (``/proc/PID/limits``) while the process runs;
the dumpable flag, which Linux does not show in ``/proc``, from ``prctl`` inside the process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import TEST_PASSPHRASE
from tests.terminal import Terminal

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "tests" / "process_probe.py"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl and /proc are Linux's")


def _core_limit(pid: int) -> str:
    """The core size limit of a running process as the kernel states it: ``'soft hard'``."""
    limits = Path(f"/proc/{pid}/limits").read_text()
    line = next(line for line in limits.splitlines() if line.startswith("Max core file size"))
    return " ".join(line.split()[4:6])


def _env(home: Path, probe: Path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home.parent),
        "MEMTRUST_HOME": str(home),
        "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE,
        "MEMTRUST_TEST_PROBE": str(probe),
        "PYTHONPATH": str(ROOT),
    }


def test_a_command_runs_without_core_dumps_and_not_dumpable(passphrase_store_path, tmp_path):
    reader = (
        "import resource, sys, ctypes, json; "
        "from tests.process_probe import switch_core_dumps_on; switch_core_dumps_on(); "
        "from memtrust.app.cli import main; status = main(sys.argv[1:]); "
        "print(json.dumps({'status': status, 'dumpable': ctypes.CDLL(None).prctl(3, 0, 0, 0, 0), "
        "'core': resource.getrlimit(resource.RLIMIT_CORE)}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", reader, "--db", str(passphrase_store_path), "learning", "status"],
        capture_output=True,
        text=True,
        env=_env(passphrase_store_path.parent, tmp_path / "unused"),
        cwd=ROOT,
        timeout=120,
    )
    assert json.loads(done.stdout.splitlines()[-1]) == {"status": 0, "dumpable": 0, "core": [0, 0]}, done.stderr


def test_the_mcp_server_runs_without_core_dumps_and_not_dumpable(passphrase_store_path, tmp_path):
    probe = tmp_path / "probe.json"
    server = subprocess.Popen(
        [sys.executable, str(PROBE), "mcp", "--db", str(passphrase_store_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=_env(passphrase_store_path.parent, probe),
        cwd=ROOT,
    )
    try:
        hello = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "probe", "version": "1"},
            },
        }
        server.stdin.write(json.dumps(hello) + "\n")
        server.stdin.flush()
        answer = json.loads(server.stdout.readline())
        assert answer["result"]["serverInfo"]["name"] == "memtrust"  # serving, with the store open
        assert _core_limit(server.pid) == "0 0"
        assert json.loads(probe.read_text()) == {"where": "mcp", "dumpable": 0, "core": [0, 0]}
    finally:
        server.kill()
        server.wait()


def test_the_app_in_a_terminal_runs_without_core_dumps_and_not_dumpable(tmp_path):
    probe = tmp_path / "probe.json"
    command = [sys.executable, str(PROBE), "demo"]
    with Terminal(command, env=_env(tmp_path / "home", probe), cwd=tmp_path) as terminal:
        assert terminal.read_until(lambda text: "Inbox" in text), terminal.text[-500:]
        assert terminal.process.poll() is None, terminal.text[-500:]
        assert _core_limit(terminal.pid) == "0 0"
        assert json.loads(probe.read_text()) == {"where": "app", "dumpable": 0, "core": [0, 0]}
