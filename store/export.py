"""DSAR export (DESIGN.md §9): everything held about the user, with each memory's formation.

:func:`build_export` returns a JSON-ready dict with top-level ``meta``, ``consent`` (state
and history), ``memories`` (every status and formation, every §2 field), ``audit``,
``settings``, ``ingested_messages``, ``deletion_requests`` (requests to forget waiting in
the Inbox, §6, each with the ids of the memories it names) and ``counts`` (computed from
the exported rows).
:func:`validate_export` checks a dict against the JSON Schema shipped as
``assets/dsar.schema.json`` (packaged as ``store/dsar.schema.json``, byte-identical — a test
pins it — so a non-editable install finds it with :mod:`importlib.resources`).
:func:`dumps_export` serialises exactly and :func:`write_export` writes atomically, mode 0600.

Every table of the store is either exported (:data:`EXPORTED_TABLES`) or excluded with a
reason (:data:`EXCLUDED_TABLES`); a test fails when a migration adds a table to neither.
"""

from __future__ import annotations

import functools
import json
import os
import time
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from memtrust.store.errors import InvalidInput
from memtrust.store.files import open_no_follow, write_atomically
from memtrust.store.memories import MemoryStore
from memtrust.store.migrations import SCHEMA_VERSION
from memtrust.store.model import (
    FORMATIONS,
    MEMORY_FIELDS,
    MEMORY_TIME_FIELDS,
    STATUSES,
    is_sensitive,
    mentioned_sensitive_class,
    sensitive_evidence,
    to_epoch,
)

EXPORT_FORMAT_VERSION = 1
UNENCRYPTED_WARNING = "This export is not encrypted: anyone who can read the file can read everything in it."
SCHEMA_FILE = "dsar.schema.json"

#: Store tables and where their rows go in the export.
EXPORTED_TABLES: dict[str, str] = {
    "memories": "memories",
    "audit": "audit",
    "consent": "consent.history",
    "settings": "settings",
    "ingested_messages": "ingested_messages",
    "meta": "meta (store_id, store_created_at)",
    "deletion_requests": "deletion_requests",
    "deletion_request_targets": "deletion_requests.memory_ids",
}
#: Store tables deliberately left out, and why (none holds user data).
EXCLUDED_TABLES: dict[str, str] = {
    "sqlite_sequence": "SQLite's AUTOINCREMENT counters for audit and consent; no user data",
    "influence_given": "derived from the audit's influence events (exported with the audit); a restore rebuilds it",
    **dict.fromkeys(
        (
            "memories_fts",
            "memories_fts_data",
            "memories_fts_idx",
            "memories_fts_content",
            "memories_fts_docsize",
            "memories_fts_config",
            "memories_fts_terms",
        ),
        "the full-text index of memories (FTS5 and its shadow tables), rebuilt from memories; no data of its own",
    ),
}


def _sql_iso(column: str) -> str:
    """SQL turning an epoch-seconds column into ISO 8601 UTC text (NULL stays NULL), in C."""
    return f"strftime('%Y-%m-%dT%H:%M:%SZ', {column}, 'unixepoch')"


def iso(epoch: int | None) -> str | None:
    """Epoch seconds (UTC) → ``2026-03-02T12:00:00Z``; ``None`` passes through."""
    return None if epoch is None else time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


def _json_object(fields: dict[str, str]) -> str:
    """SQL building one JSON object per row, in C: ``{"name": <sql expression>, …}``."""
    return "json_object(" + ", ".join(f"'{name}', {expression}" for name, expression in fields.items()) + ")"


_MEMORY_JSON = _json_object(
    {
        **{
            name: _sql_iso(name) if name in MEMORY_TIME_FIELDS else "json(evidence)" if name == "evidence" else name
            for name in MEMORY_FIELDS
        },
        # Derived, not stored: the badge the app and memtrust list show (§3.1).
        "sensitive": "json(CASE WHEN memtrust_sensitive(key, value, evidence) THEN 'true' ELSE 'false' END)",
    }
)


def _sensitive_row(key: str, value: str, evidence: str | None) -> bool:
    """:attr:`store.model.Memory.sensitive` of one row as SQLite holds it (``evidence`` JSON
    text or NULL), for the export's ``sensitive`` field (§3.1, §9)."""
    if is_sensitive(key) or mentioned_sensitive_class(key, value) is not None:
        return True
    return evidence is not None and sensitive_evidence(json.loads(evidence)) is not None


_AUDIT_JSON = _json_object(
    {
        "seq": "seq",
        "at": _sql_iso("at"),
        "event": "event",
        "actor": "actor",
        "memory_id": "memory_id",
        "scope": "scope",
        "key": "key",
        "formation": "formation",
        "outcome": "outcome",
        "reason": "reason",
        "detail": "json(detail)",
    }
)
_CONSENT_JSON = _json_object(
    {
        "seq": "seq",
        "at": _sql_iso("at"),
        "learning": "json(CASE WHEN learning THEN 'true' ELSE 'false' END)",
        "actor": "actor",
        "statement": "statement",
    }
)
_SETTING_JSON = _json_object({"name": "name", "value": "value"})
_INGESTED_JSON = _json_object({"source_ref": "source_ref", "at": _sql_iso("at")})
_REQUEST_JSON = _json_object(
    {
        "id": "id",
        "utterance": "utterance",
        "what": "what",
        "source_ref": "source_ref",
        "said_at": _sql_iso("said_at"),
        "created_at": _sql_iso("created_at"),
        "pending_until": _sql_iso("pending_until"),
        "status": "status",
        "memory_ids": "json((SELECT json_group_array(memory_id) FROM (SELECT memory_id FROM deletion_request_targets"
        " WHERE request_id = deletion_requests.id ORDER BY memory_id)))",
    }
)


class ExportedText(NamedTuple):
    """The export serialised (``text``, see :func:`dumps_export` for the layout) and how
    many memories it holds."""

    text: str
    memory_count: int


def export_text(store: MemoryStore, *, app_version: str) -> ExportedText:
    """Everything the store holds about the user, serialised as the DSAR JSON (§9).

    Reads every table in one read transaction, so the parts agree with each other; SQLite
    builds each row's JSON (exact text; REALs with enough digits to round-trip) and times in
    ISO 8601 UTC, so 100,000 memories export in about the time of a plain dump. Never
    includes the key (only the key mode). ``counts`` are computed in the same snapshot.
    Memories are ordered by creation time, key and id; audit and consent by sequence.
    """
    with store.db.read() as conn:
        conn.create_function("memtrust_sensitive", 3, _sensitive_row, deterministic=True)
        conn.execute("BEGIN")
        try:
            parts = {
                "memories": conn.execute(
                    f"SELECT {_MEMORY_JSON} FROM memories ORDER BY created_at, key, id"
                ).fetchall(),
                "audit": conn.execute(f"SELECT {_AUDIT_JSON} FROM audit ORDER BY seq").fetchall(),
                "settings": conn.execute(f"SELECT {_SETTING_JSON} FROM settings ORDER BY name").fetchall(),
                "ingested_messages": conn.execute(
                    f"SELECT {_INGESTED_JSON} FROM ingested_messages ORDER BY at, source_ref"
                ).fetchall(),
                "deletion_requests": conn.execute(
                    f"SELECT {_REQUEST_JSON} FROM deletion_requests ORDER BY created_at, source_ref, id"
                ).fetchall(),
            }
            history = conn.execute(f"SELECT {_CONSENT_JSON} FROM consent ORDER BY seq").fetchall()
            learning = conn.execute("SELECT learning FROM consent ORDER BY seq DESC LIMIT 1").fetchone()
            tally = conn.execute(
                "SELECT formation, status, count(*) FROM memories GROUP BY formation, status"
            ).fetchall()
            meta_rows = dict(conn.execute("SELECT name, value FROM meta").fetchall())
        finally:
            conn.execute("COMMIT")
    counts: dict[str, Any] = {f: dict.fromkeys(STATUSES, 0) for f in FORMATIONS}
    for formation, status, count in tally:
        counts[formation][status] = count
    counts.update(
        memories=len(parts["memories"]),
        audit=len(parts["audit"]),
        consent=len(history),
        settings=len(parts["settings"]),
        ingested_messages=len(parts["ingested_messages"]),
        deletion_requests=len(parts["deletion_requests"]),
    )
    created = meta_rows.get("created_at")
    head = {
        "meta": {
            "exported_at": iso(to_epoch(store.clock())),
            "app": "memtrust",
            "app_version": app_version,
            "export_format_version": EXPORT_FORMAT_VERSION,
            "schema_version": SCHEMA_VERSION,
            "store_path": str(store.db.path),
            "store_id": meta_rows.get("store_id"),
            "store_created_at": iso(int(created)) if created else None,
            "key_mode": store.db.key_mode,
            "warning": UNENCRYPTED_WARNING,
        },
    }
    dumps = functools.partial(json.dumps, ensure_ascii=False, allow_nan=False)
    lines = [
        "{",
        f'"meta": {dumps(head["meta"])},',
        f'"consent": {{"implicit_learning": {dumps(bool(learning and learning[0]))}, "history": [',
    ]
    lines += [",\n".join(row[0] for row in history), "]},"]
    for name, rows in parts.items():
        lines += [f"{dumps(name)}: [", ",\n".join(row[0] for row in rows), "],"]
    lines += [f'"counts": {dumps(counts)}', "}\n"]
    return ExportedText("\n".join(lines), len(parts["memories"]))


def build_export(store: MemoryStore, *, app_version: str) -> dict[str, Any]:
    """The export (§9) as a JSON-ready dict: the parse of :func:`export_text`, so the dict,
    the JSON file and the Markdown report always say the same thing."""
    return json.loads(export_text(store, app_version=app_version).text)


@functools.cache
def export_schema() -> dict[str, Any]:
    """The DSAR JSON Schema (draft 2020-12), loaded from the installed ``store`` package."""
    return json.loads(resources.files("memtrust.store").joinpath(SCHEMA_FILE).read_text(encoding="utf-8"))


def validate_export(data: Any) -> None:
    """Check ``data`` against the DSAR JSON Schema and the cross-field rules it cannot say.

    Raises InvalidInput with one sentence naming where the first problem is (a JSON path),
    never the offending value (it may be personal). Cross-field rules: ``counts`` equal the
    rows, memory ids and sequence numbers are unique, no string holds a lone surrogate or
    (in a memory value) NUL.
    """
    import jsonschema

    validator = jsonschema.Draft202012Validator(export_schema())
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        where = error.json_path
        raise InvalidInput(
            f"The export file does not match the memtrust export format at {where} "
            f"(rule: {error.validator}); nothing was imported."
        )
    memories = data["memories"]
    counts = data["counts"]
    tallied: dict[str, dict[str, int]] = {f: dict.fromkeys(STATUSES, 0) for f in FORMATIONS}
    for record in memories:
        tallied[record["formation"]][record["status"]] += 1
    expected: dict[str, object] = {
        **tallied,
        "memories": len(memories),
        "audit": len(data["audit"]),
        "consent": len(data["consent"]["history"]),
        "settings": len(data["settings"]),
        "ingested_messages": len(data["ingested_messages"]),
    }
    requests = data.get("deletion_requests")
    if requests is not None or "deletion_requests" in counts:
        expected["deletion_requests"] = len(requests or [])
    if counts != expected:
        raise InvalidInput(
            "The export's counts do not match its rows, so it may be truncated or edited; nothing was imported."
        )
    for part, field in (
        ("memories", "id"),
        ("audit", "seq"),
        ("settings", "name"),
        ("ingested_messages", "source_ref"),
    ):
        seen = [row[field] for row in data[part]]
        if len(set(seen)) != len(seen):
            raise InvalidInput(f"The export repeats a {field} in {part}; nothing was imported.")
    held = {record["id"] for record in memories}
    if len({request["id"] for request in requests or []}) != len(requests or []):
        raise InvalidInput("The export repeats an id in deletion_requests; nothing was imported.")
    if any(not set(request["memory_ids"]) <= held for request in requests or []):
        raise InvalidInput(
            "A request to forget in the export names a memory the export does not hold; nothing was imported."
        )
    if any("\x00" in record["value"] for record in memories):
        raise InvalidInput("A memory value in the export contains a NUL character; nothing was imported.")
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(
            "The export holds text that is not valid Unicode (a lone surrogate); nothing was imported."
        ) from None


def dumps_export(data: dict[str, Any]) -> str:
    """Serialise an export exactly: UTF-8, non-ASCII kept, lone surrogates rejected.

    Layout: each top-level part on its own line, and each row of a list part (a memory, an
    audit event…) on its own line — readable and diffable, and serialised by the C encoder
    (``indent=`` would force the pure-Python one, 4× slower on 100,000 memories).
    Raises ValueError when a string holds a lone surrogate (it could not round-trip) or a
    number is NaN/infinite.
    """
    dumps = functools.partial(json.dumps, ensure_ascii=False, allow_nan=False)
    lines = ["{"]
    parts = list(data.items())
    for index, (name, value) in enumerate(parts):
        comma = "," if index < len(parts) - 1 else ""
        if isinstance(value, list) and value:
            lines.append(f"{dumps(name)}: [")
            lines.append(",\n".join(map(dumps, value)))
            lines.append(f"]{comma}")
        else:
            lines.append(f"{dumps(name)}: {dumps(value)}{comma}")
    lines.append("}\n")
    text = "\n".join(lines)
    text.encode("utf-8")  # raises UnicodeEncodeError (a ValueError) on a lone surrogate
    return text


#: Names of a store's own files; an export never replaces one of them.
STORE_COMPANION_SUFFIXES = ("-wal", "-shm", ".keyinfo.json", ".lock", ".sqlcipher3-backup", ".rekey")


#: How a memtrust export begins, whitespace removed (JSON; Markdown report; a block from
#: ``export --for``, :func:`store.portable.header`): only such a file is ever replaced by a
#: new export.
EXPORT_SIGNATURES = ('{"meta"', "#Whatmemtrustholdsaboutyou", "Frommemtrust,")


def check_export_destination(path: Path) -> None:
    """Refuse a destination that would destroy data: a store's database or companion file, a
    folder, or any existing file that is not an earlier memtrust export (re-exporting to the
    same name replaces the earlier export; anything else is the user's and is never
    overwritten). Raises InvalidInput with the sentence to show.
    """
    path = Path(path)
    if path.is_symlink():
        raise InvalidInput(
            f"{path} is a symbolic link; memtrust writes an export only to a file's real path (nothing was written)."
        )
    if path.is_dir():
        raise InvalidInput(f"{path} is a folder; give a file name for the export.")
    if not path.parent.is_dir():
        raise InvalidInput(
            f"There is no folder {path.parent}; create it or choose another place for the export (nothing was written)."
        )
    if path.name.endswith(STORE_COMPANION_SUFFIXES) or path.name == "memtrust.db":
        raise InvalidInput(f"{path} is one of a memtrust store's own files; choose another name for the export.")
    if path.exists():
        with os.fdopen(open_no_follow(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            head = handle.read(4096)
        try:
            text = head.decode("utf-8")
        except UnicodeDecodeError:
            if len(head) < 4096 or not _is_cut_utf8(head):
                raise InvalidInput(
                    f"{path} already exists and is not a text file (perhaps a database); choose another name."
                ) from None
            text = head[:-3].decode("utf-8", errors="ignore")
        if not "".join(text[:200].split()).startswith(EXPORT_SIGNATURES):
            raise InvalidInput(
                f"{path} already exists and is not a memtrust export; choose another name (nothing was written)."
            )


def _is_cut_utf8(head: bytes) -> bool:
    """True when ``head`` is valid UTF-8 but for a character cut at the 4096-byte boundary."""
    for cut in range(1, 4):
        try:
            head[:-cut].decode("utf-8")
            return True
        except UnicodeDecodeError:
            continue
    return False


def write_export(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` atomically (temp file in the same folder, fsync, rename),
    mode 0600 whatever the umask, never through a symbolic link (§5). Encodes before creating anything, so text that is not
    valid UTF-8 (a lone surrogate) raises ValueError and leaves no file. Refuses (InvalidInput)
    a destination :func:`check_export_destination` finds unsafe, and raises InvalidInput naming
    ``path`` — never the temporary file beside it — when the system refuses the write (no such
    folder, no permission, a full disk). Returns the path."""
    path = Path(path)
    check_export_destination(path)
    payload = text.encode("utf-8")
    try:
        write_atomically(path, payload)  # a private temporary file (O_EXCL | O_NOFOLLOW), renamed into place
    except OSError as exc:
        why = (exc.strerror or type(exc).__name__).rstrip(".").lower()
        raise InvalidInput(f"memtrust could not write {path}: {why} (nothing was written).") from None
    return path


#: How an audit reason names an export's format (``memtrust export --format``, or ``--for``:
#: a paste-ready block, :mod:`store.portable`).
_FORMAT_NAMES = {
    "json": "JSON",
    "md": "Markdown",
    "for:chatgpt": "a block for ChatGPT",
    "for:claude": "a block for Claude",
    "for:gemini": "a block for Gemini",
    "for:text": "a plain-text block",
}


def record_export(
    store: MemoryStore,
    *,
    actor: str,
    destination: str,
    memory_count: int,
    format: str = "json",
    markdown: str | None = None,
    inferred: int | None = None,
) -> None:
    """Audit one export (§7) in one row: where, in what format and how many memories, never their values.

    ``destination`` is the written file's path, or ``stdout``; ``format`` is ``json``, ``md``
    or, for a paste-ready block (:mod:`store.portable`), ``for:chatgpt`` … ``for:text``, with
    ``inferred`` the number of inferences it holds (``detail.inferred``; said in the reason). One export is one row: when the JSON is written with its Markdown report beside
    it (the app's ``w``), pass the report's path as ``markdown`` and the row names both
    (``detail``: ``destination``, ``format``, ``markdown``). The reason names the format(s):
    ``Exported 11 memories as JSON and Markdown.``
    """
    from memtrust.store import audit

    formats = _FORMAT_NAMES.get(format, format) + (" and Markdown" if markdown is not None else "")
    detail: dict[str, Any] = {"destination": destination, "format": format}
    if markdown is not None:
        detail["markdown"] = markdown
    reason = f"Exported {memory_count:,} {'memory' if memory_count == 1 else 'memories'} as {formats}"
    if inferred is not None:
        detail["inferred"] = inferred
        reason += f", {inferred:,} of them inferred and marked as guesses" if inferred else ", none inferred"
    with store.db.write() as conn:
        audit.record(
            conn,
            at=to_epoch(store.clock()),
            event="export",
            actor=actor,
            reason=reason + ".",
            detail=detail,
        )
