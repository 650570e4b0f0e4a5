"""A real OS keychain for tests: GNOME Keyring's Secret Service on a private D-Bus session bus.

:class:`SecretService` starts, in a folder of its own, a ``dbus-daemon`` session bus (with no
service activation, so nothing else starts on it) and ``gnome-keyring-daemon --unlock
--components=secrets`` on that bus, unlocked with a test password, exactly as a desktop
session does at login. ``env`` is what a memtrust process needs to find it
(``DBUS_SESSION_BUS_ADDRESS``, and ``HOME``/``XDG_*`` pointing into the folder, so the user's
own keyrings and keyring configuration are never touched). keyring then picks its
``SecretService`` backend by itself, as on a user's machine.

The test side talks to the same keychain through ``secretstorage`` to do what a user or an
attacker would: lock the collection, delete an entry, list entries, kill the daemon.

Needs ``dbus-daemon`` and ``gnome-keyring-daemon`` (``apt-get install gnome-keyring dbus``;
``.ci/run`` installs them where apt is available). :func:`missing_programs` says which are absent.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import secretstorage
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import DBusConnection, open_dbus_connection

PROGRAMS = ("dbus-daemon", "gnome-keyring-daemon")
UNLOCK_PASSWORD = b"test keyring password"
KEYCHAIN_SERVICE = "memtrust"
SECRETS_NAME = "org.freedesktop.secrets"
BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={run}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def missing_programs() -> list[str]:
    """The programs a real Secret Service needs that are not installed here."""
    return [name for name in PROGRAMS if shutil.which(name) is None]


class SecretService:
    """A running bus and GNOME Keyring under ``root``; use as a context manager."""

    def __init__(self, root: Path) -> None:
        self.root = root
        # Sockets live here (the bus's, the keyring's control socket): a short path, as a unix
        # socket's path may not exceed 107 bytes and pytest's folders under xdist come close.
        self.run = Path(tempfile.mkdtemp(prefix="mt-bus-", dir="/tmp" if Path("/tmp").is_dir() else None))
        self.home = root / "home"
        self.home.mkdir(parents=True, mode=0o700)
        self.bus: subprocess.Popen | None = None
        self.daemon: subprocess.Popen | None = None
        self.address = ""
        self._conn: DBusConnection | None = None

    @property
    def env(self) -> dict[str, str]:
        """The environment a memtrust process needs to use this keychain (and nothing of the user's)."""
        return {
            "DBUS_SESSION_BUS_ADDRESS": self.address,
            "XDG_RUNTIME_DIR": str(self.run),
            "HOME": str(self.home),
            "XDG_DATA_HOME": str(self.home / ".local" / "share"),
            "XDG_CONFIG_HOME": str(self.home / ".config"),
        }

    def start(self, timeout: float = 20.0) -> SecretService:
        config = self.root / "bus.conf"
        config.write_text(BUS_CONFIG.format(run=self.run), encoding="utf-8")
        self.bus = subprocess.Popen(
            ["dbus-daemon", f"--config-file={config}", "--nofork", "--print-address=1"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert self.bus.stdout is not None
        self.address = self.bus.stdout.readline().strip()
        if not self.address:
            raise RuntimeError("dbus-daemon did not start")
        self.daemon = subprocess.Popen(
            ["gnome-keyring-daemon", "--unlock", "--components=secrets", "--foreground"],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **self.env},
        )
        assert self.daemon.stdin is not None
        self.daemon.stdin.write(UNLOCK_PASSWORD)
        self.daemon.stdin.close()
        self._conn = open_dbus_connection(bus=self.address)
        deadline = time.monotonic() + timeout
        while not self._serving():
            if time.monotonic() > deadline or self.daemon.poll() is not None:
                self.stop()
                raise RuntimeError("gnome-keyring-daemon did not start serving the Secret Service")
            time.sleep(0.05)
        return self

    def _serving(self) -> bool:
        """True once the daemon owns the Secret Service name and its default collection is unlocked."""
        assert self._conn is not None
        reply = self._conn.send_and_get_reply(message_bus.NameHasOwner(SECRETS_NAME))
        if not reply.body[0]:
            return False
        try:
            return not secretstorage.get_default_collection(self._conn).is_locked()
        except secretstorage.exceptions.SecretStorageException:
            return False

    def _collection(self) -> secretstorage.Collection:
        assert self._conn is not None
        return secretstorage.get_default_collection(self._conn)

    def entries(self) -> dict[str, str]:
        """memtrust's entries in the keychain: keychain entry name → secret."""
        items = self._collection().search_items({"service": KEYCHAIN_SERVICE})
        return {item.get_attributes()["username"]: item.get_secret().decode() for item in items}

    def delete(self, entry: str) -> None:
        """Delete memtrust's entry ``entry``, as a user cleaning their keychain would."""
        for item in self._collection().search_items({"service": KEYCHAIN_SERVICE, "username": entry}):
            item.delete()

    def lock(self) -> None:
        """Lock the default collection (what a screen lock or ``secret-tool lock`` does)."""
        self._collection().lock()
        assert self._collection().is_locked()

    def kill_daemon(self) -> None:
        """End GNOME Keyring at once (SIGKILL); the bus stays up."""
        if self.daemon is not None and self.daemon.poll() is None:
            self.daemon.kill()
            self.daemon.wait(timeout=10)

    def stop(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None
        self.kill_daemon()
        if self.bus is not None and self.bus.poll() is None:
            self.bus.kill()
            self.bus.wait(timeout=10)
        shutil.rmtree(self.run, ignore_errors=True)

    def __enter__(self) -> SecretService:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
