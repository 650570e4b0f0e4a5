"""§3.1 by construction: an inference is only ever a value of the closed vocabulary
(store/inference_vocabulary.py), whoever reports it and however a sensitive matter is worded."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
import sqlcipher3

from memtrust.app.detectors import ActivityHoursDetector, LanguageDetector, ReplyLengthDetector, TopicsDetector, intents
from memtrust.app.detectors.language import LANGUAGES
from memtrust.app.detectors.topics import TOPICS
from memtrust.store import inference_vocabulary as vocabulary
from memtrust.store.admission import decide
from memtrust.store.db import Database
from memtrust.store.keys import new_raw_key
from memtrust.store.memories import MemoryStore
from memtrust.store.migrations import MIGRATIONS, OUTSIDE_VOCABULARY_REASON
from memtrust.store.model import Proposal
from memtrust.store.sensitive import sensitive_class
from tests.conftest import T0
from tests.test_mcp_server import call, opened, served, server_output  # noqa: F401 (server_output: fixture served reads)

OFF_LIST = Path(__file__).parent / "data" / "inference" / "off_list_sensitive.tsv"
#: (class, language, phrasing): sensitive matters worded off the classifier's lists.
PHRASINGS = [
    tuple(line.split("\t"))
    for line in OFF_LIST.read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]
#: Keys an agent might file such a guess under: every key of the vocabulary, and others.
KEYS = [*vocabulary.INFERABLE, "notes.about_user", "profile.habits", "habits.weekly", "crime.record"]


def guess(key: str, value: str, source: str = "inference:agent_assistant") -> Proposal:
    return Proposal(key, value, "implicit", source, scope="assistant", confidence=0.95)


def test_the_table_covers_every_class_in_five_languages():
    cells = {(cls, language) for cls, language, _ in PHRASINGS}
    classes = {"health", "finance", "religion", "sexuality", "ethnicity", "politics", "union", "genetics"}
    classes |= {"biometrics", "crime", "family"}
    assert cells == {(cls, language) for cls in classes for language in ("en", "nl", "de", "fr", "es")}


@pytest.mark.parametrize(("cls", "language", "phrasing"), PHRASINGS, ids=[f"{c}-{lang}" for c, lang, _ in PHRASINGS])
def test_a_sensitive_guess_worded_off_every_list_is_refused_under_any_key(cls, language, phrasing):
    for key in KEYS:
        decision = decide(guess(key, phrasing), learning_enabled=True, existing=[], now=T0)
        assert (decision.outcome, decision.rule) == ("reject", "3.1"), (key, decision.reason)
        assert phrasing.lower() not in decision.reason.lower()


def test_every_value_of_the_vocabulary_is_admitted_and_none_speaks_of_a_sensitive_matter():
    for key, entry in vocabulary.INFERABLE.items():
        for value in sorted(entry.allowed_values()):
            assert sensitive_class(value) is None, (key, value)
            decision = decide(guess(key, value), learning_enabled=True, existing=[], now=T0)
            assert decision.outcome == "admit", (key, value, decision.reason)


def test_a_refusal_names_the_rule_and_what_is_allowed_never_the_value():
    outside = vocabulary.refusal("notes.about_user", "sees a shrink weekly")
    assert outside == vocabulary.OUTSIDE_VOCABULARY and "shrink" not in outside
    wrong = vocabulary.refusal("style.answer_length", "medium-ish")
    assert wrong is not None and "brief or detailed" in wrong and "medium" not in wrong
    listed = vocabulary.refusal("interests.topics", "cooking, quaker meetings")
    assert listed is not None and "quaker" not in listed.lower() and "topics" in listed
    assert vocabulary.refusal("interests.topics", "cooking, music") is None
    assert vocabulary.refusal("interests.topics", "cooking,music") is not None  # one canonical way to list


def test_what_the_detectors_can_write_is_inside_the_vocabulary():
    assert ReplyLengthDetector.key == "style.answer_length"
    assert set(vocabulary.INFERABLE[ReplyLengthDetector.key].allowed_values()) == {"brief", "detailed"}
    assert sorted(TOPICS) == sorted(vocabulary.INTEREST_TOPICS) and TopicsDetector.key == "interests.topics"
    assert LanguageDetector.key == "locale.language"
    assert set(LANGUAGES.values()) <= set(vocabulary.LANGUAGE_NAMES)
    # activity hours: every offset its arithmetic can give (−11 … +12 whole hours)
    assert ActivityHoursDetector.key == "locale.timezone"
    offsets = {f"UTC{'+' if h >= 0 else '-'}{abs(h):02d}:00" for h in range(-11, 13)}
    assert offsets <= set(vocabulary.UTC_OFFSETS)


def test_an_explicit_request_and_an_inference_write_one_form_of_each_value():
    """The "remember" patterns use the vocabulary's words, so "Reply in French" and the
    detector's guess are the same value (explicit beats implicit on one value, §3.4)."""
    assert set(intents._CHANNELS.values()) <= set(vocabulary.CONTACT_CHANNELS)
    assert set(intents._FORMATS.values()) <= set(vocabulary.ANSWER_FORMATS)
    [request] = intents.requests_in_text("From now on, reply in French.")
    assert (request.key, request.value) == ("locale.language", "french")
    assert vocabulary.canonical_language(" French ") == "french"


def test_the_agents_tool_description_lists_the_vocabulary():
    from memtrust.app.mcp_server import TOOL_DESCRIPTIONS

    description = TOOL_DESCRIPTIONS["report_signal"]
    for key, entry in vocabulary.INFERABLE.items():
        assert f"{key}: {entry.listing or entry.allowed}" in description
        for value in entry.values or ():
            assert value in description


async def test_off_list_sensitive_signals_through_mcp_are_all_refused_and_never_given(passphrase_store_path):
    with opened(passphrase_store_path) as store:
        store.set_learning(True, actor="user")
    keys = ["interests.topics", "notes.about_user", "style.tone", "profile.habits", "locale.language"]
    refused = []
    for language in ("en", "nl", "de", "fr", "es"):
        mine = [phrasing for _, lang, phrasing in PHRASINGS if lang == language]
        consumer = f"agent_{language}"  # one consumer per language: well within the writes-per-minute quota
        async with served(passphrase_store_path, consumer=consumer) as session:
            for n, phrasing in enumerate(mine):
                outcome = await call(session, "report_signal", key=keys[n % len(keys)], value=phrasing, confidence=0.95)
                refused.append(outcome["outcome"] == "reject" and phrasing not in outcome["reason"])
            block = await call(session, "get_context", purpose="style")
        assert block["memories"] == [], language
    assert len(refused) == len(PHRASINGS) and all(refused)
    with opened(passphrase_store_path) as store:
        assert store.list(formation="implicit") == []
        writes = [e for e in store.audit_events() if e.event == "write"]
        assert len(writes) == len(PHRASINGS)
        assert {(e.outcome, e.detail["rule"]) for e in writes} == {("reject", "3.1")}


def _store_from_before_the_vocabulary(path: Path, rows: list[tuple[str, str, str, str, str, float]]):
    """A store at the schema before the vocabulary's migration, holding ``rows`` of (id, key,
    value, formation, source, confidence); returns its key."""
    key = new_raw_key("memory")
    conn = sqlcipher3.connect(str(path), isolation_level=None)
    conn.execute(key.pragma())
    before = [name for name, _step in MIGRATIONS].index("inference_vocabulary")
    for version, (_name, step) in enumerate(MIGRATIONS[:before], start=1):
        conn.execute("BEGIN IMMEDIATE")
        step(conn)
        conn.execute(f"PRAGMA user_version = {version}")
        conn.execute("COMMIT")
    conn.executemany(
        "INSERT INTO meta (name, value) VALUES (?, ?)", [("app", "memtrust"), ("store_id", uuid.uuid4().hex)]
    )
    conn.executemany(
        "INSERT INTO memories (id, scope, key, value, formation, source, confidence, status, created_at, updated_at)"
        " VALUES (?, 'shared', ?, ?, ?, ?, ?, 'active', 0, 0)",
        rows,
    )
    conn.close()
    return key


def test_inferences_outside_the_vocabulary_in_an_older_store_are_deleted_and_audited_without_their_value(
    tmp_path, clock
):
    path = tmp_path / "old.db"
    key = _store_from_before_the_vocabulary(
        path,
        [
            ("k1", "style.answer_length", "brief", "implicit", "inference:reply_length", 0.8),
            ("o1", "habits.weekly", "sees a shrink weekly", "implicit", "inference:agent_a", 0.9),
            ("o2", "interests.topics", "chess", "implicit", "inference:agent_a", 0.9),
            ("o3", "locale.language", "French", "implicit", "inference:agent_a", 0.9),
            ("e1", "locale.language", "French", "explicit", "chat", 1.0),
            ("e2", "notes.faith", "goes to Quaker meeting", "explicit", "user", 1.0),
        ],
    )
    store = MemoryStore(Database.open(path, key), clock)
    try:
        assert sorted(m.id for m in store.list()) == ["e1", "e2", "k1"]  # what the user saved stays
        deleted = [e for e in store.audit_events() if e.event == "delete"]
        assert sorted((e.memory_id, e.key, e.formation, e.actor) for e in deleted) == [
            ("o1", "habits.weekly", "implicit", "system"),
            ("o2", "interests.topics", "implicit", "system"),
            ("o3", "locale.language", "implicit", "system"),
        ]
        assert {e.reason for e in deleted} == {OUTSIDE_VOCABULARY_REASON}
        assert not any(word in repr(store.audit_events()) for word in ("shrink", "chess", "French"))
    finally:
        store.close()
