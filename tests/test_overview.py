"""The store at a glance (store/overview.py; DESIGN.md §4, §7, §8, §9): held counts, expiries
per week, what each consumer was given, the review cadence — read from the store and, the
same, from an export (the DSAR report's table)."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import sqlcipher3
from tui_fixtures import inferred, pending_from_chat, saved

from memtrust.store import audit
from memtrust.store.consumers import context_for
from memtrust.store.export import build_export
from memtrust.store.memories import INSERT_MEMORY_SQL
from memtrust.store.migrations import MIGRATIONS, migrate
from memtrust.store.model import MEMORY_FIELDS, to_epoch
from memtrust.store.overview import EXPIRY_WEEKS, overview_from_export, read_overview
from memtrust.store.report import render_markdown
from memtrust.store.restore import restore
from memtrust.store.review import LAST_REVIEW_SETTING, REVIEW_INTERVAL_SETTING

DAY = 86400


def _row(store, memory_id: str, *, formation="implicit", status="active", expires_in=None, pending_in=None, key=None):
    """Insert one memory row directly with expiry times relative to the store's clock (seconds)."""
    now = to_epoch(store.clock())
    implicit = formation == "implicit"
    values = {
        "id": memory_id,
        # An inference of the vocabulary (§3.1), one per agent's scope as report_signal keeps them.
        "scope": f"agent_{memory_id}" if implicit else "shared",
        "key": key or ("interests.topics" if implicit else f"interests.topic_{memory_id}"),
        "value": "cooking" if implicit else "cycling",
        "formation": formation,
        "source": "inference:topics" if implicit else "user",
        "source_ref": None,
        "confidence": 0.8 if implicit else 1.0,
        "status": status,
        "evidence": None,
        "created_at": now - DAY,
        "updated_at": now - DAY,
        "last_signal_at": None,
        "expires_at": None if expires_in is None else now + expires_in,
        "confirmed_at": None,
        "reviewed_at": None,
        "pending_until": None if pending_in is None else now + pending_in,
        "confirmed_in": None,
    }
    with store.db.write() as conn:
        conn.execute(INSERT_MEMORY_SQL, [values[name] for name in MEMORY_FIELDS])


def _influence(store, consumer: str, memory_id: str, formation: str, *, days_ago: float = 0, actor=None, detail=None):
    """Record one influence event as context_for does, ``days_ago`` before the clock."""
    with store.db.write() as conn:
        audit.record(
            conn,
            at=to_epoch(store.clock()) - int(days_ago * DAY),
            event="influence",
            actor=actor or f"consumer:{consumer}",
            memory_id=memory_id,
            scope="shared",
            key="style.x",
            formation=formation,
            reason=f"Given to {consumer}.",
            detail={"consumer": consumer, "purpose": "style"} if detail is None else detail,
        )


def test_held_counts_split_every_memory_into_saved_inferred_pending_and_quarantined(store, clock):
    saved(store, "profile.name", "Sam")
    saved(store, "contact.email_note", "keep this confidential: sam@example.org")  # §3.5 quarantined
    pending_from_chat(store, "contact.preferred_channel", "email")
    inferred(store, "style.answer_length", "brief")
    inferred(store, "locale.language", "english")

    held = read_overview(store, clock()).held

    assert (held.saved, held.inferred, held.pending, held.quarantined) == (1, 2, 1, 1)
    assert held.total == sum(sum(by_status.values()) for by_status in store.counts().values())
    assert held.sentence() == "memtrust holds 5 memories: 1 saved by you, 2 inferred, 1 pending, 1 quarantined."


def test_an_expiry_falls_in_the_week_that_ends_at_or_after_it_and_nothing_past_90_days_counts(store, clock):
    week = 7 * DAY
    _row(store, "a", expires_in=1)  # first second of week 1
    _row(store, "b", expires_in=week)  # last second of week 1
    _row(store, "c", expires_in=week + 1)  # week 2
    _row(store, "d", expires_in=90 * DAY)  # the horizon itself: the last (shorter) week
    _row(store, "e", expires_in=90 * DAY + 1)  # past the horizon
    _row(store, "f", expires_in=0)  # expired, not yet pruned
    _row(store, "g")  # an inference with no expiry (cannot happen in the app; counted as held only)

    overview = read_overview(store, clock())

    assert len(overview.expiries) == EXPIRY_WEEKS == 13
    assert overview.weekly_totals() == [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    assert overview.expiries[0].starts == clock() and overview.expiries[0].ends == clock() + timedelta(days=7)
    assert overview.expiries[-1].ends == clock() + timedelta(days=90)
    assert overview.held.inferred == 7


def test_expiries_are_split_by_kind_and_a_pending_row_expires_at_the_sooner_of_its_two_times(store, clock):
    _row(store, "p1", formation="explicit", status="pending", pending_in=3 * DAY, expires_in=40 * DAY)
    _row(store, "p2", formation="explicit", status="pending", pending_in=30 * DAY, expires_in=2 * DAY)
    _row(store, "p3", formation="explicit", status="pending", pending_in=200 * DAY)  # beyond the horizon
    _row(store, "s1", formation="explicit", status="active", expires_in=5 * DAY, key="notes.this_week")
    _row(store, "q1", formation="explicit", status="quarantined", expires_in=20 * DAY, key="notes.held")
    _row(store, "i1", expires_in=10 * DAY)

    overview = read_overview(store, clock())

    first, third = overview.expiries[0], overview.expiries[2]
    assert (first.inferred, first.pending, first.saved) == (0, 2, 1)  # p1 by pending_until, p2 by expires_at
    assert (third.inferred, third.pending, third.saved) == (0, 0, 1)
    assert overview.expiries[1].inferred == 1
    assert overview.expiring().words() == "1 inference, 2 unconfirmed requests, 2 saved for a limited time"


def test_the_expiry_sentence_counts_inferences_expiring_in_the_next_14_days(store, clock):
    for number in range(12):
        _row(store, f"soon{number}", expires_in=(number + 1) * DAY)
    _row(store, "later", expires_in=15 * DAY)
    _row(store, "saved", formation="explicit", expires_in=2 * DAY, key="notes.today")

    every, soon = read_overview(store, clock()).expiry_sentences()

    assert soon == "12 inferences expire in the next 14 days."
    assert every == (
        "In the next 90 days 14 expire: 13 inferences, 0 unconfirmed requests, 1 saved for a limited time."
    )


def test_with_nothing_expiring_the_sentences_say_so(store, clock):
    saved(store, "profile.name", "Sam")

    every, soon = read_overview(store, clock()).expiry_sentences()

    assert every == "Nothing expires in the next 90 days."
    assert soon == "0 inferences expire in the next 14 days."


def test_each_consumer_is_counted_the_distinct_memories_it_was_given_by_formation(store, clock):
    saved(store, "contact.preferred_channel", "email")
    saved(store, "profile.name", "Sam")
    inferred(store, "style.answer_length", "brief")
    store.set_learning(True, actor="test")
    context_for(store, consumer="assistant", purpose="style")
    context_for(store, consumer="assistant", purpose="style")  # the same rows again: not new memories
    context_for(store, consumer="billing", purpose="privileged")

    given = {use.consumer: use for use in read_overview(store, clock()).given}

    assert (given["assistant"].saved, given["assistant"].inferred) == (2, 1)
    assert (given["billing"].saved, given["billing"].inferred) == (2, 0)
    assert given["billing"].given_words() == "was given 2 memories saved by you and 0 guesses"
    assert [use.consumer for use in read_overview(store, clock()).given] == ["assistant", "billing"]


def test_only_the_last_30_days_of_influence_count_and_a_memory_given_again_counts_again(store, clock):
    _influence(store, "research", "m1", "explicit", days_ago=31)
    _influence(store, "research", "m2", "implicit", days_ago=31)
    _influence(store, "research", "m2", "implicit", days_ago=29)  # given again inside the window
    _influence(store, "travel", "m3", "explicit", days_ago=45)

    given = read_overview(store, clock()).given

    assert [(use.consumer, use.saved, use.inferred) for use in given] == [("research", 0, 1)]
    clock.advance(days=30)
    assert read_overview(store, clock()).given == ()


def test_the_consumer_is_the_events_detail_when_it_is_text_else_its_actor(store, clock):
    _influence(store, "[bold]billing[/]", "m1", "explicit")
    _influence(store, "ignored", "m2", "explicit", actor="agent:calendar", detail={"consumer": 42})
    _influence(store, "ignored", "m3", "implicit", actor="agent:calendar", detail={})

    given = {use.consumer: (use.saved, use.inferred) for use in read_overview(store, clock()).given}

    assert given == {"[bold]billing[/]": (1, 0), "agent:calendar": (1, 1)}


def test_the_review_is_due_90_days_after_the_stores_creation_until_a_first_review(store, clock):
    created = int(store.db.meta("created_at"))

    review = read_overview(store, clock()).review

    assert review.last is None
    assert to_epoch(review.due) == created + 90 * DAY
    assert review.last_words(clock()) == "Last review: none yet."


def test_the_review_counts_from_the_last_review_and_the_set_interval_and_says_when_it_is_due(store, clock):
    store.set_setting(LAST_REVIEW_SETTING, str(to_epoch(clock()) - 40 * DAY))
    store.set_setting(REVIEW_INTERVAL_SETTING, "30")

    review = read_overview(store, clock()).review

    assert review.interval_days == 30
    assert review.sentence(clock()) == "Last review: 21 Jan 2026 (40 days ago). Next review: due now (every 30 days)."
    store.set_setting(REVIEW_INTERVAL_SETTING, "not a number")  # the default, as the nudge reads it
    assert read_overview(store, clock()).review.due_words(clock()) == (
        "Next review: 21 Apr 2026, in 50 days (every 90 days)."
    )


def _varied_store(store, clock) -> None:
    """Memories of every kind with expiries across the 90 days, influence in and out of the
    window, hostile consumer names, and review settings."""
    saved(store, "profile.name", "Sam")
    saved(store, "contact.email_note", "keep this confidential: sam@example.org")
    pending_from_chat(store, "contact.preferred_channel", "email")
    inferred(store, "style.answer_length", "brief")
    for number in range(40):
        _row(store, f"x{number}", expires_in=(number * 53 + 7) * 3 * 3600)
        _row(
            store, f"p{number}", formation="explicit", status="pending", pending_in=number * DAY, key=f"notes.p{number}"
        )
    for number, consumer in enumerate(["assistant", "billing", "a|b [red]x[/red]", "a|b [red]x[/red]", "\x1b[31mred"]):
        for days_ago in (0.5, 12, 29.9, 30.1, 60):
            _influence(store, consumer, f"x{number}", "explicit" if number % 2 else "implicit", days_ago=days_ago)
            _influence(store, consumer, f"x{number + 7}", "explicit", days_ago=days_ago + number)
    _influence(store, "ignored", "x3", "implicit", actor="agent:calendar", detail={"consumer": ["not", "text"]})
    store.set_setting(LAST_REVIEW_SETTING, str(to_epoch(clock()) - 12 * DAY))


def test_the_report_path_computes_the_same_figures_as_the_store_on_the_same_store(store, clock):
    _varied_store(store, clock)

    from_store = read_overview(store, clock())
    from_export = overview_from_export(build_export(store, app_version="test"))

    assert from_export == from_store
    assert from_store.given and sum(from_store.weekly_totals()) > 40  # the comparison saw real figures


def test_a_restored_store_shows_the_same_overview_as_the_one_it_was_exported_from(store, clock, tmp_path):
    from memtrust.store.opening import create_throwaway_store

    _varied_store(store, clock)
    data = build_export(store, app_version="test")
    second = create_throwaway_store(tmp_path / "second", clock=clock).store
    try:
        restore(second, json.loads(json.dumps(data)), actor="test")
        restored, original = read_overview(second, clock()), read_overview(store, clock())
        assert restored.given == original.given  # the trigger rebuilt who was given what
        assert restored.held == original.held and restored.expiries == original.expiries
    finally:
        second.close()


def test_the_migration_fills_who_was_given_what_from_the_audit_already_there(tmp_path):
    conn = sqlcipher3.connect(str(tmp_path / "v4.db"), isolation_level=None)
    for version, (_name, step) in enumerate(MIGRATIONS[:4], start=1):
        step(conn)
        conn.execute(f"PRAGMA user_version = {version}")
    conn.executemany(
        "INSERT INTO audit (at, event, actor, memory_id, formation, detail) VALUES (?, 'influence', ?, ?, ?, ?)",
        [
            (100, "cli", "m1", "explicit", json.dumps({"consumer": "billing"})),
            (250, "cli", "m1", "explicit", json.dumps({"consumer": "billing"})),
            (200, "agent:travel", "m2", "implicit", None),
            (300, "cli", None, "explicit", json.dumps({"consumer": "billing"})),  # no memory: not counted
        ],
    )

    assert migrate(conn)[0] == "overview"  # then any later migrations

    rows = conn.execute("SELECT consumer, formation, memory_id, last_at FROM influence_given ORDER BY 1").fetchall()
    assert rows == [("agent:travel", "implicit", "m2", 200), ("billing", "explicit", "m1", 250)]
    conn.close()


def test_the_report_opens_with_the_overviews_figures_as_a_table_with_names_escaped(store, clock):
    _varied_store(store, clock)
    data = build_export(store, app_version="test")
    overview = overview_from_export(data)

    text = render_markdown(data)

    glance = text.split("## At a glance")[1].split("\n## ")[0]
    assert text.index("## At a glance") < text.index("## Saved by you")
    rows = dict(re.findall(r"^\| (.+?) \| (.+?) \|$", glance, re.MULTILINE))
    assert rows["Saved by you"] == str(overview.held.saved)
    assert rows["Pending"] == "41" and rows["Quarantined"] == "1"
    assert rows["Expire in the next 90 days"] == f"{overview.expiring().total}: {overview.expiring().words()}"
    assert rows["Expiring per week, from 2 Mar 2026 12:00 UTC"] == ", ".join(map(str, overview.weekly_totals()))
    assert rows["Last review"] == "18 Feb 2026 (12 days ago)"
    assert "Given to a\\|b \\[red\\]x\\[/red\\] in the last 30 days" in rows
    assert "Given to \\u001b\\[31mred in the last 30 days" in rows  # the escape shown, never sent
    assert "\x1b" not in text
    billing = rows["Given to billing in the last 30 days"]
    assert billing == next(use for use in overview.given if use.consumer == "billing").counts_words()
