"""Content screening for §3.5 ("explicit ≠ always durable"): secrets, confidentiality, time.

Pure functions over text. They look at both the value and the sentence it came from, so
"remember, confidentially, that …" is caught even when the value is only the clause.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

# --- secrets (§3.5: rejected — "this is not a password manager") -----------------------

_SECRET_WORDS = re.compile(
    r"\b(password|passcode|passphrase|pin( code| number)?|api[ _-]?key|secret key|"
    r"access token|auth token|private key|seed phrase|recovery phrase|cvv|cvc|"
    r"social security number|ssn)\b",
    re.IGNORECASE,
)
# A secret word followed by something that looks like the secret itself.
_SECRET_ASSIGNMENT = re.compile(
    _SECRET_WORDS.pattern + r"\s*(is|=|:|was|are)?\s*[\"'“]?\S{3,}",
    re.IGNORECASE,
)
_TOKEN_SHAPES = re.compile(
    r"\b(sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abpr]-[A-Za-z0-9-]{10,}|"
    r"AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|-----BEGIN [A-Z ]*PRIVATE KEY-----)"
)
_DIGIT_RUN = re.compile(r"(?<!\d)(?:\d[ -]?){13,19}(?!\d)")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b")
_US_SSN = re.compile(r"\b\d{3}-\d{2}-\d{4}\b")
_UK_NINO = re.compile(r"\b[A-CEGHJ-PR-TW-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D]\b")


def luhn_valid(digits: str) -> bool:
    """True when the string of digits passes the Luhn checksum used by payment cards."""
    total = 0
    for position, char in enumerate(reversed(digits)):
        digit = int(char)
        if position % 2 == 1:
            digit *= 2
            if digit > 9:
                digit -= 9
        total += digit
    return total % 10 == 0


def _iban_valid(candidate: str) -> bool:
    compact = candidate.replace(" ", "")
    if not 15 <= len(compact) <= 34:
        return False
    rearranged = compact[4:] + compact[:4]
    numeric = "".join(str(int(ch, 36)) for ch in rearranged)
    return int(numeric) % 97 == 1


def find_secret(text: str) -> str | None:
    """Name the kind of credential or secret ``text`` holds, or ``None`` if it holds none.

    Detected (§3.5): passwords, PINs, API keys and tokens, private keys, card numbers
    (Luhn-valid runs of 13–19 digits), IBANs (mod-97 valid), US SSNs and UK National
    Insurance numbers. Returns a short noun phrase such as ``"a card number"``.
    """
    if _TOKEN_SHAPES.search(text):
        return "an API key or token"
    for match in _DIGIT_RUN.finditer(text):
        digits = re.sub(r"\D", "", match.group())
        if 13 <= len(digits) <= 19 and luhn_valid(digits):
            return "a card number"
    for match in _IBAN.finditer(text):
        if _iban_valid(match.group()):
            return "a bank account number (IBAN)"
    if _US_SSN.search(text) or _UK_NINO.search(text):
        return "a national id number"
    match = _SECRET_ASSIGNMENT.search(text)
    if match:
        word = match.group(1).lower()
        if word.startswith("pin"):
            return "a PIN"
        if word in {"password", "passcode", "passphrase"}:
            return "a password"
        if word in {"ssn", "social security number"}:
            return "a national id number"
        if word in {"cvv", "cvc"}:
            return "a card security code"
        return "a key or credential"
    return None


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
    if phrase in {"this week", "this weekend"} or phrase.startswith("until the end of") and phrase.endswith("week"):
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
