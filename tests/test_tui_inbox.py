"""The Inbox (DESIGN.md §3.6): pending memories are confirmed or rejected one by one."""

from __future__ import annotations

from textual.widgets import OptionList
from tui_fixtures import flat, known, make_app, pending_from_chat, rendered, settle

from memtrust.screens.confirm import ConfirmScreen
from memtrust.screens.inbox import InboxScreen
from memtrust.screens.widgets.memory_pane import MemoryPane


async def test_confirming_a_pending_item_in_the_inbox_moves_it_to_saved_by_you(store, clock):
    known_store = known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "contact.preferred_channel" not in rendered(app.screen.query_one("#saved-list"))
        await pilot.press("i")
        await settle(pilot)
        assert type(app.screen).__name__ == "InboxScreen"
        inbox = rendered(app.screen.query_one("#inbox-list"))
        assert "Save “email” as your contact.preferred_channel?" in inbox
        assert "in chat “Trip planning”" in inbox
        await pilot.press("y")
        await settle(pilot)
        [memory] = [m for m in known_store.list() if m.key == "contact.preferred_channel"]
        assert memory.status == "active" and memory.formation == "explicit"
        assert "Your Inbox is empty" in rendered(app.screen.query_one("#inbox-empty"))
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ == "MainScreen"
        pane = rendered(app.screen.query_one("#saved-list"))
        assert "contact.preferred_channel" in pane and "email" in pane
        assert pane.count("[saved by you]") == 2
        assert app.screen.query_one("#saved", MemoryPane).border_title == "Saved by you (2)"
        assert "Inbox: 0" in rendered(app.screen.query_one("#status"))


async def test_enter_also_confirms_the_highlighted_item(store, clock):
    known_store = known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert known_store.list(status="pending") == []
        assert len(known_store.list(status="active")) == 2


async def test_rejecting_a_pending_item_deletes_it_and_it_never_reaches_saved_by_you(store, clock):
    known_store = known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert "Discard this request? It is deleted." in flat(rendered(app.screen.query_one("#question")))
        await pilot.press("y")
        await settle(pilot)
        assert [m.key for m in known_store.list()] == ["profile.name"]
        assert known_store.audit_events(limit=1)[0].event == "reject"
        await pilot.press("escape")
        await settle(pilot)
        assert "contact.preferred_channel" not in rendered(app.screen.query_one("#saved-list"))


async def test_n_in_the_inbox_asks_first_and_enter_keeps_the_request(store, clock):
    known_store = known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # No has the focus
        await settle(pilot)
        assert isinstance(app.screen, InboxScreen)
        assert [m.key for m in known_store.list(status="pending")] == ["contact.preferred_channel"]


async def test_confirming_a_request_that_replaces_a_saved_value_names_it_and_asks_first(store, clock):
    known_store = known(store)  # profile.name = Sam Rivera is saved
    pending_from_chat(known_store, "profile.name", "Bob")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        app.screen.query_one(OptionList).highlighted = next(
            index
            for index, option in enumerate(app.screen.query_one(OptionList).options)
            if option.id and app.screen.pending[option.id].key == "profile.name"
        )
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert flat(rendered(app.screen.query_one("#question"))) == (
            "Save “Bob” as your profile.name? This replaces “Sam Rivera”."
        )
        await pilot.press("enter")  # No has the focus: nothing changes
        await settle(pilot)
        assert [m.value for m in known_store.list(status="active")] == ["Sam Rivera"]
        await pilot.press("y")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert [m.value for m in known_store.list(status="active")] == ["Bob"]


# --- requests to forget (§6) ---------------------------------------------------------------


def _asked_to_forget_the_name(store):
    """known(store), plus a request (from an import) to forget profile.name = Sam Rivera."""
    from memtrust.store.deletion_requests import DeletionRequests

    known_store = known(store)
    [name] = [m for m in known_store.list(status="active") if m.key == "profile.name"]
    request = DeletionRequests(known_store).add(
        what="my name is Sam Rivera",
        utterance="Please forget that my name is Sam Rivera.",
        source_ref="later.jsonl#c2/m0",
        said_at=1_772_000_000,
        memory_ids=[name.id],
        actor="ingest:later.jsonl",
    )
    return known_store, name, request


async def test_a_request_to_forget_is_asked_in_the_inbox_and_y_deletes_the_memory_after_the_delete_question(
    store, clock
):
    from memtrust.store.deletion_requests import DeletionRequests

    known_store, name, _request = _asked_to_forget_the_name(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        inbox = flat(rendered(app.screen.query_one("#inbox-list")))
        assert "You asked to forget: “my name is Sam Rivera” — delete profile.name = “Sam Rivera”?" in inbox
        assert "You said it in a conversation on 25 Feb 2026 in later.jsonl" in inbox
        assert "[request to forget]" in inbox and "[lapses in 30d]" in inbox
        assert "Save “email” as your contact.preferred_channel?" in inbox  # beside the pending memory
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert flat(rendered(app.screen.query_one("#question"))) == (
            "You asked to forget: “my name is Sam Rivera”. Delete profile.name = “Sam Rivera”? "
            "It is removed for good; the audit log keeps only that it existed."
        )
        await pilot.press("enter")  # No has the focus: nothing is deleted
        await settle(pilot)
        assert isinstance(app.screen, InboxScreen) and known_store.get(name.id).value == "Sam Rivera"
        await pilot.press("y")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, InboxScreen)
        assert [m.key for m in known_store.list()] == ["contact.preferred_channel"]
        assert DeletionRequests(known_store).count() == 0
        inbox = flat(rendered(app.screen.query_one("#inbox-list")))
        assert "You asked to forget" not in inbox and "Save “email”" in inbox


async def test_n_on_a_request_to_forget_dismisses_it_and_keeps_the_memory(store, clock):
    from memtrust.store.deletion_requests import DeletionRequests

    known_store, name, _request = _asked_to_forget_the_name(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("n")  # nothing is deleted, so it does not ask
        await settle(pilot)
        assert isinstance(app.screen, InboxScreen)
        assert known_store.get(name.id).value == "Sam Rivera" and DeletionRequests(known_store).count() == 0
        assert "You asked to forget" not in flat(rendered(app.screen.query_one("#inbox-list")))
        assert known_store.audit_events(limit=1)[0].outcome == "dismissed"
        assert [m.key for m in known_store.list(status="pending")] == ["contact.preferred_channel"]


async def test_slash_searches_the_inbox_and_escape_closes_the_search_before_the_inbox(store, clock):
    pending_from_chat(store, "contact.preferred_channel", "email")
    pending_from_chat(store, "travel.seat", "aisle seat please")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        assert "aisle" in rendered(app.screen.query_one("#inbox-list"))
        await pilot.press("slash", *"AISLE")
        await settle(pilot)
        listed = rendered(app.screen.query_one("#inbox-list"))
        assert "travel.seat" in listed and "contact.preferred_channel" not in listed
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, InboxScreen)
        listed = rendered(app.screen.query_one("#inbox-list"))
        assert "travel.seat" in listed and "contact.preferred_channel" in listed
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ == "MainScreen"


async def test_slash_searches_quarantine_by_key_or_value(store, clock):
    from memtrust.screens.quarantine import QuarantineScreen
    from memtrust.store.model import Proposal

    for key, value in (
        ("errands.bank", "bank visit, keep this confidential"),
        ("errands.doctor", "doctor, confidential"),
    ):
        held = store.propose(Proposal(key, value, "explicit", "user", confirmed=True), actor="t").memory
        assert held.status == "quarantined"
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.push_screen(QuarantineScreen())
        await settle(pilot)
        await pilot.press("slash", *"doc")
        await settle(pilot)
        listed = rendered(app.screen.query_one("#quarantine-list"))
        assert "errands.doctor" in listed and "errands.bank" not in listed
        await pilot.press("enter", "escape")
        await settle(pilot)
        listed = rendered(app.screen.query_one("#quarantine-list"))
        assert "errands.doctor" in listed and "errands.bank" in listed


async def test_a_request_from_a_conversation_shows_the_users_surrounding_words(store, clock, tmp_path):
    """§6: the person judges from what they actually wrote — the sentence and the words
    around it, with its date and conversation — and pasted notes beside it propose nothing."""
    from memtrust.app.pipeline import ingest_file
    from tests.exports import chatgpt_conversation, write_json

    said = (
        "Please summarize these lecture notes:\n• Remember to always check the units first!\n"
        "• Keep in mind that every model is wrong.\n\n"
        "Also, remember that I prefer [bold]short[/] summaries, thanks!"
    )
    start = int(clock.now.timestamp()) - 86_400
    export = write_json(
        tmp_path / "conversations.json",
        [chatgpt_conversation("c1", [("user", said)], title="Physics 101", start=start)],
    )
    ingest_file(store, export)
    app = make_app(store, clock)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        inbox = flat(rendered(app.screen.query_one("#inbox-list")))
        assert inbox.count("Save “") == 1  # the two pasted bullets are not requests
        assert "You asked to save this on 1 Mar 2026, in chat “Physics 101”." in inbox
        # The user's own words around it (not the pasted notes), literally: never read as markup.
        assert "“Also, remember that I prefer [bold]short[/] summaries, thanks!”" in inbox
