"""Per-consumer quotas on agents' writes (DESIGN.md §10): the Inbox stays usable.

An agent (an MCP client) may leave at most :attr:`AgentQuota.pending` memories waiting for the
user's confirmation (in the Inbox or, phrased as confidential, in Quarantine), and may attempt at most :attr:`AgentQuota.writes_per_minute` writes
(proposals and signals, whatever their outcome) in any 60 seconds. Because a client can name
itself anything unless ``--consumer`` pins it, all agents together may also leave at most
:attr:`AgentQuota.pending_all_agents` pending memories.

Counts come from the store itself, so they hold across server processes and restarts:
pending rows are those whose ``source_ref`` starts ``agent:NAME#``; attempted writes are the
``write`` events of actor ``agent:NAME`` in the audit log within the window (read from the
newest :data:`RECENT_EVENTS_SCANNED` events, so a check costs the same at any audit size).
"""

from __future__ import annotations

from dataclasses import dataclass

from memtrust.store.memories import MemoryStore
from memtrust.store.model import to_epoch

#: How many of the newest audit events a rate check reads (a minute of agent writes is far fewer).
RECENT_EVENTS_SCANNED = 5000
AGENT_SOURCE_PREFIX = "agent:"


@dataclass(frozen=True)
class AgentQuota:
    """Limits on one consumer's writes: ``pending`` rows waiting in the Inbox, attempted writes
    per ``window_seconds`` (seconds), and pending rows of all agents together."""

    pending: int = 100
    writes_per_minute: int = 30
    pending_all_agents: int = 300
    window_seconds: int = 60


def pending_rows(store: MemoryStore, consumer: str | None = None) -> int:
    """Memories written through the agent server by ``consumer`` (or by any agent when None) that
    wait for the user: pending in the Inbox, or held in Quarantine (a proposal phrased as
    confidential waits there for the user's release instead, and must not escape the cap)."""
    prefix = f"{AGENT_SOURCE_PREFIX}{consumer}#" if consumer is not None else AGENT_SOURCE_PREFIX
    with store.db.read() as conn:
        row = conn.execute(
            "SELECT count(*) FROM memories WHERE formation = 'explicit' AND status IN ('pending', 'quarantined') "
            "AND substr(source_ref, 1, ?) = ?",
            (len(prefix), prefix),
        ).fetchone()
    return int(row[0])


def recent_writes(store: MemoryStore, consumer: str, *, since_epoch: int) -> int:
    """Write events (any admission outcome) of actor ``agent:CONSUMER`` at or after
    ``since_epoch`` (seconds, UTC), among the newest :data:`RECENT_EVENTS_SCANNED` events."""
    with store.db.read() as conn:
        row = conn.execute(
            "SELECT count(*) FROM audit WHERE seq > (SELECT coalesce(max(seq), 0) FROM audit) - ? "
            "AND at >= ? AND actor = ? AND event = 'write'",
            (RECENT_EVENTS_SCANNED, since_epoch, f"{AGENT_SOURCE_PREFIX}{consumer}"),
        ).fetchone()
    return int(row[0])


def quota_refusal(store: MemoryStore, consumer: str, quota: AgentQuota, *, proposal: bool) -> str | None:
    """The sentence refusing ``consumer``'s next write, or None when it is within ``quota``.

    ``proposal`` is True for an explicit proposal (which may wait in the Inbox, so the pending
    caps apply too) and False for an implicit signal (rate only). Checked before anything is
    written; the caller audits the refusal (one row) and tells the agent the sentence. Reads only.
    """
    now = to_epoch(store.clock())
    written = recent_writes(store, consumer, since_epoch=now - quota.window_seconds + 1)
    if written >= quota.writes_per_minute:
        return (
            f"{consumer} has made {written} writes in the last minute, the most memtrust accepts from one agent; "
            "nothing was saved. Try again in a minute, and save only what the user asked to keep."
        )
    if not proposal:
        return None
    waiting = pending_rows(store, consumer)
    if waiting >= quota.pending:
        return (
            f"{waiting} memories from {consumer} are already waiting for the user's confirmation, the most "
            "memtrust keeps from one agent; nothing was saved until the user answers them in memtrust's Inbox."
        )
    if pending_rows(store) >= quota.pending_all_agents:
        return (
            f"{quota.pending_all_agents} memories from agents are already waiting for the user's confirmation; "
            "nothing was saved until the user answers them in memtrust's Inbox."
        )
    return None
