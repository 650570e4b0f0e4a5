"""Consumers (DESIGN.md §7): read gates, the labelled prompt block, and influence audit.

A *consumer* is an assistant or agent role (``research``, ``billing``…) that reads memory
for a *purpose*: ``style`` (how to talk to the user) or ``privileged`` (spending money,
changing access, billing, compliance). The gates:

- only ``active`` rows that have not expired are ever given (never pending, never quarantined);
- a consumer sees the ``shared`` scope and its own scope, never another agent's scope;
- a ``privileged`` purpose gets explicit rows only — an inference never drives such an action;
- with implicit learning off (consent withdrawn), no inferred row is given to anyone;
- the 0.7 floor (§3.8): an inference below :data:`INFERENCE_FLOOR` is never given to anyone,
  whatever its detector's own threshold — it is a *weak guess*, shown to the user alone
  (:func:`is_weak_guess`).

Everything given to a consumer passes :func:`may_read`: the prompt block (``context``, MCP
``get_context``) and so the export's "what was used", which lists the ``influence`` events.

Every read that gives rows out records one ``influence`` audit event per row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from memtrust.store import audit
from memtrust.store.errors import InvalidInput
from memtrust.store.memories import MemoryStore
from memtrust.store.model import DEFAULT_SCOPE, Memory, to_epoch

Purpose = Literal["style", "privileged"]
PURPOSES: tuple[Purpose, ...] = ("style", "privileged")
_CONSUMER = re.compile(r"^[a-z0-9_]{1,64}$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


#: The 0.7 floor (§3.8): no inference below this confidence is ever given to a consumer.
INFERENCE_FLOOR = 0.7


def is_weak_guess(memory: Memory) -> bool:
    """True for an inference whose confidence is below :data:`INFERENCE_FLOOR` (§3.8).

    A detector may keep such a guess (its own threshold can be lower, §3.3: the activity-hours
    timezone guess is capped at 0.5), but only the user sees it, badged as a weak guess; no
    consumer is ever given it (:func:`may_read`). Explicit rows are never weak.
    """
    return memory.formation == "implicit" and memory.confidence < INFERENCE_FLOOR


def validate_consumer(consumer: str) -> str:
    """Return ``consumer`` if it is a lowercase role name (``[a-z0-9_]{1,64}``), else raise InvalidInput."""
    if not isinstance(consumer, str) or not _CONSUMER.match(consumer):
        raise InvalidInput("A consumer is a lowercase role name such as assistant or research.")
    return consumer


def may_read(memory: Memory, *, consumer: str, purpose: Purpose, now_epoch: int, learning_enabled: bool = True) -> bool:
    """The §7 read gate for one row: True when ``consumer`` may be given ``memory`` for ``purpose``.

    ``learning_enabled`` is the current consent (§3.2): once the user turns implicit learning
    off, inferred rows stay visible to the user but are no longer given to any consumer. A
    weak guess (:func:`is_weak_guess`, §3.8) is never given, whatever the consumer or purpose.
    """
    if memory.formation == "implicit" and (not learning_enabled or is_weak_guess(memory)):
        return False
    if memory.status != "active":
        return False
    if memory.expires_at is not None and to_epoch(memory.expires_at) <= now_epoch:
        return False
    if memory.scope not in (DEFAULT_SCOPE, consumer):
        return False
    return not (purpose == "privileged" and memory.formation != "explicit")


def label(memory: Memory) -> str:
    """The row's label in a prompt block: ``saved by you`` or ``inferred 82%``."""
    if memory.formation == "explicit":
        return "saved by you"
    return f"inferred {round(memory.confidence * 100)}%"


def _one_line(text: str) -> str:
    """Escape line breaks and control characters so a value cannot add lines to the block."""
    return _CONTROL.sub(lambda m: "\\n" if m.group() == "\n" else f"\\u{ord(m.group()):04x}", text)


@dataclass(frozen=True)
class ContextBlock:
    """The memories given to a consumer and the text an assistant puts in its prompt."""

    consumer: str
    purpose: Purpose
    memories: tuple[Memory, ...]

    def text(self) -> str:
        """One line per memory: ``- [saved by you] key: value`` / ``- [inferred 82%] key: value``."""
        lines = [f"- [{label(m)}] {m.key}: {_one_line(m.value)}" for m in self.memories]
        return "\n".join(lines)


def context_for(store: MemoryStore, *, consumer: str, purpose: str = "style", actor: str | None = None) -> ContextBlock:
    """Gather what ``consumer`` may read for ``purpose`` and audit it as ``influence``.

    Explicit rows come before inferred ones, each in key order. Raises InvalidInput for an
    unknown purpose or a malformed consumer name. One ``influence`` event per row given,
    naming the row, its key and formation, the consumer and the purpose (never the value).
    """
    validate_consumer(consumer)
    if purpose not in PURPOSES:
        raise InvalidInput("The purpose is style or privileged.")
    now = to_epoch(store.clock())
    learning = store.learning_enabled()
    given = [
        m
        for m in store.list(status="active")
        if may_read(m, consumer=consumer, purpose=purpose, now_epoch=now, learning_enabled=learning)
    ]
    given.sort(key=lambda m: (m.formation != "explicit", m.key, m.scope != DEFAULT_SCOPE))
    with store.db.write() as conn:
        for memory in given:
            audit.record(
                conn,
                at=now,
                event="influence",
                actor=actor or f"consumer:{consumer}",
                memory_id=memory.id,
                scope=memory.scope,
                key=memory.key,
                formation=memory.formation,
                reason=f"Given to {consumer} for {purpose}.",
                detail={"consumer": consumer, "purpose": purpose},
            )
    return ContextBlock(consumer, purpose, tuple(given))
