"""What you saved, as a block to paste into another assistant (DESIGN.md §2, §3.8, §7, §9).

``memtrust export --for chatgpt|claude|gemini|text`` — and the app's export dialog — write
the memories the user saved themselves as one paste-ready block: never an inference, a
pending request, a quarantined memory or one only an agent's client said yes to (§10), unless ``include_inferred`` adds the inferences,
each marked as a guess (never a weak guess, §3.8, and none while implicit learning is off,
§3.2). The first line says where the block came from. Each target's memory page takes a
limited length (:data:`TARGETS`); what does not fit is left out, in a stated order, and
named in :attr:`PortableBlock.left_out`.

The ``text`` target is memtrust's own form — keys written out, ``Scope:`` headings — which
``memtrust ingest`` reads back to the same keys and values (as pending, for the user to
confirm: a file is not the user's word). The others are written for a person and an
assistant to read: ``Preferred contact channel: email``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from memtrust.store.consumers import is_weak_guess
from memtrust.store.memories import MemoryStore
from memtrust.store.model import DEFAULT_SCOPE, Memory, confirmed_by_user, confirmed_in_client_only, to_epoch
from memtrust.store.quoting import one_line


@dataclass(frozen=True)
class Target:
    """Where a block goes: the assistant's ``name``, the most characters its memory page takes
    (``limit``; ``None``: no limit), where to paste it (``where``), and why the limit is what
    it is (``limit_source``)."""

    name: str
    limit: int | None
    where: str
    limit_source: str


#: The targets of ``export --for``, with the length each one's page accepts.
TARGETS: dict[str, Target] = {
    "chatgpt": Target(
        "ChatGPT",
        1500,
        "ChatGPT: Settings → Personalization → Custom instructions, the box about you",
        "ChatGPT's custom-instructions boxes take 1,500 characters each (OpenAI's help pages).",
    ),
    "claude": Target(
        "Claude",
        8000,
        "Claude: Settings → Capabilities → Memory → Start import",
        "Anthropic publishes no limit for the import box; memtrust keeps a block to 8,000 characters, "
        "about 2,000 tokens, so it is one paste you can read through before you add it.",
    ),
    "gemini": Target(
        "Gemini",
        8000,
        "Gemini: Settings → Personal context (memory) → Import memory",
        "Google publishes no limit for the import box; memtrust keeps a block to 8,000 characters, "
        "about 2,000 tokens, so it is one paste you can read through before you add it.",
    ),
    "text": Target(
        "plain text",
        None,
        "any assistant, a file of your own, or memtrust ingest (which reads it back)",
        "No limit: the whole list, in memtrust's own form.",
    ),
}

#: How a known key reads in a block for a person and an assistant (``Name: Robin``);
#: ``memtrust ingest`` reads these labels back to the same keys.
KEY_LABELS: dict[str, str] = {
    "profile.name": "Name",
    "profile.pronouns": "Pronouns",
    "profile.location": "Location",
    "locale.timezone": "Time zone",
    "locale.language": "Language",
    "work.role": "Job",
    "work.employer": "Employer",
    "food.diet": "Diet",
    "contact.preferred_channel": "Preferred contact channel",
    "style.answer_length": "Answer length",
    "style.answer_format": "Answer format",
    "style.tone": "Tone",
}

#: The order memories are kept in when a block must be cut: who the user is and how to
#: talk to them first, free notes last (each group oldest first).
_CATEGORY_ORDER = ("profile", "contact", "locale", "style", "food", "work")
_LINE_BREAKS = re.compile(r"[\r\n\u2028\u2029]+")


def _category_rank(memory: Memory) -> int:
    category = memory.key.split(".", 1)[0]
    if category == "notes":
        return len(_CATEGORY_ORDER) + 1
    return _CATEGORY_ORDER.index(category) if category in _CATEGORY_ORDER else len(_CATEGORY_ORDER)


def _one_line(value: str) -> str:
    """A value on one line: line breaks become spaces, so no memory can add lines (or
    items) to the block; every other control, bidi or format character is shown as its
    escape (``\\x07``, ``\\u202e``) exactly as ``list`` and ``context`` show it
    (:func:`store.quoting.one_line`, §8), so the block is the same on a terminal and in a
    file, and pasting it shows what it says."""
    return one_line(_LINE_BREAKS.sub(" ", value))


#: A note's value that a memory-list reader would not take as plain words: a label or key
#: before a colon, a leading date, bracket, bullet, number or heading mark.
_MISREAD = re.compile(r"^[^:]{1,60}:\s|^\s*[\[#>*•(\d-]|^\s*(?:\*\*|__)")


def guess_mark(memory: Memory) -> str:
    """`` (a guess: memtrust inferred this, 82% sure)``: how an inference is marked; the
    memory-list reader recognises it and does not take it for the user's word."""
    return f" (a guess: memtrust inferred this, {round(memory.confidence * 100)}% sure)"


def memory_line(memory: Memory, target: str) -> str:
    """One memory as a line of the block for ``target`` (without the list marker).

    ``text``: ``key: value`` (a note: its value alone, unless a reader would take its start
    for a label, a date or a heading — then ``notes.<id>: value`` too). Others: ``Label: value`` for a known
    key (:data:`KEY_LABELS`), ``value`` for a note, else ``Name (category): value``. A memory
    outside the shared scope names its scope in the other targets (``text`` groups by scope).
    Inferences end with :func:`guess_mark`.
    """
    value = _one_line(memory.value)
    category, _, name = memory.key.partition(".")
    if category == "notes" and not (target == "text" and _MISREAD.match(value)):
        line = value
    elif target == "text":
        line = f"{memory.key}: {value}"
    elif memory.key in KEY_LABELS:
        line = f"{KEY_LABELS[memory.key]}: {value}"
    else:
        line = f"{name.replace('_', ' ').replace('.', ' ').capitalize()} ({category}): {value}"
    if target != "text" and memory.scope != DEFAULT_SCOPE:
        line = f"(for {memory.scope}) {line}"
    if target == "claude":
        line = f"[{memory.created_at:%Y-%m-%d}] - {line}"  # the shape Claude's import prompt asks for
    if memory.formation == "implicit":
        line += guess_mark(memory)
    return line


@dataclass(frozen=True)
class PortableBlock:
    """A block for one target.

    - ``text``: what to paste, ending in a newline; at most the target's limit.
    - ``memories``: the memories in it, in order; ``left_out``: those the limit left out.
    - ``not_given``: why some inferences are not in it although asked for (weak guesses,
      learning off), in words; empty when none.
    """

    target: str
    text: str
    memories: tuple[Memory, ...]
    left_out: tuple[Memory, ...] = ()
    not_given: tuple[str, ...] = field(default_factory=tuple)

    @property
    def inferred(self) -> int:
        """How many of :attr:`memories` are inferences (each marked as a guess)."""
        return sum(1 for memory in self.memories if memory.formation == "implicit")


def header(target: str, saved: int, inferred: int, when: datetime, *, cut: bool) -> str:
    """The block's first line, saying where it came from: ``From memtrust, where I keep what
    I asked assistants to remember: 12 memories I saved myself (2 Mar 2026).``"""
    counted = f"{saved} {'memory' if saved == 1 else 'memories'} I saved myself"
    if inferred:
        counted += f" and {inferred} that memtrust inferred, each marked as a guess"
    if cut:
        counted += ", the most important first"
    sentence = f"From memtrust, where I keep what I asked assistants to remember: {counted} ({when.day} {when:%b %Y})."
    if target == "text":
        sentence += " Nothing below was inferred unless it says so."
    return sentence


def _assemble(target: str, chosen: list[Memory], when: datetime, *, cut: bool) -> str:
    saved = sum(1 for memory in chosen if memory.formation == "explicit")
    lines = [header(target, saved, len(chosen) - saved, when, cut=cut)]
    scope = DEFAULT_SCOPE
    for memory in chosen:
        if target == "text" and memory.scope != scope:
            scope = memory.scope
            lines += ["", f"## Scope: {scope}"]
        lines.append(f"- {memory_line(memory, target)}")
    return "\n".join(lines) + "\n"


def _fitting(target: str, chosen: list[Memory], when: datetime, limit: int) -> int:
    """How many of ``chosen``, from the start, fit in a block of at most ``limit`` characters
    (header included). Walks forward only until the block is full, so a store of any size
    costs about the same."""
    if len(chosen) * 3 <= limit:  # only then can all fit: a line takes at least "- ", a letter, a line break
        saved = sum(1 for memory in chosen if memory.formation == "explicit")
        whole = len(header(target, saved, len(chosen) - saved, when, cut=False)) + 1
        if whole + sum(len(memory_line(memory, target)) + 3 for memory in chosen) <= limit:
            return len(chosen)
    size, kept, saved = 0, 0, 0
    for memory in chosen:
        explicit = saved + (memory.formation == "explicit")
        grown = size + len(memory_line(memory, target)) + 3  # "- " and the line break
        if len(header(target, explicit, kept + 1 - explicit, when, cut=True)) + 1 + grown > limit:
            break
        size, kept, saved = grown, kept + 1, explicit
    return kept


def portable_block(store: MemoryStore, target: str, *, include_inferred: bool = False) -> PortableBlock:
    """The block for ``target`` (a key of :data:`TARGETS`) from ``store`` (module docstring).

    Chosen: active explicit memories the user confirmed (:func:`store.model.confirmed_by_user`;
    one confirmed only in an MCP client is left out and counted in ``not_given``, §10), and with ``include_inferred`` the
    active inferences at or above the 0.7 floor while implicit learning is on (§3.2, §3.8),
    none expired. Order: explicit before inferred; within each, profile, contact, locale,
    style, food and work keys, then the rest, notes last; the shared scope before the others;
    oldest first; ``text`` groups by scope (shared first). Over the target's limit, memories are left out from the end of
    that order until the block fits. Raises ``KeyError`` for an unknown target. Reads only;
    the caller audits the export (:func:`store.export.record_export`).
    """
    spec = TARGETS[target]
    now = store.clock()
    now_epoch = to_epoch(now)
    live = [m for m in store.list(status="active") if m.expires_at is None or to_epoch(m.expires_at) > now_epoch]
    # Only the user's own yes makes "memories I saved myself" (§10): a row confirmed only in
    # an agent's client is left out, and said so, until the user confirms it in memtrust.
    client_only = [m for m in live if confirmed_in_client_only(m)]
    chosen = [m for m in live if m.formation == "explicit" and confirmed_by_user(m)]
    not_given: list[str] = []
    if client_only:
        many = len(client_only) != 1
        not_given.append(
            f"{len(client_only)} {'memories' if many else 'memory'} only an assistant's client said yes to "
            f"{'are' if many else 'is'} not given: confirm {'them' if many else 'it'} in memtrust's Inbox first."
        )
    if include_inferred:
        inferred = [m for m in live if m.formation == "implicit"]
        weak = [m for m in inferred if is_weak_guess(m)]
        if not store.learning_enabled() and inferred:
            not_given.append(
                f"{len(inferred)} inferred {'memory is' if len(inferred) == 1 else 'memories are'} not given: implicit "
                "learning is off, so nothing inferred goes to an assistant."
            )
        else:
            chosen += [m for m in inferred if not is_weak_guess(m)]
            if weak:
                not_given.append(
                    f"{len(weak)} weak {'guess' if len(weak) == 1 else 'guesses'} (under 70%) "
                    f"{'is' if len(weak) == 1 else 'are'} never given to an assistant."
                )
    chosen.sort(
        key=lambda m: (
            m.scope != DEFAULT_SCOPE if target == "text" else False,
            m.scope if target == "text" else "",
            m.formation != "explicit",
            _category_rank(m),
            m.scope != DEFAULT_SCOPE,
            m.created_at,
            m.key,
            m.id,
        )
    )
    kept = len(chosen)
    if spec.limit is not None:
        kept = _fitting(target, chosen, now, spec.limit)
    text = _assemble(target, chosen[:kept], now, cut=kept < len(chosen))
    left_out = chosen[kept:]
    chosen = chosen[:kept]
    return PortableBlock(target, text, tuple(chosen), tuple(left_out), tuple(not_given))


def left_out_sentence(block: PortableBlock) -> str | None:
    """``Left out 3 memories to stay within ChatGPT's 1,500 characters: profile.location,
    2 notes.`` — or ``None`` when nothing was left out. Names keys, never a value."""
    if not block.left_out:
        return None
    spec = TARGETS[block.target]
    notes = sum(1 for memory in block.left_out if memory.key.startswith("notes."))
    named = [memory.key for memory in block.left_out if not memory.key.startswith("notes.")]
    if notes:
        named.append(f"{notes} {'note' if notes == 1 else 'notes'}")
    count = len(block.left_out)
    return (
        f"Left out {count} {'memory' if count == 1 else 'memories'} to stay within {spec.name}'s "
        f"{spec.limit:,} characters: {', '.join(named)}."
    )
