"""The app's export dialog offers what ``memtrust export --for`` does (DESIGN.md §9): a block of
what you saved, for ChatGPT, Claude, Gemini or as plain text, audited as an export."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, Select
from tui_fixtures import inferred, make_app, saved, settle

from memtrust.screens.export import ExportScreen
from memtrust.store.portable import portable_block


async def test_the_dialog_writes_a_block_for_chatgpt_with_the_guesses_marked_when_asked(store, clock, tmp_path):
    saved(store, "profile.name", "Robin Vale")
    inferred(store, "style.answer_length", "brief")
    store.set_learning(True, actor="test")
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ExportScreen)
        assert screen.query_one("#inferred", Checkbox).disabled  # the full export holds everything anyway
        screen.query_one("#what", Select).value = "chatgpt"
        await pilot.pause()
        path = screen.query_one("#path", Input)
        assert path.value.endswith("memtrust-for-chatgpt-2026-03-02.txt")
        assert not screen.query_one("#inferred", Checkbox).disabled
        screen.query_one("#inferred", Checkbox).value = True
        path.value = str(tmp_path / "for-chatgpt")
        path.focus()
        await pilot.press("enter")
        await settle(pilot)
    written = (tmp_path / "for-chatgpt.txt").read_text()
    assert written == portable_block(store, "chatgpt", include_inferred=True).text
    assert "- Name: Robin Vale" in written
    assert "- Answer length: brief (a guess: memtrust inferred this, 82% sure)" in written
    assert (tmp_path / "for-chatgpt.txt").stat().st_mode & 0o777 == 0o600
    event = next(event for event in store.audit_events() if event.event == "export")
    assert event.detail == {"destination": str(tmp_path / "for-chatgpt.txt"), "format": "for:chatgpt", "inferred": 1}
