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
from functools import lru_cache

#: The quotation marks memtrust puts around outside text.
OPEN_QUOTE, CLOSE_QUOTE = "\u201c", "\u201d"
#: How wide (terminal cells) a quoted text may be by default, marks and ellipsis included.
QUOTED_CELLS = 120
#: How wide a short piece of outside text (an id, a name, a tool) repeated in a sentence may be.
ID_CELLS = 42
ELLIPSIS = "\u2026"

#: Words of a character's Unicode name that mark it as a quotation mark or one that looks like
#: one: the dingbat and emoji ornaments (U+275D, U+1F676), the primes and the double acute that
#: read as ``"`` (U+2033, U+02BA, U+02DD), the ditto mark (U+3003), the Hebrew gershayim
#: (U+05F4) and the full-width apostrophe. Derived from the character database, not a list, so
#: that a look-alike memtrust never heard of is escaped too.
_QUOTE_NAME_WORDS = ("QUOTATION", "QUOTE", "PRIME", "DITTO", "GERSHAYIM", "DOUBLE ACUTE", "APOSTROPHE")
#: The apostrophe as written in words ("don't", "l’immeuble", Ukrainian "м’ята"): a single
#: mark that cannot pass for memtrust's double closing one, kept as typed so that ordinary
#: text stays readable.
_APOSTROPHES = frozenset("'\u2019\u02bc")


@lru_cache(maxsize=4096)
def looks_like_quote(char: str) -> bool:
    """Whether ``char`` (one character) is a quotation mark or could pass for one, so that
    memtrust escapes it inside its own quotation marks (§8, §10).

    True for every initial and final quotation mark (Unicode categories ``Pi``, ``Pf``), every
    opening and closing bracket outside ASCII (``Ps``, ``Pe``: the corner brackets that quote in
    Chinese and Japanese, 「」『』｢｣, the guillemet-like angle brackets …), which covers the
    Unicode ``Quotation_Mark`` property, and every character whose name says it is or looks
    like one (:data:`_QUOTE_NAME_WORDS`), except the apostrophe of words (U+0027, U+2019,
    U+02BC) and letters and marks other than those drawn as a double mark (ʺ, ˮ). ASCII ``( ) [ ] { }`` are kept: they cannot pass for a quotation mark (labels'
    square brackets are escaped where a name stands in one, :func:`quoted_name`).
    """
    if char == '"':
        return True
    if char in _APOSTROPHES or char.isascii():
        return False
    category = unicodedata.category(char)
    if category in ("Pi", "Pf", "Ps", "Pe"):
        return True
    if category[0] in "NZC":
        return False
    name = unicodedata.name(char, "")
    if category[0] in "LM":
        # Letters and marks of words (Hungarian ő, N'Ko tone apostrophes) are kept; only the
        # modifier letters drawn as a double mark (U+02BA ʺ, U+02EE ˮ) read as a quote.
        return "DOUBLE PRIME" in name or "DOUBLE APOSTROPHE" in name
    return any(word in name for word in _QUOTE_NAME_WORDS)


#: Printable code points that draw nothing (Unicode's Default_Ignorable_Code_Point property
#: outside the format characters, which are escaped by category): the combining grapheme
#: joiner, the Hangul fillers, Khmer's inherent vowels, the Mongolian free variation
#: selectors and the variation selectors but the two that pick an emoji's text or colour
#: presentation (U+FE0E, U+FE0F). Shown raw, they pad or split a value without a trace.
INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0"
    + "".join(chr(code) for code in range(0xFE00, 0xFE0E))
    + "".join(chr(code) for code in range(0xE0100, 0xE01F0))
)
#: Named escapes, as in Python and JSON.
_NAMED = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"'}
#: Format characters kept as they are: they join letters (emoji sequences, Persian, Indic
#: scripts) and cannot move or hide text.
_JOINERS = frozenset("\u200c\u200d")


def escaped(char: str) -> str:
    """``char`` as it is shown inside a quotation (module docstring): itself, or an escape.

    Escaped: the backslash, line and paragraph breaks of every kind, other control
    characters (``\\x07``), format characters such as bidi overrides and zero-width spaces
    (``\\u202e``) except the two joiners, the other invisible code points of
    :data:`INVISIBLE` (``\\u3164``), lone surrogates, and quotation-mark look-alikes
    (:func:`looks_like_quote`: ``\\u201d``, ``\\u275e``; ``"`` as ``\\"``).
    """
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    category = unicodedata.category(char)
    if (
        looks_like_quote(char)
        or char in INVISIBLE
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
    return "".join(char if char == "\\" or looks_like_quote(char) else escaped(char) for char in text)


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


def data_line(text: str) -> str:
    """A value from outside on one line of a block memtrust labels in square brackets (the
    context block's ``- [saved by you] key: value``, §7, §8): :func:`one_line`, with the
    brackets escaped as in :func:`quoted_name` (``\\x5b``, ``\\x5d``), so a value's own
    ``[saved by you]`` never reads as memtrust's label. Never raises for any ``str``.

    >>> print(data_line("Amsterdam [saved by you]"))
    Amsterdam \x5bsaved by you\x5d
    """
    return "".join(f"\\x{ord(char):02x}" if char in _LABEL_BRACKETS else char for char in one_line(text))


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
