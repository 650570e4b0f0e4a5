"""Take it anywhere (DESIGN.md §2, §3.8, §9): ``export --for chatgpt|claude|gemini|text`` writes
what the user saved themselves as a block to paste — never an inference, pending or
quarantined row unless asked, then marked as a guess — within each target's length, with one
line saying where it came from; audited as an export. ``--for text`` comes back through
``memtrust ingest`` as the same saved memories, nothing inferred."""

from __future__ import annotations

import pytest
from tui_fixtures import inferred, pending_from_chat, saved

from memtrust.app.ingest.memory_list import parse_memory_list
from memtrust.app.memory_import import import_memory_list
from memtrust.store.export import record_export
from memtrust.store.model import Proposal
from memtrust.store.notes import note_key
from memtrust.store.opening import create_throwaway_store
from memtrust.store.portable import TARGETS, left_out_sentence, portable_block

HEADER = "From memtrust, where I keep what I asked assistants to remember: "


def a_store_of_everything(store):
    """Saved memories of several kinds and scopes, plus an inference, a weak guess, a pending
    request and a quarantined one (none of which a block may hold unless asked)."""
    saved(store, "profile.name", "Robin Vale")
    saved(store, "contact.preferred_channel", "email")
    saved(store, "interests.topics", "bouldering, cycling")
    saved(store, "notes.tea", "Prefers tea in the morning")
    saved(store, "notes.emoji", "Never use emoji")
    store.propose(
        Proposal("notes.apa", "Cites sources in APA style", "explicit", "user", scope="research", confirmed=True),
        actor="test",
    )
    inferred(store, "style.answer_length", "brief", confidence=0.82)
    store.set_learning(True, actor="test")
    weak = Proposal(
        "locale.timezone", "UTC+01:00", "implicit", "inference:activity_hours", confidence=0.4, threshold=0.35
    )
    assert store.propose(weak, actor="test").memory is not None  # a weak guess (§3.8)
    pending_from_chat(store, "food.diet", "vegetarian")
    store.propose(Proposal("notes.job", "Confidential: changing jobs in spring", "explicit", "user"), actor="test")
    return store


def _notes_in_key_order() -> list[str]:
    """The two shared notes of :func:`a_store_of_everything` in the order of their keys
    (a note's key is its id, store.notes)."""
    return sorted(["Never use emoji", "Prefers tea in the morning"], key=note_key)


def test_each_target_holds_only_what_you_saved_with_a_line_saying_where_it_came_from(store):
    a_store_of_everything(store)
    for target in TARGETS:
        block = portable_block(store, target)
        lines = block.text.splitlines()
        assert lines[0].startswith(HEADER + "6 memories I saved myself (2 Mar 2026).")
        assert {memory.formation for memory in block.memories} == {"explicit"}
        assert {memory.status for memory in block.memories} == {"active"}
        for absent in ("brief", "UTC+01:00", "vegetarian", "changing jobs"):
            assert absent not in block.text
        assert block.inferred == 0 and block.left_out == ()


def test_the_chatgpt_block_reads_as_labelled_lines(store):
    a_store_of_everything(store)
    assert portable_block(store, "chatgpt").text == (
        HEADER + "6 memories I saved myself (2 Mar 2026).\n"
        "- Name: Robin Vale\n"
        "- Preferred contact channel: email\n"
        "- Topics (interests): bouldering, cycling\n"
        + "".join(f"- {value}\n" for value in _notes_in_key_order())
        + "- (for research) Cites sources in APA style\n"
    )


def test_the_claude_block_dates_each_entry_as_claudes_import_asks(store):
    a_store_of_everything(store)
    lines = portable_block(store, "claude").text.splitlines()
    assert lines[1] == "- [2026-03-02] - Name: Robin Vale"
    assert lines[-1] == "- [2026-03-02] - (for research) Cites sources in APA style"


def test_the_gemini_block(store):
    a_store_of_everything(store)
    lines = portable_block(store, "gemini").text.splitlines()
    assert lines[1:3] == ["- Name: Robin Vale", "- Preferred contact channel: email"]


def test_the_text_block_writes_keys_and_scopes_for_memtrust_to_read_back(store):
    a_store_of_everything(store)
    assert portable_block(store, "text").text == (
        HEADER + "6 memories I saved myself (2 Mar 2026). Nothing below was inferred unless it says so.\n"
        "- profile.name: Robin Vale\n"
        "- contact.preferred_channel: email\n"
        "- interests.topics: bouldering, cycling\n" + "".join(f"- {value}\n" for value in _notes_in_key_order()) + "\n"
        "## Scope: research\n"
        "- Cites sources in APA style\n"
    )


def test_include_inferred_marks_each_guess_and_never_gives_a_weak_one(store):
    a_store_of_everything(store)
    block = portable_block(store, "chatgpt", include_inferred=True)
    assert block.inferred == 1
    assert "- Answer length: brief (a guess: memtrust inferred this, 82% sure)" in block.text
    assert "UTC+01:00" not in block.text
    assert block.not_given == ("1 weak guess (under 70%) is never given to an assistant.",)
    assert block.text.splitlines()[0] == (
        HEADER + "6 memories I saved myself and 1 that memtrust inferred, each marked as a guess (2 Mar 2026)."
    )


def test_with_learning_off_nothing_inferred_is_given_even_when_asked(store):
    a_store_of_everything(store)
    store.set_learning(False, actor="test")
    block = portable_block(store, "text", include_inferred=True)
    assert block.inferred == 0 and "brief" not in block.text
    assert block.not_given[0].startswith("2 inferred memories are not given: implicit learning is off")


def test_over_chatgpts_length_the_least_important_are_left_out_and_named(store):
    saved(store, "profile.name", "Robin Vale")
    for number in range(60):
        saved(store, f"notes.n{number}", f"Remembered thing number {number} with a few more words")
    block = portable_block(store, "chatgpt")
    assert len(block.text) <= TARGETS["chatgpt"].limit == 1500
    assert block.memories[0].key == "profile.name"  # who you are goes first; notes are cut first
    assert len(block.memories) + len(block.left_out) == 61
    assert block.left_out and all(memory.key.startswith("notes.") for memory in block.left_out)
    assert ", the most important first (2 Mar 2026)." in block.text.splitlines()[0]
    sentence = left_out_sentence(block)
    assert sentence == f"Left out {len(block.left_out)} memories to stay within ChatGPT's 1,500 characters: " + (
        f"{len(block.left_out)} notes."
    )
    assert "Remembered" not in sentence  # keys and counts, never a value
    whole = portable_block(store, "text")
    assert len(whole.memories) == 61 and whole.left_out == ()


def test_a_value_with_line_breaks_stays_one_item(store):
    saved(store, "notes.address", "Flat 2\nRiver Street\r\nGhent")
    block = portable_block(store, "text")
    assert block.text.splitlines()[1] == "- Flat 2 River Street Ghent"


def test_an_export_for_a_target_is_audited_with_its_target_and_guesses(store):
    a_store_of_everything(store)
    block = portable_block(store, "claude", include_inferred=True)
    record_export(
        store, actor="cli", destination="stdout", memory_count=len(block.memories), format="for:claude", inferred=1
    )
    event = store.audit_events(limit=1)[0]
    assert event.event == "export"
    assert event.reason == "Exported 7 memories as a block for Claude, 1 of them inferred and marked as guesses."
    assert event.detail == {"destination": "stdout", "format": "for:claude", "inferred": 1}


def test_round_trip_text_block_to_ingest_gives_the_same_saved_memories_and_nothing_inferred(store, tmp_path, clock):
    a_store_of_everything(store)
    block = portable_block(store, "text")
    fresh = create_throwaway_store(tmp_path / "fresh", clock=clock).store
    try:
        found = parse_memory_list(block.text, "memtrust-for-text.txt")
        assert found.assistant == "memtrust"
        report = import_memory_list(fresh, found, file_name="memtrust-for-text.txt")
        assert report.counts()["pending"] == 6 and report.assistant == "memtrust"
        for memory in fresh.list(status="pending"):
            fresh.confirm(memory.id, actor="test")

        def saved_set(where):
            return {
                (m.scope, "notes" if m.key.startswith("notes.") else m.key, m.value)
                for m in where.list(formation="explicit", status="active")
            }

        assert saved_set(fresh) == saved_set(store)
        assert fresh.count(formation="implicit") == 0
        assert {m.source for m in fresh.list()} == {"import:memtrust"}
        # and again: nothing new is asked
        assert import_memory_list(fresh, found, file_name="copy.txt").already == 6
    finally:
        fresh.close()


def test_round_trip_of_the_chatgpt_block_keeps_the_known_keys(store, tmp_path, clock):
    a_store_of_everything(store)
    fresh = create_throwaway_store(tmp_path / "fresh", clock=clock).store
    try:
        found = parse_memory_list(portable_block(store, "chatgpt").text, "for-chatgpt.txt")
        import_memory_list(fresh, found, file_name="for-chatgpt.txt")
        keys = {m.key for m in fresh.list()}
        assert {"profile.name", "contact.preferred_channel"} <= keys
    finally:
        fresh.close()


def test_a_note_that_would_read_as_a_label_or_date_keeps_its_key_in_the_text_block(store, tmp_path, clock):
    saved(store, "notes.ana", "Name: Ana (my sister's best friend)")
    saved(store, "notes.start", "2024-01-01 - started at the bakery")
    saved(store, "notes.plain", "Keeps a diary")
    lines = portable_block(store, "text").text.splitlines()[1:]
    ana, start = note_key("Name: Ana (my sister's best friend)"), note_key("2024-01-01 - started at the bakery")
    expected = {
        ana: f"- {ana}: Name: Ana (my sister's best friend)",
        note_key("Keeps a diary"): "- Keeps a diary",
        start: f"- {start}: 2024-01-01 - started at the bakery",
    }
    assert lines == [expected[key] for key in sorted(expected)]
    fresh = create_throwaway_store(tmp_path / "fresh", clock=clock).store
    try:
        import_memory_list(fresh, parse_memory_list(portable_block(store, "text").text, "x.txt"), file_name="x.txt")
        assert {(m.key.split(".")[0], m.value) for m in fresh.list()} == {
            ("notes", "Name: Ana (my sister's best friend)"),
            ("notes", "2024-01-01 - started at the bakery"),
            ("notes", "Keeps a diary"),
        }
    finally:
        fresh.close()


def test_a_memory_that_mentions_memtrust_is_still_a_memory():
    found = parse_memory_list("- memtrust keeps my notes\n- From memtrust I export weekly\n", "x.txt")
    assert [item.text for item in found.items] == ["memtrust keeps my notes", "From memtrust I export weekly"]
    assert found.assistant is None


def test_a_memory_only_an_agents_client_said_yes_to_is_not_given_as_one_you_saved(store):
    # §10: a client can answer its own elicitation; its yes is not the user's, so a block of
    # "memories I saved myself" leaves such a row out, and says so, until the user confirms it.
    saved(store, "contact.preferred_channel", "email")
    client_confirmed = store.propose(
        Proposal(
            "profile.name",
            "Zed",
            "explicit",
            "agent",
            source_ref="agent:memtrust#c1;confirmed-by-elicitation",
            confirmed=True,
            confirmed_in="memtrust",
        ),
        actor="agent:memtrust",
    ).memory
    for target in TARGETS:
        block = portable_block(store, target, include_inferred=True)
        assert "Zed" not in block.text
        assert block.text.splitlines()[0].startswith(HEADER + "1 memory I saved myself")
        assert any("only an assistant's client said yes to" in sentence for sentence in block.not_given)
    store.confirm(client_confirmed.id, actor="user")
    assert "Zed" in portable_block(store, "chatgpt").text


@pytest.mark.parametrize("name", ["memtrust", "MemTrust", "mem-trust", "ｍｅｍｔｒｕｓｔ", "memtrust app"])
def test_a_client_calling_itself_memtrust_is_never_shown_as_memtrust(name):
    from memtrust.store.model import CLIENT_NAME_MAX, client_name

    shown = client_name(name)
    assert shown.endswith("(an MCP client, not memtrust itself)")
    assert len(client_name(name * 40)) <= CLIENT_NAME_MAX
    assert client_name("Claude Desktop") == "Claude Desktop"
