"""The format-independent conversation model that every export reader produces (DESIGN.md §6).

Readers (:mod:`app.ingest.chatgpt`, :mod:`app.ingest.claude`, :mod:`app.ingest.jsonl`) turn
an export into :class:`Conversation` objects made of :class:`Turn` objects; detectors read
only this model, never the raw export. All times are timezone-aware UTC (§2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal

Role = Literal["user", "assistant", "system"]

InstructionKind = Literal["about_user", "about_model", "custom_instructions"]


@dataclass(frozen=True)
class Turn:
    """One visible message of a conversation.

    - ``conversation_id`` / ``message_id``: the ids the export gives (used in source refs).
    - ``role``: ``user``, ``assistant`` or ``system`` (Claude's ``human`` becomes ``user``).
    - ``text``: the message text only (no images, tool calls or model "thinking").
    - ``at``: when it was written, aware UTC, or ``None`` when the export has no time.
    """

    conversation_id: str
    message_id: str
    role: Role
    text: str
    at: datetime | None


@dataclass(frozen=True)
class CustomInstruction:
    """ChatGPT custom instructions found in a conversation (DESIGN.md §6).

    - ``kind``: ``about_user`` ("What would you like ChatGPT to know about you?"),
      ``about_model`` ("How would you like ChatGPT to respond?"), or
      ``custom_instructions`` when the export does not say which box the text came from.
    - ``text``: what the user typed, without ChatGPT's own preamble.
    - ``message_id``: the hidden message that carried it (for the source ref).
    """

    kind: InstructionKind
    text: str
    message_id: str


@dataclass
class Conversation:
    """One conversation: its visible turns in reading order, plus any custom instructions.

    ``created_at`` is aware UTC or ``None``; ``title`` is ``None`` when the export has none.
    """

    id: str
    title: str | None
    created_at: datetime | None
    turns: list[Turn] = field(default_factory=list)
    custom_instructions: list[CustomInstruction] = field(default_factory=list)


def message_ref(file_name: str, conversation_id: str, message_id: str) -> str:
    """The source ref of one message: ``"<file name>#<conversation id>/<message id>"`` (§2).

    ``file_name`` is the export's base name (not its full path), so a ref stays the same when
    the same export is ingested again from another folder.
    """
    return f"{file_name}#{conversation_id}/{message_id}"


def to_utc(value: object) -> datetime | None:
    """Read an export timestamp as an aware UTC datetime, or ``None`` when absent or unreadable.

    Accepts epoch numbers (seconds; values above 1e11 are taken as milliseconds, as some
    JSONL writers use) and ISO 8601 strings (``Z`` or an offset; a string without an offset is
    taken as UTC, since exports write UTC). Never raises: a bad time only loses the time.
    """
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        seconds = float(value)
        if not math.isfinite(seconds):
            return None
        if abs(seconds) > 1e11:
            seconds /= 1000.0
        try:
            return datetime.fromtimestamp(seconds, UTC)
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        try:
            return to_utc(float(text))
        except ValueError:
            pass
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
        except ValueError:
            return None
        if moment.tzinfo is None:
            return moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC)
    return None
