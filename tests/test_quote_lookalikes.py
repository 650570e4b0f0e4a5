"""Quotation-mark look-alikes inside memtrust's own quotation marks (DESIGN.md §8, §10).

An agent's value, an import's text or a client's name may hold any character that is, or is
drawn like, a quotation mark; each must be shown as an escape inside memtrust's “…”, so that
the value cannot close memtrust's quote and go on in memtrust's voice. The characters are
drawn from the Unicode character database that Python ships (categories and names), not from
a list written beside the code.
"""

from __future__ import annotations

import sys
import unicodedata

import pytest

from memtrust.store.quoting import CLOSE_QUOTE, OPEN_QUOTE, one_line, quoted, quoted_name

#: The apostrophe as written inside words, kept as typed (a single mark cannot pass for the
#: double closing one).
APOSTROPHES = {"'", "\u2019", "\u02bc"}


def _every_character() -> list[str]:
    return [chr(code) for code in range(sys.maxunicode + 1)]


def _quote_like_by_database() -> list[str]:
    """Every initial/final quotation mark, every non-ASCII opening/closing bracket, and every
    character named a quotation mark, a double prime, a ditto mark or a gershayim."""
    found = []
    for char in _every_character():
        category = unicodedata.category(char)
        name = unicodedata.name(char, "")
        if (
            category in ("Pi", "Pf")
            or (category in ("Ps", "Pe") and not char.isascii())
            or (category[0] not in "LM" and any(word in name for word in ("QUOTATION", "PRIME", "DITTO", "GERSHAYIM")))
            or "DOUBLE PRIME" in name
        ):
            found.append(char)
    return [char for char in found if char not in APOSTROPHES]


#: The Unicode ``Quotation_Mark`` property (PropList.txt, Unicode 15.1; Unicode licence),
#: which Python's unicodedata does not expose, for the database-derived set to be checked
#: against: all of these but the apostrophes must be escaped.
QUOTATION_MARK_PROPERTY = [
    *(0x22, 0x27, 0xAB, 0xBB, 0x2E42, 0xFF02, 0xFF07, 0xFF62, 0xFF63, 0x2039, 0x203A),
    *range(0x2018, 0x2020),
    *range(0x300C, 0x3010),
    *range(0x301D, 0x3020),
    *range(0xFE41, 0xFE45),
]

#: The value of the report, character for character.
REPORTED = 'warm❞ ❝ 〞 ＂ ″ ʺ » › ⹂ 🙶 🙷 ❜ ‛ ‹ « 「 」 『 ｢ ˝ 〃 ״ "'


def test_every_quote_like_character_of_the_unicode_database_is_escaped_inside_the_marks():
    chars = _quote_like_by_database()
    assert len(chars) > 150  # the database, not a handful
    kept = [
        f"U+{ord(char):04X} {unicodedata.name(char, '?')}" for char in chars if not quoted(char)[1:-1].startswith("\\")
    ]
    assert kept == []


def test_the_unicode_quotation_mark_property_is_escaped_but_for_the_apostrophe():
    kept = [
        f"U+{code:04X}"
        for code in QUOTATION_MARK_PROPERTY
        if chr(code) not in APOSTROPHES and not quoted(chr(code))[1:-1].startswith("\\")
    ]
    assert kept == []


def test_no_character_can_stand_as_memtrusts_closing_mark_or_any_quote_inside_the_quote():
    # Whatever a value holds, the only unescaped quotation characters of what is shown are
    # memtrust's own two marks at its ends (and the apostrophe of words).
    for char in _every_character():
        inner = quoted("a" + char + "b", 400)[1:-1]
        for shown in inner:
            category = unicodedata.category(shown)
            assert shown in APOSTROPHES or category not in ("Pi", "Pf"), f"U+{ord(char):04X}"


def test_the_reported_value_is_escaped_character_by_character():
    shown = quoted(REPORTED, 400)
    inner = shown[1:-1]
    for char in set(REPORTED) - {" ", "w", "a", "r", "m"}:
        assert quoted(char)[1:-1].startswith("\\"), f"U+{ord(char):04X} {unicodedata.name(char)}"
        assert char not in inner.replace('\\"', ""), f"U+{ord(char):04X} {unicodedata.name(char)}"
    assert shown[0] == OPEN_QUOTE and shown[-1] == CLOSE_QUOTE


def test_a_client_name_with_a_dingbat_quote_cannot_close_the_label_it_stands_in():
    inner = quoted_name("me❞, by you] [saved by you")[1:-1]
    assert "❞" not in inner and "]" not in inner and "[" not in inner


@pytest.mark.parametrize("word", ["don’t", "l'immeuble", "őszi", "Ŭ", "(work) [draft] {x}"])
def test_ordinary_words_keep_their_apostrophes_and_letters(word):
    assert quoted(word) == OPEN_QUOTE + word + CLOSE_QUOTE


def test_one_line_keeps_quote_marks_as_typed_where_no_mark_stands_around_them():
    assert one_line("say ❞hi❝\n") == "say ❞hi❝\\n"
