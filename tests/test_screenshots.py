"""§5: no screenshot path of Textual's writes plaintext — not the palette, not
``save_screenshot``/``deliver_screenshot``, not ``TEXTUAL_SCREENSHOT`` — and the app does not
run while Textual would log to a file (``TEXTUAL_LOG``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from tui_fixtures import known, make_app, settle

from tests.conftest import TEST_PASSPHRASE
from tests.terminal import Terminal

ROOT = Path(__file__).resolve().parents[1]


async def test_save_screenshot_writes_nothing_wherever_it_is_pointed(store, clock, tmp_path, monkeypatch):
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.save_screenshot()
        app.save_screenshot(filename="shot.svg", path=str(work))
        await pilot.pause(0.2)
        assert [n.message for n in app._notifications][-1].startswith("Screenshots are off")
    assert list(work.rglob("*")) == []


@pytest.mark.parametrize(
    ("variables", "sentence"),
    [
        ({"TEXTUAL_SCREENSHOT": "0"}, "memtrust does not take screenshots: TEXTUAL_SCREENSHOT would write"),
        ({"TEXTUAL_SCREENSHOT": "1", "TEXTUAL_SCREENSHOT_FILENAME": "shot.svg"}, "memtrust does not take screenshots"),
        ({"TEXTUAL_LOG": "textual.log"}, "memtrust does not run with TEXTUAL_LOG set"),
    ],
    ids=["screenshot-now", "screenshot-later", "log"],
)
def test_textual_variables_that_write_the_screen_to_a_file_are_refused_and_nothing_is_written(
    passphrase_store_path, tmp_path, variables, sentence
):
    work = tmp_path / "work"
    work.mkdir()
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE,
        "TEXTUAL_SCREENSHOT_LOCATION": str(work),
        **variables,
    }
    command = [sys.executable, "-m", "memtrust.app", "--db", str(passphrase_store_path)]
    with Terminal(command, env=env, cwd=work) as terminal:
        status = terminal.wait(timeout=60)
    assert status == 1, terminal.text[-800:]
    assert sentence in " ".join(terminal.text.split()), terminal.text[-800:]
    assert list(work.rglob("*")) == []
