"""The Inbox (DESIGN.md §3.6, §6): what waits for the user's yes or no.

- A pending memory: the confirmation question itself ("Save “email” as your
  contact.preferred_channel?") with where it came from; ``y`` or Enter confirms it, ``n``
  asks, then rejects it (deleted, audited).
- A memory only an MCP client confirmed (§10: the client's word, not the user's): "“Claude
  Desktop” said yes to saving “Ada” as your profile.name, not you. Is it yours?"; ``y`` or
  Enter confirms it as the user's (it may then be given for privileged purposes), ``n`` asks,
  then deletes it.
- A request to forget found in an import (§6): "You asked to forget: “I prefer email” —
  delete contact.preferred_channel = email?"; ``y`` or Enter asks the main screen's delete
  question (No has the focus), then deletes the memory; ``n`` dismisses the request and
  keeps the memory (nothing is deleted, so it does not ask). An agent's request to forget
  (§10) is asked and answered the same way, worded as the agent's.

Requests to forget come first: a deletion the user asked for should not wait below a list
of saves. Store calls run in thread workers.
"""

from __future__ import annotations

from datetime import UTC, datetime

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import Footer, OptionList, Static

from memtrust.screens import TUI_ACTOR
from memtrust.screens.confirm import QUESTION_VALUE_CELLS, ConfirmScreen, save_question
from memtrust.screens.literal import fit, literal, quoted_name_text, quoted_text
from memtrust.screens.prompt_list import PromptListScreen
from memtrust.screens.provenance import badge, badges, day, expiry, provenance, ref_origin, said_around
from memtrust.store.consumers import CLIENT_NAME_CELLS
from memtrust.store.deletion_requests import (
    DeletionRequest,
    DeletionRequestNotFound,
    DeletionRequests,
    from_agent,
)
from memtrust.store.model import ASSISTANT_NAMES, DEFAULT_SCOPE, Memory, imported_from
from memtrust.store.search import fold

#: Option ids of requests to forget start with this (memory ids are hex, so never do).
REQUEST_PREFIX = "forget:"
#: Most pending memories a search of the Inbox lists.
INBOX_ROWS = 1000
#: Most pending memories the Inbox lists at once, oldest first: a page a person answers in a
#: sitting. Laying out thousands of wrapped questions on the UI thread froze the app for
#: seconds (bench/inbox_bench.py); answering one brings the next up (§8).
INBOX_PAGE = 200


def _request_text(request: DeletionRequest) -> str:
    """What a search of the Inbox looks in for a request to forget: what was said, and the
    keys and values it would delete."""
    return "\n".join([request.what, request.utterance, *(f"{m.key}\n{m.value}" for m in request.targets)])


#: The two answers to a memory from another assistant's list, as the Inbox shows them.
IMPORT_ANSWERS = "y  Yes, that's mine (saved by you)    n  No (discarded; not asked again)"


def for_scope(memory: Memory) -> Content:
    """`` (for research only)`` when the memory waits for a scope other than shared, else
    nothing: a yes gives it to that assistant alone (§7), so every question says which."""
    if memory.scope == DEFAULT_SCOPE:
        return Content("")
    return Content.assemble(" (for ", literal(memory.scope, "bold"), " only)")


def _listed_value(memory: Memory) -> Content:
    """“Prefers tea”, or “Robin Vale” as your profile.name: the value quoted and escaped (one
    line, capped), and the key when it says something (a note's key does not), and the scope
    when it is not shared (:func:`for_scope`)."""
    value = quoted_text(memory.value, QUESTION_VALUE_CELLS)
    if memory.key.startswith("notes."):
        return Content.assemble(value, for_scope(memory))
    return Content.assemble(value, " as your ", literal(memory.key, "bold"), for_scope(memory))


def import_question(memory: Memory) -> Content:
    """The question for a memory from another assistant's list (§2 ``import:<assistant>``):
    who listed it, that the assistant formed it and may have guessed it, and the answers.

    "ChatGPT listed this about you: “Prefers tea”. ChatGPT formed this memory, and may have
    guessed it. Is it yours?" A list memtrust itself wrote says so instead, and
    an item it marked as a guess is called one.
    """
    assistant = imported_from(memory.source) or "other"
    evidence = memory.evidence or {}
    # “… first.” needs no second full stop; “Robin” as your profile.name does.
    ends_quoted = memory.key.startswith("notes.") and memory.value.rstrip().endswith((".", "!", "?"))
    stop = "" if ends_quoted else "."
    if assistant == "memtrust":
        opening = Content.assemble("Your memtrust export lists this as yours: ", _listed_value(memory), stop)
        doubt = "It came in from a file, so memtrust asks before saving it. Is it yours?"
    else:
        who = ASSISTANT_NAMES[assistant]
        opening = Content.assemble(f"{who[0].upper()}{who[1:]} listed this about you: ", _listed_value(memory), stop)
        doubt = f"{who[0].upper()}{who[1:]} formed this memory, and may have guessed it. Is it yours?"
    if evidence.get("marked_guess") is True:
        doubt = "memtrust inferred this before: it is a guess, not your words. Is it yours?"
    return Content("\n").join([opening, Content(doubt), Content.styled(IMPORT_ANSWERS, "bold")])


def import_origin(memory: Memory) -> Content:
    """Where a listed memory came from, in one line: ``line 6 of memories.txt, under
    “Work”, dated 12 Jan 2025; imported 2 Mar 2026`` (file name and heading escaped)."""
    evidence = memory.evidence or {}
    parts: list[Content] = []
    where = evidence.get("list")
    line = evidence.get("line")
    if isinstance(where, str) and where:
        place = f"line {line} of " if isinstance(line, int) and not isinstance(line, bool) else ""
        parts.append(Content.assemble(place.capitalize() or "From ", literal(fit(where, 60))))
    heading = evidence.get("heading")
    if isinstance(heading, str) and heading.strip():
        parts.append(Content.assemble("under ", quoted_text(heading, 62, "")))
    listed_at = evidence.get("listed_at")
    if isinstance(listed_at, int) and not isinstance(listed_at, bool):
        parts.append(Content(f"dated {day(datetime.fromtimestamp(listed_at, UTC))}"))
    origin = Content(", ").join(parts) if parts else Content("From a memory list")
    return Content.assemble(origin, f"; imported {day(memory.created_at)}.")


#: The two answers to a memory only a client confirmed, as the Inbox shows them.
CLIENT_ANSWERS = "y  Yes, it's mine (saved by you)    n  No (deleted)"


def client_question(memory: Memory) -> Content:
    """The question for a memory whose only yes was an MCP client's (§10): “Claude Desktop”
    said yes to saving “Ada” as your profile.name, not you. Is it yours?"""
    client = quoted_name_text(memory.confirmed_in or "", CLIENT_NAME_CELLS)
    opening = Content.assemble(client, " said yes to saving ", _listed_value(memory), ", not you in memtrust.")
    doubt = "memtrust cannot tell whether you or the client answered. Is it yours?"
    return Content("\n").join([opening, Content(doubt), Content.styled(CLIENT_ANSWERS, "bold")])


def inbox_prompt(memory: Memory, now: datetime) -> Content:
    """The question for one pending memory, its provenance, the user's words around it
    when it came from a conversation, and its badges. A memory from another assistant's list
    asks :func:`import_question` instead, and one only an MCP client confirmed
    :func:`client_question`."""
    if memory.confirmed_in is not None:
        return Content("\n").join([client_question(memory), provenance(memory, now), badges(memory, now)])
    if imported_from(memory.source) is not None:
        return Content("\n").join([import_question(memory), import_origin(memory), badges(memory, now)])
    question = Content.assemble(
        "Save ",
        quoted_text(memory.value, QUESTION_VALUE_CELLS),
        " as your ",
        literal(memory.key, "bold"),
        for_scope(memory),
        "?",
    )
    lines = [question, provenance(memory, now)]
    if (words := said_around(memory)) is not None:
        lines.append(words)
    return Content("\n").join([*lines, badges(memory, now)])


def _targets(request: DeletionRequest) -> Content:
    """``profile.name = “Sam Rivera”`` for each memory a yes deletes, joined by "and"."""
    return Content(" and ").join(
        Content.assemble(literal(m.key, "bold"), " = ", quoted_text(m.value, QUESTION_VALUE_CELLS))
        for m in request.targets
    )


def _agent_asks(agent: str) -> Content:
    """``research (an assistant) asks to forget`` — the agent's name is a role name."""
    return Content.assemble(literal(agent, "bold"), " (an assistant) asks to forget")


def request_prompt(request: DeletionRequest, now: datetime) -> Content:
    """The question for one request to forget (§6, §10), where and when it was said, and badges."""
    lapse = expiry(request.pending_until, now, short=True) or "expired"
    marks = Content(" ").join([badge("request to forget", "held"), badge(lapse.replace("expires", "lapses"), "expiry")])
    if (agent := from_agent(request)) is not None:
        question = Content.assemble(_agent_asks(agent), ": delete ", _targets(request), "?")
        origin = Content(
            f"It asked through memtrust's agent server on {day(request.created_at)}. An assistant cannot "
            "delete what you saved or confirmed: only your yes here does."
        )
        return Content("\n").join([question, origin, marks])
    question = Content.assemble(
        "You asked to forget: ",
        quoted_text(request.what, QUESTION_VALUE_CELLS),
        " — delete ",
        _targets(request),
        "?",
    )
    origin_words = ref_origin(request.source_ref) or "an export"
    when = (
        f"on {day(request.said_at)}"
        if request.said_at is not None
        else f"(found when it was imported on {day(request.created_at)})"
    )
    origin = Content.assemble(
        "You said it in a conversation ",
        when,
        " in ",
        literal(origin_words),
        ": ",
        quoted_text(request.utterance, 160, ""),
    )
    return Content("\n").join([question, origin, marks])


def delete_question(request: DeletionRequest) -> Content:
    """The main screen's delete question, for what a request to forget names."""
    gone, existed = ("It is", "it") if len(request.targets) == 1 else ("They are", "they")
    return Content.assemble(
        "Delete ", _targets(request), f"? {gone} removed for good; the audit log keeps only that {existed} existed."
    )


class InboxScreen(PromptListScreen):
    """Pending memories and requests to forget, one question each; answer with y/Enter or n."""

    FOLLOWS_OUTSIDE_WRITES = True
    EMPTY_WORDS = Content("Your Inbox is empty: nothing is waiting for your confirmation.")
    BINDINGS = [
        # "Yes"/"No" answer the highlighted row's own question: "Save … as your …?" for a
        # memory, "… delete …?" for a request to forget.
        Binding(
            "y",
            "confirm",
            "Yes",
            id="inbox.confirm",
            tooltip="Yes to the highlighted row: save the memory, or (asking first) delete what you asked to forget",
        ),
        Binding(
            "n",
            "reject",
            "No",
            id="inbox.reject",
            tooltip="No to the highlighted row: discard the memory, or keep what you asked to forget",
        ),
        Binding("slash", "search", "Search", id="inbox.search", tooltip="Narrow the Inbox to what holds some words"),
        Binding("escape,i", "back", "Back", id="inbox.back", tooltip="Close the search, or go back to your memories"),
    ]

    class Loaded(Message):
        """A worker read the pending memories and the open requests to forget, and built their
        questions (``prompts``: option id and question, in order); ``waiting``: how many
        pending memories there are in all (the list shows a page of them)."""

        def __init__(
            self,
            pending: list[Memory],
            requests: list[DeletionRequest],
            client_only: list[Memory] | None = None,
            *,
            prompts: list[tuple[str, Content]] | None = None,
            waiting: int = 0,
        ) -> None:
            super().__init__()
            self.pending = pending
            self.requests = requests
            self.client_only = client_only or []
            self.prompts = prompts or []
            self.waiting = waiting

    class Answered(Message):
        """A worker confirmed or rejected one memory; ``notice`` says which."""

        def __init__(self, notice: str) -> None:
            super().__init__()
            self.notice = notice

    def __init__(self) -> None:
        super().__init__()
        self.pending: dict[str, Memory] = {}
        self.requests: dict[str, DeletionRequest] = {}
        self.answering: set[str] = set()

    def compose(self) -> ComposeResult:
        yield Static(
            Content.assemble(
                ("Inbox", "bold"),
                " — memories found in your imports or sent by agents. Nothing here is used until you say yes.",
            ),
            id="inbox-title",
            classes="prompt-title",
        )
        yield self.search_box("Search the Inbox (Escape closes)")
        yield OptionList(id="inbox-list")
        yield self.empty_line("inbox-empty")
        yield Footer(compact=True, show_command_palette=False)

    def reload(self) -> None:
        self.load_pending()

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.focus()
        options.loading = True  # Textual's loading indicator until the first read is shown
        self.load_pending()

    def _read(self) -> Loaded:
        """The Inbox's contents, read now, with their questions built (call from a thread
        worker: neither the read nor the questions keep the UI thread)."""
        store = self.memtrust.store
        requests = DeletionRequests(store).pending()
        client_only = store.confirmed_in_client(limit=INBOX_ROWS)
        if not self.search_text:
            pending = store.list(status="pending", limit=INBOX_PAGE)
            waiting = store.count(statuses=("pending",)) if len(pending) == INBOX_PAGE else len(pending)
        else:
            pending = store.search_page(self.search_text, formation="explicit", statuses=("pending",), limit=INBOX_ROWS)
            waiting = len(pending)
            wanted = fold(self.search_text)
            requests = [r for r in requests if wanted in fold(_request_text(r))]
            client_only = [m for m in client_only if wanted in fold(f"{m.key}\n{m.value}\n{m.confirmed_in}")]
        now = self.memtrust.now()
        prompts = [
            *((REQUEST_PREFIX + request.id, request_prompt(request, now)) for request in requests),
            *((memory.id, inbox_prompt(memory, now)) for memory in client_only),
            *((memory.id, inbox_prompt(memory, now)) for memory in pending),
        ]
        return self.Loaded(pending, requests, client_only, prompts=prompts, waiting=waiting)

    @work(thread=True, exit_on_error=False, group="store-read", exclusive=True, description="Reading the Inbox")
    def load_pending(self) -> None:
        """Read the pending memories and requests to forget (thread worker)."""
        self.post_message(self._read())

    def on_inbox_screen_loaded(self, message: Loaded) -> None:
        self.pending = {memory.id: memory for memory in [*message.client_only, *message.pending]}
        self.requests = {REQUEST_PREFIX + request.id: request for request in message.requests}
        self.answering.clear()
        more = None
        if message.waiting > len(message.pending):
            more = Content(
                f"{len(message.pending):,} of {message.waiting:,} shown, oldest first: answer these and the next "
                "ones come up, or press / to search for one."
            )
        self.show_prompts(message.prompts, more=more)
        options = self.query_one(OptionList)
        if options.loading:
            options.loading = False
            if not self.has_class("-searching"):
                options.focus()  # the loading indicator took the focus off the list

    @property
    def highlighted(self) -> Memory | None:
        """The highlighted memory (pending, or confirmed only in a client), or None (also when a
        request to forget is highlighted)."""
        return self.pending.get(self.highlighted_id or "")

    @property
    def highlighted_request(self) -> DeletionRequest | None:
        """The highlighted request to forget, or None."""
        return self.requests.get(self.highlighted_id or "")

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
        if (request := self.highlighted_request) is not None:
            self._confirm_request(request)
            return
        memory = self.highlighted
        if memory is not None and memory.id not in self.answering:
            self.answering.add(memory.id)
            self.read_replaced(memory)

    @work(thread=True, exit_on_error=False, group="store-read", description="Reading what a confirmation replaces")
    def read_replaced(self, memory: Memory) -> None:
        """Read the active values for the memory's scope and key (thread worker)."""
        store = self.memtrust.store
        replaces = [
            m.value
            for m in store.list(scope=memory.scope, status="active")
            if m.key == memory.key and m.id != memory.id
        ]
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

    def _confirm_request(self, request: DeletionRequest) -> None:
        """Ask the main screen's delete question (No has the focus), then delete."""
        if request.id in self.answering:
            return

        def delete(yes: bool | None) -> None:
            if yes and request.id not in self.answering:
                self.answering.add(request.id)
                self.answer_request(request, confirm=True)

        agent = from_agent(request)
        asked = (
            Content.assemble(_agent_asks(agent), " this.\n")
            if agent is not None
            else Content.assemble("You asked to forget: ", quoted_text(request.what, QUESTION_VALUE_CELLS), ".\n")
        )
        question = Content.assemble(asked, delete_question(request))
        self.app.push_screen(ConfirmScreen(question, yes="Delete", no="Keep", destructive=True), delete)

    @work(thread=True, exit_on_error=False, group="store-write", description="Answering a request to forget")
    def answer_request(self, request: DeletionRequest, *, confirm: bool) -> None:
        """Confirm (its memories are deleted) or dismiss (they are kept) one request (thread worker)."""
        requests = DeletionRequests(self.memtrust.store)
        keys = ", ".join(m.key for m in request.targets)
        try:
            if confirm:
                deleted = requests.confirm(request.id, actor=TUI_ACTOR)
                notice = f"Deleted {', '.join(m.key for m in deleted)}." if deleted else "It was already deleted."
            else:
                requests.dismiss(request.id, actor=TUI_ACTOR)
                whose = "your" if (agent := from_agent(request)) is None else f"{agent}'s"
                notice = f"Kept {keys}; {whose} request to forget it was dismissed."
        except DeletionRequestNotFound:
            notice = "That request was already answered."
        finally:
            self.post_message(self._read())
        self.post_message(self.Answered(notice))

    def action_reject(self) -> None:
        """Ask first (No has the focus): a discarded request is deleted for good. A request to
        forget is dismissed at once: the memory stays, nothing is deleted."""
        if (request := self.highlighted_request) is not None:
            if request.id not in self.answering:
                self.answering.add(request.id)
                self.answer_request(request, confirm=False)
            return
        memory = self.highlighted
        if memory is None or memory.id in self.answering:
            return

        def discard(yes: bool | None) -> None:
            if yes and memory.id not in self.answering:
                self.answering.add(memory.id)
                self.answer(memory, confirm=False)

        if memory.confirmed_in is not None:
            question = Content.assemble(
                "Delete ", _listed_value(memory), "? It is not yours, so it is removed for good."
            )
        elif imported_from(memory.source) is not None:
            question = Content.assemble(
                "Discard ",
                _listed_value(memory),
                "? It is deleted, and importing this list again will not ask about it again.",
            )
        else:
            question = Content.assemble(
                "Discard this request? It is deleted.\n",
                literal(memory.key, "bold"),
                " = ",
                quoted_text(memory.value, QUESTION_VALUE_CELLS),
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
            elif memory.status != "pending":  # confirmed only in a client (§10): not the user's
                store.forget(memory.id, actor=TUI_ACTOR, reason="You said it is not yours; only a client had said yes.")
                notice = f"Deleted {memory.key}."
            else:
                store.reject(memory.id, actor=TUI_ACTOR)
                notice = f"Discarded {memory.key}."
        finally:
            self.post_message(self._read())
        self.post_message(self.Answered(notice))

    def on_inbox_screen_answered(self, message: Answered) -> None:
        self.notify(message.notice, markup=False)

    def action_back(self) -> None:
        if not self.leave_search():
            self.dismiss(None)
