"""Reading a ChatGPT ``conversations.json`` export (DESIGN.md §6).

The export is a JSON array of conversations. Each conversation holds a ``mapping`` of nodes
``{id, parent, children, message}`` forming a tree: editing a prompt or regenerating an
answer adds a sibling branch. Only the branch the user last saw counts, found by following
``current_node`` → ``parent`` back to the root. Traps handled here:

- ``message`` may be ``null`` (the root node); ``create_time`` may be ``null``;
- ``content.parts`` may hold non-text parts (image pointers as dicts): only strings are kept,
  and the words of voice messages (``audio_transcription`` parts, the user's own words);
- tool calls, tool output, browsing and reasoning (``thoughts``) are not conversation text;
- hidden system messages carry the custom instructions, in one of two shapes:
  ``content_type == "user_editable_context"`` with ``user_profile`` / ``user_instructions``,
  or ``metadata.user_context_message_data`` with ``about_user_message`` /
  ``about_model_message``. Both are captured as :class:`CustomInstruction`;
- a conversation without an ``id`` gets a stable one from its content (:class:`ContentIds`).

Everything left out is counted in a :class:`ReadTally` (by role, content type, branch), so
the ingest report can say it in words.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from memtrust.app.ingest.conversation import (
    ContentIds,
    Conversation,
    CustomInstruction,
    InstructionKind,
    ReadTally,
    Role,
    Turn,
    to_utc,
)

#: Content types whose ``parts`` are what the user or the model wrote.
TEXT_CONTENT_TYPES = frozenset({"text", "multimodal_text"})
#: Part types (in ``multimodal_text``) that carry words: a voice message's transcription.
VOICE_PART_TYPES = frozenset({"audio_transcription"})
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


def conversation_from_chatgpt(
    raw: Mapping[str, Any], tally: ReadTally | None = None, id_key: bytes | None = None
) -> Conversation:
    """Build a :class:`Conversation` from one parsed ChatGPT conversation object.

    Only nodes on the visible branch (``current_node`` back to the root) are read; the
    others, and every message or part left out, are counted in ``tally``. ``id_key`` keys
    the content ids of a conversation without an ``id`` (:class:`ContentIds`).
    """
    tally = tally if tally is not None else ReadTally()
    ids = ContentIds(id_key)
    title = raw.get("title")
    conversation = Conversation(
        id=str(raw.get("id") or raw.get("conversation_id") or ""),
        title=title if isinstance(title, str) and title.strip() else None,
        created_at=to_utc(raw.get("create_time")),
        source="chatgpt",
    )
    mapping = raw.get("mapping")
    if not isinstance(mapping, dict):
        if not conversation.id:
            conversation.id = ids.conversation(raw.get("create_time"), None)
        return conversation
    branch = visible_branch(mapping, raw.get("current_node"))
    on_branch = set(branch)
    tally.skip("branch", sum(1 for node_id, node in mapping.items() if node_id not in on_branch and _said(node)))
    for node_id in branch:
        message = mapping[node_id].get("message")
        if not isinstance(message, dict):
            continue
        message_id = str(message.get("id") or node_id)
        instructions = list(_custom_instructions(message, message_id))
        if instructions:
            conversation.custom_instructions.extend(instructions)
            continue  # the carrier message is settings, not something said in the chat
        turn = _turn(message, conversation.id, message_id, tally)
        if turn is not None:
            conversation.turns.append(turn)
    if not conversation.id:
        first = next((t.text for t in conversation.turns if t.role == "user"), None)
        conversation.id = ids.conversation(raw.get("create_time"), first)
        conversation.turns = [replace(turn, conversation_id=conversation.id) for turn in conversation.turns]
    return conversation


def _said(node: object) -> bool:
    """Whether a mapping node holds a message someone said (not the empty root, not hidden)."""
    if not isinstance(node, dict) or not isinstance(node.get("message"), dict):
        return False
    message = node["message"]
    author = _object(message, "author")
    metadata = _object(message, "metadata")
    return author.get("role") in ("user", "assistant") and not metadata.get("is_visually_hidden_from_conversation")


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


def _turn(message: Mapping[str, Any], conversation_id: str, message_id: str, tally: ReadTally) -> Turn | None:
    """The visible text turn of a message, or ``None`` (counted in ``tally``) for hidden,
    tool or non-text messages; empty messages are dropped uncounted (nothing was said)."""
    author = _object(message, "author")
    raw_role = str(author.get("role"))
    role = ROLES.get(raw_role)
    metadata = _object(message, "metadata")
    content = _object(message, "content")
    if role is None:
        tally.skip(f"role:{raw_role}")
        return None
    if metadata.get("is_visually_hidden_from_conversation") or metadata.get("is_user_system_message"):
        tally.skip("hidden")
        return None
    if message.get("recipient") not in (None, "all"):
        tally.skip("content:tool_call")  # a call addressed to a tool, not to the user
        return None
    content_type = str(content.get("content_type"))
    if content_type not in TEXT_CONTENT_TYPES:
        tally.skip(f"content:{content_type}")
        return None
    parts = _array(content, "parts")
    texts = []
    for part in parts:
        if isinstance(part, str):
            if part.strip():
                texts.append(part)
        elif isinstance(part, dict) and part.get("content_type") in VOICE_PART_TYPES:
            spoken = part.get("text")
            if isinstance(spoken, str) and spoken.strip():
                texts.append(spoken)
        elif isinstance(part, dict):
            tally.skip(f"content:{part.get('content_type') or 'unknown'}")
    text = "\n".join(texts)
    if not text.strip():
        return None
    return Turn(
        conversation_id=conversation_id,
        message_id=message_id,
        role=role,
        text=text,
        at=to_utc(message.get("create_time")),
        source="chatgpt",
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
