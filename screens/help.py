"""The help screen: every key of the screen underneath, with what it does (DESIGN.md §8)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from screens import ASSETS

#: Keys that are not bindings of a screen but that every screen understands.
GENERAL_KEYS = (
    ("tab / shift+tab", "Move between the panes"),
    ("up / down", "Move the highlight"),
    ("ctrl+p", "Command palette: every action by name"),
)


def help_text(bindings: Iterable[tuple[str, Binding]]) -> Content:
    """Two lines per memtrust binding (those with an ``id``): key and description, then the
    tooltip; then the general keys."""
    lines: list[Content] = []
    seen: set[str] = set()
    for key, binding in bindings:
        if not binding.id or not binding.description or binding.id in seen:
            continue
        seen.add(binding.id)
        shown = binding.key_display or key
        lines.append(Content.assemble((f"{shown:<16}", "bold"), binding.description))
        lines.append(Content.assemble(" " * 16, (binding.tooltip, "$text-muted")))
    lines.append(Content(""))
    for key, words in GENERAL_KEYS:
        lines.append(Content.assemble((f"{key:<16}", "bold"), words))
    return Content("\n").join(lines)


class HelpScreen(ModalScreen[None]):
    """Lists ``bindings`` (key, binding) pairs; any of escape, q or ? closes it."""

    CSS_PATH = ASSETS / "modals.tcss"
    BINDINGS = [
        Binding("escape,q,question_mark", "close", "Close", id="help.close", tooltip="Close help"),
    ]

    def __init__(self, bindings: Iterable[tuple[str, Binding]]) -> None:
        super().__init__()
        self.bindings = list(bindings)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Content.styled("memtrust — keys", "bold"), id="title")
            with VerticalScroll(id="help-body"):
                yield Static(help_text(self.bindings), id="help-text")
            yield Static(Content("Press Escape to close."), id="fine-print")

    def action_close(self) -> None:
        self.dismiss(None)
