"""The Inbox with thousands of waiting requests (DESIGN.md §8: the UI stays responsive): it
shows Textual's loading indicator while the store is read, lists one page (oldest first) and
says how many more wait; answering one brings the next."""

from __future__ import annotations

import threading

from textual.widgets import Input, OptionList
from tui_fixtures import flat, make_app, settle

from memtrust.screens.inbox import INBOX_PAGE, InboxScreen
from memtrust.store.model import Proposal
from memtrust.store.notes import note_key

WAITING = INBOX_PAGE * 3 + 7


def _fill(store, count: int) -> None:
    values = [f"request {n:05d} about topic {n}" for n in range(count)]
    store.propose_many(
        [Proposal(note_key(v), v, "explicit", "chat", source_ref=f"c{n}/m1") for n, v in enumerate(values)],
        actor="test",
    )


async def test_the_inbox_shows_a_loading_sign_then_one_page_and_how_many_more_wait(store, clock, monkeypatch):
    _fill(store, WAITING)
    release = threading.Event()
    read = InboxScreen._read

    def slow_read(self):
        release.wait(10)  # the store read the worker does, held until the test has looked
        return read(self)

    monkeypatch.setattr(InboxScreen, "_read", slow_read)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await pilot.pause()
        options = app.screen.query_one("#inbox-list", OptionList)
        assert not isinstance(app.focused, Input)  # a key typed meanwhile never lands in the hidden search
        assert options.loading  # Textual's loading indicator covers the list while it is read
        release.set()
        await settle(pilot)
        assert not options.loading
        asked = [options.get_option_at_index(i) for i in range(options.option_count)]
        questions = [o for o in asked if not o.disabled]
        assert len(questions) == INBOX_PAGE
        more = flat(str(asked[-1].prompt))
        assert asked[-1].disabled and f"{INBOX_PAGE:,} of {WAITING:,} shown" in more
        await pilot.press("y")
        await settle(pilot)
        asked = [options.get_option_at_index(i) for i in range(options.option_count)]
        assert len([o for o in asked if not o.disabled]) == INBOX_PAGE  # the next one came up
        assert f"of {WAITING - 1:,} shown" in flat(str(asked[-1].prompt))
