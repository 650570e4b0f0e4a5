"""The store's key lifecycle (DESIGN.md §5): recover, rekey, destroy, upgrade, doctor.

Every operation here either completes or leaves the store opening with the key it had:

- :func:`rekey` writes the new key's record beside the old one (``previous``) before the
  re-encrypted copy replaces the file by an atomic rename, and drops the old key only after;
  a crash at any point leaves one key that opens the store.
- :func:`upgrade_cipher3` backs the file up before migrating it in place.
- :func:`destroy` removes the database, its WAL/SHM, key record, lock and keychain entry.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import sqlcipher3

from memtrust.store import audit
from memtrust.store.db import STORE_SUFFIXES, Database, InstanceLock, store_header_problem
from memtrust.store.errors import (
    InvalidInput,
    KeyUnavailable,
    MemtrustError,
    NotAMemtrustStore,
    PlantedLink,
    SQLCipher3Store,
    StoreNotFound,
)
from memtrust.store.files import (
    check_folder,
    check_no_planted_links,
    create_private_file,
    folder_fix,
    fsync_folder,
    open_no_follow,
)
from memtrust.store.keys import (
    KeyRecord,
    StoreKey,
    key_from_recovery_code,
    key_record_path,
    keychain_delete,
    keychain_set,
    keychain_status,
    new_raw_key,
    read_key_record,
    write_key_record,
)
from memtrust.store.model import to_epoch, utc_now

#: Copies memtrust itself makes beside a store; destroy removes them too.
STORE_COPIES = (".sqlcipher3-backup", ".rekey", ".rekey-wal", ".rekey-shm")


def _attach_literal(key: StoreKey) -> str:
    """The KEY clause of ``ATTACH … KEY`` for ``key`` (raw hex blob or quoted passphrase)."""
    if key.raw:
        return f"\"x'{key.secret}'\""
    return "'" + key.secret.replace("'", "''") + "'"


def no_recovery_code(path: Path) -> str | None:
    """Why the store at ``path`` has no recovery code to recover from, in one sentence, or
    ``None`` when it may have one. A passphrase store has none: its passphrase is its only key
    (DESIGN.md §5), so asking for a code, then saying the code does not open it and to use
    ``memtrust recover``, would send the person round in a circle."""
    record = read_key_record(path)
    if record is not None and record.mode == "passphrase":
        return (
            f"The store at {path} is protected by a passphrase, its only key, so it has no recovery code; "
            "memtrust recover puts back the key of a store kept in the OS keychain."
        )
    return None


def recover(path: Path, code: str) -> KeyRecord:
    """Put the key from a recovery code back into the OS keychain for the store at ``path``.

    The code is proven first (it must open the store); the store file is never written.
    Raises InvalidInput (a passphrase store, which has no recovery code: :func:`no_recovery_code`;
    a malformed code), WrongKey (the code does not open this store), KeyUnavailable (no usable
    keychain: use ``rekey --to passphrase`` with the code instead).
    """
    if (refusal := no_recovery_code(path)) is not None:
        raise InvalidInput(refusal)
    key = key_from_recovery_code(code)
    Database.open(path, key).close()
    status = keychain_status()
    if not status.usable:
        raise KeyUnavailable(
            f"The recovery code is right, but no usable keychain is here ({status.reason}); "
            "switch to a passphrase with MEMTRUST_RECOVERY_CODE set and memtrust rekey --to passphrase."
        )
    record = read_key_record(path)
    entry = (
        record.keychain_entry if record and record.mode == "keychain" and record.keychain_entry else uuid.uuid4().hex
    )
    keychain_set(entry, key)
    new_record = KeyRecord("keychain", status.backend, entry)
    write_key_record(path, new_record)
    return new_record


@dataclass(frozen=True)
class RekeyResult:
    """What a rekey did: the new mode and, for keychain mode, the recovery code to show once."""

    mode: str
    recovery: str | None


def rekey(
    database: Database,
    old_key: StoreKey,
    *,
    to: str,
    new_passphrase: str | None = None,
    actor: str = "cli",
    fault: str | None = None,
) -> RekeyResult:
    """Re-encrypt the open store under a new key, rotating or switching keychain ⇄ passphrase.

    - ``to``: ``keychain`` (a fresh random raw key kept in the OS keychain) or ``passphrase``
      (``new_passphrase``, at least 8 characters).
    - The database is closed when this returns; reopen it with the new key.
    - ``fault`` (tests only) raises at a named step to prove that every interruption leaves
      a working key: ``after-record``, ``after-copy``, ``after-rename``.

    Steps: new key stored (keychain) → key record names new and previous key → encrypted copy
    made with ``sqlcipher_export`` and verified → atomic rename over the old file → record
    drops the previous key → old keychain entry deleted. Raises KeyUnavailable, InvalidInput.
    """
    path = database.path
    old_record = read_key_record(path) or KeyRecord(old_key.mode)
    if to == "keychain":
        status = keychain_status()
        if not status.usable:
            raise KeyUnavailable(f"No usable keychain here ({status.reason}); the store keeps its current key.")
        new_key = new_raw_key("keychain")
        entry = uuid.uuid4().hex
        keychain_set(entry, new_key)
        new_record = KeyRecord("keychain", status.backend, entry)
    elif to == "passphrase":
        if not new_passphrase or len(new_passphrase.strip()) < 8:
            raise InvalidInput("A passphrase needs at least 8 characters other than spaces.")
        if not old_key.raw and new_passphrase == old_key.secret:
            raise InvalidInput("The new passphrase is the same as the current one; nothing was changed.")
        new_key = StoreKey("passphrase", new_passphrase)
        new_record = KeyRecord("passphrase")
    else:
        raise InvalidInput("Rekey to keychain or passphrase.")

    previous = {k: v for k, v in asdict(old_record).items() if k != "previous"}
    write_key_record(path, KeyRecord(**{**asdict(new_record), "previous": previous}))
    if fault == "after-record":
        raise RuntimeError("fault injected after the key record")

    temp = path.with_name(path.name + ".rekey")
    for suffix in STORE_SUFFIXES:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{temp}{suffix}")  # a leftover of an earlier rekey (a link is removed, not followed)
    os.close(create_private_file(temp))  # SQLite takes an empty file as a new database
    with database.write() as conn:
        audit.record(
            conn,
            at=to_epoch(utc_now()),
            event="rekey",
            actor=actor,
            reason=f"The store was re-encrypted ({old_record.mode} → {new_record.mode}).",
        )
    database.checkpoint()
    with database.read() as conn:
        conn.execute(f"ATTACH DATABASE ? AS rekeyed KEY {_attach_literal(new_key)}", (str(temp),))
        try:
            conn.execute("SELECT sqlcipher_export('rekeyed')")
            version = conn.execute("PRAGMA main.user_version").fetchone()[0]
            conn.execute(f"PRAGMA rekeyed.user_version = {int(version)}")
        finally:
            conn.execute("DETACH DATABASE rekeyed")
    Database.open(temp, new_key).close()  # proves the copy opens with the new key
    with os.fdopen(open_no_follow(temp, os.O_RDWR), "rb+") as handle:
        os.fsync(handle.fileno())
    if fault == "after-copy":
        raise RuntimeError("fault injected after the copy")
    database.close()
    os.replace(temp, path)
    fsync_folder(path.parent)
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{temp}{suffix}")
    if fault == "after-rename":
        raise RuntimeError("fault injected after the rename")
    write_key_record(path, new_record)
    if (
        old_record.mode == "keychain"
        and old_record.keychain_entry
        and old_record.keychain_entry != new_record.keychain_entry
    ):
        keychain_delete(old_record.keychain_entry)
    from memtrust.store.keys import recovery_code

    return RekeyResult(new_record.mode, recovery_code(new_key) if new_key.raw else None)


def prove_store(path: Path) -> KeyRecord | None:
    """Prove that ``path`` is a memtrust store before :func:`destroy` deletes anything (§5).

    Proof is a memtrust key record beside it (``<db>.keyinfo.json``, valid) and, when the
    database file exists, a header that can be a SQLCipher store: not text, not a plain
    SQLite database, a whole number of pages (an empty file, never a user's document, is
    accepted). Returns the key record, or None when neither the database nor its record is
    there. Raises NotAMemtrustStore naming what is missing, PlantedLink for a symbolic link
    in place of a store file, UnsafeFolder. Reads only.
    """
    path = Path(path)
    check_folder(path.parent)
    check_no_planted_links(path)
    record = read_key_record(path)
    if not path.exists():
        return record
    if record is None:
        raise NotAMemtrustStore(
            f"{path} has no memtrust key record beside it ({key_record_path(path).name}), so it cannot be proven "
            "to be a memtrust store; memtrust will not delete it."
        )
    problem = store_header_problem(path)
    if problem is not None:
        raise NotAMemtrustStore(f"{path} {problem}, so it is not a memtrust store; memtrust will not delete it.")
    return record


def destroy(path: Path) -> list[str]:
    """Remove the store at ``path``: database, WAL, SHM, key record, lock and keychain entry.

    Works without the key (a user who lost it can still wipe), but only on a proven store
    (:func:`prove_store`: NotAMemtrustStore otherwise). Refuses while an app instance holds
    the store (StoreInUse). Raises StoreNotFound when there is nothing to remove. Returns
    the names of what was removed. Links are removed, never followed.
    """
    path = Path(path)
    record = prove_store(path)
    if not path.exists() and record is None:
        raise StoreNotFound(f"There is no memtrust store at {path}.")
    lock = InstanceLock(path).acquire()
    removed = []
    try:
        for suffix in STORE_SUFFIXES + STORE_COPIES:
            target = Path(f"{path}{suffix}")
            if target.exists():
                target.unlink()
                removed.append(target.name)
        if record is not None:
            previous = record.previous_record()
            entries = {record.keychain_entry, previous.keychain_entry if previous else None}
            for entry in sorted(entry for entry in entries if entry is not None):
                keychain_delete(entry)
                removed.append("keychain entry")
            key_record_path(path).unlink()
            removed.append(key_record_path(path).name)
        for leftover in path.parent.glob(f".{key_record_path(path).name}.*.tmp"):
            leftover.unlink()  # a key record write interrupted by a crash
    finally:
        lock.release()
        with contextlib.suppress(FileNotFoundError):
            lock.path.unlink()
    fsync_folder(path.parent)
    return removed


def upgrade_cipher3(path: Path, key: StoreKey) -> Path:
    """Migrate a SQLCipher 3 store to SQLCipher 4 in place, after a byte copy backup.

    Returns the backup's path (``<db>.sqlcipher3-backup``, mode 0600). Raises
    InvalidInput when the file is not a SQLCipher 3 database that ``key`` opens.
    """
    backup = path.with_name(path.name + ".sqlcipher3-backup")
    _require_sqlcipher3(path, key)
    if backup.exists():
        raise InvalidInput(f"A backup already exists at {backup}; move it aside first.")
    fd = create_private_file(backup)
    with os.fdopen(open_no_follow(path, os.O_RDONLY), "rb") as source, os.fdopen(fd, "wb") as target:
        shutil.copyfileobj(source, target)
        target.flush()
        os.fsync(target.fileno())
    conn = sqlcipher3.connect(str(path), isolation_level=None)
    try:
        conn.execute("PRAGMA cipher_log_level = NONE")
        conn.execute(key.pragma())
        result = conn.execute("PRAGMA cipher_migrate").fetchone()
        if result is None or str(result[0]) != "0":
            raise InvalidInput("The file is not a SQLCipher 3 database that this key opens; nothing was changed.")
    finally:
        conn.close()
    return backup


def _require_sqlcipher3(path: Path, key: StoreKey) -> None:
    """Raise InvalidInput unless ``path`` is a SQLCipher 3 database that ``key`` opens;
    reads only (nothing is backed up or written before this holds)."""
    try:
        Database.open(path, key).close()
    except SQLCipher3Store:
        return
    except MemtrustError as exc:
        raise InvalidInput(f"Nothing to upgrade: {exc}") from None
    raise InvalidInput(f"The store at {path} is already SQLCipher 4; nothing was changed.")


# --- doctor -----------------------------------------------------------------------------


@dataclass
class DoctorReport:
    """Findings of ``memtrust doctor``: ``facts`` (label → text) and ``problems`` (sentences)."""

    facts: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _mode_text(path: Path) -> str:
    return oct(stat.S_IMODE(path.stat().st_mode))[2:].rjust(4, "0")


def doctor(path: Path, open_database: Callable[[], Database]) -> DoctorReport:
    """Check the store at ``path``: folder safety, key mode, keychain backend, cipher version,
    permissions, integrity. ``open_database`` is a callable returning an open
    :class:`Database`, opened with ``inspect=True`` (it may raise the typed errors, which
    become problems). Changes nothing: no mode, no migration, no checkpoint (§5). In a folder
    others can write to, or with a link in place of a store file, it says how to fix that and
    opens nothing."""
    report = DoctorReport()
    report.facts["store"] = str(path)
    report.facts["folder permissions"] = _mode_text(path.parent) if path.parent.exists() else "(no folder)"
    unsafe = folder_fix(path.parent)
    if unsafe:
        # Nothing else is opened or read in a folder someone else may have planted things in.
        report.problems.append(unsafe)
        return report
    try:
        check_no_planted_links(path)
    except PlantedLink as planted:
        report.problems.append(f"{planted} Remove the link (rm) after checking where it points.")
        return report
    record = read_key_record(path)
    status = keychain_status()
    report.facts["key mode"] = record.mode if record else "unknown (no key record)"
    report.facts["keychain"] = f"{status.backend} ({'usable' if status.usable else status.reason})"
    if record and record.mode == "keychain" and record.keychain_backend and record.keychain_backend != status.backend:
        report.problems.append(
            f"The key was kept by {record.keychain_backend}, but the keychain now is {status.backend}."
        )
    if record and record.previous:
        report.problems.append("A rekey was interrupted; run memtrust rekey again to finish it.")
    if not path.exists():
        report.problems.append(f"There is no store at {path}.")
        return report
    directory_mode = report.facts["folder permissions"]
    if directory_mode != "0700":
        report.problems.append(
            f"The folder {path.parent} is {directory_mode}: others can see the names in it; "
            f"chmod 700 {path.parent} keeps it private (memtrust never changes it itself)."
        )
    for suffix in STORE_SUFFIXES:
        target = Path(f"{path}{suffix}")
        if target.exists():
            mode = _mode_text(target)
            report.facts[f"{target.name} permissions"] = mode
            if mode != "0600":
                report.problems.append(f"{target.name} is {mode}; it should be 0600 (chmod 600 {target}).")
    try:
        database = open_database()
    except MemtrustError as exc:
        report.problems.append(str(exc))
        return report
    try:
        with database.read() as conn:
            report.facts["cipher"] = " ".join(
                str(conn.execute(f"PRAGMA {p}").fetchone()[0]) for p in ("cipher_version", "cipher_provider")
            )
            report.facts["journal"] = conn.execute("PRAGMA journal_mode").fetchone()[0]
            integrity = [row[0] for row in conn.execute("PRAGMA integrity_check")]
            cipher_integrity = [row[0] for row in conn.execute("PRAGMA cipher_integrity_check")]
            report.facts["memories"] = str(conn.execute("SELECT count(*) FROM memories").fetchone()[0])
        report.facts["integrity"] = "ok" if integrity == ["ok"] and not cipher_integrity else "FAILED"
        if integrity != ["ok"]:
            report.problems.append("SQLite integrity check failed: " + "; ".join(integrity[:3]))
        if cipher_integrity:
            report.problems.append("Page checksums failed: " + "; ".join(cipher_integrity[:3]))
    finally:
        database.close()
    return report
