"""The main screen (DESIGN.md §8): two panes, worded badges, provenance, delete, add."""

from __future__ import annotations

import threading

from textual.widgets import Input
from tui_fixtures import (
    detail_shown,
    flat,
    inferred,
    known,
    make_app,
    open_from_main,
    rendered,
    saved,
    settle,
)

from memtrust.screens.confirm import ConfirmScreen
from memtrust.screens.main import MainScreen
from memtrust.screens.widgets.memory_pane import MemoryPane
from memtrust.screens.widgets.status_line import StatusLine
from memtrust.store.model import Proposal
from memtrust.store.notes import note_key


async def open_add_form(pilot, key: str, value: str) -> None:
    """From the main screen, press a and type ``key`` and ``value`` into the add form (not saved)."""
    await settle(pilot)
    await pilot.press("a")
    await pilot.pause()
    pilot.app.screen.query_one("#key", Input).value = key
    pilot.app.screen.query_one("#value", Input).value = value


async def test_saved_pane_shows_active_explicit_rows_with_worded_badge_and_not_pending(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = rendered(app.screen.query_one("#saved-list"))
        assert "profile.name" in pane and "Sam Rivera" in pane and "[saved by you]" in pane
        assert "contact.preferred_channel" not in pane  # pending: it is in the Inbox
        assert app.screen.query_one("#saved", MemoryPane).border_title == "Saved by you (1)"
        status = rendered(app.screen.query_one(StatusLine))
        assert "Store unlocked" in status or "Unlocked" in status
        assert "Implicit learning: OFF" in status and "Inbox: 1" in status


async def test_empty_inferred_pane_explains_that_learning_is_off(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = app.screen.query_one("#inferred", MemoryPane)
        assert pane.memories == {}
        shown = rendered(pane.query_one(".empty-state"))
        assert "implicit learning is OFF" in shown
        assert "Press l" in shown


async def test_inferred_row_shows_confidence_badge_expiry_and_evidence_sentence(store, clock):
    inferred(store, "style.answer_length", "brief", confidence=0.82)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("tab")
        await settle(pilot)
        pane = rendered(app.screen.query_one("#inferred-list"))
        assert "style.answer_length" in pane
        assert "[inferred 82%]" in pane and "[expires in 50d]" in pane  # 60 days from its evidence, 10 days old
        detail = detail_shown(app)
        assert "Inferred by the reply length detector from 7 of 9 replies being short." in detail
        assert "last seen 10 days ago; expires in 50 days." in detail


async def test_detail_panel_says_where_a_typed_memory_came_from(store, clock):
    known_store = known(store)
    saved(known_store, "health.allergies", "Penicillin")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)  # rows sort by time, then key: health.allergies comes first
        detail = detail_shown(app)
        assert "You typed this in memtrust on 2 Mar 2026." in detail
        assert "Penicillin" in detail
        pane = rendered(app.screen.query_one("#saved-list"))
        assert "[sensitive]" in pane


async def test_delete_asks_first_then_forgets_the_memory(store, clock):
    known_store = known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmScreen"
        assert "Delete profile.name" in rendered(app.screen.query_one("#question"))
        await pilot.press("y")
        await settle(pilot)
        assert [m.key for m in known_store.list(status="active")] == []
        assert "profile.name" not in rendered(app.screen.query_one("#saved-list"))
        assert app.screen.query_one("#saved", MemoryPane).border_title == "Saved by you (0)"


async def test_declining_delete_keeps_the_memory(store, clock):
    known_store = known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("d", "n")
        await settle(pilot)
        assert [m.key for m in known_store.list(status="active")] == ["profile.name"]
        assert "profile.name" in rendered(app.screen.query_one("#saved-list"))


async def test_adding_a_memory_confirms_before_writing_then_saves_it_as_saved_by_you(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_add_form(pilot, "contact.preferred_channel", "email")
        await pilot.click("#save")
        await pilot.pause()
        assert "Save “email” as your contact.preferred_channel?" in rendered(app.screen.query_one("#question"))
        assert store.list() == []  # nothing written before the confirmation
        await pilot.press("y")
        await settle(pilot)
        [memory] = store.list()
        assert (memory.key, memory.value, memory.formation, memory.source, memory.status) == (
            "contact.preferred_channel",
            "email",
            "explicit",
            "user",
            "active",
        )
        assert "contact.preferred_channel" in rendered(app.screen.query_one("#saved-list"))


async def test_adding_a_password_is_refused_in_the_form_before_the_question_and_the_form_keeps_it(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_add_form(pilot, "notes.bank", "my password is hunter22")
        await pilot.click("#save")
        await pilot.pause()
        assert type(app.screen).__name__ == "AddMemoryScreen"  # no "Save?" question
        assert "not a password manager" in flat(rendered(app.screen.query_one("#problem")))
        assert app.screen.query_one("#value", Input).value == "my password is hunter22"
    assert store.list() == []


async def test_a_malformed_key_is_explained_in_the_add_form_which_stays_open(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_add_form(pilot, "Travel Seat", "Window seat")
        await pilot.click("#save")
        await pilot.pause()
        assert type(app.screen).__name__ == "AddMemoryScreen"
        assert "dotted lowercase path" in flat(rendered(app.screen.query_one("#problem")))
        assert app.screen.query_one("#key", Input).value == "Travel Seat"


async def test_editing_to_a_card_number_is_explained_in_the_edit_form_which_stays_open(store, clock):
    saved(store, "travel.seat", "Aisle seat")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "e")
        app.screen.query_one("#value", Input).value = "4111 1111 1111 1111"
        await pilot.click("#save")
        await pilot.pause()
        assert type(app.screen).__name__ == "EditMemoryScreen"
        assert "card number" in flat(rendered(app.screen.query_one("#problem")))
    assert [m.value for m in store.list()] == ["Aisle seat"]


async def test_adding_a_value_for_a_held_key_names_the_value_it_replaces_and_enter_keeps_it(store, clock):
    saved(store, "travel.seat", "Aisle seat")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_add_form(pilot, "travel.seat", "Window seat")
        await pilot.click("#save")
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        assert flat(rendered(app.screen.query_one("#question"))) == (
            "Save “Window seat” as your travel.seat? This replaces “Aisle seat”."
        )
        await pilot.press("enter")  # No has the focus
        await settle(pilot)
        assert [m.value for m in store.list()] == ["Aisle seat"]


async def test_a_long_value_is_cut_in_the_save_question_so_the_question_stays_on_screen(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_add_form(pilot, "notes.long", "word " * 600)
        app.screen.query_one("#scope", Input).focus()
        await pilot.press("enter")
        await settle(pilot)
        shown = flat(rendered(app.screen.query_one("#question")))
        assert "…” as your notes.long?" in shown


async def test_prune_notice_is_shown_at_launch(store, clock):
    app = make_app(store, clock, prune_notice="Removed 3 expired inferred memories.")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert [n.message for n in app._notifications] == ["Removed 3 expired inferred memories."]


async def test_promoting_an_inferred_memory_makes_it_saved_by_you(store, clock):
    inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("tab", "p")
        await pilot.pause()
        assert "Save “brief” as your style.answer_length?" in flat(rendered(app.screen.query_one("#question")))
        await pilot.press("y")
        await settle(pilot)
        [memory] = store.list()
        assert (memory.formation, memory.source, memory.status) == ("explicit", "user", "active")
        assert "style.answer_length" in rendered(app.screen.query_one("#saved-list"))
        assert "style.answer_length" not in rendered(app.screen.query_one("#inferred-list"))


async def test_quarantined_memory_stays_in_saved_by_you_with_its_badge_and_can_be_released(store, clock):
    result = store.propose(
        Proposal(
            "work.job_search",
            "Interviewing elsewhere",
            "explicit",
            "user",
            confirmed=True,
            utterance="Just between us, remember I'm interviewing elsewhere.",
        ),
        actor="test",
    )
    assert result.memory.status == "quarantined"
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = rendered(app.screen.query_one("#saved-list"))
        assert "work.job_search" in pane and "[quarantined]" in pane
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert store.get(result.memory.id).status == "active"
        assert "[quarantined]" not in rendered(app.screen.query_one("#saved-list"))


async def test_enter_in_the_delete_and_clear_inferred_questions_keeps_everything(store, clock):
    known_store = known(store)
    inferred(known_store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for key in ("d", "x"):
            await pilot.press(key)
            await pilot.pause()
            assert type(app.screen).__name__ == "ConfirmScreen"
            assert app.screen.focused is not None and app.screen.focused.id == "no"
            await pilot.press("enter")
            await settle(pilot)
        assert sorted(m.key for m in known_store.list(status="active")) == ["profile.name", "style.answer_length"]


async def test_a_promoted_inference_says_it_was_inferred_and_you_confirmed_it_not_that_you_typed_it(store, clock):
    inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("tab", "p")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        app.screen.query_one("#saved-list").focus()
        await settle(pilot)
        detail = detail_shown(app)
        assert "Inferred earlier; you confirmed it as yours on 2 Mar 2026." in detail
        assert "You typed this" not in detail


async def test_focus_stays_in_the_inferred_pane_after_a_promote_so_p_goes_on_down_the_pane(store, clock):
    # Each read of the store set the screen's ``loading`` (Textual's reactive, not a plain
    # flag): a loading indicator covered the screen for a frame, hid the focused list, and
    # Textual moved the focus to the saved pane, so the next p said "Highlight an inferred
    # memory" (found in a real terminal).
    inferred(store, "style.answer_length", "brief")
    inferred(store, "style.tone", "casual")
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("tab", "p")
        await settle(pilot)
        await pilot.press("n")  # declined: the focus comes back where it was
        await settle(pilot)
        assert app.focused.id == "inferred-list"
        for _ in range(2):
            await pilot.press("p")
            await settle(pilot)
            await pilot.press("y")
            await settle(pilot)
            assert app.focused.id == "inferred-list"
        assert {m.formation for m in store.list(status="active")} == {"explicit"}  # both promoted
        await pilot.press("shift+tab")
        assert app.focused.id == "saved-list"
        await pilot.press("shift+tab")
        assert app.focused.id == "inferred-list"


async def test_the_lists_mounting_after_the_first_frame_never_take_the_focus_from_the_search(store, clock):
    # Found by a new user: "/" then "xy" typed at launch lost the "/" (the lists, mounted
    # just after the first frame, took the focus back), so x asked to clear every inference
    # and y said yes. Here the search has the focus when that step runs.
    inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        await app.screen.after_first_frame()  # the step that follows the first frame
        await settle(pilot)
        assert app.focused.id == "search"
        await pilot.press("x", "y")
        await settle(pilot)
        assert app.screen.search_text == "xy" and not isinstance(app.screen, ConfirmScreen)
    assert [m.key for m in store.list()] == ["style.answer_length"]  # nothing cleared


async def test_an_action_before_the_first_read_says_it_is_still_reading(store, clock, monkeypatch):
    inferred(store, "style.answer_length", "brief")
    read = threading.Event()
    read_pane = MainScreen._read_pane

    def slow_read(screen, *args, **kwargs):
        read.wait(10)
        return read_pane(screen, *args, **kwargs)

    monkeypatch.setattr(MainScreen, "_read_pane", slow_read)
    app = make_app(store, clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)  # it used to say "nothing inferred to clear"
        assert [n.message for n in app._notifications] == ["Still reading your memories; try again in a moment."]
        read.set()
        await settle(pilot)
        await pilot.press("x")
        await pilot.pause()
        assert "Delete the one inferred memory?" in flat(rendered(app.screen.query_one("#question")))


async def test_while_typing_a_search_the_detail_shows_a_memory_the_search_found(store, clock):
    saved(store, "contact.preferred_channel", "email")
    saved(store, "work.working_from", "Working from the Lisbon office")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "contact.preferred_channel" in detail_shown(app)
        await pilot.press("slash", "l", "i", "s")
        await settle(pilot)
        assert app.focused.id == "search"
        assert "work.working_from" in detail_shown(app) and "contact.preferred_channel" not in detail_shown(app)


async def test_a_note_is_listed_by_its_value_never_by_its_key(store, clock):
    note = saved(store, "notes.sisters_birthday_may_3", "my sister's birthday is May 3")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = rendered(app.screen.query_one("#saved-list"))
    assert note.key == note_key("my sister's birthday is May 3")  # the words the caller put in the key are gone
    assert "note\nmy sister's birthday is May 3" in pane
    assert note.key not in pane and "sisters_birthday" not in pane


async def test_launch_shows_data_before_the_prune_finishes_and_never_an_expired_row(store, clock, monkeypatch):
    saved(store, "profile.name", "Sam Rivera")
    inferred(store, "style.answer_length", "brief")
    kept = inferred(store, "locale.language", "dutch")
    clock.advance(days=61)  # the first inference's 60-day TTL has run out
    _extend(store, kept.id, int(clock.now.timestamp()) + 86_400)
    expired_ids = {m.id for m in store.list() if m.key == "style.answer_length"}
    assert expired_ids

    started, release = threading.Event(), threading.Event()
    prune = store.prune

    def held_prune(**kwargs):
        started.set()
        assert release.wait(10)
        return prune(**kwargs)

    monkeypatch.setattr(store, "prune", held_prune)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):  # the first data is painted while the prune has not finished
            await pilot.pause(0.01)
            screen = app.screen
            if isinstance(screen, MainScreen) and screen.memory_view is not None and started.is_set():
                break
        screen = app.screen
        assert started.is_set() and not release.is_set() and screen.memory_view is not None
        inferred_pane = screen.query_one("#inferred", MemoryPane)
        shown_during_prune = set(inferred_pane.memories)
        assert kept.id in shown_during_prune and not expired_ids & shown_during_prune
        assert inferred_pane.border_title == "What we think we know (1)"
        assert "Sam Rivera" in rendered(screen.query_one("#saved-list"))

        release.set()
        await settle(pilot)
        assert not expired_ids & {m.id for m in store.list()}  # pruned from the store
        assert "Removed 1 expired inferred memory." in [n.message for n in app._notifications]
        assert set(screen.query_one("#inferred", MemoryPane).memories) == {kept.id}


def _extend(store, memory_id: str, expires_at: int) -> None:
    with store.db.write() as conn:
        conn.execute("UPDATE memories SET expires_at = ? WHERE id = ?", (expires_at, memory_id))


async def test_the_saved_panes_count_follows_the_one_rule_the_overview_and_report_use(store, clock):
    # The pane said "(7)" with a quarantined row among them while the Overview said 6 + 1.
    from memtrust.store.overview import read_overview

    saved(store, "contact.preferred_channel", "email")
    saved(store, "profile.name", "Robin")
    held_back = store.propose(
        Proposal(
            "notes.x", "Confidentially: the surprise party is on Friday the 13th", "explicit", "user", confirmed=True
        ),
        actor="test",
    )
    assert held_back.memory is not None and held_back.memory.status == "quarantined"
    overview = read_overview(store, clock())
    assert (overview.held.saved, overview.held.quarantined) == (2, 1)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = app.screen.query_one("#saved", MemoryPane)
        assert len(pane.memories) == 3  # the quarantined row is listed, badged
        assert pane.border_title == "Saved by you (2 · 1 quarantined)"
