"""The Settings screen (DESIGN.md §3.2, §4, §8): what the store keeps about how it behaves.

- Implicit learning ON/OFF — turning it on goes through the consent screen; turning it off
  offers to clear what was inferred (both recorded as consent events).
- Implicit TTL, 30–90 days (setting ``implicit_ttl_days``; new and refreshed inferences).
- Review interval in days (setting ``review_interval_days``, default 90).
- Key mode, shown only: ``memtrust rekey`` changes it.
- The settings file (keys remapped by binding id) and its path, shown only.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.validation import Integer
from textual.widgets import Footer, Input, Label, Static

from memtrust.screens import ASSETS
from memtrust.screens.consent import ConsentScreen, record_learning_choice
from memtrust.screens.dialog import if_yes
from memtrust.screens.learning_off import LearningOffChoice, LearningOffScreen
from memtrust.screens.literal import literal
from memtrust.screens.store_screen import StoreScreen
from memtrust.screens.widgets.status_line import KEY_MODE_WORDS, LEARNING_STYLES
from memtrust.store.memories import IMPLICIT_TTL_RANGE_DAYS
from memtrust.store.review import REVIEW_INTERVAL_RANGE_DAYS, REVIEW_INTERVAL_SETTING, review_interval

TTL_SETTING = "implicit_ttl_days"


@dataclass(frozen=True)
class StoreSettings:
    """The store's settings as the screen shows them."""

    learning: bool
    ttl_days: int
    review_days: int
    inferred: int


FIELD_SETTINGS = {"ttl": TTL_SETTING, "review": REVIEW_INTERVAL_SETTING}
SAVED_WORDS = {TTL_SETTING: "Inferences now last", REVIEW_INTERVAL_SETTING: "A review is now offered every"}


class SettingsScreen(StoreScreen):
    """Learning, TTL, review interval and key mode; Enter in a field saves it, and so does
    leaving the field (Tab) or the screen (Escape) with a changed number."""

    CSS_PATH = ASSETS / "settings.tcss"
    AUTO_FOCUS = ""  # a focused number field would take the l key; Tab reaches the fields
    BINDINGS = [
        Binding(
            "l",
            "toggle_learning",
            "Learning on/off",
            id="settings.learning",
            tooltip="Turn implicit learning on (asks your consent) or off",
        ),
        Binding("escape,s", "back", "Back", id="settings.back", tooltip="Back to your memories"),
    ]

    class Loaded(Message):
        """A worker read the settings."""

        def __init__(self, settings: StoreSettings) -> None:
            super().__init__()
            self.settings = settings

    class Saved(Message):
        """A worker changed a setting; ``notice`` says which."""

        def __init__(self, notice: str) -> None:
            super().__init__()
            self.notice = notice

    def __init__(self) -> None:
        super().__init__()
        self.current: StoreSettings | None = None
        # Each number field's value as stored or being stored (by its field id), so leaving a
        # field saves only a change, once.
        self._kept: dict[str, int] = {}
        self._leaving = False

    def compose(self) -> ComposeResult:
        low, high = IMPLICIT_TTL_RANGE_DAYS
        review_low, review_high = REVIEW_INTERVAL_RANGE_DAYS
        app_settings = getattr(self.app, "settings", None)
        path = getattr(app_settings, "path", None)
        remapped = len(getattr(app_settings, "keys", {}) or {})
        with Vertical(id="settings-body"):
            yield Static(Content.styled("Settings", "bold"), id="settings-title")
            with Horizontal(classes="setting"):
                yield Label("Implicit learning", classes="setting-name")
                yield Static("", id="learning")
            with Horizontal(classes="setting"):
                yield Label(f"Inferences last (days, {low}–{high})", classes="setting-name")
                yield Input(id="ttl", type="integer", validators=[Integer(low, high)], validate_on=["submitted"])
            with Horizontal(classes="setting"):
                yield Label(f"Offer a review every (days, {review_low}–{review_high})", classes="setting-name")
                yield Input(
                    id="review",
                    type="integer",
                    validators=[Integer(review_low, review_high)],
                    validate_on=["submitted"],
                )
            with Horizontal(classes="setting"):
                yield Label("Key mode", classes="setting-name")
                yield Static(
                    Content(
                        f"{KEY_MODE_WORDS.get(self.memtrust.key_mode, self.memtrust.key_mode)} "
                        "(change it with memtrust rekey)"
                    ),
                    id="key-mode",
                )
            with Horizontal(classes="setting"):
                yield Label("Settings file", classes="setting-name")
                yield Static(
                    Content.assemble(
                        literal(str(path)) if path else "none (defaults)",
                        f" — {remapped} {'key' if remapped == 1 else 'keys'} remapped" if remapped else "",
                    ),
                    id="settings-file",
                )
            yield Static(
                Content(
                    "Press l to turn implicit learning on or off. Tab to a number, type, and press "
                    "Enter or Tab to save it. Keys can be remapped by id in the settings file "
                    '([keys] "main.add" = "n"); press ? to see the ids.'
                ),
                id="settings-help",
            )
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.load_settings()

    def reload(self) -> None:
        self._leaving = False  # a save on the way out failed: the screen stays, Escape works again
        self.load_settings()

    @work(thread=True, exit_on_error=False, group="store-read", exclusive=True, description="Reading settings")
    def load_settings(self) -> None:
        """Read learning, TTL, review interval and the inferred count (thread worker)."""
        store = self.memtrust.store
        self.post_message(
            self.Loaded(
                StoreSettings(
                    learning=store.learning_enabled(),
                    ttl_days=store.implicit_ttl().days,
                    review_days=review_interval(store).days,
                    inferred=store.count(formation="implicit"),
                )
            )
        )

    def on_settings_screen_loaded(self, message: Loaded) -> None:
        first = self.current is None
        settings = self.current = message.settings
        # ON/OFF drawn as in the status line (a tinted chip that reads in light and dark themes).
        self.query_one("#learning", Static).update(
            Content.assemble(
                Content.styled("ON" if settings.learning else "OFF", LEARNING_STYLES[settings.learning]),
                " — memtrust infers from conversations you import"
                if settings.learning
                else " — nothing is inferred about you",
            )
        )
        if first:
            self.query_one("#ttl", Input).value = str(settings.ttl_days)
            self.query_one("#review", Input).value = str(settings.review_days)
            self._kept = {"ttl": settings.ttl_days, "review": settings.review_days}

    def _bad_number(self, field: Input) -> str:
        low, high = IMPLICIT_TTL_RANGE_DAYS if field.id == "ttl" else REVIEW_INTERVAL_RANGE_DAYS
        return f"Give a whole number of days from {low} to {high}."

    def _changed(self, field: Input, *, stored: bool = False) -> int | bool | None:
        """The field's number if it is valid and not yet kept (``stored``: not as last read
        from the store); None if unchanged; False if invalid."""
        if field.id not in self._kept or self.current is None:
            return None  # not read yet
        validation = field.validate(field.value)
        if validation is not None and not validation.is_valid:
            return False
        days = int(field.value)
        if stored:
            kept = self.current.ttl_days if field.id == "ttl" else self.current.review_days
        else:
            kept = self._kept[field.id]
        return None if days == kept else days

    def _save_field(self, field: Input, days: int) -> None:
        if field.id not in FIELD_SETTINGS:
            return  # not one of the number fields
        self._kept[field.id] = days
        self.save_setting(FIELD_SETTINGS[field.id], days)

    @on(Input.Submitted)
    def save_number(self, event: Input.Submitted) -> None:
        event.stop()
        if event.validation_result is not None and not event.validation_result.is_valid:
            self.notify(self._bad_number(event.input), severity="warning")
            return
        self._save_field(event.input, int(event.value))

    @on(Input.Blurred)
    def save_on_leaving(self, event: Input.Blurred) -> None:
        """Leaving a number field (Tab) saves a changed number, validated as Enter does;
        a bad number is explained and the field keeps the focus."""
        event.stop()
        if self._leaving or not self.is_current:
            return
        field = event.input
        days = self._changed(field)
        if days is False:
            self.notify(self._bad_number(field), severity="warning")
            field.focus()
        elif days is not None:
            self._save_field(field, days)

    @work(thread=True, exit_on_error=False, group="store-write", description="Saving a setting")
    def save_setting(self, name: str, days: int) -> None:
        """Store one setting (thread worker)."""
        self.memtrust.store.set_setting(name, str(days))
        self.post_message(self.Saved(f"{SAVED_WORDS[name]} {days} days."))

    @work(thread=True, exit_on_error=False, group="store-write", description="Saving settings")
    def save_and_leave(self, changes: list[tuple[str, int]]) -> None:
        """Store the numbers changed but not yet saved, say so, and go back (thread worker)."""
        for name, days in changes:
            self.memtrust.store.set_setting(name, str(days))
        said = " ".join(f"{SAVED_WORDS[name]} {days} days." for name, days in changes)
        self.app.call_from_thread(self._left, f"Saved as you left: {said}")

    def _left(self, notice: str) -> None:
        self.notify(notice, markup=False)
        self.dismiss(None)

    def on_settings_screen_saved(self, message: Saved) -> None:
        self.notify(message.notice, markup=False)
        self.load_settings()

    def action_toggle_learning(self) -> None:
        if self.current is None:
            return
        if not self.current.learning:
            self.app.push_screen(ConsentScreen(), if_yes(lambda: self.set_learning(True)))
            return

        def turn_off(choice: LearningOffChoice | None) -> None:
            if choice is not None:
                self.set_learning(False, clear=choice == "off-and-clear")

        self.app.push_screen(LearningOffScreen(self.current.inferred), turn_off)

    @work(thread=True, exit_on_error=False, group="store-write", description="Recording consent")
    def set_learning(self, enabled: bool, *, clear: bool = False) -> None:
        """Record the consent event (§3.2), and clear inferred rows when asked (thread worker)."""
        self.post_message(self.Saved(record_learning_choice(self.memtrust.store, enabled, clear=clear)))

    def action_back(self) -> None:
        """Back to the memories; a changed number not yet saved is saved first (and said so),
        a bad one is left as it was (and said so)."""
        if self._leaving:
            return
        self._leaving = True
        changes = []
        for field in self.query(Input):
            if field.id not in FIELD_SETTINGS:
                continue  # not one of the number fields
            # Against the store as last read: a save begun on leaving the field may not have
            # finished, and is made again here (the same number) before the screen goes.
            days = self._changed(field, stored=True)
            if days is False:
                what = "Inference lifetime" if field.id == "ttl" else "Review interval"
                bad = self._bad_number(field)
                self.notify(f"{what} not saved: {bad[0].lower()}{bad[1:]}", severity="warning", markup=False)
            elif days is not None:
                changes.append((FIELD_SETTINGS[field.id], days))
        if changes:
            self.save_and_leave(changes)
        else:
            self.dismiss(None)
