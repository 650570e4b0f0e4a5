"""A search keystroke repaints only what changed (DESIGN.md §8 search as you type): a page
read again that shows the same rows rebuilds no option, the detail panel keeps its text when
the same memory is highlighted again, and what did change is shown (an edited value, a badge
whose words moved with the clock, another memory)."""

from __future__ import annotations

from datetime import timedelta

from textual.content import Content
from tui_fixtures import detail_shown, inferred, make_app, rendered, saved, settle

from memtrust.screens.widgets.detail import DetailPanel
from memtrust.screens.widgets.memory_pane import MemoryPane

SIZE = (120, 40)


def _pane(app, pane_id: str = "saved") -> MemoryPane:
    return app.screen.query_one(f"#{pane_id}", MemoryPane)


async def test_a_search_one_letter_further_that_finds_the_same_rows_rebuilds_no_option(store, clock):
    for n in range(4):
        saved(store, f"music.genre_{n}", f"jazz record {n}")
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash", "j", "a", "z")
        await settle(pilot)
        pane = _pane(app)
        options = list(pane.option_list.options)
        assert [option.id for option in options] == [memory.id for memory in pane.memories.values()]
        assert len(options) == 4
        await pilot.press("z")  # "jazz": the very same four rows
        await settle(pilot)
        assert all(now is before for now, before in zip(pane.option_list.options, options, strict=True))
        await pilot.press("backspace", "backspace", "backspace", "backspace")
        await settle(pilot)  # no search: the same four rows again, still the same options
        assert all(now is before for now, before in zip(pane.option_list.options, options, strict=True))


async def test_a_row_whose_value_changed_is_shown_with_its_new_value(store, clock):
    memory = saved(store, "profile.city", "Lisbon")
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = _pane(app)
        assert "Lisbon" in rendered(pane.option_list)
        store.edit(memory.id, "Porto", actor="test")
        app.screen.reload()
        await settle(pilot)
        assert "Porto" in rendered(pane.option_list) and "Lisbon" not in rendered(pane.option_list)
        assert "Porto" in detail_shown(app)


async def test_a_badge_whose_words_move_with_the_clock_is_shown_anew(store, clock):
    memory = inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = _pane(app, "inferred")
        [before] = pane.option_list.options
        assert memory.expires_at is not None
        later = memory.expires_at - timedelta(hours=5)
        pane.show(list(pane.memories.values()), later, Content("nothing"), total=1)
        await settle(pilot)
        [after] = pane.option_list.options
        assert after is not before
        assert "expires in 5h" in rendered(pane.option_list)


async def test_the_detail_panel_keeps_its_text_when_the_same_memory_is_shown_again(store, clock):
    first = saved(store, "profile.name", "Sam Rivera")
    second = saved(store, "profile.city", "Lisbon")
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(DetailPanel)
        text = panel.query_one("#detail-text")
        panel.show(first, clock())
        content = text.content
        panel.show(first, clock())
        assert text.content is content
        panel.show(second, clock())
        await settle(pilot)
        assert text.content is not content
        assert "Lisbon" in detail_shown(app)
