"""The help screen: every key of the screen underneath, with what it does (DESIGN.md §8)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from memtrust.screens import ASSETS

#: Keys that are not bindings of a screen but that every screen understands.
GENERAL_KEYS = (
    ("up / down", "Move the highlight (page up / page down, home / end)"),
    ("ctrl+p", "Command palette: every action by name"),
)


def help_text(bindings: Iterable[tuple[str, Binding]], key_display: Callable[[Binding], str] | None = None) -> Content:
    """Two lines per memtrust binding (those with an ``id``): key and description, then the
    tooltip and the id (what the settings file remaps); then the general keys.
    ``key_display`` formats a key (the app's ``get_key_display``)."""
    lines: list[Content] = []
    seen: set[str] = set()
    for key, binding in bindings:
        if not binding.id or not binding.description or binding.id in seen:
            continue
        seen.add(binding.id)
        shown = key_display(binding) if key_display else (binding.key_display or key)
        lines.append(
            Content.assemble((f"{shown:<16}", "bold"), binding.description, (f"  {binding.id}", "$text-muted italic"))
        )
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
                yield Static(help_text(self.bindings, self.app.get_key_display), id="help-text")
            yield Static(Content("Press Escape to close."), id="fine-print")

    def action_close(self) -> None:
        self.dismiss(None)
