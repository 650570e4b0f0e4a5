"""Keys for the encrypted store (DESIGN.md §5).

Three key modes:

- ``keychain``: a random 32-byte key from :mod:`secrets`, kept in the OS keychain through
  ``keyring`` and applied as a raw key (``PRAGMA key = "x'…'"``: no KDF cost at launch).
- ``passphrase``: when no keychain is usable; SQLCipher's own KDF derives the key from the
  passphrase. Without a terminal the passphrase comes from ``MEMTRUST_PASSPHRASE``,
  ``MEMTRUST_PASSPHRASE_FILE`` or ``MEMTRUST_PASSCOMMAND`` — never from a command-line argument.
- ``memory``: a random raw key held only in the process (``memtrust demo``, tests).

Beside the database lies a small JSON *key record* (``<db>.keyinfo.json``) that says which
mode the store uses and which keychain entry holds its key. It never holds the key.
"""

from __future__ import annotations

import json
import os
import secrets
import shlex
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

from store.errors import InvalidInput, KeyUnavailable

KeyMode = Literal["keychain", "passphrase", "memory"]
KEYCHAIN_SERVICE = "memtrust"
RAW_KEY_BYTES = 32


@dataclass(frozen=True)
class StoreKey:
    """The secret that opens a store, and its mode. ``repr`` never shows the secret."""

    mode: KeyMode
    secret: str  # 64 hex digits for raw keys, the passphrase otherwise

    @property
    def raw(self) -> bool:
        """True for a raw 32-byte key (keychain and memory modes)."""
        return self.mode != "passphrase"

    def pragma(self) -> str:
        """The SQL text of the ``PRAGMA key`` statement for this key (never logged)."""
        if self.raw:
            return f"PRAGMA key = \"x'{self.secret}'\""
        return "PRAGMA key = '" + self.secret.replace("'", "''") + "'"

    def __repr__(self) -> str:
        return f"StoreKey(mode={self.mode!r}, secret=<hidden>)"

    __str__ = __repr__


def new_raw_key(mode: KeyMode = "keychain") -> StoreKey:
    """A fresh random 32-byte key (``secrets.token_hex``) for keychain or memory mode."""
    return StoreKey(mode, secrets.token_hex(RAW_KEY_BYTES))


def recovery_code(key: StoreKey) -> str:
    """The raw key grouped for writing down: 16 groups of 4 hex digits separated by dashes.

    Raises ValueError for a passphrase key (the passphrase is its own recovery).
    """
    if not key.raw:
        raise ValueError("passphrase keys have no recovery code")
    return "-".join(key.secret[i : i + 4] for i in range(0, len(key.secret), 4)).upper()


def key_from_recovery_code(code: str) -> StoreKey:
    """Parse a recovery code (any case, dashes and spaces ignored) back into a raw key.

    Raises InvalidInput when the code is not 64 hex digits.
    """
    compact = "".join(ch for ch in code if ch not in "- \t").lower()
    if len(compact) != RAW_KEY_BYTES * 2 or any(ch not in "0123456789abcdef" for ch in compact):
        raise InvalidInput("A recovery code is 64 hexadecimal digits in 16 groups of four.")
    return StoreKey("keychain", compact)


# --- the key record beside the database ------------------------------------------------


@dataclass(frozen=True)
class KeyRecord:
    """What the file ``<db>.keyinfo.json`` says: the key mode and where the key is kept.

    - ``keychain_backend``: the keyring backend's class path that held the key when written;
      a different backend later is reported plainly rather than a key silently regenerated.
    - ``keychain_entry``: the keyring username under service ``memtrust``.
    """

    mode: KeyMode
    keychain_backend: str | None = None
    keychain_entry: str | None = None


def key_record_path(db_path: Path) -> Path:
    """Where the key record of the database at ``db_path`` lives."""
    return db_path.with_name(db_path.name + ".keyinfo.json")


def read_key_record(db_path: Path) -> KeyRecord | None:
    """The key record beside ``db_path``, or ``None`` when there is none or it is unreadable."""
    try:
        data = json.loads(key_record_path(db_path).read_text(encoding="utf-8"))
        return KeyRecord(**{k: data.get(k) for k in ("mode", "keychain_backend", "keychain_entry")})
    except (OSError, ValueError, TypeError):
        return None


def write_key_record(db_path: Path, record: KeyRecord) -> None:
    """Write the key record atomically with mode 0600 (it holds no secret, only the mode)."""
    target = key_record_path(db_path)
    temp = target.with_name(target.name + ".tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(asdict(record), handle, indent=2)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, target)


# --- keychain ----------------------------------------------------------------------------


@dataclass(frozen=True)
class KeychainStatus:
    """Whether the OS keychain can hold the key: ``backend`` is the class path, ``reason``
    says in words why it cannot when ``usable`` is false."""

    usable: bool
    backend: str
    reason: str = ""


def _backend_name(backend: object) -> str:
    return f"{type(backend).__module__}.{type(backend).__qualname__}"


def keychain_status() -> KeychainStatus:
    """Tell a usable OS keychain from the ``fail``, ``null``, plaintext and "alt" backends (§5).

    Never raises: any error while asking keyring (no D-Bus, locked collection) makes the
    keychain unusable, with the reason.
    """
    try:
        import keyring

        backend = keyring.get_keyring()
    except Exception as exc:  # keyring can raise anything while probing D-Bus
        return KeychainStatus(False, "unknown", f"the keychain could not be reached ({type(exc).__name__})")
    name = _backend_name(backend)
    module = type(backend).__module__
    if module.startswith("keyring.backends.fail") or module.startswith("keyring.backends.null"):
        return KeychainStatus(False, name, "no OS keychain is available on this machine")
    if module.startswith("keyrings.alt") or "plaintext" in name.lower():
        return KeychainStatus(False, name, "the only keychain stores secrets in plain files")
    priority = getattr(backend, "priority", 1)
    try:
        if float(priority) <= 0:
            return KeychainStatus(False, name, "the keychain backend is not recommended for use")
    except (TypeError, ValueError):
        pass
    return KeychainStatus(True, name)


def keychain_get(entry: str) -> str | None:
    """The raw key hex kept under ``entry`` in the keychain, or ``None`` when absent.

    Raises KeyUnavailable when the keychain cannot be read (locked, D-Bus error).
    """
    import keyring

    try:
        return keyring.get_password(KEYCHAIN_SERVICE, entry)
    except Exception as exc:
        raise KeyUnavailable(
            f"The keychain could not be read ({type(exc).__name__}); unlock it and try again."
        ) from None


def keychain_set(entry: str, key: StoreKey) -> None:
    """Keep a raw key in the keychain under ``entry``. Raises KeyUnavailable on failure."""
    import keyring

    try:
        keyring.set_password(KEYCHAIN_SERVICE, entry, key.secret)
    except Exception as exc:
        raise KeyUnavailable(
            f"The keychain refused to keep the key ({type(exc).__name__}); memtrust created nothing."
        ) from None


def keychain_delete(entry: str) -> None:
    """Remove the keychain entry if present (``memtrust destroy``); errors are ignored."""
    import keyring

    try:
        keyring.delete_password(KEYCHAIN_SERVICE, entry)
    except Exception:
        pass


# --- passphrases ------------------------------------------------------------------------

PassphrasePrompt = Callable[[bool], str | None]
"""Asks the user for a passphrase; the argument is True when creating (ask twice).
Returns ``None`` when there is no terminal to ask in."""


def passphrase_from_environment(env: Mapping[str, str] | None = None) -> str | None:
    """A passphrase from ``MEMTRUST_PASSPHRASE``, ``MEMTRUST_PASSPHRASE_FILE`` or
    ``MEMTRUST_PASSCOMMAND`` (first that is set), or ``None`` when none is set (§5).

    The file's and the command's output lose one trailing newline. Raises KeyUnavailable
    when the file cannot be read or the command fails.
    """
    env = os.environ if env is None else env
    if env.get("MEMTRUST_PASSPHRASE"):
        return env["MEMTRUST_PASSPHRASE"]
    if env.get("MEMTRUST_PASSPHRASE_FILE"):
        try:
            text = Path(env["MEMTRUST_PASSPHRASE_FILE"]).read_text(encoding="utf-8")
        except OSError as exc:
            raise KeyUnavailable(f"MEMTRUST_PASSPHRASE_FILE could not be read ({exc.strerror}).") from None
        return text.removesuffix("\n")
    if env.get("MEMTRUST_PASSCOMMAND"):
        try:
            done = subprocess.run(
                shlex.split(env["MEMTRUST_PASSCOMMAND"]), capture_output=True, text=True, timeout=60
            )
        except (OSError, subprocess.TimeoutExpired, ValueError):
            raise KeyUnavailable("MEMTRUST_PASSCOMMAND could not be run.") from None
        if done.returncode != 0:
            raise KeyUnavailable(f"MEMTRUST_PASSCOMMAND failed with exit status {done.returncode}.")
        return done.stdout.removesuffix("\n")
    return None
