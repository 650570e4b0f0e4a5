"""Provenance in words for agent rows and detector evidence (DESIGN.md §8, §10)."""

from __future__ import annotations

from datetime import UTC, datetime

from memtrust.screens.provenance import badges, provenance, source_words
from memtrust.store.model import Memory, Proposal

NOW = datetime(2026, 3, 2, 12, tzinfo=UTC)


def _memory(**fields) -> Memory:
    base = {
        "id": "x",
        "scope": "shared",
        "key": "contact.preferred_channel",
        "value": "email",
        "formation": "explicit",
        "source": "agent",
        "source_ref": "agent:trip-bot#abc123",
        "confidence": 1.0,
        "status": "pending",
        "evidence": {"agent": "trip-bot"},
        "created_at": NOW,
        "updated_at": NOW,
    }
    base.update(fields)
    return Memory(**base)


def test_a_pending_agent_row_says_the_agent_asked_not_that_you_confirmed():
    text = provenance(_memory(), NOW).plain
    assert "An agent (trip-bot) asked to save this on 2 Mar 2026." in text
    assert "after you confirmed" not in text
    assert source_words(_memory()) == "agent: trip-bot"


def test_an_agent_row_its_client_confirmed_says_the_client_said_yes_not_you_until_you_confirm_it():
    ref = "agent:trip-bot#abc;confirmed-by-elicitation"
    memory = _memory(status="active", source_ref=ref, confirmed_at=NOW, confirmed_in="Claude Desktop")
    text = provenance(memory, NOW).plain
    assert text.startswith(
        "An agent (trip-bot) wrote this after its client “Claude Desktop” said yes, on 2 Mar 2026; "
        "you have not confirmed it in memtrust."
    )
    assert "never for privileged actions until you confirm it" in text and "after you confirmed" not in text
    assert badges(memory, NOW).plain == "[not yet by you: confirmed in “Claude Desktop”]"
    yours = _memory(status="active", source_ref=ref, confirmed_at=NOW)  # then confirmed in memtrust
    assert (
        "after its client said yes, on 2 Mar 2026; you confirmed it here on 2 Mar 2026." in provenance(yours, NOW).plain
    )
    assert badges(yours, NOW).plain == "[saved by you]"


def test_an_agent_row_without_evidence_takes_its_name_from_the_source_ref():
    assert source_words(_memory(evidence=None)) == "agent: trip-bot"


def test_an_inference_reported_by_an_agent_names_the_agent_not_a_detector():
    memory = _memory(
        formation="implicit",
        source="inference:agent_trip-bot",
        confidence=0.8,
        status="active",
        evidence={"agent": "trip-bot", "observed": "asked for window seats twice"},
    )
    text = provenance(memory, NOW).plain
    assert text.startswith("The agent trip-bot reported it")
    assert "detector" not in text


def test_the_why_uses_the_detector_summary_when_there_is_one():
    memory = _memory(
        formation="implicit",
        source="inference:topics",
        confidence=0.8,
        status="active",
        evidence={
            "detector": "topics",
            "counts": {"conversations": 5},
            "summary": "You came back to cycling in 5 separate conversations.",
        },
    )
    text = provenance(memory, NOW).plain
    assert text.startswith("Inferred by the topics detector: You came back to cycling in 5 separate conversations.")


def _timezone_guess(confidence: float) -> Memory:
    return _memory(
        key="locale.timezone",
        value="UTC+01:00",
        formation="implicit",
        source="inference:activity_hours",
        source_ref=None,
        confidence=confidence,
        status="active",
        evidence={"detector": "activity_hours", "summary": "quiet between 02:00 and 08:00 UTC"},
    )


def test_an_inference_under_the_floor_is_badged_a_weak_guess_and_says_no_assistant_gets_it():
    weak = _timezone_guess(0.5)
    assert badges(weak, NOW).plain == "[inferred 50%] [weak guess]"
    assert (
        "It is a weak guess (under 70%): only you see it; no assistant is ever given it." in provenance(weak, NOW).plain
    )
    sure = _timezone_guess(0.7)
    assert badges(sure, NOW).plain == "[inferred 70%]"
    assert "weak guess" not in provenance(sure, NOW).plain


def _chat_request(**fields) -> Memory:
    return _memory(
        **{
            "source": "chat",
            "source_ref": "oasst.jsonl#oasst-7/m3",
            "evidence": {"said_at": None},
            "created_at": datetime(2026, 11, 30, 9, tzinfo=UTC),
            **fields,
        }
    )


def test_a_chat_request_without_said_at_says_where_it_was_found_not_a_date_it_was_said():
    text = provenance(_chat_request(), NOW).plain
    assert text.startswith(
        "You asked for this in a conversation in oasst.jsonl (found when it was imported on 30 Nov 2026)."
    )
    assert "asked to save this on" not in text


def test_a_chat_request_without_said_at_keeps_its_title():
    memory = _chat_request(evidence={"conversation_title": "Scary stories", "said_at": None})
    assert provenance(memory, NOW).plain.startswith(
        "You asked for this in chat “Scary stories” in oasst.jsonl (found when it was imported on 30 Nov 2026)."
    )


def test_a_chat_request_with_said_at_still_says_when_it_was_said():
    said = int(datetime(2026, 2, 20, 9, 30, tzinfo=UTC).timestamp())
    memory = _chat_request(evidence={"conversation_title": "Trip planning", "said_at": said})
    assert provenance(memory, NOW).plain.startswith("You asked to save this on 20 Feb 2026, in chat “Trip planning”.")


async def test_a_request_from_an_export_without_timestamps_reads_as_found_there_in_inbox_and_details(
    store, clock, real_data, tmp_path
):
    from tui_fixtures import detail_shown, flat, make_app, rendered, settle

    from memtrust.app.pipeline import ingest_file
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


# --- a confidential request from an imported chat (issue 6) -----------------------------


def _ingest_confidential_request(store, tmp_path):
    """Import one chat line asking, in confidence, to remember something; return its row."""
    import json

    from memtrust.app.pipeline import ingest_file

    line = {
        "conversation_id": "c1",
        "role": "user",
        "timestamp": 1_772_000_000,
        "content": "remember that, just between us, I am interviewing at Acme",
    }
    (tmp_path / "chat.jsonl").write_text(json.dumps(line), encoding="utf-8")
    ingest_file(store, tmp_path / "chat.jsonl")
    [memory] = store.list()
    return memory


def test_a_confidential_request_from_an_import_is_quarantined_unconfirmed_and_reads_requested(store, tmp_path):
    from memtrust.screens.provenance import badges, formation_label

    memory = _ingest_confidential_request(store, tmp_path)
    # What state it is really in: §3.5 quarantined it before §3.6 sent it to the Inbox, so
    # nobody confirmed it (no confirmed_at), and it is not pending either.
    assert (memory.formation, memory.source, memory.status, memory.confirmed_at) == (
        "explicit",
        "chat",
        "quarantined",
        None,
    )
    assert formation_label(memory) == "requested"
    assert badges(memory, NOW).plain == "[requested] [quarantined]"
    assert "saved by you" not in badges(memory, NOW).plain
    text = provenance(memory, NOW).plain
    assert (
        "You phrased it as confidential, so it went to Quarantine instead of your Inbox: it is not saved "
        "until you release it with c, and never given to an assistant before that."
    ) in text


def test_releasing_the_confidential_request_makes_it_saved_by_you(store, tmp_path):
    from memtrust.screens.provenance import badges

    memory = _ingest_confidential_request(store, tmp_path)
    released = store.confirm(memory.id, actor="test")
    assert badges(released, NOW).plain == "[saved by you]"
    assert "Quarantine" not in provenance(released, NOW).plain


def test_a_confidential_memory_the_user_confirmed_reads_saved_by_you_and_says_why_it_is_held_back(store):
    from memtrust.screens.provenance import badges

    result = store.propose(
        Proposal(
            "notes.job_search",
            "Interviewing elsewhere",
            "explicit",
            "user",
            confirmed=True,
            utterance="Just between us, I'm interviewing elsewhere.",
        ),
        actor="test",
    )
    memory = result.memory
    assert memory.status == "quarantined"
    assert badges(memory, NOW).plain == "[saved by you] [quarantined]"
    assert provenance(memory, NOW).plain == (
        "You typed this in memtrust on 2 Mar 2026. You phrased it as confidential, so it is held in "
        "Quarantine: it is never given to an assistant until you release it with c."
    )


def test_a_row_confirmed_then_edited_into_confidential_phrasing_still_reads_saved_by_you():
    from memtrust.screens.provenance import badges

    memory = _chat_request(status="quarantined", confirmed_at=NOW)
    assert badges(memory, NOW).plain == "[saved by you] [quarantined]"
    assert "never given to an assistant until you release it with c" in provenance(memory, NOW).plain


def test_an_agent_write_quarantined_after_its_client_said_yes_reads_confirmed_in_that_client_not_saved_by_you():
    ref = "agent:trip-bot#abc;confirmed-by-elicitation"
    in_client = _memory(status="quarantined", source_ref=ref, confirmed_at=NOW, confirmed_in="Zed")
    unconfirmed = _memory(status="quarantined")
    assert badges(in_client, NOW).plain == "[not yet by you: confirmed in “Zed”] [quarantined]"
    assert badges(unconfirmed, NOW).plain == "[requested] [quarantined]"


async def test_the_main_pane_shows_the_imported_confidential_request_as_requested_and_quarantined(
    store, clock, tmp_path
):
    from tui_fixtures import detail_shown, make_app, rendered, settle

    _ingest_confidential_request(store, tmp_path)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = rendered(app.screen.query_one("#saved-list"))
        assert "[requested] [quarantined]" in pane
        assert "saved by you" not in pane
        assert "it is not saved until you release it with c" in detail_shown(app)


def test_the_review_calls_a_memory_only_a_client_confirmed_by_what_it_is():
    from memtrust.screens.review import which_one

    ref = "agent:trip-bot#abc;confirmed-by-elicitation"
    in_client = _memory(status="active", source_ref=ref, confirmed_at=NOW, confirmed_in="Zed")
    assert which_one(in_client) == "confirmed only in an assistant's client, not yet by you"
    assert which_one(_memory(status="active", source_ref=ref, confirmed_at=NOW)) == "saved by you"
