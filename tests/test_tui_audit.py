"""The audit log screen (g; DESIGN.md §7, §8): the highlighted event in full under the table,
so a rejected proposal's reason is readable at 80x24; Home and End move between events."""

from __future__ import annotations

from textual.widgets import DataTable
from tui_fixtures import flat, inferred, known, make_app, rendered, settle

from memtrust.screens.audit_log import AuditScreen
from memtrust.store.model import Proposal


def _reject_a_weak_inference(store) -> str:
    """Propose an implicit memory below the confidence floor; return the reason it was rejected."""
    store.set_learning(True, actor="test")
    result = store.propose(
        Proposal(
            "style.answer_length",
            "brief",
            "implicit",
            "inference:reply_length",
            confidence=0.12,
            evidence={"detector": "reply_length"},
        ),
        actor="test",
    )
    assert result.decision.outcome == "reject"
    return result.decision.reason


def _visible(app) -> str:
    """Everything drawn on the screen now, wrapped lines joined."""
    return flat("\n".join(strip.text for strip in app.screen._compositor.render_strips()))


async def _open_audit(pilot) -> AuditScreen:
    await pilot.press("g")
    await settle(pilot)
    assert isinstance(pilot.app.screen, AuditScreen)
    return pilot.app.screen


async def test_the_reason_of_a_rejected_proposal_is_on_screen_at_80x24(store, clock):
    known(store)
    reason = _reject_a_weak_inference(store)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _open_audit(pilot)
        table = screen.query_one(DataTable)
        rejected = next(row for row in range(table.row_count) if str(table.get_row_at(row)[5]) == "reject")
        table.move_cursor(row=rejected)
        await settle(pilot)
        shown = _visible(app)
        assert flat(reason) in shown
        assert "style.answer_length" in shown and "reject" in shown and "implicit" in shown


async def test_the_detail_shows_markup_like_text_literally(store, clock):
    store.set_learning(True, actor="test")
    result = store.propose(
        Proposal(
            "notes.[b]bold[/b]",
            "x",
            "implicit",
            "inference:[red]agent[/red]",
            confidence=0.12,
            evidence={"detector": "reply_length"},
        ),
        actor="[i]bot[/i]",
    )
    assert result.decision.outcome == "reject"
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _open_audit(pilot)
        detail = flat(rendered(screen.query_one("#audit-detail")))
        assert "[i]bot[/i]" in detail


async def test_home_and_end_move_the_cursor_to_the_first_and_last_event(store, clock):
    known(store)
    inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _open_audit(pilot)
        table = screen.query_one(DataTable)
        assert table.row_count > 3
        await pilot.press("end")
        await settle(pilot)
        assert table.cursor_row == table.row_count - 1 and table.scroll_x == 0
        oldest = store.audit_events()[-1]
        assert flat(oldest.reason or "—")[:40] in flat(rendered(screen.query_one("#audit-detail")))
        await pilot.press("home")
        await settle(pilot)
        assert table.cursor_row == 0 and table.scroll_x == 0
