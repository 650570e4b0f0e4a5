"""Recall for a task, within a budget (DESIGN.md §7): which memories a consumer gets, in order.

Order: the user's standing instructions and preferences first (keys under
:data:`STANDING_PREFIXES`, the ones an assistant needs every time), explicit before inferred,
then by key; then the rows relevant to the query, ranked by BM25 over the full-text index with
a small recency weight (:func:`relevance_sql`), explicit before inferred at equal relevance;
without a query (or with only stop words), the most recently changed rows. Every read applies
the §7 gates in SQL (:func:`gate_sql`); :func:`store.consumers.may_read` checks each row again
before it is given.

Cost is bounded at any store size: only the query words found in at most
:data:`CANDIDATE_ROWS` memories together are ranked (the rarest first: a word in most
memories says little about any of them and would cost a score for each); when every word is
that common, the most recent rows holding the rarest word are taken, by index order alone.

Tokens are *estimated*, never counted with a model's tokenizer (:func:`estimate_tokens`): each
ASCII character is a third of a token and any other character two tokens, which over-counts
English (about four characters a token) and text in other scripts alike, so a block within the
estimate is within the budget for the tokenizers in common use.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlcipher3 import Connection

from memtrust.store import search

#: Key prefixes of standing instructions and preferences: given first, whatever the query.
STANDING_PREFIXES = ("style.", "contact.", "locale.", "profile.")
#: Budget when none is given (tokens, by :func:`estimate_tokens`).
DEFAULT_MAX_TOKENS = 2000
#: Smallest budget accepted: room for a few lines and the closing line.
MIN_MAX_TOKENS = 100
#: Largest budget used: a larger one is lowered to it (no store holds as much, and the
#: closing line's reserve is sized for numbers up to here).
MAX_MAX_TOKENS = 100_000_000
#: Most index matches scored for one query (see the module docstring).
CANDIDATE_ROWS = 5000
#: Without a query (or with only very common words), rows that apply are counted up to here,
#: then reported as "at least" (counting further would read rows only to count them).
COUNT_CAP = 1000
#: The recency weight: a row changed just now scores up to 20 % more than an old one of equal
#: BM25 relevance; the bonus halves every :data:`RECENCY_HALF_LIFE_SECONDS`.
RECENCY_WEIGHT = 0.2
RECENCY_HALF_LIFE_SECONDS = 180 * 86400
#: BM25 weights of the indexed columns: key, value, scope, source (scope and source are for
#: the app's search box, not for relevance).
BM25_WEIGHTS = (2.0, 1.0, 0.0, 0.0)

#: The columns a candidate is read with (enough to write its line and to order it).
CANDIDATE_COLUMNS = "m.id, m.scope, m.key, m.value, m.formation, m.confidence, m.confirmed_in"
#: How many columns :data:`CANDIDATE_COLUMNS` reads (a ranked read's score comes after them).
CANDIDATE_WIDTH = 7


def estimate_tokens(text: str) -> int:
    """The token estimate of ``text`` (module docstring): ⌈ASCII characters / 3⌉ + 2 per other
    character. Deterministic, cheap, and never below a real tokenizer's count for ordinary text."""
    ascii_count = len(text.encode("ascii", "ignore"))
    return math.ceil(ascii_count / 3) + 2 * (len(text) - ascii_count)


@dataclass(frozen=True)
class Candidate:
    """A row that may be given: its id, scope, key, value, formation, confidence, and the MCP
    client whose yes is its only confirmation (``confirmed_in``, §10; ``None`` for most)."""

    id: str
    scope: str
    key: str
    value: str
    formation: str
    confidence: float
    confirmed_in: str | None = None


@dataclass(frozen=True)
class Gates:
    """The §7 gates of one read: ``consumer`` (its scope and ``shared``), whether inferred rows
    may be given at all (learning on and not a privileged purpose), the inference floor (§3.8),
    the time (epoch seconds, UTC) before which a row must not have expired, and whether rows
    confirmed only in an MCP client may be given (``client_confirmed``: not for a privileged
    purpose, §10)."""

    consumer: str
    shared_scope: str
    inferences: bool
    floor: float
    now: int
    client_confirmed: bool = True


def gate_sql(gates: Gates) -> tuple[str, list]:
    """The SQL condition (on alias ``m``) and its parameters for :class:`Gates`: active, not
    expired, in ``shared`` or the consumer's scope, explicit — or an inference at or above the
    floor when inferences may be given — and, unless ``client_confirmed``, not confirmed only
    in an MCP client."""
    sql = "m.status = 'active' AND (m.expires_at IS NULL OR m.expires_at > ?) AND m.scope IN (?, ?)"
    params: list = [gates.now, gates.shared_scope, gates.consumer]
    if gates.inferences:
        sql += " AND (m.formation = 'explicit' OR m.confidence >= ?)"
        params.append(gates.floor)
    else:
        sql += " AND m.formation = 'explicit'"
    if not gates.client_confirmed:
        sql += " AND m.confirmed_in IS NULL"
    return sql, params


def _standing_sql() -> str:
    """True (on alias ``m``) for a row whose key is a standing instruction or preference."""
    return "(" + " OR ".join("(m.key >= ? AND m.key < ?)" for _ in STANDING_PREFIXES) + ")"


def _standing_params() -> list[str]:
    return [bound for prefix in STANDING_PREFIXES for bound in (prefix, prefix[:-1] + "/")]


def _candidates(rows: Sequence[tuple]) -> list[Candidate]:
    return [Candidate(*row[:CANDIDATE_WIDTH]) for row in rows]


def standing(conn: Connection, gates: Gates, limit: int) -> tuple[list[Candidate], int]:
    """Up to ``limit`` standing rows the gates let through, explicit first, then by key (the
    shared row before the consumer's own), and how many there are in all."""
    where, params = gate_sql(gates)
    rows: list[tuple] = []
    for prefix in STANDING_PREFIXES:  # one index range per prefix (memories_scope_key)
        rows += conn.execute(
            f"SELECT {CANDIDATE_COLUMNS} FROM memories AS m WHERE {where} AND m.key >= ? AND m.key < ?",
            [*params, prefix, prefix[:-1] + "/"],
        ).fetchall()
    rows.sort(key=lambda row: (row[4] != "explicit", row[2], row[1] != gates.shared_scope, row[0]))
    return _candidates(rows[:limit]), len(rows)


def relevance_sql(gates: Gates, match: str, limit: int, *, standing_too: bool = False) -> tuple[str, list]:
    """The ranked read of the rows matching ``match`` (standing ones only with
    ``standing_too``), best first; each row's score is the column after
    :data:`CANDIDATE_COLUMNS` (index :data:`CANDIDATE_WIDTH`).

    Score: BM25 relevance (key weighted twice the value) × (1 + :data:`RECENCY_WEIGHT` × h /
    (h + age)), h = :data:`RECENCY_HALF_LIFE_SECONDS`, age = seconds since the row changed.
    Scores equal to three decimals are ordered explicit first, then most recent."""
    where, params = gate_sql(gates)
    weights = ", ".join(str(weight) for weight in BM25_WEIGHTS)
    half = float(RECENCY_HALF_LIFE_SECONDS)
    sql = (
        f"SELECT {CANDIDATE_COLUMNS},"
        f" -bm25({search.FTS_TABLE}, {weights}) * (1.0 + {RECENCY_WEIGHT} * {half} / ({half} + max(0, ? - m.updated_at)))"
        " AS score"
        f" FROM {search.FTS_TABLE} CROSS JOIN memories AS m ON m.rowid = {search.FTS_TABLE}.rowid"
        f" WHERE {search.FTS_TABLE} MATCH ? AND {where}{'' if standing_too else ' AND NOT ' + _standing_sql()}"
        " ORDER BY round(score, 3) DESC, m.formation = 'implicit', m.updated_at DESC, m.id LIMIT ?"
    )
    return sql, [gates.now, match, *params, *([] if standing_too else _standing_params()), limit]


def relevant(conn: Connection, gates: Gates, query: str, limit: int) -> tuple[list[Candidate], int, bool] | None:
    """Up to ``limit`` non-standing rows relevant to ``query``, best first; how many rows are
    relevant in all, and whether that count is exact. ``None`` when the query has no word to
    search for (empty, short words or stop words only)."""
    words = search.query_words(query)
    if not words:
        return None
    counted = sorted(
        ((search.capped_count(conn, search.words_match([word]), CANDIDATE_ROWS + 1), word) for word in words),
    )
    kept, total = [], 0
    for count, word in counted:
        if count == 0:
            continue
        if total + count > CANDIDATE_ROWS:
            break
        kept.append(word)
        total += count
    if kept:
        match = search.words_match(kept)
        sql, params = relevance_sql(gates, match, limit)
        rows = conn.execute(sql, params).fetchall()
        where, gate_params = gate_sql(gates)
        total = conn.execute(  # at most CANDIDATE_ROWS matches: exact and cheap
            f"SELECT count(*) FROM {search.FTS_TABLE} CROSS JOIN memories AS m ON m.rowid = {search.FTS_TABLE}.rowid"
            f" WHERE {search.FTS_TABLE} MATCH ? AND {where} AND NOT {_standing_sql()}",
            [match, *gate_params, *_standing_params()],
        ).fetchone()[0]
        return _candidates(rows), total, True
    common = [word for count, word in counted if count > 0]
    if not common:
        return [], 0, True
    # Every word is in most memories: the most recent rows holding the rarest one.
    where, params = gate_sql(gates)
    body = (
        f" FROM {search.FTS_TABLE} CROSS JOIN memories AS m ON m.rowid = {search.FTS_TABLE}.rowid"
        f" WHERE {search.FTS_TABLE} MATCH ? AND {where} AND NOT {_standing_sql()}"
    )
    params = [search.words_match(common[:1]), *params, *_standing_params()]
    rows = conn.execute(
        f"SELECT {CANDIDATE_COLUMNS}{body} ORDER BY {search.FTS_TABLE}.rowid DESC LIMIT ?", [*params, limit]
    ).fetchall()
    return (_candidates(rows), *_capped(conn, body, params))


def _capped(conn: Connection, body: str, params: list) -> tuple[int, bool]:
    """How many rows ``SELECT … body`` finds, counted up to :data:`COUNT_CAP`, and whether exact."""
    count = conn.execute(f"SELECT count(*) FROM (SELECT 1{body} LIMIT ?)", [*params, COUNT_CAP + 1]).fetchone()[0]
    return min(count, COUNT_CAP), count <= COUNT_CAP


def recent(conn: Connection, gates: Gates, limit: int) -> tuple[list[Candidate], int, bool]:
    """Up to ``limit`` non-standing rows, most recently changed first (explicit first at the
    same second), and how many there are (exact up to :data:`COUNT_CAP`); served by the
    ``memories_recent`` index."""
    where, params = gate_sql(gates)
    body = f" FROM memories AS m INDEXED BY memories_recent WHERE {where} AND NOT {_standing_sql()}"
    params = [*params, *_standing_params()]
    rows = conn.execute(
        f"SELECT {CANDIDATE_COLUMNS}{body} ORDER BY m.updated_at DESC, m.formation = 'implicit', m.id LIMIT ?",
        [*params, limit],
    ).fetchall()
    return (_candidates(rows), *_capped(conn, body, params))


def candidate_limit(max_tokens: int) -> int:
    """How many rows may fit in ``max_tokens``: a line costs at least 6 tokens."""
    return max_tokens // 6 + 1
