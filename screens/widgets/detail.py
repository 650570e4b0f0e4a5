"""The detail panel: every field of the highlighted memory and its provenance (DESIGN.md §8)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from memtrust.screens.literal import literal
from memtrust.screens.provenance import expiry, formation_label, provenance, source_words, stamp
from memtrust.store.model import Memory

_STATUS_WORDS = {
    "active": "active (in use)",
    "pending": "pending (in your Inbox)",
    "quarantined": "quarantined (never shared)",
}


#: Width of the label column (terminal cells).
_LABEL_CELLS = 13


def _field(label: str, value: Content | str) -> Content:
    return Content.assemble((f"{label:<{_LABEL_CELLS}}", "$text-muted"), value)


#: Evidence fields holding epoch seconds (UTC), shown as dates.
_EVIDENCE_TIMES = ("said_at", "first_seen", "last_seen")


def evidence_text(evidence: dict[str, Any] | None) -> str:
    """The evidence dict as one line of ``name: value`` pairs; epoch-second times as dates."""
    if not evidence:
        return "—"
    parts = []
    for name in sorted(evidence):
        value = evidence[name]
        if name in _EVIDENCE_TIMES and isinstance(value, (int, float)) and not isinstance(value, bool):
            shown = stamp(datetime.fromtimestamp(value, UTC))
        elif isinstance(value, str):
            shown = value
        else:
            shown = json.dumps(value, ensure_ascii=False)
        parts.append(f"{name}: {shown}")
    return "; ".join(parts)


def describe(memory: Memory, now: datetime) -> Content:
    """The panel's text for ``memory``: provenance sentence first, then the §2 fields."""
    evidence = evidence_text(memory.evidence)
    lines = [
        provenance(memory, now),
        Content(""),
        _field("key", literal(memory.key, "bold")),
        # One row like every other field (§8): a line break is shown as \n, as the panes, the
        # Inbox and the dialogs show it, so a value can never draw a row of the panel's own.
        _field("value", literal(memory.value)),
        _field("formation", f"{memory.formation} — {formation_label(memory)}"),
        _field("status", _STATUS_WORDS.get(memory.status, memory.status)),
        _field("scope", literal(memory.scope)),
        _field("source", literal(source_words(memory))),
        _field("source ref", literal(memory.source_ref or "—")),
        _field("confidence", f"{memory.confidence:.0%}"),
        _field("evidence", literal(evidence)),
        _field("created", stamp(memory.created_at)),
        _field("updated", stamp(memory.updated_at)),
        _field("confirmed", stamp(memory.confirmed_at)),
        _field("last signal", stamp(memory.last_signal_at)),
        _field(
            "expires", stamp(memory.expires_at) + (f" ({words})" if (words := expiry(memory.expires_at, now)) else "")
        ),
        _field("id", literal(memory.id)),
    ]
    if memory.pending_until is not None:
        lines.insert(-1, _field("pending until", stamp(memory.pending_until)))
    return Content("\n").join(lines)


class DetailPanel(VerticalScroll, can_focus=False):
    """Shows one memory in full, or a hint when nothing is highlighted.

    Empty until the first :meth:`show`: its text widget (``#detail-text``) is mounted then,
    so the screen's first frame has one widget less to style and paint (issue 6)."""

    BORDER_TITLE = "Details"

    def compose(self) -> ComposeResult:
        return []

    def show(self, memory: Memory | None, now: datetime) -> None:
        """Show ``memory`` (or the hint for None) and scroll back to the top."""
        self.border_title = "Details" if memory is None else "Details — where this came from"
        text = Content("Highlight a memory to see where it came from.") if memory is None else describe(memory, now)
        shown = self.query("#detail-text")
        if shown:
            panel = shown.first(Static)
            if isinstance(panel.content, Content) and panel.content.plain == text.plain:
                return  # the same words (each pane's highlight reports it): nothing to lay out or paint
            panel.update(text)
        else:
            self.mount(Static(text, id="detail-text"))
        self.scroll_home(animate=False)
