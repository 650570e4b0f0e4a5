"""Review mode (DESIGN.md §8, issue 6): every memory, one at a time — keep, edit, delete, promote.

Inferred memories come first, oldest evidence first (``MemoryStore.review_queue``); then
what the user saved. Keeping one sets its ``reviewed_at`` (audited as ``review``); edited and
promoted ones count as reviewed too. A memory reviewed since the walk began is not shown
again, so leaving and coming back resumes where the user stopped. When nothing is left, the
review is done: the time is remembered (setting ``last_review_at``, epoch seconds UTC) and the
quarterly nudge (``review_interval_days``, default 90) waits for the next one.
"""

from __future__ import annotations

from datetime import datetime

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Footer, Static

from memtrust.screens import ASSETS, TUI_ACTOR
from memtrust.screens.confirm import QUESTION_VALUE_CELLS, ConfirmScreen, delete_memory_question
from memtrust.screens.dialog import if_yes, with_answer
from memtrust.screens.edit import EditMemoryScreen
from memtrust.screens.literal import literal, quoted_text
from memtrust.screens.provenance import badges, formation_label
from memtrust.screens.store_screen import StoreScreen
from memtrust.screens.widgets.detail import describe
from memtrust.store.memories import MemoryStore
from memtrust.store.model import Memory, Proposal, confirmed_by_user, to_epoch
from memtrust.store.notes import display_key
from memtrust.store.review import LAST_REVIEW_SETTING, last_review, review_interval

#: Memories read per step of the walk.
REVIEW_BATCH = 50
#: The actions that decide about the memory on screen (hidden once the review is done).
MEMORY_ACTIONS = frozenset({"keep", "edit", "delete", "promote", "skip"})


def which_one(memory: Memory) -> str:
    """What the memory is, in the badges' words (``formation_label``): "inferred about you",
    "saved by you", "confirmed only in an assistant's client, not yet by you" (§10), or "a
    request you have not confirmed" (and where it is held)."""
    if memory.formation == "implicit":
        return "inferred about you"
    if formation_label(memory) == "saved by you":
        return "saved by you"
    if memory.confirmed_in is not None:  # §10: its client said yes, not the user
        return "confirmed only in an assistant's client, not yet by you"
    held = {"quarantined": " (held in Quarantine)", "pending": " (waiting in the Inbox)"}.get(memory.status, "")
    return f"a request you have not confirmed{held}"


def review_due(store: MemoryStore, now: datetime) -> str | None:
    """The nudge sentence when a review is due and there is something to review, else None."""
    since = to_epoch(now) - last_review(store)
    if since < review_interval(store).total_seconds():
        return None
    if store.count(statuses=("active", "quarantined")) == 0:
        return None
    days = since // 86400
    return (
        f"It has been {days} days since you last reviewed what memtrust holds about you. "
        "Press v to walk through it: keep, edit or delete each memory."
    )


class ReviewScreen(StoreScreen):
    """One memory at a time with the keys to decide; Escape leaves (the rest waits)."""

    CSS_PATH = ASSETS / "review.tcss"
    BINDINGS = [
        Binding("k", "keep", "Keep", id="review.keep", tooltip="Keep it as it is and go to the next one"),
        Binding(
            "e", "edit", "Edit", id="review.edit", tooltip="Change its value (an edited inference becomes saved by you)"
        ),
        Binding("d", "delete", "Delete", id="review.delete", tooltip="Delete it for good (asks first)"),
        Binding(
            "p", "promote", "Promote", id="review.promote", tooltip="Save an inferred memory as yours (asks first)"
        ),
        Binding("n", "skip", "Skip", id="review.skip", tooltip="Decide later; it stays in the next review"),
        Binding("escape,v", "back", "Leave", id="review.back", tooltip="Stop reviewing; the rest waits for next time"),
    ]

    class Loaded(Message):
        """A worker read the next memories due and how many remain."""

        def __init__(self, queue: list[Memory], remaining: int) -> None:
            super().__init__()
            self.queue = queue
            self.remaining = remaining

    class Done(Message):
        """A worker acted on the current memory; ``notice`` says what happened."""

        def __init__(self, notice: str) -> None:
            super().__init__()
            self.notice = notice

    def __init__(self) -> None:
        super().__init__()
        self.started: int | None = None
        self.queue: list[Memory] = []
        self.skipped: set[str] = set()
        self.remaining = 0
        self.reviewed = 0
        self.busy = True

    def compose(self) -> ComposeResult:
        yield Static(Content.styled("Review", "bold"), id="review-title")
        yield Static("", id="review-progress")
        yield Static("", id="review-item")
        with VerticalScroll(id="review-detail"):
            yield Static("", id="review-detail-text")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.started = to_epoch(self.memtrust.now())
        self.load_queue()

    def reload(self) -> None:
        self.load_queue()

    @property
    def current(self) -> Memory | None:
        """The memory on screen, or None when the review is done."""
        return self.queue[0] if self.queue else None

    @work(thread=True, exit_on_error=False, group="store-read", exclusive=True, description="Reading the review")
    def load_queue(self) -> None:
        """Read the next memories due for review, skipping the ones put off (thread worker)."""
        store = self.memtrust.store
        assert self.started is not None
        batch = store.review_queue(reviewed_before=self.started, limit=REVIEW_BATCH + len(self.skipped))
        queue = [memory for memory in batch if memory.id not in self.skipped][:REVIEW_BATCH]
        remaining = store.review_remaining(reviewed_before=self.started)
        if not queue:
            store.set_setting(LAST_REVIEW_SETTING, str(to_epoch(self.memtrust.now())))
        self.post_message(self.Loaded(queue, max(0, remaining - len(self.skipped))))

    def on_review_screen_loaded(self, message: Loaded) -> None:
        self.queue, self.remaining, self.busy = message.queue, message.remaining, False
        self.show_current()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the keys that act on a memory once the review is done, and p (promote) for a
        memory that is not an inference (one saved by you, or a request)."""
        if action in MEMORY_ACTIONS:
            memory = self.current
            if memory is None:
                return False
            if action == "promote" and memory.formation != "implicit":
                return False
        return True

    def show_current(self) -> None:
        self.refresh_bindings()
        memory = self.current
        now = self.memtrust.now()
        progress = self.query_one("#review-progress", Static)
        item = self.query_one("#review-item", Static)
        detail = self.query_one("#review-detail-text", Static)
        self.set_class(memory is None, "-done")
        if memory is None:
            progress.update(
                Content(
                    f"Review done: you went through {self.reviewed} "
                    f"{'memory' if self.reviewed == 1 else 'memories'}"
                    + (f" and put off {len(self.skipped)}." if self.skipped else ".")
                    + " The next review is offered after the interval in Settings."
                )
            )
            item.update(Content("Press Escape to go back to your memories."))
            detail.update("")
            return
        progress.update(
            Content(
                f"{self.remaining:,} left to review · this one is {which_one(memory)}. "
                "k keep · e edit · d delete · "
                + ("p promote · " if memory.formation == "implicit" else "")
                + "n skip · Escape leave"
            )
        )
        item.update(
            Content("\n").join([literal(display_key(memory.key), "bold"), literal(memory.value), badges(memory, now)])
        )
        detail.update(describe(memory, now))
        self.query_one("#review-detail", VerticalScroll).scroll_home(animate=False)

    def _advance(self) -> None:
        self.busy = True
        self.load_queue()

    def on_review_screen_done(self, message: Done) -> None:
        self.notify(message.notice, markup=False)
        self.reviewed += 1
        self._advance()

    def _take(self) -> Memory | None:
        if self.busy:
            return None
        return self.current

    def action_keep(self) -> None:
        memory = self._take()
        if memory is not None:
            self.busy = True
            self.keep(memory)

    @work(thread=True, exit_on_error=False, group="store-write", description="Keeping a memory")
    def keep(self, memory: Memory) -> None:
        """Mark the memory reviewed (thread worker)."""
        self.memtrust.store.mark_reviewed(memory.id, actor=TUI_ACTOR)
        self.post_message(self.Done(f"Kept {memory.key}."))

    def action_skip(self) -> None:
        memory = self._take()
        if memory is not None:
            self.skipped.add(memory.id)
            self._advance()

    def action_edit(self) -> None:
        memory = self._take()
        if memory is not None:
            self.app.push_screen(EditMemoryScreen(memory), with_answer(lambda value: self.edit(memory, value)))

    @work(thread=True, exit_on_error=False, group="store-write", description="Editing a memory")
    def edit(self, memory: Memory, value: str) -> None:
        """Write the new value and count the memory as reviewed (thread worker)."""
        store = self.memtrust.store
        edited = store.edit(memory.id, value, actor=TUI_ACTOR)
        store.mark_reviewed(edited.id, actor=TUI_ACTOR)
        self.post_message(self.Done(f"Changed {edited.key}."))

    def action_delete(self) -> None:
        memory = self._take()
        if memory is None:
            return
        self.app.push_screen(
            ConfirmScreen(delete_memory_question(memory.key, memory.value), yes="Delete", no="Keep"),
            if_yes(lambda: self.delete(memory)),
        )

    @work(thread=True, exit_on_error=False, group="store-write", description="Deleting a memory")
    def delete(self, memory: Memory) -> None:
        """Delete the memory (thread worker)."""
        self.memtrust.store.forget(memory.id, actor=TUI_ACTOR, reason="You deleted it during a review.")
        self.post_message(self.Done(f"Deleted {memory.key}."))

    def action_promote(self) -> None:
        memory = self._take()
        if memory is None:
            return
        if memory.formation != "implicit":
            self.notify(
                "This one is already saved by you."
                if confirmed_by_user(memory)
                else "This one is a request; confirm it in the Inbox (i) or Quarantine (z).",
                severity="warning",
            )
            return
        question = Content.assemble(
            "Save ",
            quoted_text(memory.value, QUESTION_VALUE_CELLS),
            " as your ",
            literal(memory.key, "bold"),
            "? It becomes saved by you and no longer expires.",
        )
        self.app.push_screen(ConfirmScreen(question, yes="Save", no="Cancel"), if_yes(lambda: self.promote(memory)))

    @work(thread=True, exit_on_error=False, group="store-write", description="Promoting a memory")
    def promote(self, memory: Memory) -> None:
        """Save the inferred value as explicit (it supersedes the inference) and count it reviewed."""
        store = self.memtrust.store
        proposal = Proposal(memory.key, memory.value, "explicit", "user", scope=memory.scope, confirmed=True)
        result = store.propose(proposal, actor=TUI_ACTOR)
        if result.memory is None:
            self.post_message(self.Done(f"Not saved: {result.decision.reason}"))
            return
        store.mark_reviewed(result.memory.id, actor=TUI_ACTOR)
        self.post_message(self.Done(f"{memory.key} is now saved by you."))

    def action_back(self) -> None:
        self.dismiss(None)
