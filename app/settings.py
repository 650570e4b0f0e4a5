"""The user's settings file (DESIGN.md §8): keys remapped by binding id, and the theme.

A TOML file at ``user_config_dir("memtrust", appauthor=False)/settings.toml``, or at the
path in ``MEMTRUST_CONFIG``. Everything in it is optional::

    theme = "textual-light"

    [keys]
    "main.add" = "n"            # binding id = key (or several, comma-separated: "n,ctrl+n")
    "main.search" = "slash,ctrl+f"

Binding ids are those shown in the help screen (``?``). Settings that belong to the store
(implicit TTL, review interval, implicit learning) live in the store and the Settings
screen, not here: they travel with the data and are audited.

``[keys]`` is checked against the app's real bindings before it is applied
(:func:`check_keys` over :func:`key_scopes`, issue 6): an unknown binding id, a key name
Textual never produces, and a remap that would give one key two jobs on one screen are each
reported in one sentence and not applied, so no key quietly does something else.
"""

from __future__ import annotations

import difflib
import importlib
import os
import pkgutil
import stat
import string
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from platformdirs import user_config_dir
from textual.binding import Binding
from textual.keys import REPLACED_KEYS, Keys, key_to_character
from textual.theme import BUILTIN_THEMES

from memtrust.screens.textual_internals import character_to_key, merged_bindings

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.widget import Widget

CONFIG_ENV = "MEMTRUST_CONFIG"
CONFIG_FILE_NAME = "settings.toml"
#: A settings file larger than this (bytes) is refused unread: a real one is a few hundred bytes.
MAX_SETTINGS_BYTES = 1024 * 1024
#: The themes a settings file may name (the app registers no others).
THEME_NAMES = frozenset(BUILTIN_THEMES)


class SettingsError(ValueError):
    """The settings file exists but cannot be used; the message is one sentence for the user."""


@dataclass(frozen=True)
class Settings:
    """Typed settings. ``keys`` maps a binding id (``main.add``) to key names (``n``)."""

    keys: dict[str, str] = field(default_factory=dict)
    theme: str | None = None
    path: Path | None = None
    """Where the settings were read from (None for defaults)."""


def settings_path(env: Mapping[str, str] | None = None) -> Path:
    """The settings file's path: ``$MEMTRUST_CONFIG``, else the platform config folder."""
    override = (os.environ if env is None else env).get(CONFIG_ENV)
    if override:
        return Path(override).expanduser()
    return Path(user_config_dir("memtrust", appauthor=False)) / CONFIG_FILE_NAME


def parse_settings(data: dict[str, Any], *, path: Path | None = None) -> Settings:
    """Settings from parsed TOML; raises SettingsError naming the first bad entry."""
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        raise SettingsError('[keys] in the settings file must be a table of binding id = "key".')
    for binding_id, key in keys.items():
        if not isinstance(key, str) or not key.strip():
            raise SettingsError(f'The key for {binding_id!r} in the settings file must be a key name such as "n".')
    theme = data.get("theme")
    if theme is not None and not isinstance(theme, str):
        raise SettingsError('theme in the settings file must be a theme name such as "textual-light".')
    return Settings(keys={str(k): v.strip() for k, v in keys.items()}, theme=theme, path=path)


def load_settings(path: Path | None = None) -> Settings:
    """Read the settings file (default :func:`settings_path`); defaults when it is absent.

    Raises SettingsError when the file is not a regular file (a device such as ``/dev/zero``,
    a FIFO, a folder), is larger than :data:`MAX_SETTINGS_BYTES`, is not valid TOML or holds
    wrong types. At most :data:`MAX_SETTINGS_BYTES` + 1 bytes are ever read.
    """
    path = settings_path() if path is None else path
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; the file is checked before
        # a byte of it is read.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return Settings()
    except OSError as error:
        raise SettingsError(f"The settings file {path} could not be read ({error.strerror}).") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SettingsError(f"The settings file {path} is not a regular file, so memtrust does not read it.")
        if info.st_size > MAX_SETTINGS_BYTES:
            raise SettingsError(
                f"The settings file {path} is larger than {MAX_SETTINGS_BYTES // 1024} KiB, so memtrust does not read it."
            )
        with os.fdopen(os.dup(fd), "rb") as handle:
            raw = handle.read(MAX_SETTINGS_BYTES + 1)
    except OSError as error:
        raise SettingsError(f"The settings file {path} could not be read ({error.strerror}).") from None
    finally:
        os.close(fd)
    if len(raw) > MAX_SETTINGS_BYTES:  # it grew after the check
        raise SettingsError(
            f"The settings file {path} is larger than {MAX_SETTINGS_BYTES // 1024} KiB, so memtrust does not read it."
        )
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SettingsError(f"The settings file {path} is not valid TOML ({error}).") from None
    return parse_settings(data, path=path)


def theme_problem(theme: str | None) -> str | None:
    """One sentence when ``theme`` names no theme the app has (Textual's built-in themes), else None."""
    if theme is None or theme in THEME_NAMES:
        return None
    guess = difflib.get_close_matches(theme, sorted(THEME_NAMES), n=1)
    hint = f' (did you mean "{guess[0]}"?)' if guess else ""
    shown = theme if len(theme) <= 60 else theme[:59] + "…"
    return (
        f"The settings file names the theme {shown!r}, which memtrust does not have{hint}; the default theme is used."
    )


# --- checking [keys] against the app's bindings (issue 6) ------------------------------

#: Modifiers in the order Textual writes them in a key name (alphabetical: ``ctrl+shift+up``).
MODIFIERS = ("alt", "ctrl", "hyper", "meta", "shift", "super")
#: Names of keys that are not characters (``escape``, ``f5``, ``pageup``…), from Textual.
NAMED_KEYS = frozenset(
    name for key in Keys if not (name := key.value.rpartition("+")[2]).startswith("<") and len(name) > 1
)
#: Every key name in Textual's list of keys, modifiers included (``ctrl+@``, ``shift+tab``).
KEY_NAMES = frozenset(key.value for key in Keys)
#: Textual's names for the punctuation keys (``slash``, ``question_mark``…), for suggestions.
CHARACTER_KEYS = frozenset(character_to_key(character) for character in string.punctuation)


def key_name_problem(key: str) -> str | None:
    """Why Textual would never produce ``key`` (one key of a ``[keys]`` entry), or None.

    Returns the end of a sentence, with a suggestion where there is one: ``Textual has no key
    named "esc" (did you mean "escape"?)``. Single printable characters are always fine. The
    rules are those of Textual's key parser: modifiers in alphabetical order, a shifted letter
    arrives as the capital letter, punctuation after a modifier goes by name (``ctrl+slash``).
    """
    if not key:
        return "one of its keys is empty"
    if len(key) == 1:
        return None if key.isprintable() else f"{key!r} is not a key"
    if key in KEY_NAMES:
        return None
    *modifiers, base = key.split("+")
    if not base or not all(modifiers):
        return f'"{key}" has an empty part between its + signs'
    unknown = [modifier for modifier in modifiers if modifier not in MODIFIERS]
    if unknown:
        guess = difflib.get_close_matches(unknown[0].lower(), MODIFIERS, n=1)
        hint = f'did you mean "{guess[0]}"?' if guess else f"modifiers are {', '.join(MODIFIERS)}"
        return f'"{unknown[0]}" in "{key}" is not a modifier Textual knows ({hint})'
    if len(set(modifiers)) != len(modifiers):
        return f'"{key}" names a modifier twice'
    if len(base) == 1:
        if not base.isprintable():
            return f'"{key}" does not end in a key'
        if modifiers == ["shift"]:
            hint = f' (write "{base.upper()}")' if base.isalpha() else ""
            return f'shift with a character arrives as the shifted character, never as "{key}"{hint}'
        canonical = character_to_key(base)
        if base.isalpha() and base.isupper():
            canonical, modifiers = base.lower(), [*modifiers, *(["shift"] if "shift" not in modifiers else [])]
    else:
        canonical = base.lower()
        character = key_to_character(REPLACED_KEYS.get(canonical, canonical))
        if canonical not in NAMED_KEYS and (character is None or character_to_key(character) != canonical):
            guess = difflib.get_close_matches(canonical, sorted(NAMED_KEYS | CHARACTER_KEYS), n=1)
            if not guess:
                return f'Textual has no key named "{key}"'
            suggestion = "+".join([*sorted(modifiers, key=MODIFIERS.index), guess[0]])
            return f'Textual has no key named "{key}" (did you mean "{suggestion}"?)'
    suggestion = "+".join([*sorted(modifiers, key=MODIFIERS.index), canonical])
    if suggestion != key:
        return f'Textual names that key "{suggestion}", never "{key}"'
    return None


@dataclass(frozen=True)
class Bound:
    """One key of one binding live on a screen, and whose it is: ``owner`` is ``memtrust`` for
    a binding with an id, ``Textual`` for a screen's or the app's built-in one (``tab``,
    ``ctrl+q``), else the widget class (``OptionList``, ``Input``) that binds it."""

    binding: Binding
    owner: str = "memtrust"

    def describe(self) -> str:
        """The binding in words for a sentence: its id, else ``OptionList's "cursor_down"``."""
        if self.binding.id:
            return self.binding.id
        return f'{self.owner}\'s "{self.binding.description or self.binding.action}"'


@dataclass(frozen=True)
class KeyScope:
    """The bindings live together on one screen, as Textual looks them up for a key press.

    ``name`` is the screen's id prefix (``main``, ``inbox``, ``confirm``). ``bindings`` holds
    one key per :class:`Binding` (Textual's expanded form, keys normalised): the screen's own
    and inherited ones, the app's (only its priority ones on a modal screen, where Textual's
    lookup stops before the app) and those of the focusable widgets the screen is built from
    (a list's ``down``, a button's ``enter``), which take a key first while they have the focus.
    """

    name: str
    bindings: tuple[Bound, ...]


def _widget_classes(module: Any, seen: set[str]) -> Iterator[type[Widget]]:
    """Widget classes a ``screens`` module names, following the package's own widget modules."""
    from textual.screen import Screen
    from textual.widget import Widget

    if module.__name__ in seen:
        return
    seen.add(module.__name__)
    for value in list(vars(module).values()):
        if isinstance(value, type) and issubclass(value, Widget) and not issubclass(value, Screen):
            yield value
            if value.__module__.startswith("memtrust.screens."):
                yield from _widget_classes(importlib.import_module(value.__module__), seen)


def _owned(cls: type[DOMNode], owner: str = "Textual") -> list[Bound]:
    """``cls``'s bindings as Textual merges them over its base classes; those without an id
    are ``owner``'s (Textual's own ``tab`` and ``ctrl+q`` on a screen or the app)."""
    return [Bound(binding, "memtrust" if binding.id else owner) for binding in merged_bindings(cls)]


def key_scopes() -> tuple[KeyScope, ...]:
    """Every screen's live bindings (:class:`KeyScope`), for :func:`check_keys` (DESIGN.md §8).

    The screens are the :class:`~textual.screen.Screen` subclasses defined in the ``screens``
    package that declare bindings of their own; the app is ``MemtrustApp`` with Textual's
    command-palette key. Imports the app and every screen module: call it at run time.
    """
    from textual.screen import ModalScreen, Screen

    from memtrust import screens
    from memtrust.app.app import MemtrustApp

    app_bindings = _owned(MemtrustApp)
    if MemtrustApp.ENABLE_COMMAND_PALETTE:
        app_bindings.append(
            Bound(
                Binding(MemtrustApp.COMMAND_PALETTE_BINDING, "command_palette", "Command palette", priority=True),
                "Textual",
            )
        )
    scopes = []
    for info in sorted(pkgutil.iter_modules(screens.__path__), key=lambda info: info.name):
        module = importlib.import_module(f"memtrust.screens.{info.name}")
        for screen in list(vars(module).values()):
            if not (
                isinstance(screen, type)
                and issubclass(screen, Screen)
                and screen.__module__ == module.__name__
                and screen.__dict__.get("BINDINGS")
            ):
                continue
            own = _owned(screen)
            modal = issubclass(screen, ModalScreen)
            app = [bound for bound in app_bindings if bound.binding.priority or not modal]
            used = set(_widget_classes(module, set()))
            # A class the screen's widgets only derive from (DetailPanel's VerticalScroll) is not itself on screen.
            used = {cls for cls in used if not any(other is not cls and issubclass(other, cls) for other in used)}
            widgets = [
                bound
                for cls in sorted(used, key=lambda cls: cls.__name__)
                if cls.can_focus
                for bound in _owned(cls, cls.__name__)
            ]
            ids = [bound.binding.id for bound in own if bound.binding.id]
            name = ids[0].partition(".")[0] if ids else screen.__name__
            scopes.append(KeyScope(name, tuple(own + app + widgets)))
    return tuple(scopes)


@dataclass(frozen=True)
class KeyCheck:
    """What :func:`check_keys` found: ``keymap`` is the part of ``[keys]`` safe to apply
    (binding id → normalised keys, ``"n,ctrl+n"``, for Textual's ``set_keymap``);
    ``problems`` one plain-text sentence per entry left out, in the file's order."""

    keymap: dict[str, str]
    problems: tuple[str, ...]


def check_keys(keys: Mapping[str, str], scopes: Sequence[KeyScope] | None = None) -> KeyCheck:
    """Check ``[keys]`` (binding id → comma-separated keys) against ``scopes`` (default
    :func:`key_scopes`) before it is applied (issue 6, DESIGN.md §8). Never raises.

    Left out, each with one sentence: an id no screen has (naming the closest id), a key
    Textual would never produce (:func:`key_name_problem`), and a remap that gives a key to
    two bindings live on the same screen — whether the other holds it by default, by another
    remap, or is a binding without an id (Textual's ``tab``, a list's ``down``). Those ids keep
    their default keys, so no key does two things; leaving one remap out can give a default
    key back and clash again, so the check repeats until nothing clashes. A remap that only
    moves keys between bindings (``a`` ↔ ``d``) clashes with nothing and is applied.
    """
    scopes = key_scopes() if scopes is None else scopes
    defaults: dict[str, list[str]] = {}
    for scope in scopes:
        for bound in scope.bindings:
            if bound.binding.id and bound.binding.key not in defaults.setdefault(bound.binding.id, []):
                defaults[bound.binding.id].append(bound.binding.key)
    problems: dict[str, str] = {}
    wanted: dict[str, list[str]] = {}
    for binding_id, key_list in keys.items():
        if binding_id not in defaults:
            guess = difflib.get_close_matches(binding_id, sorted(defaults), n=1)
            hint = f'did you mean "{guess[0]}"?' if guess else "the help screen (?) lists every id"
            problems[binding_id] = f'"{binding_id}" in [keys] is not a binding of memtrust ({hint}); it was ignored.'
            continue
        names = [name.strip() for name in key_list.split(",")]
        bad = next((reason for name in names if (reason := key_name_problem(name))), None)
        if bad:
            problems[binding_id] = f'"{binding_id}" = "{key_list}" was not applied: {bad}.'
            continue
        # Textual's own expansion: "?,ctrl+f" → question_mark, ctrl+f (names checked non-empty above).
        wanted[binding_id] = list(dict.fromkeys(bound.key for bound in Binding.make_bindings([Binding(key_list, "")])))
    while clash := _first_clash(wanted, defaults, scopes):
        screen_name, key, remapped, others = clash
        for binding_id in remapped:
            rivals = [holder for holder in [*remapped, *others] if holder != binding_id]
            problems[binding_id] = (
                f'"{binding_id}" = "{keys[binding_id]}" was not applied: on the {screen_name} screen {_shown(key)} would '
                f"be both {binding_id} and {' and '.join(rivals)}, and one key must do one thing; {binding_id} stays "
                f"on {','.join(_shown(default) for default in defaults[binding_id])}."
            )
            del wanted[binding_id]
    ordered = [problems[binding_id] for binding_id in keys if binding_id in problems]
    return KeyCheck({binding_id: ",".join(names) for binding_id, names in wanted.items()}, tuple(ordered))


def _shown(key: str) -> str:
    """A key as a sentence shows it: the character for a character key (``?``), else its name."""
    character = key_to_character(REPLACED_KEYS.get(key, key))
    return character if character is not None and character.isprintable() and not character.isspace() else key


def _first_clash(
    wanted: dict[str, list[str]], defaults: dict[str, list[str]], scopes: Sequence[KeyScope]
) -> tuple[str, str, list[str], list[str]] | None:
    """The first key some screen would give to two bindings, one of them by a remap in
    ``wanted``: (screen name, key, remapped ids holding it, the other holders in words)."""
    for scope in scopes:
        holders: dict[str, list[Bound]] = {}
        placed: set[str] = set()
        for bound in scope.bindings:
            binding_id = bound.binding.id
            if binding_id in wanted:
                if binding_id not in placed:
                    placed.add(binding_id)
                    for key in wanted[binding_id]:
                        holders.setdefault(key, []).append(bound)
            else:
                holders.setdefault(bound.binding.key, []).append(bound)
        for key, bounds in holders.items():
            names = list(dict.fromkeys(bound.describe() for bound in bounds))
            remapped = [name for name in names if name in wanted and key not in defaults[name]]
            if len(names) > 1 and remapped:
                return scope.name, key, remapped, [name for name in names if name not in remapped]
    return None
