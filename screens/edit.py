"""Editing a memory's value (DESIGN.md §8): the new text replaces the old one for good."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

from screens import ASSETS
from screens.add import admission_problem
from screens.literal import literal
from store.model import Memory


class EditMemoryScreen(ModalScreen[str | None]):
    """A one-field form holding ``memory``'s value; dismisses with the new value, or None.

    The store judges the new value like any explicit write (secrets refused, confidential
    phrasing quarantined); an edited inference becomes saved by you.
    """

    CSS_PATH = ASSETS / "modals.tcss"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="edit.cancel", tooltip="Close without changing anything"),
    ]

    def __init__(self, memory: Memory) -> None:
        super().__init__()
        self.memory = memory

    def compose(self) -> ComposeResult:
        memory = self.memory
        note = (" It was inferred; once you edit it, it is saved by you and no longer expires."
                if memory.formation == "implicit" else "")
        # The dialog's own keys; without it the screen below shows its footer ("q Quit"),
        # whose keys do not work here.
        yield Footer(compact=True, show_command_palette=False)
        with Vertical(id="dialog"):
            yield Static(Content.assemble(("Edit ", "bold"), literal(memory.key, "bold")), id="title")
            yield Static(Content("The new value replaces the old one; the old one is not kept." + note),
                         id="statement")
            yield Input(memory.value, id="value", select_on_focus=False)
            yield Static("", id="problem")
            with Horizontal(id="buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")

    def _submit(self) -> None:
        value = self.query_one("#value", Input).value
        if not value.strip():
            self.notify("Give a value, or press d on the memory to delete it.", severity="warning")
            return
        problem = None if value == self.memory.value else admission_problem(self.memory.key, value, self.memory.scope)
        shown = self.query_one("#problem", Static)
        shown.update(Content(problem or ""))  # plain text
        shown.set_class(problem is not None, "-shown")
        if problem:
            return
        self.dismiss(None if value == self.memory.value else value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self._submit()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
