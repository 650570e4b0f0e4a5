"""Ingestion: conversation exports → a format-independent, streamed model (DESIGN.md §6).

Data flows one way (§1): export file → :func:`read_conversations` (this package) →
:mod:`app.detectors` (proposals) → store admission. Nothing here decides what is stored.

Public API::

    detect_format(path) -> "chatgpt" | "claude" | "jsonl"
    read_conversations(path, format=None, progress=None, tally=None, id_key=None) -> Iterator[Conversation]
    message_ref(source, conversation_id, message_id) -> "<source>:<conversation>/<message>"
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import ijson

from memtrust.app.ingest.chatgpt import conversation_from_chatgpt
from memtrust.app.ingest.claude import conversation_from_claude
from memtrust.app.ingest.conversation import (
    ContentIds,
    Conversation,
    CustomInstruction,
    ReadTally,
    Role,
    Turn,
    message_ref,
    to_utc,
)
from memtrust.app.ingest.detect import (
    FORMATS,
    Format,
    conversation_format,
    detect_format,
    first_line,
    format_name,
    format_named,
)
from memtrust.app.ingest.files import Export, ExportPart, Progress
from memtrust.app.ingest.jsonl import read_jsonl
from memtrust.app.ingest.jsonstream import NotAContainer, TooDeep, top_level_items
from memtrust.store.errors import IngestError
from memtrust.store.nesting import too_deep_sentence
from memtrust.store.quoting import quoted

__all__ = [
    "FORMATS",
    "ContentIds",
    "Conversation",
    "CustomInstruction",
    "Export",
    "Format",
    "Progress",
    "ReadTally",
    "Role",
    "Turn",
    "detect_format",
    "format_name",
    "message_ref",
    "read_conversations",
    "to_utc",
]


def read_conversations(
    path: str | os.PathLike[str],
    format: str | None = None,
    progress: Progress | None = None,
    *,
    tally: ReadTally | None = None,
    id_key: bytes | None = None,
) -> Iterator[Conversation]:
    """Yield the conversations of the export at ``path``, one at a time, in file order.

    - ``path``: a file (JSON, JSONL, gzip), a ``.zip`` as ChatGPT and Claude.ai send it, or a
      folder; a zip or folder is read as one export from its ``conversations.json`` or its
      shards ``conversations-000.json`` … (:class:`Export`).
    - ``format``: ``"chatgpt"``, ``"claude"`` or ``"jsonl"``; detected with
      :func:`detect_format` when ``None``. A format given for an export detected as another
      is refused at once.
    - ``progress``: optional ``progress(bytes_read, total_bytes)``, called as the export is
      read (bytes on disk; compressed bytes for a zip or gzip).
    - ``tally``: counts what was skipped (:class:`ReadTally`), for the report.
    - ``id_key``: the key of content ids for what has no id (:class:`ContentIds`).

    The export is streamed, so memory is bounded by the largest single conversation, not
    the file size; nesting deeper than :data:`store.nesting.MAX_NESTING` is refused.

    Raises :class:`IngestError` (one sentence naming the file): at once for an unknown
    format name, an unrecognised export, or a format that does not match it; while
    iterating, naming the conversation, for malformed or too deeply nested JSON, a damaged
    zip or gzip stream (possibly after some conversations were yielded, if the damage lies
    further on), and at the end when no conversation of the format was found.
    """
    given = format_named(format) if format is not None else None
    export = Export(path)
    detected = _detected(path) if given is not None else detect_format(path)
    if given is not None and detected is not None and detected != given:
        raise IngestError(
            f"{export.name} is a {format_name(detected)} export, not {format_name(given)}; "
            f"leave out --format or use --format {detected}."
        )
    chosen = given or detected
    assert chosen is not None  # detect_format raised otherwise
    return _stream(export, chosen, progress, tally if tally is not None else ReadTally(), id_key)


def _detected(path: str | os.PathLike[str]) -> Format | None:
    """The detected format, or ``None`` when detection refuses the export (the reader then
    tries the format given and says what it found)."""
    try:
        return detect_format(path)
    except IngestError:
        return None


def _stream(
    export: Export, format: Format, progress: Progress | None, tally: ReadTally, id_key: bytes | None
) -> Iterator[Conversation]:
    """The lazy part of :func:`read_conversations`: each part, parsed, errors translated."""
    tally.other_files.extend(export.other_files)
    tally.zip_files.extend(export.zip_files)
    found = 0
    for part in export.parts:
        tally.parts.append(part.name)
        with export.open(part, progress) as stream:
            if format == "jsonl":
                try:
                    for conversation in read_jsonl(stream, part.name, tally, id_key):
                        found += 1
                        yield conversation
                except UnicodeDecodeError:
                    raise IngestError(f"{part.name} is not UTF-8 text.") from None
                continue
            for conversation in _json_part(stream, part, format, tally, id_key):
                found += 1
                yield conversation
    if not found:
        raise IngestError(
            f"{export.name} has no {format_name(format)} conversation in it; {_found_instead(tally)}"
            "check the file, or leave out --format."
        )


def _found_instead(tally: ReadTally) -> str:
    other = tally.skipped.get("other", 0)
    return f"its {other:,} {'item is' if other == 1 else 'items are'} of another kind; " if other else ""


def _json_part(
    stream: Any, part: ExportPart, format: Format, tally: ReadTally, id_key: bytes | None
) -> Iterator[Conversation]:
    """The conversations of one JSON part (an array of them, or one object)."""
    index = 0
    last: str | None = None
    items = top_level_items(stream)
    end = object()
    while True:
        try:
            raw = next(items, end)
        except TooDeep:
            raise IngestError(too_deep_sentence(part.name, _where(index + 1, last))) from None
        except NotAContainer:
            raise IngestError(f"{part.name} is not a list of conversations nor one conversation.") from None
        except ijson.JSONError as exc:
            raise IngestError(f"{part.name} is not valid JSON {_where(index + 1, last)} ({first_line(exc)}).") from None
        except UnicodeDecodeError:
            raise IngestError(f"{part.name} is not UTF-8 text {_where(index + 1, last)}.") from None
        if raw is end:
            return
        index += 1
        if not isinstance(raw, dict) or conversation_format(raw) != format:
            tally.skip("other")
            continue
        try:
            if format == "chatgpt":
                conversation = conversation_from_chatgpt(raw, tally, id_key)
            else:
                conversation = conversation_from_claude(raw, tally, id_key)
        except Exception as exc:  # one odd conversation names itself instead of a traceback
            raise IngestError(
                f"{part.name}: conversation {index:,} ({_title(raw)}) could not be read "
                f"({type(exc).__name__}: {quoted(str(exc), TITLE_CELLS)})."
            ) from None
        last = conversation.title or conversation.id
        yield conversation


#: How wide (terminal cells, marks included) a conversation's title is shown in a sentence.
TITLE_CELLS = 62


def _title(raw: Any) -> str:
    """A conversation's title (or id) quoted as data (DESIGN.md §8: the export's words can
    neither close memtrust's quotation marks nor start a line of their own), or ``untitled``."""
    title = raw.get("title") or raw.get("name") or raw.get("id") or raw.get("uuid") if isinstance(raw, dict) else None
    return quoted(str(title), TITLE_CELLS) if title else "untitled"


def _where(number: int, last: str | None) -> str:
    """``at conversation 57 (after “Trip planning”)``, the title quoted as data."""
    after = f" (after {quoted(last, TITLE_CELLS)})" if last else ""
    return f"at conversation {number:,}{after}"
