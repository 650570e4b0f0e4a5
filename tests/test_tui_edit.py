"""The edit dialog (DESIGN.md §8): a value with a line break is edited in a multi-line
TextArea and round-trips exactly; a one-line value keeps its one-line Input."""

from __future__ import annotations

from textual.widgets import Input, TextArea
from tui_fixtures import fill_and_press, make_app, open_from_main, saved, settle

from memtrust.screens.edit import EditMemoryScreen


async def test_a_two_line_value_opens_in_a_text_area_and_saves_the_edited_second_line(store, clock):
    saved(store, "odd.newline", "line one\nline two\ttab")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "e")
        assert isinstance(app.screen, EditMemoryScreen)
        area = app.screen.query_one("#value", TextArea)
        assert not app.screen.query(Input)
        assert area.has_focus
        assert area.document.lines == ["line one", "line two\ttab"]
        await pilot.press("down", "end", "shift+home", "delete")
        await pilot.press(*"line 2")
        assert area.text == "line one\nline 2"
        await pilot.press("enter")  # a line break in the TextArea, not a save
        assert isinstance(app.screen, EditMemoryScreen)
        await pilot.press("backspace", "ctrl+s")
        await settle(pilot)
        assert not isinstance(app.screen, EditMemoryScreen)
    assert [m.value for m in store.list()] == ["line one\nline 2"]


async def test_saving_a_two_line_value_unedited_changes_nothing(store, clock):
    value = "line one\r\nline two\nthree\t"
    memory = saved(store, "odd.newline", value)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "e")
        assert isinstance(app.screen.query_one("#value"), TextArea)
        await pilot.click("#save")
        await settle(pilot)
        assert not isinstance(app.screen, EditMemoryScreen)
    [after] = store.list()
    assert after.value == value and after.updated_at == memory.updated_at


async def test_escape_in_the_text_area_cancels(store, clock):
    saved(store, "odd.newline", "line one\nline two")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "e")
        await pilot.press(*"xyz")
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, EditMemoryScreen)
    assert [m.value for m in store.list()] == ["line one\nline two"]


async def test_a_one_line_value_still_uses_an_input_and_enter_saves(store, clock):
    saved(store, "travel.seat", "Aisle seat")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "e")
        assert isinstance(app.screen, EditMemoryScreen)
        assert not app.screen.query(TextArea)
        await fill_and_press(pilot, "value", "Window seat", "enter")
        assert not isinstance(app.screen, EditMemoryScreen)
    assert [m.value for m in store.list()] == ["Window seat"]
