"""Ingest pipeline (DESIGN.md §6): export file → turns → proposals → store admission.

Data flows one way: :mod:`app.ingest` reads conversations, :mod:`app.detectors` proposes,
the store decides (§3). Detectors never write. With implicit learning off (the default) no
implicit detector runs at all (§3.2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from store.memories import MemoryStore, WriteResult
from store.model import Proposal

ProgressCallback = Callable[[int, int], None]
"""Called with (bytes read, total bytes) while a file streams in."""


@dataclass
class IngestReport:
    """What one ingest did: each stored or rejected proposal with its decision, the forget
    requests found, how many messages were skipped as already ingested, and whether the
    implicit detectors ran."""

    file: str
    format: str
    conversations: int = 0
    results: list[WriteResult] = field(default_factory=list)
    forget_requests: list = field(default_factory=list)
    already_ingested: int = 0
    detectors_ran: bool = False

    def outcomes(self) -> Counter:
        """Counts per admission outcome: ``{"pending": 3, "reject": 1, …}``."""
        return Counter(result.decision.outcome for result in self.results)


def ingest_file(
    store: MemoryStore,
    path: Path,
    *,
    format: str | None = None,
    progress: ProgressCallback | None = None,
    actor: str | None = None,
    implicit_detectors: Iterable[Callable] | None = None,
) -> IngestReport:
    """Read the export at ``path`` and put its proposals through admission.

    ``format`` is ``chatgpt``, ``claude`` or ``jsonl`` (detected when ``None``). Messages
    already ingested are skipped (re-ingesting proposes nothing new). Implicit detectors
    run only when the store's learning consent is on. Raises IngestError for an unreadable
    or unknown file; nothing is written for a file that fails before its first conversation.
    """
    from app.detectors.intents import ForgetRequest, proposals_from_conversation
    from app.ingest import detect_format, read_conversations

    path = Path(path)
    chosen = format or detect_format(path)
    report = IngestReport(file=path.name, format=chosen)
    actor = actor or f"ingest:{path.name}"
    learning = store.learning_enabled()
    detectors = list(implicit_detectors or []) if learning else []
    report.detectors_ran = bool(detectors)

    proposed: set[tuple[str, str, str]] = set()  # ChatGPT repeats custom instructions per conversation
    for conversation in read_conversations(path, format=chosen, progress=progress):
        report.conversations += 1
        found = list(proposals_from_conversation(conversation, path.name))
        proposals = [item for item in found if isinstance(item, Proposal)]
        forgets = [item for item in found if isinstance(item, ForgetRequest)]
        refs = {item.source_ref for item in found if item.source_ref}
        unseen = store.unseen_refs(refs) if refs else set()
        report.already_ingested += len(refs) - len(unseen)
        fresh = []
        for proposal in proposals:
            identity = (proposal.scope, proposal.key, proposal.value)
            if proposal.source_ref in unseen and identity not in proposed:
                proposed.add(identity)
                fresh.append(proposal)
        report.forget_requests += [f for f in forgets if f.source_ref in unseen]
        for detector in detectors:
            fresh += list(detector(conversation, path.name))
        if fresh:
            report.results += store.propose_many(fresh, actor=actor)
        if unseen:
            store.mark_ingested(unseen)
    return report
