"""The audit log, read-only (DESIGN.md §7, §8): what was written, used and deleted, by whom.

Newest first, the :data:`AUDIT_ROWS` newest events (``memtrust export`` has them all). It
names keys and formations, never values. Text from agents (actor names, keys) is shown
literally: cells are :class:`rich.text.Text`, never markup.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import DataTable, Footer, Static

from screens import ASSETS
from screens.literal import displayable, fit
from screens.provenance import stamp
from screens.store_screen import StoreScreen
from store.audit import AuditEvent

#: How many of the newest events the screen reads.
AUDIT_ROWS = 1000

_COLUMNS = ("When (UTC)", "Event", "By", "Key", "Formation", "Outcome", "Why")


def audit_cells(event: AuditEvent) -> list[Text]:
    """One row of the table: every cell literal text, long reasons cut with an ellipsis."""
    values = [stamp(event.at).removesuffix(" UTC"), event.event, event.actor, event.key or "—",
              event.formation or "—", event.outcome or "—", event.reason or ""]
    return [Text(fit(displayable(value), 60)) for value in values]


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
        yield Static(Content.assemble(("Audit log", "bold"), f" — the newest {AUDIT_ROWS:,} events, newest first. "
                                      "Read-only; values are never logged."), id="audit-title")
        yield DataTable(id="audit-table", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True, show_command_palette=False)

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
        table.add_rows(audit_cells(event) for event in message.events)

    def action_back(self) -> None:
        self.dismiss(None)
