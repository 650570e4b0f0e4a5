"""Ingest end to end (§6): real exports through the pipeline into the store.

Real files from tests/data/real/ (see SOURCES.md): chatgpt_structure_example.json
(mitkury/chatgpt-export-parser, MIT), claude_artifacts.json and claude_example.json
(simonw/claude-to-sqlite, Apache-2.0), oasst_en_100.jsonl (LAION-AI/Open-Assistant, Apache-2.0).
"""

from __future__ import annotations

import json

import pytest

from memtrust.app.pipeline import ingest_file
from memtrust.store.notes import note_key
from tests.conftest import T0
from tests.realdata import oasst_to_jsonl_records, write_jsonl


def _chatgpt_with_requests(real_data, tmp_path):
    """The real ChatGPT example with "remember" requests put on its visible branch (msg-4)
    and on the regenerated-away branch (msg-5), keeping its real structure."""
    data = json.loads((real_data / "chatgpt_structure_example.json").read_text(encoding="utf-8"))
    mapping = data[0]["mapping"]
    mapping["msg-4"]["message"]["content"]["parts"] = [
        "Please remember that I prefer email. How do I write a function in JavaScript?"
    ]
    mapping["msg-5"]["message"]["content"]["parts"] = ["Remember that my name is Hidden Branch."]
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["chatgpt_structure_example.json", "claude_artifacts.json", "claude_example.json"])
def test_real_exports_ingest_cleanly_and_infer_nothing_with_learning_off(store, real_data, name):
    report = ingest_file(store, real_data / name)
    assert report.conversations >= 1
    assert report.detectors_ran is False
    assert store.list(formation="implicit") == []
    # These real files hold no "remember…" request, so nothing is proposed from them.
    assert report.results == []


def test_only_the_visible_chatgpt_branch_proposes(store, real_data, tmp_path):
    report = ingest_file(store, _chatgpt_with_requests(real_data, tmp_path))
    pending = store.list(status="pending")
    assert [(m.key, m.value, m.formation, m.source) for m in pending] == [
        ("contact.preferred_channel", "email", "explicit", "chat")
    ]
    assert pending[0].source_ref == "conversations.json#conv-123/msg-4" or pending[0].source_ref.endswith("/msg-4")
    assert pending[0].evidence["conversation_title"]
    assert all("Hidden Branch" not in m.value for m in store.list())
    assert report.outcomes() == {"pending": 1}


def test_reingesting_the_same_file_proposes_nothing_new(store, real_data, tmp_path):
    path = _chatgpt_with_requests(real_data, tmp_path)
    ingest_file(store, path)
    again = ingest_file(store, path)
    assert again.results == [] and again.already_ingested >= 1
    assert len(store.list()) == 1


def test_real_user_request_in_oasst_lands_pending_in_the_inbox(store, real_data, tmp_path):
    """oasst_en_100.jsonl has one real user-side trigger: "Keep in mind that I am not easily scared."."""
    trees = (real_data / "oasst_en_100.jsonl").read_text(encoding="utf-8").splitlines()
    records = [r for number, tree in enumerate(trees) for r in oasst_to_jsonl_records(tree, f"oasst-{number}")]
    path = write_jsonl(tmp_path / "oasst.jsonl", records)
    report = ingest_file(store, path)
    assert report.conversations == 100
    pending = store.list(status="pending")
    assert [(m.key, m.formation) for m in pending] == [(note_key("I am not easily scared"), "explicit")]
    assert store.list(formation="implicit") == []


def test_a_secret_in_a_chat_request_is_rejected_and_confidential_is_quarantined(store, tmp_path):
    SAID = int(T0.timestamp()) - 3600  # an hour before the import: "this week" has not lapsed
    lines = [
        {
            "conversation_id": "c1",
            "role": "user",
            "content": "Remember that my PIN is 4921.",
            "timestamp": SAID,
        },
        {
            "conversation_id": "c1",
            "role": "user",
            "content": "Please remember, confidentially, that I am interviewing at Acme.",
            "timestamp": SAID + 60,
        },
        {
            "conversation_id": "c1",
            "role": "user",
            "content": "From now on, keep answers short this week.",
            "timestamp": SAID + 120,
        },
    ]
    path = tmp_path / "chat.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    report = ingest_file(store, path)
    outcomes = {r.decision.outcome for r in report.results}
    assert outcomes == {"reject", "quarantine", "pending"}
    assert all("4921" not in m.value for m in store.list())
    quarantined = store.list(status="quarantined")
    assert len(quarantined) == 1 and "Acme" in quarantined[0].value
    temporary = store.list(status="pending")
    assert len(temporary) == 1 and temporary[0].expires_at is not None


def test_implicit_detectors_are_not_called_while_learning_is_off(store, real_data):
    calls = []

    def detector(conversation, file_name):
        calls.append(conversation.id)
        return []

    report = ingest_file(store, real_data / "claude_artifacts.json", implicit_detectors=[detector])
    assert calls == [] and report.detectors_ran is False
    store.set_learning(True, actor="test")
    ingest_file(store, real_data / "claude_example.json", implicit_detectors=[detector])
    assert len(calls) == 1


# --- "forget …" becomes a request to forget in the Inbox (§6) ----------------------------

SAID = 1_772_000_000  # 2026-02-25, epoch seconds UTC


def _channel_export(tmp_path, name: str, *, with_forget: bool):
    """A JSONL export: conversation c1 asks to remember the channel; a later export also holds
    conversation c2, which asks to forget it (the user exported again, weeks later)."""
    records = [
        {
            "conversation_id": "c1",
            "message_id": "m0",
            "role": "user",
            "content": "Please remember that I prefer email.",
            "timestamp": SAID,
        },
        {"conversation_id": "c1", "message_id": "m1", "role": "assistant", "content": "Noted.", "timestamp": SAID + 5},
    ]
    if with_forget:
        records += [
            {
                "conversation_id": "c2",
                "message_id": "m0",
                "role": "user",
                "content": "Actually, forget that I prefer email. Thanks.",
                "timestamp": SAID + 86_400,
            },
            {
                "conversation_id": "c2",
                "message_id": "m1",
                "role": "assistant",
                "content": "Done.",
                "timestamp": SAID + 86_405,
            },
        ]
    return write_jsonl(tmp_path / name, records)


def _confirmed_channel(store, tmp_path):
    ingest_file(store, _channel_export(tmp_path, "first.jsonl", with_forget=False))
    [pending] = store.list(status="pending")
    return store.confirm(pending.id, actor="test")


def test_forget_after_a_confirmed_remember_becomes_one_pending_request_to_delete_it(store, tmp_path):
    from memtrust.store.deletion_requests import DeletionRequests, inbox_count

    channel = _confirmed_channel(store, tmp_path)
    report = ingest_file(store, _channel_export(tmp_path, "later.jsonl", with_forget=True))
    [request] = DeletionRequests(store).pending()
    assert report.deletion_requests == [request] and report.forget_unmatched == []
    assert [(m.id, m.key, m.value) for m in request.targets] == [(channel.id, "contact.preferred_channel", "email")]
    assert (request.what, request.utterance) == ("I prefer email", "Actually, forget that I prefer email.")
    assert request.source_ref == "jsonl:c2/m0" and int(request.said_at.timestamp()) == SAID + 86_400
    assert (request.pending_until - request.created_at).days == 30 and request.status == "pending"
    assert store.get(channel.id).value == "email"  # nothing is deleted until the user confirms
    assert inbox_count(store) == 1
    assert [(e.event, e.outcome, e.memory_id) for e in store.audit_events(limit=1)] == [
        ("forget-request", "pending", channel.id)
    ]
    assert "prefer email" not in repr(store.audit_events())  # the sentence never reaches the audit


def test_reingesting_an_export_with_a_request_to_forget_does_not_repeat_it(store, tmp_path):
    from memtrust.store.deletion_requests import DeletionRequests

    _confirmed_channel(store, tmp_path)
    path = _channel_export(tmp_path, "later.jsonl", with_forget=True)
    ingest_file(store, path)
    again = ingest_file(store, path)
    assert again.deletion_requests == [] and again.forget_requests == [] and again.already_ingested >= 2
    # The same words in a newer export (another message) do not add a second request either.
    ingest_file(store, _channel_export(tmp_path, "newer.jsonl", with_forget=True))
    assert len(DeletionRequests(store).pending()) == 1


def test_a_request_to_forget_that_matches_nothing_is_reported_audited_and_not_stored(store, tmp_path):
    from memtrust.store.deletion_requests import DeletionRequests

    report = ingest_file(store, _channel_export(tmp_path, "later.jsonl", with_forget=True))
    assert [r.text for r in report.forget_unmatched] == ["I prefer email"] and report.deletion_requests == []
    assert DeletionRequests(store).pending() == []
    [event] = [e for e in store.audit_events() if e.event == "forget-request"]
    assert (event.outcome, event.detail) == ("no-match", {"source_ref": "jsonl:c2/m0"})


def test_a_jsonl_message_whose_content_is_not_text_is_said_to_be_skipped(store, tmp_path):
    # docs/ingest.md: nothing is left out without a line.
    path = tmp_path / "j.jsonl"
    records = [
        {
            "conversation_id": "c1",
            "role": "user",
            "content": "Remember that I prefer email.",
            "timestamp": T0.isoformat(),
        },
        {"conversation_id": "c1", "role": "user", "content": 123, "timestamp": T0.isoformat()},
    ]
    path.write_text("\n".join(json.dumps(record) for record in records) + "\n", encoding="utf-8")
    report = ingest_file(store, path)
    said = "\n".join(report.notes())
    assert "1 message whose content is not text" in said
