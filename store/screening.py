"""Content screening for §3.5 ("explicit ≠ always durable"): secrets, confidentiality, time.
(The §3.1 sensitive classes have their own module, :mod:`store.sensitive`.)

Pure functions over text. They look at both the value and the sentence it came from, so
"remember, confidentially, that …" is caught even when the value is only the clause.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timedelta

# --- secrets (§3.5: rejected — "this is not a password manager") -----------------------

_SECRET_WORDS = re.compile(
    r"\b(password|passwd|passcode|passphrase|api[ _-]?key|secret key|"
    r"access token|auth token|private key|seed phrase|recovery phrase|cvv|cvc|"
    r"social security number|ssn)\b",
    re.IGNORECASE,
)
# A secret word followed by the secret: after "is", "=", ":" anything; with no such word,
# only a token that looks like a secret (a digit or a symbol), so "my password manager" is
# talk about passwords, while "password hunter2" is one.
_SECRET_ASSIGNMENT = re.compile(
    _SECRET_WORDS.pattern
    + r"(?:\s*(?:is|=|:|was|are)\s*[\"'“]?\S{3,}|\s+[\"'“]?(?=\S*(?:[\d_]|[^\w\s]))\S{4,}|\s*[=:]\S{3,})",
    re.IGNORECASE,
)
# "pin" and "pw" are ordinary words too ("a PIN-striped suit", "pin it to the wall"): only
# a PIN followed by digits, or pw/pwd with ``:`` or ``=`` and a value, is a secret.
_PIN_ASSIGNMENT = re.compile(r"\bpin(?:[ _-]?code|[ _-]?number)?\s*(?:is|was|=|:)?\s*[\"'“]?\d{4,12}\b", re.IGNORECASE)
_PW_ASSIGNMENT = re.compile(r"\b(?:pw|pwd)\s*[:=]\s*\S{3,}", re.IGNORECASE)
# user:password@host in a URL (a user name alone, user@host, is not a secret).
_URL_CREDENTIALS = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s/:@]*:[^\s/@]+@", re.IGNORECASE)
_TOKEN_SHAPES = re.compile(
    r"\b(sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abpr]-[A-Za-z0-9-]{10,}|"
    r"AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|-----BEGIN [A-Z ]*PRIVATE KEY-----|"
    r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,})"
)
# Card-length digit runs, also when grouped by spaces, dots or dashes (format characters
# such as zero-width spaces are removed before matching).
_DIGIT_RUN = re.compile(r"(?<!\d)(?:\d[\s.-]?){13,19}(?!\d)")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b")
_US_SSN = re.compile(r"\b\d{3}-\d{2}-\d{4}\b")
_UK_NINO = re.compile(r"\b[A-CEGHJ-PR-TW-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D]\b")

# Key parts that name a secret (§3.5): ``account.password``, ``github.api_key``, ``bank.pin``.
_SECRET_KEY_PARTS = {
    "password": "a password",
    "passwd": "a password",
    "passcode": "a password",
    "passphrase": "a password",
    "pw": "a password",
    "pwd": "a password",
    "pin": "a PIN",
    "pin_code": "a PIN",
    "pin_number": "a PIN",
    "secret": "a key or credential",
    "token": "an API key or token",
    "api_key": "an API key or token",
    "apikey": "an API key or token",
    "private_key": "a key or credential",
    "credential": "a key or credential",
    "credentials": "a key or credential",
}
# Words inside a key part that always name a secret (``notes.my_password``, ``aws_api_key``).
_SECRET_KEY_WORDS = re.compile(
    r"(?:^|_)(password|passwd|passcode|passphrase|apikey|api_key|private_key|access_token|"
    r"auth_token|credentials?)(?:_|$)"
)


def _secret_in_key(key: str) -> str | None:
    for part in key.split("."):
        if part in _SECRET_KEY_PARTS:
            return _SECRET_KEY_PARTS[part]
        match = _SECRET_KEY_WORDS.search(part)
        if match:
            word = match.group(1)
            return _SECRET_KEY_PARTS.get(word, "a password" if word.startswith("pass") else "a key or credential")
    return None


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


# "hunter22 is my password", "S3cret! was the passcode": the secret named after it.
_SECRET_NAMED_AFTER = re.compile(
    r"(?<!\S)\S{4,}\s+(?:is|was|=)\s+(?:my|the|our)\s+(?:\w+\s+)?(?:password|passwd|passcode|passphrase)\b",
    re.IGNORECASE,
)
# "login: sam / hunter22", "credentials sam:hunter22": a user name paired with a secret.
_LOGIN_PAIR = re.compile(
    r"\b(?:login|log-in|credentials?|sign[ -]?in)\s*[:=]?\s*\S+\s*(?:/|:|\s)\s*\S{4,}", re.IGNORECASE
)


def find_secret(text: str, key: str | None = None) -> str | None:
    """Name the kind of credential or secret ``text`` (or ``key``) holds, or ``None``.

    Detected (§3.5): passwords (also ``pw:``/``pwd=`` and ``user:password@`` in a URL), PINs
    followed by digits, API keys and tokens (including JWTs), private keys, card numbers
    (Luhn-valid runs of 13–19 digits, grouped or not by spaces, dots, dashes or invisible
    format characters), IBANs (mod-97 valid), US SSNs and UK National Insurance numbers.
    ``key`` is the memory's dotted key: a part naming a secret (``account.password``,
    ``bank.pin``, ``github.api_key``) is enough. Returns a short noun phrase such as
    ``"a card number"``.
    """
    if key is not None:
        named = _secret_in_key(key)
        if named:
            return named
    text = _plain(text)
    if _TOKEN_SHAPES.search(text):
        return "an API key or token"
    if _URL_CREDENTIALS.search(text):
        return "a password"
    for match in _DIGIT_RUN.finditer(text):
        digits = re.sub(r"\D", "", match.group())
        if 13 <= len(digits) <= 19 and luhn_valid(digits):
            return "a card number"
    for match in _IBAN.finditer(text):
        if _iban_valid(match.group()):
            return "a bank account number (IBAN)"
    if _US_SSN.search(text) or _UK_NINO.search(text):
        return "a national id number"
    if _PIN_ASSIGNMENT.search(text):
        return "a PIN"
    if _PW_ASSIGNMENT.search(text) or _SECRET_NAMED_AFTER.search(text) or _LOGIN_PAIR.search(text):
        return "a password"
    assignment = _SECRET_ASSIGNMENT.search(text)
    if assignment:
        word = assignment.group(1).lower()
        if word in {"password", "passwd", "passcode", "passphrase"}:
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


# --- text folding -------------------------------------------------------------------


def _plain(text: str) -> str:
    """``text`` compatibility-folded, with format characters (zero-width spaces, bidi
    controls: Unicode category Cf) removed so they cannot split a word or a number."""
    folded = unicodedata.normalize("NFKC", text)
    return "".join(char for char in folded if unicodedata.category(char) != "Cf")
