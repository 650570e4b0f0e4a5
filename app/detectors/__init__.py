"""Detectors: conversations → proposals; they never write, only the store admits (DESIGN.md §1, §6).

- :mod:`app.detectors.intents` — explicit formation ("remember …", "forget …", ChatGPT
  custom instructions); always on.
- Implicit detectors, one small unit each with its own key, threshold, evidence and TTL;
  they run only with implicit learning on (§3.2):

  ============================  ======================  =========  ========
  detector                      key                     threshold  TTL
  ============================  ======================  =========  ========
  reply_length                  style.answer_length     0.50       60 days
  activity_hours (fragile)      locale.timezone         0.35       30 days
  topics                        interests.topics        0.75       60 days
  language                      locale.language         0.70       90 days
  ============================  ======================  =========  ========

There is deliberately no "infer everything" entry point: :data:`DEFAULT_DETECTORS` lists
the units, and :func:`default_detectors` makes a fresh, empty instance of each for one
ingest (detectors keep bounded per-file state between conversations).
"""

from __future__ import annotations

from memtrust.app.detectors.activity_hours import ActivityHoursDetector
from memtrust.app.detectors.base import Contradiction, ImplicitDetector
from memtrust.app.detectors.language import LanguageDetector
from memtrust.app.detectors.reply_length import ReplyLengthDetector
from memtrust.app.detectors.topics import TopicsDetector

#: The implicit detectors the pipeline and ``memtrust ingest`` use when learning is on.
DEFAULT_DETECTORS: tuple[type[ImplicitDetector], ...] = (
    ReplyLengthDetector,
    ActivityHoursDetector,
    TopicsDetector,
    LanguageDetector,
)


def default_detectors() -> list[ImplicitDetector]:
    """A fresh instance of each of :data:`DEFAULT_DETECTORS`, for one ingest."""
    return [factory() for factory in DEFAULT_DETECTORS]


__all__ = [
    "DEFAULT_DETECTORS",
    "ActivityHoursDetector",
    "Contradiction",
    "ImplicitDetector",
    "LanguageDetector",
    "ReplyLengthDetector",
    "TopicsDetector",
    "default_detectors",
]
