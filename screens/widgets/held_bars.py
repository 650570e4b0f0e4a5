"""What memtrust holds as words and bars, one line per kind (DESIGN.md §8 Overview).

``saved by you      6  46% ━━━━━━━━╸━━━━━━━━━`` — the label, the count and the share in words,
then the share as a bar. The bars are Rich's own ``ProgressBar`` renderable (the one Textual's
``ProgressBar`` widget draws with), four of them in one widget: four Textual ``ProgressBar``
widgets cost the Overview 19 ms of its first frame, this one 4 (measured with
bench/tui_bench.py's method). Their colours come from the component classes below, set in
assets/overview.tcss from theme variables, so they follow the light and dark themes as
Textual's own bar does; the words carry the meaning, the colour helps the eye.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.progress_bar import ProgressBar
from rich.table import Table
from rich.text import Text
from textual.reactive import Reactive, reactive
from textual.widget import Widget

from memtrust.store.overview import Held

#: Each kind: (the Held attribute, its words — the badges' words, §8).
KINDS = (("saved", "saved by you"), ("inferred", "inferred"), ("pending", "pending"), ("quarantined", "quarantined"))
#: A client's yes (§10), shown after "saved by you" when any memory holds one; drawn in the
#: pending colour: it too waits for the user's own yes.
CLIENT_KIND = ("client", "not yet by you")


def held_words(label: str, count: int, total: int, width: int = 13) -> str:
    """One kind in words, aligned for the column beside its bar: ``saved by you      6  46%``."""
    share = round(100 * count / total) if total else 0
    return f"{label:<{width}}{count:>7,} {share:>3}%"


class HeldBars(Widget):
    """One line per kind of memory held: its words, then its share of every memory as a bar."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "held-bars--saved",
        "held-bars--inferred",
        "held-bars--pending",
        "held-bars--quarantined",
        "held-bars--back",
    }
    """The bar of each kind (its colour), and the unfilled part of every bar."""

    held: Reactive[Held | None] = reactive(None, layout=True)
    """The counts shown; None draws nothing."""

    def render(self) -> RenderableType:
        held = self.held
        if held is None:
            return ""
        back = self.get_component_rich_style("held-bars--back")
        table = Table.grid(expand=True, padding=(0, 1, 0, 0))
        table.add_column(no_wrap=True)
        table.add_column(ratio=1)
        kinds = [KINDS[0], CLIENT_KIND, *KINDS[1:]] if held.client else list(KINDS)
        width = max(13, *(len(label) + 1 for _, label in kinds))
        for attribute, label in kinds:
            count = getattr(held, attribute)
            colour = self.get_component_rich_style(f"held-bars--{'pending' if attribute == 'client' else attribute}")
            bar = ProgressBar(
                total=max(held.total, 1), completed=count, style=back, complete_style=colour, finished_style=colour
            )
            table.add_row(Text(held_words(label, count, held.total, width)), bar)
        return table
