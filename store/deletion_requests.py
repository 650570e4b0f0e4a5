"""Requests to forget (DESIGN.md §6): "forget (that) …" in an imported conversation is a
proposal to delete the matching memory, which the user confirms or dismisses in the Inbox.

A request is stored only when it matched at least one memory (the caller — the ingest
pipeline — finds the candidates). A request that matched nothing is *not* stored: keeping
the sentence would keep exactly what the user asked to have forgotten, with nothing to
delete; it is audited (``forget-request``/``no-match``, the message reference but never the
sentence) and said in the ingest report.

Life of a stored request (table ``deletion_requests``, migration v4):

- **pending** — waiting in the Inbox, with the sentence (``utterance``), the words after
  "forget" (``what``), the message reference and the time it was said. Audited
  ``forget-request``/``pending``, one event per matched memory (id, key, formation).
- **confirmed** (:meth:`DeletionRequests.confirm`) — audited ``forget-request``/``confirmed``,
  then each matched memory is deleted through :meth:`MemoryStore.forget` (audit ``delete``,
  secure deletion, ``notes.<slug>`` redaction unchanged), then the request row goes.
- **dismissed** (:meth:`DeletionRequests.dismiss`) — the memories stay; audited
  ``forget-request``/``dismissed``; the request row goes.
- **expired** (:func:`store.retention.expire_requests`, run by the launch prune, §4) — pending 30 days
  unanswered: audited ``forget-request``/``expired``; the memories stay; the row goes.
- **dropped** — a matched memory deleted another way (forget, reject, expiry, supersession,
  an edit, an import replacing it) takes its link with it; a request left with none is
  deleted by a trigger in the same transaction (migration v4).

Whatever ends a request, its sentence leaves the database in that transaction (and the file
at the next checkpoint): the audit keeps only that a request about that memory existed and
how it ended, never what was said (it may hold the value). Times are epoch seconds UTC in
the database, aware UTC datetimes in Python. Never imports textual.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlcipher3 import Connection

from memtrust.store import audit
from memtrust.store.admission import PENDING_TTL
from memtrust.store.errors import InvalidInput, MemoryNotFound
from memtrust.store.memories import MemoryStore
from memtrust.store.model import Memory, from_epoch, is_text, to_epoch
from memtrust.store.quoting import ID_CELLS, quoted
from memtrust.store.retention import FORGET_REQUEST_EVENT

__all__ = ["DeletionRequest", "DeletionRequestNotFound", "DeletionRequests", "from_agent", "inbox_count"]

_COLUMNS = "id, utterance, what, source_ref, said_at, created_at, pending_until, status"


class DeletionRequestNotFound(MemoryNotFound):
    """No request to forget has the given id (it was answered, expired or dropped)."""


def _not_found(request_id: str) -> DeletionRequestNotFound:
    return DeletionRequestNotFound(
        f"No request to forget has the id {quoted(request_id, ID_CELLS)}; it may have been answered."
    )


@dataclass(frozen=True)
class DeletionRequest:
    """One request to forget, as the Inbox shows it.

    - ``utterance``: the whole sentence, as said; ``what``: the words after "forget"
      ("forget that I prefer email" → ``"I prefer email"``).
    - ``source_ref``: ``"<file>#<conversation>/<message>"``; ``said_at``: when it was said
      (aware UTC, ``None`` when the export had no time).
    - ``created_at``: when ingest found it; ``pending_until``: when it lapses unanswered
      (§4: 30 days later).
    - ``status``: ``pending``, or ``confirmed`` when a confirmation was interrupted before
      the deletion finished (confirming again finishes it).
    - ``targets``: the memories a confirmation deletes, oldest first (never empty).
    """

    id: str
    utterance: str
    what: str
    source_ref: str
    said_at: datetime | None
    created_at: datetime
    pending_until: datetime
    status: str
    targets: tuple[Memory, ...]


def _targets_of(conn: Connection, request_ids: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """The ids of the memories each request (by id) would delete; requests without one are absent."""
    links: dict[str, list[str]] = {}
    for start in range(0, len(request_ids), 500):
        chunk = list(request_ids[start : start + 500])
        for request_id, memory_id in conn.execute(
            "SELECT request_id, memory_id FROM deletion_request_targets"
            f" WHERE request_id IN ({', '.join('?' * len(chunk))})",
            chunk,
        ):
            links.setdefault(request_id, []).append(memory_id)
    return {request_id: tuple(ids) for request_id, ids in links.items()}


class DeletionRequests:
    """The requests to forget held by ``store`` (module docstring). Thread-safe like the
    store; each write is one transaction. Raises only the typed errors of :mod:`store.errors`."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    # --- reading ------------------------------------------------------------------------

    def _build(self, rows: list[tuple]) -> list[DeletionRequest]:
        with self.store.db.read() as conn:
            links = _targets_of(conn, [row[0] for row in rows])
        memories = {m.id: m for m in self.store.get_many([i for ids in links.values() for i in ids])}
        requests = []
        for request_id, utterance, what, source_ref, said_at, created_at, pending_until, status in rows:
            targets = tuple(
                sorted(
                    (memories[i] for i in links.get(request_id, ()) if i in memories),
                    key=lambda m: (m.created_at, m.key, m.id),
                )
            )
            if targets:
                requests.append(
                    DeletionRequest(
                        request_id,
                        utterance,
                        what,
                        source_ref,
                        from_epoch(said_at),
                        from_epoch(created_at),
                        from_epoch(pending_until),
                        status,
                        targets,
                    )
                )
        return requests

    def pending(self) -> list[DeletionRequest]:
        """Every open request (pending, or confirmed but not finished), oldest first."""
        with self.store.db.read() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM deletion_requests ORDER BY created_at, source_ref, id"
            ).fetchall()
        return self._build(rows)

    def get(self, request_id: str) -> DeletionRequest:
        """The open request with ``request_id``; raises DeletionRequestNotFound."""
        if not is_text(request_id):
            raise _not_found(request_id)
        with self.store.db.read() as conn:
            rows = conn.execute(f"SELECT {_COLUMNS} FROM deletion_requests WHERE id = ?", (request_id,)).fetchall()
        found = self._build(rows)
        if not found:
            raise _not_found(request_id)
        return found[0]

    def resolve_id(self, prefix: str) -> str | None:
        """The full id of the one open request whose id starts with ``prefix`` (≥ 4 chars), or
        ``None`` when none does. Raises InvalidInput when several do."""
        if len(prefix) < 4 or not is_text(prefix):
            return None
        with self.store.db.read() as conn:
            rows = conn.execute(
                "SELECT id FROM deletion_requests WHERE substr(id, 1, ?) = ? LIMIT 2", (len(prefix), prefix)
            ).fetchall()
        if len(rows) > 1:
            raise InvalidInput(
                f"Several requests to forget have ids starting with {quoted(prefix, ID_CELLS)}; give more of the id."
            )
        return rows[0][0] if rows else None

    def count(self) -> int:
        """How many requests are open (each holds at least one memory, by the v4 trigger)."""
        with self.store.db.read() as conn:
            return conn.execute("SELECT count(*) FROM deletion_requests").fetchone()[0]

    # --- writing ------------------------------------------------------------------------

    def add(
        self,
        *,
        what: str,
        utterance: str,
        source_ref: str,
        said_at: int | None,
        memory_ids: Sequence[str],
        actor: str,
        reason: str = "You asked, in a conversation, to forget this; it waits for your confirmation.",
    ) -> DeletionRequest | None:
        """Store a request to forget the memories ``memory_ids`` (§6), pending for 30 days (§4).

        ``said_at`` is epoch seconds UTC or ``None``. Returns the stored request, or ``None``
        when nothing was stored: no id given (see :meth:`record_unmatched`), none of the ids
        still held, the same message already gave this request (re-ingest), or an open
        request already asks to forget the same words and the same memories (the user said
        it again in another export). Audits ``forget-request``/``pending`` per memory, with
        ``reason``. Words that hold a secret (:func:`store.secrets.find_secret`) are stored as
        ``(words withheld: they held a password)``. An agent's request (§10, ``source_ref``
        ``agent:NAME#call``, :func:`from_agent`) goes through the same life.
        """
        if not memory_ids:
            return None
        from memtrust.store.secrets import find_secret  # compiled on a write's first use

        # A request's words are kept for the user to judge; words that hold a secret are not
        # (§3.5, §3.9): the request keeps its kind alone and still names the memories.
        if secret := find_secret(utterance) or find_secret(what):
            utterance = what = f"(words withheld: they held {secret})"
        now = to_epoch(self.store.clock())
        request_id = uuid.uuid4().hex
        with self.store.db.write() as conn:
            marks = ", ".join("?" * len(memory_ids))
            held = conn.execute(
                f"SELECT id, scope, key, formation FROM memories WHERE id IN ({marks})", list(memory_ids)
            ).fetchall()
            if not held:
                return None
            if conn.execute(
                "SELECT 1 FROM deletion_requests WHERE source_ref = ? AND what = ?", (source_ref, what)
            ).fetchone():
                return None
            others = [
                row[0] for row in conn.execute("SELECT id FROM deletion_requests WHERE lower(what) = lower(?)", (what,))
            ]
            wanted = sorted(row[0] for row in held)
            if any(sorted(linked) == wanted for linked in _targets_of(conn, others).values()):
                return None
            conn.execute(
                "INSERT INTO deletion_requests (id, utterance, what, source_ref, said_at, created_at, pending_until)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (request_id, utterance, what, source_ref, said_at, now, now + int(PENDING_TTL.total_seconds())),
            )
            conn.executemany(
                "INSERT INTO deletion_request_targets (request_id, memory_id) VALUES (?, ?)",
                [(request_id, row[0]) for row in held],
            )
            for memory_id, scope, key, formation in held:
                audit.record(
                    conn,
                    at=now,
                    event=FORGET_REQUEST_EVENT,
                    actor=actor,
                    memory_id=memory_id,
                    scope=scope,
                    key=key,
                    formation=formation,
                    outcome="pending",
                    reason=reason,
                    detail={"request_id": request_id, "source_ref": source_ref},
                )
        return self.get(request_id)

    def record_unmatched(self, *, source_ref: str, actor: str) -> None:
        """Audit a request to forget that matched no memory (``forget-request``/``no-match``):
        where it was said, never what (module docstring: it is not stored)."""
        with self.store.db.write() as conn:
            audit.record(
                conn,
                at=to_epoch(self.store.clock()),
                event=FORGET_REQUEST_EVENT,
                actor=actor,
                outcome="no-match",
                reason="You asked, in a conversation, to forget something memtrust does not hold; nothing was deleted.",
                detail={"source_ref": source_ref},
            )

    def confirm(self, request_id: str, *, actor: str) -> list[Memory]:
        """The user said yes: delete every memory the request names; return them.

        First (one transaction) the request is marked ``confirmed`` and audited per memory;
        then each memory goes through :meth:`MemoryStore.forget` with a reason saying the
        user confirmed their request (its own transaction, audit and checkpoint); last the
        request row goes, with its sentence, and the file is checkpointed. Interrupted
        midway, the request stays open as ``confirmed`` and confirming again finishes it.
        A memory deleted meanwhile is skipped. Raises DeletionRequestNotFound.
        """
        request = self.get(request_id)
        now = to_epoch(self.store.clock())
        with self.store.db.write() as conn:
            if (
                conn.execute("UPDATE deletion_requests SET status = 'confirmed' WHERE id = ?", (request_id,)).rowcount
                == 0
            ):
                raise _not_found(request_id)
            for memory in request.targets:
                audit.record(
                    conn,
                    at=now,
                    event=FORGET_REQUEST_EVENT,
                    actor=actor,
                    memory_id=memory.id,
                    scope=memory.scope,
                    key=memory.key,
                    formation=memory.formation,
                    outcome="confirmed",
                    reason=_answer_words(request, "You confirmed your request to forget this."),
                    detail={"request_id": request_id, "source_ref": request.source_ref},
                )
        deleted = []
        for memory in request.targets:
            try:
                deleted.append(
                    self.store.forget(
                        memory.id,
                        actor=actor,
                        reason=_answer_words(
                            request,
                            f"You confirmed your request, made in a conversation ({request.source_ref}), to forget it.",
                        ),
                    )
                )
            except MemoryNotFound:
                continue
        with self.store.db.write() as conn:  # the last forget's trigger usually removed it already
            conn.execute("DELETE FROM deletion_requests WHERE id = ?", (request_id,))
            conn.execute("DELETE FROM deletion_request_targets WHERE request_id = ?", (request_id,))
        self.store.db.checkpoint()  # the sentence leaves the file, not only the WAL (§9)
        return deleted

    def dismiss(self, request_id: str, *, actor: str) -> DeletionRequest:
        """The user said no: keep the memories, delete the request (and its sentence); audit
        ``forget-request``/``dismissed`` per memory. Raises DeletionRequestNotFound."""
        request = self.get(request_id)
        now = to_epoch(self.store.clock())
        with self.store.db.write() as conn:
            if conn.execute("DELETE FROM deletion_requests WHERE id = ?", (request_id,)).rowcount == 0:
                raise _not_found(request_id)
            conn.execute("DELETE FROM deletion_request_targets WHERE request_id = ?", (request_id,))
            for memory in request.targets:
                audit.record(
                    conn,
                    at=now,
                    event=FORGET_REQUEST_EVENT,
                    actor=actor,
                    memory_id=memory.id,
                    scope=memory.scope,
                    key=memory.key,
                    formation=memory.formation,
                    outcome="dismissed",
                    reason=_answer_words(request, "You dismissed your request to forget this; it is kept."),
                    detail={"request_id": request_id, "source_ref": request.source_ref},
                )
        self.store.db.checkpoint()  # the sentence leaves the file, not only the WAL (§9)
        return request


def _answer_words(request: DeletionRequest, own_words: str) -> str:
    """The audit reason of the user's answer to ``request``: ``own_words`` for a request the
    user made in a conversation; for an agent's, that it was the agent's request."""
    agent = from_agent(request)
    if agent is None:
        return own_words
    if "dismissed" in own_words:
        return f"You dismissed {agent}'s request to forget this; it is kept."
    return f"You confirmed {agent}'s request to forget this."


#: The ``source_ref`` of a request to forget made by an agent over MCP starts with this (§10).
AGENT_REQUEST_PREFIX = "agent:"


def from_agent(request: DeletionRequest) -> str | None:
    """The agent (consumer name) that asked, over MCP, to forget the memories of ``request``
    (§10: a client's yes never deletes what the user saved), or ``None`` for a request the user
    made in a conversation (§6)."""
    if not request.source_ref.startswith(AGENT_REQUEST_PREFIX):
        return None
    return request.source_ref.removeprefix(AGENT_REQUEST_PREFIX).split("#", 1)[0] or None


def inbox_count(store: MemoryStore) -> int:
    """Everything waiting in the Inbox: pending explicit memories (§3.6), memories only an MCP
    client confirmed (§10), and open requests to forget (§6, §10). Index counts, cheap at any size."""
    return (
        store.count(formation="explicit", statuses=("pending",))
        + store.count_confirmed_in_client()
        + DeletionRequests(store).count()
    )
