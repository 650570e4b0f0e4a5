"""The main screen's own texts read in textual-light and textual-dark (DESIGN.md §8, issue 6):
the pane subtitle, the search box's placeholder and the highlighted row of the focused pane.
Measured on what is drawn, with the WCAG measure of ``test_tui_themes``."""

from __future__ import annotations

import pytest
from test_tui_themes import BODY_TEXT, THEMES, word_contrasts
from tui_fixtures import inferred, make_app, saved, settle

from memtrust.app.settings import Settings
from memtrust.screens.main import DEMO_INFERRED_SUBTITLE


@pytest.mark.parametrize("theme", THEMES)
async def test_subtitle_placeholder_and_highlighted_row_read_at_body_text_contrast(store, clock, theme):
    saved(store, "profile.name", "Sam Rivera")
    saved(store, "travel.seat", "Aisle seat")
    inferred(store, "style.answer_length", "brief")  # learning off, demo key: the subtitle shows
    app = make_app(store, clock, settings=Settings(theme=theme))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert app.focused.id == "saved-list" and screen.query_one("#saved-list").highlighted == 0
        ratios = {
            **word_contrasts(screen.query_one("#inferred"), [DEMO_INFERRED_SUBTITLE]),  # pane not focused
            **word_contrasts(screen.query_one("#search"), ["Search keys and values"]),
            **word_contrasts(screen.query_one("#saved-list"), ["profile.name", "Sam Rivera"]),  # highlighted
        }
    assert sorted(ratios) == sorted([DEMO_INFERRED_SUBTITLE, "Search keys and values", "profile.name", "Sam Rivera"])
    assert {text: round(ratio, 2) for text, ratio in ratios.items() if ratio < BODY_TEXT} == {}
