"""Showing user and agent text literally (DESIGN.md §8, §10).

Values, keys and titles come from users, imports and agents. They are never parsed as
Textual or Rich markup: every function here returns plain ``str`` for use in a
:class:`textual.content.Content` (which never interprets markup) or builds ``Content``
directly. What may break a line, reorder it or pass for memtrust's own words is escaped by
the one rule of :mod:`memtrust.store.quoting`; this module only styles and fits what that
returns. The store and the export keep the exact text.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.content import Content

from memtrust.store.quoting import INVISIBLE, QUOTED_CELLS, cut_to_cells, one_line, quoted, quoted_name

#: How outside text inside one of memtrust's questions is set apart from memtrust's words,
#: besides its quotation marks.
QUOTED_STYLE = "bold"


def displayable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` on one line (:func:`memtrust.store.quoting.one_line`): line breaks, tabs,
    C0/C1 control characters, bidi controls and other invisible format characters shown as
    escapes such as ``\\n``, ``\\x1b`` or ``\\u202e``, so an ANSI sequence, a right-to-left
    override or a line break in a value cannot restyle, reorder or add to the screen.

    ``keep_newlines``: ``\\n`` stays a line break (each line escaped the same way), for a
    panel that shows a value whole and indents what follows its first line.
    """
    if text.isprintable() and (text.isascii() or INVISIBLE.isdisjoint(text)):
        # Nothing to escape: every character one_line escapes is one str.isprintable refuses
        # or one of the invisible printable ones (tests/test_tui_literal.py checks each code
        # point). The common case, at C speed: a search keystroke shows some 70 such texts.
        return text
    if keep_newlines:
        return "\n".join(one_line(line) for line in text.split("\n"))
    return one_line(text)


def quoted_text(text: str, cells: int = QUOTED_CELLS, style: str = QUOTED_STYLE) -> Content:
    """Outside text inside one of memtrust's questions or sentences: ``“…”`` on one line,
    escaped and cut to ``cells`` terminal cells (marks included) by
    :func:`memtrust.store.quoting.quoted`, in ``style`` (bold by default) so that it stands
    apart from the question's own words. Markup is never parsed.
    """
    shown = quoted(text, cells)
    return Content.styled(shown, style) if style else Content(shown)


def quoted_name_text(text: str, cells: int, style: str = QUOTED_STYLE) -> Content:
    """A name from outside (an MCP client's) in memtrust's sentences and badges: as
    :func:`quoted_text`, its square brackets escaped too
    (:func:`memtrust.store.quoting.quoted_name`), so it cannot close a ``[…]`` badge."""
    shown = quoted_name(text, cells)
    return Content.styled(shown, style) if style else Content(shown)


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
    return cut_to_cells(list(text), width, cell_len)
