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


def prune_expired(conn, *, now_epoch: int, actor: str = "system") -> PruneReport:
    """Delete every expired row inside the caller's write transaction; audit each one.

    Each row is deleted in its own SAVEPOINT so a failure (a corrupt row, a constraint)
    rolls back that row only. ``now_epoch`` is epoch seconds, UTC.
    """
    rows = conn.execute(
        "SELECT id, scope, key, formation, status, expires_at, pending_until FROM memories"
        " WHERE (expires_at IS NOT NULL AND expires_at <= ?)"
        " OR (status = 'pending' AND pending_until IS NOT NULL AND pending_until <= ?)",
        (now_epoch, now_epoch),
    ).fetchall()
    removed: dict[str, int] = {}
    failed = 0
    for memory_id, scope, key, formation, status, expires_at, pending_until in rows:
        expired_pending = status == "pending" and pending_until is not None and pending_until <= now_epoch
        reason = "expired" if not expired_pending or (expires_at is not None and expires_at <= now_epoch) else "expired unconfirmed"
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
