"""A list of memories with worded badges (DESIGN.md §8), and a line for when it is empty."""

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


def memory_prompt(memory: Memory, now: datetime) -> Content:
    """Three lines for one row: the key, the value, and its badges.

    The pane's CSS (``text-wrap: nowrap; text-overflow: ellipsis``) cuts each line to fit.
    """
    return Content("\n").join(
        [literal(memory.key, "bold"), literal(memory.value), badges(memory, now)]
    )


class MemoryPane(Vertical):
    """One pane of the main screen: its memories as options, highlighted one reported up.

    The border title names the pane ("Saved by you (4)"); ``show`` replaces its rows and keeps
    the highlight on the same memory when it is still there.
    """

    class Highlighted(Message):
        """The highlighted memory of a pane changed (``memory`` is None when there is none)."""

        def __init__(self, pane: MemoryPane, memory: Memory | None) -> None:
            super().__init__()
            self.pane = pane
            self.memory = memory

    def __init__(self, title: str, *, id: str) -> None:
        super().__init__(id=id)
        self.pane_title = title
        self.memories: dict[str, Memory] = {}
        self.border_title = title

    def compose(self) -> ComposeResult:
        yield OptionList(id=f"{self.id}-list")
        yield Static("", classes="empty-state")

    @property
    def option_list(self) -> OptionList:
        """The pane's list widget."""
        return self.query_one(OptionList)

    @property
    def highlighted_memory(self) -> Memory | None:
        """The memory under the highlight, or None."""
        option = self.option_list.highlighted_option
        return None if option is None or option.id is None else self.memories.get(option.id)

    def show(self, memories: list[Memory], now: datetime, empty: Content) -> None:
        """Replace the rows with ``memories`` (in order); show ``empty`` when there are none."""
        option_list = self.option_list
        previous = self.highlighted_memory
        previous_index = option_list.highlighted
        self.memories = {memory.id: memory for memory in memories}
        options: list[Option | None] = []
        for memory in memories:
            options.extend([Option(memory_prompt(memory, now), id=memory.id), None])
        option_list.clear_options()
        option_list.add_options(options[:-1])
        self.border_title = f"{self.pane_title} ({len(memories)})"
        self.set_class(not memories, "-empty")
        self.query_one(".empty-state", Static).update(empty)
        if memories:
            if previous is not None and previous.id in self.memories:
                option_list.highlighted = option_list.get_option_index(previous.id)
            else:
                option_list.highlighted = min(previous_index or 0, len(memories) - 1)
        self.post_message(self.Highlighted(self, self.highlighted_memory))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Highlighted(self, self.highlighted_memory))
