"""The main screen (DESIGN.md §8): "Saved by you" beside "What we think we know".

Left pane: explicit memories that are active or quarantined (pending ones wait in the
Inbox). Quarantined rows stay in this pane, after the active ones, with a ``quarantined``
badge, so nothing the user saved is hidden. Right pane: every implicit memory. Below them,
the detail panel for the highlighted row of the focused pane; above them, search as you type.

Scale (issue 6): the panes hold a window of the store, read :data:`PAGE_ROWS` rows at a time
by keyset (``MemoryStore.page``): extended as the highlight nears its end, extended backwards
as it nears its start, and moved to the first or the last page by Home and End, so the last of
100,000 memories is one key away and no read walks the rows before it. Search runs on the
store's full-text index (``MemoryStore.search_page``: key, value, scope and source, any
length), a page of matches at a time, in the order they were written; the totals in the pane
titles are counted once typing pauses. Every store call runs in a thread worker that posts a
message back; a result for a stale generation (an older search) is discarded.

At launch the screen paints at once, then its first worker reads the first page of each pane
with the rows that have already expired left out, shows them, and only then runs the §4 prune
(one transaction, each deletion audited), so a store where thousands of rows expired shows its
data as fast as any other; when the prune removed anything the panes are read again and a
notice says what went.

Writes made outside the app while it is open (the CLI, an agent over MCP) appear on their own:
every :attr:`MainScreen.OUTSIDE_WRITES_POLL_SECONDS` a thread worker reads the store's
``PRAGMA data_version`` (it changes only when another connection commits); when it changed,
the screen reads the store again, and so does an Inbox or Quarantine shown above it.
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import ClassVar, TypeVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.timer import Timer
from textual.widgets import Footer, Input

from memtrust.screens import TUI_ACTOR
from memtrust.screens.add import AddMemoryScreen, NewMemory
from memtrust.screens.audit_log import AuditScreen
from memtrust.screens.confirm import QUESTION_VALUE_CELLS, ConfirmScreen, save_question
from memtrust.screens.consent import ConsentScreen, record_learning_choice
from memtrust.screens.dialog import if_yes, with_answer
from memtrust.screens.edit import EditMemoryScreen
from memtrust.screens.export import ExportRequest, ExportScreen
from memtrust.screens.inbox import InboxScreen
from memtrust.screens.ingest import IngestScreen
from memtrust.screens.learning_off import LearningOffChoice, LearningOffScreen
from memtrust.screens.literal import literal, quoted_name_text, quoted_text
from memtrust.screens.overview import open_overview
from memtrust.screens.quarantine import QuarantineScreen
from memtrust.screens.review import ReviewScreen, review_due
from memtrust.screens.settings import SettingsScreen
from memtrust.screens.store_screen import StoreScreen
from memtrust.screens.widgets.detail import DetailPanel
from memtrust.screens.widgets.memory_pane import MemoryPane
from memtrust.screens.widgets.status_line import StatusLine
from memtrust.store.consumers import CLIENT_NAME_CELLS
from memtrust.store.deletion_requests import inbox_count
from memtrust.store.errors import MemtrustError
from memtrust.store.model import Memory, Proposal, to_epoch
from memtrust.store.version import app_version

#: Seconds of no typing before the search's total matches are counted (the titles' "N of M").
COUNT_AFTER_TYPING_PAUSE = 0.3

#: Longest a typed letter waits for its search's rows before it is painted alone (seconds).
#: Textual paints at most once a frame (1/60 s): a letter painted on its own puts the rows
#: into the next frame, up to 17 ms later; held, both are painted at once when the rows come.
HOLD_LETTER_FOR_ROWS = 0.03

#: Rows read per page and per pane.
PAGE_ROWS = 15

#: Expired memories the launch prune deletes per write transaction. A keystroke's read waits
#: for the batch holding the store: about 2 ms a row at 100,000 memories (each row leaves the
#: full-text index by secure-delete), so 5 rows keep that wait near one frame.
LAUNCH_PRUNE_BATCH = 5

#: Seconds since the last letter typed in the search box before the launch prune goes on: it
#: waits between two batches while the user types, so the store is the keystrokes' alone.
PRUNE_AFTER_TYPING_PAUSE = 0.5

#: The demo (key mode ``memory``) fills the inferred pane while learning is on, then turns it
#: off: said once at start, and under the pane while learning stays off (a tester read the
#: rows beside "Implicit learning: OFF" as a contradiction).
DEMO_INFERRED_NOTICE = "Inferred examples, made while implicit learning was on. Learning is OFF now (l turns it on)."
#: Seconds the demo notice stays: at 80×24 it covers part of the detail panel (Escape closes it).
DEMO_NOTICE_SECONDS = 6
DEMO_INFERRED_SUBTITLE = "examples from when learning was on"

#: What each pane lists: formation and statuses, in pane order.
PANES: dict[str, tuple[str, tuple[str, ...]]] = {
    "saved": ("explicit", ("active", "quarantined")),
    "inferred": ("implicit", ("active",)),  # §2: implicit rows are always active
}

Row = TypeVar("Row")


def freeze_launch_heap() -> None:
    """Move every object alive now out of the garbage collector's reach (``gc.freeze``), once
    per process (nothing is frozen yet): called when the main screen first shows the store.
    What exists then — modules, the classifiers' vocabularies and stemmers, the widget tree,
    Textual's caches — lives as long as the app, and a full collection walked all of it
    (~110,000 objects at 100,000 memories: 40–60 ms of CPU on this project's loaded machine)
    in the middle of typing a search. Later collections walk only what was made since.
    Garbage alive at that moment is kept, once."""
    if gc.get_freeze_count() == 0:
        gc.freeze()


def _next_page(rows: Sequence[Row], *, backward: bool) -> list[Row]:
    """The :data:`PAGE_ROWS` of ``rows`` (read in pane order, one more than a page) next to
    the anchor they were read from: the last ones reading backward, else the first ones."""
    return list(rows[-PAGE_ROWS:] if backward else rows[:PAGE_ROWS])


def _unexpired(rows: list[Memory], expired_by: int | None) -> list[Memory]:
    """``rows`` without those expired by ``expired_by`` (epoch seconds, UTC; None: all of them)."""
    if expired_by is None:
        return rows
    return [m for m in rows if m.expires_at is None or to_epoch(m.expires_at) > expired_by]


@dataclass(frozen=True)
class PaneRows:
    """One page of a pane: rows, how many in all (-1: still being counted), whether pages
    exist after it (``more``) and before it (``earlier``), and how many of ``total`` are
    quarantined (``quarantined``)."""

    rows: list[Memory]
    total: int
    more: bool
    earlier: bool = False
    #: Of ``total``, the quarantined rows the saved pane lists beside what was saved (its title
    #: counts them apart, as the Overview and the DSAR report do); -1: not counted (a search).
    quarantined: int = -1
    #: Of ``total``, the rows only an MCP client said yes to (§10: not yet the user's), counted
    #: apart the same way; -1: not counted.
    client: int = -1


@dataclass(frozen=True)
class MemoryView:
    """What the main screen shows, read in one worker: both panes and the store state."""

    panes: dict[str, PaneRows]
    search: str
    pending: int
    learning: bool

    @property
    def saved(self) -> list[Memory]:
        """The saved pane's loaded rows."""
        return self.panes["saved"].rows

    @property
    def inferred(self) -> list[Memory]:
        """The inferred pane's loaded rows."""
        return self.panes["inferred"].rows


def active_values(store, scope: str, key: str) -> list[str]:
    """The values of the active rows held for (``scope``, ``key``): what a confirmed explicit
    save replaces (§3.4). Reads the store: call it in a thread worker."""
    return [memory.value for memory in store.list(scope=scope, key=key, status="active")]


class MainScreen(StoreScreen):
    """Both panes, search, the detail panel and the status line; keys for every action."""

    # Styles: assets/main.tcss, loaded by MemtrustApp (this is its default screen).

    #: Seconds between two looks at the store's data version (writes by another connection
    #: show up without pressing r); tests shorten it.
    OUTSIDE_WRITES_POLL_SECONDS: ClassVar[float] = 2.0

    #: Never the search box (Textual's default, the first focusable widget): typing would go
    #: into it. The list is mounted after the first frame and focused then.
    AUTO_FOCUS = "#saved-list"

    BINDINGS = [
        Binding("a", "add", "Add", id="main.add", tooltip="Type a memory to save (you confirm before it is written)"),
        Binding(
            "e",
            "edit",
            "Edit",
            id="main.edit",
            tooltip="Change the highlighted memory's value (an edited inference becomes saved by you)",
        ),
        Binding("d", "delete", "Delete", id="main.delete", tooltip="Delete the highlighted memory (asks first)"),
        Binding(
            "p",
            "promote",
            "Promote",
            id="main.promote",
            tooltip="Save the highlighted inferred memory as yours (asks first)",
        ),
        Binding(
            "x",
            "clear_inferred",
            "Clear inferred",
            id="main.clear-inferred",
            show=False,
            tooltip="Delete everything inferred about you (asks first)",
        ),
        Binding("slash", "search", "Search", id="main.search", tooltip="Search keys and values as you type"),
        Binding("i", "inbox", "Inbox", id="main.inbox", tooltip="Confirm or reject memories waiting for you"),
        Binding(
            "z",
            "quarantine",
            "Quarantine",
            id="main.quarantine",
            show=False,
            tooltip="Memories held back as confidential: release or delete them",
        ),
        Binding(
            "v",
            "review",
            "Review",
            id="main.review",
            tooltip="Walk through your memories one by one: keep, edit, delete, promote",
        ),
        Binding(
            "t",
            "overview",
            "Overview",
            id="main.overview",
            show=False,
            tooltip="At a glance: what is held, what expires, what assistants were given, when to review",
        ),
        Binding(
            "g",
            "audit",
            "Audit log",
            id="main.audit",
            show=False,
            tooltip="Read what was written, used and deleted, and by whom",
        ),
        Binding(
            "s",
            "settings",
            "Settings",
            id="main.settings",
            show=False,
            tooltip="Implicit learning, how long inferences last, how often to review",
        ),
        Binding(
            "w",
            "export",
            "Export",
            id="main.export",
            show=False,
            tooltip="Write everything held about you to a JSON and a Markdown file (not encrypted)",
        ),
        Binding(
            "o",
            "import_conversations",
            "Import",
            id="main.import-conversations",
            show=False,
            tooltip="Read a conversation export (ChatGPT, Claude.ai or JSONL) and propose memories from it",
        ),
        Binding(
            "l",
            "toggle_learning",
            "Learning",
            id="main.learning",
            show=False,
            tooltip="Turn implicit learning on (asks your consent) or off",
        ),
        Binding(
            "c",
            "release",
            "Release/confirm",
            id="main.release",
            show=False,
            tooltip="Let assistants use a quarantined memory, or confirm as yours one only an assistant's client "
            "said yes to (asks first)",
        ),
        Binding("r", "refresh", "Refresh", id="main.refresh", show=False, tooltip="Read the store again"),
        Binding("tab", "next_pane", "Next pane", id="main.next-pane", show=False, tooltip="Move to the other pane"),
        Binding(
            "shift+tab",
            "previous_pane",
            "Previous pane",
            id="main.previous-pane",
            show=False,
            tooltip="Move to the other pane, backwards",
        ),
        Binding(
            "escape",
            "clear_search",
            "Clear search",
            id="main.clear-search",
            show=False,
            tooltip="Empty the search and show every memory",
        ),
    ]

    class Loaded(Message):
        """A worker read the store for search ``generation``; ``view`` is what to show."""

        def __init__(self, view: MemoryView, generation: int) -> None:
            super().__init__()
            self.view = view
            self.generation = generation

    class MoreLoaded(Message):
        """A worker read the page of one pane after the row ``anchor`` (an id), or with
        ``backward`` the page before it; ``beyond`` says whether further pages exist that way."""

        def __init__(
            self,
            pane_id: str,
            rows: list[Memory],
            beyond: bool,
            anchor: str,
            generation: int,
            *,
            backward: bool = False,
        ) -> None:
            super().__init__()
            self.pane_id = pane_id
            self.rows = rows
            self.beyond = beyond
            self.anchor = anchor
            self.generation = generation
            self.backward = backward

    class EdgeLoaded(Message):
        """A worker read the first page (Home) or, ``last``, the last page (End) of one pane."""

        def __init__(self, pane_id: str, page: PaneRows, last: bool, search: str, generation: int) -> None:
            super().__init__()
            self.pane_id = pane_id
            self.page = page
            self.last = last
            self.search = search
            self.generation = generation

    class Counted(Message):
        """A worker counted every match of the search ``generation`` per pane."""

        def __init__(self, counts: dict[str, int], generation: int) -> None:
            super().__init__()
            self.counts = counts
            self.generation = generation

    class Changed(Message):
        """A worker changed the store; ``notice`` says what happened, in words."""

        def __init__(self, notice: str, severity: SeverityLevel = "information", title: str = "") -> None:
            super().__init__()
            self.notice = notice
            self.severity = severity
            self.title = title

    class OutsideWrite(Message):
        """Another connection (the CLI, an agent) committed to the store since the last look."""

    class Pruned(Message):
        """The launch prune removed rows after the first page was shown: read the panes again."""

    class Notice(Message):
        """Something to tell the user that changed nothing on screen (prune, review nudge)."""

        def __init__(self, notice: str, title: str, timeout: float = 8) -> None:
            super().__init__()
            self.notice = notice
            self.title = title
            self.timeout = timeout

    def __init__(self, *, prune: bool = False) -> None:
        super().__init__()
        self.memory_view: MemoryView | None = None
        self.prune_first = prune
        #: While the launch prune runs (epoch seconds, UTC: when it started): the rows expired by
        #: then are left out of every read, searches and pages included, until they are gone.
        self.pruning_up_to: int | None = None
        #: The first resume (the first frame) was handled: the lists are mounted or mounting.
        self.started = False
        #: The pane whose list has (or last had) the focus: the detail panel follows its
        #: highlight while the search box is being typed in, and Tab pressed before the lists
        #: are mounted moves it.
        self.current_pane_id = "saved"
        self.generation = 0
        self.generation_shown = 0
        self.search_wanted = False
        #: A read worker is running. Not ``loading``: that is Textual's reactive, which covers
        #: the whole screen with a loading indicator, hides every widget and so moves the focus.
        self.reading = False
        self.load_queued = False
        self.count_timer: Timer | None = None
        #: While a typed letter waits for its rows: the app's suspended repaints (a
        #: ``batch_update`` entered) and the timer that ends the wait (see HOLD_LETTER_FOR_ROWS).
        self.letter_hold: tuple[AbstractContextManager[None], Timer] | None = None
        #: The garbage collector is off until the held letter's frame is painted.
        self.collector_held = False
        #: The store's ``PRAGMA data_version`` at the last look (None before the first).
        self.data_version: int | None = None
        #: When a letter was last typed in the search box (``time.monotonic()`` seconds).
        self.last_typed = 0.0
        #: The demo's notice about its inferred examples was shown (once per run).
        self.demo_explained = False

    def compose(self) -> ComposeResult:
        yield StatusLine(self.memtrust.key_mode, id="status")
        yield Input(placeholder="Search keys and values (press /)", id="search", select_on_focus=False)
        # Side by side in the screen's grid (main.tcss), without a container of their own:
        # one widget less to style and paint before the first frame.
        yield MemoryPane("Saved by you", id="saved")
        yield MemoryPane("What we think we know", id="inferred")
        yield DetailPanel(id="detail")
        # The footer (a widget per key) comes right after the first frame, with the lists.

    def reload(self) -> None:
        """Read the store again (after a change, or on r)."""
        self.load_memories()

    def on_mount(self) -> None:
        self.set_interval(self.OUTSIDE_WRITES_POLL_SECONDS, self.watch_outside_writes)

    async def after_first_frame(self) -> None:
        """Mount both panes' lists and the footer, focus a list, read the store, then the
        stylesheets the first frame did not need. Keys typed before this count: a ``/``
        keeps the search box focused, a Tab chooses the other pane."""
        for pane in self.query(MemoryPane):
            await pane.mount_list()
        await self.mount(Footer(compact=True, show_command_palette=False))
        if self.focused is None:
            self.query_one(f"#{self.current_pane_id}-list").focus()
        self.load_memories()
        self.memtrust.read_later_css()

    def focus_first_list(self) -> None:
        """Focus the "Saved by you" list (nothing before the lists are mounted)."""
        for saved in self.query("#saved-list"):
            saved.focus()

    def on_screen_resume(self) -> None:
        if not self.started:
            # The lists, then the read (and prune), come right after the first frame, which
            # Textual paints while it handles this first resume: the screen shows at once,
            # whatever the size of the store (issue 6).
            self.started = True
            self.call_next(self.after_first_frame)
        elif self.memory_view is not None:
            self.reload()

    @property
    def search_text(self) -> str:
        """What the search box holds now."""
        return self.query_one("#search", Input).value

    # --- reading --------------------------------------------------------------------------

    def load_memories(self) -> None:
        """Read both panes for the current search; while a read runs, the next one waits
        for it (and only the newest search runs), so fast typing never queues stale reads."""
        self.generation += 1
        if self.reading:
            self.load_queued = True
            return
        self.reading = True
        self.read_view(self.search_text, self.generation, self.prune_first)
        self.prune_first = False

    @work(thread=True, exit_on_error=False, group="store-read", description="Reading memories")
    def read_view(self, search: str, generation: int, prune: bool) -> None:
        """Read each pane's first page, the Inbox count and the consent state; at launch
        (``prune``) leave out the rows already expired, then run the §4 prune after the data
        is shown (thread worker)."""
        store = self.memtrust.store
        try:
            # The store's lock once for the whole view (it is re-entrant): a prune batch cannot
            # slip in between two of its reads and make the keystroke wait for each.
            with store.db.read():
                self.data_version = store.data_version()  # what is shown is as new as this, at least
                if prune:
                    self.pruning_up_to = to_epoch(self.memtrust.now())
                expired_by = self.pruning_up_to
                panes = {pane_id: self._read_pane(pane_id, search, expired_by=expired_by) for pane_id in PANES}
                pending, learning = inbox_count(store), store.learning_enabled()
            view = MemoryView(panes=panes, search=search, pending=pending, learning=learning)
            self.post_message(self.Loaded(view, generation))
        except BaseException:
            self.post_message(self.Loaded(MemoryView({}, search, 0, False), -1))
            raise
        if prune:
            try:
                report = store.prune(actor="system", batch=LAUNCH_PRUNE_BATCH, between=self._wait_while_typing)
            finally:
                self.pruning_up_to = None
            if report.total:
                self.post_message(self.Pruned())
            if (notice := report.notice()) is not None:
                self.post_message(self.Notice(notice, "Expired memories removed"))
            if (nudge := review_due(store, self.memtrust.now())) is not None:
                self.post_message(self.Notice(nudge, "Time for a review", timeout=20))

    def _wait_while_typing(self) -> None:
        """Between two batches of the launch prune (its worker thread): wait until no letter
        has been typed in the search box for :data:`PRUNE_AFTER_TYPING_PAUSE` seconds."""
        while (wait := self.last_typed + PRUNE_AFTER_TYPING_PAUSE - time.monotonic()) > 0:
            time.sleep(wait)

    def _read_pane(self, pane_id: str, search: str, *, last: bool = False, expired_by: int | None = None) -> PaneRows:
        """A pane's first page, or with ``last`` its last page (End), for ``search``: one index
        read either way (the pane index, or the full-text index while searching). With
        ``expired_by`` (epoch seconds UTC: when the launch prune started, while it runs) the
        rows expired by then are left out of the page and of the total."""
        store = self.memtrust.store
        formation, statuses = PANES[pane_id]
        quarantined = client = -1
        if not search:
            rows = store.page(formation=formation, statuses=statuses, last=last, limit=PAGE_ROWS + 1)
            total = store.count(formation=formation, statuses=statuses)
            if expired_by is not None:
                total -= store.count_expired(expired_by, formation=formation, statuses=statuses)
            if "quarantined" in statuses:
                quarantined = store.count(formation=formation, statuses=("quarantined",))
                if expired_by is not None:
                    quarantined -= store.count_expired(expired_by, formation=formation, statuses=("quarantined",))
                client = store.count_confirmed_in_client()
        else:
            rows = store.search_page(search, formation=formation, statuses=statuses, last=last, limit=PAGE_ROWS + 1)
            # The total comes after (MainScreen.Counted): counting every match would delay the rows.
            total = -1
        beyond = len(rows) > PAGE_ROWS
        rows = _unexpired(rows, expired_by)
        if search and not beyond:
            total = len(rows)  # every match is on this page
        if last:
            return PaneRows(rows[-PAGE_ROWS:], total, False, beyond, quarantined, client)
        return PaneRows(rows[:PAGE_ROWS], total, beyond, quarantined=quarantined, client=client)

    @work(thread=True, exit_on_error=False, group="search-count", exclusive=True, description="Counting matches")
    def count_matches(self, search: str, generation: int) -> None:
        """Count every match of ``search`` per pane, for the pane titles (thread worker)."""
        if generation != self.generation:
            return
        store = self.memtrust.store
        counts = {
            pane_id: store.search_count(search, formation=formation, statuses=statuses)
            for pane_id, (formation, statuses) in PANES.items()
        }
        self.post_message(self.Counted(counts, generation))

    def on_main_screen_pruned(self, _message: Pruned) -> None:
        self.reload()

    def on_main_screen_counted(self, message: Counted) -> None:
        if message.generation == self.generation:
            for pane_id, count in message.counts.items():
                self.query_one(f"#{pane_id}", MemoryPane).set_total(count, searching=True)

    def on_main_screen_loaded(self, message: Loaded) -> None:
        self.reading = False
        if self.load_queued:  # a newer search arrived while this one ran: show only the newest
            self.load_queued = False
            self.load_memories()
            return
        if message.generation != self.generation:
            self.release_letter()
            return
        self.generation_shown = message.generation
        first_view = self.memory_view is None
        view = self.memory_view = message.view
        now = self.memtrust.now()
        status = self.query_one(StatusLine)
        status.learning, status.pending = view.learning, view.pending
        searching = bool(view.search)
        for pane_id, rows in view.panes.items():
            self.query_one(f"#{pane_id}", MemoryPane).show(
                rows.rows,
                now,
                self._empty_words(pane_id, view),
                total=rows.total,
                more=rows.more,
                searching=searching,
                quarantined=rows.quarantined,
                client=rows.client,
            )
        self._explain_demo_examples(view)
        if first_view:
            freeze_launch_heap()
        if searching and any(rows.total < 0 for rows in view.panes.values()):
            # Counting every match reads the whole match list and holds the store: wait until
            # typing pauses, so keystrokes stay fast.
            if self.count_timer is not None:
                self.count_timer.stop()
            self.count_timer = self.set_timer(
                COUNT_AFTER_TYPING_PAUSE, partial(self.count_matches, view.search, message.generation)
            )
        # The detail follows the highlight now, not when the panes' Highlighted messages
        # arrive: the frame painted next shows the letter, its rows and their detail.
        self._show_detail()
        self.release_letter()  # the letter and these rows are painted in one frame

    @work(
        thread=True,
        exit_on_error=False,
        group="store-poll",
        exclusive=True,
        description="Watching for writes from outside the app",
    )
    def watch_outside_writes(self) -> None:
        """Read the store's data version; post :class:`OutsideWrite` when another connection
        committed since the last look (thread worker)."""
        try:
            version = self.memtrust.store.data_version()
        except MemtrustError:
            return  # a busy store: the next look tries again (no notification every 2 s)
        previous, self.data_version = self.data_version, version
        if previous is not None and version != previous:
            self.post_message(self.OutsideWrite())

    def on_main_screen_outside_write(self, message: OutsideWrite) -> None:
        for screen in self.app.screen_stack:
            if screen is not self and isinstance(screen, StoreScreen) and screen.FOLLOWS_OUTSIDE_WRITES:
                screen.reload()
        self.reload()

    def _explain_demo_examples(self, view: MemoryView) -> None:
        """In the demo, while learning is off, say why inferred rows are shown at all."""
        if self.memtrust.key_mode != "memory" or view.search:
            return
        examples = not view.learning and bool(view.inferred)
        self.query_one("#inferred", MemoryPane).border_subtitle = DEMO_INFERRED_SUBTITLE if examples else ""
        if examples and not self.demo_explained:
            self.demo_explained = True
            self.notify(DEMO_INFERRED_NOTICE, title="Demo", timeout=DEMO_NOTICE_SECONDS, markup=False)

    def _empty_words(self, pane_id: str, view: MemoryView) -> Content:
        if view.search:
            return Content.assemble(
                "Nothing here matches ", quoted_text(view.search, style=""), ". Press Escape to clear the search."
            )
        if pane_id == "saved":
            return Content("Nothing saved yet. Press a to add a memory, or i to open your Inbox.")
        if view.learning:
            return Content("Nothing inferred yet. Inferences appear here, labelled, after you import conversations.")
        return Content(
            "Nothing inferred: implicit learning is OFF, so memtrust guesses nothing about you. "
            "Press l to read what it would infer and decide."
        )

    # --- paging: the window of each pane moves with the highlight, Home and End ------------

    @on(MemoryPane.NeedMore)
    def load_more(self, message: MemoryPane.NeedMore) -> None:
        pane = message.pane
        last = pane.last_memory
        if last is None or pane.id is None:
            return
        self.read_more(pane.id, last, self.search_text, self.generation)

    @on(MemoryPane.NeedEarlier)
    def load_earlier(self, message: MemoryPane.NeedEarlier) -> None:
        pane = message.pane
        first = pane.first_memory
        if first is None or pane.id is None:
            return
        self.read_more(pane.id, first, self.search_text, self.generation, backward=True)

    @on(MemoryPane.NeedEdge)
    def load_edge(self, message: MemoryPane.NeedEdge) -> None:
        if message.pane.id is not None:
            self.read_edge(message.pane.id, message.last, self.search_text, self.generation)

    @work(thread=True, exit_on_error=False, group="store-more", description="Reading more memories")
    def read_more(self, pane_id: str, anchor: Memory, search: str, generation: int, *, backward: bool = False) -> None:
        """Read the page after ``anchor`` (keyset), or with ``backward`` the page before it;
        while searching, the matches of ``search`` next to it (thread worker)."""
        store = self.memtrust.store
        formation, statuses = PANES[pane_id]
        if search:
            found = store.search_page(
                search,
                formation=formation,
                statuses=statuses,
                limit=PAGE_ROWS + 1,
                after=None if backward else anchor,
                before=anchor if backward else None,
            )
        else:
            cursor = store.pane_cursor(anchor)
            found = store.page(
                formation=formation,
                statuses=statuses,
                limit=PAGE_ROWS + 1,
                after=None if backward else cursor,
                before=cursor if backward else None,
            )
        beyond = len(found) > PAGE_ROWS
        rows = _unexpired(_next_page(found, backward=backward), self.pruning_up_to)
        self.post_message(self.MoreLoaded(pane_id, rows, beyond, anchor.id, generation, backward=backward))

    @work(thread=True, exit_on_error=False, group="store-more", description="Reading the first or last memories")
    def read_edge(self, pane_id: str, last: bool, search: str, generation: int) -> None:
        """Read a pane's first page, or with ``last`` its last page, for ``search`` (thread
        worker)."""
        page = self._read_pane(pane_id, search, last=last, expired_by=self.pruning_up_to)
        self.post_message(self.EdgeLoaded(pane_id, page, last, search, generation))

    def on_main_screen_more_loaded(self, message: MoreLoaded) -> None:
        if message.generation != self.generation:
            return
        pane = self.query_one(f"#{message.pane_id}", MemoryPane)
        # A page read next to a row that is no longer the window's edge (Home or End moved the
        # window meanwhile) would not join it.
        edge = pane.first_memory if message.backward else pane.last_memory
        if edge is None or edge.id != message.anchor:
            return
        if message.backward:
            pane.prepend(message.rows, self.memtrust.now(), earlier=message.beyond)
        else:
            pane.extend(message.rows, self.memtrust.now(), more=message.beyond)

    def on_main_screen_edge_loaded(self, message: EdgeLoaded) -> None:
        if message.generation != self.generation or self.memory_view is None:
            return
        pane = self.query_one(f"#{message.pane_id}", MemoryPane)
        page = message.page
        pane.show(
            page.rows,
            self.memtrust.now(),
            self._empty_words(message.pane_id, self.memory_view),
            total=page.total if page.total >= 0 else pane.total,
            more=page.more,
            earlier=page.earlier,
            searching=bool(message.search),
            highlight="last" if message.last else "first",
        )

    def on_main_screen_notice(self, message: Notice) -> None:
        self.notify(message.notice, title=message.title, timeout=message.timeout, markup=False)

    @on(Input.Changed, "#search")
    def search_changed(self) -> None:
        self.last_typed = time.monotonic()
        self.hold_letter_for_rows()
        self.load_memories()

    def hold_letter_for_rows(self) -> None:
        """Suspend repaints until this search's rows are shown, for at most
        :data:`HOLD_LETTER_FOR_ROWS`: the letter and its rows then share one frame. The garbage
        collector waits as long, and until that frame is painted: the frame's allocations
        would start collections (a full one up to 10 ms at 100,000 memories) between the key
        and its frame; they run right after it instead."""
        if self.letter_hold is None and self.is_current:
            batch = self.app.batch_update()
            batch.__enter__()
            if gc.isenabled():
                gc.disable()
                self.collector_held = True
            self.letter_hold = (batch, self.set_timer(HOLD_LETTER_FOR_ROWS, self.release_letter))

    def release_letter(self) -> None:
        """End :meth:`hold_letter_for_rows` (safe to call when nothing is held) and paint now;
        the garbage collector runs again once that frame is painted."""
        if self.letter_hold is not None:
            batch, timer = self.letter_hold
            self.letter_hold = None
            timer.stop()
            batch.__exit__(None, None, None)
            self.check_idle()  # the screen went idle while held: let it paint
            if self.collector_held:
                self.call_after_refresh(self.release_collector)

    def release_collector(self) -> None:
        """Turn the garbage collector back on if :meth:`hold_letter_for_rows` turned it off
        (safe to call again)."""
        if self.collector_held:
            self.collector_held = False
            gc.enable()

    def on_screen_suspend(self) -> None:
        self.release_letter()
        self.release_collector()

    def on_unmount(self) -> None:
        self.release_letter()
        self.release_collector()

    @on(Input.Submitted, "#search")
    def search_submitted(self) -> None:
        self.search_wanted = False
        self.focus_first_list()

    def _show_detail(self) -> None:
        """Show in the detail panel the highlighted memory of the focused pane, or of the pane
        last focused while the search box has the focus (as :meth:`show_highlighted`)."""
        pane = self.focused_pane or self.query_one(f"#{self.current_pane_id}", MemoryPane)
        self.query_one(DetailPanel).show(pane.highlighted_memory, self.memtrust.now())

    @on(MemoryPane.Highlighted)
    def show_highlighted(self, message: MemoryPane.Highlighted) -> None:
        # While the search box is being typed in, the detail follows the pane last focused:
        # it never shows a memory the search has taken off the screen.
        focused = self.focused_pane
        if message.pane is focused or (focused is None and message.pane.id == self.current_pane_id):
            self.query_one(DetailPanel).show(message.memory, self.memtrust.now())

    def on_mouse_down(self, event: events.MouseDown) -> None:
        if event.widget is not None and event.widget.id == "search":
            self.search_wanted = True

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if event.widget.id == "search" and not self.search_wanted:
            # Textual moves the focus to the first focusable widget when a focused list is
            # briefly hidden during a re-layout; the search box only takes it when asked.
            self.focus_first_list()
            return
        pane = self.focused_pane
        if pane is not None:
            self.current_pane_id = pane.id or self.current_pane_id
            self.query_one(DetailPanel).show(pane.highlighted_memory, self.memtrust.now())

    @property
    def focused_pane(self) -> MemoryPane | None:
        """The pane holding the focus, or None (the search box, say)."""
        focused = self.focused
        for pane in self.query(MemoryPane):
            if focused is not None and (focused is pane or pane in focused.ancestors):
                return pane
        return None

    @property
    def highlighted(self) -> Memory | None:
        """The highlighted memory of the focused pane, or None."""
        pane = self.focused_pane
        return pane.highlighted_memory if pane else None

    # --- moving -----------------------------------------------------------------------------

    def _focus_pane(self, step: int) -> None:
        lists = list(self.query("#saved-list, #inferred-list"))
        if not lists:  # typed before the lists were mounted: they get the focus where asked
            self.current_pane_id = "inferred" if self.current_pane_id == "saved" else "saved"
            return
        pane = self.focused_pane
        if pane is None:
            target = lists[0] if step > 0 else lists[-1]
        else:
            target = lists[(lists.index(pane.option_list) + step) % len(lists)]
        target.focus()

    def action_next_pane(self) -> None:
        self._focus_pane(1)

    def action_previous_pane(self) -> None:
        self._focus_pane(-1)

    def action_search(self) -> None:
        self.search_wanted = True
        self.query_one("#search", Input).focus()

    def action_clear_search(self) -> None:
        """Empty the search; with no search, close the notifications (the demo's covers the
        detail panel at 80×24)."""
        search = self.query_one("#search", Input)
        typing = self.focused is search
        if not search.value and not typing:
            self.app.clear_notifications()
        if search.value:
            search.value = ""
        if typing:  # after the refresh: the panes are re-laid out when the search empties
            self.search_wanted = False
            self.call_after_refresh(self.focus_first_list)

    # --- acting -----------------------------------------------------------------------------

    def on_main_screen_changed(self, message: Changed) -> None:
        self.notify(message.notice, title=message.title, severity=message.severity, markup=False)
        self.reload()

    def action_refresh(self) -> None:
        self.reload()

    def action_inbox(self) -> None:
        self.app.push_screen(InboxScreen())

    def action_import_conversations(self) -> None:
        self.app.push_screen(IngestScreen())

    def action_quarantine(self) -> None:
        self.app.push_screen(QuarantineScreen())

    def action_audit(self) -> None:
        self.app.push_screen(AuditScreen())

    def action_overview(self) -> None:
        open_overview(self)

    def action_settings(self) -> None:
        self.app.push_screen(SettingsScreen())

    def action_review(self) -> None:
        self.app.push_screen(ReviewScreen())

    class AddChecked(Message):
        """A worker read what ``new`` would replace: the active values for its scope and key."""

        def __init__(self, new: NewMemory, replaces: list[str]) -> None:
            super().__init__()
            self.new = new
            self.replaces = replaces

    def action_add(self) -> None:
        self.app.push_screen(AddMemoryScreen(), with_answer(self.read_replaced))

    @work(thread=True, exit_on_error=False, group="store-read", description="Reading what a new memory replaces")
    def read_replaced(self, new: NewMemory) -> None:
        """Read the active values a save of ``new`` would replace (§3.4), for the question (thread worker)."""
        replaces = active_values(self.memtrust.store, new.scope, new.key)
        self.post_message(self.AddChecked(new, replaces))

    def on_main_screen_add_checked(self, message: AddChecked) -> None:
        new = message.new
        question = save_question(new.key, new.value, message.replaces)
        if new.scope != "shared":
            question = question.append(Content.assemble(" (scope ", literal(new.scope, "bold"), ")"))
        self.app.push_screen(
            ConfirmScreen(question, yes="Save", no="Cancel", destructive=bool(message.replaces)),
            if_yes(lambda: self.add_memory(new)),
        )

    @work(thread=True, exit_on_error=False, group="store-write", description="Saving a memory")
    def add_memory(self, new: NewMemory) -> None:
        """Propose the typed memory as explicit, user-confirmed (§3.6) and report the decision."""
        proposal = Proposal(new.key, new.value, "explicit", "user", scope=new.scope, confirmed=True)
        result = self.memtrust.store.propose(proposal, actor=TUI_ACTOR)
        decision = result.decision
        if decision.outcome == "reject":
            self.post_message(self.Changed(f"Not saved: {decision.reason}", "error"))
        else:
            self.post_message(self.Changed(decision.reason))

    def _still_reading(self) -> bool:
        """True, and says so, when the store's first read has not arrived yet: an action on
        what is shown would act on nothing (a key typed at launch)."""
        if self.memory_view is None:
            self.notify("Still reading your memories; try again in a moment.", severity="warning")
            return True
        return False

    def _need_highlight(self) -> Memory | None:
        if self._still_reading():
            return None
        memory = self.highlighted
        if memory is None:
            self.notify("Highlight a memory first.", severity="warning")
        return memory

    def action_edit(self) -> None:
        memory = self._need_highlight()
        if memory is not None:
            self.app.push_screen(EditMemoryScreen(memory), with_answer(lambda value: self.edit_memory(memory, value)))

    @work(thread=True, exit_on_error=False, group="store-write", description="Editing a memory")
    def edit_memory(self, memory: Memory, value: str) -> None:
        """Replace the memory's value with what the user typed (thread worker)."""
        edited = self.memtrust.store.edit(memory.id, value, actor=TUI_ACTOR)
        became = " It is now saved by you." if memory.formation == "implicit" else ""
        self.post_message(self.Changed(f"Changed {edited.key}.{became}"))

    def action_delete(self) -> None:
        memory = self._need_highlight()
        if memory is None:
            return
        question = Content.assemble(
            "Delete ",
            literal(memory.key, "bold"),
            " = ",
            quoted_text(memory.value, QUESTION_VALUE_CELLS),
            "? It is removed for good; the audit log keeps only that it existed.",
        )
        self.app.push_screen(
            ConfirmScreen(question, yes="Delete", no="Keep", destructive=True),
            if_yes(lambda: self.forget_memory(memory.id)),
        )

    @work(thread=True, exit_on_error=False, group="store-write", description="Deleting a memory")
    def forget_memory(self, memory_id: str) -> None:
        """Delete one memory (thread worker)."""
        memory = self.memtrust.store.forget(memory_id, actor=TUI_ACTOR)
        self.post_message(self.Changed(f"Deleted {memory.key}."))

    def action_promote(self) -> None:
        if self._still_reading():
            return
        memory = self.highlighted
        if memory is None or memory.formation != "implicit":
            self.notify("Highlight an inferred memory to promote it.", severity="warning")
            return
        question = Content.assemble(
            save_question(memory.key, memory.value), " It becomes saved by you and no longer expires."
        )
        self.app.push_screen(
            ConfirmScreen(question, yes="Save", no="Cancel"), if_yes(lambda: self.promote_memory(memory))
        )

    @work(thread=True, exit_on_error=False, group="store-write", description="Promoting a memory")
    def promote_memory(self, memory: Memory) -> None:
        """Write the inferred value as explicit, typed and confirmed by the user (§3.4: the
        explicit row supersedes the inferred one)."""
        # The evidence says it was an inference the user confirmed (the detail panel says so,
        # not "You typed this"); no inference evidence is carried over (§3.4: explicit now).
        proposal = Proposal(
            memory.key,
            memory.value,
            "explicit",
            "user",
            scope=memory.scope,
            confirmed=True,
            evidence={"promoted_from": "implicit"},
        )
        decision = self.memtrust.store.propose(proposal, actor=TUI_ACTOR).decision
        if decision.outcome == "reject":
            self.post_message(self.Changed(f"Not saved: {decision.reason}", "error"))
        else:
            self.post_message(self.Changed(f"{memory.key} is now saved by you."))

    def action_release(self) -> None:
        if self._still_reading():
            return
        memory = self.highlighted
        if memory is not None and memory.formation == "explicit" and memory.confirmed_in is not None:
            self._confirm_client_only(memory)
            return
        if memory is None or memory.status != "quarantined":
            self.notify(
                "Highlight a quarantined memory to release it, or one an assistant's client confirmed to confirm it.",
                severity="warning",
            )
            return
        question = Content.assemble(
            "Release ",
            literal(memory.key, "bold"),
            " from Quarantine? Assistants may then use ",
            quoted_text(memory.value, QUESTION_VALUE_CELLS),
            ".",
        )
        self.app.push_screen(
            ConfirmScreen(question, yes="Release", no="Keep held"),
            if_yes(lambda: self.release_memory(memory.id)),
        )

    @work(thread=True, exit_on_error=False, group="store-write", description="Releasing a memory")
    def release_memory(self, memory_id: str) -> None:
        """Release a quarantined memory: it becomes active (thread worker)."""
        memory = self.memtrust.store.confirm(memory_id, actor=TUI_ACTOR)
        self.post_message(self.Changed(f"Released {memory.key} from Quarantine."))

    def _confirm_client_only(self, memory: Memory) -> None:
        """Ask, then make yours a memory only an MCP client said yes to (§10)."""
        question = Content.assemble(
            quoted_name_text(memory.confirmed_in or "", CLIENT_NAME_CELLS),
            " said yes to this, not you. ",
            save_question(memory.key, memory.value),
            " It becomes saved by you, and assistants may then use it for privileged actions too.",
        )
        self.app.push_screen(
            ConfirmScreen(question, yes="Save", no="Cancel"), if_yes(lambda: self.confirm_client_only(memory.id))
        )

    @work(thread=True, exit_on_error=False, group="store-write", description="Confirming a memory")
    def confirm_client_only(self, memory_id: str) -> None:
        """Confirm in memtrust a memory only a client had confirmed (thread worker)."""
        memory = self.memtrust.store.confirm(memory_id, actor=TUI_ACTOR)
        self.post_message(self.Changed(f"{memory.key} is now saved by you."))

    def action_toggle_learning(self) -> None:
        if self._still_reading() or self.memory_view is None:
            return
        if not self.memory_view.learning:
            self.app.push_screen(ConsentScreen(), if_yes(lambda: self.set_learning(True)))
            return

        def turn_off(choice: LearningOffChoice | None) -> None:
            if choice is not None:
                self.set_learning(False, clear=choice == "off-and-clear")

        inferred = self.query_one("#inferred", MemoryPane).total if not self.memory_view.search else None
        self.app.push_screen(
            LearningOffScreen(inferred if inferred is not None else len(self.memory_view.inferred)), turn_off
        )

    @work(thread=True, exit_on_error=False, group="store-write", description="Recording consent")
    def set_learning(self, enabled: bool, *, clear: bool = False) -> None:
        """Record the consent event (§3.2), and clear inferred rows when asked (thread worker)."""
        self.post_message(self.Changed(record_learning_choice(self.memtrust.store, enabled, clear=clear)))

    def action_clear_inferred(self) -> None:
        if self._still_reading():
            return
        count = (
            self.query_one("#inferred", MemoryPane).total if self.memory_view and not self.memory_view.search else None
        )
        if count is None:
            count = (self.memory_view and len(self.memory_view.inferred)) or 0
            if self.memory_view and self.memory_view.search:
                count = -1  # unknown under a search: ask without a number
        if count == 0:
            self.notify("There is nothing inferred to clear.")
            return
        what = (
            "every inferred memory"
            if count < 0
            else "the one inferred memory"
            if count == 1
            else f"all {count:,} inferred memories"
        )
        question = Content(f"Delete {what}? What you saved yourself is not touched.")
        self.app.push_screen(
            ConfirmScreen(question, yes="Clear", no="Keep", destructive=True),
            if_yes(self.clear_inferred),
        )

    @work(thread=True, exit_on_error=False, group="store-write", description="Clearing inferred memories")
    def clear_inferred(self) -> None:
        """Delete every implicit memory (thread worker)."""
        removed = self.memtrust.store.clear_inferred(actor=TUI_ACTOR)
        self.post_message(self.Changed(f"Cleared {removed:,} inferred {'memory' if removed == 1 else 'memories'}."))

    def action_export(self) -> None:
        now = self.memtrust.now()
        self.app.push_screen(ExportScreen(default_export_path(now), now), with_answer(self.export))

    @work(thread=True, exit_on_error=False, group="store-write", description="Writing the export")
    def export(self, request: ExportRequest) -> None:
        """Write the DSAR export (§9) as JSON and Markdown, or a block for another assistant
        (:mod:`store.portable`), 0600, atomically; audit it (thread worker)."""
        from memtrust.store.export import UNENCRYPTED_WARNING, export_text, record_export, write_export
        from memtrust.store.report import render_markdown

        store = self.memtrust.store
        if request.target is not None:
            self._export_block(request)
            return
        text, count = export_text(store, app_version=app_version())  # serialised once, in SQL
        json_path, md_path = request.paths
        write_export(json_path, text)
        write_export(md_path, render_markdown(json.loads(text)))
        record_export(
            store, actor=TUI_ACTOR, destination=str(json_path), memory_count=count, format="json", markdown=str(md_path)
        )  # one export, one audit row naming both files
        self.post_message(
            self.Changed(f"Wrote {json_path} and {md_path}. {UNENCRYPTED_WARNING}", "warning", title="Export written")
        )

    def _export_block(self, request: ExportRequest) -> None:
        """Write a block for ``request.target`` and say where to paste it, what the limit left
        out and which inferences were not given (inside the export worker)."""
        from memtrust.store.export import UNENCRYPTED_WARNING, record_export, write_export
        from memtrust.store.portable import TARGETS, left_out_sentence, portable_block

        target = request.target or "text"
        block = portable_block(self.memtrust.store, target, include_inferred=request.include_inferred)
        write_export(request.json, block.text)
        record_export(
            self.memtrust.store,
            actor=TUI_ACTOR,
            destination=str(request.json),
            memory_count=len(block.memories),
            format=f"for:{target}",
            inferred=block.inferred,
        )
        count = len(block.memories)
        words = [
            f"Wrote {count} {'memory' if count == 1 else 'memories'} to {request.json}; paste it into "
            f"{TARGETS[target].where}.",
            *(sentence for sentence in (left_out_sentence(block), *block.not_given) if sentence),
            UNENCRYPTED_WARNING,
        ]
        self.post_message(self.Changed(" ".join(words), "warning", title="Export written"))


def default_export_path(now) -> Path:
    """``~/memtrust-export-YYYY-MM-DD.json`` (UTC date)."""
    return Path.home() / f"memtrust-export-{now:%Y-%m-%d}.json"
