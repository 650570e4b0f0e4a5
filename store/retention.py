"""Retention (DESIGN.md §4): expired rows are deleted at launch, in short batches.

Requests to forget (store/deletion_requests.py) left unanswered 30 days lapse here too.

A row is expired when its ``expires_at`` has passed (implicit TTL, temporary explicit
memories) or, while pending, when its ``pending_until`` has passed (30 days unconfirmed).
Each deletion is audited (``expire``: key, formation, reason, never the value). One row that
fails to delete is skipped and counted; it never stops the prune.
"""

from __future__ import annotations

import json
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

    def __add__(self, other: PruneReport) -> PruneReport:
        """The two reports' counts added up (one prune's batches, §4)."""
        removed = dict(self.removed)
        for formation, count in other.removed.items():
            removed[formation] = removed.get(formation, 0) + count
        return PruneReport(removed, self.failed + other.failed, self.requests + other.requests)


_EXPIRED = (
    "(expires_at IS NOT NULL AND expires_at <= :now)"
    " OR (status = 'pending' AND pending_until IS NOT NULL AND pending_until <= :now)"
)
_REASON = (
    "CASE WHEN status = 'pending' AND pending_until <= :now"
    " AND NOT (expires_at IS NOT NULL AND expires_at <= :now)"
    " THEN 'expired unconfirmed' ELSE 'expired' END"
)


#: Expired memories deleted per write transaction (§4): the store's lock is held for one
#: batch at a time, so the app's reads get in between two batches; a batch stays under
#: :data:`store.search.BULK_DELETE_ROWS`, so each row leaves the full-text index by FTS5's
#: secure-delete, as a single deletion does.
PRUNE_BATCH = 100

#: Where a prune has got to: the ids of the expired memories it passed over so far (their
#: deletion failed), which the next batch leaves out. Every other row a batch found is gone.
Cursor = tuple[str, ...]


def prune_requests(conn: Connection, *, now_epoch: int, actor: str = "system") -> int:
    """Delete the requests to forget left unanswered 30 days (:func:`expire_requests`) inside
    the caller's write transaction, in their own SAVEPOINT: if that fails they stay, to lapse
    at the next prune, and 0 is returned. ``now_epoch``: epoch seconds, UTC."""
    try:
        conn.execute("SAVEPOINT prune_requests")
        requests = expire_requests(conn, now_epoch=now_epoch, actor=actor)
        conn.execute("RELEASE prune_requests")
    except Exception:
        conn.execute("ROLLBACK TO prune_requests")
        conn.execute("RELEASE prune_requests")
        requests = 0
    return requests


def prune_batch(
    conn: Connection, *, now_epoch: int, actor: str = "system", after: Cursor | None = None, limit: int = PRUNE_BATCH
) -> tuple[PruneReport, Cursor | None]:
    """Delete up to ``limit`` expired memories, leaving out those ``after`` names (passed over
    by earlier batches), inside the caller's write transaction, each audited.

    Returns what was removed and where the next batch starts (``after`` with the rows this
    batch passed over), or ``None`` when no expired row is left after this batch. A batch is
    whole: its audit rows and deletions commit together or not at all, so a prune stopped
    between two batches (a closed app, a crash) leaves every row either deleted and audited or
    untouched and still expired, for the next prune. A row that fails to delete is skipped and
    counted, never stopping the prune. The rows are read in the order of the expiry indexes,
    ``limit`` of them and no more: a batch costs the same however many rows have expired (a
    batch sorting every expired row took 100 ms of CPU with 10,000 of 100,000 expired, longer
    than deleting it, and the app's keystrokes waited for it). ``now_epoch``: epoch seconds, UTC.
    """
    passed = list(after or ())
    found = conn.execute(
        f"SELECT id FROM memories WHERE ({_EXPIRED}) AND id NOT IN (SELECT value FROM json_each(:passed)) LIMIT :limit",
        {"now": now_epoch, "passed": json.dumps(passed), "limit": limit},
    ).fetchall()
    if not found:
        return PruneReport({}, 0), None
    ids = json.dumps([row[0] for row in found])
    report = _prune_memories(conn, now_epoch=now_epoch, actor=actor, ids=ids, rows=len(found))
    if report.failed:
        passed += [
            row[0]
            for row in conn.execute("SELECT id FROM memories WHERE id IN (SELECT value FROM json_each(?))", (ids,))
        ]
    return report, (tuple(passed) if len(found) == limit else None)


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


def _prune_memories(conn: Connection, *, now_epoch: int, actor: str, ids: str, rows: int) -> PruneReport:
    """Delete the memories of one batch (``ids``, a JSON list of ``rows`` ids, all expired).

    Fast path: three set-based statements (audit every row, redact value-derived keys in
    earlier events, delete) in one SAVEPOINT. If any of them fails — a damaged row, a
    constraint — that savepoint is rolled back and each row is retried in its own SAVEPOINT
    (:func:`_prune_row_by_row`)."""
    params = {"now": now_epoch, "actor": actor, "redacted": audit.REDACTED_NOTE_KEY, "ids": ids}
    chosen = f"({_EXPIRED}) AND id IN (SELECT value FROM json_each(:ids))"
    with search.bulk_deletion(conn, rows):
        derived = audit.VALUE_DERIVED_KEY_SQL
        try:
            conn.execute("SAVEPOINT prune_all")
            conn.execute(
                "INSERT INTO audit (at, event, actor, memory_id, scope, key, formation, reason)"
                f" SELECT :now, 'expire', :actor, id, scope, CASE WHEN {derived} THEN :redacted ELSE key END,"
                f" formation, {_REASON} FROM memories WHERE {chosen} ORDER BY created_at, id",
                params,
            )
            conn.execute(
                "UPDATE audit SET key = :redacted WHERE memory_id IN"
                f" (SELECT id FROM memories WHERE ({chosen}) AND ({derived})) AND ({derived})",
                params,
            )
            formations = conn.execute(f"SELECT formation FROM memories WHERE {chosen}", params).fetchall()
            conn.execute(f"DELETE FROM memories WHERE {chosen}", params)
            conn.execute("RELEASE prune_all")
        except Exception:
            conn.execute("ROLLBACK TO prune_all")
            conn.execute("RELEASE prune_all")
            return _prune_row_by_row(conn, now_epoch=now_epoch, actor=actor, ids=ids)
        removed: dict[str, int] = {}
        for (formation,) in formations:
            removed[formation] = removed.get(formation, 0) + 1
        return PruneReport(removed, 0)


def _prune_row_by_row(conn: Connection, *, now_epoch: int, actor: str, ids: str) -> PruneReport:
    """The slow path: each expired row of the batch in its own SAVEPOINT; failures are skipped
    and counted."""
    rows = conn.execute(
        f"SELECT id, scope, key, formation, {_REASON} FROM memories"
        f" WHERE ({_EXPIRED}) AND id IN (SELECT value FROM json_each(:ids)) ORDER BY created_at, id",
        {"now": now_epoch, "ids": ids},
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
