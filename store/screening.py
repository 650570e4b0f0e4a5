"""Content screening for §3.5 ("explicit ≠ always durable"): confidentiality and time.
(Secrets, which §3.5 refuses, have their own module, :mod:`store.secrets`; the §3.1
sensitive classes theirs, :mod:`store.sensitive`.)

Pure functions over text. They look at both the value and the sentence it came from, so
"remember, confidentially, that …" is caught even when the value is only the clause.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

# --- confidentiality (§3.5: quarantined) ------------------------------------------------

_CONFIDENTIAL = re.compile(
    r"\b(confidential(ly)?|in confidence|private(ly)?|secret(ly)?|just between us|"
    r"between you and me|don'?t (tell|share)( this)?( with)? (anyone|anybody)|"
    r"do not (tell|share)|off the record|keep (this|it) to yourself|nobody else knows)\b",
    re.IGNORECASE,
)


def is_confidential(text: str) -> bool:
    """True when the user marks or phrases ``text`` as confidential (§3.5 → quarantine)."""
    return bool(_CONFIDENTIAL.search(text))


# --- temporary phrasing (§3.5: given an expiry) ----------------------------------------

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_TEMPORAL = re.compile(
    r"\b(today|tonight|tomorrow|this (week|weekend|month)|for now|for the time being|"
    r"for (the )?(next )?(\d+|a|one|two|three|few) (hours?|days?|weeks?)|"
    r"until (monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|"
    r"the end of (the )?(week|month)|next week))\b",
    re.IGNORECASE,
)
_NUMBER_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "few": 3}


def _end_of_day(moment: datetime) -> datetime:
    return moment.replace(hour=23, minute=59, second=59, microsecond=0)


def temporary_expiry(text: str, now: datetime) -> datetime | None:
    """The expiry a temporary phrase in ``text`` implies, or ``None`` when it has none.

    ``now`` is an aware UTC datetime; the result is aware UTC, computed in UTC days (the
    store does not know the user's timezone). "today"/"tonight" → end of today; "tomorrow"
    → end of tomorrow; "this week"/"until the end of the week" → end of Sunday; "this
    weekend" → end of Sunday; "this month" → end of the month; "until Friday" → end of the
    next Friday; "for now"/"for the time being" → 7 days; "for N days/weeks/hours" → N of them.
    """
    match = _TEMPORAL.search(text)
    if not match:
        return None
    phrase = match.group(0).lower()
    if phrase in {"today", "tonight"}:
        return _end_of_day(now)
    if phrase in {"tomorrow", "until tomorrow"}:
        return _end_of_day(now + timedelta(days=1))
    if phrase in {"this week", "this weekend"} or (phrase.startswith("until the end of") and phrase.endswith("week")):
        return _end_of_day(now + timedelta(days=6 - now.weekday()))
    if phrase == "this month" or phrase.endswith("month"):
        first_next = (now.replace(day=1) + timedelta(days=32)).replace(day=1)
        return _end_of_day(first_next - timedelta(days=1))
    if phrase == "until next week":
        return _end_of_day(now + timedelta(days=7 - now.weekday()))
    if phrase in {"for now", "for the time being"}:
        return now + timedelta(days=7)
    for index, day in enumerate(_WEEKDAYS):
        if phrase == f"until {day}":
            ahead = (index - now.weekday()) % 7 or 7
            return _end_of_day(now + timedelta(days=ahead))
    duration = re.match(r"for (?:the )?(?:next )?(\w+) (hour|day|week)s?", phrase)
    if duration:
        count_word, unit = duration.groups()
        count = int(count_word) if count_word.isdigit() else _NUMBER_WORDS.get(count_word, 1)
        return now + timedelta(**{f"{unit}s": count})
    return None
