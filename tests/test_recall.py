"""Recall for a task within a budget (§7): standing preferences first, then relevance to the
query; every gate holds under a query; the block never exceeds its budget, at 10 rows or at
100,000; the last line counts what was left out; the audit is one statement per call."""

from __future__ import annotations

import pytest

from memtrust.store.consumers import context_for
from memtrust.store.errors import InvalidInput
from memtrust.store.model import Proposal
from memtrust.store.opening import create_throwaway_store
from memtrust.store.recall import MIN_MAX_TOKENS, estimate_tokens
from tests.conftest import FakeClock
from tests.recall_fixtures import fill, vocabulary


def _save(store, key, value, scope="shared"):
    return store.propose(Proposal(key, value, "explicit", "user", scope=scope, confirmed=True), actor="t").memory


def _infer(store, key, value, confidence=0.9, scope="shared"):
    source = "inference:topics"
    result = store.propose(
        Proposal(key, value, "implicit", source, scope=scope, confidence=confidence, evidence={"n": 3}), actor="t"
    )
    return result.memory


def _keys(block):
    return [m.key for m in block.memories]


@pytest.fixture
def ten(store):
    """Ten memories: three standing preferences, seven about trips, food, work and interests."""
    store.set_learning(True, actor="t")
    _save(store, "contact.preferred_channel", "email")
    _save(store, "locale.timezone", "Europe/Lisbon")
    _infer(store, "style.answer_length", "brief", 0.82)
    _save(store, "travel.seat", "aisle seat on long flights")
    _save(store, "travel.airport", "flies from Amsterdam Schiphol")
    _save(store, "travel.plan", "weekend flights to Lisbon")
    _save(store, "food.diet", "vegetarian, no mushrooms")
    _save(store, "work.hours", "works nine to five on weekdays")
    _infer(store, "interests.topics", "photography, travel", 0.85)
    _save(store, "notes.garden", "tomatoes in the greenhouse")
    return store


def test_standing_preferences_come_first_then_the_rows_relevant_to_the_query(ten):
    block = context_for(ten, consumer="assistant", query="book flights to Lisbon")
    keys = _keys(block)
    assert keys[:3] == ["contact.preferred_channel", "locale.timezone", "style.answer_length"]
    assert set(keys[3:]) == {"travel.seat", "travel.plan"}  # not "flies from Amsterdam"
    assert keys[3] == "travel.plan"  # "flights" and "Lisbon": the best match
    assert block.text().splitlines()[-1] == "(nothing left out: every memory that applies fits in 2,000 tokens)"
    assert _keys(context_for(ten, consumer="assistant", query="photography"))[3:] == ["interests.topics"]


def test_explicit_comes_before_inferred_at_equal_relevance(store):
    store.set_learning(True, actor="t")
    inferred = _infer(store, "interests.topics", "gardening")
    saved = _save(store, "hobby.topics", "gardening")
    assert inferred.created_at == saved.created_at
    assert _keys(context_for(store, consumer="assistant", query="gardening")) == ["hobby.topics", "interests.topics"]


def test_a_query_of_only_stop_words_gives_the_most_recent_rows(ten, clock):
    clock.advance(days=1)
    _save(ten, "work.latest", "the newest note")
    block = context_for(ten, consumer="assistant", query="what is it")
    assert _keys(block)[3] == "work.latest"


def test_a_privileged_query_never_returns_an_inference(ten):
    assert "interests.topics" in _keys(context_for(ten, consumer="assistant", query="travel card for flights"))
    block = context_for(ten, consumer="assistant", purpose="privileged", query="travel card for flights")
    assert block.memories and all(m.formation == "explicit" for m in block.memories)
    assert "inferred" not in block.text()


def test_another_consumers_scope_never_appears_even_when_it_matches_best(ten):
    _save(ten, "travel.plans", "Lisbon flights Lisbon flights Lisbon", scope="billing")
    _save(ten, "travel.mine", "Lisbon", scope="research")
    block = context_for(ten, consumer="research", query="Lisbon flights")
    assert {m.scope for m in block.memories} == {"shared", "research"}
    assert "travel.plans" not in _keys(block) and "travel.mine" in _keys(block)


def test_pending_quarantined_expired_weak_and_unconsented_rows_never_match(ten, clock):
    ten.propose(Proposal("plans.pending", "Lisbon pending", "explicit", "chat"), actor="t")
    _save(ten, "plans.secret", "Lisbon plans, keep this confidential")
    weak = _infer(ten, "locale.timezone", "Europe/Lisbon", 0.5, scope="assistant")  # refused: under the threshold
    assert weak is None
    with ten.db.write() as conn:  # an inference under the floor, as a detector with a lower threshold keeps it
        conn.execute(
            "INSERT INTO memories (id, scope, key, value, formation, source, confidence, status, created_at,"
            " updated_at, expires_at) VALUES ('w1', 'shared', 'locale.guess', 'Lisbon', 'implicit',"
            " 'inference:activity_hours', 0.5, 'active', 0, 0, 9999999999)"
        )
    block = context_for(ten, consumer="assistant", query="Lisbon")
    assert {"plans.pending", "plans.secret", "locale.guess"}.isdisjoint(_keys(block))
    assert {m.scope for m in block.memories} == {"shared"}
    ten.set_learning(False, actor="t")
    assert all(m.formation == "explicit" for m in context_for(ten, consumer="assistant", query="Lisbon").memories)
    clock.advance(days=400)  # the inferences have expired
    ten.set_learning(True, actor="t")
    assert all(m.formation == "explicit" for m in context_for(ten, consumer="assistant", query="Lisbon").memories)


@pytest.mark.parametrize("max_tokens", [MIN_MAX_TOKENS, 120, 160, 2000])
def test_the_block_never_exceeds_its_budget_and_counts_what_it_left_out(ten, max_tokens):
    applicable = len(context_for(ten, consumer="assistant", max_tokens=100_000).memories)
    block = context_for(ten, consumer="assistant", max_tokens=max_tokens)
    assert estimate_tokens(block.text()) <= max_tokens
    assert len(block.memories) + block.left_out == applicable and block.left_out_exact
    if block.left_out:
        assert block.text().splitlines()[-1].startswith(f"({block.left_out} more memor")


def test_a_budget_under_the_minimum_is_refused(ten):
    with pytest.raises(InvalidInput, match="at least 100"):
        context_for(ten, consumer="assistant", max_tokens=99)


def test_the_influence_audit_is_one_statement_for_the_whole_call(ten):
    statements: list[str] = []
    with ten.db.read() as conn:
        conn.set_trace_callback(statements.append)
    try:
        block = context_for(ten, consumer="assistant", query="flights")
    finally:
        with ten.db.read() as conn:
            conn.set_trace_callback(None)
    # The trace repeats a statement once more for each row a trigger on audit sees; one text.
    writes = {s for s in statements if "INSERT INTO audit" in s}
    assert len(writes) == 1 and len(block.memories) >= 5
    events = [e for e in ten.audit_events() if e.event == "influence"]
    assert [e.memory_id for e in reversed(events)] == [m.id for m in block.memories]
    assert all(e.detail == {"consumer": "assistant", "purpose": "style"} for e in events)
    assert all("flights" not in repr(e) or "flights" in (e.key or "") for e in events)  # never the query


def test_token_estimate_over_counts_english_and_other_scripts():
    assert estimate_tokens("") == 0
    assert estimate_tokens("abc") == 1 and estimate_tokens("abcd") == 2
    assert estimate_tokens("日本語") == 6 and estimate_tokens("café") == 3


@pytest.fixture(scope="module")
def hundred_thousand(tmp_path_factory):
    """A synthetic store of 100,000 memories (tests/recall_fixtures.py), learning on."""
    opened = create_throwaway_store(tmp_path_factory.mktemp("recall100k"), clock=FakeClock())
    store = opened.store
    store.set_learning(True, actor="t")
    fill(store, 100_000)
    yield store
    store.close()


@pytest.mark.slow  # filling 100,000 memories costs about 25 CPU seconds
@pytest.mark.parametrize("purpose", ["style", "privileged"])
@pytest.mark.parametrize("max_tokens", [MIN_MAX_TOKENS, 2000, 20_000])
def test_at_100000_memories_the_block_stays_within_budget_and_gates(hundred_thousand, purpose, max_tokens):
    words = vocabulary()
    for query in (None, words[0], f"{words[5]} {words[700]}", f"{words[3000]} plans", words[0] + " " + words[1]):
        block = context_for(hundred_thousand, consumer="research", purpose=purpose, query=query, max_tokens=max_tokens)
        assert estimate_tokens(block.text()) <= max_tokens, query
        assert block.memories, query
        assert all(m.scope in ("shared", "research") and m.status == "active" for m in block.memories)
        assert all(m.formation == "explicit" or (purpose == "style" and m.confidence >= 0.7) for m in block.memories)
        if query is None or query == words[0]:  # every row applies, or the word is in most rows: more than fit
            assert block.left_out > 0 and f"{block.left_out:,} more memories left out" in block.text()
