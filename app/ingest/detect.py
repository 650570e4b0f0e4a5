"""Recognising an export's format from its first bytes (DESIGN.md §6).

Only the start of the export is read (the first conversation file of a zip or folder): the
keys of the first item of a JSON array, of a lone JSON object (one saved conversation), or
of the first line of a JSONL file. Anything else is refused with one sentence that says what
memtrust reads — and a memtrust export given to ``ingest`` is told to use ``memtrust import``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any, BinaryIO, Literal

import ijson

from memtrust.app.ingest.files import Export
from memtrust.store.errors import IngestError
from memtrust.store.nesting import MAX_NESTING, too_deep_sentence
from memtrust.store.quoting import quoted

Format = Literal["chatgpt", "claude", "jsonl"]
FORMATS: tuple[Format, ...] = ("chatgpt", "claude", "jsonl")
#: Each format in words, for sentences.
FORMAT_NAMES: dict[str, str] = {"chatgpt": "ChatGPT", "claude": "Claude.ai", "jsonl": "JSON Lines"}

SUPPORTED = (
    "memtrust reads a ChatGPT or Claude.ai export (the .zip, its conversations.json, or one "
    "conversation), or JSON Lines of {conversation_id, role, content, timestamp}"
)

#: Top-level fields of a conversation object that identify each JSON format.
CHATGPT_FIELDS = frozenset({"mapping", "current_node"})
CLAUDE_FIELDS = frozenset({"chat_messages"})
#: Fields every JSONL line must have (``timestamp`` is optional).
JSONL_FIELDS = ("conversation_id", "role", "content")
#: Top-level fields of a memtrust export (DESIGN.md §9): it is restored, not ingested.
MEMTRUST_EXPORT_FIELDS = frozenset({"memories", "audit"})

_WHITESPACE = b" \t\r\n"
#: How wide (terminal cells, marks included) a field name of the file is shown in a sentence.
FIELD_CELLS = 40


def format_named(name: str) -> Format:
    """The export format called ``name`` (``chatgpt``, ``claude`` or ``jsonl``); raises
    :class:`IngestError` for any other name."""
    for known in FORMATS:
        if name == known:
            return known
    raise IngestError(f"Unknown format {name!r}; use chatgpt, claude or jsonl.")


def conversation_format(item: object) -> Format | None:
    """``"chatgpt"`` or ``"claude"`` for a parsed conversation object of that shape, else ``None``."""
    if not isinstance(item, dict):
        return None
    if CHATGPT_FIELDS & item.keys():
        return "chatgpt"
    if CLAUDE_FIELDS & item.keys():
        return "claude"
    return None


def detect_format(path: str | os.PathLike[str]) -> Format:
    """Return ``"chatgpt"``, ``"claude"`` or ``"jsonl"`` for the export at ``path`` (a file,
    a zip or a folder of shards; gzip read transparently).

    A JSON array whose first object has ``mapping``/``current_node`` is ChatGPT, one with
    ``chat_messages`` is Claude.ai; a lone JSON object with those fields is one conversation
    of that format; objects one per line with ``conversation_id``, ``role`` and ``content``
    are JSONL.

    Raises :class:`IngestError` with one sentence naming the file when it is empty,
    malformed, nested deeper than :data:`store.nesting.MAX_NESTING`, a memtrust export (use
    ``memtrust import``), or in any other shape (an OpenAssistant or hh-rlhf file, say).
    """
    export = Export(path)
    part = export.parts[0]
    name = part.name
    with export.open(part) as stream:
        first = _first_significant_byte(stream)
        if first is None:
            raise IngestError(f"{name} is empty; {SUPPORTED}.")
        if first not in (b"[", b"{"):
            raise IngestError(f"{name} is not a JSON or JSON Lines file; {SUPPORTED}.")
        try:
            return _sniff(stream, name, array=first == b"[")
        except ijson.JSONError as exc:
            raise IngestError(f"{name} is not valid JSON ({first_line(exc)}).") from None
        except UnicodeDecodeError:
            raise IngestError(f"{name} is not UTF-8 text.") from None


def _first_significant_byte(stream: BinaryIO) -> bytes | None:
    """Skip leading whitespace and return (without consuming) the first other byte."""
    while True:
        chunk = stream.peek(64)  # type: ignore[attr-defined]
        if not chunk:
            return None
        stripped = chunk.lstrip(_WHITESPACE)
        if stripped:
            return stripped[:1]
        stream.read(len(chunk) - len(stripped) or len(chunk))


def _sniff(stream: BinaryIO, name: str, *, array: bool) -> Format:
    """Read the keys of the first object (the array's first item, or the document itself)."""
    events = ijson.basic_parse(stream, multiple_values=True)
    depth = 0
    keys: list[str] = []
    object_depth = 2 if array else 1
    for event, value in events:
        if event in ("start_map", "start_array"):
            depth += 1
            if depth > MAX_NESTING:
                raise IngestError(too_deep_sentence(name))
        elif event in ("end_map", "end_array"):
            depth -= 1
            if array and depth == 0:
                raise IngestError(f"{name} is an empty list with no conversations in it.")
            if depth == object_depth - 1:
                return _decide(keys, name, array=array, more=array or _more(events))
        elif event == "map_key" and depth == object_depth:
            keys.append(value)
            if value in CHATGPT_FIELDS:
                return "chatgpt"
            if value in CLAUDE_FIELDS:
                return "claude"
            if not array and value in MEMTRUST_EXPORT_FIELDS:
                raise IngestError(
                    f"{name} is a memtrust export, not a conversation export; use memtrust import to restore it."
                )
        elif array and depth == 1:
            break  # a bare value as the first item
    raise IngestError(
        f"{name} is a JSON list, but its first item has neither ChatGPT's fields "
        f"(mapping, current_node) nor Claude.ai's (chat_messages); {SUPPORTED}."
    )


def _more(events: Iterator[tuple[str, Any]]) -> bool:
    """Whether anything follows the first JSON value: another value, or text that is not JSON —
    a bad line of a JSON Lines file, which its reader then names by number."""
    try:
        return next(events, None) is not None
    except ijson.JSONError:
        return True


def _decide(keys: list[str], name: str, *, array: bool, more: bool) -> Format:
    """The format of a first object that named no ChatGPT or Claude.ai field."""
    if array:
        raise IngestError(
            f"{name} is a JSON list, but its first item has neither ChatGPT's fields "
            f"(mapping, current_node) nor Claude.ai's (chat_messages); {SUPPORTED}."
        )
    if all(field in keys for field in JSONL_FIELDS):
        return "jsonl"
    if not more:
        raise IngestError(f"{name} is one JSON object, but not a conversation; {SUPPORTED}.")
    found = (
        ", ".join(quoted(key, FIELD_CELLS) for key in keys[:5]) + (", …" if len(keys) > 5 else "")
        if keys
        else "no fields"
    )
    missing = [field for field in JSONL_FIELDS if field not in keys]
    lacking = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + f" and {missing[-1]}"
    raise IngestError(
        f"{name} is JSON Lines, but its lines lack {lacking} "
        f"(they have {found}); convert it to lines of "
        "{conversation_id, role, content, timestamp}."
    )


def first_line(exc: BaseException) -> str:
    """The first line of a parser's message, for a one-sentence error."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def format_name(format: str) -> str:
    """``ChatGPT``, ``Claude.ai`` or ``JSON Lines`` for a format name."""
    return FORMAT_NAMES.get(format, format)


__all__ = [
    "CHATGPT_FIELDS",
    "CLAUDE_FIELDS",
    "FORMATS",
    "JSONL_FIELDS",
    "SUPPORTED",
    "Format",
    "conversation_format",
    "detect_format",
    "first_line",
    "format_name",
    "format_named",
]
