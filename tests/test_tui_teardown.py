"""Keys typed together with quit, and worker results that arrive after their screen left,
end quietly: never "unexpected internal error (NoMatches)"."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from tui_fixtures import known, make_app, settle

from memtrust.app.demo import fill_demo_store
from memtrust.screens.audit_log import AuditScreen
from memtrust.screens.inbox import InboxScreen
from memtrust.screens.quarantine import QuarantineScreen
from memtrust.screens.review import ReviewScreen


@pytest.mark.parametrize("key", ["i", "l", "z", "g", "s", "v", "w", "a"])
async def test_a_key_typed_right_after_quit_opens_nothing_and_the_app_exits_cleanly(store, clock, key):
    fill_demo_store(store)
    tui = make_app(store, clock)
    async with tui.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        # Both keys in one read of the terminal, as when typed quickly: "q" is handled while
        # the other key is already queued behind it.
        tui.post_message(events.Key("q", "q"))
        tui.post_message(events.Key(key, key))
        await asyncio.sleep(0.3)
    assert tui._exception is None, repr(tui._exception)
    assert tui.return_code == 0


@pytest.mark.parametrize("screen", [InboxScreen, QuarantineScreen, AuditScreen, ReviewScreen])
async def test_a_store_screen_opened_as_the_app_quits_is_torn_down_quietly(store, clock, screen):
    # Not from a key (those are ignored once quitting) but from code: a worker's callback, say.
    known(store)
    tui = make_app(store, clock)
    async with tui.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        tui.exit()
        tui.push_screen(screen())
        await asyncio.sleep(0.3)
    assert tui._exception is None, repr(tui._exception)
