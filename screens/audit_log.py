"""The audit log, read-only (DESIGN.md §7, §8): what was written, used and deleted, by whom.

Newest first, the :data:`AUDIT_ROWS` newest events (``memtrust export`` has them all). It
names keys and formations, never values. Text from agents (actor names, keys, reasons) is
shown literally: cells are :class:`rich.text.Text`, never markup.

Seven columns do not fit 80 columns, so the panel under the table shows the highlighted
event in full, wrapped (:func:`audit_detail`): the reason ("Why") is always readable without
scrolling sideways. Home and End move to the first and last event (DataTable's own Home and
End scroll sideways instead).
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import DataTable, Footer, Static

from memtrust.screens import ASSETS
from memtrust.screens.literal import displayable, fit, literal
from memtrust.screens.provenance import stamp
from memtrust.screens.store_screen import StoreScreen
from memtrust.store.audit import AuditEvent

#: How many of the newest events the screen reads.
AUDIT_ROWS = 1000

_COLUMNS = ("When (UTC)", "Event", "By", "Key", "Formation", "Outcome", "Why")

#: Widest a cell is drawn, in terminal cells; the reason gets more (wide terminals show it
#: whole), and the panel under the table shows every field in full.
_CELL_WIDTH = 60
_WHY_WIDTH = 160


def audit_cells(event: AuditEvent) -> list[Text]:
    """One row of the table: every cell literal text, long values cut with an ellipsis."""
    values = [
        stamp(event.at).removesuffix(" UTC"),
        event.event,
        event.actor,
        event.key or "—",
        event.formation or "—",
        event.outcome or "—",
    ]
    return [
        *(Text(fit(displayable(value), _CELL_WIDTH)) for value in values),
        Text(fit(displayable(event.reason or ""), _WHY_WIDTH)),
    ]


def audit_detail(event: AuditEvent | None) -> Content:
    """The panel under the table: ``event`` in full — when, event, by, key, formation,
    outcome and why — labels bold, every value literal (never markup), nothing cut."""
    if event is None:
        return Content("No events yet.")
    fields = [
        ("When", stamp(event.at)),
        ("Event", event.event),
        ("By", event.actor),
        ("Key", event.key or "—"),
        ("Formation", event.formation or "—"),
        ("Outcome", event.outcome or "—"),
    ]
    parts: list[Content | tuple[str, str] | str] = []
    for number, (label, value) in enumerate(fields):
        parts += ["   " if number % 3 else ("\n" if number else ""), (f"{label} ", "bold"), literal(value)]
    parts += ["\n", ("Why ", "bold"), literal(event.reason or "—")]
    return Content.assemble(*parts)


class AuditTable(DataTable):
    """The events table: Home and End move the cursor to the first and last event (not sideways)."""

    BINDINGS = [
        Binding(
            "home",
            "scroll_top",
            "First event",
            id="audit.first",
            show=False,
            tooltip="Highlight the newest event (the first row)",
        ),
        Binding(
            "end",
            "scroll_bottom",
            "Last event",
            id="audit.last",
            show=False,
            tooltip="Highlight the oldest event shown (the last row)",
        ),
    ]


class AuditScreen(StoreScreen):
    """The newest audit events in a table; nothing here changes the store."""

    CSS_PATH = ASSETS / "audit.tcss"
    BINDINGS = [
        Binding("escape,g", "back", "Back", id="audit.back", tooltip="Back to your memories"),
    ]

    class Loaded(Message):
        """A worker read the newest events."""

        def __init__(self, events: list[AuditEvent]) -> None:
            super().__init__()
            self.events = events

    def compose(self) -> ComposeResult:
        yield Static(
            Content.assemble(
                ("Audit log", "bold"),
                f" — the newest {AUDIT_ROWS:,} events, newest first. Read-only; values are never logged.",
            ),
            id="audit-title",
        )
        yield AuditTable(id="audit-table", cursor_type="row", zebra_stripes=True)
        detail = Static(audit_detail(None), id="audit-detail")
        detail.border_title = "Highlighted event · ↑↓ Home End move · ←→ scroll the table"
        yield detail
        yield Footer(compact=True, show_command_palette=False)

    def __init__(self) -> None:
        super().__init__()
        self.shown_events: list[AuditEvent] = []

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*_COLUMNS)
        table.focus()
        self.load_events()

    def reload(self) -> None:
        self.load_events()

    @work(thread=True, exit_on_error=False, group="store-read", exclusive=True, description="Reading the audit log")
    def load_events(self) -> None:
        """Read the newest events (thread worker)."""
        self.post_message(self.Loaded(self.memtrust.store.audit_events(AUDIT_ROWS)))

    def on_audit_screen_loaded(self, message: Loaded) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.shown_events = message.events
        table.add_rows(audit_cells(event) for event in message.events)
        self._show(table.cursor_row)

    def on_data_table_row_highlighted(self, message: DataTable.RowHighlighted) -> None:
        self._show(message.cursor_row)

    def _show(self, row: int) -> None:
        """Show the event of table row ``row`` (0 = newest) in full under the table."""
        event = self.shown_events[row] if 0 <= row < len(self.shown_events) else None
        self.query_one("#audit-detail", Static).update(audit_detail(event))

    def action_back(self) -> None:
        self.dismiss(None)
