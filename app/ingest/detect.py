"""Recognising an export's format from its first bytes (DESIGN.md §6).

Only the start of the file is read: the first item of a JSON array, or the first line of a
JSONL file. Anything else is refused with one sentence that says what memtrust reads.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import BinaryIO, Literal

import ijson

from memtrust.app.ingest.files import open_export
from memtrust.store.errors import IngestError

Format = Literal["chatgpt", "claude", "jsonl"]
FORMATS: tuple[Format, ...] = ("chatgpt", "claude", "jsonl")


SUPPORTED = (
    "memtrust reads a ChatGPT or Claude.ai conversations.json export, or JSON Lines of "
    "{conversation_id, role, content, timestamp}"
)

#: Top-level fields of a conversation object that identify each JSON-array format.
CHATGPT_FIELDS = frozenset({"mapping", "current_node"})
CLAUDE_FIELDS = frozenset({"chat_messages"})
#: Fields every JSONL line must have (``timestamp`` is optional).
JSONL_FIELDS = ("conversation_id", "role", "content")

_WHITESPACE = b" \t\r\n"


def format_named(name: str) -> Format:
    """The export format called ``name`` (``chatgpt``, ``claude`` or ``jsonl``); raises
    :class:`IngestError` for any other name."""
    for known in FORMATS:
        if name == known:
            return known
    raise IngestError(f"Unknown format {name!r}; use chatgpt, claude or jsonl.")


def detect_format(path: str | os.PathLike[str]) -> Format:
    """Return ``"chatgpt"``, ``"claude"`` or ``"jsonl"`` for the export at ``path``.

    Sniffs the start of the file (gzip is read transparently): a JSON array whose first
    object has ``mapping``/``current_node`` is ChatGPT, one with ``chat_messages`` is Claude.ai,
    and a file whose first line is an object with ``conversation_id``, ``role`` and
    ``content`` is JSONL.

    Raises :class:`IngestError` with one sentence naming the file when the file is empty,
    malformed JSON, or in any other shape (for example an OpenAssistant or hh-rlhf file).
    """
    name = Path(path).name
    with open_export(path) as stream:
        first = _first_significant_byte(stream)
        if first is None:
            raise IngestError(f"{name} is empty; {SUPPORTED}.")
        if first == b"[":
            return _sniff_array(stream, name)
        if first == b"{":
            return _sniff_object_or_lines(stream, name)
    raise IngestError(f"{name} is not a JSON or JSON Lines file; {SUPPORTED}.")


def _first_significant_byte(stream: BinaryIO) -> bytes | None:
    """Skip leading whitespace and return (without consuming) the first other byte."""
    while True:
        chunk = stream.peek(64)  # type: ignore[attr-defined]
        if not chunk:
            return None
        stripped = chunk.lstrip(_WHITESPACE)
        if stripped:
            return stripped[:1]
        stream.read(len(chunk))


def _sniff_array(stream: BinaryIO, name: str) -> Format:
    """Decide between ChatGPT and Claude.ai from the keys of the array's first object."""
    try:
        for prefix, event, value in ijson.parse(stream):
            if prefix == "item" and event == "map_key":
                if value in CHATGPT_FIELDS:
                    return "chatgpt"
                if value in CLAUDE_FIELDS:
                    return "claude"
            elif prefix == "item" and event in ("end_map", "start_array", "string", "number"):
                break
            elif prefix == "" and event == "end_array":
                raise IngestError(f"{name} is an empty list with no conversations in it.")
    except ijson.JSONError as exc:
        raise IngestError(f"{name} is not valid JSON ({_first_line(exc)}).") from None
    raise IngestError(
        f"{name} is a JSON list, but its first item has neither ChatGPT's fields "
        f"(mapping, current_node) nor Claude.ai's (chat_messages); {SUPPORTED}."
    )


def _sniff_object_or_lines(stream: BinaryIO, name: str) -> Format:
    """A file starting with ``{``: JSONL when its first line is a whole JSON object."""
    line = stream.readline()
    try:
        record = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        record = None
    if isinstance(record, dict):
        if all(field in record for field in JSONL_FIELDS):
            return "jsonl"
        fields = list(record)
        found = ", ".join(fields[:5]) + (", …" if len(fields) > 5 else "") if fields else "no fields"
        missing = [field for field in JSONL_FIELDS if field not in record]
        lacking = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + f" and {missing[-1]}"
        raise IngestError(
            f"{name} is JSON Lines, but its lines lack {lacking} "
            f"(they have {found}); convert it to lines of "
            "{conversation_id, role, content, timestamp}."
        )
    raise IngestError(
        f"{name} is not a list of conversations nor one JSON object per line (or it is not valid JSON); {SUPPORTED}."
    )


def _first_line(exc: BaseException) -> str:
    """The first line of a parser's message, for a one-sentence error."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
