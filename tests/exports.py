"""Small exports written by the tests themselves, in the shapes ChatGPT and Claude.ai deliver
(DESIGN.md §6): no personal data, every word made up here.

- :func:`chatgpt_conversation` — one ChatGPT conversation (``mapping`` tree, ``current_node``)
  from a list of ``(role, text)`` turns, or of ready ``content`` dicts for other part types;
- :func:`claude_conversation` — one Claude.ai conversation (``chat_messages`` with
  ``parent_message_uuid`` links and ``current_leaf_message_uuid``);
- :func:`write_zip` — a zip holding named members, as the export e-mails deliver.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

#: A time near the tests' fixed clock (2 Mar 2026 12:00 UTC): one day before it.
RECENT = 1_772_366_400


def chatgpt_conversation(
    conversation_id: str | None,
    turns: list[tuple[str, Any]],
    *,
    title: str = "Chat",
    start: float = RECENT,
    step: float = 60,
) -> dict[str, Any]:
    """A ChatGPT conversation whose visible branch is ``turns`` (role, text or content dict)."""
    mapping: dict[str, Any] = {"root": {"id": "root", "parent": None, "children": [], "message": None}}
    parent = "root"
    for index, (role, body) in enumerate(turns):
        node = f"{conversation_id or 'x'}-n{index}"
        content = body if isinstance(body, dict) else {"content_type": "text", "parts": [body]}
        mapping[node] = {
            "id": node,
            "parent": parent,
            "children": [],
            "message": {
                "id": node,
                "author": {"role": role},
                "create_time": start + index * step,
                "content": content,
                "metadata": {},
                "recipient": "all",
            },
        }
        mapping[parent]["children"].append(node)
        parent = node
    conversation: dict[str, Any] = {"title": title, "create_time": start, "mapping": mapping, "current_node": parent}
    if conversation_id is not None:
        conversation["id"] = conversation_id
    return conversation


def claude_message(
    uuid: str | None, sender: str, text: str, parent: str | None, at: str, **extra: Any
) -> dict[str, Any]:
    """One Claude.ai chat message (newer shape: ``content`` parts)."""
    message: dict[str, Any] = {
        "sender": sender,
        "created_at": at,
        "content": [{"type": "text", "text": text}],
        "text": text,
        "parent_message_uuid": parent or "00000000-0000-4000-8000-000000000000",
        **extra,
    }
    if uuid is not None:
        message["uuid"] = uuid
    return message


def claude_conversation(
    conversation_id: str | None, messages: list[dict[str, Any]], *, leaf: str | None, name: str = "Chat"
) -> dict[str, Any]:
    """One Claude.ai conversation holding ``messages`` (a tree), ``leaf`` its visible end."""
    conversation: dict[str, Any] = {
        "name": name,
        "created_at": messages[0]["created_at"] if messages else "2026-03-01T09:00:00Z",
        "chat_messages": messages,
    }
    if leaf is not None:
        conversation["current_leaf_message_uuid"] = leaf
    if conversation_id is not None:
        conversation["uuid"] = conversation_id
    return conversation


def write_json(path: Path, data: Any) -> Path:
    """Write ``data`` as JSON to ``path``; return ``path``."""
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def write_zip(path: Path, members: dict[str, Any]) -> Path:
    """A zip of JSON (dict/list values) or text (str values) members; return ``path``."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data if isinstance(data, str) else json.dumps(data))
    return path
