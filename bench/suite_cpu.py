"""Where the test suite spends its CPU: seconds per test file and the slowest tests.

Usage::

    .venv/bin/python bench/suite_cpu.py [pytest arguments…]

Runs pytest (with the project's options: xdist on every core) and, in each worker, reads
``getrusage`` before and after every test — the worker's own CPU plus that of the child
processes it waited for (the memtrust commands, MCP servers and terminals tests start) — and
prints, at the end, the wall time, the CPU seconds of the whole run, per test file, and the
30 tests that cost most. CPU seconds hardly move when the machine is busy; wall time does,
so compare runs by CPU.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class CpuPerTest:
    """A pytest plugin: each process appends ``{"test", "cpu"}`` lines to a file in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        before = _cpu_seconds()
        yield
        spent = _cpu_seconds() - before
        name = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with (self.folder / f"{name}.jsonl").open("a", encoding="utf-8") as log:
            log.write(json.dumps({"test": item.nodeid, "cpu": spent}) + "\n")


def main(arguments: list[str]) -> int:
    folder = Path(tempfile.mkdtemp(prefix="memtrust-suite-cpu-"))
    os.environ["MEMTRUST_SUITE_CPU_DIR"] = str(folder)  # read by pytest_configure in each worker
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    started_wall, started_cpu = time.monotonic(), _cpu_seconds()
    status = pytest.main(["-p", "bench.suite_cpu", *arguments], plugins=[])
    wall, cpu = time.monotonic() - started_wall, _cpu_seconds() - started_cpu
    per_test = Counter()
    for log in folder.glob("*.jsonl"):
        for line in log.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            per_test[entry["test"]] += entry["cpu"]
    per_file = Counter()
    for test, spent in per_test.items():
        per_file[test.split("::")[0]] += spent
    print(f"\nwall {wall:.1f} s   CPU {cpu:.1f} s (whole run: collection, workers, their children)")
    print(f"CPU inside tests {sum(per_test.values()):.1f} s, {len(per_test)} tests\n")
    print("CPU s   file")
    for file, spent in per_file.most_common():
        print(f"{spent:6.1f}   {file}")
    print("\nCPU s   test (30 costliest)")
    for test, spent in per_test.most_common(30):
        print(f"{spent:6.2f}   {test}")
    return int(status)


def pytest_configure(config) -> None:
    """Loaded with ``-p bench.suite_cpu`` in the main process and in every xdist worker."""
    folder = os.environ.get("MEMTRUST_SUITE_CPU_DIR")
    if folder:
        config.pluginmanager.register(CpuPerTest(Path(folder)), "memtrust-suite-cpu")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    sys.exit(main(sys.argv[1:]))
