"""Typing a search is not paused by full garbage collections over what the app holds from
launch (DESIGN.md §8, search as you type): when the main screen first shows the store, the
objects alive then are frozen out of the collector (``gc.freeze``), once per process, and
what is made later is still collected.

Run in a fresh process: the test process itself may have frozen its heap in an earlier test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import asyncio, gc, json, sys, tempfile
from pathlib import Path
from memtrust.app.app import MemtrustApp
from memtrust.app.settings import Settings
from memtrust.screens.main import MainScreen
from memtrust.store.model import Proposal
from memtrust.store.opening import create_throwaway_store

freezes = []
freeze = gc.freeze
gc.freeze = lambda: (freezes.append(1), freeze())[1]

async def main(folder):
    store = create_throwaway_store(Path(folder)).store
    store.propose(Proposal("music.genre", "jazz", "explicit", "user", confirmed=True), actor="test")
    facts = {"before": gc.get_freeze_count()}
    app = MemtrustApp(store, key_mode="memory", settings=Settings())
    async with app.run_test(size=(120, 40)) as pilot:
        while not (isinstance(app.screen, MainScreen) and app.screen.memory_view is not None):
            await pilot.pause(0.01)
        await pilot.pause()
        facts["shown"] = gc.get_freeze_count()
        await pilot.press("r")  # read the store again: no second freeze
        await pilot.pause(0.2)
        facts["freezes"] = len(freezes)
        cycle = []
        cycle.append(cycle)
        del cycle
        facts["collected"] = gc.collect()
    store.close()
    print(json.dumps(facts))

with tempfile.TemporaryDirectory() as folder:
    asyncio.run(main(folder))
"""


def test_the_launch_heap_is_frozen_once_when_the_store_is_first_shown_and_later_garbage_is_collected(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    facts = json.loads(done.stdout.strip().splitlines()[-1])
    assert facts["before"] == 0
    assert facts["shown"] > 10_000  # the app's modules and widgets, not a handful of objects
    assert facts["freezes"] == 1
    assert facts["collected"] >= 1
