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
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

CONFIG_ENV = "MEMTRUST_CONFIG"
CONFIG_FILE_NAME = "settings.toml"


class SettingsError(ValueError):
    """The settings file exists but cannot be used; the message is one sentence for the user."""


@dataclass(frozen=True)
class Settings:
    """Typed settings. ``keys`` maps a binding id (``main.add``) to key names (``n``)."""

    keys: dict[str, str] = field(default_factory=dict)
    theme: str | None = None
    path: Path | None = None
    """Where the settings were read from (None for defaults)."""


def settings_path(env: dict[str, str] | None = None) -> Path:
    """The settings file's path: ``$MEMTRUST_CONFIG``, else the platform config folder."""
    env = os.environ if env is None else env
    override = env.get(CONFIG_ENV)
    if override:
        return Path(override).expanduser()
    return Path(user_config_dir("memtrust", appauthor=False)) / CONFIG_FILE_NAME


def parse_settings(data: dict[str, Any], *, path: Path | None = None) -> Settings:
    """Settings from parsed TOML; raises SettingsError naming the first bad entry."""
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        raise SettingsError("[keys] in the settings file must be a table of binding id = \"key\".")
    for binding_id, key in keys.items():
        if not isinstance(key, str) or not key.strip():
            raise SettingsError(f"The key for {binding_id!r} in the settings file must be a key name such as \"n\".")
    theme = data.get("theme")
    if theme is not None and not isinstance(theme, str):
        raise SettingsError("theme in the settings file must be a theme name such as \"textual-light\".")
    return Settings(keys={str(k): v.strip() for k, v in keys.items()}, theme=theme, path=path)


def load_settings(path: Path | None = None) -> Settings:
    """Read the settings file (default :func:`settings_path`); defaults when it is absent.

    Raises SettingsError when the file is not valid TOML or holds wrong types.
    """
    path = settings_path() if path is None else path
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings()
    except OSError as error:
        raise SettingsError(f"The settings file {path} could not be read ({error.strerror}).") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SettingsError(f"The settings file {path} is not valid TOML ({error}).") from None
    return parse_settings(data, path=path)
