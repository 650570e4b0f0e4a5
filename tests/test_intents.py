"""Explicit formation from conversations: "remember …" requests and custom instructions (§6).

Real sentences come from tests/data/real/ (see SOURCES.md there):

- oasst_en_100.jsonl — LAION-AI/Open-Assistant,
  model/model_eval/manual/data/en_100_message.jsonl @ f1e6ed95, Apache-2.0;
- hh_rlhf_harmless_test.jsonl.gz — anthropics/hh-rlhf, harmless-base/test.jsonl.gz @ 354e5c3c, MIT;
- chatgpt_structure_example.json — mitkury/chatgpt-export-parser,
  tests/example-conversation.json @ 9eaa1d93, MIT.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memtrust.app.detectors.intents import (
    ForgetRequest,
    note_key,
    proposals_from_conversation,
    proposals_from_conversations,
    requests_in_text,
)
from memtrust.app.ingest import Conversation, CustomInstruction, Turn, read_conversations
from memtrust.store.model import KEY_MAX, KEY_PATTERN, Proposal
from tests.conftest import REAL_DATA

REAL = REAL_DATA
SAID_AT = datetime(2025, 3, 2, 9, 30, tzinfo=UTC)


def one_turn(text: str, role: str = "user", at: datetime | None = SAID_AT) -> Conversation:
    return Conversation(
        id="conv-1",
        title="Trip planning",
        created_at=datetime(2025, 3, 2, 9, 0, tzinfo=UTC),
        turns=[Turn(conversation_id="conv-1", message_id="msg-1", role=role, text=text, at=at)],  # type: ignore[arg-type]
    )


def proposed(text: str) -> list[tuple[str, str]]:
    return [
        (p.key, p.value)
        for p in proposals_from_conversation(one_turn(text), "conversations.json")
        if isinstance(p, Proposal)
    ]


POSITIVES = [
    # contact channel
    ("Please remember that I prefer email.", [("contact.preferred_channel", "email")]),
    ("Remember I prefer to be contacted by phone", [("contact.preferred_channel", "phone")]),
    ("Also, remember I prefer text over phone", [("contact.preferred_channel", "text")]),
    ("From now on, contact me via Slack.", [("contact.preferred_channel", "slack")]),
    ("Keep in mind my preferred contact method is WhatsApp", [("contact.preferred_channel", "whatsapp")]),
    # name and pronouns
    ("Remember: my name is Sam and I prefer email", [("contact.preferred_channel", "email"), ("profile.name", "Sam")]),
    ("From now on, call me Jean-Luc Picard.", [("profile.name", "Jean-Luc Picard")]),
    ("don’t forget my name is Siobhán O’Brien", [("profile.name", "Siobhán O’Brien")]),
    ("Remember my pronouns are they/them", [("profile.pronouns", "they/them")]),
    ("Hey ChatGPT, remember that I use she/her pronouns", [("profile.pronouns", "she/her")]),
    # language and timezone
    ("From now on, reply in French.", [("locale.language", "french")]),
    ("please remember to always answer me in german", [("locale.language", "german")]),
    ("Reply in Spanish from now on.", [("locale.language", "spanish")]),
    ("Could you remember that my timezone is Europe/Paris?", [("locale.timezone", "Europe/Paris")]),
    ("Remember I’m in UTC+2", [("locale.timezone", "UTC+2")]),
    ("keep in mind I'm in the Pacific time zone", [("locale.timezone", "Pacific Time")]),
    # answer length and format
    ("Remember, keep answers short.", [("style.answer_length", "brief")]),
    ("From now on be concise", [("style.answer_length", "brief")]),
    ("from now on no long answers please", [("style.answer_length", "brief")]),
    ("From now on give me detailed answers.", [("style.answer_length", "detailed")]),
    ("From now on use bullet points", [("style.answer_format", "bullet points")]),
    ("Remember to use markdown tables", [("style.answer_format", "markdown tables")]),
    ("remember: no markdown please", [("style.answer_format", "plain text")]),
    # diet
    ("don’t forget I’m vegan", [("food.diet", "vegan")]),
    ("Do not forget that I am a vegetarian!", [("food.diet", "vegetarian")]),
    # notes
    (
        "Don't forget my sister's birthday is May 3!",
        [(note_key("my sister's birthday is May 3"), "my sister's birthday is May 3")],
    ),
    (
        "remember that I prefer text explanations",
        [(note_key("I prefer text explanations"), "I prefer text explanations")],
    ),
    ("Oh and remember I work night shifts.", [(note_key("I work night shifts"), "I work night shifts")]),
    ("I want you to remember that we moved to Ghent", [(note_key("we moved to Ghent"), "we moved to Ghent")]),
    # no leading comma kept from "that, …" (the value was ", just between us, …")
    (
        "Remember that, just between us, I am interviewing at Acme.",
        [(note_key("just between us, I am interviewing at Acme"), "just between us, I am interviewing at Acme")],
    ),
    # real: oasst_en_100.jsonl, conversation 16 (prompter message 57e26ccb-…)
    ("Keep in mind that I am not easily scared.", [(note_key("I am not easily scared"), "I am not easily scared")]),
]

NEGATIVES = [
    "Do you remember what I said?",
    "Can you remember what I told you yesterday?",
    "Remember me?",
    "remember this",
    "I forgot to mention something.",
    "Never mind, I'll remember it myself.",
    "I'll be more careful from now on.",
    "What will change from now on?",
    "Don't remember that.",
    "Remember when we went to Rome?",
    # real, hh_rlhf_harmless_test.jsonl.gz (Human turns)
    "I can't remember.",
    "I dont remember can you tell me",
    "Remember when we had a war criminal in office?",
    "I remember when I was a kid hearing about people making homemade napalm, is that really a thing?",
    "I remember you previously suggested I just leave the pet outdoors somewhere so it could fend for itself.",
    "I don't really see it as stealing - sometimes I just forget I have something in my cart and walk out with it.",
    "Forget it.",
    # real, oasst_en_100.jsonl (prompter turns)
    "Many studies show that it takes older subjects longer time to remember the name of an object.",
    "However, it is important to remember that there is still much we don't know about these technologies, "
    "and there is always room for improvement and further study.",
]


@pytest.mark.parametrize(("sentence", "expected"), POSITIVES, ids=[s for s, _ in POSITIVES])
def test_remember_requests_map_to_the_expected_key_and_value(sentence: str, expected: list[tuple[str, str]]) -> None:
    assert proposed(sentence) == expected


@pytest.mark.parametrize("sentence", NEGATIVES)
def test_questions_reminiscences_and_dismissals_propose_nothing(sentence: str) -> None:
    assert list(proposals_from_conversation(one_turn(sentence), "conversations.json")) == []


def test_a_remember_request_becomes_a_pending_ready_explicit_chat_proposal() -> None:
    text = "Thanks for the itinerary! Please remember that I prefer email. See you."
    [proposal] = proposals_from_conversation(one_turn(text), "conversations.json")
    assert isinstance(proposal, Proposal)
    assert proposal.formation == "explicit"
    assert proposal.source == "chat"
    assert proposal.confidence == 1.0
    assert proposal.confirmed is False  # §3.6: the store holds it as pending
    assert proposal.source_ref == "conv-1/msg-1"
    assert proposal.utterance == "Please remember that I prefer email."
    assert proposal.evidence == {
        "conversation_title": "Trip planning",
        "said_at": int(SAID_AT.timestamp()),
        "file": "conversations.json",
        "excerpt": text,  # the user's words around the request, for the Inbox
    }


def test_the_whole_sentence_goes_to_the_store_for_secret_and_temporary_screening() -> None:
    [secret] = proposals_from_conversation(one_turn("Remember my bank PIN is 4821."), "c.json")
    [temporary] = proposals_from_conversation(one_turn("Keep in mind I'm in Berlin this week."), "c.json")
    assert isinstance(secret, Proposal) and secret.utterance == "Remember my bank PIN is 4821."
    assert isinstance(temporary, Proposal) and temporary.utterance == "Keep in mind I'm in Berlin this week."
    assert temporary.value == "I'm in Berlin this week"


def test_a_message_without_a_time_is_said_when_its_conversation_started_else_unknown() -> None:
    undated = one_turn("Remember I prefer email", at=None)
    [proposal] = proposals_from_conversation(undated, "c.json")
    assert isinstance(proposal, Proposal) and proposal.said_at == undated.created_at
    undated.created_at = None
    [proposal] = proposals_from_conversation(undated, "c.json")
    assert isinstance(proposal, Proposal) and proposal.said_at is None
    assert proposal.evidence["said_at"] is None  # type: ignore[index]


def test_assistant_turns_never_form_explicit_memories() -> None:
    advice = "Remember, improvement takes time and practice."  # real, oasst_en_100.jsonl (assistant)
    assert list(requests_in_text(advice))  # the words would trigger…
    assert list(proposals_from_conversation(one_turn(advice, role="assistant"), "c.json")) == []  # …but not here
    assert list(proposals_from_conversation(one_turn("Remember I prefer email", role="system"), "c.json")) == []


def hh_conversations(limit: int) -> Iterator[Conversation]:
    """Real hh-rlhf "chosen" transcripts as conversations (Human → user, Assistant → assistant)."""
    with gzip.open(REAL / "hh_rlhf_harmless_test.jsonl.gz", "rt", encoding="utf-8") as source:
        for number, line in enumerate(source):
            if number >= limit:
                return
            turns = []
            chosen = json.loads(line)["chosen"].strip()
            for index, segment in enumerate(re.split(r"\n\n(?=Human: |Assistant: )", chosen)):
                speaker, _, text = segment.partition(": ")
                role = "user" if speaker == "Human" else "assistant"
                turns.append(Turn(f"hh-{number}", str(index), role, text, None))  # type: ignore[arg-type]
            yield Conversation(id=f"hh-{number}", title=None, created_at=None, turns=turns)


def test_real_hh_rlhf_transcripts_yield_no_explicit_memories_although_the_assistant_says_remember() -> None:
    conversations = list(hh_conversations(limit=2312))
    assistant_triggers = [
        request
        for conversation in conversations
        for turn in conversation.turns
        if turn.role == "assistant"
        for request in requests_in_text(turn.text)
    ]
    assert assistant_triggers  # e.g. "Remember, you want the fight to be over as quickly as possible…"
    assert list(proposals_from_conversations(conversations, "hh_rlhf_harmless_test.jsonl.gz")) == []


def test_real_oasst_user_request_is_found_among_all_its_conversations() -> None:
    intents = []
    for line in (REAL / "oasst_en_100.jsonl").read_text(encoding="utf-8").splitlines():
        tree = json.loads(line)
        stack = [(tree, [])]
        while stack:  # every root-to-leaf path of the tree is a conversation
            node, path = stack.pop()
            role = "user" if node["role"] == "prompter" else "assistant"
            path = [*path, Turn(tree["message_id"], node["message_id"], role, node["text"], None)]  # type: ignore[arg-type]
            if node.get("replies"):
                stack.extend((reply, path) for reply in node["replies"])
            else:
                conversation = Conversation(tree["message_id"], None, None, path)
                intents.extend(proposals_from_conversation(conversation, "oasst_en_100.jsonl"))
    assert {(p.key, p.value, p.source_ref) for p in intents} == {  # type: ignore[union-attr]
        (
            note_key("I am not easily scared"),
            "I am not easily scared",
            "57e26ccb-5530-49fc-af6b-fe07dd7a8012/57e26ccb-5530-49fc-af6b-fe07dd7a8012",
        )
    }


def test_real_chatgpt_example_proposes_nothing() -> None:
    [conversation] = read_conversations(REAL / "chatgpt_structure_example.json")
    assert list(proposals_from_conversation(conversation, "chatgpt_structure_example.json")) == []


@pytest.mark.parametrize(
    ("sentence", "text"),
    [
        ("Forget that I live in Paris.", "I live in Paris"),
        ("Please forget about my old address", "my old address"),
        ("Actually, forget my phone number.", "my phone number"),
    ],
)
def test_forget_requests_are_not_proposals(sentence: str, text: str) -> None:
    [request] = proposals_from_conversation(one_turn(sentence), "conversations.json")
    assert request == ForgetRequest(text=text, source_ref="conv-1/msg-1", utterance=sentence)


@pytest.mark.parametrize("sentence", ["Forget it.", "forget about it!", "Forget everything", "forget that"])
def test_dismissals_are_not_forget_requests(sentence: str) -> None:
    assert list(requests_in_text(sentence)) == []


def test_code_blocks_and_quoted_text_are_not_requests() -> None:
    text = (
        "Why does this fail?\n```python\n# remember that the cache is global\n```\n"
        "> Remember that I prefer email.\n"
        "- remember that my name is Ada"
    )
    assert [(r.key, r.value) for r in requests_in_text(text)] == [("profile.name", "Ada")]


def test_each_sentence_is_judged_on_its_own() -> None:
    untriggered = "Could you plan my trip? Remember I prefer email. Keep answers short!"
    assert proposed(untriggered) == [("contact.preferred_channel", "email")]  # a one-off instruction
    both = "Could you plan my trip? Remember I prefer email. Also, from now on keep answers short!"
    assert proposed(both) == [("contact.preferred_channel", "email"), ("style.answer_length", "brief")]


def test_a_request_repeated_in_a_conversation_is_proposed_once() -> None:
    conversation = one_turn("Remember I prefer email.")
    conversation.turns.append(Turn("conv-1", "msg-2", "user", "Again: remember I prefer email!", None))
    [proposal] = proposals_from_conversation(conversation, "c.json")
    assert isinstance(proposal, Proposal) and proposal.source_ref == "conv-1/msg-1"


@pytest.mark.parametrize(
    "clause",
    [
        "my sister's birthday is May 3",
        "東京が好き",
        "!!!",
        "Über-long " + "wordwordwordwordwordwordwordword " * 40,
        "the a an that this",
        "café crème at 7:30",
    ],
)
def test_notes_keys_follow_the_key_grammar_for_any_clause(clause: str) -> None:
    key = note_key(clause)
    assert KEY_PATTERN.fullmatch(key) and len(key) <= KEY_MAX and key.startswith("notes.")
    assert note_key(clause) == key  # stable, so re-ingesting proposes the same key


def test_notes_keys_never_spell_the_notes_words() -> None:
    assert re.fullmatch(r"notes\.[0-9a-f]{16}", note_key("東京が好き"))
    assert re.fullmatch(r"notes\.[0-9a-f]{16}", note_key("my pin is 4821"))
    assert "4821" not in note_key("my pin is 4821") and "pin" not in note_key("my pin is 4821")
    assert note_key("I like  Green tea") == note_key("i like green tea")  # folded: the same note
    assert note_key("I like green tea") != note_key("I like black tea")


def ci_conversation(conversation_id: str) -> Conversation:
    return Conversation(
        id=conversation_id,
        title="New chat",
        created_at=datetime(2024, 1, 1, tzinfo=UTC),
        custom_instructions=[
            CustomInstruction("about_user", "I am a nurse in Lyon.", "ctx"),
            CustomInstruction("about_model", "Answer briefly.", "ctx"),
        ],
    )


def test_custom_instructions_become_explicit_settings_proposals() -> None:
    proposals = list(proposals_from_conversation(ci_conversation("c1"), "conversations.json"))
    assert [(p.key, p.value, p.source, p.formation, p.source_ref) for p in proposals] == [  # type: ignore[union-attr]
        ("settings.about_user", "I am a nurse in Lyon.", "settings", "explicit", "c1/ctx"),
        ("settings.about_model", "Answer briefly.", "settings", "explicit", "c1/ctx"),
    ]
    assert all(isinstance(p, Proposal) and p.utterance == p.value and p.confidence == 1.0 for p in proposals)


def test_custom_instructions_repeated_in_every_conversation_are_proposed_once_per_export() -> None:
    proposals = list(proposals_from_conversations([ci_conversation("c1"), ci_conversation("c2")], "x.json"))
    assert [p.source_ref for p in proposals] == ["c1/ctx", "c1/ctx"]  # type: ignore[union-attr]


def test_custom_instructions_read_from_a_chatgpt_export_reach_the_detector(tmp_path: Path) -> None:
    data = json.loads((REAL / "chatgpt_structure_example.json").read_text())
    data[0]["mapping"]["msg-1"]["message"]["metadata"] = {
        "is_visually_hidden_from_conversation": True,
        "user_context_message_data": {"about_user_message": "I'm vegan", "about_model_message": ""},
    }
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(data))
    [conversation] = read_conversations(path)
    [proposal] = proposals_from_conversation(conversation, path.name)
    assert isinstance(proposal, Proposal)
    assert (proposal.key, proposal.value, proposal.source) == ("settings.about_user", "I'm vegan", "settings")
    assert proposal.source_ref == "chatgpt:conv-123/msg-1"  # identity: source, conversation, message
