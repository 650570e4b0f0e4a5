"""memtrust's version, read once from the installed distribution's metadata."""

from __future__ import annotations

from functools import cache
from importlib import metadata


@cache
def app_version() -> str:
    """The installed memtrust version (``"0.1.0"``), read from ``importlib.metadata`` on
    first use and kept; what exports (DESIGN.md §9), ``--version`` and the MCP server report.

    memtrust always runs installed (``pip install -e .`` in development), so the
    distribution's metadata is present; raises ``importlib.metadata.PackageNotFoundError``
    otherwise.
    """
    return metadata.version("memtrust")
