"""Home and End reach the whole pane (DESIGN.md §8), not just the rows read so far.

The panes hold a window of the store read a page at a time; a new user pressed End 30 times
in a 410-memory store and reached item 185. End now shows the last page with the highlight
on the very last memory, Up walks back across page boundaries, Home returns to the first.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input
from tui_fixtures import detail_shown, make_app, settle

from memtrust.screens.main import PAGE_ROWS
from memtrust.screens.widgets.memory_pane import WINDOW_ROWS, MemoryPane
from memtrust.store.model import MEMORY_FIELDS, to_epoch

SIZE = (120, 40)


def fill_saved(store, count: int) -> list[str]:
    """``count`` confirmed explicit memories in one transaction, every fourth holding the
    word "alpha"; returns their ids in pane order (one full forward read)."""
    now = to_epoch(store.clock())
    rows = []
    for index in range(count):
        created = now - (index % 37) * 86400  # many share a day: the key decides among them
        value = f"alpha note {index}" if index % 4 == 0 else f"note {index}"
        rows.append(
            (
                f"{index:032x}",
                "shared",
                f"notes.item_{index:04d}",
                value,
                "explicit",
                "user",
                None,
                1.0,
                "active",
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
    marks = ", ".join("?" * len(MEMORY_FIELDS))
    with store.db.write() as conn:
        conn.executemany(f"INSERT INTO memories ({', '.join(MEMORY_FIELDS)}) VALUES ({marks})", rows)
    return [
        memory.id for memory in store.page(formation="explicit", statuses=("active", "quarantined"), limit=count + 1)
    ]


def _pane(app) -> MemoryPane:
    return app.screen.query_one("#saved", MemoryPane)


def _highlighted_id(app) -> str | None:
    memory = _pane(app).highlighted_memory
    return None if memory is None else memory.id


def _key_of(store, memory_id: str) -> str:
    return store.get_many([memory_id])[0].key


async def test_end_highlights_the_very_last_memory_and_the_detail_shows_it(store, clock):
    order = fill_saved(store, 410)
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = _pane(app)
        assert len(pane.memories) == PAGE_ROWS and pane.more and not pane.earlier
        await pilot.press("end")
        await settle(pilot)
        assert _highlighted_id(app) == order[-1]
        assert _key_of(store, order[-1]) in detail_shown(app)
        assert len(pane.memories) <= 2 * PAGE_ROWS  # a window, not every row up to the end
        assert pane.earlier and not pane.more
        assert pane.border_title == "Saved by you (410)"


@pytest.mark.slow  # dozens of key presses, a redraw each
async def test_up_from_the_end_walks_back_one_memory_at_a_time_across_pages(store, clock):
    order = fill_saved(store, 410)
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        for steps in range(1, 2 * PAGE_ROWS + 6):
            await pilot.press("up")
            await settle(pilot)
            assert _highlighted_id(app) == order[-1 - steps], steps
        assert _key_of(store, order[-1 - steps]) in detail_shown(app)
        pane = _pane(app)
        assert list(pane.memories) == order[-len(pane.memories) :]  # the window is contiguous
        assert pane.border_title == "Saved by you (410)"


@pytest.mark.slow  # dozens of key presses, a redraw each
async def test_page_up_from_the_end_reaches_the_first_memory_through_a_bounded_window(store, clock):
    order = fill_saved(store, 410)
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        pane = _pane(app)
        for _ in range(80):
            await pilot.press("pageup")
            await settle(pilot)
            start = order.index(next(iter(pane.memories)))
            assert list(pane.memories) == order[start : start + len(pane.memories)]  # contiguous, in order
            assert len(pane.memories) <= WINDOW_ROWS
            if _highlighted_id(app) == order[0]:
                break
        assert _highlighted_id(app) == order[0] and not pane.earlier and pane.more
        await pilot.press("end")
        await settle(pilot)
        assert _highlighted_id(app) == order[-1]


async def test_home_goes_back_to_the_first_memory_after_end(store, clock):
    order = fill_saved(store, 410)
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        await pilot.press("home")
        await settle(pilot)
        pane = _pane(app)
        assert _highlighted_id(app) == order[0] and not pane.earlier and pane.more
        assert _key_of(store, order[0]) in detail_shown(app)
        await pilot.press("down", "down")
        await settle(pilot)
        assert _highlighted_id(app) == order[2]


async def test_page_down_still_pages_through_the_store_in_order(store, clock):
    order = fill_saved(store, 410)
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = _pane(app)
        for _ in range(8):
            await pilot.press("pagedown")
            await settle(pilot)
        index = pane.option_list.highlighted
        assert index is not None and index > PAGE_ROWS  # pages were read as the highlight went down
        assert list(pane.memories) == order[: len(pane.memories)]
        assert _highlighted_id(app) == order[index]
        await pilot.press("end")
        await settle(pilot)
        assert _highlighted_id(app) == order[-1]


async def test_end_in_a_search_reaches_the_last_match_and_up_walks_back(store, clock):
    fill_saved(store, 410)
    # "alpha note …", in the order written: a search shows matches in index order.
    matches = [f"{index:032x}" for index in range(410) if index % 4 == 0]
    assert len(matches) > 6 * PAGE_ROWS
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash", *"alpha")
        await settle(pilot)
        assert app.screen.query_one("#search", Input).value == "alpha"
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        pane = _pane(app)
        assert _highlighted_id(app) == matches[-1]
        assert _key_of(store, matches[-1]) in detail_shown(app)
        assert pane.border_title == f"Saved by you ({len(matches)} found)"
        for steps in range(1, PAGE_ROWS + 4):
            await pilot.press("up")
            await settle(pilot)
            assert _highlighted_id(app) == matches[-1 - steps], steps
        await pilot.press("home")
        await settle(pilot)
        assert _highlighted_id(app) == matches[0]
        await pilot.press("end")
        await settle(pilot)
        assert _highlighted_id(app) == matches[-1]
