"""The export dialog (DESIGN.md §9) refuses a destination that would destroy data — a store's
own files, a folder, an existing file that is not text — with one sentence in the dialog."""

from __future__ import annotations

import hashlib

from textual.widgets import Input
from tui_fixtures import make_app, rendered, saved, settle

from memtrust.screens.export import ExportScreen
from memtrust.store.opening import open_store
from tests.conftest import TEST_PASSPHRASE


async def _export_to(pilot, typed: str) -> ExportScreen:
    await pilot.press("w")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ExportScreen)
    screen.query_one("#path", Input).value = typed
    await pilot.press("enter")
    await settle(pilot)
    return screen


def _problem(screen: ExportScreen) -> str:
    """The dialog's problem line with every space removed (a long path wraps anywhere)."""
    return "".join(rendered(screen.query_one("#problem")).split())


def _squeezed(sentence: str) -> str:
    return "".join(sentence.split())


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_exporting_over_the_stores_own_database_file_is_refused_in_the_dialog(tmp_path, monkeypatch, clock):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    database = tmp_path / "vault.json"  # a store whose file name ends as an export's would
    store = open_store(database, clock=clock, allow_keychain=False).store
    saved(store, "profile.name", "Ada")
    store.db.checkpoint()
    before = _digest(database)
    app = make_app(store, clock, key_mode="passphrase")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = await _export_to(pilot, str(database))
        assert app.is_running and app.screen is screen  # the dialog stays open to correct the path
        assert _problem(screen) == _squeezed(
            f"{database} already exists and is not a text file (perhaps a database); choose another name."
        )
    assert _digest(database) == before
    assert [m.key for m in store.list()] == ["profile.name"]
    assert [e.event for e in store.audit_events() if e.event == "export"] == []
    store.close()


async def test_exporting_over_the_stores_key_record_is_refused_in_the_dialog(passphrase_store_path, clock):
    store = open_store(passphrase_store_path, clock=clock).store
    key_record = passphrase_store_path.with_name(passphrase_store_path.name + ".keyinfo.json")
    assert key_record.exists()
    before = _digest(key_record)
    app = make_app(store, clock, key_mode="passphrase")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = await _export_to(pilot, str(key_record))
        assert app.screen is screen
        assert _problem(screen) == _squeezed(
            f"{key_record} is one of a memtrust store's own files; choose another name for the export."
        )
    assert _digest(key_record) == before
    store.close()


async def test_a_path_in_a_missing_folder_is_one_sentence_in_the_dialog(store, clock, tmp_path):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = await _export_to(pilot, str(tmp_path / "nowhere" / "export.json"))
        assert app.screen is screen
        assert _problem(screen) == _squeezed(f"The folder {tmp_path / 'nowhere'} does not exist.")
