"""The agent server (DESIGN.md §10): memtrust memory over the Model Context Protocol (stdio).

Assistants read and write memory here under exactly the rules that bind the user's own
writes: every write goes through the store's admission policy (§3), every read through the
§7 read gates (:func:`store.consumers.context_for`), and every call is audited with the
consumer's name (actor ``agent:NAME``) — failed calls too: the server writes the
``agent-call`` row of any call that ends before a tool wrote its own (arguments that do not
fit, an unknown tool, a refusal, a quota, an internal error), with the reason.

Decisions (each one a privacy default a careful user would expect):

- **Consumer name.** ``memtrust mcp --consumer NAME`` wins; otherwise the client's
  ``clientInfo.name`` from the initialisation, normalised to the role syntax
  ``[a-z0-9_]{1,64}`` ("Claude Desktop" → ``claude_desktop``). The name ``shared`` is refused:
  it is the scope every consumer reads.
- **Explicit proposals** (``propose_memory``) land ``pending`` in the user's Inbox. When the
  client supports MCP elicitation, a confirmation turn is put through it ("Save … as your
  …?"). Elicitation is the client's word, not the user's (§10: stdio has no authentication
  and a client can answer its own questions): an accepted confirmation writes the memory
  ``active`` but *confirmed in that client* — ``confirmed_in`` holds the client's
  ``clientInfo`` name, ``source_ref`` is ``agent:NAME#CALL;confirmed-by-elicitation`` — shown
  "confirmed in “<client>”, not yet by you", given for ``style`` so labelled, and never for
  ``privileged`` until the user confirms it in memtrust (Inbox or detail). A decline saves
  nothing; a dismissed question leaves it pending. Proposals that admission would not store
  active once confirmed (reject, quarantine, or a value the user saved themselves, which a
  client's yes never replaces) are never put as a question.
- **Implicit signals** (``report_signal``) go into the consumer's *own* scope, so one agent's
  guesses never bind another (§7); a value the user saved explicitly in ``shared`` beats
  them (§3.4 applied across the agent's view). All of §3 applies: off by default, the
  threshold, sensitive classes never inferred.
- **Forgetting.** A consumer deletes directly only what it wrote itself (``source_ref``
  ``agent:NAME#…``) and the user never confirmed in memtrust: its guesses, its proposals still
  pending, and those only a client confirmed — nobody else vouched for them, so no question is
  asked (a client's answer would add nothing). Anything else it can see — the user's own
  memories, other agents' rows in ``shared``, its own rows the user confirmed — becomes a
  *request to forget* in the user's Inbox (:mod:`store.deletion_requests`), whatever the
  client would answer: no question is put, nothing is deleted, and the user decides in
  memtrust. One open request per memory (asking again returns the same request). Ids are
  resolved only among rows it may see or wrote, so a row it cannot see is "not found" in the
  words of a missing one and never makes a prefix ambiguous (no existence oracle).
- **Quotas** (:mod:`store.quotas`): per consumer, a cap on memories waiting in the Inbox and
  on writes per minute (and a cap on all agents' pending memories), each refusal a sentence
  to the agent and one audit row.
- **stdio has no authentication**: ``--consumer`` pins the name; without it the client's own
  name is folded (NFKC, case, punctuation) so near-identical names share one scope.
- ``list_my_memories`` returns no values: values are given out only by ``get_context``, which
  applies the read gates and records ``influence``.

stdout is the protocol channel: the SDK diverts file descriptor 1 to stderr while serving,
SQLCipher logging is off (§5), and nothing here prints.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
import unicodedata
import uuid
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Annotated, Any, TypeVar

import anyio.to_thread
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp.types import (
    INVALID_REQUEST,
    PARSE_ERROR,
    CallToolResult,
    ErrorData,
    JSONRPCError,
    JSONRPCRequest,
    TextContent,
    jsonrpc_message_adapter,
)
from pydantic import BaseModel, Field, ValidationError
from typing_extensions import TypedDict  # pydantic needs it, not typing's, below 3.12

from memtrust.store import audit, inference_vocabulary, recall, search
from memtrust.store.admission import decide
from memtrust.store.consumers import (
    INFERENCE_FLOOR,
    Purpose,
    client_words,
    context_for,
    label,
    label_for,
    may_read,
    memory_line,
    validate_consumer,
)
from memtrust.store.deletion_requests import DeletionRequests
from memtrust.store.errors import InvalidInput, MemoryNotFound, MemtrustError
from memtrust.store.memories import MemoryStore
from memtrust.store.model import (
    CONFIRMED_BY_ELICITATION,
    DEFAULT_SCOPE,
    Memory,
    Proposal,
    client_name,
    confirmed_by_user,
    to_epoch,
)
from memtrust.store.notes import is_note
from memtrust.store.quotas import AgentQuota, quota_refusal
from memtrust.store.quoting import ID_CELLS, quoted, quoted_name

SERVER_NAME = "memtrust"
#: The most tokens (memtrust's estimate, store.recall.estimate_tokens) one tool result may
#: take: common MCP hosts cap a tool result near 25,000 tokens; this leaves room for the
#: protocol's own wrapping. A larger max_tokens is lowered to this.
HOST_CAP_TOKENS = 20_000
#: Tokens kept for what surrounds the rows in a get_context result (field names, the consumer
#: and purpose, the closing line twice, the JSON-RPC envelope).
CONTEXT_ENVELOPE_TOKENS = 120
#: A search preview cuts a value at this many characters (get_memory gives it whole).
PREVIEW_CHARS = 160
#: Most results one search_memories call returns.
SEARCH_LIMIT_MAX = 50
AGENT_SOURCE = "agent"
#: The audit event recorded once for every tool call (besides write/delete/influence events).
CALL_EVENT = "agent-call"

INSTRUCTIONS = (
    "memtrust keeps what the user has told you to remember (saved by the user) apart from what "
    "was guessed from behaviour (inferred). Read memory with get_context before personalising an "
    "answer; when the user asks you to remember something, call propose_memory; report a guess "
    "about the user only with report_signal; never present an inferred item as something the "
    "user said."
)

_NOT_NAME = re.compile(r"[^a-z0-9_]+")
#: An argument's name (or dotted path) shown as it is in a sentence; any other is quoted.
_FIELD = re.compile(r"[A-Za-z0-9_.]{1,64}")
T = TypeVar("T")
#: The actor of a call whose client gave no usable name (the call is refused, and audited).
UNNAMED = "(unnamed)"
#: Terminal cells of a value put to the user in a question: a client shows the question
#: whole, and the question's end ("Save it?") must stay in view.
ASKED_CELLS = 160


@dataclass
class _CallAudit:
    """Whether the tool call in progress has written its ``agent-call`` row (§10: every call
    is audited exactly once; the server's :meth:`_AuditedServer.call_tool` writes it for calls
    that end before a tool could)."""

    audited: bool = False


_CALL: ContextVar[_CallAudit | None] = ContextVar("memtrust_mcp_call", default=None)


class _Refused(ToolError):
    """A tool's refusal, with the audit ``outcome`` it is recorded under."""

    def __init__(self, sentence: str, outcome: str) -> None:
        super().__init__(sentence)
        self.outcome = outcome


def shown(text: str) -> str:
    """An agent's text (an id, a tool name) quoted for a sentence as data (§10): the one rule of
    :func:`memtrust.store.quoting.quoted`, at most :data:`~memtrust.store.quoting.ID_CELLS` cells."""
    return quoted(str(text), ID_CELLS)


def normalise_consumer(name: str) -> str:
    """Turn a client's display name into a consumer role name (``[a-z0-9_]{1,64}``).

    Unicode compatibility forms folded (NFKC: full-width ``Ｃｌａｕｄｅ`` is ``Claude``) and case
    folded; runs of other characters become one ``_``; leading and trailing ``_`` are dropped;
    cut at 64 characters. So names that differ only by case, punctuation or spacing ("Claude
    Desktop", "claude-desktop", "CLAUDE_DESKTOP") are one consumer with one scope. Raises
    InvalidInput when nothing usable is left, when the result is ``shared`` (that is the
    scope every consumer reads, §7), or when the name holds a secret (§3.5: the name is stored
    beside every memory and audit row of the consumer; the sentence names the kind alone).
    """
    from memtrust.store.secrets import find_secret  # compiled on a write's first use

    if found := find_secret(name or ""):
        raise InvalidInput(
            f"This client's name looks like {found}, which memtrust will not keep; start memtrust mcp with "
            "--consumer NAME."
        )
    folded = unicodedata.normalize("NFKC", name or "").casefold()
    normal = _NOT_NAME.sub("_", folded.strip()).strip("_")[:64].strip("_")
    return check_consumer(normal)


def check_consumer(name: str) -> str:
    """Validate a configured consumer name (§7 role syntax, not ``shared``); raise InvalidInput."""
    if not name:
        raise InvalidInput("This client gave no usable name; start memtrust mcp with --consumer NAME.")
    validate_consumer(name)
    if name == DEFAULT_SCOPE:
        raise InvalidInput("A consumer cannot be called shared: that is the scope every consumer reads.")
    return name


def owner_prefix(consumer: str) -> str:
    """The ``source_ref`` prefix of every row written through this server by ``consumer``."""
    return f"agent:{consumer}#"


def written_by(memory: Memory, consumer: str) -> bool:
    """True when ``memory`` was written by ``consumer`` through this server."""
    return (memory.source_ref or "").startswith(owner_prefix(consumer))


def may_forget_directly(memory: Memory, consumer: str) -> bool:
    """Whether ``consumer`` may delete ``memory`` without the user (§10): only a row it wrote
    itself that the user never confirmed in memtrust — its guess, its proposal still pending or
    quarantined unconfirmed, or one only a client confirmed (``confirmed_in``). Everything else
    becomes a request to forget in the user's Inbox."""
    return written_by(memory, consumer) and not confirmed_by_user(memory)


def _key_words(key: str) -> str:
    """``contact.preferred_channel`` → ``your preferred channel (contact.preferred_channel)``;
    any ``notes.…`` key → ``a note``: a note is stored under a key of its own
    (``notes.<id>``, store.notes), so the words an agent put after ``notes.`` are never the
    key and never named to the user as if they were."""
    if is_note(key):
        return "a note"
    return f"your {key.rsplit('.', 1)[-1].replace('_', ' ')} ({key})"


# The confirmation turn for an agent's explicit write (DESIGN §3.6). Its docstring is the
# schema's description the client shows the user: plain words, no § numbers.
class SaveConfirmation(BaseModel):
    """Whether to save what the assistant asked memtrust to remember."""

    save: bool = Field(title="Save it", description="Tick to save this as something you asked to be remembered.")


class ContextItem(TypedDict):
    id: str
    key: str
    scope: str
    formation: str
    label: str


class ContextResult(TypedDict):
    consumer: str
    purpose: str
    context: str
    memories: list[ContextItem]
    left_out: int
    max_tokens: int


class SearchPreview(TypedDict):
    id: str
    key: str
    label: str
    value: str
    cut: bool
    score: float


class SearchResult(TypedDict):
    consumer: str
    query: str
    results: list[SearchPreview]


class FullMemory(TypedDict):
    id: str
    key: str
    scope: str
    formation: str
    label: str
    value: str
    source: str
    created_at: str
    updated_at: str
    expires_at: str | None


class WriteOutcome(TypedDict):
    outcome: str
    reason: str
    memory_id: str | None
    status: str | None
    #: Always False over MCP: only the user, in memtrust, confirms as the user (§10).
    confirmed_by_user: bool
    #: The client whose elicitation confirmed it (its clientInfo name), or None.
    confirmed_in: str | None


class ForgetOutcome(TypedDict):
    #: ``deleted`` (gone now) or ``requested`` (a request to forget waits in the user's Inbox).
    outcome: str
    reason: str
    memory_id: str
    key: str
    formation: str
    #: The request to forget waiting in the Inbox, when ``outcome`` is ``requested``.
    request_id: str | None


class OwnMemory(TypedDict):
    id: str
    key: str
    scope: str
    formation: str
    status: str
    created_at: str
    expires_at: str | None


class OwnMemories(TypedDict):
    consumer: str
    memories: list[OwnMemory]


def _own_memory(memory: Memory) -> OwnMemory:
    """The fields of :class:`OwnMemory` (no value) from the row's §2 record, times as ISO 8601 UTC."""
    record = memory.as_record()
    return OwnMemory(**{name: record[name] for name in OwnMemory.__annotations__})  # type: ignore[typeddict-item]


def _context_item(memory_id: str, key: str, scope: str, formation: str, label_text: str) -> ContextItem:
    return ContextItem(id=memory_id, key=key, scope=scope, formation=formation, label=label_text)


def _context_row_cost(candidate: recall.Candidate) -> int:
    """A row's tokens in a get_context result: its line as text, again JSON-escaped inside the
    structured result, and its item (id, key, scope, formation, label)."""
    line = (
        memory_line(candidate.key, candidate.value, candidate.formation, candidate.confidence, candidate.confirmed_in)
        + "\n"
    )
    item = _context_item(
        candidate.id,
        candidate.key,
        candidate.scope,
        candidate.formation,
        label_for(candidate.formation, candidate.confidence, candidate.confirmed_in),
    )
    escaped = json.dumps(line, ensure_ascii=False)
    return recall.estimate_tokens(line) + recall.estimate_tokens(escaped) + recall.estimate_tokens(json.dumps(item)) + 2


class AgentServer:
    """The memtrust tools over one open store; ``consumer`` is the configured name or None.

    :meth:`build` returns the :class:`MCPServer`; ``run()`` on it serves stdio.
    """

    def __init__(self, store: MemoryStore, *, consumer: str | None = None, quota: AgentQuota | None = None) -> None:
        self.store = store
        self.consumer = check_consumer(consumer) if consumer is not None else None
        self.quota = quota or AgentQuota()

    # --- plumbing -----------------------------------------------------------------------

    def consumer_for(self, ctx: Context) -> str:
        """The consumer behind a call: the configured name, else the client's ``clientInfo.name``."""
        if self.consumer is not None:
            return self.consumer
        params = ctx.session.client_params
        name = params.client_info.name if params is not None and params.client_info is not None else ""
        return normalise_consumer(name)

    def client_for(self, ctx: Context, consumer: str) -> str:
        """The name a confirmation through this client is recorded under (``confirmed_in``,
        §10): the client's own ``clientInfo`` name as it gave it (bounded and cleaned,
        :func:`store.model.client_name`), else the consumer's name. Outside text: shown quoted."""
        params = ctx.session.client_params
        name = params.client_info.name if params is not None and params.client_info is not None else ""
        return client_name(name) if isinstance(name, str) and name.strip() else consumer

    async def _store(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call in a worker thread (the store serialises access itself)."""
        return await anyio.to_thread.run_sync(lambda: fn(*args, **kwargs))

    def _record(
        self,
        *,
        consumer: str,
        tool: str,
        call: str,
        outcome: str,
        reason: str,
        memory: Memory | None = None,
        key: str | None = None,
        formation: str | None = None,
        event: str = CALL_EVENT,
        detail: dict[str, Any] | None = None,
    ) -> None:
        """Append one audit event for this call (never a value; §7); an ``agent-call`` event
        marks the call as audited (:class:`_CallAudit`)."""
        with self.store.db.write() as conn:
            audit.record(
                conn,
                at=to_epoch(self.store.clock()),
                event=event,
                actor=f"agent:{consumer}",
                memory_id=memory.id if memory else None,
                scope=memory.scope if memory else None,
                key=memory.key if memory else key,
                formation=memory.formation if memory else formation,
                outcome=outcome,
                reason=reason,
                detail={"tool": tool, "consumer": consumer, "call": call, **(detail or {})},
            )
        current = _CALL.get()
        if event == CALL_EVENT and current is not None:
            current.audited = True

    def consumer_or_unnamed(self, ctx: Context | None, client: str | None = None) -> str:
        """:meth:`consumer_for`, or :data:`UNNAMED` when the client gave no usable name;
        without ``ctx``, the consumer named by ``client`` (a ``clientInfo.name``), if any."""
        if self.consumer is not None:
            return self.consumer
        try:
            if ctx is not None:
                return self.consumer_for(ctx)
            return normalise_consumer(client) if client else UNNAMED
        except MemtrustError:
            return UNNAMED

    async def audit_call(
        self, ctx: Context | None, *, tool: str, outcome: str, reason: str, client: str | None = None
    ) -> None:
        """Audit a call no tool recorded: refused before or inside a tool, or answered by one that
        records nothing itself (§10: every call is in the audit, with the reason). ``client`` names
        the consumer of a call that has no ``ctx`` (one the server could not read)."""
        consumer = self.consumer_or_unnamed(ctx, client)
        await self._store(
            self._record,
            consumer=consumer,
            tool=tool,
            call=uuid.uuid4().hex[:16],
            outcome=outcome,
            reason=reason,
        )

    async def _within_quota(self, consumer: str, *, proposal: bool) -> None:
        """Refuse (a sentence to the agent, one audit row) a write over ``consumer``'s quota (§10)."""
        refusal = await self._store(quota_refusal, self.store, consumer, self.quota, proposal=proposal)
        if refusal is not None:
            raise _Refused(refusal, "quota")

    def _resolve_visible(self, consumer: str, given: str) -> Memory:
        """The one memory ``consumer`` may see (or wrote) whose id starts with ``given``.

        Only rows the agent may see are ever looked at for a match, so neither "not found" nor
        "several" tells it anything about rows it cannot see (no existence oracle, §10).
        Raises InvalidInput (fewer than 4 characters, or several of its rows match) and
        MemoryNotFound (none of its rows match), each sentence naming only ``given``.
        """
        prefix = given.strip()
        if len(prefix) < 4:
            raise InvalidInput("Give at least the first 4 characters of the memory's id.")
        now = to_epoch(self.store.clock())
        learning = self.store.learning_enabled()
        matches = []
        for memory_id in self.store.ids_starting_with(prefix):
            memory = self.store.get(memory_id)
            readable = may_read(memory, consumer=consumer, purpose="style", now_epoch=now, learning_enabled=learning)
            if written_by(memory, consumer) or readable:
                matches.append(memory)
        if not matches:
            raise MemoryNotFound(f"No memory that {consumer} can see has an id starting with {shown(prefix)}.")
        if len(matches) > 1:
            raise InvalidInput(
                f"Several memories that {consumer} can see have ids starting with {shown(prefix)}; give more of the id."
            )
        return matches[0]

    @staticmethod
    def _can_elicit(ctx: Context) -> bool:
        capabilities = ctx.client_capabilities
        return capabilities is not None and capabilities.elicitation is not None and ctx.session.can_send_request

    @staticmethod
    async def _ask(ctx: Context, message: str, schema: type[BaseModel], field: str) -> str:
        """Ask the user through elicitation: ``yes``, ``no`` (declined) or ``unanswered``."""
        try:
            answer = await ctx.elicit(message, schema)
        except Exception:
            return "unanswered"
        if answer.action == "accept":
            return "yes" if getattr(answer.data, field) is True else "no"
        return "no" if answer.action == "decline" else "unanswered"

    def _rows(self, scope: str, key: str) -> list[Memory]:
        return [m for m in self.store.list(scope=scope, search=key) if m.key == key]

    async def _guarded(self, coro_fn: Callable[[], Any]) -> Any:
        """Turn the store's typed errors into one-sentence tool errors; hide crashes' details."""
        try:
            return await coro_fn()
        except ToolError:
            raise
        except MemtrustError as exc:
            raise _Refused(str(exc), "not-found" if isinstance(exc, MemoryNotFound) else "refused") from None
        except Exception as exc:
            if os.environ.get("MEMTRUST_DEBUG"):
                raise
            print(
                f"memtrust mcp: unexpected internal error ({type(exc).__name__}); run with "
                "MEMTRUST_DEBUG=1 to see details.",
                file=sys.stderr,
            )
            raise _Refused(f"memtrust hit an internal error ({type(exc).__name__}).", "error") from None

    # --- tools --------------------------------------------------------------------------

    async def get_context(
        self,
        ctx: Context,
        purpose: Purpose = "style",
        query: str | None = None,
        max_tokens: int | float | None = None,
    ) -> Annotated[CallToolResult, ContextResult]:
        async def run() -> CallToolResult:
            consumer = self.consumer_for(ctx)
            call = uuid.uuid4().hex[:16]
            # One rule for any number (docs/mcp.md): above the host cap it is lowered to the cap
            # (1e308 and 1e400, which JSON writes as a float, too), else its whole part is used.
            if max_tokens is not None and math.isnan(max_tokens):
                raise _Refused("get_context was called wrongly: max_tokens must be a number.", "invalid-arguments")
            budget = recall.DEFAULT_MAX_TOKENS if max_tokens is None else int(min(float(HOST_CAP_TOKENS), max_tokens))
            block = await self._store(
                context_for,
                self.store,
                consumer=consumer,
                purpose=purpose,
                actor=f"agent:{consumer}",
                query=query,
                max_tokens=budget,
                cost=_context_row_cost,
                reserve=CONTEXT_ENVELOPE_TOKENS,
            )
            await self._store(
                self._record,
                consumer=consumer,
                tool="get_context",
                call=call,
                outcome="given",
                reason=f"Gave {len(block.memories)} memories to {consumer} for {purpose}.",
                detail={"purpose": purpose, "rows": len(block.memories), "left_out": block.left_out},
            )
            text = block.text()
            result = ContextResult(
                consumer=consumer,
                purpose=purpose,
                context=text,
                memories=[_context_item(m.id, m.key, m.scope, m.formation, label(m)) for m in block.memories],
                left_out=block.left_out,
                max_tokens=budget,
            )
            # The block once as text for the model, once in the structured result: both count.
            return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=dict(result))

        return await self._guarded(run)

    async def search_memories(self, ctx: Context, query: str, limit: int = 10) -> SearchResult:
        async def run() -> SearchResult:
            consumer = self.consumer_for(ctx)
            call = uuid.uuid4().hex[:16]
            if not 1 <= limit <= SEARCH_LIMIT_MAX:
                raise _Refused(
                    f"search_memories was called wrongly: limit must be 1 to {SEARCH_LIMIT_MAX}.", "invalid-arguments"
                )
            found = await self._store(self._search, consumer, query, limit)
            await self._store(
                self._record,
                consumer=consumer,
                tool="search_memories",
                call=call,
                outcome="given",
                reason=f"Gave {len(found)} previews to {consumer}.",
                detail={"rows": len(found)},
            )
            return SearchResult(consumer=consumer, query=query, results=found)

        return await self._guarded(run)

    def _search(self, consumer: str, query: str, limit: int) -> list[SearchPreview]:
        """Previews of the rows ``consumer`` may read for ``style`` that match ``query``, best
        first (BM25 with the recency weight of store.recall), audited as influence."""
        now = to_epoch(self.store.clock())
        learning = self.store.learning_enabled()
        gates = recall.Gates(consumer, DEFAULT_SCOPE, learning, INFERENCE_FLOOR, now)
        words = search.query_words(query)
        if not words:
            return []
        with self.store.db.read() as conn:
            sql, params = recall.relevance_sql(gates, search.words_match(words), limit, standing_too=True)
            rows = conn.execute(sql, params).fetchall()
        scores = {row[0]: float(row[recall.CANDIDATE_WIDTH]) for row in rows}
        memories = [
            m
            for m in self.store.get_many(list(scores))
            if may_read(m, consumer=consumer, purpose="style", now_epoch=now, learning_enabled=learning)
        ]
        with self.store.db.write() as conn:
            audit.record_many(
                conn,
                at=now,
                event="influence",
                actor=f"agent:{consumer}",
                memories=memories,
                reason=f"Previewed for {consumer} (search).",
                detail={"consumer": consumer, "purpose": "style", "tool": "search_memories"},
            )
        return [
            SearchPreview(
                id=m.id,
                key=m.key,
                label=label(m),
                value=m.value if len(m.value) <= PREVIEW_CHARS else m.value[: PREVIEW_CHARS - 1] + "…",
                cut=len(m.value) > PREVIEW_CHARS,
                score=round(scores[m.id], 3),
            )
            for m in memories
        ]

    async def get_memory(self, ctx: Context, memory_id: str) -> FullMemory:
        async def run() -> FullMemory:
            consumer = self.consumer_for(ctx)
            call = uuid.uuid4().hex[:16]
            # Only rows this agent may see are looked at (no existence oracle); a row it wrote
            # but may not read (still pending, say) is not given either (§7).
            memory = await self._store(self._resolve_visible, consumer, memory_id)
            learning = await self._store(self.store.learning_enabled)
            now = to_epoch(self.store.clock())
            if not may_read(memory, consumer=consumer, purpose="style", now_epoch=now, learning_enabled=learning):
                raise MemoryNotFound(
                    f"No memory that {consumer} can see has an id starting with {shown(memory_id.strip())}."
                )
            await self._store(self._give_one, memory, consumer)
            await self._store(
                self._record,
                consumer=consumer,
                tool="get_memory",
                call=call,
                outcome="given",
                reason=f"Gave one memory to {consumer}.",
                memory=memory,
            )
            record = memory.as_record()
            return FullMemory(
                id=memory.id,
                key=memory.key,
                scope=memory.scope,
                formation=memory.formation,
                label=label(memory),
                value=memory.value,
                source=memory.source,
                created_at=record["created_at"],
                updated_at=record["updated_at"],
                expires_at=record["expires_at"],
            )

        return await self._guarded(run)

    def _give_one(self, memory: Memory, consumer: str) -> None:
        """Audit one row given in full as influence (§7)."""
        with self.store.db.write() as conn:
            audit.record_many(
                conn,
                at=to_epoch(self.store.clock()),
                event="influence",
                actor=f"agent:{consumer}",
                memories=[memory],
                reason=f"Given to {consumer} in full (get_memory).",
                detail={"consumer": consumer, "purpose": "style", "tool": "get_memory"},
            )

    async def propose_memory(self, ctx: Context, key: str, value: str, user_words: str | None = None) -> WriteOutcome:
        async def run() -> WriteOutcome:
            consumer = self.consumer_for(ctx)
            await self._within_quota(consumer, proposal=True)
            call = uuid.uuid4().hex[:16]
            ref = f"{owner_prefix(consumer)}{call}"
            proposal = Proposal(
                key,
                value,
                "explicit",
                AGENT_SOURCE,
                source_ref=ref,
                scope=DEFAULT_SCOPE,
                evidence={"agent": consumer},
                utterance=user_words,
            )
            asked = "not asked"
            client = self.client_for(ctx, consumer)
            # Put as a question only what admission would store active once confirmed (§3, §10).
            dry = decide(
                replace(proposal, confirmed=True, confirmed_in=client),
                learning_enabled=False,
                existing=await self._store(self._rows, DEFAULT_SCOPE, key),
                now=self.store.clock(),
            )
            if dry.outcome == "admit" and self._can_elicit(ctx):
                answer = await self._ask(
                    ctx,
                    # The name is the client's words: quoted, never the question's opening words.
                    f"The assistant {quoted_name(consumer)} asks to save {quoted(value, ASKED_CELLS)} as "
                    f"{_key_words(key)}. Save it?",
                    SaveConfirmation,
                    "save",
                )
                asked = {"yes": "accepted", "no": "declined", "unanswered": "unanswered"}[answer]
                if answer == "no":
                    reason = "You declined, so nothing was saved."
                    await self._store(
                        self._record,
                        consumer=consumer,
                        tool="propose_memory",
                        call=call,
                        outcome="declined",
                        reason=reason,
                        key=key,
                        formation="explicit",
                        detail={"elicitation": asked},
                    )
                    return WriteOutcome(
                        outcome="declined",
                        reason=reason,
                        memory_id=None,
                        status=None,
                        confirmed_by_user=False,
                        confirmed_in=None,
                    )
                if answer == "yes":
                    proposal = replace(
                        proposal,
                        confirmed=True,
                        confirmed_in=client,
                        source_ref=f"{ref};{CONFIRMED_BY_ELICITATION}",
                    )
            result = await self._store(self.store.propose, proposal, actor=f"agent:{consumer}")
            memory, decision = result.memory, result.decision
            reason = decision.reason
            if memory is not None and memory.confirmed_in is not None:
                reason = (
                    f"Saved as {client_words(memory.confirmed_in)}: it is used for style, not for privileged "
                    "actions, until the user confirms it in memtrust."
                )
            await self._store(
                self._record,
                consumer=consumer,
                tool="propose_memory",
                call=call,
                outcome=decision.outcome,
                reason=reason,
                memory=memory,
                key=key,
                formation="explicit",
                detail={"elicitation": asked},
            )
            return WriteOutcome(
                outcome=decision.outcome,
                reason=reason,
                memory_id=memory.id if memory else None,
                status=memory.status if memory else None,
                confirmed_by_user=False,
                confirmed_in=memory.confirmed_in if memory else None,
            )

        return await self._guarded(run)

    async def report_signal(
        self, ctx: Context, key: str, value: str, confidence: float, evidence: str | None = None
    ) -> WriteOutcome:
        async def run() -> WriteOutcome:
            consumer = self.consumer_for(ctx)
            await self._within_quota(consumer, proposal=False)
            call = uuid.uuid4().hex[:16]
            now = to_epoch(self.store.clock())
            signal = {"agent": consumer, "first_seen": now, "last_seen": now}
            if evidence:
                signal["observed"] = evidence
            proposal = Proposal(
                key,
                value,
                "implicit",
                f"inference:agent_{consumer}",
                source_ref=f"{owner_prefix(consumer)}{call}",
                scope=consumer,
                confidence=confidence,
                evidence=signal,
            )
            actor = f"agent:{consumer}"
            # §3.4 across the agent's view: a value the user saved in shared beats its guesses.
            saved = [m for m in await self._store(self._rows, DEFAULT_SCOPE, key) if m.formation == "explicit"]
            early = None
            if saved:
                early = decide(
                    proposal,
                    learning_enabled=await self._store(self.store.learning_enabled),
                    existing=saved,
                    now=self.store.clock(),
                )
            if early is not None and early.outcome == "reject":
                await self._store(
                    self._record,
                    consumer=consumer,
                    tool="report_signal",
                    call=call,
                    event="write",
                    outcome="reject",
                    reason=early.reason,
                    key=key,
                    formation="implicit",
                    detail={"rule": early.rule, "source": proposal.source, "source_ref": proposal.source_ref},
                )
                memory, decision = None, early
            else:
                result = await self._store(self.store.propose, proposal, actor=actor)
                memory, decision = result.memory, result.decision
            await self._store(
                self._record,
                consumer=consumer,
                tool="report_signal",
                call=call,
                outcome=decision.outcome,
                reason=decision.reason,
                memory=memory,
                key=key,
                formation="implicit",
                detail={"confidence": confidence},
            )
            return WriteOutcome(
                outcome=decision.outcome,
                reason=decision.reason,
                memory_id=memory.id if memory else None,
                status=memory.status if memory else None,
                confirmed_by_user=False,
                confirmed_in=None,
            )

        return await self._guarded(run)

    async def forget_memory(self, ctx: Context, memory_id: str) -> ForgetOutcome:
        async def run() -> ForgetOutcome:
            consumer = self.consumer_for(ctx)
            call = uuid.uuid4().hex[:16]
            # Resolved only among the rows this agent may see or wrote (no existence oracle);
            # "not found", "several" and "too short" are audited by the server with the reason.
            memory = await self._store(self._resolve_visible, consumer, memory_id)
            if not may_forget_directly(memory, consumer):
                return await self._store(self._request_forgetting, memory, consumer, call)
            because = f"{consumer} deleted what it wrote, which you had not confirmed in memtrust."
            await self._store(self.store.forget, memory.id, actor=f"agent:{consumer}", reason=because)
            await self._store(
                self._record,
                consumer=consumer,
                tool="forget_memory",
                call=call,
                outcome="deleted",
                reason=because,
                memory=memory,
                detail={"own": True},
            )
            return ForgetOutcome(
                outcome="deleted",
                reason=because,
                memory_id=memory.id,
                key=memory.key,
                formation=memory.formation,
                request_id=None,
            )

        return await self._guarded(run)

    def _request_forgetting(self, memory: Memory, consumer: str, call: str) -> ForgetOutcome:
        """File (or find) the request to forget ``memory`` in the user's Inbox (§10), audited."""
        requests = DeletionRequests(self.store)
        request = requests.add(
            what=memory.key,
            utterance=f"{consumer} asked, through memtrust's agent server, to forget this memory.",
            source_ref=f"{owner_prefix(consumer)}{call}",
            said_at=to_epoch(self.store.clock()),
            memory_ids=[memory.id],
            actor=f"agent:{consumer}",
            reason=f"{consumer} asked to forget this; it is deleted only if you confirm in your Inbox.",
        )
        if request is None:  # already asked: the open request that names this memory
            request = next((r for r in requests.pending() if memory.id in {m.id for m in r.targets}), None)
        if request is None:
            raise MemoryNotFound(f"No memory that {consumer} can see has the id {shown(memory.id)}.")
        reason = (
            f"{consumer} did not write this memory, or the user confirmed it, so only the user can delete it: "
            "nothing was deleted, and a request to forget it waits in memtrust's Inbox for the user to answer."
        )
        self._record(
            consumer=consumer,
            tool="forget_memory",
            call=call,
            outcome="requested",
            reason=reason,
            memory=memory,
            detail={"request_id": request.id, "own": written_by(memory, consumer)},
        )
        return ForgetOutcome(
            outcome="requested",
            reason=reason,
            memory_id=memory.id,
            key=memory.key,
            formation=memory.formation,
            request_id=request.id,
        )

    async def list_my_memories(self, ctx: Context) -> OwnMemories:
        async def run() -> OwnMemories:
            consumer = self.consumer_for(ctx)
            call = uuid.uuid4().hex[:16]
            rows = [m for m in await self._store(self.store.list) if written_by(m, consumer)]
            await self._store(
                self._record,
                consumer=consumer,
                tool="list_my_memories",
                call=call,
                outcome="listed",
                reason=f"Listed {len(rows)} memories {consumer} wrote (no values).",
            )
            return OwnMemories(consumer=consumer, memories=[_own_memory(m) for m in rows])

        return await self._guarded(run)

    # --- the server ---------------------------------------------------------------------

    def build(self) -> MCPServer:
        """The MCP server with the five memtrust tools registered (log level WARNING, to stderr)."""
        server = _AuditedServer(self, SERVER_NAME, instructions=INSTRUCTIONS, version=_version(), log_level="WARNING")
        for fn, description in TOOL_DESCRIPTIONS.items():
            server.add_tool(getattr(self, fn), name=fn, description=description)
        return server


def argument_problem(tool: str, error: ValidationError) -> str:
    """One plain sentence for arguments that do not fit ``tool``'s input schema: the first
    problem, by argument name, without pydantic's wording or its documentation links."""
    first = error.errors()[0]
    field = ".".join(str(part) for part in first.get("loc", ())) or "its arguments"
    kind, message = first.get("type", ""), str(first.get("msg", ""))
    if kind == "missing":
        problem = "is missing"
    elif kind == "extra_forbidden":
        problem = "is not one of its arguments"
    elif message.startswith("Input should be "):
        problem = "must be " + message.removeprefix("Input should be ")
    else:
        problem = "is not valid"
    count = error.error_count()
    more = f" ({count - 1} more argument{'s' if count > 2 else ''} also did not fit)" if count > 1 else ""
    return f"{tool} was called wrongly: {field} {problem}{more}."


def _first_untext(value: Any, path: str = "") -> tuple[str, str] | None:
    """Where the first string in ``value`` (a decoded JSON value: dicts, lists, strings,
    numbers) holding a NUL or a lone surrogate is, as words for a sentence (the argument's
    dotted path, or a field's name), and what it holds; None when there is none."""
    if isinstance(value, str):
        if "\x00" in value:
            return _shown_field(path), "a NUL character"
        if any(0xD800 <= ord(char) <= 0xDFFF for char in value):
            return _shown_field(path), "a lone surrogate"
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            named = _first_untext(key)
            if named is not None:
                return (f"the name of a field in {_shown_field(path)}" if path else "the name of an argument"), named[1]
            found = _first_untext(item, f"{path}.{key}" if path else str(key))
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _first_untext(item, f"{path}.{index}" if path else str(index))
            if found is not None:
                return found
    return None


def _shown_field(path: str) -> str:
    """An argument's dotted path for a sentence: as it is when it is a plain name, else quoted."""
    return path if _FIELD.fullmatch(path) else shown(path) if path else "the message"


def not_text(tool: str, arguments: Any) -> str | None:
    """One sentence refusing ``arguments`` to ``tool`` when any string in them (an argument, a
    nested field, a field's name) holds a NUL or a lone surrogate, else None.

    JSON carries both (``\u0000``, ``\ud800``) but they are no text: a lone surrogate cannot be
    encoded as UTF-8 (so neither stored by SQLite nor written in a reply) and a NUL cannot be
    stored, searched or exported faithfully (§2, §10). Refusing them here, before any tool runs,
    covers every tool and every argument, present and future. The field is named escaped
    (:func:`shown`), never the value.
    """
    found = _first_untext(arguments)
    if found is None:
        return None
    where, kind = found
    return f"{tool} was called wrongly: {where} holds {kind}, which is not text."


class _AuditedServer(MCPServer):
    """The SDK's server, where every tool call leaves exactly one ``agent-call`` audit row (§10),
    failed calls included — arguments that do not fit (told in one plain sentence), an unknown
    tool, a refusal, a quota, an internal error — with the reason."""

    def __init__(self, agent: AgentServer, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.agent = agent
        #: The client's ``clientInfo.name`` from its ``initialize`` request, once it came.
        self.client: str | None = None

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context | None = None) -> Any:
        call = _CallAudit()
        token = _CALL.set(call)
        try:
            untext = not_text(name, arguments) if self._tool_manager.get_tool(name) is not None else None
            if untext is not None:
                # Refused before the tool runs: no tool, store query or reply ever holds it.
                raise ToolError(untext) from _Refused(untext, "invalid-arguments")
            result = await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            # The reply is the audited sentence alone, never the SDK's "Error executing tool …"
            # before memtrust's own words.
            raised: ToolError
            if isinstance(cause, ValidationError):
                # Keep the cause: the SDK then logs the field names only, never the values.
                sentence, outcome = argument_problem(name, cause), "invalid-arguments"
                raised = ToolError(sentence)
            elif isinstance(cause, _Refused):
                sentence, outcome = str(cause), cause.outcome
                raised = ToolError(sentence)
            elif self._tool_manager.get_tool(name) is None:
                sentence, outcome = f"memtrust has no tool called {shown(name)}.", "unknown-tool"
                raised = ToolError(sentence)
            else:
                sentence, outcome = f"{shown(name)} failed inside memtrust.", "error"
                # Still a crash to the SDK (it logs those), in memtrust's sentence.
                raised = UnexpectedToolError(sentence)
            raised.__cause__ = cause
            if not call.audited:
                await self.agent.audit_call(context, tool=name, outcome=outcome, reason=sentence)
            raise raised from raised.__cause__
        else:
            if not call.audited:
                await self.agent.audit_call(context, tool=name, outcome="answered", reason=f"{name} answered.")
            return result
        finally:
            _CALL.reset(token)

    # --- stdio --------------------------------------------------------------------------

    async def run_stdio_async(self) -> None:
        """Serve stdio as the SDK does, every line the SDK's JSON parser refuses read again by
        :meth:`_mend` (§10: every tool call gets a reply and an audit row)."""
        async with stdio_server() as (read_stream, write_stream):
            send, receive = anyio.create_memory_object_stream[SessionMessage | Exception](0)
            async with anyio.create_task_group() as group:
                group.start_soon(self._mend, read_stream, send, write_stream)
                await self._lowlevel_server.run(
                    receive, write_stream, self._lowlevel_server.create_initialization_options()
                )
                group.cancel_scope.cancel()

    async def _mend(self, incoming: Any, outgoing: Any, replies: Any) -> None:
        """Pass the stdio messages on to the server; a line the SDK's parser refused (it drops
        those without a word, so the client waits for ever) is read again by
        :meth:`_read_again`, answered and audited there or passed on as a message."""
        async with outgoing:
            async for item in incoming:
                passed = item
                if isinstance(item, SessionMessage):
                    self._note_client(item.message)
                elif isinstance(item, ValidationError):
                    passed = await self._read_again(item, replies)
                    if passed is None:
                        continue
                await outgoing.send(passed)

    def _note_client(self, message: Any) -> None:
        """Remember the client's name from its ``initialize`` request (the consumer an unreadable
        tool call is audited under)."""
        if isinstance(message, JSONRPCRequest) and message.method == "initialize" and isinstance(message.params, dict):
            info = message.params.get("clientInfo")
            name = info.get("name") if isinstance(info, dict) else None
            self.client = name if isinstance(name, str) and _first_untext(name) is None else None

    async def _read_again(self, error: ValidationError, replies: Any) -> SessionMessage | ValidationError | None:
        """A line the SDK's JSON parser refused, read with Python's: a lone surrogate escape
        (``\ud800``) is JSON Python reads and the SDK's parser does not.

        A ``tools/call`` request whose only NUL or lone surrogate is in its tool name or
        arguments is returned as a message: :meth:`call_tool` refuses it in one sentence and
        audits it, as any tool's. Any other request is answered here with a JSON-RPC error (a
        ``tools/call`` audited too); a notification is dropped; a line that is no JSON at all
        gets JSON-RPC's parse error. Nothing it holds is echoed unescaped: a reply that held a
        lone surrogate could not be written at all.
        """
        problems = error.errors()
        line = problems[0].get("input") if problems and problems[0].get("type") == "json_invalid" else None
        if not isinstance(line, str):
            return error
        try:
            data = json.loads(line)
        except ValueError:
            await self._answer(replies, None, PARSE_ERROR, "memtrust could not read this message: it is not JSON.")
            return None
        message: dict[str, Any] = data if isinstance(data, dict) else {}
        raw_id = message.get("id")
        plain_id = (isinstance(raw_id, int) and not isinstance(raw_id, bool)) or isinstance(raw_id, str)
        request_id = raw_id if plain_id and _first_untext(raw_id) is None else None
        params = message.get("params")
        arguments: dict[str, Any] = params if isinstance(params, dict) else {}
        tool_call = message.get("method") == "tools/call" and isinstance(params, dict)
        rest: Any = data
        if tool_call:
            rest = {**message, "params": {k: v for k, v in arguments.items() if k not in ("name", "arguments")}}
        untext = _first_untext(rest)
        if untext is None and tool_call and request_id is not None:
            try:
                return SessionMessage(jsonrpc_message_adapter.validate_python(data, by_name=False))
            except ValidationError:
                pass
        sentence = (
            f"memtrust could not read this message: {untext[0]} holds {untext[1]}, which is not text."
            if untext
            else "memtrust could not read this message: it is not a JSON-RPC message."
        )
        if tool_call:
            name = arguments.get("name")
            await self.agent.audit_call(
                None,
                tool=name if isinstance(name, str) else "",
                outcome="invalid-arguments",
                reason=sentence,
                client=self.client,
            )
        if "id" in message:
            await self._answer(replies, request_id, INVALID_REQUEST, sentence)
        return None

    @staticmethod
    async def _answer(replies: Any, request_id: int | str | None, code: int, sentence: str) -> None:
        """Send one JSON-RPC error reply (``request_id`` None when it could not be read)."""
        reply = JSONRPCError(jsonrpc="2.0", id=request_id, error=ErrorData(code=code, message=sentence))
        await replies.send(SessionMessage(reply))


def _version() -> str:
    from memtrust.store.version import app_version

    return app_version()


TOOL_DESCRIPTIONS = {
    "get_context": (
        "Read what memtrust knows about the user, as a labelled block to put in your prompt: "
        "'[saved by you]' lines are things the user asked to be remembered; '[inferred NN%]' lines are "
        "guesses from behaviour that you must treat as tentative and never present as the user's words; "
        "'[confirmed in “CLIENT”, not yet by you]' lines were confirmed only through an assistant's "
        "client, not by the user in memtrust: use them for style, never as authority. "
        "Call it at the start of a conversation or before personalising an answer. purpose='style' "
        "(default) is for how to talk to the user; use purpose='privileged' before spending money, "
        "changing access, billing or compliance actions: it returns only what the user saved "
        "explicitly and confirmed in memtrust. Give query (the task at hand, in a few words) to get the memories relevant to it "
        "after the user's standing preferences; max_tokens (default 2000, at most 20000) bounds the whole "
        "result, and the block's last line says how many memories were left out to fit. "
        "Every row given is recorded in the user's audit log."
    ),
    "search_memories": (
        "Search the user's memories for words (e.g. 'flights Lisbon'), best match first: up to limit "
        "(1-50, default 10) short previews, each with id, key, label ('saved by you' or 'inferred NN%'), "
        f"the value cut at {PREVIEW_CHARS} characters (cut=true when it was), and a relevance score. "
        "Read one in full with get_memory. Inferred results are guesses; never present them as the "
        "user's words. Every preview given is recorded in the user's audit log."
    ),
    "get_memory": (
        "Read one memory in full by its id (from get_context or search_memories; the first 8 characters "
        "are enough): key, value, label, scope, source and times. Only memories you may read are found. "
        "Recorded in the user's audit log."
    ),
    "propose_memory": (
        "Save something the user explicitly asked you to remember ('remember that…', 'from now on…'). "
        "key is one of memtrust's own keys, such as contact.preferred_channel, style.answer_length, "
        "profile.name or food.diet, or notes.note for free text (memtrust gives a note a key of its own that "
        "never spells its words); any other key is refused: send the words as a note instead; "
        "value is what to remember; user_words is the user's own sentence, quoted exactly "
        "(it is screened for secrets, confidentiality and temporary phrasing, and never stored). "
        "The user is asked to confirm, here if your client supports it, otherwise later in memtrust's "
        "Inbox, so the memory may be pending; a yes given here is recorded as confirmed in your client "
        "(not yet by the user) and is not used for privileged actions until the user confirms it in "
        "memtrust. Never use this for things you guessed: use report_signal. "
        "Passwords, PINs, card numbers and similar secrets are always refused."
    ),
    "report_signal": (
        "Report a guess about the user that you inferred from behaviour (they did not ask you to "
        "remember it), e.g. style.answer_length=brief after several one-line replies. confidence is "
        "0.0-1.0 (below 0.7 is refused); evidence says briefly what you observed. It is stored as "
        "inferred, only for you (other agents never see it), expires unless reported again, and is "
        "refused while the user has implicit learning off, for sensitive subjects (health, finance, "
        "family, politics, religion, ethnicity, sexuality, biometrics, genetics, union membership, "
        "crime), and where the user saved a value themselves. Only these keys and values can ever be "
        "inferred; any other key or value is refused (the user can still save it, explicitly): "
        + inference_vocabulary.describe()
        + "."
    ),
    "forget_memory": (
        "Delete a memory by its id (from get_context or list_my_memories; the first 8 characters are "
        "enough). Use it when the user asks you to forget something, or to withdraw a guess of yours "
        "that turned out wrong. What you wrote yourself and the user has not confirmed in memtrust is "
        "deleted at once (outcome 'deleted'); anything else is not deleted by you: it becomes a request "
        "to forget in the user's memtrust Inbox (outcome 'requested'), which the user answers there. "
        "Either is recorded in the user's audit log."
    ),
    "list_my_memories": (
        "List the memories you wrote through this server (proposed or inferred), with id, key, scope, "
        "formation and status (pending means the user has not confirmed yet), but not their values: "
        "read values with get_context. Use it to check whether a proposal was confirmed or to find an "
        "id to forget."
    ),
}


def serve(store: MemoryStore, *, consumer: str | None = None) -> None:
    """Serve ``store`` over stdio until the client disconnects (blocking).

    Raises InvalidInput for a malformed ``consumer``. stdout carries only protocol messages.
    """
    AgentServer(store, consumer=consumer).build().run("stdio")
