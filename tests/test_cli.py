"""End-to-end CLI (§11): every command as a user runs it, with one-sentence errors.

Commands run in the test process (tests/command_line.py: the same entry, exit status and
output as the console script); a few run as real processes, where the process itself is
what is tested (no terminal, no passphrase source, a passphrase command's runs).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from tests.command_line import run_memtrust
from tests.conftest import TEST_PASSPHRASE


def _environment(home, tmp_path, passphrase: str | None) -> dict[str, str]:
    env = {"MEMTRUST_HOME": str(home), "HOME": str(tmp_path)}
    if passphrase is not None:
        env["MEMTRUST_PASSPHRASE"] = passphrase
    return env


@pytest.fixture
def run(tmp_path):
    """``run("add", …)``: memtrust with that command line, in process, on a store in ``run.home``."""
    home = tmp_path / "home"

    def run(
        *args: str, passphrase: str | None = TEST_PASSPHRASE, stdin: str | None = None
    ) -> subprocess.CompletedProcess:
        return run_memtrust(*args, env=_environment(home, tmp_path, passphrase), stdin=stdin)

    run.home = home
    return run


@pytest.fixture
def run_process(tmp_path):
    """As :func:`run`, in a real ``python -m memtrust.app`` process with only that environment."""
    home = tmp_path / "home"

    def run_process(*args: str, passphrase: str | None = TEST_PASSPHRASE) -> subprocess.CompletedProcess:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **_environment(home, tmp_path, passphrase)}
        return subprocess.run(
            [sys.executable, "-m", "memtrust.app", *args],
            capture_output=True,
            text=True,
            env=env,
            stdin=subprocess.DEVNULL,
            timeout=60,
        )

    run_process.home = home
    return run_process


def _one_sentence_error(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1, done
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_add_list_confirm_forget_round_trip(run):
    assert run("init").returncode == 0
    assert run("add", "contact.preferred_channel", "email", "--yes").returncode == 0
    listed = json.loads(run("list", "--json").stdout)
    assert [(m["key"], m["value"], m["formation"], m["status"]) for m in listed] == [
        ("contact.preferred_channel", "email", "explicit", "active")
    ]
    assert set(listed[0]) >= {
        "id",
        "scope",
        "key",
        "value",
        "formation",
        "source",
        "source_ref",
        "confidence",
        "status",
        "evidence",
        "created_at",
        "updated_at",
        "last_signal_at",
        "expires_at",
        "confirmed_at",
        "reviewed_at",
    }
    forgot = run("forget", listed[0]["id"][:8])
    assert forgot.returncode == 0 and "Deleted contact.preferred_channel" in forgot.stdout
    assert json.loads(run("list", "--json").stdout) == []


def test_add_without_yes_and_without_a_terminal_asks_for_yes(run):
    assert "--yes" in _one_sentence_error(run("add", "notes.x", "y"))


def test_a_secret_is_refused_with_the_reason(run):
    assert run("init").returncode == 0
    error = _one_sentence_error(run("add", "notes.card", "4111 1111 1111 1111", "--yes"))
    assert "card number" in error and "not a password manager" in error


def test_no_passphrase_and_no_terminal_gives_a_sentence_and_creates_nothing(run_process):
    error = _one_sentence_error(run_process("list", passphrase=None))
    assert "MEMTRUST_PASSPHRASE" in error or "no memtrust store" in error.lower()
    assert not (run_process.home / "memtrust.db").exists()
    error = _one_sentence_error(run_process("add", "notes.x", "y", "--yes", passphrase=None))
    assert "passphrase" in error
    assert not (run_process.home / "memtrust.db").exists()


def test_learning_is_off_by_default_and_turning_it_on_is_a_consent_event(run):
    assert run("init").returncode == 0
    assert "Implicit learning: OFF" in run("learning", "status").stdout
    assert "--yes" in _one_sentence_error(run("learning", "on"))
    on = run("learning", "on", "--yes")
    assert on.returncode == 0 and "what" not in on.stderr.lower()
    assert "Implicit learning: ON" in run("learning", "status").stdout
    exported = json.loads(run("export").stdout)
    assert [event["learning"] for event in exported["consent"]["history"]] == [True]
    assert run("learning", "off").returncode == 0
    assert "Implicit learning: OFF" in run("learning", "status").stdout


def test_unknown_memory_id_is_a_sentence(run):
    assert run("init").returncode == 0
    run("add", "notes.x", "y", "--yes")
    assert "No memory" in _one_sentence_error(run("forget", "deadbeef"))


def test_confirm_and_reject_of_pending_items(run, tmp_path):
    assert run("init").returncode == 0
    chat = tmp_path / "chat.jsonl"
    chat.write_text(
        "\n".join(
            json.dumps(line)
            for line in [
                {
                    "conversation_id": "c1",
                    "role": "user",
                    "content": "Please remember that I prefer email.",
                    "timestamp": 1_700_000_000,
                },
                {
                    "conversation_id": "c1",
                    "role": "user",
                    "content": "Remember that my name is Ada.",
                    "timestamp": 1_700_000_060,
                },
            ]
        ),
        encoding="utf-8",
    )
    ingested = run("ingest", str(chat))
    assert ingested.returncode == 0 and "2 pending in your Inbox" in ingested.stdout
    pending = {m["key"]: m["id"] for m in json.loads(run("list", "--json", "--status", "pending").stdout)}
    assert set(pending) == {"contact.preferred_channel", "profile.name"}
    assert run("confirm", pending["contact.preferred_channel"][:8]).returncode == 0
    assert run("reject", pending["profile.name"]).returncode == 0
    remaining = json.loads(run("list", "--json").stdout)
    assert [(m["key"], m["status"]) for m in remaining] == [("contact.preferred_channel", "active")]
    assert "Only a pending memory" in _one_sentence_error(run("reject", pending["contact.preferred_channel"]))


def test_ingest_names_a_refused_secret_by_its_kind_alone(run, tmp_path):
    assert run("init").returncode == 0
    chat = tmp_path / "chat.jsonl"
    chat.write_text(
        json.dumps(
            {
                "conversation_id": "c1",
                "role": "user",
                "timestamp": 1_700_000_000,
                "content": "Remember that my password is hunter2!",
            }
        ),
        encoding="utf-8",
    )
    ingested = run("ingest", str(chat))
    assert ingested.returncode == 0 and "1 rejected" in ingested.stdout
    [line] = [line for line in ingested.stdout.splitlines() if line.strip().startswith("rejected")]
    # the note's key is a fingerprint of the refused words: the line names the kind alone
    assert "(key withheld)" in line and "notes." not in line and "hunter2" not in line
    assert "This looks like a password" in line


def test_export_lists_every_memory_with_its_formation_and_warns(run, tmp_path):
    assert run("init").returncode == 0
    run("add", "contact.preferred_channel", "email", "--yes")
    out = tmp_path / "export.json"
    done = run("export", "--out", str(out))
    assert done.returncode == 0 and "not encrypted" in done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) == {
        "meta",
        "consent",
        "memories",
        "audit",
        "counts",
        "settings",
        "ingested_messages",
        "deletion_requests",
    }
    assert [(m["key"], m["formation"]) for m in data["memories"]] == [("contact.preferred_channel", "explicit")]
    assert data["counts"]["explicit"]["active"] == 1
    assert out.stat().st_mode & 0o777 == 0o600
    assert TEST_PASSPHRASE not in out.read_text(encoding="utf-8")


def test_ingest_of_a_missing_or_unknown_file_is_a_sentence(run, tmp_path):
    assert "no file" in _one_sentence_error(run("ingest", str(tmp_path / "nope.json"))).lower()
    junk = tmp_path / "junk.json"
    junk.write_text('{"hello": 1}', encoding="utf-8")
    _one_sentence_error(run("ingest", str(junk)))
    assert not (run.home / "memtrust.db").exists()


def test_prune_reports_nothing_expired_on_a_new_store(run):
    assert run("init").returncode == 0
    run("add", "notes.x", "y", "--yes")
    done = run("prune")
    assert done.returncode == 0 and "Nothing has expired" in done.stdout


def test_a_value_can_come_from_standard_input_so_it_stays_out_of_the_process_list(run):
    assert run("init").returncode == 0
    done = run("add", "notes.plan", "-", "--yes", stdin="a value kept out of argv\n")
    assert done.returncode == 0, done.stderr
    assert [m["value"] for m in json.loads(run("list", "--json").stdout)] == ["a value kept out of argv"]


def test_only_init_creates_a_store_and_never_over_an_existing_one(run):
    for command in (["add", "notes.x", "y", "--yes"], ["learning", "status"], ["list"], ["prune"]):
        assert "memtrust init" in _one_sentence_error(run(*command))
    assert not (run.home / "memtrust.db").exists()
    assert run("init").returncode == 0
    before = (run.home / "memtrust.db").read_bytes()
    assert "already exists" in _one_sentence_error(run("init"))
    assert (run.home / "memtrust.db").read_bytes() == before


def test_doctor_exits_1_when_it_finds_a_problem(run):
    assert run("init").returncode == 0
    assert run("doctor").returncode == 0
    (run.home / "memtrust.db").chmod(0o644)
    (run.home).chmod(0o755)
    done = run("doctor", passphrase="not the passphrase")
    assert done.returncode == 1 and "problem:" in done.stdout


def test_doctor_lines_up_its_facts_whatever_the_stores_file_is_called(run):
    # "memtrust.db permissions" is longer than the column the labels were set to, so its line
    # stood out of the table; a store at --db with a longer name, more so.
    assert run("init").returncode == 0
    for args in ([], ["--db", str(run.home / "a-store-with-a-rather-long-name.db")]):
        if args:
            assert run(*args, "init").returncode == 0
        done = run(*args, "doctor")
        assert done.returncode == 0, done.stdout
        facts = [line for line in done.stdout.splitlines() if not line.startswith(("problem:", "No problems"))]
        assert len(facts) >= 8
        assert len({line.index(": ") for line in facts}) == 1, facts


def test_export_refuses_to_overwrite_the_store_or_its_key_record_and_dash_means_stdout(run):
    assert run("init").returncode == 0
    run("add", "profile.name", "Ada", "--yes")
    store_file = run.home / "memtrust.db"
    before = store_file.read_bytes()
    for target in (store_file, run.home / "memtrust.db.keyinfo.json"):
        assert "store's own files" in _one_sentence_error(run("export", "--out", str(target)))
    assert store_file.read_bytes() == before
    done = run("export", "--out", "-")
    assert done.returncode == 0 and json.loads(done.stdout)["memories"][0]["value"] == "Ada"


def test_ingest_calls_an_inference_inferred_never_saved(run, tmp_path):
    assert run("init").returncode == 0
    assert run("learning", "on", "--yes").returncode == 0
    chat = tmp_path / "brief.jsonl"
    turns = []  # user replies to the assistant, all short
    for n in range(30):
        turns.append(
            {
                "conversation_id": f"c{n // 3}",
                "role": "assistant" if n % 2 else "user",
                "content": "Here is a long and careful answer to your question." if n % 2 else "ok thanks",
                "timestamp": int(time.time()) - 86_400 + 60 * n,  # yesterday: evidence within its life
            }
        )
    chat.write_text("\n".join(json.dumps(turn) for turn in turns), encoding="utf-8")
    done = run("ingest", str(chat))
    assert done.returncode == 0
    assert "0 saved" in done.stdout and "inferred, " in done.stdout
    inferred_lines = [line for line in done.stdout.splitlines() if "style.answer_length" in line and "[" in line]
    assert inferred_lines and all(line.strip().startswith("inferred") for line in inferred_lines), done.stdout


def test_the_passphrase_command_runs_once_per_command(run, tmp_path):
    assert run("init").returncode == 0
    counter = tmp_path / "calls"
    script = tmp_path / "passcommand.sh"
    script.write_text(f"#!/bin/sh\necho x >> {counter}\necho '{TEST_PASSPHRASE}'\n", encoding="utf-8")
    script.chmod(0o700)
    done = subprocess.run(
        [sys.executable, "-m", "memtrust.app", "list"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        env={
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "MEMTRUST_HOME": str(run.home),
            "HOME": str(tmp_path),
            "MEMTRUST_PASSCOMMAND": str(script),
        },
    )
    assert done.returncode == 0, done.stderr
    assert counter.read_text().count("x") == 1


def _forget_export(path, *, conversation: str) -> str:
    path.write_text(
        json.dumps(
            {
                "conversation_id": conversation,
                "message_id": "m0",
                "role": "user",
                "content": "Please forget that I prefer email.",
                "timestamp": 1_772_000_000,
            }
        )
        + "\n",
        encoding="utf-8",
    )
    return str(path)


def test_ingest_says_a_request_to_forget_waits_in_the_inbox_and_confirm_deletes_the_memory(run, tmp_path):
    assert run("init").returncode == 0
    assert run("add", "contact.preferred_channel", "email", "--yes").returncode == 0
    done = run("ingest", _forget_export(tmp_path / "later.jsonl", conversation="c2"))
    assert done.returncode == 0, done.stderr
    assert "1 request to forget is waiting in your Inbox" in done.stdout
    assert "memtrust forget " not in done.stdout  # no ids to copy by hand any more
    line = next(
        line for line in run("list", "--status", "pending").stdout.splitlines() if "[request to forget]" in line
    )
    assert "you asked to forget “I prefer email”: confirm deletes shared/contact.preferred_channel" in line
    confirmed = run("confirm", line.split()[0])
    assert (
        confirmed.returncode == 0 and "Deleted contact.preferred_channel (explicit), as you asked." in confirmed.stdout
    )
    assert json.loads(run("list", "--json").stdout) == []
    assert "No memories." in run("list").stdout


def test_reject_dismisses_a_request_to_forget_and_keeps_the_memory(run, tmp_path):
    assert run("init").returncode == 0
    assert run("add", "contact.preferred_channel", "email", "--yes").returncode == 0
    run("ingest", _forget_export(tmp_path / "later.jsonl", conversation="c2"))
    line = next(line for line in run("list").stdout.splitlines() if "[request to forget]" in line)
    rejected = run("reject", line.split()[0])
    assert rejected.returncode == 0 and "Kept contact.preferred_channel" in rejected.stdout
    assert [m["value"] for m in json.loads(run("list", "--json").stdout)] == ["email"]
    assert "[request to forget]" not in run("list").stdout
    again = run("ingest", _forget_export(tmp_path / "newer.jsonl", conversation="c3"))
    assert "1 request to forget is waiting in your Inbox" in again.stdout  # a new message asks anew


def test_ingest_says_a_request_to_forget_that_matches_nothing_was_not_kept(run, tmp_path):
    assert run("init").returncode == 0
    done = run("ingest", _forget_export(tmp_path / "later.jsonl", conversation="c2"))
    assert "1 request to forget matched nothing memtrust holds; nothing was deleted." in done.stdout
    assert "No memories." in run("list").stdout


def test_list_says_requested_for_a_confidential_request_nobody_confirmed_and_saved_by_you_for_one_typed(run, tmp_path):
    """The rule of the TUI's badges (store.model.confirmed_by_user): §3.5 quarantines a
    confidential request from an import before §3.6 would ask, so nobody has confirmed it."""
    assert run("init").returncode == 0
    chat = tmp_path / "chat.jsonl"
    chat.write_text(
        json.dumps(
            {
                "conversation_id": "c1",
                "role": "user",
                "timestamp": 1_700_000_000,
                "content": "Remember that, just between us, I am interviewing at Acme.",
            }
        ),
        encoding="utf-8",
    )
    assert "1 quarantined" in run("ingest", str(chat)).stdout
    assert run("add", "work.job_search", "Just between us, I am interviewing elsewhere", "--yes").returncode == 0
    listed = run("list")
    assert listed.returncode == 0
    lines = {line.split("]", 1)[1].split(":", 1)[0].strip(): line for line in listed.stdout.splitlines()}
    [requested] = [line for key, line in lines.items() if key != "shared/work.job_search"]
    assert "[requested, not saved until you confirm it]" in requested and requested.endswith("(quarantined)")
    assert "saved by you" not in requested
    typed = lines["shared/work.job_search"]
    assert "[saved by you]" in typed and typed.endswith("(quarantined)")


def test_ingest_with_a_format_that_does_not_fit_is_one_sentence_and_exit_1(run, tmp_path):
    assert run("init").returncode == 0
    claude = tmp_path / "conversations.json"
    claude.write_text(
        json.dumps([{"uuid": "k", "name": "x", "created_at": "2026-03-01T09:00:00Z", "chat_messages": []}]),
        encoding="utf-8",
    )
    line = _one_sentence_error(run("ingest", str(claude), "--format", "chatgpt"))
    assert "is a Claude.ai export, not ChatGPT" in line and "--format claude" in line
    odd = tmp_path / "list.json"
    odd.write_text(json.dumps([{"a": 1}]), encoding="utf-8")
    assert _one_sentence_error(run("ingest", str(odd), "--format", "chatgpt")).endswith(
        "list.json has no ChatGPT conversation in it; its 1 item is of another kind; check the file, or leave out --format."
    )


def test_a_memtrust_export_given_to_ingest_says_use_memtrust_import(run, tmp_path):
    assert run("init").returncode == 0
    exported = tmp_path / "export.json"
    assert run("export", "--out", str(exported)).returncode == 0
    line = _one_sentence_error(run("ingest", str(exported)))
    assert "is a memtrust export" in line and "use memtrust import" in line


def test_no_help_text_cites_a_design_section_a_user_does_not_have():
    import click

    from memtrust.app.cli import cli

    def helps(command: click.Command, path: str, parent: click.Context | None = None):
        # Each context under its parent, as click makes them: a command caches its help option
        # from the first context it sees, and the group's help_option_names (-h) reach a
        # subcommand only through its parent.
        context = click.Context(command, info_name=path.rsplit(" ", 1)[-1], parent=parent, **command.context_settings)
        yield path, command.get_help(context)
        for name, sub in getattr(command, "commands", {}).items():
            yield from helps(sub, f"{path} {name}", context)

    texts = dict(helps(cli, "memtrust"))
    assert len(texts) > 15 and "memtrust mcp" in texts and "memtrust list" in texts
    cited = {
        path: line for path, text in texts.items() for line in text.splitlines() if "§" in line or "DESIGN" in line
    }
    assert cited == {}


def _stop_at_the_last_write(monkeypatch) -> None:
    """Ctrl-C inside the ingest's transaction, after its memories were proposed: the
    bookkeeping of what was read is the last thing an ingest writes."""
    from memtrust.store.memories import MemoryStore

    def stop(self, refs):
        raise KeyboardInterrupt

    monkeypatch.setattr(MemoryStore, "mark_ingested", stop)


@pytest.mark.parametrize("kind", ["conversation export", "memory list"])
def test_ctrl_c_during_an_ingest_imports_nothing_and_says_so(run, tmp_path, monkeypatch, kind):
    assert run("init").returncode == 0
    if kind == "memory list":
        source = tmp_path / "memories.txt"
        source.write_text("- I prefer email\n- My dog is called Rex\n", encoding="utf-8")
    else:
        source = tmp_path / "chat.jsonl"
        line = {"conversation_id": "c1", "role": "user", "timestamp": 1_700_000_000}
        source.write_text(json.dumps({**line, "content": "Remember that my name is Ada."}), encoding="utf-8")
    with monkeypatch.context() as patched:
        _stop_at_the_last_write(patched)
        sentence = _one_sentence_error(run("ingest", str(source)))
    assert "nothing was imported" in sentence and "Stopped" in sentence
    assert json.loads(run("list", "--json", "--status", "pending").stdout) == []
    again = run("ingest", str(source))  # nothing was marked read either: the next ingest asks
    assert again.returncode == 0 and json.loads(run("list", "--json", "--status", "pending").stdout) != []


def test_ctrl_c_after_an_ingest_was_written_says_it_was_written(run, tmp_path, monkeypatch):
    from memtrust.app import memory_import

    assert run("init").returncode == 0
    source = tmp_path / "memories.txt"
    source.write_text("- I prefer email\n", encoding="utf-8")
    real = memory_import.import_memory_list

    def written_then_stopped(*args, **kwargs):
        real(*args, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(memory_import, "import_memory_list", written_then_stopped)
    sentence = _one_sentence_error(run("ingest", str(source)))
    assert "nothing was imported" not in sentence and "written" in sentence
    assert json.loads(run("list", "--json", "--status", "pending").stdout) != []


#: A value with a bell, an escape sequence, a bidi override and a zero-width space, each of
#: which a terminal (or a pasted block) would act on instead of showing.
CONTROLLED = "Robin\x07 \x1b[31mred\x1b[0m \u202eevil\u202c zero\u200bwidth"


def test_a_block_for_text_shows_control_and_bidi_characters_escaped_on_stdout_and_in_a_file(run, tmp_path):
    """``export --for`` writes outside text escaped as ``list`` does (§8), the same on standard
    output as in ``--out``'s file: no bell, escape sequence or bidi override reaches either."""
    assert run("init").returncode == 0
    assert run("add", "profile.name", CONTROLLED, "--yes").returncode == 0
    listed = run("list").stdout
    shown = "Robin\\x07 \\x1b[31mred\\x1b[0m \\u202eevil\\u202c zero\\u200bwidth"
    assert shown[:40] in listed  # list shows the same escapes (cut to its column)
    for target in ("text", "chatgpt"):
        printed = run("export", "--for", target).stdout
        out = tmp_path / f"block-{target}.txt"
        assert run("export", "--for", target, "--out", str(out)).returncode == 0
        written = out.read_text(encoding="utf-8")
        assert printed == written, target
        assert shown in written, (target, written)
        assert not any(char in written for char in "\x07\x1b\u202e\u202c\u200b"), target


def test_an_export_to_a_folder_that_does_not_exist_names_the_users_path_not_a_temporary_file(run, tmp_path):
    assert run("init").returncode == 0
    target = tmp_path / "no-such-folder" / "x.json"
    for args in (("export", "--out", str(target)), ("export", "--for", "text", "--out", str(target))):
        done = run(*args)
        assert done.returncode == 1
        assert done.stderr.strip() == (
            f"memtrust: There is no folder {target.parent}; create it or choose another place for the export "
            "(nothing was written)."
        )
        assert ".tmp" not in done.stderr


def test_a_write_the_system_refuses_names_the_export_not_its_temporary_file(tmp_path, monkeypatch):
    """A full disk (or any refusal) while the temporary file is written is told with the user's
    path; the temporary file's name is memtrust's business."""
    import errno

    from memtrust.store import export
    from memtrust.store.errors import InvalidInput

    def full_disk(target, data, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(target.with_name(".x.json.1234.tmp")))

    monkeypatch.setattr(export, "write_atomically", full_disk)
    with pytest.raises(InvalidInput) as refused:
        export.write_export(tmp_path / "x.json", "{}")
    assert str(refused.value) == (
        f"memtrust could not write {tmp_path / 'x.json'}: no space left on device (nothing was written)."
    )


def test_a_list_file_over_the_limit_says_its_size_without_rounding_it_down_to_the_limit(tmp_path):
    from memtrust.app.ingest.memory_list import read_memory_list_file
    from memtrust.store.errors import IngestError

    big = tmp_path / "big.txt"
    big.write_bytes(b"a" * 2_400_000)
    with pytest.raises(IngestError) as refused:
        read_memory_list_file(big)
    assert str(refused.value).startswith("big.txt is 2.4 MB, far more than a memory list (at most 2 MB);")


def test_adding_a_value_that_waits_in_the_inbox_confirms_it_as_yours(run, tmp_path):
    assert run("init").returncode == 0
    listed_file = tmp_path / "list.txt"
    listed_file.write_text("- Plays the cello\n", encoding="utf-8")
    assert run("ingest", str(listed_file), "--from", "other").returncode == 0
    [waiting] = json.loads(run("list", "--json").stdout)
    assert waiting["status"] == "pending"
    added = run("add", waiting["key"], "Plays the cello", "--yes")
    assert added.returncode == 0, added.stderr
    assert "you confirmed it" in added.stdout and waiting["id"][:8] in added.stdout
    [saved] = json.loads(run("list", "--json").stdout)
    assert (saved["id"], saved["status"], saved["formation"]) == (waiting["id"], "active", "explicit")
    assert saved["confirmed_at"] is not None
