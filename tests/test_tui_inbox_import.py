"""The Inbox for memories from another assistant's list (DESIGN.md §2 ``import:<assistant>``,
§3.6, §3.7): the question says plainly that the assistant formed it and may have guessed it;
Yes makes it saved by you, No discards it for good — and the same list asks nothing again."""

from __future__ import annotations

from tui_fixtures import flat, make_app, rendered, settle

from memtrust.app.ingest.memory_list import parse_memory_list
from memtrust.app.memory_import import import_memory_list
from memtrust.screens.confirm import ConfirmScreen
from memtrust.screens.inbox import InboxScreen

LIST = "## Work\n- [2025-01-12] - Prefers tea in the morning\n"


def inbox_text(app) -> str:
    """The Inbox's rows as one line of words, its border left out."""
    return flat(rendered(app.screen.query_one("#inbox-list")).replace("│", " "))


def bring(store, text: str = LIST, assistant: str | None = "chatgpt"):
    return import_memory_list(
        store, parse_memory_list(text, "memories.txt"), file_name="memories.txt", assistant=assistant
    )


async def test_the_question_names_the_assistant_says_it_may_have_guessed_and_offers_yes_thats_mine(store, clock):
    bring(store)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, InboxScreen)
        shown = inbox_text(app)
        assert "ChatGPT listed this about you: “Prefers tea in the morning”." in shown
        assert "ChatGPT formed this memory, and may have guessed it. Is it yours?" in shown
        assert "y Yes, that's mine (saved by you) n No (discarded; not asked again)" in shown
        assert "Line 2 of memories.txt, under “Work”, dated 12 Jan 2025; imported 2 Mar 2026." in shown
        assert "[listed by ChatGPT] [pending]" in shown
        assert "[requested]" not in shown  # the user did not ask for it: an assistant listed it


async def test_yes_thats_mine_makes_it_saved_by_you(store, clock):
    bring(store)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        [memory] = store.list()
        assert (memory.status, memory.formation, memory.source) == ("active", "explicit", "import:chatgpt")
        assert memory.confirmed_at is not None
        await pilot.press("escape")
        await settle(pilot)
        assert "[saved by you]" in rendered(app.screen.query_one("#saved-list"))


async def test_no_discards_it_and_the_same_list_does_not_ask_again(store, clock):
    bring(store)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert flat(rendered(app.screen.query_one("#question"))) == (
            "Discard “Prefers tea in the morning”? It is deleted, and importing this list again will not ask "
            "about it again."
        )
        await pilot.press("y")
        await settle(pilot)
    assert store.list() == []
    again = bring(store, assistant="gemini")
    assert again.already == 1 and again.results == []
    assert store.list() == []


async def test_a_list_with_no_assistant_named_says_another_assistant_and_markup_stays_text(store, clock):
    bring(store, "- Likes [bold]tea[/bold] \x1b[31m\n", assistant=None)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        shown = inbox_text(app)
        assert "Another assistant listed this about you: “Likes [bold]tea[/bold] \\x1b[31m”." in shown
        assert "Another assistant formed this memory, and may have guessed it." in shown


async def test_the_import_screen_brings_in_a_memory_list_as_the_assistant_chosen(store, clock, tmp_path):
    from textual.widgets import Input, Select

    from memtrust.screens.ingest import IngestScreen

    listed = tmp_path / "saved-info.txt"
    listed.write_text("- I'm vegetarian\n- Wifi password: hunter22\n- Likes tea\n")
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, IngestScreen)
        screen.query_one("#ingest-from", Select).value = "gemini"
        screen.query_one("#ingest-path", Input).value = str(listed)
        screen.query_one("#ingest-path", Input).focus()
        await pilot.press("enter")
        await settle(pilot)
        status = flat(rendered(screen.query_one("#ingest-status")))
        assert status == (
            "Read 3 memories from saved-info.txt, Gemini's memory list (you said so): 2 waiting in your Inbox, "
            "1 refused as a secret, 0 you already have."
        )
        refused = flat(rendered(screen.query_one("#ingest-rejected")))
        assert refused.startswith("refused line 2: This looks like a password")
        assert "hunter22" not in refused
    assert {m.source for m in store.list()} == {"import:gemini"}


async def test_a_list_that_names_no_assistant_is_told_how_to_name_it_in_the_app_not_with_a_flag(store, clock, tmp_path):
    from textual.widgets import Input

    from memtrust.screens.ingest import IngestScreen

    listed = tmp_path / "memories.txt"
    listed.write_text("- Likes tea\n- Plays the cello\n")
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, IngestScreen)
        screen.query_one("#ingest-path", Input).value = str(listed)
        screen.query_one("#ingest-path", Input).focus()
        await pilot.press("enter")
        await settle(pilot)
        status = flat(rendered(screen.query_one("#ingest-status")))
    # The app has no --from: it has the box above the path.
    assert "--from" not in status
    assert (
        "a memory list that does not say which assistant kept it (choose whose it is in “A memory list is from”)"
        in status
    )


def test_every_inbox_question_names_a_scope_other_than_shared(store, clock):
    """§7: a yes to a memory outside the shared scope gives it to that assistant alone, so the
    question says which — for a list memtrust wrote, a chat request and an agent's alike."""
    from memtrust.screens.inbox import inbox_prompt
    from memtrust.store.model import Proposal

    own = (
        "From memtrust, where I keep what I asked assistants to remember: 1 memory I saved myself (2 Mar 2026).\n"
        "## Scope: research\n- Cites sources in APA style\n"
    )
    bring(store, own, assistant=None)
    store.propose(Proposal("profile.name", "Robin", "explicit", "chat", scope="billing"), actor="test")
    store.propose(Proposal("profile.name", "Sam", "explicit", "chat"), actor="test")
    shown = {m.value: flat(inbox_prompt(m, clock.now).plain) for m in store.list(status="pending")}
    assert (
        "lists this as yours: “Cites sources in APA style” (for research only)." in shown["Cites sources in APA style"]
    )
    assert "Save “Robin” as your profile.name (for billing only)?" in shown["Robin"]
    assert "Save “Sam” as your profile.name?" in shown["Sam"]
