"""Restoring a DSAR export into a store (``memtrust import``, DESIGN.md §9).

The file is read and checked completely — JSON Schema, counts, and every memory screened as
any other write is (§2 rules, §3.5 no secrets in key or value, §3.1 for inferences:
:func:`store.admission.screen`) — before anything is written; a file that fails a check
changes nothing. An inference §3.1 refuses (a sensitive matter, or anything outside the
closed vocabulary of :mod:`store.inference_vocabulary`, which an export made before it may
hold) is left out, audited and counted, and the rest of the file is imported. Then one
transaction writes it:

- **Empty store** (no memories, audit, consent, settings or ingest refs): a faithful
  restore. Memories keep their ids, status, formation, confidence, evidence and every
  timestamp; the audit log and consent history keep their sequence numbers; settings,
  ingest refs and open requests to forget (§6, with the memories they name) come back. One ``import`` event is appended. Export → import → export gives
  the same memories, consent history, settings and audit (plus the new events).
- **Non-empty store**: refused unless a merge mode is given. The file's own audit log and
  consent history describe another store and stay in the file; this store's consent is
  the user's standing choice here. Each incoming memory is audited (``import``, with its
  formation and outcome):

  - ``skip``: a memory whose id or (scope, key) is already held is skipped; settings
    already set are kept.
  - ``replace``: the held rows with that id or (scope, key) are deleted (audited) and the
    imported one takes their place; imported settings win. Explicit still beats implicit
    (§3.4): an imported inference never replaces a held explicit memory.

  In both modes an imported inference is skipped while implicit learning is off here (§3.2),
  and ingest refs are merged. An imported request to forget is added when this store does
  not hold it yet, naming only those of its memories that this store now holds (the ids the
  import kept); one that names none of them is left out.
"""

from __future__ import annotations

import calendar
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, NoReturn

from sqlcipher3 import Connection

from memtrust.store import audit
from memtrust.store.admission import screen, withheld_evidence
from memtrust.store.errors import InvalidInput
from memtrust.store.export import validate_export
from memtrust.store.memories import INSERT_MEMORY_SQL, MemoryStore
from memtrust.store.model import (
    MEMORY_FIELDS,
    MEMORY_TIME_FIELDS,
    Proposal,
    confirmed_by_user,
    legacy_confirmed_in,
    to_epoch,
)
from memtrust.store.nesting import nesting_exceeds, too_deep_sentence
from memtrust.store.notes import keyed_note, rekey_notes

MERGE_MODES = ("skip", "replace")
_USER_TABLES = ("memories", "audit", "consent", "settings", "ingested_messages", "deletion_requests")


@dataclass(frozen=True)
class RestoreReport:
    """What an import did: per-outcome memory counts (``restored``, ``replaced``, ``skipped``)
    and the reasons rows were skipped (``{reason: count}``)."""

    merge: str | None
    restored: int = 0
    replaced: int = 0
    skipped: int = 0
    skip_reasons: dict[str, int] = field(default_factory=dict)
    audit_events: int = 0
    consent_events: int = 0
    deletion_requests: int = 0

    def summary(self) -> str:
        """One or two sentences for the CLI."""
        text = f"Imported {_counted(self.restored + self.replaced, 'memory', 'memories')}"
        if self.merge is None:
            text += (
                f", {_counted(self.audit_events, 'audit event', 'audit events')} and "
                f"{_counted(self.consent_events, 'consent event', 'consent events')}"
            )
        else:
            text += (
                f" ({self.replaced} replacing {'one' if self.replaced == 1 else 'ones'} held), skipped {self.skipped}"
            )
        text += "."
        if self.deletion_requests:
            text += (
                f" {self.deletion_requests} request{'' if self.deletion_requests == 1 else 's'} to forget"
                " waiting in your Inbox."
            )
        for reason, count in self.skip_reasons.items():
            text += f" {count} skipped: {reason}."
        return text


def _counted(count: int, one: str, many: str) -> str:
    """``1 memory``, ``3 memories``: a count with its noun in the number it takes."""
    return f"{count:,} {one if count == 1 else many}"


def _epoch(text: str | None) -> int | None:
    """``2026-03-02T12:00:00Z`` → epoch seconds (UTC); raises ValueError for an impossible date."""
    if text is None:
        return None
    return calendar.timegm(time.strptime(text, "%Y-%m-%dT%H:%M:%SZ"))


def _not_an_export(name: str, what: str) -> str:
    """The one sentence for a file that is no memtrust export: ``what`` it is, and the command
    that reads memory lists and conversation exports instead."""
    return (
        f"{name} {what}, so it is not a memtrust export and nothing was imported; "
        "to read a memory list or a conversation export, use memtrust ingest."
    )


def read_export_file(path: Path) -> dict[str, Any]:
    """Read and fully check an export file; return its data. Writes nothing.

    Raises InvalidInput (one sentence, never a stored value) when the file is missing, not
    UTF-8, not JSON (or uses NaN/Infinity), nested deeper than
    :data:`store.nesting.MAX_NESTING` levels, or fails :func:`check_export`. A file that is
    not an export at all (not UTF-8, not JSON, or JSON without the export's
    ``meta.app == "memtrust"``) is most likely a memory list or a conversation export given
    to the wrong command, so its sentence names ``memtrust ingest`` (§9 restores exports only).
    """
    path = Path(path)
    if not path.is_file():
        raise InvalidInput(f"There is no export file at {path}.")
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInput(_not_an_export(path.name, "is not UTF-8 text")) from None

    def no_constants(name: str) -> NoReturn:
        raise ValueError(name)

    try:
        data = json.loads(text, parse_constant=no_constants)
    except RecursionError:
        raise InvalidInput(too_deep_sentence(path.name).rstrip(".") + "; nothing was imported.") from None
    except ValueError:
        raise InvalidInput(_not_an_export(path.name, "is not valid JSON")) from None
    if nesting_exceeds(data):
        raise InvalidInput(too_deep_sentence(path.name).rstrip(".") + "; nothing was imported.")
    meta = data.get("meta") if isinstance(data, dict) else None
    if not isinstance(meta, dict) or meta.get("app") != "memtrust":
        raise InvalidInput(_not_an_export(path.name, "is JSON without a memtrust export's header"))
    check_export(data)
    return data


@dataclass(frozen=True)
class CheckedExport:
    """An export's memories after :func:`check_export`: ``rows`` to write (database rows, in
    :data:`store.model.MEMORY_FIELDS` order) and ``refused``, the inferences memtrust does not
    hold (§3.1), as (record, the rule's sentence)."""

    rows: list[tuple[Any, ...]]
    refused: list[tuple[dict[str, Any], str]]


def check_export(data: Any) -> CheckedExport:
    """Check an export dict completely and return its memories as database rows.

    Beyond :func:`store.export.validate_export` (schema, counts, uniqueness, Unicode), every
    memory is screened as every other write is (:func:`store.admission.screen`): the §2
    well-formedness rules, §3.1 for inferences (sensitive namespaces and classes, and the
    closed vocabulary of :mod:`store.inference_vocabulary`) and the §3.5 secret screen on key
    and value; and every time is a real date. A malformed memory or a secret refuses the whole
    file: raises InvalidInput naming the memory's position and key category, never its value.
    An inference §3.1 refuses is not imported (:attr:`CheckedExport.refused`): an export made
    before the vocabulary may hold one, as its store did (DESIGN.md §3.1), and the memories
    beside it are still the user's.
    """
    validate_export(data)
    rows = []
    refused = []
    for position, given in enumerate(data["memories"], start=1):
        record = dict(given)
        _rederive_claims(record)
        where = f"memory {position} ({record['key'].split('.', 1)[0]}.…)"
        proposal = Proposal(
            record["key"],
            record["value"],
            record["formation"],
            record["source"],
            scope=record["scope"],
            confidence=record["confidence"],
            evidence=record["evidence"] if isinstance(record["evidence"], dict) else None,
        )
        decision = screen(proposal)
        if decision is not None and decision.rule == "2":
            raise InvalidInput(f"The export's {where} breaks the memory rules: {decision.reason} Nothing was imported.")
        if decision is not None and decision.rule == "3.1":
            refused.append((record, decision.reason))
            continue
        if decision is not None:  # a secret (§3.5): named by its kind alone, not even the key's category
            raise InvalidInput(f"The export's memory {position} was refused: {decision.reason} Nothing was imported.")
        values = dict(record)
        # Outside words kept beside a memory never hold a secret (§3.5): withheld, by kind.
        values["evidence"] = withheld_evidence(record["evidence"])
        for name in ("source_ref", "confirmed_in"):
            if isinstance(values.get(name), str):
                values[name] = withheld_evidence(values[name])
        values["key"] = keyed_note(record["key"], record["value"])  # §2: an older export's notes.<slug>
        try:
            for name in MEMORY_TIME_FIELDS:
                values[name] = _epoch(values[name])
        except ValueError:
            raise InvalidInput(f"The export's {where} has an impossible date; nothing was imported.") from None
        if values["evidence"] is not None:
            values["evidence"] = json.dumps(values["evidence"], ensure_ascii=False)
        values["confidence"] = float(values["confidence"])
        rows.append(tuple(values[name] for name in MEMORY_FIELDS))
    try:
        for event in data["audit"]:
            _epoch(event["at"])
        for event in data["consent"]["history"]:
            _epoch(event["at"])
        for ref in data["ingested_messages"]:
            _epoch(ref["at"])
        for request in data.get("deletion_requests", []):
            for name in ("said_at", "created_at", "pending_until"):
                _epoch(request[name])
    except ValueError:
        raise InvalidInput(
            "The export has an impossible date in its audit, consent, ingest or request records; nothing was imported."
        ) from None
    return CheckedExport(rows, refused)


#: The ``source`` prefix of an inference an agent reported over MCP; its scope is the agent's (§10).
AGENT_INFERENCE_PREFIX = "inference:agent_"


def _rederive_claims(values: dict[str, Any]) -> None:
    """Re-derive, in place, what an export record claims about who confirmed a memory and who
    may read it, from the fields that record how it was formed (§2, §7, §10): a file is outside
    text, and what it claims may lower, never raise, what a memory is.

    - An agent's explicit row whose ``source_ref`` carries the client-confirmed mark
      (:data:`store.model.CONFIRMED_BY_ELICITATION`) is restored as confirmed in that client
      (:func:`store.model.legacy_confirmed_in`) when the file names no client: an export made
      before ``confirmed_in``, or a ``confirmed_in`` emptied by hand, never makes it "saved by
      you". The user confirms it again in memtrust (a yes given in memtrust before the export
      leaves the mark behind too, and the file cannot prove it).
    - An agent's inference (source ``inference:agent_<consumer>``) is restored in that
      consumer's scope whatever scope the file gives it: an agent's guesses are its own (§10),
      never given to other consumers through the shared scope.
    """
    if values["formation"] == "explicit" and values.get("confirmed_in") is None:  # absent in older exports
        values["confirmed_in"] = legacy_confirmed_in(values["source"], values["source_ref"], values["status"])
    source = values["source"]
    if values["formation"] == "implicit" and source.startswith(AGENT_INFERENCE_PREFIX):
        values["scope"] = source.removeprefix(AGENT_INFERENCE_PREFIX)


def is_empty(store: MemoryStore) -> bool:
    """True when the store holds no user data at all (no row in any user table)."""
    with store.db.read() as conn:
        return not any(conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() for table in _USER_TABLES)


def _insert_requests(conn: Connection, requests: list[dict[str, Any]]) -> int:
    """Insert the export's requests to forget that this store lacks, each naming the memories
    of its ``memory_ids`` held here (inside the caller's transaction); return how many."""
    added = 0
    for request in requests:
        held = [
            memory_id
            for memory_id in request["memory_ids"]
            if conn.execute("SELECT 1 FROM memories WHERE id = ?", (memory_id,)).fetchone()
        ]
        if (
            not held
            or conn.execute(
                "SELECT 1 FROM deletion_requests WHERE id = ? OR (source_ref = ? AND what = ?)",
                (request["id"], request["source_ref"], request["what"]),
            ).fetchone()
        ):
            continue
        conn.execute(
            "INSERT INTO deletion_requests (id, utterance, what, source_ref, said_at, created_at, pending_until, status)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                request["id"],
                request["utterance"],
                request["what"],
                request["source_ref"],
                _epoch(request["said_at"]),
                _epoch(request["created_at"]),
                _epoch(request["pending_until"]),
                request["status"],
            ),
        )
        conn.executemany(
            "INSERT INTO deletion_request_targets (request_id, memory_id) VALUES (?, ?)",
            [(request["id"], memory_id) for memory_id in held],
        )
        added += 1
    return added


def restore(
    store: MemoryStore, data: dict[str, Any], *, actor: str, merge: str | None = None, source_name: str | None = None
) -> RestoreReport:
    """Import ``data`` (an export dict) into ``store`` in one transaction (module docstring).

    ``merge`` is ``None`` (the store must be empty), ``"skip"`` or ``"replace"``.
    ``source_name`` (the file's name) is recorded in the ``import`` audit event. Checks the
    whole export first (:func:`check_export`). Raises InvalidInput for a bad export, a
    non-empty store without ``merge``, or an unknown merge mode; nothing is written then.
    """
    if merge is not None and merge not in MERGE_MODES:
        raise InvalidInput("The merge mode is skip or replace.")
    checked = check_export(data)
    if merge is None and not is_empty(store):
        raise InvalidInput(
            "This store already holds data; import into a new store (--db), or choose "
            "--merge skip or --merge replace. Nothing was imported."
        )
    now = to_epoch(store.clock())
    detail = {
        "file": source_name,
        "source_store_id": data["meta"].get("store_id"),
        "exported_at": data["meta"]["exported_at"],
    }
    if merge is None:
        return _restore_into_empty(store, data, checked, now=now, actor=actor, detail=detail)
    return _merge(store, data, checked, now=now, actor=actor, merge=merge, detail=detail)


#: How a report names the memories :func:`check_export` refused (§3.1).
REFUSED_INFERENCE = "an inference memtrust never holds (only a fixed list of harmless kinds is ever inferred)"


def _audit_refused(
    conn: Connection, refused: list[tuple[dict[str, Any], str]], *, now: int, actor: str, detail: dict[str, Any]
) -> int:
    """Audit each inference the import left out (§3.1) as :func:`_audit_left_out` with outcome
    ``reject`` and the rule's sentence."""
    for record, reason in refused:
        _audit_left_out(conn, record, "reject", reason, now=now, actor=actor, detail=detail)
    return len(refused)


def _audit_left_out(
    conn: Connection, record: dict[str, Any], outcome: str, reason: str, *, now: int, actor: str, detail: dict[str, Any]
) -> None:
    """One ``import`` event for a memory of the file left out: ``outcome`` (``reject`` or
    ``skip``), its scope, key (redacted as the audit redacts a note's) and formation and
    ``Not imported: <reason>``, never its value (§2)."""
    audit.record(
        conn,
        at=now,
        event="import",
        actor=actor,
        memory_id=None,
        scope=record["scope"],
        key=audit.redacted_key(record["key"]),
        formation=record["formation"],
        outcome=outcome,
        reason=f"Not imported: {reason}",
        detail=detail,
    )


def _restore_into_empty(
    store: MemoryStore,
    data: dict[str, Any],
    checked: CheckedExport,
    *,
    now: int,
    actor: str,
    detail: dict[str, Any],
) -> RestoreReport:
    history = data["consent"]["history"]
    rows = checked.rows
    with store.db.write() as conn:
        if conn.execute("SELECT 1 FROM memories LIMIT 1").fetchone():  # checked again under the lock
            raise InvalidInput("This store gained data meanwhile; nothing was imported.")
        conn.executemany(INSERT_MEMORY_SQL, rows)
        conn.executemany(
            "INSERT INTO audit (seq, at, event, actor, memory_id, scope, key, formation, outcome, reason, detail)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    e["seq"],
                    _epoch(e["at"]),
                    e["event"],
                    e["actor"],
                    e["memory_id"],
                    e["scope"],
                    e["key"],
                    e["formation"],
                    e["outcome"],
                    e["reason"],
                    None if e["detail"] is None else json.dumps(e["detail"], ensure_ascii=False),
                )
                for e in data["audit"]
            ],
        )
        conn.executemany(
            "INSERT INTO consent (seq, at, learning, actor, statement) VALUES (?, ?, ?, ?, ?)",
            [(e["seq"], _epoch(e["at"]), int(e["learning"]), e["actor"], e["statement"]) for e in history],
        )
        conn.executemany(
            "INSERT INTO settings (name, value) VALUES (?, ?)", [(s["name"], s["value"]) for s in data["settings"]]
        )
        conn.executemany(
            "INSERT INTO ingested_messages (source_ref, at) VALUES (?, ?)",
            [(r["source_ref"], _epoch(r["at"])) for r in data["ingested_messages"]],
        )
        requests = _insert_requests(conn, data.get("deletion_requests", []))
        rekey_notes(conn)  # the audit of an older export names notes by their old slugs
        refused = _audit_refused(conn, checked.refused, now=now, actor=actor, detail=detail)
        by_formation = Counter(row[MEMORY_FIELDS.index("formation")] for row in rows)
        audit.record(
            conn,
            at=now,
            event="import",
            actor=actor,
            outcome="restored",
            reason=f"Restored {len(rows)} memories from an export into an empty store.",
            detail={
                **detail,
                "explicit": by_formation["explicit"],
                "implicit": by_formation["implicit"],
                "audit_events": len(data["audit"]),
                "consent_events": len(history),
                "deletion_requests": requests,
                "refused": refused,
            },
        )
    return RestoreReport(
        None,
        restored=len(rows),
        skipped=refused,
        skip_reasons={REFUSED_INFERENCE: refused} if refused else {},
        audit_events=len(data["audit"]),
        consent_events=len(history),
        deletion_requests=requests,
    )


def _merge(
    store: MemoryStore,
    data: dict[str, Any],
    checked: CheckedExport,
    *,
    now: int,
    actor: str,
    merge: str,
    detail: dict[str, Any],
) -> RestoreReport:
    learning = store.learning_enabled()
    restored = replaced = 0
    reasons: Counter[str] = Counter()
    with store.db.write() as conn:
        if refused := _audit_refused(conn, checked.refused, now=now, actor=actor, detail=detail):
            reasons[REFUSED_INFERENCE] += refused
        held = {}
        for row in conn.execute(
            "SELECT id, scope, key, formation, status, source, source_ref, confirmed_at, confirmed_in FROM memories"
        ):
            held[row[0]] = row
        by_slot: dict[tuple[str, str], list[tuple]] = {}
        for row in held.values():
            by_slot.setdefault((row[1], row[2]), []).append(row)
        for row in checked.rows:
            record = dict(zip(MEMORY_FIELDS, row, strict=True))
            slot = (record["scope"], record["key"])
            conflicts = {r[0]: r for r in by_slot.get(slot, [])}
            if record["id"] in held:
                conflicts[record["id"]] = held[record["id"]]
            conflicts = {i: r for i, r in conflicts.items() if i in held}  # held before this import
            reason = None
            if record["formation"] == "implicit" and not learning:
                reason = "implicit learning is off in this store"
            elif conflicts and merge == "skip":
                reason = "this store already holds that memory"
            elif record["formation"] == "implicit" and any(r[3] == "explicit" for r in conflicts.values()):
                saved = any(
                    confirmed_by_user(
                        SimpleNamespace(
                            formation=r[3],
                            status=r[4],
                            source=r[5],
                            source_ref=r[6],
                            confirmed_at=r[7],
                            confirmed_in=r[8],
                        )
                    )
                    for r in conflicts.values()
                )
                reason = (
                    "you saved that yourself here, and an inference never replaces it"
                    if saved
                    else "a value of yours for it waits for your answer here, and an inference never replaces it"
                )
            if reason:
                reasons[reason] += 1
                _audit_left_out(conn, record, "skip", f"{reason}.", now=now, actor=actor, detail=detail)
                continue
            for old_id, old in conflicts.items():
                conn.execute("DELETE FROM memories WHERE id = ?", (old_id,))
                audit.record(
                    conn,
                    at=now,
                    event="delete",
                    actor=actor,
                    memory_id=old_id,
                    scope=old[1],
                    key=old[2],
                    formation=old[3],
                    reason="Replaced by an imported memory.",
                )
                del held[old_id]
            conn.execute(INSERT_MEMORY_SQL, row)
            if conflicts:
                replaced += 1
            else:
                restored += 1
            audit.record(
                conn,
                at=now,
                event="import",
                actor=actor,
                memory_id=record["id"],
                scope=record["scope"],
                key=record["key"],
                formation=record["formation"],
                outcome="replace" if conflicts else "restored",
                reason="Imported from an export" + (", replacing the memory held here." if conflicts else "."),
                detail=detail,
            )
        setting_sql = "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO " + (
            "UPDATE SET value = excluded.value" if merge == "replace" else "NOTHING"
        )
        conn.executemany(setting_sql, [(s["name"], s["value"]) for s in data["settings"]])
        conn.executemany(
            "INSERT OR IGNORE INTO ingested_messages (source_ref, at) VALUES (?, ?)",
            [(r["source_ref"], _epoch(r["at"])) for r in data["ingested_messages"]],
        )
        requests = _insert_requests(conn, data.get("deletion_requests", []))
        audit.record(
            conn,
            at=now,
            event="import",
            actor=actor,
            outcome=f"merge-{merge}",
            reason=f"Merged an export ({merge}): {restored} added, {replaced} replaced, "
            f"{sum(reasons.values())} skipped.",
            detail={**detail, "deletion_requests": requests},
        )
    if replaced:
        store.db.checkpoint()  # replaced values leave the file, not only the WAL (§9)
    return RestoreReport(
        merge,
        restored=restored,
        replaced=replaced,
        skipped=sum(reasons.values()),
        skip_reasons=dict(reasons),
        deletion_requests=requests,
    )
