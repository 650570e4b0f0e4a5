"""§4 retention: prune at launch with an injected clock, one transaction, each deletion audited."""

from __future__ import annotations

from datetime import timedelta

from memtrust.store.model import Proposal


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
