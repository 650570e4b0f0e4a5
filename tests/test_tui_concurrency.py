"""Issue 3: the CLI may write while the app is open; the app shows the change on refresh,
and nobody meets "database is locked"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from store.opening import open_store
from tests.conftest import TEST_PASSPHRASE
from tui_fixtures import make_app, rendered, saved, settle

ROOT = Path(__file__).resolve().parents[1]


async def test_a_cli_write_while_the_app_is_open_appears_on_refresh(passphrase_store_path, monkeypatch, clock):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    store = open_store(passphrase_store_path, clock=clock).store
    saved(store, "profile.name", "Ada")
    app = make_app(store, clock, key_mode="passphrase")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        saved_pane = app.screen.query_one("#saved-list")
        assert "notes.written_by_cli" not in rendered(saved_pane)
        done = subprocess.run(
            [sys.executable, "-m", "app", "--db", str(passphrase_store_path), "add", "notes.written_by_cli",
             "written while the app was open", "--yes"],
            capture_output=True, text=True, cwd=ROOT, timeout=120,
            env={**os.environ, "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE}, stdin=subprocess.DEVNULL)
        assert done.returncode == 0 and "locked" not in done.stderr, done.stderr
        await pilot.press("r")
        await settle(pilot)
        assert "notes.written_by_cli" in rendered(saved_pane)
    store.close()
