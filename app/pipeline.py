"""Ingest pipeline (DESIGN.md §6): export file → turns → proposals → store admission.

Data flows one way: :mod:`app.ingest` reads conversations, :mod:`app.detectors` proposes,
the store decides (§3). Detectors never write. With implicit learning off (the default) no
implicit detector runs at all (§3.2).

One ingest is one transaction: the export is read to the end first (streamed, one
conversation at a time, only what was found kept), then everything found is written at
once. A file that fails part-way — malformed, too deeply nested, stopped by the user —
writes nothing, and says which conversation and why.
"""

from __future__ import annotations

import inspect
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from memtrust.app.ingest.conversation import Conversation, ReadTally
from memtrust.store.deletion_requests import DeletionRequest, DeletionRequests
from memtrust.store.errors import IngestError
from memtrust.store.memories import MemoryStore, WriteResult
from memtrust.store.model import DEFAULT_SCOPE, Memory, Proposal, to_epoch
from memtrust.store.quoting import quoted

if TYPE_CHECKING:
    from memtrust.app.detectors.base import Contradiction
    from memtrust.app.detectors.intents import ForgetRequest
    from memtrust.app.ingest.files import Progress

    #: An implicit detector (§6): called with each conversation, the export's file name and,
    #: when it takes a third argument, the shared ConversationReading, it returns what it
    #: concludes at once (contradictions, proposals) or nothing; one with a ``finish()``
    #: method gives its end-of-file proposals there.
    Detector = Callable[..., Iterable[Proposal | Contradiction] | None]


@dataclass(frozen=True)
class ForgetMatch:
    """A "forget …" request found in an export and the active explicit memories it may mean.

    ``memory_ids`` holds every active explicit memory whose key or value matches the words
    of the request (at the time it was read); nothing is deleted here — a request that
    matched is stored as a :class:`~store.deletion_requests.DeletionRequest` for the user to
    confirm or dismiss in the Inbox (§6).
    """

    request: ForgetRequest
    memory_ids: tuple[str, ...]


@dataclass
class IngestReport:
    """What one ingest did: each stored or rejected proposal with its decision, the forget
    requests found (``forget_requests``, new messages only) and the memories each matched
    (``forget_matches``), the requests to forget stored for the Inbox (``deletion_requests``)
    and those that matched no memory and were not stored (``forget_unmatched``), inferences
    withdrawn because the user contradicted them, how many messages were skipped as already
    ingested, what reading skipped (``tally``), and whether the implicit detectors ran."""

    file: str
    format: str
    conversations: int = 0
    results: list[WriteResult] = field(default_factory=list)
    forget_requests: list[ForgetRequest] = field(default_factory=list)
    forget_matches: list[ForgetMatch] = field(default_factory=list)
    deletion_requests: list[DeletionRequest] = field(default_factory=list)
    forget_unmatched: list[ForgetRequest] = field(default_factory=list)
    withdrawn: list[Memory] = field(default_factory=list)
    already_ingested: int = 0
    detectors_ran: bool = False
    tally: ReadTally = field(default_factory=ReadTally)

    def outcomes(self) -> Counter:
        """Counts per admission outcome: ``{"pending": 3, "reject": 1, …}``."""
        return Counter(result.decision.outcome for result in self.results)

    def inferred(self) -> int:
        """How many of the ``admit`` outcomes are inferences (:func:`is_inference`)."""
        return sum(1 for result in self.results if is_inference(result))

    def lapsed(self) -> int:
        """Time-limited requests that had already lapsed when read (§4): rejected, not proposed."""
        return sum(1 for r in self.results if r.decision.rule == "4" and _formation(r) == "explicit")

    def stale(self) -> int:
        """Inferences whose newest evidence was older than their lifetime (§4): not admitted."""
        return sum(1 for r in self.results if r.decision.rule == "4" and _formation(r) == "implicit")

    def notes(self) -> list[str]:
        """What else the report says in words (§6: nothing is dropped without a line):
        lapsed requests, stale inferences, and everything reading skipped."""
        lines = []
        if lapsed := self.lapsed():
            lines.append(
                f"{lapsed:,} time-limited {'request' if lapsed == 1 else 'requests'} had already lapsed "
                "when you said them this long ago, so nothing was proposed for them."
            )
        if stale := self.stale():
            lines.append(
                f"{stale:,} {'inference was' if stale == 1 else 'inferences were'} not made: the newest "
                "evidence is older than an inference may live."
            )
        lines += skipped_lines(self.tally)
        return lines


def _formation(result: WriteResult) -> str | None:
    proposal = result.proposal
    return result.memory.formation if result.memory else proposal.formation if proposal else None


#: How each kind of skipped item is said (singular, plural); ``{x}`` is the kind's own name,
#: quoted as data (it comes from the export).
_SKIP_WORDS: dict[str, tuple[str, str]] = {
    "role:tool": ("tool message", "tool messages"),
    "role:developer": ("developer message", "developer messages"),
    "role:function": ("function message", "function messages"),
    "role:*": ("message with the role {x}", "messages with the role {x}"),
    "branch": (
        "message on a branch edited or regenerated away from",
        "messages on branches edited or regenerated away from",
    ),
    "hidden": ("hidden system message", "hidden system messages"),
    "other": ("item that is not a conversation", "items that are not conversations"),
    "content:image_asset_pointer": ("image", "images"),
    "content:audio_asset_pointer": ("voice recording (its words are read)", "voice recordings (their words are read)"),
    "content:real_time_user_audio_video_asset_pointer": ("audio or video recording", "audio or video recordings"),
    "content:thoughts": ("part of the model's thinking", "parts of the model's thinking"),
    "content:reasoning_recap": ("part of the model's thinking", "parts of the model's thinking"),
    "content:thinking": ("part of the model's thinking", "parts of the model's thinking"),
    "content:code": ("code-interpreter part", "code-interpreter parts"),
    "content:execution_output": ("code-interpreter part", "code-interpreter parts"),
    "content:tool_call": ("tool call", "tool calls"),
    "content:tool_use": ("tool call", "tool calls"),
    "content:tool_result": ("tool result", "tool results"),
    "content:tether_browsing_display": ("browsing result", "browsing results"),
    "content:tether_quote": ("browsing result", "browsing results"),
    "content:attachment": ("attached document", "attached documents"),
    "content:file": ("attached file", "attached files"),
    "content:not-text": ("message whose content is not text", "messages whose content is not text"),
    "content:*": ("part of the kind {x}", "parts of the kind {x}"),
}


def skipped_lines(tally: ReadTally) -> list[str]:
    """What reading skipped, in words: ``Not read (not words said in the conversation): 3
    tool messages, 12 images, …``, the zip files inside a folder or zip (not opened), and the
    other files of a zip or folder not read and why. Empty when nothing was skipped."""
    said: Counter[tuple[str, str]] = Counter()
    for kind, count in tally.skipped.items():
        head, _, name = kind.partition(":")
        one, many = _SKIP_WORDS.get(kind) or _SKIP_WORDS.get(f"{head}:*") or (kind, kind)
        shown = quoted(name, 42)
        said[(one.format(x=shown), many.format(x=shown))] += count
    parts = [f"{count:,} {one if count == 1 else many}" for (one, many), count in said.most_common()]
    lines = [f"Not read (not words said in the conversation): {', '.join(parts)}."] if parts else []
    if zips := tally.zip_files:
        single = len(zips) == 1
        lines.append(
            f"{len(zips):,} zip {'file' if single else 'files'} in the export {'was' if single else 'were'} not opened "
            f"(memtrust reads a zip when it is the file given, not from inside a folder or another zip; "
            f"give {'it' if single else 'each'} to memtrust ingest to read {'it' if single else 'them'}): {_names(zips)}."
        )
    if others := tally.other_files:
        single = len(others) == 1
        lines.append(
            f"{len(others):,} other {'file' if single else 'files'} in the export {'was' if single else 'were'} not read: "
            f"{'its name is' if single else 'their names are'} not that of a conversation file "
            f"(conversations.json, conversations-000.json …): {_names(others)}."
        )
    return lines


def _names(names: list[str]) -> str:
    """Up to five file names, quoted, and how many more."""
    return ", ".join(quoted(name, 62) for name in names[:5]) + (
        f" and {len(names) - 5:,} more" if len(names) > 5 else ""
    )


def is_inference(result: WriteResult) -> bool:
    """Whether ``result`` admitted an implicit memory: counted under ``admit`` by
    :meth:`IngestReport.outcomes`, but never to be called "saved" (it is a guess)."""
    return result.decision.outcome == "admit" and result.memory is not None and result.memory.formation == "implicit"


@dataclass
class _Found:
    """What the reading phase found, to be written in one transaction."""

    proposals: list[Proposal] = field(default_factory=list)
    forgets: list[ForgetRequest] = field(default_factory=list)
    contradictions: list[Contradiction] = field(default_factory=list)
    refs: set[str] = field(default_factory=set)


def ingest_file(
    store: MemoryStore,
    path: Path,
    *,
    format: str | None = None,
    progress: Progress | None = None,
    actor: str | None = None,
    implicit_detectors: Iterable[Detector] | None = None,
) -> IngestReport:
    """Read the export at ``path`` (a file, a zip or a folder of shards) and put its
    proposals through admission, in one transaction.

    ``format`` is ``chatgpt``, ``claude`` or ``jsonl`` (detected when ``None``; one that
    does not match the export is refused). ``progress(bytes_read, total_bytes)`` is called
    as the export streams in. Messages already ingested — by identity (source,
    conversation, message), whatever the file is called (§6) — propose nothing again, so a
    rejected or forgotten request never returns from the same message (§3.7).

    Implicit detectors run only when the store's learning consent is on (§3.2); with it
    off none is even called. ``implicit_detectors`` defaults to a fresh instance of each of
    :data:`app.detectors.DEFAULT_DETECTORS`; plain callables ``(conversation, file_name)``
    are accepted too. Each conversation is read once for all of them
    (:class:`~app.detectors.reading.ConversationReading`, given as a third argument to a
    detector that takes one), so what they share is not worked out once per detector. Detectors see every conversation, already ingested or not, so a
    re-ingest or a newer overlapping export *refreshes* inferences (§3.4) instead of copying
    them — but a detector whose key the user deleted or cleared sees only messages newer
    than the deletion (§3.7), and its inference then says so in its evidence. A
    :class:`~app.detectors.base.Contradiction` withdraws the inference, unless the
    inference was last seen after the contradicting turn.

    A "forget …" sentence (§6) in a message not ingested before, the first time this export
    says it, is matched against the active explicit memories (:func:`_forget_candidates`).
    A match is stored as a request to forget, pending in the Inbox until the user confirms
    (the memories are deleted) or dismisses it; nothing is deleted here. No match: audited
    and reported (``forget_unmatched``), never stored — the sentence is what the user wants
    gone, and there is nothing to delete.

    Memory stays bounded by the largest conversation plus what was found (proposals,
    counters and capped evidence samples). Raises :class:`IngestError` for an unreadable or
    unknown export, and for one that fails part-way (naming the conversation); nothing is
    written then. Any exception from ``progress`` (a user's stop) also leaves the store as
    it was.
    """
    from memtrust.app.detectors import default_detectors
    from memtrust.app.detectors.base import Contradiction
    from memtrust.app.detectors.intents import ForgetRequest, OncePerExport, proposals_from_conversation
    from memtrust.app.detectors.reading import ConversationReading
    from memtrust.app.ingest import detect_format, read_conversations

    path = Path(path)
    tally = ReadTally()
    chosen = format or detect_format(path)
    conversations = read_conversations(
        path,
        format=chosen,
        progress=progress,
        tally=tally,
        id_key=store.content_id_key(),
    )
    report = IngestReport(file=path.name, format=chosen, tally=tally)
    actor = actor or f"ingest:{path.name}"
    detectors: list[Detector] = []
    if store.learning_enabled():
        detectors = list(default_detectors() if implicit_detectors is None else implicit_detectors)
    report.detectors_ran = bool(detectors)
    floors: dict[int, datetime | None] = {}
    for detector in detectors:  # an implicit detector proposes one key (its own)
        key = getattr(detector, "key", None)
        if isinstance(key, str):
            floors[id(detector)] = store.inference_deleted_at(DEFAULT_SCOPE, key)
    newer: Counter[int] = Counter()
    shares = {id(detector) for detector in detectors if _takes_reading(detector)}

    found = _Found()
    once = OncePerExport()  # ChatGPT repeats custom instructions in every conversation
    try:
        for conversation in conversations:
            report.conversations += 1
            intents = list(proposals_from_conversation(conversation, path.name))
            refs = {item.source_ref for item in intents if item.source_ref}
            unseen = store.unseen_refs(refs) if refs else set()
            report.already_ingested += len(refs) - len(unseen)
            for item in intents:
                if item.source_ref not in unseen or not once.first_time(item):
                    continue
                if isinstance(item, ForgetRequest):
                    found.forgets.append(item)
                else:
                    found.proposals.append(item)
            found.refs |= unseen
            # One shared reading of the conversation for every detector (each part worked
            # out once, on first use), and one for what a detector with a floor may see.
            readings: dict[int, ConversationReading] = {}
            for detector in detectors:
                seen = _after(conversation, floors.get(id(detector)))
                if seen is None:
                    continue
                if seen is not conversation:
                    newer[id(detector)] += sum(1 for turn in seen.turns if turn.role == "user")
                if id(detector) in shares:
                    reading = readings.get(id(seen))
                    if reading is None:
                        reading = readings[id(seen)] = ConversationReading(seen)
                    concluded_all = detector(seen, path.name, reading)
                else:
                    concluded_all = detector(seen, path.name)
                for concluded in concluded_all or ():
                    if isinstance(concluded, Contradiction):
                        found.contradictions.append(concluded)
                    else:
                        found.proposals.append(concluded)
    except IngestError as exc:
        if not report.conversations:
            raise
        raise IngestError(
            f"{str(exc).rstrip('.')}; nothing was imported, not even the "
            f"{report.conversations:,} {'conversation' if report.conversations == 1 else 'conversations'} before it."
        ) from None

    inferred: list[Proposal] = []
    for detector in detectors:
        finish = getattr(detector, "finish", None)
        for proposed in finish() if callable(finish) else ():
            floor = floors.get(id(detector))
            if floor is None:
                inferred.append(proposed)
                continue
            # The detail says it was inferred again after a deletion, and from how much (§3.7).
            evidence = {
                **(proposed.evidence or {}),
                "deleted_at": to_epoch(floor),
                "newer_messages": newer[id(detector)],
            }
            inferred.append(replace(proposed, evidence=evidence))

    report.forget_requests += found.forgets
    with store.db.write():  # one ingest, one transaction (§6)
        for contradiction in found.contradictions:
            report.withdrawn += _withdraw(store, contradiction, actor=actor)
        if found.proposals:
            report.results += store.propose_many(found.proposals, actor=actor)
        for forget in found.forgets:
            match = ForgetMatch(forget, _forget_candidates(store, forget.text))
            report.forget_matches.append(match)
            _store_request(store, match, actor=actor, report=report)
        if inferred:
            report.results += store.propose_many(inferred, actor=actor)
        if found.refs:
            store.mark_ingested(found.refs)
    return report


def _takes_reading(detector: Detector) -> bool:
    """Whether ``detector`` takes the shared reading as a third argument
    (:class:`~app.detectors.base.ImplicitDetector` does; a plain two-argument callable not)."""
    try:
        parameters = list(inspect.signature(detector).parameters.values())
    except (TypeError, ValueError):
        return False
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 3 or any(p.kind is p.VAR_POSITIONAL for p in parameters)


def _after(conversation: Conversation, floor: datetime | None) -> Conversation | None:
    """The conversation as a detector whose key was deleted at ``floor`` may see it: only
    turns said after the deletion (§3.7); ``None`` when none is left. Unchanged without a
    floor."""
    if floor is None:
        return conversation
    turns = [turn for turn in conversation.turns if turn.at is not None and turn.at > floor]
    if not turns:
        return None
    return replace(conversation, turns=turns)


def _store_request(store: MemoryStore, match: ForgetMatch, *, actor: str, report: IngestReport) -> None:
    """Store a matched request to forget for the Inbox, or audit an unmatched one (§6)."""
    request = match.request
    requests = DeletionRequests(store)
    if not match.memory_ids:
        requests.record_unmatched(source_ref=request.source_ref, actor=actor)
        report.forget_unmatched.append(request)
        return
    stored = requests.add(
        what=request.text,
        utterance=request.utterance,
        source_ref=request.source_ref,
        said_at=request.said_at,
        memory_ids=match.memory_ids,
        actor=actor,
    )
    if stored is not None:
        report.deletion_requests.append(stored)


def _withdraw(store: MemoryStore, contradiction, *, actor: str) -> list[Memory]:
    """Withdraw the inference a user turn contradicts, unless it was seen again later."""
    rows = [
        m
        for m in store.list(formation="implicit", scope=contradiction.scope)
        if m.key == contradiction.key and m.value == contradiction.value
    ]
    if not rows:
        return []
    last_seen = max(((m.evidence or {}).get("last_seen") or 0) for m in rows)
    if contradiction.at is not None and last_seen and last_seen > contradiction.at:
        return []  # an older turn does not undo a newer signal
    return store.withdraw_inference(
        contradiction.scope,
        contradiction.key,
        value=contradiction.value,
        actor=actor,
        reason=f"contradicted by {contradiction.source_ref}",
    )


_WORD = re.compile(r"[^\W_]+")
_FILLER = frozenset(
    [
        "i",
        "me",
        "my",
        "mine",
        "a",
        "an",
        "the",
        "that",
        "this",
        "is",
        "am",
        "are",
        "was",
        "be",
        "to",
        "of",
        "in",
        "on",
        "at",
        "for",
        "about",
        "and",
        "or",
        "you",
        "your",
        "please",
        "what",
        "said",
        "told",
    ]
)


def _forget_candidates(store: MemoryStore, text: str) -> tuple[str, ...]:
    """Ids of the active explicit memories whose key and value hold every content word of a
    "forget …" request ("forget that I prefer email" → ``contact.preferred_channel: email``
    matches when its key or value holds "prefer" … — all content words must appear)."""
    wanted = {w for w in (m.lower() for m in _WORD.findall(text)) if w not in _FILLER}
    if not wanted:
        return ()
    matches = []
    for memory in store.list(formation="explicit", status="active"):
        haystack = set(_WORD.findall(f"{memory.key.replace('.', ' ').replace('_', ' ')} {memory.value}".lower()))
        value_words = set(_WORD.findall(memory.value.lower())) - _FILLER
        if wanted <= haystack or (value_words and value_words <= wanted):
            matches.append(memory.id)
    return tuple(matches)
