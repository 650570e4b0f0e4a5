"""Requests to forget (DESIGN.md §6, §4): stored for the Inbox, confirmed, dismissed, expired,
and never left pointing at a memory that is gone."""

from __future__ import annotations

import pytest

from memtrust.store.deletion_requests import DeletionRequestNotFound, DeletionRequests, inbox_count
from memtrust.store.model import Proposal


def _saved(store, key="contact.preferred_channel", value="email"):
    return store.propose(Proposal(key, value, "explicit", "user", confirmed=True), actor="test").memory


def _ask(store, *memories, what="I prefer email", ref="later.jsonl#c2/m0"):
    return DeletionRequests(store).add(
        what=what,
        utterance=f"Forget that {what}.",
        source_ref=ref,
        said_at=None,
        memory_ids=[m.id for m in memories],
        actor="test",
    )


def test_an_unanswered_request_lapses_after_30_days_at_the_launch_prune_and_the_memory_stays(store, clock):
    memory = _saved(store)
    _ask(store, memory)
    clock.advance(days=29)
    assert store.prune().requests == 0 and inbox_count(store) == 1
    clock.advance(days=1)
    report = store.prune()
    assert report.requests == 1 and report.total == 1
    assert report.notice() == "Removed 1 unanswered request to forget (the memory stays)."
    assert DeletionRequests(store).pending() == [] and inbox_count(store) == 0
    assert store.get(memory.id).value == "email"
    event = store.audit_events(limit=1)[0]
    assert (event.event, event.outcome, event.memory_id) == ("forget-request", "expired", memory.id)


def test_the_inbox_count_adds_requests_to_forget_to_pending_memories(store):
    memory = _saved(store)
    store.propose(Proposal("profile.name", "Ada", "explicit", "chat"), actor="test")
    assert inbox_count(store) == 1
    _ask(store, memory)
    assert inbox_count(store) == 2


def test_a_request_naming_two_memories_stays_while_one_remains_and_a_yes_deletes_both(store):
    email, mail = _saved(store), _saved(store, "notes.email_me", "email me")
    request = _ask(store, email, mail)
    assert {m.id for m in request.targets} == {email.id, mail.id}
    store.forget(mail.id, actor="test")
    [left] = DeletionRequests(store).pending()
    assert [m.id for m in left.targets] == [email.id]
    assert DeletionRequests(store).confirm(request.id, actor="test") == [email]
    assert store.list() == [] and DeletionRequests(store).count() == 0


def test_an_edit_of_the_memory_drops_the_request_since_it_no_longer_says_what_was_asked(store):
    memory = _saved(store)
    _ask(store, memory)
    store.edit(memory.id, "phone", actor="test")
    assert DeletionRequests(store).count() == 0 and store.get(memory.id).value == "phone"


def test_an_interrupted_confirmation_stays_open_and_confirming_again_finishes_it(store, monkeypatch):
    memory = _saved(store)
    request = _ask(store, memory)
    calls = []

    def crash(*args, **kwargs):
        calls.append(args)
        raise RuntimeError("power cut")

    monkeypatch.setattr(store, "forget", crash)
    with pytest.raises(RuntimeError):
        DeletionRequests(store).confirm(request.id, actor="test")
    monkeypatch.undo()
    [open_request] = DeletionRequests(store).pending()
    assert open_request.status == "confirmed" and store.get(memory.id).value == "email"
    DeletionRequests(store).confirm(request.id, actor="test")
    assert store.list() == [] and DeletionRequests(store).count() == 0
    assert [e.outcome for e in store.audit_events() if e.outcome == "dropped"] == []  # a yes is not a drop


def test_answering_a_request_that_is_gone_says_so(store):
    memory = _saved(store)
    request = _ask(store, memory)
    DeletionRequests(store).dismiss(request.id, actor="test")
    for answer in (DeletionRequests(store).confirm, DeletionRequests(store).dismiss):
        with pytest.raises(DeletionRequestNotFound, match="may have been answered"):
            answer(request.id, actor="test")
    assert store.get(memory.id).value == "email"


def test_a_request_without_a_held_memory_is_not_stored(store):
    assert _ask(store) is None
    memory = _saved(store)
    store.forget(memory.id, actor="test")
    assert _ask(store, memory) is None
    assert DeletionRequests(store).count() == 0


def test_a_request_to_forget_whose_words_hold_a_secret_keeps_its_kind_alone(store):
    wifi = _saved(store, "home.wifi_network", "HomeNet")
    request = _ask(store, wifi, what="my wifi password is Zomer2024!")
    assert request is not None and [m.id for m in request.targets] == [wifi.id]
    assert request.what == request.utterance == "(words withheld: they held a password)"
    with store.db.read() as conn:
        kept = repr(conn.execute("SELECT * FROM deletion_requests").fetchall())
    assert "Zomer2024" not in kept
