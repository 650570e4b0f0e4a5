"""Reading memory lists as people copy them from ChatGPT, Claude and Gemini (DESIGN.md §2
``import:<assistant>``): one memory per line or bullet, headings, dates, fenced blocks, and a
sentence — never a guess — for a text that is not a memory list.

The lists are written for these tests (tests/data/memory_lists/README.md): a fictional
person, no personal data.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memtrust.app.ingest.memory_list import parse_memory_list, read_date, read_memory_list_file
from memtrust.store.errors import IngestError

LISTS = Path(__file__).parent / "data" / "memory_lists"


def texts(name: str) -> list[str]:
    return [item.text for item in read_memory_list_file(LISTS / "lists" / name).items]


def test_plain_lines_copied_from_chatgpts_memory_page_are_one_memory_each():
    found = read_memory_list_file(LISTS / "lists" / "chatgpt_manage_memories.txt")
    assert len(found.items) == 10
    assert found.items[0].text == "Prefers concise answers with a short summary first."
    assert [item.line for item in found.items] == list(range(1, 11))
    assert found.assistant is None  # the page's text names no assistant: --from says which


def test_bullets_lose_their_marker_and_keep_their_words():
    assert texts("gemini_saved_info.txt") == [
        "I'm vegetarian",
        "My name is Robin",
        "I live in Ghent",
        "Always answer in British English spelling",
        "I prefer answers without emoji",
        "I'm training for a half marathon in October",
    ]


def test_a_fenced_block_is_read_alone_with_its_headings_and_dates():
    found = read_memory_list_file(LISTS / "lists" / "claude_import_answer.md")
    assert found.fenced
    assert len(found.items) == 10  # "Here's everything…" and "That is the complete set…" are not memories
    first = found.items[0]
    assert (first.text, first.heading, first.date_text) == (
        "Keep answers short unless asked for detail",
        "Instructions about how to respond",
        "2025-01-12",
    )
    assert first.dated == datetime(2025, 1, 12, tzinfo=UTC)
    undated = found.items[2]
    assert (undated.text, undated.date_text, undated.dated) == ("Never use emoji", None, None)  # [Date unknown]
    assert found.items[3].heading == "Personal details"
    assert found.items[3].text == "Name: Robin Vale"


def test_headed_sections_with_dates_before_or_after_the_memory():
    found = read_memory_list_file(LISTS / "lists" / "gemini_prompt_sections.md")
    by_text = {item.text: item for item in found.items}
    assert by_text["Lives in Ghent, Belgium"].dated == datetime(2024, 11, 3, tzinfo=UTC)
    assert by_text["Lives in Ghent, Belgium"].heading == "Demographics"
    assert by_text["Bouldering and indoor climbing"].date_text == "March 2025"
    assert by_text["Started learning Portuguese"].dated == datetime(2025, 2, 2, tzinfo=UTC)
    assert by_text["Has a sister who lives in Lisbon"].heading == "Relationships"
    assert "Let me know if you'd like me to add anything else." not in by_text
    assert found.assistant == "chatgpt"  # the preamble says whose memories these are


def test_numbered_items_under_bold_headings():
    found = read_memory_list_file(LISTS / "lists" / "numbered_bold_headings.md")
    assert [(item.heading, item.text) for item in found.items[:2]] == [
        ("About me", "Name: Robin Vale"),
        ("About me", "Pronouns: they/them"),
    ]
    assert found.items[3].heading == "How to answer"


def test_mixed_languages_keep_their_words_headings_and_dates():
    found = read_memory_list_file(LISTS / "lists" / "mixed_languages.txt")
    by_text = {item.text: item for item in found.items}
    assert by_text["Wohnt in Gent und arbeitet als Lehrer"].dated == datetime(2024, 3, 15, tzinfo=UTC)
    assert by_text["Wohnt in Gent und arbeitet als Lehrer"].heading == "Persönliches"
    assert by_text["Préfère des réponses courtes"].dated == datetime(2025, 3, 3, tzinfo=UTC)
    assert by_text["Prefiere recibir correos electrónicos"].date_text == "2 de abril de 2025"
    assert by_text["猫を飼っている"].heading == "日本語"


def test_memtrusts_own_export_names_itself_and_its_header_is_not_a_memory():
    found = read_memory_list_file(LISTS / "lists" / "memtrust_text_export.txt")
    assert found.assistant == "memtrust"
    assert [item.text for item in found.items][:2] == ["contact.preferred_channel: email", "profile.name: Robin Vale"]


def test_a_guess_marked_by_memtrust_is_flagged_and_the_mark_is_not_kept():
    found = parse_memory_list(
        "- style.answer_length: brief (a guess: memtrust inferred this, 82% sure)\n- profile.name: Robin\n", "x.txt"
    )
    assert [(item.text, item.marked_guess) for item in found.items] == [
        ("style.answer_length: brief", True),
        ("profile.name: Robin", False),
    ]


def test_the_assistant_is_named_only_from_the_lists_framing_never_from_a_memory():
    found = parse_memory_list("- Uses Claude for code reviews\n- Prefers tea\n", "memories.txt")
    assert found.assistant is None
    assert parse_memory_list("- Prefers tea\n", "gemini-saved-info.txt").assistant == "gemini"
    both = parse_memory_list("What ChatGPT told me, for Claude:\n- Prefers tea\n", "memories.txt")
    assert both.assistant is None  # two named: memtrust does not pick one


def test_a_wrapped_bullet_goes_on_on_the_next_indented_line():
    found = parse_memory_list("- Prefers answers that start with\n  a one-line summary\n- Likes tea\n", "x.txt")
    assert [item.text for item in found.items] == ["Prefers answers that start with a one-line summary", "Likes tea"]


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("2024-03-15", datetime(2024, 3, 15, tzinfo=UTC)),
        ("2024/3/5", datetime(2024, 3, 5, tzinfo=UTC)),
        ("15.03.2024", datetime(2024, 3, 15, tzinfo=UTC)),
        ("March 15, 2024", datetime(2024, 3, 15, tzinfo=UTC)),
        ("15th March 2024", datetime(2024, 3, 15, tzinfo=UTC)),
        ("3 mars 2025", datetime(2025, 3, 3, tzinfo=UTC)),
        ("März 2024", datetime(2024, 3, 1, tzinfo=UTC)),
        ("2024-02-30", None),  # not a real day
        ("03/04/2024", None),  # day and month cannot be told apart
        ("soon", None),
    ],
)
def test_dates_in_the_shapes_lists_use(written, expected):
    assert read_date(written) == expected


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        ("prose.txt", "reads as paragraphs of prose"),
        ("one_paragraph.txt", "reads as paragraphs of prose"),
        ("wrapped_prose.txt", "prose wrapped over several lines"),
        ("email.txt", "prose wrapped over several lines"),
        ("script.py", "looks like program code"),
        ("table.csv", "looks like a table"),
        ("server.log", "looks like a log file"),
        ("settings.json", "is JSON, but neither a conversation export"),
        ("readme.md", "is mostly text between a few list lines"),
    ],
)
def test_a_text_that_is_not_a_memory_list_gets_one_sentence_not_a_guess(name, sentence):
    with pytest.raises(IngestError) as refused:
        read_memory_list_file(LISTS / "not_lists" / name)
    message = str(refused.value)
    assert message.startswith(name) and sentence in message
    assert message.count(". ") == 0 and message.endswith(".")  # one sentence
    assert "\n" not in message


def test_empty_binary_and_foreign_encodings(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n\n")
    with pytest.raises(IngestError, match="empty.txt is empty"):
        read_memory_list_file(empty)
    binary = tmp_path / "photo.txt"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(IngestError, match="binary file"):
        read_memory_list_file(binary)
    latin = tmp_path / "latin.txt"
    latin.write_bytes("- Préfère le thé\n".encode("latin-1"))
    with pytest.raises(IngestError, match="not UTF-8 text"):
        read_memory_list_file(latin)
    utf16 = tmp_path / "notepad.txt"
    utf16.write_bytes("- Préfère le thé\n".encode("utf-16"))
    assert [item.text for item in read_memory_list_file(utf16).items] == ["Préfère le thé"]
    with pytest.raises(IngestError, match="no such file"):
        read_memory_list_file(tmp_path / "missing.txt")


def test_what_starts_like_a_conversation_export_goes_to_the_export_readers(tmp_path):
    import gzip
    import zipfile

    from memtrust.app.ingest.memory_list import is_conversation_export

    cases = {
        "conversations.json": b'[{"mapping": {}}]',
        "lines.jsonl": b'{"conversation_id": "c"}\n',
        "empty.json": b"[ ]",
        "dated.txt": b"[2025-01-12] - Keep answers short\n",
        "plain.txt": b"Prefers tea\n",
        "bom.json": b'\xef\xbb\xbf  [{"chat_messages": []}]',
    }
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
    with zipfile.ZipFile(tmp_path / "export.zip", "w") as archive:
        archive.writestr("conversations.json", "[]")
    (tmp_path / "export.json.gz").write_bytes(gzip.compress(b"[]"))
    (tmp_path / "shards").mkdir()
    exports = {path.name for path in tmp_path.iterdir() if is_conversation_export(path)}
    assert exports == {
        "conversations.json",
        "lines.jsonl",
        "empty.json",
        "bom.json",
        "export.zip",
        "export.json.gz",
        "shards",
    }


@pytest.mark.parametrize("document", ["null", "true", "42", "-1.5e3", '"Prefers tea"', "  [ ]  ", "{}"])
def test_a_json_document_of_any_kind_is_not_read_as_a_one_line_memory_list(document):
    # "null" in a file called notes.json once waited in the Inbox as a memory saying "null".
    with pytest.raises(IngestError, match=r"^notes\.json is JSON, but neither a conversation export") as refused:
        parse_memory_list(document + "\n", "notes.json")
    assert "\n" not in str(refused.value)


def _chatgpt_export() -> str:
    conversation = {"id": "c1", "title": "T", "current_node": "m", "mapping": {"m": {"id": "m", "message": None}}}
    return json.dumps([conversation])


@pytest.mark.parametrize(
    ("document", "named"),
    [
        (_chatgpt_export(), "is a ChatGPT conversation export, not a memory list"),
        (json.dumps({"uuid": "c", "chat_messages": []}), "is a Claude.ai conversation export, not a memory list"),
        (
            '{"conversation_id": "c", "role": "user", "content": "Remember X"}\n'
            '{"conversation_id": "c", "role": "assistant", "content": "Sure"}\n',
            "is a JSON Lines conversation export, not a memory list",
        ),
        (json.dumps({"meta": {}, "memories": [], "audit": []}), "is a memtrust export, not a memory list"),
    ],
    ids=["chatgpt", "claude", "jsonl", "memtrust-export"],
)
def test_a_conversation_export_given_as_a_memory_list_is_named_for_what_it_is(document, named):
    # memtrust ingest conversations.json --from chatgpt, or the export piped to ingest -, once
    # said the file was "neither a conversation export memtrust reads nor a memory list".
    for name in ("conversations.json", "standard input"):
        with pytest.raises(IngestError) as refused:
            parse_memory_list(document, name)
        message = str(refused.value)
        assert message.startswith(f"{name} {named}"), message
        assert "neither" not in message and "\n" not in message


@pytest.mark.parametrize("opening", ["[", '{"a":', '[{"a":'])
def test_json_nested_past_the_limit_as_a_memory_list_gets_the_nesting_sentence(opening):
    from memtrust.store.nesting import MAX_NESTING

    with pytest.raises(IngestError, match=rf"nests deeper than {MAX_NESTING} levels"):
        parse_memory_list(opening * 100_000, "standard input")
