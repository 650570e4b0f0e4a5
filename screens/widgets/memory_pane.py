"""A paged list of memories with worded badges (DESIGN.md §8), and a line for when it is empty.

A pane starts with no children: its frame and title ("Saved by you (reading…)") paint at
once. The main screen calls :meth:`MemoryPane.mount_list` after its first frame (Textual's
lazy-mount pattern, ``textual.lazy``), so the option list, the costliest widget of the
screen, follows before the first rows are read; the line shown when the pane is empty is
mounted only when it is needed (issue 6: launch to first paint).

A pane never holds the whole store: it holds a window of it, which the screen fills a page
(~15 rows) at a time. :meth:`MemoryPane.show` replaces the window (the first page, or after
End the last one); :meth:`MemoryPane.extend` appends the next page when the highlight
nears the end of the window (the pane asks with :class:`MemoryPane.NeedMore`), and
:meth:`MemoryPane.prepend` the previous page when it nears the start of a window that does not
begin at the first row (:class:`MemoryPane.NeedEarlier`). Home and End reach the first and the
last memory of the whole pane in one key: outside the window, they ask the screen for that
page (:class:`MemoryPane.NeedEdge`). The border title gives the full count ("Saved by you
(60,000)").
"""

from __future__ import annotations

from datetime import datetime

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from memtrust.screens.literal import literal
from memtrust.screens.provenance import badges
from memtrust.screens.textual_internals import option_line
from memtrust.store.model import Memory
from memtrust.store.notes import display_key

#: Ask for the next page when the highlight is this close to the last loaded row (for the
#: previous page, to the first).
PREFETCH_ROWS = 8

#: Most rows a window keeps when it grows backwards: each page put before it rebuilds every
#: option, so rows far below the highlight are dropped (read again on the way down).
WINDOW_ROWS = 150


def memory_prompt(memory: Memory, now: datetime) -> Content:
    """Three lines for one row: the key (``note`` for a note, §2), the value, and its badges.

    The pane's CSS (``text-wrap: nowrap; text-overflow: ellipsis``) cuts each line to fit,
    by cell width, so every row starts its badges at the same column.
    """
    return Content("\n").join([literal(display_key(memory.key), "bold"), literal(memory.value), badges(memory, now)])


class MemoryPane(Vertical):
    """One pane of the main screen: a page of memories as options, the highlighted one
    reported up. ``memories`` holds the loaded rows by id, in order."""

    class Highlighted(Message):
        """The highlighted memory of a pane changed (``memory`` is None when there is none)."""

        def __init__(self, pane: MemoryPane, memory: Memory | None) -> None:
            super().__init__()
            self.pane = pane
            self.memory = memory

    class NeedMore(Message):
        """The highlight is near the end of the loaded rows and more exist in the store."""

        def __init__(self, pane: MemoryPane) -> None:
            super().__init__()
            self.pane = pane

    class NeedEarlier(Message):
        """The highlight is near the start of the loaded rows and earlier ones exist."""

        def __init__(self, pane: MemoryPane) -> None:
            super().__init__()
            self.pane = pane

    class NeedEdge(Message):
        """Home (``last`` False) or End (``last`` True) was pressed and that end of the pane
        is not loaded: the screen reads the first or the last page and shows it."""

        def __init__(self, pane: MemoryPane, *, last: bool) -> None:
            super().__init__()
            self.pane = pane
            self.last = last

    def __init__(self, title: str, *, id: str) -> None:
        super().__init__(id=id)
        self.pane_title = title
        self.memories: dict[str, Memory] = {}
        self.total = 0
        #: How many of :attr:`total` are quarantined (counted apart in the title), or -1.
        self.quarantined = -1
        #: How many of :attr:`total` only an MCP client said yes to (§10), or -1.
        self.client = -1
        #: Rows exist in the store after the last loaded one / before the first loaded one.
        self.more = False
        self.earlier = False
        self.asked_more = False
        self.asked_earlier = False
        #: What the options show now: each row's memory and its prompt's words, in order. A
        #: page read again that would show the same (a search typed one letter further, the
        #: store read again after an outside write) rebuilds nothing and repaints nothing.
        self.shown: list[tuple[Memory, str]] = []
        self.border_title = f"{title} (reading…)"

    def compose(self) -> ComposeResult:
        return []  # the list follows the first frame (mount_list); the empty line, when needed

    async def mount_list(self) -> None:
        """Mount the pane's option list (id ``<pane id>-list``), once."""
        if not self.query(OptionList):
            await self.mount(PaneList(id=f"{self.id}-list"), before=0)

    def _show_empty(self, empty: Content) -> None:
        """Put ``empty`` in the pane's empty-state line, mounting the line the first time."""
        lines = self.query(".empty-state")
        if lines:
            line = lines.first(Static)
            if not (isinstance(line.content, Content) and line.content.plain == empty.plain):
                line.update(empty)
        else:
            self.mount(Static(empty, classes="empty-state"))

    @property
    def option_list(self) -> OptionList:
        """The pane's list widget; raises ``NoMatches`` before :meth:`mount_list`."""
        return self.query_one(OptionList)

    @property
    def highlighted_memory(self) -> Memory | None:
        """The memory under the highlight, or None (also before the list is mounted)."""
        lists = self.query(OptionList)
        option = lists.first().highlighted_option if lists else None
        return None if option is None or option.id is None else self.memories.get(option.id)

    @property
    def last_memory(self) -> Memory | None:
        """The last loaded memory (the keyset position of the next page), or None."""
        return next(reversed(self.memories.values()), None)

    @property
    def first_memory(self) -> Memory | None:
        """The first loaded memory (the keyset position of the previous page), or None."""
        return next(iter(self.memories.values()), None)

    def _title(self, searching: bool) -> str:
        """``Saved by you (6)``; with quarantined rows listed too, ``Saved by you (6 ·
        1 quarantined)``, and with rows only an MCP client said yes to, ``Saved by you (6 · 1
        not yet by you)``: one count rule everywhere — what was saved is the active rows the
        user confirmed (the Overview's and the DSAR report's "saved by you"); a quarantined row
        and a client's yes (§10) are counted apart."""
        quarantined, client = max(self.quarantined, 0), max(self.client, 0)
        if searching or self.total < 0 or not (quarantined or client):
            count = "…" if self.total < 0 else f"{self.total:,}"
            return f"{self.pane_title} ({count}{' found' if searching else ''})"
        parts = [f"{self.total - quarantined - client:,}"]
        if client:
            parts.append(f"{client:,} not yet by you")
        if quarantined:
            parts.append(f"{quarantined:,} quarantined")
        return f"{self.pane_title} ({' · '.join(parts)})"

    def set_total(self, total: int, *, searching: bool) -> None:
        """The full count arrived after the rows (a search counts its matches afterwards)."""
        self.total = total
        self.border_title = self._title(searching)

    def show(
        self,
        memories: list[Memory],
        now: datetime,
        empty: Content,
        *,
        total: int | None = None,
        more: bool = False,
        earlier: bool = False,
        searching: bool = False,
        highlight: str | None = None,
        quarantined: int | None = None,
        client: int | None = None,
    ) -> None:
        """Replace the rows with ``memories`` (a page, in order); ``total`` is how many there
        are in all (default: this page; -1 while still being counted), ``more`` whether pages
        exist after it, ``earlier`` whether pages exist before it. Shows ``empty`` when there
        are none. ``highlight`` ``"first"`` or ``"last"`` puts the highlight on that row (Home,
        End); by default it stays on the same memory when it is still there. ``quarantined``:
        how many of ``total`` are quarantined, ``client``: how many only an MCP client said yes
        to (each kept when ``None``)."""
        option_list = self.option_list
        previous = self.highlighted_memory
        previous_index = option_list.highlighted
        self.memories = {memory.id: memory for memory in memories}
        self.total = len(memories) if total is None else total
        if quarantined is not None:
            self.quarantined = quarantined
        if client is not None:
            self.client = client
        self.more, self.asked_more = more, False
        self.earlier, self.asked_earlier = earlier, False
        self._fill(now)
        self.border_title = self._title(searching)
        self.set_class(not memories, "-empty")
        if not memories:
            self._show_empty(empty)
        elif highlight is not None:
            option_list.highlighted = 0 if highlight == "first" else len(memories) - 1
        elif previous is not None and previous.id in self.memories:
            option_list.highlighted = option_list.get_option_index(previous.id)
        else:
            option_list.highlighted = min(previous_index or 0, len(memories) - 1)
        self.post_message(self.Highlighted(self, self.highlighted_memory))

    def _options(self, memories: list[Memory], now: datetime) -> list[Option | None]:
        """One option per memory, with a separator (None) between two; :attr:`shown` gets
        each row's words."""
        return self._options_of([(memory, memory_prompt(memory, now)) for memory in memories])

    def _options_of(self, rows: list[tuple[Memory, Content]]) -> list[Option | None]:
        """One option per (memory, prompt), with a separator (None) between two; :attr:`shown`
        gets each row's words."""
        options: list[Option | None] = []
        for memory, prompt in rows:
            self.shown.append((memory, prompt.plain))
            options.extend([None, Option(prompt, id=memory.id)])
        return options[1:]

    def _fill(self, now: datetime) -> None:
        """Make the options the loaded rows. When they would show what is shown already,
        nothing changes (the highlight included); otherwise the options are set anew in one
        step (the list keeps its size when the number of rows is the same, so no re-layout)
        and the highlight is cleared: the caller sets it."""
        rows = [(memory, memory_prompt(memory, now)) for memory in self.memories.values()]
        if [(memory, prompt.plain) for memory, prompt in rows] == self.shown:
            return
        self.shown = []
        if rows:
            self.option_list.set_options(self._options_of(rows))
        else:
            self.option_list.clear_options()  # set_options([]) would not repaint the list

    def extend(self, memories: list[Memory], now: datetime, *, more: bool) -> None:
        """Append the next page (rows already shown are skipped)."""
        fresh = [memory for memory in memories if memory.id not in self.memories]
        if fresh:
            self.memories.update((memory.id, memory) for memory in fresh)
            self.option_list.add_options([None, *self._options(fresh, now)])
        self.more, self.asked_more = more and bool(fresh), False

    def prepend(self, memories: list[Memory], now: datetime, *, earlier: bool) -> None:
        """Put the previous page before the loaded rows (rows already shown are skipped),
        keeping the highlight, and the scroll position, on the same memory. An option list
        cannot insert, so its options are rebuilt; the window keeps at most
        :data:`WINDOW_ROWS` rows, so that stays cheap however far up the user goes."""
        fresh = [memory for memory in memories if memory.id not in self.memories]
        self.earlier, self.asked_earlier = earlier and bool(fresh), False
        if not fresh:
            return
        option_list = self.option_list
        highlighted = self.highlighted_memory
        offset = self._screen_line(option_list.highlighted)
        window = [*fresh, *self.memories.values()]
        kept = {memory.id for memory in window[:WINDOW_ROWS]}
        if len(window) > WINDOW_ROWS and (highlighted is None or highlighted.id in kept):
            # The highlight is near the top: only rows far below it go.
            window = window[:WINDOW_ROWS]
            self.more, self.asked_more = True, False
        self.memories = {memory.id: memory for memory in window}
        self._fill(now)
        if highlighted is None:
            return
        option_list.highlighted = option_list.get_option_index(highlighted.id)
        line = self._screen_line(option_list.highlighted)
        if offset is not None and line is not None:
            option_list.scroll_to(y=option_list.scroll_y + line - offset, animate=False, immediate=True)

    def _screen_line(self, index: int | None) -> int | None:
        """How far below the top of the list's viewport option ``index`` starts (lines), or
        None."""
        option_list = self.option_list
        if index is None:
            return None
        line = option_line(option_list, index)
        return None if line is None else line - round(option_list.scroll_y)

    def want_edge(self, *, last: bool) -> bool:
        """Home or End: when that end of the pane is not loaded, ask the screen for its page
        (True); otherwise the list moves within what it holds (False)."""
        if not (self.more if last else self.earlier):
            return False
        self.post_message(self.NeedEdge(self, last=last))
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Highlighted(self, self.highlighted_memory))
        loaded = len(self.memories)
        if self.more and not self.asked_more and event.option_index >= loaded - PREFETCH_ROWS:
            self.asked_more = True
            self.post_message(self.NeedMore(self))
        if self.earlier and not self.asked_earlier and event.option_index < PREFETCH_ROWS:
            self.asked_earlier = True
            self.post_message(self.NeedEarlier(self))


class PaneList(OptionList):
    """The pane's option list, whose Home and End reach the whole pane's first and last
    memory, not just the loaded window's (its pane reads the missing end)."""

    def action_first(self) -> None:
        pane = self.parent
        if not (isinstance(pane, MemoryPane) and pane.want_edge(last=False)):
            super().action_first()

    def action_last(self) -> None:
        pane = self.parent
        if not (isinstance(pane, MemoryPane) and pane.want_edge(last=True)):
            super().action_last()
