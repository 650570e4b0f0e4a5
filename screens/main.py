"""The main screen (DESIGN.md §8): "Saved by you" beside "What we think we know".

Left pane: explicit memories that are active or quarantined (pending ones wait in the
Inbox). Quarantined rows stay in this pane, after the active ones, with a ``quarantined``
badge, so nothing the user saved is hidden. Right pane: every implicit memory. Below them,
the detail panel for the highlighted row of the focused pane.

Every store call runs in a thread worker that posts a message back; widgets are only
touched on the UI thread.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.widgets import Footer

from screens import ASSETS, TUI_ACTOR
from screens.add import AddMemoryScreen, NewMemory
from screens.confirm import ConfirmScreen
from screens.consent import ConsentScreen
from screens.inbox import InboxScreen
from screens.learning_off import LearningOffChoice, LearningOffScreen
from screens.literal import literal
from screens.store_screen import StoreScreen
from screens.widgets.detail import DetailPanel
from screens.widgets.memory_pane import MemoryPane
from screens.widgets.status_line import StatusLine
from store.model import Memory, Proposal


@dataclass(frozen=True)
class MemoryView:
    """What the main screen shows, read in one worker: rows per pane and the store state."""

    saved: list[Memory]
    inferred: list[Memory]
    pending: int
    learning: bool


def save_question(key: str, value: str) -> Content:
    """The §3.6 confirmation: Save “email” as your contact.preferred_channel?"""
    return Content.assemble(
        "Save ", literal(f"“{value}”", "bold"), " as your ", literal(key, "bold $accent"), "?"
    )


class MainScreen(StoreScreen):
    """Both panes, the detail panel and the status line; keys for every action."""

    CSS_PATH = ASSETS / "main.tcss"
    BINDINGS = [
        Binding("a", "add", "Add", id="main.add", tooltip="Type a memory to save (you confirm before it is written)"),
        Binding("d", "delete", "Delete", id="main.delete", tooltip="Delete the highlighted memory (asks first)"),
        Binding("i", "inbox", "Inbox", id="main.inbox", tooltip="Confirm or reject memories waiting for you"),
        Binding("l", "toggle_learning", "Learning", id="main.learning",
                tooltip="Turn implicit learning on (asks your consent) or off"),
        Binding("p", "promote", "Promote", id="main.promote",
                tooltip="Save the highlighted inferred memory as yours (asks first)"),
        Binding("c", "release", "Release", id="main.release", show=False,
                tooltip="Let assistants use a quarantined memory (asks first)"),
        Binding("x", "clear_inferred", "Clear inferred", id="main.clear-inferred",
                tooltip="Delete everything inferred about you (asks first)"),
        Binding("r", "refresh", "Refresh", id="main.refresh", show=False,
                tooltip="Read the store again"),
    ]

    class Loaded(Message):
        """A worker read the store; ``view`` is what to show."""

        def __init__(self, view: MemoryView) -> None:
            super().__init__()
            self.view = view

    class Changed(Message):
        """A worker changed the store; ``notice`` says what happened, in words."""

        def __init__(self, notice: str, severity: str = "information") -> None:
            super().__init__()
            self.notice = notice
            self.severity = severity

    def __init__(self) -> None:
        super().__init__()
        self.memory_view: MemoryView | None = None


    def compose(self) -> ComposeResult:
        yield StatusLine(self.memtrust.key_mode, id="status")
        with Horizontal(id="panes"):
            yield MemoryPane("Saved by you", id="saved")
            yield MemoryPane("What we think we know", id="inferred")
        yield DetailPanel(id="detail")
        yield Footer()

    def reload(self) -> None:
        self.load_memories()

    def on_mount(self) -> None:
        self.query_one("#saved-list").focus()
        self.load_memories()

    def on_screen_resume(self) -> None:
        if self.memory_view is not None:
            self.load_memories()

    # --- reading --------------------------------------------------------------------------

    @work(thread=True, exit_on_error=False, group="store-read", exclusive=True, description="Reading memories")
    def load_memories(self) -> None:
        """Read both panes' rows, the Inbox count and the consent state (thread worker)."""
        store = self.memtrust.store
        explicit = store.list(formation="explicit")
        saved = [m for m in explicit if m.status == "active"] + [m for m in explicit if m.status == "quarantined"]
        view = MemoryView(
            saved=saved,
            inferred=store.list(formation="implicit"),
            pending=sum(1 for m in explicit if m.status == "pending"),
            learning=store.learning_enabled(),
        )
        self.post_message(self.Loaded(view))

    def on_main_screen_loaded(self, message: Loaded) -> None:
        view = self.memory_view = message.view
        now = self.memtrust.now()
        status = self.query_one(StatusLine)
        status.learning, status.pending = view.learning, view.pending
        self.query_one("#saved", MemoryPane).show(
            view.saved, now, Content("Nothing saved yet. Press a to add a memory, or i to open your Inbox.")
        )
        if view.learning:
            empty = Content("Nothing inferred yet. Inferences appear here, labelled, after you import conversations.")
        else:
            empty = Content(
                "Nothing inferred: implicit learning is OFF, so memtrust guesses nothing about you. "
                "Press l to read what it would infer and decide."
            )
        self.query_one("#inferred", MemoryPane).show(view.inferred, now, empty)

    @on(MemoryPane.Highlighted)
    def show_highlighted(self, message: MemoryPane.Highlighted) -> None:
        if message.pane is self.focused_pane:
            self.query_one(DetailPanel).show(message.memory, self.memtrust.now())

    def on_descendant_focus(self) -> None:
        pane = self.focused_pane
        if pane is not None:
            self.query_one(DetailPanel).show(pane.highlighted_memory, self.memtrust.now())

    @property
    def focused_pane(self) -> MemoryPane | None:
        """The pane holding the focus (the saved pane when the focus is elsewhere)."""
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

    # --- acting -----------------------------------------------------------------------------

    def on_main_screen_changed(self, message: Changed) -> None:
        self.notify(message.notice, severity=message.severity, markup=False)  # type: ignore[arg-type]
        self.load_memories()

    def action_refresh(self) -> None:
        self.load_memories()

    def action_inbox(self) -> None:
        self.app.push_screen(InboxScreen())

    def action_add(self) -> None:
        def confirm(new: NewMemory | None) -> None:
            if new is None:
                return
            question = save_question(new.key, new.value)
            if new.scope != "shared":
                question = question.append(Content.assemble(" (scope ", literal(new.scope, "bold"), ")"))
            self.app.push_screen(ConfirmScreen(question, yes="Save", no="Cancel"),
                                 lambda yes: self.add_memory(new) if yes else None)

        self.app.push_screen(AddMemoryScreen(), confirm)

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

    def action_delete(self) -> None:
        memory = self.highlighted
        if memory is None:
            self.notify("Highlight a memory first.", severity="warning")
            return
        question = Content.assemble(
            "Delete ", literal(memory.key, "bold"), " = ", literal(f"“{memory.value}”", "bold"),
            "? It is removed for good; the audit log keeps only that it existed.",
        )
        self.app.push_screen(ConfirmScreen(question, yes="Delete", no="Keep"),
                             lambda yes: self.forget_memory(memory.id) if yes else None)

    @work(thread=True, exit_on_error=False, group="store-write", description="Deleting a memory")
    def forget_memory(self, memory_id: str) -> None:
        """Delete one memory (thread worker)."""
        memory = self.memtrust.store.forget(memory_id, actor=TUI_ACTOR)
        self.post_message(self.Changed(f"Deleted {memory.key}."))

    def action_promote(self) -> None:
        memory = self.highlighted
        if memory is None or memory.formation != "implicit":
            self.notify("Highlight an inferred memory to promote it.", severity="warning")
            return
        question = Content.assemble(save_question(memory.key, memory.value),
                                    " It becomes saved by you and no longer expires.")
        self.app.push_screen(ConfirmScreen(question, yes="Save", no="Cancel"),
                             lambda yes: self.promote_memory(memory) if yes else None)

    @work(thread=True, exit_on_error=False, group="store-write", description="Promoting a memory")
    def promote_memory(self, memory: Memory) -> None:
        """Write the inferred value as explicit, typed and confirmed by the user (§3.4: the
        explicit row supersedes the inferred one)."""
        proposal = Proposal(memory.key, memory.value, "explicit", "user", scope=memory.scope, confirmed=True)
        decision = self.memtrust.store.propose(proposal, actor=TUI_ACTOR).decision
        if decision.outcome == "reject":
            self.post_message(self.Changed(f"Not saved: {decision.reason}", "error"))
        else:
            self.post_message(self.Changed(f"{memory.key} is now saved by you."))

    def action_release(self) -> None:
        memory = self.highlighted
        if memory is None or memory.status != "quarantined":
            self.notify("Highlight a quarantined memory to release it.", severity="warning")
            return
        question = Content.assemble(
            "Release ", literal(memory.key, "bold"), " from Quarantine? Assistants may then use “",
            literal(memory.value, "bold"), "”.",
        )
        self.app.push_screen(ConfirmScreen(question, yes="Release", no="Keep held"),
                             lambda yes: self.release_memory(memory.id) if yes else None)

    @work(thread=True, exit_on_error=False, group="store-write", description="Releasing a memory")
    def release_memory(self, memory_id: str) -> None:
        """Release a quarantined memory: it becomes active (thread worker)."""
        memory = self.memtrust.store.confirm(memory_id, actor=TUI_ACTOR)
        self.post_message(self.Changed(f"Released {memory.key} from Quarantine."))

    def action_toggle_learning(self) -> None:
        if self.memory_view is None:
            return
        if not self.memory_view.learning:
            self.app.push_screen(ConsentScreen(), lambda accepted: self.set_learning(True) if accepted else None)
            return

        def turn_off(choice: LearningOffChoice | None) -> None:
            if choice is not None:
                self.set_learning(False, clear=choice == "off-and-clear")

        self.app.push_screen(LearningOffScreen(len(self.memory_view.inferred)), turn_off)

    @work(thread=True, exit_on_error=False, group="store-write", description="Recording consent")
    def set_learning(self, enabled: bool, *, clear: bool = False) -> None:
        """Record the consent event (§3.2), and clear inferred rows when asked (thread worker)."""
        store = self.memtrust.store
        store.set_learning(enabled, actor=TUI_ACTOR)
        notice = "Implicit learning is ON." if enabled else "Implicit learning is OFF; nothing new will be inferred."
        if clear:
            removed = store.clear_inferred(actor=TUI_ACTOR)
            notice += f" Cleared {removed} inferred {'memory' if removed == 1 else 'memories'}."
        self.post_message(self.Changed(notice))

    def action_clear_inferred(self) -> None:
        count = len(self.memory_view.inferred) if self.memory_view else 0
        if count == 0:
            self.notify("There is nothing inferred to clear.")
            return
        question = Content(
            f"Delete all {count} inferred {'memory' if count == 1 else 'memories'}? "
            "What you saved yourself is not touched."
        )
        self.app.push_screen(ConfirmScreen(question, yes="Clear", no="Keep"),
                             lambda yes: self.clear_inferred() if yes else None)

    @work(thread=True, exit_on_error=False, group="store-write", description="Clearing inferred memories")
    def clear_inferred(self) -> None:
        """Delete every implicit memory (thread worker)."""
        removed = self.memtrust.store.clear_inferred(actor=TUI_ACTOR)
        self.post_message(self.Changed(f"Cleared {removed} inferred {'memory' if removed == 1 else 'memories'}."))
