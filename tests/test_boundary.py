"""Numbers and text at the boundary (§2, §10, §11): a confidence that is no finite number, a
lone surrogate or a NUL in any field gets one sentence and an audit row — never an internal
error, and never a lost audit row.

The MCP cases speak raw JSON-RPC over the server's stdin: ``1e400`` and ``NaN`` are what a
client can put on the wire, which the SDK's own client would refuse to send."""

from __future__ import annotations

import json
import math
import os
import select
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from memtrust.store.errors import MemoryNotFound
from memtrust.store.model import Proposal
from tests.conftest import TEST_PASSPHRASE, opened_with_passphrase

REPO = Path(__file__).resolve().parents[1]


# --- the store ----------------------------------------------------------------------------


@pytest.mark.parametrize("confidence", [float("inf"), float("1e400"), -math.inf, math.nan, "0.9", True, None])
def test_a_confidence_that_is_no_finite_number_is_refused_in_one_sentence_and_audited(store, confidence):
    store.set_learning(True, actor="test")
    result = store.propose(
        Proposal("style.answer_length", "brief", "implicit", "inference:agent", confidence=confidence), actor="agent"
    )
    assert result.decision.outcome == "reject"
    assert result.decision.reason == "Confidence must be a number between 0 and 1."
    event = store.audit_events(1)[0]
    assert (event.event, event.outcome, event.key) == ("write", "reject", "style.answer_length")
    assert store.list() == []


@pytest.mark.parametrize(
    ("field", "text"),
    [
        ("key", "style.a\udc80"),
        ("key", "style.a\x00"),
        ("key", "style.a\n"),
        ("scope", "sh\udcffared"),
        ("scope", "x\x00"),
    ],
)
def test_a_lone_surrogate_or_nul_in_a_key_or_scope_is_refused_and_audited_escaped(store, field, text):
    fields = {"key": "style.answer_length", "scope": "shared", field: text}
    result = store.propose(
        Proposal(fields["key"], "brief", "explicit", "user", scope=fields["scope"], confirmed=True), actor="cli"
    )
    assert result.decision.outcome == "reject"
    assert ("key must be" if field == "key" else "scope must be") in result.decision.reason
    event = store.audit_events(1)[0]
    assert (event.event, event.outcome) == ("write", "reject")
    logged = getattr(event, field)
    assert "\x00" not in logged and not any(0xD800 <= ord(c) <= 0xDFFF for c in logged)
    if field == "scope":  # escaped where it was odd, the rest as given
        assert logged == text.replace("\udcff", "\\udcff").replace("\x00", "\\x00")
    else:  # a key that is not a key is kept only as its length (it may hold anything)
        assert logged == f"(invalid key of {len(text)} characters)"


@pytest.mark.parametrize("prefix", ["ab\udcffcd", "abcd\x00", "\udc80\udc80\udc80\udc80"])
def test_an_id_prefix_with_a_lone_surrogate_or_nul_matches_no_memory(store, prefix):
    store.propose(Proposal("contact.preferred_channel", "email", "explicit", "user", confirmed=True), actor="t")
    with pytest.raises(MemoryNotFound):
        store.resolve_id(prefix)
    with pytest.raises(MemoryNotFound):
        store.get(prefix)


# --- the command line ---------------------------------------------------------------------


@pytest.fixture
def cli(tmp_path, passphrase_store_path):
    """``cli("add", …)``: a real ``python -m memtrust.app`` process (the stray bytes come
    through argv, and what is tested is its exit status and stderr) on a passphrase store
    (a copy of the session's, as ``memtrust init`` makes one)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "MEMTRUST_HOME": str(passphrase_store_path.parent),
        "HOME": str(tmp_path),
        "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE,
    }

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "memtrust.app", *args],
            capture_output=True,
            env=env,
            stdin=subprocess.DEVNULL,
            timeout=60,
        )

    return run


@pytest.mark.parametrize(
    "args",
    [
        ("add", "style.a\udcff", "brief", "--yes"),  # a stray byte in the key (argv decodes it to a surrogate)
        ("add", "style.a", "brief", "--scope", "sh\udcffared", "--yes"),
        ("add", "notes.x", "v\udcff", "--yes"),
        ("confirm", "ab\udcffcd"),
        ("reject", "ab\udcffcd"),
        ("forget", "ab\udcffcd"),
        ("context", "--consumer", "as\udcff"),
        ("ingest", "/nowhere/x\udcff.json"),
    ],
)
def test_a_stray_byte_in_any_argument_gets_one_sentence_and_exit_1(cli, args):
    done = cli(*args)
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1, stderr
    assert "Traceback" not in stderr and "internal error" not in stderr
    assert len(stderr.strip().splitlines()) == 1, stderr


def test_a_refused_write_with_a_stray_byte_leaves_an_audit_row(cli):
    cli("add", "style.a\udcff", "brief", "--yes")
    exported = json.loads(cli("export", "--out", "-").stdout)
    [event] = [e for e in exported["audit"] if e["event"] == "write"]
    assert event["outcome"] == "reject" and event["key"] == "(invalid key of 8 characters)"


# --- the agent server, raw JSON-RPC -------------------------------------------------------


class RawClient:
    """``memtrust mcp`` driven line by line over stdio: one JSON-RPC text per call."""

    def __init__(self, path: Path) -> None:
        env = {**os.environ, "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE, "PYTHONPATH": str(REPO)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "memtrust.app", "mcp", "--db", str(path), "--consumer", "assistant"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=str(REPO),
            env=env,
        )
        self.next_id = 0
        self.send(
            '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
            '"capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}'
        )
        self.proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')

    def send(self, text: str) -> dict:
        self.proc.stdin.write(text.encode("utf-8") + b"\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], 30)
        assert ready, "the server did not answer"
        return json.loads(self.proc.stdout.readline())

    def call(self, tool: str, arguments: str) -> dict:
        """Call ``tool`` with ``arguments``, a JSON object as text (so it may hold 1e400 or NaN)."""
        self.next_id += 1
        return self.send(
            f'{{"jsonrpc":"2.0","id":{self.next_id},"method":"tools/call",'
            f'"params":{{"name":"{tool}","arguments":{arguments}}}}}'
        )["result"]

    def close(self) -> str:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
        return self.proc.stderr.read().decode("utf-8", "replace")


@contextmanager
def opened(path: Path):
    """The store at ``path`` to set up or check (see :func:`tests.conftest.opened_with_passphrase`)."""
    store = opened_with_passphrase(path)
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def raw_server(passphrase_store_path):
    with opened(passphrase_store_path) as store:
        store.set_learning(True, actor="user")
    client = RawClient(passphrase_store_path)
    yield client
    assert client.close() == ""


#: Confidences a client can put on the wire that are no finite number (``1e400`` overflows).
NOT_FINITE = ["1e400", "-1e400", "NaN", "Infinity", '"high"']


def _last_seq(path: Path) -> int:
    with opened(path) as store:
        return max((event.seq for event in store.audit_events()), default=0)


def test_report_signal_with_a_confidence_that_is_no_finite_number_gets_a_sentence_and_audit_rows(
    raw_server, passphrase_store_path
):
    """Each of :data:`NOT_FINITE` in turn, on one server (starting one is most of a call's cost),
    each call's own audit rows checked."""
    for number in NOT_FINITE:
        before = _last_seq(passphrase_store_path)
        result = raw_server.call(
            "report_signal", f'{{"key":"style.answer_length","value":"brief","confidence":{number}}}'
        )
        text = result["content"][0]["text"]
        assert "internal error" not in text, number
        assert "confidence" in text.lower(), number
        if not result["isError"]:
            assert result["structuredContent"]["outcome"] == "reject", number
            with opened(passphrase_store_path) as store:
                events = [event for event in store.audit_events() if event.seq > before]
                assert store.list() == [], number
            calls = [e for e in events if e.event == "agent-call" and e.detail["tool"] == "report_signal"]
            assert calls and calls[0].outcome == "reject", number
            json.dumps(calls[0].detail, allow_nan=False)  # the row holds the number as words, valid JSON


#: A NUL in each tool's text argument, as JSON escapes it.
NUL_ARGUMENTS = [
    ("propose_memory", '{"key":"style.a\\u0000","value":"brief"}'),
    ("report_signal", '{"key":"style.a\\u0000","value":"brief","confidence":0.9}'),
    ("forget_memory", '{"memory_id":"abcd\\u0000"}'),
]


def test_a_nul_in_an_agents_argument_gets_a_sentence_never_an_internal_error(raw_server):
    """Each of :data:`NUL_ARGUMENTS` in turn, on one server."""
    for tool, arguments in NUL_ARGUMENTS:
        result = raw_server.call(tool, arguments)
        text = result["content"][0]["text"]
        assert "internal error" not in text and "\x00" not in text, (tool, text)


#: What JSON carries and no text may hold, as JSON writes it: a lone surrogate of each half and
#: a NUL (the SDK's JSON parser refuses the first two and let the client wait for ever).
NOT_TEXT = {"\\ud800": "a lone surrogate", "\\udfff": "a lone surrogate", "\\u0000": "a NUL character"}


def _text_arguments(raw: RawClient) -> list[tuple[str, str]]:
    """Every (tool, argument) pair whose argument is text in the server's own tool list, and
    one argument no tool has, for the tools that take none."""
    raw.next_id += 1
    listed = raw.send(f'{{"jsonrpc":"2.0","id":{raw.next_id},"method":"tools/list"}}')["result"]["tools"]
    pairs = []
    for tool in listed:
        names = [n for n, spec in tool["inputSchema"].get("properties", {}).items() if "string" in json.dumps(spec)]
        pairs += [(tool["name"], name) for name in names or ["extra"]]
    return pairs


def test_any_tools_text_argument_holding_no_text_gets_one_sentence_and_one_audit_row(raw_server, passphrase_store_path):
    """Every text argument of every tool, in turn on one server, with each of :data:`NOT_TEXT`:
    a reply (never silence), one sentence naming the argument and not the value, exactly one
    agent-call row for the call, and the server still answering after."""
    pairs = _text_arguments(raw_server)
    assert {tool for tool, _ in pairs} >= {"get_context", "search_memories", "get_memory", "propose_memory"}
    required = {
        "propose_memory": {"key": "notes.n", "value": "v"},
        "report_signal": {"key": "style.answer_length", "value": "brief", "confidence": 0.9},
        "get_memory": {"memory_id": "abcd"},
        "forget_memory": {"memory_id": "abcd"},
        "search_memories": {"query": "x"},
    }
    for tool, argument in pairs:
        for escape, kind in NOT_TEXT.items():
            before = _last_seq(passphrase_store_path)
            arguments = json.dumps({**required.get(tool, {}), argument: "Bob x"}).replace("Bob x", f"Bob {escape} x")
            result = raw_server.call(tool, arguments)
            text = result["content"][0]["text"]
            assert result["isError"], (tool, argument, escape, text)
            assert text == f"{tool} was called wrongly: {argument} holds {kind}, which is not text.", text
            with opened(passphrase_store_path) as store:
                events = [e for e in store.audit_events() if e.seq > before]
                assert store.list() == []
            assert [(e.event, e.detail["tool"], e.outcome) for e in events] == [
                ("agent-call", tool, "invalid-arguments")
            ], (tool, argument, escape)
            assert events[0].reason == text
    assert raw_server.call("list_my_memories", "{}")["isError"] is False


def test_a_message_that_cannot_be_read_is_answered_not_left_waiting(raw_server, passphrase_store_path):
    """A tool call whose id holds a lone surrogate is answered with JSON-RPC's error and id null
    (a reply cannot hold that id) and audited; a line that is no JSON gets JSON-RPC's parse error."""
    before = _last_seq(passphrase_store_path)
    reply = raw_server.send('{"jsonrpc":"2.0","id":"a\\ud800","method":"tools/call","params":{"name":"get_context"}}')
    assert reply["id"] is None
    assert (
        reply["error"]["message"]
        == "memtrust could not read this message: id holds a lone surrogate, which is not text."
    )
    with opened(passphrase_store_path) as store:
        [event] = [e for e in store.audit_events() if e.seq > before]
    assert (event.event, event.detail["tool"], event.outcome) == ("agent-call", "get_context", "invalid-arguments")
    reply = raw_server.send('{"jsonrpc":"2.0","id":7,"method":"tools/call"')
    assert (reply["id"], reply["error"]["code"]) == (None, -32700)
    assert raw_server.call("get_context", "{}")["isError"] is False


@pytest.mark.parametrize("args", [("list", "--db", ""), ("--db", "", "list")])
def test_an_empty_or_folder_db_path_gets_one_sentence_not_the_systems_words(cli, args):
    done = cli(*args)
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1
    assert stderr == (
        "memtrust: --db names a database file, such as --db ~/memtrust/memtrust.db; it was empty or a folder.\n"
    )


def test_a_latin1_byte_in_a_value_is_said_to_be_not_utf8_as_on_standard_input(cli):
    done = cli("add", "notes.x", "caf\udce9", "--yes")  # b"caf\xe9" as argv decodes it
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1 and "not valid UTF-8 text" in stderr and "surrogate" not in stderr
