"""Keyring backends for tests (these machines have no OS keychain).

- MemoryKeyring: an in-memory keychain (set with ``keyring.set_keyring`` in a fixture).
- LockedKeyring / HangingKeyring / DBusBrokenKeyring: a locked collection, a keychain that
  never answers, a D-Bus failure.
- PlaintextKeyring: stands for a backend that keeps secrets in plain files (refused).
- FileVault: a keychain shared with subprocesses through the file named by
  ``MEMTRUST_TEST_KEYRING_FILE`` (select it with ``PYTHON_KEYRING_BACKEND=tests.keyrings.FileVault``).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

from keyring.backend import KeyringBackend
from keyring.errors import InitError, KeyringLocked, PasswordDeleteError


class MemoryKeyring(KeyringBackend):
    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[tuple[str, str], str] = {}

    def get_password(self, service, username):
        return self.entries.get((service, username))

    def set_password(self, service, username, password):
        self.entries[(service, username)] = password

    def delete_password(self, service, username):
        if self.entries.pop((service, username), None) is None:
            raise PasswordDeleteError("no such entry")


class OtherMemoryKeyring(MemoryKeyring):
    """A second, distinct backend: the keychain "swapped" under the store."""


class LockedKeyring(MemoryKeyring):
    def get_password(self, service, username):
        raise KeyringLocked("the collection is locked")


class DBusBrokenKeyring(MemoryKeyring):
    def get_password(self, service, username):
        raise InitError("Failed to create the collection: DBus error org.freedesktop.DBus.Error.ServiceUnknown")


class HangingKeyring(MemoryKeyring):
    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def get_password(self, service, username):
        self.release.wait(30)


class PlaintextKeyring(MemoryKeyring):
    pass


class FileVault(MemoryKeyring):
    """A keychain in one JSON file, shared by every process that names it: each change is a
    read-modify-write under an exclusive ``flock`` (on ``FILE.lock``), so processes changing
    it at once never lose each other's entries."""

    def _path(self) -> Path:
        return Path(os.environ["MEMTRUST_TEST_KEYRING_FILE"])

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        with open(f"{self._path()}.lock", "a") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            yield

    def _load(self) -> dict:
        try:
            return json.loads(self._path().read_text())
        except FileNotFoundError:
            return {}

    def _save(self, data: dict) -> None:
        temp = self._path().with_name(self._path().name + f".{os.getpid()}.tmp")
        temp.write_text(json.dumps(data))
        os.replace(temp, self._path())

    def entries_now(self) -> dict[str, str]:
        """Every entry, as ``service/username`` → secret."""
        with self._locked():
            return self._load()

    def get_password(self, service, username):
        with self._locked():
            return self._load().get(f"{service}/{username}")

    def set_password(self, service, username, password):
        with self._locked():
            data = self._load()
            data[f"{service}/{username}"] = password
            self._save(data)

    def delete_password(self, service, username):
        with self._locked():
            data = self._load()
            if data.pop(f"{service}/{username}", None) is None:
                raise PasswordDeleteError("no such entry")
            self._save(data)
