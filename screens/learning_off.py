"""Turning implicit learning off, with the offer to clear what was inferred (DESIGN.md §3.2)."""

from __future__ import annotations

from typing import Literal

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from memtrust.screens.dialog import DialogScreen

LearningOffChoice = Literal["off", "off-and-clear"]


class LearningOffScreen(DialogScreen[LearningOffChoice | None]):
    """Ask whether to turn learning off, and whether to clear the ``inferred`` rows too.

    Dismisses with ``"off"``, ``"off-and-clear"`` or None (cancel: nothing changes).
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="learning-off.cancel", tooltip="Leave implicit learning on"),
    ]

    def __init__(self, inferred: int) -> None:
        super().__init__()
        self.inferred = inferred

    def compose_dialog(self) -> ComposeResult:
        rows, stay, them = (
            ("1 inferred memory", "it stays", "it")
            if self.inferred == 1
            else (f"{self.inferred} inferred memories", "they stay", "them")
        )
        yield Static(Content.styled("Turn off implicit learning?", "bold"), id="title")
        yield Static(
            Content(
                "Nothing new will be inferred from now on. "
                f"You have {rows}; {stay} visible and deletable unless you clear {them} now."
            ),
            id="statement",
        )
        with Horizontal(id="buttons"):
            yield Button("Turn off", variant="primary", id="off")
            yield Button(
                "Turn off and clear inferred", variant="error", id="off-and-clear", disabled=self.inferred == 0
            )
            yield Button("Cancel", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        choices: dict[str | None, LearningOffChoice] = {"off": "off", "off-and-clear": "off-and-clear"}
        self.dismiss(choices.get(event.button.id))

    def action_cancel(self) -> None:
        self.dismiss(None)
