"""The memory model (DESIGN.md §2): one row per memory, labelled by formation.

Times are timezone-aware UTC ``datetime`` objects in Python and integer epoch seconds in the
database; naive datetimes are refused at the boundary (:func:`to_epoch`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, Protocol, overload


def __getattr__(name: str) -> Any:
    """``sensitive_class``, the one classifier of §3.1, loaded on first use (PEP 562): its word
    lists and stemmers are not loaded by a command that never classifies (memtrust context)."""
    if name == "sensitive_class":
        from memtrust.store.sensitive import sensitive_class

        return sensitive_class
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


Formation = Literal["explicit", "implicit"]
Status = Literal["pending", "active", "quarantined"]
Outcome = Literal["admit", "pending", "quarantine", "reject"]

FORMATIONS: tuple[Formation, ...] = ("explicit", "implicit")
STATUSES: tuple[Status, ...] = ("pending", "active", "quarantined")

#: How a memory arrived (§2). ``inference:<detector>`` is also accepted for implicit rows,
#: and ``import:<assistant>`` (:data:`IMPORT_ASSISTANTS`) for explicit ones.
SOURCES = ("user", "chat", "settings", "sync", "agent")

#: The source of a memory brought from another assistant's memory list (§2): ``import:`` and
#: the assistant that formed it — ``other`` when the list does not say which, ``memtrust`` for
#: a list memtrust itself wrote (``memtrust export --for``), brought back.
IMPORT_SOURCE_PREFIX = "import:"
IMPORT_ASSISTANTS = ("chatgpt", "claude", "gemini", "other", "memtrust")
#: How each assistant of :data:`IMPORT_ASSISTANTS` is named in sentences.
ASSISTANT_NAMES = {
    "chatgpt": "ChatGPT",
    "claude": "Claude",
    "gemini": "Gemini",
    "other": "another assistant",
    "memtrust": "memtrust",
}


def import_source(assistant: str) -> str:
    """The §2 source of a memory from ``assistant``'s memory list: ``import:chatgpt``. Raises
    ValueError for an assistant not in :data:`IMPORT_ASSISTANTS`."""
    if assistant not in IMPORT_ASSISTANTS:
        raise ValueError(f"unknown assistant {assistant!r}; use one of {', '.join(IMPORT_ASSISTANTS)}")
    return IMPORT_SOURCE_PREFIX + assistant


def imported_from(source: str) -> str | None:
    """The assistant of an ``import:<assistant>`` source (``"chatgpt"``), or ``None`` for any
    other source, including ``import:`` with an assistant memtrust does not know."""
    assistant = source.removeprefix(IMPORT_SOURCE_PREFIX) if source.startswith(IMPORT_SOURCE_PREFIX) else None
    return assistant if assistant in IMPORT_ASSISTANTS else None


def is_known_source(source: str) -> bool:
    """Whether ``source`` is one §2 names: :data:`SOURCES`, ``inference:<detector>`` or
    ``import:<assistant>``."""
    return source in SOURCES or source.startswith("inference:") or imported_from(source) is not None


#: Key grammar (§2): dotted lowercase path, at least two parts, at most 128 characters.
KEY_PATTERN = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)+\Z")  # \Z: "$" would let "a.b\n" through
KEY_MAX = 128
#: Scope grammar (§2): ``shared`` or one lowercase role word (the database holds 1–64 characters).
SCOPE_PATTERN = re.compile(r"[a-z0-9_]{1,64}")
VALUE_MAX = 4000

#: Sensitive classes (§3.1): explicit-only, whatever the consent state. One namespace for
#: each class of the classifier (store.sensitive.CLASSES, in its order; a test holds them
#: equal): the seed's four, the other GDPR Art. 9 classes, and crime.
SENSITIVE_PREFIXES = (
    "health.",
    "finance.",
    "family.",
    "politics.",
    "religion.",
    "ethnicity.",
    "sexuality.",
    "biometrics.",
    "genetics.",
    "union.",
    "crime.",
)

DEFAULT_SCOPE = "shared"

#: Default confidence threshold for implicit writes (§3.3); each detector may set its own.
DEFAULT_THRESHOLD = 0.7

Clock = Callable[[], datetime]
"""A function returning the current time as an aware UTC datetime; injected for tests."""


def utc_now() -> datetime:
    """The current time, aware, in UTC, truncated to whole seconds (the stored precision)."""
    return datetime.now(UTC).replace(microsecond=0)


@overload
def to_epoch(moment: datetime) -> int: ...
@overload
def to_epoch(moment: None) -> None: ...
@overload
def to_epoch(moment: datetime | None) -> int | None: ...
def to_epoch(moment: datetime | None) -> int | None:
    """Convert an aware datetime to integer epoch seconds (UTC); ``None`` passes through.

    Raises ValueError for a naive datetime: local time never enters the store (§2).
    """
    if moment is None:
        return None
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("naive datetime refused: memtrust stores UTC times only")
    return int(moment.timestamp())


@overload
def from_epoch(seconds: int) -> datetime: ...
@overload
def from_epoch(seconds: None) -> None: ...
@overload
def from_epoch(seconds: int | None) -> datetime | None: ...
def from_epoch(seconds: int | None) -> datetime | None:
    """Convert stored epoch seconds back to an aware UTC datetime; ``None`` passes through."""
    if seconds is None:
        return None
    return datetime.fromtimestamp(int(seconds), UTC)


def is_text(text: object) -> bool:
    """True when ``text`` is a ``str`` SQLite and JSON can hold exactly: no NUL and no lone
    surrogate (what a stray byte on the command line decodes to, DESIGN.md §9)."""
    return isinstance(text, str) and "\x00" not in text and not any(0xD800 <= ord(char) <= 0xDFFF for char in text)


def is_sensitive(key: str) -> bool:
    """True when ``key`` lies under a sensitive class of §3.1 (explicit-only)."""
    return key.startswith(SENSITIVE_PREFIXES)


@dataclass(frozen=True)
class Memory:
    """One stored memory, with every §2 field.

    ``evidence`` is a JSON-compatible dict: for implicit rows the signals behind the inference
    (counts, message refs, first and last seen as epoch seconds); for explicit rows from a
    conversation, where it was said (conversation title, time). ``pending_until`` is when a
    pending row lapses unconfirmed (§4). ``confirmed_in`` names the MCP client (its
    ``clientInfo`` name, as it gave it) whose elicitation is the only confirmation an explicit
    row has had (§10: the client's word, not the user's); ``None`` once the user confirms it in
    memtrust, and for every row no client confirmed. All times are aware UTC.
    """

    id: str
    scope: str
    key: str
    value: str
    formation: Formation
    source: str
    source_ref: str | None
    confidence: float
    status: Status
    evidence: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime
    last_signal_at: datetime | None = None
    expires_at: datetime | None = None
    confirmed_at: datetime | None = None
    reviewed_at: datetime | None = None
    pending_until: datetime | None = None
    confirmed_in: str | None = None

    @property
    def sensitive(self) -> bool:
        """True when the key is in a sensitive class (§3.1), or the key's words, the value or
        the outside words kept beside it in its evidence (a memory list's heading, a
        conversation's title, an agent's observation: :func:`evidence_texts`) mention one
        ("notes.diagnosis: diagnosed with diabetes", "Likes jazz" under "## HIV positive since
        2019"): the badge the UI shows."""
        return (
            is_sensitive(self.key)
            or mentioned_sensitive_class(self.key, self.value) is not None
            or sensitive_evidence(self.evidence) is not None
        )

    def as_record(self) -> dict[str, Any]:
        """The memory as a JSON-ready dict with the §2 field names; times as ISO 8601 UTC."""
        record: dict[str, Any] = {}
        for name in MEMORY_FIELDS:
            value = getattr(self, name)
            if isinstance(value, datetime):
                value = value.isoformat().replace("+00:00", "Z")
            record[name] = value
        return record


def mentioned_sensitive_class(key: str, value: str) -> str | None:
    """The §3.1 class (``"health"``…) that the words of a well-formed ``key`` after its
    namespace, or its ``value``, speak of — ``notes.panic_attacks``, ``sees a shrink weekly``
    → ``"health"`` — or ``None``, by the one classifier (:func:`store.sensitive.sensitive_class`).
    Admission rejects such an inference (DESIGN.md §3.1), import refuses one, and the UI
    badges such a memory sensitive (:attr:`Memory.sensitive`)."""
    words = key.split(".", 1)[-1].replace("_", " ")
    from memtrust.store.sensitive import sensitive_class  # its word lists load on first use

    return sensitive_class(f"{words} {value}")


#: Evidence fields that hold memtrust's identities of messages (``chatgpt:<id>/<id>``), not words.
EVIDENCE_IDS = frozenset({"message_refs"})


def evidence_texts(evidence: object) -> Iterator[str]:
    """Every piece of text in ``evidence`` (a JSON-compatible value: its strings, nested in
    dicts and lists, in order), the identities under :data:`EVIDENCE_IDS` left out. These are
    the outside words memtrust keeps beside a memory — a memory list's heading, a
    conversation's title, an agent's observation, an import's evidence — which are screened
    as a value is (DESIGN.md §3.1, §3.5). Never raises."""
    if isinstance(evidence, str):
        yield evidence
    elif isinstance(evidence, dict):
        for name, value in evidence.items():
            if name not in EVIDENCE_IDS:
                yield from evidence_texts(value)
    elif isinstance(evidence, list | tuple):
        for value in evidence:
            yield from evidence_texts(value)


def sensitive_evidence(evidence: object) -> str | None:
    """The §3.1 class (``"health"``…) the outside words of ``evidence`` (:func:`evidence_texts`)
    speak of, or ``None``: an inference with such evidence is refused (DESIGN.md §3.1), and
    a memory kept with it is badged sensitive (:attr:`Memory.sensitive`)."""
    texts = [text for text in evidence_texts(evidence) if text.strip()]
    if not texts:
        return None
    from memtrust.store.sensitive import sensitive_class  # its word lists load on first use

    for text in texts:
        if found := sensitive_class(text):
            return found
    return None


#: The mark an agent's ``source_ref`` carries when its client answered yes through MCP elicitation (§10).
CONFIRMED_BY_ELICITATION = "confirmed-by-elicitation"
#: Most characters of a client's name kept in ``confirmed_in`` (a longer name is cut, §10).
CLIENT_NAME_MAX = 100


def client_name(name: str) -> str:
    """A client's ``clientInfo`` name made fit for ``confirmed_in`` (§10): at most
    :data:`CLIENT_NAME_MAX` characters, NUL and lone surrogates replaced by U+FFFD (SQLite and
    JSON hold it exactly), ``an unnamed client`` when nothing is left, ``(withheld: <kind>)``
    when it holds a secret (§3.5: it is stored beside the memory), followed by ``(an MCP
    client, not memtrust itself)`` when it holds the app's name in any case, width or
    punctuation (``memtrust``, ``MEM-TRUST``), so a client's yes never reads as memtrust's
    own. Kept otherwise as the
    client gave it: it is outside text, shown quoted (store.quoting.quoted) wherever it appears."""
    cleaned = "".join("\ufffd" if char == "\x00" or 0xD800 <= ord(char) <= 0xDFFF else char for char in name)
    cleaned = cleaned[:CLIENT_NAME_MAX]
    if not cleaned.strip():
        return "an unnamed client"
    from memtrust.store.secrets import find_secret  # compiled on a write's first use

    found = find_secret(cleaned)
    if found:
        return f"(withheld: {found})"
    if _APP_NAME in "".join(char for char in unicodedata.normalize("NFKC", cleaned).casefold() if char.isalnum()):
        # A client may call itself memtrust; its yes must never read as memtrust's own (§10).
        return cleaned[: CLIENT_NAME_MAX - len(_NOT_THE_APP)] + _NOT_THE_APP
    return cleaned


#: The app's own name, which a client's name may not pass for (:func:`client_name`).
_APP_NAME = "memtrust"
#: What a client's name that holds the app's name is shown with.
_NOT_THE_APP = " (an MCP client, not memtrust itself)"


def legacy_confirmed_in(source: str, source_ref: str | None, status: str) -> str | None:
    """``confirmed_in`` for a row stored before the field existed (migration, an older
    export): an agent's explicit row that its client confirmed through elicitation — the mark
    :data:`CONFIRMED_BY_ELICITATION` in its ``source_ref`` — was never confirmed by the user
    in memtrust (the store could not confirm an active row), so it names the agent
    (``agent:NAME#call;…`` → ``NAME``), the only name those rows kept. ``None`` otherwise."""
    ref = source_ref or ""
    if source != "agent" or status == "pending" or CONFIRMED_BY_ELICITATION not in ref:
        return None
    return client_name(ref.removeprefix("agent:").split("#", 1)[0])


class ConfirmationFacts(Protocol):
    """The fields :func:`confirmed_by_user` reads: a :class:`Memory`, or an export record's
    fields as attributes (the DSAR report, §9, where times are ISO text)."""

    @property
    def formation(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def source_ref(self) -> str | None: ...
    @property
    def confirmed_at(self) -> object: ...
    @property
    def confirmed_in(self) -> str | None: ...


def confirmed_by_user(memory: ConfirmationFacts) -> bool:
    """Whether the user said yes to this explicit memory (§3.6): what makes it "saved by you".

    False for implicit rows, for a request still pending, for a row whose only yes came from
    an MCP client's elicitation (``confirmed_in`` set, §10: stdio has no authentication and a
    client can answer its own questions), and for a confidential request found in an import or
    sent by an agent that §3.5 quarantined before §3.6 sent it to the Inbox. Otherwise True
    when it is active, when ``confirmed_at`` is set (every write the user confirmed,
    quarantined or not, and a pending row confirmed), or when the user typed it in memtrust
    (source ``user``: the app asks before it writes). The TUI's badges, the CLI's ``list`` and
    the DSAR report all use this rule.
    """
    if memory.formation != "explicit" or memory.status == "pending" or memory.confirmed_in is not None:
        return False
    return memory.status == "active" or memory.confirmed_at is not None or memory.source == "user"


def confirmed_in_client_only(memory: ConfirmationFacts) -> bool:
    """True for an explicit row whose only confirmation came through an MCP client (§10):
    shown "confirmed in <client>, not yet by you", never given to a ``privileged`` purpose."""
    return memory.formation == "explicit" and memory.confirmed_in is not None


MEMORY_FIELDS = (
    "id",
    "scope",
    "key",
    "value",
    "formation",
    "source",
    "source_ref",
    "confidence",
    "status",
    "evidence",
    "created_at",
    "updated_at",
    "last_signal_at",
    "expires_at",
    "confirmed_at",
    "reviewed_at",
    "pending_until",
    "confirmed_in",
)
#: The fields of :data:`MEMORY_FIELDS` holding a time: epoch seconds (UTC) in the database,
#: aware UTC datetimes on :class:`Memory`, ISO 8601 UTC text in an export.
MEMORY_TIME_FIELDS = (
    "created_at",
    "updated_at",
    "last_signal_at",
    "expires_at",
    "confirmed_at",
    "reviewed_at",
    "pending_until",
)


@dataclass(frozen=True)
class Proposal:
    """A candidate write, from any path (TUI, CLI, import, agent, detector), before admission.

    - ``source``: one of :data:`SOURCES`, ``inference:<detector>`` or ``import:<assistant>`` (§2).
    - ``confidence``: 0.0–1.0; explicit proposals are 1.0.
    - ``threshold``: the proposing detector's confidence threshold (§3.3); implicit only.
    - ``confirmed``: the write was already confirmed (typed and confirmed in the app, or
      accepted through MCP elicitation), so §3.6 does not hold it as pending.
    - ``confirmed_in``: the MCP client whose elicitation was that confirmation (§10: the
      client's word, not the user's); stored on the row, and such a write never replaces a
      value the user confirmed (it waits in the Inbox instead). ``None`` for the user's own yes.
    - ``expires_at``: an expiry the user asked for; §3.5 may add one from temporary phrasing.
    - ``ttl_seconds``: for implicit proposals, the detector's default TTL; the store's
      implicit TTL setting (§4) applies when ``None``.
    - ``utterance``: the whole sentence the proposal came from ("remember, confidentially,
      that …"), screened by §3.5 for secrets, confidentiality and temporary phrasing; it is
      never stored.
    - ``said_at``: when the user said it (the message's time, aware UTC), from which a
      time-limited request ("this week") counts (§4); ``None`` when unknown (then: now).
    - ``asked_key``: the key the caller gave when the store keys the memory otherwise (a
      note takes ``notes.<id>``, §2); screened by §3.5 as the key is, never stored.
    """

    key: str
    value: str
    formation: Formation
    source: str
    source_ref: str | None = None
    scope: str = DEFAULT_SCOPE
    confidence: float = 1.0
    threshold: float = DEFAULT_THRESHOLD
    evidence: dict[str, Any] | None = None
    confirmed: bool = False
    expires_at: datetime | None = None
    ttl_seconds: int | None = None
    utterance: str | None = None
    said_at: datetime | None = None
    asked_key: str | None = None
    confirmed_in: str | None = None


@dataclass(frozen=True)
class Decision:
    """What admission (§3) decided for a proposal, with the reason in words for the UI.

    - ``outcome``: ``admit`` (stored active), ``pending`` (stored, awaiting confirmation),
      ``quarantine`` (stored, never given to consumers) or ``reject`` (not stored).
    - ``rule``: the §3 rule that decided, e.g. ``"3.1"``, for audit and tests.
    - ``expires_at``: the memory's own expiry (§3.5 temporary phrasing, §4 TTL), or ``None``.
    - ``pending_until``: for a pending row, when it lapses unconfirmed (§4: 30 days).
    - ``supersedes``: ids of rows this write replaces (explicit beats implicit, §3.4).
    - ``refreshes``: id of an implicit row that a repeated signal refreshes instead of a copy.
    """

    outcome: Outcome
    reason: str
    rule: str
    expires_at: datetime | None = None
    pending_until: datetime | None = None
    supersedes: tuple[str, ...] = field(default_factory=tuple)
    refreshes: str | None = None

    @property
    def stored(self) -> bool:
        """True when the proposal becomes (or refreshes) a row."""
        return self.outcome != "reject"
