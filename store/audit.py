"""The audit log (DESIGN.md §7): what was decided, confirmed, edited, deleted, expired, used.

An event names the memory's id, scope, key and formation, never its value: after a
deletion the log still says that a row with that key and formation existed and what removed
it (§2). Events: ``write`` (with the admission outcome), ``confirm``, ``reject``, ``release``,
``edit``, ``delete``, ``expire``, ``clear-inferred``, ``consent``, ``influence``, ``export``,
``import``, ``rekey``.

Keys derived from a value (``notes.<slug>``: the slug is the first words of the sentence
saved, DESIGN.md §6) are part of the value, so the audit treats their slug as the value:
it is kept while the memory exists (so the log can say which note was confirmed or used),
replaced by :data:`REDACTED_NOTE_KEY` in *every* event of that memory when it is deleted,
rejected, expired or cleared, and never written at all for a write that was rejected.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlcipher3 import Connection

from memtrust.store.model import from_epoch

#: Key prefixes whose remainder is derived from the value (§6 ``notes.<slug>``).
VALUE_DERIVED_PREFIXES = ("notes.",)
#: What such a key becomes in the audit once its memory is gone.
REDACTED_NOTE_KEY = "notes.(redacted)"
#: SQL true for an ``audit`` or ``memories`` row whose ``key`` is value-derived.
VALUE_DERIVED_KEY_SQL = "(" + " OR ".join(f"key GLOB '{prefix}*'" for prefix in VALUE_DERIVED_PREFIXES) + ")"
#: Events that remove a memory's row (its value is gone, so its derived key must go too).
DELETION_EVENTS = frozenset({"delete", "reject", "expire", "clear-inferred"})


def is_value_derived(key: str | None) -> bool:
    """True when ``key``'s last part is made from the value (``notes.<slug>``)."""
    return key is not None and key.startswith(VALUE_DERIVED_PREFIXES) and key != REDACTED_NOTE_KEY


def redacted_key(key: str) -> str:
    """The form a value-derived key takes in the audit after deletion."""
    return REDACTED_NOTE_KEY if is_value_derived(key) else key


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


def redact_derived_keys(conn: Connection, memory_id: str) -> None:
    """Replace the value-derived keys (``notes.<slug>``) of every event of ``memory_id``
    with :data:`REDACTED_NOTE_KEY`, inside the caller's transaction (deletion, or an edit
    that renames the key away from the old value's words)."""
    conn.execute(
        f"UPDATE audit SET key = ? WHERE memory_id = ? AND {VALUE_DERIVED_KEY_SQL}", (REDACTED_NOTE_KEY, memory_id)
    )


def record(
    conn: Connection,
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

    Callers must never pass a memory's value, in ``reason`` or ``detail``. A value-derived
    key (``notes.<slug>``) is redacted here for a rejected write, and, for a deletion event,
    in this event and in every earlier event of the same memory (module docstring).
    """
    removes = event in DELETION_EVENTS or (event == "write" and outcome == "reject")
    if removes and is_value_derived(key):
        key = REDACTED_NOTE_KEY
        if memory_id is not None:
            redact_derived_keys(conn, memory_id)
    conn.execute(
        "INSERT INTO audit (at, event, actor, memory_id, scope, key, formation, outcome, reason, detail)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            at,
            event,
            actor,
            memory_id,
            scope,
            key,
            formation,
            outcome,
            reason,
            None if detail is None else json.dumps(detail, ensure_ascii=False),
        ),
    )


def events(conn: Connection, *, limit: int | None = None, newest_first: bool = True) -> list[AuditEvent]:
    """Read audit events (all, or the ``limit`` newest), in sequence order or newest first."""
    order = "DESC" if newest_first else "ASC"
    sql = f"SELECT seq, at, event, actor, memory_id, scope, key, formation, outcome, reason, detail FROM audit ORDER BY seq {order}"
    params: tuple = ()
    if limit is not None:
        sql += " LIMIT ?"
        params = (limit,)
    return [
        AuditEvent(
            seq,
            from_epoch(at),
            event,
            actor,
            memory_id,
            scope,
            key,
            formation,
            outcome,
            reason,
            None if detail is None else json.loads(detail),
        )
        for seq, at, event, actor, memory_id, scope, key, formation, outcome, reason, detail in conn.execute(
            sql, params
        )
    ]
