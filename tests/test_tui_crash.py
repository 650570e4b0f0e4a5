"""An unexpected error in the app prints one sentence, never a traceback with stored values."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECRET_LOOKING_VALUE = "crash-canary-value-3317"


def test_a_crash_in_the_app_prints_one_sentence_and_no_stored_value(tmp_path):
    script = textwrap.dedent(f"""
        from pathlib import Path
        from memtrust.app.app import MemtrustApp
        from memtrust.store.model import Proposal
        from memtrust.store.opening import create_throwaway_store

        store = create_throwaway_store(Path({str(tmp_path / "s")!r})).store
        store.propose(Proposal("notes.canary", {SECRET_LOOKING_VALUE!r}, "explicit", "user", confirmed=True), actor="t")

        class Broken(MemtrustApp):
            def on_mount(self):
                value = store.list()[0].value  # a local holding a stored value
                raise RuntimeError("boom")

        Broken(store, key_mode="memory").run(headless=True)
    """)
    env = {k: v for k, v in os.environ.items() if k != "MEMTRUST_DEBUG"}
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**env, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    output = done.stdout + done.stderr
    assert "unexpected internal error (RuntimeError)" in output
    assert SECRET_LOOKING_VALUE not in output
    assert "Traceback" not in output
