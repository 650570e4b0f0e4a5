"""The base of the Inbox and Quarantine: one question (a :class:`Content` prompt) per row.

Both screens list what waits for the user's answer in one ``OptionList``, rows apart by a
separator, and keep the highlight where it was when the list is read again (clamped to the
last row); when the list is empty the screen gets the ``-empty`` class, so its stylesheet
shows the empty sentence instead (``prompt_list.tcss``).

``/`` opens a search box above the list (DESIGN.md §8: search everywhere): what is typed
narrows the rows to those whose key, value, scope or source holds it (the store's full-text
index, :meth:`store.memories.MemoryStore.search_page`); Enter goes back to the list keeping
the search, Escape empties and closes it (a second Escape leaves the screen).
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import on
from textual.content import Content
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from memtrust.screens import ASSETS
from memtrust.screens.literal import quoted_text
from memtrust.screens.store_screen import StoreScreen


class PromptListScreen(StoreScreen):
    """A :class:`StoreScreen` whose ``OptionList`` shows one prompt per row, by id; its title
    and its empty sentence carry the classes ``prompt-title`` and ``prompt-empty``."""

    CSS_PATH = ASSETS / "prompt_list.tcss"

    #: What the search box holds ("" when closed): the subclass's read filters on it.
    search_text = ""
    #: The sentence shown when nothing waits (the subclass's own words).
    EMPTY_WORDS = Content("Nothing is waiting here.")

    def empty_line(self, widget_id: str) -> Static:
        """The line shown instead of an empty list, for the subclass's ``compose``."""
        return Static(self.EMPTY_WORDS, id=widget_id, classes="prompt-empty")

    def search_box(self, placeholder: str) -> Input:
        """The screen's search box (hidden until ``/``), for the subclass's ``compose``."""
        # Disabled while closed: hidden, it must never take the focus (Textual moves the focus
        # off a list covered by its loading indicator to the next widget that can take it).
        return Input(
            placeholder=placeholder, id="prompt-search", classes="prompt-search", select_on_focus=False, disabled=True
        )

    def action_search(self) -> None:
        """Open the search box and put the cursor in it."""
        self.add_class("-searching")
        box = self.query_one("#prompt-search", Input)
        box.disabled = False
        box.focus()

    def leave_search(self) -> bool:
        """Empty and close the search box if it is open (and read the rows again); True when it was."""
        if not self.has_class("-searching"):
            return False
        self.remove_class("-searching")
        box = self.query_one("#prompt-search", Input)
        changed = box.value != ""
        box.value = ""
        box.disabled = True
        self.search_text = ""
        self.query_one(OptionList).focus()
        if changed:
            self.reload()
        return True

    @on(Input.Changed, "#prompt-search")
    def _search_changed(self, event: Input.Changed) -> None:
        self.search_text = event.value
        self.reload()

    @on(Input.Submitted, "#prompt-search")
    def _search_submitted(self) -> None:
        self.query_one(OptionList).focus()

    def show_prompts(self, prompts: Iterable[tuple[str, Content]], *, more: Content | None = None) -> None:
        """Replace the rows with ``(option id, prompt)`` pairs, in order; the highlight stays
        on the same row number (or the last row). ``more``: a last line that is not a row to
        answer (how many more wait), shown dimmed and never highlighted."""
        option_list = self.query_one(OptionList)
        index = option_list.highlighted or 0
        options: list[Option | None] = []
        for option_id, prompt in prompts:
            options.extend([Option(prompt, id=option_id), None])
        count = len(options) // 2
        if count and more is not None:
            options.append(Option(more, disabled=True))
        else:
            options = options[:-1]
        option_list.clear_options()
        option_list.add_options(options)
        if count:
            option_list.highlighted = min(index, count - 1)
        self.set_class(not count, "-empty")
        if not count:
            self.query_one(".prompt-empty", Static).update(
                Content.assemble(
                    "Nothing here matches ",
                    quoted_text(self.search_text, style=""),
                    ". Press Escape to clear the search.",
                )
                if self.search_text
                else self.EMPTY_WORDS
            )

    @property
    def highlighted_id(self) -> str | None:
        """The id of the highlighted row, or None."""
        option = self.query_one(OptionList).highlighted_option
        return None if option is None else option.id
