"""DSAR export (§9): schema-valid, complete, counts that match, exact Unicode, safe files."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import jsonschema
import pytest

from memtrust.store.errors import InvalidInput
from memtrust.store.export import (
    EXCLUDED_TABLES,
    EXPORTED_TABLES,
    UNENCRYPTED_WARNING,
    build_export,
    dumps_export,
    export_schema,
    export_text,
    validate_export,
    write_export,
)
from memtrust.store.model import FORMATIONS, MEMORY_FIELDS, STATUSES, Proposal
from memtrust.store.report import render_markdown
from tests.dsar_fixtures import TRICKY_VALUES, fill

ROOT = Path(__file__).resolve().parents[1]


def test_export_validates_against_the_shipped_json_schema(store):
    fill(store)
    data = build_export(store, app_version="test")
    jsonschema.Draft202012Validator.check_schema(export_schema())
    jsonschema.validate(data, export_schema(), cls=jsonschema.Draft202012Validator)
    validate_export(data)  # and the cross-field rules


def test_the_packaged_schema_is_the_one_in_assets():
    assert (ROOT / "store" / "dsar.schema.json").read_bytes() == (ROOT / "assets" / "dsar.schema.json").read_bytes()


def test_the_schema_and_the_docs_name_every_audit_event_memtrust_writes():
    from memtrust.store.audit import EVENTS

    described = export_schema()["$defs"]["audit_event"]["properties"]["event"]["description"]
    assert described.split(", ") == list(EVENTS)
    docs = (ROOT / "docs" / "dsar-export.md").read_text(encoding="utf-8")
    table = docs.split("| event | recorded when |", 1)[1].split("\n\n", 1)[0]
    assert re.findall(r"^\| `([a-z-]+)` \|", table, re.MULTILINE) == list(EVENTS)
    # Every event the code records is one of them: event="…" arguments, the MCP server's own
    # call event and the forget-request event (named by constants), and the one a trigger writes.
    source = "\n".join(
        p.read_text(encoding="utf-8") for folder in ("store", "app") for p in (ROOT / folder).rglob("*.py")
    )
    written = set(re.findall(r'\bevent="([a-z-]+)"', source)) | set(re.findall(r'_EVENT = "([a-z-]+)"', source))
    written |= set(re.findall(r"'([a-z-]+)', 'system'", source))
    assert written and written <= set(EVENTS), written - set(EVENTS)


def test_an_empty_store_exports_a_valid_document(store):
    data = build_export(store, app_version="test")
    validate_export(data)
    assert data["memories"] == [] and data["counts"]["memories"] == 0


def test_counts_equal_the_rows_in_the_export_and_in_the_store(store):
    fill(store)
    data = build_export(store, app_version="test")
    for formation in FORMATIONS:
        for status in STATUSES:
            rows = [m for m in data["memories"] if m["formation"] == formation and m["status"] == status]
            assert data["counts"][formation][status] == len(rows)
    assert data["counts"]["memories"] == len(data["memories"])
    assert {f: data["counts"][f] for f in FORMATIONS} == store.counts()
    with store.db.read() as conn:
        for table, part in (
            ("memories", "memories"),
            ("audit", "audit"),
            ("consent", "consent"),
            ("settings", "settings"),
            ("ingested_messages", "ingested_messages"),
        ):
            assert data["counts"][part] == conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def test_every_status_and_formation_is_exported_with_every_design_field(store):
    fill(store)
    data = build_export(store, app_version="test")
    kinds = {(m["formation"], m["status"]) for m in data["memories"]}
    assert kinds == {
        ("explicit", "active"),
        ("explicit", "pending"),
        ("explicit", "quarantined"),
        ("implicit", "active"),
    }
    # every §2 field, in order, then the derived badge (§3.1)
    assert all(tuple(m) == (*MEMORY_FIELDS, "sensitive") for m in data["memories"])
    inferred = next(m for m in data["memories"] if m["key"] == "style.answer_length")
    assert inferred["evidence"]["short_replies"] == 3 and inferred["confidence"] == 0.82
    assert inferred["expires_at"].endswith("Z") and inferred["source"] == "inference:reply_length"


def test_every_table_of_the_schema_is_exported_or_excluded_with_a_reason(store):
    with store.db.read() as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    unaccounted = tables - set(EXPORTED_TABLES) - set(EXCLUDED_TABLES)
    assert unaccounted == set(), f"tables neither exported nor excluded: {sorted(unaccounted)}"
    assert set(EXPORTED_TABLES).isdisjoint(EXCLUDED_TABLES)
    data = build_export(store, app_version="test")
    for table, where in EXPORTED_TABLES.items():
        assert where.split(".")[0].split(" ")[0] in data, table


def test_consent_state_and_history_settings_and_ingest_refs_are_exported(store):
    fill(store)
    store.set_learning(False, actor="test")
    data = build_export(store, app_version="test")
    assert data["consent"]["implicit_learning"] is False
    assert [(e["learning"], e["actor"]) for e in data["consent"]["history"]] == [(True, "test"), (False, "test")]
    assert data["consent"]["history"][0]["statement"]
    assert data["settings"] == [{"name": "implicit_ttl_days", "value": "45"}]
    assert [r["source_ref"] for r in data["ingested_messages"]] == ["conv-1/msg-1", "conv-1/msg-2"]


def test_meta_names_the_key_mode_and_never_the_key(store):
    data = build_export(store, app_version="9.9")
    assert data["meta"]["key_mode"] == "memory" and data["meta"]["warning"] == UNENCRYPTED_WARNING
    assert data["meta"]["store_id"] and data["meta"]["app_version"] == "9.9"
    assert "key" not in json.dumps(data["meta"]).replace("key_mode", "")


def test_tricky_unicode_values_survive_the_export_exactly(store, tmp_path):
    fill(store, learning=False)
    path = write_export(tmp_path / "out.json", dumps_export(build_export(store, app_version="test")))
    loaded = json.loads(path.read_bytes().decode("utf-8"))
    values = {m["key"]: m["value"] for m in loaded["memories"]}
    for key, value in TRICKY_VALUES.items():
        assert values[key] == value
    assert len(values["text.long"]) == 4000


def test_nul_is_rejected_when_written_and_never_reaches_an_export(store):
    result = store.propose(Proposal("notes.nul", "a\x00b", "explicit", "user", confirmed=True), actor="test")
    assert result.decision.outcome == "reject" and "NUL" in result.decision.reason
    assert store.list() == []


def test_a_lone_surrogate_is_rejected_when_the_export_is_written(tmp_path):
    data = {"memories": [{"value": "broken \ud800 text"}]}
    with pytest.raises(ValueError):
        dumps_export(data)
    with pytest.raises(ValueError):
        write_export(tmp_path / "out.json", "broken \udfff")
    assert list(tmp_path.iterdir()) == []


def test_export_file_is_written_atomically_with_mode_0600_whatever_the_umask(tmp_path):
    target = tmp_path / "export.json"
    target.write_text('{"meta": {"an": "earlier export"}}\n', encoding="utf-8")
    target.chmod(0o644)
    old_umask = os.umask(0)
    try:
        write_export(target, '{"new": true}\n')
    finally:
        os.umask(old_umask)
    assert target.read_text(encoding="utf-8") == '{"new": true}\n'
    assert target.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["export.json"]  # no temp file left


def test_validation_names_the_place_not_the_value(store):
    fill(store, learning=False)
    data = build_export(store, app_version="test")
    data["memories"][0]["confidence"] = "secret-looking-value-9911"
    with pytest.raises(InvalidInput) as caught:
        validate_export(data)
    assert "$.memories[0].confidence" in str(caught.value) and "9911" not in str(caught.value)


def test_edited_counts_are_refused(store):
    fill(store, learning=False)
    data = build_export(store, app_version="test")
    data["counts"]["explicit"]["active"] += 1
    with pytest.raises(InvalidInput, match="counts"):
        validate_export(data)


# --- the Markdown report ------------------------------------------------------------------


def test_markdown_report_has_the_design_sections_in_order(store):
    fill(store)
    store.confirm(next(m.id for m in store.list(status="pending")), actor="test")
    store.propose(Proposal("notes.later", "call the bank", "explicit", "chat"), actor="test")
    text = render_markdown(build_export(store, app_version="test"))
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    order = ["Saved by you", "Inferred about you", "Pending", "Quarantined", "What was used and when"]
    positions = [next(i for i, h in enumerate(headings) if h.startswith(f"## {name} (")) for name in order]
    assert positions == sorted(positions)
    assert UNENCRYPTED_WARNING in text


def test_markdown_report_gives_inferences_their_confidence_evidence_and_expiry(store):
    fill(store)
    text = render_markdown(build_export(store, app_version="test"))
    inferred = text.split("## Inferred about you")[1].split("## Pending")[0]
    assert "`style.answer_length`" in inferred and "confidence 82%" in inferred
    assert "short\\_replies: 3" in inferred and "expires 1 May 2026" in inferred
    used = text.split("## What was used and when")[1].split("## Consent")[0]
    assert "assistant" in used and "(inferred)" in used and "(saved by you)" in used


def test_markdown_report_shows_stored_text_literally_on_one_line(store):
    fill(store, learning=False)
    text = render_markdown(build_export(store, app_version="test"))
    controls = next(line for line in text.splitlines() if "`text.controls`" in line)
    assert "\\n" in controls and "\\u0007" in controls and "\\u001b" in controls and "\x07" not in text
    assert "\\\\" not in controls.replace("\\\\back", "")  # escapes shown once, never doubled
    markup = next(line for line in text.splitlines() if "`text.markup`" in line)
    assert "\\<b\\>html\\</b\\>" in markup and "\\*not bold\\*" in markup and "\\| pipe" in markup
    rtl = next(line for line in text.splitlines() if "`text.rtl`" in line)
    assert "\u2068" in rtl and "\u2069" in rtl and "\u202e" not in rtl
    assert "\\u202eevil\\u202c" in rtl and "\\\\u202e" not in rtl


def test_markdown_report_says_pending_items_are_requested_not_saved(store):
    store.propose(
        Proposal(
            "contact.preferred_channel",
            "email",
            "explicit",
            "chat",
            evidence={"conversation_title": None, "said_at": 1793527860},
        ),
        actor="test",
    )
    text = render_markdown(build_export(store, app_version="test"))
    pending = text.split("## Pending")[1].split("## Quarantined")[0]
    assert "requested by you, in a conversation on " in pending and "; awaiting your confirmation" in pending
    assert "saved" not in pending.replace("never given", "")
    assert "context: said on 1 Nov 2026 10:11 UTC" in pending
    assert "None" not in pending and "1793527860" not in pending and "conversation\\_title" not in pending


def test_markdown_report_summary_counts_each_group_as_its_section_does(store):
    fill(store)
    store.propose(Proposal("notes.later", "call the bank", "explicit", "chat"), actor="test")
    text = render_markdown(build_export(store, app_version="test"))
    sections = {
        name: int(re.search(rf"^## {name} \((\d+)\)$", text, re.MULTILINE).group(1))
        for name in ("Saved by you", "Inferred about you", "Pending", "Quarantined")
    }
    summary = next(line for line in text.splitlines() if line.startswith("In total:"))
    assert (
        f"{sections['Saved by you']} saved by you, {sections['Inferred about you']} inferred, "
        f"{sections['Pending']} awaiting your confirmation, {sections['Quarantined']} quarantined"
    ) in summary
    assert "or awaiting" not in summary


def test_markdown_report_reads_where_an_explicit_memory_was_said_as_words(store):
    store.propose(
        Proposal(
            "profile.city",
            "Oslo",
            "explicit",
            "chat",
            evidence={"conversation_title": "Moving plans", "said_at": 1767225600},
        ),
        actor="test",
    )
    text = render_markdown(build_export(store, app_version="test"))
    assert "context: in conversation *Moving plans*, said on 1 Jan 2026 00:00 UTC" in text
    assert "said\\_at" not in text and "1767225600" not in text


def test_the_serialised_export_is_one_row_per_line_and_round_trips_floats_exactly(store):
    store.set_learning(True, actor="t")
    store.propose(
        Proposal(
            "style.answer_length",
            "brief",
            "implicit",
            "inference:reply_length",
            confidence=0.8333333333333334,
            evidence={"ratio": 0.1 + 0.2, "text": "é\x07"},
        ),
        actor="t",
    )
    text, count = export_text(store, app_version="test")
    data = json.loads(text)
    assert count == 1 and data == build_export(store, app_version="test")
    assert json.loads(dumps_export(data)) == data
    [memory] = data["memories"]
    assert memory["confidence"] == 0.8333333333333334 and memory["evidence"] == {"ratio": 0.1 + 0.2, "text": "é\x07"}
    assert (
        sum(
            1
            for line in text.splitlines()
            if '"key": "style.answer_length"' in line or '"key":"style.answer_length"' in line
        )
        >= 1
    )


def test_markdown_report_does_not_present_the_import_date_as_when_a_request_was_said(store):
    store.propose(
        Proposal(
            "notes.not_easily_scared",
            "I am not easily scared",
            "explicit",
            "chat",
            source_ref="oasst.jsonl#oasst-15/m1",
            evidence={"conversation_title": None},
        ),
        actor="test",
    )
    text = render_markdown(build_export(store, app_version="test"))
    pending = text.split("## Pending")[1].split("## Quarantined")[0]
    assert "requested by you, in a conversation found when it was imported on " in pending


def test_an_export_replaces_an_earlier_export_but_never_another_file(store, tmp_path):
    from memtrust.store.errors import InvalidInput
    from memtrust.store.export import write_export

    text, _count = export_text(store, app_version="test")
    earlier = write_export(tmp_path / "export.json", text)
    write_export(earlier, text)  # re-exporting to the same name is fine
    report = write_export(tmp_path / "report.md", render_markdown(json.loads(text)))
    write_export(report, render_markdown(json.loads(text)))
    mine = tmp_path / "notes.md"
    mine.write_text("mine\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match="not a memtrust export"):
        write_export(mine, text)
    assert mine.read_text(encoding="utf-8") == "mine\n"


# --- requests to forget (§6) ---------------------------------------------------------------


def _request_to_forget(store):
    from memtrust.store.deletion_requests import DeletionRequests

    memory = store.propose(
        Proposal("contact.preferred_channel", "email", "explicit", "user", confirmed=True), actor="test"
    ).memory
    return memory, DeletionRequests(store).add(
        what="I prefer email",
        utterance="Forget that I prefer email.",
        source_ref="later.jsonl#c2/m0",
        said_at=1_772_000_000,
        memory_ids=[memory.id],
        actor="test",
    )


def test_a_request_to_forget_is_exported_with_the_memory_it_names_and_counted(store):
    memory, request = _request_to_forget(store)
    data = build_export(store, app_version="test")
    validate_export(data)
    assert data["deletion_requests"] == [
        {
            "id": request.id,
            "utterance": "Forget that I prefer email.",
            "what": "I prefer email",
            "source_ref": "later.jsonl#c2/m0",
            "said_at": "2026-02-25T06:13:20Z",
            "created_at": "2026-03-02T12:00:00Z",
            "pending_until": "2026-04-01T12:00:00Z",
            "status": "pending",
            "memory_ids": [memory.id],
        }
    ]
    assert data["counts"]["deletion_requests"] == 1
    broken = json.loads(json.dumps(data))
    broken["deletion_requests"][0]["memory_ids"] = ["not-in-the-export"]
    with pytest.raises(InvalidInput, match="names a memory the export does not hold"):
        validate_export(broken)


def test_an_export_made_before_requests_to_forget_existed_still_validates(store):
    fill(store, learning=False)
    data = build_export(store, app_version="test")
    del data["deletion_requests"], data["counts"]["deletion_requests"]
    validate_export(data)


def test_markdown_report_lists_requests_to_forget_with_what_a_yes_deletes(store):
    _request_to_forget(store)
    text = render_markdown(build_export(store, app_version="test"))
    section = text.split("## Requests to forget (1)")[1].split("## Quarantined")[0]
    assert "you asked to forget: “I prefer email”" in section
    assert "a yes deletes `contact.preferred_channel`: email" in section
    assert "said on 25 Feb 2026 06:13 UTC in later.jsonl#c2/m0: Forget that I prefer email." in section
    assert "lapses 1 Apr 2026 12:00 UTC unless you answer" in section
    assert text.index("## Pending") < text.index("## Requests to forget") < text.index("## Quarantined")


def test_one_export_with_its_markdown_report_is_one_audit_row_naming_both_files(store, tmp_path):
    from memtrust.store.export import record_export

    fill(store)
    before = len(store.audit_events())
    json_path, md_path = tmp_path / "dsar.json", tmp_path / "dsar.md"
    record_export(store, actor="tui", destination=str(json_path), memory_count=11, format="json", markdown=str(md_path))
    events = store.audit_events()
    assert len(events) == before + 1
    assert events[0].event == "export"
    assert events[0].reason == "Exported 11 memories as JSON and Markdown."
    assert events[0].detail == {"destination": str(json_path), "format": "json", "markdown": str(md_path)}


def test_an_export_audit_reason_names_its_format_and_counts_one_memory_in_the_singular(store):
    from memtrust.store.export import record_export

    record_export(store, actor="cli", destination="stdout", memory_count=1, format="md")
    event = store.audit_events(1)[0]
    assert event.reason == "Exported 1 memory as Markdown."
    assert event.detail == {"destination": "stdout", "format": "md"}


def test_markdown_report_says_a_confidential_request_nobody_confirmed_is_not_saved(store):
    # §3.5 quarantines it before it reaches the Inbox: the TUI reads [requested] [quarantined].
    store.propose(Proposal("work.plan", "just between us, I am interviewing at Acme", "explicit", "chat"), actor="test")
    store.propose(
        Proposal("work.salary", "just between us, my raise is 5%", "explicit", "user", confirmed=True), actor="test"
    )
    text = render_markdown(build_export(store, app_version="test"))
    held = text.split("## Quarantined")[1].split("## What was used")[0]
    plan, salary = held.split("- **`work.salary`**")[0], held.split("- **`work.salary`**")[1]
    assert "requested by you, in a conversation on " in plan and "not saved until you release it" in plan
    assert "saved " not in plan.replace("not saved until", "")
    assert "saved " in salary  # the one the user confirmed


def _client_confirmed(store, client: str = "Claude Desktop"):
    """An agent's save its MCP client said yes to (§10): the client's word, not the user's."""
    return store.propose(
        Proposal(
            "work.employer",
            "Acme",
            "explicit",
            "agent",
            source_ref="agent:assistant#c1;confirmed-by-elicitation",
            confirmed=True,
            confirmed_in=client,
        ),
        actor="agent:assistant",
    ).memory


def test_a_memory_confirmed_only_in_a_client_is_exported_with_that_client_and_not_as_saved_by_you(store):
    fill(store)
    memory = _client_confirmed(store)
    data = build_export(store, app_version="test")
    validate_export(data)
    jsonschema.validate(data, export_schema())
    record = next(m for m in data["memories"] if m["id"] == memory.id)
    assert (record["status"], record["confirmed_in"]) == ("active", "Claude Desktop")
    assert all(m["confirmed_in"] is None for m in data["memories"] if m["id"] != memory.id)
    write = next(e for e in data["audit"] if e["event"] == "write" and e["memory_id"] == memory.id)
    assert write["detail"]["confirmed_in"] == "Claude Desktop"
    text = render_markdown(data)
    saved = text.split("## Saved by you")[1].split("## ")[0]
    client = text.split("## Confirmed in an assistant's client, not yet by you (1)")[1].split("## ")[0]
    assert "`work.employer`" not in saved
    assert "`work.employer`" in client and "confirmed in “Claude Desktop” on" in client and "not yet by you" in client


def test_the_schema_refuses_a_client_confirmation_on_an_inference(store):
    fill(store)
    data = build_export(store, app_version="test")
    inferred = next(m for m in data["memories"] if m["formation"] == "implicit")
    inferred["confirmed_in"] = "Claude Desktop"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, export_schema())
