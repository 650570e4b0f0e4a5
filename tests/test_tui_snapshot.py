"""Snapshots of every screen of issue 6 on the demo data, at 80×24 and 120×40 (DESIGN.md §8).

Deterministic: the clock is fixed (2026-03-02 12:00 UTC, conftest), the data is
assets/demo/memories.json, memory ids are counted, and the settings are the defaults.
Regenerate with ``pytest tests/test_tui_snapshot.py --snapshot-update`` and look at them.
"""

from __future__ import annotations

import pytest
from tui_fixtures import counted_ids, make_app, settle

from memtrust.app.demo import fill_demo_store
from memtrust.app.settings import Settings

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


async def _settled(pilot) -> None:
    await settle(pilot)


def _keys(*keys: str):
    async def run_before(pilot) -> None:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)

    return run_before


@pytest.fixture
def demo_app(store, clock, monkeypatch):
    counted_ids(monkeypatch)
    # The demo's notice leaves after DEMO_NOTICE_SECONDS of real time: on a busy machine the
    # picture was taken after it had gone (test_inbox, test_review_mode failed under load).
    # Pictures show it, whatever the time taken to reach them.
    monkeypatch.setattr("memtrust.screens.main.DEMO_NOTICE_SECONDS", 3600)
    fill_demo_store(store)
    return make_app(store, clock)


def test_main_screen_with_demo_data(demo_app, snap_compare):
    assert snap_compare(demo_app, terminal_size=(120, 40), run_before=_settled)


def test_main_screen_with_demo_data_at_80x24_inferred_pane_focused(demo_app, snap_compare):
    assert snap_compare(demo_app, terminal_size=(80, 24), press=["tab", "down"], run_before=_settled)


@pytest.mark.parametrize("size", SIZES)
def test_main_screen(demo_app, snap_compare, size):
    assert snap_compare(demo_app, terminal_size=size, run_before=_settled)


@pytest.mark.parametrize("size", SIZES)
def test_detail_with_evidence(demo_app, snap_compare, size):
    assert snap_compare(demo_app, terminal_size=size, run_before=_keys("tab", "down"))


@pytest.mark.parametrize("size", SIZES)
def test_inbox(demo_app, snap_compare, size):
    assert snap_compare(demo_app, terminal_size=size, run_before=_keys("i"))


@pytest.mark.parametrize("size", SIZES)
def test_review_mode(demo_app, snap_compare, size):
    assert snap_compare(demo_app, terminal_size=size, run_before=_keys("v"))


@pytest.mark.parametrize("size", SIZES)
def test_settings(demo_app, snap_compare, size):
    assert snap_compare(demo_app, terminal_size=size, run_before=_keys("s"))


@pytest.mark.parametrize("size", SIZES)
def test_consent_screen(demo_app, snap_compare, size):
    assert snap_compare(demo_app, terminal_size=size, run_before=_keys("l"))


@pytest.mark.parametrize("size", SIZES)
def test_overview(demo_app, snap_compare, size):
    # escape first: it closes the demo's notice, which would cover the bottom of the screen
    assert snap_compare(demo_app, terminal_size=size, run_before=_keys("escape", "t"))


@pytest.mark.parametrize("size", SIZES)
def test_help(demo_app, snap_compare, size):
    assert snap_compare(demo_app, terminal_size=size, run_before=_keys("question_mark"))


# --- the same screens in the light theme (issue 6: badges readable in light and dark) -------


@pytest.fixture
def light_demo_app(store, clock, monkeypatch):
    """The demo app with ``theme = "textual-light"`` in its settings."""
    counted_ids(monkeypatch)
    fill_demo_store(store)
    return make_app(store, clock, settings=Settings(theme="textual-light"))


def test_main_screen_light_theme_80x24(light_demo_app, snap_compare):
    assert snap_compare(light_demo_app, terminal_size=(80, 24), run_before=_settled)


def test_detail_with_evidence_light_theme_80x24(light_demo_app, snap_compare):
    assert snap_compare(light_demo_app, terminal_size=(80, 24), run_before=_keys("tab", "down"))


def test_inbox_light_theme_80x24(light_demo_app, snap_compare):
    assert snap_compare(light_demo_app, terminal_size=(80, 24), run_before=_keys("i"))


def test_quarantine_light_theme_80x24(light_demo_app, snap_compare):
    assert snap_compare(light_demo_app, terminal_size=(80, 24), run_before=_keys("z"))


@pytest.mark.parametrize("size", SIZES)
def test_overview_light_theme(light_demo_app, snap_compare, size):
    assert snap_compare(light_demo_app, terminal_size=size, run_before=_keys("escape", "t"))
