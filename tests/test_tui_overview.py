"""The Overview screen (DESIGN.md §4, §7, §8): opened by t, one Pilot test per key on it, the
figures it shows in words, and agents' consumer names shown literally."""

from __future__ import annotations

import re

from textual.widgets import Sparkline
from tui_fixtures import flat, inferred, known, make_app, open_from_main, rendered, saved, settle

from memtrust.app.settings import Settings
from memtrust.screens.main import MainScreen
from memtrust.screens.overview import OverviewScreen
from memtrust.screens.review import ReviewScreen
from memtrust.store import audit
from memtrust.store.consumers import context_for
from memtrust.store.model import to_epoch


def _shown(app, selector: str) -> str:
    return flat(rendered(app.screen.query_one(selector)))


def _given_lines(app) -> list[str]:
    """The given section's lines as drawn, runs of spaces made one."""
    return [" ".join(line.split()) for line in rendered(app.screen.query_one("#given")).splitlines()]


def _given_to(store, consumer: str) -> None:
    """One influence event naming ``consumer`` (as an agent would send it) for a memory."""
    with store.db.write() as conn:
        audit.record(
            conn,
            at=to_epoch(store.clock()),
            event="influence",
            actor="agent:x",
            memory_id="m1",
            formation="explicit",
            detail={"consumer": consumer, "purpose": "style"},
        )


async def test_t_on_the_main_screen_opens_the_overview_with_the_figures_in_words(store, clock):
    known(store)  # one saved, one pending
    inferred(store, "style.answer_length", "brief")
    store.set_learning(True, actor="test")
    context_for(store, consumer="billing", purpose="privileged")
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_main(pilot, "t")

        assert isinstance(app.screen, OverviewScreen)
        assert app.screen.query_one("#held").border_title == "What memtrust holds: 3 memories"
        held = [re.match(r"│ (.+?%)", line) for line in rendered(app.screen.query_one("#held")).splitlines()[1:-1]]
        assert [" ".join(words.group(1).split()) for words in held if words] == [
            "saved by you 1 33%",
            "inferred 1 33%",
            "pending 1 33%",
            "quarantined 0 0%",
        ]
        assert "0 inferences expire in the next 14 days." in _shown(app, "#expiry-sentence")
        assert app.screen.query_one(Sparkline).data == app.screen.overview.weekly_totals()
        given = _given_lines(app)
        assert "│ Assistant Saved by you Guesses (inferred) │" in given
        assert "│ billing 1 0 │" in given
        assert "│ billing was given 1 memory saved by you and 0 guesses. │" in given
        review = _shown(app, "#review")
        assert "Last review: none yet." in review and "Press v to start one now." in review


async def test_escape_and_t_on_the_overview_go_back_to_the_main_screen(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("escape", "t"):
            await open_from_main(pilot, "t")
            assert isinstance(app.screen, OverviewScreen)
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, MainScreen), key


async def test_v_on_the_overview_starts_a_review_and_the_overview_reads_its_outcome_on_return(store, clock):
    saved(store, "profile.name", "Sam")
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_main(pilot, "t")
        assert "Last review: none yet." in _shown(app, "#review")

        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("k")  # keep the one memory: the review is done
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)

        assert isinstance(app.screen, OverviewScreen)
        assert "Last review: 2 Mar 2026 (today)." in _shown(app, "#review")


async def test_r_on_the_overview_reads_the_figures_again(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_main(pilot, "t")
        assert "│ No assistant was given any memory in the last 30 days. │" in _given_lines(app)

        context_for(store, consumer="research", purpose="style")  # another process reads memory
        await pilot.press("r")
        await settle(pilot)

        assert "│ research 1 0 │" in _given_lines(app)


async def test_consumer_names_from_agents_are_shown_literally_never_as_markup(store, clock):
    hostile = ["[bold red]billing[/]", "[@click=app.quit]x[/]", "\x1b[31mred\x07"]
    for name in hostile:
        _given_to(store, name)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "t")

        given = _given_lines(app)

    for shown in ("[bold red]billing[/]", "[@click=app.quit]x[/]", "\\x1b[31mred\\x07"):
        assert f"│ {shown} 1 0 │" in given  # the table's row
        assert f"│ {shown} was given 1 memory saved by you and 0 guesses. │" in given


async def test_the_review_key_in_the_sentence_follows_a_remapped_key(store, clock):
    known(store)
    app = make_app(store, clock, settings=Settings(keys={"overview.review": "w", "main.overview": "n"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_main(pilot, "n")
        assert isinstance(app.screen, OverviewScreen)
        assert "Press w to start one now." in _shown(app, "#review")


async def test_the_overview_is_in_help_and_in_the_command_palette(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        [command] = [c for c in app.get_system_commands(app.screen) if c.title == "Overview (t)"]
        await pilot.press("question_mark")
        await settle(pilot)
        assert "t Overview main.overview" in _shown(app, "#help-text")
        await pilot.press("escape")
        await command.callback()
        await settle(pilot)
        assert isinstance(app.screen, OverviewScreen)


async def test_on_an_empty_store_the_overview_says_there_is_nothing_rather_than_drawing_zeros_alone(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_main(pilot, "t")

        assert app.screen.query_one("#held").border_title == "What memtrust holds: 0 memories"
        held = flat(rendered(app.screen.query_one("#held")))
        assert "saved by you 0 0%" in held and "quarantined 0 0%" in held
        assert "Nothing expires in the next 90 days." in _shown(app, "#expiry-sentence")
        assert "No assistant was given any memory in the last 30 days." in _shown(app, "#given")
        assert "Next review: 31 May 2026, in 90 days" in _shown(app, "#review")  # wraps at 80 columns
