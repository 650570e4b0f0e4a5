"""Explicit formation: "remember …" requests and custom instructions (DESIGN.md §6).

This detector is always on (explicit formation needs no consent, §3.2). It reads only the
user's turns, one sentence at a time, and proposes; it never writes. Admission (§3: secret
rejection, confidential quarantine, temporary expiry, pending until confirmed) is the
store's job, so each proposal carries the whole sentence in ``utterance``.

A sentence is a request when it *starts* with a trigger, after optional fillers ("also",
"oh", "btw", "Claude,") and politeness ("please", "could you", "I want you to"):

- ``remember (that) …``, ``please remember …``, ``don't forget …`` / ``do not forget …``,
  ``from now on …``, ``keep in mind …`` → an explicit :class:`~store.model.Proposal`;
- ``forget (that|about) …`` → a :class:`ForgetRequest` (delete the matching memory).

Not requests: questions ("Do you remember what I said?", "Remember when …?"), memories
told in passing ("I can't remember", "I remember when I was a kid"), dismissals ("Forget
it."), anything inside a ```` ``` ```` code block or a ``>`` quote, and assistant turns.

The remembered clause maps to a known key when it matches a known pattern (contact channel,
name, pronouns, language, timezone, answer length, answer format, diet), else to
``notes.<slug>``. "Reply in French from now on" (trigger at the end) counts only when the
clause matches a known pattern, since "… from now on" is also how people narrate.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Literal
from zoneinfo import available_timezones

from memtrust.app.ingest.conversation import Conversation, InstructionKind, message_ref
from memtrust.store.model import KEY_MAX, KEY_PATTERN, Proposal, to_epoch

Action = Literal["remember", "forget"]


@dataclass(frozen=True)
class ForgetRequest:
    """The user asked, in a conversation, to forget something (DESIGN.md §6).

    - ``text``: what to forget, as said ("that I live in Paris" → ``"I live in Paris"``);
      the store or the UI matches it against memories, the user confirms the deletion.
    - ``source_ref``: the message's identity, ``"<source>:<conversation>/<message>"`` (:func:`message_ref`).
    - ``utterance``: the whole sentence.
    - ``said_at``: when it was said, epoch seconds UTC (``None`` when the export has no time).
    """

    text: str
    source_ref: str
    utterance: str
    said_at: int | None = field(default=None, compare=False)  # when, not what: equal requests stay equal


@dataclass(frozen=True)
class Request:
    """One explicit request found in a sentence, before it becomes a proposal.

    ``key`` is ``None`` for a forget request; ``value`` is the remembered value (or, for a
    forget request, what to forget); ``utterance`` is the whole sentence.
    """

    action: Action
    key: str | None
    value: str
    utterance: str


Intent = Proposal | ForgetRequest

#: Keys for ChatGPT custom instructions (source ``settings``).
INSTRUCTION_KEYS: dict[InstructionKind, str] = {
    "about_user": "settings.about_user",
    "about_model": "settings.about_model",
    "custom_instructions": "settings.custom_instructions",
}

# --- sentences ---------------------------------------------------------------------------

_CODE_BLOCK = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_LIST_MARKER = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")


def sentences(text: str) -> Iterator[str]:
    """The sentences of a user's message, outside code blocks and ``>`` quotes, stripped.

    Splits at line breaks and after ``.``, ``!`` or ``?`` followed by a space; drops list
    markers ("- ", "1. ") at the start of a line.
    """
    for line in _CODE_BLOCK.sub("\n", text).splitlines():
        if line.lstrip().startswith(">"):
            continue
        for piece in _SENTENCE_END.split(_LIST_MARKER.sub("", line)):
            sentence = piece.strip()
            if sentence:
                yield sentence


# --- triggers ----------------------------------------------------------------------------

_LEAD = (
    r"(?:(?:also|and|oh|ok|okay|btw|by\s+the\s+way|hey|hi|hello|so|but|now|actually|wait|"
    r"one\s+more\s+thing|p\.?s\.?|chatgpt|claude|gpt|assistant)\b[\s,:;.!\-–—]*)*"
)
_POLITE = r"(?P<polite>(?:can|could|would|will)\s+you\s+)?"
_PLEASE = r"(?:(?:please|pls|plz|kindly)\s*,?\s+)?"
_WANT = r"(?:i\s+(?:want|need|would\s+like|'d\s+like)\s+you\s+to\s+(?:please\s+)?)?"
_THAT = r"\s*[:,\-–—]?\s*(?:that\b\s*)?"

_START = re.compile(
    r"^" + _LEAD + _POLITE + _PLEASE + _WANT + r"(?:"
    r"(?P<remember>(?:always\s+)?remember\b(?:\s+(?:this|the\s+following))?)"
    r"|(?P<dont_forget>(?:don't|dont|do\s+not|never)\s+forget\b)"
    r"|(?P<from_now_on>from\s+now\s+on\b)"
    r"|(?P<keep_in_mind>(?:keep|bear)\s+in\s+mind\b)"
    r"|(?P<forget>forget\b(?:\s+about\b)?)"
    r")" + _THAT,
    re.IGNORECASE,
)
_TRAILING_FROM_NOW_ON = re.compile(r"^(?P<clause>.+?)[\s,]+from\s+now\s+on\W*$", re.IGNORECASE)

# "Remember when we …?", "remember me?", "remember what I said" are reminiscence, not requests.
_NOT_A_FACT = re.compile(
    r"^(?:when|what|how|who|whom|where|why|whether|which|the\s+time|that\s+time|me|us|it)\b",
    re.IGNORECASE,
)
# "Forget it.", "forget about that", "forget everything" dismiss, they do not target a memory.
_DISMISSAL = re.compile(
    r"^(?:it|this|that|them|everything|all\s+(?:of\s+)?(?:that|this)|i\s+said\s+(?:anything|that)|"
    r"what\s+i\s+(?:just\s+)?said|i\s+asked|(?:all\s+)?(?:the\s+)?(?:previous|prior|above)\b.*)"
    r"\W*$",
    re.IGNORECASE,
)
_TRAILING_PUNCTUATION = " \t.,;:!"


def requests_in_text(text: str) -> Iterator[Request]:
    """Every explicit request in a user's message, in order (one or more per sentence).

    A remember-type sentence yields one :class:`Request` per known key it matches, or a
    single ``notes.<slug>`` request; a forget sentence yields one forget request.
    """
    for sentence in sentences(text):
        yield from _requests_in_sentence(sentence)


def _requests_in_sentence(sentence: str) -> Iterator[Request]:
    # Curly apostrophes become straight ones; same length, so spans still fit ``sentence``.
    folded = sentence.replace("\u2019", "'").replace("\u2018", "'")
    match = _START.match(folded)
    if match is None:
        trailing = _TRAILING_FROM_NOW_ON.match(folded)
        if trailing and not _is_question(folded):
            clause = _clean(sentence[trailing.start("clause") : trailing.end("clause")])
            for key, value in known_values(clause):
                yield Request("remember", key, value, sentence)
        return
    if _is_question(folded) and not match.group("polite"):
        return
    clause = _clean(sentence[match.end() :])
    if not clause:
        return
    if match.group("forget"):
        if not _DISMISSAL.match(clause):
            yield Request("forget", None, clause, sentence)
        return
    if match.group("remember") and _NOT_A_FACT.match(clause):
        return
    found = list(known_values(clause))
    if not found:
        found = [(note_key(clause), clause)]
    for key, value in found:
        yield Request("remember", key, value, sentence)


def _is_question(sentence: str) -> bool:
    return sentence.rstrip(" \t\"'”)»").endswith("?")


def _clean(clause: str) -> str:
    """Strip whitespace, a leading "that" (and the comma or colon after it: "remember that,
    just between us, …"), and trailing sentence punctuation."""
    clause = clause.strip()
    clause = re.sub(r"^that\b\s*", "", clause, flags=re.IGNORECASE)
    clause = clause.lstrip(",;: \t")
    return clause.rstrip(_TRAILING_PUNCTUATION).strip()


# --- known keys --------------------------------------------------------------------------

ValueOf = Callable[[re.Match[str]], str | None]


@dataclass(frozen=True)
class KnownPattern:
    """A phrase shape that names a known key; ``value`` turns the match into the value."""

    key: str
    pattern: re.Pattern[str]
    value: ValueOf


def _group(name: str, normalise: Callable[[str], str | None] = str.lower) -> ValueOf:
    def value(match: re.Match[str]) -> str | None:
        return normalise(match.group(name))

    return value


def _fixed(text: str) -> ValueOf:
    return lambda match: text


_CHANNELS = {
    "email": "email", "e-mail": "email", "emails": "email", "e-mails": "email",
    "phone": "phone", "phone call": "phone", "phone calls": "phone", "call": "phone",
    "calls": "phone", "text": "text", "texts": "text", "text message": "text",
    "text messages": "text", "sms": "text", "slack": "slack", "whatsapp": "whatsapp",
    "signal": "signal", "telegram": "telegram", "microsoft teams": "teams", "teams": "teams",
    "discord": "discord", "imessage": "imessage",
}  # fmt: skip
_CH = "(?P<ch>" + "|".join(sorted(map(re.escape, _CHANNELS), key=len, reverse=True)) + ")"
_VIA = r"(?:by|via|through|on|over|using)\s+(?:an?\s+)?"
_LANGUAGES = (
    "english", "french", "german", "spanish", "italian", "portuguese", "dutch", "swedish",
    "norwegian", "danish", "finnish", "polish", "czech", "greek", "turkish", "russian",
    "ukrainian", "arabic", "hebrew", "hindi", "bengali", "urdu", "japanese", "korean",
    "chinese", "mandarin", "cantonese", "vietnamese", "thai", "indonesian", "malay",
    "romanian", "hungarian", "catalan", "persian", "swahili",
)  # fmt: skip
_LANG = "(?P<lang>" + "|".join(_LANGUAGES) + ")"
_TZ_ABBREVIATIONS = (
    "UTC", "GMT", "PST", "PDT", "MST", "MDT", "CST", "CDT", "EST", "EDT", "AKST", "HST",
    "BST", "IST", "CET", "CEST", "EET", "EEST", "WET", "WEST", "JST", "KST", "AEST", "AEDT",
    "ACST", "AWST", "NZST", "NZDT", "SGT", "HKT",
)  # fmt: skip
_TZ = (
    r"(?P<tz>[A-Z][A-Za-z_]+/[A-Za-z_]+(?:/[A-Za-z_]+)?"
    r"|(?:UTC|GMT)\s?[+\-−]\s?\d{1,2}(?::?\d{2})?"
    r"|(?:" + "|".join(_TZ_ABBREVIATIONS) + r")(?![A-Za-z])"
    r"|(?i:pacific|mountain|central|eastern|atlantic)(?=\s+(?i:time)))"
)
_FORMATS = {
    "bullet points": "bullet points", "bullet point": "bullet points", "bullets": "bullet points",
    "bullet lists": "bullet points", "bullet list": "bullet points",
    "numbered lists": "numbered lists", "numbered list": "numbered lists",
    "markdown tables": "markdown tables", "markdown table": "markdown tables",
    "tables": "tables", "a table": "tables", "markdown": "markdown", "plain text": "plain text",
    "prose": "prose", "code blocks": "code blocks",
}  # fmt: skip
_FMT = "(?P<fmt>" + "|".join(sorted(map(re.escape, _FORMATS), key=len, reverse=True)) + ")"
_ANSWERS = r"(?:answers|replies|responses|explanations)"
_DIETS = {"vegetarian": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian",
          "pescetarian": "pescatarian", "flexitarian": "flexitarian", "plant-based": "vegan"}  # fmt: skip
_DIET = "(?P<diet>" + "|".join(map(re.escape, _DIETS)) + ")"
# The end of a channel phrase: "I prefer email." / "… email over phone", not "text explanations".
_CH_END = r"(?=\s*(?:$|[.,;:!)]|(?:over|rather|instead|than|for\s+(?:contact|communication))\b))"


def _name(match: re.Match[str]) -> str | None:
    """The name after "my name is" / "call me" (see :func:`name_at_start`)."""
    return name_at_start(match.group("name"))


def name_at_start(text: str) -> str | None:
    """The capitalised words at the start of ``text`` (up to four), or one plain word.

    "Sam and I prefer email" → "Sam"; "Jean-Luc Picard." → "Jean-Luc Picard"; "sam" → "sam";
    ``None`` for words that follow "call me" without being a name ("back", "later", …).
    """
    words = text.split()
    taken: list[str] = []
    for raw in words[:4]:
        word = raw.strip(_TRAILING_PUNCTUATION + "\"'")
        if not word or not word[0].isalpha() or "/" in word:
            break
        if taken and not word[0].isupper():
            break
        taken.append(word)
        if not word[0].isupper():
            break
    if not taken or (not taken[0][0].isupper() and taken[0].lower() in _NOT_NAMES):
        return None
    return " ".join(taken)


_NOT_NAMES = frozenset(
    [
        "back",
        "later",
        "at",
        "on",
        "when",
        "if",
        "tomorrow",
        "tonight",
        "today",
        "now",
        "maybe",
        "anytime",
        "any",
        "a",
        "an",
        "the",
        "by",
        "via",
        "to",
        "please",
        "sometime",
        "soon",
        "crazy",
        "old-fashioned",
        "out",
        "again",
        "first",
        "whenever",
    ]
)


def _timezone(match: re.Match[str]) -> str | None:
    zone = re.sub(r"\s+", "", match.group("tz")).replace("−", "-")
    if "/" in zone and zone not in _iana_zones():
        return None
    if zone.lower() in {"pacific", "mountain", "central", "eastern", "atlantic"}:
        return zone.capitalize() + " Time"
    return zone


@cache
def _iana_zones() -> frozenset[str]:
    return frozenset(available_timezones())


KNOWN_PATTERNS: tuple[KnownPattern, ...] = (
    KnownPattern(
        "contact.preferred_channel",
        re.compile(
            r"\b(?:(?:contact|reach|message|ping|email|text)\s+me\s+(?:only\s+)?"
            + _VIA
            + r"|(?:preferred|favou?rite|best)\s+(?:contact\s+)?(?:channel|method|way)"
            r"(?:\s+(?:of|for|to)\s+(?:contact(?:ing\s+me)?|communication|reach(?:ing)?\s+me))?"
            r"\s+is\s+(?:by\s+|via\s+)?(?:an?\s+)?"
            r"|best\s+way\s+to\s+(?:reach|contact)\s+me\s+is\s+(?:by\s+|via\s+|through\s+)?(?:an?\s+)?"
            r")" + _CH + r"\b",
            re.IGNORECASE,
        ),
        _group("ch", lambda ch: _CHANNELS[ch.lower()]),
    ),
    KnownPattern(
        "contact.preferred_channel",
        re.compile(
            r"\bprefer(?:s)?\s+(?:to\s+be\s+(?:contacted|reached)\s+"
            + _VIA
            + r"|being\s+(?:contacted|reached)\s+"
            + _VIA
            + r"|an?\s+)?"
            + _CH
            + _CH_END,
            re.IGNORECASE,
        ),
        _group("ch", lambda ch: _CHANNELS[ch.lower()]),
    ),
    KnownPattern(
        "profile.pronouns",
        re.compile(
            r"\b(?:my\s+pronouns\s+are\s*:?\s*|pronouns\s*:\s*|(?:i\s+)?(?:use|go\s+by)\s+)"
            r"(?P<pronouns>[a-z]+\s*/\s*[a-z]+(?:\s*/\s*[a-z]+)?)",
            re.IGNORECASE,
        ),
        _group("pronouns", lambda p: re.sub(r"\s+", "", p).lower()),
    ),
    KnownPattern(
        "profile.name",
        re.compile(
            r"\b(?:my\s+name\s+is|my\s+name's|call\s+me|i\s+go\s+by|address\s+me\s+as)\s+"
            r"(?P<name>.+)",
            re.IGNORECASE,
        ),
        _name,
    ),
    KnownPattern(
        "locale.language",
        re.compile(
            r"\b(?:(?:reply|replies|respond|responses|answer|answers|write|talk|speak|"
            r"communicate)\b[^.?!]{0,24}?\bin|my\s+(?:native|first|preferred|main)\s+language\s+is)"
            r"\s+" + _LANG + r"\b",
            re.IGNORECASE,
        ),
        _group("lang", str.capitalize),
    ),
    KnownPattern(
        "locale.timezone",
        re.compile(r"(?i:\b(?:my\s+)?(?:time\s?zone|tz)\s*(?:is|:)\s*(?:the\s+)?)" + _TZ),
        _timezone,
    ),
    KnownPattern(
        "locale.timezone",
        re.compile(
            r"(?i:\bi(?:'m|\s+am)\s+(?:in|on|using)\s+(?:the\s+)?)" + _TZ + r"(?i:\s+time(?:\s?zone)?)?(?![\w/])"
        ),
        _timezone,
    ),
    KnownPattern(
        "style.answer_length",
        re.compile(
            r"\b(?:no|not|never|without|(?:don't|do\s+not)\s+(?:give|want|write))\s+(?:me\s+)?"
            r"(?:\w+\s+)?(?:long|lengthy|verbose)\s+" + _ANSWERS,
            re.IGNORECASE,
        ),
        _fixed("brief"),
    ),
    KnownPattern(
        "style.answer_length",
        re.compile(
            r"\b(?:keep|make)\s+(?:your\s+|the\s+|all\s+|my\s+)?(?:"
            + _ANSWERS
            + r"|it|them|things|everything)\s+(?:short|brief|concise|succinct|terse|to\s+the\s+point)\b"
            r"|\b(?:be|answer|reply|respond)\s+(?:more\s+)?(?:brief|briefly|concise|concisely|short|"
            r"succinct|succinctly|terse|tersely)\b"
            r"|\b(?:short|shorter|brief|concise|succinct|terse)\s+" + _ANSWERS,
            re.IGNORECASE,
        ),
        _fixed("brief"),
    ),
    KnownPattern(
        "style.answer_length",
        re.compile(
            r"\b(?:detailed|long|longer|thorough|in-depth|comprehensive|elaborate)\s+"
            + _ANSWERS
            + r"|\b(?:be|answer|reply|respond|explain(?:\s+things)?)\s+(?:more\s+)?"
            r"(?:in\s+detail|in\s+depth|thoroughly|detailed)\b",
            re.IGNORECASE,
        ),
        _fixed("detailed"),
    ),
    KnownPattern(
        "style.answer_format",
        re.compile(
            r"\b(?:no|without|never\s+use|(?:don't|do\s+not)\s+use)\s+markdown\b",
            re.IGNORECASE,
        ),
        _fixed("plain text"),
    ),
    KnownPattern(
        "style.answer_format",
        re.compile(
            r"\b(?:use|using|with|in|as|formatted\s+as)\s+(?:only\s+)?" + _FMT + r"\b",
            re.IGNORECASE,
        ),
        _group("fmt", lambda fmt: _FORMATS[fmt.lower()]),
    ),
    KnownPattern(
        "food.diet",
        re.compile(
            r"\b(?:i(?:'m|\s+am)\s+(?:(?:a|an|now|strictly|fully|completely|mostly)\s+)*"
            r"|my\s+diet\s+is\s+(?:strictly\s+)?(?:a\s+)?"
            r"|i\s+(?:eat|follow|keep|have)\s+(?:a\s+)?(?:strictly\s+)?)" + _DIET + r"\b",
            re.IGNORECASE,
        ),
        _group("diet", lambda diet: _DIETS[diet.lower()]),
    ),
)


def known_values(clause: str) -> Iterator[tuple[str, str]]:
    """``(key, value)`` for each known key the clause names, each key once, in pattern order.

    "my name is Sam and I prefer email" → ``("contact.preferred_channel", "email")``,
    ``("profile.name", "Sam")``. Nothing for a clause that names no known key.
    """
    folded = clause.replace("\u2019", "'").replace("\u2018", "'")
    seen: set[str] = set()
    for known in KNOWN_PATTERNS:
        if known.key in seen:
            continue
        match = known.pattern.search(folded)
        if match is None:
            continue
        value = known.value(match)
        if value:
            if known.key == "profile.name":  # the name as typed (curly apostrophes kept)
                value = name_at_start(clause[match.start("name") :]) or value
            seen.add(known.key)
            yield known.key, value


# --- notes keys --------------------------------------------------------------------------

_SLUG_WORDS = 5
_SLUG_WORD_MAX = 20
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "that",
        "this",
        "these",
        "those",
        "is",
        "are",
        "am",
        "was",
        "were",
        "be",
        "been",
        "i",
        "im",
        "ive",
        "id",
        "ill",
        "me",
        "my",
        "mine",
        "to",
        "of",
        "and",
        "or",
        "in",
        "on",
        "at",
        "for",
        "it",
        "its",
        "you",
        "your",
        "please",
        "so",
        "very",
    ]
)


def note_key(clause: str) -> str:
    """``notes.<slug>`` for a remembered clause (§2 key grammar, ≤ 128 characters).

    The slug is up to five lowercase ASCII words of the clause joined by ``_``, skipping
    filler words when others remain ("my sister's birthday is May 3" →
    ``notes.sisters_birthday_may_3``). With no ASCII word at all: ``notes.note_<8 hex>``,
    from a SHA-256 of the clause, so the same clause always gets the same key.
    """
    ascii_text = unicodedata.normalize("NFKD", clause).encode("ascii", "ignore").decode().lower()
    words = re.findall(r"[a-z0-9]+", re.sub(r"['`]", "", ascii_text))
    chosen = [w for w in words if w not in _STOPWORDS] or words
    slug = "_".join(word[:_SLUG_WORD_MAX] for word in chosen[:_SLUG_WORDS])
    key = f"notes.{slug}"
    if not slug or not KEY_PATTERN.match(key) or len(key) > KEY_MAX:
        key = "notes.note_" + hashlib.sha256(clause.encode("utf-8")).hexdigest()[:8]
    return key


# --- proposals ---------------------------------------------------------------------------


def proposals_from_conversation(conv: Conversation, file_name: str) -> Iterator[Intent]:
    """Explicit proposals and forget requests from one conversation (DESIGN.md §6).

    - each "remember"-type sentence in a **user** turn → ``Proposal(formation="explicit",
      source="chat", confidence=1.0, source_ref=<the message's identity>,
      utterance=<the sentence>, said_at=<the message's time>, evidence={"conversation_title",
      "said_at", "file"})``, where ``said_at`` in the evidence is epoch seconds (UTC) or
      ``None``; the message's identity is :attr:`Turn.ref` (source, conversation, message —
      never the file name);
    - each "forget" sentence → :class:`ForgetRequest` (with ``said_at``, epoch seconds UTC
      or ``None``);
    - each ChatGPT custom instruction → ``Proposal(source="settings", key=settings.about_user
      | settings.about_model | settings.custom_instructions, value=<the text>)``.

    A message without a time is taken as said when its conversation started. The same
    (key, value) is proposed once per conversation (the first time it is said).
    ``file_name`` is the export's base name, kept in the evidence for display only. Raises
    nothing for odd text.
    """
    started = to_epoch(conv.created_at)
    seen: set[tuple[str, str]] = set()
    for instruction in conv.custom_instructions:
        key = INSTRUCTION_KEYS[instruction.kind]
        if (key, instruction.text) in seen:
            continue
        seen.add((key, instruction.text))
        yield Proposal(
            key=key,
            value=instruction.text,
            formation="explicit",
            source="settings",
            source_ref=message_ref(conv.source, conv.id, instruction.message_id),
            confidence=1.0,
            evidence={"conversation_title": conv.title, "said_at": started, "file": file_name},
            utterance=instruction.text,
            said_at=conv.created_at,
        )
    for turn in conv.turns:
        if turn.role != "user":
            continue
        ref = message_ref(conv.source or turn.source, conv.id, turn.message_id)
        at = turn.at or conv.created_at
        for request in requests_in_text(turn.text):
            if request.action == "forget":
                if ("forget", request.value) not in seen:
                    seen.add(("forget", request.value))
                    yield ForgetRequest(
                        text=request.value, source_ref=ref, utterance=request.utterance, said_at=to_epoch(at)
                    )
                continue
            assert request.key is not None
            if (request.key, request.value) in seen:
                continue
            seen.add((request.key, request.value))
            yield Proposal(
                key=request.key,
                value=request.value,
                formation="explicit",
                source="chat",
                source_ref=ref,
                confidence=1.0,
                evidence={"conversation_title": conv.title, "said_at": to_epoch(at), "file": file_name},
                utterance=request.utterance,
                said_at=at,
            )


class OncePerExport:
    """What one export has already proposed: :meth:`first_time` is True once per (source,
    key, value) — or forget text. ChatGPT repeats the custom instructions in every
    conversation, and users repeat their requests. Memory grows with the number of distinct
    proposals, not with the export."""

    def __init__(self) -> None:
        self._seen: set[tuple[str, str, str]] = set()

    def first_time(self, intent: Intent) -> bool:
        """True the first time ``intent`` is offered in this export; records it."""
        if isinstance(intent, ForgetRequest):
            mark = ("forget", "", intent.text)
        else:
            mark = (intent.source, intent.key, intent.value)
        if mark in self._seen:
            return False
        self._seen.add(mark)
        return True


def proposals_from_conversations(conversations: Iterable[Conversation], file_name: str) -> Iterator[Intent]:
    """:func:`proposals_from_conversation` over a whole export, each proposal once
    (:class:`OncePerExport`)."""
    once = OncePerExport()
    for conv in conversations:
        for intent in proposals_from_conversation(conv, file_name):
            if once.first_time(intent):
                yield intent
