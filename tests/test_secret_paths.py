"""A secret is refused in the key and in the value on every path a memory comes in by (DESIGN
§3.5), and named by its kind alone wherever the refusal is reported (§3.9): typed in the app,
said in a chat, in an assistant's custom instructions, proposed or reported by an agent,
imported from an export or from an assistant's memory list."""

from __future__ import annotations

import copy
import json

import pytest

from memtrust.app.ingest.memory_list import parse_memory_list
from memtrust.app.memory_import import import_memory_list
from memtrust.app.pipeline import ingest_file
from memtrust.screens.add import admission_problem
from memtrust.screens.ingest import rejected_reasons
from memtrust.store.errors import InvalidInput
from memtrust.store.export import build_export
from memtrust.store.model import Proposal
from memtrust.store.opening import create_throwaway_store
from memtrust.store.restore import restore
from tests.conftest import T0
from tests.test_ingest_formats import chatgpt_message, chatgpt_node, write_json
from tests.test_mcp_server import call, opened, served, server_output  # noqa: F401 (server_output: fixture)

TOKEN = "ghp_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ12"
KEY_WITH_TOKEN = f"account.{TOKEN.lower()}"
NOTE_WITH_TOKEN = f"notes.{TOKEN.lower()}"
PEM = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAAB\n-----END OPENSSH PRIVATE KEY-----"
AWS = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"


def everything_kept(store) -> str:
    """Every memory and audit event of ``store`` as one string (what its export would hold)."""
    return json.dumps(build_export(store, app_version="test"), ensure_ascii=False).lower()


# --- typed in the app ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "kind"),
    [
        (KEY_WITH_TOKEN, "see above", "an API key or token"),
        (NOTE_WITH_TOKEN, "see above", "an API key or token"),
        ("notes.server", PEM, "a private key"),
        ("home.door", "my door code is 7734", "a door, alarm or safe code"),
    ],
)
def test_the_add_form_refuses_a_secret_in_the_key_or_the_value_by_its_kind(key, value, kind):
    problem = admission_problem(key, value)
    assert problem is not None and kind in problem
    assert TOKEN.lower() not in problem.lower() and "7734" not in problem


def test_an_edit_that_puts_a_secret_in_the_key_or_the_value_is_refused_and_changes_nothing(store):
    memory = store.propose(
        Proposal("notes.tea", "likes green tea", "explicit", "user", confirmed=True), actor="tui"
    ).memory
    with pytest.raises(InvalidInput, match="API key or token"):
        store.edit(memory.id, "likes green tea", actor="tui", key=KEY_WITH_TOKEN)
    with pytest.raises(InvalidInput, match="API key or token"):
        store.edit(memory.id, "likes green tea", actor="tui", key=NOTE_WITH_TOKEN)
    with pytest.raises(InvalidInput, match="private key"):
        store.edit(memory.id, PEM, actor="tui")
    assert [(m.key, m.value) for m in store.list()] == [(memory.key, "likes green tea")]


# --- said in a chat, and in custom instructions (settings) --------------------------------


def test_a_secret_said_in_a_chat_is_refused_and_the_summary_names_only_its_kind(store, tmp_path):
    said = int(T0.timestamp()) - 3600
    lines = [
        {"conversation_id": "c1", "role": "user", "content": text, "timestamp": said + n}
        for n, text in enumerate(
            [
                "Remember that my door code is 7734.",
                f"Please remember my AWS secret access key {AWS}",
                "Remember my server key " + PEM.replace("\n", " "),
                "Remember that my SSN is 536 90 4399.",
            ]
        )
    ]
    path = tmp_path / "chat.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    report = ingest_file(store, path)
    assert [r.decision.rule for r in report.results] == ["3.5"] * 4
    assert store.list() == []
    listed = "\n".join(rejected_reasons(report))
    assert listed.count("rejected (key withheld): This looks like") == 4
    for word in ("7734", AWS.lower(), "openssh", "536 90", "notes."):
        assert word not in listed.lower()
        assert word.lower() not in everything_kept(store) or word == "notes."


def test_a_secret_in_custom_instructions_is_refused(store, tmp_path):
    editable = chatgpt_message(
        "ctx",
        "user",
        {
            "content_type": "user_editable_context",
            "user_profile": "User profile:\n```My npm token is npm_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ```",
            "user_instructions": "The user provided the additional info:\n```Answer briefly.```",
        },
        metadata={"is_visually_hidden_from_conversation": True},
    )
    user = chatgpt_message("u", "user", {"content_type": "text", "parts": ["Hi"]})
    mapping = {"ctx": chatgpt_node("ctx", None, ["u"], editable), "u": chatgpt_node("u", "ctx", [], user)}
    path = write_json(tmp_path / "conversations.json", [{"id": "c", "current_node": "u", "mapping": mapping}])
    report = ingest_file(store, path)
    refused = [r for r in report.results if r.decision.outcome == "reject"]
    assert [(r.proposal.source, r.decision.rule) for r in refused] == [("settings", "3.5")]
    assert "npm_a1b2" not in everything_kept(store)
    assert [m.value for m in store.list()] == ["Answer briefly."]


# --- an agent -----------------------------------------------------------------------------


async def test_an_agents_secret_in_the_key_or_value_is_refused_and_no_reply_or_audit_row_holds_it(
    passphrase_store_path,
):
    async with served(passphrase_store_path) as session:
        in_key = await call(session, "propose_memory", key=KEY_WITH_TOKEN, value="my ci account")
        in_note_key = await call(session, "propose_memory", key=NOTE_WITH_TOKEN, value="my ci account")
        in_value = await call(session, "propose_memory", key="work.server", value=PEM)
        signal = await call(session, "report_signal", key=KEY_WITH_TOKEN, value="brief", confidence=0.9)
    replies = json.dumps([in_key, in_note_key, in_value, signal]).lower()
    assert [r["outcome"] for r in (in_key, in_note_key, in_value, signal)] == ["reject"] * 4
    assert "API key or token" in in_key["reason"] and "private key" in in_value["reason"]
    assert TOKEN.lower() not in replies and "openssh" not in replies
    with opened(passphrase_store_path) as store:
        assert store.list() == []
        kept = everything_kept(store)
        agent_calls = [e for e in store.audit_events() if e.event == "agent-call"]
    assert len(agent_calls) == 4
    assert TOKEN.lower() not in kept and "openssh" not in kept


# --- imports ------------------------------------------------------------------------------


def test_an_export_with_a_secret_in_a_key_is_refused_whole_without_naming_the_key(store, tmp_path, clock):
    store.propose(Proposal("contact.preferred_channel", "email", "explicit", "user", confirmed=True), actor="tui")
    data = copy.deepcopy(build_export(store, app_version="test"))
    data["memories"][0]["key"] = KEY_WITH_TOKEN
    other = create_throwaway_store(tmp_path / "other", clock=clock).store
    try:
        with pytest.raises(InvalidInput) as refused:
            restore(other, data, actor="test")
        assert "API key or token" in str(refused.value)
        assert TOKEN.lower() not in str(refused.value).lower() and "account" not in str(refused.value)
        assert other.list() == []
    finally:
        other.close()


def test_a_memory_list_line_with_a_secret_is_refused_by_its_kind(store):
    text = f"- Prefers tea\n- AWS secret: {AWS}\n- Alarm code: 1234#\n- github_pat_11ABCDEFG0aBcDeFgHiJkLmN_OpQrStUvWxYz0123456789aBcDeFgHiJk\n"
    report = import_memory_list(store, parse_memory_list(text, "list.txt"), file_name="list.txt", assistant="chatgpt")
    assert report.counts()["secret"] == 3
    assert [m.value for m in store.list()] == ["Prefers tea"]
    kept = everything_kept(store)
    assert AWS.lower() not in kept and "1234#" not in kept and "github_pat" not in kept
