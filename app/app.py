"""The memtrust Textual app (DESIGN.md §8): holds the open store; screens do the rest.

``MemtrustApp(store, key_mode=…, prune_notice=…, settings=…, prune=…)``: the app applies
the settings file (keys remapped by binding id, theme; :mod:`app.settings`), shows the
prune notice given by the command line if any, pushes the main screen and lists every
binding of the current screen in the command palette.

With ``prune=True`` the main screen runs the §4 launch prune itself, in its first worker,
right after it shows the first data (read with the rows already expired left out): the screen
paints and shows data at once even when thousands of rows expire. The command line may still
prune before starting the app; the second prune then finds nothing.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from textual import constants, events
from textual.app import SystemCommand
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen

from memtrust.app.settings import Settings, SettingsError, check_keys, load_settings, theme_problem
from memtrust.screens import ASSETS
from memtrust.screens.help import HelpScreen
from memtrust.screens.main import MainScreen
from memtrust.screens.textual_internals import OneSentenceFatalErrorApp
from memtrust.store.errors import InvalidInput
from memtrust.store.memories import MemoryStore
from memtrust.store.model import Clock

#: Textual system commands left out of the palette, by title: "Screenshot" writes the screen
#: to a file unencrypted; "Keys" opens Textual's side panel, which Escape does not close (help
#: is on ?); "Quit" would sit beside memtrust's own "Quit (q)".
LEFT_OUT_COMMANDS = frozenset({"Screenshot", "Keys", "Quit"})


def refuse_plaintext_output() -> None:
    """Refuse to run under Textual's developer variables that write the screen or the app's
    log to a file, unencrypted: ``TEXTUAL_SCREENSHOT`` (an SVG of what is shown, values
    included) and ``TEXTUAL_LOG`` (§5: no screenshot path writes plaintext). Textual reads
    them once, at import, into :mod:`textual.constants`. Raises InvalidInput naming the one set.
    """
    if constants.SCREENSHOT_DELAY >= 0:
        raise InvalidInput(
            "memtrust does not take screenshots: TEXTUAL_SCREENSHOT would write your memories to a file "
            "unencrypted; unset it and start memtrust again."
        )
    if constants.LOG_FILE:
        raise InvalidInput(
            "memtrust does not run with TEXTUAL_LOG set: Textual would log what the app shows to a file "
            "unencrypted; unset it and start memtrust again."
        )


@dataclass
class _Notice:
    """A notification as :meth:`MemtrustApp.notify` was given it; ``ends``: when its toast
    goes (``time.monotonic()`` seconds), once shown."""

    message: str
    title: str
    severity: SeverityLevel
    timeout: float
    markup: bool
    ends: float = 0.0


class MemtrustApp(OneSentenceFatalErrorApp[None]):
    """The TUI over one unlocked :class:`MemoryStore`.

    - ``key_mode``: ``keychain``, ``passphrase`` or ``memory`` (the demo's throwaway key).
    - ``prune_notice``: the sentence of the launch prune (``PruneReport.notice()``), shown
      once as a notification, or None.
    - ``clock``: aware-UTC clock for "expires in 12d" and "last seen 4 days ago"; the
      store's own clock by default (tests pass a fixed one to both).
    - ``settings``: the settings file's contents; read from its platform path (or
      ``MEMTRUST_CONFIG``) when None. A bad file is reported once and defaults are used;
      ``[keys]`` entries :func:`~app.settings.check_keys` leaves out (unknown id, key name
      Textual never sends, a key two bindings would share) are reported once, the rest applied.
    - ``prune``: run the §4 prune in the main screen's first worker (see the module doc).
    """

    #: main.tcss is loaded by the app: the main screen is the default screen, whose own
    #: ``CSS_PATH`` Textual does not read (its rules are scoped by ``MainScreen`` all the same).
    CSS_PATH = [ASSETS / "app.tcss", ASSETS / "main.tcss"]
    #: Read right after the main screen's first frame (:meth:`read_later_css`), not before it
    #: (parsing it was 5 % of the launch to first paint) nor when its screen is first pushed:
    #: a stylesheet read then restyles the whole app, 22 ms of the Overview's first open
    #: (timed, bench/tui_bench.py) against 1-2 ms right after launch.
    LATER_CSS_PATH = [ASSETS / "overview.tcss"]
    TITLE = "memtrust"
    BINDINGS = [
        Binding("q", "quit", "Quit", id="app.quit", tooltip="Close memtrust; the store stays encrypted on disk"),
        Binding("question_mark", "help", "Help", id="app.help", tooltip="Show every key and what it does"),
    ]

    def __init__(
        self,
        store: MemoryStore,
        *,
        key_mode: str,
        prune_notice: str | None = None,
        clock: Clock | None = None,
        settings: Settings | None = None,
        prune: bool = True,
    ) -> None:
        refuse_plaintext_output()
        super().__init__()
        self.store = store
        self.key_mode = key_mode
        self.prune_notice = prune_notice
        self.clock: Clock = clock or store.clock
        self.prune_at_launch = prune
        self.settings_problem: str | None = None
        """Why the settings file was not used at all (one sentence), or None."""
        self.key_problems: tuple[str, ...] = ()
        """One sentence per ``[keys]`` entry left out (unknown id, bad key name, clash)."""
        if settings is None:
            try:
                settings = load_settings()
            except SettingsError as problem:
                settings, self.settings_problem = Settings(), str(problem)
        self.settings = settings
        if settings.keys:
            checked = check_keys(settings.keys)
            self.key_problems = checked.problems
            if checked.keymap:
                self.set_keymap(checked.keymap)
        self.theme_problem = theme_problem(settings.theme)
        #: Notifications held while a dialog is up, and those shown (with when they end), so
        #: that a toast never covers a dialog's buttons (:meth:`notify`).
        self._held: list[_Notice] = []
        self._shown: list[_Notice] = []
        """Why the settings file's theme was not applied (one sentence), or None."""
        if settings.theme and settings.theme in self.available_themes:
            self.theme = settings.theme

    def now(self) -> datetime:
        """The current time, aware UTC, from the injected clock."""
        return self.clock()

    def fatal_error_sentence(self, error: BaseException | None) -> str | None:
        """An unexpected error ends the app with one sentence, never Textual's traceback with
        local variables, which would print stored values in plain text (§5: no plaintext in
        tracebacks). ``MEMTRUST_DEBUG=1`` restores the full traceback for debugging."""
        if os.environ.get("MEMTRUST_DEBUG"):
            return None
        return (
            f"memtrust: unexpected internal error ({type(error).__name__ if error else 'unknown'}); "
            "your store is unchanged. Run again with MEMTRUST_DEBUG=1 to see details."
        )

    async def on_event(self, event: events.Event) -> None:
        """Keys and clicks that arrive after quit was asked for do nothing: ``q`` then ``i``
        typed together would otherwise open the Inbox while the app tears its screens down."""
        if self.is_exiting and isinstance(event, events.InputEvent):
            return
        await super().on_event(event)

    def read_later_css(self) -> None:
        """Read the stylesheets of :data:`LATER_CSS_PATH` not read yet and restyle the app with
        them (as Textual does for a screen's ``CSS_PATH`` when it is pushed)."""
        unread = [path for path in self.LATER_CSS_PATH if not self.stylesheet.has_source(str(path), "")]
        for path in unread:
            self.stylesheet.read(path)
        if unread:
            self.stylesheet.reparse()
            self.stylesheet.update(self)

    def get_default_screen(self) -> Screen:
        """The main screen is the app's first screen (no blank screen is drawn before it)."""
        return MainScreen(prune=self.prune_at_launch)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Textual's notification, except that a toast never covers a dialog (§8): Textual
        shows toasts at the bottom right of the active screen, where a dialog at 80×24 has its
        buttons. While a modal screen (a dialog, the help, the command palette) is up, a
        notification waits and is shown, for its whole ``timeout`` (seconds), when the dialog
        closes; toasts showing when one opens are taken down and shown again after it for the
        time they had left. A dialog says its own problems in its ``#problem`` line."""
        notice = _Notice(message, title, severity, timeout or self.NOTIFICATION_TIMEOUT, markup)
        if isinstance(self.screen_stack[-1] if self.screen_stack else None, ModalScreen):
            self._held.append(notice)
            return
        self._show(notice)

    def _show(self, notice: _Notice) -> None:
        notice.ends = time.monotonic() + notice.timeout
        self._shown = [shown for shown in self._shown if shown.ends > time.monotonic()] + [notice]
        super().notify(
            notice.message, title=notice.title, severity=notice.severity, timeout=notice.timeout, markup=notice.markup
        )

    def _screen_changed(self, screen: Screen) -> None:
        """A dialog opened: hold the toasts showing; a screen that is not a dialog is back:
        show what was held (:meth:`notify`)."""
        now = time.monotonic()
        if isinstance(screen, ModalScreen):
            for shown in self._shown:
                if shown.ends > now:
                    shown.timeout = max(1.0, shown.ends - now)
                    self._held.append(shown)
            self._shown = []
            self.clear_notifications()
            for below in self.screen_stack[:-1]:  # Textual refreshes only the active screen's toasts
                below.query("ToastHolder").remove()
            # what shows of the screens beneath is drawn again without them
            self.call_after_refresh(screen.refresh, repaint=True, layout=True)
            return
        held, self._held = self._held, []
        for notice in held:
            self._show(notice)

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed)
        if self.prune_notice:
            self.notify(self.prune_notice, title="Expired memories removed", markup=False)
        if self.settings_problem:
            self.notify(
                f"{self.settings_problem} Using the default keys.",
                title="Settings file not used",
                severity="warning",
                markup=False,
            )
        if self.theme_problem:
            self.notify(self.theme_problem, title="Theme not used", severity="warning", markup=False)
        if self.key_problems:
            self.notify(
                " ".join([*self.key_problems, "Every other key works as set."]),
                title="Some keys in the settings file not used",
                severity="warning",
                markup=False,
                timeout=10 + 5 * len(self.key_problems),
            )

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            return
        bindings = [(key, active.binding) for key, active in self.screen.active_bindings.items()]
        self.push_screen(HelpScreen(bindings))

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Inert: a screenshot would write stored values to disk unencrypted (see
        :meth:`get_system_commands`)."""
        self.notify(
            "Screenshots are off: they would write your memories to disk unencrypted.", severity="warning", markup=False
        )

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """Inert, like :meth:`action_screenshot`; ``export_screenshot`` (tests) still works."""
        self.action_screenshot()
        return None

    def save_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str:
        """Inert, like :meth:`action_screenshot`: every Textual path that writes the screen to a
        file (the palette, ``deliver_screenshot``, ``TEXTUAL_SCREENSHOT``) ends here or in
        :meth:`deliver_screenshot`, and nothing is written. Returns an empty path."""
        self.action_screenshot()
        return ""

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's Theme and Maximize (or Minimize), plus every memtrust binding of ``screen``
        (those with an ``id``), with its tooltip as help (§8). Widget-internal keys (cursor
        moves) are left out. Of Textual's own (:data:`LEFT_OUT_COMMANDS`): Screenshot writes
        the screen (stored values, health data) unencrypted to ~/Downloads, world-readable,
        without a warning; Keys opens a side panel Escape does not close, where ? is memtrust's
        help; Textual's Quit would duplicate memtrust's "Quit (q)"."""
        for command in super().get_system_commands(screen):
            if command.title not in LEFT_OUT_COMMANDS:
                yield command
        seen: set[str] = set()
        for active in screen.active_bindings.values():
            binding = active.binding
            if not binding.id or not binding.description or binding.system or binding.action in seen:
                continue
            seen.add(binding.action)
            key = self.get_key_display(binding)
            yield SystemCommand(
                f"{binding.description} ({key})",
                binding.tooltip or binding.description,
                partial(self.run_action, binding.action, active.node),
            )
