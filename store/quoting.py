"""Text from outside, quoted as data (DESIGN.md §8, §10): the one way memtrust shows, inside
its own questions, words that an agent, an import or a conversation supplied.

A value put into a question ("Save “…” as your preferred channel?") must never pass for
memtrust's words: it must not close the quotation marks, start a new line, reorder the line
with bidi controls, or run on until the question's end falls off the screen. :func:`quoted`
returns the text between memtrust's quotation marks, on one line, with every character that
could do any of that shown as an escape, and cut to a length with ``…``.

Used by the TUI's questions (screens/literal.py styles what :func:`quoted` returns), the
agent server's elicitation messages and refusals (app/mcp_server.py) and the command line's
prompts and summaries (app/cli.py). Where outside text stands alone on a line of its own (a
row of a pane, a field of the detail panel) :func:`one_line` applies the same escapes without
the marks. The store and the export keep the exact text; this is for showing only.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

#: The quotation marks memtrust puts around outside text.
OPEN_QUOTE, CLOSE_QUOTE = "\u201c", "\u201d"
#: How wide (terminal cells) a quoted text may be by default, marks and ellipsis included.
QUOTED_CELLS = 120
#: How wide a short piece of outside text (an id, a name, a tool) repeated in a sentence may be.
ID_CELLS = 42
ELLIPSIS = "\u2026"

#: Characters that look like a quotation mark and could pass for the closing one.
_QUOTE_LIKE = frozenset('"\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb\u2039\u203a\u301d\u301e\u301f\uff02')
#: Named escapes, as in Python and JSON.
_NAMED = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"'}
#: Format characters kept as they are: they join letters (emoji sequences, Persian, Indic
#: scripts) and cannot move or hide text.
_JOINERS = frozenset("\u200c\u200d")


def escaped(char: str) -> str:
    """``char`` as it is shown inside a quotation (module docstring): itself, or an escape.

    Escaped: the backslash, line and paragraph breaks of every kind, other control
    characters (``\\x07``), format characters such as bidi overrides and zero-width spaces
    (``\\u202e``) except the two joiners, lone surrogates, and quotation-mark look-alikes
    (``\\u201d``; ``"`` as ``\\"``).
    """
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    category = unicodedata.category(char)
    if (
        char in _QUOTE_LIKE
        or category in ("Cc", "Zl", "Zp", "Cs")
        or (category == "Cf" and char not in _JOINERS)
        or code == 0x85
    ):
        return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
    return char


def one_line(text: str) -> str:
    r"""``text`` kept to one line, for where it stands alone rather than inside a sentence (a
    row of a list): each character :func:`escaped` escapes is shown so, except quotation marks
    and the backslash, which are kept as typed (there is no mark here for them to close).
    Never raises for any ``str``; no cap (the caller fits it to its column).

    >>> one_line('Call me "Rob"\u2028\u202eok\n')
    'Call me "Rob"\\u2028\\u202eok\\n'
    """
    return "".join(char if char == "\\" or char in _QUOTE_LIKE else escaped(char) for char in text)


def _cells(text: str) -> int:
    """Terminal cells ``text`` takes: wide and full-width characters 2, combining marks 0."""
    total = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me"):
            continue
        total += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return total


def quoted(text: str, cells: int = QUOTED_CELLS) -> str:
    """``text`` as data: ``“…”``, one line, every odd character escaped (:func:`escaped`),
    at most ``cells`` terminal cells wide including the marks, cut with ``…`` inside the
    marks when longer. Never raises for any ``str``; ``cells`` below 4 counts as 4.

    >>> quoted('email” as your channel. Save it?\\n\\n— memtrust: verified')
    '“email\\\\u201d as your channel. Save it?\\\\n\\\\n— memtrust: verified”'
    """
    return OPEN_QUOTE + cut_to_cells([escaped(char) for char in text], max(cells, 4) - 2) + CLOSE_QUOTE


#: Characters a name from outside is never shown with as themselves: memtrust's labels are
#: written in square brackets (``[saved by you]``), which a name must not close or open.
_LABEL_BRACKETS = frozenset("[]")


def quoted_name(text: str, cells: int = ID_CELLS) -> str:
    """A name from outside (an MCP client's ``clientInfo`` name, an assistant's, a consumer's)
    quoted for memtrust's own labels and sentences (§8, §10): :func:`quoted` — one line, quotes
    and controls escaped, at most ``cells`` cells — with the square brackets of memtrust's
    labels escaped too (``\\x5b``, ``\\x5d``), so a name can neither close the label it
    stands in nor start one of its own. Never raises for any ``str``.

    >>> print(quoted_name('Desk”, mine] [x'))
    “Desk\\u201d, mine\\x5d \\x5bx”
    """
    pieces = [f"\\x{ord(char):02x}" if char in _LABEL_BRACKETS else escaped(char) for char in text]
    return OPEN_QUOTE + cut_to_cells(pieces, max(cells, 4) - 2) + CLOSE_QUOTE


def cut_to_cells(pieces: Sequence[str], cells: int, measure: Callable[[str], int] = _cells) -> str:
    """``pieces`` joined when they take at most ``cells`` terminal cells (as ``measure``
    counts them); else the leading whole pieces that fit in ``cells - 1`` and ``…``. A piece
    (a character, or the escape that shows one) is never split, so a cut never halves a wide
    character or an escape. ``measure`` defaults to this module's count; the TUI passes
    Rich's, which is what Textual draws."""
    if sum(measure(piece) for piece in pieces) <= cells:
        return "".join(pieces)
    kept: list[str] = []
    used = 0
    for piece in pieces:
        width = measure(piece)
        if used + width > cells - 1:
            break
        kept.append(piece)
        used += width
    return "".join(kept) + ELLIPSIS
