"""Typing a new memory (DESIGN.md §8): key, value and scope, before the §3.6 confirmation."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Input, Label, Static

from memtrust.screens.dialog import DialogScreen
from memtrust.store.admission import secret_refusal, validate
from memtrust.store.model import DEFAULT_SCOPE, Proposal


def admission_problem(key: str, value: str, scope: str = DEFAULT_SCOPE) -> str | None:
    """Why the store would refuse an explicit memory the user typed (one sentence), or None:
    the §2 checks (:func:`store.admission.validate`) and the §3.5 secret screen, run in the
    form before the "Save?" question so a refusal keeps what was typed. Pure, no I/O."""
    return validate(Proposal(key, value, "explicit", "user", scope=scope, confirmed=True)) or secret_refusal(
        value, key=key
    )


@dataclass(frozen=True)
class NewMemory:
    """What the user typed; the store's admission policy (§3) judges it, not this form."""

    key: str
    value: str
    scope: str = DEFAULT_SCOPE


class AddMemoryScreen(DialogScreen[NewMemory | None]):
    """A form for one explicit memory; dismisses with :class:`NewMemory` or None (cancel)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="add.cancel", tooltip="Close without saving"),
    ]

    def compose_dialog(self) -> ComposeResult:
        yield Static(Content.styled("Add a memory (saved by you)", "bold"), id="title")
        yield Label("Key — a dotted path such as contact.preferred_channel")
        yield Input(placeholder="category.name", id="key")
        yield Label("Value — exactly what should be remembered")
        yield Input(placeholder="email", id="value")
        yield Label("Scope — shared, or one agent's role such as research")
        yield Input(DEFAULT_SCOPE, id="scope")
        yield Static("", id="problem")
        with Horizontal(id="buttons"):
            yield Button("Next: confirm", variant="primary", id="save")
            yield Button("Cancel", id="cancel")

    def _submit(self) -> None:
        key = self.query_one("#key", Input).value.strip()
        value = self.query_one("#value", Input).value
        scope = self.query_one("#scope", Input).value.strip() or DEFAULT_SCOPE
        if not key or not value.strip():
            self.show_problem("Give both a key and a value.")  # in the dialog: a toast would cover it
            self.query_one("#key" if not key else "#value", Input).focus()
            return
        problem = admission_problem(key, value, scope)
        self.show_problem(problem)
        if problem:
            return
        self.dismiss(NewMemory(key, value, scope))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "scope" or (event.input.id == "value" and self.query_one("#key", Input).value):
            self._submit()
        else:
            self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self._submit()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
