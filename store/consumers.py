"""Consumers (DESIGN.md §7): read gates, the labelled prompt block, and influence audit.

A *consumer* is an assistant or agent role (``research``, ``billing``…) that reads memory
for a *purpose*: ``style`` (how to talk to the user) or ``privileged`` (spending money,
changing access, billing, compliance). The gates:

- only ``active`` rows that have not expired are ever given (never pending, never quarantined);
- a consumer sees the ``shared`` scope and its own scope, never another agent's scope;
- a ``privileged`` purpose gets explicit rows only — an inference never drives such an action —
  and only those the user confirmed: a row whose only yes was an MCP client's elicitation
  (``confirmed_in``, §10) is given for ``style``, labelled ``confirmed in “<client>”, not
  yet by you``, and never for ``privileged`` until the user confirms it in memtrust;
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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from memtrust.store import audit, recall
from memtrust.store.errors import InvalidInput
from memtrust.store.memories import MemoryStore
from memtrust.store.model import DEFAULT_SCOPE, Memory, to_epoch
from memtrust.store.quoting import data_line, quoted_name

Purpose = Literal["style", "privileged"]
PURPOSES: tuple[Purpose, ...] = ("style", "privileged")
_CONSUMER = re.compile(r"^[a-z0-9_]{1,64}$")


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
    return not (purpose == "privileged" and (memory.formation != "explicit" or memory.confirmed_in is not None))


#: Terminal cells a client's name takes in a label, quotation marks included.
CLIENT_NAME_CELLS = 40


def client_words(confirmed_in: str) -> str:
    """``confirmed in “Claude Desktop”, not yet by you``: the words for a row whose only yes
    was that MCP client's (§10), the client's name quoted as data (store.quoting.quoted: one
    line, escaped, cut to :data:`CLIENT_NAME_CELLS` cells, store.quoting.quoted_name: its
    square brackets escaped too, so it can never close the ``[…]`` label it stands in)."""
    return f"confirmed in {quoted_name(confirmed_in, CLIENT_NAME_CELLS)}, not yet by you"


def label_for(formation: str, confidence: float, confirmed_in: str | None = None) -> str:
    """The label of a row of ``formation`` and ``confidence``: ``saved by you``,
    ``inferred 82%``, or for an explicit row confirmed only in an MCP client
    (``confirmed_in``, §10) ``confirmed in “Claude Desktop”, not yet by you``."""
    if formation != "explicit":
        return f"inferred {round(confidence * 100)}%"
    return "saved by you" if confirmed_in is None else client_words(confirmed_in)


def label(memory: Memory) -> str:
    """The row's label in a prompt block (:func:`label_for`)."""
    return label_for(memory.formation, memory.confidence, memory.confirmed_in)


def memory_line(key: str, value: str, formation: str, confidence: float, confirmed_in: str | None = None) -> str:
    """One line of a prompt block: ``- [saved by you] key: value`` / ``- [inferred 82%] key: value``
    / ``- [confirmed in “Claude Desktop”, not yet by you] key: value`` (:func:`label_for`; the
    value on one line, :func:`memtrust.store.quoting.one_line`: line breaks, control, bidi and
    other invisible format characters escaped, so a value cannot add a line that passes for one
    of the block's own; its square brackets escaped too, :func:`memtrust.store.quoting.data_line`,
    so a value's ``[saved by you]`` never passes for the block's label)."""
    return f"- [{label_for(formation, confidence, confirmed_in)}] {key}: {data_line(value)}"


def left_out_line(left_out: int, *, exact: bool, max_tokens: int) -> str:
    """The block's last line: how many rows that apply were left out for the budget (§7)."""
    if left_out == 0 and exact:
        return f"(nothing left out: every memory that applies fits in {max_tokens:,} tokens)"
    many = "memory" if left_out == 1 and exact else "memories"
    return f"({'' if exact else 'at least '}{left_out:,} more {many} left out to stay within {max_tokens:,} tokens)"


@dataclass(frozen=True)
class ContextBlock:
    """The memories given to a consumer, in order, and how many that apply were left out for
    the budget (``left_out``; a lower bound when not ``left_out_exact``)."""

    consumer: str
    purpose: Purpose
    memories: tuple[Memory, ...]
    left_out: int = 0
    left_out_exact: bool = True
    max_tokens: int = recall.DEFAULT_MAX_TOKENS

    def lines(self) -> list[str]:
        """One line per memory (:func:`memory_line`), without the closing line."""
        return [memory_line(m.key, m.value, m.formation, m.confidence, m.confirmed_in) for m in self.memories]

    def text(self) -> str:
        """The block an assistant puts in its prompt: a line per memory, then the line saying
        how many were left out (:func:`left_out_line`). Its token estimate
        (:func:`store.recall.estimate_tokens`) is at most ``max_tokens``."""
        closing = left_out_line(self.left_out, exact=self.left_out_exact, max_tokens=self.max_tokens)
        return "\n".join([*self.lines(), closing])


#: Tokens kept for the closing line (its longest form, with nine-digit counts).
_CLOSING_TOKENS = recall.estimate_tokens(left_out_line(999_999_999, exact=False, max_tokens=999_999_999)) + 1


def pack(
    candidates: list[recall.Candidate], budget: int, *, cost: Callable[[recall.Candidate], int] | None = None
) -> tuple[list[recall.Candidate], int]:
    """The candidates that fit in ``budget`` tokens, in order, skipping any that does not fit
    (a shorter one after it may), and how many were skipped. ``cost`` gives a candidate's
    tokens (default: its line and a newline)."""
    given: list[recall.Candidate] = []
    skipped, used = 0, 0
    for candidate in candidates:
        tokens = (
            cost(candidate)
            if cost is not None
            else recall.estimate_tokens(
                memory_line(
                    candidate.key, candidate.value, candidate.formation, candidate.confidence, candidate.confirmed_in
                )
                + "\n"
            )
        )
        if used + tokens <= budget:
            given.append(candidate)
            used += tokens
        else:
            skipped += 1
    return given, skipped


def context_for(
    store: MemoryStore,
    *,
    consumer: str,
    purpose: str = "style",
    actor: str | None = None,
    query: str | None = None,
    max_tokens: int = recall.DEFAULT_MAX_TOKENS,
    cost: Callable[[recall.Candidate], int] | None = None,
    reserve: int = 0,
) -> ContextBlock:
    """Gather what ``consumer`` may read for ``purpose``, relevant to ``query``, within
    ``max_tokens``, and audit each row given as ``influence`` (§7).

    Order and ranking: :mod:`store.recall` (standing instructions and preferences first, then
    relevance to ``query`` — or, without one, the most recent rows). Every row passes
    :func:`may_read`. The block's text (:meth:`ContextBlock.text`) is estimated at most
    ``max_tokens`` tokens (:func:`store.recall.estimate_tokens`); ``cost`` and ``reserve`` let a
    caller that wraps the rows in more text (the MCP server) count that text instead. The audit
    is one statement for the whole call: one event per row given, naming the row, its key and
    formation, the consumer and the purpose (never the value, never the query). Raises
    InvalidInput for an unknown purpose, a malformed consumer name, or a budget under
    :data:`store.recall.MIN_MAX_TOKENS`; a budget over :data:`store.recall.MAX_MAX_TOKENS` is
    lowered to it.
    """
    validate_consumer(consumer)
    if purpose not in PURPOSES:
        raise InvalidInput("The purpose is style or privileged.")
    if not isinstance(max_tokens, int) or max_tokens < recall.MIN_MAX_TOKENS:
        raise InvalidInput(f"The token budget is a whole number of at least {recall.MIN_MAX_TOKENS}.")
    # A budget beyond any store's size is lowered: the database counts rows in 64 bits.
    max_tokens = min(max_tokens, recall.MAX_MAX_TOKENS)
    now = to_epoch(store.clock())
    learning = store.learning_enabled()
    gates = recall.Gates(
        consumer=consumer,
        shared_scope=DEFAULT_SCOPE,
        inferences=learning and purpose != "privileged",
        floor=INFERENCE_FLOOR,
        now=now,
        client_confirmed=purpose != "privileged",
    )
    budget = max_tokens - _CLOSING_TOKENS - reserve
    limit = recall.candidate_limit(max(budget, 0))
    with store.db.read() as conn:
        standing, standing_total = recall.standing(conn, gates, limit)
        ranked = recall.relevant(conn, gates, query, limit) if query else None
        if ranked is None:
            ranked = recall.recent(conn, gates, limit)
    rows, total, exact = ranked
    candidates = [*standing, *rows]
    given, _skipped = pack(candidates, budget, cost=cost)
    memories = [
        m
        for m in store.get_many([c.id for c in given])
        if may_read(m, consumer=consumer, purpose=purpose, now_epoch=now, learning_enabled=learning)
    ]
    left_out = standing_total + total - len(memories)
    with store.db.write() as conn:
        audit.record_many(
            conn,
            at=now,
            event="influence",
            actor=actor or f"consumer:{consumer}",
            memories=memories,
            reason=f"Given to {consumer} for {purpose}.",
            detail={"consumer": consumer, "purpose": purpose},
        )
    return ContextBlock(consumer, purpose, tuple(memories), left_out, exact, max_tokens)
