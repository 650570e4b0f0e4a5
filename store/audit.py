"""The audit log (DESIGN.md §7): what was decided, confirmed, edited, deleted, expired, used.

An event names the memory's id, scope, key and formation, never its value: after a
deletion the log still says that a row with that key and formation existed and what removed
it (§2). Events: ``write`` (with the admission outcome), ``confirm``, ``reject``, ``release``,
``edit``, ``delete``, ``expire``, ``clear-inferred``, ``consent``, ``influence``, ``export``,
``import``, ``rekey``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from store.model import from_epoch


@dataclass(frozen=True)
class AuditEvent:
    """One audit row; ``at`` is aware UTC; ``detail`` a JSON-ready dict or ``None``."""

    seq: int
    at: datetime
    event: str
    actor: str
    memory_id: str | None
    scope: str | None
    key: str | None
    formation: str | None
    outcome: str | None
    reason: str | None
    detail: dict[str, Any] | None

    def as_record(self) -> dict[str, Any]:
        """The event as a JSON-ready dict, ``at`` in ISO 8601 UTC."""
        record = dict(self.__dict__)
        record["at"] = self.at.isoformat().replace("+00:00", "Z")
        return record


def record(
    conn,
    *,
    at: int,
    event: str,
    actor: str,
    memory_id: str | None = None,
    scope: str | None = None,
    key: str | None = None,
    formation: str | None = None,
    outcome: str | None = None,
    reason: str | None = None,
    detail: dict[str, Any] | None = None,
) -> None:
    """Append one event inside the caller's transaction. ``at`` is epoch seconds (UTC).

    Callers must never pass a memory's value, in ``reason`` or ``detail``.
    """
    conn.execute(
        "INSERT INTO audit (at, event, actor, memory_id, scope, key, formation, outcome, reason, detail)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (at, event, actor, memory_id, scope, key, formation, outcome, reason,
         None if detail is None else json.dumps(detail, ensure_ascii=False)),
    )


def events(conn, *, limit: int | None = None, newest_first: bool = True) -> list[AuditEvent]:
    """Read audit events (all, or the ``limit`` newest), in sequence order or newest first."""
    order = "DESC" if newest_first else "ASC"
    sql = f"SELECT seq, at, event, actor, memory_id, scope, key, formation, outcome, reason, detail FROM audit ORDER BY seq {order}"
    params: tuple = ()
    if limit is not None:
        sql += " LIMIT ?"
        params = (limit,)
    return [
        AuditEvent(row[0], from_epoch(row[1]), *row[2:10], None if row[10] is None else json.loads(row[10]))
        for row in conn.execute(sql, params)
    ]
