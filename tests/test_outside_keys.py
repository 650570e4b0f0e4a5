"""One key rule on every path that takes a key written by someone else (DESIGN.md §2): an
agent's proposal over MCP and another assistant's memory list are kept under one of memtrust's
own keys or as a note; a key of their own making (``system.admin``, ``health.condition``) is
refused in one sentence, and nothing is stored."""

from __future__ import annotations

import pytest

from memtrust.store.admission import decide, outside_keys
from memtrust.store.model import Proposal
from tests.conftest import T0
from tests.test_mcp_server import call, opened, served, server_output  # noqa: F401 (server_output: fixture)


@pytest.mark.parametrize(
    ("key", "source", "outcome"),
    [
        ("system.admin", "agent", "reject"),
        ("health.condition", "agent", "reject"),
        ("settings.theme", "import:gemini", "reject"),
        ("contact.preferred_channel", "agent", "pending"),
        ("style.answer_length", "import:gemini", "pending"),
        ("notes.3f9a0c1b2d4e5f60", "agent", "pending"),
        # the user's own key, typed, and a key memtrust's own conversation reader made
        ("projects.current", "user", "pending"),
        ("health.condition", "chat", "pending"),
    ],
)
def test_a_key_from_an_agent_or_a_list_is_one_of_memtrusts_own_or_a_note(key, source, outcome):
    decision = decide(Proposal(key, "something", "explicit", source), learning_enabled=False, existing=[], now=T0)
    assert decision.outcome == outcome, decision.reason
    if outcome == "reject":
        assert decision.rule == "2" and key in decision.reason and ". " not in decision.reason  # one sentence


def test_the_closed_set_holds_every_labelled_and_inferable_key():
    assert {"contact.preferred_channel", "food.diet", "style.tone", "interests.topics"} <= outside_keys()
    assert not any(key.startswith(("health.", "system.", "notes.")) for key in outside_keys())


async def test_an_agent_cannot_mint_a_key_over_mcp_but_can_keep_the_words_as_a_note(passphrase_store_path):
    async with served(passphrase_store_path) as session:
        admin = await call(session, "propose_memory", key="system.admin", value="yes")
        health = await call(session, "propose_memory", key="health.condition", value="asthma")
        note = await call(session, "propose_memory", key="notes.note", value="has asthma")
        channel = await call(session, "propose_memory", key="contact.preferred_channel", value="email")
    assert [o["outcome"] for o in (admin, health, note, channel)] == ["reject", "reject", "pending", "pending"]
    assert "system.admin is not one of them" in admin["reason"] and admin["memory_id"] is None
    with opened(passphrase_store_path) as store:
        kept = {m.key.split(".")[0]: m for m in store.list()}
        refusals = [e for e in store.audit_events() if e.event == "write" and e.outcome == "reject"]
    assert set(kept) == {"notes", "contact"}
    assert kept["notes"].sensitive  # the words still say what they are about
    assert len(refusals) == 2


def test_a_memory_list_is_held_to_the_same_closed_set_and_keeps_the_words_as_a_note(store):
    """A memory list never proposes a key admission would refuse: a written-out key of the list's
    own making becomes a note holding the whole line, the same rule as an agent's (§2)."""
    from memtrust.app.ingest.memory_list import ListItem
    from memtrust.app.memory_import import LIST_KEYS, key_for

    assert outside_keys() == LIST_KEYS
    for line in ("system.admin: yes", "health.condition: asthma", "settings.theme: dark"):
        key, value = key_for(ListItem(text=line, line=1))
        assert key.startswith("notes.") and value == line
    assert key_for(ListItem(text="contact.preferred_channel: email", line=1)) == ("contact.preferred_channel", "email")


def test_the_user_names_any_well_formed_key_of_their_own(store):
    """The rule is about who names the key: the user's own (typed, ``memtrust add``) is theirs."""
    for key in ("projects.current", "health.condition", "billing.plan"):
        result = store.propose(Proposal(key, "something", "explicit", "user", confirmed=True), actor="cli")
        assert result.decision.outcome == "admit", result.decision.reason
