"""Reply length → ``style.answer_length`` (brief | detailed) (DESIGN.md §6).

Signal: the user's *replies* (turns that answer the assistant, not opening requests). A
reply of at most :data:`SHORT_WORDS` words is short; one of at least :data:`LONG_WORDS` is
long. A request for shorter answers ("too long", "tl;dr", "shorter please") counts as a
short reply; a request for more ("more detail please", "actually, give me the long
version", "elaborate") counts as a long one **and** contradicts a ``brief`` inference at
once (:class:`~app.detectors.base.Contradiction`): the pipeline withdraws it.

Confidence is the Wilson lower bound (z=1) of the winning share, so "3 of 4" is weak and
"45 of 50" is strong. ``brief`` is not proposed when a contradiction came after the last
short reply (in file order).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import ahocorasick

from memtrust.app.detectors.base import Contradiction, EvidenceLog, ImplicitDetector, wilson_lower
from memtrust.app.detectors.reading import count_words
from memtrust.app.ingest.conversation import Conversation
from memtrust.store.model import Proposal, to_epoch

SHORT_WORDS = 8
LONG_WORDS = 60
#: Replies needed before anything is proposed.
MIN_REPLIES = 3

_WANTS_MORE = re.compile(
    r"\b(?:(?:give|tell|show|write)\s+(?:me\s+)?(?:the\s+|a\s+)?(?:long|longer|full|detailed|complete)\s+"
    r"(?:version|answer|explanation|one)"
    r"|more\s+(?:detail|details|depth|in\s+depth|thorough)"
    r"|(?:in|with)\s+(?:more\s+|much\s+more\s+|greater\s+)?detail"
    r"|(?:please\s+|can\s+you\s+|could\s+you\s+)(?:elaborate|expand)"
    r"|(?:elaborate|expand)\s+(?:on|more|further)"
    r"|(?:too|so)\s+(?:short|brief|vague)"
    r"|longer\s+(?:answer|reply|response|explanation|version))\b",
)
_WANTS_LESS = re.compile(
    r"\b(?:tl;?dr|too\s+long|too\s+(?:wordy|verbose)|(?:shorter|briefer|more\s+concise)\s*(?:please|version|answer)?"
    r"|in\s+(?:one|a|two)\s+(?:sentence|line|word)s?|(?:just|only)\s+(?:the\s+)?(?:answer|short\s+version))\b",
)
# Every phrase above holds one of these words: a reply without any (most replies) needs
# neither pattern run. One Aho–Corasick pass over a lowercased reply finds them; "tl dr" is
# how "tl;dr" reads folded (the conversation's shared folded text is looked at first).
_HINTS = ahocorasick.Automaton()
for _hint in (
    "long", "full", "detail", "complete", "more", "elaborat", "expand", "short", "brief", "vague", "tl;dr", "tldr",
    "tl dr", "wordy", "verbose", "concise", "sentence", "line", "word", "answer",
):  # fmt: skip
    _HINTS.add_word(_hint, _hint)
_HINTS.make_automaton()


def _hinted(lowered: str) -> bool:
    return next(_HINTS.iter(lowered), None) is not None


class ReplyLengthDetector(ImplicitDetector):
    """Infers whether the user likes brief or detailed answers from how they reply."""

    name = "reply_length"
    key = "style.answer_length"
    threshold = 0.5
    ttl_seconds = 60 * 86_400
    description = "how long you like answers, from the length of your replies"

    def __init__(self) -> None:
        super().__init__()
        self.replies = 0
        self.short = EvidenceLog()
        self.long = EvidenceLog()
        self.asked_more = 0
        self.asked_less = 0
        self.contradicted = False

    def observe(self, conversation: Conversation, file_name: str) -> Iterator[Contradiction]:
        reading = self.read(conversation)
        replies = reading.replies
        # One look for a hint word in the user's folded words at once (a hint in a lowercased
        # reply is there too, unless it is in a code block); most conversations have none.
        any_hint = bool(replies) and (
            _hinted(reading.folded) or any("```" in reading.turns[index].text for index in replies)
        )
        turns, texts, epochs = reading.turns, reading.texts, reading.epochs
        short: list[int] = []  # the replies of each kind, given to the evidence in one call each
        long: list[int] = []
        if not any_hint:  # no reply asks for more or less: each is told by its length alone
            self.replies += len(replies)
            for index in replies:
                count = count_words(texts[index])
                if count <= SHORT_WORDS:
                    short.append(index)
                elif count >= LONG_WORDS:
                    long.append(index)
            if short:
                self.contradicted = False  # a short reply after the contradiction, in file order
        for index in replies if any_hint else ():
            turn = turns[index]
            self.replies += 1
            lowered = turn.text.lower()
            hinted = _hinted(lowered)
            if hinted and _WANTS_MORE.search(lowered):
                self.asked_more += 1
                long.append(index)
                self.contradicted = True
                at = to_epoch(turn.at) if turn.at else None
                yield Contradiction(self.key, "brief", turn.ref, at, self.name)
                continue
            count = count_words(texts[index])
            wants_less = hinted and _WANTS_LESS.search(lowered) is not None
            if wants_less or count <= SHORT_WORDS:
                self.asked_less += wants_less
                short.append(index)
                self.contradicted = False  # a short reply after the contradiction, in file order
            elif count >= LONG_WORDS:
                long.append(index)
        for log, chosen in ((self.short, short), (self.long, long)):
            if chosen:
                log.add_many(file_name, [turns[index] for index in chosen], [epochs[index] for index in chosen])

    def assess(self) -> tuple[str, float] | None:
        """The leading value and its confidence, or ``None`` with too few replies."""
        if self.replies < MIN_REPLIES:
            return None
        if self.short.count >= self.long.count:
            return "brief", wilson_lower(self.short.count, self.replies)
        return "detailed", wilson_lower(self.long.count, self.replies)

    def propose(self) -> Iterator[Proposal]:
        assessed = self.assess()
        if assessed is None:
            return
        value, confidence = assessed
        if value == "brief" and self.contradicted:
            return
        log = self.short if value == "brief" else self.long
        other = self.long if value == "brief" else self.short
        wording = f"under {SHORT_WORDS + 1} words" if value == "brief" else f"{LONG_WORDS} words or longer"
        summary = f"{log.count} of {self.replies} of your replies were {wording}"
        if value == "brief" and self.asked_less:
            summary += f", {self.asked_less} of them asking for shorter answers"
        if value == "detailed" and self.asked_more:
            summary += f", {self.asked_more} of them asking for more detail"
        yield self.proposal(
            value,
            confidence,
            {
                "counts": {
                    "replies": self.replies,
                    "short": self.short.count,
                    "long": self.long.count,
                    "asked_more": self.asked_more,
                    "asked_less": self.asked_less,
                    "conversations": log.conversations,
                },
                "other_signals": other.count,
                "summary": summary,
            },
            log,
        )
