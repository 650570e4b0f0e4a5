"""Issue 3: the CLI may write while the app is open; the app shows the change on refresh,
and nobody meets "database is locked". Writes from another connection also appear on their
own, within ``MainScreen.OUTSIDE_WRITES_POLL_SECONDS``."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from tui_fixtures import make_app, pending_from_chat, rendered, saved, settle

from memtrust.screens.inbox import InboxScreen
from memtrust.screens.main import MainScreen
from memtrust.store.opening import open_store
from tests.conftest import TEST_PASSPHRASE

ROOT = Path(__file__).resolve().parents[1]


async def test_a_cli_write_while_the_app_is_open_appears_on_refresh(passphrase_store_path, monkeypatch, clock):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    store = open_store(passphrase_store_path, clock=clock).store
    saved(store, "profile.name", "Ada")
    app = make_app(store, clock, key_mode="passphrase")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        saved_pane = app.screen.query_one("#saved-list")
        assert "work.written_by_cli" not in rendered(saved_pane)
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "memtrust.app",
                "--db",
                str(passphrase_store_path),
                "add",
                "work.written_by_cli",
                "written while the app was open",
                "--yes",
            ],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
            env={**os.environ, "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE},
            stdin=subprocess.DEVNULL,
        )
        assert done.returncode == 0 and "locked" not in done.stderr, done.stderr
        await pilot.press("r")
        await settle(pilot)
        assert "work.written_by_cli" in rendered(saved_pane)
    store.close()


async def wait_for_poll(pilot) -> None:
    """Wait past two poll intervals, then for the reads they started."""
    await asyncio.sleep(MainScreen.OUTSIDE_WRITES_POLL_SECONDS * 3)
    await settle(pilot)


async def test_a_write_by_another_connection_appears_without_pressing_r(passphrase_store_path, monkeypatch, clock):
    monkeypatch.setattr(MainScreen, "OUTSIDE_WRITES_POLL_SECONDS", 0.1)
    store = open_store(passphrase_store_path, clock=clock).store
    saved(store, "profile.name", "Ada")
    app = make_app(store, clock, key_mode="passphrase")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        saved_pane = app.screen.query_one("#saved-list")
        await wait_for_poll(pilot)
        assert "work.written_elsewhere" not in rendered(saved_pane)
        other = open_store(passphrase_store_path, clock=clock).store  # as the CLI would
        try:
            saved(other, "work.written_elsewhere", "while the app was open")
        finally:
            other.close()
        await wait_for_poll(pilot)
        assert "work.written_elsewhere" in rendered(saved_pane)
    store.close()


async def test_a_request_sent_from_elsewhere_appears_in_the_open_inbox(passphrase_store_path, monkeypatch, clock):
    monkeypatch.setattr(MainScreen, "OUTSIDE_WRITES_POLL_SECONDS", 0.1)
    store = open_store(passphrase_store_path, clock=clock).store
    app = make_app(store, clock, key_mode="passphrase")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, InboxScreen)
        assert not app.screen.pending
        other = open_store(passphrase_store_path, clock=clock).store
        try:
            pending_from_chat(other, "contact.preferred_channel", "email")
        finally:
            other.close()
        await wait_for_poll(pilot)
        assert "contact.preferred_channel" in rendered(app.screen.query_one("#inbox-list"))
    store.close()


def test_data_version_changes_when_another_connection_commits_not_for_own_writes(passphrase_store_path, clock):
    store = open_store(passphrase_store_path, clock=clock).store
    other = open_store(passphrase_store_path, clock=clock).store
    try:
        before = store.data_version()
        saved(store, "profile.name", "Ada")
        assert store.data_version() == before
        saved(other, "notes.elsewhere", "written by the other connection")
        assert store.data_version() != before
    finally:
        other.close()
        store.close()
