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


#: The width of the key column, in cells; descriptions wrap under their own column.
KEY_COLUMN = 16


def _column(words: Content, width: int | None) -> list[Content]:
    """``words`` as the lines of the description column: wrapped to ``width`` cells (the
    column's width; ``None`` or too narrow: one line), every line after the first indented to
    the column so it never runs back under the keys."""
    if width is None or width < 20:
        return [words]
    lines = words.wrap(width)
    return [lines[0], *(Content(" " * KEY_COLUMN) + line for line in lines[1:])]


def help_text(
    bindings: Iterable[tuple[str, Binding]],
    key_display: Callable[[Binding], str] | None = None,
    width: int | None = None,
) -> Content:
    """Two entries per memtrust binding (those with an ``id``): key and description, then the
    tooltip and the id (what the settings file remaps); then the general keys.
    ``key_display`` formats a key (the app's ``get_key_display``); ``width`` (cells) is the
    text's width, to which descriptions and tooltips wrap under their own column (at 80
    columns they once ran back under the keys); ``None``: no wrapping."""
    column = None if width is None else width - KEY_COLUMN
    lines: list[Content] = []
    seen: set[str] = set()
    for key, binding in bindings:
        if not binding.id or not binding.description or binding.id in seen:
            continue
        seen.add(binding.id)
        shown = key_display(binding) if key_display else (binding.key_display or key)
        described = Content.assemble(binding.description, (f"  {binding.id}", "$text-muted italic"))
        first, *rest = _column(described, column)
        lines.append(Content.assemble((f"{shown:<{KEY_COLUMN}}", "bold"), first))
        lines += rest
        first, *rest = _column(Content.styled(binding.tooltip or "", "$text-muted"), column)
        lines.append(Content(" " * KEY_COLUMN) + first)
        lines += rest
    lines.append(Content(""))
    for key, words in GENERAL_KEYS:
        first, *rest = _column(Content(words), column)
        lines.append(Content.assemble((f"{key:<{KEY_COLUMN}}", "bold"), first))
        lines += rest
    return Content("\n").join(lines)


class HelpText(Static):
    """:func:`help_text` drawn at the width it is given, so wrapped lines keep their column."""

    def __init__(
        self, bindings: list[tuple[str, Binding]], key_display: Callable[[Binding], str], *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._listed = bindings
        self._key_display = key_display

    def render(self) -> Content:
        return help_text(self._listed, self._key_display, self.size.width or None)


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
                yield HelpText(self.bindings, self.app.get_key_display, id="help-text")
            yield Static(Content("Press Escape to close."), id="fine-print")

    def action_close(self) -> None:
        self.dismiss(None)
