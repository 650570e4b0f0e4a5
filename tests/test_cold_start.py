"""``memtrust context`` loads only what recall needs (DESIGN.md §7, §11): an assistant may run
it once per prompt, so the app, the agent server, the classifiers and the keychain are not
imported by it — with a passphrase and with a raw key (``MEMTRUST_RECOVERY_CODE``).

Each case runs the console entry in a real process, with only the environment given, and
reads ``sys.modules`` as the process ends; the block printed proves the command did its work.
Speed itself is measured by bench/recall_bench.py, never asserted here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid

import pytest

from memtrust.store.db import Database
from memtrust.store.keys import KeyRecord, new_raw_key, recovery_code, write_key_record
from memtrust.store.memories import MemoryStore
from memtrust.store.model import Proposal
from memtrust.store.opening import open_store
from tests.conftest import TEST_PASSPHRASE

#: Top-level packages and memtrust modules a ``context`` call must not import, and why.
NOT_FOR_CONTEXT = {
    "textual": "the app",
    "rich": "the app's rendering",
    "memtrust.screens": "the app's screens",
    "memtrust.app.app": "the app",
    "mcp": "the agent server",
    "memtrust.app.mcp_server": "the agent server",
    "pydantic": "the agent server's schemas",
    "jsonschema": "export validation",
    "keyring": "the keychain (the key is given)",
    "platformdirs": "the default store folder (--db is given)",
    "memtrust.app.detectors": "the detectors",
    "memtrust.app.pipeline": "ingest",
    "memtrust.store.sensitive": "the sensitive-class classifier",
    "memtrust.store.secrets": "the secrets screen",
    "memtrust.store.inference_vocabulary": "the inference vocabulary",
    "stdnum": "the secrets screen's number checks",
    "ahocorasick": "the classifiers' word lists",
    "Stemmer": "the classifiers' stemmers",
    "importlib.metadata": "distribution metadata",
    "zoneinfo": "time-zone names",
    "subprocess": "a pass command (none is set)",
}

PROBE = (
    "import json, runpy, sys\n"
    "sys.argv = ['memtrust', *sys.argv[1:]]\n"
    "try:\n"
    "    runpy.run_module('memtrust.app', run_name='__main__')\n"
    "finally:\n"
    "    sys.stderr.write('\\nMODULES ' + json.dumps(sorted(sys.modules)))\n"
)


def _modules_of(argv: list[str], env: dict[str, str]) -> tuple[str, set[str]]:
    """Run ``memtrust ARGV`` in a new process; its output and the modules it had loaded."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        capture_output=True,
        text=True,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **env},
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    report, _, modules = done.stderr.rpartition("\nMODULES ")
    assert done.returncode == 0, report
    return done.stdout, set(json.loads(modules))


def _loaded(modules: set[str], name: str) -> bool:
    return name in modules or any(module.startswith(name + ".") for module in modules)


def _remember(store: MemoryStore) -> None:
    proposal = Proposal("interests.music", "plays the violin on Sundays", "explicit", "user", confirmed=True)
    store.propose(proposal, actor="test")
    store.close()


@pytest.fixture
def passphrase_store(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMTRUST_PASSPHRASE", TEST_PASSPHRASE)
    path = tmp_path / "data" / "memtrust.db"
    _remember(open_store(path, allow_keychain=False).store)
    return path, {"MEMTRUST_PASSPHRASE": TEST_PASSPHRASE}


@pytest.fixture
def raw_key_store(tmp_path):
    path = tmp_path / "data" / "memtrust.db"
    path.parent.mkdir(mode=0o700)
    key = new_raw_key("memory")
    database = Database.create(path, key, store_id=uuid.uuid4().hex, now_epoch=1_780_000_000)
    write_key_record(path, KeyRecord("memory"), exclusive=True)
    _remember(MemoryStore(database))
    return path, {"MEMTRUST_RECOVERY_CODE": recovery_code(key)}


@pytest.mark.parametrize("store_fixture", ["passphrase_store", "raw_key_store"])
def test_context_imports_no_app_agent_server_classifier_or_keychain(request, store_fixture):
    path, env = request.getfixturevalue(store_fixture)
    output, modules = _modules_of(["context", "--db", str(path), "--consumer", "assistant", "--query", "violin"], env)
    assert "plays the violin on Sundays" in output
    loaded = {name: why for name, why in NOT_FOR_CONTEXT.items() if _loaded(modules, name)}
    assert not loaded, f"memtrust context imported {loaded}"


def test_the_probe_sees_what_a_command_imports(passphrase_store, tmp_path):
    """The same probe on a command that does load some of them (the secrets screen: a memory is
    screened for secrets when added), so an empty list above means they were not imported."""
    path, env = passphrase_store
    _, modules = _modules_of(["add", "notes.x", "violin on Sundays", "--yes", "--db", str(path)], env)
    assert _loaded(modules, "memtrust.store.secrets")
    assert _loaded(modules, "stdnum")
