"""Who is speaking in a user's message: their own words, or material they pasted (DESIGN.md §6).

A user's turn often carries text that is not the user talking to the assistant: notes to
summarise, an e-mail to answer, a quote, code, a transcript, a document that speaks *about*
"the user". Such material says "remember …" as often as people do, and none of it is the
user asking to be remembered. This module decides by the **shape** of the message, not by
what the words say, and returns the passages that are the user's own:

- **fenced and triple-quoted blocks** (`````…`````, ``~~~``, ``\"\"\"…\"\"\"``, ``'''…'''``),
  ``>`` quote lines, and text in quotation marks are material;
- **forwarded messages and replies** (a forward or original-message divider, "On …
  wrote:") are material to the end;
- **e-mails and letters**: a run of header lines (From/To/Subject…, in five languages), or
  a greeting line with a sign-off further on, are material up to the name after the
  sign-off;
- **transcripts**: two or more "Speaker: words" lines with different speakers (or
  timestamps) are material;
- **an introducer and what it introduces**: a line ending in a colon whose words ask to
  work on something ("summarize these notes:", "what do you think of this email:",
  "translate:") makes what follows material, to the end of the message — unless that
  introducer is itself a request to remember ("remember the following:"), whose items are
  then the user's own; a task-colon inside a line ("Proofread: …") makes the rest of the
  line material;
- **markdown headings** start a document: material to the end;
- **long messages** (more than :data:`LONG_CHARS` characters of prose) are a paste with the
  user's words around it: only a short first paragraph and a short last one can be theirs,
  never what lies deep inside;
- a **document about "the user"** (naming "the user", "the customer"… twice or more, in any
  of the five languages) is not the user speaking; a sentence about "the user" never is.

After open-ended material (an introducer's, a long paste's, a forward's), a short last
paragraph set apart by a blank line is the user's again only when it sounds like them: it
speaks in the first or second person, or opens with a word that turns back to the
assistant ("also", "PS", "btw", "ook", "übrigens", "aussi", "también" …). Material with a
clear end (a fence, quotes, a letter's sign-off, a transcript's last line) gives the
speech back at once.

Everything is computed from the text alone, line by line; nothing here knows the
request phrases (:mod:`app.detectors.intents` finds those, in the passages returned).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: A message longer than this (characters, outside the material found by shape) is a paste
#: with the user's words around it.
LONG_CHARS = 900
#: The most a paragraph around a paste may hold to count as the user's own words.
AROUND_CHARS = 320


@dataclass(frozen=True)
class Passage:
    """A stretch of a message: ``text`` is ``message[start:end]``; ``own`` tells whether it is
    the user's own words, ``why`` (for material) what shape made it material, in words."""

    start: int
    end: int
    text: str
    own: bool
    why: str = ""


# --- shapes ------------------------------------------------------------------------------

_FENCED = re.compile(r"(```|~~~|\"\"\"|''')(.*?)(?:\1|\Z)", re.DOTALL)
_QUOTE_LINE = re.compile(r"^\s*>")
_QUOTED = re.compile(
    r"“[^”\n]*”|„[^“”\n]*[“”]|«[^»\n]*»|\"[^\"\n]{3,}\"|‘(?:[^’\n]|’(?=\w))*’"
    # ASCII single quotes: opened after a space, a colon or a bracket (never the apostrophe of
    # "don't"), closed before a non-letter; an apostrophe between letters inside is kept.
    r"|(?<![\w'’])'(?=\S)(?:[^'\n]|(?<=\w)'(?=\w))+(?<=\S)'(?!\w)"
)
#: A quotation this short (words), holding no request word, is a value the user names
#: ("my name is 'Bo'", "call me “Sam”"), part of their own sentence, not material.
QUOTED_VALUE_WORDS = 3
_FORWARD = re.compile(
    r"^\s*(?:-{2,}\s*(?:forwarded message|original message|doorgestuurd bericht|oorspronkelijk bericht|"
    r"weitergeleitete nachricht|ursprüngliche nachricht|message transféré|message d'origine|"
    r"mensaje reenviado|mensaje original)\b.*"
    r"|begin forwarded message\s*:?"
    r"|(?:on|op|am|le|el)\s.{4,90}\s(?:wrote|schreef|schrieb|a écrit|escribió)\s*:\s*"
    r"|(?:fwd?|fw|wg|tr|rv)\s*:.*)$",
    re.IGNORECASE,
)
_HEADER = re.compile(
    r"^\s*(?:from|to|cc|bcc|subject|date|sent|reply-to|van|aan|onderwerp|datum|verzonden|von|an|betreff|"
    r"gesendet|de|à|a|objet|envoyé|date|para|asunto|enviado|fecha)\s*:\s*\S",
    re.IGNORECASE,
)
_GREETING = re.compile(
    r"^\s*(?:dear|hi|hello|hey|greetings|good (?:morning|afternoon|evening)|beste|geachte|lieve|hallo|hoi|"
    r"liebe[rs]?|sehr geehrte[rs]?|guten tag|moin|cher|chère|chers|madame|monsieur|bonjour|bonsoir|salut|"
    r"hola|estimad[oa]s?|querid[oa]s?|buenos días|buenas)\b[^\n]{0,60}$",
    re.IGNORECASE,
)
_SIGN_OFF = re.compile(
    r"^\s*(?:best(?: wishes| regards)?|kind regards|warm regards|regards|sincerely(?: yours)?|yours(?: truly| sincerely)?|"
    r"thanks(?: again)?|thank you|many thanks|cheers|all the best|love|"
    r"groeten|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|hartelijke groet(?:en)?|mvg|liefs|"
    r"viele grüße|mit freundlichen grüßen|freundliche grüße|liebe grüße|beste grüße|lg|vg|"
    r"cordialement|bien cordialement|bien à vous|amitiés|bisous|bonne journée|"
    r"saludos|un saludo|atentamente|un abrazo|besos|cordialmente)\b[\s,.!]*$",
    re.IGNORECASE,
)
_SPEAKER = re.compile(
    r"^\s*(?:\[?\(?\d{1,2}:\d{2}(?::\d{2})?\)?\]?\s*[-–—]?\s*)?"
    r"(?P<who>[A-ZÀ-Þ][\w.'’-]{0,20}(?:\s[A-ZÀ-Þ0-9][\w.'’-]{0,20}){0,2}|user|assistant|human|ai|me|q|a)"
    r"\s*:\s+\S",
    re.IGNORECASE,
)
#: Labels that head a note, not a speaker's line ("Note: …", "PS: …").
_NOT_SPEAKERS = frozenset(
    {
        *("note", "notes", "ps", "p.s", "update", "edit", "todo", "example", "context", "background", "goal"),
        *("task", "summary", "tldr", "tl;dr", "important", "reminder", "warning", "tip", "subject", "re"),
        *("answer", "question", "step", "result", "output", "input", "error", "source", "nb", "n.b"),
        *("let op", "opmerking", "notiz", "hinweis", "achtung", "remarque", "attention", "nota", "aviso", "ojo"),
    }
)
_TIMESTAMP_LINE = re.compile(r"^\s*\d{1,2}:\d{2}(?::\d{2})?(?:[,.]\d+)?\s*-->\s*\d")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+\S")
_BULLET = re.compile(r"^\s*(?:[-*•·–]|\d{1,2}[.)])\s+")

#: Words that ask to work on material (task verbs) or point at it (material nouns, deixis),
#: in the five languages; an introducer line holding one of them introduces material.
_MATERIAL_WORDS = re.compile(
    r"\b(?:summari[sz]e|summary|translate|translation|proofread|rewrite|reword|rephrase|paraphrase|edit|"
    r"correct|fix|check|review|grade|mark|explain|analy[sz]e|improve|shorten|format|reply|respond to|answer|"
    r"critique|evaluate|simplify|polish|turn|convert|tidy|clean up|what do you think|what does|is this|"
    r"this|these|that|those|the following|below|above|here's|here is|here are|"
    r"notes?|e-?mail|mail|message|text|letter|article|document|doc|essay|report|post|transcript|"
    r"passage|paragraph|lyrics?|poem|story|recipe|code|snippet|script|prompt|minutes|agenda|schedule|"
    r"list|table|draft|review|thread|chat|conversation|slides|release notes|guide|manual|contract|readme|"
    r"section|chapter|page|docs|documentation|faq|spec|specification|policy|terms|instructions|handout|"
    r"vat|samenvatting|vertaal|verbeter|corrigeer|herschrijf|controleer|leg uit|maak|dit|deze|onderstaande|"
    r"volgende|tekst|bericht|aantekeningen|notities|artikel|brief|verslag|rooster|handleiding|"
    r"fasse|zusammen|übersetze|korrigiere|überarbeite|prüfe|erkläre|verbessere|das|diese|dieser|dieses|"
    r"folgende|folgenden|unten|nachricht|notizen|artikel|dokument|protokoll|dienstplan|anleitung|absatz|"
    r"résume|résumer|traduis|traduire|corrige|réécris|vérifie|explique|améliore|ce|cet|cette|ces|"
    r"suivant|suivante|ci-dessous|texte|courriel|notes|lettre|compte rendu|transcription|planning|guide|"
    r"resume|resumir|traduce|traducir|corrige|reescribe|revisa|explica|mejora|este|esta|estos|estas|"
    r"siguiente|abajo|texto|correo|mensaje|apuntes|notas|artículo|documento|carta|acta|transcripción|"
    r"horario|guía|párrafo)\b",
    re.IGNORECASE,
)
#: The nouns of :data:`_MATERIAL_WORDS`: a question naming one ("what do you think of this
#: email?") introduces what follows as a colon does.
_MATERIAL_NOUNS = re.compile(
    r"\b(?:notes?|e-?mails?|mail|message|text|letter|article|document|doc|essay|report|post|transcript|passage|"
    r"paragraph|lyrics?|poem|story|recipe|code|snippet|script|prompt|minutes|agenda|schedule|list|table|draft|"
    r"thread|slides|guide|manual|contract|readme|section|chapter|page|docs|documentation|faq|spec|"
    r"specification|policy|terms|instructions|handout|tekst|bericht|aantekeningen|notities|artikel|brief|verslag|rooster|"
    r"nachricht|notizen|dokument|protokoll|dienstplan|anleitung|absatz|texte|courriel|lettre|transcription|"
    r"texto|correo|mensaje|apuntes|notas|artículo|documento|carta|acta|transcripción|horario|párrafo)\b",
    re.IGNORECASE,
)
#: A colon that introduces material inside a line: a task word before it ("Proofread: …",
#: "Translate into Spanish: …", "Vat samen: …").
_TASK_COLON = re.compile(
    r"\b(?:summari[sz]e|translate|proofread|rewrite|reword|rephrase|paraphrase|correct|fix|check|grade|explain|"
    r"improve|shorten|format|review|edit|vertaal|corrigeer|herschrijf|verbeter|vat|samenvatten|übersetze|"
    r"korrigiere|überarbeite|verbessere|fasse|traduis|corrige|réécris|résume|améliore|traduce|reescribe|"
    r"resume|mejora|revisa)\b[^:\n]{0,60}:\s*",
    re.IGNORECASE,
)
#: A colon inside a line that introduces material: before it, words pointing at a text
#: ("Here is an email I got: …", "What do you think of this text: …", "Mijn collega
#: schreef: …"); the rest of the line is material. A colon after a request word
#: ("remember: I'm vegetarian") never introduces (:data:`_REMEMBER_INTRODUCER`).
_INTRODUCER_COLON = re.compile(
    r"^[^:\n]{0,100}?\b(?:here(?:'s| is| are)|below is|this is|these are|what do you think|what does|"
    r"(?:he|she|they|someone|somebody|my \w+|i) (?:wrote|said|sent|texted|posted|got|received|found)|"
    r"(?:this|these|the following|that|the|an?|my)\s(?:\w+\s){0,2}?"
    r"(?:notes?|e-?mails?|mail|message|text|letter|article|document|essay|report|post|transcript|passage|"
    r"paragraph|lyrics?|poem|story|quote|sentence|line|draft|thread|tweet|comment|reply|review)|"
    r"hier is|hier zijn|wat vind je van|wat denk je van|(?:hij|zij|ze|iemand) (?:schreef|zei|stuurde)|"
    r"hier ist|hier sind|was hältst du von|was denkst du über|(?:er|sie|jemand) (?:schrieb|sagte|schickte)|"
    r"voici|voilà|que penses-tu de|qu'en penses-tu|(?:il|elle|quelqu'un) (?:a écrit|a dit|m'a envoyé)|"
    r"aquí (?:está|tienes|va)|qué (?:opinas|piensas) de|(?:él|ella|alguien) (?:escribió|dijo|me envió))"
    r"\b[^:\n]{0,60}:\s*(?=\S)",
    re.IGNORECASE,
)
#: A colon line that asks the assistant to remember what follows (its items are requests).
_REMEMBER_INTRODUCER = re.compile(
    r"\b(?:remember|keep in mind|don't forget|do not forget|from now on|onthoud|vergeet niet|denk (?:er ?)?aan|"
    r"voortaan|van nu af aan|merk dir|merke dir|vergiss nicht|denk daran|ab jetzt|von nun an|künftig|"
    r"souviens[- ]toi|rappelle[- ]toi|retiens|n'oublie pas|désormais|dorénavant|recuerda|acuérdate|"
    r"no olvides|ten en cuenta|a partir de ahora|de ahora en adelante)\b",
    re.IGNORECASE,
)
#: Someone spoken about in the third person as "the user" (a spec, a system prompt, a doc).
_THE_USER = re.compile(
    r"\b(?:the user'?s?|users|the customer'?s?|the client'?s?|the assistant'?s?|the model'?s?|the ai'?s?|"
    r"de gebruiker|de klant|der (?:benutzer|nutzer|kunde)|die (?:benutzerin|nutzerin|nutzer)|des (?:benutzers|nutzers)|"
    r"dem (?:benutzer|nutzer)|den (?:benutzer|nutzer)|l'utilisat(?:eur|rice)|le client|la cliente|"
    r"el usuario|la usuaria|del usuario|al usuario|el cliente)\b",
    re.IGNORECASE,
)
#: The person a sentence speaks as or to: first or second person, in the five languages.
_PERSON = re.compile(
    r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|our|us|you|your|yours|"
    r"ik|mij|me|mijn|wij|we|ons|onze|je|jij|jou|jouw|u|uw|"
    r"ich|mich|mir|mein|meine|meiner|wir|uns|unser|du|dich|dir|dein|deine|sie|ihnen|ihr|"
    r"je|j'|moi|mon|ma|mes|nous|notre|nos|tu|toi|te|t'|ton|ta|tes|vous|votre|vos|"
    r"yo|me|mi|mis|nosotros|nos|nuestro|nuestra|tú|tu|tus|te|ti|usted|vosotros|os)\b",
    re.IGNORECASE,
)
#: Words that open a paragraph turning back to the assistant after material.
_TURN_BACK = re.compile(
    r"^\s*(?:also|and|oh|ok|okay|ps|p\.s\.?|btw|by the way|one more thing|thanks|thank you|please|"
    r"ook|en|trouwens|nog iets|bedankt|dank je|alsjeblieft|auch|und|übrigens|noch etwas|danke|bitte|"
    r"aussi|et|au fait|encore une chose|merci|stp|svp|también|y|por cierto|otra cosa|gracias|por favor)\b",
    re.IGNORECASE,
)


# --- the analysis ------------------------------------------------------------------------


@dataclass
class _Line:
    start: int
    end: int
    text: str
    material: str = ""  # why, when the line is material


def passages(message: str) -> list[Passage]:
    """The message cut into passages, each the user's own words or material (module
    docstring), in order, covering the whole message. Pure; never raises."""
    lines = _lines(message)
    if not lines:
        return []
    _mark_fenced(message, lines)
    _mark_quote_lines(lines)
    _mark_forwards(lines)
    _mark_letters(lines)
    _mark_transcripts(lines)
    _mark_headings(lines)
    _mark_introduced(lines)
    _mark_long(lines)
    if len(_THE_USER.findall(message)) >= 2:
        for line in lines:
            line.material = line.material or "a document about the user"
    return _join(message, lines)


def own_spans(message: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of the user's own words in ``message``, with text in
    quotation marks and task-colon material inside own lines cut out."""
    spans: list[tuple[int, int]] = []
    for passage in passages(message):
        if not passage.own:
            continue
        for line in _lines(message[passage.start : passage.end]):
            start, end = passage.start + line.start, passage.start + line.end
            text = message[start:end]
            cut = _TASK_COLON.search(text) or _material_colon(text)
            if cut is not None:
                quoted = _QUOTED.match(text, cut.end())
                if quoted is not None:  # 'Translate: "…" and then…': only the quotation is material
                    spans += _without_quotes(message, start, start + cut.end())
                    spans += _without_quotes(message, start + quoted.end(), end)
                    continue
                end = start + cut.end()
            spans += _without_quotes(message, start, end)
    return [(s, e) for s, e in spans if message[s:e].strip()]


def _material_colon(line: str) -> re.Match[str] | None:
    """The introducer before a colon inside ``line`` ("Here is an email I got: …"), when the
    words before the colon point at a text and ask nothing to be remembered, else ``None``."""
    match = _INTRODUCER_COLON.search(line)
    if match is None or _REMEMBER_INTRODUCER.search(match.group(0).rsplit(":", 1)[0]):
        return None
    return match


def about_the_user(sentence: str) -> bool:
    """True when ``sentence`` speaks of "the user" (or the customer…) in the third person:
    a document's words, never the user's own request about themselves."""
    return _THE_USER.search(sentence) is not None


def sounds_like_the_user(paragraph: str) -> bool:
    """True when a paragraph speaks in the first or second person, or turns back to the
    assistant in its first words ("also", "PS", "ook", "übrigens", "recuerda también" …)."""
    words = paragraph.split()
    return bool(
        _PERSON.search(paragraph)
        or any(_TURN_BACK.match(" ".join(words[index:])) for index in range(min(3, len(words))))
    )


def remember_introducer(line: str) -> bool:
    """True when ``line`` ends with a colon and asks to remember what follows."""
    stripped = line.strip()
    return stripped.endswith(":") and _REMEMBER_INTRODUCER.search(stripped) is not None


def _lines(text: str) -> list[_Line]:
    lines, start = [], 0
    for raw in text.splitlines(keepends=True):
        body = raw.rstrip("\r\n")
        lines.append(_Line(start, start + len(body), body))
        start += len(raw)
    return lines


def _mark(lines: list[_Line], first: int, last: int, why: str) -> None:
    for line in lines[first : last + 1]:
        line.material = line.material or why


def _mark_fenced(message: str, lines: list[_Line]) -> None:
    for match in _FENCED.finditer(message):
        start, end = match.span()
        for line in lines:
            if line.start < end and line.end > start and (line.start >= start or line.end <= end):
                line.material = line.material or "a block of code or quoted text"
        # A fence inside one line only cuts that line's middle: handled as quotes by own_spans.


def _mark_quote_lines(lines: list[_Line]) -> None:
    for line in lines:
        if _QUOTE_LINE.match(line.text):
            line.material = line.material or "a quotation"


def _mark_forwards(lines: list[_Line]) -> None:
    for index, line in enumerate(lines):
        if not line.material and _FORWARD.match(line.text):
            _mark(lines, index, len(lines) - 1, "a forwarded message")
            return


def _blank(line: _Line) -> bool:
    return not line.text.strip()


def _mark_letters(lines: list[_Line]) -> None:
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.material:
            index += 1
            continue
        headers = 0
        while index + headers < len(lines) and _HEADER.match(lines[index + headers].text):
            headers += 1
        greeting = _GREETING.match(line.text) is not None
        if headers >= 2 or greeting:
            end = _letter_end(lines, index + max(headers, 1))
            if headers >= 2 or end is not None:
                _mark(lines, index, end if end is not None else len(lines) - 1, "an e-mail or letter")
                index = (end if end is not None else len(lines)) + 1
                continue
        index += 1


def _letter_end(lines: list[_Line], after: int) -> int | None:
    """The line that ends a letter begun before ``after``: its sign-off, or the short name
    line after it; ``None`` when no sign-off follows."""
    for index in range(after, len(lines)):
        if _SIGN_OFF.match(lines[index].text):
            following = index + 1
            if following < len(lines) and 0 < len(lines[following].text.strip()) <= 40:
                return following
            return index
    return None


def _mark_transcripts(lines: list[_Line]) -> None:
    speakers: list[tuple[int, str]] = []
    for index, line in enumerate(lines):
        if line.material:
            continue
        if _TIMESTAMP_LINE.match(line.text):
            speakers.append((index, "\x00time"))
            continue
        match = _SPEAKER.match(line.text)
        if match is not None:
            who = match.group("who").lower().strip(".")
            if who not in _NOT_SPEAKERS:
                speakers.append((index, who))
    if len(speakers) >= 2 and len({who for _, who in speakers}) >= 2:
        _mark(lines, speakers[0][0], speakers[-1][0], "a transcript")


def _mark_headings(lines: list[_Line]) -> None:
    for index, line in enumerate(lines):
        if not line.material and _HEADING.match(line.text):
            _mark_to_end(lines, index, "a document")
            return


def _mark_introduced(lines: list[_Line]) -> None:
    for index, line in enumerate(lines):
        stripped = line.text.strip()
        if line.material or not stripped.endswith((":", "?")) or index + 1 >= len(lines):
            continue
        if remember_introducer(stripped):
            continue  # "Remember the following:": the items are the user's own requests
        # "Summarize this:" introduces; "Is this right?" does not, "…these notes?" does.
        wanted = _MATERIAL_WORDS if stripped.endswith(":") else _MATERIAL_NOUNS
        if not wanted.search(stripped):
            continue  # "Two things:": what follows is still the user talking
        following = next((rest for rest in lines[index + 1 :] if not _blank(rest)), None)
        if following is None or following.material:
            continue  # it introduces a fence, a quote, a letter: material with an end of its own
        _mark_to_end(lines, index + 1, "text the message introduces")
        return


def _mark_long(lines: list[_Line]) -> None:
    prose = sum(len(line.text) for line in lines if not line.material)
    if prose <= LONG_CHARS:
        return
    paragraphs = _paragraphs(lines)
    if len(paragraphs) == 1:
        # One long block: only its first and last sentences can be the user's words around it.
        first, last = paragraphs[0]
        _mark(lines, first, last, "a long paste")
        return
    (head_first, head_last), middle, (tail_first, tail_last) = paragraphs[0], paragraphs[1:-1], paragraphs[-1]
    head = " ".join(line.text for line in lines[head_first : head_last + 1])
    if len(head) > AROUND_CHARS and not head.rstrip().endswith(":"):
        _mark(lines, head_first, head_last, "a long paste")
    for first, last in middle:
        _mark(lines, first, last, "a long paste")
    if not _around(lines, tail_first, tail_last):
        _mark(lines, tail_first, tail_last, "a long paste")


def _paragraphs(lines: list[_Line], start: int = 0) -> list[tuple[int, int]]:
    """``(first, last)`` line indexes of each run of non-blank, non-material lines from
    line ``start`` on."""
    runs: list[tuple[int, int]] = []
    first: int | None = None
    for index, line in enumerate(lines[start:], start):
        if _blank(line) or line.material:
            if first is not None:
                runs.append((first, index - 1))
                first = None
        elif first is None:
            first = index
    if first is not None:
        runs.append((first, len(lines) - 1))
    return runs


def _mark_to_end(lines: list[_Line], first: int, why: str) -> None:
    """Mark lines ``first``… as material, except a last paragraph that is the user's again:
    after some material, set apart by a blank line, and :func:`_around`."""
    paragraphs = _paragraphs(lines, first)
    keep = paragraphs[-1] if len(paragraphs) >= 2 and _around(lines, *paragraphs[-1]) else None
    for index in range(first, len(lines)):
        if keep is not None and keep[0] <= index <= keep[1]:
            continue
        lines[index].material = lines[index].material or why


def _around(lines: list[_Line], first: int, last: int) -> bool:
    """Whether a paragraph next to material can be the user's own words: set apart by a
    blank line, short, not a list item, and sounding like the user."""
    text = " ".join(line.text.strip() for line in lines[first : last + 1])
    apart = first > 0 and _blank(lines[first - 1])
    return apart and len(text) <= AROUND_CHARS and not _BULLET.match(lines[first].text) and sounds_like_the_user(text)


def _join(message: str, lines: list[_Line]) -> list[Passage]:
    result: list[Passage] = []
    for line in lines:
        own = not line.material
        end = min(len(message), line.end + 1)  # with its line break
        if result and result[-1].own == own and result[-1].why == line.material:
            previous = result[-1]
            result[-1] = Passage(previous.start, end, message[previous.start : end], own, line.material)
        else:
            result.append(Passage(line.start, end, message[line.start : end], own, line.material))
    return result


def _without_quotes(message: str, start: int, end: int) -> list[tuple[int, int]]:
    """``[start, end)`` without the quotations in it."""
    spans, cursor = [], start
    for match in _QUOTED.finditer(message, start, end):
        if _names_a_value(match.group(0)):
            continue
        spans.append((cursor, match.start()))
        cursor = match.end()
    spans.append((cursor, end))
    return spans


def _names_a_value(quotation: str) -> bool:
    """Whether a quotation is a short value the user names in their own sentence ("my name is
    'Bo'"): at most :data:`QUOTED_VALUE_WORDS` words, no sentence end, no request word."""
    inner = quotation[1:-1].strip()
    return (
        len(inner.split()) <= QUOTED_VALUE_WORDS
        and not re.search(r"[.!?…]\s*$", inner)
        and _REMEMBER_INTRODUCER.search(inner) is None
    )
