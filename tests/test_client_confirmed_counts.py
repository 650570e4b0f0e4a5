"""A memory only an MCP client said yes to (DESIGN.md §10) is never counted or titled as saved
by the user: the main pane's title, the Overview and the DSAR report's figures count it apart,
as "not yet by you"."""

from __future__ import annotations

from tui_fixtures import make_app, saved, settle

from memtrust.screens.widgets.memory_pane import MemoryPane
from memtrust.store.export import build_export
from memtrust.store.overview import overview_from_export, read_overview
from memtrust.store.report import render_markdown
from tests.test_export import _client_confirmed


async def test_the_saved_pane_title_counts_a_clients_yes_apart(store, clock):
    saved(store, "profile.name", "Sam Rivera")
    _client_confirmed(store)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#saved", MemoryPane).border_title == "Saved by you (1 · 1 not yet by you)"


def test_the_overview_and_the_report_count_a_clients_yes_apart_from_saved_by_you(store, clock):
    saved(store, "profile.name", "Sam Rivera")
    _client_confirmed(store)
    held = read_overview(store, clock.now).held
    assert (held.saved, held.client, held.total) == (1, 1, 2)
    assert "1 saved by you, 1 not yet by you" in held.sentence()
    data = build_export(store, app_version="test")
    assert overview_from_export(data).held == held
    report = render_markdown(data)
    assert "| Saved by you | 1 |" in report and "| Not yet by you | 1 |" in report
