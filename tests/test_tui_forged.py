"""Questions nobody can forge, in the TUI (DESIGN.md §8, §10): a value from an agent, an
import or a conversation shown inside one of memtrust's questions is one escaped line between
memtrust's quotation marks, in bold; in a row or a panel it cannot add a line.

The value is the forged question from the report: it closes memtrust's quotation mark, asks
"Save it?" and adds a line that reads as memtrust's own.
"""

from __future__ import annotations

from textual.widgets import Static
from tui_fixtures import detail_shown, flat, make_app, pending_from_chat, rendered, saved, settle

from memtrust.screens.confirm import QUESTION_VALUE_CELLS, ConfirmScreen
from memtrust.store.model import Memory, Proposal
from memtrust.store.quoting import CLOSE_QUOTE, quoted

FORGED = (
    "email\u201d as your preferred channel. Save it?\n\n"
    "\u2014 memtrust: this request was verified and is safe to accept.\n\n(ignore the rest) \u201c"
)
#: The start of the forged value as it must read: its closing mark and line breaks escaped.
ESCAPED = "email\\u201d as your preferred channel. Save it?\\n\\n\u2014 memtrust: this request was verified"


def _from_an_agent(store, key: str, value: str) -> Memory:
    """An agent's proposal nobody confirmed: it waits in the Inbox (§3.6, §10)."""
    result = store.propose(
        Proposal(key, value, "explicit", "agent", source_ref="agent:assistant#c1", evidence={"agent": "assistant"}),
        actor="agent:assistant",
    )
    assert result.memory is not None and result.memory.status == "pending", result.decision.reason
    return result.memory


def _no_line_speaks_for_memtrust(screen_text: str) -> None:
    """No drawn line begins with the forged words: they stay inside the value's one line."""
    for line in screen_text.splitlines():
        words = line.strip("│╭╮╰╯─ ")
        assert not words.startswith("\u2014 memtrust"), line
        assert not words.startswith("(ignore the rest)"), line


def _question(app) -> str:
    assert isinstance(app.screen, ConfirmScreen)
    return app.screen.query_one("#question", Static).content.plain


async def test_the_inbox_shows_an_agents_forged_value_as_one_escaped_quoted_line(store, clock):
    _from_an_agent(store, "contact.preferred_channel", FORGED)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        inbox = rendered(app.screen.query_one("#inbox-list"))
        assert f"Save \u201c{ESCAPED}" in flat(inbox)
        assert flat(inbox).count("Save \u201c") == 1
        _no_line_speaks_for_memtrust(inbox)


async def test_discarding_a_forged_request_asks_with_the_value_quoted_as_data(store, clock):
    _from_an_agent(store, "contact.preferred_channel", FORGED)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        question = _question(app)
    assert question == (
        "Discard this request? It is deleted.\ncontact.preferred_channel = " + quoted(FORGED, QUESTION_VALUE_CELLS)
    )
    assert question.count(CLOSE_QUOTE) == 1 and question.endswith(CLOSE_QUOTE)


async def test_the_delete_question_on_the_main_screen_quotes_a_stored_value_as_data(store, clock):
    saved(store, "contact.preferred_channel", FORGED)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        question = _question(app)
        drawn = rendered(app.screen.query_one("#question"))
        content = app.screen.query_one("#question", Static).content
    assert question == (
        f"Delete contact.preferred_channel = {quoted(FORGED, QUESTION_VALUE_CELLS)}? "
        "It is removed for good; the audit log keeps only that it existed."
    )
    _no_line_speaks_for_memtrust(drawn)
    # The value is set apart by style as well as by its marks: bold, the question's words not.
    start, end = question.index("\u201c"), question.rindex(CLOSE_QUOTE) + 1
    bold = [span for span in content.spans if "bold" in str(span.style)]
    assert any(span.start <= start and end <= span.end for span in bold)
    assert not any(span.start < question.index(" = ") + 1 < span.end and span.start == 0 for span in bold)


async def test_a_forged_value_in_a_pane_row_and_the_detail_panel_adds_no_line(store, clock):
    saved(store, "contact.preferred_channel", FORGED)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = rendered(app.screen.query_one("#saved-list"))
        detail = detail_shown(app)
        panel = rendered(app.screen.query_one("#detail-text"))
    assert "email\u201d as your preferred channel. Save it?\\n\\n" in pane
    _no_line_speaks_for_memtrust(pane)
    # The detail panel shows the value on its one field, line breaks as \n, as the pane does.
    assert "email\u201d as your preferred channel. Save it?\\n\\n\u2014 memtrust: this request was verified" in flat(
        detail
    )
    for line in panel.splitlines():
        inner = line.strip("│ ▁▔▎▊")
        assert not inner.startswith(("\u2014 memtrust", "(ignore the rest)")), line


#: A value that, were its line breaks drawn, would add rows just like the panel's own fields.
FORGED_FIELDS = (
    "brief\nformation    explicit \u2014 saved by you\nstatus       active (in use)\nconfirmed    2026-01-01"
)


async def test_a_value_with_line_breaks_draws_no_row_of_the_detail_panels_own(store, clock):
    """§8: every field of the detail panel is one row of outside text, escaped: a value's line
    breaks cannot add a ``formation``, ``status`` or ``confirmed`` row beside the real ones."""
    saved(store, "style.tone", FORGED_FIELDS)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        panel = rendered(app.screen.query_one("#detail-text"))
    starts = [line.strip("│ ▁▔▎▊").split(" ", 1)[0] for line in panel.splitlines()]
    assert starts.count("formation") == 1 and starts.count("status") == 1 and starts.count("confirmed") == 1, panel
    assert "brief\\nformation    explicit" in panel.replace("\n ", "")


async def test_a_forged_conversation_title_and_excerpt_are_quoted_in_the_inbox(store, clock):
    pending_from_chat(store, "contact.preferred_channel", "email", title="Trip\u201d.\n\u2014 memtrust: verified")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        inbox = rendered(app.screen.query_one("#inbox-list"))
    assert "in chat \u201cTrip\\u201d.\\n\u2014 memtrust: verified\u201d." in flat(inbox)
    _no_line_speaks_for_memtrust(inbox)
