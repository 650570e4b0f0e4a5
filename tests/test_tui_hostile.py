"""Hostile strings (issue 6): markup, escapes, controls, wide and invisible characters, and
4,000-character values, shown in the panes, the detail panel, notifications and modals.

Nothing crashes or acts; the plain text on screen equals the stored text up to the display
neutralisation of controls (screens/literal.py ``displayable``); every row line fits its
pane, measured in terminal cells, and the badge line of every row starts at the same column.
"""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import OptionList
from tui_fixtures import detail_shown, flat, inferred, make_app, rendered, saved, settle

from memtrust.screens.confirm import ConfirmScreen
from memtrust.screens.edit import EditMemoryScreen
from memtrust.screens.literal import displayable, fit
from memtrust.screens.widgets.memory_pane import MemoryPane

HOSTILE = {
    "bold": "[bold]not bold[/bold]",
    "close": "closing [/] tag",
    "open-close": "half [/ tag",
    "link": "[link=https://evil.example]click me[/link]",
    "click": "[@click=app.quit]quit?[/]",
    "ansi": "\x1b[31mred\x1b[0m and \x1b]8;;http://x\x07link\x1b]8;;\x07",
    "c0c1": "bell\x07 back\x08 nul-free \x7f del \x85 nel \x9b csi",
    "cjk": "東京の天気はどうですか、日本語の長い文章",
    "emoji-vs": "❤️ ☺️ ✈️ heart, smile, plane",
    "zwj": "👨‍👩‍👧‍👦 family 🏳️‍🌈 flag",
    "combining": "e\u0301e\u0301e\u0301 Zalgo: Z\u0351\u0300\u0301a\u0352l\u0353g\u0354o",
    "zero-width": "zero\u200bwidth\u200c joiner\u200d and\ufeffbom",
    "rtl": "abc\u202edcba\u202c and \u2066isolate\u2069 \u202bembed\u202c",
    "separators": "line\u2028para\u2029end",
    "long": ("Long value " * 400)[:4000],
}


def _visible(text: str) -> str:
    """What the screen is expected to show for ``text`` (controls made visible)."""
    return displayable(text)


async def test_hostile_value_is_shown_literally_in_the_detail_panel(store, clock):
    """Every value of :data:`HOSTILE` in the detail panel, each row highlighted in turn in one
    run of the app (one run per value cost a start of the app each)."""
    names = {
        saved(store, f"notes.hostile_{index:02d}", value).id: name
        for index, (name, value) in enumerate(HOSTILE.items())
    }
    app = make_app(store, clock)
    seen: set[str] = set()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        option_list = app.screen.query_one("#saved-list", OptionList)
        pane = app.screen.query_one("#saved", MemoryPane)
        for index in range(option_list.option_count):
            option_list.highlighted = index
            await settle(pilot)
            assert app.is_running
            memory = pane.highlighted_memory
            assert memory is not None and memory.id in names, index
            value = HOSTILE[names[memory.id]]
            detail = app.screen.query_one("#detail-text")
            shown = flat(str(detail.visual) if hasattr(detail, "visual") else rendered(detail))
            assert flat(_visible(value)) in shown or flat(_visible(value)) in detail_shown(app), names[memory.id]
            seen.add(names[memory.id])
    assert seen == set(HOSTILE)  # every value was highlighted and shown
    for memory_id, name in names.items():
        assert store.get(memory_id).value == HOSTILE[name]  # the store keeps it exactly


async def test_every_hostile_row_fits_its_pane_and_badges_start_at_the_same_column(store, clock):
    for index, value in enumerate(HOSTILE.values()):
        saved(store, f"notes.hostile_{index:02d}", value)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 200)) as pilot:  # tall enough to draw every row
        await settle(pilot)
        option_list = app.screen.query_one("#saved-list", OptionList)
        width = option_list.scrollable_content_region.width
        pane = app.screen.query_one("#saved", MemoryPane)
        assert pane.memories  # rows were loaded
        lines = rendered(option_list).split("\n")
        for line in lines:
            assert cell_len(line) <= width, line
        badge_columns = {line.index("[saved by you]") for line in lines if "[saved by you]" in line}
        assert badge_columns == {0}
        # Each hostile value's row shows its beginning literally, cut with an ellipsis if needed.
        text = "\n".join(lines)
        for value in HOSTILE.values():
            start = _visible(value)[:8]
            assert start.split("\u200b")[0][:4] in text, value[:20]


async def test_markup_in_a_value_never_acts_even_when_clicked_or_in_a_confirmation(store, clock):
    saved(store, "notes.click", HOSTILE["click"])
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.click("#saved-list", offset=(3, 1))
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert HOSTILE["click"] in flat(rendered(app.screen.query_one("#question")))
        await pilot.click("#question", offset=(12, 0))
        await pilot.press("n")
        await settle(pilot)
        assert app.is_running


@pytest.mark.parametrize("name", ["ansi", "rtl", "link", "long", "zwj"])
async def test_hostile_key_and_value_in_notifications_and_the_edit_modal(store, clock, name):
    value = HOSTILE[name]
    memory = inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.notify(value, markup=False)  # what a worker's notice does with stored text
        await pilot.pause()
        await pilot.press("tab", "e")
        await pilot.pause()
        assert isinstance(app.screen, EditMemoryScreen)
        app.screen.query_one("#value").value = value
        await pilot.press("enter")
        await settle(pilot)
        assert app.is_running
    assert store.get(memory.id).value == value


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        ("short", 10, "short"),
        ("東京東京東京", 5, "東京…"),
        ("👨‍👩‍👧 family", 4, "👨‍…" if cell_len("👨‍") == 2 else None),
        ("abcdef", 4, "abc…"),
    ],
)
def test_fit_cuts_by_cell_width_with_an_ellipsis(text, width, expected):
    result = fit(text, width)
    assert cell_len(result) <= width
    if expected is not None:
        assert result == expected


def test_bidi_overrides_and_line_separators_are_neutralised_for_display():
    assert displayable("a\u202eb\u2066c\u2028d") == "a\\u202eb\\u2066c\\u2028d"
