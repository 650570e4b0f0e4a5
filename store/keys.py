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

import contextlib
import json
import os
import stat
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal, TypeVar

from memtrust.store.errors import InvalidInput, KeyUnavailable
from memtrust.store.files import open_no_follow, write_atomically

KeyMode = Literal["keychain", "passphrase", "memory"]
KEYCHAIN_SERVICE = "memtrust"
RAW_KEY_BYTES = 32
#: Seconds to wait for the keychain before declaring it unresponsive (overridable for tests).
KEYCHAIN_TIMEOUT = float(os.environ.get("MEMTRUST_KEYCHAIN_TIMEOUT", "10"))
#: Set to 1 to accept a keychain backend that keeps secrets in plain files (refused otherwise).
ALLOW_PLAINTEXT_ENV = "MEMTRUST_ALLOW_PLAINTEXT_KEYRING"


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
    import secrets  # imported on use: most commands open a store and never make a key

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
    - ``previous``: during a rekey, the key record that still opens the store until the new
      file has replaced the old one (``{"mode", "keychain_entry", "keychain_backend"}``);
      ``None`` otherwise. Opening tries it when the current key fails, so a crash at any
      point of a rekey leaves one working key.
    """

    mode: KeyMode
    keychain_backend: str | None = None
    keychain_entry: str | None = None
    previous: dict[str, str | None] | None = None

    def previous_record(self) -> KeyRecord | None:
        """The record of the key a rekey is replacing (``previous``, validated as a record is
        when read), or ``None`` when no rekey is under way or it names no valid mode."""
        return _key_record_from(self.previous)


def _key_record_from(data: object) -> KeyRecord | None:
    """A :class:`KeyRecord` from decoded JSON, or ``None`` when it names no valid mode; fields
    of the wrong type are dropped (read as absent)."""
    if not isinstance(data, dict):
        return None
    mode = data.get("mode")
    if mode not in ("keychain", "passphrase", "memory"):
        return None
    previous = data.get("previous")
    return KeyRecord(
        mode=mode,
        keychain_backend=data.get("keychain_backend") if isinstance(data.get("keychain_backend"), str) else None,
        keychain_entry=data.get("keychain_entry") if isinstance(data.get("keychain_entry"), str) else None,
        previous=previous if isinstance(previous, dict) else None,
    )


def key_record_path(db_path: Path) -> Path:
    """Where the key record of the database at ``db_path`` lives."""
    return db_path.with_name(db_path.name + ".keyinfo.json")


#: A key record is a few hundred bytes; anything longer is not one (and is not read whole).
MAX_KEY_RECORD_BYTES = 64 * 1024


def read_key_record(db_path: Path) -> KeyRecord | None:
    """The key record beside ``db_path``, or ``None`` when there is none or it is unreadable.

    Raises PlantedLink when the key record's name is a symbolic link (never followed, §5).
    """
    try:
        with os.fdopen(open_no_follow(key_record_path(db_path), os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            data = json.loads(handle.read(MAX_KEY_RECORD_BYTES + 1).decode("utf-8"))
    except (OSError, ValueError):
        return None
    return _key_record_from(data)


def write_key_record(db_path: Path, record: KeyRecord, *, exclusive: bool = False) -> None:
    """Write the key record atomically with mode 0600 (it holds no secret, only the mode),
    never through a link (:func:`store.files.write_atomically`). With ``exclusive`` (a store
    being created) it raises FileExistsError rather than replace a record already there."""
    payload = json.dumps(asdict(record), indent=2).encode("utf-8")
    write_atomically(key_record_path(db_path), payload, exclusive=exclusive)


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


_T = TypeVar("_T")


class _KeychainTimeout(Exception):
    pass


def _call_keychain(function: Callable[..., _T], *args: object, timeout: float | None = None) -> _T:
    """Run a keyring call on a daemon thread and wait at most ``timeout`` seconds.

    A keychain that does not answer (a hung D-Bus, an unlock dialog nobody sees) cannot be
    cancelled, only abandoned: the daemon thread never keeps the process alive. Raises
    _KeychainTimeout, or re-raises what the call raised.
    """
    import queue  # imported on use, as the keychain is: a command given its key needs neither
    import threading

    results: queue.Queue = queue.Queue(maxsize=1)

    def run() -> None:
        try:
            results.put((True, function(*args)))
        except BaseException as exc:  # handed to the caller's thread
            results.put((False, exc))

    threading.Thread(target=run, name="memtrust-keychain", daemon=True).start()
    try:
        ok, value = results.get(timeout=KEYCHAIN_TIMEOUT if timeout is None else timeout)
    except queue.Empty:
        raise _KeychainTimeout() from None
    if ok:
        return value
    raise value


def _failure_reason(exc: BaseException) -> str:
    """Words for why a keychain call failed: locked, unreachable (D-Bus), unresponsive, or other."""
    if isinstance(exc, _KeychainTimeout):
        return f"the keychain did not answer within {KEYCHAIN_TIMEOUT:g} seconds"
    name = type(exc).__name__
    if "Locked" in name or "locked" in str(exc).lower():
        return "the keychain is locked"
    if "DBus" in name or "dbus" in str(exc).lower() or name == "InitError":
        return "the keychain service could not be reached (D-Bus error)"
    return f"the keychain failed ({name})"


def keychain_status(*, allow_plaintext: bool | None = None) -> KeychainStatus:
    """Tell a usable OS keychain from the ``fail``, ``null``, plaintext and "alt" backends (§5).

    Plaintext and "alt" backends are refused unless ``allow_plaintext`` (default: the
    ``MEMTRUST_ALLOW_PLAINTEXT_KEYRING=1`` environment opt-in). Never raises: any error while
    asking keyring (no D-Bus, time-out) makes the keychain unusable, with the reason.
    """
    if allow_plaintext is None:
        allow_plaintext = os.environ.get(ALLOW_PLAINTEXT_ENV) == "1"
    try:
        import keyring

        backend = _call_keychain(keyring.get_keyring)
    except BaseException as exc:
        return KeychainStatus(False, "unknown", _failure_reason(exc))
    return _judge_backend(backend, allow_plaintext)


def _judge_backend(backend: object, allow_plaintext: bool) -> KeychainStatus:
    """Usability of one keyring backend; a chainer is usable when one of its members is."""
    name = _backend_name(backend)
    module = type(backend).__module__
    from keyring.backends.chainer import ChainerBackend

    if isinstance(backend, ChainerBackend):
        verdicts = [_judge_backend(member, allow_plaintext) for member in backend.backends]
        usable = [v for v in verdicts if v.usable]
        if usable:
            return usable[0]
        return KeychainStatus(
            False, name, verdicts[0].reason if verdicts else "no OS keychain is available on this machine"
        )
    if module.startswith(("keyring.backends.fail", "keyring.backends.null")):
        return KeychainStatus(False, name, "no OS keychain is available on this machine")
    if (module.startswith("keyrings.alt") or "plaintext" in name.lower()) and not allow_plaintext:
        return KeychainStatus(False, name, "the only keychain keeps secrets in plain files")
    priority = getattr(backend, "priority", 1)
    try:
        if float(priority) <= 0:
            return KeychainStatus(False, name, "the keychain backend is not recommended for use")
    except (TypeError, ValueError):
        pass
    return KeychainStatus(True, name)


def keychain_get(entry: str) -> str | None:
    """The raw key hex kept under ``entry`` in the keychain, or ``None`` when absent.

    Raises KeyUnavailable when the keychain cannot be read (locked, D-Bus error, no answer
    within :data:`KEYCHAIN_TIMEOUT` seconds).
    """
    import keyring

    try:
        return _call_keychain(keyring.get_password, KEYCHAIN_SERVICE, entry)
    except BaseException as exc:
        raise KeyUnavailable(
            f"The store's key could not be read: {_failure_reason(exc)}. Unlock the keychain and try again, "
            "or use memtrust recover with your recovery code."
        ) from None


def keychain_set(entry: str, key: StoreKey) -> None:
    """Keep a raw key in the keychain under ``entry``. Raises KeyUnavailable on failure."""
    import keyring

    try:
        _call_keychain(keyring.set_password, KEYCHAIN_SERVICE, entry, key.secret)
    except BaseException as exc:
        raise KeyUnavailable(
            f"The keychain refused to keep the key: {_failure_reason(exc)}. Nothing was created or changed."
        ) from None


def keychain_delete(entry: str) -> None:
    """Remove the keychain entry if present (``memtrust destroy``, rekey); errors are ignored."""
    import keyring

    with contextlib.suppress(BaseException):
        _call_keychain(keyring.delete_password, KEYCHAIN_SERVICE, entry)


# --- passphrases ------------------------------------------------------------------------

PassphrasePrompt = Callable[[bool], str | None]
"""Asks the user for a passphrase; the argument is True when creating (ask twice).
Returns ``None`` when there is no terminal to ask in."""


PASSPHRASE_ENV_SOURCES = ("MEMTRUST_PASSPHRASE", "MEMTRUST_PASSPHRASE_FILE", "MEMTRUST_PASSCOMMAND")


def passphrase_source_configured(env: Mapping[str, str] | None = None) -> bool:
    """True when one of :data:`PASSPHRASE_ENV_SOURCES` is set; reads nothing and runs nothing."""
    env = os.environ if env is None else env
    return any(env.get(name) for name in PASSPHRASE_ENV_SOURCES)


def _read_passphrase_file(path: Path) -> str:
    """The text of ``MEMTRUST_PASSPHRASE_FILE``, checked on the open file (§5).

    Refused, as a store folder others can write to is (:func:`store.files.folder_problem`),
    when it belongs to another user or its group or others may read or write it: such a
    passphrase is not the user's secret. Raises KeyUnavailable with one sentence saying how
    to fix it (``chmod 600``), never the file's content.
    """
    try:
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            if info.st_uid != os.geteuid():
                raise KeyUnavailable(
                    f"MEMTRUST_PASSPHRASE_FILE {path} belongs to another user (uid {info.st_uid}); "
                    "keep the passphrase in a file of your own that only you can read (chmod 600)."
                )
            if info.st_mode & 0o077:
                raise KeyUnavailable(
                    f"MEMTRUST_PASSPHRASE_FILE {path} can be read or written by others "
                    f"(mode {oct(stat.S_IMODE(info.st_mode))[2:].rjust(4, '0')}); run chmod 600 {path} "
                    "so only you can read it, and change the passphrase if others may have read it."
                )
            data = handle.read()
    except OSError as exc:
        raise KeyUnavailable(f"MEMTRUST_PASSPHRASE_FILE could not be read ({exc.strerror}).") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise KeyUnavailable("MEMTRUST_PASSPHRASE_FILE is not UTF-8 text.") from None


def passphrase_from_environment(env: Mapping[str, str] | None = None) -> str | None:
    """A passphrase from ``MEMTRUST_PASSPHRASE``, ``MEMTRUST_PASSPHRASE_FILE`` or
    ``MEMTRUST_PASSCOMMAND`` (first that is set), or ``None`` when none is set (§5).

    The file's and the command's output lose one trailing newline. Raises KeyUnavailable
    when the file cannot be read or the command fails; the sentence never repeats anything
    the command printed (its output may be the passphrase).
    """
    env = os.environ if env is None else env
    if env.get("MEMTRUST_PASSPHRASE"):
        return env["MEMTRUST_PASSPHRASE"]
    if env.get("MEMTRUST_PASSPHRASE_FILE"):
        text = _read_passphrase_file(Path(env["MEMTRUST_PASSPHRASE_FILE"])).removesuffix("\n")
        if not text:
            raise KeyUnavailable("MEMTRUST_PASSPHRASE_FILE names an empty file; put the passphrase in it.")
        return text
    if env.get("MEMTRUST_PASSCOMMAND"):
        import shlex  # imported on use: only a pass command needs them
        import subprocess

        try:
            done = subprocess.run(
                shlex.split(env["MEMTRUST_PASSCOMMAND"]), check=False, capture_output=True, text=True, timeout=60
            )
        except subprocess.TimeoutExpired:
            raise KeyUnavailable("MEMTRUST_PASSCOMMAND did not finish within 60 seconds.") from None
        except (OSError, ValueError):
            raise KeyUnavailable("MEMTRUST_PASSCOMMAND could not be run (it is run without a shell).") from None
        if done.returncode != 0:
            # Nothing the command printed is repeated: a password manager's error output can
            # hold the passphrase itself (or the command may print it and then fail).
            how = (
                f"was ended by signal {-done.returncode}"
                if done.returncode < 0
                else f"failed with exit status {done.returncode}"
            )
            raise KeyUnavailable(
                f"MEMTRUST_PASSCOMMAND {how}; its output is not shown, as it may hold the passphrase. "
                "Run the command yourself to see why."
            )
        text = done.stdout.removesuffix("\n")
        if not text:
            raise KeyUnavailable("MEMTRUST_PASSCOMMAND printed no passphrase.")
        return text
    return None
