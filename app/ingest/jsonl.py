"""Reading a plain JSON Lines transcript (DESIGN.md §6).

One JSON object per line: ``{"conversation_id", "role", "content", "timestamp"}``;
``timestamp`` is optional and may be ISO 8601 or epoch seconds (or milliseconds);
``message_id`` (or ``id``) is used when present, otherwise the line number is the id
(``line-<n>``, counting from 1). ``role`` is ``user``, ``assistant`` or ``system``
(``human`` is read as ``user``). ``content`` is a string, or a list of strings or
``{"type": "text", "text": …}`` parts.

Memory stays bounded: **consecutive** lines with the same ``conversation_id`` form one
:class:`Conversation`, which is yielded as soon as a line of another conversation starts.
A conversation whose lines are split across the file therefore comes out as several
``Conversation`` objects with the same id; detectors treat them independently.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO

from memtrust.app.ingest.conversation import Conversation, Role, Turn, to_utc
from memtrust.store.errors import IngestError

ROLES: Mapping[str, Role] = {
    "user": "user",
    "human": "user",
    "assistant": "assistant",
    "system": "system",
}


def read_jsonl(stream: BinaryIO, name: str) -> Iterator[Conversation]:
    """Yield conversations from a JSONL stream, grouping consecutive lines by conversation id.

    ``name`` is the file name, used in error messages. Blank lines are skipped.
    Raises :class:`IngestError` naming the file and line for a line that is not a JSON
    object, lacks ``conversation_id``/``role``/``content``, or has an unknown role.
    """
    current: Conversation | None = None
    for number, raw_line in enumerate(stream, start=1):
        line = raw_line.strip()
        if not line:
            continue
        record = _record(line, name, number)
        conversation_id = str(record["conversation_id"])
        if current is not None and current.id != conversation_id:
            yield current
            current = None
        if current is None:
            title = record.get("title")
            current = Conversation(
                id=conversation_id,
                title=title if isinstance(title, str) and title.strip() else None,
                created_at=None,
            )
        turn = _turn(record, conversation_id, name, number)
        if current.created_at is None:
            current.created_at = turn.at
        if turn.text.strip():
            current.turns.append(turn)
    if current is not None:
        yield current


def _record(line: bytes, name: str, number: int) -> Mapping[str, Any]:
    """Parse one line into a JSON object holding the required fields."""
    try:
        record = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise IngestError(f"{name}, line {number}, is not valid JSON.") from None
    if not isinstance(record, dict):
        raise IngestError(f"{name}, line {number}, is not a JSON object.")
    missing = [field for field in ("conversation_id", "role", "content") if field not in record]
    if missing:
        raise IngestError(f"{name}, line {number}, lacks {', '.join(missing)}.")
    return record


def _turn(record: Mapping[str, Any], conversation_id: str, name: str, number: int) -> Turn:
    """The :class:`Turn` of one JSONL record."""
    role = ROLES.get(str(record["role"]).strip().lower())
    if role is None:
        raise IngestError(f"{name}, line {number}, has role {record['role']!r}; use user, assistant or system.")
    message_id = record.get("message_id", record.get("id"))
    return Turn(
        conversation_id=conversation_id,
        message_id=str(message_id) if message_id is not None else f"line-{number}",
        role=role,
        text=_content_text(record["content"]),
        at=to_utc(record.get("timestamp")),
    )


def _content_text(content: object) -> str:
    """Text of a ``content`` field: a string, or the text of a list of parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = []
        for part in content:
            if isinstance(part, str):
                texts.append(part)
            elif isinstance(part, dict) and part.get("type", "text") == "text":
                text = part.get("text")
                if isinstance(text, str):
                    texts.append(text)
        return "\n".join(texts)
    return ""
