"""Run ``memtrust …`` in the test process, as a user's shell would run it (DESIGN.md §11).

:func:`run_memtrust` calls :func:`memtrust.app.cli.run_command_line` — what the console script
runs after hardening the process — with click's test isolation: its own stdin (no terminal),
captured stdout and stderr, and an environment holding only the given ``MEMTRUST_*``
variables, so a test sees the exit status and the exact output a subprocess would give,
without starting Python again for every command. Tests of what only a real process shows
(exit codes of the console script, tracebacks, terminals, signals) start one instead.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping

from click.testing import CliRunner

from memtrust.app.cli import run_command_line

#: Variables a test's command never inherits from the test process (it gets only its own).
_NOT_INHERITED = ("MEMTRUST_", "XDG_", "PYTHON_KEYRING_BACKEND")


def run_memtrust(*args: str, env: Mapping[str, str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``memtrust ARGS`` with ``env`` (``MEMTRUST_HOME``, ``HOME``, ``MEMTRUST_PASSPHRASE``, …)
    and ``stdin`` as standard input (empty when None); the outcome as a CompletedProcess."""
    overrides: dict[str, str | None] = {name: None for name in os.environ if name.startswith(_NOT_INHERITED)}
    overrides.update(env)
    with CliRunner().isolation(input=stdin or "", env=overrides) as (stdout, stderr, _output):
        status = run_command_line(list(args))
        out, err = stdout.getvalue(), stderr.getvalue()
    return subprocess.CompletedProcess(
        ["memtrust", *args], status, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
    )
