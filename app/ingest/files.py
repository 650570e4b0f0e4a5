"""Opening an export as byte streams: one file, a zip, or a folder of shards (DESIGN.md §6).

ChatGPT and Claude.ai deliver a ``.zip``; newer ChatGPT exports split the conversations over
``conversations-000.json``, ``conversations-001.json``, …. :class:`Export` lists the parts of
whatever the user gives — a file, a zip (read member by member, decompressed on the fly,
never unpacked to disk), or a folder — and opens each as a binary stream. gzip is read
transparently (by its magic bytes, whatever the name) and a UTF-8 byte-order mark skipped.
Readers never load a whole part: they parse it incrementally, so memory stays bounded by the
largest conversation whatever the export's size.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, BinaryIO, cast

from memtrust.store.errors import IngestError
from memtrust.store.quoting import quoted

Progress = Callable[[int, int], None]
"""Called as ``progress(bytes_read, total_bytes)``; both count bytes on disk (compressed
bytes for a zip or a ``.gz`` file), so ``bytes_read / total_bytes`` is the share done."""

GZIP_MAGIC = b"\x1f\x8b"
ZIP_MAGIC = b"PK\x03\x04"
UTF8_BOM = b"\xef\xbb\xbf"

#: The names of the files that hold conversations: ``conversations.json``, its shards
#: ``conversations-000.json`` …, a browser's copy ``conversations (1).json``, JSONL, gzip.
CONVERSATION_FILE = re.compile(
    r"^conversations(?:[-_ ]?\(?\d+\)?)?\.(?:json|jsonl|ndjson)(?:\.gz)?$",
    re.IGNORECASE,
)
#: A file of some conversation-like kind, when no file has a conversations name.
_JSON_FILE = re.compile(r"\.(?:json|jsonl|ndjson)(?:\.gz)?$", re.IGNORECASE)


def _natural(name: str) -> list[object]:
    """Sort key: ``conversations-2.json`` before ``conversations-10.json``."""
    return [int(piece) if piece.isdigit() else piece.lower() for piece in re.split(r"(\d+)", name)]


class _PositionReporter(io.RawIOBase):
    """A seekable read-only file that reports its position after each read: the bytes of
    the file on disk consumed so far (``offset`` is added for a folder's later shards)."""

    def __init__(self, raw: BinaryIO, offset: int, total: int, progress: Progress | None) -> None:
        self._raw = raw
        self._offset = offset
        self._total = total
        self._progress = progress

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, position: int, whence: int = 0) -> int:
        return self._raw.seek(position, whence)

    def tell(self) -> int:
        return self._raw.tell()

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        count = self._raw.readinto(buffer)  # type: ignore[attr-defined]
        if count and self._progress is not None:
            self._progress(min(self._total, self._offset + self._raw.tell()), self._total)
        return count or 0

    def close(self) -> None:
        self._raw.close()
        super().close()


def _decoded(stream: IO[bytes]) -> BinaryIO:
    """``stream`` with gzip undone (recognised by its magic bytes) and a BOM skipped."""
    peekable = cast(io.BufferedReader, stream if hasattr(stream, "peek") else io.BufferedReader(cast(Any, stream)))
    if peekable.peek(2)[:2] == GZIP_MAGIC:
        peekable = io.BufferedReader(cast(Any, gzip.GzipFile(fileobj=peekable, mode="rb")))
    if peekable.peek(3)[:3] == UTF8_BOM:
        peekable.read(3)
    return cast(BinaryIO, peekable)


@dataclass(frozen=True)
class ExportPart:
    """One file of an export: ``name`` for messages (``export.zip: conversations-001.json``),
    ``member`` its path inside the zip (``None`` for a file on disk), ``path`` the file on
    disk, ``offset`` the bytes of the export before it (for progress), ``size`` its bytes
    on disk (compressed size in a zip)."""

    name: str
    path: Path
    member: str | None
    offset: int
    size: int


class Export:
    """The export at ``path``: a file, a zip or a folder (module docstring).

    - ``parts``: the files holding conversations, in natural order (``-2`` before ``-10``);
    - ``other_files``: files of the zip or folder whose names are not those of conversation
      files (said in the report, never read);
    - ``zip_files``: zip files inside the folder or the zip: never opened (a zip is read when
      it is the export given, not from inside another), said in the report with the command
      that reads one;
    - ``total``: bytes on disk, for progress.

    Raises :class:`IngestError` (one sentence naming the file) when ``path`` is missing,
    unreadable, a damaged zip, or a zip or folder with no conversation file in it (naming the
    zip files it holds, when it holds some).
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.name = self.path.name or str(self.path)
        self.other_files: list[str] = []
        self.zip_files: list[str] = []
        self.is_zip = False
        try:
            if self.path.is_dir():
                self.parts = self._folder_parts()
            else:
                with open(self.path, "rb") as probe:
                    self.is_zip = probe.read(4) == ZIP_MAGIC
                size = self.path.stat().st_size
                self.parts = self._zip_parts() if self.is_zip else [ExportPart(self.name, self.path, None, 0, size)]
        except FileNotFoundError:
            raise IngestError(f"{self.name}: no such file.") from None
        except PermissionError:
            raise IngestError(f"{self.name} cannot be read (permission denied).") from None
        except OSError as exc:
            raise IngestError(f"{self.name} cannot be read ({exc.strerror or exc}).") from None
        self.total = max(1, sum(part.size for part in self.parts))

    def _choose(self, names: list[str]) -> tuple[list[str], list[str]]:
        """The conversation files among ``names`` (base names matched), and the others."""
        chosen = [n for n in names if CONVERSATION_FILE.match(n.rsplit("/", 1)[-1])]
        if not chosen:
            candidates = [n for n in names if _JSON_FILE.search(n)]
            chosen = candidates if len(candidates) == 1 else []
        others = [n for n in names if n not in chosen]
        return sorted(chosen, key=_natural), others

    def _set_aside_zips(self, others: list[str], is_zip: Callable[[str], bool]) -> None:
        """Split the files not read into :attr:`zip_files` and :attr:`other_files`."""
        self.zip_files = [name for name in others if is_zip(name)]
        self.other_files = [name for name in others if name not in self.zip_files]

    def _no_conversations(self, kind: str, then: str) -> IngestError:
        """The sentence for a ``kind`` (folder, zip) with no conversation file: when it holds
        zip files, which ones and how to read one; else ``then``."""
        missing = f"{self.name} is a {kind} with no conversations.json (nor conversations-000.json …) in it"
        if not self.zip_files:
            return IngestError(f"{missing}; {then}.")
        shown = ", ".join(quoted(name, 62) for name in self.zip_files[:3])
        more = f" and {len(self.zip_files) - 3:,} more" if len(self.zip_files) > 3 else ""
        where = (
            f"give memtrust ingest that zip file itself ({self.path / self.zip_files[0]})"
            if kind == "folder"
            else ("take it out of this zip and give memtrust ingest that zip file itself")
        )
        return IngestError(
            f"{missing}; it holds {'a zip file' if len(self.zip_files) == 1 else 'zip files'}, which memtrust does "
            f"not open from inside a {kind}: {shown}{more}; {where}."
        )

    def _folder_parts(self) -> list[ExportPart]:
        names = sorted(entry.name for entry in self.path.iterdir() if entry.is_file())
        chosen, others = self._choose(names)
        self._set_aside_zips(others, lambda name: _starts_as_zip(self.path / name))
        if not chosen:
            raise self._no_conversations("folder", "give the export file or the folder that holds it")
        parts, offset = [], 0
        for name in chosen:
            size = (self.path / name).stat().st_size
            parts.append(ExportPart(name, self.path / name, None, offset, size))
            offset += size
        return parts

    def _zip_parts(self) -> list[ExportPart]:
        try:
            with zipfile.ZipFile(self.path) as archive:
                infos = {i.filename: i for i in archive.infolist() if not i.is_dir()}
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError) as exc:
            raise IngestError(f"{self.name} is a damaged zip file ({exc}).") from None
        names = [n for n in infos if not n.startswith("__MACOSX/")]
        chosen, others = self._choose(names)
        self._set_aside_zips(others, lambda name: name.lower().endswith(".zip"))
        if not chosen:
            raise self._no_conversations("zip", "memtrust reads the zip that ChatGPT or Claude.ai sends")
        return [ExportPart(f"{self.name}: {name}", self.path, name, 0, infos[name].compress_size) for name in chosen]

    @contextmanager
    def open(self, part: ExportPart, progress: Progress | None = None) -> Iterator[BinaryIO]:
        """Yield a binary stream of ``part``'s (decompressed) bytes; ``progress`` is called
        after each read with the bytes of the whole export consumed so far.

        Raises :class:`IngestError` when the part cannot be read, is a damaged gzip or zip
        stream, or a password-protected zip member.
        """
        try:
            raw = open(part.path, "rb")  # noqa: SIM115 - closed by the reporter below
        except OSError as exc:
            raise IngestError(f"{part.name} cannot be read ({exc.strerror or exc}).") from None
        reporter = _PositionReporter(raw, 0 if self.is_zip else part.offset, self.total, progress)
        try:
            if part.member is None:
                yield _decoded(io.BufferedReader(reporter))
                return
            with zipfile.ZipFile(cast(IO[bytes], reporter)) as archive:
                try:
                    member = archive.open(part.member)
                except RuntimeError as exc:  # an encrypted member
                    raise IngestError(f"{part.name} cannot be read ({exc}).") from None
                with member:
                    yield _decoded(member)
        except zipfile.BadZipFile as exc:
            raise IngestError(f"{part.name} is a damaged zip file ({exc}).") from None
        except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
            kind = "zip" if part.member is not None else "gzip"
            raise IngestError(f"{part.name} is a damaged {kind} file ({exc}).") from None
        finally:
            reporter.close()


def _starts_as_zip(path: Path) -> bool:
    """Whether the file at ``path`` is a zip by its first bytes (or its name, when it cannot
    be read: it is not read either way)."""
    try:
        with open(path, "rb") as probe:
            return probe.read(4) in (ZIP_MAGIC, b"PK\x05\x06")
    except OSError:
        return path.name.lower().endswith(".zip")


@contextmanager
def open_export(path: str | os.PathLike[str], progress: Progress | None = None) -> Iterator[BinaryIO]:
    """Open the first conversation file of the export at ``path`` (a file, a zip or a folder)
    and yield a binary stream of its decompressed bytes: what format detection sniffs.

    Raises :class:`IngestError` as :class:`Export` and :meth:`Export.open` do.
    """
    export = Export(path)
    with export.open(export.parts[0], progress) as stream:
        yield stream
