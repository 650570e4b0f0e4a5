"""What every implicit detector shares (DESIGN.md §3.3, §4, §6): the shape, bounded evidence.

An implicit detector is one small unit that watches an export go by and, at the end, may
propose **one** key (its own) with its own confidence threshold and default TTL. It never
writes: the pipeline gives its proposals to the store, whose admission (§3) decides.

The protocol, kept deliberately narrow:

- ``detector(conversation, file_name, reading)`` is called once per conversation, in file
  order, with the pipeline's shared :class:`~app.detectors.reading.ConversationReading` of
  it (made here when not given), so that what every detector reads — the user's turns,
  their prose, times and folded words — is worked out once, not once per detector. It
  records what it needs (bounded: counters and a capped sample of message refs, never the
  conversations themselves) and returns at once any :class:`Contradiction` it sees (a user
  turn that contradicts an inference, e.g. "actually, give me the long version").
- ``detector.finish()`` returns the proposals for the whole file (zero or one per detector).

A plain callable ``(conversation, file_name) -> iterable`` is also accepted by the pipeline
(it then has no ``finish``). Detectors are stateful: make a fresh one per ingest
(:func:`app.detectors.default_detectors`).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from memtrust.app.detectors.reading import ConversationReading, count_words, prose
from memtrust.app.ingest.conversation import Conversation, Turn, message_ref
from memtrust.store.model import DEFAULT_SCOPE, Proposal

#: How many message refs an evidence dict keeps (a sample: the first and the latest ones).
MAX_REFS = 12
#: An inference is never certain: implicit confidence is capped below explicit's 1.0.
MAX_IMPLICIT_CONFIDENCE = 0.95


@dataclass(frozen=True)
class Contradiction:
    """A user turn that contradicts an inference (§6): the pipeline withdraws the inferred
    row ``(scope, key, value)`` unless it was seen again after this turn.

    - ``source_ref``: the contradicting message's identity (:attr:`Turn.ref`).
    - ``at``: when it was written, epoch seconds UTC, or ``None`` when the export has no time.
    - ``detector``: the name of the detector that noticed it.
    """

    key: str
    value: str
    source_ref: str
    at: int | None
    detector: str
    scope: str = DEFAULT_SCOPE


class EvidenceLog:
    """Bounded evidence for one inference: a count, a capped sample of message refs (the
    first ones and a rolling window of the latest), and first/last seen (epoch seconds UTC).

    Memory is O(:data:`MAX_REFS`) whatever the size of the export.
    """

    __slots__ = ("_last_conversation", "conversations", "count", "first_refs", "first_seen", "last_refs", "last_seen")

    def __init__(self) -> None:
        self.count = 0
        self.first_refs: list[str] = []
        # (source, conversation, message) until read: never the turn, whose text may be long
        self.last_refs: deque[str | tuple[str, str, str]] = deque(maxlen=MAX_REFS // 2)
        self.first_seen: int | None = None
        self.last_seen: int | None = None
        self.conversations = 0
        self._last_conversation: str | None = None

    def add(self, file_name: str, turn: Turn, at: int | None = None) -> None:
        """Record one signal from ``turn``; ``at`` is its time in epoch seconds (UTC) when the
        caller has it already (:attr:`~app.detectors.reading.ConversationReading.epochs`)."""
        self.count += 1
        if turn.conversation_id != self._last_conversation:
            self.conversations += 1
            self._last_conversation = turn.conversation_id
        # A ref is the message's identity (source, conversation, message), never the file name (§6).
        if len(self.first_refs) < MAX_REFS // 2:
            self.first_refs.append(message_ref(turn.source, turn.conversation_id, turn.message_id))
        else:  # spelled out only if it is still among the latest at the end
            self.last_refs.append((turn.source, turn.conversation_id, turn.message_id))
        if at is None:
            if turn.at is None:
                return
            at = int(turn.at.timestamp())  # turns carry aware UTC times (app.ingest.to_utc)
        if self.first_seen is None or at < self.first_seen:
            self.first_seen = at
        if self.last_seen is None or at > self.last_seen:
            self.last_seen = at

    def add_many(self, file_name: str, turns: Sequence[Turn], epochs: Sequence[int | None]) -> None:
        """:meth:`add` for each of ``turns`` (all of one conversation, in reading order) at once;
        ``epochs`` holds each one's time in epoch seconds (UTC), or ``None`` to read it from
        the turn."""
        if not turns:
            return
        self.count += len(turns)
        conversation = turns[0].conversation_id
        if conversation != self._last_conversation:
            self.conversations += 1
            self._last_conversation = conversation
        half = MAX_REFS // 2
        room = half - len(self.first_refs)
        if room > 0:
            self.first_refs += [message_ref(t.source, t.conversation_id, t.message_id) for t in turns[:room]]
        self.last_refs.extend([(t.source, t.conversation_id, t.message_id) for t in turns[max(room, 0) :][-half:]])
        known = [at for at in epochs if at is not None]
        if len(known) < len(turns):  # the turns' own times, where the caller had none
            known += [int(t.at.timestamp()) for t, at in zip(turns, epochs, strict=True) if at is None and t.at]
        if known:
            low, high = min(known), max(known)
            if self.first_seen is None or low < self.first_seen:
                self.first_seen = low
            if self.last_seen is None or high > self.last_seen:
                self.last_seen = high

    @property
    def refs(self) -> list[str]:
        """The sampled message refs, first ones then latest ones."""
        return [
            *self.first_refs,
            *(ref if isinstance(ref, str) else message_ref(*ref) for ref in self.last_refs),
        ]


class ImplicitDetector:
    """Base class: one detector, one key, its own threshold and TTL (§3.3, §4).

    Subclasses set :attr:`name`, :attr:`key`, :attr:`threshold`, :attr:`ttl_seconds`,
    implement :meth:`observe` (one conversation) and :meth:`propose` (the end of the file).
    """

    name: ClassVar[str]
    key: ClassVar[str]
    threshold: ClassVar[float]
    ttl_seconds: ClassVar[int]
    #: One sentence for the consent screen and the "why?" panel: what it infers, from what.
    description: ClassVar[str]

    def __init__(self) -> None:
        self.file_name: str | None = None
        self._reading: ConversationReading | None = None

    def __call__(
        self, conversation: Conversation, file_name: str, reading: ConversationReading | None = None
    ) -> list[Contradiction]:
        """Observe one conversation; ``reading`` is the pipeline's shared reading of it."""
        self.file_name = file_name
        self._reading = reading if reading is not None and reading.conversation is conversation else None
        return list(self.observe(conversation, file_name))

    def read(self, conversation: Conversation) -> ConversationReading:
        """The shared reading of ``conversation``: the one the pipeline gave with it, or a new one."""
        reading = self._reading
        if reading is None or reading.conversation is not conversation:
            reading = self._reading = ConversationReading(conversation)
        return reading

    def observe(self, conversation: Conversation, file_name: str) -> Iterable[Contradiction]:
        raise NotImplementedError

    def finish(self) -> list[Proposal]:
        """The proposals for everything observed (each checked against §3.1 by the store)."""
        return list(self.propose())

    def propose(self) -> Iterator[Proposal]:
        raise NotImplementedError

    def proposal(self, value: str, confidence: float, evidence: dict[str, Any], log: EvidenceLog) -> Proposal:
        """A Proposal for this detector's key, with the shared evidence fields filled in; each
        message ref once, in first-seen order (one message may be the evidence of several
        topics, or fall in both samples)."""
        refs = list(dict.fromkeys(log.refs))
        full = {
            "detector": self.name,
            **evidence,
            "message_refs": refs,
            "first_seen": log.first_seen,
            "last_seen": log.last_seen,
        }
        return Proposal(
            key=self.key,
            value=value,
            formation="implicit",
            source=f"inference:{self.name}",
            source_ref=refs[-1] if refs else self.file_name,
            confidence=round(min(MAX_IMPLICIT_CONFIDENCE, max(0.0, confidence)), 3),
            threshold=self.threshold,
            evidence=full,
            ttl_seconds=self.ttl_seconds,
        )


# --- shared text measures ----------------------------------------------------------------


def word_count(text: str) -> int:
    """Words in ``text`` outside code blocks (:func:`~app.detectors.reading.count_words`)."""
    return count_words(prose(text))


def user_turns(conversation: Conversation) -> Iterator[Turn]:
    """The user's turns with some text."""
    return (t for t in conversation.turns if t.role == "user" and t.text and not t.text.isspace())


def user_replies(conversation: Conversation) -> Iterator[Turn]:
    """The user's turns that answer an assistant turn (not the opening request)."""
    previous = None
    for turn in conversation.turns:
        if turn.role == "user" and previous == "assistant" and turn.text.strip():
            yield turn
        if turn.role != "system":
            previous = turn.role


def wilson_lower(successes: int, total: int, z: float = 1.0) -> float:
    """The Wilson score lower bound of a proportion (z=1: about a 68% interval); 0 for no data.

    Used as confidence: the same share counts for more when seen more often.
    """
    if total <= 0:
        return 0.0
    p = successes / total
    denominator = 1 + z * z / total
    centre = p + z * z / (2 * total)
    margin = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    return max(0.0, (centre - margin) / denominator)
