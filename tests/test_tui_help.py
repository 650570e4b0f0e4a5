"""Every key is in the help screen and the command palette (DESIGN.md §8, STYLE.md §6)."""

from __future__ import annotations

from tui_fixtures import flat, known, make_app, rendered, settle

from memtrust.app.app import MemtrustApp
from memtrust.screens.inbox import InboxScreen
from memtrust.screens.main import MainScreen


def test_every_binding_has_an_id_and_a_tooltip():
    for owner in (MemtrustApp, MainScreen, InboxScreen):
        for binding in owner.BINDINGS:
            assert binding.id and binding.tooltip, (owner.__name__, binding.key)


async def test_help_screen_lists_the_main_screen_keys(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        text = flat(rendered(app.screen.query_one("#help-text")))
        for words in ("Add", "Delete", "Inbox", "Learning", "Clear inferred", "Quit", "Next pane", "Previous pane"):
            assert words in text
        await pilot.press("escape")
        assert type(app.screen).__name__ == "MainScreen"


async def test_command_palette_offers_every_action_of_the_screen(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for title in ("Add (a)", "Delete (d)", "Inbox (i)", "Learning (l)", "Clear inferred (x)", "Help (?)"):
            assert title in titles


async def test_running_inbox_from_the_command_palette_opens_it(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        [command] = [c for c in app.get_system_commands(app.screen) if c.title == "Inbox (i)"]
        await command.callback()
        await settle(pilot)
        assert type(app.screen).__name__ == "InboxScreen"


async def test_command_palette_offers_no_screenshot_and_the_screenshot_action_writes_nothing(
    store, clock, tmp_path, monkeypatch
):
    monkeypatch.setenv("HOME", str(tmp_path))
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert not [title for title in titles if "screenshot" in title.lower()]
        app.action_screenshot(path=str(tmp_path))
        app.deliver_screenshot(path=str(tmp_path))
        await pilot.pause(0.2)
        assert list(tmp_path.rglob("*.svg")) == []


async def test_at_80_columns_wrapped_help_lines_stay_in_their_column_never_under_the_keys(store, clock):
    from memtrust.screens import help as help_module
    from memtrust.screens.help import GENERAL_KEYS

    key_column = getattr(help_module, "KEY_COLUMN", 16)  # the keys' column, in cells

    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        keys = {app.get_key_display(binding) for _key, binding in help_screen.bindings} | {k for k, _ in GENERAL_KEYS}
        lines = rendered(help_screen.query_one("#help-text")).splitlines()
        assert len(lines) > 2 * len({b.id for _k, b in help_screen.bindings if b.id}) - 2  # some did wrap
        for line in lines:
            if line and not line[0].isspace():  # a line that starts under the keys is a key's line
                assert line[:key_column].rstrip() in keys, line
                assert line[key_column - 1] == " ", line
