"""Language of the user's turns → ``locale.language`` (DESIGN.md §6), via lingua.

`lingua-language-detector <https://github.com/pemistahl/lingua-rs>`_ (offline, deterministic,
models shipped in the wheel) tells the language, limited to :data:`LANGUAGES`: the five
languages memtrust reads requests in (English, Dutch, German, French, Spanish) and two near
neighbours (Italian, Portuguese) so that their speakers are not taken for Spanish or French.
Its low-accuracy mode (trigram models, about a tenth of a second to load) is accurate on the
texts it is given here: samples of up to :data:`SAMPLE_CHARS` characters with at least
:data:`MIN_LETTERS` letters.

Rather than every turn of a 200 MB export this detector keeps a uniform **reservoir sample**
of :data:`SAMPLE_SIZE` user turns (Li's "Algorithm L", seeded, so the same file gives the same
sample): a turn costs a length check and a counter unless it is drawn into the sample, and
the sample is detected in one call at the end, in parallel. Bounded memory, bounded time.

The value is the language's English name in lowercase (``english``, ``french``), the form the
explicit "reply in French" pattern uses. Confidence is the Wilson lower bound (z=1) of the
leading language's share of the sampled turns, counting as undetermined a turn whose best
language has a lingua confidence under :data:`MIN_PROBABILITY`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache

from lingua import Language, LanguageDetectorBuilder
from lingua import LanguageDetector as LinguaDetector

from memtrust.app.detectors.base import EvidenceLog, ImplicitDetector, prose, wilson_lower
from memtrust.app.ingest.conversation import Conversation, Turn
from memtrust.store.model import Proposal

SAMPLE_SIZE = 300
SAMPLE_CHARS = 240
#: Letters a sampled turn needs ("ok", "thanks" are too short to tell).
MIN_LETTERS = 15
MIN_PROBABILITY = 0.8
MIN_SAMPLES = 3

#: The languages told apart, by the name the value uses.
LANGUAGES: dict[Language, str] = {
    Language.ENGLISH: "english",
    Language.DUTCH: "dutch",
    Language.GERMAN: "german",
    Language.FRENCH: "french",
    Language.SPANISH: "spanish",
    Language.ITALIAN: "italian",
    Language.PORTUGUESE: "portuguese",
}


@cache
def _lingua() -> LinguaDetector:
    """The lingua detector for :data:`LANGUAGES`, built once per process."""
    return LanguageDetectorBuilder.from_languages(*LANGUAGES).with_low_accuracy_mode().build()


def _kept(turn: Turn, text: str) -> tuple[str, Turn]:
    """What the sample keeps of a turn whose prose is ``text``: that cut to
    :data:`SAMPLE_CHARS`, and the turn without its text (for the evidence)."""
    return text[:SAMPLE_CHARS], Turn(turn.conversation_id, turn.message_id, turn.role, "", turn.at)


def _sample_text(text: str) -> str | None:
    """The part of a turn that is detected (code blocks removed, cut to :data:`SAMPLE_CHARS`),
    or ``None`` when it has fewer than :data:`MIN_LETTERS` letters."""
    sample = prose(text)[:SAMPLE_CHARS]
    return sample if sum(ch.isalpha() for ch in sample) >= MIN_LETTERS else None


def detect_languages(texts: list[str]) -> list[str | None]:
    """The language of each text as a lowercase English name, or ``None`` when it is too short
    or its best language has confidence under :data:`MIN_PROBABILITY`; one parallel call."""
    results: list[str | None] = [None] * len(texts)
    kept = [(index, sample) for index, text in enumerate(texts) if (sample := _sample_text(text)) is not None]
    values = _lingua().compute_language_confidence_values_in_parallel([sample for _, sample in kept])
    for (index, _), ranked in zip(kept, values, strict=True):
        if ranked and ranked[0].value >= MIN_PROBABILITY:
            results[index] = LANGUAGES[ranked[0].language]
    return results


class LanguageDetector(ImplicitDetector):
    """Infers the language the user writes in from a sample of their turns."""

    name = "language"
    key = "locale.language"
    threshold = 0.7
    ttl_seconds = 90 * 86_400
    description = "the language you write in"

    def __init__(self) -> None:
        super().__init__()
        self.seen = 0  # user turns long enough to be sampled
        self.sample: list[tuple[str, Turn]] = []  # (text cut to SAMPLE_CHARS, turn without its text)
        self.random = random.Random(0)
        self._weight = math.exp(math.log(self.random.random()) / SAMPLE_SIZE)
        self._next = SAMPLE_SIZE + int(math.log(self.random.random()) / math.log(1 - self._weight))
        self.detected: list[str | None] = []

    def observe(self, conversation: Conversation, file_name: str) -> Iterator:
        reading = self.read(conversation)
        if len(self.sample) == SAMPLE_SIZE:
            # The sample is full: unless the next turn to draw is among this conversation's,
            # only the count moves on.
            eligible = [turn for turn in reading.turns if len(turn.text) >= MIN_LETTERS]
            if self.seen + len(eligible) <= self._next:
                self.seen += len(eligible)
                return iter(())
        for index, turn in enumerate(reading.turns):
            if len(turn.text) < MIN_LETTERS:  # cannot hold enough letters: never sampled
                continue
            self.seen += 1
            if len(self.sample) < SAMPLE_SIZE:
                self.sample.append(_kept(turn, reading.texts[index]))
            elif self.seen > self._next:  # Algorithm L: the next turn to draw was chosen ahead
                self.sample[self.random.randrange(SAMPLE_SIZE)] = _kept(turn, reading.texts[index])
                self._weight *= math.exp(math.log(self.random.random()) / SAMPLE_SIZE)
                self._next = self.seen + int(math.log(self.random.random()) / math.log(1 - self._weight))
        return iter(())

    def assess(self) -> tuple[str, float, Counter, int] | None:
        """(language, confidence, counts per language, sampled turns), or None."""
        if len(self.sample) < MIN_SAMPLES:
            return None
        self.detected = detect_languages([text for text, _turn in self.sample])
        counts = Counter(language or "undetermined" for language in self.detected)
        detected = sum(n for lang, n in counts.items() if lang != "undetermined")
        leaders = [(lang, n) for lang, n in counts.most_common() if lang != "undetermined"]
        if not leaders or detected < MIN_SAMPLES:
            return None
        language, n = leaders[0]
        return language, wilson_lower(n, len(self.sample)), counts, len(self.sample)

    def propose(self) -> Iterator[Proposal]:
        assessed = self.assess()
        if assessed is None:
            return
        language, confidence, counts, sampled = assessed
        log = EvidenceLog()
        matching = [turn for (_text, turn), found in zip(self.sample, self.detected, strict=True) if found == language]
        matching.sort(key=lambda turn: (turn.at is None, turn.at.timestamp() if turn.at else 0.0))
        for turn in matching:
            log.add(self.file_name or "", turn)
        summary = (
            f"{counts[language]} of {sampled} sampled messages of yours (of {self.seen}) are in {language.capitalize()}"
        )
        yield self.proposal(
            language,
            confidence,
            {"counts": {"sampled": sampled, "messages": self.seen, **dict(counts)}, "summary": summary},
            log,
        )
