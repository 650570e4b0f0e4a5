"""Reading a Claude.ai ``conversations.json`` export (DESIGN.md §6).

The export is a JSON array of conversations ``{uuid, name, created_at, chat_messages}``.
Traps handled here:

- ``chat_messages`` is not always in time order: turns are sorted by ``created_at``; a
  prompt and its reply often share the same time, so at equal times the user's turn comes
  first (otherwise file order is kept: the sort is stable);
- newer exports put the text in ``content``: a list of parts with ``type`` ``text``,
  ``thinking``, ``tool_use``, ``tool_result``…; only ``text`` parts are the conversation.
  Older exports only have a ``text`` field, used when there is no text part;
- ``sender`` is ``human`` or ``assistant``; ``human`` becomes ``user``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from typing import Any, BinaryIO

import ijson

from memtrust.app.ingest.conversation import Conversation, Role, Turn, to_utc

SENDERS: Mapping[str, Role] = {"human": "user", "user": "user", "assistant": "assistant"}

_UNKNOWN_TIME = datetime.min.replace(tzinfo=UTC)


def read_claude(stream: BinaryIO) -> Iterator[Conversation]:
    """Yield each conversation of a Claude.ai export, one at a time, from a binary stream.

    Streams with ``ijson`` (one conversation in memory at a time). Raises ``ijson.JSONError``
    on malformed JSON; the caller turns it into :class:`store.errors.IngestError`.
    """
    for raw in ijson.items(stream, "item", use_float=True):
        if isinstance(raw, dict):
            yield conversation_from_claude(raw)


def conversation_from_claude(raw: Mapping[str, Any]) -> Conversation:
    """Build a :class:`Conversation` from one parsed Claude.ai conversation, turns in time order."""
    conversation_id = str(raw.get("uuid") or raw.get("id") or "")
    name = raw.get("name")
    turns: list[Turn] = []
    messages = raw.get("chat_messages")
    for position, message in enumerate(messages if isinstance(messages, list) else []):
        if not isinstance(message, dict):
            continue
        role = SENDERS.get(str(message.get("sender")))
        text = message_text(message)
        if role is None or not text.strip():
            continue
        turns.append(
            Turn(
                conversation_id=conversation_id,
                message_id=str(message.get("uuid") or message.get("id") or position),
                role=role,
                text=text,
                at=to_utc(message.get("created_at")),
            )
        )
    # Claude.ai often gives a prompt and its reply the same created_at: the prompt goes first.
    turns.sort(key=lambda turn: (turn.at or _UNKNOWN_TIME, turn.role != "user"))
    return Conversation(
        id=conversation_id,
        title=name if isinstance(name, str) and name.strip() else None,
        created_at=to_utc(raw.get("created_at")),
        turns=turns,
    )


def message_text(message: Mapping[str, Any]) -> str:
    """The conversation text of one Claude.ai message.

    The ``text`` parts of ``content`` joined by blank lines when there are any (never the
    ``thinking`` or tool parts); otherwise the older shape's ``text`` field; else ``""``.
    """
    content = message.get("content")
    if isinstance(content, list):
        texts = [
            part["text"]
            for part in content
            if isinstance(part, dict)
            and part.get("type") == "text"
            and isinstance(part.get("text"), str)
            and part["text"].strip()
        ]
        if texts:
            return "\n\n".join(texts)
    text = message.get("text")
    return text if isinstance(text, str) else ""
