"""Reading a Claude.ai ``conversations.json`` export (DESIGN.md §6).

The export is a JSON array of conversations ``{uuid, name, created_at, chat_messages,
current_leaf_message_uuid}``. Traps handled here:

- ``chat_messages`` is a tree: each message names its ``parent_message_uuid``, and editing
  a prompt or retrying a reply starts a sibling branch. Only the branch the user last saw
  counts, found by following ``current_leaf_message_uuid`` back to the root (as ChatGPT's
  reader follows ``current_node``); without it, the branch ends at the latest leaf. The
  messages of other branches are counted, never read;
- older exports have no parent links and list ``chat_messages`` not always in time order:
  turns are then sorted by ``created_at``; a prompt and its reply often share the same time,
  so at equal times the user's turn comes first (otherwise file order is kept);
- newer exports put the text in ``content``: a list of parts with ``type`` ``text``,
  ``voice_note`` (the words of a voice message, the user's own), ``thinking``,
  ``tool_use``, ``tool_result``…; only ``text`` and voice parts are the conversation.
  Older exports only have a ``text`` field, used when there is no such part. Attachments
  are material the user brought, not their words: counted, never read;
- ``sender`` is ``human`` or ``assistant``; ``human`` becomes ``user``;
- a conversation or message without a ``uuid`` gets a stable id from its content
  (:class:`ContentIds`), never its position.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from memtrust.app.ingest.conversation import ContentIds, Conversation, ReadTally, Role, Turn, to_utc

SENDERS: Mapping[str, Role] = {"human": "user", "user": "user", "assistant": "assistant"}
#: Content part types that carry what was said.
TEXT_PART_TYPES = frozenset({"text"})
VOICE_PART_TYPES = frozenset({"voice_note"})
#: Where a voice part keeps its words, in the order tried.
VOICE_TEXT_FIELDS = ("text", "transcript", "transcription")

_UNKNOWN_TIME = datetime.min.replace(tzinfo=UTC)


def conversation_from_claude(
    raw: Mapping[str, Any], tally: ReadTally | None = None, id_key: bytes | None = None
) -> Conversation:
    """Build a :class:`Conversation` from one parsed Claude.ai conversation: the visible
    branch in reading order (module docstring). Whatever is left out is counted in
    ``tally``; ``id_key`` keys the content ids of what has no ``uuid``."""
    tally = tally if tally is not None else ReadTally()
    ids = ContentIds(id_key)
    name = raw.get("name")
    listed = raw.get("chat_messages")
    messages = [m for m in (listed if isinstance(listed, list) else []) if isinstance(m, dict)]
    branch = _visible_branch(messages, raw.get("current_leaf_message_uuid"))
    if branch is None:
        chosen = messages
    else:
        chosen = branch
        on_branch = {id(m) for m in branch}
        tally.skip("branch", sum(1 for m in messages if id(m) not in on_branch and str(m.get("sender")) in SENDERS))
    conversation_id = str(raw.get("uuid") or raw.get("id") or "")
    if not conversation_id:
        first = next((message_text(m) for m in chosen if SENDERS.get(str(m.get("sender"))) == "user"), None)
        conversation_id = ids.conversation(raw.get("created_at"), first)
    turns: list[Turn] = []
    for message in chosen:
        sender = str(message.get("sender"))
        role = SENDERS.get(sender)
        if role is None:
            tally.skip(f"role:{sender}")
            continue
        text = message_text(message, tally)
        if not text.strip():
            continue
        at = to_utc(message.get("created_at"))
        message_id = str(message.get("uuid") or message.get("id") or "") or ids.message(role, at, text)
        turns.append(
            Turn(
                conversation_id=conversation_id,
                message_id=message_id,
                role=role,
                text=text,
                at=at,
                source="claude",
            )
        )
    if branch is None:
        # Claude.ai often gives a prompt and its reply the same created_at: the prompt goes first.
        turns.sort(key=lambda turn: (turn.at or _UNKNOWN_TIME, turn.role != "user"))
    return Conversation(
        id=conversation_id,
        title=name if isinstance(name, str) and name.strip() else None,
        created_at=to_utc(raw.get("created_at")),
        turns=turns,
        source="claude",
    )


def _visible_branch(messages: list[dict[str, Any]], leaf: object) -> list[dict[str, Any]] | None:
    """The messages from the root to the visible leaf, in reading order; ``None`` for an
    export without parent links (older exports: every message is on the one branch).

    The leaf is ``current_leaf_message_uuid`` when it names a message; else the childless
    message with the latest ``created_at`` (the last listed on ties). A parent cycle or a
    parent not in the export ends the walk (the root's parent is a placeholder uuid).
    """
    if not any("parent_message_uuid" in m for m in messages):
        return None
    by_uuid = {str(m["uuid"]): m for m in messages if m.get("uuid")}
    current = by_uuid.get(leaf) if isinstance(leaf, str) else None
    if current is None:
        parents = {str(m.get("parent_message_uuid")) for m in messages}
        leaves = [m for m in messages if str(m.get("uuid")) not in parents]
        best: tuple[datetime, int] | None = None
        for position, message in enumerate(leaves):
            key = (to_utc(message.get("created_at")) or _UNKNOWN_TIME, position)
            if best is None or key >= best:
                best, current = key, message
    branch: list[dict[str, Any]] = []
    seen: set[int] = set()
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        branch.append(current)
        current = by_uuid.get(str(current.get("parent_message_uuid")))
    branch.reverse()
    return branch


def message_text(message: Mapping[str, Any], tally: ReadTally | None = None) -> str:
    """The conversation text of one Claude.ai message.

    The ``text`` and voice parts of ``content`` joined by blank lines when there are any
    (never the ``thinking`` or tool parts, which ``tally`` counts); otherwise the older
    shape's ``text`` field; else ``""``. Attachments are counted, never read.
    """
    texts: list[str] = []
    content = message.get("content")
    for part in content if isinstance(content, list) else []:
        if not isinstance(part, dict):
            continue
        kind = part.get("type")
        if kind in TEXT_PART_TYPES:
            words = part.get("text")
        elif kind in VOICE_PART_TYPES:
            words = next((part[f] for f in VOICE_TEXT_FIELDS if isinstance(part.get(f), str)), None)
        else:
            if tally is not None:
                tally.skip(f"content:{kind or 'unknown'}")
            continue
        if isinstance(words, str) and words.strip():
            texts.append(words)
    if tally is not None:
        for field, kind in (("attachments", "content:attachment"), ("files", "content:file")):
            attached = message.get(field)
            tally.skip(kind, len(attached) if isinstance(attached, list) else 0)
    if texts:
        return "\n\n".join(texts)
    text = message.get("text")
    return text if isinstance(text, str) else ""
