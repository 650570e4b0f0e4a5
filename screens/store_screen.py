"""The base of screens that read and write the store through thread workers (STYLE.md §5).

Gives the typed app (store, key mode, clock) and turns a failed store worker into one
clear notification — the error's own sentence (store errors are worded for the user,
STYLE.md §10), never a traceback. ``Worker.StateChanged`` does not bubble, so the handler
lives on the screen that owns the workers.

A worker's result can arrive after its screen began to leave (popped, dismissed, or the app
quitting): Textual still runs the handlers left in the screen's queue while it removes the
screen's widgets. A handler that then looks for a widget finds none; that is dropped (the
screen is going away), not an "unexpected internal error", by the base class
:class:`~memtrust.screens.textual_internals.TeardownTolerantScreen`.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Protocol, cast

from textual import on
from textual.worker import Worker, WorkerState

from memtrust.screens.textual_internals import TeardownTolerantScreen
from memtrust.store.memories import MemoryStore


class StoreApp(Protocol):
    """What a screen needs from the app that shows it (``memtrust.app.app.MemtrustApp``):
    the open store, how it is keyed (``keychain``, ``passphrase`` or ``memory``) and the
    clock (aware UTC). Screens depend on this, not on the App module, so that the app
    imports its screens and never the other way round."""

    store: MemoryStore
    key_mode: str

    def now(self) -> datetime: ...

    def read_later_css(self) -> None:
        """Read the stylesheets the first frame did not need (after the main screen's first frame)."""


class StoreScreen(TeardownTolerantScreen[None]):
    """A screen whose store calls run in thread workers that post messages back."""

    #: Read the store again (:meth:`reload`) when another connection writes to it while the
    #: screen is open (the main screen watches; see ``MainScreen.watch_outside_writes``).
    FOLLOWS_OUTSIDE_WRITES: ClassVar[bool] = False

    @property
    def memtrust(self) -> StoreApp:
        """The app, typed: ``store``, ``key_mode`` and ``now()``."""
        return cast("StoreApp", self.app)

    @on(Worker.StateChanged)
    def report_worker_failure(self, event: Worker.StateChanged) -> None:
        """A store call failed: say so in one sentence, and read the store again."""
        error = event.worker.error
        if event.state == WorkerState.ERROR and error is not None:
            self.notify(str(error) or type(error).__name__, title="That did not work", severity="error", markup=False)
            self.reload()

    def reload(self) -> None:
        """Read the store again after a failure (screens override it)."""
