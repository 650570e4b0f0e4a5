"""Language of the user's turns → ``locale.language`` (DESIGN.md §6), via ``langdetect``.

``langdetect`` (a port of Google's language-detection, pinned in pyproject.toml) does the
detecting; it is made deterministic with ``DetectorFactory.seed = 0``. Detection costs a few
milliseconds per text, so rather than every turn of a 200 MB export this detector keeps a
uniform **reservoir sample** of :data:`SAMPLE_SIZE` user turns (seeded, so the same file
gives the same sample), each cut to :data:`SAMPLE_CHARS` characters: bounded memory and
bounded time whatever the export's size. Turns with fewer than :data:`MIN_LETTERS` letters
("ok", "thanks") are not sampled — too short to tell.

The value is the language's English name in lowercase (``english``, ``french``), the form
the explicit "reply in French" pattern uses, or the ISO 639-1 code for a language without
one here. Confidence is the Wilson lower bound (z=1) of the leading language's share of the
sampled turns detected with probability ≥ :data:`MIN_PROBABILITY`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from langdetect import DetectorFactory, LangDetectException, detect_langs

from memtrust.app.detectors.base import EvidenceLog, ImplicitDetector, prose, user_turns, wilson_lower
from memtrust.app.ingest.conversation import Conversation, Turn
from memtrust.store.model import Proposal

DetectorFactory.seed = 0

SAMPLE_SIZE = 300
SAMPLE_CHARS = 400
MIN_LETTERS = 15
MIN_PROBABILITY = 0.8
MIN_SAMPLES = 3

LANGUAGE_NAMES = {
    "en": "english", "fr": "french", "de": "german", "es": "spanish", "it": "italian",
    "pt": "portuguese", "nl": "dutch", "sv": "swedish", "no": "norwegian", "da": "danish",
    "fi": "finnish", "pl": "polish", "cs": "czech", "el": "greek", "tr": "turkish",
    "ru": "russian", "uk": "ukrainian", "ar": "arabic", "he": "hebrew", "hi": "hindi",
    "bn": "bengali", "ur": "urdu", "ja": "japanese", "ko": "korean", "zh-cn": "chinese",
    "zh-tw": "chinese", "vi": "vietnamese", "th": "thai", "id": "indonesian", "ro": "romanian",
    "hu": "hungarian", "ca": "catalan", "fa": "persian", "sw": "swahili",
}  # fmt: skip


def detect_language(text: str) -> str | None:
    """The language of ``text`` as a lowercase English name (or ISO code), or ``None`` when
    too short or not detected with probability ≥ :data:`MIN_PROBABILITY`."""
    sample = prose(text)[:SAMPLE_CHARS]
    if sum(ch.isalpha() for ch in sample) < MIN_LETTERS:
        return None
    try:
        best = detect_langs(sample)[0]
    except LangDetectException:
        return None
    if best.prob < MIN_PROBABILITY:
        return None
    return LANGUAGE_NAMES.get(best.lang, best.lang)


class LanguageDetector(ImplicitDetector):
    """Infers the language the user writes in from a sample of their turns."""

    name = "language"
    key = "locale.language"
    threshold = 0.7
    ttl_seconds = 90 * 86_400
    description = "the language you write in"

    def __init__(self) -> None:
        super().__init__()
        self.seen = 0
        self.sample: list[tuple[str, Turn]] = []  # (text cut to SAMPLE_CHARS, turn without its text)
        self.random = random.Random(0)
        self.detected: list[str | None] = []

    def observe(self, conversation: Conversation, file_name: str) -> Iterator:
        for turn in user_turns(conversation):
            text = prose(turn.text)[:SAMPLE_CHARS]
            if sum(ch.isalpha() for ch in text) < MIN_LETTERS:
                continue
            self.seen += 1
            item = (text, Turn(turn.conversation_id, turn.message_id, turn.role, "", turn.at))
            if len(self.sample) < SAMPLE_SIZE:
                self.sample.append(item)
            else:
                slot = self.random.randrange(self.seen)
                if slot < SAMPLE_SIZE:
                    self.sample[slot] = item
        return iter(())

    def assess(self) -> tuple[str, float, Counter, int] | None:
        """(language, confidence, counts per language, sampled turns), or None."""
        if len(self.sample) < MIN_SAMPLES:
            return None
        self.detected = [detect_language(text) for text, _turn in self.sample]
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
        matching = [turn for (_text, turn), found in zip(self.sample, self.detected, strict=False) if found == language]
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
