"""Every real export shape is read, and nothing is dropped silently (DESIGN.md §6).

Each input is small and written here (tests/exports.py): zips and sharded exports, one
conversation object, Claude.ai branches, voice parts, missing ids, foreign roles, a forced
format on the wrong file, a memtrust export given to ingest, an export failing part-way.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from memtrust.app.ingest import ReadTally, detect_format, read_conversations
from memtrust.app.pipeline import ingest_file, skipped_lines
from memtrust.store.errors import IngestError
from tests.exports import (
    RECENT,
    chatgpt_conversation,
    claude_conversation,
    claude_message,
    write_json,
    write_zip,
)
from tests.realdata import write_jsonl


def _pending(store) -> list[tuple[str, str]]:
    return sorted((m.key, m.value) for m in store.list(status="pending"))


def _chats(count: int, prefix: str = "c") -> list[dict]:
    return [
        chatgpt_conversation(f"{prefix}{n}", [("user", f"Remember that my locker number is {100 + n}.")], title=f"T{n}")
        for n in range(count)
    ]


# --- zips and shards -------------------------------------------------------------------


def test_a_zip_with_shards_is_read_as_one_export_without_unpacking_and_other_files_are_named(
    store, tmp_path, monkeypatch
):
    chats = _chats(5)
    export = write_zip(
        tmp_path / "chatgpt-export.zip",
        {
            "conversations-000.json": chats[:2],
            "conversations-001.json": chats[2:4],
            "conversations-002.json": chats[4:],
            "user.json": {"id": "user-1"},
            "chat.html": "<html></html>",
        },
    )

    def no_unpacking(*_args, **_kwargs):
        raise AssertionError("the zip was unpacked to disk")

    monkeypatch.setattr(zipfile.ZipFile, "extract", no_unpacking)
    monkeypatch.setattr(zipfile.ZipFile, "extractall", no_unpacking)
    assert detect_format(export) == "chatgpt"
    report = ingest_file(store, export)
    assert report.conversations == 5
    assert len(_pending(store)) == 5
    assert report.tally.parts == [f"chatgpt-export.zip: conversations-00{n}.json" for n in range(3)]
    assert any("2 other files in the export were not read: their names are not" in line for line in report.notes())
    assert list(tmp_path.iterdir()) == [export, tmp_path / "store"]  # nothing unpacked beside it


def test_shards_are_read_in_number_order_from_a_folder(store, tmp_path):
    folder = tmp_path / "export"
    folder.mkdir()
    chats = _chats(12)
    for shard in range(12):  # conversations-10.json sorts after -2.json, as numbers
        write_json(folder / f"conversations-{shard}.json", [chats[shard]])
    conversations = list(read_conversations(folder))
    assert [c.id for c in conversations] == [f"c{n}" for n in range(12)]
    assert len(ingest_file(store, folder).results) == 12


def test_a_claude_zip_is_read_from_its_conversations_json(store, tmp_path):
    chat = claude_conversation(
        "k1", [claude_message("m1", "human", "Remember that I prefer email.", None, "2026-03-01T09:00:00Z")], leaf="m1"
    )
    export = write_zip(
        tmp_path / "data-2026.zip", {"conversations.json": [chat], "users.json": [], "projects.json": []}
    )
    report = ingest_file(store, export)
    assert report.format == "claude" and _pending(store) == [("contact.preferred_channel", "email")]


def test_a_zip_with_no_conversations_is_one_sentence(tmp_path):
    export = write_zip(tmp_path / "photos.zip", {"a.txt": "x", "b.txt": "y"})
    with pytest.raises(IngestError, match=r"^photos\.zip is a zip with no conversations\.json"):
        detect_format(export)


# --- one conversation object -----------------------------------------------------------


def test_a_single_chatgpt_conversation_object_is_read(store, tmp_path):
    path = write_json(tmp_path / "one-chat.json", chatgpt_conversation("solo", [("user", "Remember I am vegan.")]))
    assert detect_format(path) == "chatgpt"
    assert ingest_file(store, path).conversations == 1
    assert _pending(store) == [("food.diet", "vegan")]


def test_a_single_claude_conversation_object_pretty_printed_is_read(tmp_path):
    chat = claude_conversation(
        "solo", [claude_message("m1", "human", "Hello", None, "2026-03-01T09:00:00Z")], leaf="m1"
    )
    path = tmp_path / "chat.json"
    path.write_text(json.dumps(chat, indent=2), encoding="utf-8")
    [conversation] = read_conversations(path)
    assert conversation.id == "solo" and [t.text for t in conversation.turns] == ["Hello"]


# --- Claude.ai branches ----------------------------------------------------------------


def test_an_edited_claude_prompt_gives_one_proposal_the_visible_one(store, tmp_path):
    messages = [
        claude_message("u1", "human", "Remember that I prefer phone.", None, "2026-03-01T09:00:00Z"),
        claude_message("a1", "assistant", "Noted: phone.", "u1", "2026-03-01T09:00:05Z"),
        # the user edited the prompt: a sibling of u1, with its own reply
        claude_message("u2", "human", "Remember that I prefer email.", None, "2026-03-01T09:01:00Z"),
        claude_message("a2", "assistant", "Noted: email.", "u2", "2026-03-01T09:01:05Z"),
    ]
    path = write_json(tmp_path / "conversations.json", [claude_conversation("k1", messages, leaf="a2")])
    report = ingest_file(store, path)
    assert _pending(store) == [("contact.preferred_channel", "email")]
    assert report.tally.skipped["branch"] == 2
    assert any("2 messages on branches edited or regenerated away from" in line for line in report.notes())


def test_without_a_current_leaf_the_latest_leaf_is_the_visible_branch(tmp_path):
    messages = [
        claude_message("u1", "human", "first try", None, "2026-03-01T09:00:00Z"),
        claude_message("u2", "human", "second try", None, "2026-03-01T09:05:00Z"),
        claude_message("a2", "assistant", "reply", "u2", "2026-03-01T09:05:05Z"),
    ]
    path = write_json(tmp_path / "conversations.json", [claude_conversation("k1", messages, leaf=None)])
    [conversation] = read_conversations(path)
    assert [t.text for t in conversation.turns] == ["second try", "reply"]


# --- voice -----------------------------------------------------------------------------


def test_chatgpt_voice_transcriptions_are_the_users_words(store, tmp_path):
    voice = {
        "content_type": "multimodal_text",
        "parts": [
            {"content_type": "audio_transcription", "text": "Remember that I prefer text messages.", "direction": "in"},
            {"content_type": "audio_asset_pointer", "asset_pointer": "sediment://file_1", "size_bytes": 1000},
        ],
    }
    path = write_json(tmp_path / "conversations.json", [chatgpt_conversation("v1", [("user", voice)])])
    report = ingest_file(store, path)
    assert _pending(store) == [("contact.preferred_channel", "text")]
    assert any("1 voice recording (its words are read)" in line for line in report.notes())


def test_claude_voice_notes_are_the_users_words(store, tmp_path):
    message = claude_message("u1", "human", "", None, "2026-03-01T09:00:00Z")
    message["content"] = [{"type": "voice_note", "title": "Voice note", "text": "Remember that I am vegetarian."}]
    message["text"] = ""
    path = write_json(tmp_path / "conversations.json", [claude_conversation("k1", [message], leaf="u1")])
    ingest_file(store, path)
    assert _pending(store) == [("food.diet", "vegetarian")]


# --- missing ids -----------------------------------------------------------------------


def test_conversations_and_messages_without_ids_get_stable_ids_from_their_content(tmp_path):
    first = claude_conversation(
        None,
        [
            claude_message(None, "human", "Remember that my locker is 12.", None, "2026-03-01T09:00:00Z"),
            claude_message(None, "assistant", "Noted.", None, "2026-03-01T09:00:05Z"),
        ],
        leaf=None,
    )
    for message in first["chat_messages"]:
        del message["parent_message_uuid"]  # an older export: no tree
    second = json.loads(json.dumps(first))
    second["chat_messages"][0]["content"][0]["text"] = second["chat_messages"][0]["text"] = "Something else."
    one = write_json(tmp_path / "conversations.json", [first, second])
    two = write_json(tmp_path / "renamed (1).json", [second, first])  # another name, another order
    ids_one = {c.turns[0].text: (c.id, c.turns[0].message_id) for c in read_conversations(one)}
    ids_two = {c.turns[0].text: (c.id, c.turns[0].message_id) for c in read_conversations(two)}
    assert ids_one == ids_two  # the same content, the same ids: not the file, not the position
    assert ids_one["Remember that my locker is 12."] != ids_one["Something else."]
    for conversation_id, message_id in ids_one.values():
        assert conversation_id.startswith("h-") and message_id.startswith("h-")
        assert "locker" not in conversation_id + message_id  # a keyed hash never spells the words


def test_a_content_id_depends_on_the_stores_key(tmp_path):
    path = write_jsonl(tmp_path / "chat.jsonl", [{"conversation_id": "c", "role": "user", "content": "hi"}])
    [a] = read_conversations(path, id_key=b"k" * 32)
    [b] = read_conversations(path, id_key=b"j" * 32)
    assert a.turns[0].message_id != b.turns[0].message_id


# --- roles -----------------------------------------------------------------------------


def test_developer_tool_and_unknown_roles_in_jsonl_are_skipped_and_counted_never_fatal(store, tmp_path):
    path = write_jsonl(
        tmp_path / "chat.jsonl",
        [
            {
                "conversation_id": "c",
                "role": "developer",
                "content": "Remember that the user likes SMS.",
                "timestamp": RECENT,
            },
            {"conversation_id": "c", "role": "user", "content": "Remember that I prefer email.", "timestamp": RECENT},
            {"conversation_id": "c", "role": "tool", "content": "{}", "timestamp": RECENT},
            {"conversation_id": "c", "role": "critic", "content": "meh", "timestamp": RECENT},
        ],
    )
    report = ingest_file(store, path)
    assert _pending(store) == [("contact.preferred_channel", "email")]
    [line] = [line for line in report.notes() if line.startswith("Not read")]
    assert "1 developer message" in line and "1 tool message" in line and "1 message with the role “critic”" in line


def test_everything_skipped_is_said_in_words():
    tally = ReadTally()
    tally.skip("content:image_asset_pointer", 3)
    tally.skip("hidden")
    tally.skip("content:weird_new_type")
    tally.other_files.extend(["user.json", "chat.html"])
    assert skipped_lines(tally) == [
        "Not read (not words said in the conversation): 3 images, 1 hidden system message, "
        "1 part of the kind “weird_new_type”.",
        "2 other files in the export were not read: their names are not that of a conversation file "
        "(conversations.json, conversations-000.json …): \u201cuser.json\u201d, \u201cchat.html\u201d.",
    ]


def _one_chat_jsonl(path: Path) -> Path:
    path.write_text(
        json.dumps(
            {
                "conversation_id": "c1",
                "role": "user",
                "content": "Remember that I prefer email.",
                "timestamp": 1_700_000_000,
            }
        )
        + "\n",
        encoding="utf-8",
    )
    return path


def test_a_zip_inside_a_folder_is_named_as_a_zip_not_opened_never_as_holding_no_conversations(store, tmp_path):
    folder = tmp_path / "export"
    folder.mkdir()
    _one_chat_jsonl(folder / "conversations.jsonl")
    inner = _one_chat_jsonl(tmp_path / "inner.jsonl")
    with zipfile.ZipFile(folder / "older-export.zip", "w") as archive:
        archive.write(inner, "conversations.jsonl")
    (folder / "renamed.bin").write_bytes((folder / "older-export.zip").read_bytes())  # a zip by its bytes
    (folder / "readme.txt").write_text("hello\n", encoding="utf-8")
    report = ingest_file(store, folder)
    notes = report.notes()
    assert not any("no conversations" in line for line in notes)
    [zips] = [line for line in notes if "zip" in line]
    assert zips.startswith("2 zip files in the export were not opened (memtrust reads a zip when it is the file given")
    assert "\u201colder-export.zip\u201d" in zips and "\u201crenamed.bin\u201d" in zips
    [other] = [line for line in notes if "readme.txt" in line]
    assert "its name is not that of a conversation file" in other


@pytest.mark.parametrize("inside", ["folder", "zip"])
def test_an_export_holding_only_a_zip_names_the_zip_and_how_to_read_it(tmp_path, inside):
    inner = tmp_path / "chatgpt-export.zip"
    with zipfile.ZipFile(inner, "w") as archive:
        archive.write(_one_chat_jsonl(tmp_path / "c.jsonl"), "conversations.jsonl")
    if inside == "folder":
        given = tmp_path / "Downloads"
        given.mkdir()
        (given / inner.name).write_bytes(inner.read_bytes())
    else:
        given = tmp_path / "outer.zip"
        with zipfile.ZipFile(given, "w") as archive:
            archive.write(inner, inner.name)
    with pytest.raises(IngestError) as refused:
        detect_format(given)
    sentence = str(refused.value)
    assert sentence.startswith(f"{given.name} is a {inside} with no conversations.json")
    assert (
        f"it holds a zip file, which memtrust does not open from inside a {inside}: \u201cchatgpt-export.zip\u201d"
        in sentence
    )
    assert "give memtrust ingest that zip file itself" in sentence


# --- forced format, memtrust exports --------------------------------------------------


def test_a_forced_format_on_the_wrong_file_is_one_sentence(tmp_path):
    chat = claude_conversation("k", [claude_message("m", "human", "Hi", None, "2026-03-01T09:00:00Z")], leaf="m")
    path = write_json(tmp_path / "conversations.json", [chat])
    with pytest.raises(
        IngestError, match=r"^conversations\.json is a Claude\.ai export, not ChatGPT; .*--format claude"
    ):
        read_conversations(path, format="chatgpt")


def test_a_forced_format_on_a_file_of_another_kind_finds_no_conversation(tmp_path):
    path = write_json(tmp_path / "list.json", [{"a": 1}, {"b": 2}])
    with pytest.raises(IngestError, match=r"^list\.json has no ChatGPT conversation in it; its 2 items are of another"):
        list(read_conversations(path, format="chatgpt"))


def test_a_memtrust_export_given_to_ingest_says_to_use_import(store, tmp_path):
    from memtrust.store.export import build_export, dumps_export

    path = tmp_path / "memtrust-export.json"
    path.write_text(dumps_export(build_export(store, app_version="test")), encoding="utf-8")
    with pytest.raises(IngestError, match="is a memtrust export, not a conversation export; use memtrust import"):
        detect_format(path)


# --- one ingest, one transaction -------------------------------------------------------


def test_an_export_failing_part_way_writes_nothing_and_names_the_conversation(store, tmp_path):
    good = json.dumps(_chats(3))
    path = tmp_path / "conversations.json"
    path.write_text(good[:-1] + ', {"title": "Broken", "mapping": {"x": [1, 2,,]}}]', encoding="utf-8")
    audit_before = len(store.audit_events())
    with pytest.raises(IngestError) as caught:
        ingest_file(store, path)
    message = str(caught.value)
    assert message.startswith("conversations.json is not valid JSON at conversation 4 (after “T2”)")
    assert message.endswith("; nothing was imported, not even the 3 conversations before it.")
    assert store.list() == [] and len(store.audit_events()) == audit_before
    with store.db.read() as conn:
        assert conn.execute("SELECT count(*) FROM ingested_messages").fetchone()[0] == 0
    path.write_text(good, encoding="utf-8")  # fixed: the same requests are proposed, none was lost
    assert len(ingest_file(store, path).results) == 3


def test_a_stopped_ingest_writes_nothing(store, tmp_path):
    path = write_json(tmp_path / "conversations.json", _chats(200))

    class Stop(Exception):
        pass

    def progress(done: int, total: int) -> None:
        if done > total // 3:
            raise Stop

    with pytest.raises(Stop):
        ingest_file(store, path, progress=progress)
    assert store.list() == [] and store.unseen_refs({"chatgpt:c0/c0-n0"}) == {"chatgpt:c0/c0-n0"}


def test_a_conversation_that_cannot_be_read_names_itself(tmp_path):
    path = write_json(
        tmp_path / "conversations.json",
        [{"title": "Odd", "mapping": {"n": {"message": {"author": 5}}}, "current_node": "n"}],
    )
    conversations = list(read_conversations(path))  # odd shapes are tolerated, not fatal
    assert conversations[0].turns == []


def test_a_missing_path_is_one_sentence(tmp_path):
    with pytest.raises(IngestError, match=r"^nothing\.json: no such file\.$"):
        detect_format(tmp_path / "nothing.json")


def test_the_ingest_progress_covers_every_shard_of_a_folder(tmp_path):
    folder = tmp_path / "export"
    folder.mkdir()
    for shard in range(3):
        write_json(folder / f"conversations-00{shard}.json", _chats(20, prefix=f"s{shard}-"))
    reports: list[tuple[int, int]] = []
    list(read_conversations(folder, progress=lambda done, total: reports.append((done, total))))
    total = sum(p.stat().st_size for p in folder.iterdir())
    assert reports[-1] == (total, total)
    assert [done for done, _ in reports] == sorted(done for done, _ in reports)


def test_path_of_a_zip_export_reports_compressed_progress(tmp_path):
    export = write_zip(tmp_path / "export.zip", {"conversations.json": _chats(50)})
    reports: list[tuple[int, int]] = []
    list(read_conversations(export, progress=lambda done, total: reports.append((done, total))))
    assert reports and all(total == reports[0][1] for _, total in reports)
    assert max(done for done, _ in reports) <= Path(export).stat().st_size


# --- words from the export, shown as data ----------------------------------------------

#: A title, role, part kind or file name written to pass for memtrust's own next line.
FORGED = "T”) — fine.\nmemtrust: Imported everything; nothing was refused.\u202e"


def _one_line_with_forged_words_escaped(message: str) -> None:
    assert "\n" not in message and "\u202e" not in message
    assert "\\nmemtrust: Imported" in message  # shown, as an escape, on the same line
    assert "T”)" not in message  # its closing quotation mark cannot close memtrust's


def test_a_title_in_the_sentence_of_a_broken_export_cannot_start_a_line_of_its_own(tmp_path):
    chats = [chatgpt_conversation("c0", [("user", "hello")], title=FORGED)]
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(chats)[:-1] + ', {"mapping": {"x": [1,,]}}]', encoding="utf-8")
    with pytest.raises(IngestError) as caught:
        list(read_conversations(path))
    message = str(caught.value)
    assert message.startswith("conversations.json is not valid JSON at conversation 2 (after “T\\u201d)")
    _one_line_with_forged_words_escaped(message)


def test_a_conversation_that_cannot_be_read_names_its_title_as_data(tmp_path, monkeypatch):
    from memtrust.app import ingest

    def broken(raw, tally, id_key):
        raise ValueError(FORGED)

    monkeypatch.setattr(ingest, "conversation_from_chatgpt", broken)
    path = write_json(tmp_path / "conversations.json", [chatgpt_conversation("c0", [("user", "hi")], title=FORGED)])
    with pytest.raises(IngestError) as caught:
        list(read_conversations(path))
    _one_line_with_forged_words_escaped(str(caught.value))


def test_roles_part_kinds_and_file_names_from_the_export_are_said_as_data():
    tally = ReadTally()
    tally.skip(f"role:{FORGED}")
    tally.skip(f"content:{FORGED}")
    tally.other_files.append(FORGED)
    for line in skipped_lines(tally):
        _one_line_with_forged_words_escaped(line)


def test_field_names_of_a_jsonl_file_that_is_not_a_conversation_are_said_as_data(tmp_path):
    path = write_jsonl(tmp_path / "lines.jsonl", [{FORGED: 1}, {FORGED: 2}])
    with pytest.raises(IngestError) as caught:
        detect_format(path)
    _one_line_with_forged_words_escaped(str(caught.value))
