"""The demo store (DESIGN.md §8): ``memtrust demo`` shows the app at once, without a keychain.

:func:`fill_demo_store` writes ``assets/demo/memories.json`` through the ordinary admission
path (§3), so the demo shows real decisions: saved rows, two pending in the Inbox, one
quarantined, and a few inferred rows; then two assistants read memory (§7), so the Overview
shows who was given what. Inferred rows need implicit learning on, so the demo records
consent (actor ``demo``), writes them, and turns learning off again: the header then shows
**Implicit learning: OFF** while the inferred pane still has examples.
:func:`run_demo` runs the app on a throwaway store in a temporary directory.
"""

from __future__ import annotations

import json
import signal
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

from memtrust.assets import ASSETS
from memtrust.store.memories import MemoryStore, WriteResult
from memtrust.store.model import Proposal, to_epoch
from memtrust.store.opening import create_throwaway_store

DEMO_FILE = ASSETS / "demo" / "memories.json"
DEMO_ACTOR = "demo"
_DAYS_AGO = "_days_ago"


def _evidence(raw: dict[str, Any] | None, now_epoch: int) -> dict[str, Any] | None:
    """Turn ``NAME_days_ago: N`` fields into ``NAME: epoch seconds`` N days before now."""
    if raw is None:
        return None
    evidence: dict[str, Any] = {}
    for name, value in raw.items():
        if name.endswith(_DAYS_AGO):
            evidence[name[: -len(_DAYS_AGO)]] = now_epoch - int(value) * 86400
        else:
            evidence[name] = value
    return evidence


def demo_proposals(store: MemoryStore, path: Path = DEMO_FILE) -> list[Proposal]:
    """The demo file's entries as proposals, times relative to ``store.clock`` (UTC)."""
    now_epoch = to_epoch(store.clock())
    entries = json.loads(path.read_text(encoding="utf-8"))["memories"]
    proposals = []
    for entry in entries:
        ttl_days = entry.get("ttl_days")
        proposals.append(
            Proposal(
                key=entry["key"],
                value=entry["value"],
                formation=entry["formation"],
                source=entry["source"],
                source_ref=entry.get("source_ref"),
                scope=entry.get("scope", "shared"),
                confidence=entry.get("confidence", 1.0),
                threshold=entry.get("threshold", 0.7),
                evidence=_evidence(entry.get("evidence"), now_epoch),
                confirmed=entry.get("confirmed", False),
                ttl_seconds=int(timedelta(days=ttl_days).total_seconds()) if ttl_days else None,
                utterance=entry.get("utterance"),
            )
        )
    return proposals


def fill_demo_store(store: MemoryStore, path: Path = DEMO_FILE) -> list[WriteResult]:
    """Write the demo memories into ``store``; learning ends OFF. Returns each decision.

    Learning is on (a consent event by ``demo``) while the entries are written — implicit
    ones first, so they keep their place — and while the file's ``reads`` give memory to
    assistants (§7 influence events, for the Overview); a second consent event turns it off.
    Raises ValueError if the store rejects any entry (the demo file and the admission policy
    disagree).
    """
    from memtrust.store.consumers import context_for

    proposals = demo_proposals(store, path)
    implicit = [p for p in proposals if p.formation == "implicit"]
    explicit = [p for p in proposals if p.formation != "implicit"]
    store.set_learning(True, actor=DEMO_ACTOR)
    try:
        results = store.propose_many(implicit, actor=DEMO_ACTOR)
        results += store.propose_many(explicit, actor=DEMO_ACTOR)
        rejected = [
            (r.decision.reason, p.key)
            for r, p in zip(results, implicit + explicit, strict=True)
            if r.decision.outcome == "reject"
        ]
        if rejected:
            raise ValueError(f"demo entries rejected: {rejected}")
        for read in json.loads(path.read_text(encoding="utf-8")).get("reads", []):
            context_for(store, consumer=read["consumer"], purpose=read["purpose"])
    finally:
        store.set_learning(False, actor=DEMO_ACTOR)
    return results


def run_demo() -> None:
    """Run the TUI on a throwaway demo store, then delete it (§8 ``memtrust demo``).

    The store lives in a new temporary directory (mode 0700) with a key held only in
    memory; the directory and everything in it are removed when the app exits, also on
    SIGHUP or SIGTERM. Call it from the main thread (it sets signal handlers).
    """
    from memtrust.app.app import MemtrustApp

    def leave(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    # A closed terminal (SIGHUP) or a kill (SIGTERM) still removes the throwaway store.
    previous = {sig: signal.signal(sig, leave) for sig in (signal.SIGHUP, signal.SIGTERM)}
    try:
        with tempfile.TemporaryDirectory(prefix="memtrust-demo-") as directory:
            opened = create_throwaway_store(Path(directory))
            try:
                fill_demo_store(opened.store)
                MemtrustApp(opened.store, key_mode=opened.key_mode).run()
            finally:
                opened.store.close()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
