"""Deletion is deletion (§2, §9): after forget, reject, clear-inferred, expiry or supersession
a unique value is nowhere — not in any table (FTS shadow tables included), not in any
decrypted page of the file (free pages included), not in the WAL or SHM after the
checkpoint, not in the audit (a note's key, ``notes.<id>``, is a fingerprint of the value),
not in an export made after. Each check first finds the value while it is live, so it cannot pass vacuously."""

from __future__ import annotations

import uuid
from datetime import timedelta
from pathlib import Path

import pytest

from memtrust.store.db import Database
from memtrust.store.export import build_export, dumps_export
from memtrust.store.keys import new_raw_key
from memtrust.store.memories import MemoryStore
from memtrust.store.model import Memory, Proposal
from memtrust.store.notes import note_key
from memtrust.store.report import render_markdown
from tests.sqlcipher_pages import decrypted_pages, decrypted_wal_frames, page_one_header_is_sqlite

VALUE = "zq7731 marmalade lighthouse quokka \U0001d52e\U0001d52f\U0001d530\U0001d531"
SLUG_WORD = b"marmalade"
#: A trigram of VALUE whose first character starts no other term of the full-text index: the
#: index stores such a term whole (not prefix-compressed), so its bytes are found in the
#: decrypted pages while the value is indexed, and must be found nowhere once it is deleted.
INDEX_TERM = "\U0001d52e\U0001d52f\U0001d530"


@pytest.fixture
def keyed(tmp_path, clock):
    """A store whose raw key the test knows, so it can decrypt the file itself."""
    key = new_raw_key("memory")
    path = tmp_path / "memtrust.db"
    store = MemoryStore(Database.create(path, key, store_id=uuid.uuid4().hex, now_epoch=0), clock)
    yield store, path, key.secret
    store.close()


def _table_dump(store) -> str:
    with store.db.read() as conn:
        tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return repr({name: conn.execute(f'SELECT * FROM "{name}"').fetchall() for name in tables})


def _plaintext_hits(path: Path, key_hex: str, needle: bytes) -> list[str]:
    hits = []
    pages = list(decrypted_pages(path, key_hex))
    assert page_one_header_is_sqlite(pages[0][1]), "page 1 did not decrypt to a SQLite header: the helper is wrong"
    hits += [f"page {n}" for n, text in pages if needle in text]
    wal = Path(f"{path}-wal")
    hits += [f"wal frame for page {n}" for n, text in decrypted_wal_frames(wal, path, key_hex) if needle in text]
    for suffix in ("-wal", "-shm"):
        side = Path(f"{path}{suffix}")
        if side.exists() and needle in side.read_bytes():
            hits.append(f"raw {suffix}")
    return hits


def _occurrences(path: Path, key_hex: str, needle: bytes) -> int:
    return sum(text.count(needle) for _n, text in decrypted_pages(path, key_hex))


def _everywhere(store, path, key_hex, *needles: str) -> dict[str, bool]:
    data = build_export(store, app_version="test")
    exported = dumps_export(data) + render_markdown(data)
    audit = repr(store.audit_events())
    found = {}
    found["pages:index term"] = bool(_plaintext_hits(path, key_hex, INDEX_TERM.encode("utf-8")))
    for needle in (VALUE, SLUG_WORD.decode(), *needles):
        found[f"tables:{needle}"] = needle in _table_dump(store)
        found[f"pages:{needle}"] = bool(_plaintext_hits(path, key_hex, needle.encode("utf-8")))
        found[f"audit:{needle}"] = needle in audit
        found[f"export:{needle}"] = needle in exported
    return found


def _forget(store, memory, clock):
    store.forget(memory.id, actor="test")


def _reject(store, memory, clock):
    store.reject(memory.id, actor="test")


def _clear_inferred(store, memory, clock):
    store.clear_inferred(actor="test")


def _expire(store, memory, clock):
    clock.advance(days=91)
    assert store.prune(actor="test").total >= 1


def _superseded_by_explicit(store, memory, clock):
    result = store.propose(Proposal(memory.key, "something else", "explicit", "user", confirmed=True), actor="test")
    assert memory.id in result.decision.supersedes


def _superseded_on_confirm(store, memory, clock):
    pending = store.propose(Proposal(memory.key, "something else", "explicit", "chat"), actor="test").memory
    store.confirm(pending.id, actor="test")


def _edited(store, memory, clock):
    store.edit(
        memory.id, "something else", actor="test", key="notes.renamed" if memory.key.startswith("notes.") else None
    )


NOTE_KEY = "notes.zq7731_marmalade_lighthouse_quokka"
CASES = {
    "forget explicit note": ("explicit", NOTE_KEY, True, _forget),
    "reject pending note": ("explicit", NOTE_KEY, False, _reject),
    "forget inferred": ("implicit", "interests.topics", None, _forget),
    "clear-inferred": ("implicit", "interests.topics", None, _clear_inferred),
    "expire inferred": ("implicit", "interests.topics", None, _expire),
    "expire pending note": ("explicit", NOTE_KEY, False, _expire),
    "superseded inference": ("implicit", "interests.topics", None, _superseded_by_explicit),
    "edited note (renamed)": ("explicit", NOTE_KEY, True, _edited),
    "edited inference": ("implicit", "interests.topics", None, _edited),
    "inference superseded on confirm": ("implicit", "interests.topics", None, _superseded_on_confirm),
}


def _inference_held_from_before_the_vocabulary(store, key: str, value: str) -> Memory:
    """An active inference whose value no other row holds. Admission keeps every inference to
    the closed vocabulary (§3.1), whose values are common words; a store made before it may
    still hold such a row, and deleting it must leave nothing behind either. Written below
    admission, with the evidence a detector gives."""
    now = store.clock()
    memory = Memory(
        id=uuid.uuid4().hex,
        scope="shared",
        key=key,
        value=value,
        formation="implicit",
        source="inference:topics",
        source_ref="c2/m4",
        confidence=0.9,
        status="active",
        evidence={"conversations": 3, "refs": ["c1/m1", "c2/m4"]},
        created_at=now,
        updated_at=now,
        last_signal_at=now,
        expires_at=now + timedelta(days=60),
    )
    with store.db.write() as conn:
        MemoryStore._insert(conn, memory)
    return memory


@pytest.mark.parametrize("case", list(CASES))
def test_a_deleted_value_is_found_nowhere(keyed, clock, case):
    _found_nowhere_after(keyed, clock, case)


@pytest.mark.parametrize("case", ["clear-inferred", "expire inferred", "expire pending note"])
def test_a_value_deleted_in_bulk_is_found_nowhere(keyed, clock, case, monkeypatch):
    """Many rows at once leave the index by one merge instead of secure-delete row by row."""
    from memtrust.store import search

    monkeypatch.setattr(search, "BULK_DELETE_ROWS", 1)
    _found_nowhere_after(keyed, clock, case)


def _found_nowhere_after(keyed, clock, case):
    store, path, key_hex = keyed
    formation, key, confirmed, delete = CASES[case]
    store.set_learning(True, actor="test")
    store.propose(Proposal("contact.preferred_channel", "email", "explicit", "user", confirmed=True), actor="test")
    if formation == "explicit":
        proposal = Proposal(key, VALUE, "explicit", "chat", source_ref="c1/m1", confirmed=confirmed)
        memory = store.propose(proposal, actor="test").memory
    else:
        memory = _inference_held_from_before_the_vocabulary(store, key, VALUE)
    from memtrust.store.consumers import context_for

    context_for(store, consumer="assistant", actor="test")  # influence events name the row
    store.db.checkpoint()

    note_id = memory.key if key.startswith("notes.") else None
    needles = (note_id,) if note_id else ()
    before = _everywhere(store, path, key_hex, *needles)
    assert before[f"tables:{VALUE}"] and before[f"pages:{VALUE}"] and before[f"export:{VALUE}"]
    # The memory's row, the index's copy of its text and the index's term: three places.
    assert _occurrences(path, key_hex, INDEX_TERM.encode("utf-8")) >= 3
    with store.db.read() as conn:
        assert conn.execute("SELECT count(*) FROM memories_fts_terms WHERE term = ?", (INDEX_TERM,)).fetchone()[0] == 1
    if note_id:
        assert note_id == note_key(VALUE), "a note is stored under its note key, whatever key it was given"
        assert before[f"audit:{note_id}"], "the live note's key should be in its audit events"
        assert not before["audit:marmalade"], "a note's key never spells its words"

    delete(store, memory, clock)

    after = _everywhere(store, path, key_hex, *needles)
    assert [where for where, hit in after.items() if hit] == [], _plaintext_hits(path, key_hex, SLUG_WORD)
    with store.db.read() as conn:
        assert conn.execute("SELECT count(*) FROM memories_fts_terms WHERE term = ?", (INDEX_TERM,)).fetchone()[0] == 0
        assert conn.execute(
            "SELECT count(*) FROM memories_fts WHERE memories_fts MATCH ?", ('"quokka"',)
        ).fetchone() == (0,)
    assert Path(f"{path}-wal").stat().st_size == 0  # checkpointed and truncated
    kept = [e for e in store.audit_events() if e.memory_id == memory.id]
    if delete is not _edited:
        assert kept and all(e.formation == formation for e in kept)  # that it existed, and how it was formed, stays


def test_a_rejected_note_never_puts_its_slug_in_the_audit(store):
    result = store.propose(Proposal("notes.my_pin_is_4321", "my pin is 4321", "explicit", "chat"), actor="test")
    assert result.decision.outcome == "reject"
    assert all("4321" not in repr(event) for event in store.audit_events())
    assert store.audit_events()[0].key == "notes.(redacted)"


def test_deleting_a_note_keeps_other_notes_keys_in_the_audit(store):
    keep = store.propose(Proposal("notes.keep_this", "keep this", "explicit", "user", confirmed=True), actor="t").memory
    gone = store.propose(Proposal("notes.drop_that", "drop that", "explicit", "user", confirmed=True), actor="t").memory
    store.forget(gone.id, actor="t")
    keys = {(e.memory_id, e.key) for e in store.audit_events()}
    assert (keep.id, note_key("keep this")) in keys and (gone.id, "notes.(redacted)") in keys
    assert not any(k in ("notes.drop_that", note_key("drop that"), "notes.keep_this") for _, k in keys)


def test_editing_an_inference_makes_it_saved_by_you_and_audits_the_edit(store):
    store.set_learning(True, actor="t")
    inferred = store.propose(
        Proposal(
            "style.answer_length",
            "brief",
            "implicit",
            "inference:reply_length",
            confidence=0.8,
            evidence={"short_replies": 3},
        ),
        actor="t",
    ).memory
    edited = store.edit(inferred.id, "detailed", actor="t")
    assert (edited.formation, edited.source, edited.confidence, edited.expires_at, edited.evidence) == (
        "explicit",
        "user",
        1.0,
        None,
        None,
    )
    assert store.get(inferred.id) == edited
    event = store.audit_events(limit=1)[0]
    assert (event.event, event.formation, event.detail) == ("edit", "explicit", {"was": "implicit"})
    assert "detailed" not in repr(event) and "brief" not in repr(event)


def test_an_edit_to_a_secret_is_refused_and_changes_nothing(store):
    saved = store.propose(Proposal("notes.locker", "blue locker", "explicit", "user", confirmed=True), actor="t").memory
    from memtrust.store.errors import InvalidInput

    with pytest.raises(InvalidInput, match="password manager"):
        store.edit(saved.id, "password: hunter2hunter2", actor="t")
    assert store.get(saved.id).value == "blue locker"


# --- requests to forget (§6): the sentence is user text too --------------------------------

SENTENCE_WORD = "xylophonebreakfast"


def _request_for(store, memory, *, words: str):
    from memtrust.store.deletion_requests import DeletionRequests

    return DeletionRequests(store).add(
        what=words,
        utterance=f"Please forget that {words}, said over {SENTENCE_WORD}.",
        source_ref="later.jsonl#c2/m0",
        said_at=1_772_000_000,
        memory_ids=[memory.id],
        actor="ingest:later.jsonl",
    )


def _note(store):
    return store.propose(Proposal(NOTE_KEY, VALUE, "explicit", "user", confirmed=True), actor="test").memory


def test_confirming_a_request_to_forget_deletes_the_value_and_the_sentence_everywhere(keyed):
    from memtrust.store.deletion_requests import DeletionRequests

    store, path, key_hex = keyed
    memory = _note(store)
    request = _request_for(store, memory, words=VALUE)
    store.db.checkpoint()
    assert SENTENCE_WORD in _table_dump(store) and _plaintext_hits(path, key_hex, SENTENCE_WORD.encode())
    assert SENTENCE_WORD in dumps_export(build_export(store, app_version="test"))

    assert [m.id for m in DeletionRequests(store).confirm(request.id, actor="test")] == [memory.id]

    after = _everywhere(store, path, key_hex)
    assert [where for where, hit in after.items() if hit] == []
    assert SENTENCE_WORD not in _table_dump(store) + repr(store.audit_events())
    assert _plaintext_hits(path, key_hex, SENTENCE_WORD.encode()) == []
    assert Path(f"{path}-wal").stat().st_size == 0
    events = [(e.event, e.outcome, e.key) for e in store.audit_events(newest_first=False) if e.memory_id == memory.id]
    assert events[-3:] == [
        ("forget-request", "pending", "notes.(redacted)"),
        ("forget-request", "confirmed", "notes.(redacted)"),
        ("delete", None, "notes.(redacted)"),
    ]
    assert "confirmed your request" in store.audit_events(limit=1)[0].reason


def test_dismissing_a_request_to_forget_keeps_the_memory_and_drops_the_sentence(keyed):
    from memtrust.store.deletion_requests import DeletionRequests

    store, path, key_hex = keyed
    memory = _note(store)
    request = _request_for(store, memory, words="zq7731 marmalade")
    DeletionRequests(store).dismiss(request.id, actor="test")
    assert store.get(memory.id).value == VALUE and DeletionRequests(store).pending() == []
    assert SENTENCE_WORD not in _table_dump(store) + repr(store.audit_events())
    assert _plaintext_hits(path, key_hex, SENTENCE_WORD.encode()) == []
    assert SENTENCE_WORD not in dumps_export(build_export(store, app_version="test"))
    assert store.audit_events(limit=1)[0].outcome == "dismissed"


def test_a_memory_deleted_another_way_takes_its_request_and_the_sentence_with_it(keyed):
    from memtrust.store.deletion_requests import DeletionRequests

    store, path, key_hex = keyed
    memory = _note(store)
    _request_for(store, memory, words="zq7731 marmalade")
    store.forget(memory.id, actor="test")  # memtrust forget ID, or d on the main screen
    assert DeletionRequests(store).pending() == [] and DeletionRequests(store).count() == 0
    assert [where for where, hit in _everywhere(store, path, key_hex).items() if hit] == []
    assert SENTENCE_WORD not in _table_dump(store)
    assert _plaintext_hits(path, key_hex, SENTENCE_WORD.encode()) == []
    dropped = next(e for e in store.audit_events() if e.outcome == "dropped")
    assert (dropped.event, dropped.memory_id) == ("forget-request", memory.id)
