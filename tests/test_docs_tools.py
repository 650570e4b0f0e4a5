"""The MCP tools as the README and docs/mcp.md write them are the tools the server lists.

An assistant's author reads ``get_memory(memory_id)`` in the docs and calls the tool with that
argument; a table that names an argument the server does not take sends them to a refusal. Each
signature written in the docs is checked against the tool's input schema: the same argument
names, in the same order, and the same ones optional (``name?`` in the README, ``name=…`` in
docs/mcp.md).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_mcp_server import TOOLS, served, server_output  # noqa: F401 (server_output is a fixture)

REPO = Path(__file__).resolve().parents[1]
#: A tool's signature as the README's table writes it: | `get_context(purpose, query?)` | … |
_README_ROW = re.compile(r"^\| `(?P<name>[a-z_]+)\((?P<args>[^)]*)\)` \|", re.MULTILINE)
#: A tool's signature as docs/mcp.md opens its section: `get_memory(memory_id)` — …
_MCP_DOC_LINE = re.compile(r"^`(?P<name>[a-z_]+)\((?P<args>[^)]*)\)` —", re.MULTILINE)


def written_signatures(path: Path, pattern: re.Pattern[str], optional_mark: str) -> dict[str, list[tuple[str, bool]]]:
    """Each tool the document writes out: its arguments as (name, optional), in order."""
    found: dict[str, list[tuple[str, bool]]] = {}
    for match in pattern.finditer(path.read_text(encoding="utf-8")):
        if match["name"] not in TOOLS:
            continue
        arguments = []
        for written in filter(None, (part.strip() for part in match["args"].split(","))):
            name = re.match(r"[a-z_]+", written)
            assert name is not None, written
            arguments.append((name.group(0), optional_mark in written))
        found[match["name"]] = arguments
    return found


@pytest.mark.parametrize(
    ("document", "pattern", "optional_mark"),
    [("README.md", _README_ROW, "?"), ("docs/mcp.md", _MCP_DOC_LINE, "=")],
    ids=["README", "mcp.md"],
)
async def test_every_tool_signature_in_the_docs_is_the_one_the_server_takes(
    passphrase_store_path, document, pattern, optional_mark
):
    written = written_signatures(REPO / document, pattern, optional_mark)
    assert set(written) == TOOLS, f"{document} writes out {sorted(written)}"
    async with served(passphrase_store_path) as session:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    for name, arguments in written.items():
        schema = tools[name].input_schema
        served_arguments = [
            (argument, argument not in schema.get("required", [])) for argument in schema.get("properties", {})
        ]
        assert arguments == served_arguments, f"{document}: {name}"


#: A note key written in the docs: ``notes.`` and what follows it up to a space or a mark.
_NOTE_KEY_WRITTEN = re.compile(r"notes\.(?:\(redacted\)|[^\s`\"”(),;:*\]]*)")


def test_every_note_key_the_docs_show_is_one_memtrust_makes():
    # The docs showed keys such as notes.sisters_birthday_may_3 long after a note's key became
    # a hash of its words (DESIGN.md §2): a reader looked for a key memtrust never writes.
    from memtrust.store.audit import REDACTED_NOTE_KEY
    from memtrust.store.notes import is_note_key

    placeholders = {"notes.", "notes.<id>", REDACTED_NOTE_KEY}
    caller_given = {
        "notes.my_password",
        "notes.ghp_…",
        "notes.card_4111…",
        "notes.note",
        "notes.…",
    }  # keys a caller types
    shown = {
        (path.name, key)
        for path in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
        for key in _NOTE_KEY_WRITTEN.findall(path.read_text(encoding="utf-8"))
    }
    assert shown, "the docs name no note key at all"
    assert {(name, key) for name, key in shown if not (is_note_key(key) or key in placeholders | caller_given)} == set()
