"""A letter typed in the search box is painted with its rows (DESIGN.md §8, search as you
type): Textual paints at most once a frame, so a letter painted alone put the rows into the
next frame. The main screen holds repaints until the rows are shown — but never longer than
``HOLD_LETTER_FOR_ROWS``: a slow read does not freeze what was typed."""

from __future__ import annotations

import asyncio
import time

import pytest
from textual.screen import Screen
from tui_fixtures import make_app, saved, settle

from memtrust.screens import main as main_screen
from memtrust.screens.main import MainScreen

SIZE = (120, 40)


@pytest.fixture
def frames(monkeypatch):
    """(search box text, the search the panes show) of every main-screen frame painted."""
    painted: list[tuple[str, str | None]] = []
    refresh = Screen._compositor_refresh

    def recording(screen: Screen) -> None:
        refresh(screen)
        if isinstance(screen, MainScreen) and screen.memory_view is not None:
            painted.append((screen.search_text, screen.memory_view.search))

    monkeypatch.setattr(Screen, "_compositor_refresh", recording)
    return painted


async def test_every_frame_that_shows_a_typed_letter_shows_its_rows(store, clock, frames):
    for n in range(3):
        saved(store, f"music.genre_{n}", f"jazz record {n}")
    saved(store, "food.breakfast", "porridge")
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        await settle(pilot)
        frames.clear()
        for letter in "jaz":
            await pilot.press(letter)
            await settle(pilot)
        await pilot.press("backspace")
        await settle(pilot)
        shown = [text for text, _search in frames]
        assert {"j", "ja", "jaz"} <= set(shown), frames  # each letter was painted
        assert all(text == search for text, search in frames), frames  # and never before its rows


async def test_a_slow_read_lets_the_letter_be_painted_alone_after_the_hold(store, clock, frames, monkeypatch):
    saved(store, "music.genre", "jazz record")
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        await settle(pilot)
        search_page = store.search_page

        def slow(*args, **kwargs):
            time.sleep(main_screen.HOLD_LETTER_FOR_ROWS * 10)
            return search_page(*args, **kwargs)

        monkeypatch.setattr(store, "search_page", slow)
        frames.clear()
        await pilot.press("j")
        await asyncio.sleep(main_screen.HOLD_LETTER_FOR_ROWS * 5)
        await pilot.pause()
        assert ("j", "") in frames  # the letter, painted while its rows were still being read
        await settle(pilot)
        assert frames[-1] == ("j", "j")
        assert app.screen.letter_hold is None
