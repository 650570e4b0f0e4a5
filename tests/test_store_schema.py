"""The store's schema and its boundaries (§1, §2): migrations, constraints, no Textual."""

from __future__ import annotations

import pytest
import sqlcipher3

from memtrust.store.migrations import SCHEMA_VERSION


def test_a_new_store_is_migrated_to_the_latest_schema_with_exactly_these_tables(store):
    with store.db.read() as conn:
        tables = {
            r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")
        }
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        columns = [r[1] for r in conn.execute("PRAGMA table_info(memories)")]
    assert version == SCHEMA_VERSION
    assert tables == {
        "meta",
        "memories",
        "audit",
        "consent",
        "settings",
        "ingested_messages",
        "deletion_requests",
        "deletion_request_targets",
        "influence_given",
        # Full-text index (FTS5, §7 and §8): the virtual table, its shadow tables and its vocabulary.
        "memories_fts",
        "memories_fts_data",
        "memories_fts_idx",
        "memories_fts_content",
        "memories_fts_docsize",
        "memories_fts_config",
        "memories_fts_terms",
    }
    assert columns == [
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
        "pending_until",
        "confirmed_in",
    ]


@pytest.mark.parametrize(
    ("formation", "source", "key", "confidence"),
    [
        (None, "user", "notes.x", 1.0),  # formation NOT NULL
        ("guessed", "user", "notes.x", 1.0),  # formation CHECK
        ("implicit", "user", "style.x", 0.9),  # implicit must come from a detector
        ("implicit", "inference:x", "health.condition", 0.9),  # sensitive classes explicit-only
        ("explicit", "user", "notes.x", 0.5),  # explicit rows are confidence 1.0
    ],
)
def test_the_database_itself_refuses_rows_that_break_the_model(store, formation, source, key, confidence):
    with pytest.raises(sqlcipher3.IntegrityError), store.db.write() as conn:
        conn.execute(
            "INSERT INTO memories (id, scope, key, value, formation, source, confidence, status, created_at, updated_at)"
            " VALUES ('x', 'shared', ?, 'v', ?, ?, ?, 'active', 0, 0)",
            (key, formation, source, confidence),
        )
