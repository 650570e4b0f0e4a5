"""§5 under load: four command-line writers, the MCP server and a prune loop work one store for
60 seconds while a killer sends SIGKILL to one of them at random; afterwards every write that
was acknowledged is in the store and the store passes both integrity checks.

Acknowledged means: ``memtrust add`` exited 0 and printed the new memory's id, or the MCP
server answered ``propose_memory`` with a ``memory_id``. The store is in keychain mode (a raw
key: no key derivation per process) through a keychain file shared by every process
(tests/keyrings.py ``FileVault``). Marked ``slow`` (about 70 s); CI runs it with the rest.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from memtrust.store.db import Database
from memtrust.store.keys import StoreKey, read_key_record

ROOT = Path(__file__).resolve().parents[1]
DURATION = 60.0
WRITERS = 4
SEED = 20261130
ADDED = re.compile(r"\[([0-9a-f]{8})\]\s*$")

pytestmark = pytest.mark.slow


@dataclass
class Ledger:
    """What the workers were told was saved, and how often the killer struck."""

    cli: dict[str, str] = field(default_factory=dict)  # key → id prefix printed by memtrust add
    mcp: dict[str, str] = field(default_factory=dict)  # proposal → memory id answered by the server
    kills: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


class Processes:
    """The live child processes the killer may pick from, by role."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._live: dict[int, tuple[str, subprocess.Popen]] = {}

    def add(self, role: str, process: subprocess.Popen) -> None:
        with self._lock:
            self._live[process.pid] = (role, process)

    def remove(self, process: subprocess.Popen) -> None:
        with self._lock:
            self._live.pop(process.pid, None)

    def pick(self, rng: random.Random) -> tuple[str, subprocess.Popen] | None:
        with self._lock:
            running = [entry for entry in self._live.values() if entry[1].poll() is None]
        return rng.choice(running) if running else None


def _env(home: Path, vault: Path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "HOME": str(home.parent),
        "MEMTRUST_HOME": str(home),
        "PYTHON_KEYRING_BACKEND": "tests.keyrings.FileVault",
        "MEMTRUST_TEST_KEYRING_FILE": str(vault),
    }


def _run(processes: Processes, role: str, args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    child = subprocess.Popen(
        [sys.executable, "-m", "memtrust.app", *args],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    processes.add(role, child)
    try:
        out, err = child.communicate(timeout=120)
    finally:
        processes.remove(child)
    return child.returncode, out, err


def _writer(number: int, stop: float, env: dict, processes: Processes, ledger: Ledger) -> None:
    count = 0
    while time.monotonic() < stop:
        key = f"test.cli_{number}_{count}"
        count += 1
        status, out, err = _run(
            processes, f"writer {number}", ["add", key, f"written by writer {number}", "--yes"], env
        )
        found = ADDED.search(out.strip())
        if status == 0 and found:
            with ledger.lock:
                ledger.cli[key] = found.group(1)
        elif status != -signal.SIGKILL:
            with ledger.lock:
                ledger.failures.append(f"{key}: exit {status}: {err.strip()[-300:]}")


def _pruner(stop: float, env: dict, processes: Processes, ledger: Ledger) -> None:
    while time.monotonic() < stop:
        status, _out, err = _run(processes, "prune", ["prune"], env)
        if status not in (0, -signal.SIGKILL) or "Traceback" in err:
            with ledger.lock:
                ledger.failures.append(f"prune: exit {status}: {err.strip()[-300:]}")


def _mcp_agent(stop: float, env: dict, processes: Processes, ledger: Ledger) -> None:
    """One server after another (each killed one is replaced), each under a new consumer name so
    the per-minute quota (§10) does not end the run; proposals until the server dies."""
    incarnation = 0
    while time.monotonic() < stop:
        incarnation += 1
        consumer = f"stress_{incarnation}"
        server = subprocess.Popen(
            [sys.executable, "-m", "memtrust.app", "mcp", "--consumer", consumer],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=ROOT,
        )
        try:
            _converse(server, consumer, stop, ledger, processes)
        finally:
            processes.remove(server)
            server.kill()
            server.wait()


def _converse(server: subprocess.Popen, consumer: str, stop: float, ledger: Ledger, processes: Processes) -> None:
    def ask(request_id: int, method: str, params: dict | None) -> dict | None:
        message = {"jsonrpc": "2.0", "method": method, **({"id": request_id} if request_id else {})}
        if params is not None:
            message["params"] = params
        try:
            server.stdin.write(json.dumps(message) + "\n")
            server.stdin.flush()
            return json.loads(server.stdout.readline()) if request_id else None
        except (BrokenPipeError, ValueError, OSError):
            return None  # killed

    hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "stress", "version": "1"}}
    if ask(1, "initialize", hello) is None:
        return
    ask(0, "notifications/initialized", None)
    processes.add("mcp", server)  # fair game once serving (on a loaded machine it may start slowly)
    for number in range(20):  # within the per-minute quota
        if time.monotonic() >= stop:
            return
        # An agent's memory goes under memtrust's own keys or a note (DESIGN §2): a note each,
        # told apart by its value; the ledger holds the memory id the server answered.
        key = f"{consumer} #{number}"
        arguments = {"key": "notes.note", "value": f"proposed by {key}"}
        answer = ask(number + 2, "tools/call", {"name": "propose_memory", "arguments": arguments})
        if answer is None:
            return
        result = answer.get("result", {})
        memory_id = (result.get("structuredContent") or {}).get("memory_id")
        if memory_id:
            with ledger.lock:
                ledger.mcp[key] = memory_id
        elif not result.get("isError"):
            with ledger.lock:
                ledger.failures.append(f"{key}: {result}")
    while time.monotonic() < stop and server.poll() is None:
        time.sleep(0.2)  # quota used: stay connected until killed or the end


def _killer(stop: float, processes: Processes, ledger: Ledger, rng: random.Random) -> None:
    while time.monotonic() < stop:
        time.sleep(rng.uniform(0.5, 2.0))
        chosen = processes.pick(rng)
        if chosen is not None:
            role, process = chosen
            try:
                process.send_signal(signal.SIGKILL)
            except ProcessLookupError:
                continue
            with ledger.lock:
                ledger.kills.append(role)


def test_no_acknowledged_write_is_lost_under_concurrent_writers_server_prune_and_random_sigkill(tmp_path):
    home, vault = tmp_path / "home", tmp_path / "vault.json"
    env = _env(home, vault)
    created = subprocess.run(
        [sys.executable, "-m", "memtrust.app", "init"], env=env, capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert created.returncode == 0, created.stderr
    rng = random.Random(SEED)
    ledger, processes = Ledger(), Processes()
    stop = time.monotonic() + DURATION
    workers = [threading.Thread(target=_writer, args=(n, stop, env, processes, ledger)) for n in range(WRITERS)] + [
        threading.Thread(target=_pruner, args=(stop, env, processes, ledger)),
        threading.Thread(target=_mcp_agent, args=(stop, env, processes, ledger)),
        threading.Thread(target=_killer, args=(stop, processes, ledger, rng)),
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=DURATION + 240)
    assert not any(worker.is_alive() for worker in workers)

    assert ledger.failures == []
    # Not vacuous: the killer struck every kind of process, and each kind of writer was heard.
    assert len(ledger.kills) >= 10 and {"prune", "mcp"} <= set(ledger.kills), ledger.kills
    assert any(role.startswith("writer") for role in ledger.kills)
    assert len(ledger.cli) >= 10 and len(ledger.mcp) >= 1, (len(ledger.cli), len(ledger.mcp))

    record = read_key_record(home / "memtrust.db")
    secret = json.loads(vault.read_text())[f"memtrust/{record.keychain_entry}"]
    database = Database.open(home / "memtrust.db", StoreKey("keychain", secret))
    try:
        with database.read() as conn:
            stored = dict(conn.execute("SELECT key, id FROM memories").fetchall())
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert conn.execute("PRAGMA cipher_integrity_check").fetchall() == []
    finally:
        database.close()
    print(
        f"stress: {len(ledger.cli)} command-line writes and {len(ledger.mcp)} MCP proposals acknowledged, "
        f"{len(ledger.kills)} SIGKILLs ({', '.join(sorted(set(ledger.kills)))}), {len(stored)} rows stored"
    )
    lost_cli = {key for key, prefix in ledger.cli.items() if not stored.get(key, "").startswith(prefix)}
    lost_mcp = {key for key, memory_id in ledger.mcp.items() if memory_id not in stored.values()}
    assert lost_cli == set() and lost_mcp == set()
