"""A yes/no question before anything is written or deleted (DESIGN.md §3.6, §8)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from memtrust.screens.dialog import DialogScreen
from memtrust.screens.literal import literal, quoted_text

#: Cells of a value shown in a question, its marks included: a long value is cut with an
#: ellipsis so the question itself (and its buttons) stays on screen (the store keeps the
#: whole value).
QUESTION_VALUE_CELLS = 120


def save_question(key: str, value: str, replaces: Sequence[str] = ()) -> Content:
    """The §3.6 confirmation: Save “email” as your contact.preferred_channel?

    ``replaces``: the active values held for the same scope and key, which the save deletes
    (§3.4); each is named: "This replaces “Aisle seat”." Values are quoted as data
    (:func:`quoted_text`: one line, escaped, cut to :data:`QUESTION_VALUE_CELLS` cells). The key is bold in the dialog's own text colour, which
    reads in light and dark themes (``$accent`` measured 1.38:1 on textual-light's dialog).
    """
    question = Content.assemble(
        "Save ",
        quoted_text(value, QUESTION_VALUE_CELLS),
        " as your ",
        literal(key, "bold"),
        "?",
    )
    if replaces:
        olds = Content(" and ").join(quoted_text(old, QUESTION_VALUE_CELLS) for old in replaces)
        question = Content.assemble(question, " This replaces ", olds, ".")
    return question


def delete_memory_question(key: str, value: str) -> Content:
    """Delete contact.preferred_channel = “email”? It is removed for good. (The value quoted as
    data, :func:`quoted_text`.)"""
    return Content.assemble(
        "Delete ", literal(key, "bold"), " = ", quoted_text(value, QUESTION_VALUE_CELLS), "? It is removed for good."
    )


class ConfirmScreen(DialogScreen[bool]):
    """Ask ``question``; dismiss with True for yes, False for no (or Escape).

    ``question`` is :class:`Content`, so user text inside it is never read as markup.
    ``destructive``: the answer deletes or replaces something, so the No button has the
    focus and Enter keeps everything (like the consent screen's Decline).
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes", tooltip="Answer yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no", tooltip="Answer no; nothing changes"),
    ]

    def __init__(self, question: Content, *, yes: str = "Yes", no: str = "No", destructive: bool = False) -> None:
        super().__init__()
        self.question = question
        self.yes, self.no = yes, no
        self.destructive = destructive

    def compose_dialog(self) -> ComposeResult:
        yield Static(self.question, id="question")
        with Horizontal(id="buttons"):
            yield Button(f"{self.yes} (y)", variant="primary", id="yes")
            yield Button(f"{self.no} (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#no" if self.destructive else "#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
