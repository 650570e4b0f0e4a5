"""Review mode (DESIGN.md §8): the header names what the memory is by the badges' rule, and
the footer offers only the keys that act (none once done; no promote for a saved memory)."""

from __future__ import annotations

from tui_fixtures import (
    flat,
    inferred,
    make_app,
    open_from_main,
    rendered,
    saved,
    settle,
)

from memtrust.screens.review import ReviewScreen
from memtrust.store.model import Proposal


def footer_keys(app) -> set[str]:
    return {binding.key for _, binding, enabled, _ in app.screen.active_bindings.values() if binding.show}


async def test_an_unconfirmed_quarantined_request_is_not_called_saved_by_you(store, clock):
    result = store.propose(
        Proposal("notes.plan", "just between us, I am interviewing at Acme", "explicit", "chat"), actor="test"
    )
    assert result.memory is not None
    assert result.memory.status == "quarantined" and result.memory.confirmed_at is None
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "v")
        assert isinstance(app.screen, ReviewScreen)
        header = flat(rendered(app.screen.query_one("#review-progress")))
        assert "this one is a request you have not confirmed (held in Quarantine)" in header
        assert "saved by you" not in header
        assert "p" not in footer_keys(app)


async def test_done_hides_the_memory_keys_and_promote_is_offered_only_for_an_inference(store, clock):
    saved(store, "profile.name", "Sam")
    inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "v")
        assert app.screen.current.formation == "implicit"
        assert {"k", "e", "d", "p", "n"} <= footer_keys(app)
        await pilot.press("k")
        await settle(pilot)
        assert app.screen.current.key == "profile.name"
        assert "this one is saved by you" in flat(rendered(app.screen.query_one("#review-progress")))
        keys = footer_keys(app)
        assert {"k", "e", "d", "n"} <= keys and "p" not in keys
        await pilot.press("k")
        await settle(pilot)
        assert app.screen.current is None
        assert "Review done" in rendered(app.screen.query_one("#review-progress"))
        assert not {"k", "e", "d", "p", "n"} & footer_keys(app)
