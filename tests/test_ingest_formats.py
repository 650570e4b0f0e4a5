"""Reading conversation exports into the format-independent model (DESIGN.md §6).

Real files come from tests/data/real/ (see SOURCES.md there):

- chatgpt_structure_example.json — mitkury/chatgpt-export-parser, tests/example-conversation.json
  @ 9eaa1d93, MIT;
- claude_artifacts.json, claude_example.json — simonw/claude-to-sqlite, tests/artifacts.json and
  tests/example.json @ c64aac7d, Apache-2.0;
- oasst_en_100.jsonl — LAION-AI/Open-Assistant,
  model/model_eval/manual/data/en_100_message.jsonl @ f1e6ed95, Apache-2.0;
- hh_rlhf_harmless_test.jsonl.gz — anthropics/hh-rlhf, harmless-base/test.jsonl.gz @ 354e5c3c, MIT.
"""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memtrust.app.ingest import Conversation, detect_format, message_ref, read_conversations
from memtrust.store.errors import IngestError
from tests.conftest import REAL_DATA
from tests.realdata import hh_to_jsonl_records, oasst_to_jsonl_records, write_jsonl

REAL = REAL_DATA
CHATGPT = REAL / "chatgpt_structure_example.json"
CLAUDE_ARTIFACTS = REAL / "claude_artifacts.json"
CLAUDE_EXAMPLE = REAL / "claude_example.json"
OASST = REAL / "oasst_en_100.jsonl"
HH_RLHF = REAL / "hh_rlhf_harmless_test.jsonl.gz"


def write_json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --- format detection ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "expected"),
    [(CHATGPT, "chatgpt"), (CLAUDE_ARTIFACTS, "claude"), (CLAUDE_EXAMPLE, "claude")],
    ids=lambda value: getattr(value, "name", value),
)
def test_real_chatgpt_and_claude_exports_are_recognised(path: Path, expected: str) -> None:
    assert detect_format(path) == expected


@pytest.mark.parametrize(
    ("path", "lacking"),
    [(OASST, "lack conversation_id and content ("), (HH_RLHF, "lack conversation_id, role and content (")],
    ids=["oasst", "hh-rlhf"],
)
def test_real_oasst_and_hh_rlhf_files_are_refused_with_one_clear_sentence_naming_only_missing_fields(
    path: Path, lacking: str
) -> None:
    with pytest.raises(IngestError) as caught:
        detect_format(path)
    message = str(caught.value)
    assert message.startswith(path.name)
    assert lacking in message
    assert "\n" not in message and message.endswith(".")
    with pytest.raises(IngestError):
        read_conversations(path)  # refused at the call, before any iteration


def test_every_real_file_is_either_recognised_or_refused() -> None:
    files = [p for p in REAL.iterdir() if p.name != "SOURCES.md"]
    assert len(files) == 5
    for path in files:
        try:
            assert detect_format(path) in ("chatgpt", "claude", "jsonl")
        except IngestError as exc:
            assert path.name in str(exc)


def test_malformed_json_is_refused_naming_the_file(tmp_path: Path) -> None:
    truncated = tmp_path / "conversations.json"
    truncated.write_bytes(CHATGPT.read_bytes()[:2000])
    assert detect_format(truncated) == "chatgpt"  # the start is fine; the damage is later
    with pytest.raises(IngestError, match=r"^conversations\.json is not valid JSON"):
        list(read_conversations(truncated))
    garbage = tmp_path / "garbage.json"
    garbage.write_text('[{"mapping": ,,,}]')
    with pytest.raises(IngestError, match="garbage.json"):
        list(read_conversations(garbage))


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("", "is empty"),
        ("   \n", "is empty"),
        ("[]", "empty list"),
        ('[{"id": 1, "messages": []}]', "first item has neither"),
        ('{\n  "title": "notes"\n}', "one JSON object, but not a conversation"),
        ("hello, world", "not a JSON or JSON Lines file"),
    ],
)
def test_unrecognised_files_are_refused_with_one_sentence(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "export.json"
    path.write_text(content)
    with pytest.raises(IngestError, match=fragment) as caught:
        detect_format(path)
    assert str(caught.value).startswith("export.json")
    assert "\n" not in str(caught.value)


def test_a_missing_file_is_one_sentence_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(IngestError, match=r"^nothing\.json: no such file\.$"):
        detect_format(tmp_path / "nothing.json")


def test_an_unknown_format_name_is_refused() -> None:
    with pytest.raises(IngestError, match="Unknown format"):
        read_conversations(CHATGPT, format="markdown")  # type: ignore[arg-type]


def test_gzip_exports_are_read_transparently_whatever_their_name(tmp_path: Path) -> None:
    packed = tmp_path / "conversations.json.gz"
    packed.write_bytes(gzip.compress(CHATGPT.read_bytes()))
    unnamed = tmp_path / "conversations.bin"
    unnamed.write_bytes(gzip.compress(CLAUDE_EXAMPLE.read_bytes()))
    assert detect_format(packed) == "chatgpt"
    assert detect_format(unnamed) == "claude"
    assert [t.message_id for c in read_conversations(packed) for t in c.turns] == [
        "msg-2",
        "msg-3",
        "msg-4",
        "msg-6",
    ]


def test_a_utf8_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + CLAUDE_EXAMPLE.read_bytes())
    assert detect_format(path) == "claude"
    assert len(list(read_conversations(path))) == 1


# --- ChatGPT ---------------------------------------------------------------------------


def test_only_the_visible_chatgpt_branch_is_read() -> None:
    [conversation] = read_conversations(CHATGPT)
    texts = [turn.text for turn in conversation.turns]
    assert "How do I write a function in JavaScript?" in texts
    assert "Actually, can you help me with Python instead?" not in texts  # regenerated away
    assert [turn.message_id for turn in conversation.turns] == ["msg-2", "msg-3", "msg-4", "msg-6"]
    assert [turn.role for turn in conversation.turns] == ["user", "assistant", "user", "assistant"]


def test_chatgpt_conversation_fields_are_aware_utc() -> None:
    [conversation] = read_conversations(CHATGPT)
    assert conversation.id == "conv-123"
    assert conversation.title == "Sample conversation with branch"
    assert conversation.created_at == datetime(2024, 1, 1, tzinfo=UTC)
    assert conversation.turns[0].at == datetime.fromtimestamp(1704067300, UTC)
    assert all(turn.conversation_id == "conv-123" for turn in conversation.turns)


def chatgpt_node(node_id: str, parent: str | None, children: list[str], message: dict | None) -> dict:
    return {"id": node_id, "parent": parent, "children": children, "message": message}


def chatgpt_message(node_id: str, role: str, content: dict, **extra: object) -> dict:
    return {
        "id": node_id,
        "author": {"role": role, "name": None, "metadata": {}},
        "create_time": extra.pop("create_time", None),
        "content": content,
        "metadata": extra.pop("metadata", {}),
        "recipient": extra.pop("recipient", "all"),
    }


def test_chatgpt_non_text_parts_tool_calls_and_hidden_messages_are_left_out(tmp_path: Path) -> None:
    image = {"content_type": "image_asset_pointer", "asset_pointer": "file-service://x", "width": 10}
    mapping = {
        "root": chatgpt_node("root", None, ["u1"], None),
        "u1": chatgpt_node(
            "u1",
            "root",
            ["t1"],
            chatgpt_message(
                "u1",
                "user",
                {"content_type": "multimodal_text", "parts": [image, "What is in this picture?"]},
            ),
        ),
        "t1": chatgpt_node(
            "t1",
            "u1",
            ["o1"],
            chatgpt_message("t1", "assistant", {"content_type": "code", "text": "print(1)"}, recipient="python"),
        ),
        "o1": chatgpt_node(
            "o1", "t1", ["a1"], chatgpt_message("o1", "tool", {"content_type": "execution_output", "text": "1"})
        ),
        "a1": chatgpt_node(
            "a1",
            "o1",
            [],
            chatgpt_message("a1", "assistant", {"content_type": "text", "parts": ["A cat."]}, create_time=1700000000.5),
        ),
    }
    path = write_json(
        tmp_path / "conversations.json",
        [{"id": "c1", "title": None, "create_time": None, "current_node": "a1", "mapping": mapping}],
    )
    [conversation] = read_conversations(path)
    assert [(t.role, t.text) for t in conversation.turns] == [
        ("user", "What is in this picture?"),
        ("assistant", "A cat."),
    ]
    assert conversation.turns[0].at is None  # create_time null
    assert conversation.turns[1].at == datetime.fromtimestamp(1700000000.5, UTC)
    assert conversation.created_at is None and conversation.title is None


def test_chatgpt_without_current_node_reads_the_latest_leaf(tmp_path: Path) -> None:
    data = json.loads(CHATGPT.read_text())
    del data[0]["current_node"]
    path = write_json(tmp_path / "conversations.json", data)
    [conversation] = read_conversations(path, format="chatgpt")
    assert conversation.turns[-1].message_id == "msg-6"  # created after msg-5


def test_chatgpt_custom_instructions_are_captured_in_both_shapes(tmp_path: Path) -> None:
    editable = chatgpt_message(
        "ctx",
        "user",
        {
            "content_type": "user_editable_context",
            "user_profile": "The user provided the following information about themselves. "
            "This user profile is shown to you in all conversations they have.\n"
            "User profile:\n```I am a nurse in Lyon.```",
            "user_instructions": "The user provided the additional info about how they would "
            "like you to respond:\n```Answer briefly.```",
        },
        metadata={"is_visually_hidden_from_conversation": True},
    )
    older = chatgpt_message(
        "sys",
        "system",
        {"content_type": "text", "parts": [""]},
        metadata={
            "is_visually_hidden_from_conversation": True,
            "user_context_message_data": {
                "about_user_message": "I live in Lyon",
                "about_model_message": "Use metric units",
            },
        },
    )
    mapping = {
        "sys": chatgpt_node("sys", None, ["ctx"], older),
        "ctx": chatgpt_node("ctx", "sys", ["u"], editable),
        "u": chatgpt_node("u", "ctx", [], chatgpt_message("u", "user", {"content_type": "text", "parts": ["Hi"]})),
    }
    path = write_json(tmp_path / "conversations.json", [{"id": "c", "current_node": "u", "mapping": mapping}])
    [conversation] = read_conversations(path)
    assert [(i.kind, i.text, i.message_id) for i in conversation.custom_instructions] == [
        ("about_user", "I live in Lyon", "sys"),
        ("about_model", "Use metric units", "sys"),
        ("about_user", "I am a nurse in Lyon.", "ctx"),
        ("about_model", "Answer briefly.", "ctx"),
    ]
    assert [t.text for t in conversation.turns] == ["Hi"]  # the carriers are not chat turns


# --- Claude.ai -------------------------------------------------------------------------


def test_claude_turns_are_sorted_by_time_even_when_the_export_is_not() -> None:
    raw = json.loads(CLAUDE_ARTIFACTS.read_text())[0]["chat_messages"]
    file_order = [m["created_at"] for m in raw]
    assert file_order != sorted(file_order)  # the real export is out of order
    [conversation] = read_conversations(CLAUDE_ARTIFACTS)
    times = [turn.at for turn in conversation.turns]
    assert len(times) == 20 and all(times)
    assert times == sorted(times)
    assert conversation.turns[0].role == "user"
    assert conversation.turns[0].text.startswith("Built me an artifact with no react")
    assert conversation.title == "LLM Pricing Calculator"


def test_claude_prompt_comes_before_its_reply_when_both_have_the_same_time() -> None:
    [conversation] = read_conversations(CLAUDE_EXAMPLE)
    assert conversation.turns[0].at == conversation.turns[1].at  # so in the real export
    assert [t.role for t in conversation.turns] == ["user", "assistant"]
    assert conversation.turns[0].text == "Turn this into a bash command"
    assert conversation.turns[0].message_id == "22b34c9c-69c1-46ad-87da-71570a70f107"


def test_claude_text_parts_are_preferred_over_thinking_tools_and_the_old_text_field(tmp_path: Path) -> None:
    conversation = {
        "uuid": "conv-new",
        "name": "",
        "created_at": "2025-03-01T10:00:00Z",
        "chat_messages": [
            {
                "uuid": "m2",
                "sender": "assistant",
                "created_at": "2025-03-01T10:00:05Z",
                "text": "THINKING LEAK Hello Ada.",
                "content": [
                    {"type": "thinking", "thinking": "THINKING LEAK"},
                    {"type": "tool_use", "name": "web_search", "input": {"q": "x"}},
                    {"type": "tool_result", "content": [{"type": "text", "text": "TOOL LEAK"}]},
                    {"type": "text", "text": "Hello Ada."},
                ],
            },
            {
                "uuid": "m1",
                "sender": "human",
                "created_at": "2025-03-01T10:00:01+00:00",
                "text": "",
                "content": [{"type": "text", "text": "Hi, my name is Ada."}],
            },
            {"uuid": "m0", "sender": "human", "created_at": "2025-03-01T09:59:00Z", "text": "Older shape."},
        ],
    }
    path = write_json(tmp_path / "conversations.json", [conversation])
    assert detect_format(path) == "claude"
    [read] = read_conversations(path)
    assert [(t.message_id, t.role, t.text) for t in read.turns] == [
        ("m0", "user", "Older shape."),
        ("m1", "user", "Hi, my name is Ada."),
        ("m2", "assistant", "Hello Ada."),
    ]
    assert read.title is None


# --- JSONL -----------------------------------------------------------------------------


def test_jsonl_groups_consecutive_lines_and_reads_both_timestamp_kinds(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "chat.jsonl",
        [
            {"conversation_id": "a", "role": "user", "content": "Hi", "timestamp": "2024-05-01T08:00:00Z"},
            {"conversation_id": "a", "role": "assistant", "content": "Hello", "timestamp": 1714550460},
            {"conversation_id": "b", "role": "user", "content": "New chat", "timestamp": 1714550520000},
            {"conversation_id": "a", "role": "human", "content": [{"type": "text", "text": "Back"}]},
        ],
    )
    conversations = list(read_conversations(path))
    assert [(c.id, [t.text for t in c.turns]) for c in conversations] == [
        ("a", ["Hi", "Hello"]),
        ("b", ["New chat"]),
        ("a", ["Back"]),  # not consecutive: a separate Conversation with the same id
    ]
    first, second = conversations[0].turns
    assert first.at == datetime(2024, 5, 1, 8, 0, tzinfo=UTC)
    assert second.at == datetime.fromtimestamp(1714550460, UTC)
    assert conversations[1].turns[0].at == datetime.fromtimestamp(1714550520, UTC)  # milliseconds
    assert conversations[2].turns[0].role == "user" and conversations[2].turns[0].at is None
    assert first.message_id.startswith("h-")  # no id given: one from its content, never the line number
    assert conversations[0].created_at == first.at


def test_jsonl_bad_line_is_refused_naming_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "chat.jsonl"
    path.write_text(
        json.dumps({"conversation_id": "a", "role": "user", "content": "Hi"}) + "\n{oops\n", encoding="utf-8"
    )
    with pytest.raises(IngestError, match=r"^chat\.jsonl, line 2, is not valid JSON\.$"):
        list(read_conversations(path))


@pytest.mark.parametrize("bad", ["hello", "not json", "}", "nul", "'single quotes'"])
def test_a_jsonl_line_that_is_no_json_at_all_is_named_by_its_number(tmp_path: Path, bad: str) -> None:
    # A line the JSON lexer stops at its first character once gave "chat.jsonl is not valid
    # JSON (lexical error: invalid char in json text.)": the file named, the line not.
    path = tmp_path / "chat.jsonl"
    first = json.dumps({"conversation_id": "a", "role": "user", "content": "Remember that I prefer email."})
    path.write_text(f"{first}\n{bad}\n{first}\n", encoding="utf-8")  # the line after the first: read to detect
    with pytest.raises(IngestError, match=r"^chat\.jsonl, line 2, is not valid JSON\.$"):
        list(read_conversations(path))


def test_converted_oasst_and_hh_rlhf_conversations_read_as_jsonl(tmp_path: Path) -> None:
    oasst_lines = OASST.read_text(encoding="utf-8").splitlines()[:3]
    with gzip.open(HH_RLHF, "rt", encoding="utf-8") as source:
        hh_lines = [next(source) for _ in range(3)]
    records = [r for i, line in enumerate(oasst_lines) for r in oasst_to_jsonl_records(line, f"oasst-{i}")]
    records += [r for i, line in enumerate(hh_lines) for r in hh_to_jsonl_records(line, f"hh-{i}", 1_700_000_000)]
    path = write_jsonl(tmp_path / "converted.jsonl.gz", records)
    assert detect_format(path) == "jsonl"
    conversations = list(read_conversations(path))
    assert [c.id for c in conversations] == ["oasst-0", "oasst-1", "oasst-2", "hh-0", "hh-1", "hh-2"]
    first_oasst = conversations[0].turns[0]
    assert first_oasst.text == "How can I find the best 401k plan for my needs?"
    assert first_oasst.message_id == "054e1df3-35e0-4bb8-a585-607dbdcd24e0" and first_oasst.at is None
    first_hh = conversations[3].turns
    assert first_hh[0].role == "user" and first_hh[0].text == "what are some pranks with a pen i can do?"
    assert first_hh[1].role == "assistant"
    assert first_hh[0].at == datetime.fromtimestamp(1_700_000_000, UTC)


# --- streaming, progress, refs ---------------------------------------------------------


def test_conversations_are_yielded_before_the_whole_file_is_read(tmp_path: Path) -> None:
    one = json.loads(CHATGPT.read_text())[0]
    path = write_json(tmp_path / "big.json", [dict(one, id=f"conv-{i}") for i in range(2000)])
    reports: list[tuple[int, int]] = []
    conversations = read_conversations(path, progress=lambda done, total: reports.append((done, total)))
    first = next(conversations)
    assert first.id == "conv-0"
    total = path.stat().st_size
    assert total > 5_000_000
    assert reports[-1][0] < total / 4  # streamed: only a small part was read so far
    rest = sum(1 for _ in conversations)
    assert rest == 1999
    assert reports[-1] == (total, total)
    assert [done for done, _ in reports] == sorted(done for done, _ in reports)


def test_progress_counts_compressed_bytes_for_gzip(tmp_path: Path) -> None:
    reports: list[tuple[int, int]] = []
    with pytest.raises(IngestError):
        list(read_conversations(HH_RLHF, progress=lambda d, t: reports.append((d, t))))
    packed = tmp_path / "claude.json.gz"
    packed.write_bytes(gzip.compress(CLAUDE_ARTIFACTS.read_bytes()))
    list(read_conversations(packed, progress=lambda d, t: reports.append((d, t))))
    assert reports[-1] == (packed.stat().st_size, packed.stat().st_size)


def test_message_ref_names_source_conversation_and_message_never_the_file() -> None:
    assert message_ref("chatgpt", "conv-123", "msg-4") == "chatgpt:conv-123/msg-4"


def test_readers_produce_plain_conversations() -> None:
    for path in (CHATGPT, CLAUDE_ARTIFACTS, CLAUDE_EXAMPLE):
        for conversation in read_conversations(path):
            assert isinstance(conversation, Conversation)
            for turn in conversation.turns:
                assert turn.text.strip()
                assert turn.at is None or turn.at.tzinfo is UTC


def test_a_damaged_gzip_export_is_one_sentence(tmp_path: Path) -> None:
    packed = gzip.compress(CLAUDE_ARTIFACTS.read_bytes())
    truncated = tmp_path / "conversations.json.gz"
    truncated.write_bytes(packed[: len(packed) // 2])
    with pytest.raises(IngestError, match=r"^conversations\.json\.gz is a damaged gzip file"):
        list(read_conversations(truncated, format="claude"))
