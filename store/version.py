"""memtrust's version, in one place: the build reads it from here (pyproject.toml's
``[tool.setuptools.dynamic]``), so the installed metadata always says the same."""

from __future__ import annotations

#: The version of memtrust: what exports (DESIGN.md §9), ``--version`` and the MCP server
#: report. A plain string literal: the build reads it without importing memtrust.
VERSION = "0.1.0"


def app_version() -> str:
    """The memtrust version (``"0.1.0"``): :data:`VERSION`, which is also the installed
    distribution's version (the build takes it from there)."""
    return VERSION
