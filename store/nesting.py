"""How deep JSON may nest before memtrust refuses it (DESIGN.md §6, §9).

Real exports nest a few dozen levels at most (a ChatGPT conversation about ten). A file
nested thousands of levels deep is hostile: parsers that recurse run out of stack, and
streaming parsers that build a path per level grow quadratically (a 200 KB file of brackets
once made an ingest grow past 24 GB). Every reader of outside JSON — ingest, import, JSONL
lines — refuses more than :data:`MAX_NESTING` levels with one sentence, before it builds
anything that deep.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: The deepest nesting of arrays and objects memtrust reads from a file (levels).
MAX_NESTING = 512


def nesting_exceeds(value: Any, limit: int = MAX_NESTING) -> bool:
    """True when ``value`` (parsed JSON: dicts, lists, scalars) nests more than ``limit``
    levels of arrays and objects. Iterative, so it never recurses whatever the depth."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def too_deep_sentence(name: str, where: str = "") -> str:
    """The one sentence every reader says for a file nested deeper than :data:`MAX_NESTING`."""
    place = f" {where}" if where else ""
    return f"{name}{place} nests deeper than {MAX_NESTING} levels, as no real export does; memtrust refuses it."
