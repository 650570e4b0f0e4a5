"""Importing from the app (DESIGN.md §2, §6): a path, a progress bar, a summary.

The user types or pastes the path of an export (ChatGPT's or Claude.ai's ``.zip``, their
``conversations.json`` or its shards, a folder holding them, or a JSONL file), or of a memory
list copied from an assistant (one memory per line or bullet, :mod:`app.ingest.memory_list`),
and presses Enter; a path pasted as terminals paste a dropped file — quoted, with
backslash-escaped spaces, as a ``file://`` URI, or starting with ``~`` — is read as the file
it names (:func:`pasted_path`). A memory list goes to the Inbox as the assistant's
(:mod:`app.memory_import`; whose, the user may say in the ``From`` choice, else the list's own
words tell, else "another assistant"), and the summary counts each outcome. For a conversation
export, :func:`app.pipeline.ingest_file` runs in a thread worker; its
``progress(bytes_read, total_bytes)`` callback posts :class:`IngestScreen.Progressed`
messages (at most ~200 per file) that move the progress bar. Escape stops a running import
cooperatively: the callback raises :class:`_Stopped` at its next call, and since one import
is one transaction nothing of the file is kept (importing it again reads it all). Escape
again goes back.

The outcome is said in words ("Read 100 conversations: 1 request waiting in your Inbox, 0
saved, 0 rejected; implicit learning is off: nothing was inferred."), with what was not read
or had lapsed; under it, a scrollable list says why each proposal was rejected, worded as
``memtrust ingest`` does (``rejected style.answer_length: Confidence 12% is below…``), at
most :data:`REJECTED_SHOWN` lines. A file that cannot be read is one sentence in the screen.
The screens beneath read the store again.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Footer, Input, Label, ProgressBar, Select, Static
from textual.worker import get_current_worker

from memtrust.screens import ASSETS
from memtrust.screens.literal import displayable
from memtrust.screens.store_screen import StoreScreen
from memtrust.store.admission import key_in_report
from memtrust.store.errors import InvalidInput, MemtrustError

#: Whose memory list it is (``memtrust ingest --from``); ``detect``: the list's own words tell.
LIST_FROM: tuple[tuple[str, str], ...] = (
    ("A memory list is from: the assistant it names, if any", "detect"),
    ("A memory list is from: ChatGPT", "chatgpt"),
    ("A memory list is from: Claude", "claude"),
    ("A memory list is from: Gemini", "gemini"),
    ("A memory list is from: another assistant", "other"),
)

#: How the summary of a list that names no assistant says to name one here (the box above).
NAME_IT_HERE = "choose whose it is in “A memory list is from”"

#: Post a progress message when at least this share of the file was read since the last one.
PROGRESS_STEP = 1 / 200
#: At most this many rejected proposals are listed with their reasons; the rest are counted.
REJECTED_SHOWN = 100


class _Stopped(Exception):
    """Raised inside ``ingest_file`` (from the progress callback) when the user stopped it."""


def _count(number: int, word: str, plural: str | None = None) -> str:
    return f"{number:,} {word if number == 1 else plural or word + 's'}"


_QUOTES = {"'": "'", '"': '"', "\u2018": "\u2019", "\u201c": "\u201d"}
_ESCAPED = re.compile(r"\\(.)")


def pasted_path(typed: str) -> Path:
    """The file a typed or pasted path names, as terminals paste a dropped file (§6):
    surrounding whitespace dropped; one pair of matching quotes (``'…'``, ``"…"``, curly
    ones) removed; a ``file://`` URI decoded (``%20`` → space, ``file://localhost/…``);
    outside quotes, backslash-escaped characters unescaped (``My\\ Exports`` → ``My
    Exports``); a leading ``~`` expanded. Pure: the file need not exist.
    """
    text = typed.strip()
    quoted = len(text) >= 2 and _QUOTES.get(text[0]) == text[-1]
    if quoted:
        text = text[1:-1]
    if text.lower().startswith("file://"):
        parts = urlsplit(text)
        text = unquote(parts.path)
    elif not quoted:
        text = _ESCAPED.sub(r"\1", text)
    return Path(text).expanduser()


def ingest_summary(report) -> str:
    """What one import did, in words, from an :class:`app.pipeline.IngestReport`.

    ``Read 100 conversations: 1 request waiting in your Inbox, 0 saved, 0 rejected; implicit
    learning is off: nothing was inferred.`` Held (quarantined), withdrawn and already-read
    counts are added only when not zero; an inference is never called "saved".
    """
    outcomes = report.outcomes()
    inferred = report.inferred()
    parts = [
        f"{_count(outcomes['pending'], 'request')} waiting in your Inbox",
        f"{outcomes['admit'] - inferred:,} saved",
    ]
    if outcomes["quarantine"]:
        parts.append(f"{outcomes['quarantine']:,} held in Quarantine")
    parts.append(f"{outcomes['reject']:,} rejected")
    sentence = f"Read {_count(report.conversations, 'conversation')}: {', '.join(parts)}; "
    if report.detectors_ran:
        sentence += f"{_count(inferred, 'memory', 'memories')} inferred."
    else:
        sentence += "implicit learning is off: nothing was inferred."
    extra = []
    if report.withdrawn:
        extra.append(
            f"{_count(len(report.withdrawn), 'inference')} withdrawn because you contradicted "
            f"{'it' if len(report.withdrawn) == 1 else 'them'}."
        )
    if waiting := len(report.deletion_requests):
        extra.append(
            f"{_count(waiting, 'request')} to forget {'is' if waiting == 1 else 'are'} waiting in your "
            "Inbox (i): confirm to delete, or reject to keep."
        )
    if unmatched := len(report.forget_unmatched):
        extra.append(f"{_count(unmatched, 'request')} to forget matched nothing memtrust holds; nothing was deleted.")
    if report.already_ingested:
        extra.append(f"{_count(report.already_ingested, 'message')} had been imported before and proposed nothing new.")
    return " ".join([sentence, *extra, *report.notes()])


def rejected_reasons(report, limit: int = REJECTED_SHOWN) -> list[str]:
    """Why each proposal of an :class:`app.pipeline.IngestReport` was rejected, one line
    each in ``memtrust ingest``'s words: ``rejected style.answer_length: Confidence 12% is
    below…``. At most ``limit`` lines, then ``and 3 more (memtrust ingest prints them all, or
    see the audit log g).``; no lines when nothing was rejected. Keys and reasons are plain
    text with control characters made visible (:func:`screens.literal.displayable`), for a
    :class:`Content`, never markup.
    """
    lines = []
    for result in report.results:
        if result.decision.outcome != "reject":
            continue
        key = result.memory.key if result.memory else result.proposal.key if result.proposal else "-"
        key = key_in_report(key, result.decision)
        lines.append(f"rejected {displayable(key)}: {displayable(result.decision.reason)}")
    if len(lines) > limit:
        more = len(lines) - limit
        lines[limit:] = [f"and {more:,} more (memtrust ingest prints them all, or see the audit log g)."]
    return lines


class IngestScreen(StoreScreen):
    """Type an export's path, Enter imports it with a progress bar; Escape stops, then goes back."""

    CSS_PATH = ASSETS / "ingest.tcss"
    BINDINGS = [
        Binding(
            "escape",
            "stop_or_back",
            "Stop / Back",
            id="ingest.stop-or-back",
            tooltip="Stop the import (nothing of it is kept), or go back when none runs",
        ),
    ]

    class Progressed(Message):
        """The import read ``done`` of ``total`` bytes of the file."""

        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    class Finished(Message):
        """The import ended: ``words`` say how (a summary, a stop, or why the file was not
        read); ``rejected`` are the lines of :func:`rejected_reasons` (none when stopped)."""

        def __init__(
            self, words: str, *, wrote: bool, problem: bool = False, rejected: list[str] | None = None
        ) -> None:
            super().__init__()
            self.words = words
            self.wrote = wrote
            self.problem = problem
            self.rejected = rejected or []

    def __init__(self) -> None:
        super().__init__()
        self.running = False
        self.stop_requested = threading.Event()

    def compose(self) -> ComposeResult:
        yield Static(
            Content.assemble(
                ("Import conversations or a memory list", "bold"),
                " — a ChatGPT or Claude.ai export (the .zip, its conversations.json, or the folder), a JSONL "
                "file, or the memories an assistant lists about you (one per line or bullet). They wait in your "
                "Inbox; nothing is inferred unless implicit learning is on.",
            ),
            id="ingest-title",
        )
        yield Label("File to import (Enter starts; Escape stops or goes back)", id="ingest-path-label")
        yield Input(placeholder="~/Downloads/conversations.json", id="ingest-path", select_on_focus=False)
        yield Select(LIST_FROM, value="detect", allow_blank=False, id="ingest-from", compact=True)
        yield ProgressBar(id="ingest-progress", show_eta=False)
        yield Static("", id="ingest-status")
        with VerticalScroll(id="ingest-rejected-list"):
            yield Static("", id="ingest-rejected")
        yield Footer(compact=True, show_command_palette=False)

    def _say(self, words: str, *, problem: bool = False) -> None:
        status = self.query_one("#ingest-status", Static)
        status.update(Content(words))  # the file name is the user's: plain text, never markup
        status.set_class(problem, "-problem")

    def _list_rejected(self, lines: list[str]) -> None:
        """Show why proposals were rejected under the summary (plain text); hide the list when none were."""
        self.query_one("#ingest-rejected", Static).update(Content("\n".join(lines)))
        self.query_one("#ingest-rejected-list").display = bool(lines)

    @on(Input.Submitted, "#ingest-path")
    def start(self, event: Input.Submitted) -> None:
        event.stop()
        if self.running:
            return
        typed = event.value.strip()
        if not typed:
            self._say("Type the path of a conversation export, then press Enter.", problem=True)
            return
        self.running = True
        self.stop_requested.clear()
        self.add_class("-started")
        self.query_one(ProgressBar).update(total=None, progress=0)
        self.query_one("#ingest-path", Input).disabled = True
        self._say(f"Reading {pasted_path(typed).name}…")
        self._list_rejected([])
        chosen = self.query_one("#ingest-from", Select).value
        self.ingest(typed, None if chosen in ("detect", Select.BLANK) else str(chosen))

    @work(thread=True, exit_on_error=False, group="store-write", description="Importing conversations")
    def ingest(self, typed: str, assistant: str | None = None) -> None:
        """Check the file, then bring in a memory list (:func:`app.memory_import.import_memory_list`,
        as ``assistant``'s when given) or run :func:`app.pipeline.ingest_file` with a progress
        callback that moves the bar and stops the import when asked (thread worker)."""
        from memtrust.app.ingest.memory_list import is_conversation_export, read_memory_list_file
        from memtrust.app.memory_import import import_memory_list
        from memtrust.app.pipeline import ingest_file

        worker = get_current_worker()
        path = pasted_path(typed)
        posted = [-1.0]

        def progress(done: int, total: int) -> None:
            if self.stop_requested.is_set() or worker.is_cancelled:
                raise _Stopped
            share = done / total if total else 1.0
            if done >= total or share - posted[0] >= PROGRESS_STEP:
                posted[0] = share
                self.post_message(self.Progressed(done, total))

        try:
            if not path.exists():
                raise InvalidInput(f"There is no file at {path}.")
            if not is_conversation_export(path):
                listed = import_memory_list(
                    self.memtrust.store, read_memory_list_file(path), file_name=path.name, assistant=assistant
                )
                refused = [
                    f"refused line {item.line}: {displayable(result.decision.reason)}"
                    for item, result in listed.results
                    if not result.decision.stored
                ]
                self.post_message(self.Progressed(1, 1))  # read whole, at once: a list is small
                if (unusable := listed.unusable()) is not None:  # the list itself was refused
                    self.post_message(self.Finished(unusable, wrote=False, rejected=refused, problem=True))
                    return
                self.post_message(self.Finished(listed.summary(NAME_IT_HERE), wrote=True, rejected=refused))
                return
            report = ingest_file(self.memtrust.store, path, progress=progress)
        except _Stopped:
            self.post_message(
                self.Finished(
                    f"Stopped. Nothing from {path.name} was imported: an import is all or nothing. "
                    "Import it again to read it all.",
                    wrote=False,
                )
            )
        except MemtrustError as problem:  # unknown format, malformed JSON: one sentence naming the file
            self.post_message(self.Finished(str(problem), wrote=False, problem=True))
        except OSError as problem:
            self.post_message(
                self.Finished(f"Could not read {path}: {problem.strerror or problem}.", wrote=False, problem=True)
            )
        else:
            self.post_message(self.Finished(ingest_summary(report), wrote=True, rejected=rejected_reasons(report)))

    def on_ingest_screen_progressed(self, message: Progressed) -> None:
        self.query_one(ProgressBar).update(total=max(1, message.total), progress=message.done)

    def on_ingest_screen_finished(self, message: Finished) -> None:
        self.running = False
        path_input = self.query_one("#ingest-path", Input)
        path_input.disabled = False
        path_input.focus()
        self._say(message.words, problem=message.problem)
        self._list_rejected(message.rejected)
        self.set_class(not message.problem, "-started")  # a file that was not read shows no bar
        if message.wrote:
            for screen in self.app.screen_stack:
                if isinstance(screen, StoreScreen) and screen is not self:
                    screen.reload()

    def reload(self) -> None:
        """After an unexpected failure (already notified): let the user try again."""
        self.running = False
        self.query_one("#ingest-path", Input).disabled = False

    def action_stop_or_back(self) -> None:
        if self.running:
            self.stop_requested.set()
            self._say("Stopping…")
        else:
            self.dismiss(None)
