"""The Overview (DESIGN.md §4, §7, §8): what memtrust holds, what expires, who was told.

Four framed sections, each a picture with its figures in words beside it:

- **What memtrust holds**: saved by you, inferred, pending and quarantined, each as a count,
  a share and a bar (screens/widgets/held_bars.py);
- **Review**: when the last review was and when the next is due, with the key to start one;
- **What expires in the next 90 days**: week by week (Textual's ``Sparkline``), with the
  weekly counts in numbers under it and the sentence "12 inferences expire in the next 14 days";
- **Given to assistants in the last 30 days**: per consumer, the distinct memories saved by
  you and guesses (inferred) it was given, as a table and in sentences — "billing was given
  4 memories saved by you and 0 guesses".

The figures come from :func:`store.overview.read_overview`, read in a thread worker before the
screen is pushed (:func:`open_overview`), so its first frame shows them; ``r`` reads them again
and so does coming back from a review. Every widget here is styled and laid out on each open,
so the screen is built from few of them (the open is timed by bench/tui_bench.py). Consumer
names come from agents: they are shown literally (never markup), control characters escaped,
long names cut. Read-only: nothing here changes the store (``v`` opens the review, which does).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Footer, Sparkline, Static
from textual.worker import get_current_worker

from memtrust.screens import ASSETS
from memtrust.screens.literal import displayable, fit, literal
from memtrust.screens.provenance import day, stamp
from memtrust.screens.review import ReviewScreen
from memtrust.screens.store_screen import StoreScreen
from memtrust.screens.widgets.held_bars import HeldBars
from memtrust.store.overview import EXPIRY_HORIZON_DAYS, INFLUENCE_DAYS, Overview, read_overview

#: Widest a consumer name is drawn in the table and the sentences, in terminal cells.
CONSUMER_WIDTH = 32
#: Consumers named in sentences under the table (the table lists every one).
SENTENCES_SHOWN = 3


def expiry_axis(overview: Overview) -> Group:
    """Under the chart: where it starts and ends (left and right), then the weekly counts."""
    weeks = overview.expiries
    axis = Table.grid(expand=True)
    axis.add_column(no_wrap=True)
    axis.add_column(justify="right", no_wrap=True)
    axis.add_row(
        Text(f"▏this week (from {day(weeks[0].starts)})", style="dim"),
        Text(f"week {len(weeks)} (to {day(weeks[-1].ends)})▕", style="dim"),
    )
    return Group(axis, Text(f"Week by week: {', '.join(f'{count:,}' for count in overview.weekly_totals())}."))


def given_sentences(overview: Overview, shown: int = SENTENCES_SHOWN) -> Content:
    """What each consumer was given, in words, the first ``shown`` of them (most given
    first): ``billing was given 4 memories saved by you and 0 guesses.`` — the name literal."""
    if not overview.given:
        return Content(f"No assistant was given any memory in the last {INFLUENCE_DAYS} days.")
    lines = [
        Content.assemble(literal(fit(use.consumer, CONSUMER_WIDTH), "bold"), f" {use.given_words()}.")
        for use in overview.given[:shown]
    ]
    rest = len(overview.given) - shown
    if rest > 0:
        lines.append(Content(f"… and {rest:,} more {'assistant' if rest == 1 else 'assistants'} in the table."))
    return Content("\n").join(lines)


def given_table(overview: Overview) -> Table:
    """Per consumer: its name (literal text, cut), the memories saved by you and the guesses
    it was given — a Rich table, drawn inside the section's one widget."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("Assistant", no_wrap=True)
    table.add_column("Saved by you", justify="right")
    table.add_column("Guesses (inferred)", justify="right")
    for use in overview.given:
        table.add_row(Text(fit(displayable(use.consumer), CONSUMER_WIDTH)), f"{use.saved:,}", f"{use.inferred:,}")
    return table


def given_words(overview: Overview) -> RenderableType:
    """The given section: the table (when anything was given), then the sentences."""
    sentences = given_sentences(overview)
    return Group(given_table(overview), sentences) if overview.given else sentences


class OverviewScreen(StoreScreen):
    """The store at a glance; Escape goes back, v starts a review, r reads the figures again."""

    #: Also loaded by MemtrustApp at launch, so the first open does not restyle the app.
    CSS_PATH = ASSETS / "overview.tcss"
    #: Nothing focused on open: the screen's keys need no focus, and focusing the scroll area
    #: (Textual's default, the first focusable widget) restyles every widget inside it.
    #: Tab focuses the area, or the table, to scroll them with the arrow keys.
    AUTO_FOCUS = None
    #: A terminal this tall or taller gets the taller chart (``.-tall`` in overview.tcss).
    TALL_SCREEN_HEIGHT = 34
    BINDINGS = [
        Binding("escape,t", "back", "Back", id="overview.back", tooltip="Back to your memories"),
        Binding(
            "v",
            "review",
            "Review",
            id="overview.review",
            tooltip="Start a review: walk through your memories one by one (keep, edit, delete, promote)",
        ),
        Binding("r", "refresh", "Refresh", id="overview.refresh", tooltip="Read the figures again"),
    ]

    @dataclass
    class Loaded(Message):
        """A worker read the figures."""

        overview: Overview

    def __init__(self, overview: Overview) -> None:
        """``overview``: the figures to show, already read (:func:`open_overview`)."""
        super().__init__()
        self.overview = overview
        """The figures shown."""
        self.resumed = False

    def compose(self) -> ComposeResult:
        yield Static("", id="overview-title")
        with VerticalScroll(id="overview-body"):
            with Horizontal(id="overview-top"):
                held = HeldBars(id="held", classes="section")
                held.border_title = "What memtrust holds"
                yield held
                review = Static("", id="review", classes="section")
                review.border_title = "Review"
                yield review
            with Vertical(id="expiries", classes="section") as expiries:
                expiries.border_title = f"What expires in the next {EXPIRY_HORIZON_DAYS} days, week by week"
                yield Static("", id="expiry-sentence")
                yield Sparkline([], id="expiry-chart", classes="-tall" if self.is_tall(self.app.size.height) else "")
                yield Static("", id="expiry-axis")
            given = Static("", id="given", classes="section")
            given.border_title = f"Given to assistants in the last {INFLUENCE_DAYS} days"
            yield given
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show(self.overview)

    def reload(self) -> None:
        self.load_overview()

    def is_tall(self, height: int) -> bool:
        """Whether a terminal ``height`` rows tall gets the taller chart."""
        return height >= self.TALL_SCREEN_HEIGHT

    def on_resize(self, event: events.Resize) -> None:
        """A taller chart on a tall terminal (decided when composed, changed only on a resize).
        A class of the one widget, not of the screen: a screen class restyles every widget on
        it (a Textual breakpoint does that)."""
        self.query_one("#expiry-chart", Sparkline).set_class(self.is_tall(event.size.height), "-tall")

    def on_screen_resume(self) -> None:
        """Back from a review (or any screen above): its figures may have changed."""
        if self.resumed:
            self.load_overview()
        self.resumed = True

    @work(thread=True, exit_on_error=False, group="store-read", exclusive=True, description="Reading the overview")
    def load_overview(self) -> None:
        """Read the figures again (thread worker; two statements, see :func:`read_overview`)."""
        self.post_message(self.Loaded(read_overview(self.memtrust.store, self.memtrust.now())))

    def key_for(self, action: str) -> str:
        """How the key bound to ``action`` on this screen is shown (it may be remapped)."""
        for active in self.active_bindings.values():
            if active.binding.action == action:
                return self.app.get_key_display(active.binding)
        return action

    def on_overview_screen_loaded(self, message: Loaded) -> None:
        self.show(message.overview)

    def show(self, overview: Overview) -> None:
        """Show ``overview``'s figures: every picture, and its words beside it."""
        self.overview = overview
        self.query_one("#overview-title", Static).update(
            Content.assemble(("Overview", "bold"), f" — memtrust at a glance, {stamp(overview.now)}")
        )
        held = self.query_one(HeldBars)
        held.held = overview.held
        total = overview.held.total
        held.border_title = f"What memtrust holds: {total:,} {'memory' if total == 1 else 'memories'}"

        review = overview.review
        self.query_one("#review", Static).update(
            Content("\n").join(
                [
                    Content(review.last_words(overview.now)),
                    Content(review.due_words(overview.now)),
                    Content(f"Press {self.key_for('review')} to start one now."),
                ]
            )
        )

        every, soon = overview.expiry_sentences()
        self.query_one("#expiry-sentence", Static).update(Content(f"{every} {soon}"))
        self.query_one("#expiry-chart", Sparkline).data = overview.weekly_totals()
        self.query_one("#expiry-axis", Static).update(expiry_axis(overview))

        self.query_one("#given", Static).update(given_words(overview))

    def action_back(self) -> None:
        self.dismiss(None)

    def action_refresh(self) -> None:
        self.load_overview()

    def action_review(self) -> None:
        self.app.push_screen(ReviewScreen())


def open_overview(screen: StoreScreen) -> None:
    """Open the Overview from ``screen`` (the main screen's key): read the figures in a thread
    worker, then push the screen with them, so that its first frame already shows them
    rather than empty frames filled a moment later (a second layout of every widget). A read
    overtaken by another (the key pressed twice), or finishing after the user moved to
    another screen, opens nothing. A failed read is reported by ``screen``'s worker handler
    (StoreScreen)."""
    app, store, now = screen.app, screen.memtrust.store, screen.memtrust.now()

    def push(overview: Overview) -> None:
        if app.screen is screen:
            app.push_screen(OverviewScreen(overview))

    def read() -> None:
        overview = read_overview(store, now)
        if not get_current_worker().is_cancelled:
            app.call_from_thread(push, overview)

    screen.run_worker(
        read, thread=True, exit_on_error=False, group="overview", exclusive=True, description="Reading the overview"
    )
