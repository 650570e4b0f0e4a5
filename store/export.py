"""DSAR export (DESIGN.md §9): everything held about the user, with each memory's formation.

:func:`build_export` returns a JSON-ready dict with top-level ``meta``, ``consent``,
``memories`` (every status and formation, every §2 field), ``audit`` and ``counts``.
:func:`write_export` writes it atomically with mode 0600.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from store.memories import MemoryStore
from store.model import to_epoch
from store.migrations import SCHEMA_VERSION

EXPORT_FORMAT_VERSION = 1
UNENCRYPTED_WARNING = "This export is not encrypted: anyone who can read the file can read everything in it."


def _iso(moment) -> str | None:
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")


def build_export(store: MemoryStore, *, app_version: str) -> dict[str, Any]:
    """Everything the store holds about the user, as a JSON-ready dict (§9).

    Never includes the key. ``counts`` are computed from the exported rows themselves.
    """
    memories = [memory.as_record() for memory in store.list()]
    counts: dict[str, dict[str, int]] = {f: {s: 0 for s in ("pending", "active", "quarantined")}
                                         for f in ("explicit", "implicit")}
    for record in memories:
        counts[record["formation"]][record["status"]] += 1
    return {
        "meta": {
            "exported_at": _iso(store.clock()),
            "app": "memtrust",
            "app_version": app_version,
            "export_format_version": EXPORT_FORMAT_VERSION,
            "schema_version": SCHEMA_VERSION,
            "store_path": str(store.db.path),
            "key_mode": store.db.key_mode,
            "warning": UNENCRYPTED_WARNING,
        },
        "consent": {
            "implicit_learning": store.learning_enabled(),
            "history": [{**event, "at": _iso(event["at"])} for event in store.consent_history()],
        },
        "memories": memories,
        "audit": [event.as_record() for event in store.audit_events(newest_first=False)],
        "counts": counts,
    }


def dumps_export(data: dict[str, Any]) -> str:
    """Serialise an export exactly: UTF-8, non-ASCII kept, lone surrogates rejected.

    Raises ValueError when a string holds a lone surrogate (it could not round-trip).
    """
    text = json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False)
    text.encode("utf-8")  # raises UnicodeEncodeError (a ValueError) on a lone surrogate
    return text + "\n"


def write_export(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` atomically (temp file in the same folder, fsync, rename),
    mode 0600 whatever the umask. Returns the path written."""
    path = Path(path)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o600)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
    return path


def record_export(store: MemoryStore, *, actor: str, destination: str, memory_count: int) -> None:
    """Audit that an export was made (§7): where and how many memories, never their values."""
    from store import audit

    with store.db.write() as conn:
        audit.record(conn, at=to_epoch(store.clock()), event="export", actor=actor,
                     reason=f"Exported {memory_count} memories.", detail={"destination": destination})
