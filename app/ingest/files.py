"""Opening an export file as a byte stream: gzip read transparently, progress reported.

Readers never load a whole export: they get a binary stream from :func:`open_export` and
parse it incrementally (``ijson`` for JSON arrays, line by line for JSONL), so memory stays
bounded for exports of hundreds of MB (DESIGN.md §6).
"""

from __future__ import annotations

import gzip
import io
import os
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from memtrust.store.errors import IngestError

Progress = Callable[[int, int], None]
"""Called as ``progress(bytes_read, total_bytes)``; both count bytes of the file on disk
(compressed bytes for a ``.gz`` file), so ``bytes_read / total_bytes`` is the share done."""

GZIP_MAGIC = b"\x1f\x8b"
UTF8_BOM = b"\xef\xbb\xbf"


class _CountingReader(io.RawIOBase):
    """A read-only wrapper that reports how many bytes of the underlying file were read."""

    def __init__(self, raw: BinaryIO, total: int, progress: Progress | None) -> None:
        self._raw = raw
        self._total = total
        self._progress = progress
        self._done = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        count = self._raw.readinto(buffer)  # type: ignore[attr-defined]
        if count:
            self._done += count
            if self._progress is not None:
                self._progress(self._done, self._total)
        return count or 0

    def close(self) -> None:
        self._raw.close()
        super().close()


@contextmanager
def open_export(path: str | os.PathLike[str], progress: Progress | None = None) -> Iterator[BinaryIO]:
    """Open ``path`` for streaming and yield a binary stream of its (decompressed) bytes.

    A gzip file is recognised by its magic bytes, whatever its name, and decompressed on the
    fly; a leading UTF-8 byte-order mark is skipped. ``progress`` is called after each read.

    Raises :class:`IngestError` when the file is missing, is a directory, or cannot be read.
    """
    file_path = Path(path)
    try:
        total = file_path.stat().st_size
        raw = open(file_path, "rb")  # noqa: SIM115 - closed by the counting reader below
    except FileNotFoundError:
        raise IngestError(f"{file_path.name}: no such file.") from None
    except IsADirectoryError:
        raise IngestError(f"{file_path.name} is a folder, not an export file.") from None
    except OSError as exc:
        raise IngestError(f"{file_path.name} cannot be read ({exc.strerror or exc}).") from None
    counted = io.BufferedReader(_CountingReader(raw, total, progress))
    try:
        stream: io.BufferedReader[_CountingReader] | gzip.GzipFile = counted
        if counted.peek(2)[:2] == GZIP_MAGIC:
            stream = gzip.GzipFile(fileobj=counted, mode="rb")
        if stream.peek(3)[:3] == UTF8_BOM:
            stream.read(3)
        yield stream  # type: ignore[misc]
    except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
        raise IngestError(f"{file_path.name} is a damaged gzip file ({exc}).") from None
    finally:
        counted.close()
