"""Exporting everything held about the user (DESIGN.md §9) from the TUI.

Asks where to write; the export is written twice — JSON (complete, restorable with
``memtrust import``) and Markdown (to read) — next to each other, with the warning that
neither file is encrypted.

The path is checked in a thread worker before the dialog closes (``export_request`` and
:func:`store.export.check_export_destination` for both files: never a folder, a memtrust
store's own file, or an existing file that is not text); what is wrong is one sentence in
the dialog, which stays open to correct it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Input, Label, Static

from memtrust.screens.dialog import DialogScreen
from memtrust.store.errors import InvalidInput
from memtrust.store.export import UNENCRYPTED_WARNING, check_export_destination


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


class ExportScreen(DialogScreen[ExportRequest | None]):
    """Ask for the export's path (default in the home folder); dismiss with the request or None."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="export.cancel", tooltip="Close without writing anything"),
    ]

    class Checked(Message):
        """The worker checked the typed path: ``request`` to write, or ``problem`` in words."""

        def __init__(self, request: ExportRequest | None, problem: str | None = None) -> None:
            super().__init__()
            self.request = request
            self.problem = problem

    def __init__(self, default: Path) -> None:
        super().__init__()
        self.default = default

    def compose_dialog(self) -> ComposeResult:
        yield Static(Content.styled("Export everything held about you", "bold"), id="title")
        yield Static(Content.styled(UNENCRYPTED_WARNING, "bold $text on $warning-muted"), id="warning")
        yield Label("JSON file (a Markdown report is written beside it, ending in .md)")
        yield Input(str(self.default), id="path", select_on_focus=False)
        yield Static("", id="problem")
        with Horizontal(id="buttons"):
            yield Button("Write export", variant="warning", id="write")
            yield Button("Cancel", id="cancel")

    def _submit(self) -> None:
        self.check_destination(self.query_one("#path", Input).value)

    @work(
        thread=True, exit_on_error=False, group="export-check", exclusive=True, description="Checking the export's path"
    )
    def check_destination(self, typed: str) -> None:
        """Check the typed path and both files it names (thread worker: it reads the disk)."""
        request = export_request(typed)
        if isinstance(request, str):
            self.post_message(self.Checked(None, request))
            return
        try:
            for path in request.paths:
                check_export_destination(path)
        except InvalidInput as problem:
            self.post_message(self.Checked(None, str(problem)))
        except OSError as problem:
            self.post_message(self.Checked(None, f"Could not check {request.json}: {problem.strerror or problem}."))
        else:
            self.post_message(self.Checked(request))

    def on_export_screen_checked(self, message: Checked) -> None:
        if message.request is not None:
            self.dismiss(message.request)
            return
        self.show_problem(message.problem or "")  # the path is the user's: plain text

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
