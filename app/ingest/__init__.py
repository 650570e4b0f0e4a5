"""Ingestion: conversation exports → a format-independent, streamed model (DESIGN.md §6).

Data flows one way (§1): export file → :func:`read_conversations` (this package) →
:mod:`app.detectors` (proposals) → store admission. Nothing here decides what is stored.

Public API::

    detect_format(path) -> "chatgpt" | "claude" | "jsonl"
    read_conversations(path, format=None, progress=None) -> Iterator[Conversation]
    message_ref(file_name, conversation_id, message_id) -> "<file>#<conversation>/<message>"
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import ijson

from memtrust.app.ingest.chatgpt import read_chatgpt
from memtrust.app.ingest.claude import read_claude
from memtrust.app.ingest.conversation import Conversation, CustomInstruction, Role, Turn, message_ref, to_utc
from memtrust.app.ingest.detect import FORMATS, Format, detect_format, format_named
from memtrust.app.ingest.files import Progress, open_export
from memtrust.app.ingest.jsonl import read_jsonl
from memtrust.store.errors import IngestError

__all__ = [
    "FORMATS",
    "Conversation",
    "CustomInstruction",
    "Format",
    "Progress",
    "Role",
    "Turn",
    "detect_format",
    "message_ref",
    "read_conversations",
    "to_utc",
]


def read_conversations(
    path: str | os.PathLike[str],
    format: str | None = None,
    progress: Progress | None = None,
) -> Iterator[Conversation]:
    """Yield the conversations of the export at ``path``, one at a time, in file order.

    - ``format``: ``"chatgpt"``, ``"claude"`` or ``"jsonl"``; detected with
      :func:`detect_format` when ``None``.
    - ``progress``: optional ``progress(bytes_read, total_bytes)``, called as the file is
      read (bytes on disk; compressed bytes for gzip).

    The file is streamed (``ijson`` for JSON arrays, line by line for JSONL), so memory is
    bounded by the largest single conversation, not the file size. gzip is read transparently.

    Raises :class:`IngestError` (one sentence naming the file): at once for an unknown format
    name or an unrecognised file; while iterating for malformed JSON or a damaged gzip
    stream (possibly after some conversations were yielded, if the damage lies further on).
    """
    name = Path(path).name
    chosen = detect_format(path) if format is None else format_named(format)
    return _stream(path, name, chosen, progress)


def _stream(
    path: str | os.PathLike[str], name: str, format: Format, progress: Progress | None
) -> Iterator[Conversation]:
    """The lazy part of :func:`read_conversations`: open, parse, translate parser errors."""
    with open_export(path, progress) as stream:
        try:
            if format == "chatgpt":
                yield from read_chatgpt(stream)
            elif format == "claude":
                yield from read_claude(stream)
            else:
                yield from read_jsonl(stream, name)
        except ijson.JSONError as exc:
            detail = str(exc).strip().splitlines()[0] if str(exc).strip() else "parse error"
            raise IngestError(f"{name} is not valid JSON ({detail}).") from None
        except UnicodeDecodeError:
            raise IngestError(f"{name} is not UTF-8 text.") from None
