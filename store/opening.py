"""Finding, unlocking and creating a store (DESIGN.md §5).

:func:`open_store` is the only way the CLI, the TUI and the agent server get a
:class:`store.memories.MemoryStore`. It chooses the key mode, reads the key, and refuses to
create anything where a store (or the key record of one) already exists.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from memtrust.store.db import Database, prepare_directory
from memtrust.store.errors import KeyUnavailable, StoreNotFound, WrongKey
from memtrust.store.keys import (
    KeyRecord,
    PassphrasePrompt,
    StoreKey,
    key_from_recovery_code,
    key_record_path,
    keychain_delete,
    keychain_get,
    keychain_set,
    keychain_status,
    new_raw_key,
    passphrase_from_environment,
    read_key_record,
    recovery_code,
    write_key_record,
)
from memtrust.store.memories import MemoryStore
from memtrust.store.model import Clock, to_epoch, utc_now

DB_FILE_NAME = "memtrust.db"
#: A recovery code in this variable opens the store (scripts restoring access; never an argument).
RECOVERY_CODE_ENV = "MEMTRUST_RECOVERY_CODE"
MIN_PASSPHRASE_LENGTH = 8


def default_db_path(env: Mapping[str, str] | None = None) -> Path:
    """The store's path: ``$MEMTRUST_HOME/memtrust.db`` if set, else the platform data dir
    (``platformdirs.user_data_dir("memtrust", appauthor=False)``) + ``memtrust.db``."""
    env = os.environ if env is None else env
    home = env.get("MEMTRUST_HOME")
    base = Path(home).expanduser() if home else Path(platformdirs.user_data_dir("memtrust", appauthor=False))
    return base / DB_FILE_NAME


@dataclass
class OpenedStore:
    """An unlocked store: ``created`` is True on first run, when ``recovery`` holds the
    recovery code to show once (keychain mode only)."""

    store: MemoryStore
    created: bool
    key_mode: str
    recovery: str | None = None


def _passphrase(prompt: PassphrasePrompt | None, *, creating: bool, env: Mapping[str, str] | None) -> str | None:
    passphrase = passphrase_from_environment(env)
    if passphrase is None and prompt is not None:
        passphrase = prompt(creating)
    return passphrase


def _key_from_record(
    record: KeyRecord | None, prompt: PassphrasePrompt | None, env: Mapping[str, str] | None
) -> StoreKey:
    """The key a key record points to: read from the keychain, or a passphrase asked for."""
    if record is not None and record.mode == "keychain":
        status = keychain_status()
        if not status.usable:
            raise KeyUnavailable(
                f"This store's key is kept in the OS keychain, which is not usable now ({status.reason}); "
                "unlock it, or restore the key with memtrust recover and your recovery code."
            )
        secret = keychain_get(record.keychain_entry or "")
        if secret is None:
            moved = ""
            if record.keychain_backend and record.keychain_backend != status.backend:
                moved = f" (the key was kept by {record.keychain_backend}; the keychain now is {status.backend})"
            raise KeyUnavailable(
                f"The keychain holds no key for this store{moved}; restore it with memtrust recover "
                "and your recovery code. The store was not touched."
            )
        return StoreKey("keychain", secret)
    if record is not None and record.mode == "memory":
        raise KeyUnavailable("This is a throwaway demo store whose key lived only in memory; it cannot be reopened.")
    passphrase = _passphrase(prompt, creating=False, env=env)
    if not passphrase:
        raise KeyUnavailable(
            "This store is protected by a passphrase: run memtrust in a terminal to type it, "
            "or set MEMTRUST_PASSPHRASE, MEMTRUST_PASSPHRASE_FILE or MEMTRUST_PASSCOMMAND."
        )
    return StoreKey("passphrase", passphrase)


def unlock_existing(
    path: Path, *, prompt: PassphrasePrompt | None = None, env: Mapping[str, str] | None = None
) -> tuple[Database, StoreKey]:
    """Open the existing store at ``path`` with its key; return the database and the key.

    Key sources, in order: ``MEMTRUST_RECOVERY_CODE`` (a recovery code, for scripts that
    restore access), the key record's keychain entry or passphrase, and — when a rekey was
    interrupted — the previous key the record still names. Raises KeyUnavailable, WrongKey,
    CorruptStore, SQLCipher3Store, NotAMemtrustStore; never writes before the key is proven.
    """
    env_map = os.environ if env is None else env
    if env_map.get(RECOVERY_CODE_ENV):
        key = key_from_recovery_code(env_map[RECOVERY_CODE_ENV])
        return Database.open(path, key), key
    record = read_key_record(path)
    try:
        key = _key_from_record(record, prompt, env)
        return Database.open(path, key), key
    except (WrongKey, KeyUnavailable):
        previous = record.previous_record() if record is not None else None
        if previous is None:
            raise
        key = _key_from_record(previous, prompt, env)
        return Database.open(path, key), key


def open_store(
    path: Path | None = None,
    *,
    create: bool = True,
    prompt: PassphrasePrompt | None = None,
    clock: Clock = utc_now,
    env: Mapping[str, str] | None = None,
    allow_keychain: bool = True,
) -> OpenedStore:
    """Unlock the store at ``path`` (default :func:`default_db_path`), creating it if allowed.

    - Existing store: the key comes from the keychain (per the key record beside it) or a
      passphrase (environment first, then ``prompt``). Raises KeyUnavailable, WrongKey,
      CorruptStore, NotAMemtrustStore; the file is never written before the key is proven.
    - No store and ``create``: keychain mode with a fresh random key when a usable keychain
      exists (and ``allow_keychain``), else passphrase mode (at least 8 characters).
      A key record without its database is refused (the store may have moved).
    - No store and not ``create``: StoreNotFound.
    """
    path = Path(path) if path is not None else default_db_path(env)
    if path.exists():
        database, key = unlock_existing(path, prompt=prompt, env=env)
        return OpenedStore(MemoryStore(database, clock), False, key.mode)
    if not create:
        raise StoreNotFound(
            f"There is no memtrust store at {path}; create one with memtrust init (or by opening the app with memtrust)."
        )
    if key_record_path(path).exists():
        raise StoreNotFound(
            f"The store file {path} is missing but its key record is still there; if the store moved, "
            f"pass --db with its path. To start afresh, delete {key_record_path(path)}."
        )

    store_id = uuid.uuid4().hex
    status = keychain_status() if allow_keychain else None
    if status is not None and status.usable:
        key = new_raw_key("keychain")
        record = KeyRecord("keychain", status.backend, store_id)
    else:
        passphrase = _passphrase(prompt, creating=True, env=env)
        if not passphrase:
            raise KeyUnavailable(
                "No usable keychain here, so the store needs a passphrase: run memtrust in a terminal "
                "to set one, or set MEMTRUST_PASSPHRASE, MEMTRUST_PASSPHRASE_FILE or MEMTRUST_PASSCOMMAND."
            )
        if len(passphrase.strip()) < MIN_PASSPHRASE_LENGTH:
            raise KeyUnavailable(
                f"A passphrase needs at least {MIN_PASSPHRASE_LENGTH} characters other than spaces; no store was created."
            )
        key = StoreKey("passphrase", passphrase)
        record = KeyRecord("passphrase")

    prepare_directory(path.parent)
    write_key_record(path, record)
    try:
        if record.mode == "keychain":
            keychain_set(store_id, key)
        database = Database.create(path, key, store_id=store_id, now_epoch=to_epoch(clock()))
    except BaseException:
        with contextlib.suppress(OSError):
            key_record_path(path).unlink()
        if record.mode == "keychain":
            keychain_delete(store_id)
        raise
    code = recovery_code(key) if key.raw else None
    return OpenedStore(MemoryStore(database, clock), True, key.mode, code)


def create_throwaway_store(directory: Path, *, clock: Clock = utc_now) -> OpenedStore:
    """A new store in ``directory`` keyed with a random key held only in memory (§8 demo)."""
    path = Path(directory) / DB_FILE_NAME
    prepare_directory(path.parent)
    key = new_raw_key("memory")
    write_key_record(path, KeyRecord("memory"))
    database = Database.create(path, key, store_id=uuid.uuid4().hex, now_epoch=to_epoch(clock()))
    return OpenedStore(MemoryStore(database, clock), True, "memory")
