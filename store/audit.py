"""The audit log (DESIGN.md §7): what was decided, confirmed, edited, deleted, expired, used.

An event names the memory's id, scope, key and formation, never its value: after a
deletion the log still says that a row with that key and formation existed and what removed
it (§2). Events: :data:`EVENTS`.

A key that holds or names a secret (``account.ghp_…``, §3.5) is never written: the event
keeps the kind alone, ``(key withheld: an API key or token)`` (:func:`store.secrets.withheld_key`).

A note's key (``notes.<id>``, :mod:`store.notes`) is a fingerprint of its value, so the audit
treats it as part of the value: it is kept while the memory exists (so the log can say which
note was confirmed or used), replaced by :data:`REDACTED_NOTE_KEY` in *every* event of that
memory when it is deleted, rejected, expired or cleared, and never written at all for an
event that names no stored memory (a refused write, a declined question).

Every field is bounded (:func:`record`): a key that is not a valid memory key is kept only as
its length, reasons and details are cut, and a detail is always valid JSON. Text SQLite
cannot store faithfully (NUL, lone surrogates) is kept as visible escapes (``\\x00``,
``\\udc80``), so an odd argument never costs the event that records it (§10).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, overload

from sqlcipher3 import Connection

from memtrust.store.model import KEY_MAX, KEY_PATTERN, from_epoch

#: Bounds of one audit event's fields, in characters: whatever a caller (an agent, an import)
#: passes, an event stays small (no size amplification: a rejected 10 MB key is not copied).
SHORT_FIELD_MAX = 80
REASON_MAX = 1000
DETAIL_STRING_MAX = 512
DETAIL_ITEMS_MAX = 20
DETAIL_MAX = 8000

#: Every event the log records (§7), in the order the DSAR export's schema and docs/dsar-export.md
#: describe them: ``write`` (any decided write, with the admission outcome), ``confirm``,
#: ``reject``, ``release``, ``edit``, ``review`` (kept in a review), ``delete``, ``expire``,
#: ``clear-inferred``, ``consent``, ``influence`` (given to a consumer), ``agent-call`` (one per
#: MCP tool call), ``forget-request``, ``export``, ``import``, ``rekey``, ``client-confirmed``
#: (:data:`CLIENT_CONFIRMED_EVENT`).
EVENTS = (
    "write", "confirm", "reject", "release", "edit", "review", "delete", "expire", "clear-inferred", "consent",
    "influence", "agent-call", "forget-request", "export", "import", "rekey", "client-confirmed",
)  # fmt: skip
#: The event of an upgrade marking a row whose only yes was an MCP client's (§10): not the
#: user's, so not given for privileged purposes until the user confirms it (event ``confirm``).
CLIENT_CONFIRMED_EVENT = "client-confirmed"

#: Key prefixes whose remainder is derived from the value (§2 ``notes.<id>``).
VALUE_DERIVED_PREFIXES = ("notes.",)
#: What such a key becomes in the audit once its memory is gone.
REDACTED_NOTE_KEY = "notes.(redacted)"
#: SQL true for an ``audit`` or ``memories`` row whose ``key`` is value-derived.
VALUE_DERIVED_KEY_SQL = "(" + " OR ".join(f"key GLOB '{prefix}*'" for prefix in VALUE_DERIVED_PREFIXES) + ")"
#: Events that remove a memory's row (its value is gone, so its derived key must go too).
DELETION_EVENTS = frozenset({"delete", "reject", "expire", "clear-inferred"})


def is_value_derived(key: str | None) -> bool:
    """True when ``key``'s last part is made from the value (``notes.<id>``)."""
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


@overload
def _cut(text: str, limit: int) -> str: ...
@overload
def _cut(text: str | None, limit: int) -> str | None: ...
def _cut(text: str | None, limit: int) -> str | None:
    """``text`` cut to ``limit`` characters (the last one an ellipsis when cut)."""
    if text is None or len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def bounded_key(key: str | None) -> str | None:
    """The key as the audit stores it: a valid memory key (§2 syntax, at most
    :data:`~store.model.KEY_MAX` characters) or the redacted note key as given; anything else,
    which came from outside and may hold anything, only as its length."""
    if key is None or key == REDACTED_NOTE_KEY:
        return key
    if len(key) <= KEY_MAX and KEY_PATTERN.match(key):
        return key
    return f"(invalid key of {len(key)} characters)"


def _bounded_value(value: Any, depth: int = 0) -> Any:
    """A JSON-ready copy of ``value`` with every part bounded: strings cut, lists and dicts
    shortened, non-finite numbers (not JSON) and other types given as short text."""
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, str):
        return _storable(_cut(value, DETAIL_STRING_MAX))
    if depth >= 3:
        return "…"
    if isinstance(value, dict):
        items = list(value.items())
        bounded = {
            _storable(_cut(str(name), SHORT_FIELD_MAX)) or "": _bounded_value(item, depth + 1)
            for name, item in items[:DETAIL_ITEMS_MAX]
        }
        if len(items) > DETAIL_ITEMS_MAX:
            bounded["…"] = f"{len(items) - DETAIL_ITEMS_MAX} more"
        return bounded
    if isinstance(value, list | tuple | set | frozenset):
        listed = list(value)
        shown = [_bounded_value(item, depth + 1) for item in listed[:DETAIL_ITEMS_MAX]]
        return shown + ([f"{len(listed) - DETAIL_ITEMS_MAX} more"] if len(listed) > DETAIL_ITEMS_MAX else [])
    return _storable(_cut(str(value), DETAIL_STRING_MAX))


_UNSTORABLE = re.compile(r"[\x00\ud800-\udfff]")


@overload
def _storable(text: str) -> str: ...
@overload
def _storable(text: str | None) -> str | None: ...
def _storable(text: str | None) -> str | None:
    """``text`` with NUL and lone surrogates as visible escapes (``\\x00``, ``\\udc80``)."""
    if text is None:
        return None
    return _UNSTORABLE.sub(
        lambda m: f"\\x{ord(m.group()):02x}" if m.group() == "\x00" else f"\\u{ord(m.group()):04x}", text
    )


def bounded_detail(detail: dict[str, Any]) -> str:
    """``detail`` as the JSON text the audit stores: valid JSON (``NaN`` becomes ``"nan"``),
    every part bounded (:func:`_bounded_value`), and at most :data:`DETAIL_MAX` characters in
    all (else only its top-level names are kept, with ``"truncated": true``)."""
    text = json.dumps(_bounded_value(detail), ensure_ascii=False, allow_nan=False)
    if len(text) <= DETAIL_MAX:
        return text
    names = [_storable(_cut(str(name), SHORT_FIELD_MAX)) for name in list(detail)[:DETAIL_ITEMS_MAX]]
    return json.dumps({"truncated": True, "fields": names}, ensure_ascii=False)


def redact_derived_keys(conn: Connection, memory_id: str) -> None:
    """Replace the value-derived keys (``notes.<id>``) of every event of ``memory_id``
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
    key (``notes.<id>``) is redacted here when the event names no stored memory (a refused
    write, a declined question) and, for a deletion event, in this event and in every
    earlier event of the same memory (module docstring). Every field is bounded here,
    whoever supplied it (:func:`bounded_key`, :func:`bounded_detail`, :data:`REASON_MAX`),
    so no caller can make one event large, and made storable (:func:`_storable`); this
    never raises for odd arguments.
    """
    removes = event in DELETION_EVENTS or (event == "write" and outcome == "reject")
    if is_value_derived(key) and (removes or memory_id is None):
        key = REDACTED_NOTE_KEY
        if memory_id is not None:
            redact_derived_keys(conn, memory_id)
    event, actor = _storable(_cut(event, SHORT_FIELD_MAX)), _storable(_cut(actor, SHORT_FIELD_MAX))
    memory_id, scope = _storable(_cut(memory_id, SHORT_FIELD_MAX)), _storable(_cut(scope, SHORT_FIELD_MAX))
    outcome = _storable(_cut(outcome, SHORT_FIELD_MAX))
    if formation not in ("explicit", "implicit"):
        formation = None  # the column holds a formation or nothing (a malformed write names none)
    key, reason = bounded_key(key), _storable(_cut(reason, REASON_MAX))
    if key is not None and key != REDACTED_NOTE_KEY and KEY_PATTERN.match(key):
        from memtrust.store.secrets import withheld_key  # compiled on a write's first use

        key = withheld_key(key)
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
            None if detail is None else bounded_detail(detail),
        ),
    )


def record_many(
    conn: Connection,
    *,
    at: int,
    event: str,
    actor: str,
    memories: Sequence[Any],
    reason: str,
    detail: dict[str, Any] | None = None,
) -> None:
    """Append one event per memory in ``memories`` (objects with ``id``, ``scope``, ``key`` and
    ``formation``), in order, with one ``INSERT … SELECT`` statement inside the caller's
    transaction: a read that gives 50 rows (§7 ``influence``) costs one write, not 50. For
    events that remove nothing (value-derived keys are kept as they are). Every field is
    bounded as :func:`record` bounds it."""
    if event in DELETION_EVENTS:
        raise ValueError("record_many is for events that delete nothing; deletions redact keys one by one")
    if not memories:
        return
    rows = json.dumps(
        [
            [_cut(m.id, SHORT_FIELD_MAX), _cut(m.scope, SHORT_FIELD_MAX), bounded_key(m.key), m.formation]
            for m in memories
        ],
        ensure_ascii=False,
    )
    conn.execute(
        "INSERT INTO audit (at, event, actor, memory_id, scope, key, formation, reason, detail)"
        " SELECT ?, ?, ?, value ->> 0, value ->> 1, value ->> 2, value ->> 3, ?, ?"
        " FROM json_each(?) ORDER BY key",
        (
            at,
            _cut(event, SHORT_FIELD_MAX),
            _cut(actor, SHORT_FIELD_MAX),
            _cut(reason, REASON_MAX),
            None if detail is None else bounded_detail(detail),
            rows,
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
