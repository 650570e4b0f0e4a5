"""What may ever be inferred (DESIGN.md §3.1, §6): a closed vocabulary, per key.

An implicit memory — a guess, by memtrust's detectors or by an agent's ``report_signal`` —
can only be one of the values listed here for one of the keys listed here. Admission
(:func:`store.admission.decide`) refuses every other inference, and so do import
(:mod:`store.restore`) and the read gates (:func:`store.consumers.may_read`). This is what
makes "never a guess about health, money, family, politics or any other special category"
hold by construction: a word list can only recognise the phrasings someone wrote down, while
a closed vocabulary of harmless values leaves no room for any other phrasing at all. The
sensitive-class classifier (:mod:`store.sensitive`) still runs before it, so a refusal names
the class when it recognises one.

Explicit memories — what the user asked to save — are not bound by this vocabulary.

The keys, and why each is here:

``style.answer_length``
    ``brief`` or ``detailed``: what the reply-length detector infers.
``style.answer_format``
    How answers are laid out (``bullet points``, ``plain text``…): the formats the "remember"
    patterns name, so an agent that notices the user's taste reports it in the same words.
``style.tone``
    ``casual``, ``formal``, ``friendly``, ``professional``, ``direct`` or ``neutral``: the
    register an assistant is asked for most; no tone says anything about a person's health,
    beliefs or origins.
``locale.language``
    A language the user writes in, as a lowercase English name (:data:`LANGUAGE_NAMES`): the
    language detector's names and the ones a "reply in …" request may name, in one
    canonical form, so "Reply in French" and the detector's guess are the same value. A
    language is not an ethnicity: many people write in several, and the classifier's own
    labelled set keeps "language chinese" an ordinary sentence.
``locale.timezone``
    An IANA time-zone name in its ``Area/Location`` form (``Europe/Paris``;
    :func:`zoneinfo.available_timezones`, without the legacy aliases named after countries)
    or a real UTC offset written ``UTC+02:00`` (:data:`UTC_OFFSETS`), the form the
    activity-hours detector writes. The names come from the time-zone database on the
    machine; where it has none, only offsets are accepted — the vocabulary can only narrow.
``interests.topics``
    One or more of the topics detector's vetted topics (:data:`INTEREST_TOPICS`), joined by
    ``", "``, each at most once. None names a sensitive matter (tests hold every value of
    this vocabulary against the classifier), and the detector skips conversations that touch
    one.
``contact.preferred_channel``
    ``email``, ``phone``, ``text``… (:data:`CONTACT_CHANNELS`): the channels the "remember"
    patterns name.

Left out on purpose: a diet (``vegetarian``, ``halal``, ``kosher`` speak of religion or
health), pronouns (gender identity), a name, and every free-text note — a free text can say
anything, so only the user may save one. Adding a key or a value is a change to this file,
reviewed like a rule; removing one takes a migration (stores made before hold rows of it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

#: The topics the topics detector knows (app/detectors/topics.py writes their keywords; its
#: topic names must be exactly these).
INTEREST_TOPICS: tuple[str, ...] = (
    "art and design",
    "books and writing",
    "cars",
    "cooking",
    "fashion",
    "gardening",
    "history",
    "home improvement",
    "language learning",
    "machine learning",
    "mathematics",
    "movies and tv",
    "music",
    "pets",
    "photography",
    "programming",
    "science",
    "sports",
    "travel",
    "video games",
)

#: Languages by their lowercase English name: the language detector's seven and those a
#: "reply in …" request names (app/detectors/intents.py reads them from here).
LANGUAGE_NAMES: tuple[str, ...] = (
    "english", "french", "german", "spanish", "italian", "portuguese", "dutch", "swedish",
    "norwegian", "danish", "finnish", "polish", "czech", "greek", "turkish", "russian",
    "ukrainian", "arabic", "hebrew", "hindi", "bengali", "urdu", "japanese", "korean",
    "chinese", "mandarin", "cantonese", "vietnamese", "thai", "indonesian", "malay",
    "romanian", "hungarian", "catalan", "persian", "swahili",
)  # fmt: skip

#: Contact channels, as the "remember" patterns name them.
CONTACT_CHANNELS: tuple[str, ...] = (
    "email", "phone", "text", "slack", "whatsapp", "signal", "telegram", "teams", "discord", "imessage",
)  # fmt: skip

#: Answer layouts, as the "remember" patterns name them.
ANSWER_FORMATS: tuple[str, ...] = (
    "bullet points", "numbered lists", "markdown tables", "tables", "markdown", "plain text", "prose", "code blocks",
)  # fmt: skip

ANSWER_LENGTHS: tuple[str, ...] = ("brief", "detailed")
TONES: tuple[str, ...] = ("casual", "formal", "friendly", "professional", "direct", "neutral")

#: The UTC offsets in use somewhere (whole hours from −12 to +14, and the half and
#: three-quarter hours some zones keep), written as the activity-hours detector writes them.
UTC_OFFSETS: tuple[str, ...] = tuple(
    f"UTC{'-' if minutes < 0 else '+'}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    for minutes in sorted(
        {hours * 60 for hours in range(-12, 15)}
        | {-570, -210, 210, 270, 330, 345, 390, 525, 570, 630, 765, 825}  # −09:30 … +13:45
    )
)

#: IANA areas whose ``Area/Location`` names are accepted (``Etc/GMT+5`` and the legacy
#: aliases such as ``Cuba`` or ``US/Pacific`` are not: an offset says the same plainly).
_TIMEZONE_AREAS = (
    "Africa",
    "America",
    "Antarctica",
    "Arctic",
    "Asia",
    "Atlantic",
    "Australia",
    "Europe",
    "Indian",
    "Pacific",
)


@cache
def timezone_names() -> frozenset[str]:
    """The IANA names accepted for ``locale.timezone``: ``UTC`` and every ``Area/Location``
    of :data:`_TIMEZONE_AREAS` in the machine's time-zone database (empty where it has none)."""
    # zoneinfo (and the sysconfig it reads its path from) is imported when a time zone is
    # first checked, not by every command that imports the store.
    from zoneinfo import available_timezones

    return frozenset(
        {"UTC"} | {name for name in available_timezones() if name.split("/", 1)[0] in _TIMEZONE_AREAS and "/" in name}
    )


@dataclass(frozen=True)
class InferableKey:
    """One key an inference may use, and what its value may be.

    - ``what``: the key in words, for sentences ("how long you like answers").
    - ``values``: the allowed values (a function, so a large set such as the time zones is
      built only when asked for).
    - ``listed``: the value is one or more allowed values joined by ``", "``, each at most
      once (``interests.topics``).
    - ``allowed``: the allowed values in words, short enough for a refusal's sentence.
    - ``listing``: every allowed value in words, for the agents' tool description (``allowed``
      when that already names them all).
    """

    key: str
    what: str
    values: tuple[str, ...] | None
    allowed: str
    listed: bool = False
    listing: str | None = None

    def allowed_values(self) -> frozenset[str]:
        """Every value (or list item) this key allows."""
        if self.values is not None:
            return frozenset(self.values)
        return timezone_names() | frozenset(UTC_OFFSETS)

    def allows(self, value: str) -> bool:
        """Whether ``value`` is one this key allows, exactly as written (case included)."""
        allowed = self.allowed_values()
        if not self.listed:
            return value in allowed
        items = value.split(", ")
        return len(set(items)) == len(items) and all(item in allowed for item in items)


def _either(values: tuple[str, ...]) -> str:
    return ", ".join(values[:-1]) + " or " + values[-1]


#: The vocabulary: key → what it allows. The one home of this rule.
INFERABLE: Mapping[str, InferableKey] = {
    entry.key: entry
    for entry in (
        InferableKey("style.answer_length", "how long you like answers", ANSWER_LENGTHS, _either(ANSWER_LENGTHS)),
        InferableKey("style.answer_format", "how you like answers laid out", ANSWER_FORMATS, _either(ANSWER_FORMATS)),
        InferableKey("style.tone", "the tone you like answers in", TONES, _either(TONES)),
        InferableKey(
            "locale.language",
            "the language you write in",
            LANGUAGE_NAMES,
            "a language's English name in lowercase, such as english or french",
            listing="a language's English name in lowercase: " + _either(LANGUAGE_NAMES),
        ),
        InferableKey(
            "locale.timezone",
            "your timezone",
            None,
            "an IANA time zone name such as Europe/Paris, or a UTC offset that a time zone keeps,"
            " written like UTC+02:00 or UTC-03:30",
        ),
        InferableKey(
            "interests.topics",
            "the topics you come back to",
            INTEREST_TOPICS,
            "one or more of memtrust's topics, such as cooking or programming, separated by a comma and a space",
            listed=True,
            listing="one or more of " + ", ".join(INTEREST_TOPICS) + ", separated by a comma and a space",
        ),
        InferableKey(
            "contact.preferred_channel", "how you like to be contacted", CONTACT_CHANNELS, _either(CONTACT_CHANNELS)
        ),
    )
}

#: The refusal of an inference under any other key (§3.1): the rule in words, never the value.
OUTSIDE_VOCABULARY = (
    "Only how you like answers (length, format, tone), your language, timezone, preferred contact "
    "channel and the topics you come back to are ever inferred; anything else is saved only when "
    "you ask for it."
)


def refusal(key: str, value: str) -> str | None:
    """Why an inference of ``value`` for ``key`` is outside the vocabulary (one sentence naming
    the rule, never the value), or ``None`` when the vocabulary allows it. DESIGN.md §3.1."""
    entry = INFERABLE.get(key)
    if entry is None:
        return OUTSIDE_VOCABULARY
    if not entry.allows(value):
        return f"An inference of {entry.what} can only be {entry.allowed}; anything else is saved only when you ask for it."
    return None


def is_inferable(key: str, value: str) -> bool:
    """Whether an inference may hold ``value`` under ``key`` (:func:`refusal` is ``None``)."""
    return refusal(key, value) is None


def canonical_language(name: str) -> str | None:
    """The vocabulary's form of a language name (``"French"`` → ``"french"``), or ``None``
    when it is not one of :data:`LANGUAGE_NAMES`."""
    folded = name.strip().lower()
    return folded if folded in LANGUAGE_NAMES else None


def describe() -> str:
    """The vocabulary in words, one key after another, for an agent's tool description:
    ``style.answer_length: brief or detailed; …``."""
    return "; ".join(f"{entry.key}: {entry.listing or entry.allowed}" for entry in INFERABLE.values())
