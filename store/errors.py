"""Errors a user can cause, each one sentence with the way forward (STYLE.md §10).

Every exception here derives from :class:`MemtrustError`; the CLI and the TUI show ``str(exc)``
and exit non-zero, never a traceback.
"""


class MemtrustError(Exception):
    """Base of every error a user can cause; ``str()`` is one sentence for the user."""


class KeyUnavailable(MemtrustError):
    """No key could be obtained (no keychain entry, no passphrase source) for an existing store."""


class WrongKey(MemtrustError):
    """The key or passphrase does not open the existing database (the file is left untouched)."""


class NotAMemtrustStore(MemtrustError):
    """The file opens, but it is not a memtrust store, or it is not a database at all."""


class CorruptStore(MemtrustError):
    """The database file is damaged (truncated, flipped bytes) and cannot be read."""


class StoreInUse(MemtrustError):
    """Another memtrust app instance has this store open (one instance per store, DESIGN.md §5)."""


class StoreNotFound(MemtrustError):
    """The command needs an existing store and there is none at the path."""


class InvalidInput(MemtrustError):
    """A value given by the user (key, value, id, file) is not acceptable."""


class MemoryNotFound(MemtrustError):
    """No memory has the given id."""


class IngestError(MemtrustError):
    """A conversation export could not be read (unknown format, malformed JSON)."""


class SQLCipher3Store(MemtrustError):
    """The store is a SQLCipher 3 database; it opens only after a migration (backed up first)."""


class StoreFull(MemtrustError):
    """The disk (or the database's size limit) is full; the write was rolled back."""


class StoreReadOnly(MemtrustError):
    """The store's file or folder cannot be written."""


class StoreBusy(MemtrustError):
    """Another process held the store's write lock past the busy timeout."""


class UnsafeFolder(MemtrustError):
    """The store's folder is not the user's own private folder (others can write to it, or it
    belongs to someone else); refused, never repaired (DESIGN.md §5)."""


class PlantedLink(MemtrustError):
    """One of the store's own file names is a symbolic link memtrust did not make (§5)."""
