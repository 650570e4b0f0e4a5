"""Shared fixtures: a fixed clock, throwaway stores, and the real data files.

Real files in tests/data/real/ are copies of public repositories (see SOURCES.md there
for authors and licences); tests that use them name the file.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memtrust.store import opening
from memtrust.store.db import Database
from memtrust.store.keys import KeyMode, StoreKey, new_raw_key
from memtrust.store.memories import MemoryStore
from memtrust.store.opening import create_throwaway_store, open_store

REAL_DATA = Path(__file__).resolve().parent / "data" / "real"
#: A memory-backed folder for the tests' temporary files, where the machine has one.
MEMORY_TEMP_ROOT = Path("/dev/shm")


def _temporary_files_in_memory() -> None:
    """Put pytest's ``tmp_path`` folders in RAM (``/dev/shm``) where it is a folder this user can
    write and run files in, unless a temp root was chosen (``PYTEST_DEBUG_TEMPROOT``, or
    ``--basetemp``, which wins anyway). Every write memtrust commits is fsynced
    (``synchronous = FULL``); on a disk shared with other work each fsync waits on it, on tmpfs
    it returns at once. What the tests assert is the same on either: files, modes, locks and
    links behave alike; the tests of a full or read-only disk make their own."""
    try:
        flags = os.statvfs(MEMORY_TEMP_ROOT).f_flag
    except OSError:
        return
    if not flags & (os.ST_RDONLY | os.ST_NOEXEC) and os.access(MEMORY_TEMP_ROOT, os.W_OK | os.X_OK):
        os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", str(MEMORY_TEMP_ROOT))


_temporary_files_in_memory()
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
TEST_PASSPHRASE = "test passphrase, not a real one"


class FakeClock:
    """A settable clock: call it for the time; ``advance(days=…)`` moves it forward."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta) -> None:
        self.now = self.now + timedelta(**delta)


@pytest.fixture(autouse=True)
def _isolated_environment(tmp_path, monkeypatch):
    """No test ever touches the user's real store, keychain or passphrase source.

    The keychain is pinned to keyring's ``fail`` backend (what these machines have); tests
    of keychain mode swap in a backend from tests/keyrings.py. (Pinning matters: once test
    backends are imported, keyring's discovery would chain them.)
    """
    import keyring
    from keyring.backends import fail

    monkeypatch.setenv("MEMTRUST_HOME", str(tmp_path / "home"))
    for name in (
        "MEMTRUST_PASSPHRASE",
        "MEMTRUST_PASSPHRASE_FILE",
        "MEMTRUST_PASSCOMMAND",
        "MEMTRUST_DEBUG",
        "MEMTRUST_RECOVERY_CODE",
        "MEMTRUST_NEW_PASSPHRASE",
        "PYTHON_KEYRING_BACKEND",
    ):
        monkeypatch.delenv(name, raising=False)
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(previous)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(scope="session")
def throwaway_store_template(tmp_path_factory) -> tuple[Path, StoreKey]:
    """A throwaway store (random raw key held in memory, created at :data:`T0`), closed, and
    its key: made once per test process, so the schema's migrations (each a committed and
    checkpointed transaction) run once for all the copies :func:`store` opens."""
    keys: list[StoreKey] = []

    def kept(mode: KeyMode) -> StoreKey:
        keys.append(new_raw_key(mode))
        return keys[-1]

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(opening, "new_raw_key", kept)  # the key lives only in memory: keep it to reopen
        opened = create_throwaway_store(tmp_path_factory.mktemp("throwaway-store"), clock=FakeClock())
    path = opened.store.db.path
    opened.store.close()
    [key] = keys
    return path, key


@pytest.fixture
def store(tmp_path, clock, throwaway_store_template):
    """A fresh throwaway store (raw key in memory) on the fixed clock: a copy of
    :func:`throwaway_store_template` (files and modes alike) in ``tmp_path/store``, opened."""
    template, key = throwaway_store_template
    folder = tmp_path / "store"
    folder.mkdir(mode=0o700)
    for file in template.parent.iterdir():
        shutil.copy2(file, folder / file.name)
    opened = MemoryStore(Database.open(folder / template.name, key), clock)
    yield opened
    opened.close()


@pytest.fixture(scope="session")
def passphrase_store_template(tmp_path_factory) -> Path:
    """A passphrase-mode store created through open_store (on the fixed clock), then closed:
    made once per test process, so SQLCipher's passphrase KDF runs once for all the copies
    :func:`passphrase_store_path` hands out instead of once per test."""
    path = tmp_path_factory.mktemp("passphrase-store") / "data" / "memtrust.db"
    with pytest.MonkeyPatch.context() as environment:
        environment.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
        open_store(path, clock=FakeClock(), allow_keychain=False).store.close()
    return path


@pytest.fixture
def passphrase_store_path(tmp_path, monkeypatch, passphrase_store_template):
    """The path of a fresh passphrase-mode store (a copy of :func:`passphrase_store_template`,
    files and modes alike: folder 0700, files 0600); ``MEMTRUST_PASSPHRASE`` opens it."""
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    for file in passphrase_store_template.parent.iterdir():
        shutil.copy2(file, folder / file.name)
    return folder / passphrase_store_template.name


#: SQLCipher 4's key derivation, which memtrust keeps (it sets no ``kdf_iter`` of its own):
#: PBKDF2-HMAC-SHA512 of the passphrase with the file's 16-byte salt, 256,000 rounds, 32 bytes.
SQLCIPHER_KDF = ("sha512", 256_000, 32)
_derived_keys: dict[tuple[str, bytes], str] = {}


def opened_with_passphrase(path: Path, passphrase: str = TEST_PASSPHRASE) -> MemoryStore:
    """The passphrase store at ``path``, opened for a test to set up or check what the code
    under test wrote (not to test opening: that is :func:`open_store`, which the code under
    test runs). The key is the raw key SQLCipher derives from ``passphrase`` and the salt in
    the file's first 16 bytes, derived once per salt and passphrase in a test process:
    SQLCipher would run its KDF (~0.1 s of CPU) at every open, and every copy of
    :func:`passphrase_store_template` has the template's salt. A wrong derivation fails as a
    wrong key would (WrongKey). Close the store when done."""
    with open(path, "rb") as file:
        salt = file.read(16)
    derived = _derived_keys.get((passphrase, salt))
    if derived is None:
        digest, rounds, length = SQLCIPHER_KDF
        derived = hashlib.pbkdf2_hmac(digest, passphrase.encode("utf-8"), salt, rounds, length).hex() + salt.hex()
        _derived_keys[(passphrase, salt)] = derived
    return MemoryStore(Database.open(Path(path), StoreKey("keychain", derived)))


@pytest.fixture
def real_data() -> Path:
    """The real exports kept in the repository (tests/data/real/, with SOURCES.md)."""
    return REAL_DATA
