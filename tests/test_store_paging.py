"""Keyset paging in pane order (DESIGN.md §8): the first, last, next and previous pages of a
pane, each read through the ``memories_pane`` index, agree with one full forward read."""

from __future__ import annotations

import random

import pytest

from memtrust.store.memories import MemoryStore
from memtrust.store.model import MEMORY_FIELDS, to_epoch

SAVED = ("explicit", ("active", "quarantined"))


def _fill(store: MemoryStore, count: int) -> None:
    """``count`` explicit rows in one transaction, some quarantined, many sharing a creation
    time (so the key and the id decide their order) and some sharing a key too."""
    rng = random.Random(8)
    now = to_epoch(store.clock())
    rows = []
    for index in range(count):
        created = now - rng.randint(1, 40) * 86400
        status = "quarantined" if index % 7 == 0 else "active"
        key = f"notes.item_{rng.randint(0, count // 3):05d}"
        rows.append(
            (
                f"{index:032x}",
                "shared",
                key,
                f"value {index}",
                "explicit",
                "user",
                None,
                1.0,
                status,
                None,
                created,
                created,
                None,
                None,
                created,
                None,
                None,
                None,
            )
        )
    rows.append(
        (
            "f" * 32,
            "shared",
            "style.tone",
            "brief",
            "implicit",
            "inference:test",
            None,
            0.8,
            "active",
            None,
            now,
            now,
            now,
            now + 86400,
            None,
            None,
            None,
            None,
        )
    )  # another pane: never read here
    marks = ", ".join("?" * len(MEMORY_FIELDS))
    with store.db.write() as conn:
        conn.executemany(f"INSERT INTO memories ({', '.join(MEMORY_FIELDS)}) VALUES ({marks})", rows)


@pytest.fixture
def thousand(store):
    _fill(store, 1000)
    formation, statuses = SAVED
    every = store.page(formation=formation, statuses=statuses, limit=5000)
    assert len(every) == 1000
    return store, [memory.id for memory in every]


def _ids(memories) -> list[str]:
    return [memory.id for memory in memories]


def _page(store, **where) -> list[str]:
    formation, statuses = SAVED
    return _ids(store.page(formation=formation, statuses=statuses, **where))


def test_the_full_forward_read_is_in_pane_order(thousand):
    store, order = thousand
    memories = {memory.id: memory for memory in store.get_many(order)}
    keys = [MemoryStore.pane_cursor(memories[memory_id]) for memory_id in order]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert memories[order[-1]].status == "quarantined"  # quarantined rows come after the active ones


def test_first_page_is_the_start_of_the_full_read(thousand):
    store, order = thousand
    assert _page(store, limit=16) == order[:16]


def test_last_page_is_the_end_of_the_full_read_in_pane_order(thousand):
    store, order = thousand
    assert _page(store, last=True, limit=16) == order[-16:]
    assert _page(store, last=True, limit=5000) == order


def test_paging_after_any_position_continues_the_full_read(thousand):
    store, order = thousand
    memories = {memory.id: memory for memory in store.get_many(order)}
    for index in (0, 1, 14, 15, 499, 984, 998, 999):
        cursor = MemoryStore.pane_cursor(memories[order[index]])
        assert _page(store, after=cursor, limit=16) == order[index + 1 : index + 17]


def test_paging_before_any_position_gives_the_rows_just_before_it_in_pane_order(thousand):
    store, order = thousand
    memories = {memory.id: memory for memory in store.get_many(order)}
    for index in (0, 1, 15, 16, 500, 985, 999):
        cursor = MemoryStore.pane_cursor(memories[order[index]])
        assert _page(store, before=cursor, limit=16) == order[max(0, index - 16) : index]


def test_walking_backwards_from_the_last_page_reads_every_row_once(thousand):
    store, order = thousand
    walked = _page(store, last=True, limit=15)
    while True:
        first = store.get_many(walked[:1])[0]
        earlier = _page(store, before=MemoryStore.pane_cursor(first), limit=15)
        if not earlier:
            break
        walked = earlier + walked
    assert walked == order


def test_a_page_never_mixes_reading_after_and_before(thousand):
    store, order = thousand
    cursor = MemoryStore.pane_cursor(store.get_many(order[:1])[0])
    with pytest.raises(ValueError):
        _page(store, after=cursor, last=True)
    with pytest.raises(ValueError):
        _page(store, after=cursor, before=cursor)


@pytest.mark.parametrize(
    "where", [{}, {"after": ("active", 0, "", "")}, {"last": True}, {"before": ("quarantined", 0, "", "")}]
)
def test_every_page_seeks_the_pane_index_without_sorting(store, where):
    """Each statement is an index seek that starts at the cursor: its cost does not grow with
    the depth of the page (a bound applied after the seek would filter every row before it)."""
    formation, statuses = SAVED
    sent: list[str] = []
    with store.db.read() as conn:  # the store's one connection (its lock is re-entrant)
        conn.set_trace_callback(sent.append)
        try:
            store.page(formation=formation, statuses=statuses, limit=1, **where)
        finally:
            conn.set_trace_callback(None)
        selects = [statement for statement in sent if statement.lstrip().upper().startswith("SELECT")]
        plans = [" | ".join(str(row[-1]) for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}")) for sql in selects]
    assert plans
    for plan in plans:
        assert "USING INDEX memories_pane (formation=? AND status=?" in plan and "TEMP B-TREE" not in plan, plan
    if "after" in where or "before" in where:
        assert any("(created_at,key,id)" in plan.replace(" ", "") for plan in plans), plans
