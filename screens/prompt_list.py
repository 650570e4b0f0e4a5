"""The base of the Inbox and Quarantine: one question (a :class:`Content` prompt) per row.

Both screens list what waits for the user's answer in one ``OptionList``, rows apart by a
separator, and keep the highlight where it was when the list is read again (clamped to the
last row); when the list is empty the screen gets the ``-empty`` class, so its stylesheet
shows the empty sentence instead (``prompt_list.tcss``).
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from memtrust.screens import ASSETS
from memtrust.screens.store_screen import StoreScreen


class PromptListScreen(StoreScreen):
    """A :class:`StoreScreen` whose ``OptionList`` shows one prompt per row, by id; its title
    and its empty sentence carry the classes ``prompt-title`` and ``prompt-empty``."""

    CSS_PATH = ASSETS / "prompt_list.tcss"

    def show_prompts(self, prompts: Iterable[tuple[str, Content]]) -> None:
        """Replace the rows with ``(option id, prompt)`` pairs, in order; the highlight stays
        on the same row number (or the last row)."""
        option_list = self.query_one(OptionList)
        index = option_list.highlighted or 0
        options: list[Option | None] = []
        for option_id, prompt in prompts:
            options.extend([Option(prompt, id=option_id), None])
        option_list.clear_options()
        option_list.add_options(options[:-1])
        count = len(options) // 2
        if count:
            option_list.highlighted = min(index, count - 1)
        self.set_class(not count, "-empty")

    @property
    def highlighted_id(self) -> str | None:
        """The id of the highlighted row, or None."""
        option = self.query_one(OptionList).highlighted_option
        return None if option is None else option.id
