"""The Inbox (DESIGN.md §3.6): explicit memories waiting for the user's confirmation.

Each row is the confirmation question itself ("Save “email” as your
contact.preferred_channel?") with where it came from; ``y`` or Enter confirms it, ``n``
asks, then rejects it (deleted, audited). Store calls run in thread workers.
"""

from __future__ import annotations

from datetime import datetime

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from screens import ASSETS, TUI_ACTOR
from screens.confirm import ConfirmScreen, save_question
from screens.literal import fit, literal
from screens.provenance import badges, provenance
from screens.store_screen import StoreScreen
from store.model import Memory


def inbox_prompt(memory: Memory, now: datetime) -> Content:
    """The question for one pending memory, then its provenance and badges."""
    question = Content.assemble(
        "Save ", literal(f"“{memory.value}”", "bold"), " as your ", literal(memory.key, "bold $accent"), "?"
    )
    return Content("\n").join([question, provenance(memory, now), badges(memory, now)])


class InboxScreen(StoreScreen):
    """Pending memories, one question each; answer with y/Enter or n."""

    FOLLOWS_OUTSIDE_WRITES = True
    CSS_PATH = ASSETS / "inbox.tcss"
    BINDINGS = [
        Binding("y", "confirm", "Yes, save it", id="inbox.confirm",
                tooltip="Confirm the highlighted memory: it becomes saved by you"),
        Binding("n", "reject", "No, discard", id="inbox.reject",
                tooltip="Reject the highlighted memory: it is deleted"),
        Binding("escape,i", "back", "Back", id="inbox.back", tooltip="Back to your memories"),
    ]

    class Loaded(Message):
        """A worker read the pending memories."""

        def __init__(self, pending: list[Memory]) -> None:
            super().__init__()
            self.pending = pending

    class Answered(Message):
        """A worker confirmed or rejected one memory; ``notice`` says which."""

        def __init__(self, notice: str) -> None:
            super().__init__()
            self.notice = notice

    def __init__(self) -> None:
        super().__init__()
        self.pending: dict[str, Memory] = {}
        self.answering: set[str] = set()


    def compose(self) -> ComposeResult:
        yield Static(
            Content.assemble(("Inbox", "bold"), " — memories found in your imports or sent by agents. "
                             "Nothing here is used until you say yes."),
            id="inbox-title",
        )
        yield OptionList(id="inbox-list")
        yield Static(Content("Your Inbox is empty: nothing is waiting for your confirmation."), id="inbox-empty")
        yield Footer(compact=True, show_command_palette=False)

    def reload(self) -> None:
        self.load_pending()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.load_pending()

    @work(thread=True, exit_on_error=False, group="store-read", exclusive=True, description="Reading the Inbox")
    def load_pending(self) -> None:
        """Read the pending memories (thread worker)."""
        self.post_message(self.Loaded(self.memtrust.store.list(status="pending")))

    def on_inbox_screen_loaded(self, message: Loaded) -> None:
        option_list = self.query_one(OptionList)
        index = option_list.highlighted or 0
        now = self.memtrust.now()
        self.pending = {memory.id: memory for memory in message.pending}
        self.answering.clear()
        options: list[Option | None] = []
        for memory in message.pending:
            options.extend([Option(inbox_prompt(memory, now), id=memory.id), None])
        option_list.clear_options()
        option_list.add_options(options[:-1])
        if message.pending:
            option_list.highlighted = min(index, len(message.pending) - 1)
        self.set_class(not message.pending, "-empty")

    @property
    def highlighted(self) -> Memory | None:
        """The highlighted pending memory, or None."""
        option = self.query_one(OptionList).highlighted_option
        return None if option is None or option.id is None else self.pending.get(option.id)

    @on(OptionList.OptionSelected)
    def confirm_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_confirm()

    class Replacing(Message):
        """A worker read the active values confirming ``memory`` would replace (§3.4)."""

        def __init__(self, memory: Memory, replaces: list[str]) -> None:
            super().__init__()
            self.memory = memory
            self.replaces = replaces

    def action_confirm(self) -> None:
        memory = self.highlighted
        if memory is not None and memory.id not in self.answering:
            self.answering.add(memory.id)
            self.read_replaced(memory)

    @work(thread=True, exit_on_error=False, group="store-read", description="Reading what a confirmation replaces")
    def read_replaced(self, memory: Memory) -> None:
        """Read the active values for the memory's scope and key (thread worker)."""
        store = self.memtrust.store
        replaces = [m.value for m in store.list(scope=memory.scope, status="active") if m.key == memory.key]
        self.post_message(self.Replacing(memory, replaces))

    def on_inbox_screen_replacing(self, message: Replacing) -> None:
        """Confirm at once, or ask first when the save replaces a value (No has the focus)."""
        memory = message.memory
        if not message.replaces:
            self.answer(memory, confirm=True)
            return

        def replace_it(yes: bool | None) -> None:
            if yes:
                self.answer(memory, confirm=True)
            else:
                self.answering.discard(memory.id)

        question = save_question(memory.key, memory.value, message.replaces)
        self.app.push_screen(ConfirmScreen(question, yes="Replace", no="Keep", destructive=True), replace_it)

    def action_reject(self) -> None:
        """Ask first (No has the focus): a discarded request is deleted for good."""
        memory = self.highlighted
        if memory is None or memory.id in self.answering:
            return

        def discard(yes: bool | None) -> None:
            if yes and memory.id not in self.answering:
                self.answering.add(memory.id)
                self.answer(memory, confirm=False)

        question = Content.assemble(
            "Discard this request? It is deleted.\n",
            literal(memory.key, "bold $accent"), " = ", literal(f"“{fit(memory.value, 120)}”", "bold"),
        )
        self.app.push_screen(ConfirmScreen(question, yes="Discard", no="Keep", destructive=True), discard)

    @work(thread=True, exit_on_error=False, group="store-write", description="Answering the Inbox")
    def answer(self, memory: Memory, *, confirm: bool) -> None:
        """Confirm (it becomes active) or reject (it is deleted) one memory (thread worker)."""
        store = self.memtrust.store
        try:
            if confirm:
                store.confirm(memory.id, actor=TUI_ACTOR)
                notice = f"Saved {memory.key}."
            else:
                store.reject(memory.id, actor=TUI_ACTOR)
                notice = f"Discarded {memory.key}."
        finally:
            self.post_message(self.Loaded(store.list(status="pending")))
        self.post_message(self.Answered(notice))

    def on_inbox_screen_answered(self, message: Answered) -> None:
        self.notify(message.notice, markup=False)

    def action_back(self) -> None:
        self.dismiss(None)
