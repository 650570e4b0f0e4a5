"""Keyring backends for tests (these machines have no OS keychain).

- MemoryKeyring: an in-memory keychain (set with ``keyring.set_keyring`` in a fixture).
- LockedKeyring / HangingKeyring / DBusBrokenKeyring: a locked collection, a keychain that
  never answers, a D-Bus failure.
- PlaintextKeyring: stands for a backend that keeps secrets in plain files (refused).
- FileVault: a keychain shared with subprocesses through the file named by
  ``MEMTRUST_TEST_KEYRING_FILE`` (select it with ``PYTHON_KEYRING_BACKEND=tests.keyrings.FileVault``).
"""

from __future__ import annotations

import json
import os
import threading
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
    def _path(self) -> Path:
        return Path(os.environ["MEMTRUST_TEST_KEYRING_FILE"])

    def _load(self) -> dict:
        try:
            return json.loads(self._path().read_text())
        except FileNotFoundError:
            return {}

    def get_password(self, service, username):
        return self._load().get(f"{service}/{username}")

    def set_password(self, service, username, password):
        data = self._load()
        data[f"{service}/{username}"] = password
        self._path().write_text(json.dumps(data))

    def delete_password(self, service, username):
        data = self._load()
        if data.pop(f"{service}/{username}", None) is None:
            raise PasswordDeleteError("no such entry")
        self._path().write_text(json.dumps(data))
