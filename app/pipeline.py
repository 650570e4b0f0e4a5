"""Ingest pipeline (DESIGN.md §6): export file → turns → proposals → store admission.

Data flows one way: :mod:`app.ingest` reads conversations, :mod:`app.detectors` proposes,
the store decides (§3). Detectors never write. With implicit learning off (the default) no
implicit detector runs at all (§3.2).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from memtrust.store.deletion_requests import DeletionRequest, DeletionRequests
from memtrust.store.memories import MemoryStore, WriteResult
from memtrust.store.model import Memory, Proposal

if TYPE_CHECKING:
    from memtrust.app.detectors.base import Contradiction
    from memtrust.app.detectors.intents import ForgetRequest
    from memtrust.app.ingest.conversation import Conversation
    from memtrust.app.ingest.files import Progress

    #: An implicit detector (§6): called with each conversation and the export's file name, it
    #: returns what it concludes at once (contradictions, proposals) or nothing; one with a
    #: ``finish()`` method gives its end-of-file proposals there.
    Detector = Callable[[Conversation, str], Iterable[Proposal | Contradiction] | None]


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
    ingested, and whether the implicit detectors ran."""

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

    def outcomes(self) -> Counter:
        """Counts per admission outcome: ``{"pending": 3, "reject": 1, …}``."""
        return Counter(result.decision.outcome for result in self.results)

    def inferred(self) -> int:
        """How many of the ``admit`` outcomes are inferences (:func:`is_inference`)."""
        return sum(1 for result in self.results if is_inference(result))


def is_inference(result: WriteResult) -> bool:
    """Whether ``result`` admitted an implicit memory: counted under ``admit`` by
    :meth:`IngestReport.outcomes`, but never to be called "saved" (it is a guess)."""
    return result.decision.outcome == "admit" and result.memory is not None and result.memory.formation == "implicit"


def ingest_file(
    store: MemoryStore,
    path: Path,
    *,
    format: str | None = None,
    progress: Progress | None = None,
    actor: str | None = None,
    implicit_detectors: Iterable[Detector] | None = None,
) -> IngestReport:
    """Read the export at ``path`` and put its proposals through admission.

    ``format`` is ``chatgpt``, ``claude`` or ``jsonl`` (detected when ``None``).
    ``progress(bytes_read, total_bytes)`` is called as the file streams in. Messages
    already ingested propose no explicit memory again (re-ingesting proposes nothing new).

    Implicit detectors run only when the store's learning consent is on (§3.2); with it
    off none is even called. ``implicit_detectors`` defaults to a fresh instance of each of
    :data:`app.detectors.DEFAULT_DETECTORS`; plain callables ``(conversation, file_name)``
    are accepted too. Detectors see every conversation, already ingested or not, so a
    re-ingest or a newer overlapping export *refreshes* inferences (§3.4) instead of copying
    them; their end-of-file proposals go to admission in one transaction. A
    :class:`~app.detectors.base.Contradiction` withdraws the inference at once, unless the
    inference was last seen after the contradicting turn.

    A "forget …" sentence (§6) in a message not ingested before, the first time this export
    says it, is matched against the active explicit memories (:func:`_forget_candidates`)
    when its conversation is read. A match is stored as a request to forget, pending in the
    Inbox until the user confirms (the memories are deleted) or dismisses it; nothing is
    deleted here. No match: audited and reported (``forget_unmatched``), never stored — the
    sentence is what the user wants gone, and there is nothing to delete.

    Memory stays bounded: conversations are streamed one at a time and detectors keep only
    counters and capped samples. Raises IngestError for an unreadable or unknown file;
    nothing is written for a file that fails before its first conversation.
    """
    from memtrust.app.detectors import default_detectors
    from memtrust.app.detectors.base import Contradiction
    from memtrust.app.detectors.intents import ForgetRequest, OncePerExport, proposals_from_conversation
    from memtrust.app.ingest import detect_format, read_conversations

    path = Path(path)
    chosen = format or detect_format(path)
    report = IngestReport(file=path.name, format=chosen)
    actor = actor or f"ingest:{path.name}"
    learning = store.learning_enabled()
    detectors: list[Detector] = []
    if learning:
        detectors = list(default_detectors() if implicit_detectors is None else implicit_detectors)
    report.detectors_ran = bool(detectors)

    once = OncePerExport()  # ChatGPT repeats custom instructions in every conversation
    for conversation in read_conversations(path, format=chosen, progress=progress):
        report.conversations += 1
        found = list(proposals_from_conversation(conversation, path.name))
        proposals = [item for item in found if isinstance(item, Proposal)]
        forgets = [item for item in found if isinstance(item, ForgetRequest)]
        refs = {item.source_ref for item in found if item.source_ref}
        unseen = store.unseen_refs(refs) if refs else set()
        report.already_ingested += len(refs) - len(unseen)
        fresh = [p for p in proposals if p.source_ref in unseen and once.first_time(p)]
        new_forgets = [f for f in forgets if f.source_ref in unseen and once.first_time(f)]
        report.forget_requests += new_forgets
        for detector in detectors:
            for item in detector(conversation, path.name) or ():
                if isinstance(item, Contradiction):
                    report.withdrawn += _withdraw(store, item, actor=actor)
                else:
                    fresh.append(item)
        if fresh:
            report.results += store.propose_many(fresh, actor=actor)
        for forget in new_forgets:  # stored before the message is marked read: never lost
            match = ForgetMatch(forget, _forget_candidates(store, forget.text))
            report.forget_matches.append(match)
            _store_request(store, match, actor=actor, report=report)
        if unseen:
            store.mark_ingested(unseen)

    inferred: list[Proposal] = []
    for detector in detectors:
        finish = getattr(detector, "finish", None)
        if callable(finish):
            inferred += finish()
    if inferred:
        report.results += store.propose_many(inferred, actor=actor)
    return report


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
