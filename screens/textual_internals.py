"""Every private part of Textual that memtrust uses, in one place.

Textual offers no public way to do these few things, so memtrust relies on its internals
(Textual 8.2, pinned in constraints.txt). Nothing else in memtrust names a private Textual
attribute: it uses what this module gives. ``tests/test_textual_internals.py`` checks each
name in :data:`USED` against the installed Textual (present, and a method with the signature
relied on), so an upgrade that changes one fails there, by name, instead of somewhere in the
app at run time.

- :class:`OneSentenceFatalErrorApp` overrides ``App._fatal_error`` (Textual prints a
  traceback with local variables, which would print stored values) and reads
  ``App._exception``, ``App._exit_renderables``, ``App._close_messages_no_wait`` and
  ``App._exit`` (set once quit was asked for).
- :class:`TeardownTolerantScreen` overrides ``MessagePump._dispatch_message`` and reads
  ``MessagePump._closing`` and ``DOMNode._pruning`` (the screen is being removed).
- :func:`option_line` reads ``OptionList._index_to_line`` (where an option starts).
- :func:`merged_bindings` calls ``DOMNode._merge_bindings`` (a class's bindings as Textual
  merges them over its bases).
- :func:`character_to_key` calls ``textual.keys._character_to_key`` (``?`` →
  ``question_mark``).
"""

from __future__ import annotations

from typing import TypeVar

from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.keys import _character_to_key
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList

ReturnType = TypeVar("ReturnType")
ScreenResultType = TypeVar("ScreenResultType")

#: The private names used, by the class (or module) that defines them in Textual 8.2, as
#: imported from Textual: the contract tests/test_textual_internals.py checks.
USED: dict[str, tuple[str, ...]] = {
    "textual.app.App": ("_fatal_error", "_exception", "_exit_renderables", "_close_messages_no_wait", "_exit"),
    "textual.message_pump.MessagePump": ("_dispatch_message", "_closing"),
    "textual.dom.DOMNode": ("_pruning", "_merge_bindings"),
    "textual.widgets.OptionList": ("_index_to_line",),
    "textual.keys": ("_character_to_key",),
}


class OneSentenceFatalErrorApp(App[ReturnType]):
    """An App that ends an unexpected error with :meth:`fatal_error_sentence` (one line on
    the terminal) instead of Textual's traceback; that method returning ``None`` keeps
    Textual's own report."""

    def fatal_error_sentence(self, error: BaseException | None) -> str | None:
        """The one line to end the app with after ``error`` (``None`` when Textual did not
        keep it), or ``None`` for Textual's traceback. Subclasses override it."""
        return None

    @property
    def is_exiting(self) -> bool:
        """True once the app was asked to exit (``App.exit``); its screens may be going."""
        return self._exit

    def _fatal_error(self) -> None:
        sentence = self.fatal_error_sentence(self._exception)
        if sentence is None:
            super()._fatal_error()
            return
        self.bell()
        self._exit_renderables.append(Text(sentence))
        self._close_messages_no_wait()


class TeardownTolerantScreen(Screen[ScreenResultType]):
    """A Screen whose handlers may run while it is being removed: a handler that then finds
    no widget (a worker's late result, the mount of a screen torn down at once) is dropped."""

    @property
    def is_leaving(self) -> bool:
        """True once the screen is being removed (popped, dismissed, or the app is quitting):
        its widgets may already be gone."""
        return self._closing or self._pruning or not self.is_attached

    async def _dispatch_message(self, message: Message) -> None:
        try:
            await super()._dispatch_message(message)
        except NoMatches:
            if not self.is_leaving:
                raise


def option_line(option_list: OptionList, index: int) -> int | None:
    """The line (from the top of the list's content) where option ``index`` starts, or
    ``None`` when the list has not laid it out (not yet sized)."""
    return option_list._index_to_line.get(index)


def merged_bindings(cls: type[DOMNode]) -> list[Binding]:
    """``cls``'s bindings as Textual applies them: its own over those of its bases, in
    Textual's order (one entry per key)."""
    return [binding for _key, binding in cls._merge_bindings()]


def character_to_key(character: str) -> str:
    """Textual's key name for one typed character: ``?`` → ``question_mark``, ``a`` → ``a``."""
    return _character_to_key(character)
