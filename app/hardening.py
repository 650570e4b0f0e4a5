"""Process hardening every memtrust process applies at start (DESIGN.md §5).

A memtrust process holds the store's key, the passphrase and decrypted values in memory. A
crash with core dumps enabled (``ulimit -c unlimited``, or a system ``core_pattern`` that
collects them) would write all of that to disk unencrypted, and a dumpable process lets any
other process of the same user read its memory through ``/proc/PID/mem`` or ``ptrace``.

:func:`harden_process` therefore sets ``RLIMIT_CORE`` to 0 (soft and hard, so nothing later
in the process can raise it again) and, on Linux, ``PR_SET_DUMPABLE`` to 0. The command line's
:func:`memtrust.app.cli.main` calls it first, so the app, every command and the MCP server
(``memtrust mcp``) all run hardened. Root is not defended against (docs/keys-and-threat-model.md).
"""

from __future__ import annotations

import ctypes
import resource
import sys
from dataclasses import dataclass

#: ``prctl`` option from ``<linux/prctl.h>``.
PR_SET_DUMPABLE = 4
PR_GET_DUMPABLE = 3


@dataclass(frozen=True)
class Hardening:
    """What :func:`harden_process` achieved: ``core_limit`` is the (soft, hard) core size
    limit in bytes afterwards; ``dumpable`` is the process's dumpable flag (0 = not
    dumpable), or ``None`` where the platform has no such flag."""

    core_limit: tuple[int, int]
    dumpable: int | None


def _prctl(option: int, value: int) -> int:
    """Call Linux ``prctl(option, value, 0, 0, 0)``; returns its result, -1 on failure."""
    libc = ctypes.CDLL(None, use_errno=True)
    return int(libc.prctl(option, ctypes.c_ulong(value), 0, 0, 0))


def harden_process() -> Hardening:
    """Forbid core dumps and, on Linux, make the process non-dumpable (module docstring).

    Idempotent; never raises (a platform without ``prctl`` keeps only the core limit).
    Returns the resulting :class:`Hardening`.
    """
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # lowering a limit is always permitted
    dumpable: int | None = None
    if sys.platform.startswith("linux"):
        try:
            _prctl(PR_SET_DUMPABLE, 0)
            dumpable = _prctl(PR_GET_DUMPABLE, 0)
        except (OSError, AttributeError):
            dumpable = None
    return Hardening(resource.getrlimit(resource.RLIMIT_CORE), dumpable)
