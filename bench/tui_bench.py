"""TUI benchmark (DESIGN.md §8): launch, search and the Overview with 1,000 / 10,000 / 100,000 memories.

Usage::

    .venv/bin/python bench/tui_bench.py [--sizes 1000,10000,100000] [--runs 3] [--verbose]

The 100,000 figures alone, in one run of under two minutes (most of it filling the store)::

    .venv/bin/python bench/tui_bench.py --sizes 100000 --runs 1

For each size, an encrypted store (keyed with a raw key the benchmark holds) is filled fast (``executemany`` in one
transaction through ``store.db.write()``): two thirds explicit, one third inferred, and a
tenth of all rows already expired, so that launch includes the §4 prune. Its audit holds the
influence events of a heavy user (:func:`fill_influence`): five assistants each reading memory
20 times a day for 60 days, 40 rows a read (25 standing rows, 15 drawn from 2,000 others) —
240,000 events. Then, headless at 120×40, each in the same process and run:

- **minimal app**: a bare Textual app (header, a line of text, footer) from ``run_test`` to
  its first paint (the first compositor refresh of its screen) — the floor any Textual app
  pays; the median of :data:`MINIMAL_LAUNCHES` launches;
- **memtrust launch**: ``MemtrustApp`` from ``run_test`` to the first paint of the main
  screen, the median of :data:`LAUNCHES` launches, each on its own copy of the filled store
  (so each has the same tenth to prune; the garbage collector unfrozen before each, as in a
  new process): status line, search box, the panes' frames and titles ("Saved by you (reading…)"),
  the detail frame. The panes' option lists and the footer are mounted right after that
  frame (Textual's lazy-mount pattern), then the screen's first worker reads the first
  pages (the rows already expired left out) and, after posting them, runs the prune, off
  the UI thread;
- **lists**: until the first frame with both option lists mounted (still empty);
- **memtrust data**: until the panes show their first page (page reads done; the prune
  comes after it);
- **search keystroke**: one key event posted to the app (as the terminal driver does) → the
  first frame painted with the panes showing that search, for each letter of a common word,
  of a word that matches nothing and of a longer common word (:data:`SEARCHED`); wall time
  and the process's CPU time (the UI thread and the workers: the store's reads, and the
  prune) over the same span. The words are typed twice: right after the first data, while
  the launch prune runs in its worker (at 100,000 memories it runs for tens of seconds: a
  user searching at once meets it), and again once it has ended. The frame resolves a
  future the benchmark awaits: nothing polls. (``Pilot.press`` is not used for timing: it
  also waits for the whole process to go idle.)
- **overview**: the key ``t`` posted on the main screen → the first frame of the Overview
  (which shows its figures: they are read in a worker before the screen is pushed, by
  ``store.overview.read_overview``), opened :data:`OVERVIEW_OPENS` times a run, the first one on a
  page cache cooled by the searches. Wall time, and the process's CPU time over the same
  span (a figure the other processes of a busy machine do not inflate: these waits poll every
  5 ms, so the benchmark's own polling adds next to nothing to it).

It prints the median of ``--runs`` for each figure and the launch ratio to the minimal app.
Search runs on the store's full-text index (no index is built in memory at launch). Targets at
100,000: launch within 1.5× the minimal app; a search keystroke painted within 16 ms
(median: one frame at 60 Hz) and 33 ms (worst); the Overview open within 100 ms. A
benchmark, not a test: it always exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from textual import events
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Header, Static
from textual.worker import WorkerCancelled, WorkerState

from memtrust.app.app import MemtrustApp
from memtrust.app.settings import Settings
from memtrust.screens.main import MainScreen
from memtrust.screens.overview import OverviewScreen
from memtrust.store.db import Database
from memtrust.store.keys import KeyRecord, StoreKey, new_raw_key, write_key_record
from memtrust.store.memories import MemoryStore
from memtrust.store.model import MEMORY_FIELDS, to_epoch

SIZE = (120, 40)
WORDS = [
    "email",
    "brief",
    "detailed",
    "python",
    "garden",
    "trip",
    "coffee",
    "tea",
    "morning",
    "evening",
    "guitar",
    "novel",
    "camera",
    "berlin",
    "tokyo",
    "lisbon",
    "chess",
    "running",
    "cycling",
    "jazz",
    "sourdough",
    "aisle",
    "window",
    "vegetarian",
]
TOPICS = ("cycling", "baking", "rust", "jazz", "chess", "hiking", "photography", "gardening")


def fill(store: MemoryStore, count: int, *, seed: int = 6) -> None:
    """Insert ``count`` memories in one transaction; every tenth is already expired."""
    rng = random.Random(seed)
    now = to_epoch(store.clock())
    rows = []
    for index in range(count):
        implicit = index % 3 == 0
        expired = index % 10 == 0
        created = now - rng.randint(1, 400) * 86400
        value = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 9)))
        if implicit:
            evidence = json.dumps(
                {
                    "detector": "topics",
                    "counts": {"conversations": rng.randint(3, 9)},
                    "message_refs": [f"conversations.json#c{index}/m{n}" for n in range(3)],
                    "first_seen": created,
                    "last_seen": created + 86400,
                    "summary": f"You came back to {rng.choice(TOPICS)} in several separate conversations.",
                }
            )
            row = (
                f"{index:032x}",
                "shared",
                f"interests.topic_{index:06d}",
                value,
                "implicit",
                "inference:topics",
                None,
                0.8,
                "active",
                evidence,
                created,
                created,
                created,
                now - 3600 if expired else now + 40 * 86400,
                None,
                None,
                None,
                None,
            )
        else:
            row = (
                f"{index:032x}",
                "shared",
                f"notes.item_{index:06d}",
                value,
                "explicit",
                "user",
                None,
                1.0,
                "active",
                None,
                created,
                created,
                None,
                now - 3600 if expired else None,
                created,
                None,
                None,
                None,
            )
        rows.append(row)
    marks = ", ".join("?" * len(MEMORY_FIELDS))
    with store.db.write() as conn:
        conn.executemany(f"INSERT INTO memories ({', '.join(MEMORY_FIELDS)}) VALUES ({marks})", rows)


#: The heavy user's influence audit (see the module docstring).
CONSUMERS = ("assistant", "billing", "research", "calendar", "travel")
READS_PER_DAY, AUDIT_DAYS, ROWS_PER_READ, STANDING_ROWS, POOL = 20, 60, 40, 25, 2000


def fill_influence(store: MemoryStore, size: int, *, seed: int = 17) -> int:
    """Insert the influence events of five assistants reading memory over the last 60 days
    (one transaction; the store's trigger keeps ``influence_given`` as the app would).
    Returns how many events were written."""
    rng = random.Random(seed)
    now = to_epoch(store.clock())
    rows = []
    for consumer in CONSUMERS:
        ids = rng.sample(range(size), min(size, STANDING_ROWS + POOL))
        standing, pool = ids[:STANDING_ROWS], ids[STANDING_ROWS:] or ids
        detail = json.dumps({"consumer": consumer, "purpose": "style"})
        for day in range(AUDIT_DAYS):
            for read in range(READS_PER_DAY):
                at = now - day * 86400 - read * 3000
                given = standing + [rng.choice(pool) for _ in range(ROWS_PER_READ - STANDING_ROWS)]
                for index in given:
                    formation = "implicit" if index % 3 == 0 else "explicit"
                    rows.append(
                        (
                            at,
                            "influence",
                            f"agent:{consumer}",
                            f"{index:032x}",
                            "shared",
                            "k.x",
                            formation,
                            None,
                            detail,
                        )
                    )
    with store.db.write() as conn:
        conn.executemany(
            "INSERT INTO audit (at, event, actor, memory_id, scope, key, formation, outcome, detail)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    return len(rows)


class MinimalApp(App[None]):
    """The floor: a bare Textual app with a header, one line and a footer."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Hello")
        yield Footer()


#: (screen class name, perf_counter) of every compositor refresh: a frame painted.
PAINTS: list[tuple[str, float]] = []
#: perf_counter of every main-screen frame painted with both pane lists mounted.
LIST_PAINTS: list[float] = []
_compositor_refresh = Screen._compositor_refresh


#: (condition, future) pairs: the first frame painted while the condition holds resolves the
#: future with its (perf_counter, process_time) — a wait without polling, which would itself
#: take CPU time.
FRAME_WAITS: list[tuple[Callable[[Screen], bool], asyncio.Future[tuple[float, float]]]] = []


def _recording_refresh(self: Screen) -> None:
    _compositor_refresh(self)
    PAINTS.append((type(self).__name__, time.perf_counter()))
    if isinstance(self, MainScreen) and len(self.query("#saved-list, #inferred-list")) == 2:
        LIST_PAINTS.append(PAINTS[-1][1])
    for wait in [wait for wait in FRAME_WAITS if not wait[1].done() and wait[0](self)]:
        FRAME_WAITS.remove(wait)
        wait[1].set_result((PAINTS[-1][1], time.process_time()))


Screen._compositor_refresh = _recording_refresh  # type: ignore[method-assign]


def _first_paint(screen_name: str, after: float) -> float | None:
    return next((at for name, at in PAINTS if name == screen_name and at >= after), None)


async def _until(condition, *, timeout: float = 60.0, state=None, every: float = 0.0002) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError(f"the app did not get there in time {state() if state else ''}")
        await asyncio.sleep(every)


async def _workers_done(app: MemtrustApp) -> None:
    """Wait until every started worker has ended. A cancelled one is no failure: the
    outside-writes poll is an exclusive worker, replaced by the next poll while the launch
    prune runs (Textual's ``wait_for_complete`` raises WorkerCancelled for it)."""
    started = [worker for worker in app.workers if worker.state is not WorkerState.PENDING]
    for outcome in await asyncio.gather(*(worker.wait() for worker in started), return_exceptions=True):
        if isinstance(outcome, BaseException) and not isinstance(outcome, WorkerCancelled):
            raise outcome


def _next_frame(condition: Callable[[Screen], bool]) -> asyncio.Future[tuple[float, float]]:
    """A future resolved by the first frame painted while ``condition(screen)`` holds."""
    painted: asyncio.Future[tuple[float, float]] = asyncio.get_running_loop().create_future()
    FRAME_WAITS.append((condition, painted))
    return painted


async def _minimal_launch() -> tuple[float, float]:
    """(wall, CPU) seconds from creating the minimal app to its first paint."""
    cpu, start = time.process_time(), time.perf_counter()
    painted = _next_frame(lambda screen: type(screen) is Screen)
    app = MinimalApp()
    async with app.run_test(size=SIZE):
        at, at_cpu = await asyncio.wait_for(painted, timeout=60)
        return at - start, at_cpu - cpu


async def _type(
    app: MemtrustApp, screen: MainScreen, key: str, character: str | None, expected: str
) -> tuple[float, float]:
    """Post one key press as the terminal would; (wall, CPU) seconds until the first frame
    painted with the panes showing the new search. CPU is the process's (the UI thread and
    the worker reading the store): the part of the wall time other processes cannot inflate."""

    def shows_it(painted: Screen) -> bool:
        return (
            painted is screen
            and screen.search_text == expected
            and screen.memory_view is not None
            and screen.memory_view.search == expected
            and not screen.reading
            and screen.generation_shown == screen.generation
        )

    painted = _next_frame(shows_it)
    cpu, began = time.process_time(), time.perf_counter()
    app.post_message(events.Key(key, character))
    at, at_cpu = await asyncio.wait_for(painted, timeout=20)
    return at - began, at_cpu - cpu


#: Seconds from launch until the launch prune (which runs after the first data) had ended.
PRUNED: list[float] = []
#: perf_counter of every time the Overview put figures on its widgets (OverviewScreen.show).
SHOWN: list[float] = []
_show = OverviewScreen.show


def _recording_show(self: OverviewScreen, overview) -> None:
    _show(self, overview)
    SHOWN.append(time.perf_counter())


OverviewScreen.show = _recording_show  # type: ignore[method-assign]


#: The words typed in the search box, a letter at a time: a common one, one that matches
#: nothing, and a longer common one.
SEARCHED = ["jazz", "qxz", "coffee"]
#: Launches of the minimal app a run takes the median of.
MINIMAL_LAUNCHES = 5
#: Launches of memtrust a run takes the median of, each on its own copy of the filled store
#: (each prunes the same expired tenth); the last one goes on to the searches and the Overview.
LAUNCHES = 3
#: How many times each run opens the Overview (Escape closes it in between).
OVERVIEW_OPENS = 3


async def _open_overview(app: MemtrustApp) -> tuple[float, float]:
    """Post ``t`` on the main screen as the terminal would; (wall, CPU) seconds until the first
    frame of the Overview showing its figures. Leaves it open."""
    cpu, began = time.process_time(), time.perf_counter()
    app.post_message(events.Key("t", "t"))
    await _until(lambda: any(at >= began for at in SHOWN), timeout=20, every=0.005)
    shown = next(at for at in SHOWN if at >= began)
    await _until(lambda: _first_paint("OverviewScreen", shown) is not None, timeout=20, every=0.005)
    return _first_paint("OverviewScreen", shown) - began, time.process_time() - cpu


async def _type_words(
    app: MemtrustApp, pilot, screen: MainScreen, words: list[str], *, pruning: bool
) -> list[tuple[float, float, float]]:
    """Type each word a letter at a time in the search box, then Escape; (start perf_counter,
    wall, CPU) seconds of each keystroke. While ``pruning`` the launch prune's worker runs on:
    nothing waits for it between two words."""
    keystrokes = []
    for word in words:
        await pilot.press("slash")
        for typed, letter in enumerate(word, start=1):
            began = time.perf_counter()
            keystrokes.append((began, *await _type(app, screen, letter, letter, word[:typed])))
        await pilot.press("escape")
        await _until(lambda: screen.memory_view.search == "" and not screen.reading)
        if not pruning:
            await _workers_done(app)
        await pilot.pause()
    return keystrokes


#: Keystrokes typed while the launch prune was still running, per run (the words are typed at
#: once after the first data; a small store's prune may end before the last of them).
DURING_PRUNE: list[int] = []


async def _memtrust_run(
    store: MemoryStore, words: list[str]
) -> tuple[
    tuple[float, float], float, float, list[tuple[float, float]], list[tuple[float, float]], list[tuple[float, float]]
]:
    """((wall, CPU) of launch to first paint, to the first frame with both lists mounted, to
    first data painted, [(wall, CPU) of each search keystroke typed while the launch prune
    runs], [the same once it has ended], [(wall, CPU) of each Overview open]) in seconds."""
    cpu, start = time.process_time(), time.perf_counter()
    first_frame = _next_frame(lambda screen: isinstance(screen, MainScreen))
    app = MemtrustApp(store, key_mode="memory", settings=Settings(), prune=True)
    async with app.run_test(size=SIZE) as pilot:
        at, at_cpu = await asyncio.wait_for(first_frame, timeout=60)
        painted = (at - start, at_cpu - cpu)
        await _until(lambda: any(at >= start for at in LIST_PAINTS))
        lists = next(at for at in LIST_PAINTS if at >= start) - start
        await _until(lambda: isinstance(app.screen, MainScreen) and app.screen.memory_view is not None)
        screen = app.screen
        loaded = time.perf_counter()
        await _until(lambda: _first_paint("MainScreen", loaded) is not None)
        data = _first_paint("MainScreen", loaded) - start
        during = await _type_words(app, pilot, screen, words, pruning=True)  # the prune runs meanwhile
        await _workers_done(app)
        pruned = time.perf_counter()
        PRUNED.append(pruned - start)  # the prune (after the first data) has ended
        DURING_PRUNE.append(sum(began < pruned for began, _wall, _cpu in during))
        await pilot.pause()
        keystrokes = await _type_words(app, pilot, screen, words, pruning=False)
        opens = []
        for _open in range(OVERVIEW_OPENS):
            app.set_focus(None)  # t is a key of the main screen, not of the search box
            await pilot.pause()
            opens.append(await _open_overview(app))
            await _workers_done(app)
            await pilot.press("escape")
            await _until(lambda: isinstance(app.screen, MainScreen))
            await pilot.pause()
        return (
            painted,
            lists,
            data,
            [(wall, cpu) for _began, wall, cpu in during],
            [(wall, cpu) for _began, wall, cpu in keystrokes],
            opens,
        )


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


async def _launch_only(store: MemoryStore) -> tuple[float, float]:
    """(wall, CPU) seconds from launch (with the prune) to the main screen's first paint; then
    quit (once the prune has ended)."""
    cpu, start = time.process_time(), time.perf_counter()
    painted = _next_frame(lambda screen: isinstance(screen, MainScreen))
    app = MemtrustApp(store, key_mode="memory", settings=Settings(), prune=True)
    async with app.run_test(size=SIZE):
        at, at_cpu = await asyncio.wait_for(painted, timeout=60)
        await _workers_done(app)
    return at - start, at_cpu - cpu


def _filled_copy(filled: Path, key: StoreKey, folder: Path) -> MemoryStore:
    """A copy of the filled store in ``folder`` (so each launch prunes the same expired tenth)."""
    folder.mkdir(mode=0o700)
    for file in filled.parent.iterdir():
        shutil.copy(file, folder / file.name)
    return MemoryStore(Database.open(folder / filled.name, key))


def bench(size: int, runs: int, verbose: bool = False) -> dict[str, float]:
    """Median figures for one store size."""
    minimal, launch, lists, data, keys, keys_cpu, overview_wall, overview_cpu = [], [], [], [], [], [], [], []
    pruning_keys, pruning_keys_cpu = [], []
    minimal_cpu, launch_cpu = [], []
    for _run in range(runs):
        with tempfile.TemporaryDirectory(prefix="memtrust-bench-") as folder:
            # A raw key the benchmark holds, so each launch opens its own copy of one filled store.
            key = new_raw_key("memory")
            filled = Path(folder) / "filled" / "memtrust.db"
            filled.parent.mkdir(mode=0o700)
            database = Database.create(filled, key, store_id=uuid.uuid4().hex, now_epoch=int(time.time()))
            write_key_record(filled, KeyRecord("memory"), exclusive=True)
            store = MemoryStore(database)
            fill(store, size)
            fill_influence(store, size)
            store.close()
            gc.collect()  # the fill's garbage is the benchmark's, not the app's
            # The floor is the median of a few launches: one launch of either app is one sample.
            floors = [asyncio.run(_minimal_launch()) for _ in range(MINIMAL_LAUNCHES)]
            minimal.append(statistics.median(wall for wall, _cpu in floors))
            minimal_cpu.append(statistics.median(cpu for _wall, cpu in floors))
            launches = []
            for copy in range(LAUNCHES):
                store = _filled_copy(filled, key, Path(folder) / f"launch-{copy}")
                gc.collect()
                gc.unfreeze()  # as in a new process: the app freezes its own launch heap
                if copy < LAUNCHES - 1:
                    launches.append(asyncio.run(_launch_only(store)))
                else:
                    painted, mounted, shown, pruning, keystrokes, opens = asyncio.run(_memtrust_run(store, SEARCHED))
                    launches.append(painted)
                store.close()
            launch.append(statistics.median(wall for wall, _cpu in launches))
            launch_cpu.append(statistics.median(cpu for _wall, cpu in launches))
            lists.append(mounted)
            data.append(shown)
            keys += [wall for wall, _cpu in keystrokes]
            keys_cpu += [cpu for _wall, cpu in keystrokes]
            pruning_keys += [wall for wall, _cpu in pruning]
            pruning_keys_cpu += [cpu for _wall, cpu in pruning]
            overview_wall += [wall for wall, _cpu in opens]
            overview_cpu += [cpu for _wall, cpu in opens]
            if verbose:
                print(
                    f"  {size:,}: minimal app launches (wall, CPU ms) {[(round(w * 1000, 1), round(c * 1000, 1)) for w, c in floors]}"
                )
                print(
                    f"  {size:,}: memtrust launches (wall, CPU ms) {[(round(w * 1000, 1), round(c * 1000, 1)) for w, c in launches]}"
                )
                print(
                    f"  {size:,}: keystrokes while the prune runs (wall, CPU ms)"
                    f" {[(round(w * 1000, 1), round(c * 1000, 1)) for w, c in pruning]}",
                    flush=True,
                )
                print(
                    f"  {size:,}: keystrokes (wall, CPU ms) {[(round(w * 1000, 1), round(c * 1000, 1)) for w, c in keystrokes]}",
                    flush=True,
                )
                print(
                    f"  {size:,}: overview opens (wall, CPU ms) {[(round(w * 1000), round(c * 1000)) for w, c in opens]}"
                )
    return {
        "minimal": statistics.median(minimal),
        "launch": statistics.median(launch),
        "minimal_cpu": statistics.median(minimal_cpu),
        "launch_cpu": statistics.median(launch_cpu),
        "lists": statistics.median(lists),
        "data": statistics.median(data),
        "key_median": statistics.median(keys),
        "key_max": max(keys),
        "key_cpu_median": statistics.median(keys_cpu),
        "key_cpu_max": max(keys_cpu),
        "pruning_key_median": statistics.median(pruning_keys),
        "pruning_key_max": max(pruning_keys),
        "pruning_key_cpu_median": statistics.median(pruning_keys_cpu),
        "pruning_key_cpu_max": max(pruning_keys_cpu),
        "overview": statistics.median(overview_wall),
        "overview_max": max(overview_wall),
        "overview_cpu": statistics.median(overview_cpu),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--verbose", action="store_true", help="print every keystroke's time")
    args = parser.parse_args(argv)
    print(f"headless {SIZE[0]}x{SIZE[1]}, median of {args.runs} runs; a tenth of each store expired (pruned at launch)")
    print(
        f"{'memories':>9} | {'minimal app':>11} | {'memtrust paint':>14} | {'ratio':>5} | {'lists':>9} "
        f"| {'first data':>10} "
        f"| {'search key (median)':>19} | {'search key (max)':>16} | {'key CPU (median, max)':>21} "
        f"| {'overview':>9} | {'(max)':>9} | {'overview CPU':>12}"
    )
    began = time.perf_counter()
    summaries = []
    for size in (int(s) for s in args.sizes.split(",")):
        figures = bench(size, args.runs, args.verbose)
        ratio = figures["launch"] / figures["minimal"]
        key_cpu = f"{figures['key_cpu_median'] * 1000:.1f}, {figures['key_cpu_max'] * 1000:.1f} ms"
        print(
            f"{size:>9,} | {_ms(figures['minimal']):>11} | {_ms(figures['launch']):>14} | {ratio:5.2f} | "
            f"{_ms(figures['lists']):>9} | {_ms(figures['data']):>10} | {_ms(figures['key_median']):>19} | {_ms(figures['key_max']):>16} "
            f"| {key_cpu:>21} | {_ms(figures['overview']):>9} | {_ms(figures['overview_max']):>9} | {_ms(figures['overview_cpu']):>12}",
            flush=True,
        )
        summaries.append(
            f"at {size:,}: search keystroke -> painted median {figures['key_median'] * 1000:.1f} ms, worst"
            f" {figures['key_max'] * 1000:.1f} ms (CPU median {figures['key_cpu_median'] * 1000:.1f} ms, worst"
            f" {figures['key_cpu_max'] * 1000:.1f} ms; {len(SEARCHED)} words, {sum(map(len, SEARCHED)) * args.runs}"
            f" keystrokes); typed while the launch prune runs: median {figures['pruning_key_median'] * 1000:.1f} ms,"
            f" worst {figures['pruning_key_max'] * 1000:.1f} ms (CPU median {figures['pruning_key_cpu_median'] * 1000:.1f}"
            f" ms, worst {figures['pruning_key_cpu_max'] * 1000:.1f} ms; {sum(DURING_PRUNE[-args.runs :])} of"
            f" {sum(map(len, SEARCHED)) * args.runs} keystrokes before it ended);"
            f" launch with prune / minimal app {ratio:.2f} (CPU"
            f" {figures['launch_cpu'] * 1000:.1f} / {figures['minimal_cpu'] * 1000:.1f} ms ="
            f" {figures['launch_cpu'] / figures['minimal_cpu']:.2f})"
        )
    print(
        f"audit: {len(CONSUMERS)} assistants x {READS_PER_DAY} reads a day x {AUDIT_DAYS} days x {ROWS_PER_READ} rows "
        f"= {len(CONSUMERS) * READS_PER_DAY * AUDIT_DAYS * ROWS_PER_READ:,} influence events"
    )
    print(f"overview: median of {OVERVIEW_OPENS} opens a run; CPU is the process's time over the same span")
    if PRUNED:
        print(f"launch prune ended (after the first data) at median {_ms(statistics.median(PRUNED))} from launch")
    for summary in summaries:
        print(summary)
    print(
        "targets at 100,000: launch ratio <= 1.5; search keystroke median <= 16 ms, worst <= 33 ms; overview <= 100 ms"
    )
    print(f"(the whole run took {time.perf_counter() - began:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
