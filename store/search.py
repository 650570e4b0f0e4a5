"""Full-text search in the encrypted store (DESIGN.md §7 recall for a task, §8 search as you type).

The index is ``memories_fts`` (migration ``full_text``): FTS5 with the ``trigram`` tokenizer over
each memory's key, value, scope and source, case and diacritics folded, rowid = the memory's
rowid. Two kinds of query run on it:

- **Substring** (the app's search box): what the user typed is found inside a key, value,
  scope or source, as ``str.__contains__`` would after folding. Three characters or more are
  one trigram phrase. One or two characters cannot make a trigram, so they are answered from
  the index's vocabulary (``memories_fts_terms``): every indexed text ends with
  :data:`~store.migrations.FTS_END`, so each run of one or two characters starts some
  trigram, and the trigrams starting with the query are found by one range read of the term
  list; the query is then those terms, OR-ed (:func:`substring_match`).
- **Words** (an assistant's task, :mod:`store.recall`): the query's words of three or more
  characters, stop words left out, each a trigram phrase (so ``flight`` also finds
  ``flights``), OR-ed and ranked by BM25 (:func:`query_words`, :func:`words_match`).

Search results in the app come in index order (rowid: the order memories were written), so a
page is the first matches after a position and never needs every match ranked.
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlcipher3 import Connection

FTS_TABLE = "memories_fts"
#: Fewer characters than this cannot form a trigram phrase: the vocabulary path serves them.
TRIGRAM = 3
#: Most vocabulary terms in one ``MATCH`` expression of a one- or two-character search; a
#: longer list of terms is split into several expressions (the union of their matches).
SHORT_QUERY_TERMS = 500

_STOP_TEXT = """
    the and for are but not you all any can had her was one our out has him his how its may new now
    see two who did get let put say she too use that with have this will your from they what when
    make like than them then there these their been into more some such only also just about
    would could should which where while does doing done want need needs user users please tell
    give show find help know
    een het van voor met niet maar ook wat wie als dan nog bij naar zijn heb hebt heeft worden
    der die das und ist ein eine nicht mit von auf für sich dem den des wie was wir ihr sie
    les des une est pas pour que qui dans sur avec mais vous nous par son ses aux
    los las una por con para que del como más pero sus
"""

_WORD = re.compile(r"\w+")


#: A transaction deleting at least this many memories drops them from the index in bulk
#: (:func:`bulk_deletion`): FTS5's secure-delete rewrites index pages for every term of every
#: row (about 20 ms a row on this project's machine), one merge of the whole index costs less.
BULK_DELETE_ROWS = 200


@contextlib.contextmanager
def bulk_deletion(conn: Connection, rows: int) -> Iterator[None]:
    """Around the deletion of ``rows`` memories inside the caller's write transaction.

    Under :data:`BULK_DELETE_ROWS` it does nothing: each row leaves the index with FTS5's
    secure-delete. From there, secure-delete is off while the rows go, then FTS5's
    ``optimize`` merges the whole index into one segment — the deleted rows' entries are not
    carried into it, and the pages of the old segments are freed, which SQLite's
    ``secure_delete`` zeroes (§2: a deleted value leaves the file) — and secure-delete is on
    again. On an error the caller's rollback restores all of it."""
    if rows < BULK_DELETE_ROWS:
        yield
        return
    conn.execute(f"INSERT INTO {FTS_TABLE} ({FTS_TABLE}, rank) VALUES ('secure-delete', 0)")
    yield
    conn.execute(f"INSERT INTO {FTS_TABLE} ({FTS_TABLE}) VALUES ('optimize')")
    conn.execute(f"INSERT INTO {FTS_TABLE} ({FTS_TABLE}, rank) VALUES ('secure-delete', 1)")


def fold(text: str) -> str:
    """``text`` folded as the index folds it: lower case, combining marks removed."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


#: Words that carry no meaning for recall, in the languages ingest reads (§6: English, Dutch,
#: German, French, Spanish), folded. Words under three characters are dropped anyway.
STOP_WORDS = frozenset(fold(word) for word in _STOP_TEXT.split())


def phrase(text: str) -> str:
    """An FTS5 string (one phrase) matching ``text`` literally: quotes doubled, then quoted."""
    return '"' + text.replace('"', '""') + '"'


class TermCache:
    """The vocabulary terms starting with a short search's one or two characters, as read for
    one store connection, kept while the index is unchanged.

    Reading them costs as much as the index is big (``fts5vocab`` counts every term's rows as
    it lists it: 10-20 ms for a common letter at 100,000 memories), and a search box reads
    them for each pane and again to count the matches. The terms are kept until the
    connection writes (its ``total_changes``) or another connection commits (``PRAGMA
    data_version``). Callers hold the store's lock (:meth:`Database.read`)."""

    #: Most prefixes kept at once (each a list of terms).
    PREFIXES = 64

    def __init__(self) -> None:
        self._stamp: tuple[int, int] | None = None
        self._terms: dict[str, list[str]] = {}

    def terms(self, conn: Connection, start: str) -> list[str]:
        """The terms of ``conn``'s full-text index starting with ``start`` (folded)."""
        stamp = (conn.execute("PRAGMA data_version").fetchone()[0], conn.total_changes)
        if stamp != self._stamp or len(self._terms) >= self.PREFIXES:
            self._stamp, self._terms = stamp, {}
        if start not in self._terms:
            self._terms[start] = [
                term
                for (term,) in conn.execute(
                    "SELECT term FROM memories_fts_terms WHERE term >= ? AND term < ?", (start, start + "\U0010ffff")
                )
            ]
        return self._terms[start]


def substring_match(conn: Connection, text: str, cache: TermCache | None = None) -> list[str]:
    """The ``MATCH`` expressions whose matches, together, are the memories holding ``text``
    inside a key, value, scope or source: one expression, or for a short query one per
    :data:`SHORT_QUERY_TERMS` terms of the vocabulary; none when nothing can match (an empty
    query, or a short one no term starts with).

    ``conn`` is an open store connection (a short query reads the term list, through
    ``cache`` when given: the :class:`TermCache` of that connection)."""
    if not text:
        return []
    if len(text) >= TRIGRAM:
        return [phrase(text)]
    start = fold(text)
    if not start:
        return []
    terms = (cache or TermCache()).terms(conn, start)
    return [
        " OR ".join(phrase(term) for term in terms[first : first + SHORT_QUERY_TERMS])
        for first in range(0, len(terms), SHORT_QUERY_TERMS)
    ]


def query_words(query: str) -> list[str]:
    """The words of an assistant's query that recall searches for: folded, three characters or
    more, not a stop word, each once, in the order given."""
    words = []
    for word in _WORD.findall(fold(query)):
        if len(word) >= TRIGRAM and word not in STOP_WORDS and word not in words:
            words.append(word)
    return words


def words_match(words: Sequence[str]) -> str:
    """The ``MATCH`` expression for rows whose key or value holds any of ``words``."""
    return "{key value} : (" + " OR ".join(phrase(word) for word in words) + ")"


def capped_count(conn: Connection, match: str, cap: int) -> int:
    """How many memories ``match`` finds, counted up to ``cap`` (reads at most ``cap`` rows)."""
    return conn.execute(
        f"SELECT count(*) FROM (SELECT 1 FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? LIMIT ?)", (match, cap)
    ).fetchone()[0]
