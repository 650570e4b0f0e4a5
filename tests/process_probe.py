"""Run the memtrust entry point as ``ulimit -c unlimited`` would, and record what the process
looks like from inside once it is serving (``memtrust mcp``) or showing the app.

``python tests/process_probe.py ARGS…``: core dumps are switched on first (soft = hard limit),
then ``memtrust ARGS…`` runs. Just before the MCP server starts serving, and just before the
app starts running, the process's dumpable flag (``prctl(PR_GET_DUMPABLE)``) and core limit
are written as JSON to the file named by ``MEMTRUST_TEST_PROBE`` (Linux has no ``Dumpable``
line in ``/proc/PID/status`` to read from outside).
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import sys
from pathlib import Path


def record(where: str) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    state = {"where": where, "dumpable": libc.prctl(3, 0, 0, 0, 0), "core": resource.getrlimit(resource.RLIMIT_CORE)}
    Path(os.environ["MEMTRUST_TEST_PROBE"]).write_text(json.dumps(state))


def switch_core_dumps_on() -> None:
    """``ulimit -c unlimited`` (as far as this user may: root may raise the hard limit)."""
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    except (ValueError, OSError):
        hard = resource.getrlimit(resource.RLIMIT_CORE)[1]
        resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))


def main() -> None:
    switch_core_dumps_on()

    import memtrust.app.app as app_module
    import memtrust.app.mcp_server as mcp_module

    real_serve, real_run = mcp_module.serve, app_module.MemtrustApp.run

    def serve(*args, **kwargs):
        record("mcp")
        return real_serve(*args, **kwargs)

    def run(self, *args, **kwargs):
        record("app")
        return real_run(self, *args, **kwargs)

    mcp_module.serve = serve
    app_module.MemtrustApp.run = run
    sys.argv = ["memtrust", *sys.argv[1:]]
    from memtrust.app.cli import entry_point

    entry_point()


if __name__ == "__main__":
    main()
