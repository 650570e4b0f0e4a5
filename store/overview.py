"""The store at a glance (DESIGN.md §4, §7, §8, §9): what is held, what expires, who was told.

:func:`read_overview` reads the figures from the store in two statements (one over the
memories, one over the influence audit) and returns a plain :class:`Overview`; the Overview
screen shows it, and the DSAR report puts the same figures at its top, computed by
:func:`overview_from_export` from the export the report is made of (a test holds the two to
the same answer on the same store).

The figures, all at one instant ``now`` (aware UTC):

- **held**: memories saved by you (explicit, active, confirmed by the user), not yet by you
  (explicit and active on an MCP client's yes alone, §10), inferred (implicit; always
  active), pending (waiting for the user's yes, §3.6) and quarantined (held back, §3.5).
  The parts add up to every row.
- **expiries** (§4), week by week for :data:`EXPIRY_WEEKS` weeks from ``now``: week ``i``
  holds the rows whose expiry falls in ``(now + 7·i days, now + 7·(i+1) days]``, cut at
  :data:`EXPIRY_HORIZON_DAYS` (the last week is six days long). A row's expiry is its
  ``expires_at``, or for a pending row the sooner of that and ``pending_until`` — exactly
  what the launch prune deletes (store/retention.py). Split into inferred, pending, and the
  rest of the explicit rows (saved by you, or quarantined).
- **given** (§7): per consumer, how many distinct memories saved by you and inferred were
  given to it (``influence`` events) in the :data:`INFLUENCE_DAYS` days before ``now``. The
  consumer is the event's ``detail.consumer`` when that is text, else its actor; an event
  with no formation or no memory id is not counted. The store keeps the last time each
  memory was given to each consumer (table ``influence_given``, kept by a trigger on the
  audit), so this reads one entry per memory given, not every event.
- **review** (§8): when the last review finished (or that none has), the interval, and when
  the next one is due (store/review.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from memtrust.store.memories import MemoryStore
from memtrust.store.model import from_epoch, to_epoch
from memtrust.store.review import LAST_REVIEW_SETTING, REVIEW_INTERVAL_SETTING, epoch_setting, interval_days

#: How far ahead expiries are counted, in days, and in how many weekly buckets.
EXPIRY_HORIZON_DAYS = 90
WEEK_SECONDS = 7 * 86400
EXPIRY_WEEKS = -(-EXPIRY_HORIZON_DAYS * 86400 // WEEK_SECONDS)  # 13: the last week is cut at 90 days
#: How far back the influence audit is read, in days.
INFLUENCE_DAYS = 30
#: The near horizon of the expiry sentence ("12 inferences expire in the next 14 days"); whole weeks.
SOON_DAYS = 14

#: A pending row's expiry as the prune sees it (retention.py): the sooner of ``expires_at``
#: and ``pending_until``; every other row expires at its ``expires_at``.
_PENDING_DUE_SQL = (
    "CASE WHEN pending_until IS NOT NULL AND (expires_at IS NULL OR pending_until < expires_at)"
    " THEN pending_until ELSE expires_at END"
)


def _week_sql(week: int) -> str:
    """The rows other than pending ones that expire in ``week`` (0-based): ``(week, inferred,
    all)``, counted along the covering ``memories_expiry`` index. One range per week rather
    than a GROUP BY: grouping 30,000 expiring rows through a temporary B-tree costs 16 ms
    at 100,000 memories, the thirteen ranges 5."""
    start, end = f":now + {week * WEEK_SECONDS}", f"min(:now + {(week + 1) * WEEK_SECONDS}, :end)"
    return (
        f"SELECT 'expiry', {week}, sum(formation = 'implicit'), count(*) FROM memories"
        f" WHERE expires_at > {start} AND expires_at <= {end} AND status != 'pending'"
    )


#: Statement 1: held counts, the expiries of each week (pending rows apart: they are few and
#: all expire within 30 days), and the review settings, as tagged rows (tag, a, b, n).
_MEMORIES_SQL = "\nUNION ALL\n".join(
    [
        "SELECT 'held', formation, status, count(*) FROM memories GROUP BY formation, status",
        # Of the active explicit rows, those only a client said yes to (§10): the partial index.
        "SELECT 'client', NULL, NULL, count(*) FROM memories INDEXED BY memories_confirmed_in"
        " WHERE confirmed_in IS NOT NULL",
        *(_week_sql(week) for week in range(EXPIRY_WEEKS)),
        f"SELECT 'pending', (due - :now - 1) / {WEEK_SECONDS}, NULL, count(*) FROM"
        f" (SELECT {_PENDING_DUE_SQL} AS due FROM memories WHERE formation = 'explicit' AND status = 'pending')"
        " WHERE due > :now AND due <= :end GROUP BY 2",
        f"SELECT 'setting', name, value, NULL FROM settings"
        f" WHERE name IN ('{LAST_REVIEW_SETTING}', '{REVIEW_INTERVAL_SETTING}')",
        "SELECT 'meta', name, value, NULL FROM meta WHERE name = 'created_at'",
    ]
)

#: Statement 2: per consumer and formation, the distinct memories given since ``:since``.
_INFLUENCE_SQL = """
SELECT consumer, formation, count(*) FROM influence_given WHERE last_at > :since GROUP BY consumer, formation
"""


def _plural(count: int, one: str, many: str) -> str:
    return f"{count:,} {one if count == 1 else many}"


def _day(moment: datetime) -> str:
    """``2 Mar 2026`` (UTC)."""
    moment = moment.astimezone(UTC)
    return f"{moment.day} {moment:%b %Y}"


@dataclass(frozen=True)
class Held:
    """How many memories are held, by what they are (§2, §3): the parts add up to ``total``.
    ``client``: active on an MCP client's yes alone (§10), never counted as ``saved``."""

    saved: int
    inferred: int
    pending: int
    quarantined: int
    client: int = 0

    @property
    def total(self) -> int:
        """Every memory held."""
        return self.saved + self.client + self.inferred + self.pending + self.quarantined

    def parts(self) -> tuple[tuple[str, int], ...]:
        """``(label, count)`` in the order the screen and the report show them; "not yet by
        you" (the badge's words, §8) only when a client's yes holds any."""
        client = (("not yet by you", self.client),) if self.client else ()
        return (
            ("saved by you", self.saved),
            *client,
            ("inferred", self.inferred),
            ("pending", self.pending),
            ("quarantined", self.quarantined),
        )

    def sentence(self) -> str:
        """``memtrust holds 14 memories: 8 saved by you, 4 inferred, 1 pending, 1 quarantined.``"""
        parts = ", ".join(f"{count:,} {label}" for label, count in self.parts())
        return f"memtrust holds {_plural(self.total, 'memory', 'memories')}: {parts}."


@dataclass(frozen=True)
class ExpiryWeek:
    """The memories that expire in one week (§4): ``starts`` (aware UTC, exclusive) to
    ``ends`` (inclusive), by kind."""

    starts: datetime
    ends: datetime
    inferred: int = 0
    pending: int = 0
    saved: int = 0

    @property
    def total(self) -> int:
        """Every memory expiring this week."""
        return self.inferred + self.pending + self.saved

    def words(self) -> str:
        """``4 inferences, 2 unconfirmed requests, 1 saved for a limited time``."""
        return (
            f"{_plural(self.inferred, 'inference', 'inferences')}, "
            f"{_plural(self.pending, 'unconfirmed request', 'unconfirmed requests')}, "
            f"{self.saved:,} saved for a limited time"
        )


@dataclass(frozen=True)
class ConsumerUse:
    """What one consumer (§7) was given in the influence window: how many distinct memories
    saved by you (``saved``) and inferred (``inferred``). ``consumer`` is an agent's own name:
    show it literally."""

    consumer: str
    saved: int
    inferred: int

    def counts_words(self) -> str:
        """``3 memories saved by you and 0 guesses``."""
        return (
            f"{_plural(self.saved, 'memory', 'memories')} saved by you and {_plural(self.inferred, 'guess', 'guesses')}"
        )

    def given_words(self) -> str:
        """The sentence after the consumer's name: ``was given 3 memories saved by you and 0 guesses``."""
        return f"was given {self.counts_words()}"


@dataclass(frozen=True)
class ReviewState:
    """The review cadence (§8): ``last`` review (aware UTC; ``None`` if there was none yet),
    ``interval_days``, and ``due``, when the next one is offered (counted from the store's
    creation before the first review)."""

    last: datetime | None
    interval_days: int
    due: datetime

    def last_text(self, now: datetime) -> str:
        """``2 Dec 2025 (90 days ago)``, ``2 Mar 2026 (today)`` or ``none yet``."""
        if self.last is None:
            return "none yet"
        days = max(0, (now - self.last).days)
        return f"{_day(self.last)} ({'today' if days == 0 else _plural(days, 'day', 'days') + ' ago'})"

    def due_text(self, now: datetime) -> str:
        """``due now (every 90 days)`` or ``28 Feb 2027, in 88 days (every 90 days)``."""
        if self.due <= now:
            return f"due now (every {self.interval_days} days)"
        days = -(-int((self.due - now).total_seconds()) // 86400)
        return f"{_day(self.due)}, in {_plural(days, 'day', 'days')} (every {self.interval_days} days)"

    def last_words(self, now: datetime) -> str:
        """``Last review: 2 Dec 2025 (90 days ago).`` or ``Last review: none yet.``"""
        return f"Last review: {self.last_text(now)}."

    def due_words(self, now: datetime) -> str:
        """``Next review: due now (every 90 days).`` or ``Next review: 28 Feb 2027, in 88 days (every 90 days).``"""
        return f"Next review: {self.due_text(now)}."

    def sentence(self, now: datetime) -> str:
        """:meth:`last_words` and :meth:`due_words` together (no key names: the screen and the
        report each say how to start a review)."""
        return f"{self.last_words(now)} {self.due_words(now)}"


@dataclass(frozen=True)
class Overview:
    """The figures of the Overview screen and the top of the DSAR report, at ``now`` (aware UTC).

    ``expiries`` has :data:`EXPIRY_WEEKS` weeks, the first starting at ``now``; ``given`` is
    sorted by memories given (most first), then consumer name.
    """

    now: datetime
    held: Held
    expiries: tuple[ExpiryWeek, ...]
    given: tuple[ConsumerUse, ...]
    review: ReviewState

    def expiring(self, days: int = EXPIRY_HORIZON_DAYS) -> ExpiryWeek:
        """The expiries of the whole weeks within ``days`` (a multiple of 7, or the horizon)
        added up, as one :class:`ExpiryWeek` from ``now``."""
        weeks = self.expiries[: -(-days // 7)]
        return ExpiryWeek(
            self.now,
            min(self.now + timedelta(days=days), self.now + timedelta(days=EXPIRY_HORIZON_DAYS)),
            sum(week.inferred for week in weeks),
            sum(week.pending for week in weeks),
            sum(week.saved for week in weeks),
        )

    def weekly_totals(self) -> list[int]:
        """Memories expiring per week, all kinds together (what the chart draws)."""
        return [week.total for week in self.expiries]

    def expiry_sentences(self) -> tuple[str, str]:
        """Two sentences: what expires within the horizon, by kind, and how many inferences
        expire within :data:`SOON_DAYS` days (``12 inferences expire in the next 14 days.``)."""
        every = self.expiring()
        soon = self.expiring(SOON_DAYS)
        if every.total == 0:
            first = f"Nothing expires in the next {EXPIRY_HORIZON_DAYS} days."
        else:
            first = f"In the next {EXPIRY_HORIZON_DAYS} days {every.total:,} expire: {every.words()}."
        second = f"{_plural(soon.inferred, 'inference expires', 'inferences expire')} in the next {SOON_DAYS} days."
        return first, second


def _build(
    now: datetime,
    *,
    held_rows: Iterable[tuple[str, str, int]],
    client: int,
    expiry_rows: Iterable[tuple[str, int, int]],
    given_rows: Iterable[tuple[str, str, int]],
    last_review: int | None,
    interval: int,
    created: int | None,
) -> Overview:
    """Assemble an :class:`Overview` from grouped rows (both readers end here, so they
    cannot word or sort anything differently)."""
    held = {"saved": 0, "inferred": 0, "pending": 0, "quarantined": 0, "client": 0}
    for formation, status, count in held_rows:
        if formation == "implicit":
            held["inferred"] += count
        elif status in ("pending", "quarantined"):
            held[status] += count
        else:
            held["saved"] += count
    held["saved"] -= client  # a client's yes is not the user's (§10)
    held["client"] = client
    weeks: list[dict[str, int]] = [{} for _ in range(EXPIRY_WEEKS)]
    for kind, week, count in expiry_rows:
        weeks[week][kind] = weeks[week].get(kind, 0) + count
    horizon = now + timedelta(days=EXPIRY_HORIZON_DAYS)
    expiries = tuple(
        ExpiryWeek(
            now + timedelta(seconds=index * WEEK_SECONDS),
            min(now + timedelta(seconds=(index + 1) * WEEK_SECONDS), horizon),
            **counts,
        )
        for index, counts in enumerate(weeks)
    )
    per_consumer: dict[str, dict[str, int]] = {}
    for consumer, formation, memories in given_rows:
        tally = per_consumer.setdefault(consumer, {"saved": 0, "inferred": 0})
        tally["saved" if formation == "explicit" else "inferred"] += memories
    given = tuple(
        sorted(
            (ConsumerUse(consumer, **tally) for consumer, tally in per_consumer.items()),
            key=lambda use: (-(use.saved + use.inferred), use.consumer),
        )
    )
    base = last_review if last_review is not None else created if created is not None else int(now.timestamp())
    review = ReviewState(from_epoch(last_review), interval, datetime.fromtimestamp(base + interval * 86400, UTC))
    return Overview(now, Held(**held), expiries, given, review)


def read_overview(store: MemoryStore, now: datetime) -> Overview:
    """The figures at ``now`` (aware UTC), read in one read transaction of two statements.

    Cost (migration ``overview``): a count over the small ``memories_formation_status``
    index, the entries of the covering ``memories_expiry`` index in the next 90 days (and
    the few pending rows), and one ``influence_given`` entry per memory given in the last 30
    days; ``bench/tui_bench.py`` measures it at 100,000 memories. Raises only the store's
    typed errors.
    """
    now_epoch = to_epoch(now)
    assert now_epoch is not None
    params = {"now": now_epoch, "end": now_epoch + EXPIRY_HORIZON_DAYS * 86400}
    with store.db.read() as conn:
        conn.execute("BEGIN")
        try:
            tagged = conn.execute(_MEMORIES_SQL, params).fetchall()
            given = conn.execute(_INFLUENCE_SQL, {"since": now_epoch - INFLUENCE_DAYS * 86400}).fetchall()
        finally:
            conn.execute("COMMIT")
    held_rows: list[tuple[str, str, int]] = []
    expiry_rows: list[tuple[str, int, int]] = []
    settings: dict[str, str] = {}
    client = 0
    for tag, a, b, count in tagged:
        if tag == "held":
            held_rows.append((a, b, count))
        elif tag == "client":
            client = count
        elif tag == "expiry":  # a: the week; b: how many of its rows are inferred (None: no rows)
            expiry_rows += [("inferred", a, b or 0), ("saved", a, count - (b or 0))]
        elif tag == "pending":
            expiry_rows.append(("pending", int(a), count))
        else:
            settings[a] = b
    return _build(
        now,
        held_rows=held_rows,
        client=client,
        expiry_rows=expiry_rows,
        given_rows=given,
        last_review=epoch_setting(settings.get(LAST_REVIEW_SETTING)),
        interval=interval_days(settings.get(REVIEW_INTERVAL_SETTING)),
        created=epoch_setting(settings.get("created_at")),
    )


def influence_consumer(event: dict[str, Any]) -> str:
    """The consumer an exported influence event names (§7): its ``detail.consumer`` when that
    is text, else its actor — the rule the store's trigger applies (migrations.py)."""
    detail = event.get("detail")
    named = detail.get("consumer") if isinstance(detail, dict) else None
    return named if isinstance(named, str) else str(event["actor"])


def _epoch_of(iso: str | None) -> int | None:
    """``2026-03-02T12:00:00Z`` (the export's time format) → epoch seconds; ``None`` stays."""
    if iso is None:
        return None
    return to_epoch(datetime.fromisoformat(iso.replace("Z", "+00:00")))


def overview_from_export(data: dict[str, Any]) -> Overview:
    """The same figures from a DSAR export dict (:func:`store.export.build_export`), at its
    ``meta.exported_at``: what the Markdown report shows at its top (§9). Same rules as
    :func:`read_overview`, row by row in Python."""
    now_epoch = _epoch_of(data["meta"]["exported_at"])
    assert now_epoch is not None
    end = now_epoch + EXPIRY_HORIZON_DAYS * 86400
    held: dict[tuple[str, str], int] = {}
    expiring: dict[tuple[str, int], int] = {}
    client = 0
    for record in data["memories"]:
        formation, status = record["formation"], record["status"]
        held[formation, status] = held.get((formation, status), 0) + 1
        client += record.get("confirmed_in") is not None
        expires, pending_until = _epoch_of(record["expires_at"]), _epoch_of(record.get("pending_until"))
        due = expires
        if status == "pending" and pending_until is not None and (expires is None or pending_until < expires):
            due = pending_until
        if due is not None and now_epoch < due <= end:
            kind = "inferred" if formation == "implicit" else "pending" if status == "pending" else "saved"
            week = (due - now_epoch - 1) // WEEK_SECONDS
            expiring[kind, week] = expiring.get((kind, week), 0) + 1
    since = now_epoch - INFLUENCE_DAYS * 86400
    given_once: set[tuple[str, str, str]] = set()
    for event in data["audit"]:
        if event["event"] != "influence" or event["formation"] not in ("explicit", "implicit"):
            continue
        at = _epoch_of(event["at"])
        if at is None or at <= since or event["memory_id"] is None:
            continue
        given_once.add((influence_consumer(event), event["formation"], event["memory_id"]))
    given: dict[tuple[str, str], int] = {}
    for consumer, formation, _memory in given_once:
        given[consumer, formation] = given.get((consumer, formation), 0) + 1
    settings = {setting["name"]: setting["value"] for setting in data["settings"]}
    created = data["meta"].get("store_created_at")
    return _build(
        datetime.fromtimestamp(now_epoch, UTC),
        held_rows=[(formation, status, count) for (formation, status), count in held.items()],
        client=client,
        expiry_rows=[(kind, week, count) for (kind, week), count in expiring.items()],
        given_rows=[(consumer, formation, count) for (consumer, formation), count in given.items()],
        last_review=epoch_setting(settings.get(LAST_REVIEW_SETTING)),
        interval=interval_days(settings.get(REVIEW_INTERVAL_SETTING)),
        created=_epoch_of(created) if created else None,
    )
