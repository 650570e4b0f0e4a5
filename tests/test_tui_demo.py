"""The demo store (DESIGN.md §8 ``memtrust demo``) and worker failures in the TUI."""

from __future__ import annotations

from pathlib import Path

from tui_fixtures import known, make_app, settle

import memtrust.app.app
from memtrust.app.demo import fill_demo_store, run_demo


def test_demo_store_has_saved_pending_quarantined_and_inferred_rows_with_learning_off(store):
    results = fill_demo_store(store)
    assert all(r.decision.outcome != "reject" for r in results)
    counts = store.counts()
    assert counts["explicit"] == {"active": 6, "pending": 2, "quarantined": 1}
    assert counts["implicit"]["active"] == 4
    assert all(m.confidence >= 0.7 and m.source.startswith("inference:") for m in store.list(formation="implicit"))
    assert store.learning_enabled() is False
    assert [(e["learning"], e["actor"]) for e in store.consent_history()] == [(True, "demo"), (False, "demo")]


def test_run_demo_runs_the_app_on_a_throwaway_store_and_removes_it(monkeypatch):
    seen: dict = {}

    def fake_run(self):
        seen["path"] = Path(self.store.db.path)
        seen["key_mode"] = self.key_mode
        seen["rows"] = len(self.store.list())
        assert seen["path"].exists()

    monkeypatch.setattr(memtrust.app.app.MemtrustApp, "run", fake_run)
    run_demo()
    assert seen["key_mode"] == "memory" and seen["rows"] == 13
    assert not seen["path"].parent.exists()


async def test_a_failing_store_call_becomes_one_notification_not_a_crash(store, clock):
    known_store = known(store)
    tui = make_app(store, clock)
    async with tui.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        [memory] = known_store.list(status="active")
        known_store.forget(memory.id, actor="elsewhere")  # gone before the user answers
        await pilot.press("d", "y")
        await settle(pilot)
        assert tui.is_running
        assert any("No memory has the id" in n.message and n.severity == "error" for n in tui._notifications)


async def test_the_demo_says_its_inferred_rows_were_made_while_learning_was_on_and_it_is_off_now(
    store, clock, monkeypatch
):
    monkeypatch.setattr("memtrust.screens.main.DEMO_NOTICE_SECONDS", 3600)  # still up when looked at, however busy
    fill_demo_store(store)
    tui = make_app(store, clock)  # key mode "memory", as memtrust demo
    async with tui.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        notices = [n for n in tui._notifications if n.title == "Demo"]
        assert len(notices) == 1
        assert "made while implicit learning was on" in notices[0].message
        assert "Learning is OFF now" in notices[0].message
        assert not notices[0].markup
        assert tui.screen.query_one("#inferred").border_subtitle == "examples from when learning was on"
        await pilot.press("r")
        await settle(pilot)
        assert len([n for n in tui._notifications if n.title == "Demo"]) == 1  # said once


async def test_outside_the_demo_inferred_rows_carry_no_demo_notice(passphrase_store_path, clock):
    from memtrust.store.opening import open_store  # the fixture set MEMTRUST_PASSPHRASE

    opened = open_store(passphrase_store_path, clock=clock).store
    fill_demo_store(opened)
    tui = make_app(opened, clock, key_mode="passphrase")
    async with tui.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert not [n for n in tui._notifications if n.title == "Demo"]
        assert not tui.screen.query_one("#inferred").border_subtitle
    opened.close()


async def test_the_demo_notice_is_short_and_brief_at_80x24_and_escape_closes_it(store, clock, monkeypatch):
    fill_demo_store(store)
    tui = make_app(store, clock)
    asked: list[float | None] = []
    notify = tui.notify

    def notify_and_keep_up(message, *, timeout=None, **options):
        """Note the timeout the app asks for; keep the notice up (a busy machine may take
        longer than that to reach the checks below)."""
        if options.get("title") == "Demo":
            asked.append(timeout)
            timeout = 3600
        return notify(message, timeout=timeout, **options)

    monkeypatch.setattr(tui, "notify", notify_and_keep_up)
    async with tui.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        [notice] = [n for n in tui._notifications if n.title == "Demo"]
        assert asked and asked[0] <= 6 and len(notice.message) <= 100
        await pilot.press("escape")
        await pilot.pause()
        assert [n for n in tui._notifications if n.title == "Demo"] == []
        assert tui.screen.query_one("#inferred").border_subtitle == "examples from when learning was on"
