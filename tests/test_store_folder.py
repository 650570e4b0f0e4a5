"""§5 under attack from the same machine: the store's folder and the files memtrust writes.

Every test runs ``memtrust`` commands against a real folder: planted symbolic links are never
followed, a folder others can write to is refused (never repaired) with one sentence and exit
1, memtrust changes the mode of no folder it did not create, ``doctor`` changes nothing,
``destroy`` deletes only a proven store, and concurrent ``init``s create exactly one store that
opens. Commands run in the test process (tests/command_line.py: the console script's entry,
exit status and output); the racing ``init``s, and commands that need the keychain file shared
between processes, run as real processes.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from memtrust.store.keys import read_key_record
from tests.command_line import run_memtrust
from tests.conftest import TEST_PASSPHRASE

ROOT = Path(__file__).resolve().parents[1]
PRECIOUS = "the user's thesis, chapter 1\n"


def memtrust(*args: str, home: Path, stdin: str | None = None, **extra_env: str) -> subprocess.CompletedProcess:
    """``memtrust ARGS`` on the store in ``home`` (no terminal): in the test process, or a real
    one when ``extra_env`` picks a keyring backend (which a process chooses once, at start)."""
    env = {"HOME": str(home.parent), "MEMTRUST_HOME": str(home), "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE, **extra_env}
    if "PYTHON_KEYRING_BACKEND" not in extra_env:
        return run_memtrust(*args, env=env, stdin=stdin)
    env |= {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "memtrust.app", *args],
        capture_output=True,
        text=True,
        env=env,
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        timeout=120,
        cwd=ROOT,
    )


def one_sentence(done: subprocess.CompletedProcess) -> str:
    """The single stderr line of a command that failed with exit status 1."""
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def victim(tmp_path) -> Path:
    """A file of the user's outside the store, that no planted link may change."""
    path = tmp_path / "thesis.txt"
    path.write_text(PRECIOUS, encoding="utf-8")
    return path


@pytest.fixture
def home(tmp_path) -> Path:
    """A private (0700) folder of the user's, with no store yet."""
    path = tmp_path / "home"
    path.mkdir(mode=0o700)
    return path


@pytest.fixture
def store_home(home) -> Path:
    """``home`` holding a passphrase-mode store with one memory."""
    assert memtrust("init", home=home).returncode == 0
    assert memtrust("add", "profile.name", "Ada", "--yes", home=home).returncode == 0
    return home


# --- planted symbolic links -------------------------------------------------------------


def test_a_link_planted_at_the_old_key_record_temp_name_is_never_followed(home, victim):
    (home / "memtrust.db.keyinfo.json.tmp").symlink_to(victim)
    done = memtrust("init", home=home)
    assert done.returncode == 0, done.stderr
    assert victim.read_text(encoding="utf-8") == PRECIOUS
    assert read_key_record(home / "memtrust.db").mode == "passphrase"
    assert memtrust("list", home=home).returncode == 0


def test_a_link_planted_as_the_lock_creates_nothing_and_is_refused(store_home, tmp_path):
    target = tmp_path / "created-by-memtrust"
    (store_home / "memtrust.db.lock").symlink_to(target)
    done = memtrust("rekey", home=store_home, MEMTRUST_NEW_PASSPHRASE="another passphrase 2")
    assert "memtrust.db.lock in" in one_sentence(done) and "symbolic link" in done.stderr
    assert not target.exists()
    assert "symbolic link" in one_sentence(memtrust("list", home=store_home))  # nothing uses the store meanwhile
    (store_home / "memtrust.db.lock").unlink()
    assert memtrust("list", home=store_home).returncode == 0  # the old passphrase still opens it


@pytest.mark.parametrize(
    "name",
    [
        "memtrust.db-wal",
        "memtrust.db-shm",
        "memtrust.db.keyinfo.json",
        "memtrust.db.sqlcipher3-backup",
        "memtrust.db.rekey",
    ],
)
def test_a_link_planted_beside_a_store_is_refused_and_its_target_untouched(store_home, victim, name):
    planted = store_home / name
    if planted.exists():
        planted.unlink()
    planted.symlink_to(victim)
    before = digest(store_home / "memtrust.db")
    for command in (("add", "notes.x", "y", "--yes"), ("list",)):
        sentence = one_sentence(memtrust(*command, home=store_home))
        assert f"{name} in {store_home} is a symbolic link" in sentence, sentence
    assert victim.read_text(encoding="utf-8") == PRECIOUS
    assert digest(store_home / "memtrust.db") == before


def test_a_database_that_is_a_link_is_refused_and_init_does_not_write_through_it(home, victim):
    (home / "memtrust.db").symlink_to(victim)
    assert "memtrust.db in" in one_sentence(memtrust("list", home=home))
    one_sentence(memtrust("init", home=home))
    assert victim.read_text(encoding="utf-8") == PRECIOUS


def test_an_export_to_a_link_is_refused_and_the_linked_file_kept(store_home, tmp_path, victim):
    link = tmp_path / "export.json"
    link.symlink_to(victim)
    assert "symbolic link" in one_sentence(memtrust("export", "--out", str(link), home=store_home))
    assert victim.read_text(encoding="utf-8") == PRECIOUS and link.is_symlink()


# --- folders others can write to ----------------------------------------------------------


@pytest.mark.parametrize("folder_mode", [0o777, 0o770, 0o1777])
def test_a_store_folder_others_can_write_is_refused_not_repaired(store_home, folder_mode):
    planted = store_home / "planted-by-someone"
    planted.write_text("x", encoding="utf-8")
    os.chmod(store_home, folder_mode)
    for command in (("list",), ("add", "notes.x", "y", "--yes"), ("prune",), ("export",), ("rekey",)):
        sentence = one_sentence(memtrust(*command, home=store_home))
        assert sentence == (
            f"memtrust: memtrust will not use the folder {store_home}, because others can write to it "
            f"(mode {folder_mode:04o}); nothing was changed (memtrust doctor says how to fix it)."
        ), sentence
    assert mode(store_home) == folder_mode and planted.exists()


def test_a_shared_sticky_folder_keeps_its_mode_and_gets_no_store(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    db = shared / "memtrust.db"
    for command in (("--db", str(db), "list"), ("--db", str(db), "init"), ("--db", str(db), "doctor")):
        done = memtrust(*command, home=tmp_path / "unused")
        assert done.returncode == 1 and "Traceback" not in done.stderr
    assert mode(shared) == 0o1777 and sorted(shared.iterdir()) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user needs root")
def test_a_store_folder_of_another_user_is_refused(store_home):
    os.chown(store_home, 65534, 65534)  # nobody
    sentence = one_sentence(memtrust("list", home=store_home))
    assert "because it belongs to another user (uid 65534)" in sentence
    assert mode(store_home) == 0o700 and store_home.stat().st_uid == 65534


def test_doctor_says_how_to_fix_a_folder_others_can_write_and_changes_nothing(store_home):
    os.chmod(store_home, 0o777)
    before = {p.name: (mode(p), digest(p)) for p in store_home.iterdir() if p.is_file()}
    done = memtrust("doctor", home=store_home)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"chmod go-w {store_home}" in done.stdout and "others can write to it (mode 0777)" in done.stdout
    assert mode(store_home) == 0o777
    assert {p.name: (mode(p), digest(p)) for p in store_home.iterdir() if p.is_file()} == before


def test_doctor_reports_loose_modes_and_changes_none_of_them(store_home):
    os.chmod(store_home / "memtrust.db", 0o644)
    os.chmod(store_home, 0o755)
    before = {p.name: digest(p) for p in store_home.iterdir() if p.is_file()}
    done = memtrust("doctor", home=store_home)
    assert done.returncode == 1
    assert f"chmod 700 {store_home}" in done.stdout and "memtrust.db is 0644" in done.stdout
    assert "integrity: ok" in done.stdout  # it did open and check the store
    assert mode(store_home) == 0o755 and mode(store_home / "memtrust.db") == 0o644
    assert {p.name: digest(p) for p in store_home.iterdir() if p.is_file()} == before


def test_memtrust_sets_the_mode_only_of_folders_it_creates(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir(mode=0o750)
    os.chmod(mine, 0o750)
    assert memtrust("--db", str(mine / "memtrust.db"), "init", home=tmp_path / "unused").returncode == 0
    assert mode(mine) == 0o750  # an existing folder keeps its mode
    nested = tmp_path / "a" / "b" / "store"
    old = os.umask(0)
    try:
        assert memtrust("--db", str(nested / "memtrust.db"), "init", home=tmp_path / "unused").returncode == 0
    finally:
        os.umask(old)
    assert mode(nested) == 0o700  # the store's own folder, created by memtrust
    assert mode(nested.parent) == 0o755 and mode(nested.parent.parent) == 0o755  # parents: never writable by others


# --- destroy destroys only a store ------------------------------------------------------------


def test_destroy_refuses_a_file_that_is_not_a_store_and_keeps_it(tmp_path, victim):
    done = memtrust("destroy", "--db", str(victim), home=tmp_path / "unused", stdin="destroy\n")
    assert "cannot be proven to be a memtrust store" in one_sentence(done)
    assert victim.read_text(encoding="utf-8") == PRECIOUS


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (PRECIOUS.encode(), "is a text file"),
        (b"SQLite format 3\x00" + b"\x00" * 4080, "plain, unencrypted SQLite database"),
        (os.urandom(1000), "is not a whole number of database pages long"),
    ],
    ids=["text", "plain-sqlite", "not-pages"],
)
def test_destroy_refuses_a_file_with_a_forged_key_record_whose_bytes_cannot_be_a_store(tmp_path, content, words):
    folder = tmp_path / "docs"
    folder.mkdir(mode=0o700)
    document = folder / "report.db"
    document.write_bytes(content)
    (folder / "report.db.keyinfo.json").write_text(json.dumps({"mode": "passphrase"}), encoding="utf-8")
    done = memtrust("destroy", "--db", str(document), home=tmp_path / "unused", stdin="destroy\n")
    assert words in one_sentence(done)
    assert document.read_bytes() == content


def test_destroy_still_removes_a_real_store(store_home):
    done = memtrust("destroy", home=store_home, stdin="destroy\n")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in store_home.iterdir()) == []


# --- concurrent init ----------------------------------------------------------------------------

RACERS = 6


def _race_init(home: Path, **env: str) -> list[subprocess.CompletedProcess]:
    """``RACERS`` ``memtrust init`` processes started together on one home."""
    base = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home.parent),
        "MEMTRUST_HOME": str(home),
        "PYTHONPATH": str(ROOT),
        **env,
    }
    racers = [
        subprocess.Popen(
            [sys.executable, "-m", "memtrust.app", "init"],
            env=base,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for _ in range(RACERS)
    ]
    return [subprocess.CompletedProcess(r.args, r.wait(timeout=120), *r.communicate()) for r in racers]


def _one_winner(results: list[subprocess.CompletedProcess], home: Path) -> None:
    winners = [r for r in results if r.returncode == 0]
    assert len(winners) == 1, [(r.returncode, r.stderr) for r in results]
    assert "Created a new encrypted store" in winners[0].stderr
    for loser in results:
        if loser is not winners[0]:
            assert (
                one_sentence(loser)
                == f"memtrust: A memtrust store already exists at {home / 'memtrust.db'}; nothing was changed."
            )


@pytest.mark.slow
@pytest.mark.parametrize("round_", range(2))
def test_concurrent_inits_in_passphrase_mode_make_one_store_that_opens(tmp_path, round_):
    home = tmp_path / "home"
    results = _race_init(home, MEMTRUST_PASSPHRASE=TEST_PASSPHRASE)
    _one_winner(results, home)
    assert read_key_record(home / "memtrust.db").mode == "passphrase"
    assert memtrust("add", "profile.name", "Ada", "--yes", home=home).returncode == 0
    assert "Ada" in memtrust("list", home=home).stdout


@pytest.mark.slow
@pytest.mark.parametrize("round_", range(2))
def test_concurrent_inits_in_keychain_mode_make_one_store_that_opens(tmp_path, round_):
    home = tmp_path / "home"
    vault = tmp_path / "vault.json"
    keychain = {"PYTHON_KEYRING_BACKEND": "tests.keyrings.FileVault", "MEMTRUST_TEST_KEYRING_FILE": str(vault)}
    results = _race_init(home, **keychain)
    _one_winner(results, home)
    record = read_key_record(home / "memtrust.db")
    assert record.mode == "keychain"
    entries = json.loads(vault.read_text())
    assert list(entries) == [f"memtrust/{record.keychain_entry}"]  # the losers left no entry behind
    opened = memtrust("add", "profile.name", "Ada", "--yes", home=home, MEMTRUST_PASSPHRASE="", **keychain)
    assert opened.returncode == 0, opened.stderr
    assert "Ada" in memtrust("list", home=home, MEMTRUST_PASSPHRASE="", **keychain).stdout
