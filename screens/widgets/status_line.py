"""The status line: store unlocked, key mode, implicit learning ON/OFF in words (§8).

The learning state is drawn like a badge (:data:`LEARNING_STYLES`): contrast text on a muted
tint of its own, so it reads on the status line's ``$panel`` in light and dark themes alike
(tests/test_tui_themes.py).
"""

from __future__ import annotations

from textual.content import Content
from textual.reactive import Reactive, reactive
from textual.widgets import Static

from memtrust.screens.provenance import BADGE_STYLES

#: How each key mode is described (store/keys.py ``KeyMode``); ``memory`` is the demo store.
KEY_MODE_WORDS = {
    "keychain": "key in OS keychain",
    "passphrase": "passphrase key",
    "memory": "demo key in memory",
}

#: How "Implicit learning: ON" and "…: OFF" look, by state: as the "saved by you" and
#: "inferred" badges (the words carry the meaning, the tint helps the eye).
LEARNING_STYLES = {True: BADGE_STYLES["saved"], False: BADGE_STYLES["inferred"]}


def learning_words(enabled: bool) -> Content:
    """``Implicit learning: ON`` or ``Implicit learning: OFF``, styled by :data:`LEARNING_STYLES`."""
    return Content.styled(f"Implicit learning: {'ON' if enabled else 'OFF'}", LEARNING_STYLES[enabled])


class StatusLine(Static):
    """One line at the top of the main screen with the store's state in words."""

    learning: Reactive[bool] = reactive(False)
    """Whether implicit learning is on (the latest consent event, §3.2)."""

    pending: Reactive[int] = reactive(0)
    """How many memories wait in the Inbox."""

    def __init__(self, key_mode: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.key_mode = key_mode

    def render(self) -> Content:
        return Content.assemble(
            ("memtrust", "bold"),
            " │ ",
            learning_words(self.learning),
            " │ Unlocked, ",
            KEY_MODE_WORDS.get(self.key_mode, self.key_mode),
            f" │ Inbox: {self.pending}",
        )
