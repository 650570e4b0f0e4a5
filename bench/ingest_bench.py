"""Ingest benchmark (DESIGN.md §6, issue 4): a generated 200 MB ChatGPT-shaped export.

Usage::

    .venv/bin/python bench/ingest_bench.py [--mb 200] [--out /tmp/memtrust-bench]

Writes ``conversations.json`` (the ChatGPT export schema: ``mapping``, ``current_node``,
``parent``/``children``, ``content.parts``, a regenerated branch in some conversations)
into ``--out``, then, each in a fresh child process so the peaks do not mix:

1. ``json.load`` alone on the file: seconds and peak RSS;
2. ``memtrust`` ingest with implicit learning OFF (reading, "remember …" requests, the
   store; no implicit detector runs), into a throwaway encrypted store;
3. ``memtrust`` ingest with implicit learning ON and every default detector: seconds, MB/s,
   peak RSS, and the seconds spent inside each detector (observe and finish).

It prints the detectors' share of the ingest, (3 − 2) / 3, and the ratio 3 / 2.

``--callgrind`` counts instructions instead (``valgrind --tool=callgrind``, hash seed fixed):
the same children 2 and 3 (the detectors without the timers around each call, as the
pipeline runs them), and once more stopped just before the ingest (interpreter, imports, the
throwaway store); that start is taken off both counts before the share and the ratio are
worked out. Instructions do not swing with the machine's load as seconds do; the
run takes minutes (use ``--mb 20``).

Peak RSS is the child's ``ru_maxrss`` (Linux: KiB). The script is a benchmark, not a test:
it prints figures and exits 1 only if the ingest peak reaches 400 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT_MB = 400

_WORDS = [
    "the",
    "a",
    "to",
    "and",
    "of",
    "in",
    "is",
    "for",
    "it",
    "you",
    "that",
    "with",
    "on",
    "this",
    "how",
    "can",
    "my",
    "what",
    "do",
    "python",
    "code",
    "error",
    "function",
    "recipe",
    "trip",
    "flight",
    "guitar",
    "garden",
    "photo",
    "camera",
    "car",
    "engine",
    "book",
    "novel",
    "chapter",
    "game",
    "please",
    "thanks",
    "explain",
    "example",
    "list",
    "data",
    "file",
    "table",
    "test",
    "value",
    "string",
    "number",
    "time",
    "today",
]


def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(words)).capitalize() + "."


def _conversation(rng: random.Random, index: int, start: int) -> dict:
    mapping: dict[str, dict] = {}
    root = f"c{index}-root"
    mapping[root] = {"id": root, "parent": None, "children": [], "message": None}
    parent, at = root, start
    for turn in range(rng.randint(4, 24)):
        role = "user" if turn % 2 == 0 else "assistant"
        mid = f"c{index}-m{turn}"
        length = rng.choice((3, 6, 12, 40)) if role == "user" else rng.randint(60, 400)
        text = " ".join(_sentence(rng, rng.randint(4, 14)) for _ in range(max(1, length // 9)))
        at += rng.randint(20, 600)
        mapping[mid] = {
            "id": mid,
            "parent": parent,
            "children": [],
            "message": {
                "id": mid,
                "author": {"role": role, "name": None, "metadata": {}},
                "create_time": at,
                "update_time": None,
                "content": {"content_type": "text", "parts": [text]},
                "status": "finished",
                "end_turn": True,
                "weight": 1,
                "metadata": {"model_slug": "gpt-4o", "finish_details": {"type": "stop"}},
                "recipient": "all",
            },
        }
        mapping[parent]["children"].append(mid)
        if role == "assistant" and rng.random() < 0.1:  # a regenerated, abandoned branch
            alt = mid + "-alt"
            mapping[alt] = json.loads(json.dumps(mapping[mid]))
            mapping[alt]["id"] = mapping[alt]["message"]["id"] = alt
            mapping[parent]["children"].append(alt)
        parent = mid
    return {
        "title": _sentence(rng, 4),
        "create_time": start,
        "update_time": at,
        "mapping": mapping,
        "current_node": parent,
        "moderation_results": [],
        "plugin_ids": None,
        "id": f"conv-{index}",
        "conversation_id": f"conv-{index}",
        "is_archived": False,
        "safe_urls": [],
    }


def generate(path: Path, megabytes: int) -> int:
    """Write a ChatGPT-shaped export of about ``megabytes`` MB; return the conversation count."""
    rng = random.Random(4)
    target = megabytes * 1_000_000
    written, count, start = 0, 0, 1_700_000_000
    with open(path, "w", encoding="utf-8") as out:
        out.write("[")
        while written < target:
            chunk = ("," if count else "") + json.dumps(_conversation(rng, count, start), ensure_ascii=False)
            out.write(chunk)
            written += len(chunk.encode("utf-8"))
            count += 1
            start += rng.randint(600, 30_000)
        out.write("]")
    return count


_JSON_LOAD = """
import json, resource, sys, time
t = time.perf_counter()
with open(sys.argv[1], "rb") as f:
    data = json.load(f)
seconds = time.perf_counter() - t
print(json.dumps({"seconds": seconds, "conversations": len(data),
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

_INGEST = """
import json, resource, sys, tempfile, time
from pathlib import Path
from memtrust.app.detectors import default_detectors
from memtrust.app.pipeline import ingest_file
from memtrust.store.opening import create_throwaway_store


class Timed:
    # Wraps one detector and adds up the seconds spent in it.
    def __init__(self, detector):
        self.detector, self.seconds, self.cpu = detector, 0.0, 0.0

    def __call__(self, conversation, file_name, reading=None):
        # The pipeline's shared reading is passed on, as the pipeline does without the wrapper.
        t, c = time.perf_counter(), time.process_time()
        try:
            return self.detector(conversation, file_name, reading)
        finally:
            self.seconds += time.perf_counter() - t
            self.cpu += time.process_time() - c

    def finish(self):
        t, c = time.perf_counter(), time.process_time()
        try:
            return self.detector.finish()
        finally:
            self.seconds += time.perf_counter() - t
            self.cpu += time.process_time() - c


learning = sys.argv[2] == "on"
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
opened = create_throwaway_store(Path(tempfile.mkdtemp()) / "store")
store = opened.store
store.set_learning(learning, actor="bench")
# Counted by callgrind ("untimed"), the detectors run as the pipeline runs them, without the
# timers around each call (whose own cost would be counted as theirs).
untimed = sys.argv[3:] == ["untimed"]
timed = [detector if untimed else Timed(detector) for detector in default_detectors()]
if sys.argv[2] == "start":  # stopped just before the ingest: what --callgrind takes off
    raise SystemExit(0)
t, c = time.perf_counter(), time.process_time()
report = ingest_file(store, Path(sys.argv[1]), implicit_detectors=timed)
seconds, cpu = time.perf_counter() - t, time.process_time() - c
inferred = {m.key: [m.value, m.confidence] for m in store.list(formation="implicit")}
print(json.dumps({"seconds": seconds, "cpu": cpu, "conversations": report.conversations, "detectors_ran": report.detectors_ran,
                  "inferred": inferred, "baseline_mb": before,
                  "detector_seconds": {d.detector.name: d.seconds for d in timed} if learning and not untimed else {},
                  "detector_cpu": {d.detector.name: d.cpu for d in timed} if learning and not untimed else {},
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
store.close()
"""


def _child(code: str, path: Path, *args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", code, str(path), *args], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def _instructions(code: str, path: Path, *args: str) -> int:
    """Instructions the child runs, counted by valgrind's callgrind (hash seed fixed)."""
    with tempfile.TemporaryDirectory() as scratch:
        valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out"]
        done = subprocess.run(
            [*valgrind, sys.executable, "-c", code, str(path), *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind gave no instruction count: {done.stderr.strip()[-300:]}")
    return int(found.group(1))


def callgrind(path: Path) -> None:
    """Print the instructions of the ingest without and with detectors, start taken off."""
    start = _instructions(_INGEST, path, "start", "untimed")
    off = _instructions(_INGEST, path, "off", "untimed") - start
    on = _instructions(_INGEST, path, "on", "untimed") - start
    print(f"instructions (callgrind), start-up {start / 1e9:.2f} G taken off each:")
    print(f"ingest, learning off     : {off / 1e9:7.2f} G")
    print(f"ingest, learning on      : {on / 1e9:7.2f} G")
    print(f"detectors' share of the ingest: {(on - off) / on:.1%}; with detectors / without: {on / off:.2f}×")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=200, help="size of the generated export in MB")
    parser.add_argument("--out", type=Path, default=Path("/tmp/memtrust-bench"))
    parser.add_argument("--reuse", action="store_true", help="reuse an existing generated file")
    parser.add_argument("--callgrind", action="store_true", help="count instructions with valgrind instead")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "conversations.json"
    if not (args.reuse and path.exists()):
        t = time.perf_counter()
        count = generate(path, args.mb)
        print(f"generated {path} ({count} conversations) in {time.perf_counter() - t:.1f} s")
    size_mb = path.stat().st_size / 1_000_000
    if args.callgrind:
        callgrind(path)
        return 0
    loaded = _child(_JSON_LOAD, path)
    reading = _child(_INGEST, path, "off")
    ingested = _child(_INGEST, path, "on")
    print(f"file: {size_mb:.1f} MB, {ingested['conversations']} conversations")
    print(
        f"json.load alone          : {loaded['seconds']:7.1f} s  {size_mb / loaded['seconds']:6.1f} MB/s  "
        f"peak RSS {loaded['peak_mb']:7.1f} MB"
    )
    print(
        f"ingest, learning off     : {reading['seconds']:7.1f} s  {size_mb / reading['seconds']:6.1f} MB/s  "
        f"peak RSS {reading['peak_mb']:7.1f} MB"
    )
    print(
        f"ingest, learning on      : {ingested['seconds']:7.1f} s  {size_mb / ingested['seconds']:6.1f} MB/s  "
        f"peak RSS {ingested['peak_mb']:7.1f} MB (interpreter + imports before ingest: {ingested['baseline_mb']:.1f} MB)"
    )
    inside = ingested["detector_seconds"]
    print("seconds inside each detector: " + ", ".join(f"{name} {s:.1f}" for name, s in inside.items()))
    share = (ingested["seconds"] - reading["seconds"]) / ingested["seconds"]
    print(
        f"detectors' share of the ingest: {share:.0%} (inside them: {sum(inside.values()) / ingested['seconds']:.0%}); "
        f"ingest with detectors / without: {ingested['seconds'] / reading['seconds']:.2f}×"
    )
    cpu_inside = ingested["detector_cpu"]
    cpu_share = (ingested["cpu"] - reading["cpu"]) / ingested["cpu"]
    print(
        f"CPU seconds (steady on a busy machine): learning off {reading['cpu']:.1f}, on {ingested['cpu']:.1f}; "
        "inside each detector: " + ", ".join(f"{name} {s:.2f}" for name, s in cpu_inside.items())
    )
    print(
        f"detectors' share of the ingest in CPU time: {cpu_share:.0%}; "
        f"with detectors / without: {ingested['cpu'] / reading['cpu']:.2f}×"
    )
    print(f"detectors ran: {ingested['detectors_ran']}; inferred: {ingested['inferred']}")
    ok = ingested["peak_mb"] < LIMIT_MB
    print(f"peak under {LIMIT_MB} MB: {'yes' if ok else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
