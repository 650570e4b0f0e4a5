"""Run memtrust in a real pseudo-terminal, as a person would (the app refuses to start without one).

:class:`Terminal` starts a command with a pty as its stdin, stdout and stderr (80×24, its own
session), collects what it draws, and is closed (killed, its output drained) on exit.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import signal
import struct
import subprocess
import termios
import time
from collections.abc import Mapping, Sequence
from pathlib import Path


class Terminal:
    """``command`` running in a fresh pty; ``pid`` is its process id, ``output`` what it wrote."""

    def __init__(self, command: Sequence[str], *, env: Mapping[str, str], cwd: Path, size: tuple[int, int] = (80, 24)):
        self.master, slave = os.openpty()
        columns, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.process = subprocess.Popen(
            list(command),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={"TERM": "xterm-256color", **env},
            cwd=cwd,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.output = b""

    @property
    def pid(self) -> int:
        return self.process.pid

    def read_until(self, predicate, timeout: float = 60.0) -> bool:
        """Read output until ``predicate(output_text)`` holds or the process ends or ``timeout``
        seconds pass; True when the predicate held."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate(self.text):
                return True
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the other side closed: the process ended
                    return predicate(self.text)
                if not chunk:
                    return predicate(self.text)
                self.output += chunk
            elif self.process.poll() is not None:
                return predicate(self.text)
        return predicate(self.text)

    @property
    def text(self) -> str:
        return self.output.decode("utf-8", errors="replace")

    def wait(self, timeout: float = 60.0) -> int:
        """Drain output until the process ends; its exit status."""
        self.read_until(lambda _text: self.process.poll() is not None, timeout)
        return self.process.wait(timeout=5)

    def close(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        with contextlib.suppress(OSError):
            os.close(self.master)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
