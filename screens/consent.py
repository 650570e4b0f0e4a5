"""The consent screen for implicit learning (DESIGN.md §3.2).

Shows :data:`store.memories.CONSENT_STATEMENT` in plain words with Accept and Decline;
dismisses with True only on Accept. The caller records the consent event.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from memtrust.screens import TUI_ACTOR
from memtrust.screens.dialog import DialogScreen
from memtrust.store.memories import CONSENT_STATEMENT, MemoryStore


def record_learning_choice(store: MemoryStore, enabled: bool, *, clear: bool = False) -> str:
    """Record the user's consent choice (§3.2) and, when asked, clear every inferred row;
    return the sentence to show. Store I/O: call it from a thread worker."""
    store.set_learning(enabled, actor=TUI_ACTOR)
    notice = "Implicit learning is ON." if enabled else "Implicit learning is OFF; nothing new will be inferred."
    if clear:
        removed = store.clear_inferred(actor=TUI_ACTOR)
        notice += f" Cleared {removed} inferred {'memory' if removed == 1 else 'memories'}."
    return notice


class ConsentScreen(DialogScreen[bool]):
    """Ask the user to turn implicit learning on; True when they accept."""

    BINDINGS = [
        Binding("escape", "decline", "Decline", id="consent.decline", tooltip="Keep implicit learning off"),
    ]

    def compose_dialog(self) -> ComposeResult:
        yield Static(Content.styled("Turn on implicit learning?", "bold"), id="title")
        yield Static(Content(CONSENT_STATEMENT), id="statement")
        yield Static(
            Content(
                "You can turn it off at any time; inferred memories stay visible and "
                "you can delete them. Your choice is recorded with the time."
            ),
            id="fine-print",
        )
        with Horizontal(id="buttons"):
            yield Button("Accept", variant="primary", id="accept")
            yield Button("Decline", id="decline")

    def on_mount(self) -> None:
        self.query_one("#decline", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "accept")

    def action_decline(self) -> None:
        self.dismiss(False)
