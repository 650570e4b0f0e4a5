"""Reading a ChatGPT ``conversations.json`` export (DESIGN.md §6).

The export is a JSON array of conversations. Each conversation holds a ``mapping`` of nodes
``{id, parent, children, message}`` forming a tree: editing a prompt or regenerating an
answer adds a sibling branch. Only the branch the user last saw counts, found by following
``current_node`` → ``parent`` back to the root. Traps handled here:

- ``message`` may be ``null`` (the root node); ``create_time`` may be ``null``;
- ``content.parts`` may hold non-text parts (image pointers as dicts): only strings are kept;
- tool calls, tool output, browsing and reasoning (``thoughts``) are not conversation text;
- hidden system messages carry the custom instructions, in one of two shapes:
  ``content_type == "user_editable_context"`` with ``user_profile`` / ``user_instructions``,
  or ``metadata.user_context_message_data`` with ``about_user_message`` /
  ``about_model_message``. Both are captured as :class:`CustomInstruction`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO

import ijson

from memtrust.app.ingest.conversation import Conversation, CustomInstruction, InstructionKind, Role, Turn, to_utc

#: Content types whose ``parts`` are what the user or the model wrote.
TEXT_CONTENT_TYPES = frozenset({"text", "multimodal_text"})
ROLES: Mapping[str, Role] = {"user": "user", "assistant": "assistant", "system": "system"}

#: ``user_editable_context`` fields → the box the user filled in.
EDITABLE_CONTEXT_FIELDS: Mapping[str, InstructionKind] = {
    "user_profile": "about_user",
    "user_instructions": "about_model",
}
#: ``metadata.user_context_message_data`` fields → the box the user filled in.
CONTEXT_DATA_FIELDS: Mapping[str, InstructionKind] = {
    "about_user_message": "about_user",
    "about_model_message": "about_model",
}

FENCE = "```"


def read_chatgpt(stream: BinaryIO) -> Iterator[Conversation]:
    """Yield each conversation of a ChatGPT export, one at a time, from a binary stream.

    Streams with ``ijson`` (one conversation in memory at a time). Raises ``ijson.JSONError``
    on malformed JSON; the caller turns it into :class:`store.errors.IngestError`.
    """
    for raw in ijson.items(stream, "item", use_float=True):
        if isinstance(raw, dict):
            yield conversation_from_chatgpt(raw)


def conversation_from_chatgpt(raw: Mapping[str, Any]) -> Conversation:
    """Build a :class:`Conversation` from one parsed ChatGPT conversation object.

    Only nodes on the visible branch (``current_node`` back to the root) are read.
    """
    conversation_id = str(raw.get("id") or raw.get("conversation_id") or "")
    title = raw.get("title")
    conversation = Conversation(
        id=conversation_id,
        title=title if isinstance(title, str) and title.strip() else None,
        created_at=to_utc(raw.get("create_time")),
    )
    mapping = raw.get("mapping")
    if not isinstance(mapping, dict):
        return conversation
    for node_id in visible_branch(mapping, raw.get("current_node")):
        message = mapping[node_id].get("message")
        if not isinstance(message, dict):
            continue
        message_id = str(message.get("id") or node_id)
        instructions = list(_custom_instructions(message, message_id))
        if instructions:
            conversation.custom_instructions.extend(instructions)
            continue  # the carrier message is settings, not something said in the chat
        turn = _turn(message, conversation_id, message_id)
        if turn is not None:
            conversation.turns.append(turn)
    return conversation


def visible_branch(mapping: Mapping[str, Any], current_node: object) -> list[str]:
    """Node ids from the root to ``current_node``, in reading order.

    When ``current_node`` is missing or unknown, the branch ends at the most recent leaf
    (greatest ``create_time``). A parent cycle or a dangling parent ends the walk.
    """
    node_id = current_node if isinstance(current_node, str) and current_node in mapping else None
    if node_id is None:
        node_id = _latest_leaf(mapping)
    branch: list[str] = []
    seen: set[str] = set()
    while isinstance(node_id, str) and node_id in mapping and node_id not in seen:
        seen.add(node_id)
        branch.append(node_id)
        node = mapping[node_id]
        node_id = node.get("parent") if isinstance(node, dict) else None
    branch.reverse()
    return [n for n in branch if isinstance(mapping[n], dict)]


def _latest_leaf(mapping: Mapping[str, Any]) -> str | None:
    """The childless node with the latest message time (the last one listed on ties)."""
    best: tuple[float, str] | None = None
    for node_id, node in mapping.items():
        if not isinstance(node, dict) or node.get("children"):
            continue
        message = _object(node, "message")
        stamp = message.get("create_time")
        key = (float(stamp) if isinstance(stamp, int | float) else 0.0, node_id)
        if best is None or key[0] >= best[0]:
            best = key
    return best[1] if best else None


def _turn(message: Mapping[str, Any], conversation_id: str, message_id: str) -> Turn | None:
    """The visible text turn of a message, or ``None`` for hidden, tool or empty messages."""
    author = _object(message, "author")
    role = ROLES.get(str(author.get("role")))
    metadata = _object(message, "metadata")
    content = _object(message, "content")
    hidden = metadata.get("is_visually_hidden_from_conversation") or metadata.get("is_user_system_message")
    if role is None or hidden:
        return None
    if message.get("recipient") not in (None, "all"):
        return None  # a call addressed to a tool, not to the user
    if content.get("content_type") not in TEXT_CONTENT_TYPES:
        return None
    parts = _array(content, "parts")
    text = "\n".join(part for part in parts if isinstance(part, str) and part.strip())
    if not text.strip():
        return None
    return Turn(
        conversation_id=conversation_id,
        message_id=message_id,
        role=role,
        text=text,
        at=to_utc(message.get("create_time")),
    )


def _custom_instructions(message: Mapping[str, Any], message_id: str) -> Iterator[CustomInstruction]:
    """Custom instructions carried by a message, in either of the two known shapes."""
    content = _object(message, "content")
    if content.get("content_type") == "user_editable_context":
        for field, kind in EDITABLE_CONTEXT_FIELDS.items():
            text = _unwrap_preamble(content.get(field))
            if text:
                yield CustomInstruction(kind=kind, text=text, message_id=message_id)
    metadata = _object(message, "metadata")
    data = metadata.get("user_context_message_data")
    if isinstance(data, dict):
        found = False
        for field, kind in CONTEXT_DATA_FIELDS.items():
            text = _plain(data.get(field))
            if text:
                found = True
                yield CustomInstruction(kind=kind, text=text, message_id=message_id)
        if not found:
            for value in data.values():
                text = _plain(value)
                if text:
                    yield CustomInstruction(kind="custom_instructions", text=text, message_id=message_id)


def _object(parent: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    """``parent[name]`` when it is a JSON object, else an empty one (exports omit or null fields)."""
    value = parent.get(name)
    return value if isinstance(value, dict) else {}


def _array(parent: Mapping[str, Any], name: str) -> list[Any]:
    """``parent[name]`` when it is a JSON array, else an empty one."""
    value = parent.get(name)
    return value if isinstance(value, list) else []


def _plain(value: object) -> str | None:
    """A non-empty string field, stripped, or ``None``."""
    if not isinstance(value, str) or not value.strip():
        return None
    return value.strip()


def _unwrap_preamble(value: object) -> str | None:
    """The user's words from a ``user_editable_context`` field.

    ChatGPT stores them as a preamble ("The user provided the following information about
    themselves…") followed by the words between ```` ``` ```` fences; the words are what lies
    between the first fence and the last one. Without fences the whole field is kept.
    """
    text = _plain(value)
    if text is None:
        return None
    start = text.find(FENCE)
    end = text.rfind(FENCE)
    if start != -1 and end > start:
        return _plain(text[start + len(FENCE) : end])
    return text
