"""User text is shown literally (DESIGN.md §8): never read as markup, controls neutralised."""

from __future__ import annotations

import pytest
from tui_fixtures import (
    detail_shown,
    make_app,
    pending_from_chat,
    rendered,
    saved,
    settle,
)

from memtrust.screens.literal import displayable

MARKUP_VALUES = ["[bold]x[/]", "[link=https://x]y[/link]", "[@click=app.quit]z"]


async def test_markup_like_values_appear_exactly_as_typed_in_the_pane_and_the_detail(store, clock):
    for index, value in enumerate(MARKUP_VALUES):
        saved(store, f"text.markup_{index}", value)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = rendered(app.screen.query_one("#saved-list"))
        for value in MARKUP_VALUES:
            assert value in pane
        for value in MARKUP_VALUES:
            assert value in detail_shown(app)
            await pilot.press("down")
            await pilot.pause()


async def test_clicking_and_pressing_keys_on_a_click_action_value_does_not_quit(store, clock):
    saved(store, "notes.trap", "[@click=app.quit]z")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.click("#saved-list", offset=(2, 1))
        await pilot.click("#detail-text", offset=(15, 3))
        await pilot.press("enter", "down", "up", "tab", "shift+tab", "enter")
        await settle(pilot)
        assert app.is_running
        assert app.return_code is None
        assert "[@click=app.quit]z" in rendered(app.screen.query_one("#saved-list"))


async def test_conversation_title_with_markup_is_shown_literally_in_the_inbox(store, clock):
    pending_from_chat(store, "contact.preferred_channel", "[red]email[/red]", title="[b]Trip[/b] planning")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        inbox = rendered(app.screen.query_one("#inbox-list"))
        assert "Save “[red]email[/red]” as your contact.preferred_channel?" in inbox
        assert "in chat “[b]Trip[/b] planning”" in inbox


async def test_control_characters_are_made_visible_on_screen_but_stored_exactly(store, clock):
    value = "red\x1b[31malert\x07 and\u202eevil"
    memory = saved(store, "notes.escape", value)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = rendered(app.screen.query_one("#saved-list"))
        assert "red\\x1b[31malert\\x07 and\\u202eevil" in pane
        assert "\x1b" not in pane and "\u202e" not in pane
    assert store.get(memory.id).value == value


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("plain", "plain"),
        ("[bold]x[/]", "[bold]x[/]"),
        ("a\x1bb", "a\\x1bb"),
        ("c1\x85", "c1\\x85"),
        ("del\x7f", "del\\x7f"),
        ("two\nlines", "two\\nlines"),
        ("tab\there", "tab\\there"),
        ('said "hi" \u201cthere\u201d', 'said "hi" \u201cthere\u201d'),  # no marks here to close
        ("zero\u200bwidth\ufeff", "zero\\u200bwidth\\ufeff"),
        ("rtl\u202eoverride\u2066", "rtl\\u202eoverride\\u2066"),
        ("wide 日本 and é", "wide 日本 and é"),
    ],
)
def test_displayable_neutralises_controls_for_display_only(raw, shown):
    assert displayable(raw) == shown


def test_displayable_keeps_newlines_when_asked():
    assert displayable("two\nlines\x1b", keep_newlines=True) == "two\nlines\\x1b"


def test_displayable_shows_every_printable_text_as_it_is_and_escapes_what_one_line_escapes():
    from memtrust.store.quoting import INVISIBLE, one_line

    # The short cut (a printable text is shown as it is) may only skip texts one_line would
    # leave unchanged: no code point str.isprintable accepts is one one_line escapes, but the
    # invisible ones the short cut looks for.
    changed = [
        code
        for code in range(0x110000)
        if chr(code).isprintable() and one_line(chr(code)) != chr(code) and chr(code) not in INVISIBLE
    ]
    assert changed == []
    for char in INVISIBLE:
        assert displayable(f"Amsterdam{char}") == one_line(f"Amsterdam{char}") != f"Amsterdam{char}"
    for text in ("plain words", "Café · 東京", "a\u200db", "tab\there", "nbsp\u00a0here", "\u202eevil"):
        assert displayable(text) == one_line(text)
