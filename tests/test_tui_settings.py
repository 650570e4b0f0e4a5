"""The Settings screen (DESIGN.md §8): a changed number is saved on Enter, on leaving the
field (Tab) and on leaving the screen (Escape); a bad number is explained, never saved."""

from __future__ import annotations

from textual.widgets import Input
from tui_fixtures import fill_and_press, make_app, open_from_main, settle

from memtrust.screens.main import MainScreen
from memtrust.screens.settings import SettingsScreen


async def open_settings(pilot):
    await open_from_main(pilot, "s")
    assert isinstance(pilot.app.screen, SettingsScreen)


async def test_tab_out_of_a_changed_number_saves_it(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_settings(pilot)
        await fill_and_press(pilot, "ttl", "45", "tab")
        assert app.screen.query_one("#review", Input).has_focus
        assert store.setting("implicit_ttl_days") == "45"
        assert any("Inferences now last 45 days." in n.message for n in app._notifications)


async def test_tab_out_of_a_bad_number_explains_it_and_keeps_the_focus(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_settings(pilot)
        review = await fill_and_press(pilot, "review", "0", "tab")
        assert review.has_focus
        assert any(n.message.startswith("Give a whole number of days from") for n in app._notifications)
        assert store.setting("review_interval_days") is None


async def test_escape_with_an_unsaved_change_saves_it_and_says_so(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_settings(pilot)
        await fill_and_press(pilot, "ttl", "75", "escape")
        assert isinstance(app.screen, MainScreen)
        assert store.setting("implicit_ttl_days") == "75"
        assert any("Saved as you left: Inferences now last 75 days." in n.message for n in app._notifications)


async def test_escape_without_a_change_saves_nothing(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_settings(pilot)
        app.screen.query_one("#ttl", Input).focus()
        await pilot.press("tab", "escape")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
    assert store.setting("implicit_ttl_days") is None
    assert store.setting("review_interval_days") is None


async def test_escape_with_a_bad_number_leaves_it_unsaved_and_says_so(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_settings(pilot)
        await fill_and_press(pilot, "review", "1000", "escape")
        assert isinstance(app.screen, MainScreen)
        assert any(
            n.message == "Review interval not saved: give a whole number of days from 7 to 365."
            for n in app._notifications
        )
    assert store.setting("review_interval_days") is None
