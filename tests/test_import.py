"""memtrust import (§9): a faithful restore into an empty store, merges only when asked,
and a file is checked completely before anything is written."""

from __future__ import annotations

import copy
import json

import pytest

from memtrust.store.errors import InvalidInput
from memtrust.store.export import build_export, dumps_export, write_export
from memtrust.store.model import Proposal
from memtrust.store.opening import create_throwaway_store
from memtrust.store.restore import REFUSED_INFERENCE, restore
from tests.command_line import run_memtrust
from tests.conftest import TEST_PASSPHRASE
from tests.dsar_fixtures import TRICKY_VALUES, fill


@pytest.fixture
def second_store(tmp_path, clock):
    opened = create_throwaway_store(tmp_path / "second", clock=clock)
    yield opened.store
    opened.store.close()


def _through_a_file(data, tmp_path):
    path = write_export(tmp_path / "export.json", dumps_export(data))
    return json.loads(path.read_bytes().decode("utf-8"))


def _snapshot(store):
    with store.db.read() as conn:
        return {
            table: conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            for table in ("memories", "consent", "settings", "ingested_messages")
        }


def test_export_import_export_gives_the_same_memories_consent_settings_and_audit(store, second_store, tmp_path, clock):
    fill(store)
    first = build_export(store, app_version="test")
    report = restore(second_store, _through_a_file(first, tmp_path), actor="test")
    assert report.restored == len(first["memories"])
    clock.advance(hours=1)
    second = build_export(second_store, app_version="test")
    assert second["memories"] == first["memories"]
    assert second["consent"] == first["consent"]
    assert second["settings"] == first["settings"] and second["ingested_messages"] == first["ingested_messages"]
    assert second["audit"][:-1] == first["audit"]
    assert second["audit"][-1]["event"] == "import" and second["audit"][-1]["outcome"] == "restored"
    assert _snapshot(second_store) == _snapshot(store)  # the rows themselves, epoch for epoch


def test_tricky_values_survive_export_import_export(store, second_store, tmp_path):
    fill(store, learning=False)
    restore(second_store, _through_a_file(build_export(store, app_version="test"), tmp_path), actor="test")
    values = {m.key: m.value for m in second_store.list()}
    for key, value in TRICKY_VALUES.items():
        assert values[key] == value


def test_a_restored_pending_row_still_waits_and_a_quarantined_one_stays_held(store, second_store, tmp_path):
    fill(store)
    restore(second_store, _through_a_file(build_export(store, app_version="test"), tmp_path), actor="test")
    assert {m.key for m in second_store.list(status="pending")} == {"profile.name", "work.employer"}
    assert {m.key for m in second_store.list(status="quarantined")} == {"events.surprise_party"}


def test_a_non_empty_store_is_refused_without_a_merge_mode_and_nothing_is_written(store, second_store, tmp_path):
    fill(store)
    data = _through_a_file(build_export(store, app_version="test"), tmp_path)
    second_store.propose(Proposal("contact.preferred_channel", "phone", "explicit", "user", confirmed=True), actor="t")
    before = _snapshot(second_store), second_store.audit_events()
    with pytest.raises(InvalidInput, match="--merge"):
        restore(second_store, data, actor="test")
    assert (_snapshot(second_store), second_store.audit_events()) == before


def test_merge_skip_keeps_what_the_store_holds(store, second_store, tmp_path):
    fill(store)
    data = _through_a_file(build_export(store, app_version="test"), tmp_path)
    second_store.propose(Proposal("contact.preferred_channel", "phone", "explicit", "user", confirmed=True), actor="t")
    second_store.set_setting("implicit_ttl_days", "30")
    report = restore(second_store, data, actor="test", merge="skip")
    assert second_store.list(scope="shared", search="phone")[0].key == "contact.preferred_channel"
    assert [m.value for m in second_store.list() if m.key == "contact.preferred_channel"] == ["phone"]
    assert second_store.setting("implicit_ttl_days") == "30"
    # learning is off here: the two inferences are skipped, as is the held key
    assert report.skipped == 3 and report.skip_reasons == {
        "implicit learning is off in this store": 2,
        "this store already holds that memory": 1,
    }
    assert second_store.counts()["implicit"]["active"] == 0
    events = [e for e in second_store.audit_events() if e.event == "import"]
    assert {e.outcome for e in events} == {"restored", "skip", "merge-skip"}
    assert all(e.formation in ("explicit", "implicit") for e in events if e.outcome != "merge-skip")


def test_an_inference_left_out_for_a_value_that_only_waits_in_the_inbox_does_not_say_you_saved_it(
    store, second_store, tmp_path
):
    fill(store)
    data = _through_a_file(build_export(store, app_version="test"), tmp_path)
    second_store.set_learning(True, actor="t")
    # only a request found in a conversation: pending, nobody has said yes
    second_store.propose(Proposal("style.answer_length", "detailed", "explicit", "chat"), actor="t")
    report = restore(second_store, data, actor="test", merge="replace")
    assert report.skip_reasons == {
        "a value of yours for it waits for your answer here, and an inference never replaces it": 1
    }
    assert not any("saved that yourself" in reason for reason in report.skip_reasons)


def test_merge_replace_takes_the_imported_value_but_never_lets_an_inference_replace_a_saved_one(
    store, second_store, tmp_path
):
    fill(store)
    data = _through_a_file(build_export(store, app_version="test"), tmp_path)
    second_store.set_learning(True, actor="t")
    second_store.propose(Proposal("contact.preferred_channel", "phone", "explicit", "user", confirmed=True), actor="t")
    second_store.propose(Proposal("style.answer_length", "detailed", "explicit", "user", confirmed=True), actor="t")
    report = restore(second_store, data, actor="test", merge="replace")
    held = {(m.key, m.formation): m.value for m in second_store.list()}
    assert held[("contact.preferred_channel", "explicit")] == "email"
    assert held[("style.answer_length", "explicit")] == "detailed"
    assert ("style.answer_length", "implicit") not in held
    assert report.replaced == 1 and report.skip_reasons == {
        "you saved that yourself here, and an inference never replaces it": 1
    }
    deleted = [e for e in second_store.audit_events() if e.event == "delete"]
    assert [(e.key, e.reason) for e in deleted] == [("contact.preferred_channel", "Replaced by an imported memory.")]


def _tampered(store, tmp_path, change):
    fill(store)
    data = copy.deepcopy(_through_a_file(build_export(store, app_version="test"), tmp_path))
    change(data)
    return data


@pytest.mark.parametrize(
    ("name", "change"),
    [
        ("missing part", lambda d: d.pop("audit")),
        ("bad formation", lambda d: d["memories"][0].update(formation="guessed")),
        ("counts off", lambda d: d["counts"].update(memories=99)),
        ("NUL in a value", lambda d: d["memories"][0].update(value="a\x00b")),
        ("lone surrogate", lambda d: d["memories"][0].update(value="a\ud800b")),
        ("value too long", lambda d: d["memories"][0].update(value="x" * 4001)),
        ("secret", lambda d: d["memories"][0].update(value="my card 4111 1111 1111 1111")),
        ("secret named by the key", lambda d: d["memories"][0].update(key="account.password", value="opensesame")),
        ("impossible date", lambda d: d["memories"][0].update(created_at="2026-02-30T00:00:00Z")),
        ("duplicate id", lambda d: d["memories"][1].update(id=d["memories"][0]["id"])),
        ("naive time", lambda d: d["memories"][0].update(created_at="2026-03-02T12:00:00")),
        ("NaN confidence", lambda d: d["memories"][0].update(confidence=float("nan"))),
    ],
)
def test_a_bad_export_is_refused_whole_before_anything_is_written(store, second_store, tmp_path, name, change):
    data = _tampered(store, tmp_path, change)
    before = _snapshot(second_store), second_store.audit_events()
    with pytest.raises(InvalidInput):
        restore(second_store, data, actor="test")
    assert (_snapshot(second_store), second_store.audit_events()) == before


@pytest.mark.parametrize("merge", [None, "skip"])
@pytest.mark.parametrize(
    ("name", "change"),
    [
        ("sensitive namespace", {"key": "health.mood"}),
        ("sensitive value", {"value": "sees a shrink weekly"}),
        ("worded off every list", {"value": "fasts from dawn to dusk during the holy month"}),
        ("outside the vocabulary", {"key": "habits.weekly", "value": "brief"}),
    ],
)
def test_an_inference_memtrust_would_refuse_is_left_out_with_the_rule_and_the_rest_imported(
    store, second_store, tmp_path, name, change, merge
):
    fill(store)
    data = _through_a_file(build_export(store, app_version="test"), tmp_path)
    [inference] = [m for m in data["memories"] if m["formation"] == "implicit" and m["scope"] == "research"]
    inference.update(change)
    if merge:
        second_store.set_learning(True, actor="t")
        second_store.propose(Proposal("profile.pet", "a cat", "explicit", "user", confirmed=True), actor="t")
    report = restore(second_store, data, actor="test", merge=merge)
    held = {m.id for m in second_store.list()}
    assert inference["id"] not in held
    assert {m["id"] for m in data["memories"]} - held == {inference["id"]}
    assert report.skipped == 1 and report.skip_reasons == {REFUSED_INFERENCE: 1}
    [event] = [e for e in second_store.audit_events() if e.event == "import" and e.outcome == "reject"]
    assert (event.scope, event.formation) == ("research", "implicit")
    assert event.reason.startswith("Not imported: ") and "infer" in event.reason
    assert inference["value"] not in repr(second_store.audit_events())
    assert "1 skipped: an inference memtrust never holds" in report.summary()


# --- through the command line -------------------------------------------------------------------


def _run(home, *args):
    """``memtrust ARGS`` on the store in ``home`` (in process: tests/command_line.py)."""
    return run_memtrust(
        *args, env={"MEMTRUST_HOME": str(home), "HOME": str(home.parent), "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE}
    )


def test_cli_export_then_import_into_a_new_store_and_refuse_a_second_import(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    assert _run(first, "init").returncode == 0 and _run(second, "init").returncode == 0
    assert _run(first, "add", "contact.preferred_channel", "émail ✉️", "--yes").returncode == 0
    out = tmp_path / "export.json"
    assert _run(first, "export", "--out", str(out)).returncode == 0
    done = _run(second, "import", str(out))
    assert done.returncode == 0 and done.stdout.startswith("Imported 1 memory, ")
    listed = json.loads(_run(second, "list", "--json").stdout)
    assert [(m["key"], m["value"]) for m in listed] == [("contact.preferred_channel", "émail ✉️")]
    again = _run(second, "import", str(out))
    assert again.returncode == 1 and "--merge" in again.stderr and "Traceback" not in again.stderr
    assert _run(second, "import", str(out), "--merge", "skip").returncode == 0


def test_cli_import_of_a_bad_file_creates_no_store(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"memories": []}', encoding="utf-8")
    done = _run(tmp_path / "home", "import", str(bad))
    assert done.returncode == 1 and "nothing was imported" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "home" / "memtrust.db").exists()


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("memories.txt", b"- I prefer email\n- My dog is called Rex\n"),
        ("memories.bin", b"\xff\xfe not text"),
        ("conversations.json", b'[{"title": "T", "mapping": {}}]'),
    ],
)
def test_cli_import_of_a_file_that_is_no_export_points_to_ingest(tmp_path, name, content):
    # A memory list or a conversation export given to import: the one sentence names the
    # command that reads it, and no store is created.
    path = tmp_path / name
    path.write_bytes(content)
    done = _run(tmp_path / "home", "import", str(path))
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1 and len(lines) == 1 and "Traceback" not in done.stderr
    assert "not a memtrust export" in lines[0] and "nothing was imported" in lines[0]
    assert "use memtrust ingest" in lines[0]
    assert not (tmp_path / "home" / "memtrust.db").exists()


def test_cli_export_markdown_report(tmp_path):
    home = tmp_path / "home"
    assert _run(home, "init").returncode == 0
    _run(home, "add", "contact.preferred_channel", "email", "--yes")
    out = tmp_path / "report.md"
    done = _run(home, "export", "--format", "md", "--out", str(out))
    assert done.returncode == 0 and "not encrypted" in done.stderr
    assert out.stat().st_mode & 0o777 == 0o600
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# What memtrust holds about you") and "## Saved by you (1)" in text


# --- requests to forget (§6) ---------------------------------------------------------------


def test_a_request_to_forget_survives_export_and_import_into_an_empty_store(store, second_store, tmp_path):
    from memtrust.store.deletion_requests import DeletionRequests

    memory = store.propose(
        Proposal("contact.preferred_channel", "email", "explicit", "user", confirmed=True), actor="test"
    ).memory
    request = DeletionRequests(store).add(
        what="I prefer email",
        utterance="Forget that I prefer email.",
        source_ref="later.jsonl#c2/m0",
        said_at=None,
        memory_ids=[memory.id],
        actor="test",
    )
    data = _through_a_file(build_export(store, app_version="test"), tmp_path)
    report = restore(second_store, data, actor="test")
    assert report.deletion_requests == 1 and "1 request to forget waiting in your Inbox" in report.summary()
    assert DeletionRequests(second_store).pending() == [request]
    again = build_export(second_store, app_version="test")
    assert again["deletion_requests"] == data["deletion_requests"]
    # Restored, it still works: confirming deletes the memory in the new store.
    DeletionRequests(second_store).confirm(request.id, actor="test")
    assert second_store.list() == []


def test_a_merge_adds_a_request_to_forget_only_for_memories_this_store_holds(store, second_store, tmp_path):
    from memtrust.store.deletion_requests import DeletionRequests

    memory = store.propose(
        Proposal("contact.preferred_channel", "email", "explicit", "user", confirmed=True), actor="test"
    ).memory
    DeletionRequests(store).add(
        what="I prefer email",
        utterance="Forget that I prefer email.",
        source_ref="later.jsonl#c2/m0",
        said_at=None,
        memory_ids=[memory.id],
        actor="test",
    )
    data = _through_a_file(build_export(store, app_version="test"), tmp_path)
    second_store.propose(
        Proposal("contact.preferred_channel", "phone", "explicit", "user", confirmed=True), actor="test"
    )
    assert restore(second_store, data, actor="test", merge="skip").deletion_requests == 0  # its memory was skipped
    assert DeletionRequests(second_store).count() == 0
    assert restore(second_store, data, actor="test", merge="replace").deletion_requests == 1
    assert [m.value for request in DeletionRequests(second_store).pending() for m in request.targets] == ["email"]


def test_the_import_summary_counts_one_of_each_in_the_singular():
    from memtrust.store.restore import RestoreReport

    one = RestoreReport(merge=None, restored=1, audit_events=1, consent_events=1)
    assert one.summary() == "Imported 1 memory, 1 audit event and 1 consent event."
    many = RestoreReport(merge=None, restored=3, audit_events=0, consent_events=2)
    assert many.summary() == "Imported 3 memories, 0 audit events and 2 consent events."
    merged = RestoreReport(merge="skip", restored=0, replaced=1, skipped=1)
    assert merged.summary() == "Imported 1 memory (1 replacing one held), skipped 1."


def test_a_client_confirmation_survives_the_round_trip_and_an_older_export_gets_it_as_the_upgrade_does(
    store, second_store, tmp_path
):
    ref = "agent:research#c1;confirmed-by-elicitation"
    kept = store.propose(
        Proposal("profile.name", "Ada", "explicit", "agent", source_ref=ref, confirmed=True, confirmed_in="Zed"),
        actor="agent:research",
    ).memory
    data = build_export(store, app_version="test")
    older = copy.deepcopy(data)  # as memtrust wrote it before it kept confirmed_in
    for record in older["memories"]:
        del record["confirmed_in"]
    restore(second_store, _through_a_file(older, tmp_path), actor="test")
    assert second_store.get(kept.id).confirmed_in == "research"  # the agent: the only name it kept
    third = create_throwaway_store(tmp_path / "third").store
    try:
        restore(third, _through_a_file(data, tmp_path), actor="test")
        assert third.get(kept.id).confirmed_in == "Zed"
    finally:
        third.close()


def test_an_edited_export_never_makes_a_client_confirmed_row_yours_nor_an_agents_guess_shared(
    store, second_store, tmp_path
):
    # An export is outside text (§9, §10): what it says about confirmation and scope may lower
    # what a memory is, never raise it. Emptying confirmed_in, or moving an agent's inference
    # to the shared scope, is undone from the fields that record how the row was formed.
    from memtrust.store.model import confirmed_by_user, to_epoch

    now = to_epoch(store.clock())
    store.set_learning(True, actor="test")
    client_confirmed = store.propose(
        Proposal(
            "profile.name",
            "Zed",
            "explicit",
            "agent",
            source_ref="agent:desk#c1;confirmed-by-elicitation",
            confirmed=True,
            confirmed_in="Desk",
        ),
        actor="agent:desk",
    ).memory
    guess = store.propose(
        Proposal(
            "locale.timezone",
            "Asia/Gaza",
            "implicit",
            "inference:agent_assistant",
            source_ref="agent:assistant#c2",
            scope="assistant",
            confidence=0.9,
            evidence={"agent": "assistant", "first_seen": now, "last_seen": now},
        ),
        actor="agent:assistant",
    ).memory
    data = build_export(store, app_version="test")
    for record in data["memories"]:
        if record["id"] == client_confirmed.id:
            record["confirmed_in"] = None
        if record["id"] == guess.id:
            record["scope"] = "shared"
    restore(second_store, _through_a_file(data, tmp_path), actor="test")
    restored = second_store.get(client_confirmed.id)
    assert restored.confirmed_in == "desk"  # the agent: the only name the mark keeps
    assert not confirmed_by_user(restored)
    assert second_store.get(guess.id).scope == "assistant"
