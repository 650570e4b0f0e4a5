"""Helpers for the TUI tests (tests/test_tui_*.py); plain functions, no fixtures.

conftest.py gives the fixtures ``clock`` (fixed at 2026-03-02 12:00 UTC) and ``store`` (a
throwaway store on that clock). Here: known memories, the app under test, and ways to wait
for the store workers and read what the screen actually rendered.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from types import SimpleNamespace

from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input
from textual.worker import WorkerCancelled, WorkerState

from memtrust.app.app import MemtrustApp
from memtrust.app.settings import Settings
from memtrust.store.memories import MemoryStore
from memtrust.store.model import Memory, Proposal

SAID_AT = int(datetime(2026, 2, 20, 9, 30, tzinfo=UTC).timestamp())


def saved(store: MemoryStore, key: str, value: str, **fields) -> Memory:
    """Write an explicit memory the user typed and confirmed; return the row."""
    result = store.propose(Proposal(key, value, "explicit", "user", confirmed=True, **fields), actor="test")
    assert result.memory is not None, result.decision.reason
    return result.memory


def pending_from_chat(store: MemoryStore, key: str, value: str, title: str = "Trip planning") -> Memory:
    """Write an explicit memory found in a chat: it waits in the Inbox (§3.6)."""
    result = store.propose(
        Proposal(
            key,
            value,
            "explicit",
            "chat",
            source_ref="conversations.json#c1/m7",
            evidence={"conversation_title": title, "said_at": SAID_AT},
        ),
        actor="test",
    )
    assert result.memory is not None and result.memory.status == "pending", result.decision.reason
    return result.memory


def inferred(store: MemoryStore, key: str, value: str, confidence: float = 0.82) -> Memory:
    """Write an implicit memory from the reply-length detector (turns learning on, then off)."""
    store.set_learning(True, actor="test")
    result = store.propose(
        Proposal(
            key,
            value,
            "implicit",
            "inference:reply_length",
            confidence=confidence,
            evidence={
                "detector": "reply_length",
                "short_replies": 7,
                "replies": 9,
                "first_seen": SAID_AT,
                "last_seen": SAID_AT,
            },
        ),
        actor="test",
    )
    store.set_learning(False, actor="test")
    assert result.memory is not None, result.decision.reason
    return result.memory


def known(store: MemoryStore) -> MemoryStore:
    """``store`` with one saved memory (profile.name) and one pending from a chat
    (contact.preferred_channel = email); returns the store."""
    saved(store, "profile.name", "Sam Rivera")
    pending_from_chat(store, "contact.preferred_channel", "email")
    return store


def counted_ids(monkeypatch) -> None:
    """Memory ids become 00000000000000000000000000000001, …2, … (snapshots show no randomness)."""
    counter = iter(range(1, 1_000_000))
    fake_uuid = SimpleNamespace(uuid4=lambda: SimpleNamespace(hex=f"{next(counter):032x}"))
    monkeypatch.setattr("memtrust.store.memories.uuid", fake_uuid)


def make_app(store: MemoryStore, clock, **options) -> MemtrustApp:
    """The app under test on ``store``, in demo (memory) key mode, with the fixed clock and
    default settings (never the user's settings file)."""
    options.setdefault("settings", Settings())
    return MemtrustApp(store, key_mode=options.pop("key_mode", "memory"), clock=clock, **options)


async def settle(pilot: Pilot) -> None:
    """Wait until every store worker has finished and its messages are handled: rounds of
    waiting for the workers, then letting the app handle what they posted (which may start
    more), until a round finds no worker to wait for and leaves none running — at most three.
    (A worker cancelled meanwhile was superseded by a newer one of its exclusive group: see
    :func:`wait_for_workers`.) Each round's pause redraws the screen, the costly part of a
    TUI test, so rounds that cannot change anything are not taken."""
    for _ in range(3):
        waited = await wait_for_workers(pilot.app)
        await pilot.pause()
        if not waited and all(worker.is_finished for worker in pilot.app.workers):
            return


async def wait_for_workers(app: App) -> int:
    """Wait for every started worker of ``app`` to end and return how many there were;
    raise WorkerFailed if one failed.

    A cancelled worker is no failure: an exclusive worker (the outside-writes poll, a search
    read) is cancelled when a newer one replaces it. Textual's ``wait_for_complete`` raises
    WorkerCancelled for it, so a test failed whenever a poll was replaced while it waited;
    and it raises WorkerError for a worker not started yet (the next round waits for that one).
    """
    started = [worker for worker in app.workers if worker.state is not WorkerState.PENDING]
    outcomes = await asyncio.gather(*(worker.wait() for worker in started), return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, BaseException) and not isinstance(outcome, WorkerCancelled):
            raise outcome
    return len(started)


def rendered(widget: Widget) -> str:
    """The text ``widget`` draws on screen now, line by line (what a user sees)."""
    width, height = widget.region.size
    strips = widget.render_lines(Region(0, 0, width, height))
    return "\n".join(strip.text.rstrip() for strip in strips)


def flat(text: str) -> str:
    """``text`` with every run of whitespace (line breaks of wrapped text) made one space."""
    return " ".join(text.split())


def detail_shown(app) -> str:
    """The detail panel's rendered text, wrapped lines joined (see :func:`flat`)."""
    return flat(rendered(app.screen.query_one("#detail-text")))


async def open_from_main(pilot: Pilot, *keys: str) -> None:
    """Wait for the main screen's first read, press ``keys`` there, and wait for what they
    opened (a screen or a dialog) to settle."""
    await settle(pilot)
    await pilot.press(*keys)
    await settle(pilot)


async def fill_and_press(pilot: Pilot, field_id: str, value: str, key: str) -> Input:
    """Focus the Input ``#field_id`` on the current screen, set its value (as if typed), press
    ``key`` (Enter, Tab, Escape, …) and settle; returns the field."""
    field = pilot.app.screen.query_one(f"#{field_id}", Input)
    field.focus()
    await pilot.pause()
    field.value = value
    await pilot.press(key)
    await settle(pilot)
    return field
