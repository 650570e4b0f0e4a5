"""Faults a user meets (issue 3): full disk, read-only folder, two instances, concurrent CLI
writes, a killed writer, umask, and plaintext in temp files. Each: what the user sees, and
that the data is intact."""

from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memtrust.store.db import Database, InstanceLock
from memtrust.store.errors import StoreFull, StoreInUse
from memtrust.store.keys import StoreKey, new_raw_key
from memtrust.store.memories import MemoryStore
from memtrust.store.model import Proposal
from memtrust.store.opening import open_store
from tests.conftest import TEST_PASSPHRASE

ROOT = Path(__file__).resolve().parents[1]


def _cli(*args, home: Path, passphrase: str = TEST_PASSPHRASE, **extra_env):
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "MEMTRUST_HOME": str(home),
        "MEMTRUST_PASSPHRASE": passphrase,
        "HOME": str(home.parent),
        **extra_env,
    }
    return subprocess.run(
        [sys.executable, "-m", "memtrust.app", *args],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=120,
        cwd=ROOT,
    )


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _save(store, key, value):
    return store.propose(Proposal(key, value, "explicit", "user", confirmed=True), actor="test")


# --- disk full ------------------------------------------------------------------------


def test_database_size_limit_reached_is_a_sentence_and_keeps_what_was_saved(store):
    """Simulated full disk: SQLite's page limit gives the same SQLITE_FULL as a full disk."""
    _save(store, "profile.name", "Ada")
    with store.db.read() as conn:
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages + 2}")
    with pytest.raises(StoreFull, match="full; the last change was not saved"):
        for number in range(200):
            _save(store, f"test.n{number}", "y" * 3900)
    with store.db.read() as conn:
        conn.execute("PRAGMA max_page_count = 1000000")
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert "Ada" in [m.value for m in store.list()]


@pytest.fixture
def small_mount(tmp_path):
    """A 400 KiB tmpfs (root only); the test is skipped where mounting is not permitted."""
    mount_point = tmp_path / "small"
    mount_point.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=400k", "tmpfs", str(mount_point)], capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    yield mount_point
    subprocess.run(["umount", "-l", str(mount_point)], capture_output=True)


@pytest.mark.slow
def test_real_full_disk_gives_a_sentence_exit_1_and_an_intact_store(small_mount):
    home = small_mount / "memtrust"
    assert _cli("init", home=home).returncode == 0
    assert _cli("add", "profile.name", "Ada", "--yes", home=home).returncode == 0
    filler = small_mount / "filler"
    free = os.statvfs(small_mount).f_bavail * os.statvfs(small_mount).f_frsize
    filler.write_bytes(b"\0" * max(0, free - 8192))  # leave a couple of pages free
    outcomes = [_cli("add", f"test.n{n}", "z" * 3900, "--yes", home=home) for n in range(6)]
    failed = [o for o in outcomes if o.returncode != 0]
    assert failed, "the disk never filled up"
    assert all(o.returncode == 1 and "Traceback" not in o.stderr for o in failed)
    assert any("full" in o.stderr for o in failed), [o.stderr for o in failed]
    filler.unlink()
    listed = _cli("list", "--json", home=home)
    assert listed.returncode == 0 and '"Ada"' in listed.stdout
    assert "integrity: ok" in _cli("doctor", home=home).stdout


@pytest.mark.slow
def test_read_only_data_folder_gives_a_sentence_and_leaves_the_store_as_it_was(small_mount):
    home = small_mount / "memtrust"
    assert _cli("init", home=home).returncode == 0
    assert _cli("add", "profile.name", "Ada", "--yes", home=home).returncode == 0
    before = _digest(home / "memtrust.db")
    assert subprocess.run(["mount", "-o", "remount,ro", str(small_mount)]).returncode == 0
    try:
        done = _cli("add", "test.x", "y", "--yes", home=home)
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
        assert "cannot be written" in done.stderr or "read-only" in done.stderr.lower(), done.stderr
        assert _digest(home / "memtrust.db") == before
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(small_mount)])


# --- instances and concurrency ---------------------------------------------------------


def test_a_second_app_instance_on_the_same_store_gets_a_sentence(passphrase_store_path):
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from memtrust.store.db import InstanceLock; "
            "InstanceLock(sys.argv[1]).acquire(); print('held', flush=True); time.sleep(60)",
            str(passphrase_store_path),
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(StoreInUse, match="already open"):
            InstanceLock(passphrase_store_path).acquire()
        done = _cli("--db", str(passphrase_store_path), home=passphrase_store_path.parent)
        assert done.returncode == 1 and "already open" in done.stderr and "Traceback" not in done.stderr
    finally:
        holder.kill()
        holder.wait()
    InstanceLock(passphrase_store_path).acquire().release()  # released when its holder died


@pytest.mark.slow
def test_a_cli_write_while_another_connection_reads_never_sees_database_is_locked(passphrase_store_path, monkeypatch):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    app_side = open_store(passphrase_store_path).store  # as the TUI holds it
    _save(app_side, "profile.name", "Ada")
    writers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "memtrust.app",
                "--db",
                str(passphrase_store_path),
                "add",
                f"test.from_cli_{n}",
                f"written by CLI {n}",
                "--yes",
            ],
            env={**os.environ, "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE},
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(4)
    ]
    for number in range(40):  # the app keeps reading and writing meanwhile
        app_side.list()
        _save(app_side, f"test.from_app_{number}", "written by the app")
    results = [w.communicate(timeout=120) for w in writers]
    assert [w.returncode for w in writers] == [0, 0, 0, 0], results
    assert all("locked" not in err for _, err in results)
    keys = {m.key for m in app_side.list()}  # the app sees the CLI's writes on its next read
    assert {f"test.from_cli_{n}" for n in range(4)} <= keys
    app_side.close()


# --- crashes ------------------------------------------------------------------------------


@pytest.mark.slow
def test_every_acknowledged_write_survives_sigkill_at_random_points(tmp_path):
    path = tmp_path / "crash" / "memtrust.db"
    key = new_raw_key("keychain")
    Database.create(path, key, store_id="crash", now_epoch=0).close()
    rng = random.Random(20261130)
    acknowledged: set[str] = set()
    for trial in range(20):
        writer = subprocess.Popen(
            [sys.executable, str(ROOT / "tests" / "crash_writer.py"), str(path)],
            env={**os.environ, "MEMTRUST_TEST_KEY": key.secret, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        first = writer.stdout.readline().strip()
        assert first, f"trial {trial}: the writer acknowledged nothing"
        acknowledged.add(first)
        time.sleep(rng.uniform(0.0, 0.4))
        writer.send_signal(signal.SIGKILL)
        remaining, _ = writer.communicate()
        acknowledged.update(line for line in remaining.splitlines() if len(line) == 32)
    database = Database.open(path, key)
    with database.read() as conn:
        stored = {row[0] for row in conn.execute("SELECT id FROM memories")}
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA cipher_integrity_check").fetchall() == []
    database.close()
    assert len(acknowledged) > 20
    assert acknowledged <= stored


# --- files and plaintext -------------------------------------------------------------------


def test_files_are_0600_and_folder_0700_even_with_a_permissive_umask(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    old = os.umask(0)
    try:
        store = open_store(tmp_path / "open" / "memtrust.db").store
        _save(store, "profile.name", "Ada")
        directory = store.db.path.parent
        modes = {p.name: p.stat().st_mode & 0o777 for p in directory.iterdir()}
        store.close()
    finally:
        os.umask(old)
    assert directory.stat().st_mode & 0o777 == 0o700
    assert modes and all(mode == 0o600 for mode in modes.values()), modes


def test_no_stored_value_or_key_reaches_the_temp_directory(tmp_path, monkeypatch):
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setenv("TMPDIR", str(temp))
    key = StoreKey("keychain", new_raw_key().secret)
    store = MemoryStore(Database.create(tmp_path / "s" / "memtrust.db", key, store_id="t", now_epoch=0))
    marker = "temp-canary-5521-unique"
    for number in range(300):  # enough rows for sorts and indexes to spill if they could
        _save(store, f"test.row_{number}", f"{marker} {number} " + "w" * 500)
    with store.db.read() as conn:
        conn.execute("SELECT value FROM memories ORDER BY value DESC").fetchall()
    store.list(search="canary")
    store.close()
    for file in temp.rglob("*"):
        if file.is_file():
            data = file.read_bytes()
            assert marker.encode() not in data and key.secret.encode() not in data, file
