"""Retention (DESIGN.md §4): expired rows are deleted at launch, in one transaction.

Requests to forget (store/deletion_requests.py) left unanswered 30 days lapse here too.

A row is expired when its ``expires_at`` has passed (implicit TTL, temporary explicit
memories) or, while pending, when its ``pending_until`` has passed (30 days unconfirmed).
Each deletion is audited (``expire``: key, formation, reason, never the value). One row that
fails to delete is skipped and counted; it never stops the prune.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlcipher3 import Connection

from memtrust.store import audit, search

#: The ``audit.event`` of every step of a request to forget (store/deletion_requests.py).
FORGET_REQUEST_EVENT = "forget-request"


@dataclass(frozen=True)
class PruneReport:
    """What a prune did: ``removed`` counts per formation, ``failed`` the rows it skipped,
    ``requests`` the requests to forget that lapsed unanswered (their memories stay)."""

    removed: dict[str, int] = field(default_factory=dict)
    failed: int = 0
    requests: int = 0

    @property
    def total(self) -> int:
        """How many rows were removed (memories and requests to forget)."""
        return sum(self.removed.values()) + self.requests

    def notice(self) -> str | None:
        """The sentence shown at launch ("Removed 3 expired inferred memories"), or ``None``."""
        parts = []
        for formation, label in (("implicit", "inferred"), ("explicit", "saved or pending")):
            count = self.removed.get(formation, 0)
            if count:
                parts.append(f"{count} expired {label} {'memory' if count == 1 else 'memories'}")
        if self.requests:
            parts.append(
                f"{self.requests} unanswered {'request' if self.requests == 1 else 'requests'} to forget"
                f" (the {'memory stays' if self.requests == 1 else 'memories stay'})"
            )
        text = f"Removed {' and '.join(parts)}." if parts else None
        if self.failed:
            failure = f"{self.failed} expired {'row' if self.failed == 1 else 'rows'} could not be removed; run memtrust doctor."
            text = f"{text} {failure}" if text else failure
        return text


_EXPIRED = (
    "(expires_at IS NOT NULL AND expires_at <= :now)"
    " OR (status = 'pending' AND pending_until IS NOT NULL AND pending_until <= :now)"
)
_REASON = (
    "CASE WHEN status = 'pending' AND pending_until <= :now"
    " AND NOT (expires_at IS NOT NULL AND expires_at <= :now)"
    " THEN 'expired unconfirmed' ELSE 'expired' END"
)


def prune_expired(conn: Connection, *, now_epoch: int, actor: str = "system") -> PruneReport:
    """Delete every expired row inside the caller's write transaction; audit each one.

    Fast path: three set-based statements (audit every expired row, redact value-derived
    keys in earlier events, delete) in one SAVEPOINT. If any of them fails — a damaged row,
    a constraint — that savepoint is rolled back and each row is retried in its own
    SAVEPOINT, so one bad row is skipped and counted but never stops the prune.
    ``now_epoch`` is epoch seconds, UTC. Requests to forget left unanswered for 30 days
    go first (:func:`expire_requests`), in their own SAVEPOINT: if that fails they stay, to
    lapse at the next prune, and the memories are pruned all the same.
    """
    try:
        conn.execute("SAVEPOINT prune_requests")
        requests = expire_requests(conn, now_epoch=now_epoch, actor=actor)
        conn.execute("RELEASE prune_requests")
    except Exception:
        conn.execute("ROLLBACK TO prune_requests")
        conn.execute("RELEASE prune_requests")
        requests = 0
    report = _prune_memories(conn, now_epoch=now_epoch, actor=actor)
    return PruneReport(report.removed, report.failed, requests)


def expire_requests(conn: Connection, *, now_epoch: int, actor: str = "system") -> int:
    """Delete the requests to forget left pending past their ``pending_until`` (§4: 30 days),
    inside the caller's write transaction; the memories they named stay. Each named memory
    gets a ``forget-request``/``expired`` audit event (key and formation, never the
    sentence). Returns how many requests were removed. ``now_epoch``: epoch seconds, UTC.
    """
    rows = conn.execute(
        "SELECT r.id, r.source_ref, m.id, m.scope, m.key, m.formation FROM deletion_requests r"
        " JOIN deletion_request_targets t ON t.request_id = r.id JOIN memories m ON m.id = t.memory_id"
        " WHERE r.status = 'pending' AND r.pending_until <= ? ORDER BY r.created_at, r.id, m.id",
        (now_epoch,),
    ).fetchall()
    for request_id, source_ref, memory_id, scope, key, formation in rows:
        audit.record(
            conn,
            at=now_epoch,
            event=FORGET_REQUEST_EVENT,
            actor=actor,
            memory_id=memory_id,
            scope=scope,
            key=key,
            formation=formation,
            outcome="expired",
            reason="Your request to forget this was not answered within 30 days; it is kept.",
            detail={"request_id": request_id, "source_ref": source_ref},
        )
    removed = conn.execute(
        "DELETE FROM deletion_requests WHERE status = 'pending' AND pending_until <= ?", (now_epoch,)
    ).rowcount
    if removed:
        conn.execute("DELETE FROM deletion_request_targets WHERE request_id NOT IN (SELECT id FROM deletion_requests)")
    return removed


def _prune_memories(conn: Connection, *, now_epoch: int, actor: str) -> PruneReport:
    """The memories part of :func:`prune_expired`."""
    params = {"now": now_epoch, "actor": actor, "redacted": audit.REDACTED_NOTE_KEY}
    rows = conn.execute(f"SELECT id, formation FROM memories WHERE {_EXPIRED}", params).fetchall()
    if not rows:
        return PruneReport({}, 0)
    with search.bulk_deletion(conn, len(rows)):
        derived = audit.VALUE_DERIVED_KEY_SQL
        try:
            conn.execute("SAVEPOINT prune_all")
            conn.execute(
                "INSERT INTO audit (at, event, actor, memory_id, scope, key, formation, reason)"
                f" SELECT :now, 'expire', :actor, id, scope, CASE WHEN {derived} THEN :redacted ELSE key END,"
                f" formation, {_REASON} FROM memories WHERE {_EXPIRED} ORDER BY created_at, id",
                params,
            )
            conn.execute(
                "UPDATE audit SET key = :redacted WHERE memory_id IN"
                f" (SELECT id FROM memories WHERE ({_EXPIRED}) AND ({derived})) AND ({derived})",
                params,
            )
            conn.execute(f"DELETE FROM memories WHERE {_EXPIRED}", params)
            conn.execute("RELEASE prune_all")
        except Exception:
            conn.execute("ROLLBACK TO prune_all")
            conn.execute("RELEASE prune_all")
            return _prune_row_by_row(conn, now_epoch=now_epoch, actor=actor)
        removed: dict[str, int] = {}
        for _, formation in rows:
            removed[formation] = removed.get(formation, 0) + 1
        return PruneReport(removed, 0)


def _prune_row_by_row(conn: Connection, *, now_epoch: int, actor: str) -> PruneReport:
    """The slow path: each expired row in its own SAVEPOINT; failures are skipped and counted."""
    rows = conn.execute(
        f"SELECT id, scope, key, formation, {_REASON} FROM memories WHERE {_EXPIRED}", {"now": now_epoch}
    ).fetchall()
    removed: dict[str, int] = {}
    failed = 0
    for memory_id, scope, key, formation, reason in rows:
        try:
            conn.execute("SAVEPOINT prune_row")
            conn.execute("DELETE FROM memories WHERE id = ?", (memory_id,))
            audit.record(
                conn,
                at=now_epoch,
                event="expire",
                actor=actor,
                memory_id=memory_id,
                scope=scope,
                key=key,
                formation=formation,
                reason=reason,
            )
            conn.execute("RELEASE prune_row")
        except Exception:
            conn.execute("ROLLBACK TO prune_row")
            conn.execute("RELEASE prune_row")
            failed += 1
            continue
        removed[formation] = removed.get(formation, 0) + 1
    return PruneReport(removed, failed)
