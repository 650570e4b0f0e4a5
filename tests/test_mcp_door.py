"""§10 under attack from a hostile MCP client: every call is audited with its reason, audit rows
stay small whatever the client sends, per-consumer quotas keep the Inbox usable, ids resolve
only among rows the agent may see, and client names that differ by case or punctuation are
one consumer.

The server is the real ``memtrust mcp`` subprocess; calls the SDK client cannot make (numbers
JSON has no spelling for: ``NaN``, ``Infinity``, ``1e400``) go through :class:`RawClient`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memtrust.store.audit import DETAIL_MAX, REASON_MAX
from memtrust.store.model import Proposal
from memtrust.store.notes import note_key
from memtrust.store.quotas import AgentQuota
from tests.conftest import TEST_PASSPHRASE
from tests.test_mcp_server import REPO, call, opened, served, server_output  # noqa: F401 - autouse fixture

QUOTA = AgentQuota()


class RawClient:
    """``memtrust mcp --consumer assistant`` driven with hand-written JSON-RPC lines."""

    def __init__(self, path: Path) -> None:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE,
            "PYTHONPATH": str(REPO),
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "memtrust.app", "mcp", "--db", str(path), "--consumer", "assistant"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
            cwd=REPO,
        )
        self.next_id = 1
        hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}
        self.request("initialize", json.dumps(hello))
        self._send('{"jsonrpc": "2.0", "method": "notifications/initialized"}')

    def _send(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def request(self, method: str, params_json: str) -> dict:
        self.next_id += 1
        self._send(f'{{"jsonrpc": "2.0", "id": {self.next_id}, "method": "{method}", "params": {params_json}}}')
        return json.loads(self.process.stdout.readline())

    def call(self, tool: str, arguments_json: str) -> dict:
        """The ``tools/call`` result for ``arguments_json`` written exactly as given."""
        return self.request("tools/call", f'{{"name": "{tool}", "arguments": {arguments_json}}}')["result"]

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def _agent_rows(path: Path, after: int = 0) -> list:
    with opened(path) as store:
        return [e for e in store.audit_events(newest_first=False) if e.seq > after and e.actor.startswith("agent:")]


def _last_seq(path: Path) -> int:
    with opened(path) as store:
        events = store.audit_events(newest_first=True)
    return events[0].seq if events else 0


# --- every call is audited, with the reason -------------------------------------------------


async def test_calls_refused_before_or_inside_a_tool_each_leave_one_audit_row_with_the_reason(passphrase_store_path):
    before = _last_seq(passphrase_store_path)
    async with served(passphrase_store_path) as session:
        refused = {
            "missing argument": await session.call_tool("forget_memory", {}),
            "unknown purpose": await session.call_tool("get_context", {"purpose": "everything"}),
            "short id": await session.call_tool("forget_memory", {"memory_id": "ab"}),
            "unknown id": await session.call_tool("forget_memory", {"memory_id": "0123456789"}),
            "unknown tool": await session.call_tool("drop_every_table", {}),
            "limit too large": await session.call_tool("search_memories", {"query": "x", "limit": 99}),
        }
    assert all(result.is_error for result in refused.values())
    rows = _agent_rows(passphrase_store_path, before)
    assert [(r.event, r.actor, r.detail["tool"], r.outcome) for r in rows] == [
        ("agent-call", "agent:assistant", "forget_memory", "invalid-arguments"),
        ("agent-call", "agent:assistant", "get_context", "invalid-arguments"),
        ("agent-call", "agent:assistant", "forget_memory", "refused"),
        ("agent-call", "agent:assistant", "forget_memory", "not-found"),
        ("agent-call", "agent:assistant", "drop_every_table", "unknown-tool"),
        ("agent-call", "agent:assistant", "search_memories", "invalid-arguments"),
    ]
    # The agent reads the audited sentence alone: no "Error executing tool X: " before it.
    assert [r.reason for r in rows] == [result.content[0].text for result in refused.values()]
    assert rows[0].reason == "forget_memory was called wrongly: memory_id is missing."
    assert rows[2].reason == "Give at least the first 4 characters of the memory's id."
    assert rows[4].reason == "memtrust has no tool called \u201cdrop_every_table\u201d."
    assert rows[5].reason == "search_memories was called wrongly: limit must be 1 to 50."


#: Numbers a client can write in JSON that are no finite number (``1e400`` overflows).
NOT_FINITE = ["NaN", "Infinity", "-Infinity", "1e400"]


def test_a_non_finite_confidence_is_refused_in_a_sentence_and_audited(passphrase_store_path):
    """Each of :data:`NOT_FINITE` in turn, from one client on one server (starting one is most
    of a call's cost), each call's own audit rows checked."""
    with opened(passphrase_store_path) as store:
        store.set_learning(True, actor="user")
    client = RawClient(passphrase_store_path)
    try:
        for number in NOT_FINITE:
            before = _last_seq(passphrase_store_path)
            result = client.call(
                "report_signal", f'{{"key": "style.answer_length", "value": "brief", "confidence": {number}}}'
            )
            # Refused either by admission (a rejected write) or by the tool's argument check: both
            # are a sentence about the confidence, and exactly one agent-call row with that reason.
            said = result["content"][0]["text"] if result["isError"] else result["structuredContent"]["reason"]
            assert "internal error" not in said and "onfidence" in said, (number, said)
            if not result["isError"]:
                assert result["structuredContent"]["outcome"] == "reject", number
            rows = _agent_rows(passphrase_store_path, before)
            calls = [r for r in rows if r.event == "agent-call"]
            assert len(calls) == 1, (number, calls)
            assert calls[0].outcome in ("reject", "invalid-arguments") and "onfidence" in calls[0].reason, number
            assert all(
                r.detail["confidence"] in ("nan", "inf", "-inf") for r in rows if "confidence" in (r.detail or {})
            )
            with opened(passphrase_store_path) as store:
                assert store.list(formation="implicit") == [], number
    finally:
        client.close()


# --- bounded, redacted audit fields ----------------------------------------------------------


async def test_a_ten_megabyte_key_is_not_copied_into_the_audit(passphrase_store_path):
    before = _last_seq(passphrase_store_path)
    size_before = passphrase_store_path.stat().st_size
    huge_key = "contact." + "k" * (10 * 2**20)
    async with served(passphrase_store_path) as session:
        result = await session.call_tool("propose_memory", {"key": huge_key, "value": "email"})
        signal = await session.call_tool("report_signal", {"key": huge_key, "value": "x", "confidence": 0.9})
    assert len(result.content[0].text) < 2000 and len(signal.content[0].text) < 2000
    rows = _agent_rows(passphrase_store_path, before)
    assert rows and all(r.key in (None, f"(invalid key of {len(huge_key)} characters)") for r in rows)
    for row in rows:
        assert len(row.reason or "") <= REASON_MAX and len(json.dumps(row.detail)) <= DETAIL_MAX
        assert "kkkkkkkkkk" not in json.dumps(row.as_record())
    with opened(passphrase_store_path) as store:
        store.db.checkpoint()
    assert passphrase_store_path.stat().st_size - size_before < 1_000_000


# --- quotas ---------------------------------------------------------------------------------------


def _seed_pending(path: Path, consumer: str, count: int, start: int = 0) -> None:
    with opened(path) as store:
        store.propose_many(
            [
                Proposal(  # a note each: an agent names no key of its own (§2)
                    note_key(f"item {n} from {consumer}"),
                    f"item {n} from {consumer}",
                    "explicit",
                    "agent",
                    source_ref=f"agent:{consumer}#seed{n}",
                )
                for n in range(start, start + count)
            ],
            actor="seeded-by-test",  # as if written over earlier minutes: only the pending count matters
        )
        assert len(store.list(status="pending")) >= count


async def test_an_agent_with_a_full_pending_quota_is_refused_in_one_sentence_and_one_audit_row(passphrase_store_path):
    _seed_pending(passphrase_store_path, "assistant", QUOTA.pending)
    before = _last_seq(passphrase_store_path)
    async with served(passphrase_store_path) as session:
        refused = await session.call_tool("propose_memory", {"key": "contact.preferred_channel", "value": "email"})
        async with served(passphrase_store_path, consumer="research") as other:
            allowed = await call(other, "propose_memory", key="contact.preferred_channel", value="email")
    assert refused.is_error
    assert refused.content[0].text == (
        f"{QUOTA.pending} memories from assistant are already waiting for the user's confirmation, the most "
        "memtrust keeps from one agent; nothing was saved until the user answers them in memtrust's Inbox."
    )
    rows = _agent_rows(passphrase_store_path, before)
    assistant_rows = [r for r in rows if r.actor == "agent:assistant"]
    assert [(r.event, r.outcome) for r in assistant_rows] == [("agent-call", "quota")]
    assert allowed["outcome"] == "pending"  # the quota is per consumer
    with opened(passphrase_store_path) as store:
        assert len(store.list(status="pending")) == QUOTA.pending + 1  # the Inbox holds what it held, plus research's


async def test_pending_items_of_all_agents_together_are_capped(passphrase_store_path):
    per_name = QUOTA.pending - 1
    names = [f"client_{n}" for n in range(-(-QUOTA.pending_all_agents // per_name))]
    for index, name in enumerate(names):
        count = min(per_name, QUOTA.pending_all_agents - index * per_name)
        _seed_pending(passphrase_store_path, name, count)
    async with served(passphrase_store_path, consumer="a_new_name") as session:
        refused = await session.call_tool("propose_memory", {"key": "contact.preferred_channel", "value": "email"})
    assert refused.is_error and refused.content[0].text.startswith(f"{QUOTA.pending_all_agents} memories from agents")


async def test_writes_per_minute_are_capped_per_consumer(passphrase_store_path):
    async with served(passphrase_store_path) as session:
        for n in range(QUOTA.writes_per_minute):
            outcome = await call(session, "report_signal", key=f"style.signal_{n}", value="x", confidence=0.9)
            assert outcome["outcome"] == "reject"  # learning is off: refused by admission, still a write
        over = await session.call_tool("report_signal", {"key": "style.one_more", "value": "x", "confidence": 0.9})
    assert over.is_error
    assert over.content[0].text.startswith(f"assistant has made {QUOTA.writes_per_minute} writes in the last minute")
    calls = [r for r in _agent_rows(passphrase_store_path) if r.event == "agent-call"]
    assert [r.outcome for r in calls].count("quota") == 1 and calls[-1].outcome == "quota"


# --- no existence oracle -----------------------------------------------------------------------------


def _give_id(store, memory_id: str, new_id: str) -> None:
    with store.db.write() as conn:
        conn.execute("UPDATE memories SET id = ? WHERE id = ?", (new_id, memory_id))


async def test_ids_resolve_only_among_rows_the_agent_may_see(passphrase_store_path):
    with opened(passphrase_store_path) as store:
        store.set_learning(True, actor="user")
        mine = store.propose(
            Proposal("contact.preferred_channel", "email", "explicit", "user", confirmed=True), actor="user"
        )
        hidden = store.propose(
            Proposal(
                "style.tone",
                "formal",
                "implicit",
                "inference:agent_research",
                source_ref="agent:research#x",
                scope="research",
                confidence=0.9,
            ),
            actor="agent:research",
        )
        pending = store.propose(
            Proposal("profile.location", "Lyon", "explicit", "agent", source_ref="agent:other#y"), actor="agent:other"
        )
        _give_id(store, mine.memory.id, "c623" + "a" * 28)
        _give_id(store, hidden.memory.id, "c623" + "b" * 28)
        _give_id(store, pending.memory.id, "c623" + "c" * 28)
    async with served(passphrase_store_path) as session:
        hidden_prefix = await session.call_tool("forget_memory", {"memory_id": "c623b"})
        absent_prefix = await session.call_tool("forget_memory", {"memory_id": "c623f"})
        pending_prefix = await session.call_tool("forget_memory", {"memory_id": "c623c"})
        shared_prefix = await session.call_tool("forget_memory", {"memory_id": "c623"})
    assert (
        hidden_prefix.content[0].text == "No memory that assistant can see has an id starting with \u201cc623b\u201d."
    )
    assert (
        absent_prefix.content[0].text == "No memory that assistant can see has an id starting with \u201cc623f\u201d."
    )
    assert (
        pending_prefix.content[0].text == "No memory that assistant can see has an id starting with \u201cc623c\u201d."
    )
    # "c623" matches three rows, but the agent sees one: it is that one (not "several"), which it
    # did not write, so the user is asked (here they cannot be: refused, and nothing deleted).
    said = shared_prefix.content[0].text
    assert "Several" not in said and "did not write this memory" in said
    with opened(passphrase_store_path) as store:
        assert len(store.list()) == 3


# --- names ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "client_name",
    ["Claude Desktop", "claude-desktop", "CLAUDE_DESKTOP", "  claude.desktop ", "Ｃｌａｕｄｅ　Ｄｅｓｋｔｏｐ"],
)
async def test_client_names_differing_by_case_or_punctuation_are_one_consumer(passphrase_store_path, client_name):
    async with served(passphrase_store_path, consumer=None, client_name=client_name) as session:
        assert (await call(session, "list_my_memories"))["consumer"] == "claude_desktop"


async def test_proposals_held_in_quarantine_count_toward_the_agents_cap(passphrase_store_path):
    # §10: a proposal phrased as confidential waits in Quarantine for the user instead of the
    # Inbox; it must not escape the cap, or an agent buries the Quarantine without limit.
    with opened(passphrase_store_path) as store:
        results = store.propose_many(
            [
                Proposal(
                    note_key(f"flood {n} keep this private"),
                    f"flood {n} keep this private",
                    "explicit",
                    "agent",
                    source_ref=f"agent:assistant#q{n}",
                    utterance="just between us",
                )
                for n in range(QUOTA.pending)
            ],
            actor="seeded-by-test",
        )
        assert {result.decision.outcome for result in results} == {"quarantine"}
        held = store.list(status="quarantined")[0]
    async with served(passphrase_store_path) as session:
        refused = await session.call_tool("propose_memory", {"key": "contact.preferred_channel", "value": "email"})
    assert refused.is_error and refused.content[0].text.startswith(f"{QUOTA.pending} memories from assistant")
    from memtrust.screens.provenance import provenance

    said = str(provenance(held, held.created_at))
    assert "The agent phrased its request as confidential" in said and "You phrased" not in said
