"""The review cadence (DESIGN.md §8): how often a review is offered and when the last one was.

One home for the rule, used by the review screen's nudge, the Settings screen, the Overview
screen and the DSAR report: the interval is the setting ``review_interval_days`` (default
90, clamped to 7–365 days), and the last review is the setting ``last_review_at`` (epoch
seconds UTC), written when a review walk finishes. Before any review, the cadence counts
from the store's creation (``meta.created_at``).
"""

from __future__ import annotations

from datetime import timedelta

from memtrust.store.memories import MemoryStore

#: Settings (in the store) and their defaults.
REVIEW_INTERVAL_SETTING = "review_interval_days"
LAST_REVIEW_SETTING = "last_review_at"
DEFAULT_REVIEW_INTERVAL_DAYS = 90
REVIEW_INTERVAL_RANGE_DAYS = (7, 365)


def interval_days(raw: str | None) -> int:
    """The review interval in days from the setting's stored text (``None``: not set):
    the default when absent or not a whole number, else clamped to
    :data:`REVIEW_INTERVAL_RANGE_DAYS`. Never raises."""
    try:
        days = int(raw) if raw is not None else DEFAULT_REVIEW_INTERVAL_DAYS
    except ValueError:
        days = DEFAULT_REVIEW_INTERVAL_DAYS
    low, high = REVIEW_INTERVAL_RANGE_DAYS
    return min(high, max(low, days))


def epoch_setting(raw: str | None) -> int | None:
    """A stored epoch-seconds setting (``last_review_at``, ``meta.created_at``) as an int,
    or ``None`` when absent or not a whole number. Never raises."""
    if raw is None:
        return None
    try:
        return int(raw)
    except ValueError:
        return None


def review_interval(store: MemoryStore) -> timedelta:
    """How often the app offers a review (§8: every 90 days unless set otherwise)."""
    return timedelta(days=interval_days(store.setting(REVIEW_INTERVAL_SETTING)))


def last_review(store: MemoryStore) -> int:
    """When the last review finished (epoch seconds UTC); the store's creation if never, 0
    when neither is recorded."""
    for raw in (store.setting(LAST_REVIEW_SETTING), store.db.meta("created_at")):
        seconds = epoch_setting(raw)
        if seconds is not None:
            return seconds
    return 0
