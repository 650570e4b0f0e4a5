"""Provenance in words for agent rows and detector evidence (DESIGN.md §8, §10)."""

from __future__ import annotations

from datetime import UTC, datetime

from screens.provenance import provenance, source_words
from store.model import Memory

NOW = datetime(2026, 3, 2, 12, tzinfo=UTC)


def _memory(**fields) -> Memory:
    base = dict(id="x", scope="shared", key="contact.preferred_channel", value="email", formation="explicit",
                source="agent", source_ref="agent:trip-bot#abc123", confidence=1.0, status="pending",
                evidence={"agent": "trip-bot"}, created_at=NOW, updated_at=NOW)
    base.update(fields)
    return Memory(**base)


def test_a_pending_agent_row_says_the_agent_asked_not_that_you_confirmed():
    text = provenance(_memory(), NOW).plain
    assert "An agent (trip-bot) asked to save this on 2 Mar 2026." in text
    assert "after you confirmed" not in text
    assert source_words(_memory()) == "agent: trip-bot"


def test_an_agent_row_confirmed_by_elicitation_says_so():
    memory = _memory(status="active", source_ref="agent:trip-bot#abc;confirmed-by-elicitation", confirmed_at=NOW)
    assert "wrote this after you confirmed" in provenance(memory, NOW).plain


def test_an_agent_row_without_evidence_takes_its_name_from_the_source_ref():
    assert source_words(_memory(evidence=None)) == "agent: trip-bot"


def test_an_inference_reported_by_an_agent_names_the_agent_not_a_detector():
    memory = _memory(formation="implicit", source="inference:agent_trip-bot", confidence=0.8, status="active",
                     evidence={"agent": "trip-bot", "observed": "asked for window seats twice"})
    text = provenance(memory, NOW).plain
    assert text.startswith("The agent trip-bot reported it")
    assert "detector" not in text


def test_the_why_uses_the_detector_summary_when_there_is_one():
    memory = _memory(formation="implicit", source="inference:topics", confidence=0.8, status="active",
                     evidence={"detector": "topics", "counts": {"conversations": 5},
                               "summary": "You came back to cycling in 5 separate conversations."})
    text = provenance(memory, NOW).plain
    assert text.startswith("Inferred by the topics detector: You came back to cycling in 5 separate conversations.")


def _chat_request(**fields) -> Memory:
    return _memory(**{"source": "chat", "source_ref": "oasst.jsonl#oasst-7/m3", "evidence": {"said_at": None},
                      "created_at": datetime(2026, 11, 30, 9, tzinfo=UTC), **fields})


def test_a_chat_request_without_said_at_says_where_it_was_found_not_a_date_it_was_said():
    text = provenance(_chat_request(), NOW).plain
    assert text.startswith("You asked for this in a conversation in oasst.jsonl "
                           "(found when it was imported on 30 Nov 2026).")
    assert "asked to save this on" not in text


def test_a_chat_request_without_said_at_keeps_its_title():
    memory = _chat_request(evidence={"conversation_title": "Scary stories", "said_at": None})
    assert provenance(memory, NOW).plain.startswith(
        "You asked for this in chat Scary stories in oasst.jsonl (found when it was imported on 30 Nov 2026).")


def test_a_chat_request_with_said_at_still_says_when_it_was_said():
    said = int(datetime(2026, 2, 20, 9, 30, tzinfo=UTC).timestamp())
    memory = _chat_request(evidence={"conversation_title": "Trip planning", "said_at": said})
    assert provenance(memory, NOW).plain.startswith("You asked to save this on 20 Feb 2026, in chat Trip planning.")


async def test_a_request_from_an_export_without_timestamps_reads_as_found_there_in_inbox_and_details(
        store, clock, real_data, tmp_path):
    from tui_fixtures import detail_shown, flat, make_app, rendered, settle

    from app.pipeline import ingest_file
    from tests.realdata import oasst_to_jsonl_records, write_jsonl

    trees = (real_data / "oasst_en_100.jsonl").read_text(encoding="utf-8").splitlines()
    records = [r for number, tree in enumerate(trees) for r in oasst_to_jsonl_records(tree, f"oasst-{number}")]
    ingest_file(store, write_jsonl(tmp_path / "oasst.jsonl", records))
    expected = "You asked for this in a conversation in oasst.jsonl (found when it was imported on 2 Mar 2026)."
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert expected in flat(rendered(app.screen.query_one("#inbox-list")))
        await pilot.press("y")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert expected in detail_shown(app)
        assert "asked to save this on" not in detail_shown(app)
