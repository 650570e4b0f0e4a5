"""§5 encryption at rest: no stored value in plaintext; a wrong key changes nothing."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from memtrust.store.db import Database
from memtrust.store.errors import NotAMemtrustStore, WrongKey
from memtrust.store.keys import StoreKey
from memtrust.store.model import Proposal
from memtrust.store.opening import open_store
from tests.conftest import TEST_PASSPHRASE

MARKERS = ["plaintext-canary-ZQX81", "zebra-umbrella-7741 is my favourite phrase"]


def _fill(store):
    store.propose(Proposal("notes.canary", MARKERS[0], "explicit", "user", confirmed=True), actor="test")
    store.propose(Proposal("notes.phrase", MARKERS[1], "explicit", "chat"), actor="test")


def _store_files(path: Path) -> list[Path]:
    return [p for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists()]


def test_database_wal_and_shm_hold_no_plaintext_value(passphrase_store_path, monkeypatch):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    store = open_store(passphrase_store_path).store
    _fill(store)
    # While the store is open the WAL and SHM files exist and hold the latest pages.
    files = _store_files(passphrase_store_path)
    assert {p.name[-4:] for p in files} >= {"-wal", "-shm"}
    for file in files:
        data = file.read_bytes()
        for marker in [*MARKERS, "contact.preferred_channel", "notes.canary"]:
            assert marker.encode() not in data, (file.name, marker)
        assert not data.startswith(b"SQLite format 3"), file.name
    store.close()
    data = passphrase_store_path.read_bytes()
    assert not data.startswith(b"SQLite format 3")
    assert all(m.encode() not in data for m in MARKERS)
    assert TEST_PASSPHRASE.encode() not in data


def test_store_files_are_private_to_the_user(passphrase_store_path, monkeypatch):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    store = open_store(passphrase_store_path).store
    _fill(store)
    assert passphrase_store_path.parent.stat().st_mode & 0o777 == 0o700
    for file in _store_files(passphrase_store_path):
        assert file.stat().st_mode & 0o777 == 0o600, file.name
    store.close()


def _digest(path: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(path.parent.iterdir())}


def test_wrong_passphrase_is_one_sentence_exit_1_and_leaves_the_file_byte_identical(passphrase_store_path, monkeypatch):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    store = open_store(passphrase_store_path).store
    _fill(store)
    store.close()
    before = _digest(passphrase_store_path)
    done = subprocess.run(
        [sys.executable, "-m", "memtrust.app", "--db", str(passphrase_store_path), "list"],
        capture_output=True,
        text=True,
        env={"MEMTRUST_PASSPHRASE": "not the passphrase", "PATH": "/usr/bin:/bin"},
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "does not open the store" in lines[0]
    assert "Traceback" not in done.stderr
    assert _digest(passphrase_store_path) == before


def test_wrong_raw_key_raises_wrong_key_and_never_creates_a_new_database(store):
    path = store.db.path
    store.close()
    before = path.read_bytes()
    with pytest.raises(WrongKey):
        Database.open(path, StoreKey("keychain", "00" * 32))
    assert path.read_bytes() == before


def test_plain_sqlite_file_is_refused_as_not_a_memtrust_store(tmp_path, monkeypatch):
    import sqlite3

    path = tmp_path / "plain.db"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
    before = path.read_bytes()
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    with pytest.raises(NotAMemtrustStore, match="plain, unencrypted SQLite"):
        open_store(path)
    assert path.read_bytes() == before


def test_the_raw_key_is_in_none_of_the_store_files(tmp_path):
    from memtrust.store.keys import new_raw_key

    key = new_raw_key("keychain")
    path = tmp_path / "raw" / "memtrust.db"
    database = Database.create(path, key, store_id="raw", now_epoch=0)
    from memtrust.store.memories import MemoryStore

    store = MemoryStore(database)
    _fill(store)
    forms = [key.secret.encode(), key.secret.upper().encode(), bytes.fromhex(key.secret)]
    for file in list(path.parent.iterdir()):
        data = file.read_bytes()
        assert all(form not in data for form in forms), file.name
        assert all(m.encode() not in data for m in MARKERS), file.name
    store.close()
    for file in list(path.parent.iterdir()):
        assert all(form not in file.read_bytes() for form in forms), file.name
