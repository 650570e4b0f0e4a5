"""§5 keys: keychain detection, recovery code, distinct errors, rekey, destroy (issue 3)."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import keyring
import pytest
import sqlcipher3

from memtrust.store import keys as store_keys
from memtrust.store.db import Database
from memtrust.store.errors import CorruptStore, KeyUnavailable, NotAMemtrustStore, SQLCipher3Store, WrongKey
from memtrust.store.keys import StoreKey, key_from_recovery_code, keychain_status, read_key_record, recovery_code
from memtrust.store.lifecycle import destroy, recover, rekey, upgrade_cipher3
from memtrust.store.migrations import migrate
from memtrust.store.model import Proposal
from memtrust.store.opening import open_store, unlock_existing
from tests import keyrings
from tests.conftest import TEST_PASSPHRASE

VALUE = "canary-value-for-key-tests"


@pytest.fixture
def keychain(monkeypatch):
    """An in-memory OS keychain for the test; restores the real backend after."""
    previous = keyring.get_keyring()
    backend = keyrings.MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


def _use(backend):
    keyring.set_keyring(backend)
    return backend


def _keychain_store(tmp_path, clock):
    path = tmp_path / "data" / "memtrust.db"
    opened = open_store(path, clock=clock)
    opened.store.propose(Proposal("notes.canary", VALUE, "explicit", "user", confirmed=True), actor="test")
    opened.store.close()
    return path, opened


def _digest(directory: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(directory.iterdir()) if p.is_file()}


def test_fail_backend_is_not_a_usable_keychain():
    from keyring.backends import fail

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        status = keychain_status()
    finally:
        keyring.set_keyring(previous)
    assert not status.usable and "no OS keychain" in status.reason


def test_plaintext_backend_is_refused_unless_the_user_opts_in():
    previous = keyring.get_keyring()
    keyring.set_keyring(keyrings.PlaintextKeyring())
    try:
        assert not keychain_status().usable
        assert keychain_status(allow_plaintext=True).usable
    finally:
        keyring.set_keyring(previous)


def test_first_run_in_keychain_mode_keeps_a_raw_key_and_gives_a_recovery_code(keychain, tmp_path, clock):
    path, opened = _keychain_store(tmp_path, clock)
    assert opened.created and opened.key_mode == "keychain"
    record = read_key_record(path)
    secret = keychain.entries[("memtrust", record.keychain_entry)]
    assert len(secret) == 64 and opened.recovery == recovery_code(StoreKey("keychain", secret))
    assert key_from_recovery_code(opened.recovery.lower().replace("-", " ")).secret == secret
    assert secret not in Path(f"{path}.keyinfo.json").read_text()
    # Reopening takes the key from the keychain with no passphrase at all.
    reopened = open_store(path, clock=clock)
    assert reopened.key_mode == "keychain" and not reopened.created
    assert [m.value for m in reopened.store.list()] == [VALUE]
    reopened.store.close()


def test_keychain_entry_deleted_stops_with_the_way_forward_and_touches_nothing(keychain, tmp_path, clock):
    path, _opened = _keychain_store(tmp_path, clock)
    keychain.entries.clear()
    before = _digest(path.parent)
    with pytest.raises(KeyUnavailable, match="recover"):
        open_store(path, clock=clock)
    assert _digest(path.parent) == before


def test_recovery_code_puts_the_key_back_and_a_wrong_code_changes_nothing(keychain, tmp_path, clock):
    path, opened = _keychain_store(tmp_path, clock)
    keychain.entries.clear()
    with pytest.raises(WrongKey):
        recover(path, "0000-" * 15 + "0000")
    recover(path, opened.recovery)
    reopened = open_store(path, clock=clock)
    assert [m.value for m in reopened.store.list()] == [VALUE]
    reopened.store.close()


def test_recover_on_a_passphrase_store_says_it_has_no_recovery_code_before_asking_for_one(passphrase_store_path):
    # It once asked for a code, then said "The key does not open the store …; restore the right
    # key with memtrust recover and your recovery code": the command it was already running.
    from memtrust.store.errors import InvalidInput
    from tests.command_line import run_memtrust

    before = _digest(passphrase_store_path.parent)
    with pytest.raises(InvalidInput, match="protected by a passphrase, its only key, so it has no recovery code"):
        recover(passphrase_store_path, "0000-" * 15 + "0000")
    done = run_memtrust("recover", "--db", str(passphrase_store_path), env={})
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"memtrust: The store at {passphrase_store_path} is protected by a passphrase, its only key, so it has no "
        "recovery code; memtrust recover puts back the key of a store kept in the OS keychain."
    ]
    assert _digest(passphrase_store_path.parent) == before


def test_keychain_backend_swapped_is_said_plainly(keychain, tmp_path, clock):
    path, _ = _keychain_store(tmp_path, clock)
    _use(keyrings.OtherMemoryKeyring())
    with pytest.raises(KeyUnavailable, match="MemoryKeyring; the keychain now is .*OtherMemoryKeyring"):
        open_store(path, clock=clock)


@pytest.mark.parametrize(
    ("backend", "words"),
    [
        (keyrings.LockedKeyring, "locked"),
        (keyrings.DBusBrokenKeyring, "D-Bus"),
        (keyrings.HangingKeyring, "did not answer"),
    ],
)
def test_unusable_keychain_gives_its_reason_and_creates_nothing(keychain, tmp_path, clock, monkeypatch, backend, words):
    path, _ = _keychain_store(tmp_path, clock)
    monkeypatch.setattr(store_keys, "KEYCHAIN_TIMEOUT", 0.5)
    unusable = _use(backend())
    before = _digest(path.parent)
    try:
        with pytest.raises(KeyUnavailable, match=words):
            open_store(path, clock=clock)
    finally:
        if isinstance(unusable, keyrings.HangingKeyring):
            unusable.release.set()
    assert _digest(path.parent) == before


def test_no_keychain_and_no_passphrase_creates_nothing(tmp_path, clock):
    path = tmp_path / "data" / "memtrust.db"
    with pytest.raises(KeyUnavailable, match="passphrase"):
        open_store(path, clock=clock)
    assert not path.exists() and not Path(f"{path}.keyinfo.json").exists()


def test_a_key_record_without_its_database_is_not_silently_replaced(tmp_path, clock, monkeypatch):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    path = tmp_path / "data" / "memtrust.db"
    open_store(path, clock=clock).store.close()
    path.rename(tmp_path / "moved.db")
    with pytest.raises(Exception, match="key record is still there"):
        open_store(path, clock=clock)
    assert not path.exists()


def _damage(path: Path, offset: int) -> None:
    data = bytearray(path.read_bytes())
    data[offset] ^= 0xFF
    path.write_bytes(bytes(data))


def test_byte_flipped_page_is_reported_as_damage_not_as_a_wrong_key(passphrase_store_path, monkeypatch):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    _damage(passphrase_store_path, 200)  # inside page 1, after the salt
    before = passphrase_store_path.read_bytes()
    with pytest.raises(CorruptStore, match="the key is right"):
        open_store(passphrase_store_path)
    assert passphrase_store_path.read_bytes() == before
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", "another passphrase")
    with pytest.raises(WrongKey):
        open_store(passphrase_store_path)


def test_truncated_database_is_reported_as_damaged(passphrase_store_path, monkeypatch):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    data = passphrase_store_path.read_bytes()
    passphrase_store_path.write_bytes(data[: len(data) // 2 + 100])
    with pytest.raises(CorruptStore):
        open_store(passphrase_store_path)
    passphrase_store_path.write_bytes(b"")
    with pytest.raises(CorruptStore, match="empty"):
        open_store(passphrase_store_path)


def _sqlcipher3_memtrust_store(path: Path, key: StoreKey) -> None:
    conn = sqlcipher3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA cipher_log_level = NONE")
    conn.execute(key.pragma())
    conn.execute("PRAGMA cipher_compatibility = 3")
    migrate(conn)
    conn.execute("INSERT INTO meta (name, value) VALUES ('app', 'memtrust'), ('store_id', 'x'), ('created_at', '0')")
    conn.execute(
        "INSERT INTO memories (id, scope, key, value, formation, source, confidence, status, created_at, updated_at)"
        f" VALUES ('m1', 'shared', 'notes.canary', '{VALUE}', 'explicit', 'user', 1.0, 'active', 0, 0)"
    )
    conn.close()


def test_sqlcipher3_store_is_recognised_and_migrated_after_a_backup(tmp_path):
    path = tmp_path / "old.db"
    key = StoreKey("passphrase", TEST_PASSPHRASE)
    _sqlcipher3_memtrust_store(path, key)
    original = path.read_bytes()
    with pytest.raises(SQLCipher3Store, match="upgrade-cipher"):
        Database.open(path, key)
    assert path.read_bytes() == original
    backup = upgrade_cipher3(path, key)
    assert backup.read_bytes() == original and backup.stat().st_mode & 0o777 == 0o600
    database = Database.open(path, key)
    with database.read() as conn:
        assert conn.execute("SELECT value FROM memories").fetchone()[0] == VALUE
    database.close()


def test_sqlcipher_database_that_is_not_a_memtrust_store_is_refused(tmp_path):
    path = tmp_path / "other.db"
    key = StoreKey("passphrase", TEST_PASSPHRASE)
    conn = sqlcipher3.connect(str(path), isolation_level=None)
    conn.execute(key.pragma())
    conn.execute("CREATE TABLE accounts (x)")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(NotAMemtrustStore, match="not a memtrust store"):
        Database.open(path, key)
    assert path.read_bytes() == before


# --- rekey ----------------------------------------------------------------------------


def _open_values(path, **env):
    database, _ = unlock_existing(path, env=env)
    with database.read() as conn:
        values = [row[0] for row in conn.execute("SELECT value FROM memories")]
    database.close()
    return values


def test_rekey_keychain_to_passphrase_and_back(keychain, tmp_path, clock):
    path, _opened = _keychain_store(tmp_path, clock)
    database, key = unlock_existing(path)
    result = rekey(database, key, to="passphrase", new_passphrase="a brand new passphrase")
    assert result.mode == "passphrase" and result.recovery is None
    assert keychain.entries == {}  # the old raw key is gone from the keychain
    assert _open_values(path, MEMTRUST_PASSPHRASE="a brand new passphrase") == [VALUE]
    with pytest.raises(WrongKey):
        Database.open(path, key)
    database, key = unlock_existing(path, env={"MEMTRUST_PASSPHRASE": "a brand new passphrase"})
    result = rekey(database, key, to="keychain")
    assert result.mode == "keychain" and result.recovery
    assert _open_values(path) == [VALUE]


@pytest.mark.parametrize("fault", ["after-record", "after-copy", "after-rename"])
def test_an_interrupted_rekey_leaves_a_key_that_opens_the_store(keychain, tmp_path, clock, fault):
    path, _ = _keychain_store(tmp_path, clock)
    database, key = unlock_existing(path)
    with pytest.raises(RuntimeError, match="fault injected"):
        rekey(database, key, to="passphrase", new_passphrase="a brand new passphrase", fault=fault)
    database.close()
    # Whichever step it died at, either the old keychain key or the new passphrase opens it.
    assert _open_values(path, MEMTRUST_PASSPHRASE="a brand new passphrase") == [VALUE]


def test_destroy_removes_database_wal_shm_key_record_and_keychain_entry(keychain, tmp_path, clock):
    path, _ = _keychain_store(tmp_path, clock)
    assert keychain.entries
    removed = destroy(path)
    assert "memtrust.db" in removed and "keychain entry" in removed
    assert list(path.parent.iterdir()) == []
    assert keychain.entries == {}


def test_recovery_code_from_the_environment_opens_a_store_whose_keychain_is_gone(keychain, tmp_path, clock):
    path, opened = _keychain_store(tmp_path, clock)
    keychain.entries.clear()
    assert _open_values(path, MEMTRUST_RECOVERY_CODE=opened.recovery) == [VALUE]
    shutil.rmtree(path.parent)


def test_a_chained_keychain_is_usable_only_through_a_usable_member():
    from keyring.backends import chainer, fail

    def chain(members):
        return type("Chain", (chainer.ChainerBackend,), {"backends": members, "priority": 10})()

    previous = keyring.get_keyring()
    try:
        keyring.set_keyring(chain([keyrings.PlaintextKeyring(), fail.Keyring()]))
        assert not keychain_status().usable
        keyring.set_keyring(chain([keyrings.PlaintextKeyring(), keyrings.MemoryKeyring()]))
        status = keychain_status()
        assert status.usable and status.backend.endswith("MemoryKeyring")
    finally:
        keyring.set_keyring(previous)


@pytest.mark.parametrize(
    "script",
    [
        "echo 'unlock failed for correct horse battery' >&2; exit 3",  # its last stderr line
        "echo 'correct horse battery'; exit 1",  # printed, then failed
        "echo 'correct horse battery' >&2; kill -9 $$",  # printed, then killed
    ],
)
def test_a_failing_passphrase_command_echoes_nothing_it_printed(script):
    with pytest.raises(KeyUnavailable) as failure:
        store_keys.passphrase_from_environment({"MEMTRUST_PASSCOMMAND": f"sh -c {script!r}"})
    said = str(failure.value)
    assert "horse" not in said and "battery" not in said and "unlock failed" not in said
    assert said.startswith("MEMTRUST_PASSCOMMAND ") and "not shown" in said


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o620, 0o602])
def test_a_passphrase_file_others_can_read_or_write_is_refused_with_how_to_fix_it(tmp_path, mode):
    path = tmp_path / "passphrase"
    path.write_text("correct horse battery\n", encoding="utf-8")
    path.chmod(mode)
    with pytest.raises(KeyUnavailable) as refused:
        store_keys.passphrase_from_environment({"MEMTRUST_PASSPHRASE_FILE": str(path)})
    said = str(refused.value)
    assert f"chmod 600 {path}" in said and oct(mode)[2:] in said and "horse" not in said
    path.chmod(0o600)  # as the sentence says: then it is read
    assert store_keys.passphrase_from_environment({"MEMTRUST_PASSPHRASE_FILE": str(path)}) == "correct horse battery"
