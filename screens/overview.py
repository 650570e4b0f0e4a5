"""The Overview (DESIGN.md §4, §7, §8): what memtrust holds, what expires, who was told.

Four sections, each a picture with its figures in words beside it:

- **What memtrust holds**: saved by you, inferred, pending and quarantined, as counts and as
  a bar each (Textual's ``ProgressBar``: its share of every memory held);
- **What expires in the next 90 days**: week by week (Textual's ``Sparkline``), with the
  weekly counts in numbers under it and the sentence "12 inferences expire in the next 14 days";
- **Given to assistants in the last 30 days**: per consumer, the distinct memories saved by
  you and guesses (inferred) it was given (a ``DataTable``), and the same in sentences —
  "billing was given 4 memories saved by you and 0 guesses";
- **Review**: when the last review was and when the next is due, with the key to start it.

The figures are read by :func:`store.overview.read_overview` in a thread worker; the screen
paints its frame at once and fills in when they arrive. Consumer names come from agents:
they are shown literally (never markup), control characters escaped, long names cut.
Read-only: nothing here changes the store (``v`` opens the review, which does).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import DataTable, Footer, Label, ProgressBar, Sparkline, Static
from textual.worker import get_current_worker

from memtrust.screens import ASSETS
from memtrust.screens.literal import displayable, fit, literal
from memtrust.screens.provenance import day, stamp
from memtrust.screens.review import ReviewScreen
from memtrust.screens.store_screen import StoreScreen
from memtrust.store.overview import EXPIRY_HORIZON_DAYS, INFLUENCE_DAYS, Overview, read_overview

#: The held kinds, in order: (id suffix, label). The labels are the badges' words (§8).
HELD_KINDS = (
    ("saved", "saved by you"),
    ("inferred", "inferred"),
    ("pending", "pending"),
    ("quarantined", "quarantined"),
)
#: Widest a consumer name is drawn in the table and the sentences, in terminal cells.
CONSUMER_WIDTH = 32
#: Consumers named in sentences under the table (the table lists every one).
SENTENCES_SHOWN = 3


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


def given_cells(overview: Overview) -> list[tuple[Text, Text, Text]]:
    """The table's rows: consumer (literal text, cut), memories saved by you, guesses."""
    return [
        (
            Text(fit(displayable(use.consumer), CONSUMER_WIDTH)),
            Text(f"{use.saved:,}", justify="right"),
            Text(f"{use.inferred:,}", justify="right"),
        )
        for use in overview.given
    ]


class OverviewScreen(StoreScreen):
    """The store at a glance; Escape goes back, v starts a review, r reads the figures again."""

    CSS_PATH = ASSETS / "overview.tcss"
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

    def __init__(self, overview: Overview | None = None) -> None:
        """``overview``: figures already read (:func:`open_overview`), shown in the first frame;
        without them the screen reads them itself and fills in when they arrive."""
        super().__init__()
        self.overview: Overview | None = None
        """The figures shown, or None until the first read arrives."""
        self.first_figures = overview
        self.resumed = False

    def compose(self) -> ComposeResult:
        yield Static(Content.assemble(("Overview", "bold"), " — reading your store…"), id="overview-title")
        with VerticalScroll(id="overview-body"):
            with Horizontal(id="overview-top"):
                with Vertical(id="held", classes="section") as held:
                    held.border_title = "What memtrust holds"
                    for kind, label in HELD_KINDS:
                        with Horizontal(classes="held-row -unread"):
                            yield Label(label, classes="held-label")
                            yield Label("", id=f"held-{kind}-count", classes="held-count")
                            yield ProgressBar(total=1, show_eta=False, id=f"held-{kind}", classes=f"held-bar -{kind}")
                with Vertical(id="review", classes="section") as review:
                    review.border_title = "Review"
                    yield Static("", id="review-sentence", classes="sentence")
            with Vertical(id="expiries", classes="section") as expiries:
                expiries.border_title = f"What expires in the next {EXPIRY_HORIZON_DAYS} days, week by week"
                yield Static("", id="expiry-sentence", classes="sentence")
                yield Sparkline([], id="expiry-chart", classes="-unread")
                with Horizontal(id="expiry-axis", classes="-unread"):
                    yield Label("", id="expiry-from")
                    yield Label("", id="expiry-to")
                yield Static("", id="expiry-weeks", classes="sentence")
            with Vertical(id="given", classes="section") as given:
                given.border_title = f"Given to assistants in the last {INFLUENCE_DAYS} days"
                yield DataTable(
                    id="given-table", classes="-unread", cursor_type="none", zebra_stripes=True, show_cursor=False
                )
                yield Static("", id="given-sentence", classes="sentence")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        table = self.query_one("#given-table", DataTable)
        table.add_column("Assistant", key="consumer")
        table.add_column(Text("Saved by you", justify="right"), key="saved")
        table.add_column(Text("Guesses (inferred)", justify="right"), key="inferred")
        if self.first_figures is not None:
            self.show(self.first_figures)
        else:
            self.load_overview()

    def reload(self) -> None:
        self.load_overview()

    def on_resize(self, event: events.Resize) -> None:
        """A taller chart on a tall terminal. Set on the one widget, not as a class of the
        screen: a screen class restyles every widget on it (a Textual breakpoint does that)."""
        tall = event.size.height >= self.TALL_SCREEN_HEIGHT
        self.query_one("#expiry-chart", Sparkline).set_class(tall, "-tall")

    def on_screen_resume(self) -> None:
        """Back from a review (or any screen above): its figures may have changed."""
        if self.resumed:
            self.load_overview()
        self.resumed = True

    @work(thread=True, exit_on_error=False, group="store-read", exclusive=True, description="Reading the overview")
    def load_overview(self) -> None:
        """Read the figures (thread worker; two statements, see :func:`read_overview`)."""
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
        for widget in self.query(".-unread"):
            widget.display = True  # inline, so no restyle of the screen (see overview.tcss)
        self.query_one("#overview-title", Static).update(
            Content.assemble(("Overview", "bold"), f" — memtrust at a glance, {stamp(overview.now)}")
        )
        held = overview.held
        self.query_one(
            "#held"
        ).border_title = f"What memtrust holds: {held.total:,} {'memory' if held.total == 1 else 'memories'}"
        for (kind, _label), (_, count) in zip(HELD_KINDS, held.parts(), strict=True):
            self.query_one(f"#held-{kind}-count", Label).update(f"{count:,}")
            self.query_one(f"#held-{kind}", ProgressBar).update(total=max(held.total, 1), progress=count)

        review = overview.review
        self.query_one("#review-sentence", Static).update(
            Content("\n").join(
                [
                    Content(review.last_words(overview.now)),
                    Content(review.due_words(overview.now)),
                    Content(f"Press {self.key_for('review')} to start one now."),
                ]
            )
        )

        every, soon = overview.expiry_sentences()
        weeks = overview.expiries
        self.query_one("#expiry-sentence", Static).update(Content(f"{every} {soon}"))
        self.query_one("#expiry-chart", Sparkline).data = overview.weekly_totals()
        self.query_one("#expiry-from", Label).update(f"▏this week (from {day(weeks[0].starts)})")
        self.query_one("#expiry-to", Label).update(f"week {len(weeks)} (to {day(weeks[-1].ends)})▕")
        self.query_one("#expiry-weeks", Static).update(
            Content(f"Week by week: {', '.join(f'{count:,}' for count in overview.weekly_totals())}.")
        )

        table = self.query_one("#given-table", DataTable)
        table.clear()
        table.add_rows(given_cells(overview))
        table.display = bool(overview.given)
        self.query_one("#given-sentence", Static).update(given_sentences(overview))

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
