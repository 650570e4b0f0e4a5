"""Showing user and agent text literally (DESIGN.md §8).

Values, keys and titles come from users, imports and agents. They are never parsed as
Textual or Rich markup: every function here returns plain ``str`` for use in a
:class:`textual.content.Content` (which never interprets markup) or builds ``Content``
directly. Control and escape characters are neutralised *for display only*; the store and
the export keep the exact text.
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len
from textual.content import Content

#: Invisible characters that can reorder or hide text (bidi overrides and isolates), and
#: the Unicode line and paragraph separators (they would break a one-line row).
_BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x2028, 0x2029))


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def displayable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with C0/C1 control characters, DEL and bidi controls made visible.

    Each such character becomes an escape such as ``\\x1b`` or ``\\u202e``, so an ANSI
    sequence or a right-to-left override in a value cannot restyle or reorder the screen.
    A newline becomes ``⏎`` on one-line displays, or stays when ``keep_newlines`` is True;
    a tab becomes four spaces (columns stay aligned).
    """
    out: list[str] = []
    for char in text:
        if char == "\n":
            out.append("\n" if keep_newlines else "⏎ ")
        elif char == "\t":
            out.append("    ")
        elif char in _BIDI_CONTROLS or unicodedata.category(char) == "Cc":
            out.append(_escape(char))
        else:
            out.append(char)
    return "".join(out)


def literal(text: str, style: str = "", *, keep_newlines: bool = False) -> Content:
    """User text as :class:`Content`, shown exactly as typed (markup never parsed)."""
    return (
        Content.styled(displayable(text, keep_newlines=keep_newlines), style)
        if style
        else Content(displayable(text, keep_newlines=keep_newlines))
    )


def fit(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` terminal cells, ending in ``…`` when cut.

    Widths are measured per character with :func:`rich.cells.cell_len` (what Textual draws):
    wide CJK and emoji take two cells, combining marks and zero-width characters none, so a
    cut never splits a wide character and the result never overflows its column.
    """
    if width <= 0:
        return ""
    if cell_len(text) <= width:
        return text
    out: list[str] = []
    used = 0
    for char in text:
        size = cell_len(char)
        if used + size > width - 1:
            break
        out.append(char)
        used += size
    return "".join(out) + "…"
