"""Reading a plain JSON Lines transcript (DESIGN.md §6).

One JSON object per line: ``{"conversation_id", "role", "content", "timestamp"}``;
``timestamp`` is optional and may be ISO 8601 or epoch seconds (or milliseconds);
``message_id`` (or ``id``) is used when present, otherwise the message gets a stable id from
its content (:class:`ContentIds`) — never its line number, so the same message keeps its
identity when lines are added, removed or reordered. ``role`` is ``user``, ``assistant``
or ``system`` (``human`` is read as ``user``); any other role (``developer``, ``tool``,
``function``, …) is not the user's words nor the assistant's reply: the line is skipped
and counted, never fatal. ``content`` is a string, or a list of strings or
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

from memtrust.app.ingest.conversation import ContentIds, Conversation, ReadTally, Role, Turn, to_utc
from memtrust.store.errors import IngestError
from memtrust.store.nesting import nesting_exceeds, too_deep_sentence

ROLES: Mapping[str, Role] = {
    "user": "user",
    "human": "user",
    "assistant": "assistant",
    "system": "system",
}


def read_jsonl(
    stream: BinaryIO, name: str, tally: ReadTally | None = None, id_key: bytes | None = None
) -> Iterator[Conversation]:
    """Yield conversations from a JSONL stream, grouping consecutive lines by conversation id.

    ``name`` is the file name, used in error messages; ``tally`` counts the lines skipped
    for their role; ``id_key`` keys content ids. Blank lines are skipped. Raises
    :class:`IngestError` naming the file and line for a line that is not a JSON object,
    lacks ``conversation_id``/``role``/``content``, or nests too deep.
    """
    tally = tally if tally is not None else ReadTally()
    current: Conversation | None = None
    current_key: object = None
    ids = ContentIds(id_key)
    for number, raw_line in enumerate(stream, start=1):
        line = raw_line.strip()
        if not line:
            continue
        record = _record(line, name, number)
        key = record["conversation_id"]
        if current is not None and current_key != key:
            yield current
            current = None
        if current is None:
            ids = ContentIds(id_key)
            current_key = key
            title = record.get("title")
            conversation_id = (
                str(key)
                if key not in (None, "")
                else ids.conversation(record.get("timestamp"), _content_text(record["content"]))
            )
            current = Conversation(
                id=conversation_id,
                title=title if isinstance(title, str) and title.strip() else None,
                created_at=None,
                source="jsonl",
            )
        turn = _turn(record, current.id, ids, tally)
        if turn is None:
            continue
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
    except RecursionError:
        raise IngestError(too_deep_sentence(name, f"(line {number})")) from None
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise IngestError(f"{name}, line {number}, is not valid JSON.") from None
    if nesting_exceeds(record):
        raise IngestError(too_deep_sentence(name, f"(line {number})"))
    if not isinstance(record, dict):
        raise IngestError(f"{name}, line {number}, is not a JSON object.")
    missing = [field for field in ("conversation_id", "role", "content") if field not in record]
    if missing:
        raise IngestError(f"{name}, line {number}, lacks {', '.join(missing)}.")
    return record


def _turn(record: Mapping[str, Any], conversation_id: str, ids: ContentIds, tally: ReadTally) -> Turn | None:
    """The :class:`Turn` of one JSONL record, or ``None`` (counted, so the summary says it) for
    a role that is neither the user's nor the assistant's, or a ``content`` that is neither text
    nor a list of parts (``123``)."""
    raw_role = str(record["role"]).strip().lower()
    role = ROLES.get(raw_role)
    if role is None:
        tally.skip(f"role:{raw_role}")
        return None
    if not isinstance(record["content"], str | list):  # a number, an object: no words to read
        tally.skip("content:not-text")
        return None
    text = _content_text(record["content"])
    at = to_utc(record.get("timestamp"))
    given = record.get("message_id", record.get("id"))
    return Turn(
        conversation_id=conversation_id,
        message_id=str(given) if given not in (None, "") else ids.message(role, at, text),
        role=role,
        text=text,
        at=at,
        source="jsonl",
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
