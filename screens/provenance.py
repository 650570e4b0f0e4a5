"""Words for where a memory came from and how sure we are (DESIGN.md §2, §8).

Pure functions from a :class:`store.model.Memory` and the current time (aware UTC) to
:class:`textual.content.Content`: the worded badges of a row (``saved by you``,
``inferred 82%``, ``weak guess``, ``expires in 12d``, ``sensitive``, ``pending``, ``quarantined``) and the
provenance sentence of the detail panel. Dates are shown in UTC ("2 Mar 2026").
User-supplied parts (titles, agent names, evidence values) go in as plain text only.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from textual.content import Content

from memtrust.screens.literal import displayable, quoted_name_text, quoted_text
from memtrust.store.consumers import CLIENT_NAME_CELLS, INFERENCE_FLOOR, is_weak_guess
from memtrust.store.model import ASSISTANT_NAMES, CONFIRMED_BY_ELICITATION, Memory, confirmed_by_user, imported_from
from memtrust.store.quoting import quoted, quoted_name


def day(moment: datetime) -> str:
    """A date in words, UTC: ``2 Mar 2026``."""
    moment = moment.astimezone(UTC)
    return f"{moment.day} {moment:%b %Y}"


def stamp(moment: datetime | None) -> str:
    """A date and time, UTC: ``2 Mar 2026 12:00 UTC``; an em dash for ``None``."""
    if moment is None:
        return "—"
    moment = moment.astimezone(UTC)
    return f"{day(moment)} {moment:%H:%M} UTC"


def _epoch(value: Any) -> datetime | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            return datetime.fromtimestamp(value, UTC)
        except (OverflowError, OSError, ValueError):
            return None
    return None


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def ago(moment: datetime, now: datetime) -> str:
    """How long before ``now``: ``today``, ``1 day ago``, ``4 days ago``."""
    days = (now - moment).days
    if days <= 0:
        return "today"
    return f"{_plural(days, 'day')} ago"


def expiry(expires_at: datetime | None, now: datetime, *, short: bool = False) -> str | None:
    """``expires in 12 days`` (or ``expires in 12d`` when ``short``), ``expired``, or None."""
    if expires_at is None:
        return None
    seconds = (expires_at - now).total_seconds()
    if seconds <= 0:
        return "expired"
    days, hours = round(seconds / 86400), max(1, round(seconds / 3600))
    if days >= 1:
        return f"expires in {days}d" if short else f"expires in {_plural(days, 'day')}"
    return f"expires in {hours}h" if short else f"expires in {_plural(hours, 'hour')}"


#: The source of an implicit row reported by an agent over MCP (§10): ``inference:agent_NAME``.
AGENT_INFERENCE = "inference:agent_"

#: How each kind of badge looks. The words carry the meaning (§8: words, not colour alone);
#: the colour only helps the eye. Each badge brings its own background, a muted tint of its
#: colour, with the theme's contrast text (``$text``: black or white, whichever reads) on it,
#: so it stays readable in light and dark themes and on a highlighted row, whatever colour
#: the row's cursor is (tests/test_tui_themes.py checks 4.5:1 in textual-light and -dark).
BADGE_STYLES: dict[str, str] = {
    "saved": "bold $text on $success-muted",
    "inferred": "bold $text on $warning-muted",
    "pending": "bold $text on $primary-muted",
    "held": "bold $text on $error-muted",
    "expiry": "bold $text-muted on $panel",
}


def formation_label(memory: Memory) -> str:
    """``saved by you`` for explicit rows the user confirmed, ``listed by ChatGPT`` for an
    unconfirmed one from another assistant's memory list (it was not the user's request),
    ``requested`` for the other unconfirmed ones (pending, or a confidential request
    quarantined before anyone confirmed it: nothing is saved until the user says so),
    ``inferred 82%`` for implicit ones, and ``not yet by you: confirmed in “Claude Desktop”``
    for one whose only yes was an MCP client's (§10: the client's word, not the user's; the
    client's name quoted with its brackets escaped, store.quoting.quoted_name)."""
    if memory.formation == "explicit":
        if confirmed_by_user(memory):
            return "saved by you"
        if memory.confirmed_in is not None:
            # "not yet by you" first: a narrow pane cuts the badge's end, never those words.
            return f"not yet by you: confirmed in {quoted_name(memory.confirmed_in, CLIENT_NAME_CELLS)}"
        if (assistant := imported_from(memory.source)) is not None:
            return "from a memtrust export" if assistant == "memtrust" else f"listed by {ASSISTANT_NAMES[assistant]}"
        return "requested"
    return f"inferred {round(memory.confidence * 100)}%"


def badge(words: str, kind: str) -> Content:
    """One badge: ``[words]`` in the look of ``kind``, a key of :data:`BADGE_STYLES`."""
    return Content.styled(f"[{words}]", BADGE_STYLES[kind])


def badges(memory: Memory, now: datetime) -> Content:
    """The row's badges in words, each also styled: formation, weak guess (§3.8), status,
    sensitive, expiry."""
    if memory.formation == "implicit":
        kind = "inferred"
    else:  # a request nobody has confirmed looks like the other things still waiting
        kind = "saved" if confirmed_by_user(memory) else "pending"
    parts: list[Content] = [badge(formation_label(memory), kind)]
    if is_weak_guess(memory):
        parts.append(badge("weak guess", "inferred"))
    if memory.status == "pending":
        parts.append(badge("pending", "pending"))
    if memory.status == "quarantined":
        parts.append(badge("quarantined", "held"))
    if memory.sensitive:
        parts.append(badge("sensitive", "held"))
    if (words := expiry(memory.expires_at, now, short=True)) is not None:
        parts.append(badge(words, "expiry"))
    return Content(" ").join(parts)


def agent_name(memory: Memory) -> str:
    """The agent behind an agent-written row, for display: from the evidence's ``agent``, else
    from ``source_ref`` (``agent:NAME#call``)."""
    evidence = memory.evidence or {}
    name = evidence.get("agent")
    if not isinstance(name, str) or not name.strip():
        ref = memory.source_ref or ""
        name = ref.removeprefix("agent:").split("#", 1)[0].split(";", 1)[0].split("/", 1)[0]
    return displayable(name) if name.strip() else "an unnamed agent"


def source_words(memory: Memory) -> str:
    """The source field in words: ``agent: NAME`` for agent rows, else the stored source."""
    if memory.source == "agent":
        return f"agent: {agent_name(memory)}"
    if memory.source.startswith(AGENT_INFERENCE):
        return f"agent: {displayable(memory.source[len(AGENT_INFERENCE) :])} (reported signal)"
    return displayable(memory.source)


def detector_name(memory: Memory) -> str:
    """The detector behind an implicit row, in words: ``reply length``."""
    evidence = memory.evidence or {}
    name = evidence.get("detector")
    if not isinstance(name, str) or not name:
        name = memory.source.split(":", 1)[1] if ":" in memory.source else memory.source
    return displayable(name.replace("_", " "))


#: The most terminal cells of one piece of outside text (a conversation's title, a heading,
#: an agent's observation) quoted inside a provenance sentence, marks included.
EVIDENCE_CELLS = 80

#: Counts in evidence that read better as a phrase: ``{n}`` is the number.
_COUNT_PHRASES = {
    "conversations": "{n} separate conversations",
    "messages": "the hours of {n} messages",
    "user_turns": "{n} of your messages",
    "turns": "{n} of your messages",
}


def _signals(evidence: dict[str, Any]) -> list[str]:
    """The evidence's counts in words: ``7 of 9 replies were short``, ``5 conversations``."""
    words: list[str] = []
    used = {"detector", "first_seen", "last_seen", "summary", "deleted_at", "newer_messages"}
    short, replies = evidence.get("short_replies"), evidence.get("replies")
    if isinstance(short, int) and isinstance(replies, int):
        words.append(f"{short} of {replies} {'reply' if replies == 1 else 'replies'} being short")
        used |= {"short_replies", "replies"}
    for name, value in evidence.items():
        if name in used or isinstance(value, bool):
            continue
        if name == "counts" and isinstance(value, dict):
            words.extend(_signals({k: v for k, v in value.items() if not isinstance(v, dict)}))
            continue
        label = displayable(str(name).replace("_", " "))
        if isinstance(value, int) and name in _COUNT_PHRASES:
            words.append(_COUNT_PHRASES[name].format(n=value))
        elif isinstance(value, (int, float)):
            words.append(f"{label}: {value:g}")
        elif isinstance(value, str):
            words.append(f"{label}: {quoted(value, EVIDENCE_CELLS)}")
        elif isinstance(value, list):
            shown = [quoted(str(item), EVIDENCE_CELLS) for item in value[:5] if not isinstance(item, (dict, list))]
            if shown and name not in ("refs", "message_refs"):
                words.append(f"{label}: {', '.join(shown)}{' …' if len(value) > 5 else ''}")
            else:
                words.append(f"{label}: {len(value)}")
    return words


#: The export format at the head of a message's identity (``claude:<conversation>/<message>``), in words.
_PLATFORMS = {"chatgpt": "ChatGPT", "claude": "Claude.ai", "jsonl": "a JSON Lines export"}


def ref_origin(source_ref: str | None) -> str | None:
    """Where a message came from, for display, from its ``source_ref``: the export file of a
    ref read by an older memtrust (``<file>#<conversation>/<message>``), else the platform
    of a message identity (``claude:…`` → ``Claude.ai``); None when neither is known."""
    ref = source_ref or ""
    if "#" in ref:
        name = ref.split("#", 1)[0].strip()
        return displayable(name) if name else None
    return _PLATFORMS.get(ref.split(":", 1)[0]) if ":" in ref else None


def export_file_name(memory: Memory) -> str | None:
    """The export a chat request was found in, for display: the file name its evidence
    keeps (``file``), else what its ``source_ref`` tells (:func:`ref_origin`); None when
    there is none."""
    name = (memory.evidence or {}).get("file")
    if isinstance(name, str) and name.strip():
        return displayable(name.strip())
    return ref_origin(memory.source_ref)


def _chat_origin(memory: Memory) -> Content:
    """Where a request to remember came from. With ``said_at`` in the evidence: when it was
    said. Without (exports with no timestamps, such as OpenAssistant's), the date known is the
    import's, so the sentence says where it was found and when it was imported instead."""
    evidence = memory.evidence or {}
    title = evidence.get("conversation_title")
    chat = (
        Content.assemble("chat ", quoted_text(title, EVIDENCE_CELLS, "italic"))
        if isinstance(title, str) and title.strip()
        else None
    )
    said = _epoch(evidence.get("said_at"))
    if said is not None:
        where = Content.assemble(", in ", chat) if chat else Content(", in a chat")
        return Content.assemble(f"You asked to save this on {day(said)}", where, ".")
    where = Content.assemble("in ", chat) if chat else Content("in a conversation")
    if (file_name := export_file_name(memory)) is not None:
        where = Content.assemble(where, f" in {file_name}")
    return Content.assemble("You asked for this ", where, f" (found when it was imported on {day(memory.created_at)}).")


def _import_origin(memory: Memory, assistant: str) -> Content:
    """Where a memory from another assistant's list came from (§2 ``import:<assistant>``):
    whose list, its heading and date, when it was imported, and the user's yes if given."""
    evidence = memory.evidence or {}
    whose = "your memtrust export" if assistant == "memtrust" else f"{ASSISTANT_NAMES[assistant]}'s memory list"
    details = []
    heading = evidence.get("heading")
    if isinstance(heading, str) and heading.strip():
        details.append(f"under {quoted(heading, EVIDENCE_CELLS)}")
    listed = _epoch(evidence.get("listed_at"))
    if listed is not None:
        details.append(f"dated {day(listed)}")
    detail = f" ({', '.join(details)})" if details else ""
    sentence = f"From {whose}{detail}, imported on {day(memory.created_at)}"
    if memory.confirmed_at is not None:
        sentence += f"; you confirmed it as yours on {day(memory.confirmed_at)}"
    elif assistant != "memtrust":
        sentence += f"; {ASSISTANT_NAMES[assistant]} formed it and may have guessed it"
    return Content(sentence + ".")


def _explicit_origin(memory: Memory) -> Content:
    evidence = memory.evidence or {}
    if (assistant := imported_from(memory.source)) is not None:
        return _import_origin(memory, assistant)
    if memory.source == "chat":
        return _chat_origin(memory)
    if memory.source == "user" and evidence.get("promoted_from") == "implicit":
        return Content(f"Inferred earlier; you confirmed it as yours on {day(memory.created_at)}.")
    if memory.source == "user":
        return Content(f"You typed this in memtrust on {day(memory.created_at)}.")
    if memory.source == "settings":
        platform = evidence.get("platform")
        whose = f"{displayable(platform)} " if isinstance(platform, str) and platform.strip() else ""
        return Content(f"From your {whose}custom instructions, imported on {day(memory.created_at)}.")
    if memory.source == "agent":
        agent = Content.styled(agent_name(memory), "italic")
        if memory.status == "pending":
            return Content.assemble("An agent (", agent, f") asked to save this on {day(memory.created_at)}.")
        if memory.confirmed_in is not None:
            return Content.assemble(
                "An agent (",
                agent,
                ") wrote this after its client ",
                quoted_name_text(memory.confirmed_in, CLIENT_NAME_CELLS, "italic"),
                f" said yes, on {day(memory.confirmed_at or memory.created_at)}; "
                "you have not confirmed it in memtrust.",
            )
        if CONFIRMED_BY_ELICITATION in (memory.source_ref or ""):
            # Its client said yes, then the user confirmed it here too.
            confirmed = f"; you confirmed it here on {day(memory.confirmed_at)}" if memory.confirmed_at else ""
            return Content.assemble(
                "An agent (", agent, f") wrote this after its client said yes, on {day(memory.created_at)}{confirmed}."
            )
        confirmed = f"; you confirmed it on {day(memory.confirmed_at)}" if memory.confirmed_at else ""
        return Content.assemble("An agent (", agent, f") asked to save this on {day(memory.created_at)}{confirmed}.")
    if memory.source == "sync":
        return Content(f"From a verified sync on {day(memory.created_at)}.")
    return Content(f"Saved on {day(memory.created_at)} (source: {displayable(memory.source)}).")


def _implicit_origin(memory: Memory, now: datetime) -> Content:
    evidence = memory.evidence or {}
    if memory.source.startswith(AGENT_INFERENCE):
        agent = displayable(memory.source[len(AGENT_INFERENCE) :]) or "an unnamed agent"
        sentence = f"The agent {agent} reported it"
    else:
        sentence = f"Inferred by the {detector_name(memory)} detector"
    summary = evidence.get("summary")
    if isinstance(summary, str) and summary.strip():
        sentence += ": " + displayable(summary.strip()).rstrip(".")
    elif signals := _signals({k: v for k, v in evidence.items() if k != "agent"}):
        sentence += " from " + "; ".join(signals)
    sentence += "."
    deleted = _epoch(evidence.get("deleted_at"))
    if deleted is not None:  # §3.7: only evidence newer than the deletion was used
        newer = evidence.get("newer_messages")
        count = (
            f"{newer:,} newer {'message' if newer == 1 else 'messages'}" if isinstance(newer, int) else "newer messages"
        )
        sentence += f" You deleted this on {day(deleted)}; inferred again from {count}."
    first = _epoch(evidence.get("first_seen"))
    last = _epoch(evidence.get("last_seen")) or memory.last_signal_at
    timing = []
    if first is not None:
        timing.append(f"first seen {day(first)}")
    if last is not None:
        timing.append(f"last seen {ago(last, now)}")
    if (words := expiry(memory.expires_at, now)) is not None:
        timing.append(words)
    if timing:
        joined = "; ".join(timing)
        sentence += f" {joined[0].upper()}{joined[1:]}."
    return Content(sentence)


#: The most of the user's surrounding words one Inbox row shows (terminal cells).
EXCERPT_CELLS = 220


def said_around(memory: Memory) -> Content | None:
    """The user's own words around a request found in a conversation (§6), quoted and
    literal — what lets the person judge whether they asked for it — or ``None`` when the
    evidence keeps none (older imports, other sources)."""
    words = (memory.evidence or {}).get("excerpt")
    if memory.source != "chat" or not isinstance(words, str) or not words.strip():
        return None
    return Content.assemble("  ", quoted_text(words, EXCERPT_CELLS, "italic"))


def provenance(memory: Memory, now: datetime) -> Content:
    """Where the memory came from, in one or two sentences (§8), plus its state.

    Explicit: "You asked to save this on 2 Mar 2026, in chat *Trip planning*." and the like
    per source; implicit: "Inferred by the reply length detector from 7 of 9 replies being
    short. Last seen 4 days ago; expires in 56 days."
    """
    origin = _explicit_origin(memory) if memory.formation == "explicit" else _implicit_origin(memory, now)
    notes: list[str] = []
    if memory.status == "pending":
        until = f" (until {day(memory.pending_until)})" if memory.pending_until else ""
        notes.append(f"It waits in your Inbox for your confirmation{until}; nothing uses it yet.")
    elif memory.status == "quarantined" and confirmed_by_user(memory):
        notes.append(
            "You phrased it as confidential, so it is held in Quarantine: it is never given to an "
            "assistant until you release it with c."
        )
    elif memory.status == "quarantined":
        # Whose wording it was follows the source: an agent's user_words are the agent's claim.
        who = "The agent phrased its request" if memory.source == "agent" else "You phrased it"
        notes.append(
            f"{who} as confidential, so it went to Quarantine instead of your Inbox: it is not "
            "saved until you release it with c, and never given to an assistant before that."
        )
    if memory.formation == "explicit" and memory.confirmed_in is not None:
        notes.append(
            "memtrust cannot tell whether you or the client answered, so assistants are given it for style, "
            "labelled so, and never for privileged actions until you confirm it (c, or y in your Inbox)."
        )
    if is_weak_guess(memory):
        notes.append(
            f"It is a weak guess (under {INFERENCE_FLOOR:.0%}): only you see it; no assistant is ever given it."
        )
    if memory.formation == "explicit" and (words := expiry(memory.expires_at, now)) is not None:
        notes.append(f"It is temporary: {words}.")
    if memory.sensitive:
        notes.append("Its key is in a sensitive class, so it is never inferred, only saved by you.")
    return Content.assemble(origin, *(" " + note for note in notes))
