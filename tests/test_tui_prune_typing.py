"""The launch prune gives way to typing (DESIGN.md §4 prune at launch, §8 search as you
type): it deletes a few rows per write transaction, so a keystroke's read waits for one small
batch at most, and between two batches it waits while letters are being typed in the search
box; a keystroke's read holds the store once for all of its reads, and the garbage collector
waits until the keystroke's frame is painted."""

from __future__ import annotations

import gc
import threading
import time

from textual.screen import Screen
from tui_fixtures import inferred, make_app, saved, settle

from memtrust.screens import main as main_screen
from memtrust.screens.main import MainScreen
from memtrust.store import retention

SIZE = (120, 40)


async def _until_set(pilot, event) -> None:
    """Let the app run (at most 5 s) until ``event`` is set by the prune's worker."""
    for _ in range(500):
        await pilot.pause(0.01)
        if event.is_set():
            return


async def test_the_launch_prune_deletes_small_batches_and_waits_while_the_user_types(store, clock, monkeypatch):
    expiring = [saved(store, f"notes.item_{n}", f"item {n}") for n in range(12)]
    with store.db.write() as conn:  # each given a time to live that has run out
        conn.execute("UPDATE memories SET expires_at = ?", (int(clock.now.timestamp()) - 60,))
    monkeypatch.setattr(main_screen, "PRUNE_AFTER_TYPING_PAUSE", 0.4)
    batches: list[tuple[float, int]] = []
    started, typed = threading.Event(), threading.Event()
    real = retention.prune_batch

    def recorded(conn, **kwargs):
        batches.append((time.monotonic(), kwargs["limit"]))
        if len(batches) == 1:
            started.set()
            assert typed.wait(10)  # the first batch holds the store while the user types
        return real(conn, **kwargs)

    monkeypatch.setattr(retention, "prune_batch", recorded)
    app = make_app(store, clock, prune=True)
    async with app.run_test(size=SIZE) as pilot:
        await _until_set(pilot, started)
        assert started.is_set()
        await pilot.press("slash", "t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MainScreen) and screen.search_text == "t"
        typed_at = screen.last_typed
        typed.set()
        await settle(pilot)
        assert {memory.id for memory in store.list()}.isdisjoint(memory.id for memory in expiring)
    assert [limit for _at, limit in batches] == [main_screen.LAUNCH_PRUNE_BATCH] * len(batches)
    assert len(batches) >= 3  # 12 rows, 5 at a time
    assert batches[1][0] >= typed_at + 0.4  # the next batch waited for the pause in typing


async def test_a_keystroke_reads_its_view_holding_the_store_once(store, clock, monkeypatch):
    saved(store, "music.genre", "jazz record")
    # Only the keystroke's read: not the count of matches after a pause, nor the poll.
    monkeypatch.setattr(main_screen, "COUNT_AFTER_TYPING_PAUSE", 60)
    monkeypatch.setattr(MainScreen, "OUTSIDE_WRITES_POLL_SECONDS", 60)
    inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        await settle(pilot)
        held = store.db._held
        taken: list[bool] = []

        def counted():
            taken.append(store.db._lock._is_owned())  # already held by this thread: not a new wait
            return held()

        monkeypatch.setattr(store.db, "_held", counted)
        await pilot.press("j")
        await settle(pilot)
        assert taken and taken.count(False) == 1, taken  # one acquisition, every other read nested in it
        assert app.screen.memory_view.search == "j"


async def test_the_garbage_collector_waits_for_the_keystrokes_frame(store, clock, monkeypatch):
    saved(store, "music.genre", "jazz record")
    app = make_app(store, clock)
    frames: list[tuple[str, bool]] = []
    refresh = Screen._compositor_refresh

    def recording(screen: Screen) -> None:
        refresh(screen)
        if isinstance(screen, MainScreen) and screen.memory_view is not None:
            frames.append((screen.memory_view.search, gc.isenabled()))

    monkeypatch.setattr(Screen, "_compositor_refresh", recording)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        await settle(pilot)
        assert gc.isenabled()
        frames.clear()
        await pilot.press("j")
        await settle(pilot)
        assert ("j", False) in frames  # the letter's frame was painted with the collector held
        assert gc.isenabled()  # and it runs again after it


async def test_a_search_made_before_the_launch_prune_ends_never_shows_an_expired_row(store, clock, monkeypatch):
    kept = saved(store, "music.genre", "jazz record")
    gone = saved(store, "music.old_genre", "jazz standards")
    with store.db.write() as conn:
        conn.execute("UPDATE memories SET expires_at = ? WHERE id = ?", (int(clock.now.timestamp()) - 60, gone.id))
    started, release = threading.Event(), threading.Event()
    prune = store.prune

    def held_prune(**kwargs):
        started.set()
        assert release.wait(10)
        return prune(**kwargs)

    monkeypatch.setattr(store, "prune", held_prune)
    app = make_app(store, clock, prune=True)
    async with app.run_test(size=SIZE) as pilot:
        await _until_set(pilot, started)
        await pilot.press("slash", *"jazz")
        screen = app.screen
        for _ in range(500):
            await pilot.pause(0.01)
            if screen.memory_view is not None and screen.memory_view.search == "jazz" and not screen.reading:
                break
        assert not release.is_set() and screen.memory_view.search == "jazz"
        assert [m.id for m in screen.memory_view.saved] == [kept.id]  # the expired row is not shown
        release.set()
        await settle(pilot)
        assert screen.pruning_up_to is None
        assert gone.id not in {m.id for m in store.list()}
