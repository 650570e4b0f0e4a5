"""Migrations of stores made by older versions (STYLE.md §2): each test builds a store at an
old schema, with the rows that version wrote, and opens it with today's code."""

from __future__ import annotations

import json
import uuid

from memtrust.store.db import Database
from memtrust.store.keys import new_raw_key
from memtrust.store.memories import MemoryStore
from memtrust.store.migrations import MIGRATIONS, SCHEMA_VERSION
from memtrust.store.notes import is_note_key, note_key


def _old_store(path, key, version: int, fill) -> None:
    """A store at schema ``version`` (the first ``version`` migrations only), filled by ``fill(conn)``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = Database._connect(path, key)
    Database._configure(conn)
    for number, (_name, step) in enumerate(MIGRATIONS[:version], start=1):
        conn.execute("BEGIN IMMEDIATE")
        step(conn)
        conn.execute(f"PRAGMA user_version = {number}")
        conn.execute("COMMIT")
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(
        "INSERT INTO meta (name, value) VALUES (?, ?)",
        [("app", "memtrust"), ("store_id", uuid.uuid4().hex), ("created_at", "0")],
    )
    fill(conn)
    conn.execute("COMMIT")
    conn.close()


def _memory(conn, memory_id: str, key: str, value: str) -> None:
    conn.execute(
        "INSERT INTO memories (id, scope, key, value, formation, source, confidence, status, created_at, updated_at)"
        " VALUES (?, 'shared', ?, ?, 'explicit', 'chat', 1.0, 'active', 0, 0)",
        (memory_id, key, value),
    )


def _event(conn, memory_id: str | None, key: str, event: str = "write", detail: dict | None = None) -> None:
    conn.execute(
        "INSERT INTO audit (at, event, actor, memory_id, scope, key, formation, outcome, reason, detail)"
        " VALUES (0, ?, 'cli', ?, 'shared', ?, 'explicit', 'admit', 'Saved.', ?)",
        (event, memory_id, key, None if detail is None else json.dumps(detail)),
    )


def test_notes_keys_made_from_the_words_of_a_value_are_rewritten_to_note_ids_everywhere(tmp_path):
    path = tmp_path / "old" / "memtrust.db"
    key = new_raw_key("memory")

    def fill(conn) -> None:
        _memory(conn, "a" * 32, "notes.sisters_birthday_may_3", "my sister's birthday is May 3")
        _memory(conn, "b" * 32, "notes.note_1a2b3c4d", "東京が好き")
        _memory(conn, "c" * 32, "contact.preferred_channel", "email")
        _event(conn, "a" * 32, "notes.sisters_birthday_may_3")
        _event(conn, "a" * 32, "notes.sisters_birthday_may_3", event="influence")
        _event(conn, "b" * 32, "notes.note_1a2b3c4d")
        _event(conn, "c" * 32, "contact.preferred_channel")
        # What the old version left behind: a deleted note's slug and an agent call's key.
        _event(conn, "d" * 32, "notes.users_bank_password_tr0ub4dor_77", event="agent-call")
        _event(conn, None, "notes.pin_4821", event="agent-call", detail={"tool": "propose_memory"})

    before_note_ids = [name for name, _step in MIGRATIONS].index("note_keys")
    _old_store(path, key, before_note_ids, fill)
    store = MemoryStore(Database.open(path, key))
    try:
        with store.db.read() as conn:
            assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        keys = {m.id: m.key for m in store.list()}
        events = store.audit_events(newest_first=False)
    finally:
        store.close()

    assert keys == {
        "a" * 32: note_key("my sister's birthday is May 3"),
        "b" * 32: note_key("東京が好き"),
        "c" * 32: "contact.preferred_channel",
    }
    assert all(is_note_key(k) for k in keys.values() if k.startswith("notes."))
    assert [(e.memory_id, e.key) for e in events] == [
        ("a" * 32, keys["a" * 32]),
        ("a" * 32, keys["a" * 32]),
        ("b" * 32, keys["b" * 32]),
        ("c" * 32, "contact.preferred_channel"),
        ("d" * 32, "notes.(redacted)"),
        (None, "notes.(redacted)"),
    ]
    logged = repr(events)
    for words in ("sisters_birthday", "tr0ub4dor", "4821", "1a2b3c4d"):
        assert words not in logged


def test_audit_keys_that_held_a_refused_secret_are_withheld_and_every_other_key_kept(tmp_path):
    path = tmp_path / "old" / "memtrust.db"
    key = new_raw_key("memory")
    token = "ghp_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8"

    def fill(conn) -> None:
        _memory(conn, "c" * 32, "contact.preferred_channel", "email")
        _event(conn, "c" * 32, "contact.preferred_channel")
        # What the old version kept of refused writes: the key as the caller gave it.
        _event(conn, None, f"account.{token}")
        _event(conn, None, f"account.{token}", event="agent-call", detail={"tool": "propose_memory"})
        _event(conn, None, "stripe.sk_live_4ec39hqlyjwdarjtt1zdp7dc", event="agent-call")

    before = [name for name, _step in MIGRATIONS].index("secret_keys")
    _old_store(path, key, before, fill)
    store = MemoryStore(Database.open(path, key))
    try:
        events = store.audit_events(newest_first=False)
    finally:
        store.close()
    assert [e.key for e in events] == [
        "contact.preferred_channel",
        "(key withheld: an API key or token)",
        "(key withheld: an API key or token)",
        "(key withheld: an API key or token)",
    ]
    assert token not in repr(events) and "sk_live" not in repr(events)


def test_an_agents_save_its_client_confirmed_is_marked_confirmed_in_that_client_on_upgrade(tmp_path):
    path = tmp_path / "old" / "memtrust.db"
    key = new_raw_key("memory")

    def fill(conn) -> None:
        conn.execute(
            "INSERT INTO memories (id, scope, key, value, formation, source, source_ref, confidence, status,"
            " created_at, updated_at, confirmed_at) VALUES"
            " (?, 'shared', 'profile.name', 'Ada', 'explicit', 'agent', ?, 1.0, 'active', 0, 0, 0),"
            " (?, 'shared', 'contact.preferred_channel', 'email', 'explicit', 'agent', ?, 1.0, 'active', 0, 0, 0),"
            " (?, 'shared', 'style.tone', 'warm', 'explicit', 'user', NULL, 1.0, 'active', 0, 0, 0)",
            ("a" * 32, "agent:claude_desktop#c1;confirmed-by-elicitation", "b" * 32, "agent:research#c2", "c" * 32),
        )

    before = [name for name, _step in MIGRATIONS].index("confirmed_in_client")
    _old_store(path, key, before, fill)
    store = MemoryStore(Database.open(path, key))
    try:
        marked = {m.id: m.confirmed_in for m in store.list()}
        events = [e for e in store.audit_events() if e.event == "client-confirmed"]
    finally:
        store.close()
    # Only the save its client said yes to; one the user confirmed from the Inbox, and their own, stay theirs.
    assert marked == {"a" * 32: "claude_desktop", "b" * 32: None, "c" * 32: None}
    assert [(e.memory_id, e.key, e.actor, e.outcome) for e in events] == [
        ("a" * 32, "profile.name", "system", "client-only")
    ]
