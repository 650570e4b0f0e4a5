"""Showing user and agent text literally (DESIGN.md §8).

Values, keys and titles come from users, imports and agents. They are never parsed as
Textual or Rich markup: every function here returns plain ``str`` for use in a
:class:`textual.content.Content` (which never interprets markup) or builds ``Content``
directly. Control and escape characters are neutralised *for display only*; the store and
the export keep the exact text.
"""

from __future__ import annotations

import unicodedata

from textual.content import Content

#: Invisible characters that can reorder or hide text (bidi overrides and isolates).
_BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


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
    return Content.styled(displayable(text, keep_newlines=keep_newlines), style) if style else Content(
        displayable(text, keep_newlines=keep_newlines)
    )
