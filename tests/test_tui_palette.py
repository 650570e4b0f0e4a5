"""The command palette (DESIGN.md §8): memtrust's own commands, Textual's Theme and Maximize,
and none of Textual's Screenshot (writes the screen unencrypted), Keys (a side panel Escape
does not close; help is on ?) or second Quit (memtrust has "Quit (q)")."""

from __future__ import annotations

from textual.command import CommandList, CommandPalette
from tui_fixtures import known, make_app, settle

from memtrust.screens.main import MainScreen


def _titles(app) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


async def test_the_palette_leaves_out_textuals_keys_quit_and_screenshot_and_keeps_theme_and_maximize(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        titles = _titles(app)
        assert "Keys" not in titles and "Quit" not in titles and "Screenshot" not in titles
        assert titles.count("Quit (q)") == 1
        assert "Theme" in titles and "Maximize" in titles


async def test_the_opened_palette_lists_one_quit_and_no_keys_panel(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        listed = app.screen.query_one(CommandList)
        prompts = [str(listed.get_option_at_index(index).prompt) for index in range(listed.option_count)]
        assert prompts, "the palette lists its commands before anything is typed"
        assert not any(prompt.startswith("Keys") for prompt in prompts)
        assert sum(prompt.startswith("Quit") for prompt in prompts) == 1
        assert any(prompt.startswith("Theme") for prompt in prompts)
