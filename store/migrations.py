"""Schema migrations: an ordered list of small named functions keyed by ``PRAGMA user_version``.

Each migration runs once, in its own ``BEGIN IMMEDIATE`` transaction, and bumps
``user_version`` inside that transaction, so a crash leaves the schema at a whole version.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlcipher3 import Connection

from memtrust.store import audit
from memtrust.store.model import CLIENT_NAME_MAX, KEY_PATTERN, legacy_confirmed_in
from memtrust.store.notes import rekey_notes

#: The sensitive namespaces the first schema's CHECK names. A migration is history: later
#: namespaces (store.model.SENSITIVE_PREFIXES) are held by admission, so every store, old or
#: new, has the same schema.
_V1_SENSITIVE_PREFIXES = (
    "health.", "finance.", "family.", "politics.", "religion.", "ethnicity.", "sexuality.", "biometrics.", "genetics.",
    "union.",
)  # fmt: skip
_SENSITIVE_GLOBS = " OR ".join(f"key GLOB '{prefix}*'" for prefix in _V1_SENSITIVE_PREFIXES)


def _run_script(conn: Connection, script: str) -> None:
    """Execute ``;``-terminated statements one by one, inside the caller's transaction.

    (``executescript`` would COMMIT the open transaction first, breaking atomicity.)
    """
    for statement in script.split(";\n"):
        if statement.strip():
            conn.execute(statement)


def _v1_initial(conn: Connection) -> None:
    """The §2 model, the audit log (§7), consent history (§3.2), settings and ingest refs."""
    _run_script(
        conn,
        f"""
        CREATE TABLE meta (
            name  TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) STRICT;

        CREATE TABLE memories (
            id             TEXT PRIMARY KEY,
            scope          TEXT NOT NULL DEFAULT 'shared'
                           CHECK (length(scope) BETWEEN 1 AND 64 AND scope NOT GLOB '*[^a-z0-9_]*'),
            key            TEXT NOT NULL CHECK (length(key) <= 128),
            value          TEXT NOT NULL CHECK (length(value) BETWEEN 1 AND 4000),
            formation      TEXT NOT NULL CHECK (formation IN ('explicit', 'implicit')),
            source         TEXT NOT NULL,
            source_ref     TEXT,
            confidence     REAL NOT NULL CHECK (confidence BETWEEN 0.0 AND 1.0),
            status         TEXT NOT NULL CHECK (status IN ('pending', 'active', 'quarantined')),
            evidence       TEXT CHECK (evidence IS NULL OR json_valid(evidence)),
            created_at     INTEGER NOT NULL,
            updated_at     INTEGER NOT NULL,
            last_signal_at INTEGER,
            expires_at     INTEGER,
            confirmed_at   INTEGER,
            reviewed_at    INTEGER,
            pending_until  INTEGER,
            CHECK (formation = 'explicit' OR source GLOB 'inference:*'),
            CHECK (formation = 'implicit' OR confidence = 1.0),
            CHECK (formation = 'explicit' OR status = 'active'),
            CHECK (formation = 'explicit' OR NOT ({_SENSITIVE_GLOBS}))
        ) STRICT;
        CREATE INDEX memories_scope_key ON memories (scope, key);
        CREATE INDEX memories_expires_at ON memories (expires_at) WHERE expires_at IS NOT NULL;
        CREATE INDEX memories_pending_until ON memories (pending_until) WHERE pending_until IS NOT NULL;

        CREATE TABLE audit (
            seq        INTEGER PRIMARY KEY AUTOINCREMENT,
            at         INTEGER NOT NULL,
            event      TEXT NOT NULL,
            actor      TEXT NOT NULL,
            memory_id  TEXT,
            scope      TEXT,
            key        TEXT,
            formation  TEXT CHECK (formation IS NULL OR formation IN ('explicit', 'implicit')),
            outcome    TEXT,
            reason     TEXT,
            detail     TEXT CHECK (detail IS NULL OR json_valid(detail))
        ) STRICT;

        CREATE TABLE consent (
            seq        INTEGER PRIMARY KEY AUTOINCREMENT,
            at         INTEGER NOT NULL,
            learning   INTEGER NOT NULL CHECK (learning IN (0, 1)),
            actor      TEXT NOT NULL,
            statement  TEXT
        ) STRICT;

        CREATE TABLE settings (
            name  TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) STRICT;

        CREATE TABLE ingested_messages (
            source_ref TEXT PRIMARY KEY,
            at         INTEGER NOT NULL
        ) STRICT;
        """,
    )


def _v2_pane_index(conn: Connection) -> None:
    """The main screen's panes (§8) page through memories by formation and status in
    creation order (keyset paging); this index serves those pages and their counts without
    reading the table, so the TUI stays fast with 100,000 memories."""
    conn.execute("CREATE INDEX memories_pane ON memories (formation, status, created_at, key, id)")


def _v3_audit_memory_index(conn: Connection) -> None:
    """Deleting a ``notes.<slug>`` memory redacts the slug in all of its audit events (§2:
    the audit never holds a deleted value); this index finds them without reading the log."""
    conn.execute("CREATE INDEX audit_memory_id ON audit (memory_id) WHERE memory_id IS NOT NULL")


def _v4_deletion_requests(conn: Connection) -> None:
    """A "forget …" sentence in an imported conversation is a proposal to delete the matching
    memory (§6), kept until the user confirms or dismisses it, or it expires (§4: 30 days).

    ``deletion_requests`` holds what was said (``utterance``: the sentence; ``what``: the
    words after "forget"), where (``source_ref``), when (``said_at``, epoch seconds UTC or
    NULL), and ``status`` ``pending`` — or ``confirmed`` for the instant between the user's
    yes and the deletion of its memories. ``deletion_request_targets`` names the memories it
    matched. A request never outlives its memories: when a target memory is deleted by any
    path (forget, reject, supersession, expiry, an edit — which replaces the row — or an
    import that replaces it), its link goes with it (trigger, so it holds even on a
    connection without ``foreign_keys``), and a request left with no target is deleted with
    its sentence, audited as ``forget-request``/``dropped`` when it was still pending (the
    trigger cannot see the store's clock: that event's time is the wall clock)."""
    _run_script(
        conn,
        """
        CREATE TABLE deletion_requests (
            id            TEXT PRIMARY KEY,
            utterance     TEXT NOT NULL CHECK (length(utterance) BETWEEN 1 AND 4000),
            what          TEXT NOT NULL CHECK (length(what) BETWEEN 1 AND 4000),
            source_ref    TEXT NOT NULL,
            said_at       INTEGER,
            created_at    INTEGER NOT NULL,
            pending_until INTEGER NOT NULL,
            status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed')),
            UNIQUE (source_ref, what)
        ) STRICT;
        CREATE INDEX deletion_requests_pending_until ON deletion_requests (pending_until);

        CREATE TABLE deletion_request_targets (
            request_id TEXT NOT NULL REFERENCES deletion_requests (id) ON DELETE CASCADE,
            memory_id  TEXT NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
            PRIMARY KEY (request_id, memory_id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX deletion_request_targets_memory ON deletion_request_targets (memory_id);
        """,
    )
    # Trigger bodies hold ";\n", so each is one statement of its own.
    conn.execute(
        """
        CREATE TRIGGER deletion_request_target_memory_gone AFTER DELETE ON memories
        BEGIN
            DELETE FROM deletion_request_targets WHERE memory_id = OLD.id;
        END
        """
    )
    conn.execute(
        """
        CREATE TRIGGER deletion_request_without_target AFTER DELETE ON deletion_request_targets
        WHEN NOT EXISTS (SELECT 1 FROM deletion_request_targets WHERE request_id = OLD.request_id)
        BEGIN
            INSERT INTO audit (at, event, actor, memory_id, outcome, reason, detail)
                SELECT CAST(strftime('%s', 'now') AS INTEGER), 'forget-request', 'system', OLD.memory_id, 'dropped',
                       'The memory this request to forget named was deleted or changed another way; '
                       || 'the request was dropped.',
                       json_object('request_id', id, 'source_ref', source_ref)
                FROM deletion_requests WHERE id = OLD.request_id AND status = 'pending';
            DELETE FROM deletion_requests WHERE id = OLD.request_id;
        END
        """
    )


#: The consumer an influence event names (§7): ``detail.consumer`` when it is text, else the
#: actor. store/overview.py reads the same rule from an export.
INFLUENCE_CONSUMER_SQL = (
    "CASE WHEN json_type({row}.detail, '$.consumer') = 'text'"
    " THEN json_extract({row}.detail, '$.consumer') ELSE {row}.actor END"
)


def _v5_overview(conn: Any) -> None:
    """The Overview screen (§8) reads its figures in a few milliseconds at 100,000 memories:

    - ``memories_formation_status``: the held counts per formation and status, from an
      index a fifth the size of ``memories_pane`` (5 ms instead of 46 at 100,000 rows);
    - ``memories_expiry`` replaces ``memories_expires_at``: the same partial index on
      ``expires_at`` (the prune's), carrying formation, status and ``pending_until``, so the
      expiries of the next 90 days are counted without reading the rows (16 ms, not 120);
    - ``influence_given``: per consumer, formation and memory, when it was last given (§7
      influence events). "How many distinct memories was each consumer given in the last 30
      days" then reads one entry per such memory instead of every influence event of the
      audit. A trigger keeps it in step with every influence event written (by any path:
      context reads, a restore), and it is filled here from the existing audit. It holds
      only ids and times already in the audit (the export leaves it out, store/export.py).
    """
    conn.execute("CREATE INDEX memories_formation_status ON memories (formation, status)")
    conn.execute("DROP INDEX memories_expires_at")
    conn.execute(
        "CREATE INDEX memories_expiry ON memories (expires_at, formation, status, pending_until)"
        " WHERE expires_at IS NOT NULL"
    )
    conn.execute(
        """
        CREATE TABLE influence_given (
            consumer   TEXT NOT NULL,
            formation  TEXT NOT NULL CHECK (formation IN ('explicit', 'implicit')),
            memory_id  TEXT NOT NULL,
            last_at    INTEGER NOT NULL,
            PRIMARY KEY (consumer, formation, memory_id)
        ) STRICT, WITHOUT ROWID
        """
    )
    conn.execute("CREATE INDEX influence_given_last_at ON influence_given (last_at, consumer, formation)")
    conn.execute(
        f"""
        CREATE TRIGGER influence_given_on_audit AFTER INSERT ON audit
        WHEN NEW.event = 'influence' AND NEW.formation IN ('explicit', 'implicit') AND NEW.memory_id IS NOT NULL
        BEGIN
            INSERT INTO influence_given (consumer, formation, memory_id, last_at)
                VALUES ({INFLUENCE_CONSUMER_SQL.format(row="NEW")}, NEW.formation, NEW.memory_id, NEW.at)
                ON CONFLICT (consumer, formation, memory_id) DO UPDATE SET last_at = max(last_at, excluded.last_at);
        END
        """
    )
    conn.execute(
        "INSERT INTO influence_given (consumer, formation, memory_id, last_at)"
        f" SELECT {INFLUENCE_CONSUMER_SQL.format(row='audit')}, formation, memory_id, max(at) FROM audit"
        " WHERE event = 'influence' AND formation IN ('explicit', 'implicit') AND memory_id IS NOT NULL"
        " GROUP BY 1, 2, 3"
    )


#: Appended to every indexed column (two U+001F unit separators): with it, every one- or
#: two-character run of a text starts a trigram of the index, so a short search can be
#: answered from the index's term list (store.search) — the run at a text's very end included.
FTS_END = "\x1f\x1f"


def _fts_row(prefix: str) -> str:
    """The indexed columns of a ``memories`` row in a trigger (``new`` or ``old``)."""
    return ", ".join(f"{prefix}.{column} || char(31, 31)" for column in ("key", "value", "scope", "source"))


def _v6_full_text(conn: Connection) -> None:
    """Full-text search in the encrypted store (§7 recall for a task, §8 search as you type).

    ``memories_fts`` is an FTS5 table over each memory's key, value, scope and source, with
    the ``trigram`` tokenizer (case and diacritics folded): a query of three or more
    characters is a substring match, a query of words is a set of such matches ranked by
    BM25; shorter queries go through ``memories_fts_terms`` (the index's vocabulary). Its rowid
    is the memory's rowid, and triggers keep it in step with every write, by any path.

    FTS5 keeps a deleted row's terms in its segments until they are merged; its
    ``secure-delete`` option removes them at once, and SQLite's ``secure_delete`` (§5) zeroes
    the freed pages, so a deleted value leaves the index as bytes too (§2). The table keeps its
    own copy of the indexed text: deleting from the index then never depends on a trigger
    passing the old text back correctly.
    """
    conn.execute(
        "CREATE VIRTUAL TABLE memories_fts USING fts5("
        "key, value, scope, source, tokenize = 'trigram remove_diacritics 1')"
    )
    conn.execute("INSERT INTO memories_fts (memories_fts, rank) VALUES ('secure-delete', 1)")
    conn.execute("CREATE VIRTUAL TABLE memories_fts_terms USING fts5vocab(memories_fts, 'row')")
    conn.execute(
        f"""
        CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
            INSERT INTO memories_fts (rowid, key, value, scope, source) VALUES (new.rowid, {_fts_row("new")});
        END
        """
    )
    conn.execute(
        """
        CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
            DELETE FROM memories_fts WHERE rowid = old.rowid;
        END
        """
    )
    conn.execute(
        f"""
        CREATE TRIGGER memories_fts_update AFTER UPDATE OF key, value, scope, source ON memories BEGIN
            DELETE FROM memories_fts WHERE rowid = old.rowid;
            INSERT INTO memories_fts (rowid, key, value, scope, source) VALUES (new.rowid, {_fts_row("new")});
        END
        """
    )
    conn.execute(
        f"INSERT INTO memories_fts (rowid, key, value, scope, source) SELECT rowid, {_fts_row('memories')} FROM memories"
    )


def _v7_recent_index(conn: Connection) -> None:
    """Recall without a query (§7) gives the most recently changed active rows first; this
    index serves that order without sorting the table."""
    conn.execute("CREATE INDEX memories_recent ON memories (status, updated_at)")


def _v8_message_identity(conn: Connection) -> None:
    """A message's identity is (source, conversation id, message id), never the file name
    (§6): refs read before were ``<file>#<conversation>/<message>``; they become
    ``legacy:<conversation>/<message>``, which ingest still honours (a "no" sticks, §3.7).
    Each store gets its own key for the content ids of messages that come without an id
    (a keyed hash, so an id never lets anyone test guesses of the words). A partial index
    finds when an inference was last deleted (§3.7: not inferred again from older evidence)
    without reading the whole audit log."""
    conn.execute(
        "INSERT OR IGNORE INTO ingested_messages (source_ref, at)"
        " SELECT 'legacy:' || substr(source_ref, instr(source_ref, '#') + 1), at FROM ingested_messages"
        " WHERE instr(source_ref, '#') > 0"
    )
    conn.execute("DELETE FROM ingested_messages WHERE instr(source_ref, '#') > 0")
    conn.execute("INSERT OR IGNORE INTO meta (name, value) VALUES ('content_id_key', lower(hex(randomblob(32))))")
    conn.execute(
        "CREATE INDEX audit_inference_deletions ON audit (scope, key, at)"
        " WHERE formation = 'implicit' AND event IN ('delete', 'clear-inferred')"
    )


#: The reason audited for each inference :func:`_v9_inference_vocabulary` deletes.
OUTSIDE_VOCABULARY_REASON = (
    "Removed when memtrust was upgraded: memtrust now infers only from a fixed list of harmless "
    "kinds and values, and this inference was not one of them."
)


def _v9_inference_vocabulary(conn: Connection) -> None:
    """An inference is only ever a value of the closed vocabulary (§3.1,
    :mod:`store.inference_vocabulary`). A store made before it may hold inferences outside it —
    an agent's guess under any key, a topic off the list, a language written in another case.
    Each is deleted, and audited as a ``delete`` by ``system`` with
    :data:`OUTSIDE_VOCABULARY_REASON` (its key and formation, never its value): a guess nobody
    asked for, which would expire anyway (§4), is not kept where the vocabulary would refuse
    it. A migration cannot see the store's clock: the event's time is the wall clock."""
    from memtrust.store.inference_vocabulary import is_inferable  # loaded only when migrating

    now = int(time.time())
    outside = [
        (memory_id, scope, key)
        for memory_id, scope, key, value in conn.execute(
            "SELECT id, scope, key, value FROM memories WHERE formation = 'implicit'"
        )
        if not is_inferable(key, value)
    ]
    for memory_id, scope, key in outside:
        conn.execute("DELETE FROM memories WHERE id = ?", (memory_id,))
        audit.record(
            conn,
            at=now,
            event="delete",
            actor="system",
            memory_id=memory_id,
            scope=scope,
            key=key,
            formation="implicit",
            reason=OUTSIDE_VOCABULARY_REASON,
        )


def _v10_note_keys(conn: Connection) -> None:
    """A note's key never spells its value (§2). Stores made before held ``notes.<slug>``
    keys built from the first words of the note ("notes.pin_4821"): :func:`store.notes.rekey_notes`."""
    rekey_notes(conn)


def _v11_secret_keys(conn: Connection) -> None:
    """No audit event names a key that holds or names a secret (§3.9). Stores made before
    the key was screened (§3.5) kept the key of a refused write as given (``account.ghp_…``)
    in its audit event; each such key of an event whose memory is not stored becomes
    ``(key withheld: <kind>)`` (:func:`store.secrets.withheld_key`). Keys are judged once
    each, not once per event."""
    from memtrust.store.secrets import withheld_key

    stored = {key for (key,) in conn.execute("SELECT DISTINCT key FROM memories")}
    keys = [key for (key,) in conn.execute("SELECT DISTINCT key FROM audit WHERE key IS NOT NULL")]
    for key in keys:
        if key not in stored and KEY_PATTERN.match(key) and (withheld := withheld_key(key)) != key:
            conn.execute("UPDATE audit SET key = ? WHERE key = ?", (withheld, key))


def _v12_confirmed_in_client(conn: Connection) -> None:
    """Elicitation is the client's word, not the user's (§10): ``memories.confirmed_in`` names
    the MCP client whose yes is the only confirmation an explicit row has had, until the user
    confirms it in memtrust. Rows an agent wrote after its client accepted the question (the
    ``confirmed-by-elicitation`` mark of their ``source_ref``) were never confirmed by the user
    — memtrust could not confirm an active row — so they get the agent's name
    (:func:`store.model.legacy_confirmed_in`), are badged so, and stop being given to
    ``privileged`` purposes. The change is audited per row (``client-confirmed``, by ``system``,
    key and formation, never the value); a migration cannot see the store's clock, so the
    event's time is the wall clock."""
    conn.execute(
        "ALTER TABLE memories ADD COLUMN confirmed_in TEXT"
        f" CHECK (confirmed_in IS NULL OR (length(confirmed_in) BETWEEN 1 AND {CLIENT_NAME_MAX}"
        " AND formation = 'explicit'))"
    )
    # The Inbox lists and counts these at any store size without reading the table.
    conn.execute("CREATE INDEX memories_confirmed_in ON memories (created_at, id) WHERE confirmed_in IS NOT NULL")
    now = int(time.time())
    marked = [
        (memory_id, scope, key, name)
        for memory_id, scope, key, source, source_ref, status in conn.execute(
            "SELECT id, scope, key, source, source_ref, status FROM memories"
            " WHERE formation = 'explicit' AND source = 'agent'"
        )
        if (name := legacy_confirmed_in(source, source_ref, status)) is not None
    ]
    for memory_id, scope, key, name in marked:
        conn.execute("UPDATE memories SET confirmed_in = ? WHERE id = ?", (name, memory_id))
        audit.record(
            conn,
            at=now,
            event=audit.CLIENT_CONFIRMED_EVENT,
            actor="system",
            memory_id=memory_id,
            scope=scope,
            key=key,
            formation="explicit",
            outcome="client-only",
            reason=MIGRATED_CLIENT_REASON,
        )


#: The reason audited for each row :func:`_v12_confirmed_in_client` marks.
MIGRATED_CLIENT_REASON = (
    "Marked when memtrust was upgraded: an agent's client said yes to this, not you in memtrust, so it is "
    "not given for privileged purposes until you confirm it."
)


MIGRATIONS: list[tuple[str, Callable]] = [
    ("initial", _v1_initial),
    ("pane_index", _v2_pane_index),
    ("audit_memory_index", _v3_audit_memory_index),
    ("deletion_requests", _v4_deletion_requests),
    ("overview", _v5_overview),
    ("full_text", _v6_full_text),
    ("recent_index", _v7_recent_index),
    ("message_identity", _v8_message_identity),
    ("inference_vocabulary", _v9_inference_vocabulary),
    ("note_keys", _v10_note_keys),
    ("secret_keys", _v11_secret_keys),
    ("confirmed_in_client", _v12_confirmed_in_client),
]
"""The ordered migrations; the position (1-based) is the ``user_version`` it brings."""

SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: Connection) -> list[str]:
    """Apply every migration newer than the database's ``user_version``; return their names.

    ``conn`` is a keyed ``sqlcipher3`` connection in autocommit mode. Each migration runs in
    its own ``BEGIN IMMEDIATE`` transaction, then is checkpointed; on failure it rolls back and
    re-raises.
    """
    applied: list[str] = []
    current = conn.execute("PRAGMA user_version").fetchone()[0]
    for version, (name, step) in enumerate(MIGRATIONS, start=1):
        if version <= current:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            step(conn)
            conn.execute(f"PRAGMA user_version = {version}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        # Each migration's pages go into the database file before the next begins, so the WAL
        # is reused from its start: a new store needs the largest migration's worth of log
        # beside it, not every migration's (a nearly full disk still takes a new store).
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        applied.append(name)
    return applied
