"""The settings file is read safely (§5, §8): only a regular file, at most 1 MiB of it; a theme
memtrust does not have is named by the app and by ``memtrust doctor``, never silently dropped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tui_fixtures import make_app, settle

from memtrust.app.settings import MAX_SETTINGS_BYTES, Settings, load_settings, theme_problem
from tests.command_line import run_memtrust
from tests.conftest import TEST_PASSPHRASE

ROOT = Path(__file__).resolve().parents[1]

#: Loads the settings in a child that may use at most 512 MB and 20 s: reading /dev/zero or a
#: 200 MB file whole, or waiting on a FIFO, ends there rather than in the test run.
BOUNDED_LOAD = """
import json, resource, signal, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (512 * 2**20, 512 * 2**20))
signal.alarm(20)
from memtrust.app.settings import SettingsError, load_settings
try:
    load_settings(Path(sys.argv[1]))
    print(json.dumps("read"))
except SettingsError as problem:
    print(json.dumps(str(problem)))
except MemoryError:
    print(json.dumps("out of memory"))
"""


def _bounded_load(path: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", BOUNDED_LOAD, str(path)], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.returncode == 0, (done.returncode, done.stderr[-500:])
    return json.loads(done.stdout)


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "settings.fifo"
    os.mkfifo(path)
    return path


def _folder(tmp_path: Path) -> Path:
    path = tmp_path / "settings.d"
    path.mkdir()
    return path


@pytest.mark.parametrize("make", [lambda _tmp: Path("/dev/zero"), _fifo, _folder], ids=["dev-zero", "fifo", "folder"])
def test_a_settings_file_that_is_not_a_regular_file_is_refused_unread(tmp_path, make):
    path = make(tmp_path)
    assert _bounded_load(path) == f"The settings file {path} is not a regular file, so memtrust does not read it."


def test_a_settings_file_over_one_mebibyte_is_refused_unread(tmp_path):
    huge = tmp_path / "settings.toml"
    with huge.open("wb") as handle:  # sparse: 200 MB long, no disk used
        handle.truncate(200 * 2**20)
    assert _bounded_load(huge) == f"The settings file {huge} is larger than 1024 KiB, so memtrust does not read it."
    at_cap = tmp_path / "at-cap.toml"
    at_cap.write_bytes(b'theme = "textual-light"\n' + b"#" * (MAX_SETTINGS_BYTES - 25) + b"\n")
    assert at_cap.stat().st_size == MAX_SETTINGS_BYTES
    assert load_settings(at_cap).theme == "textual-light"


def test_a_settings_file_behind_a_symlink_is_still_read(tmp_path):
    real = tmp_path / "real.toml"
    real.write_text('theme = "textual-light"\n', encoding="utf-8")
    link = tmp_path / "settings.toml"
    link.symlink_to(real)
    assert load_settings(link).theme == "textual-light"


def test_an_unknown_theme_is_named_with_the_closest_one():
    assert theme_problem("textual-lite") == (
        "The settings file names the theme 'textual-lite', which memtrust does not have "
        '(did you mean "textual-light"?); the default theme is used.'
    )
    assert theme_problem("textual-light") is None and theme_problem(None) is None


async def test_the_app_says_when_the_settings_theme_is_unknown(store, clock):
    app = make_app(store, clock, settings=Settings(theme="solarised-nightfall"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        [warning] = [n for n in app._notifications if n.title == "Theme not used"]
        assert "'solarised-nightfall'" in warning.message and "default theme is used" in warning.message
        assert app.theme == "textual-dark"


def _doctor(tmp_path: Path, config: Path) -> subprocess.CompletedProcess:
    env = {
        "MEMTRUST_HOME": str(tmp_path / "home"),
        "HOME": str(tmp_path),
        "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE,
        "MEMTRUST_CONFIG": str(config),
    }
    assert run_memtrust("init", env=env).returncode == 0
    return run_memtrust("doctor", env=env)


def test_doctor_names_an_unknown_theme(tmp_path):
    config = tmp_path / "settings.toml"
    config.write_text('theme = "solarised-nightfall"\n', encoding="utf-8")
    done = _doctor(tmp_path, config)
    assert done.returncode == 1 and "No problems found" not in done.stdout
    assert "problem: The settings file names the theme 'solarised-nightfall'" in done.stdout


def test_doctor_with_dev_zero_as_settings_says_so_and_ends(tmp_path):
    done = _doctor(tmp_path, Path("/dev/zero"))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "problem: The settings file /dev/zero is not a regular file" in done.stdout
