"""The one connection owner (STYLE.md §2): open, key, check, migrate, and serialise access.

Opening never creates a database over an existing one (§5): a missing or wrong key stops
with a typed error and the file is not written. Writes run in ``BEGIN IMMEDIATE``
transactions under a lock; the connection uses WAL, ``synchronous=FULL``,
``secure_delete=ON``, in-memory temp storage (no plaintext temp files) and a busy timeout.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import sqlcipher3
from sqlcipher3 import Connection

from memtrust.store.errors import (
    CorruptStore,
    MemtrustError,
    NotAMemtrustStore,
    SQLCipher3Store,
    StoreBusy,
    StoreFull,
    StoreInUse,
    StoreNotFound,
    StoreReadOnly,
    WrongKey,
)
from memtrust.store.files import check_folder, check_no_planted_links, create_private_file, make_folder, open_no_follow
from memtrust.store.keys import StoreKey
from memtrust.store.migrations import SCHEMA_VERSION, migrate

APP_ID = "memtrust"
BUSY_TIMEOUT_MS = 10_000
PLAIN_SQLITE_HEADER = b"SQLite format 3\x00"
PAGE_SIZE = 4096
#: The files of one store: the database, its WAL and its shared-memory index.
STORE_SUFFIXES = ("", "-wal", "-shm")
DatabaseError = sqlcipher3.DatabaseError


def translate(exc: Exception, path: Path) -> MemtrustError | None:
    """Map a SQLCipher error met while using an open store to the typed error a user can act
    on, or ``None`` when it is not one a user can cause (a bug)."""
    message = str(exc).lower()
    if "full" in message:
        return StoreFull(f"The disk holding {path} is full; the last change was not saved and the store is intact.")
    if "readonly" in message or "read-only" in message or "unable to open" in message:
        return StoreReadOnly(
            f"The store at {path} or its folder cannot be written; check its permissions and free space."
        )
    if "locked" in message or "busy" in message:
        return StoreBusy("Another memtrust process kept the store busy for too long; try again.")
    if "malformed" in message or "not a database" in message or "corrupt" in message or "hmac" in message:
        return CorruptStore(f"The store {path} is damaged and cannot be read; restore it from a backup.")
    return None


def _header_kind(path: Path) -> str | None:
    """What the bytes of ``path`` say it is when it cannot be a SQLCipher store: ``empty``,
    ``text``, ``plain-sqlite`` or ``partial-pages``; None when it can be one (a SQLCipher file
    is indistinguishable from random bytes, in whole pages). Never follows a link."""
    size = os.stat(path, follow_symlinks=False).st_size
    if size == 0:
        return "empty"
    with os.fdopen(open_no_follow(path, os.O_RDONLY), "rb") as handle:
        head = handle.read(16)
    if head and all(32 <= byte < 127 or byte in (9, 10, 13) for byte in head):
        return "text"
    if head == PLAIN_SQLITE_HEADER:
        return "plain-sqlite"
    if size < 1024 or size % 512:
        return "partial-pages"
    return None


def store_header_problem(path: Path) -> str | None:
    """Why ``path`` cannot be a memtrust store by its bytes alone, as a sentence's predicate
    (``is a text file``), or None when it can be one. An empty file can be (a creation stopped
    before its first page); ``memtrust destroy`` uses this to refuse a user's document (§5)."""
    return {
        "text": "is a text file",
        "plain-sqlite": "is a plain, unencrypted SQLite database",
        "partial-pages": "is not a whole number of database pages long",
    }.get(_header_kind(path) or "")


def _describe_header(path: Path) -> None:
    """Raise the right error for a file that cannot be a SQLCipher store by its bytes alone."""
    kind = _header_kind(path)
    if kind == "empty":
        raise CorruptStore(f"The store {path} is an empty file; restore it from a backup or move it aside.")
    if kind == "text":
        raise NotAMemtrustStore(f"{path} is a text file, not a memtrust store; memtrust will not open or change it.")
    if kind == "plain-sqlite":
        raise NotAMemtrustStore(
            f"{path} is a plain, unencrypted SQLite database, not a memtrust store; "
            "memtrust will not open or change it."
        )
    if kind == "partial-pages":
        raise CorruptStore(f"The store {path} is damaged (its size is not whole pages); restore it from a backup.")


def _repair_modes(path: Path) -> None:
    """Make the store's own files 0600 again if something loosened them. Never a folder: one
    memtrust did not create keeps its mode (§5), and an unsafe one was refused before this."""
    for suffix in STORE_SUFFIXES:
        with contextlib.suppress(OSError):
            target = f"{path}{suffix}"
            if os.stat(target).st_mode & 0o077:
                os.chmod(target, 0o600)


def _fold_wal(conn: Connection) -> None:
    """Copy the write-ahead log into the database file and empty it, after migrations: they
    write every page of the schema, and a log that large would otherwise stay beside the
    file until the next checkpoint (on a small or nearly full disk, the next write fails)."""
    with contextlib.suppress(DatabaseError):
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


class Database:
    """One keyed SQLCipher connection to a memtrust store, serialised by a lock.

    Use :meth:`open` (existing store) or :meth:`create` (new store); then :meth:`read` and
    :meth:`write` as context managers yielding the connection. Thread-safe: calls from any
    thread are serialised. Raises the typed errors of :mod:`store.errors`.
    """

    def __init__(self, path: Path, conn: Connection, key: StoreKey, *, inspect: bool = False) -> None:
        self.path = path
        self.key_mode = key.mode
        self._conn = conn
        self._closed = False
        self._lock = threading.RLock()
        self._waiting = 0  # threads blocked waiting for the lock (:meth:`let_waiting_in`)
        self._counting = threading.Lock()
        self._inspect = inspect
        self._depth = 0  # nesting of write() on the thread holding the lock
        self._checkpoint_due = False
        #: Outermost :meth:`write` transactions committed so far on this connection (a count,
        #: never decreasing): a caller compares it before and after to tell whether an
        #: interrupted operation (Ctrl-C) had already written anything.
        self.commits = 0

    # --- opening ------------------------------------------------------------------------

    @staticmethod
    def _connect(path: Path, key: StoreKey) -> Connection:
        conn = sqlcipher3.connect(str(path), isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA cipher_log_level = NONE")
        conn.execute(key.pragma())
        return conn

    @staticmethod
    def _configure(conn: Connection) -> None:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA secure_delete = ON")
        conn.execute("PRAGMA temp_store = MEMORY")
        conn.execute("PRAGMA foreign_keys = ON")

    @classmethod
    def open(cls, path: Path, key: StoreKey, *, inspect: bool = False) -> Database:
        """Open the existing store at ``path`` with ``key``, check it, and migrate it.

        With ``inspect`` (``memtrust doctor``) nothing is changed: no migration, no file mode
        put back, no checkpoint on close. Raises UnsafeFolder (a folder others can write to, or
        another user's), PlantedLink (one of the store's names is a symbolic link),
        StoreNotFound (no file), WrongKey (the key does not decrypt it; the file is not
        written), CorruptStore, NotAMemtrustStore (plain SQLite, or a SQLCipher database that
        memtrust did not make).
        """
        path = Path(path)
        check_folder(path.parent)
        check_no_planted_links(path)
        if not path.exists():
            raise StoreNotFound(f"There is no memtrust store at {path}.")
        _describe_header(path)
        if not (os.access(path.parent, os.W_OK) and os.access(path, os.W_OK)):
            raise StoreReadOnly(
                f"The store at {path} or its folder cannot be written (read-only disk or permissions); "
                "nothing was changed."
            )
        try:
            conn = cls._connect(path, key)
        except DatabaseError as exc:
            raise translate(exc, path) or CorruptStore(f"The store {path} cannot be opened.") from None
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except DatabaseError as exc:
            conn.close()
            typed = translate(exc, path)
            if isinstance(typed, (StoreReadOnly, StoreBusy, StoreFull)):
                raise typed from None
            raise cls._diagnose(path, key) from None
        try:
            # Read-only checks first: nothing is written (not even the journal mode) until
            # the file is proven to be a memtrust store of a schema this version knows.
            app = None
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "meta" in tables:
                row = conn.execute("SELECT value FROM meta WHERE name = 'app'").fetchone()
                app = row[0] if row else None
            if app != APP_ID:
                raise NotAMemtrustStore(
                    f"{path} is an encrypted database, but not a memtrust store; memtrust will not change it."
                )
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise NotAMemtrustStore(
                    f"The store at {path} was written by a newer memtrust (schema {version}); upgrade memtrust."
                )
            if not inspect:
                cls._configure(conn)
                if migrate(conn):
                    _fold_wal(conn)
                _repair_modes(path)
        except DatabaseError as exc:
            conn.close()
            raise translate(exc, path) or CorruptStore(
                f"The store {path} is damaged and cannot be read; restore it from a backup."
            ) from None
        except BaseException:
            conn.close()
            raise
        return cls(path, conn, key, inspect=inspect)

    @classmethod
    def _diagnose(cls, path: Path, key: StoreKey) -> MemtrustError:
        """Why ``key`` could not read page 1: damaged file, SQLCipher 3 file, or wrong key.

        ``PRAGMA cipher_integrity_check`` verifies every page's HMAC without needing page 1:
        when some pages verify, the key is right and the file is damaged. When none do, the
        file may be SQLCipher 3 (tried read-only with ``cipher_compatibility = 3``), else the
        key is wrong. Nothing here writes to the file.
        """
        pages = max(1, path.stat().st_size // PAGE_SIZE)
        conn = cls._connect(path, key)
        try:
            failures = len(conn.execute("PRAGMA cipher_integrity_check").fetchall())
        except DatabaseError:
            failures = pages
        finally:
            conn.close()
        if 0 < failures < pages:
            return CorruptStore(
                f"The store {path} is damaged ({failures} of {pages} pages fail their checksum) though the key is right; "
                "restore it from a backup (memtrust doctor tells more)."
            )
        uri = f"file:{path}?mode=ro"
        conn = sqlcipher3.connect(uri, uri=True, isolation_level=None)
        try:
            conn.execute("PRAGMA cipher_log_level = NONE")
            conn.execute(key.pragma())
            conn.execute("PRAGMA cipher_compatibility = 3")
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return SQLCipher3Store(
                f"The store {path} was written by SQLCipher 3; run memtrust upgrade-cipher to migrate it "
                "(the file is backed up first)."
            )
        except DatabaseError:
            pass
        finally:
            conn.close()
        if key.raw:
            return WrongKey(
                f"The key does not open the store at {path}; nothing was changed. "
                "Restore the right key with memtrust recover and your recovery code."
            )
        return WrongKey(
            f"The passphrase does not open the store at {path}; nothing was changed. Check it and try again."
        )

    @classmethod
    def create(cls, path: Path, key: StoreKey, *, store_id: str, now_epoch: int) -> Database:
        """Create a new, empty store at ``path`` keyed with ``key``.

        The file is created exclusively (``O_EXCL | O_NOFOLLOW``, mode 0600), so an existing
        file, or a link in its place, is never written; raises FileExistsError if one appeared
        meanwhile. The folder is created 0700 when missing; an existing one is checked, never
        changed (UnsafeFolder, PlantedLink).
        """
        path = Path(path)
        make_folder(path.parent)
        check_no_planted_links(path)
        os.close(create_private_file(path))
        try:
            conn = cls._connect(path, key)
            cls._configure(conn)
            migrate(conn)
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(
                "INSERT INTO meta (name, value) VALUES (?, ?)",
                [("app", APP_ID), ("store_id", store_id), ("created_at", str(now_epoch))],
            )
            conn.execute("COMMIT")
            _fold_wal(conn)
        except BaseException:
            with contextlib.suppress(Exception):
                conn.close()
            for suffix in STORE_SUFFIXES:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(f"{path}{suffix}")
            raise
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.chmod(f"{path}{suffix}", 0o600)
        return cls(path, conn, key)

    # --- access -------------------------------------------------------------------------

    @contextlib.contextmanager
    def read(self) -> Iterator[Connection]:
        """Yield the connection for reads, holding the lock (reads see committed data)."""
        with self._held(), self._translated():
            yield self._conn

    @contextlib.contextmanager
    def write(self) -> Iterator[Connection]:
        """Yield the connection inside a ``BEGIN IMMEDIATE`` transaction; commit on success,
        roll back on any exception (which is re-raised, translated to a typed error when the
        user can act on it: disk full, read-only, busy, damaged).

        Nested inside another :meth:`write` on the same thread (several store operations
        made one transaction, as an ingest is), it is a SAVEPOINT: its own failure undoes
        only its own work, and nothing is committed until the outermost one ends.
        """
        with self._held(), self._translated():
            if self._depth:
                yield from self._savepoint()
                return
            self._conn.execute("BEGIN IMMEDIATE")
            self._depth = 1
            committing = False
            try:
                yield self._conn
                committing = True
                self._conn.execute("COMMIT")
                self.commits += 1
            except BaseException:
                if self._conn.in_transaction:
                    with contextlib.suppress(DatabaseError):
                        self._conn.execute("ROLLBACK")
                elif committing:  # interrupted just after COMMIT: the work is written
                    self.commits += 1
                self._checkpoint_due = False
                raise
            finally:
                self._depth = 0
            if self._checkpoint_due:
                self._checkpoint_due = False
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    @contextlib.contextmanager
    def _held(self) -> Iterator[None]:
        """The lock, held; a thread that has to wait for it is counted while it waits."""
        if not self._lock.acquire(blocking=False):
            with self._counting:
                self._waiting += 1
            try:
                self._lock.acquire()
            finally:
                with self._counting:
                    self._waiting -= 1
        try:
            yield
        finally:
            self._lock.release()

    def let_waiting_in(self, *, at_most: float = 0.05) -> None:
        """Between two parts of a long job (the prune's batches, §4), from a thread that does
        not hold the lock: wait until the threads already waiting for the store have taken it
        (a keystroke's read goes first), for ``at_most`` seconds. A lock is not fair: without
        this, the job's thread would take it back at once."""
        deadline = time.monotonic() + at_most
        while self._waiting and time.monotonic() < deadline:
            time.sleep(0.0005)

    def _savepoint(self) -> Iterator[Connection]:
        """The nested part of :meth:`write`: one SAVEPOINT, released or rolled back to."""
        name = f"nested_{self._depth}"
        self._conn.execute(f"SAVEPOINT {name}")
        self._depth += 1
        try:
            yield self._conn
        except BaseException:
            if self._conn.in_transaction:  # an error may have ended the whole transaction already
                with contextlib.suppress(DatabaseError):
                    self._conn.execute(f"ROLLBACK TO {name}")
                    self._conn.execute(f"RELEASE {name}")
            raise
        else:
            self._conn.execute(f"RELEASE {name}")
        finally:
            self._depth -= 1

    @contextlib.contextmanager
    def _translated(self) -> Iterator[None]:
        try:
            yield
        except DatabaseError as exc:
            typed = translate(exc, self.path)
            if typed is None:
                raise
            raise typed from None

    def checkpoint(self) -> None:
        """Fold the WAL into the database and truncate it (after deletions, §5 / §9); inside
        a :meth:`write` transaction, as soon as the outermost one commits."""
        with self._lock:
            if self._depth:
                self._checkpoint_due = True
                return
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def meta(self, name: str) -> str | None:
        """A value from the ``meta`` table (``store_id``, ``created_at``), or ``None``."""
        with self.read() as conn:
            row = conn.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    def close(self) -> None:
        """Checkpoint and close the connection; safe to call twice."""
        with self._lock:
            if self._closed:
                return
            if not self._inspect:
                with contextlib.suppress(DatabaseError):
                    self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._conn.close()  # later use raises SQLCipher's "Cannot operate on a closed database"
            self._closed = True


class InstanceLock:
    """One app instance per store (§5): an exclusive ``flock`` on ``<db>.lock``.

    ``acquire()`` raises StoreInUse when another process holds it; the lock is released on
    ``release()`` or when the process ends (even by SIGKILL).
    """

    def __init__(self, db_path: Path) -> None:
        self.path = Path(db_path).with_name(Path(db_path).name + ".lock")
        self._fd: int | None = None

    def acquire(self) -> InstanceLock:
        """Take the lock or raise StoreInUse (UnsafeFolder, PlantedLink for an unsafe folder or a
        link in the lock's place: the lock file is opened with ``O_NOFOLLOW``)."""
        check_folder(self.path.parent)
        fd = open_no_follow(self.path, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreInUse("memtrust is already open on this store in another window; close it first.") from None
        self._fd = fd
        return self

    @property
    def held(self) -> bool:
        """True while this process holds the lock."""
        return self._fd is not None

    def release(self) -> None:
        """Release the lock; safe to call twice."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
