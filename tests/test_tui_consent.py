"""Implicit learning consent from the TUI (DESIGN.md §3.2): on needs consent, off offers a clear."""

from __future__ import annotations

from tui_fixtures import (
    flat,
    inferred,
    known,
    make_app,
    open_from_main,
    rendered,
    settle,
)

from memtrust.store.memories import CONSENT_STATEMENT


async def test_accepting_consent_turns_learning_on_and_the_header_says_on(store, clock):
    known_store = known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "l")
        assert type(app.screen).__name__ == "ConsentScreen"
        assert flat(rendered(app.screen.query_one("#statement"))) == CONSENT_STATEMENT
        await pilot.click("#accept")
        await settle(pilot)
        assert known_store.learning_enabled() is True
        assert known_store.consent_history()[-1]["actor"] == "tui"
        assert "Implicit learning: ON" in rendered(app.screen.query_one("#status"))


async def test_declining_consent_leaves_learning_off(store, clock):
    known_store = known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "l")
        await pilot.click("#decline")
        await settle(pilot)
        assert known_store.learning_enabled() is False
        assert known_store.consent_history() == []
        assert "Implicit learning: OFF" in rendered(app.screen.query_one("#status"))


async def test_escape_on_the_consent_screen_declines(store, clock):
    known_store = known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("l", "escape")
        await settle(pilot)
        assert known_store.learning_enabled() is False


async def test_turning_learning_off_offers_to_clear_inferred_and_clears_when_asked(store, clock):
    inferred(store, "style.answer_length", "brief")
    store.set_learning(True, actor="test")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "l")
        assert type(app.screen).__name__ == "LearningOffScreen"
        assert "You have 1 inferred memory" in flat(rendered(app.screen.query_one("#statement")))
        await pilot.click("#off-and-clear")
        await settle(pilot)
        assert store.learning_enabled() is False
        assert store.list(formation="implicit") == []
        assert "Implicit learning: OFF" in rendered(app.screen.query_one("#status"))
        assert "style.answer_length" not in rendered(app.screen.query_one("#inferred-list"))


async def test_turning_learning_off_without_clearing_keeps_inferred_rows_visible(store, clock):
    inferred(store, "style.answer_length", "brief")
    store.set_learning(True, actor="test")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "l")
        await pilot.click("#off")
        await settle(pilot)
        assert store.learning_enabled() is False
        assert [m.key for m in store.list(formation="implicit")] == ["style.answer_length"]
        assert "style.answer_length" in rendered(app.screen.query_one("#inferred-list"))


def _toasts(screen) -> list[str]:
    from textual.widgets._toast import Toast

    return [flat(rendered(toast)) for toast in screen.query(Toast)]


async def _drawn(pilot) -> None:
    """Let Textual mount the toasts it schedules for later, and draw them."""
    for _ in range(3):
        await pilot.pause()


def _overlaps(a, b) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


async def test_a_toast_never_covers_a_dialogs_buttons_it_waits_until_the_dialog_closes(store, clock):
    # The demo's notice hid the consent dialog's Accept and Decline at 80×24 for its whole life.
    from textual.widgets._toast import Toast

    app = make_app(store, clock)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        app.notify("Shown before the dialog", title="Before", timeout=60)
        await _drawn(pilot)
        assert any("Shown before the dialog" in toast for toast in _toasts(app.screen))
        await pilot.press("l")
        await settle(pilot)
        assert type(app.screen).__name__ == "ConsentScreen"
        app.notify("Raised while the dialog is up", title="During", timeout=60)
        await _drawn(pilot)
        buttons = [button.region for button in app.screen.query("Button")]
        toasts = [toast.region for toast in app.screen.query(Toast)]
        assert buttons and not any(_overlaps(t, b) for t in toasts for b in buttons)
        assert _toasts(app.screen) == []
        await pilot.press("escape")
        await settle(pilot)
        await _drawn(pilot)
        shown = " ".join(_toasts(app.screen))
        assert "Shown before the dialog" in shown and "Raised while the dialog is up" in shown


async def test_a_dialogs_own_problem_is_said_in_the_dialog_never_as_a_toast_over_it(store, clock):
    from tui_fixtures import fill_and_press

    app = make_app(store, clock)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_from_main(pilot, "a")
        assert type(app.screen).__name__ == "AddMemoryScreen"
        await fill_and_press(pilot, "scope", "shared", "enter")  # Enter on the last field saves
        await _drawn(pilot)
        assert flat(rendered(app.screen.query_one("#problem"))) == "Give both a key and a value."
        assert _toasts(app.screen) == []
