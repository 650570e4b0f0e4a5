"""§4 retention: prune at launch with an injected clock, in short batches, each deletion audited."""

from __future__ import annotations

from datetime import timedelta

import pytest

from memtrust.store.db import Database
from memtrust.store.keys import StoreKey
from memtrust.store.memories import MemoryStore
from memtrust.store.model import Proposal
from tests.test_deletion import _plaintext_hits, keyed  # noqa: F401 (the fixture)


def _inferred(store, key, value="x", confidence=0.9):
    return store.propose(Proposal(key, value, "implicit", "inference:test", confidence=confidence), actor="test").memory


def _saved(store, key, value):
    return store.propose(Proposal(key, value, "explicit", "user", confirmed=True), actor="test").memory


def test_prune_removes_expired_implicit_rows_and_keeps_explicit_ones(store, clock):
    store.set_learning(True, actor="test")
    _inferred(store, "style.answer_length", "brief")
    _inferred(store, "interests.topics", "science")
    kept = _saved(store, "contact.preferred_channel", "email")

    clock.advance(days=59)
    assert store.prune().total == 0
    clock.advance(days=2)
    report = store.prune()

    assert report.removed == {"implicit": 2} and report.failed == 0
    assert report.notice() == "Removed 2 expired inferred memories."
    assert [m.id for m in store.list()] == [kept.id]


def test_expired_rows_are_audited_by_key_and_formation_without_their_value(store, clock):
    store.set_learning(True, actor="test")
    _inferred(store, "locale.timezone", "Pacific/Chatham")
    clock.advance(days=61)
    store.prune()
    expiries = [e for e in store.audit_events() if e.event == "expire"]
    assert [(e.key, e.formation, e.reason) for e in expiries] == [("locale.timezone", "implicit", "expired")]
    assert all("Chatham" not in repr(e) for e in store.audit_events())


def test_a_refreshed_signal_extends_the_expiry(store, clock):
    store.set_learning(True, actor="test")
    first = _inferred(store, "style.answer_length", "brief")
    clock.advance(days=50)
    refreshed = _inferred(store, "style.answer_length", "brief")
    assert refreshed.id == first.id
    clock.advance(days=20)  # 70 days after the first signal, 20 after the refresh
    assert store.prune().total == 0
    assert len(store.list(formation="implicit")) == 1


def test_temporary_explicit_memory_expires_but_plain_explicit_does_not(store, clock):
    temporary = _saved(store, "notes.location", "I'm in Lisbon this week")
    durable = _saved(store, "profile.name", "Ada")
    assert temporary.expires_at is not None and durable.expires_at is None
    clock.advance(days=400)
    store.prune()
    assert [m.id for m in store.list()] == [durable.id]


def test_unconfirmed_pending_items_lapse_after_thirty_days(store, clock):
    pending = store.propose(Proposal("contact.preferred_channel", "email", "explicit", "chat"), actor="test").memory
    clock.advance(days=29)
    store.prune()
    assert store.get(pending.id).status == "pending"
    clock.advance(days=2)
    report = store.prune()
    assert report.removed == {"explicit": 1}
    assert store.list() == []


def test_one_row_that_cannot_be_deleted_does_not_stop_the_prune(store, clock):
    store.set_learning(True, actor="test")
    stuck = _inferred(store, "style.answer_length", "brief")
    _inferred(store, "interests.topics", "science")
    _inferred(store, "locale.language", "english")
    with store.db.write() as conn:  # a row whose deletion fails, as a damaged row would
        conn.execute(
            f"CREATE TRIGGER stuck BEFORE DELETE ON memories WHEN old.id = '{stuck.id}' "
            "BEGIN SELECT RAISE(ABORT, 'cannot delete'); END"
        )
    clock.advance(days=61)
    report = store.prune()
    assert report.removed == {"implicit": 2} and report.failed == 1
    assert [m.id for m in store.list()] == [stuck.id]
    assert "could not be removed" in report.notice()


def test_implicit_ttl_setting_is_kept_within_thirty_to_ninety_days(store):
    store.set_setting("implicit_ttl_days", "5")
    assert store.implicit_ttl() == timedelta(days=30)
    store.set_setting("implicit_ttl_days", "365")
    assert store.implicit_ttl() == timedelta(days=90)


# --- the prune in batches (§4): a short transaction each, whole or not at all ----------------


def _expiring_notes(store, count, marker):
    """``count`` saved notes that expire (temporary, "this week"), each value holding ``marker``
    and its number, created one second apart so the prune's order is theirs."""
    made = []
    for number in range(count):
        value = f"I'm in Lisbon this week {marker}{number:02d}"
        made.append(
            store.propose(Proposal(f"notes.trip{number}", value, "explicit", "user", confirmed=True), actor="t")
        )
        store.clock.advance(seconds=1)
    return [result.memory for result in made]


class Stop(BaseException):
    """A stop the prune does not catch (as Ctrl-C or the app closing would be)."""


def _expired_events(store):
    return [e.memory_id for e in store.audit_events() if e.event == "expire"]


def test_a_prune_stopped_between_two_batches_keeps_each_batch_whole_and_the_next_prune_finishes(
    keyed,  # noqa: F811 (the page-decrypting store of the deletion tests)
    clock,
    monkeypatch,
):
    from memtrust.store import retention

    store, path, key_hex = keyed
    notes = _expiring_notes(store, 5, "qz9041")
    kept = store.propose(Proposal("profile.name", "Ada", "explicit", "user", confirmed=True), actor="t").memory
    clock.advance(days=400)
    store.db.checkpoint()
    assert _plaintext_hits(path, key_hex, b"qz904104"), "the values are in the file while they are held"

    batches = []
    real = retention.prune_batch

    def stop_before_the_second(conn, **kwargs):
        if batches:
            raise Stop  # the first batch has committed; the app closes here
        batches.append(kwargs["after"])
        return real(conn, **kwargs)

    monkeypatch.setattr(retention, "prune_batch", stop_before_the_second)
    with pytest.raises(Stop):
        store.prune(actor="t", batch=2)

    # The first batch is done, deleted and audited; the others are untouched, with no audit row.
    assert batches == [None]
    held = {m.id for m in store.list()}
    assert held == {kept.id} | {n.id for n in notes[2:]}
    assert sorted(_expired_events(store)) == sorted(n.id for n in notes[:2])

    monkeypatch.setattr(retention, "prune_batch", real)
    store.close()
    reopened = MemoryStore(Database.open(path, StoreKey("memory", key_hex)), clock)
    try:
        report = reopened.prune(actor="t", batch=2)
        assert report.removed == {"explicit": 3} and report.failed == 0
        assert [m.id for m in reopened.list()] == [kept.id]
        # every expired row audited once, across the two prunes
        assert sorted(_expired_events(reopened)) == sorted(n.id for n in notes)
    finally:
        reopened.close()
    assert _plaintext_hits(path, key_hex, b"qz9041") == []


def test_a_stop_inside_a_batch_leaves_none_of_that_batch_deleted_or_audited(store, clock, monkeypatch):
    from memtrust.store import retention

    notes = _expiring_notes(store, 3, "qz9042")
    clock.advance(days=400)
    real = retention._prune_memories

    def delete_then_stop(conn, **kwargs):
        real(conn, **kwargs)  # the batch's audit rows and deletions are written, not committed
        raise Stop

    monkeypatch.setattr(retention, "_prune_memories", delete_then_stop)
    with pytest.raises(Stop):
        store.prune(actor="t", batch=2)
    assert {m.id for m in store.list()} == {n.id for n in notes}
    assert _expired_events(store) == []

    monkeypatch.setattr(retention, "_prune_memories", real)
    assert store.prune(actor="t", batch=2).removed == {"explicit": 3}
    assert store.list() == [] and sorted(_expired_events(store)) == sorted(n.id for n in notes)


@pytest.mark.parametrize("batch", [1, 2, 3, 100])
def test_every_expired_row_is_gone_whatever_the_batch_and_a_bad_row_is_passed_over(store, clock, batch):
    store.set_learning(True, actor="test")
    notes = _expiring_notes(store, 5, "qz9043")
    inferred = _inferred(store, "style.answer_length", "brief")
    kept = _saved(store, "profile.name", "Ada")
    with store.db.write() as conn:  # a row whose deletion fails, as a damaged row would
        conn.execute(
            f"CREATE TRIGGER stuck BEFORE DELETE ON memories WHEN old.id = '{notes[1].id}' "
            "BEGIN SELECT RAISE(ABORT, 'cannot delete'); END"
        )
    clock.advance(days=400)
    report = store.prune(actor="t", batch=batch)
    assert report.removed == {"explicit": 4, "implicit": 1} and report.failed == 1
    assert {m.id for m in store.list()} == {kept.id, notes[1].id}
    assert sorted(_expired_events(store)) == sorted([inferred.id, *(n.id for n in notes if n is not notes[1])])


def test_a_read_waiting_for_the_store_gets_in_between_two_batches(store, clock, monkeypatch):
    import threading
    import time

    from memtrust.store import retention

    _expiring_notes(store, 4, "qz9044")
    clock.advance(days=400)
    order = []
    real = retention.prune_batch
    reader = threading.Thread(target=lambda: (store.list(), order.append("read")))

    def batch_with_a_reader_waiting(conn, **kwargs):
        order.append("batch")
        done = real(conn, **kwargs)
        if not reader.is_alive() and "read" not in order:
            reader.start()  # it asks for the store while this batch holds it
            deadline = time.monotonic() + 30
            while not store.db._waiting and time.monotonic() < deadline:
                time.sleep(0.001)  # until the reader is blocked on the store, however busy the machine
            assert store.db._waiting, "the reader never asked for the store"
        return done

    # On a busy machine the reader may need more than the app's 50 ms to be scheduled once the
    # lock is free; what is tested is that the prune lets a waiting read in, not how fast.
    let_in = store.db.let_waiting_in
    monkeypatch.setattr(store.db, "let_waiting_in", lambda **kwargs: let_in(at_most=30))
    monkeypatch.setattr(retention, "prune_batch", batch_with_a_reader_waiting)
    store.prune(actor="t", batch=2)
    reader.join()
    assert order[:3] == ["batch", "read", "batch"]
