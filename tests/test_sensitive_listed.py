"""A memory about a sensitive matter (DESIGN.md §3.1) is shown as such outside the app too:
``memtrust list`` badges it as the TUI does, ``list --json`` and the export's JSON say
``sensitive`` (derived, not stored; the schema describes it and import ignores it)."""

from __future__ import annotations

import json

from memtrust.store.export import build_export, validate_export
from memtrust.store.model import Proposal
from tests.test_cli import run  # noqa: F401 (fixture)


def test_list_and_list_json_say_which_memory_is_sensitive(run):  # noqa: F811
    assert run("init").returncode == 0
    assert run("add", "notes.note", "I have type 1 diabetes", "--yes").returncode == 0
    assert run("add", "contact.preferred_channel", "email", "--yes").returncode == 0
    lines = run("list").stdout.splitlines()
    badged = {("diabetes" in line): line.rstrip().endswith("(sensitive)") for line in lines}
    assert badged == {True: True, False: False}, lines
    listed = {m["value"]: m["sensitive"] for m in json.loads(run("list", "--json").stdout)}
    assert listed == {"I have type 1 diabetes": True, "email": False}


def test_the_exports_json_says_which_memory_is_sensitive_and_validates(store):
    store.propose(Proposal("notes.x", "sees a shrink weekly", "explicit", "user", confirmed=True), actor="t")
    store.propose(
        Proposal("notes.y", "Likes jazz", "explicit", "import:gemini", evidence={"heading": "HIV positive since 2019"}),
        actor="t",
    )
    store.propose(Proposal("food.diet", "vegetarian", "explicit", "user", confirmed=True), actor="t")
    data = json.loads(json.dumps(build_export(store, app_version="test")))
    validate_export(data)
    assert {m["value"]: m["sensitive"] for m in data["memories"]} == {
        "sees a shrink weekly": True,
        "Likes jazz": True,
        "vegetarian": False,
    }
