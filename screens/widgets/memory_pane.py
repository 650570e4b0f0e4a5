"""A paged list of memories with worded badges (DESIGN.md §8), and a line for when it is empty.

A pane starts with no children: its frame and title ("Saved by you (reading…)") paint at
once. The main screen calls :meth:`MemoryPane.mount_list` after its first frame (Textual's
lazy-mount pattern, ``textual.lazy``), so the option list, the costliest widget of the
screen, follows before the first rows are read; the line shown when the pane is empty is
mounted only when it is needed (issue 6: launch to first paint).

A pane never holds the whole store: the screen feeds it a page (~15 rows) at a time with
:meth:`MemoryPane.show`, and :meth:`MemoryPane.extend` when the highlight nears the end of
what is loaded — the pane asks for that with :class:`MemoryPane.NeedMore`. The border title
gives the full count ("Saved by you (60,000)").
"""

from __future__ import annotations

from datetime import datetime

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from screens.literal import literal
from screens.provenance import badges
from store.model import Memory

#: Ask for the next page when the highlight is this close to the last loaded row.
PREFETCH_ROWS = 8


def memory_prompt(memory: Memory, now: datetime) -> Content:
    """Three lines for one row: the key, the value, and its badges.

    The pane's CSS (``text-wrap: nowrap; text-overflow: ellipsis``) cuts each line to fit,
    by cell width, so every row starts its badges at the same column.
    """
    return Content("\n").join(
        [literal(memory.key, "bold"), literal(memory.value), badges(memory, now)]
    )


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

    def __init__(self, title: str, *, id: str) -> None:
        super().__init__(id=id)
        self.pane_title = title
        self.memories: dict[str, Memory] = {}
        self.total = 0
        self.more = False
        self.asked_more = False
        self.border_title = f"{title} (reading…)"

    def compose(self) -> ComposeResult:
        return []  # the list follows the first frame (mount_list); the empty line, when needed

    async def mount_list(self) -> None:
        """Mount the pane's option list (id ``<pane id>-list``), once."""
        if not self.query(OptionList):
            await self.mount(OptionList(id=f"{self.id}-list"), before=0)

    def _show_empty(self, empty: Content) -> None:
        """Put ``empty`` in the pane's empty-state line, mounting the line the first time."""
        lines = self.query(".empty-state")
        if lines:
            lines.first(Static).update(empty)
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

    def _title(self, searching: bool) -> str:
        count = "…" if self.total < 0 else f"{self.total:,}"
        return f"{self.pane_title} ({count}{' found' if searching else ''})"

    def set_total(self, total: int, *, searching: bool) -> None:
        """The full count arrived after the rows (a search counts its matches afterwards)."""
        self.total = total
        self.border_title = self._title(searching)

    def show(self, memories: list[Memory], now: datetime, empty: Content, *, total: int | None = None,
             more: bool = False, searching: bool = False) -> None:
        """Replace the rows with ``memories`` (the first page, in order); ``total`` is how many
        there are in all (default: this page; -1 while still being counted), ``more`` whether
        further pages exist. Shows
        ``empty`` when there are none; keeps the highlight on the same memory when it is
        still there."""
        option_list = self.option_list
        previous = self.highlighted_memory
        previous_index = option_list.highlighted
        self.memories = {memory.id: memory for memory in memories}
        self.total = len(memories) if total is None else total
        self.more, self.asked_more = more, False
        options: list[Option | None] = []
        for memory in memories:
            options.extend([Option(memory_prompt(memory, now), id=memory.id), None])
        option_list.clear_options()
        option_list.add_options(options[:-1])
        self.border_title = self._title(searching)
        self.set_class(not memories, "-empty")
        if not memories:
            self._show_empty(empty)
        if memories:
            if previous is not None and previous.id in self.memories:
                option_list.highlighted = option_list.get_option_index(previous.id)
            else:
                option_list.highlighted = min(previous_index or 0, len(memories) - 1)
        self.post_message(self.Highlighted(self, self.highlighted_memory))

    def extend(self, memories: list[Memory], now: datetime, *, more: bool) -> None:
        """Append the next page (rows already shown are skipped)."""
        option_list = self.option_list
        fresh = [memory for memory in memories if memory.id not in self.memories]
        options: list[Option | None] = []
        for memory in fresh:
            self.memories[memory.id] = memory
            options.extend([None, Option(memory_prompt(memory, now), id=memory.id)])
        if options:
            option_list.add_options(options)
        self.more, self.asked_more = more and bool(fresh), False

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Highlighted(self, self.highlighted_memory))
        loaded = len(self.memories)
        if self.more and not self.asked_more and event.option_index >= loaded - PREFETCH_ROWS:
            self.asked_more = True
            self.post_message(self.NeedMore(self))
