"""The same message is the same message, a "no" sticks, and time is the message's time
(DESIGN.md §3.7, §4, §6). Every export here is small and written by the test."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta

from memtrust.app.pipeline import ingest_file
from memtrust.screens.provenance import provenance
from tests.conftest import T0
from tests.exports import chatgpt_conversation, write_json, write_zip
from tests.realdata import write_jsonl
from tests.sqlcipher_pages import decrypted_pages, page_one_header_is_sqlite

DAY = 86_400
NOW = int(T0.timestamp())


def _chats(start: int = NOW - DAY) -> list[dict]:
    return [
        chatgpt_conversation(f"c{n}", [("user", f"Remember that my locker code word is quokka{n}.")], start=start)
        for n in range(6)
    ]


def _pending_values(store) -> list[str]:
    return sorted(m.value for m in store.list(status="pending"))


# --- §6 identity -----------------------------------------------------------------------


def test_renamed_and_reshuffled_shards_after_a_reject_bring_nothing_back(store, tmp_path):
    chats = _chats()
    first = write_zip(
        tmp_path / "export.zip", {"conversations-000.json": chats[:3], "conversations-001.json": chats[3:]}
    )
    ingest_file(store, first)
    rejected = store.list(status="pending")[0]
    store.reject(rejected.id, actor="test")
    # Downloaded again: other shard boundaries, another order, another name.
    again = write_zip(
        tmp_path / "export (1).zip",
        {"conversations-000.json": chats[5:] + chats[:1], "conversations-001.json": chats[1:5][::-1]},
    )
    report = ingest_file(store, again)
    assert report.results == [] and report.already_ingested == 6
    assert rejected.value not in _pending_values(store)


def test_the_same_file_copied_under_another_name_proposes_nothing_new(store, tmp_path):
    path = write_json(tmp_path / "conversations.json", _chats())
    ingest_file(store, path)
    copy = shutil.copy(path, tmp_path / "conversations (1).json")
    assert ingest_file(store, copy).results == []


def test_the_same_words_in_a_new_message_are_a_new_request(store, tmp_path):
    said = [("user", "Remember that I prefer email.")]
    ingest_file(store, write_json(tmp_path / "a.json", [chatgpt_conversation("c1", said, start=NOW - 2 * DAY)]))
    [pending] = store.list(status="pending")
    store.reject(pending.id, actor="test")
    # Later, in another conversation, the user asks again: that is a new request.
    report = ingest_file(store, write_json(tmp_path / "b.json", [chatgpt_conversation("c2", said, start=NOW - DAY)]))
    assert [r.decision.outcome for r in report.results] == ["pending"]


def test_a_forgotten_memory_is_not_proposed_again_from_its_message(store, tmp_path):
    path = write_json(tmp_path / "conversations.json", _chats())
    ingest_file(store, path)
    memory = store.list(status="pending")[0]
    store.confirm(memory.id, actor="test")
    store.forget(memory.id, actor="test")
    assert ingest_file(store, path).results == []


def test_a_no_is_kept_without_the_value_proven_by_decrypting_every_page(tmp_path, clock):
    import uuid

    from memtrust.store.db import Database
    from memtrust.store.keys import new_raw_key
    from memtrust.store.memories import MemoryStore

    key = new_raw_key("memory")
    path = tmp_path / "memtrust.db"
    store = MemoryStore(Database.create(path, key, store_id=uuid.uuid4().hex, now_epoch=0), clock)
    secret_word = "zq7731marmalade"
    export = write_jsonl(
        tmp_path / "chat.jsonl",  # no message ids: identities come from a keyed hash of the content
        [
            {
                "conversation_id": "c",
                "role": "user",
                "content": f"Remember that {secret_word} is my motto.",
                "timestamp": NOW - DAY,
            }
        ],
    )
    ingest_file(store, export)
    [pending] = store.list(status="pending")
    store.reject(pending.id, actor="test")
    assert ingest_file(store, export).results == []  # the no sticks…
    store.close()
    pages = list(decrypted_pages(path, key.secret))
    assert page_one_header_is_sqlite(pages[0][1])
    assert not [n for n, text in pages if secret_word.encode() in text]  # …without the words


# --- §3.7 deleted inferences -----------------------------------------------------------


def _brief_history(start: int, count: int, prefix: str) -> list[dict]:
    records = []
    for index in range(count):
        for position, (role, text) in enumerate(
            [
                ("user", f"How do I sort a list by its second item, case {index}?"),
                ("assistant", "Use sorted(items, key=lambda pair: pair[1]); it returns a new list."),
                ("user", "ok thanks"),
                ("assistant", "You're welcome."),
                ("user", "and reversed?"),
                ("assistant", "Add reverse=True."),
                ("user", "great"),
            ]
        ):
            records.append(
                {
                    "conversation_id": f"{prefix}{index}",
                    "message_id": f"m{position}",
                    "role": role,
                    "content": text,
                    "timestamp": start + index * 3600 + position * 60,
                }
            )
    return records


def inference_proposal(*, last_seen: int):
    from memtrust.store.model import Proposal

    return Proposal(
        "style.answer_length",
        "brief",
        "implicit",
        "inference:reply_length",
        confidence=0.9,
        evidence={"message_refs": ["jsonl:x/y"], "last_seen": last_seen},
    )


def _brief(store):
    return [m for m in store.list(formation="implicit") if m.key == "style.answer_length"]


def test_a_deleted_inference_is_not_inferred_again_from_older_evidence_but_newer_may(store, clock, tmp_path):
    store.set_learning(True, actor="test")
    old = write_jsonl(tmp_path / "old.jsonl", _brief_history(NOW - 10 * DAY, 10, "o"))
    ingest_file(store, old)
    [inference] = _brief(store)
    store.forget(inference.id, actor="test")
    deleted_on = clock.now
    report = ingest_file(store, old)  # the same old messages: the detector does not even see them
    assert _brief(store) == []
    assert not [r for r in report.results if r.proposal and r.proposal.key == "style.answer_length"]
    # Whoever proposes it from evidence older than the deletion (an agent, a detector) is refused.
    refused = store.propose(inference_proposal(last_seen=NOW - DAY), actor="test")
    assert refused.decision.rule == "3.7" and "You deleted this inference on 2 Mar 2026" in refused.decision.reason

    clock.advance(days=3)
    newer = write_jsonl(
        tmp_path / "new.jsonl", _brief_history(NOW + DAY, 8, "n") + _brief_history(NOW - 9 * DAY, 10, "o")
    )
    ingest_file(store, newer)
    [again] = _brief(store)
    assert again.evidence["deleted_at"] == int(deleted_on.timestamp())
    assert again.evidence["newer_messages"] == 8 * 4  # only the 32 user messages said after the deletion
    assert all(ref.startswith("jsonl:n") for ref in again.evidence["message_refs"])
    assert (
        "You deleted this on 2 Mar 2026; inferred again from 32 newer messages." in provenance(again, clock.now).plain
    )


def test_cleared_inferences_are_not_inferred_again_from_the_same_export(store, tmp_path):
    store.set_learning(True, actor="test")
    path = write_jsonl(tmp_path / "chat.jsonl", _brief_history(NOW - 5 * DAY, 10, "c"))
    ingest_file(store, path)
    assert _brief(store)
    store.clear_inferred(actor="test")
    ingest_file(store, path)
    assert store.list(formation="implicit") == []


# --- §4 time ---------------------------------------------------------------------------


def test_a_year_old_this_week_has_lapsed_and_the_report_says_so(store, tmp_path):
    year_ago = NOW - 365 * DAY
    path = write_json(
        tmp_path / "conversations.json",
        [
            chatgpt_conversation("c1", [("user", "Remember that I'm in Berlin this week.")], start=year_ago),
            chatgpt_conversation("c2", [("user", "Remember that I'm working from home today.")], start=year_ago),
            chatgpt_conversation("c3", [("user", "Remember that I'm in Rome this week.")], start=NOW - 3600),
        ],
    )
    report = ingest_file(store, path)
    assert _pending_values(store) == ["I'm in Rome this week"]
    assert report.lapsed() == 2
    assert "2 time-limited requests had already lapsed" in " ".join(report.notes())
    [rome] = store.list(status="pending")
    assert rome.expires_at == datetime(2026, 3, 8, 23, 59, 59, tzinfo=UTC)  # the end of that week
    assert rome.pending_until == T0 + timedelta(days=30)  # pending: 30 days from the ingest


def test_three_year_old_evidence_with_learning_on_is_not_admitted_and_says_its_age(store, tmp_path):
    store.set_learning(True, actor="test")
    three_years = NOW - 3 * 365 * DAY
    path = write_jsonl(tmp_path / "old.jsonl", _brief_history(three_years, 10, "o"))
    report = ingest_file(store, path)
    assert store.list(formation="implicit") == []
    reasons = [r.decision.reason for r in report.results if r.proposal and r.proposal.key == "style.answer_length"]
    assert reasons == ["The newest evidence is 1,094 days old; an inference lasts 60 days from its newest evidence."]
    assert report.stale() >= 1


def test_an_inference_lives_from_its_newest_evidence_and_the_detail_shows_it(store, tmp_path):
    store.set_learning(True, actor="test")
    start = NOW - 20 * DAY
    ingest_file(store, write_jsonl(tmp_path / "c.jsonl", _brief_history(start, 10, "c")))
    [inference] = _brief(store)
    newest = datetime.fromtimestamp(inference.evidence["last_seen"], UTC)
    assert inference.last_signal_at == newest  # the message's time, not the ingest's
    assert inference.expires_at == newest + timedelta(days=60)
    assert "last seen 19 days ago; expires in 40 days" in provenance(inference, T0).plain


def test_an_agents_own_supersession_or_forgetting_is_not_a_deletion_by_you(store, clock):
    # §3.7 is about the user's no ("You deleted this inference …"): a newer guess replacing an
    # older one, or an agent forgetting its own guess, deleted nothing of the user's.
    from memtrust.store.model import Proposal, to_epoch

    store.set_learning(True, actor="test")
    now = to_epoch(clock.now)

    def report(value: str) -> object:
        return store.propose(
            Proposal(
                "interests.topics",
                value,
                "implicit",
                "inference:agent_assistant",
                source_ref="agent:assistant#c",
                scope="assistant",
                confidence=0.95,
                evidence={"agent": "assistant", "first_seen": now, "last_seen": now},
            ),
            actor="agent:assistant",
        )

    assert report("cooking, video games").memory is not None
    second = report("history, travel")
    assert second.memory is not None
    third = report("music")
    assert third.decision.rule != "3.7", third.decision.reason
    assert third.memory is not None
    store.forget(third.memory.id, actor="agent:assistant")
    fourth = report("photography")
    assert fourth.decision.rule != "3.7", fourth.decision.reason
    # The user's own deletion still sticks.
    store.forget(fourth.memory.id, actor="tui")
    refused = report("photography")
    assert refused.decision.rule == "3.7" and "You deleted this inference" in refused.decision.reason
