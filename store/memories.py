"""The memory store: every write goes through admission (§3), every change is audited (§7).

:class:`MemoryStore` wraps a :class:`store.db.Database` and a clock. Its methods return
plain dataclasses (:class:`store.model.Memory`, :class:`WriteResult`) and raise only the
typed errors of :mod:`store.errors`.
"""

from __future__ import annotations

import builtins
import json
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlcipher3 import Connection

from memtrust.store import audit, search
from memtrust.store.admission import (
    DEFAULT_IMPLICIT_TTL,
    decide,
    evidence_time,
    secret_refusal,
    validate,
    withheld_evidence,
)
from memtrust.store.db import Database
from memtrust.store.errors import InvalidInput, MemoryNotFound
from memtrust.store.model import (
    MEMORY_FIELDS,
    MEMORY_TIME_FIELDS,
    Clock,
    Decision,
    Memory,
    Outcome,
    Proposal,
    Status,
    from_epoch,
    is_sensitive,
    is_text,
    to_epoch,
    utc_now,
)
from memtrust.store.notes import is_note, keyed_note
from memtrust.store.quoting import ID_CELLS, quoted

if TYPE_CHECKING:
    from memtrust.store.retention import Cursor, PruneReport

_COLUMNS = ", ".join(MEMORY_FIELDS)
#: The same columns read through the alias ``m`` (joined with the full-text index).
_M_COLUMNS = ", ".join(f"m.{name}" for name in MEMORY_FIELDS)
#: The statement inserting one memory row, its values in :data:`MEMORY_FIELDS` order.
INSERT_MEMORY_SQL = f"INSERT INTO memories ({_COLUMNS}) VALUES ({', '.join('?' * len(MEMORY_FIELDS))})"
#: Pane order (DESIGN.md §8), the columns of the ``memories_pane`` index after ``formation``.
_PANE_ORDER = ("status", "created_at", "key", "id")

#: The statement shown on the consent screen and stored with each consent event (§3.2).
CONSENT_STATEMENT = (
    "memtrust may infer, from the conversations you import: how long you like answers "
    "(from the length of your replies), your likely timezone (from the hours you write; a "
    "weak guess), the topics you return to, and the language you write in. Assistants you "
    "connect may report guesses of the same kinds, and of the tone and layout you like answers "
    "in and how you like to be contacted; nothing else is ever inferred. Inferences are "
    "labelled as inferred, never about health, money, family, politics or other sensitive "
    "matters, and each expires after the set number of days unless seen again."
)

IMPLICIT_TTL_RANGE_DAYS = (30, 90)
#: The status of the row each stored admission outcome (§3) creates.
_STATUS_OF_OUTCOME: dict[Outcome, Status] = {"admit": "active", "pending": "pending", "quarantine": "quarantined"}


@dataclass(frozen=True)
class WriteResult:
    """The outcome of one proposal: the decision, the row stored or refreshed (or None), and
    the proposal it was about (so a rejected write can still be named by its key)."""

    decision: Decision
    memory: Memory | None
    proposal: Proposal | None = None


def _memory_from_row(row: Sequence) -> Memory:
    values = dict(zip(MEMORY_FIELDS, row, strict=True))
    for name in MEMORY_TIME_FIELDS:
        values[name] = from_epoch(values[name])
    if values["evidence"] is not None:
        values["evidence"] = json.loads(values["evidence"])
    return Memory(**values)


class MemoryStore:
    """Domain operations on an open store (§2–§4, §7).

    ``clock`` returns aware UTC datetimes (inject a fixed one in tests). Every method is
    thread-safe (the database serialises access) and runs each write as one transaction.
    """

    def __init__(self, database: Database, clock: Clock = utc_now) -> None:
        self.db = database
        self.clock = clock
        #: The full-text vocabulary read for short searches (:class:`store.search.TermCache`).
        self._search_terms = search.TermCache()

    def _now(self) -> int:
        return to_epoch(self.clock())

    # --- reading ------------------------------------------------------------------------

    def get(self, memory_id: str) -> Memory:
        """The memory with ``memory_id``; raises MemoryNotFound."""
        if not is_text(memory_id):
            raise MemoryNotFound(f"No memory has the id {quoted(memory_id, ID_CELLS)}.")
        with self.db.read() as conn:
            row = conn.execute(f"SELECT {_COLUMNS} FROM memories WHERE id = ?", (memory_id,)).fetchone()
        if row is None:
            raise MemoryNotFound(f"No memory has the id {quoted(memory_id, ID_CELLS)}.")
        return _memory_from_row(row)

    def ids_starting_with(self, prefix: str) -> list[str]:
        """Every memory id that starts with ``prefix`` (any length), in id order; the caller
        decides which of them its reader may know about (§10: no existence oracle)."""
        with self.db.read() as conn:
            rows = conn.execute(
                "SELECT id FROM memories WHERE substr(id, 1, ?) = ? ORDER BY id", (len(prefix), prefix)
            ).fetchall()
        return [row[0] for row in rows]

    def resolve_id(self, prefix: str) -> str:
        """The full id of the one memory whose id starts with ``prefix`` (at least 4 chars).

        Raises MemoryNotFound when none matches and InvalidInput when several do.
        """
        if len(prefix) < 4:
            raise InvalidInput("Give at least the first 4 characters of the memory's id.")
        if not is_text(prefix):  # a lone surrogate (a stray byte on the command line) is in no id
            raise MemoryNotFound(f"No memory has an id starting with {quoted(prefix, ID_CELLS)}.")
        with self.db.read() as conn:
            rows = conn.execute(
                "SELECT id FROM memories WHERE substr(id, 1, ?) = ? LIMIT 2", (len(prefix), prefix)
            ).fetchall()
        if not rows:
            raise MemoryNotFound(f"No memory has an id starting with {quoted(prefix, ID_CELLS)}.")
        if len(rows) > 1:
            raise InvalidInput(
                f"Several memories have ids starting with {quoted(prefix, ID_CELLS)}; give more of the id."
            )
        return rows[0][0]

    def list(
        self,
        *,
        formation: str | None = None,
        status: str | None = None,
        scope: str | None = None,
        key: str | None = None,
        search: str | None = None,
        limit: int | None = None,
        offset: int = 0,
    ) -> builtins.list[Memory]:
        """Memories matching every given filter, oldest first by creation time.

        ``search`` matches a case-insensitive substring of the key or the value.
        """
        clauses: list[str] = []
        params: list[str | int] = []
        for column, wanted in (("formation", formation), ("status", status), ("scope", scope), ("key", key)):
            if wanted is not None:
                clauses.append(f"{column} = ?")
                params.append(wanted)
        if search:
            clauses.append("(instr(lower(key), ?) > 0 OR instr(lower(value), ?) > 0)")
            params += [search.lower(), search.lower()]
        sql = f"SELECT {_COLUMNS} FROM memories"
        if clauses:
            sql += " WHERE " + " AND ".join(clauses)
        sql += " ORDER BY created_at, key, id"
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            params += [limit, offset]
        with self.db.read() as conn:
            return [_memory_from_row(row) for row in conn.execute(sql, params)]

    def each(self, *, formation: str | None = None, status: str | None = None, batch: int = 500) -> Iterator[Memory]:
        """Every memory of ``formation`` and ``status`` (each filter optional), oldest first by
        creation time, as :meth:`list` orders them, read ``batch`` rows at a time: at most a batch
        is held in memory however large the store (``memtrust list --json``). The store stays
        locked until the iteration ends; consume it whole, without writing meanwhile."""
        clauses: list[str] = []
        params: list[str] = []
        for column, wanted in (("formation", formation), ("status", status)):
            if wanted is not None:
                clauses.append(f"{column} = ?")
                params.append(wanted)
        where = " WHERE " + " AND ".join(clauses) if clauses else ""
        with self.db.read() as conn:
            cursor = conn.execute(f"SELECT {_COLUMNS} FROM memories{where} ORDER BY created_at, key, id", params)
            while rows := cursor.fetchmany(batch):
                yield from (_memory_from_row(row) for row in rows)

    def counts(self) -> dict[str, dict[str, int]]:
        """Row counts per formation and status: ``{"explicit": {"active": 3, …}, …}``."""
        result = {f: dict.fromkeys(("pending", "active", "quarantined"), 0) for f in ("explicit", "implicit")}
        with self.db.read() as conn:
            for formation, status, count in conn.execute(
                "SELECT formation, status, count(*) FROM memories GROUP BY formation, status"
            ):
                result[formation][status] = count
        return result

    def audit_events(self, limit: int | None = None, *, newest_first: bool = True) -> builtins.list[audit.AuditEvent]:
        """The audit log, newest first by default (all events, or the ``limit`` newest)."""
        with self.db.read() as conn:
            return audit.events(conn, limit=limit, newest_first=newest_first)

    # --- paging for the TUI at scale (§8: 100,000 memories) -----------------------------

    @staticmethod
    def pane_cursor(memory: Memory) -> tuple[str, int, str, str]:
        """The keyset position of ``memory`` in pane order, to pass to :meth:`page` as ``after``."""
        return (memory.status, to_epoch(memory.created_at), memory.key, memory.id)

    def page(
        self,
        *,
        formation: str,
        statuses: Sequence[str],
        after: tuple[str, int, str, str] | None = None,
        before: tuple[str, int, str, str] | None = None,
        last: bool = False,
        limit: int = 200,
    ) -> builtins.list[Memory]:
        """Up to ``limit`` memories of ``formation`` with a status in ``statuses``, always
        returned in pane order (status, then creation time, key, id).

        Which ``limit`` rows: by default the first ones, or those right after the keyset
        position ``after`` (from :meth:`pane_cursor`); with ``before``, the ones right before
        that position; with ``last``, the last ones. The backward reads walk the same index in
        reverse (``ORDER BY … DESC``) and are reversed here, so every read is served by the
        ``memories_pane`` index and costs the same at any depth of a 100,000-row store (the
        main screen's End key, DESIGN.md §8). Raises ``ValueError`` when ``after`` is combined
        with ``before`` or ``last``."""
        backward = before is not None or last
        if after is not None and backward:
            raise ValueError("page() reads after a position or backwards, not both")
        with self.db.read() as conn:
            rows = _pane_rows(
                conn, formation, statuses, after if after is not None else before, backward=backward, limit=limit
            )
        memories = [_memory_from_row(row) for row in rows]
        return memories[::-1] if backward else memories

    def count(self, *, formation: str | None = None, statuses: Sequence[str] | None = None) -> int:
        """How many memories have ``formation`` and a status in ``statuses`` (each filter
        optional); an index count, cheap at any size."""
        clauses, params = [], []
        if formation is not None:
            clauses.append("formation = ?")
            params.append(formation)
        if statuses is not None:
            clauses.append(f"status IN ({', '.join('?' * len(statuses))})")
            params += list(statuses)
        sql = "SELECT count(*) FROM memories" + (" WHERE " + " AND ".join(clauses) if clauses else "")
        with self.db.read() as conn:
            return conn.execute(sql, params).fetchone()[0]

    def count_expired(self, now_epoch: int, *, formation: str, statuses: Sequence[str]) -> int:
        """How many memories of ``formation`` with a status in ``statuses`` have an
        ``expires_at`` at or before ``now_epoch`` (epoch seconds UTC): the rows the next prune
        deletes (§4). One range of the ``memories_expiry`` index, cheap at any size."""
        with self.db.read() as conn:
            return conn.execute(
                "SELECT count(*) FROM memories WHERE expires_at <= ? AND formation = ?"
                f" AND status IN ({', '.join('?' * len(statuses))})",
                [now_epoch, formation, *statuses],
            ).fetchone()[0]

    def search_page(
        self,
        text: str,
        *,
        formation: str,
        statuses: Sequence[str],
        after: Memory | None = None,
        before: Memory | None = None,
        last: bool = False,
        limit: int = 200,
    ) -> builtins.list[Memory]:
        """Up to ``limit`` memories of ``formation`` with a status in ``statuses`` whose key,
        value, scope or source holds ``text`` (case and diacritics folded; DESIGN.md §8 search
        as you type), in search order: status, then the order they were written.

        Like :meth:`page`: the first matches by default, those right after the match ``after``
        or right before the match ``before``, or with ``last`` the last ones; a position that
        is no longer a match (deleted, edited) gives no rows. Each read walks the full-text
        index from the position and stops after ``limit`` matches (:mod:`store.search`), so it
        costs the same at any depth of a 100,000-row store. Raises ``ValueError`` when
        ``after`` is combined with ``before`` or ``last``."""
        backward = before is not None or last
        if after is not None and backward:
            raise ValueError("search_page() reads after a position or backwards, not both")
        anchor = after if after is not None else before
        with self.db.read() as conn:
            matches = search.substring_match(conn, text, self._search_terms)
            if not matches:
                return []
            cursor: tuple[str, int] | None = None
            if anchor is not None:
                row = conn.execute("SELECT status, rowid FROM memories WHERE id = ?", (anchor.id,)).fetchone()
                if row is None:
                    return []
                cursor = (row[0], row[1])
            rows: builtins.list[tuple] = []
            for status in sorted(set(statuses), reverse=backward):
                if cursor is not None and (status > cursor[0] if backward else status < cursor[0]):
                    continue  # this status comes wholly before the position (after it, backward)
                sql = (
                    f"SELECT {_M_COLUMNS}, m.rowid FROM {search.FTS_TABLE} CROSS JOIN memories AS m"
                    f" ON m.rowid = {search.FTS_TABLE}.rowid"
                    f" WHERE {search.FTS_TABLE} MATCH ? AND m.formation = ? AND m.status = ?"
                )
                bound: builtins.list = []
                if cursor is not None and status == cursor[0]:
                    sql += f" AND {search.FTS_TABLE}.rowid {'<' if backward else '>'} ?"
                    bound.append(cursor[1])
                sql += f" ORDER BY {search.FTS_TABLE}.rowid{' DESC' if backward else ''} LIMIT ?"
                wanted = limit - len(rows)
                found: dict[int, tuple] = {}
                for match in matches:  # several expressions: the first rows of their union
                    for row in conn.execute(sql, [match, formation, status, *bound, wanted]):
                        found[row[-1]] = row[:-1]
                rows += [found[rowid] for rowid in sorted(found, reverse=backward)[:wanted]]
                if len(rows) >= limit:
                    break
        memories = [_memory_from_row(row) for row in rows]
        return memories[::-1] if backward else memories

    def search_count(self, text: str, *, formation: str, statuses: Sequence[str]) -> int:
        """How many memories :meth:`search_page` finds for ``text`` in all (every match is read
        from the index and its row checked: call it off the UI thread)."""
        with self.db.read() as conn:
            matches = search.substring_match(conn, text, self._search_terms)
            if not matches:
                return 0
            union = " UNION ".join(
                f"SELECT rowid FROM {search.FTS_TABLE} WHERE {search.FTS_TABLE} MATCH ?" for _ in matches
            )
            return conn.execute(
                f"SELECT count(*) FROM ({union}) AS hit CROSS JOIN memories AS m ON m.rowid = hit.rowid"
                f" WHERE m.formation = ? AND m.status IN ({', '.join('?' * len(statuses))})",
                [*matches, formation, *statuses],
            ).fetchone()[0]

    def confirmed_in_client(self, *, limit: int = 1000) -> builtins.list[Memory]:
        """Up to ``limit`` memories whose only yes was an MCP client's (``confirmed_in``, §10),
        oldest first: what the Inbox asks the user to confirm as theirs. Served by the partial
        index ``memories_confirmed_in``."""
        with self.db.read() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM memories INDEXED BY memories_confirmed_in WHERE confirmed_in IS NOT NULL"
                " ORDER BY created_at, id LIMIT ?",
                (limit,),
            ).fetchall()
        return [_memory_from_row(row) for row in rows]

    def count_confirmed_in_client(self) -> int:
        """How many memories :meth:`confirmed_in_client` would list in all (an index count)."""
        with self.db.read() as conn:
            return conn.execute(
                "SELECT count(*) FROM memories INDEXED BY memories_confirmed_in WHERE confirmed_in IS NOT NULL"
            ).fetchone()[0]

    def get_many(self, memory_ids: Sequence[str]) -> builtins.list[Memory]:
        """The memories with these ids, in the order given; ids no longer stored are skipped."""
        found: dict[str, Memory] = {}
        with self.db.read() as conn:
            for start in range(0, len(memory_ids), 500):
                chunk = list(memory_ids[start : start + 500])
                for row in conn.execute(
                    f"SELECT {_COLUMNS} FROM memories WHERE id IN ({', '.join('?' * len(chunk))})", chunk
                ):
                    memory = _memory_from_row(row)
                    found[memory.id] = memory
        return [found[memory_id] for memory_id in memory_ids if memory_id in found]

    def review_queue(self, *, reviewed_before: int, limit: int = 50) -> builtins.list[Memory]:
        """Memories due for review (§8): active or quarantined, not reviewed since
        ``reviewed_before`` (epoch seconds, UTC) — inferred ones first, then oldest evidence
        first (``first_seen`` of the evidence, else the last signal, else creation)."""
        with self.db.read() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM memories WHERE status != 'pending'"
                " AND (reviewed_at IS NULL OR reviewed_at < ?)"
                " ORDER BY formation = 'explicit',"
                " coalesce(json_extract(evidence, '$.first_seen'), last_signal_at, created_at), created_at, id"
                " LIMIT ?",
                (reviewed_before, limit),
            ).fetchall()
        return [_memory_from_row(row) for row in rows]

    def review_remaining(self, *, reviewed_before: int) -> int:
        """How many memories :meth:`review_queue` would still walk through."""
        with self.db.read() as conn:
            return conn.execute(
                "SELECT count(*) FROM memories WHERE status != 'pending' AND (reviewed_at IS NULL OR reviewed_at < ?)",
                (reviewed_before,),
            ).fetchone()[0]

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version`` on this store's connection: it changes when
        *another* connection (the CLI, an agent, a second process) commits, never for this
        connection's own writes. Cheap (no table is read); the TUI polls it to show outside
        writes without a refresh. Compare values only with each other."""
        with self.db.read() as conn:
            return int(conn.execute("PRAGMA data_version").fetchone()[0])

    # --- consent and settings (§3.2, §4) ------------------------------------------------

    def learning_enabled(self) -> bool:
        """True when the latest consent event turned implicit learning on (default: off)."""
        with self.db.read() as conn:
            row = conn.execute("SELECT learning FROM consent ORDER BY seq DESC LIMIT 1").fetchone()
        return bool(row and row[0])

    def consent_history(self) -> builtins.list[dict]:
        """Every consent event, oldest first: ``{"at": datetime, "learning": bool, "actor", "statement"}``."""
        with self.db.read() as conn:
            rows = conn.execute("SELECT at, learning, actor, statement FROM consent ORDER BY seq").fetchall()
        return [
            {"at": from_epoch(at), "learning": bool(on), "actor": actor, "statement": text}
            for at, on, actor, text in rows
        ]

    def set_learning(self, enabled: bool, *, actor: str) -> bool:
        """Record a consent event turning implicit learning on or off; return True if it changed.

        Turning it on stores the statement the user was shown (:data:`CONSENT_STATEMENT`).
        Turning it off stops inference at once; inferred rows stay until cleared (§3.2).
        """
        with self.db.write() as conn:
            row = conn.execute("SELECT learning FROM consent ORDER BY seq DESC LIMIT 1").fetchone()
            current = bool(row and row[0])
            if current == enabled:
                return False
            now = self._now()
            conn.execute(
                "INSERT INTO consent (at, learning, actor, statement) VALUES (?, ?, ?, ?)",
                (now, int(enabled), actor, CONSENT_STATEMENT if enabled else None),
            )
            audit.record(
                conn,
                at=now,
                event="consent",
                actor=actor,
                outcome="on" if enabled else "off",
                reason="Implicit learning turned " + ("on" if enabled else "off") + ".",
            )
        return True

    def setting(self, name: str, default: str | None = None) -> str | None:
        """A stored setting's text, or ``default``."""
        with self.db.read() as conn:
            row = conn.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return row[0] if row else default

    def set_setting(self, name: str, value: str) -> None:
        """Store a setting (text)."""
        with self.db.write() as conn:
            conn.execute(
                "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                (name, value),
            )

    def implicit_ttl(self) -> timedelta:
        """The implicit TTL setting (§4): 60 days by default, always within 30–90 days."""
        raw = self.setting("implicit_ttl_days")
        if raw is None:
            return DEFAULT_IMPLICIT_TTL
        low, high = IMPLICIT_TTL_RANGE_DAYS
        return timedelta(days=min(high, max(low, int(raw))))

    # --- writing (§3) -------------------------------------------------------------------

    def propose(self, proposal: Proposal, *, actor: str) -> WriteResult:
        """Decide ``proposal`` under §3 and apply the decision in one transaction; audit it."""
        return self.propose_many([proposal], actor=actor)[0]

    def propose_many(self, proposals: Iterable[Proposal], *, actor: str) -> builtins.list[WriteResult]:
        """Decide and apply several proposals in one transaction, in order; audit each."""
        results = []
        learning = self.learning_enabled()
        ttl = self.implicit_ttl()
        with self.db.write() as conn:
            for proposal in proposals:
                results.append(self._apply(conn, proposal, actor=actor, learning=learning, ttl=ttl))
        if any(result.decision.supersedes for result in results):
            self.db.checkpoint()  # superseded values leave the file, not only the WAL (§9)
        return results

    def _existing(self, conn: Connection, scope: str, key: str) -> builtins.list[Memory]:
        rows = conn.execute(f"SELECT {_COLUMNS} FROM memories WHERE scope = ? AND key = ?", (scope, key))
        return [_memory_from_row(row) for row in rows]

    def _delete(self, conn: Connection, memory: Memory, *, now: int, actor: str, event: str, reason: str) -> None:
        conn.execute("DELETE FROM memories WHERE id = ?", (memory.id,))
        audit.record(
            conn,
            at=now,
            event=event,
            actor=actor,
            memory_id=memory.id,
            scope=memory.scope,
            key=memory.key,
            formation=memory.formation,
            reason=reason,
        )

    def _apply(
        self, conn: Connection, proposal: Proposal, *, actor: str, learning: bool, ttl: timedelta
    ) -> WriteResult:
        proposal = _as_note(proposal)
        now_dt = self.clock()
        now = to_epoch(now_dt)
        # A malformed proposal (a lone surrogate in its key, say) is rejected below; it is
        # never used in a query.
        well_formed = validate(proposal) is None
        existing = self._existing(conn, proposal.scope, proposal.key) if well_formed else []
        deleted = (
            _inference_deleted_at(conn, proposal.scope, proposal.key)
            if proposal.formation == "implicit" and well_formed
            else None
        )
        decision = decide(
            proposal, learning_enabled=learning, existing=existing, now=now_dt, implicit_ttl=ttl, deleted_at=deleted
        )
        if decision.stored:  # outside words kept beside the memory never hold a secret (§3.5)
            proposal = replace(proposal, evidence=withheld_evidence(proposal.evidence))
        memory: Memory | None = None
        if decision.refreshes:
            old = next(m for m in existing if m.id == decision.refreshes)
            evidence = _merge_evidence(old.evidence, proposal.evidence)
            signal = _signal_time(evidence, now_dt)
            conn.execute(
                "UPDATE memories SET last_signal_at = ?, expires_at = ?, updated_at = ?, evidence = ?,"
                " confidence = max(confidence, ?) WHERE id = ?",
                (
                    to_epoch(signal),
                    to_epoch(decision.expires_at),
                    now,
                    json.dumps(evidence, ensure_ascii=False),
                    proposal.confidence,
                    old.id,
                ),
            )
            memory = replace(
                old,
                last_signal_at=signal,
                expires_at=decision.expires_at,
                updated_at=now_dt,
                evidence=evidence,
                confidence=max(old.confidence, proposal.confidence),
            )
        elif decision.stored:
            for superseded in existing:
                if superseded.id in decision.supersedes:
                    self._delete(
                        conn,
                        superseded,
                        now=now,
                        actor=actor,
                        event="delete",
                        reason=f"superseded by a new {proposal.formation} value",
                    )
            status = _STATUS_OF_OUTCOME[decision.outcome]
            # The user's yes (§3.6) is recorded whatever status admission gives the row: a write
            # the user confirmed and phrased as confidential is quarantined (§3.5), still confirmed.
            confirmed = proposal.formation == "explicit" and (status == "active" or proposal.confirmed)
            memory = Memory(
                id=uuid.uuid4().hex,
                scope=proposal.scope,
                key=proposal.key,
                value=proposal.value,
                formation=proposal.formation,
                source=proposal.source,
                source_ref=proposal.source_ref,
                confidence=float(proposal.confidence),
                status=status,
                evidence=proposal.evidence,
                created_at=now_dt,
                updated_at=now_dt,
                last_signal_at=_signal_time(proposal.evidence, now_dt) if proposal.formation == "implicit" else None,
                expires_at=decision.expires_at,
                confirmed_at=now_dt if confirmed else None,
                pending_until=decision.pending_until,
                # A client's yes (§10) is recorded as that client's, on a row it made active.
                confirmed_in=proposal.confirmed_in if confirmed and proposal.formation == "explicit" else None,
            )
            self._insert(conn, memory)
        detail: dict[str, object] = {
            "rule": decision.rule,
            "source": proposal.source,
            "source_ref": proposal.source_ref,
        }
        if memory is not None and memory.formation == "explicit":
            detail["confirmed"] = memory.confirmed_at is not None  # as the row's confirmed_at says
            if memory.confirmed_in is not None:
                detail["confirmed_in"] = memory.confirmed_in
        audit.record(
            conn,
            at=now,
            event="write",
            actor=actor,
            memory_id=memory.id if memory else None,
            scope=proposal.scope,
            key=proposal.key if isinstance(proposal.key, str) else None,
            formation=proposal.formation if proposal.formation in ("explicit", "implicit") else None,
            outcome=decision.outcome,
            reason=decision.reason,
            detail=detail,
        )
        return WriteResult(decision, memory, proposal)

    @staticmethod
    def _insert(conn: Connection, memory: Memory) -> None:
        values = []
        for name in MEMORY_FIELDS:
            value = getattr(memory, name)
            if name in MEMORY_TIME_FIELDS:
                value = to_epoch(value)
            elif name == "evidence" and value is not None:
                value = json.dumps(value, ensure_ascii=False)
            values.append(value)
        conn.execute(INSERT_MEMORY_SQL, values)

    # --- acting on one memory -----------------------------------------------------------

    def _get_in(self, conn: Connection, memory_id: str) -> Memory:
        row = conn.execute(f"SELECT {_COLUMNS} FROM memories WHERE id = ?", (memory_id,)).fetchone()
        if row is None:
            raise MemoryNotFound(f"No memory has the id {quoted(memory_id, ID_CELLS)}.")
        return _memory_from_row(row)

    def confirm(self, memory_id: str, *, actor: str) -> Memory:
        """Confirm a pending memory (§3.6), release a quarantined one, or confirm in memtrust
        one whose only yes was an MCP client's (§10): it becomes active and the user's own.

        Confirming a row confirmed only in a client clears ``confirmed_in`` and sets
        ``confirmed_at`` to now (audit ``confirm``, naming the client it was confirmed in);
        from then on it is "saved by you" and may be given for privileged purposes. Other
        active rows for the same (scope, key) are superseded and deleted (explicit beats
        implicit; the newer explicit value replaces the older). Raises MemoryNotFound, and
        InvalidInput when the memory is active and already the user's (or implicit).
        """
        now_dt = self.clock()
        now = to_epoch(now_dt)
        with self.db.write() as conn:
            memory = self._get_in(conn, memory_id)
            client_only = memory.formation == "explicit" and memory.confirmed_in is not None
            if memory.status == "active" and not client_only:
                raise InvalidInput("That memory is already active; there is nothing to confirm.")
            event = "confirm" if memory.status == "pending" or client_only else "release"
            superseded = False
            for other in self._existing(conn, memory.scope, memory.key):
                if other.id != memory.id and other.status == "active":
                    superseded = True
                    self._delete(
                        conn,
                        other,
                        now=now,
                        actor=actor,
                        event="delete",
                        reason="superseded by a confirmed explicit value",
                    )
            conn.execute(
                "UPDATE memories SET status = 'active', confirmed_at = ?, updated_at = ?, pending_until = NULL,"
                " confirmed_in = NULL WHERE id = ?",
                (now, now, memory.id),
            )
            reason = "You confirmed it." if event == "confirm" else "You released it from quarantine."
            if client_only:
                reason = "You confirmed it in memtrust; before, only an agent's client had said yes to it."
            audit.record(
                conn,
                at=now,
                event=event,
                actor=actor,
                memory_id=memory.id,
                scope=memory.scope,
                key=memory.key,
                formation=memory.formation,
                outcome="confirmed-by-you" if client_only else None,
                reason=reason,
                detail={"was_confirmed_in": memory.confirmed_in} if client_only else None,
            )
        if superseded:
            self.db.checkpoint()  # a superseded value leaves the file, not only the WAL (§9)
        return replace(
            memory, status="active", confirmed_at=now_dt, updated_at=now_dt, pending_until=None, confirmed_in=None
        )

    def edit(self, memory_id: str, value: str, *, actor: str, key: str | None = None) -> Memory:
        """Replace a memory's value (and optionally its key) with text the user typed (§7 ``edit``).

        The new value is judged like any explicit write: the §2 rules and the §3.5 secret
        screen (raises InvalidInput with the reason), confidential phrasing quarantines it.
        An edited inference becomes the user's own: explicit, ``source=user``, confidence 1.0,
        no expiry, no inference evidence. The old value is overwritten and checkpointed out
        of the file (§9). Pass ``key`` to move it under another key; a note (``notes.…``) takes
        the note key of its new value (:mod:`store.notes`), and the audit forgets the old
        one. The audit records the edit with key and formation, never either value.
        Raises MemoryNotFound and InvalidInput.
        """
        from memtrust.store.screening import is_confidential  # compiled on first use

        now_dt = self.clock()
        now = to_epoch(now_dt)
        with self.db.write() as conn:
            memory = self._get_in(conn, memory_id)
            new_key = keyed_note(memory.key if key is None else key, value)
            proposal = Proposal(new_key, value, "explicit", "user", scope=memory.scope, confirmed=True)
            problem = validate(proposal) or secret_refusal(value, key=new_key, asked_key=key)
            if problem:
                raise InvalidInput(problem)
            if new_key != memory.key and is_sensitive(new_key) and memory.formation == "implicit":
                raise InvalidInput("Only you can save sensitive matters; add it as a new memory.")
            status = "quarantined" if is_confidential(value) else memory.status
            if memory.formation == "implicit":
                edited = replace(
                    memory,
                    key=new_key,
                    value=value,
                    formation="explicit",
                    source="user",
                    confidence=1.0,
                    status=status,
                    evidence=None,
                    updated_at=now_dt,
                    last_signal_at=None,
                    expires_at=None,
                    confirmed_at=now_dt,
                )
            else:
                # The user typed the new value in memtrust: it is their word now, not a client's (§10).
                edited = replace(
                    memory,
                    key=new_key,
                    value=value,
                    status=status,
                    updated_at=now_dt,
                    confirmed_in=None,
                    confirmed_at=now_dt if memory.confirmed_in is not None else memory.confirmed_at,
                )
            if memory.key != new_key:  # the old key may be derived from the old value
                audit.redact_derived_keys(conn, memory.id)
            conn.execute("DELETE FROM memories WHERE id = ?", (memory.id,))
            self._insert(conn, edited)
            audit.record(
                conn,
                at=now,
                event="edit",
                actor=actor,
                memory_id=memory.id,
                scope=memory.scope,
                key=new_key,
                formation=edited.formation,
                outcome=status,
                reason="You edited it." + (" It is now saved by you." if memory.formation == "implicit" else ""),
                detail={"was": memory.formation} if memory.formation != edited.formation else None,
            )
        self.db.checkpoint()  # the old value leaves the file, not only the WAL (§9)
        return edited

    def reject(self, memory_id: str, *, actor: str) -> Memory:
        """Reject a pending memory: it is deleted and the rejection audited. Raises
        MemoryNotFound, and InvalidInput when the memory is not pending."""
        with self.db.write() as conn:
            memory = self._get_in(conn, memory_id)
            if memory.status != "pending":
                raise InvalidInput("Only a pending memory can be rejected; use forget to delete this one.")
            self._delete(conn, memory, now=self._now(), actor=actor, event="reject", reason="You rejected it.")
        self.db.checkpoint()  # the rejected value leaves the file, not only the WAL (§9)
        return memory

    def forget(self, memory_id: str, *, actor: str, reason: str = "You deleted it.") -> Memory:
        """Delete a memory of any status and formation; the audit keeps key, formation, actor
        and ``reason`` (a sentence), never the value. Raises MemoryNotFound."""
        with self.db.write() as conn:
            memory = self._get_in(conn, memory_id)
            self._delete(conn, memory, now=self._now(), actor=actor, event="delete", reason=reason)
        self.db.checkpoint()
        return memory

    def mark_reviewed(self, memory_id: str, *, actor: str) -> Memory:
        """The user reviewed this memory and kept it (§8 review): set ``reviewed_at`` to now
        and audit event ``review`` (key and formation, never the value). Raises MemoryNotFound."""
        now_dt = self.clock()
        with self.db.write() as conn:
            memory = self._get_in(conn, memory_id)
            conn.execute("UPDATE memories SET reviewed_at = ? WHERE id = ?", (to_epoch(now_dt), memory.id))
            audit.record(
                conn,
                at=to_epoch(now_dt),
                event="review",
                actor=actor,
                memory_id=memory.id,
                scope=memory.scope,
                key=memory.key,
                formation=memory.formation,
                outcome="kept",
                reason="You reviewed it and kept it.",
            )
        return replace(memory, reviewed_at=now_dt)

    def withdraw_inference(
        self, scope: str, key: str, *, actor: str, reason: str, value: str | None = None
    ) -> builtins.list[Memory]:
        """Delete the implicit rows for (``scope``, ``key``) — only those holding ``value``
        when given — because the user contradicted them (§6: "actually, give me the long
        version"). Each deletion is audited as event ``delete`` with ``reason`` (e.g.
        "contradicted by <message ref>"), never the value. Explicit rows are never touched.
        Returns the deleted memories (empty when there was nothing to withdraw).
        """
        now = self._now()
        with self.db.write() as conn:
            withdrawn = [
                m
                for m in self._existing(conn, scope, key)
                if m.formation == "implicit" and (value is None or m.value == value)
            ]
            for memory in withdrawn:
                self._delete(conn, memory, now=now, actor=actor, event="delete", reason=reason)
        if withdrawn:
            self.db.checkpoint()
        return withdrawn

    def clear_inferred(self, *, actor: str) -> int:
        """Delete every implicit memory in one transaction; return how many were deleted."""
        now = self._now()
        with self.db.write() as conn:
            rows = conn.execute(f"SELECT {_COLUMNS} FROM memories WHERE formation = 'implicit'").fetchall()
            with search.bulk_deletion(conn, len(rows)):
                for row in rows:
                    self._delete(
                        conn,
                        _memory_from_row(row),
                        now=now,
                        actor=actor,
                        event="clear-inferred",
                        reason="You cleared everything inferred.",
                    )
        self.db.checkpoint()
        return len(rows)

    # --- retention (§4) -----------------------------------------------------------------

    def prune(
        self, *, actor: str = "system", batch: int | None = None, between: Callable[[], None] | None = None
    ) -> PruneReport:
        """Delete the rows expired now, each audited (§4): the requests to forget left
        unanswered, then the memories, at most ``batch`` of them (default
        :data:`store.retention.PRUNE_BATCH`) per write transaction
        (:func:`store.retention.prune_batch`). The lock is let go between two batches, so
        the app's reads (a keystroke's search) wait for one batch, not the whole prune, and
        ``between`` (when given) is called there, without the lock: the app waits in it while
        the user types. A stop between two batches leaves each row deleted and audited or still
        there, expired, for the next prune. The WAL is checkpointed after (§9)."""
        from memtrust.store.retention import (
            PRUNE_BATCH,
            PruneReport,
            prune_batch,
            prune_requests,
        )  # loaded by the commands that prune

        now = self._now()
        with self.db.write() as conn:
            report = PruneReport(requests=prune_requests(conn, now_epoch=now, actor=actor))
        after: Cursor | None = None
        while True:
            with self.db.write() as conn:
                done, after = prune_batch(conn, now_epoch=now, actor=actor, after=after, limit=batch or PRUNE_BATCH)
            report += done
            if after is None:
                break
            self.db.let_waiting_in()  # a read waiting for the store goes before the next batch
            if between is not None:
                between()
        if report.total:
            self.db.checkpoint()
        return report

    # --- ingest bookkeeping (§6) --------------------------------------------------------

    def unseen_refs(self, refs: Iterable[str]) -> set[str]:
        """The subset of message identities (``"<source>:<conversation>/<message>"``, §6) not
        yet ingested: re-ingesting proposes nothing new, and a "no" sticks (§3.7). A message
        read by an older memtrust (kept as ``legacy:<conversation>/<message>``) counts as
        read whatever its source."""
        wanted = {ref: "legacy:" + ref.split(":", 1)[-1] for ref in refs}
        asked = list({*wanted, *wanted.values()})
        seen: set[str] = set()
        with self.db.read() as conn:
            for start in range(0, len(asked), 500):
                chunk = asked[start : start + 500]
                seen.update(
                    r
                    for (r,) in conn.execute(
                        f"SELECT source_ref FROM ingested_messages WHERE source_ref IN ({', '.join('?' * len(chunk))})",
                        chunk,
                    )
                )
        return {ref for ref, legacy in wanted.items() if ref not in seen and legacy not in seen}

    def content_id_key(self) -> bytes:
        """This store's key for the content ids of messages an export gives no id (§6): 32
        bytes, made by migration and kept in the encrypted store, never exported."""
        value = self.db.meta("content_id_key")
        if value is None:  # a store opened read-only before its migration ran
            raise InvalidInput("This store has no content id key; open it once with this memtrust to migrate it.")
        return bytes.fromhex(value)

    def inference_deleted_at(self, scope: str, key: str) -> datetime | None:
        """When the user last deleted or cleared an inference for (``scope``, ``key``), aware
        UTC, or ``None``: evidence older than that never infers it again (§3.7). Read from the
        audit log (events ``delete`` and ``clear-inferred`` of implicit rows), which keeps it
        without the value. Only the user's own deletions count, as the refusal says "You
        deleted …": not a supersession (a newer value replacing an older one, whoever wrote it)
        and not an agent's deletion of its own guess (actor ``agent:…``)."""
        with self.db.read() as conn:
            return _inference_deleted_at(conn, scope, key)

    def mark_ingested(self, refs: Iterable[str]) -> None:
        """Record message refs as ingested (idempotent)."""
        now = self._now()
        with self.db.write() as conn:
            conn.executemany(
                "INSERT OR IGNORE INTO ingested_messages (source_ref, at) VALUES (?, ?)", [(ref, now) for ref in refs]
            )

    def close(self) -> None:
        """Close the underlying database."""
        self.db.close()


def _inference_deleted_at(conn: Connection, scope: str, key: str) -> datetime | None:
    """:meth:`MemoryStore.inference_deleted_at` inside an open transaction."""
    row = conn.execute(
        "SELECT max(at) FROM audit WHERE formation = 'implicit' AND event IN ('delete', 'clear-inferred')"
        " AND scope = ? AND key = ? AND actor NOT LIKE 'agent:%' AND coalesce(reason, '') NOT LIKE 'superseded by %'",
        (scope, key),
    ).fetchone()
    return from_epoch(row[0]) if row and row[0] is not None else None


def _signal_time(evidence: dict | None, now: datetime) -> datetime:
    """When an inference was last signalled: its newest evidence (the message's time, §4),
    never later than ``now``; ``now`` when the evidence has no time."""
    seen = evidence_time(evidence, "last_seen")
    return min(seen, now) if seen is not None else now


def _as_note(proposal: Proposal) -> Proposal:
    """A well-formed write under ``notes.`` is stored under its note key (§2: a key never
    spells the value's words, :mod:`store.notes`). The words the caller put in the key are
    still screened (§3.5: ``notes.ghp_…`` is a token, ``notes.for_now`` temporary): they join
    the utterance, which is never stored."""
    if not is_note(proposal.key) or validate(proposal) is not None:
        return proposal
    key = keyed_note(proposal.key, proposal.value)
    if key == proposal.key:
        return proposal
    words = proposal.key.split(".", 1)[1].replace("_", " ")
    utterance = words if proposal.utterance is None else f"{proposal.utterance}\n{words}"
    return replace(proposal, key=key, utterance=utterance, asked_key=proposal.key)


def _merge_evidence(old: dict | None, new: dict | None) -> dict:
    """Merge two evidence dicts: ref lists union (order kept, capped at 50), ``first_seen``
    takes the minimum and ``last_seen`` the maximum; other keys (counts) take the new value."""
    merged = dict(old or {})
    for name, value in (new or {}).items():
        if name == "first_seen" and merged.get(name) is not None and value is not None:
            merged[name] = min(merged[name], value)
        elif name == "last_seen" and merged.get(name) is not None and value is not None:
            merged[name] = max(merged[name], value)
        elif isinstance(value, list) and isinstance(merged.get(name), list):
            merged[name] = list(dict.fromkeys([*merged[name], *value]))[-50:]
        else:
            merged[name] = value
    return merged


def _pane_rows(
    conn: Connection,
    formation: str,
    statuses: Sequence[str],
    cursor: tuple[str, int, str, str] | None,
    *,
    backward: bool,
    limit: int,
) -> list[tuple]:
    """Up to ``limit`` raw rows of one pane from the keyset position ``cursor`` (exclusive;
    None: from the start, or the end when ``backward``), in pane order or, ``backward``, in
    reverse. One index seek per status: ``status IN (…)`` with a row-value bound would seek
    only to the first row of the status and filter every row before the cursor (17 ms at
    depth 60,000), where ``status = ? AND (created_at, key, id) > (…)`` starts at the cursor."""
    direction, compare = (" DESC", "<") if backward else ("", ">")
    rows: list[tuple] = []
    for status in sorted(set(statuses), reverse=backward):
        if cursor is not None and (status < cursor[0] if not backward else status > cursor[0]):
            continue  # this status comes wholly before the cursor (after it, backward)
        sql = f"SELECT {_COLUMNS} FROM memories WHERE formation = ? AND status = ?"
        params: list = [formation, status]
        if cursor is not None and status == cursor[0]:
            sql += f" AND (created_at, key, id) {compare} (?, ?, ?)"
            params += list(cursor[1:])
        sql += f" ORDER BY {', '.join(column + direction for column in _PANE_ORDER[1:])} LIMIT ?"
        params.append(limit - len(rows))
        rows += conn.execute(sql, params).fetchall()
        if len(rows) >= limit:
            break
    return rows
