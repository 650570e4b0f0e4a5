"""Exporting from the TUI: everything held about the user (DESIGN.md §9), or a block of what
they saved to paste into another assistant (:mod:`store.portable`, ``memtrust export --for``).

Asks what to export and where. Everything is written twice — JSON (complete, restorable with
``memtrust import``) and Markdown (to read) — next to each other; a block for ChatGPT,
Claude, Gemini or plain text is one text file, optionally with the inferences marked as
guesses. Each comes with the warning that the file is not encrypted.

The path is checked in a thread worker before the dialog closes (``export_request`` and
:func:`store.export.check_export_destination` for both files: never a folder, a memtrust
store's own file, or an existing file that is not text); what is wrong is one sentence in
the dialog, which stays open to correct it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from memtrust.screens.dialog import DialogScreen
from memtrust.store.errors import InvalidInput
from memtrust.store.export import UNENCRYPTED_WARNING, check_export_destination
from memtrust.store.portable import TARGETS

#: What the dialog offers: ``all`` (the DSAR export) or a target of :data:`store.portable.TARGETS`.
EXPORT_CHOICES: tuple[tuple[str, str], ...] = (
    ("Everything held about you (JSON and a report)", "all"),
    ("What you saved, for ChatGPT", "chatgpt"),
    ("What you saved, for Claude", "claude"),
    ("What you saved, for Gemini", "gemini"),
    ("What you saved, as plain text", "text"),
)


@dataclass(frozen=True)
class ExportRequest:
    """What to write and where. ``target`` ``None``: the DSAR export, ``json`` ending in
    ``.json`` with the Markdown report beside it (``.md``). Else a block for that target
    (:mod:`store.portable`) written to ``json`` (the one path; the name is historical),
    with the inferences marked as guesses when ``include_inferred``."""

    json: Path
    target: str | None = None
    include_inferred: bool = False

    @property
    def paths(self) -> tuple[Path, ...]:
        """The files written: the JSON and Markdown paths, or the block's one path."""
        if self.target is not None:
            return (self.json,)
        return self.json, self.json.with_suffix(".md")


def default_path(folder: Path, now: datetime, target: str | None) -> Path:
    """``memtrust-export-YYYY-MM-DD.json``, or ``memtrust-for-chatgpt-YYYY-MM-DD.txt`` for a
    block, in ``folder`` (UTC date)."""
    if target is None:
        return folder / f"memtrust-export-{now:%Y-%m-%d}.json"
    return folder / f"memtrust-for-{target}-{now:%Y-%m-%d}.txt"


def export_request(typed: str, target: str | None = None, *, include_inferred: bool = False) -> ExportRequest | str:
    """The request for a typed path (``~`` expanded; ``.json`` added to a DSAR export's name,
    ``.txt`` to a block's when it has no suffix), or a sentence saying what is wrong with it."""
    if not typed.strip():
        return "Give a file name for the export."
    path = Path(typed.strip()).expanduser()
    if path.is_dir():
        return f"{path} is a folder; give a file name for the export."
    if target is None and path.suffix.lower() != ".json":
        path = path.with_name(path.name + ".json")
    elif target is not None and not path.suffix:
        path = path.with_name(path.name + ".txt")
    if not path.parent.is_dir():
        return f"The folder {path.parent} does not exist."
    return ExportRequest(path, target, include_inferred and target is not None)


class ExportScreen(DialogScreen[ExportRequest | None]):
    """Ask what to export (:data:`EXPORT_CHOICES`) and where (default in the home folder);
    dismiss with the request or None."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="export.cancel", tooltip="Close without writing anything"),
    ]

    class Checked(Message):
        """The worker checked the typed path: ``request`` to write, or ``problem`` in words."""

        def __init__(self, request: ExportRequest | None, problem: str | None = None) -> None:
            super().__init__()
            self.request = request
            self.problem = problem

    def __init__(self, default: Path, now: datetime | None = None) -> None:
        super().__init__()
        self.default = default
        self.now = now

    def compose_dialog(self) -> ComposeResult:
        yield Static(Content.styled("Export", "bold"), id="title")
        yield Static(Content.styled(UNENCRYPTED_WARNING, "bold $text on $warning-muted"), id="warning")
        yield Select(EXPORT_CHOICES, value="all", allow_blank=False, id="what", compact=True)
        yield Checkbox("Add what memtrust inferred, each marked as a guess", id="inferred", disabled=True, compact=True)
        yield Label("JSON file (a Markdown report is written beside it, ending in .md)", id="path-label")
        yield Input(str(self.default), id="path", select_on_focus=False)
        yield Static("", id="problem")
        with Horizontal(id="buttons"):
            yield Button("Write export", variant="warning", id="write")
            yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()  # Enter writes at once; what to export is a shift+tab away

    @property
    def target(self) -> str | None:
        """The chosen block's target, or ``None`` for everything (the DSAR export)."""
        value = self.query_one("#what", Select).value
        return None if value in ("all", Select.BLANK) else str(value)

    @on(Select.Changed, "#what")
    def choose(self, event: Select.Changed) -> None:
        """A block takes one text file, and may add the inferences; the DSAR export holds them always."""
        target = self.target
        self.query_one("#inferred", Checkbox).disabled = target is None
        self.query_one("#path-label", Label).update(
            "JSON file (a Markdown report is written beside it, ending in .md)"
            if target is None
            else f"Text file, at most {TARGETS[target].limit:,} characters for {TARGETS[target].name}"
            if TARGETS[target].limit
            else "Text file (no length limit; memtrust ingest reads it back)"
        )
        path = self.query_one("#path", Input)
        folder = Path(path.value).expanduser().parent if path.value.strip() else self.default.parent
        if self.now is not None:
            path.value = str(default_path(folder, self.now, target))

    def _submit(self) -> None:
        self.check_destination(
            self.query_one("#path", Input).value, self.target, self.query_one("#inferred", Checkbox).value
        )

    @work(
        thread=True, exit_on_error=False, group="export-check", exclusive=True, description="Checking the export's path"
    )
    def check_destination(self, typed: str, target: str | None = None, include_inferred: bool = False) -> None:
        """Check the typed path and the files it names (thread worker: it reads the disk)."""
        request = export_request(typed, target, include_inferred=include_inferred)
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
