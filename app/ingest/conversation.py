"""The format-independent conversation model that every export reader produces (DESIGN.md §6).

Readers (:mod:`app.ingest.chatgpt`, :mod:`app.ingest.claude`, :mod:`app.ingest.jsonl`) turn
an export into :class:`Conversation` objects made of :class:`Turn` objects; detectors read
only this model, never the raw export. All times are timezone-aware UTC (§2).

A message's identity is (source, conversation id, message id) — :func:`message_ref` — never
the file it came in nor its position (§6): re-downloading, renaming or re-sharding an export
keeps every identity. Where the export gives no id, :class:`ContentIds` derives a stable one
from the content with a keyed hash, so the identity never spells the words.
"""

from __future__ import annotations

import hashlib
import hmac
import math
from collections import Counter
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
    - ``source``: the export format it came from (``chatgpt``, ``claude``, ``jsonl``), part
      of the message's identity (:attr:`ref`); empty for turns built by hand.
    """

    conversation_id: str
    message_id: str
    role: Role
    text: str
    at: datetime | None
    source: str = ""

    @property
    def ref(self) -> str:
        """This message's identity: :func:`message_ref` of its source, conversation and id."""
        return message_ref(self.source, self.conversation_id, self.message_id)


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

    ``created_at`` is aware UTC or ``None``; ``title`` is ``None`` when the export has none;
    ``source`` is the export format (``chatgpt``, ``claude``, ``jsonl``), empty when built by
    hand.
    """

    id: str
    title: str | None
    created_at: datetime | None
    turns: list[Turn] = field(default_factory=list)
    custom_instructions: list[CustomInstruction] = field(default_factory=list)
    source: str = ""


def message_ref(source: str, conversation_id: str, message_id: str) -> str:
    """A message's identity and source ref (§2, §6): ``"<source>:<conversation id>/<message id>"``.

    ``source`` is the export format (``chatgpt``, ``claude``, ``jsonl``); without one the ref
    is ``"<conversation id>/<message id>"``. Neither the file name nor a position is part of
    it, so the same message keeps its identity however the export is named, split or
    downloaded again.
    """
    return f"{source}:{conversation_id}/{message_id}" if source else f"{conversation_id}/{message_id}"


#: The prefix of an id derived from content (:class:`ContentIds`), never an export's own id.
CONTENT_ID_PREFIX = "h-"
#: The key of content ids when no store gives one (reading an export without a store).
DEFAULT_CONTENT_ID_KEY = b"memtrust content id"


class ContentIds:
    """Stable ids for conversations and messages that the export gives none (§6).

    An id is ``"h-"`` plus 20 hex digits of an HMAC-SHA-256, keyed by ``key`` (each store
    keeps its own, so an id cannot be used to test guesses of the words), over the parts
    given. The same content always gets the same id; :meth:`message` numbers repeats of the
    same content within one conversation ("yes", then "yes" again) so each keeps its own.
    One instance serves one conversation's messages (its repeat counter is per conversation).
    """

    def __init__(self, key: bytes | None = None) -> None:
        self._key = key or DEFAULT_CONTENT_ID_KEY
        self._repeats: Counter[str] = Counter()

    def of(self, *parts: object) -> str:
        """The id of content made of ``parts`` (strings, times, numbers; ``None`` allowed)."""
        text = "\x1f".join("" if part is None else str(part) for part in parts)
        digest = hmac.new(self._key, text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()
        return CONTENT_ID_PREFIX + digest[:20]

    def message(self, role: str, at: datetime | None, text: str) -> str:
        """The id of a message without one: from its role, time and text, plus its repeat count."""
        base = self.of("message", role, at.isoformat() if at else None, text)
        self._repeats[base] += 1
        count = self._repeats[base]
        return base if count == 1 else f"{base}-{count}"

    def conversation(self, created_at: object, first_message: str | None) -> str:
        """The id of a conversation without one: from its creation time and first message
        (what stays the same when the conversation is continued and exported again)."""
        return self.of("conversation", created_at, first_message)


@dataclass
class ReadTally:
    """What reading an export skipped, counted by kind, so the report can say it in words (§6).

    ``skipped`` counts by kind: ``role:<name>`` (a message not from the user or the
    assistant: tool, developer, function…), ``branch`` (a message on a branch that was
    edited or regenerated away from), ``content:<type>`` (a part memtrust does not read:
    images, files, model thinking…), ``hidden`` (a hidden system message), ``other`` (an
    item that is not a conversation). ``other_files`` names the files of a zip or folder
    whose names are not those of conversation files, ``zip_files`` the zip files inside it
    (neither is read); ``parts`` the ones that were read.
    """

    skipped: Counter[str] = field(default_factory=Counter)
    other_files: list[str] = field(default_factory=list)
    zip_files: list[str] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)

    def skip(self, kind: str, count: int = 1) -> None:
        """Count ``count`` skipped items of ``kind``."""
        if count:
            self.skipped[kind] += count


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
