"""Inbox benchmark (DESIGN.md §8: the UI stays responsive): opening the Inbox with thousands
of waiting requests.

Usage::

    .venv/bin/python bench/inbox_bench.py [--sizes 100,1000,6000] [--runs 3]

For each size, an encrypted store (raw key held by the benchmark) gets that many pending
requests (chat requests with a conversation's title, through the store's one write path),
then, headless at 80×24, the app posts ``i`` on the main screen and the benchmark waits until
the Inbox shows its first rows. It prints, as the median of ``--runs``:

- **open**: wall time from the key to the first frame with rows, and the process's CPU time
  (``time.process_time``: the UI thread and the worker reading the store) over the same span;
- **longest stall**: the longest the event loop was kept from running a 5 ms heartbeat in
  that span — how long a key typed meanwhile would wait (the UI thread building and laying
  out rows blocks it; a worker reading the store does not);
- **rows shown**: how many requests the Inbox lists at once.

A benchmark, not a test: it always exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from textual import events
from textual.widgets import OptionList

from memtrust.app.app import MemtrustApp
from memtrust.app.settings import Settings
from memtrust.screens.inbox import InboxScreen
from memtrust.store.db import Database
from memtrust.store.keys import KeyRecord, new_raw_key, write_key_record
from memtrust.store.memories import MemoryStore
from memtrust.store.model import Proposal
from memtrust.store.notes import note_key

SIZE = (80, 24)
HEARTBEAT = 0.005


def fill(store: MemoryStore, count: int) -> None:
    """``count`` pending chat requests, each with its conversation's title as evidence."""
    proposals = [
        Proposal(
            note_key(f"request {n}: likes topic number {n}"),
            f"request {n}: likes topic number {n}",
            "explicit",
            "chat",
            source_ref=f"conversations.json#c{n}/m1",
            evidence={"conversation": f"Conversation {n}", "said_at": 1767225600},
        )
        for n in range(count)
    ]
    for start in range(0, count, 1000):
        store.propose_many(proposals[start : start + 1000], actor="bench")


async def open_inbox(store: MemoryStore) -> tuple[float, float, float, int]:
    """(wall seconds, CPU seconds, longest stall seconds, rows shown) of one Inbox opening."""
    app = MemtrustApp(store, key_mode="memory", settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while app.workers and not all(w.is_finished for w in app.workers):
            await asyncio.sleep(0.01)
        await pilot.pause()
        stall = 0.0
        done = False

        async def heartbeat() -> None:
            nonlocal stall
            last = time.perf_counter()
            while not done:
                await asyncio.sleep(HEARTBEAT)
                now = time.perf_counter()
                stall = max(stall, now - last - HEARTBEAT)
                last = now

        beat = asyncio.create_task(heartbeat())
        wall, cpu = time.perf_counter(), time.process_time()
        app.post_message(events.Key("i", "i"))
        while True:
            await asyncio.sleep(0.002)
            screen = app.screen
            if isinstance(screen, InboxScreen):
                options = screen.query_one("#inbox-list", OptionList)
                if options.option_count and not options.loading:
                    break
        await pilot.pause()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        done = True
        await beat
        shown = options.option_count
    return wall, cpu, stall, shown


def bench(size: int, runs: int) -> None:
    walls, cpus, stalls, shown = [], [], [], 0
    with tempfile.TemporaryDirectory(prefix="memtrust-inbox-bench-") as folder:
        path = Path(folder) / "store" / "memtrust.db"
        path.parent.mkdir(mode=0o700)
        key = new_raw_key("memory")
        database = Database.create(path, key, store_id=uuid.uuid4().hex, now_epoch=int(time.time()))
        write_key_record(path, KeyRecord("memory"), exclusive=True)
        store = MemoryStore(database)
        fill(store, size)
        for _ in range(runs):
            wall, cpu, stall, shown = asyncio.run(open_inbox(store))
            walls.append(wall)
            cpus.append(cpu)
            stalls.append(stall)
        store.db.close()
    print(
        f"{size:>6,} waiting: open {statistics.median(walls) * 1000:8.0f} ms wall, "
        f"{statistics.median(cpus) * 1000:8.0f} ms CPU; longest stall {statistics.median(stalls) * 1000:7.0f} ms; "
        f"rows shown {shown:,}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,6000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for size in (int(s) for s in args.sizes.split(",")):
        bench(size, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
