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
