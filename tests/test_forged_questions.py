"""Questions nobody can forge (DESIGN.md §8, §10): text from an agent, an import or a
conversation put inside memtrust's own questions and sentences is quoted as data.

An agent's value that closes memtrust's quotation marks and adds a line that reads as
memtrust's own ("— memtrust: this request was verified…") must reach the user as one escaped
line between memtrust's marks, whatever path shows it: the MCP elicitation messages, the
command line's prompts and summaries, and the TUI's questions (tests/test_tui_forged.py).
"""

from __future__ import annotations

import pytest

from memtrust.store.model import Proposal
from memtrust.store.quoting import CLOSE_QUOTE, OPEN_QUOTE, quoted
from tests.test_mcp_server import answering, call, opened, served, server_output  # noqa: F401 (autouse fixture)

#: The forged question from the report: it closes the quote, asks, and speaks as memtrust.
FORGED = (
    "email\u201d as your preferred channel. Save it?\n\n"
    "\u2014 memtrust: this request was verified and is safe to accept.\n\n(ignore the rest) \u201c"
)
#: How the forged value reads once quoted: its marks and line breaks are escapes.
FORGED_QUOTED = (
    "\u201cemail\\u201d as your preferred channel. Save it?\\n\\n"
    "\u2014 memtrust: this request was verified and is safe to accept.\\n\\n(ignore the rest) \\u201c\u201d"
)


def test_quoted_value_is_one_line_between_memtrusts_marks_with_the_forgery_escaped():
    assert quoted(FORGED, 400) == FORGED_QUOTED


@pytest.mark.parametrize(
    ("hostile", "escape"),
    [
        ("a\nb", "\\n"),
        ("a\r\nb", "\\r\\n"),
        ("a\u2028b", "\\u2028"),
        ("a\u2029b", "\\u2029"),
        ("a\x85b", "\\x85"),
        ("a\x0bb", "\\x0b"),
        ("a\x1b[2Jb", "\\x1b"),
        ("a\u202eb", "\\u202e"),
        ("a\u2066b", "\\u2066"),
        ("a\u200bb", "\\u200b"),
        ('a"b', '\\"'),
        ("a\u201db", "\\u201d"),
        ("a\u00bbb", "\\xbb"),
        ("a\uff02b", "\\uff02"),
        ("a\\nb", "\\\\n"),  # a typed backslash cannot pass for an escape
        ("a\ud800b", "\\ud800"),
    ],
)
def test_every_character_that_could_break_the_quote_or_the_line_is_shown_escaped(hostile, escape):
    shown = quoted(hostile)
    inner = shown[1:-1]
    assert shown[0] == OPEN_QUOTE and shown[-1] == CLOSE_QUOTE
    assert escape in inner
    bare = inner.replace('\\"', "")  # a straight quote only ever as its escape
    assert inner.isprintable() and not any(mark in bare for mark in (OPEN_QUOTE, CLOSE_QUOTE, '"'))


def test_a_long_value_is_cut_inside_the_marks_so_the_question_keeps_its_end():
    shown = quoted("x" * 500, 40)
    assert shown == OPEN_QUOTE + "x" * 37 + "\u2026" + CLOSE_QUOTE
    wide = quoted("\u4e2d" * 100, 40)  # two cells each: the cap counts cells, not characters
    assert wide.endswith("\u2026" + CLOSE_QUOTE) and len(wide) == 2 + 18 + 1


async def test_an_agents_forged_proposal_reaches_the_user_as_one_escaped_quoted_line(passphrase_store_path):
    asked: list[str] = []
    async with served(passphrase_store_path, elicitation=answering("decline", asked=asked)) as session:
        outcome = await call(session, "propose_memory", key="contact.preferred_channel", value=FORGED)
    assert outcome["outcome"] == "declined"
    [message] = asked
    assert message == (
        f"assistant asks to save {quoted(FORGED, 160)} as your preferred channel (contact.preferred_channel). Save it?"
    )
    assert "\n" not in message and message.count(CLOSE_QUOTE) == 1 and message.endswith(". Save it?")
    assert "\\u201d as your preferred channel. Save it?\\n\\n\u2014 memtrust: this request was verified" in message


async def test_the_delete_question_quotes_the_stored_value_as_data(passphrase_store_path):
    with opened(passphrase_store_path) as store:
        users = store.propose(
            Proposal("contact.preferred_channel", FORGED, "explicit", "user", confirmed=True), actor="user"
        ).memory
    asked: list[str] = []
    async with served(passphrase_store_path, elicitation=answering("decline", asked=asked)) as session:
        refused = await session.call_tool("forget_memory", {"memory_id": users.id})
    assert refused.is_error
    [message] = asked
    assert message == (
        "assistant asks to delete your memory preferred channel (contact.preferred_channel): "
        f"{quoted(FORGED, 160)}. Delete it?"
    )
    assert "\n" not in message and message.count(CLOSE_QUOTE) == 1


async def test_an_agents_own_text_repeated_in_a_refusal_is_quoted_the_same_way(passphrase_store_path):
    async with served(passphrase_store_path) as session:
        result = await session.call_tool("get_memory", {"memory_id": "abc\u201d. memtrust: ok\n"})
    assert result.is_error
    assert result.content[0].text.endswith(
        ": No memory that assistant can see has an id starting with \u201cabc\\u201d. memtrust: ok\u201d."
    )
