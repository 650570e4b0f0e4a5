"""The ``memtrust`` console script (DESIGN.md §11): ``--help`` and ``--version`` answered at
the cost of a Python start-up; every other command line goes to :mod:`memtrust.app.cli`.

Importing click and defining every command costs more than starting Python itself, and
``memtrust --help`` is what a person types first. So the group's help, as click renders it for
a terminal of 80 columns or more (click wraps help at ``min(columns, 80) - 2``), is kept
rendered in ``cli_help.txt`` beside this module, and ``--version`` is the one version string of
:mod:`memtrust.store.version`. tests/test_cli.py renders both with click and compares them
with what this module prints, so the two can never drift apart; after changing a command's
help, write the file again with :func:`render_help`. A narrower terminal, or any other
argument, is answered by click itself. No key, passphrase or value is in memory for these
two answers, so they skip the process hardening of :func:`memtrust.app.cli.main`.
"""

from __future__ import annotations

import os
import sys

#: The pre-rendered ``memtrust --help`` (UTF-8, no final newline, as click's ``get_help``).
HELP_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cli_help.txt")
#: Columns from which click renders help at its full width (``max_content_width``).
FULL_WIDTH_COLUMNS = 80


def terminal_columns() -> int:
    """The columns click wraps help to, found as ``shutil.get_terminal_size`` finds them (the
    ``COLUMNS`` variable, else the terminal of standard output, else 80), without importing
    shutil."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or FULL_WIDTH_COLUMNS  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return FULL_WIDTH_COLUMNS


def quick_answer(args: list[str]) -> str | None:
    """What ``memtrust`` prints for ``args`` (the arguments after the program name) when it
    is ``--version``, or ``--help``/``-h`` on a terminal of at least 80 columns; ``None`` for
    anything else (click answers). Raises OSError when the help file is missing."""
    if args == ["--version"]:
        from memtrust.store.version import VERSION

        return f"memtrust, version {VERSION}"
    if args in (["--help"], ["-h"]) and terminal_columns() >= FULL_WIDTH_COLUMNS:
        with open(HELP_FILE, encoding="utf-8") as text:
            return text.read()
    return None


def render_help() -> str:
    """``memtrust --help`` as click renders it at full width (what ``cli_help.txt`` holds)."""
    import click

    from memtrust.app.cli import cli

    # click's width at 80 columns or more: min(columns, 80) - 2.
    settings = {**cli.context_settings, "terminal_width": FULL_WIDTH_COLUMNS - 2}
    with click.Context(cli, info_name="memtrust", **settings) as ctx:
        return cli.get_help(ctx)


def entry_point() -> None:
    """Console-script entry: the quick answer when there is one, else the command line."""
    try:
        answer = quick_answer(sys.argv[1:])
    except OSError:
        answer = None  # an install without the help file: click renders it
    if answer is not None:
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
        sys.exit(0)
    from memtrust.app.cli import entry_point as run_command_line

    run_command_line()
