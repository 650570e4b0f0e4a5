"""``memtrust context --query --max-tokens`` and a streamed ``memtrust list --json``, in process."""

from __future__ import annotations

import json

import pytest

from memtrust.app.cli import main
from memtrust.store.model import Proposal
from memtrust.store.opening import open_store
from memtrust.store.recall import estimate_tokens
from tests.conftest import TEST_PASSPHRASE


def _fill(path, clock):
    store = open_store(path, create=False, clock=clock).store
    try:
        store.set_learning(True, actor="t")
        for index in range(40):
            store.propose(
                Proposal(
                    f"notes.n{index:02d}", f"trip {index} to Lisbon " + "x" * 80, "explicit", "user", confirmed=True
                ),
                actor="t",
            )
        store.propose(Proposal("style.tone", "plain words, no jargon", "explicit", "user", confirmed=True), actor="t")
        return [{**m.as_record(), "sensitive": m.sensitive} for m in store.list()]  # as list --json prints
    finally:
        store.close()


def test_context_query_prints_standing_rows_first_within_the_budget(passphrase_store_path, clock, capsys, monkeypatch):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    _fill(passphrase_store_path, clock)
    argv = ["context", "--db", str(passphrase_store_path), "--consumer", "assistant", "--query", "Lisbon"]
    assert main([*argv, "--max-tokens", "300"]) == 0
    block = capsys.readouterr().out
    lines = block.splitlines()
    assert lines[0] == "- [saved by you] style.tone: plain words, no jargon"
    assert estimate_tokens(block.rstrip("\n")) <= 300
    assert lines[-1].endswith("more memories left out to stay within 300 tokens)")
    assert main([*argv, "--max-tokens", "50"]) == 1
    assert capsys.readouterr().err == "memtrust: --max-tokens is at least 100.\n"


def test_list_json_streams_exactly_what_one_dump_would_print(passphrase_store_path, clock, capsys, monkeypatch):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    assert main(["list", "--json", "--db", str(passphrase_store_path)]) == 0
    assert capsys.readouterr().out == "[]\n"
    records = _fill(passphrase_store_path, clock)
    assert main(["list", "--json", "--db", str(passphrase_store_path)]) == 0
    assert capsys.readouterr().out == json.dumps(records, ensure_ascii=False, indent=2) + "\n"


@pytest.mark.parametrize("budget", ["99999999999999999999", str(2**63), str(10**400)])
def test_a_budget_beyond_any_number_the_store_counts_is_lowered_not_an_internal_error(
    passphrase_store_path, clock, capsys, monkeypatch, budget
):
    # Every integer option of the command line (--max-tokens is its only one) takes any
    # whole number a user may type: one larger than the database counts is lowered.
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    _fill(passphrase_store_path, clock)
    argv = ["context", "--db", str(passphrase_store_path), "--consumer", "assistant", "--max-tokens", budget]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "internal error" not in captured.err
    assert captured.out.splitlines()[-1].endswith("fits in 100,000,000 tokens)")
