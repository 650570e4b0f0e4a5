"""Exporting everything held about the user (DESIGN.md §9) from the TUI.

Asks where to write; the export is written twice — JSON (complete, restorable with
``memtrust import``) and Markdown (to read) — next to each other, with the warning that
neither file is encrypted.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from screens import ASSETS
from store.export import UNENCRYPTED_WARNING


@dataclass(frozen=True)
class ExportRequest:
    """Where to write: ``json`` ends in ``.json``; the Markdown report goes beside it (``.md``)."""

    json: Path

    @property
    def paths(self) -> tuple[Path, Path]:
        """The JSON path and the Markdown path."""
        return self.json, self.json.with_suffix(".md")


def export_request(typed: str) -> ExportRequest | str:
    """The request for a typed path (``~`` expanded, ``.json`` added), or a sentence saying
    what is wrong with it."""
    if not typed.strip():
        return "Give a file name for the export."
    path = Path(typed.strip()).expanduser()
    if path.is_dir():
        return f"{path} is a folder; give a file name for the export."
    if path.suffix.lower() != ".json":
        path = path.with_name(path.name + ".json")
    if not path.parent.is_dir():
        return f"The folder {path.parent} does not exist."
    return ExportRequest(path)


class ExportScreen(ModalScreen[ExportRequest | None]):
    """Ask for the export's path (default in the home folder); dismiss with the request or None."""

    CSS_PATH = ASSETS / "modals.tcss"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="export.cancel", tooltip="Close without writing anything"),
    ]

    def __init__(self, default: Path) -> None:
        super().__init__()
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Content.styled("Export everything held about you", "bold"), id="title")
            yield Static(Content.styled(UNENCRYPTED_WARNING, "bold $warning"), id="warning")
            yield Label("JSON file (a Markdown report is written beside it, ending in .md)")
            yield Input(str(self.default), id="path", select_on_focus=False)
            with Horizontal(id="buttons"):
                yield Button("Write export", variant="warning", id="write")
                yield Button("Cancel", id="cancel")

    def _submit(self) -> None:
        request = export_request(self.query_one("#path", Input).value)
        if isinstance(request, str):
            self.notify(request, severity="warning", markup=False)
            return
        self.dismiss(request)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "write":
            self._submit()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
