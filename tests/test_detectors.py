"""Implicit formation under consent (§3, §6): detectors, evidence, refresh on signal.

Real files from tests/data/real/ (see SOURCES.md): hh_rlhf_harmless_test.jsonl.gz
(anthropics/hh-rlhf, MIT) and oasst_en_100.jsonl (LAION-AI/Open-Assistant, Apache-2.0),
converted to the JSONL export shape with tests/realdata.py.
"""

from __future__ import annotations

import gzip
import re
from datetime import UTC, datetime

import pytest

from memtrust.app import detectors
from memtrust.app.detectors import ActivityHoursDetector, LanguageDetector, ReplyLengthDetector, TopicsDetector
from memtrust.app.detectors.language import SAMPLE_SIZE
from memtrust.app.detectors.reading import ConversationReading, count_words
from memtrust.app.detectors.topics import TOPICS, topics_in
from memtrust.app.ingest import Conversation, Turn
from memtrust.app.pipeline import ingest_file
from memtrust.store.model import Proposal, is_sensitive
from memtrust.store.sensitive import sensitive_class
from tests.realdata import hh_to_jsonl_records, oasst_to_jsonl_records, write_jsonl

SENSITIVE_TOPIC = re.compile(
    r"health|medic|religio|church|god|sex|gay|politic|elect|ethnic|race|racis|family|parent|child|"
    r"financ|money|bank|debt|tax|invest|crime|criminal|steal|drug|weapon",
    re.IGNORECASE,
)
START = int(datetime(2026, 1, 5, 9, 0, tzinfo=UTC).timestamp())


def _records(conversations: list[list[tuple[str, str]]], *, start: int = START, prefix: str = "c") -> list[dict]:
    """JSONL records: each conversation a list of (role, text), one a day, a minute apart."""
    records = []
    for index, turns in enumerate(conversations):
        for position, (role, text) in enumerate(turns):
            records.append(
                {
                    "conversation_id": f"{prefix}{index}",
                    "message_id": f"m{position}",
                    "role": role,
                    "content": text,
                    "timestamp": start + index * 86_400 + position * 60,
                }
            )
    return records


def _brief_chats(count: int) -> list[list[tuple[str, str]]]:
    return [
        [
            ("user", f"How do I sort a list in Python by the second item, example {i}?"),
            ("assistant", "Use sorted(items, key=lambda pair: pair[1]); it returns a new list."),
            ("user", "ok thanks"),
            ("assistant", "You're welcome."),
            ("user", "and reversed?"),
            ("assistant", "Add reverse=True."),
            ("user", "great"),
        ]
        for i in range(count)
    ]


def _implicit(store, key: str):
    return [m for m in store.list(formation="implicit") if m.key == key]


# --- consent ---------------------------------------------------------------------------


def test_with_learning_off_no_default_detector_is_even_called_and_nothing_is_inferred(store, tmp_path, monkeypatch):
    calls = []

    class Spy(ReplyLengthDetector):
        def observe(self, conversation, file_name):
            calls.append(conversation.id)
            return super().observe(conversation, file_name)

    monkeypatch.setattr(detectors, "DEFAULT_DETECTORS", (Spy,))
    path = write_jsonl(tmp_path / "brief.jsonl", _records(_brief_chats(6)))
    report = ingest_file(store, path)
    assert calls == [] and report.detectors_ran is False
    assert store.list(formation="implicit") == []

    store.set_learning(True, actor="test")
    ingest_file(store, path)
    assert len(calls) == 6
    assert [m.value for m in _implicit(store, "style.answer_length")] == ["brief"]


def test_real_red_team_and_oasst_files_never_yield_a_sensitive_row_or_topic(store, real_data, tmp_path):
    hh_records = []
    with gzip.open(real_data / "hh_rlhf_harmless_test.jsonl.gz", "rt", encoding="utf-8") as source:
        for index, line in enumerate(source):
            hh_records += hh_to_jsonl_records(line, f"hh-{index}", START + index * 7 * 3600)
    hh = write_jsonl(tmp_path / "hh_rlhf_harmless_test.jsonl", hh_records)
    oasst_records = []
    with open(real_data / "oasst_en_100.jsonl", encoding="utf-8") as source:
        for index, line in enumerate(source):
            oasst_records += oasst_to_jsonl_records(line, f"oasst-{index}")
    oasst = write_jsonl(tmp_path / "oasst_en_100.jsonl", oasst_records)

    store.set_learning(True, actor="test")
    reports = [ingest_file(store, hh), ingest_file(store, oasst)]
    assert reports[0].conversations == 2312 and reports[1].conversations == 100
    assert all(report.detectors_ran for report in reports)

    inferred = store.list(formation="implicit")
    assert inferred, "the detectors should infer something harmless (language, topics)"
    assert not [m for m in store.list() if m.sensitive]
    for memory in inferred:
        assert memory.source.startswith("inference:") and memory.confidence < 1.0
        assert memory.evidence["detector"] and memory.evidence["summary"]
        assert memory.evidence["message_refs"]
    for topics in (m.value for m in inferred if m.key == "interests.topics"):
        for topic in topics.split(", "):
            assert topic in TOPICS
            assert not SENSITIVE_TOPIC.search(topic), topic
    assert {m.key for m in inferred} <= {
        "style.answer_length",
        "locale.timezone",
        "interests.topics",
        "locale.language",
    }


def test_the_topic_vocabulary_names_no_sensitive_matter():
    for name, keywords in TOPICS.items():
        assert not SENSITIVE_TOPIC.search(name)
        assert sensitive_class(name) is None
        assert [keyword for keyword in keywords if sensitive_class(keyword) is not None] == []


@pytest.mark.parametrize(
    "text",
    [
        "I'm training a model with deep learning and some transfer learning.",
        "Reinforcement learning agents need a reward function and lots of learning steps.",
        "Our language model was fine-tuned with supervised learning.",
    ],
)
def test_machine_learning_phrases_never_make_language_learning(text):
    found = topics_in(_conversation("ml", [("user", text)]))
    assert "language learning" not in found
    assert "machine learning" in found


@pytest.mark.parametrize(
    "text",
    [
        "The factor has three levels; which statistics test compares the levels of a model?",
        "Set the logging level to debug and raise the level of detail.",
        "What's the sea level rise by 2100?",
    ],
)
def test_a_level_outside_games_is_not_video_games(text):
    assert "video games" not in topics_in(_conversation("lv", [("user", text)]))


def test_a_topic_needs_a_phrase_or_two_of_its_words_not_one_loose_word():
    assert topics_in(_conversation("a", [("user", "Can you check this model?")])) == {}
    assert set(topics_in(_conversation("b", [("user", "Any tips for my sourdough starter?")]))) == {"cooking"}
    assert set(topics_in(_conversation("c", [("user", "What sauce goes with pasta?")]))) == {"cooking"}


def test_topic_evidence_names_the_message_that_matched_not_the_first():
    detector = TopicsDetector()
    for index in range(3):
        turns = [
            ("user", "Hi there, quick question."),
            ("assistant", "Sure."),
            ("user", "What's a good recipe for sourdough bread?"),
        ]
        detector(_conversation(f"c{index}", turns), "f")
    [proposal] = detector.finish()
    assert proposal.value == "cooking"
    assert proposal.evidence["message_refs"]
    assert all(ref.endswith("/m2") for ref in proposal.evidence["message_refs"]), proposal.evidence["message_refs"]


def test_topic_evidence_names_each_message_once_when_it_matched_several_topics():
    detector = TopicsDetector()
    for index in range(3):
        text = "Any tips for a sourdough recipe, and a python script to scale it?"
        detector(_conversation(f"c{index}", [("user", text)]), "f")
    [proposal] = detector.finish()
    assert proposal.value == "cooking, programming"
    refs = proposal.evidence["message_refs"]
    assert len(refs) == len(set(refs)) == 3, refs


def test_ordinary_dutch_text_does_not_make_a_conversation_sensitive():
    turns = [
        ("user", "Ik heb die functie in Python geschreven, maar die geeft een error."),
        ("assistant", "Laat de code zien."),
        ("user", "Die regex matcht niet; de parent directory bestaat wel. Hoe debug ik dit script?"),
    ]
    assert set(topics_in(_conversation("nl", turns))) == {"programming"}


# --- refresh on signal ------------------------------------------------------------------


def test_reingesting_the_same_file_keeps_one_row_and_does_not_extend_its_life(store, clock, tmp_path):
    """The same messages are not a new signal (§4: refreshed on each *new* signal): re-running
    ingest on one file must not keep an inference alive for ever."""
    store.set_learning(True, actor="test")
    path = write_jsonl(tmp_path / "conversations.jsonl", _records(_brief_chats(8)))
    ingest_file(store, path)
    [first] = _implicit(store, "style.answer_length")
    clock.advance(days=10)
    report = ingest_file(store, path)
    [again] = _implicit(store, "style.answer_length")
    assert again.id == first.id
    assert (again.last_signal_at, again.expires_at) == (first.last_signal_at, first.expires_at)
    assert any("Seen before" in r.decision.reason for r in report.results)
    assert again.evidence["counts"] == first.evidence["counts"]  # the same messages, not counted twice
    assert again.evidence["message_refs"] == first.evidence["message_refs"]
    assert len(store.list(formation="implicit")) == len({m.key for m in store.list(formation="implicit")})


def test_a_newer_overlapping_export_refreshes_and_merges_evidence(store, clock, tmp_path):
    store.set_learning(True, actor="test")
    chats = _brief_chats(20)
    (tmp_path / "old").mkdir()
    old = write_jsonl(tmp_path / "old" / "conversations.jsonl", _records(chats[:12]))
    ingest_file(store, old)
    [first] = _implicit(store, "style.answer_length")
    clock.advance(days=5)  # the newest evidence (24 Jan) is then 42 days old: within the 60-day life
    new = write_jsonl(tmp_path / "conversations.jsonl", _records(chats))  # the same 12, and 8 newer
    ingest_file(store, new)
    rows = _implicit(store, "style.answer_length")
    assert [m.id for m in rows] == [first.id]
    [refreshed] = rows
    assert refreshed.last_signal_at > first.last_signal_at and refreshed.expires_at > first.expires_at
    assert refreshed.evidence["counts"]["replies"] == 20 * 3  # not 12 * 3 + 20 * 3
    assert refreshed.evidence["last_seen"] > first.evidence["last_seen"]
    assert refreshed.evidence["first_seen"] == first.evidence["first_seen"]
    assert set(first.evidence["message_refs"]) <= set(refreshed.evidence["message_refs"])
    for key in ("locale.language", "interests.topics", "locale.timezone"):
        assert len(_implicit(store, key)) <= 1


# --- contradiction and explicit wins -----------------------------------------------------


def test_a_contradicting_turn_removes_the_brief_inference_and_audits_it_without_the_value(store, tmp_path):
    store.set_learning(True, actor="test")
    ingest_file(store, write_jsonl(tmp_path / "a.jsonl", _records(_brief_chats(8))))
    assert [m.value for m in _implicit(store, "style.answer_length")] == ["brief"]

    later = [
        [
            ("user", "Explain how DNS resolution works."),
            ("assistant", "A resolver asks the root, then the TLD."),
            ("user", "Actually, give me the long version."),
        ]
    ]
    report = ingest_file(
        store, write_jsonl(tmp_path / "b.jsonl", _records(later, start=START + 40 * 86_400, prefix="d"))
    )
    assert _implicit(store, "style.answer_length") == []
    assert [m.key for m in report.withdrawn] == ["style.answer_length"]
    [event] = [e for e in store.audit_events() if e.event == "delete"]
    assert event.reason.startswith("contradicted by jsonl:d0/m2")
    assert "brief" not in repr(event)


def test_an_older_contradiction_does_not_undo_a_newer_signal(store, tmp_path):
    store.set_learning(True, actor="test")
    ingest_file(store, write_jsonl(tmp_path / "new.jsonl", _records(_brief_chats(8), start=START + 100 * 86_400)))
    old = [[("user", "What is a monad?"), ("assistant", "A pattern."), ("user", "More detail please.")]]
    ingest_file(store, write_jsonl(tmp_path / "old.jsonl", _records(old, prefix="o")))
    assert [m.value for m in _implicit(store, "style.answer_length")] == ["brief"]


def test_brief_is_not_inferred_when_the_user_asked_for_more_after_the_short_replies(store, tmp_path):
    store.set_learning(True, actor="test")
    chats = [
        *_brief_chats(8),
        [
            ("user", "Tell me about Rust lifetimes."),
            ("assistant", "They bound references."),
            ("user", "Can you elaborate on that?"),
        ],
    ]
    ingest_file(store, write_jsonl(tmp_path / "c.jsonl", _records(chats)))
    assert [m.value for m in _implicit(store, "style.answer_length")] != ["brief"]


def test_an_explicit_value_for_the_key_wins_over_inference_end_to_end(store, tmp_path):
    store.propose(Proposal("style.answer_length", "detailed", "explicit", "user", confirmed=True), actor="test")
    store.set_learning(True, actor="test")
    report = ingest_file(store, write_jsonl(tmp_path / "brief.jsonl", _records(_brief_chats(8))))
    assert _implicit(store, "style.answer_length") == []
    [decision] = [r.decision for r in report.results if r.decision.rule == "3.4"]
    assert decision.outcome == "reject"
    assert [m.value for m in store.list(formation="explicit")] == ["detailed"]

    # And an explicit value confirmed later supersedes the inference already held.
    store.forget(store.list(formation="explicit")[0].id, actor="test")
    ingest_file(store, write_jsonl(tmp_path / "brief2.jsonl", _records(_brief_chats(8), prefix="x")))
    assert len(_implicit(store, "style.answer_length")) == 1
    store.propose(Proposal("style.answer_length", "detailed", "explicit", "user", confirmed=True), actor="test")
    assert _implicit(store, "style.answer_length") == []


# --- explicit parsing: forget requests ---------------------------------------------------


def test_a_forget_request_lists_the_matching_memory_for_the_user_to_delete(store, tmp_path):
    saved = store.propose(
        Proposal("contact.preferred_channel", "email", "explicit", "user", confirmed=True), actor="test"
    ).memory
    store.propose(Proposal("profile.name", "Ada", "explicit", "user", confirmed=True), actor="test")
    chats = [[("user", "Please forget that I prefer email."), ("assistant", "Noted.")]]
    report = ingest_file(store, write_jsonl(tmp_path / "f.jsonl", _records(chats)))
    assert [match.memory_ids for match in report.forget_matches] == [(saved.id,)]
    assert store.get(saved.id).value == "email"  # nothing is deleted without the user


# --- each detector on its own -----------------------------------------------------------


def _conversation(cid: str, turns: list[tuple[str, str]], day: int = 0, hour: int = 12) -> Conversation:
    base = datetime(2026, 1, 1 + day % 28, hour, 0, tzinfo=UTC)
    return Conversation(
        cid,
        None,
        base,
        [Turn(cid, f"m{i}", role, text, base.replace(minute=i)) for i, (role, text) in enumerate(turns)],
    )


def test_reply_length_needs_several_replies_and_says_why():
    detector = ReplyLengthDetector()
    detector(_conversation("a", [("user", "Hi, what is TCP?"), ("assistant", "A protocol."), ("user", "ok")]), "f")
    assert detector.finish() == []  # one reply is no pattern
    for index in range(6):
        detector(_conversation(f"b{index}", _brief_chats(1)[0], day=index), "f")
    [proposal] = detector.finish()
    assert (proposal.key, proposal.value, proposal.formation) == ("style.answer_length", "brief", "implicit")
    assert proposal.source == "inference:reply_length" and proposal.threshold == detector.threshold
    assert proposal.ttl_seconds == 60 * 86_400
    assert proposal.confidence >= detector.threshold
    assert "of 19 of your replies were under 9 words" in proposal.evidence["summary"]
    assert proposal.evidence["first_seen"] < proposal.evidence["last_seen"]


def test_activity_hours_is_a_low_confidence_disclosed_guess():
    detector = ActivityHoursDetector()
    # Someone writing 08:00-23:00 at UTC+1 (07:00-22:00 UTC) on 20 days.
    for day in range(20):
        for hour in (7, 10, 13, 16, 19, 22):
            detector(_conversation(f"{day}-{hour}", [("user", "hello there")], day=day, hour=hour), "f")
    [proposal] = detector.finish()
    assert proposal.key == "locale.timezone" and proposal.value == "UTC+01:00"
    assert detector.threshold < 0.5 and proposal.confidence <= 0.5
    assert proposal.evidence["fragile"] is True and proposal.evidence["summary"].startswith("a weak guess")
    assert proposal.ttl_seconds == 30 * 86_400


def test_topics_need_separate_conversations_not_one_long_one():
    one = TopicsDetector()
    long_talk = [("user", "My recipe for bread: flour, oven, dough. Another recipe: soup with sauce.")] * 5
    one(_conversation("only", long_talk), "f")
    assert one.finish() == []
    many = TopicsDetector()
    for index in range(3):
        many(_conversation(f"c{index}", [("user", "A good pasta recipe with tomato sauce?")]), "f")
    [proposal] = many.finish()
    assert proposal.value == "cooking" and proposal.evidence["counts"]["cooking"] == 3


def test_a_conversation_touching_a_sensitive_matter_is_not_used_for_topics():
    detector = TopicsDetector()
    for index in range(5):
        detector(_conversation(f"c{index}", [("user", "How do I steal a car without the engine alarm?")]), "f")
    assert detector.finish() == []


def test_language_uses_lingua_on_a_bounded_sample():
    detector = LanguageDetector()
    texts = [
        "Bonjour, pouvez-vous m'aider à écrire une lettre de motivation pour un emploi ?",
        "Je voudrais comprendre comment fonctionne la photosynthèse chez les plantes.",
        "Merci beaucoup, c'est très clair et utile pour mon travail de demain.",
    ]
    for index in range(SAMPLE_SIZE + 50):
        detector(_conversation(f"c{index}", [("user", texts[index % 3])], day=index), "f")
    assert len(detector.sample) == SAMPLE_SIZE
    [proposal] = detector.finish()
    assert (proposal.key, proposal.value) == ("locale.language", "french")
    assert proposal.confidence >= detector.threshold
    assert len(proposal.evidence["message_refs"]) <= 12


@pytest.mark.parametrize(
    ("texts", "language"),
    [
        (
            ["Ik heb die functie gisteren geschreven en die werkt nu prima.", "Kun je mij helpen met een brief?"],
            "dutch",
        ),
        (
            ["Ich habe die Funktion gestern geschrieben und sie läuft jetzt.", "Kannst du mir bei einem Brief helfen?"],
            "german",
        ),
        (["Escribí la función ayer y ahora funciona bien.", "¿Puedes ayudarme con una carta para mi jefe?"], "spanish"),
        (
            [
                "I wrote the function yesterday and it works fine now.",
                "Could you help me write a letter to my landlord?",
            ],
            "english",
        ),
    ],
)
def test_language_tells_the_five_request_languages_apart(texts, language):
    detector = LanguageDetector()
    for index in range(12):
        detector(_conversation(f"c{index}", [("user", texts[index % 2])], day=index), "f")
    [proposal] = detector.finish()
    assert proposal.value == language


def test_language_sampling_is_deterministic_and_bounded_for_a_long_export():
    def run() -> list[str]:
        detector = LanguageDetector()
        for index in range(5_000):
            detector(_conversation(f"c{index}", [("user", f"Message number {index} about the weather today.")]), "f")
        assert len(detector.sample) == SAMPLE_SIZE and detector.seen == 5_000
        return [turn.conversation_id for _text, turn in detector.sample]

    first = run()
    assert first == run()
    drawn = sorted(int(conversation[1:]) for conversation in first)
    assert drawn[-1] > 4_000 and drawn[0] < 1_000  # drawn across the whole export, not its start


def test_every_default_detector_proposes_only_its_own_non_sensitive_key():
    keys = {factory.key for factory in detectors.DEFAULT_DETECTORS}
    assert keys == {"style.answer_length", "locale.timezone", "interests.topics", "locale.language"}
    assert not any(is_sensitive(key) for key in keys)
    assert len({factory.name for factory in detectors.DEFAULT_DETECTORS}) == 4


@pytest.mark.parametrize("factory", detectors.DEFAULT_DETECTORS)
def test_detectors_never_write(factory, store):
    detector = factory()
    for index in range(10):
        detector(_conversation(f"c{index}", _brief_chats(1)[0], day=index), "f")
    detector.finish()
    assert store.list() == [] and store.audit_events() == []


# --- one shared reading of each conversation (§6) -------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "ok",
        "don't stop",
        "well-known, state-of-the-art work",
        "a--b -c d- 'quoted' e'' x_y_z",
        "tabs\tand\nnewlines,commas;semicolons",
        "café crème, naïve über-cool foo’s bar",
        "Привет, как дела? 你好",
        "3.14 and 2,718 and v2-beta",
    ],
)
def test_words_are_counted_as_the_word_expression_counts_them(text):
    assert count_words(text) == len(re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", text))


def test_every_detector_of_one_ingest_gets_the_same_reading_of_a_conversation(store, tmp_path, monkeypatch):
    readings: dict[str, list[tuple[str, int]]] = {}

    def spy(factory):
        class Spy(factory):
            def __call__(self, conversation, file_name, reading=None):
                readings.setdefault(conversation.id, []).append((self.name, id(reading)))
                return super().__call__(conversation, file_name, reading)

        return Spy

    plain: list[str] = []
    monkeypatch.setattr(detectors, "DEFAULT_DETECTORS", tuple(spy(f) for f in detectors.DEFAULT_DETECTORS))
    store.set_learning(True, actor="test")
    path = write_jsonl(tmp_path / "brief.jsonl", _records(_brief_chats(4)))
    ingest_file(store, path)
    assert sorted(readings) == ["c0", "c1", "c2", "c3"]
    for seen in readings.values():
        assert len(seen) == len(detectors.DEFAULT_DETECTORS)
        assert len({reading for _name, reading in seen}) == 1 and seen[0][1] != id(None)

    # A plain two-argument callable is still called with (conversation, file name).
    ingest_file(store, path, implicit_detectors=[lambda conversation, file_name: plain.append(conversation.id)])
    assert plain == ["c0", "c1", "c2", "c3"]


def test_a_topic_names_the_message_it_was_found_in_even_after_a_message_of_only_code():
    conversation = _conversation(
        "code",
        [
            ("user", "hello there"),
            ("user", "```\nx = 1\n```"),
            ("user", "Any tips for my sourdough starter?"),
        ],
    )
    found = topics_in(conversation)
    assert found["cooking"].message_id == "m2"
    assert found == topics_in(conversation, reading=ConversationReading(conversation))


def test_the_reading_picks_the_users_turns_and_replies_once():
    conversation = _conversation(
        "r",
        [
            ("user", "Opening request about python"),
            ("assistant", "An answer."),
            ("system", "hidden"),
            ("user", "a reply ```code``` here"),
            ("user", "   "),
            ("assistant", "Another."),
            ("user", "second reply"),
        ],
    )
    reading = ConversationReading(conversation)
    assert [turn.message_id for turn in reading.turns] == ["m0", "m3", "m6"]
    assert [reading.turns[index].message_id for index in reading.replies] == ["m3", "m6"]
    assert reading.texts[1] == "a reply   here"
    assert reading.epochs == [int(turn.at.timestamp()) for turn in reading.turns]
    assert [reading.turn_at(reading.folded.index(word)).message_id for word in ("python", "here", "second")] == [
        "m0",
        "m3",
        "m6",
    ]


def test_evidence_added_a_conversation_at_a_time_is_the_evidence_added_turn_by_turn():
    from memtrust.app.detectors.base import EvidenceLog

    def turns(conversation, count, dated):
        return [
            Turn(conversation, f"m{n}", "user", "hi", datetime(2026, 1, 1 + n, tzinfo=UTC) if dated(n) else None)
            for n in range(count)
        ]

    one_by_one, batched = EvidenceLog(), EvidenceLog()
    for conversation, count, dated, known in [
        ("c1", 4, lambda n: n % 2 == 0, False),  # some turns without a time
        ("c2", 1, lambda n: False, False),  # none with a time
        ("c3", 9, lambda n: True, True),  # past the sample's cap; the caller has the times
        ("c3", 2, lambda n: n == 1, True),  # the same conversation again, later
    ]:
        made = turns(conversation, count, dated)
        epochs = [int(t.at.timestamp()) - 7 if known and t.at else None for t in made]
        for turn, at in zip(made, epochs, strict=True):
            one_by_one.add("f", turn, at)
        batched.add_many("f", made, epochs)
    fields = ("count", "conversations", "first_seen", "last_seen", "refs")
    assert [getattr(batched, name) for name in fields] == [getattr(one_by_one, name) for name in fields]
    assert batched.count == 16 and batched.conversations == 3 and len(batched.refs) == 12
