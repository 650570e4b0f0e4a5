"""Importing conversations from the app (issue 4, DESIGN.md §6): a path, a progress bar that
reaches the file's size, the outcome in words, Escape stops; a bad file is one sentence."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.widgets import Input, ProgressBar
from tui_fixtures import flat, make_app, rendered, settle

from memtrust.screens.ingest import IngestScreen
from memtrust.screens.main import MainScreen
from memtrust.screens.widgets.status_line import StatusLine
from memtrust.store.deletion_requests import DeletionRequests
from memtrust.store.model import Proposal
from memtrust.store.notes import note_key
from tests.realdata import oasst_to_jsonl_records, write_jsonl


def _oasst_export(real_data, folder):
    trees = (real_data / "oasst_en_100.jsonl").read_text(encoding="utf-8").splitlines()
    records = [r for number, tree in enumerate(trees) for r in oasst_to_jsonl_records(tree, f"oasst-{number}")]
    folder.mkdir(parents=True, exist_ok=True)
    return write_jsonl(folder / "oasst.jsonl", records)


async def _import(pilot, typed: str) -> IngestScreen:
    await pilot.press("o")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, IngestScreen)
    screen.query_one("#ingest-path", Input).value = typed
    await pilot.press("enter")
    await settle(pilot)
    return screen


def _status(screen: IngestScreen) -> str:
    return flat(rendered(screen.query_one("#ingest-status")))


async def test_o_imports_a_jsonl_export_with_a_progress_bar_and_says_what_happened(
    store, clock, real_data, tmp_path, monkeypatch
):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    export = _oasst_export(real_data, tmp_path / "home")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(StatusLine).pending == 0
        screen = await _import(pilot, "~/oasst.jsonl")
        bar = screen.query_one(ProgressBar)
        assert bar.total == export.stat().st_size and bar.progress == bar.total
        assert _status(screen) == (
            "Read 100 conversations: 1 request waiting in your Inbox, 0 saved, 0 rejected; "
            "implicit learning is off: nothing was inferred."
        )
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert app.screen.query_one(StatusLine).pending == 1
    assert [m.key for m in store.list(status="pending")] == [note_key("I am not easily scared")]


async def test_importing_the_same_file_again_proposes_nothing_new(store, clock, real_data, tmp_path):
    export = _oasst_export(real_data, tmp_path)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = await _import(pilot, str(export))
        screen.query_one("#ingest-path", Input).value = str(export)
        await pilot.press("enter")
        await settle(pilot)
        assert _status(screen).startswith("Read 100 conversations: 0 requests waiting in your Inbox")
        assert "had been imported before and proposed nothing new" in _status(screen)
    assert len(store.list(status="pending")) == 1


async def test_a_missing_file_is_one_sentence_in_the_screen(store, clock, tmp_path):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = await _import(pilot, str(tmp_path / "nowhere.json"))
        assert app.is_running and app.screen is screen
        assert _status(screen) == f"There is no file at {tmp_path / 'nowhere.json'}."


async def test_a_file_in_an_unknown_format_is_one_sentence_in_the_screen(store, clock, real_data):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = await _import(pilot, str(real_data / "oasst_en_100.jsonl"))  # OpenAssistant's own shape
        assert app.is_running and app.screen is screen
        assert _status(screen).startswith("oasst_en_100.jsonl is JSON Lines, but its lines lack conversation_id")
        assert store.list() == []


async def test_escape_stops_a_running_import_and_says_nothing_of_it_was_kept(store, clock, tmp_path, monkeypatch):
    reading = threading.Event()
    calls = []

    def slow_ingest(store, path, *, format=None, progress=None, **_):
        for done in range(1, 10_001):  # a big file: 10,000 reads
            calls.append(done)
            progress(done, 10_000)
            reading.set()
            threading.Event().wait(0.002)
        raise AssertionError("the import was not stopped")

    monkeypatch.setattr("memtrust.app.pipeline.ingest_file", slow_ingest)
    export = tmp_path / "big.jsonl"
    export.write_text("{}\n", encoding="utf-8")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        screen = app.screen
        screen.query_one("#ingest-path", Input).value = str(export)
        await pilot.press("enter")
        await pilot.pause()
        assert reading.wait(5)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen  # the first Escape stops, it does not leave
        assert _status(screen).startswith("Stopped. Nothing from big.jsonl was imported")
        assert len(calls) < 10_000
        assert 0 < screen.query_one(ProgressBar).progress < 10_000
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)


async def test_a_forget_sentence_in_an_import_waits_in_the_inbox_and_the_status_line_counts_it(store, clock, tmp_path):
    store.propose(Proposal("contact.preferred_channel", "email", "explicit", "user", confirmed=True), actor="test")
    export = write_jsonl(
        tmp_path / "later.jsonl",
        [
            {
                "conversation_id": "c1",
                "role": "user",
                "content": "Please forget that I prefer email.",
                "timestamp": "2026-03-01T10:00:00Z",
            },
            {
                "conversation_id": "c1",
                "role": "user",
                "content": "Also forget that I own a yacht.",
                "timestamp": "2026-03-01T10:01:00Z",
            },
        ],
    )
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = await _import(pilot, str(export))
        status = _status(screen)
        assert "1 request to forget is waiting in your Inbox (i): confirm to delete, or reject to keep." in status
        assert "1 request to forget matched nothing memtrust holds; nothing was deleted." in status
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen.query_one(StatusLine).pending == 1  # the request is in the Inbox count
    assert DeletionRequests(store).count() == 1
    assert [m.value for m in store.list(status="active")] == ["email"]  # nothing deleted before a yes


async def test_the_import_says_why_each_proposal_was_rejected_as_memtrust_ingest_does(store, clock, real_data):
    store.set_learning(True, actor="test")
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _import(pilot, str(real_data / "claude_artifacts.json"))
        assert "2 rejected" in _status(screen)
        rejected = [e for e in store.audit_events(newest_first=False) if e.outcome == "reject"]
        assert len(rejected) == 2
        listed = flat(rendered(screen.query_one("#ingest-rejected")))
        assert listed == flat("\n".join(f"rejected {e.key}: {e.reason}" for e in rejected))
        assert listed.startswith("rejected style.answer_length: Confidence 12% is below")
        # Its time is the messages' time (§4): a language last seen 501 days ago has lapsed.
        assert "rejected locale.language: The newest evidence is 501 days old" in listed
        assert screen.query_one("#ingest-rejected-list").region.height > 0  # on screen at 80x24


def test_a_big_import_lists_at_most_rejected_shown_reasons_and_counts_the_rest():
    from types import SimpleNamespace

    from memtrust.app.pipeline import IngestReport
    from memtrust.screens.ingest import REJECTED_SHOWN, rejected_reasons

    def rejection(number: int):
        return SimpleNamespace(
            decision=SimpleNamespace(outcome="reject", rule="3.3", reason=f"[b]Reason {number}[/b]"),
            memory=None,
            proposal=SimpleNamespace(key=f"notes.n{number}"),
        )

    report = IngestReport(
        file="big.jsonl", format="jsonl", results=[rejection(number) for number in range(REJECTED_SHOWN + 7)]
    )
    lines = rejected_reasons(report)
    assert len(lines) == REJECTED_SHOWN + 1
    assert lines[0] == "rejected notes.n0: [b]Reason 0[/b]"  # literal, never markup
    assert lines[-1] == "and 7 more (memtrust ingest prints them all, or see the audit log g)."
    assert rejected_reasons(IngestReport(file="f", format="jsonl")) == []


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("  /tmp/My Exports/conversations.json  ", "/tmp/My Exports/conversations.json"),
        ("'/tmp/My Exports/export.zip'", "/tmp/My Exports/export.zip"),
        ('"/tmp/My Exports/export.zip"', "/tmp/My Exports/export.zip"),
        ("/tmp/My\\ Exports/chat\\ \\(1\\).json", "/tmp/My Exports/chat (1).json"),
        ("file:///tmp/My%20Exports/export.zip", "/tmp/My Exports/export.zip"),
        ("file://localhost/tmp/a%23b.json", "/tmp/a#b.json"),
        ("'/tmp/it\\'s.json'", "/tmp/it\\'s.json"),  # inside quotes a backslash is the file's own
    ],
)
def test_a_path_is_read_as_terminals_paste_a_dropped_file(typed, expected):
    from memtrust.screens.ingest import pasted_path

    assert pasted_path(typed) == Path(expected)


def test_a_pasted_path_starting_with_a_tilde_is_in_the_home_folder(monkeypatch, tmp_path):
    from memtrust.screens.ingest import pasted_path

    monkeypatch.setenv("HOME", str(tmp_path))
    assert pasted_path("'~/Downloads/export.zip'") == tmp_path / "Downloads" / "export.zip"


async def test_a_quoted_pasted_zip_path_imports_the_export(store, clock, tmp_path):
    from tests.exports import chatgpt_conversation, write_zip

    folder = tmp_path / "My Exports"
    folder.mkdir()
    write_zip(
        folder / "export.zip",
        {"conversations.json": [chatgpt_conversation("c1", [("user", "Remember that I prefer email.")])]},
    )
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = await _import(pilot, f"'{folder / 'export.zip'}'")
        assert "1 request waiting in your Inbox" in _status(screen)
    assert [m.value for m in store.list(status="pending")] == ["email"]
