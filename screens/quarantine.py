"""Quarantine (DESIGN.md §3.5, §8): memories held back as confidential, never given out.

Each row is a memory the user marked or phrased as confidential; ``c`` releases it (it
becomes active and assistants may use it), ``d`` deletes it. Both ask first.
"""

from __future__ import annotations

from datetime import datetime

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import Footer, OptionList, Static

from memtrust.screens import TUI_ACTOR
from memtrust.screens.confirm import QUESTION_VALUE_CELLS, ConfirmScreen, delete_memory_question
from memtrust.screens.dialog import if_yes
from memtrust.screens.literal import literal, quoted_text
from memtrust.screens.prompt_list import PromptListScreen
from memtrust.screens.provenance import badges, provenance, said_around
from memtrust.store.model import Memory
from memtrust.store.notes import display_key

#: How many held memories the screen lists at once.
QUARANTINE_ROWS = 1000


def held_prompt(memory: Memory, now: datetime) -> Content:
    """The key and value, where it came from, and its badges."""
    head = Content.assemble(
        literal(display_key(memory.key), "bold"), " = ", quoted_text(memory.value, QUESTION_VALUE_CELLS, "")
    )
    words = said_around(memory)
    return Content("\n").join([head, provenance(memory, now), *([words] if words else []), badges(memory, now)])


class QuarantineScreen(PromptListScreen):
    """Quarantined memories; release with c, delete with d."""

    FOLLOWS_OUTSIDE_WRITES = True
    EMPTY_WORDS = Content("Nothing is held in Quarantine.")
    BINDINGS = [
        Binding(
            "c",
            "release",
            "Release",
            id="quarantine.release",
            tooltip="Let assistants use the highlighted memory (asks first)",
        ),
        Binding("d", "delete", "Delete", id="quarantine.delete", tooltip="Delete the highlighted memory (asks first)"),
        Binding(
            "slash", "search", "Search", id="quarantine.search", tooltip="Narrow Quarantine to what holds some words"
        ),
        Binding(
            "escape,z", "back", "Back", id="quarantine.back", tooltip="Close the search, or go back to your memories"
        ),
    ]

    class Loaded(Message):
        """A worker read the quarantined memories."""

        def __init__(self, held: list[Memory]) -> None:
            super().__init__()
            self.held = held

    class Changed(Message):
        """A worker released or deleted one memory."""

        def __init__(self, notice: str) -> None:
            super().__init__()
            self.notice = notice

    def __init__(self) -> None:
        super().__init__()
        self.held: dict[str, Memory] = {}

    def compose(self) -> ComposeResult:
        yield Static(
            Content.assemble(
                ("Quarantine", "bold"),
                " — memories you marked confidential. "
                "They are kept, but never given to an assistant until you release them.",
            ),
            id="quarantine-title",
            classes="prompt-title",
        )
        yield self.search_box("Search Quarantine (Escape closes)")
        yield OptionList(id="quarantine-list")
        yield self.empty_line("quarantine-empty")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.load_held()

    def reload(self) -> None:
        self.load_held()

    @work(thread=True, exit_on_error=False, group="store-read", exclusive=True, description="Reading Quarantine")
    def load_held(self) -> None:
        """Read the quarantined memories (thread worker)."""
        store = self.memtrust.store
        if self.search_text:
            held = store.search_page(
                self.search_text, formation="explicit", statuses=("quarantined",), limit=QUARANTINE_ROWS
            )
        else:
            held = store.page(formation="explicit", statuses=("quarantined",), limit=QUARANTINE_ROWS)
        self.post_message(self.Loaded(held))

    def on_quarantine_screen_loaded(self, message: Loaded) -> None:
        now = self.memtrust.now()
        self.held = {memory.id: memory for memory in message.held}
        self.show_prompts((memory.id, held_prompt(memory, now)) for memory in message.held)

    @property
    def highlighted(self) -> Memory | None:
        """The highlighted memory, or None."""
        return self.held.get(self.highlighted_id or "")

    def action_release(self) -> None:
        memory = self.highlighted
        if memory is None:
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
            if_yes(lambda: self.act(memory, release=True)),
        )

    def action_delete(self) -> None:
        memory = self.highlighted
        if memory is None:
            return
        self.app.push_screen(
            ConfirmScreen(delete_memory_question(memory.key, memory.value), yes="Delete", no="Keep"),
            if_yes(lambda: self.act(memory, release=False)),
        )

    @work(thread=True, exit_on_error=False, group="store-write", description="Changing Quarantine")
    def act(self, memory: Memory, *, release: bool) -> None:
        """Release (it becomes active) or delete one held memory (thread worker)."""
        store = self.memtrust.store
        if release:
            store.confirm(memory.id, actor=TUI_ACTOR)
            notice = f"Released {memory.key} from Quarantine."
        else:
            store.forget(memory.id, actor=TUI_ACTOR)
            notice = f"Deleted {memory.key}."
        self.post_message(self.Changed(notice))

    def on_quarantine_screen_changed(self, message: Changed) -> None:
        self.notify(message.notice, markup=False)
        self.load_held()

    def action_back(self) -> None:
        if not self.leave_search():
            self.dismiss(None)
