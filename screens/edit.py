"""Editing a memory's value (DESIGN.md §8): the new text replaces the old one for good."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Input, Static, TextArea

from memtrust.screens.add import admission_problem
from memtrust.screens.dialog import DialogScreen
from memtrust.screens.literal import literal
from memtrust.store.model import Memory


def is_multiline(value: str) -> bool:
    """Whether ``value`` has a line break, so it is edited in a TextArea, not a one-line Input."""
    return "\n" in value or "\r" in value


class EditMemoryScreen(DialogScreen[str | None]):
    """A one-field form holding ``memory``'s value; dismisses with the new value, or None.

    A value with a line break is edited in a multi-line TextArea (Enter inserts a line break;
    ctrl+s or Save saves); any other value in a one-line Input (Enter saves).

    The store judges the new value like any explicit write (secrets refused, confidential
    phrasing quarantined); an edited inference becomes saved by you.
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="edit.cancel", tooltip="Close without changing anything"),
        Binding("ctrl+s", "save", "Save", id="edit.save", tooltip="Save the new value"),
    ]

    def __init__(self, memory: Memory) -> None:
        super().__init__()
        self.memory = memory
        self.multiline = is_multiline(memory.value)
        # What the TextArea shows before any edit (it joins lines with one kind of line break);
        # saving that unchanged keeps the stored value exactly as it was.
        self._initial_text: str | None = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save":
            return self.multiline  # in an Input, Enter saves; the footer need not offer ctrl+s
        return True

    def compose_dialog(self) -> ComposeResult:
        memory = self.memory
        note = (
            " It was inferred; once you edit it, it is saved by you and no longer expires."
            if memory.formation == "implicit"
            else ""
        )
        yield Static(Content.assemble(("Edit ", "bold"), literal(memory.key, "bold")), id="title")
        yield Static(Content("The new value replaces the old one; the old one is not kept." + note), id="statement")
        if self.multiline:
            yield TextArea(memory.value, id="value", soft_wrap=True, show_line_numbers=False)
        else:
            yield Input(memory.value, id="value", select_on_focus=False)
        yield Static("", id="problem")
        with Horizontal(id="buttons"):
            yield Button("Save", variant="primary", id="save")
            yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        if self.multiline:
            area = self.query_one("#value", TextArea)
            self._initial_text = area.text
            area.focus()

    def _typed(self) -> str:
        """The value in the form; the stored value itself while a multi-line one is unedited."""
        if not self.multiline:
            return self.query_one("#value", Input).value
        text = self.query_one("#value", TextArea).text
        return self.memory.value if text == self._initial_text else text

    def _submit(self) -> None:
        value = self._typed()
        if not value.strip():
            self.show_problem("Give a value, or press d on the memory to delete it.")
            return
        problem = None if value == self.memory.value else admission_problem(self.memory.key, value, self.memory.scope)
        self.show_problem(problem)
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

    def action_save(self) -> None:
        self._submit()

    def action_cancel(self) -> None:
        self.dismiss(None)
