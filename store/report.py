"""The DSAR report for a person (DESIGN.md §9): the export rendered as Markdown.

:func:`render_markdown` takes the dict of :func:`store.export.build_export` — so the report
says exactly what the JSON says — and writes, after a small "At a glance" table of the
Overview screen's figures (store/overview.py), the sections of §9: "Saved by you",
"Inferred about you" (confidence, evidence, expiry), "Pending", "Requests to forget" (§6:
what you asked to have deleted, waiting for your yes or no), "Quarantined", "What was used
and when", then consent and the full history of changes.

Stored text is shown literally and safely: Markdown and HTML punctuation is escaped, line
breaks and control characters appear as visible escapes (``\\n``, ``\\u0007``), and each
value is wrapped in Unicode isolates so right-to-left text cannot reorder the line around
it. The JSON export keeps the exact text; this is for reading only.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from memtrust.store.model import ASSISTANT_NAMES, confirmed_by_user, imported_from
from memtrust.store.overview import (
    EXPIRY_HORIZON_DAYS,
    INFLUENCE_DAYS,
    SOON_DAYS,
    influence_consumer,
    overview_from_export,
)
from memtrust.store.quoting import quoted_name

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_MARKDOWN = re.compile(r"([\\`*_\[\]<>|~&])")
_FSI, _PDI = "\u2068", "\u2069"
_RTL = frozenset({"R", "AL", "AN"})


def literal(text: str | None) -> str:
    """Stored text made safe for Markdown: punctuation escaped, controls and bidi
    overrides as visible ``\\uXXXX`` escapes (``\\n`` for a line break); text with
    right-to-left characters is wrapped in a first-strong isolate so it cannot reorder the line."""
    if text is None:
        return "—"
    text = _MARKDOWN.sub(r"\\\1", text)
    # One backslash: Markdown shows a backslash before a letter as it is, so the reader sees
    # ``\u202e`` (a doubled backslash would show in the file and in plain-text viewers).
    text = _CONTROL.sub(lambda m: "\\n" if m.group() == "\n" else f"\\u{ord(m.group()):04x}", text)
    if any(unicodedata.bidirectional(char) in _RTL for char in text):
        return f"{_FSI}{text}{_PDI}"
    return text


def _plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else many or one + 's'}"


def _code(key: str | None) -> str:
    """A key (``[a-z0-9_.]`` by §2, or a redacted one) as a code span; anything else literally."""
    if key is None:
        return "—"
    return f"`{key}`" if re.fullmatch(r"[a-z0-9_.()]+", key) else literal(key)


def _day(iso: str | None) -> str:
    """``2026-03-02T12:00:00Z`` → ``2 Mar 2026 12:00 UTC``."""
    if iso is None:
        return "—"
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return f"{int(iso[8:10])} {months[int(iso[5:7]) - 1]} {iso[:4]} {iso[11:16]} UTC"


def _epoch_day(seconds: float) -> str:
    """Epoch seconds (UTC) → ``2 Mar 2026 12:00 UTC``."""
    moment = datetime.fromtimestamp(seconds, UTC)
    return _day(moment.strftime("%Y-%m-%dT%H:%M:%SZ"))


def _is_time(name: str, value: Any) -> bool:
    """True for an evidence field holding a time (``said_at``, ``first_seen``…) as epoch seconds."""
    return (
        name.endswith(("_at", "_seen"))
        and isinstance(value, (int, float))
        and not isinstance(value, bool)
        and 0 <= value < 253_402_300_800
    )


#: Who asked for a pending memory, for "requested by … on DATE".
_REQUESTERS = {
    "user": "you, in memtrust",
    "chat": "you, in a conversation",
    "settings": "your custom instructions or settings",
    "sync": "an import",
    "agent": "an assistant",
}


def _requester(source: str) -> str:
    """Who asked for a pending or unconfirmed memory, in words (:data:`_REQUESTERS`)."""
    if (assistant := imported_from(source)) is not None:
        return f"{ASSISTANT_NAMES[assistant]}'s memory list, which you imported"
    return _REQUESTERS.get(source, literal(source))


_SOURCES = {
    "user": "you typed it in memtrust",
    "chat": "you asked for it in a conversation",
    "settings": "your custom instructions or settings",
    "sync": "a verified import",
    "agent": "an assistant, after you confirmed",
}


def _source(record: dict[str, Any]) -> str:
    source = record["source"]
    if source.startswith("inference:"):
        return f"inferred by the {literal(source.split(':', 1)[1])} detector"
    if (assistant := imported_from(source)) is not None:
        return f"from {ASSISTANT_NAMES[assistant]}'s memory list, which you imported"
    return _SOURCES.get(source, literal(source))


def _evidence(evidence: dict[str, Any] | None) -> str:
    if not evidence:
        return "—"
    parts = []
    for name, value in evidence.items():
        if value is None:
            parts.append(f"{literal(name)}: unknown")
        elif _is_time(name, value):
            parts.append(f"{literal(name.replace('_', ' '))} {_epoch_day(value)}")
        elif isinstance(value, dict):
            inner = ", ".join(f"{literal(str(k))} {literal(str(v))}" for k, v in value.items())
            parts.append(f"{literal(name)}: {inner}")
        elif isinstance(value, list):
            shown = ", ".join(literal(str(v)) for v in value[:5])
            more = f" and {len(value) - 5} more" if len(value) > 5 else ""
            parts.append(f"{literal(name)}: {shown}{more}")
        else:
            parts.append(f"{literal(name)}: {literal(str(value))}")
    return "; ".join(parts)


def _context(evidence: dict[str, Any]) -> str:
    """Where an explicit memory was said, in words: "in conversation *Intro*, said on 1 Jan
    2026 00:00 UTC"; fields that are ``None`` are left out, unknown fields follow as words."""
    rest = dict(evidence)
    title = rest.pop("conversation_title", None) or rest.pop("conversation", None)
    said_at = rest.pop("said_at", None)
    parts = []
    if title is not None:
        parts.append(f"in conversation *{literal(str(title))}*")
    if _is_time("said_at", said_at):
        parts.append(f"said on {_epoch_day(said_at)}")
    rest = {name: value for name, value in rest.items() if value is not None}
    if rest:
        parts.append(_evidence(rest))
    return ", ".join(parts)


def _memory_block(record: dict[str, Any], *, inferred: bool = False) -> list[str]:
    scope = "" if record["scope"] == "shared" else f" (for {literal(record['scope'])} only)"
    lines = [f"- **`{record['key']}`**{scope}: {literal(record['value'])}"]
    if inferred:
        lines.append(f"  - confidence {round(record['confidence'] * 100)}%; {_source(record)}")
        lines.append(f"  - evidence: {_evidence(record['evidence'])}")
        lines.append(
            f"  - first inferred {_day(record['created_at'])}; last signal {_day(record['last_signal_at'])}; "
            f"expires {_day(record['expires_at'])}"
        )
    elif record["status"] == "pending":
        requester = _requester(record["source"])
        said_at = (record.get("evidence") or {}).get("said_at")
        if record["source"] == "chat" and not _is_time("said_at", said_at):
            # The export had no time for the message: say when it was found, not when it was said.
            when = f"found when it was imported on {_day(record['created_at'])}"
        else:
            when = f"on {_day(record['created_at'])}"
        lines.append(f"  - requested by {requester} {when}; awaiting your confirmation")
    elif record.get("confirmed_in") is not None:
        lines.append(
            f"  - source: {_source(record)}; confirmed in {literal(quoted_name(record['confirmed_in'], 40))} on "
            f"{_day(record['confirmed_at'] or record['created_at'])}, not yet by you"
        )
    elif record["status"] == "quarantined" and not confirmed_by_user(
        SimpleNamespace(**{"confirmed_in": None, **record})
    ):
        # A confidential request nobody confirmed: held back before it reached the Inbox (§3.5).
        requester = _requester(record["source"])
        lines.append(f"  - requested by {requester} on {_day(record['created_at'])}; not saved until you release it")
    else:
        when = f"saved {_day(record['confirmed_at'] or record['created_at'])}"
        lines.append(f"  - source: {_source(record)}; {when}")
    if not inferred:
        if record["source_ref"]:
            lines.append(f"  - where: {literal(record['source_ref'])}")
        context = _context(record["evidence"]) if record["evidence"] else ""
        if context:
            lines.append(f"  - context: {context}")
        if record["expires_at"]:
            lines.append(f"  - expires {_day(record['expires_at'])}")
        if record["pending_until"]:
            lines.append(f"  - deleted unless you confirm it by {_day(record['pending_until'])}")
    lines.append(f"  - id `{record['id']}`")
    return lines


def _section(title: str, intro: str, records: list[dict[str, Any]], *, inferred: bool = False) -> list[str]:
    lines = [f"## {title} ({len(records)})", "", intro, ""]
    if not records:
        lines += ["Nothing.", ""]
    for record in records:
        lines += _memory_block(record, inferred=inferred)
    if records:
        lines.append("")
    return lines


def _requests_section(requests: list[dict[str, Any]], memories: list[dict[str, Any]]) -> list[str]:
    """ "Requests to forget" (§6): each request, as said, and the memories a yes deletes."""
    by_id = {record["id"]: record for record in memories}
    lines = [
        f"## Requests to forget ({len(requests)})",
        "",
        "Things you asked, in a conversation, to have forgotten. Nothing is deleted until you confirm; "
        "a request you do not answer lapses and the memory stays.",
        "",
    ]
    if not requests:
        return [*lines, "Nothing.", ""]
    for request in requests:
        lines.append(f"- you asked to forget: “{literal(request['what'])}”")
        for memory_id in request["memory_ids"]:
            record = by_id.get(memory_id)
            if record is not None:
                lines.append(f"  - a yes deletes `{record['key']}`: {literal(record['value'])} (id `{memory_id}`)")
        said = f" on {_day(request['said_at'])}" if request["said_at"] else ""
        lines.append(f"  - said{said} in {literal(request['source_ref'])}: {literal(request['utterance'])}")
        if request["status"] == "confirmed":
            lines.append("  - you confirmed it; the deletion was interrupted and finishes when you confirm again")
        else:
            lines.append(
                f"  - found {_day(request['created_at'])}; lapses {_day(request['pending_until'])} unless you answer"
            )
        lines.append(f"  - id `{request['id']}`")
    return [*lines, ""]


def _glance_section(data: dict[str, Any]) -> list[str]:
    """ "At a glance": the Overview screen's figures (store/overview.py) as a small table —
    held, expiring, given to assistants, review — computed from the export itself."""
    overview = overview_from_export(data)
    now = overview.now
    every, soon = overview.expiring(), overview.expiring(SOON_DAYS)
    weekly = ", ".join(f"{count:,}" for count in overview.weekly_totals())
    rows = [(label.capitalize(), f"{count:,}") for label, count in overview.held.parts()]
    rows += [
        (f"Expire in the next {EXPIRY_HORIZON_DAYS} days", f"{every.total:,}: {every.words()}"),
        (f"Inferences that expire in the next {SOON_DAYS} days", f"{soon.inferred:,}"),
        (f"Expiring per week, from {_epoch_day(now.timestamp())}", weekly),
    ]
    rows += [
        (f"Given to {literal(use.consumer)} in the last {INFLUENCE_DAYS} days", use.counts_words())
        for use in overview.given
    ]
    if not overview.given:
        rows.append((f"Given to assistants in the last {INFLUENCE_DAYS} days", "nothing"))
    rows += [("Last review", overview.review.last_text(now)), ("Next review", overview.review.due_text(now))]
    return [
        "## At a glance",
        "",
        f"The figures of the app's Overview screen, as of this export ({_day(data['meta']['exported_at'])}).",
        "",
        "| figure | value |",
        "|---|---|",
        *(f"| {label} | {value} |" for label, value in rows),
        "",
    ]


def render_markdown(data: dict[str, Any]) -> str:
    """The export ``data`` as a Markdown report for the person it is about (§9)."""
    meta, consent, memories = data["meta"], data["consent"], data["memories"]
    explicit_active = [
        m
        for m in memories
        if m["formation"] == "explicit" and m["status"] == "active" and m.get("confirmed_in") is None
    ]
    # §10: a client's yes is not the user's: listed apart, never as "saved by you".
    client_only = [
        m
        for m in memories
        if m["formation"] == "explicit" and m["status"] == "active" and m.get("confirmed_in") is not None
    ]
    implicit = [m for m in memories if m["formation"] == "implicit"]
    pending = [m for m in memories if m["status"] == "pending"]
    quarantined = [m for m in memories if m["status"] == "quarantined"]
    counts = data["counts"]

    lines = [
        "# What memtrust holds about you",
        "",
        f"> **Warning:** {meta['warning']}",
        "",
        f"Exported {_day(meta['exported_at'])} by memtrust {literal(meta['app_version'])} from the store at "
        f"{literal(meta['store_path'])} ({literal(meta['key_mode'])} mode).",
        "",
        f"In total: **{_plural(counts['memories'], 'memory', 'memories')}** — {len(explicit_active)} saved by you, "
        + (f"{len(client_only)} confirmed only in an assistant's client, " if client_only else "")
        + f"{len(implicit)} inferred, {len(pending)} awaiting your confirmation, {len(quarantined)} quarantined; "
        f"{_plural(counts['audit'], 'event')} in the history.",
        f"Implicit learning is **{'ON' if consent['implicit_learning'] else 'OFF'}**.",
        "",
    ]
    lines += _glance_section(data)
    lines += _section("Saved by you", "Things you asked memtrust to remember, or confirmed.", explicit_active)
    if client_only:
        lines += _section(
            "Confirmed in an assistant's client, not yet by you",
            "An assistant's client said yes to saving these; memtrust cannot tell whether you or the client "
            "answered. They are given to assistants for style, labelled so, and never for privileged purposes "
            "until you confirm them in memtrust.",
            client_only,
        )
    lines += _section(
        "Inferred about you",
        "Guesses memtrust made from how you write; none was asked for. Each expires unless seen again.",
        implicit,
        inferred=True,
    )
    lines += _section(
        "Pending",
        "Requests found in your conversations or from assistants, waiting for your yes or no; "
        "never given to an assistant until you confirm.",
        pending,
    )
    lines += _requests_section(data.get("deletion_requests", []), memories)
    lines += _section(
        "Quarantined",
        "Things you marked as confidential: kept, never given to any assistant until you release them.",
        quarantined,
    )

    influence = [e for e in data["audit"] if e["event"] == "influence"]
    lines += [
        f"## What was used and when ({len(influence)})",
        "",
        "Each time memory was given to an assistant: which one, for what, and whether it was saved by you or inferred.",
        "",
    ]
    if not influence:
        lines += ["Nothing was ever given to an assistant.", ""]
    else:
        grouped: dict[tuple, list[dict]] = defaultdict(list)
        for event in influence:
            detail = event["detail"] if isinstance(event["detail"], dict) else {}
            purpose = detail.get("purpose")
            grouped[(event["at"], influence_consumer(event), purpose if isinstance(purpose, str) else "—")].append(
                event
            )
        lines += ["| when | given to | purpose | memories |", "|---|---|---|---|"]
        for (at, consumer, purpose), events in grouped.items():
            items = ", ".join(
                f"`{e['key']}` ({'saved by you' if e['formation'] == 'explicit' else 'inferred'})" for e in events
            )
            lines.append(f"| {_day(at)} | {literal(consumer)} | {literal(purpose)} | {items} |")
        lines.append("")

    lines += [f"## Consent to implicit learning ({len(consent['history'])})", ""]
    if not consent["history"]:
        lines += ["Never turned on.", ""]
    for event in consent["history"]:
        lines.append(
            f"- {_day(event['at'])}: turned **{'on' if event['learning'] else 'off'}** by {literal(event['actor'])}"
        )
        if event["statement"]:
            lines.append(f"  - you were told: {literal(event['statement'])}")
    lines.append("")

    others = [e for e in data["audit"] if e["event"] != "influence"]
    tally = Counter(e["event"] for e in others)
    lines += [
        f"## History of changes ({len(others)})",
        "",
        "Every decision, confirmation, deletion and export, oldest first. Deleted values are never kept here.",
        "",
    ]
    if tally:
        lines += [
            "In short: " + ", ".join(f"{count} {literal(event)}" for event, count in sorted(tally.items())) + ".",
            "",
        ]
        lines += ["| when | event | memory | kind | outcome | why |", "|---|---|---|---|---|---|"]
        for e in others:
            kind = {"explicit": "saved by you", "implicit": "inferred"}.get(e["formation"], "—")
            lines.append(
                f"| {_day(e['at'])} | {literal(e['event'])} | {_code(e['key'])} | {kind} | "
                f"{literal(e['outcome']) if e['outcome'] else '—'} | {literal(e['reason']) if e['reason'] else '—'} |"
            )
        lines.append("")

    if data["settings"]:
        lines += (
            ["## Settings", ""] + [f"- {literal(s['name'])}: {literal(s['value'])}" for s in data["settings"]] + [""]
        )
    lines += [
        "## Conversations read",
        "",
        f"memtrust has read {_plural(counts['ingested_messages'], 'message')} from your conversation exports (it keeps only their "
        "ids, to avoid proposing the same thing twice; the full list is in the JSON export).",
        "",
    ]
    return "\n".join(lines)
