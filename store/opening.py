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

from memtrust.store.db import STORE_SUFFIXES, Database
from memtrust.store.errors import InvalidInput, KeyUnavailable, StoreNotFound, WrongKey
from memtrust.store.files import check_folder, creation_lock, make_folder
from memtrust.store.keys import (
    KeychainStatus,
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
    if home:
        return Path(home).expanduser() / DB_FILE_NAME
    import platformdirs  # only when no folder is given: a --db or MEMTRUST_HOME run never loads it

    base = Path(platformdirs.user_data_dir("memtrust", appauthor=False))
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
    path: Path,
    *,
    prompt: PassphrasePrompt | None = None,
    env: Mapping[str, str] | None = None,
    inspect: bool = False,
) -> tuple[Database, StoreKey]:
    """Open the existing store at ``path`` with its key; return the database and the key.
    ``inspect`` opens it changing nothing (``memtrust doctor``; :meth:`Database.open`).

    Key sources, in order: ``MEMTRUST_RECOVERY_CODE`` (a recovery code, for scripts that
    restore access), the key record's keychain entry or passphrase, and — when a rekey was
    interrupted — the previous key the record still names. Raises KeyUnavailable, WrongKey,
    CorruptStore, SQLCipher3Store, NotAMemtrustStore; never writes before the key is proven.
    """
    env_map = os.environ if env is None else env
    if env_map.get(RECOVERY_CODE_ENV):
        key = key_from_recovery_code(env_map[RECOVERY_CODE_ENV])
        return Database.open(path, key, inspect=inspect), key
    record = read_key_record(path)
    try:
        key = _key_from_record(record, prompt, env)
        return Database.open(path, key, inspect=inspect), key
    except (WrongKey, KeyUnavailable) as failure:
        if record is None:
            # The key record is written last when a store is created (§5): a store without one
            # is one whose creation was interrupted (it is empty), or whose record was removed.
            raise type(failure)(
                f"{failure} The store has no key record beside it ({key_record_path(path).name}): if memtrust "
                f"was stopped while creating it, it holds nothing and you may delete {path}."
            ) from None
        previous = record.previous_record()
        if previous is None:
            raise
        key = _key_from_record(previous, prompt, env)
        return Database.open(path, key, inspect=inspect), key


def open_store(
    path: Path | None = None,
    *,
    create: bool = True,
    new_only: bool = False,
    prompt: PassphrasePrompt | None = None,
    clock: Clock = utc_now,
    env: Mapping[str, str] | None = None,
    allow_keychain: bool = True,
) -> OpenedStore:
    """Unlock the store at ``path`` (default :func:`default_db_path`), creating it if allowed.

    - Existing store: the key comes from the keychain (per the key record beside it) or a
      passphrase (environment first, then ``prompt``). Raises KeyUnavailable, WrongKey,
      CorruptStore, NotAMemtrustStore; the file is never written before the key is proven.
      With ``new_only`` (``memtrust init``) an existing store is refused instead (InvalidInput).
    - No store and ``create``: keychain mode with a fresh random key when a usable keychain
      exists (and ``allow_keychain``), else passphrase mode (at least 8 characters).
      A key record without its database is refused (the store may have moved).
    - No store and not ``create``: StoreNotFound.
    - Always: UnsafeFolder for a folder others can write to (or another user's), PlantedLink
      for a symbolic link in place of one of the store's files (§5).

    Creation is exclusive end to end (§5), so processes creating a store at once never undo
    each other: the folder's creation lock is taken first; under it the store is looked for
    again, the key is put in the keychain under a new entry, the database is created with
    ``O_EXCL``, and the key record is written last, atomically and exclusively. A failure
    removes only what this call created.
    """
    path = Path(path) if path is not None else default_db_path(env)
    check_folder(path.parent)
    if path.exists() or path.is_symlink():
        return _open_existing(path, new_only=new_only, prompt=prompt, clock=clock, env=env)
    if not create:
        raise StoreNotFound(
            f"There is no memtrust store at {path}; create one with memtrust init (or by opening the app with memtrust)."
        )
    _refuse_orphan_key_record(path)

    status = keychain_status() if allow_keychain else None
    key, mode = _new_key(status, prompt, env)
    make_folder(path.parent)
    with creation_lock(path.parent):
        if path.exists() or path.is_symlink():  # another process created it while we asked
            return _open_existing(path, new_only=new_only, prompt=prompt, clock=clock, env=env)
        _refuse_orphan_key_record(path)
        store_id = uuid.uuid4().hex
        if mode == "keychain":
            assert status is not None
            record = KeyRecord("keychain", status.backend, store_id)
            keychain_set(store_id, key)
        else:
            record = KeyRecord("passphrase")
        database = None
        try:
            database = Database.create(path, key, store_id=store_id, now_epoch=to_epoch(clock()))
            write_key_record(path, record, exclusive=True)
        except BaseException:
            if database is not None:  # this call created the file: it removes it again
                database.close()
                for suffix in STORE_SUFFIXES:
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(f"{path}{suffix}")
            if mode == "keychain":
                keychain_delete(store_id)
            raise
    code = recovery_code(key) if key.raw else None
    return OpenedStore(MemoryStore(database, clock), True, key.mode, code)


def _open_existing(
    path: Path, *, new_only: bool, prompt: PassphrasePrompt | None, clock: Clock, env: Mapping[str, str] | None
) -> OpenedStore:
    if new_only:
        raise InvalidInput(f"A memtrust store already exists at {path}; nothing was changed.")
    database, key = unlock_existing(path, prompt=prompt, env=env)
    return OpenedStore(MemoryStore(database, clock), False, key.mode)


def _refuse_orphan_key_record(path: Path) -> None:
    if key_record_path(path).exists() or key_record_path(path).is_symlink():
        raise StoreNotFound(
            f"The store file {path} is missing but its key record is still there; if the store moved, "
            f"pass --db with its path. To start afresh, delete {key_record_path(path)}."
        )


def _new_key(
    status: KeychainStatus | None, prompt: PassphrasePrompt | None, env: Mapping[str, str] | None
) -> tuple[StoreKey, str]:
    """The key of a store about to be created, and its mode: a random raw key when the
    keychain is usable, else the passphrase (asked before any lock is taken)."""
    if status is not None and status.usable:
        return new_raw_key("keychain"), "keychain"
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
    return StoreKey("passphrase", passphrase), "passphrase"


def create_throwaway_store(directory: Path, *, clock: Clock = utc_now) -> OpenedStore:
    """A new store in ``directory`` keyed with a random key held only in memory (§8 demo)."""
    path = Path(directory) / DB_FILE_NAME
    key = new_raw_key("memory")
    database = Database.create(path, key, store_id=uuid.uuid4().hex, now_epoch=to_epoch(clock()))
    write_key_record(path, KeyRecord("memory"), exclusive=True)
    return OpenedStore(MemoryStore(database, clock), True, "memory")
