"""The store's folder and the files memtrust writes in it (DESIGN.md §5).

Someone else on the machine must not be able to steer what memtrust writes:

- **The folder.** memtrust creates its store folder with mode 0700 (and any missing parent
  with 0755 at most) and changes the mode of no folder it did not create. An existing folder
  is used only when it is a folder of this user that nobody else can write to (no group or
  world write bit); otherwise :class:`UnsafeFolder`, one sentence, and ``memtrust doctor``
  says how to fix it (:func:`folder_fix`). A folder others can write to is never "repaired":
  whatever they planted in it would stay.
- **The files.** Every file memtrust writes is opened with ``O_NOFOLLOW``, and with
  ``O_EXCL`` when it creates one (:func:`create_private_file`): a symbolic link planted in
  its place is never followed, so nothing outside the store is truncated or created. A
  store's own names that are symbolic links are refused before the store is opened
  (:func:`check_no_planted_links`, :class:`PlantedLink`); SQLite itself opens the ``-wal``
  and ``-shm`` files with ``O_NOFOLLOW``.
- **Replacing a file** (the key record) writes a new private file under a random name, syncs
  it and renames it over the old one (:func:`write_atomically`); with ``exclusive=True`` it is
  linked into place instead and fails if the name exists, so two processes creating a store
  at once can never replace each other's record.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from memtrust.store.errors import PlantedLink, StoreBusy, UnsafeFolder

#: Mode of the store folder memtrust creates, and of every file it writes.
PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600
#: Most a missing parent of the store folder is created with (its umask may narrow it).
PARENT_FOLDER = 0o755
#: Names a store's files take beside ``memtrust.db`` (the database's own name is ``""``).
STORE_FILE_SUFFIXES = (
    "",
    "-wal",
    "-shm",
    "-journal",
    ".keyinfo.json",
    ".lock",
    ".sqlcipher3-backup",
    ".rekey",
    ".rekey-wal",
    ".rekey-shm",
    ".rekey-journal",
)
#: Seconds to wait for another process creating a store in the same folder.
CREATION_WAIT = 30.0

_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC


def _mode_text(mode: int) -> str:
    return oct(stat.S_IMODE(mode))[2:].rjust(4, "0")


def folder_problem(directory: Path) -> str | None:
    """Why ``directory`` must not hold a store, as the end of a sentence, or None when it is fine.

    Refused: not a folder; owned by another user than this process's; writable by its group
    or by everyone (mode shown, sticky bit included: a sticky shared folder such as ``/tmp``
    still lets others create names in it). A missing folder is fine (memtrust will create it).
    """
    try:
        info = os.stat(directory)
    except FileNotFoundError:
        return None
    if not stat.S_ISDIR(info.st_mode):
        return "it is not a folder"
    if info.st_uid != os.geteuid():
        return f"it belongs to another user (uid {info.st_uid})"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"others can write to it (mode {_mode_text(info.st_mode)})"
    return None


def folder_fix(directory: Path) -> str | None:
    """What ``memtrust doctor`` tells the user to do about :func:`folder_problem`, or None."""
    problem = folder_problem(directory)
    if problem is None:
        return None
    if problem.startswith("others can write"):
        return (
            f"The folder {directory} holds your store but {problem}: check that nothing in it was put there "
            f"by someone else, then run chmod go-w {directory} (chmod 700 {directory} keeps it private)."
        )
    if problem.startswith("it belongs"):
        return (
            f"The folder {directory} holds your store but {problem}: move the store into a folder of your own "
            "and pass --db with its new path, or have the folder's owner give it to you."
        )
    return f"{directory} {problem}; give --db a path inside a folder."


def check_folder(directory: Path) -> None:
    """Raise UnsafeFolder when :func:`folder_problem` finds one (§5: refused, not repaired)."""
    problem = folder_problem(directory)
    if problem is not None:
        raise UnsafeFolder(
            f"memtrust will not use the folder {directory}, because {problem}; nothing was changed "
            "(memtrust doctor says how to fix it)."
        )


def make_folder(directory: Path) -> None:
    """Create the store folder ``directory`` if missing (0700; missing parents 0755 at most),
    then :func:`check_folder` it. Only a folder this call created has its mode set; an existing
    one is checked, never changed. Raises UnsafeFolder, OSError."""
    directory = Path(directory)
    missing: list[Path] = []
    probe = directory
    while not probe.exists() and probe != probe.parent:
        missing.append(probe)
        probe = probe.parent
    for folder in reversed(missing):
        mode = PRIVATE_FOLDER if folder == directory else PARENT_FOLDER
        try:
            os.mkdir(folder, mode)
        except FileExistsError:
            continue  # made meanwhile by another process: checked below like any existing folder
        if folder == directory:
            os.chmod(folder, PRIVATE_FOLDER)  # ours: 0700 whatever the umask
    check_folder(directory)


def _planted(path: Path) -> PlantedLink:
    return PlantedLink(
        f"{path.name} in {path.parent} is a symbolic link, which memtrust never makes (someone may have put "
        "it there); memtrust will not use the store until it is removed, and nothing was changed."
    )


def check_no_planted_links(db_path: Path) -> None:
    """Raise PlantedLink when the database or one of its own files (:data:`STORE_FILE_SUFFIXES`)
    is a symbolic link. Reads only."""
    for suffix in STORE_FILE_SUFFIXES:
        candidate = Path(f"{db_path}{suffix}")
        if candidate.is_symlink():
            raise _planted(candidate)


def create_private_file(path: Path) -> int:
    """Create ``path`` exclusively (``O_EXCL | O_NOFOLLOW``, mode 0600 whatever the umask) and
    return its descriptor, open for writing. Raises FileExistsError when anything, a symbolic
    link included, already has the name."""
    fd = os.open(path, _CREATE_FLAGS, PRIVATE_FILE)
    try:
        os.fchmod(fd, PRIVATE_FILE)
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_no_follow(path: Path, flags: int, mode: int = PRIVATE_FILE) -> int:
    """``os.open`` with ``O_NOFOLLOW | O_CLOEXEC`` added; a symbolic link at ``path`` raises
    PlantedLink instead of being followed."""
    try:
        return os.open(path, flags | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise _planted(Path(path)) from None
        raise


def fsync_folder(directory: Path) -> None:
    """Make a rename or a new name in ``directory`` durable."""
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomically(target: Path, data: bytes, *, exclusive: bool = False) -> None:
    """Put ``data`` at ``target`` whole or not at all, mode 0600, never through a link.

    A temporary file with a random name beside ``target`` is created exclusively, written and
    synced; then it is renamed over ``target`` (a link at ``target`` is replaced, not followed),
    or, with ``exclusive``, hard-linked to ``target``, which raises FileExistsError when the name
    is taken. The temporary name is always removed; the folder is synced.
    """
    import secrets  # imported on use: a command that only reads a store writes no file

    target = Path(target)
    temp = target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")
    fd = create_private_file(temp)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if exclusive:
            os.link(temp, target, follow_symlinks=False)
        else:
            os.replace(temp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
    fsync_folder(target.parent)


@contextlib.contextmanager
def creation_lock(directory: Path, *, wait: float = CREATION_WAIT) -> Iterator[None]:
    """Hold an exclusive ``flock`` on the folder itself while a store is created in it, so two
    processes creating a store at once take turns (§5). Waits up to ``wait`` seconds, then
    raises StoreBusy. Released on exit or when the process ends."""
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise StoreBusy(
                        f"Another memtrust process has been creating a store in {directory} for over "
                        f"{wait:g} seconds; try again."
                    ) from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)
