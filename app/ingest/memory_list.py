"""Reading a memory list: the memories another assistant keeps about you, as people copy them
(DESIGN.md §2 ``import:<assistant>``, §6).

The shapes met in practice, all plain text:

- ChatGPT's *Manage memories* page, copied: one memory per line, no markers.
- Gemini's *Saved info*, Claude's memory view, notes people keep: one memory per bullet
  (``-``, ``*``, ``•``, ``1.``), perhaps under headings (``## Work``, ``**Interests**``,
  ``Personal details:``).
- The block an assistant writes when asked to list everything it remembers (Claude's and
  Gemini's import prompts ask for this): often one fenced code block, headed sections, and
  dated entries such as ``[2024-03-15] - Prefers short answers``; before and after the block,
  the assistant's own chatter ("Here is everything I have stored…").

:func:`parse_memory_list` turns such a text into :class:`ListItem` objects: the memory's
words exactly as written (marker and date taken off), the heading above it, the date it
carries (kept as evidence), and its line number. It decides nothing about keys or storage;
:mod:`app.memory_import` does. A text that is not a memory list (prose, code, a table, JSON
that is not a conversation export) is refused with one sentence, never guessed at: the tests
of its shapes are in ``tests/test_memory_list.py``, and ``bench/memory_list_bench.py``
measures the refusal on the labelled texts of ``tests/data/memory_lists``.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from memtrust.app.ingest.detect import JSONL_FIELDS, MEMTRUST_EXPORT_FIELDS, conversation_format, format_name
from memtrust.store.errors import IngestError
from memtrust.store.nesting import nesting_exceeds, too_deep_sentence

#: The largest memory list read, in bytes: a memory page holds at most a few hundred short
#: entries (a few tens of kB); anything bigger is not one.
MAX_LIST_BYTES = 2_000_000
#: The most items one list may hold (ChatGPT's memory page holds far fewer before it is full).
MAX_ITEMS = 2_000

WHAT_IS_READ = (
    "memtrust reads a memory list as ChatGPT, Claude or Gemini show it: one memory per line or "
    "bullet, optionally under headings and with dates"
)

#: The line memtrust's own ``export --for`` writes first; a list that
#: starts with it came from memtrust.
MEMTRUST_HEADER = re.compile(r"^\W*From memtrust, where I keep\b")


@dataclass(frozen=True)
class ListItem:
    """One memory of a list.

    - ``text``: the memory's words as written, without its bullet, number or date (never
      otherwise changed: case, punctuation and language are kept).
    - ``line``: its line number in the text (1-based).
    - ``heading``: the nearest heading above it (``"Work"``), or ``None``.
    - ``date_text``: the date the list gives it, as written (``"2024-03-15"``, ``"15 March
      2024"``), or ``None``; ``dated``: that date as midnight UTC when it could be read.
    - ``marked_guess``: the list itself marks the item as a guess (memtrust's own export with
      ``--include-inferred`` writes "(a guess: …)"), so it is not the user's own word.
    """

    text: str
    line: int
    heading: str | None = None
    date_text: str | None = None
    dated: datetime | None = None
    marked_guess: bool = False


@dataclass
class MemoryList:
    """What :func:`parse_memory_list` found: the ``items`` in order, the assistant the text
    names outside its items (``chatgpt``, ``claude``, ``gemini``, ``memtrust``; ``None`` when
    it names none or several), whether the items came from a fenced block, how many lines of
    other text lay among the items (not headings, not the assistant's chatter), and whether
    the items were bullets (or dated entries) rather than plain lines.

    ``skipped``: every line that holds words but was not read as a memory, heading or the
    assistant's chatter, as ``(line number, why)`` — text between the bullets, an item too
    long to be one memory — so that no line is dropped without being named (DESIGN.md §6).
    """

    items: list[ListItem] = field(default_factory=list)
    assistant: str | None = None
    fenced: bool = False
    other_lines: int = 0
    bulleted: bool = False
    skipped: list[tuple[int, str]] = field(default_factory=list)


# --- line shapes -------------------------------------------------------------------------

_FENCE = re.compile(r"^\s*(```|~~~)")
_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<text>.+?)\s*#*\s*$")
_BOLD_HEADING = re.compile(r"^\s*(?:\*\*|__)(?P<text>[^*_]{1,80}?)(?:\*\*|__)\s*:?\s*$")
_COLON_HEADING = re.compile(r"^\s*(?P<text>[^\s:][^:]{0,58}):\s*$")
_UNDERLINE = re.compile(r"^\s*(?:=+|-+)\s*$")
_BULLET = re.compile(r"^(?P<indent>\s*)(?:[-*•‣◦·▪–—+]|\d{1,3}[.)]|[a-z][.)])\s+(?:\[[ xX]\]\s+)?(?P<text>\S.*)$")
#: A dated entry without a bullet: ``[2024-03-15] - …`` (Claude's import prompt asks for it).
_BRACKET_DATE_ENTRY = re.compile(r"^\s*\[(?P<date>[^\]]{1,40})\]\s*(?:[-–—:]\s*)?(?P<text>\S.*)$")
#: A line that sets the scope of the items under it, with or without heading marks:
#: ``Scope: research`` as ``## Scope: research`` (docs/moving-memories.md).
_SCOPE_LINE = re.compile(r"^\s*(?:#{1,6}\s+)?(?:\*\*|__)?scope\s*:\s*(?P<scope>[a-z0-9_]{1,64})(?:\*\*|__)?\s*$", re.I)
#: Why a line of words between the bullets of a list was not read.
BETWEEN_BULLETS = "text between the list's bullets, not a memory"
#: A label in bold before the memory: ``**Work:** Designer`` or ``**Work**: Designer``.
_BOLD_LABEL = re.compile(r"^(?:\*\*|__)(?P<label>[^*_:]{1,40}?)(?::(?:\*\*|__)|(?:\*\*|__):)\s*")
_CHATTER = re.compile(
    r"^\s*(?:here\s+(?:is|are|'s)|below\s+(?:is|are)|that'?s\s+(?:everything|all|the\s+complete)"
    r"|this\s+is\s+(?:everything|the\s+(?:complete|full))|these\s+are\s+(?:all|everything)"
    r"|let\s+me\s+know|i\s+(?:don'?t|do\s+not)\s+have\s+(?:any\s+)?(?:more|other|additional)"
    r"|(?:yes|no)[,.]?\s+(?:that|this)\s+is\s+(?:the\s+)?(?:complete|full|all)"
    r"|i\s+(?:have|'ve)\s+(?:listed|included)|(?:that|this)\s+(?:is|was)\s+(?:the\s+)?(?:complete|full)"
    r"|if\s+you\s+(?:want|need|would\s+like)|note:\s+i\s|sure[!,.]|certainly[!,.]|of\s+course[!,.])",
    re.IGNORECASE,
)
#: Whole-item placeholders for a missing date inside the brackets: ``[date unknown]``.
_NO_DATE = re.compile(
    r"^(?:date\s+)?(?:unknown|n/?a|none|no\s+date|not\s+available|undated|\?+|-+)(?:\s+date)?$", re.IGNORECASE
)

# --- dates -------------------------------------------------------------------------------

_MONTHS: dict[str, int] = {}
for _number, _names in enumerate(
    (
        "january jan januar janvier enero gennaio janeiro januari jänner",
        "february feb februar février fevrier febrero febbraio fevereiro februari",
        "march mar märz maerz mars marzo março maart",
        "april apr avril abril aprile",
        "may mai mayo maggio maio mei",
        "june jun juni juin junio giugno junho",
        "july jul juli juillet julio luglio julho",
        "august aug août aout agosto augustus",
        "september sep sept septembre septiembre settembre setembro",
        "october oct oktober octobre octubre ottobre outubro okt",
        "november nov novembre noviembre novembro",
        "december dec dezember décembre decembre diciembre dicembre dezembro",
    ),
    start=1,
):
    for _name in _names.split():
        _MONTHS[_name] = _number
_MONTH = r"(?P<month>" + "|".join(sorted(map(re.escape, _MONTHS), key=len, reverse=True)) + r")\.?"
_DATE_SHAPES = (
    re.compile(r"(?P<year>\d{4})[-/.](?P<mon>\d{1,2})[-/.](?P<day>\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2})?Z?)?"),
    re.compile(r"(?P<day>\d{1,2})\.\s?(?P<mon>\d{1,2})\.\s?(?P<year>\d{4})"),
    re.compile(_MONTH + r"\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})", re.IGNORECASE),
    re.compile(r"(?P<day>\d{1,2})(?:st|nd|rd|th|er|\.)?\s+(?:de\s+)?" + _MONTH + r"\s+(?:de\s+)?(?P<year>\d{4})", re.I),
    re.compile(_MONTH + r"\s+(?P<year>\d{4})", re.IGNORECASE),
    re.compile(r"(?P<year>\d{4})-(?P<mon>\d{1,2})"),
)
#: A date written before the memory, then a separator: ``2024-03-15 - …``, ``15 March 2024: …``.
_LEADING_DATE = re.compile(
    r"^(?:(?:saved|added|noted|updated|on)\s+(?:on\s+)?)?(?P<date>[0-9A-Za-zÀ-ÿ.,/ -]{6,30}?)\s*(?:[-–—:|]\s+|\s+[-–—]\s*)(?P<text>\S.*)$",
    re.IGNORECASE,
)
#: A date after the memory: ``… (saved 2024-03-15)``, ``… — March 2024``.
_TRAILING_DATE = re.compile(
    r"^(?P<text>.*\S)\s*(?:\((?:(?:saved|added|noted|updated|from|as\s+of|since)\s+(?:on\s+)?)?(?P<date1>[^()]{4,30})\)"
    r"|\s[-–—]\s*(?:(?:saved|added|noted|updated)\s+(?:on\s+)?)?(?P<date2>[0-9A-Za-zÀ-ÿ., /-]{4,30}))\s*\.?$",
    re.IGNORECASE,
)

_TRAILING_PAREN = re.compile(r"^(?P<text>.*\S)\s*\((?P<inside>[^()]{4,50})\)\s*\.?$")


def read_date(text: str) -> datetime | None:
    """The date ``text`` is, whole, as midnight UTC: ``2024-03-15``, ``2024/03/15``,
    ``15.03.2024``, ``March 15, 2024``, ``15 March 2024``, ``15 mars 2024``, ``März 2024``
    (month names in English, German, French, Spanish, Italian, Portuguese and Dutch), or
    ``None`` when it is not one of these shapes or not a real date. ``03/04/2024`` is
    ``None``: the day and the month cannot be told apart."""
    cleaned = unicodedata.normalize("NFKC", text).strip().strip(".,;").casefold()
    for shape in _DATE_SHAPES:
        match = shape.fullmatch(cleaned)
        if match is None:
            continue
        parts = match.groupdict()
        month = _MONTHS.get(parts["month"].rstrip(".")) if parts.get("month") else int(parts["mon"])
        try:
            return datetime(int(parts["year"]), month or 0, int(parts.get("day") or 1), tzinfo=UTC)
        except (TypeError, ValueError):
            return None
    return None


def _split_date(text: str) -> tuple[str, str | None, datetime | None]:
    """``(memory, date as written, date)`` for an item's text, the date taken off the front
    (``[2024-03-15] - …``, ``2024-03-15: …``) or the end (``… (saved 15 March 2024)``)."""
    if (match := _BRACKET_DATE_ENTRY.match(text)) is not None:
        inside = match.group("date").strip()
        dated = read_date(inside)
        if dated is not None or _NO_DATE.match(inside):
            return match.group("text").strip(), (inside if dated is not None else None), dated
    if (match := _LEADING_DATE.match(text)) is not None:
        written = match.group("date").strip()
        dated = read_date(written)
        if dated is not None:
            return match.group("text").strip(), written, dated
    if (match := _TRAILING_DATE.match(text)) is not None:
        written = (match.group("date1") or match.group("date2") or "").strip()
        dated = read_date(written)
        if dated is not None:
            return match.group("text").strip(), written, dated
    if (match := _TRAILING_PAREN.match(text)) is not None:
        # "(guardado el 2 de abril de 2025)", "(gespeichert am 3. März 2024)": a few words, then a date
        words = match.group("inside").split()
        for start in range(1, min(4, len(words))):
            written = " ".join(words[start:])
            if (dated := read_date(written)) is not None:
                return match.group("text").strip(), written, dated
    return text.strip(), None, None


# --- memtrust's own guess label ------------------------------------------------------

#: How ``memtrust export --for … --include-inferred`` marks a guess at the end of its line.
GUESS_MARK = re.compile(r"\s*\(a guess: memtrust inferred this[^()]*\)\s*$", re.IGNORECASE)

# --- assistants named outside the items -------------------------------------------------

_ASSISTANT_WORDS = {
    "chatgpt": re.compile(r"\b(?:chat\s?gpt|openai|gpt-?[345o]\w*)\b", re.IGNORECASE),
    "claude": re.compile(r"\b(?:claude|anthropic)\b", re.IGNORECASE),
    "gemini": re.compile(r"\b(?:gemini|bard)\b", re.IGNORECASE),
}


def named_assistant(texts: list[str]) -> str | None:
    """The one assistant ``texts`` name (``chatgpt``, ``claude``, ``gemini``; ``memtrust``
    when one of them is memtrust's own header), or ``None`` when they name none or several.
    Only the list's own framing is passed here (its chatter, headings and file name), never
    its items: a memory may well mention an assistant ("Uses Claude for code reviews")."""
    if any(MEMTRUST_HEADER.match(text) for text in texts):
        return "memtrust"
    found = {name for name, pattern in _ASSISTANT_WORDS.items() for text in texts if pattern.search(text)}
    return found.pop() if len(found) == 1 else None


# --- parsing -----------------------------------------------------------------------------


def _heading(line: str, next_line: str | None) -> str | None:
    """The heading's words when ``line`` is a heading (``## Work``, ``**Work**``, ``Work:``,
    or a line underlined with ``===``/``---``), else ``None``."""
    for pattern in (_MD_HEADING, _BOLD_HEADING, _COLON_HEADING):
        if (match := pattern.match(line)) is not None:
            return match.group("text").strip(" *_:")
    if next_line is not None and _UNDERLINE.match(next_line) and 0 < len(line.strip()) <= 60:
        return line.strip()
    return None


def _lines_to_read(lines: list[str]) -> tuple[list[tuple[int, str]], list[str], bool]:
    """The numbered lines that may hold memories, the framing lines outside them, and whether
    they came from fenced blocks: when the text has a fenced block, only what is inside its
    fences is read (the assistant's chatter is outside), else every line."""
    inside: list[tuple[int, str]] = []
    outside: list[str] = []
    fence: str | None = None
    for number, line in enumerate(lines, start=1):
        match = _FENCE.match(line)
        if match is not None and (fence is None or match.group(1) == fence):
            if fence is None:
                fence = match.group(1)
                outside.append(line.strip().lstrip("`~"))  # the info string: ```text, ```markdown
            else:
                fence = None
            continue
        if fence is not None:
            inside.append((number, line))
        else:
            outside.append(line)
    if inside:
        return inside, outside, True
    return list(enumerate(lines, start=1)), [], False


def _is_bulleted(numbered: list[tuple[int, str]]) -> bool:
    """Whether any line is a bullet or a ``[date] - …`` entry: then only those are items."""
    return any(_BULLET.match(line) or _BRACKET_DATE_ENTRY.match(line) for _, line in numbered)


def _dated_entry(line: str) -> bool:
    """Whether ``line`` is a dated entry without a bullet, in a form the list's dates are
    documented in: ``[2024-03-15] - …`` or ``2026-11-30: …`` (a date that reads, then a
    separator and words)."""
    if _BRACKET_DATE_ENTRY.match(line):
        return True
    match = _LEADING_DATE.match(line.strip())
    return match is not None and read_date(match.group("date").strip()) is not None


def _items(
    numbered: list[tuple[int, str]], framing: list[str], skipped: list[tuple[int, str]]
) -> tuple[list[ListItem], int]:
    """The items among ``numbered`` lines, and how many lines of other text lay between them
    (neither items, headings nor chatter); those lines are appended to ``skipped`` with why.
    Headings and chatter are appended to ``framing``, for :func:`named_assistant`."""
    bulleted = _is_bulleted(numbered)
    items: list[ListItem] = []
    heading: str | None = None
    other = 0
    last_indent: int | None = None
    for index, (number, line) in enumerate(numbered):
        if not line.strip() or _UNDERLINE.match(line):  # a blank line, a rule, a heading's underline
            last_indent = None if not line.strip() else last_indent
            continue
        next_line = numbered[index + 1][1] if index + 1 < len(numbered) else None
        bullet = _BULLET.match(line)
        body = bullet.group("text") if bullet else line.strip()
        if not bullet and (scope := _SCOPE_LINE.match(line)) is not None:
            heading = f"Scope: {scope.group('scope')}"
            framing.append(heading)
            last_indent = None
            continue
        words = _heading(body if bullet else line, None if bullet else next_line)
        if words is not None and (not bullet or body.rstrip().endswith(":") or _BOLD_HEADING.match(body)):
            heading = words
            framing.append(words)
            last_indent = None
            continue
        if bulleted and not bullet and not _dated_entry(line):
            indent = len(line) - len(line.lstrip())
            if items and last_indent is not None and indent > last_indent:  # a wrapped bullet goes on
                previous = items[-1]
                items[-1] = ListItem(
                    f"{previous.text} {line.strip()}",
                    previous.line,
                    previous.heading,
                    previous.date_text,
                    previous.dated,
                    previous.marked_guess,
                )
                continue
            framing.append(line.strip())
            other += 1
            skipped.append((number, BETWEEN_BULLETS))
            continue
        if _CHATTER.match(body) or MEMTRUST_HEADER.match(body):
            framing.append(body)
            continue
        text, date_text, dated = _split_date(_BOLD_LABEL.sub(r"\g<label>: ", body, count=1))
        guess = GUESS_MARK.search(text) is not None
        text = GUESS_MARK.sub("", text).strip()
        if text:
            items.append(ListItem(text, number, heading, date_text, dated, guess))
            last_indent = len(line) - len(line.lstrip())
    return items, other


def parse_memory_list(text: str, name: str) -> MemoryList:
    """The memories in ``text``, a memory list (module docstring) named ``name`` (its file
    name, or ``standard input``), in order.

    Lines are taken as memories one per bullet (or per line when the text has no bullets),
    inside the fenced block when there is one; headings (``#``, bold, ``Label:``) are kept
    with the items under them; a date before or after an item, or in ``[…]`` before it, is
    taken off its words and kept. Chatter such as "Here is everything I remember" is skipped.

    Raises :class:`IngestError` with one sentence naming ``name`` when the text is not a
    memory list (:func:`refusal`).
    """
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    numbered, outside, fenced = _lines_to_read(lines)
    framing = [line for line in outside if line.strip()]
    skipped: list[tuple[int, str]] = []
    items, other = _items(numbered, framing, skipped)
    found = MemoryList(items, named_assistant([*framing, name]), fenced, other, _is_bulleted(numbered), skipped)
    _skip_long_items(found)
    if (problem := refusal(text, name, found)) is not None:
        raise IngestError(problem)
    return found


_SENTENCE = re.compile(r"[.!?。！？](?:\s|$)")
_CODE_LINE = re.compile(r"[;{}]\s*$|^\s*(?:def|class|import|from|return|if|for|while|function|var|let|const)\b|=>|::")


_SPEAKER = re.compile(r"^(?:user|assistant|you|me|human|ai|chatgpt|claude|gemini|bot|system)\s*:\s", re.IGNORECASE)
_CONFIG_LINE = re.compile(r"^\[[\w .-]+\]$|^[\w.-]+\s*=\s*\S")
_LOG_LINE = re.compile(
    r"^\W?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|^\d{2}:\d{2}:\d{2}|\b(?:INFO|DEBUG|WARN|WARNING|ERROR|TRACE|FATAL)\b"
)
#: An item of more words than this is a paragraph, not a memory (a memory page's entries are
#: one or two sentences); a text of one unbulleted line, of more than half as many.
PROSE_WORDS = 120
#: Lines at least this long (characters, on average) that run on into the next line are prose
#: wrapped to a width, not separate memories.
WRAPPED_LINE_CHARS = 50


def _sentences(text: str) -> int:
    return len(_SENTENCE.findall(text.strip() + " "))


def _too_long(text: str) -> bool:
    """Whether an item is a paragraph rather than one memory: more than three sentences or
    more than :data:`PROSE_WORDS` words."""
    return _sentences(text) > 3 or len(text.split()) > PROSE_WORDS


def _skip_long_items(found: MemoryList) -> None:
    """In a list whose items are mostly memories — one a bullet, or one a line when it has no
    bullets — take each item too long to be one (:func:`_too_long`) out and name it in
    ``found.skipped``: the line is refused, as a value too long is, and the rest of the list
    is kept. A text whose items are mostly paragraphs is left whole for :func:`refusal` to
    refuse as prose."""
    long = [item for item in found.items if _too_long(item.text)]
    if not long or len(long) * 2 >= len(found.items):
        return
    for item in long:
        found.skipped.append(
            (item.line, f"{len(item.text.split()):,} words, too long for one memory: a memory is a sentence or two")
        )
    found.items = [item for item in found.items if not _too_long(item.text)]
    found.skipped.sort()


def _wrapped_lines(items: list[ListItem]) -> int:
    """How many items continue the sentence of the line just above them: the line above ends
    with a comma (verse, a sentence broken by hand), or the item starts in lower case, the line
    above ends without a full stop, and both are long (prose wrapped to a width). A hand-typed
    list of short lower-case memories does not count."""
    count = 0
    for above, item in itertools.pairwise(items):
        if (item.line == above.line + 1 and above.text.rstrip().endswith(",")) or (
            item.line == above.line + 1
            and item.text[:1].islower()
            and not above.text.rstrip().endswith((".", "!", "?", ":", ";"))
            and (len(above.text) + len(item.text)) / 2 >= WRAPPED_LINE_CHARS
        ):
            count += 1
    return count


def json_refusal(text: str, name: str) -> str | None:
    """Why ``text`` is not a memory list when it is JSON, in one sentence naming ``name`` and
    what the JSON is; ``None`` when ``text`` is not JSON.

    JSON is one document of any kind — an array, an object, and also ``null``, ``true``, a
    number or a quoted string, which would otherwise read as a one-line list — or JSON Lines
    (every line an object). A ChatGPT, Claude.ai or JSON Lines conversation export (given with
    ``--from``, or piped to ``memtrust ingest -``) and a memtrust export are named as such, with
    the command that reads them; JSON nested deeper than :data:`store.nesting.MAX_NESTING` gets
    the nesting sentence every reader gives (DESIGN.md §6). Never raises.
    """
    try:
        document = json.loads(text)
    except RecursionError:
        return too_deep_sentence(name)
    except ValueError:
        document = _json_lines_first(text)
        if document is None:
            return None
        if all(field in document for field in JSONL_FIELDS):
            return f"{name} is a JSON Lines conversation export, not a memory list; {_GIVE_THE_FILE}."
        return (
            f"{name} is JSON Lines, but neither a conversation export memtrust reads nor a memory list; {WHAT_IS_READ}."
        )
    if nesting_exceeds(document):
        return too_deep_sentence(name)
    first = document[0] if isinstance(document, list) and document else document
    if isinstance(document, dict) and document.keys() >= MEMTRUST_EXPORT_FIELDS:
        return f"{name} is a memtrust export, not a memory list; use memtrust import to restore it."
    if (format := conversation_format(first)) is not None:
        return f"{name} is a {format_name(format)} conversation export, not a memory list; {_GIVE_THE_FILE}."
    return (
        f"{name} is JSON, but neither a conversation export memtrust reads (ChatGPT or Claude.ai "
        f"conversations.json, JSON Lines) nor a memory list; {WHAT_IS_READ}."
    )


#: How a conversation export given as a memory list is read instead.
_GIVE_THE_FILE = "give memtrust ingest its file, without --from, to read its conversations"


def _json_lines_first(text: str) -> dict[str, object] | None:
    """The first object of ``text`` when every line of it that is not blank starts with ``{``
    and the first is a JSON object (JSON Lines), else ``None``."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines or not all(line.lstrip().startswith("{") for line in lines):
        return None
    try:
        first = json.loads(lines[0])
    except (ValueError, RecursionError):
        return None
    return first if isinstance(first, dict) else None


def refusal(text: str, name: str, found: MemoryList) -> str | None:
    """Why ``text`` is not a memory list, in one sentence naming ``name``, or ``None``.

    Refused: JSON of any kind (:func:`json_refusal`), HTML or XML, a text with no memories in it, more than :data:`MAX_ITEMS`, and
    texts whose lines read as something else — paragraphs (an item of more than three
    sentences, or most items two or more), prose wrapped over lines (most lines start in
    lower case and end without a full stop), code, or a table (every line split by the same
    number of commas, tabs or bars). The thresholds are measured by
    ``bench/memory_list_bench.py`` on ``tests/data/memory_lists``.
    """
    stripped = text.strip()
    if not stripped:
        return f"{name} is empty; {WHAT_IS_READ}."
    if (not_a_list := json_refusal(stripped, name)) is not None:
        return not_a_list
    if stripped.startswith("<") and re.match(r"<(?:!doctype|html|\?xml|[a-z]+[ >])", stripped, re.IGNORECASE):
        return f"{name} is HTML or XML, not a memory list; copy the memories' text instead; {WHAT_IS_READ}."
    items = found.items
    if not items:
        return f"{name} has no memories in it; {WHAT_IS_READ}."
    if len(items) > MAX_ITEMS:
        return f"{name} has {len(items):,} lines, more than a memory list holds ({MAX_ITEMS:,}); {WHAT_IS_READ}."
    texts = [item.text for item in items]
    many = sum(1 for t in texts if _sentences(t) >= 2)
    if (
        any(_too_long(t) for t in texts)
        or (len(texts) >= 2 and many * 2 > len(texts))
        or (len(texts) == 1 and not found.bulleted and len(texts[0].split()) > PROSE_WORDS // 2)
    ):
        return f"{name} reads as paragraphs of prose, not a list of memories; {WHAT_IS_READ}."
    if not found.bulleted and _wrapped_lines(items) >= 2:
        return f"{name} reads as prose wrapped over several lines, not a list of memories; {WHAT_IS_READ}."
    speakers = sum(1 for t in texts if _SPEAKER.match(t))
    if speakers * 2 > len(texts) and speakers >= 2:
        return (
            f"{name} looks like a conversation transcript, not a list of memories; give memtrust the "
            "assistant's conversation export (conversations.json) instead."
        )
    code = sum(1 for t in texts if _CODE_LINE.search(t) or _CONFIG_LINE.match(t))
    if code * 3 >= len(texts) and code >= 2:
        return f"{name} looks like program code, not a list of memories; {WHAT_IS_READ}."
    logged = sum(1 for t in texts if _LOG_LINE.search(t))
    if logged * 2 > len(texts) and logged >= 2:
        return f"{name} looks like a log file, not a list of memories; {WHAT_IS_READ}."
    if len(texts) >= 3:
        for separator in (",", "\t", "|", ";"):
            counts = {t.count(separator) for t in texts}
            if len(counts) == 1 and min(counts) >= 2:
                return f"{name} looks like a table (CSV), not a list of memories; {WHAT_IS_READ}."
    if found.other_lines > max(2, len(items)) and not found.fenced:
        return f"{name} is mostly text between a few list lines, not a list of memories; {WHAT_IS_READ}."
    return None


def _megabytes(size: int) -> str:
    """``size`` bytes in megabytes (10^6 bytes) for a sentence: one decimal, never rounded down
    to the limit it is compared with (2,400,000 bytes is ``2.4 MB``, not ``2 MB``)."""
    return f"{math.ceil(size / 1e5) / 10:g} MB"


def read_memory_list_file(path: Path) -> MemoryList:
    """:func:`parse_memory_list` of the UTF-8 text file at ``path`` (a UTF-8 byte-order mark is
    skipped). Raises :class:`IngestError` (one sentence naming the file) when it is missing,
    a folder, unreadable, larger than :data:`MAX_LIST_BYTES`, not UTF-8 text, or not a memory
    list."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_LIST_BYTES:
            raise IngestError(
                f"{path.name} is {_megabytes(size)}, far more than a memory list (at most "
                f"{_megabytes(MAX_LIST_BYTES)}); {WHAT_IS_READ}, "
                "and a conversation export is a JSON file."
            )
        data = path.read_bytes()
    except FileNotFoundError:
        raise IngestError(f"{path.name}: no such file.") from None
    except IsADirectoryError:
        raise IngestError(f"{path.name} is a folder, not a file.") from None
    except PermissionError:
        raise IngestError(f"{path.name} cannot be read (permission denied).") from None
    return parse_memory_list(decode_list(data, path.name), path.name)


def decode_list(data: bytes, name: str) -> str:
    """``data`` as text: UTF-8 (a byte-order mark skipped), or UTF-16 with its byte-order mark
    (what Windows Notepad may save). Raises :class:`IngestError` for anything else, and for
    binary data (a NUL byte in UTF-8)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise IngestError(f"{name} is not readable text.") from None
    if b"\x00" in data:
        raise IngestError(f"{name} is a binary file, not a text list of memories; {WHAT_IS_READ}.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise IngestError(f"{name} is not UTF-8 text; save it as UTF-8 and try again.") from None


def is_conversation_export(path: Path) -> bool:
    """Whether ``path`` is, or starts like, a conversation export rather than a memory list:
    a folder (of export shards), zip or gzip data, a JSON object or JSON Lines (``{``), or a
    JSON array of objects or arrays (``[`` then ``{``, ``[`` or ``]``). A memory list may also
    start with ``[`` — a dated entry such as ``[2024-03-15] - …`` — so only what follows the
    bracket decides. A file that cannot be read counts as an export, whose reader says why in
    one sentence."""
    if Path(path).is_dir():
        return True
    try:
        with open(path, "rb") as handle:
            head = handle.read(256)
    except OSError:
        return True
    if head.startswith((b"\x1f\x8b", b"PK\x03\x04", b"PK\x05\x06")):  # gzip, zip (or an empty zip)
        return True
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if text.startswith(b"{"):
        return True
    return text.startswith(b"[") and text[1:].lstrip()[:1] in (b"{", b"[", b"]")
