"""The base of memtrust's dialogs (confirm, consent, learning off, add, edit, export).

Each is one box (``#dialog``, styled in ``modals.tcss``) over the screen beneath, with a
compact footer of the dialog's own keys: without it the screen below shows its footer
("q Quit"), whose keys do not work here. A form's one-sentence problem goes in its
``#problem`` line (:meth:`DialogScreen.show_problem`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from memtrust.screens import ASSETS

ResultType = TypeVar("ResultType")
Answer = TypeVar("Answer")


class DialogScreen(ModalScreen[ResultType]):
    """A modal box: the footer, then :meth:`compose_dialog` inside ``#dialog``."""

    CSS_PATH = ASSETS / "modals.tcss"

    def compose(self) -> ComposeResult:
        yield Footer(compact=True, show_command_palette=False)
        with Vertical(id="dialog"):
            yield from self.compose_dialog()

    def compose_dialog(self) -> ComposeResult:
        """The dialog's content (subclasses override it)."""
        yield from ()

    def show_problem(self, problem: str | None) -> None:
        """Show ``problem`` (plain text: it may quote what was typed) in ``#problem``, or hide it."""
        shown = self.query_one("#problem", Static)
        shown.update(Content(problem or ""))
        shown.set_class(problem is not None, "-shown")


def if_yes(action: Callable[[], object]) -> Callable[[bool | None], None]:
    """The callback for a yes/no dialog's ``push_screen``: run ``action`` (often a worker,
    whose Worker it drops) on yes; nothing on no or when the dialog is dismissed."""

    def answered(yes: bool | None) -> None:
        if yes:
            action()

    return answered


def with_answer(action: Callable[[Answer], object]) -> Callable[[Answer | None], None]:
    """The callback for a form dialog's ``push_screen``: run ``action`` with what the form
    returned (an empty text too); nothing when it was cancelled (``None``)."""

    def answered(answer: Answer | None) -> None:
        if answer is not None:
            action(answer)

    return answered
