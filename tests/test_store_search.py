"""Full-text search in the store (§8 search as you type): substrings of key, value, scope and
source, of any length, paged in index order, kept in step with every write, and built for a
store made before the index existed."""

from __future__ import annotations

import uuid

import pytest
import sqlcipher3

from memtrust.store.db import Database
from memtrust.store.keys import new_raw_key
from memtrust.store.memories import MemoryStore
from memtrust.store.migrations import MIGRATIONS, SCHEMA_VERSION
from memtrust.store.model import Proposal

SAVED = ("explicit", ("active", "quarantined"))


def _save(store, key, value, scope="shared"):
    return store.propose(Proposal(key, value, "explicit", "user", scope=scope, confirmed=True), actor="t").memory


def _found(store, text, **kwargs):
    return [m.value for m in store.search_page(text, formation="explicit", statuses=("active",), **kwargs)]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("lisbon", ["Flights to Lisbon in May"]),  # a word, any case
        ("ISBO", ["Flights to Lisbon in May"]),  # inside a word
        ("cafe", ["Café au lait, no sugar"]),  # diacritics folded
        ("seat_pref", ["aisle"]),  # the key
        ("research", ["prefers arXiv links"]),  # the scope
        ("ay", ["Flights to Lisbon in May"]),  # two characters, at the very end of the value
        ("X", ["prefers arXiv links"]),  # one character, any case
        ("ok", ["ok"]),  # a value shorter than a trigram
        ("qz", []),
        ("", []),
    ],
)
def test_search_finds_a_substring_of_key_value_or_scope_of_any_length(store, query, expected):
    _save(store, "travel.plans", "Flights to Lisbon in May")
    _save(store, "food.coffee", "Café au lait, no sugar")
    _save(store, "travel.seat_preference", "aisle")
    _save(store, "sources.papers", "prefers arXiv links", scope="research")
    _save(store, "notes.answer", "ok")
    assert sorted(_found(store, query)) == sorted(expected)


def test_search_finds_the_source_and_keeps_formations_apart(store):
    store.set_learning(True, actor="t")
    store.propose(
        Proposal("interests.topics", "music", "implicit", "inference:topics", confidence=0.9, evidence={}), actor="t"
    )
    _save(store, "music.favourite", "jazz")
    inferred = store.search_page("inference:top", formation="implicit", statuses=("active",))
    assert [m.key for m in inferred] == ["interests.topics"]
    assert _found(store, "inference") == []


def test_search_pages_forward_backward_and_from_the_end_in_the_order_written(store):
    saved = [_save(store, f"notes.n{index:02d}", f"tea number {index}") for index in range(30)]
    first = store.search_page("tea", formation="explicit", statuses=("active",), limit=10)
    assert [m.id for m in first] == [m.id for m in saved[:10]]
    following = store.search_page("tea", formation="explicit", statuses=("active",), after=first[-1], limit=10)
    assert [m.id for m in following] == [m.id for m in saved[10:20]]
    earlier = store.search_page("tea", formation="explicit", statuses=("active",), before=following[0], limit=5)
    assert [m.id for m in earlier] == [m.id for m in saved[5:10]]
    last = store.search_page("tea", formation="explicit", statuses=("active",), last=True, limit=4)
    assert [m.id for m in last] == [m.id for m in saved[26:]]
    assert store.search_count("tea", formation="explicit", statuses=("active",)) == 30
    assert store.search_count("number 1", formation="explicit", statuses=("active",)) == 11  # 1, 10–19


def test_quarantined_matches_follow_the_active_ones(store):
    held = store.propose(
        Proposal("notes.plan", "tea plan, keep this confidential", "explicit", "user", confirmed=True), actor="t"
    ).memory
    active = _save(store, "notes.other", "tea later")
    assert held.status == "quarantined"
    found = store.search_page("tea", formation="explicit", statuses=("active", "quarantined"))
    assert [m.id for m in found] == [active.id, held.id]


def test_the_index_follows_edits_deletions_and_confirmations(store):
    memory = _save(store, "notes.garden", "tomatoes in the greenhouse")
    store.edit(memory.id, "cucumbers in the greenhouse", actor="t")
    assert _found(store, "tomat") == [] and _found(store, "cucumb") == ["cucumbers in the greenhouse"]
    store.forget(memory.id, actor="t")
    assert _found(store, "greenhouse") == []
    pending = store.propose(Proposal("notes.pending", "violin lessons", "explicit", "chat"), actor="t").memory
    assert _found(store, "violin") == []
    store.confirm(pending.id, actor="t")
    assert _found(store, "violin") == ["violin lessons"]
    with store.db.read() as conn:
        conn.execute("INSERT INTO memories_fts (memories_fts, rank) VALUES ('integrity-check', 1)")


def test_a_query_with_fts_syntax_is_searched_for_literally(store):
    _save(store, "notes.q", 'say "hi" OR NOT (bye) *')
    assert _found(store, '"hi" OR') == ['say "hi" OR NOT (bye) *']
    assert _found(store, "(bye) *") == ['say "hi" OR NOT (bye) *']
    assert _found(store, '"') == ['say "hi" OR NOT (bye) *']


def test_a_store_made_before_the_index_is_indexed_when_opened(tmp_path, clock):
    path = tmp_path / "old.db"
    key = new_raw_key("memory")
    conn = sqlcipher3.connect(str(path), isolation_level=None)
    conn.execute(key.pragma())
    for version, (_name, step) in enumerate(MIGRATIONS[:4], start=1):
        conn.execute("BEGIN IMMEDIATE")
        step(conn)
        conn.execute(f"PRAGMA user_version = {version}")
        conn.execute("COMMIT")
    conn.executemany(
        "INSERT INTO meta (name, value) VALUES (?, ?)", [("app", "memtrust"), ("store_id", uuid.uuid4().hex)]
    )
    conn.execute(
        "INSERT INTO memories (id, scope, key, value, formation, source, confidence, status, created_at, updated_at)"
        " VALUES ('a1', 'shared', 'travel.seat', 'aisle seat on long flights', 'explicit', 'user', 1.0, 'active', 0, 0)"
    )
    conn.close()

    store = MemoryStore(Database.open(path, key), clock)
    try:
        with store.db.read() as conn:
            assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
            secure = conn.execute("SELECT v FROM memories_fts_config WHERE k = 'secure-delete'").fetchone()
        assert secure == (1,)
        assert _found(store, "flight") == ["aisle seat on long flights"]
        assert _found(store, "ai") == ["aisle seat on long flights"]
        store.forget("a1", actor="t")
        assert _found(store, "flight") == []
    finally:
        store.close()


def test_a_short_query_with_many_terms_is_split_and_still_finds_every_match_in_order(store, monkeypatch):
    from memtrust.store import search

    monkeypatch.setattr(search, "SHORT_QUERY_TERMS", 3)  # "o" starts more terms than that here
    values = ["book", "zoo", "sky", "oak", "plain", "moon", "ivy", "photo", "crow"]
    # Keys, scope ("shared") and source ("user") hold no "o": only the values decide.
    saved = [_save(store, f"misc.n{index}", value) for index, value in enumerate(values)]
    with store.db.read() as conn:
        assert len(search.substring_match(conn, "o")) > 1
    expected = [m.id for m in saved if "o" in m.value]
    assert len(expected) == 6
    found = store.search_page("O", formation="explicit", statuses=("active",), limit=4)
    assert [m.id for m in found] == expected[:4]
    following = store.search_page("o", formation="explicit", statuses=("active",), after=found[-1], limit=10)
    assert [m.id for m in found + following] == expected
    last = store.search_page("o", formation="explicit", statuses=("active",), last=True, limit=2)
    assert [m.id for m in last] == expected[-2:]
    assert store.search_count("o", formation="explicit", statuses=("active",)) == len(expected)


def test_a_short_query_keeps_its_terms_until_this_store_or_another_connection_writes(
    store, clock, throwaway_store_template
):
    _save(store, "fruit.a", "kiwi")
    vocabulary_reads = []
    store.db._conn.set_trace_callback(lambda sql: vocabulary_reads.append(sql) if "memories_fts_terms" in sql else None)
    assert _found(store, "Kw") == []
    assert _found(store, "kw") == []  # the same index: its terms are not read again
    assert len(vocabulary_reads) == 1

    _save(store, "birds.a", "kwartel")  # a write here: the terms are read again
    assert _found(store, "kw") == ["kwartel"]

    _, key = throwaway_store_template
    other = MemoryStore(Database.open(store.db.path, key), clock)  # another connection: the CLI, an agent
    try:
        _save(other, "tools.a", "kwast")
    finally:
        other.close()
    assert sorted(_found(store, "kw")) == ["kwartel", "kwast"]
    assert len(vocabulary_reads) == 3
    store.db._conn.set_trace_callback(None)
