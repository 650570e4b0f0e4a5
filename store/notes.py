"""Free-text notes (DESIGN.md §2): the key of a note never spells its value.

A note is a memory under ``notes.``. Its key is ``notes.`` plus a short stable id — 16
hexadecimal digits of a SHA-256 of the note's text, folded (NFKC, case-folded, runs of
whitespace made one space, trimmed) — so the same words always get the same key (a second
"remember that I like green tea" is the memory already held, §3.4) while the key says
nothing of the words to anyone who reads only keys: the ingest summary, the audit log, the
agent's ``list_my_memories``. 64 bits make a collision between two notes of one store
negligible (below 10⁻⁹ at 100,000 notes).

The id is derived from the value, so it is still a fingerprint of the value: the audit
redacts it once the memory is gone (:mod:`store.audit`), and an edit gives the note the key
of its new text. The panes show a note by its value, never by this id.
"""

from __future__ import annotations

import re
import unicodedata

from sqlcipher3 import Connection

from memtrust.store.audit import REDACTED_NOTE_KEY

#: The namespace of free-text notes.
NOTE_PREFIX = "notes."
#: How many hexadecimal digits of the hash make a note's id.
NOTE_ID_LENGTH = 16
_NOTE_KEY = re.compile(rf"^notes\.[0-9a-f]{{{NOTE_ID_LENGTH}}}$")


def _folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def note_key(text: str) -> str:
    """``notes.<16 hex digits>`` for a note whose value is ``text`` (module docstring).

    Deterministic: texts equal after folding (case, Unicode compatibility forms, spacing)
    get the same key; the key matches the §2 grammar and is 22 characters long. A text that
    cannot be encoded as UTF-8 (a lone surrogate) is hashed with the surrogate escaped, so
    this never raises.
    """
    import hashlib  # imported on use: OpenSSL's set-up is a cost every command paid at import

    data = _folded(text).encode("utf-8", "backslashreplace")
    return NOTE_PREFIX + hashlib.sha256(data).hexdigest()[:NOTE_ID_LENGTH]


def is_note(key: str | None) -> bool:
    """True when ``key`` is in the notes namespace (``notes.…``), whatever follows."""
    return isinstance(key, str) and key.startswith(NOTE_PREFIX)


def is_note_key(key: str | None) -> bool:
    """True when ``key`` is a note key memtrust made (``notes.`` plus a 16-digit id): a key
    that carries no words of any value."""
    return isinstance(key, str) and _NOTE_KEY.match(key) is not None


def keyed_note(key: str, value: str) -> str:
    """The key a memory written as (``key``, ``value``) is stored under: ``key`` itself
    outside ``notes.``, or the note key of ``value`` (:func:`note_key`) for any ``notes.…``
    key — whatever words a caller (an agent, an import, an old store) put after the dot."""
    return note_key(value) if is_note(key) else key


def rekey_notes(conn: Connection) -> int:
    """Give every stored note that lacks one its note key, inside the caller's transaction;
    return how many memories were renamed.

    For a store (or an imported export) made when ``notes.<slug>`` keys were built from the
    note's first words ("notes.pin_4821"): each such memory takes :func:`note_key` of its
    value, and every audit event of a stored note names it by that key; an audit event
    whose ``notes.…`` key belongs to no stored note (the note was deleted, the write refused)
    gets :data:`store.audit.REDACTED_NOTE_KEY`. ``conn`` is an open store connection.
    """
    renamed = [
        (note_key(value), memory_id)
        for memory_id, key, value in conn.execute("SELECT id, key, value FROM memories WHERE key GLOB 'notes.*'")
        if not is_note_key(key)
    ]
    conn.executemany("UPDATE memories SET key = ? WHERE id = ?", renamed)
    # Every audit key under notes. becomes its memory's key now, or the redacted form when
    # the event names no stored note.
    conn.execute(
        "UPDATE audit SET key = coalesce("
        " (SELECT m.key FROM memories m WHERE m.id = audit.memory_id AND m.key GLOB 'notes.*'), :redacted)"
        " WHERE key GLOB 'notes.*' AND key != :redacted"
        " AND key IS NOT (SELECT m.key FROM memories m WHERE m.id = audit.memory_id)",
        {"redacted": REDACTED_NOTE_KEY},
    )
    return len(renamed)


def display_key(key: str) -> str:
    """How a key is named where memories are listed (§2, §8): ``note`` for a note, whose
    id means nothing to a person (the value follows it), else the key itself."""
    return "note" if is_note(key) else key
