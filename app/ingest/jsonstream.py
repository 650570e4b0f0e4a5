"""Streaming the items of a JSON export with a nesting limit (DESIGN.md §6).

``ijson.items`` builds a path string per nesting level, so a file of nested brackets costs
memory quadratic in its depth (a 200 KB file reached 24 GB). Here the C parser's flat events
(``ijson.basic_parse``: no paths) are assembled into Python objects by a small loop that
counts the depth and stops at :data:`store.nesting.MAX_NESTING`, before anything that deep
is built. Peak memory is the largest single item (one conversation).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, BinaryIO

import ijson

from memtrust.store.nesting import MAX_NESTING


class TooDeep(Exception):
    """The document nests deeper than the limit; ``item`` is the 0-based index of the
    top-level item it happened in (0 for a top-level object)."""

    def __init__(self, item: int) -> None:
        super().__init__(item)
        self.item = item


class NotAContainer(Exception):
    """The document is a bare string, number, true, false or null."""


def top_level_items(stream: BinaryIO, limit: int = MAX_NESTING) -> Iterator[Any]:
    """Yield each item of a top-level JSON array, in order — or, when the document is one
    object, that object once (some tools save a single conversation so).

    Numbers come as floats or ints (never ``Decimal``). Raises ``ijson.JSONError`` (or an
    ``IncompleteJSONError``) for malformed JSON, :class:`TooDeep` past ``limit`` levels
    (counting the top-level array), :class:`NotAContainer` for a bare scalar; possibly
    after some items were yielded when the fault lies further on.
    """
    events = ijson.basic_parse(stream, use_float=True)
    first = next(events, None)
    if first is None:
        return
    event, value = first
    if event == "start_map":
        yield _build(events, {}, 1, limit, 0)
        return
    if event != "start_array":
        raise NotAContainer(event)
    for index, (event, value) in enumerate(events):
        if event == "end_array":
            return
        if event == "start_map":
            yield _build(events, {}, 2, limit, index)
        elif event == "start_array":
            yield _build(events, [], 2, limit, index)
        else:
            yield value


_SCALARS = frozenset({"string", "number", "boolean", "null"})
_OPENS = frozenset({"start_map", "start_array"})


def _build(events: Iterator[tuple[str, Any]], root: dict | list, depth: int, limit: int, index: int) -> Any:
    """Assemble one container from ``events`` (its start already read); iterative. The
    checks run in the order of how often each event comes (keys and scalars most)."""
    if depth > limit:
        raise TooDeep(index)
    stack: list[Any] = [root]
    keys: list[Any] = []
    key: Any = None
    top: Any = root
    in_map = type(root) is dict
    room = limit - depth  # how many more levels may open below the root
    for event, value in events:
        if event == "map_key":
            key = value
        elif event in _SCALARS:
            if in_map:
                top[key] = value
            else:
                top.append(value)
        elif event in _OPENS:
            new: Any = {} if event == "start_map" else []
            if in_map:
                top[key] = new
            else:
                top.append(new)
            if len(stack) > room:
                raise TooDeep(index)
            keys.append(key)
            stack.append(new)
            top, in_map = new, event == "start_map"
        else:  # end_map, end_array
            stack.pop()
            if not stack:
                return root
            top = stack[-1]
            in_map = type(top) is dict
            key = keys.pop()
    raise ijson.IncompleteJSONError("premature end of the file")
