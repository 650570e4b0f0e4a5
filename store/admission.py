"""The admission policy (DESIGN.md §3): the one function every write goes through.

:func:`decide` is pure: it is given the proposal, the consent state, the rows already held
for the same (scope, key), the clock reading and the TTL, and returns a :class:`Decision`
whose ``reason`` is a sentence the UI shows. The store applies the decision; nothing else
writes memories.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from functools import cache, lru_cache
from typing import Any

from memtrust.store.model import (
    EVIDENCE_IDS,
    FORMATIONS,
    KEY_MAX,
    KEY_PATTERN,
    SCOPE_PATTERN,
    VALUE_MAX,
    Decision,
    Memory,
    Proposal,
    confirmed_by_user,
    evidence_texts,
    is_known_source,
    is_sensitive,
    mentioned_sensitive_class,
    sensitive_evidence,
)
from memtrust.store.notes import is_note
from memtrust.store.quoting import ID_CELLS, quoted

#: Default implicit TTL (§4): 60 days; the setting ranges over 30–90 days.
DEFAULT_IMPLICIT_TTL = timedelta(days=60)
#: Pending items expire after 30 days unconfirmed (§4).
PENDING_TTL = timedelta(days=30)


def _reject(reason: str, rule: str) -> Decision:
    return Decision("reject", reason, rule)


def brings_new_evidence(held: dict | None, offered: dict | None) -> bool:
    """True when ``offered`` evidence holds a signal ``held`` does not: a message ref not yet
    held, or a ``last_seen`` later than the held one (epoch seconds). Evidence without refs or
    times counts as new (nothing shows it is the same). Re-reading the same export must not
    keep an inference alive for ever (§4: implicit rows are short-lived unless seen again).
    """
    if not held or not offered:
        return True
    held_refs = set(held.get("message_refs") or [])
    offered_refs = set(offered.get("message_refs") or [])
    if offered_refs - held_refs:
        return True
    held_last, offered_last = held.get("last_seen"), offered.get("last_seen")
    if isinstance(held_last, (int, float)) and isinstance(offered_last, (int, float)):
        return offered_last > held_last
    return not offered_refs and offered_last is None


def validate(proposal: Proposal) -> str | None:
    """Return why ``proposal`` is malformed (one sentence), or ``None`` when it is well formed.

    Checks the §2 contract: key grammar and length, value length (≤ 4,000 characters), no
    NUL and no lone surrogates in the value (they cannot be exported exactly), a known
    formation and source, and a finite confidence in 0.0–1.0 (a number: not NaN, not an
    infinity such as JSON's ``1e400``, not a bool or a string). Never raises, whatever the
    types of the proposal's fields.
    """
    if proposal.formation not in FORMATIONS:
        return f"Formation must be explicit or implicit, not {quoted(str(proposal.formation), ID_CELLS)}."
    # fullmatch: ``$`` would let a trailing line break through ("a.b\n").
    if not isinstance(proposal.key, str) or len(proposal.key) > KEY_MAX or not KEY_PATTERN.fullmatch(proposal.key):
        return "The key must be a dotted lowercase path such as contact.preferred_channel (at most 128 characters)."
    if not isinstance(proposal.scope, str) or len(proposal.scope) > 64 or not SCOPE_PATTERN.fullmatch(proposal.scope):
        return "The scope must be one lowercase word such as shared or research."
    if not isinstance(proposal.value, str) or proposal.value.strip() == "":
        return "The value must not be empty."
    if len(proposal.value) > VALUE_MAX:
        return f"The value is {len(proposal.value):,} characters long; the limit is {VALUE_MAX:,}."
    if "\x00" in proposal.value:
        return "The value contains a NUL character, which cannot be stored faithfully."
    if any(0xDC80 <= ord(char) <= 0xDCFF for char in proposal.value):
        # How Python keeps a byte that is not UTF-8 (a Latin-1 terminal's é on the command line).
        return "The value is not valid UTF-8 text (it holds a byte no UTF-8 text has); nothing was saved."
    if any(0xD800 <= ord(char) <= 0xDFFF for char in proposal.value):
        return "The value contains a lone surrogate, which is not valid Unicode text."
    if not isinstance(proposal.source, str) or not is_known_source(proposal.source):
        return f"Unknown source {quoted(str(proposal.source), ID_CELLS)}."
    if proposal.formation == "implicit" and not proposal.source.startswith("inference:"):
        return "Implicit memories can only come from an inference detector."
    if proposal.formation == "explicit" and proposal.source.startswith("inference:"):
        return "An inference detector cannot write an explicit memory."
    confidence = proposal.confidence
    if (
        isinstance(confidence, bool)
        or not isinstance(confidence, (int, float))
        or not math.isfinite(confidence)
        or not 0.0 <= confidence <= 1.0
    ):
        return "Confidence must be a number between 0 and 1."
    if proposal.formation == "explicit" and confidence != 1.0:
        return "Explicit memories have confidence 1.0."
    return None


def evidence_time(evidence: dict | None, name: str) -> datetime | None:
    """``first_seen`` / ``last_seen`` of an evidence dict (epoch seconds UTC) as an aware
    UTC datetime, or ``None`` when absent or not a number."""
    value = (evidence or {}).get(name)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    try:
        return datetime.fromtimestamp(int(value), UTC)
    except (OverflowError, OSError, ValueError):
        return None


def _day(moment: datetime) -> str:
    """``3 Mar 2025`` (UTC), for reasons."""
    return f"{moment.day} {moment:%b %Y}"


def _held_explicitly(rows: Sequence[Memory]) -> str:
    """Why an inference is refused where explicit ``rows`` hold the key (§3.4), as they
    stand: saved by the user, waiting in the Inbox, or held in Quarantine unconfirmed."""
    if any(confirmed_by_user(m) for m in rows):
        return "You saved a value for this yourself; an inference never overrides it."
    if any(m.confirmed_in is not None and m.status == "active" for m in rows):
        return "A value for this was confirmed in an agent's client; an inference never overrides it."
    if any(m.status == "pending" for m in rows):
        return "A value for this is waiting in your Inbox; nothing is inferred for it while you decide."
    return "A value for this is held in your Quarantine; nothing is inferred for it while you decide."


#: The §3.4 refusal of an explicit value the user already saved and confirmed (any other
#: holding of it — waiting in the Inbox, in Quarantine, confirmed only in a client — says so).
ALREADY_SAVED = "You already have this memory; nothing new was saved."


def _already_held(rows: Sequence[Memory]) -> str:
    """Why an explicit write of a value the explicit ``rows`` already hold is refused (§3.4),
    as the held row stands: saved, waiting in the Inbox, or held in Quarantine."""
    if any(confirmed_by_user(m) and m.status == "active" for m in rows):
        return ALREADY_SAVED
    if any(m.confirmed_in is not None and m.status == "active" for m in rows):
        return (
            "It is already held, confirmed in an agent's client but not yet by you: confirm it in your Inbox; "
            "nothing new was saved."
        )
    if any(m.status == "pending" for m in rows):
        return "It is already waiting in your Inbox; nothing new was saved."
    return "It is already held in your Quarantine; nothing new was saved."


def _malformed(proposal: Proposal) -> Decision | None:
    """§2: a malformed proposal is rejected with what is wrong."""
    problem = validate(proposal)
    return _reject(problem, "2") if problem else None


#: The sources whose explicit memories come with a key written by someone else: an agent's
#: proposal (§10) and a memory list brought from another assistant (``import:<assistant>``).
_OUTSIDE_KEY_SOURCES = ("agent", "import:")


@cache
def outside_keys() -> frozenset[str]:
    """The only keys an agent or another assistant's memory list may name (§2): those the app
    shows by a label (:data:`store.portable.KEY_LABELS`) and those an inference may hold
    (:data:`store.inference_vocabulary.INFERABLE`). Anything else they want kept is a note
    (``notes.…``). Loaded on first use (a read never needs them)."""
    from memtrust.store.inference_vocabulary import INFERABLE
    from memtrust.store.portable import KEY_LABELS

    return frozenset(KEY_LABELS) | frozenset(INFERABLE)


def outside_key_refusal(key: str, source: str) -> str | None:
    """Why §2 refuses ``key`` from ``source``, or ``None``: an agent's proposal or a memory
    list's item is kept under one of memtrust's own keys (:func:`outside_keys`) or as a note;
    a key of its own making (``system.admin``, ``health.condition``, ``settings.…``) is not
    taken, whatever it says. One sentence, naming the key (a well-formed key: lowercase
    letters, digits, ``_`` and ``.``)."""
    if not source.startswith(_OUTSIDE_KEY_SOURCES) or is_note(key) or key in outside_keys():
        return None
    return (
        f"memtrust keeps an assistant's memory under one of its own keys (such as contact.preferred_channel "
        f"or style.answer_length) or as a note (key notes.note); {key} is not one of them, so nothing was saved."
    )


def _outside_key(proposal: Proposal) -> Decision | None:
    """§2: an explicit memory from an agent or a memory list under a key memtrust does not
    know is refused (:func:`outside_key_refusal`)."""
    if proposal.formation != "explicit":
        return None
    reason = outside_key_refusal(proposal.key, proposal.source)
    return _reject(reason, "2") if reason else None


def _sensitive_inference(proposal: Proposal) -> Decision | None:
    """§3.1 for an implicit proposal: a sensitive namespace, a sensitive class the classifier
    recognises in the key's words or the value (the refusal names it), or anything outside
    the closed vocabulary of inferences (:mod:`store.inference_vocabulary`), which refuses
    every other wording. ``None`` for an explicit proposal."""
    if proposal.formation != "implicit":
        return None
    if is_sensitive(proposal.key):
        category = proposal.key.split(".", 1)[0]
        return _reject(f"Nothing about {category} is ever inferred; only you can save it, explicitly.", "3.1")
    if mentioned := mentioned_sensitive_class(proposal.key, proposal.value) or sensitive_evidence(proposal.evidence):
        return _reject(f"Nothing about {mentioned} is ever inferred; only you can save it, explicitly.", "3.1")
    # The vocabulary (its tables and time zones) is loaded by the first inference, not by
    # every command that imports admission (memtrust context never admits one).
    from memtrust.store.inference_vocabulary import refusal as vocabulary_refusal

    if outside := vocabulary_refusal(proposal.key, proposal.value):
        return _reject(outside, "3.1")
    return None


def secret_refusal(
    text: str, key: str | None = None, asked_key: str | None = None, heading: str | None = None
) -> str | None:
    """Why §3.5 refuses a memory (one sentence naming the secret's kind, never its content,
    §3.9), or ``None``: a secret in ``text`` (the value, or the sentence it came from with
    the value), in ``key``, or in ``asked_key`` (the key a caller gave a note, :class:`Proposal`);
    ``heading`` is the heading a memory list's item stood under ("Gmail: sunflower" under
    *Passwords* is a password). The one home of that refusal: admission, the edit, the add
    form all say it."""
    from memtrust.store.secrets import refusal, screen_secret  # its patterns compile on a write's first use

    found = screen_secret(text, key=key, heading=heading) or (screen_secret("", key=asked_key) if asked_key else None)
    return refusal(found.noun) if found else None


#: What a piece of outside text kept beside a memory becomes when it holds a secret (§3.5,
#: §3.9: the kind alone): ``(withheld: a password)``.
WITHHELD_TEXT = "(withheld: {noun})"


def withheld_evidence(evidence: Any) -> Any:
    """``evidence`` as memtrust may store it beside a memory (§3.5): a copy in which every
    piece of text holding a secret (:func:`evidence_texts`: a heading, a conversation's title,
    an agent's observation, an import's fields) is replaced by ``(withheld: <kind>)``, so the
    secret is never stored and its kind is still said (§3.9). Evidence without a secret is
    returned as it is. Never raises for JSON-compatible input."""
    if not any(_text_secret(text) for text in evidence_texts(evidence)):
        return evidence
    return _withheld(evidence)


def _withheld(value: Any) -> Any:
    if isinstance(value, str):
        noun = _text_secret(value)
        return WITHHELD_TEXT.format(noun=noun) if noun else value
    if isinstance(value, dict):
        return {name: inner if name in EVIDENCE_IDS else _withheld(inner) for name, inner in value.items()}
    if isinstance(value, list | tuple):
        return [_withheld(inner) for inner in value]
    return value


@lru_cache(maxsize=4096)
def _text_secret(text: str) -> str | None:
    """The kind of secret ``text`` holds, in words, or ``None`` (a list's heading repeats on
    each of its items: screened once)."""
    from memtrust.store.secrets import find_secret

    return find_secret(text)


#: How a list of decisions names the key of a refused secret (§3.9: the reason names the kind).
KEY_WITHHELD = "(key withheld)"


def key_in_report(key: str, decision: Decision) -> str:
    """How a list of decisions (the ingest summary, the import screen) names a proposal's
    ``key``: the key itself, or :data:`KEY_WITHHELD` for a secret refused under §3.5, whose
    key may hold the secret or be a note's fingerprint of it; the reason names the kind
    alone (§3.9)."""
    return KEY_WITHHELD if decision.outcome == "reject" and decision.rule == "3.5" else key


def _secret(proposal: Proposal) -> Decision | None:
    """§3.5: a secret in the key, the value or the sentence it came from, whatever the formation."""
    screened = proposal.value if proposal.utterance is None else f"{proposal.utterance}\n{proposal.value}"
    heading = (proposal.evidence or {}).get("heading")
    reason = secret_refusal(
        screened, key=proposal.key, asked_key=proposal.asked_key, heading=heading if isinstance(heading, str) else None
    )
    return _reject(reason, "3.5") if reason else None


def screen(proposal: Proposal) -> Decision | None:
    """The rules of :func:`decide` that judge a memory on its own, without the store's state:
    well-formedness (§2), sensitive inferences and the vocabulary (§3.1), secrets in key,
    value and sentence (§3.5). Returns the ``reject`` decision of the first that refuses, or
    ``None``. Import (:mod:`store.restore`) holds every memory of a file to these, as every
    other path is held to them through :func:`decide`. Never raises for bad input."""
    return _malformed(proposal) or _sensitive_inference(proposal) or _secret(proposal)


def decide(
    proposal: Proposal,
    *,
    learning_enabled: bool,
    existing: Sequence[Memory],
    now: datetime,
    implicit_ttl: timedelta = DEFAULT_IMPLICIT_TTL,
    deleted_at: datetime | None = None,
) -> Decision:
    """Decide a write under the §3 rules, in order.

    - ``existing``: the rows already stored for the proposal's (scope, key), any status.
    - ``now``: aware UTC; ``implicit_ttl``: the §4 setting (30–90 days), the longest an
      inference may live; a detector's own ``ttl_seconds`` may only shorten it.
    - ``deleted_at``: when the user last deleted (or cleared) an inference for this (scope,
      key), aware UTC, or ``None``.

    Rules: well-formedness (§2), and an agent's or a memory list's key is one of memtrust's
    own or a note (§2, :func:`outside_key_refusal`) → 3.1 sensitive classes are explicit-only, and an inference
    is only ever one of the vocabulary's values (:mod:`store.inference_vocabulary`) → 3.2
    implicit learning off rejects implicit writes → 3.3 implicit confidence ≥ threshold → 3.7
    a deleted inference is not inferred again from evidence dated before the deletion → §4
    an inference lives ``ttl`` from its newest evidence (``evidence.last_seen``, the
    message's time), so one whose evidence is older than that is not admitted → 3.5
    secrets rejected (every formation) → 3.4 explicit beats implicit; a repeated implicit
    signal refreshes → §4 a time-limited request counts from when it was said
    (``proposal.said_at``): one already lapsed is not proposed → 3.5 confidential
    quarantined, temporary phrasing expires → 3.6 explicit writes not confirmed by the user
    wait as pending (30 days from now). Rule ``"4"`` marks the two §4 refusals. Never
    raises for bad input: a malformed proposal is a ``reject`` with the reason.
    """
    # The screening rules compile dozens of patterns: only a write pays for them (a read, such
    # as memtrust context, never does).
    from memtrust.store.screening import is_confidential, temporary_expiry

    refused = _malformed(proposal) or _sensitive_inference(proposal)
    if refused:
        return refused
    implicit = proposal.formation == "implicit"
    if implicit and not learning_enabled:
        return _reject("Implicit learning is off, so nothing is inferred.", "3.2")
    if implicit and proposal.confidence < proposal.threshold:
        return _reject(
            f"Confidence {proposal.confidence:.0%} is below this detector's threshold of {proposal.threshold:.0%}.",
            "3.3",
        )
    last_seen = evidence_time(proposal.evidence, "last_seen") if implicit else None
    if implicit and deleted_at is not None and (last_seen is None or last_seen <= deleted_at):
        return _reject(
            f"You deleted this inference on {_day(deleted_at)}; it is not inferred again from messages older than that.",
            "3.7",
        )
    # The user's setting (§4, 30–90 days) is a ceiling; a detector may only ask for less.
    ttl = min(timedelta(seconds=proposal.ttl_seconds), implicit_ttl) if proposal.ttl_seconds else implicit_ttl
    if implicit and last_seen is not None and min(last_seen, now) + ttl <= now:
        age = (now - last_seen).days
        return _reject(
            f"The newest evidence is {age:,} days old; an inference lasts {ttl.days} days from its newest evidence.",
            "4",
        )

    # A secret is named first (§3.9); then a key an agent or a list made up (§2).
    refused = _secret(proposal) or _outside_key(proposal)
    if refused:
        return refused
    screened = proposal.value if proposal.utterance is None else f"{proposal.utterance}\n{proposal.value}"

    explicit_rows = [m for m in existing if m.formation == "explicit"]
    implicit_rows = [m for m in existing if m.formation == "implicit"]

    if implicit:
        if explicit_rows:
            return _reject(_held_explicitly(explicit_rows), "3.4")
        same = [m for m in implicit_rows if m.value == proposal.value]
        # Its life counts from the newest evidence (§4), held or offered; never from the future.
        newest = max(
            (t for t in (last_seen, evidence_time(same[0].evidence if same else None, "last_seen")) if t is not None),
            default=now,
        )
        expires = min(newest, now) + ttl
        if same and not brings_new_evidence(same[0].evidence, proposal.evidence):
            return _reject("Seen before: the same messages do not extend an inference; only a new signal does.", "3.4")
        if same:
            return Decision(
                "admit",
                "Seen again: the inference is refreshed and its expiry extended.",
                "3.4",
                expires_at=expires,
                refreshes=same[0].id,
            )
        return Decision(
            "admit",
            f"Inferred with {proposal.confidence:.0%} confidence; it expires unless seen again.",
            "3.3",
            expires_at=expires,
            supersedes=tuple(m.id for m in implicit_rows),
        )

    # Explicit from here on.
    if same_value := [m for m in explicit_rows if m.value == proposal.value]:
        return _reject(_already_held(same_value), "3.4")
    said = min(proposal.said_at, now) if proposal.said_at is not None else now
    expiry = proposal.expires_at or temporary_expiry(screened, said)
    if expiry is not None and expiry <= now and proposal.expires_at is None:
        return _reject(
            f"You said it on {_day(said)} for a limited time, which ended on {_day(expiry)}; "
            "it had already lapsed, so it is not proposed.",
            "4",
        )
    # An explicit value replaces inferences at once only when it is stored active; a pending
    # proposal supersedes them when the user confirms it.
    if is_confidential(screened):
        return Decision(
            "quarantine",
            "You marked this as confidential, so it is held in Quarantine and never shared until you release it.",
            "3.5",
            expires_at=expiry,
        )
    if not proposal.confirmed:
        return Decision(
            "pending",
            "Waiting in your Inbox: it is kept only if you confirm it within 30 days.",
            "3.6",
            expires_at=expiry,
            pending_until=now + PENDING_TTL,
        )
    # §10: a client's yes is not the user's, so it never replaces what the user confirmed.
    if proposal.confirmed_in is not None and any(confirmed_by_user(m) and m.status == "active" for m in explicit_rows):
        return Decision(
            "pending",
            "You saved another value for this yourself; an agent's client cannot replace it, so this waits "
            "in your Inbox: it is kept only if you confirm it within 30 days.",
            "10",
            expires_at=expiry,
            pending_until=now + PENDING_TTL,
        )
    reason = "Saved because you asked."
    if expiry is not None:
        reason = "Saved because you asked; it is temporary, so it expires when the time you gave is up."
    return Decision(
        "admit",
        reason,
        "3.6",
        expires_at=expiry,
        supersedes=tuple(m.id for m in existing if m.status == "active"),
    )
