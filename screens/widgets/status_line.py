"""The status line: store unlocked, key mode, implicit learning ON/OFF in words (§8)."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import Reactive, reactive
from textual.widgets import Static

#: How each key mode is described (store/keys.py ``KeyMode``); ``memory`` is the demo store.
KEY_MODE_WORDS = {
    "keychain": "key in OS keychain",
    "passphrase": "passphrase key",
    "memory": "demo key in memory",
}


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
        learning = "ON" if self.learning else "OFF"
        return Content.assemble(
            ("memtrust", "bold"),
            " │ ",
            (f"Implicit learning: {learning}", "bold $success" if self.learning else "bold $warning"),
            " │ Unlocked, ",
            KEY_MODE_WORDS.get(self.key_mode, self.key_mode),
            f" │ Inbox: {self.pending}",
        )
