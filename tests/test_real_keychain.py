"""§5 keychain mode against a real OS keychain: GNOME Keyring's Secret Service on a private
D-Bus bus (tests/secret_service.py), not an in-memory stand-in.

Each test starts its own bus and keyring daemon and runs memtrust as real processes: create,
reopen, a locked collection (said, nothing changed), the daemon killed mid-session, the entry
deleted then ``recover`` with the recovery code, ``rekey`` to a passphrase and back.

Marked ``keychain``. Where ``dbus-daemon`` or ``gnome-keyring-daemon`` is missing the tests
are skipped with the reason, unless ``MEMTRUST_REQUIRE_REAL_KEYCHAIN=1`` (set by ``.ci/run``
once it has installed them), which makes a missing keychain a failure.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from memtrust.store.keys import read_key_record
from tests.secret_service import SecretService, missing_programs
from tests.terminal import Terminal

ROOT = Path(__file__).resolve().parents[1]
RECOVERY_CODE = re.compile(r"\b(?:[0-9A-F]{4}-){15}[0-9A-F]{4}\b")
BACKEND = "keyring.backends.SecretService.Keyring"
NEW_PASSPHRASE = "a passphrase for the rekey test"

pytestmark = [pytest.mark.keychain, pytest.mark.slow]


@pytest.fixture
def keychain(tmp_path):
    """A real, unlocked Secret Service for this test only."""
    missing = missing_programs()
    if missing:
        reason = (
            f"no real keychain here: {', '.join(missing)} not installed "
            "(apt-get install gnome-keyring dbus; .ci/run installs them where apt is available)"
        )
        if os.environ.get("MEMTRUST_REQUIRE_REAL_KEYCHAIN") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    with SecretService(tmp_path / "session") as service:
        yield service


def _env(keychain: SecretService, home: Path, **extra: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "MEMTRUST_HOME": str(home),
        "MEMTRUST_KEYCHAIN_TIMEOUT": "5",
        **keychain.env,
        **extra,
    }


def memtrust(keychain: SecretService, home: Path, *args: str, **extra: str) -> subprocess.CompletedProcess:
    """``memtrust ARGS`` as a real process finding the keychain through D-Bus (no passphrase given)."""
    return subprocess.run(
        [sys.executable, "-m", "memtrust.app", *args],
        capture_output=True,
        text=True,
        env=_env(keychain, home, **extra),
        stdin=subprocess.DEVNULL,
        timeout=120,
        cwd=ROOT,
    )


def one_sentence(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1 and "Traceback" not in done.stderr, (done.returncode, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def files(home: Path) -> dict[str, str]:
    """The store's files by content; the app's empty lock file (taken before unlocking) aside."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(home.iterdir())
        if p.is_file() and not p.name.endswith(".lock")
    }


def _create(keychain: SecretService, home: Path) -> str:
    """A keychain-mode store with one memory; returns its recovery code."""
    created = memtrust(keychain, home, "init")
    assert created.returncode == 0, created.stderr
    assert "(keychain mode)" in created.stderr
    code = RECOVERY_CODE.search(created.stderr)
    assert code, created.stderr
    assert memtrust(keychain, home, "add", "contact.preferred_channel", "email", "--yes").returncode == 0
    return code.group(0)


def test_a_store_is_created_in_the_real_keychain_and_reopens(keychain, tmp_path):
    home = tmp_path / "home"
    _create(keychain, home)
    record = read_key_record(home / "memtrust.db")
    assert (record.mode, record.keychain_backend) == ("keychain", BACKEND)
    entries = keychain.entries()
    assert list(entries) == [record.keychain_entry] and len(entries[record.keychain_entry]) == 64
    listed = memtrust(keychain, home, "list")
    assert listed.returncode == 0 and "contact.preferred_channel: “email”" in listed.stdout
    doctor = memtrust(keychain, home, "doctor")
    assert doctor.returncode == 0, doctor.stdout
    assert f"keychain: {BACKEND} (usable)" in doctor.stdout and "key mode: keychain" in doctor.stdout


def test_a_locked_collection_is_said_by_the_commands_and_the_app_and_nothing_changes(keychain, tmp_path):
    home = tmp_path / "home"
    _create(keychain, home)
    before = files(home)
    keychain.lock()
    for command in (("list",), ("add", "notes.more", "more", "--yes"), ("init",)):
        sentence = one_sentence(memtrust(keychain, home, *command))
        assert "locked" in sentence or "already exists" in sentence, sentence
    with Terminal([sys.executable, "-m", "memtrust.app"], env=_env(keychain, home), cwd=tmp_path) as app:
        status = app.wait(timeout=60)
    assert status == 1 and "the keychain is locked" in " ".join(app.text.split()), app.text[-600:]
    assert files(home) == before


async def test_the_keychain_killed_mid_session_keeps_the_open_session_and_changes_nothing(keychain, tmp_path):
    home = tmp_path / "home"
    _create(keychain, home)
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "memtrust.app", "mcp", "--consumer", "assistant"],
        env=_env(keychain, home),
        cwd=str(ROOT),
    )
    with open(tmp_path / "server-stderr.txt", "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            first = await session.call_tool("propose_memory", {"key": "profile.location", "value": "Lyon"})
            keychain.kill_daemon()
            context = await session.call_tool("get_context", {})
            second = await session.call_tool("propose_memory", {"key": "locale.language", "value": "French"})
    assert not first.is_error and not context.is_error and not second.is_error  # the key was already in memory
    assert "contact.preferred_channel: email" in context.structured_content["context"]
    before = files(home)
    sentence = one_sentence(memtrust(keychain, home, "list"))
    assert "which is not usable now" in sentence and "memtrust recover" in sentence, sentence
    assert files(home) == before


def test_a_deleted_keychain_entry_is_restored_by_recover_with_the_recovery_code(keychain, tmp_path):
    home = tmp_path / "home"
    code = _create(keychain, home)
    entry = read_key_record(home / "memtrust.db").keychain_entry
    keychain.delete(entry)
    assert keychain.entries() == {}
    before = files(home)
    sentence = one_sentence(memtrust(keychain, home, "list"))
    assert "The keychain holds no key for this store" in sentence
    assert files(home) == before
    wrong = memtrust(keychain, home, "recover", MEMTRUST_RECOVERY_CODE="0000-" * 15 + "0000")
    assert "does not open" in one_sentence(wrong) and keychain.entries() == {}
    recovered = memtrust(keychain, home, "recover", MEMTRUST_RECOVERY_CODE=code)
    assert recovered.returncode == 0, recovered.stderr
    assert list(keychain.entries()) == [entry]
    assert "contact.preferred_channel: “email”" in memtrust(keychain, home, "list").stdout


def test_rekey_to_a_passphrase_and_back_to_the_real_keychain(keychain, tmp_path):
    home = tmp_path / "home"
    old_code = _create(keychain, home)
    to_passphrase = memtrust(keychain, home, "rekey", "--to", "passphrase", MEMTRUST_NEW_PASSPHRASE=NEW_PASSPHRASE)
    assert to_passphrase.returncode == 0, to_passphrase.stderr
    assert read_key_record(home / "memtrust.db").mode == "passphrase"
    assert keychain.entries() == {}  # the old key left the keychain
    assert "locked" not in one_sentence(memtrust(keychain, home, "list"))  # no passphrase given: refused
    listed = memtrust(keychain, home, "list", MEMTRUST_PASSPHRASE=NEW_PASSPHRASE)
    assert "contact.preferred_channel: “email”" in listed.stdout

    back = memtrust(keychain, home, "rekey", "--to", "keychain", MEMTRUST_PASSPHRASE=NEW_PASSPHRASE)
    assert back.returncode == 0, back.stderr
    new_code = RECOVERY_CODE.search(back.stderr)
    assert new_code and new_code.group(0) != old_code
    record = read_key_record(home / "memtrust.db")
    assert (record.mode, record.keychain_backend) == ("keychain", BACKEND)
    assert list(keychain.entries()) == [record.keychain_entry]
    assert "contact.preferred_channel: “email”" in memtrust(keychain, home, "list").stdout
    old = memtrust(keychain, home, "list", MEMTRUST_RECOVERY_CODE=old_code)
    assert "does not open" in one_sentence(old)
