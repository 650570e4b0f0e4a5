"""Benchmark: DSAR export vs a plain dump of the same rows (issue 5). Not a test.

For 10,000 and 100,000 memories (plus one audit event per memory), time:

- ``export``: :func:`store.export.export_text` on the encrypted store (what ``memtrust
  export`` does, minus the file write);
- ``build``: :func:`store.export.build_export` (the dict, for the Markdown report);
- ``iterdump``: Python's ``sqlite3.Connection.iterdump`` of an unencrypted copy of the same
  database (made with ``sqlcipher_export``), joined into one string.

Run: ``.venv/bin/python bench/export_bench.py [N ...]``. Prints seconds and the ratio.
"""

from __future__ import annotations

import json
import sqlite3
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memtrust.store.export import build_export, export_text
from memtrust.store.model import MEMORY_FIELDS
from memtrust.store.opening import create_throwaway_store

T0 = 1_772_452_800  # 2026-03-02 12:00 UTC


def fill(store, count: int) -> None:
    """Insert ``count`` memories (a realistic mix) and one audit event each, in one transaction."""
    rows, events = [], []
    for i in range(count):
        implicit = i % 4 == 0
        memory_id = uuid.uuid4().hex
        values = {
            "id": memory_id,
            "scope": "shared" if i % 5 else "research",
            "key": f"notes.item_{i}",
            "value": f"Memory number {i}: prefers tea over coffee, ünïcödé ✓ {'x' * (i % 200)}",
            "formation": "implicit" if implicit else "explicit",
            "source": "inference:topics" if implicit else "chat",
            "source_ref": f"conv-{i // 10}/msg-{i}",
            "confidence": 0.8 if implicit else 1.0,
            "status": "active" if implicit or i % 3 else "pending",
            "evidence": json.dumps(
                {"conversations": 3, "refs": [f"c{i}/m1", f"c{i}/m2"], "first_seen": T0, "last_seen": T0 + i}
            )
            if implicit
            else None,
            "created_at": T0 + i,
            "updated_at": T0 + i,
            "last_signal_at": T0 + i if implicit else None,
            "expires_at": T0 + 86400 * 60 if implicit else None,
            "confirmed_at": None,
            "reviewed_at": None,
            "pending_until": None,
            "confirmed_in": None,
        }
        rows.append(tuple(values[name] for name in MEMORY_FIELDS))
        events.append(
            (
                T0 + i,
                "write",
                "bench",
                memory_id,
                values["scope"],
                values["key"],
                values["formation"],
                "admit",
                "Saved because you asked.",
                json.dumps({"rule": "3.6", "source": values["source"]}),
            )
        )
    with store.db.write() as conn:
        conn.executemany(
            f"INSERT INTO memories ({', '.join(MEMORY_FIELDS)}) VALUES ({', '.join('?' * len(MEMORY_FIELDS))})", rows
        )
        conn.executemany(
            "INSERT INTO audit (at, event, actor, memory_id, scope, key, formation, outcome, reason, detail)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            events,
        )
    store.db.checkpoint()


def best_of(runs: int, action) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        best = min(best, time.perf_counter() - start)
    return best, result


def bench(count: int, runs: int = 3) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = create_throwaway_store(Path(folder) / "store").store
        fill(store, count)
        plain = Path(folder) / "plain.db"
        with store.db.read() as conn:
            conn.execute(f"ATTACH DATABASE '{plain}' AS plain KEY ''")
            conn.execute("SELECT sqlcipher_export('plain')")
            conn.execute("DETACH DATABASE plain")
        export_s, (text, _) = best_of(runs, lambda: export_text(store, app_version="bench"))
        build_s, _ = best_of(runs, lambda: build_export(store, app_version="bench"))
        plain_conn = sqlite3.connect(plain)
        dump_s, dump = best_of(runs, lambda: "\n".join(plain_conn.iterdump()))
        plain_conn.close()
        store.close()
        print(
            f"{count:>7} memories: export {export_s:6.2f} s (build {build_s:5.2f} s, {len(text) / 1e6:5.1f} MB) | "
            f"iterdump of an unencrypted copy {dump_s:6.2f} s ({len(dump) / 1e6:5.1f} MB) | "
            f"ratio {export_s / dump_s:4.2f}×"
        )


if __name__ == "__main__":
    for n in [int(arg) for arg in sys.argv[1:]] or [10_000, 100_000]:
        bench(n)
