"""Outside words memtrust keeps beside a memory are screened as a value is (DESIGN.md §3.1,
§3.5, §3.9): an agent's evidence, a memory list's heading, a conversation's title, an import's
evidence and source fields, a client's name. A secret in them is never stored (withheld, its
kind said); a sensitive matter in them refuses an inference and badges an explicit memory."""

from __future__ import annotations

import json

import pytest

from memtrust.app.ingest.memory_list import parse_memory_list
from memtrust.app.mcp_server import normalise_consumer
from memtrust.app.memory_import import import_memory_list
from memtrust.app.pipeline import ingest_file
from memtrust.store.admission import decide, withheld_evidence
from memtrust.store.errors import InvalidInput
from memtrust.store.export import build_export
from memtrust.store.model import Proposal, client_name
from memtrust.store.opening import create_throwaway_store
from memtrust.store.restore import REFUSED_INFERENCE, restore
from tests.conftest import T0
from tests.dsar_fixtures import fill
from tests.test_mcp_server import call, opened, served, server_output  # noqa: F401 (server_output: fixture)

PASSWORD = "hunter2hunter2"
HEADING_SECRETS = {
    "My password is Tr0ub4dor&3xyz!": "Tr0ub4dor&3xyz!",
    "AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY": "AKIAIOSFODNN7EXAMPLE",
    "Secret sk-proj-a8Xk2mQ9vLp3Rt7wYz1Bc4Nd6Fh0Jk5S": "sk-proj-a8Xk2mQ9vLp3Rt7wYz1Bc4Nd6Fh0Jk5S",
}


def everything_kept(store) -> str:
    """Every memory and audit event of ``store`` as one string (what its export would hold)."""
    return json.dumps(build_export(store, app_version="test"), ensure_ascii=False)


# --- an agent's evidence -------------------------------------------------------------------


async def test_an_agents_evidence_holding_a_secret_is_withheld_and_a_sensitive_one_refuses_the_guess(
    passphrase_store_path,
):
    with opened(passphrase_store_path) as store:
        store.set_learning(True, actor="user")
    async with served(passphrase_store_path) as session:
        secret = await call(
            session,
            "report_signal",
            key="interests.topics",
            value="cooking",
            confidence=0.9,
            evidence=f"user said my password is {PASSWORD} while cooking",
        )
        health = await call(
            session,
            "report_signal",
            key="style.answer_length",
            value="brief",
            confidence=0.9,
            evidence="user mentioned their HIV diagnosis and chemotherapy",
        )
    assert secret["outcome"] == "admit", secret["reason"]
    assert (health["outcome"], "health" in health["reason"]) == ("reject", True)
    with opened(passphrase_store_path) as store:
        [memory] = store.list()
        assert memory.evidence["observed"] == "(withheld: a password)"
        kept = everything_kept(store)
    assert PASSWORD not in kept and "HIV" not in kept and "chemotherapy" not in kept


# --- a memory list's headings ----------------------------------------------------------------


@pytest.mark.parametrize("heading", sorted(HEADING_SECRETS))
def test_a_heading_holding_a_secret_is_withheld_and_the_item_under_it_kept(store, heading):
    text = f"## {heading}\n- Likes jazz\n"
    import_memory_list(store, parse_memory_list(text, "gemini.md"), file_name="gemini.md", assistant="gemini")
    [memory] = store.list()
    assert memory.value == "Likes jazz"
    assert memory.evidence["heading"].startswith("(withheld: ")
    assert HEADING_SECRETS[heading] not in everything_kept(store)


def test_an_item_under_a_sensitive_heading_is_badged_sensitive(store):
    text = "## HIV positive since 2019\n- Likes jazz\n## Music\n- Likes blues\n"
    import_memory_list(store, parse_memory_list(text, "gemini.md"), file_name="gemini.md", assistant="gemini")
    badged = {m.value: m.sensitive for m in store.list()}
    assert badged == {"Likes jazz": True, "Likes blues": False}


def test_items_under_a_heading_that_names_secrets_are_refused(store):
    text = "## Passwords\n- Gmail: sunflower\n- Use a password manager\n## Door codes\n- Front door: 4471\n"
    report = import_memory_list(store, parse_memory_list(text, "gemini.md"), file_name="gemini.md", assistant="gemini")
    assert [m.value for m in store.list()] == ["Use a password manager"]
    assert report.counts()["secret"] == 2
    kept = everything_kept(store)
    assert "sunflower" not in kept and "4471" not in kept


# --- a conversation's title ----------------------------------------------------------------


def _chat(tmp_path, title: str):
    said = int(T0.timestamp()) - 3600
    line = {"conversation_id": "c1", "title": title, "role": "user", "content": "Remember that I prefer tea."}
    path = tmp_path / "chat.jsonl"
    path.write_text(json.dumps({**line, "timestamp": said}), encoding="utf-8")
    return path


def test_a_conversation_title_holding_a_secret_is_withheld(store, tmp_path):
    ingest_file(store, _chat(tmp_path, f"my password is {PASSWORD}"))
    [memory] = store.list()
    assert memory.evidence["conversation_title"] == "(withheld: a password)"
    assert PASSWORD not in everything_kept(store)


def test_a_request_in_a_conversation_about_a_sensitive_matter_is_badged(store, tmp_path):
    ingest_file(store, _chat(tmp_path, "My chemotherapy schedule"))
    [memory] = store.list()
    assert memory.value.endswith("tea") and memory.sensitive


# --- an import's evidence and source fields -------------------------------------------------


@pytest.fixture
def second_store(tmp_path, clock):
    opened_store = create_throwaway_store(tmp_path / "second", clock=clock)
    yield opened_store.store
    opened_store.store.close()


def test_an_imports_evidence_and_source_ref_holding_a_secret_are_withheld(store, second_store):
    fill(store)
    data = json.loads(json.dumps(build_export(store, app_version="test")))
    explicit = next(m for m in data["memories"] if m["formation"] == "explicit")
    explicit["evidence"] = {"conversation_title": f"my password is {PASSWORD}"}
    explicit["source_ref"] = "ghp_jeSX8iQ7hS6tqh90Lf1f9YcUE97OcGqrIKAO"
    restore(second_store, data, actor="test")
    memory = second_store.get(explicit["id"])
    assert memory.evidence == {"conversation_title": "(withheld: a password)"}
    assert memory.source_ref == "(withheld: an API key or token)"
    kept = everything_kept(second_store)
    assert PASSWORD not in kept and "ghp_" not in kept


def test_an_imported_inference_with_sensitive_evidence_is_left_out(store, second_store):
    fill(store)
    data = json.loads(json.dumps(build_export(store, app_version="test")))
    inference = next(m for m in data["memories"] if m["formation"] == "implicit")
    inference["evidence"] = {**(inference["evidence"] or {}), "observed": "talks about her HIV medication"}
    report = restore(second_store, data, actor="test")
    assert inference["id"] not in {m.id for m in second_store.list()}
    assert report.skip_reasons == {REFUSED_INFERENCE: 1}


# --- in admission, and a client's name ------------------------------------------------------


def test_an_inference_whose_evidence_speaks_of_a_sensitive_matter_is_refused_by_admission():
    proposal = Proposal(
        "style.answer_length",
        "brief",
        "implicit",
        "inference:agent_x",
        confidence=0.9,
        evidence={"observed": "short replies since the cancer diagnosis"},
    )
    decision = decide(proposal, learning_enabled=True, existing=[], now=T0)
    assert (decision.outcome, decision.rule) == ("reject", "3.1")


def test_withheld_evidence_keeps_message_refs_and_numbers_and_withholds_nested_text():
    evidence = {"message_refs": ["chatgpt:c1/m1"], "counts": {"a": 3}, "notes": [f"pw: {PASSWORD}", "fine"]}
    assert withheld_evidence(evidence) == {
        "message_refs": ["chatgpt:c1/m1"],
        "counts": {"a": 3},
        "notes": ["(withheld: a password)", "fine"],
    }
    assert withheld_evidence({"heading": "About me"}) == {"heading": "About me"}


def test_a_client_name_holding_a_secret_is_withheld_and_refused_as_a_consumer():
    name = "bot ghp_jeSX8iQ7hS6tqh90Lf1f9YcUE97OcGqrIKAO"
    assert client_name(name) == "(withheld: an API key or token)"
    assert client_name("Claude Desktop") == "Claude Desktop"
    with pytest.raises(InvalidInput, match="API key or token") as raised:
        normalise_consumer(name)
    assert "ghp_" not in str(raised.value)
