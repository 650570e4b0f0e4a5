"""Snapshot of the main screen on the demo data (DESIGN.md §8).

Deterministic: the clock is fixed (2026-03-02 12:00 UTC, conftest), the terminal is
120×40, the data is assets/demo/memories.json, and memory ids are counted, not random.
Regenerate with ``pytest tests/test_tui_snapshot.py --snapshot-update`` and look at it.
"""

from __future__ import annotations

from tui_fixtures import counted_ids, make_app, settle

from app.demo import fill_demo_store


async def _settled(pilot) -> None:
    await settle(pilot)


def test_main_screen_with_demo_data(store, clock, snap_compare, monkeypatch):
    counted_ids(monkeypatch)
    fill_demo_store(store)
    assert snap_compare(make_app(store, clock), terminal_size=(120, 40), run_before=_settled)


def test_main_screen_with_demo_data_at_80x24_inferred_pane_focused(store, clock, snap_compare, monkeypatch):
    counted_ids(monkeypatch)
    fill_demo_store(store)
    assert snap_compare(make_app(store, clock), terminal_size=(80, 24), press=["tab", "down"], run_before=_settled)
