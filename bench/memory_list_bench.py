"""How well memtrust tells a memory list from other text (``app.ingest.memory_list``).

Usage::

    .venv/bin/python bench/memory_list_bench.py

Reads the labelled texts of ``tests/data/memory_lists`` — ``lists/`` and ``not_lists/``
(written while the rules were made), ``second_batch/lists`` and ``second_batch/not_lists``
(written afterwards; see that folder's README for what was changed after its first run) —
and prints, per set, the precision and recall of "read as a memory list", the texts it got
wrong, and the items read from each list.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memtrust.app.ingest.memory_list import read_memory_list_file
from memtrust.store.errors import IngestError

DATA = ROOT / "tests" / "data" / "memory_lists"
SETS = {"development": DATA, "second batch": DATA / "second_batch"}


def read(path: Path) -> int | None:
    """How many items memtrust reads from ``path``, or None when it refuses the text."""
    try:
        return len(read_memory_list_file(path).items)
    except IngestError:
        return None


def main() -> None:
    for label, folder in SETS.items():
        lists = sorted((folder / "lists").glob("*.*"))
        others = sorted((folder / "not_lists").glob("*.*"))
        read_lists = {path.name: read(path) for path in lists}
        read_others = {path.name: read(path) for path in others}
        true_positive = sum(1 for count in read_lists.values() if count is not None)
        false_positive = sum(1 for count in read_others.values() if count is not None)
        precision = true_positive / (true_positive + false_positive) if true_positive + false_positive else 0.0
        recall = true_positive / len(lists) if lists else 0.0
        print(f"{label}: {len(lists)} memory lists, {len(others)} other texts")
        print(f"  read as a memory list: precision {precision:.0%}, recall {recall:.0%}")
        print(f"  other texts refused: {len(others) - false_positive} of {len(others)}")
        for name, count in read_lists.items():
            print(f"    list   {name}: {'REFUSED' if count is None else f'{count} items'}")
        for name, count in read_others.items():
            print(f"    other  {name}: {'refused' if count is None else f'READ ({count} items)'}")


if __name__ == "__main__":
    main()
