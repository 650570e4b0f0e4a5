"""Retention (DESIGN.md §4): expired rows are deleted at launch, in one transaction.

A row is expired when its ``expires_at`` has passed (implicit TTL, temporary explicit
memories) or, while pending, when its ``pending_until`` has passed (30 days unconfirmed).
Each deletion is audited (``expire``: key, formation, reason, never the value). One row that
fails to delete is skipped and counted; it never stops the prune.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from store import audit


@dataclass(frozen=True)
class PruneReport:
    """What a prune did: ``removed`` counts per formation, ``failed`` the rows it skipped."""

    removed: dict[str, int] = field(default_factory=dict)
    failed: int = 0

    @property
    def total(self) -> int:
        """How many rows were removed."""
        return sum(self.removed.values())

    def notice(self) -> str | None:
        """The sentence shown at launch ("Removed 3 expired inferred memories"), or ``None``."""
        parts = []
        for formation, label in (("implicit", "inferred"), ("explicit", "saved or pending")):
            count = self.removed.get(formation, 0)
            if count:
                parts.append(f"{count} expired {label} {'memory' if count == 1 else 'memories'}")
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


def prune_expired(conn, *, now_epoch: int, actor: str = "system") -> PruneReport:
    """Delete every expired row inside the caller's write transaction; audit each one.

    Fast path: three set-based statements (audit every expired row, redact value-derived
    keys in earlier events, delete) in one SAVEPOINT. If any of them fails — a damaged row,
    a constraint — that savepoint is rolled back and each row is retried in its own
    SAVEPOINT, so one bad row is skipped and counted but never stops the prune.
    ``now_epoch`` is epoch seconds, UTC.
    """
    params = {"now": now_epoch, "actor": actor, "redacted": audit.REDACTED_NOTE_KEY}
    rows = conn.execute(f"SELECT id, formation FROM memories WHERE {_EXPIRED}", params).fetchall()
    if not rows:
        return PruneReport({}, 0)
    derived = " OR ".join(f"key GLOB '{prefix}*'" for prefix in audit.VALUE_DERIVED_PREFIXES)
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


def _prune_row_by_row(conn, *, now_epoch: int, actor: str) -> PruneReport:
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
            audit.record(conn, at=now_epoch, event="expire", actor=actor, memory_id=memory_id,
                         scope=scope, key=key, formation=formation, reason=reason)
            conn.execute("RELEASE prune_row")
        except Exception:
            conn.execute("ROLLBACK TO prune_row")
            conn.execute("RELEASE prune_row")
            failed += 1
            continue
        removed[formation] = removed.get(formation, 0) + 1
    return PruneReport(removed, failed)
