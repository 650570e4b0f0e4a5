"""Hostile structure (DESIGN.md §6, §9): JSON nested deeper than 512 levels is refused with one
sentence by ingest (JSON and JSONL) and import, in bounded memory — each run in a child
process under an address-space limit (``resource.setrlimit``), where an unbounded parser
would die of MemoryError or worse instead of answering."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import TEST_PASSPHRASE

resource = pytest.importorskip("resource")

#: The child's address space: far above memtrust's needs, far below what 200 KB of
#: brackets cost a parser that builds a path per level (24 GB, once).
LIMIT_BYTES = 1_500 * 1024 * 1024
DEPTH = 100_000  # 200 KB of brackets

_LIMITED = f"""
import resource, runpy, sys
resource.setrlimit(resource.RLIMIT_AS, ({LIMIT_BYTES}, {LIMIT_BYTES}))
sys.argv = ["memtrust", *sys.argv[1:]]
runpy.run_module("memtrust.app", run_name="__main__")
"""


@pytest.fixture
def memtrust(tmp_path, passphrase_store_path):
    """``memtrust("ingest", …)``: a child process under the address-space limit, on a
    passphrase store (a copy of the session's, as ``memtrust init`` makes one)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "MEMTRUST_HOME": str(passphrase_store_path.parent),
        "HOME": str(tmp_path),
        "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE,
    }

    def run(*args: str) -> subprocess.CompletedProcess:
        command = [sys.executable, "-c", _LIMITED, *args]
        return subprocess.run(command, capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=120)

    return run


def _refused(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1, done
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert "nests deeper than 512 levels" in line
    return line


def test_a_file_of_nested_brackets_is_refused_by_ingest_in_bounded_memory(memtrust, tmp_path):
    path = tmp_path / "conversations.json"
    path.write_text("[" * DEPTH + "]" * DEPTH, encoding="utf-8")
    assert _refused(memtrust("ingest", str(path))).startswith("memtrust: conversations.json")


def test_deep_nesting_inside_the_second_conversation_names_it(memtrust, tmp_path):
    good = {"id": "c1", "title": "Fine", "mapping": {}, "current_node": None}
    path = tmp_path / "conversations.json"
    path.write_text(
        "[" + json.dumps(good) + ', {"title": "Deep", "mapping": ' + "[" * DEPTH + "]" * DEPTH + "}]",
        encoding="utf-8",
    )
    line = _refused(memtrust("ingest", str(path)))
    assert "at conversation 2 (after “Fine”)" in line and "nothing was imported" in line


def test_a_deep_single_object_is_refused_by_ingest(memtrust, tmp_path):
    path = tmp_path / "chat.json"
    path.write_text('{"mapping": ' + '{"a": ' * DEPTH + "1" + "}" * DEPTH + "}", encoding="utf-8")
    _refused(memtrust("ingest", str(path)))


def test_a_deep_jsonl_line_is_refused_naming_its_line(memtrust, tmp_path):
    first = json.dumps({"conversation_id": "c", "role": "user", "content": "hello"})
    deep = '{"conversation_id": "c", "role": "user", "content": ' + "[" * DEPTH + "]" * DEPTH + "}"
    path = tmp_path / "chat.jsonl"
    path.write_text(first + "\n" + deep + "\n", encoding="utf-8")
    assert "(line 2)" in _refused(memtrust("ingest", str(path)))


def test_a_jsonl_line_just_past_the_limit_is_refused_too(memtrust, tmp_path):
    deep = '{"conversation_id": "c", "role": "user", "content": ' + "[" * 600 + "]" * 600 + "}"
    path = tmp_path / "chat.jsonl"
    path.write_text(deep + "\n", encoding="utf-8")
    _refused(memtrust("ingest", str(path)))


def test_a_deep_file_given_to_import_is_one_sentence(memtrust, tmp_path):
    path = tmp_path / "export.json"
    path.write_text('{"meta": ' + "[" * DEPTH + "]" * DEPTH + "}", encoding="utf-8")
    line = _refused(memtrust("import", str(path)))
    assert line.endswith("nothing was imported.")


def test_nesting_at_the_limit_is_read(tmp_path):
    from memtrust.app.ingest.jsonstream import TooDeep, top_level_items

    fine = "[" + "[" * 511 + "]" * 511 + "]"  # 512 levels, counting the outer array
    assert len(list(top_level_items(_bytes(fine)))) == 1
    with pytest.raises(TooDeep):
        list(top_level_items(_bytes("[" + "[" * 512 + "]" * 512 + "]")))


def _bytes(text: str):
    import io

    return io.BytesIO(text.encode())


def test_nesting_exceeds_counts_levels_without_recursing():
    from memtrust.store.nesting import nesting_exceeds

    value: list = []
    for _ in range(100_000):
        value = [value]
    assert nesting_exceeds(value)
    assert not nesting_exceeds({"a": [{"b": 1}]}, limit=3)
    assert nesting_exceeds({"a": [{"b": []}]}, limit=3)


def test_the_limited_child_can_run_memtrust_at_all(memtrust, tmp_path):
    """The limit is not what refuses: a normal export ingests under it."""
    path = tmp_path / "chat.jsonl"
    path.write_text(json.dumps({"conversation_id": "c", "role": "user", "content": "hi"}) + "\n", encoding="utf-8")
    done = memtrust("ingest", str(path))
    assert done.returncode == 0, done.stderr
    assert Path(path).exists()
