"""Activity hours → ``locale.timezone`` as a UTC offset (DESIGN.md §6). **Fragile.**

Signal: the UTC hours at which the user writes. People sleep, so a run of hours with almost
no messages is probably night-time; taking the middle of the quietest
:data:`QUIET_HOURS`-hour window as about 04:00 local time gives a guess at the UTC offset.

It is a weak guess and says so: shift workers, travellers and night owls break it, and
exports written in several places blur it. So its confidence is capped at
:data:`MAX_CONFIDENCE`, its threshold is lower than the others (0.35, §3.3 lets each
detector set its own), its TTL is shorter (30 days), and its evidence says "a weak guess".
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator

from memtrust.app.detectors.base import EvidenceLog, ImplicitDetector
from memtrust.app.ingest.conversation import Conversation
from memtrust.store.model import Proposal

QUIET_HOURS = 6
#: The local hour assumed to be the middle of the night.
NIGHT_MIDDLE = 4
MAX_CONFIDENCE = 0.5
#: Timestamped user turns, and distinct UTC days, needed before anything is proposed.
MIN_MESSAGES = 20
MIN_DAYS = 3


def _offset_text(hours: int) -> str:
    sign = "+" if hours >= 0 else "-"
    return f"UTC{sign}{abs(hours):02d}:00"


class ActivityHoursDetector(ImplicitDetector):
    """Guesses a UTC offset from the hours of the day the user writes (low confidence)."""

    name = "activity_hours"
    key = "locale.timezone"
    threshold = 0.35
    ttl_seconds = 30 * 86_400
    description = "your likely timezone, from the hours you write (a weak guess)"

    def __init__(self) -> None:
        super().__init__()
        self.hour_counts: Counter[int] = Counter()
        self.days: set[int] = set()  # bounded: at most one entry per UTC calendar day
        self.log = EvidenceLog()

    def observe(self, conversation: Conversation, file_name: str) -> Iterator:
        reading = self.read(conversation)
        epochs = [at for at in reading.epochs if at is not None]
        if epochs:
            self.hour_counts.update([at // 3600 % 24 for at in epochs])  # the UTC hours
            self.days.update([at // 86_400 for at in epochs])  # the UTC days
            timed = (
                reading.turns
                if len(epochs) == len(reading.turns)
                else [turn for turn, at in zip(reading.turns, reading.epochs, strict=True) if at is not None]
            )
            self.log.add_many(file_name, timed, epochs)
        return iter(())

    @property
    def hours(self) -> list[int]:
        """User turns per UTC hour of the day, 0 to 23."""
        return [self.hour_counts[hour] for hour in range(24)]

    def assess(self) -> tuple[str, float, int, int] | None:
        """(offset text, confidence, quiet window start hour UTC, messages in it), or None."""
        hours = self.hours
        total = sum(hours)
        if total < MIN_MESSAGES or len(self.days) < MIN_DAYS:
            return None
        window = [sum(hours[(start + i) % 24] for i in range(QUIET_HOURS)) for start in range(24)]
        quietest = min(window)
        # Several windows may tie (a long quiet night): take their circular mean.
        tied = [h for h in range(24) if window[h] == quietest]
        angle = math.atan2(sum(math.sin(h * math.pi / 12) for h in tied), sum(math.cos(h * math.pi / 12) for h in tied))
        exact_start = (angle * 12 / math.pi) % 24
        start = round(exact_start) % 24
        quiet_share = window[start] / total
        expected = QUIET_HOURS / 24  # the share if the hours told us nothing
        clarity = max(0.0, 1 - quiet_share / expected)
        volume = min(1.0, total / 100)
        confidence = MAX_CONFIDENCE * clarity * (0.5 + 0.5 * volume)
        middle = (exact_start + QUIET_HOURS / 2) % 24
        offset = round(NIGHT_MIDDLE - middle)
        offset = (offset + 11) % 24 - 11  # into -11 … +12
        return _offset_text(offset), confidence, start, window[start]

    def propose(self) -> Iterator[Proposal]:
        assessed = self.assess()
        if assessed is None:
            return
        value, confidence, start, quiet = assessed
        total = sum(self.hours)
        end = (start + QUIET_HOURS) % 24
        summary = (
            f"a weak guess: of {total} messages on {len(self.days)} days, {quiet} were written between "
            f"{start:02d}:00 and {end:02d}:00 UTC, which would be night-time at {value}"
        )
        yield self.proposal(
            value,
            confidence,
            {
                "counts": {"messages": total, "days": len(self.days), "quiet_window_messages": quiet},
                "hours_utc": {f"{hour:02d}": n for hour, n in enumerate(self.hours) if n},
                "quiet_window_utc": f"{start:02d}:00-{end:02d}:00",
                "fragile": True,
                "summary": summary,
            },
            self.log,
        )
