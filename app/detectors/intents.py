"""Explicit formation: "remember …" requests and custom instructions (DESIGN.md §6).

This detector is always on (explicit formation needs no consent, §3.2). It reads only the
user's turns and, in them, only the user's **own words**: :mod:`app.detectors.speaker`
cuts away, by the shape of the message, what the user pasted (notes, e-mails, quotes,
code, transcripts, long documents, text about "the user"). It proposes; it never writes.
Admission (§3: secret rejection, confidential quarantine, temporary expiry counted from
when it was said, pending until confirmed) is the store's job, so each proposal carries
the whole sentence in ``utterance`` and the message's time in ``said_at``.

A sentence is a request when it *starts* with a trigger — in English, Dutch, German,
French or Spanish — after optional fillers ("also", "oh", "btw", "ook", "übrigens",
"au fait", "por cierto", "Claude,"), politeness ("please", "could you", "kun je",
"kannst du", "peux-tu", "¿puedes"), or a short lead-in of the user's own ("Quick one:",
"Just so you know,"; never one that reports someone else's words):

- ``remember (that) …``, ``don't forget …``, ``from now on …``, ``keep in mind …``;
  ``onthoud (dat)``, ``vergeet niet``, ``voortaan``, ``van nu af aan``, ``denk eraan``;
  ``merk dir``, ``vergiss nicht``, ``ab jetzt``, ``von nun an``, ``denk daran``;
  ``souviens-toi``, ``n'oublie pas``, ``désormais``, ``à partir de maintenant``,
  ``retiens``; ``recuerda``, ``no olvides``, ``a partir de ahora``, ``ten en cuenta``
  → an explicit :class:`~store.model.Proposal`; the items under "Remember the
  following:" each one;
- ``forget (that|about) …`` (``vergeet``, ``vergiss``, ``oublie``, ``olvida``) → a
  :class:`ForgetRequest` (delete the matching memory).

Not requests: questions ("Do you remember what I said?", "¿Recuerdas…?"), memories told in
passing ("I can't remember", "Je me souviens…"), dismissals ("Forget it.", "Vergiss es"),
resolutions ("From now on I'll…", "Voortaan ga ik…"), sentences about "the user", and
everything in pasted material.

The remembered clause maps to a known key when it matches a known pattern (contact channel,
name, pronouns, language, timezone, answer length, answer format, diet), else to a note:
``notes.`` plus a short stable id (:func:`store.notes.note_key`; a key never spells the
value's words, DESIGN.md §2). "Reply in French from now on" (trigger at the end) counts
only when the clause matches a known pattern, since "… from now on" is also how people
narrate. Each proposal's evidence keeps a short literal excerpt of the user's words
around the sentence (:func:`excerpt`), for the Inbox to show.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Literal
from zoneinfo import available_timezones

import ahocorasick

from memtrust.app.detectors.speaker import own_spans
from memtrust.app.ingest.conversation import Conversation, InstructionKind, message_ref
from memtrust.store.inference_vocabulary import LANGUAGE_NAMES
from memtrust.store.model import Proposal, to_epoch
from memtrust.store.notes import note_key
from memtrust.store.secrets import find_secret

Action = Literal["remember", "forget", "introduces"]


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
    forget request, what to forget); ``utterance`` is the whole sentence, found at
    ``message[start:end]``. (``introduces`` marks "Remember the following:", whose items
    are the requests; it is never returned by :func:`requests_in_text`.)
    """

    action: Action
    key: str | None
    value: str
    utterance: str
    start: int = 0
    end: int = 0


Intent = Proposal | ForgetRequest

#: Keys for ChatGPT custom instructions (source ``settings``).
INSTRUCTION_KEYS: dict[InstructionKind, str] = {
    "about_user": "settings.about_user",
    "about_model": "settings.about_model",
    "custom_instructions": "settings.custom_instructions",
}

# --- sentences ---------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")
_LIST_MARKER = re.compile(r"^\s*(?:[-*•·–]|\d{1,2}[.)])\s+")


def own_sentences(text: str) -> Iterator[tuple[str, int, int, bool]]:
    """The sentences of the user's **own** words in a message (:mod:`app.detectors.speaker`:
    never pasted notes, e-mails, quotes, code, transcripts…), stripped, each with its
    ``(start, end)`` offsets in ``text`` and whether it is a list item. Splits at line
    breaks and after ``.``, ``!``, ``?`` or ``…`` followed by a space; drops list markers."""
    for span_start, span_end in own_spans(text):
        position = span_start
        for line in text[span_start:span_end].splitlines(keepends=True):
            marker = _LIST_MARKER.match(line)
            offset = position + (marker.end() if marker else 0)
            body = line[marker.end() :] if marker else line
            cursor = 0
            for piece in _SENTENCE_END.split(body):
                found = body.find(piece, cursor)
                cursor = found + len(piece)
                sentence = piece.strip()
                if sentence:
                    lead = len(piece) - len(piece.lstrip())
                    begin = offset + found + lead
                    yield sentence, begin, begin + len(sentence), marker is not None
            position += len(line)


def sentences(text: str) -> Iterator[str]:
    """The sentences of the user's own words in a message (:func:`own_sentences`), stripped."""
    for sentence, _start, _end, _item in own_sentences(text):
        yield sentence


# --- triggers (English, Dutch, German, French, Spanish) ----------------------------------

_ASSISTANTS = r"chatgpt|claude|gpt|assistant|gemini|copilot"
_LEAD = (
    r"(?:(?:also|and|oh|ok|okay|btw|by\s+the\s+way|hey|hi|hello|so|but|now|actually|wait|one\s+more\s+thing|"
    r"p\.?s\.?|ook|en|trouwens|hoi|hallo|nog\s+iets|auch|und|übrigens|hallo|noch\s+etwas|"
    r"aussi|et|au\s+fait|bon|alors|salut|encore\s+une\s+chose|también|y|oye|por\s+cierto|bueno|hola|"
    r"otra\s+cosa|" + _ASSISTANTS + r")\b[\s,:;.!¡\-–—]*)*"
)
_POLITE = (
    r"(?P<polite>(?:(?:can|could|would|will)\s+you|(?:kun|kan|wil|zou)\s+je|(?:kunt|wilt|zou)\s+u|"
    r"(?:kannst|könntest|würdest)\s+du(?:\s+dir)?|(?:können|könnten|würden)\s+sie(?:\s+sich)?|"
    r"(?:peux|pourrais|veux)[- ]tu|(?:pouvez|pourriez|voulez)[- ]vous|"
    r"(?:puedes|podrías|podría|puede)(?:\s+usted)?)\s+)?"
)
_PLEASE = (
    r"(?:(?:please|pls|plz|kindly|alsjeblieft|alstublieft|aub|graag|bitte|s'il\s+te\s+plaît|s'il\s+vous\s+plaît|"
    r"stp|svp|por\s+favor|porfa)\s*,?\s+)?"
)
_WANT = r"(?:i\s+(?:want|need|would\s+like|'d\s+like)\s+you\s+to\s+(?:please\s+)?)?"
_THAT = r"\s*[:,\-–—]?\s*(?:(?:that|dat|dass|daß|que|qu'|de\s+que)\b\s*|qu')?"
#: "Keep in mind, please, that …", "Hou er alsjeblieft rekening mee": a please inside the phrase.
_PLEASE_INSIDE = (
    r"(?:\s*,?\s*(?:please|alsjeblieft|alstublieft|bitte|s'il\s+te\s+plaît|s'il\s+vous\s+plaît|stp|svp|"
    r"por\s+favor)\b\s*,?)?"
)

_START = re.compile(
    r"^[¿¡]?\s*" + _LEAD + _POLITE + _PLEASE + _WANT + r"(?:"
    # "don't forget", "vergeet niet", "vergiss nicht", "n'oublie pas", "no olvides" before "forget"
    r"(?P<dont_forget>(?:don't|dont|do\s+not|never)\s+forget\b|vergeet\s+niet\b|vergiss\s+(?:bitte\s+)?nicht\b|"
    r"n'oublie\s+pas\b|n'oubliez\s+pas\b|ne\s+pas\s+oublier\b|no\s+(?:te\s+)?olvides\b|no\s+olvide\b)"
    r"|(?P<remember>(?:always\s+)?remember\b(?:\s+(?:this|the\s+following))?|onthoud(?:en)?\b(?:\s+(?:dit|het\s+volgende))?"
    r"|denk\s+(?:er\s*)?aan\b|hou(?:d)?\s+(?:er\s+)?(?:(?:alsjeblieft|alstublieft|wel|even)\s+)?rekening\s+mee\b"
    r"|hou(?:d)?\s+in\s+gedachten\b"
    r"|merk(?:e|en)?\s+(?:dir|sie\s+sich)\b(?:\s+(?:das|folgendes))?|merken\b|denk(?:e|en)?\s+(?:sie\s+)?daran\b"
    r"|behalte\s+im\s+(?:hinterkopf|kopf)\b"
    r"|souviens[- ]toi\b(?:\s+de\s+(?:ceci|ça|cela))?|souvenez[- ]vous\b|rappelle[- ]toi\b|retiens\b|retenez\b|retenir\b"
    r"|garde\s+(?:en\s+tête|à\s+l'esprit)\b|gardez\s+(?:en\s+tête|à\s+l'esprit)\b"
    r"|recuerda\b(?:\s+lo\s+siguiente|\s+esto)?|recordar\b|recuerde\b|acuérdate\b(?:\s+de)?|ten\s+(?:en\s+cuenta|presente)\b"
    r"|toma\s+nota\b(?:\s+de)?)"
    r"|(?P<from_now_on>from\s+now\s+on\b|voortaan\b|van\s+nu\s+af(?:\s+aan)?\b|vanaf\s+nu\b|in\s+het\s+vervolg\b"
    r"|ab\s+jetzt\b|ab\s+sofort\b|von\s+nun\s+an\b|künftig\b|in\s+zukunft\b"
    r"|désormais\b|dorénavant\b|à\s+partir\s+de\s+maintenant\b|dès\s+maintenant\b"
    r"|a\s+partir\s+de\s+ahora\b|de\s+ahora\s+en\s+adelante\b|desde\s+ahora\b|en\s+adelante\b)"
    r"|(?P<keep_in_mind>(?:keep|bear)\s+in\s+mind\b)"
    r"|(?P<forget>forget\b(?:\s+about\b)?|vergeet\b|vergiss\b|oublie\b|oubliez\b|olvida\b|olvídate\s+de\b)"
    r")" + _PLEASE_INSIDE + _THAT,
    re.IGNORECASE,
)
#: The words every trigger of :data:`_START` begins with (a superset): a message holding none
#: of them at the start of a word holds no request, and its shape is not worked out. The
#: labelled sets (bench/request_quality.py) check that no request is lost to this.
TRIGGER_WORDS = (
    "remember", "forget", "from now on", "keep in mind", "bear in mind",
    "onthoud", "vergeet", "denk", "rekening mee", "in gedachten", "voortaan", "van nu af", "vanaf nu", "vervolg",
    "merk", "vergiss", "behalte", "ab jetzt", "ab sofort", "von nun an", "künftig", "in zukunft",
    "souviens", "souvenez", "rappelle", "retiens", "retenez", "retenir", "oubli", "n'oubli", "garde en", "garde à", "gardez",
    "désormais", "dorénavant", "à partir de", "dès maintenant",
    "recuerd", "recordar", "acuérdate", "olvid", "ten en cuenta", "ten presente", "toma nota",
    "a partir de", "de ahora", "desde ahora", "en adelante",
)  # fmt: skip


@cache
def _trigger_automaton() -> ahocorasick.Automaton:
    automaton = ahocorasick.Automaton()
    for word in TRIGGER_WORDS:
        automaton.add_word(word, len(word))
    automaton.make_automaton()
    return automaton


def may_hold_a_request(text: str) -> bool:
    """Whether ``text`` holds a word a trigger begins with, at the start of a word (one
    Aho–Corasick pass in C). False means no request can be in it."""
    folded = text.casefold().replace("\u2019", "'")
    for end, length in _trigger_automaton().iter(folded):
        start = end - length + 1
        if start == 0 or not folded[start - 1].isalpha():
            return True
    return False


_TRAILING_FROM_NOW_ON = re.compile(r"^(?P<clause>.+?)[\s,]+from\s+now\s+on\W*$", re.IGNORECASE)
#: "Quick one: remember …", "Note to you: from now on …": a short lead-in before a colon.
_COLON_LEAD = re.compile(r"^[^:]{1,40}:\s+(?=\S)")
#: "Just so you know, remember …", "I told you before but please remember …": a short
#: clause of the user's before the request (at most six words).
_LEAD_IN = re.compile(r"^(?:[^\s,.;:!?]+\s+){0,5}[^\s,.;:!?]+(?:\s*,|\s+(?:but|maar|aber|mais|pero))\s+(?=\S)")
#: A lead-in that reports someone else's words ("My mum says, remember …"): not the user asking.
_REPORTED = re.compile(
    r"\b(?:he|she|they|his|her|their|hij|zij|ze|er|sie|il|elle|ils|elles|él|ella|ellos)\b"
    r"|\b(?:says?|said|tells?|wrote|writes|zegt|zei|schreef|sagt|sagte|schrieb|dit|disait|écrit|dice|dijo|escribió)\b"
    r"|^(?:my|mijn|mein|meine|mon|ma|mi)\s+\w+\s",
    re.IGNORECASE,
)
#: The "and" that joins a second request to a first one in one sentence.
_AND = re.compile(r",?\s+(?:and|en|und|et|y)\s+", re.IGNORECASE)

# "Remember when we …?", "remember me?", "remember what I said" are reminiscence, not requests.
_NOT_A_FACT = re.compile(
    r"^(?:when|what|how|who|whom|where|why|whether|which|the\s+time|that\s+time|me|us|it|"
    r"wanneer|wat|hoe|wie|waar|waarom|toen|wann|was|wer|wo|warum|als|quand|comment|qui|où|pourquoi|le\s+jour|"
    r"cuándo|cuando|qué|cómo|quién|dónde|por\s+qué)\b",
    re.IGNORECASE,
)
# "Forget it.", "forget it, it doesn't matter", "vergeet het maar" dismiss; they target no memory.
_DISMISSAL = re.compile(
    r"^(?:(?:it|this|that|them|everything|all\s+(?:of\s+)?(?:that|this)|i\s+said\s+(?:anything|that)|"
    r"what\s+i\s+(?:just\s+)?said|i\s+asked|het|dat|dit|alles|es|das|ça|cela|tout|lo|eso|esto|todo)"
    r"(?:\s+(?:maar|mal|doch|just|please|bitte|alors|pues|anyway))?(?:\W*$|\s*[,;:!—–-])"
    r"|(?:all\s+)?(?:the\s+)?(?:previous|prior|above)\b.*$)",
    re.IGNORECASE,
)
#: A resolution the user narrates ("from now on I'll …", "voortaan ga ik …"): not a request.
_NARRATED = re.compile(
    r"^(?:i(?:'ll|\s+will|\s+am\s+going\s+to|'m\s+going\s+to|\s+shall)|we(?:'ll|\s+will)|"
    r"(?:ga|zal)\s+ik|ik\s+(?:ga|zal)|werde\s+ich|ich\s+werde|je\s+(?:vais|serai|ferai)|"
    r"(?:me\s+)?voy\s+a|vamos\s+a)\b",
    re.IGNORECASE,
)
#: "Remember the following:", "Onthoud het volgende:": what follows is the request.
_INTRODUCES = re.compile(
    r"^(?:the\s+following|this|these(?:\s+things)?(?:\s+about\s+me)?|dit|het\s+volgende|volgende|das|folgendes|"
    r"ceci|ça|ce\s+qui\s+suit|lo\s+siguiente|esto)?\W*$",
    re.IGNORECASE,
)
_TRAILING_PUNCTUATION = " \t.,;:!?"


def requests_in_text(text: str) -> Iterator[Request]:
    """Every explicit request in a user's message, in order (one or more per sentence), from
    the user's own words only (:mod:`app.detectors.speaker`).

    A remember-type sentence yields one :class:`Request` per known key it matches, or a
    single note request (``notes.<id>``); a forget sentence yields one forget request. The
    items under "Remember the following:" are requests of their own.
    """
    if not may_hold_a_request(text):
        return  # most messages: nothing to look for, so no shape to work out
    introduced = False
    for sentence, start, end, item in own_sentences(text):
        if introduced and item:
            yield from _requests_in_clause(sentence, sentence, start, end)
            continue
        introduced = False
        found = list(_requests_in_sentence(sentence, start, end))
        if found and found[0].action == "introduces":
            introduced = True
            continue
        yield from found


def _requests_in_sentence(sentence: str, start: int, end: int) -> Iterator[Request]:
    # Curly apostrophes become straight ones; same length, so spans still fit ``sentence``.
    folded = sentence.replace("\u2019", "'").replace("\u2018", "'")
    match = _START.match(folded)
    lead = _COLON_LEAD.match(folded) or _LEAD_IN.match(folded) if match is None else None
    if lead is not None and not _REPORTED.search(folded[: lead.end()]):
        inner = sentence[lead.end() :]
        yield from _requests_in_sentence(inner, start + lead.end(), end)
        return
    if match is None:
        trailing = _TRAILING_FROM_NOW_ON.match(folded)
        if trailing and not _is_question(folded):
            clause = _clean(sentence[trailing.start("clause") : trailing.end("clause")])
            for key, value in known_values(clause):
                yield Request("remember", key, value, sentence, start, end)
        return
    if _is_question(folded) and not match.group("polite"):
        return
    raw_clause = sentence[match.end() :]
    if sentence.rstrip().endswith(":") and _INTRODUCES.match(raw_clause.strip().rstrip(":").strip()) is not None:
        if not match.group("forget"):
            yield Request("introduces", None, "", sentence, start, end)
        return
    clause = _clean(raw_clause)
    if not clause or _THE_USER_FIRST.match(clause):
        return
    if match.group("forget"):
        if not _DISMISSAL.match(clause):
            yield Request("forget", None, clause, sentence, start, end)
        return
    if match.group("remember") and _NOT_A_FACT.match(clause):
        return
    if match.group("from_now_on") and _NARRATED.match(clause):
        return
    yield from _requests_in_clause(clause, sentence, start, end)


def _requests_in_clause(clause: str, sentence: str, start: int, end: int) -> Iterator[Request]:
    """The remember requests of one clause: one per known key, else one ``notes.`` request;
    "…, and remember that …" starts a second request of its own."""
    clause = _clean(clause)
    if not clause or _THE_USER_FIRST.match(clause):
        return
    for joint in _AND.finditer(clause):
        rest = clause[joint.end() :]
        if _START.match(rest.replace("\u2019", "'")):
            yield from _requests_in_clause(clause[: joint.start()], sentence, start, end)
            yield from _requests_in_sentence(rest, start, end)
            return
    found = list(known_values(clause))
    if not found:
        found = [(note_key(clause), clause)]
    for key, value in found:
        yield Request("remember", key, value, sentence, start, end)


#: A clause whose subject is "the user" (or the customer…): a document speaking, not the user.
_THE_USER_FIRST = re.compile(
    r"^(?:the\s+(?:user|customer|client|assistant|model)|users\b|de\s+gebruiker|der\s+(?:benutzer|nutzer)|"
    r"die\s+(?:benutzerin|nutzerin)|l'utilisat|le\s+client|el\s+usuario|la\s+usuaria)",
    re.IGNORECASE,
)


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
_LANGUAGES = LANGUAGE_NAMES  # one canonical form: lowercase, as an inference writes it
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
        _group("lang", str.lower),
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


# --- proposals ---------------------------------------------------------------------------

#: How much of the message around a request the Inbox shows, on each side (characters).
EXCERPT_AROUND = 90


def excerpt(text: str, start: int, end: int, around: int = EXCERPT_AROUND) -> str:
    """The request at ``text[start:end]`` with up to ``around`` characters of the user's own
    words on each side (never the pasted material beside them, :func:`own_spans`), cut at a
    space, "…" marking a cut; whitespace runs become one space. Literal: the user's words
    as written. When the words around hold something that looks like a secret (§3.5), only
    the sentence itself (which admission screens) is kept."""
    low, high = next(((s, e) for s, e in own_spans(text) if s <= start < e), (0, len(text)))
    before, after = max(low, start - around), min(high, max(end, start + 1) + around)
    if before > low:
        space = text.find(" ", before, start)
        before = space + 1 if space != -1 else before
    if after < high:
        space = text.rfind(" ", end, after)
        after = space if space != -1 else after
    shown = " ".join(text[before:after].split())
    if find_secret(shown) and not find_secret(text[start:end]):
        return " ".join(text[start:end].split())
    return ("…" if before > low else "") + shown + ("…" if after < high else "")


def proposals_from_conversation(conv: Conversation, file_name: str) -> Iterator[Intent]:
    """Explicit proposals and forget requests from one conversation (DESIGN.md §6).

    - each "remember"-type sentence in a **user** turn → ``Proposal(formation="explicit",
      source="chat", confidence=1.0, source_ref=<the message's identity>,
      utterance=<the sentence>, said_at=<the message's time>, evidence={"conversation_title",
      "said_at", "file", "excerpt"})``, where ``said_at`` in the evidence is epoch seconds
      (UTC) or ``None`` and ``excerpt`` the user's words around the sentence
      (:func:`excerpt`); the message's identity is :attr:`Turn.ref` (source, conversation,
      message — never the file name);
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
                evidence={
                    "conversation_title": conv.title,
                    "said_at": to_epoch(at),
                    "file": file_name,
                    "excerpt": excerpt(turn.text, request.start, request.end),
                },
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
