"""A memory list into the Inbox (DESIGN.md §2 ``import:<assistant>``, §3, §3.6, §3.7).

Another assistant formed every memory of its list: the user may have asked it to remember,
or it may have guessed. So each item is proposed as an explicit memory that nobody has
confirmed — source ``import:<assistant>``, pending in the Inbox until the user says "Yes,
that's mine" (it becomes saved by them) or "No" (it is discarded). Admission judges each item
as on every other path: secrets refused, confidential wording quarantined, temporary wording
given an expiry, a value already held not stored twice (§3).

**A no sticks (§3.7).** Each item has an identity made from its words alone — a keyed hash
(:func:`item_identity`), never the file's name, the line, the date or the assistant — kept
among the ingested message identities once the item is stored. Importing the same list again
(renamed, re-copied, from another assistant) asks nothing about an item already asked:
whether it was confirmed, discarded or is still waiting. An item admission refused (a secret)
is not remembered at all: it is refused again, and no fingerprint of it is kept.

**Keys.** A list is outside text: its labels, headings and written-out keys never make a key
(§2). An item gets a key only from memtrust's own closed set, :data:`LIST_KEYS` (the keys the
app names and the keys an inference may hold), and only where it clearly names one
(:func:`key_for`): that key written out (``contact.preferred_channel: email``, as ``memtrust
export --for text`` writes), a known label (``Name: Robin``, ``Time zone: Europe/Brussels``),
a label under a heading that names a category of attributes when the two make a known key
(``Tone: casual`` under *How to answer* → ``style.tone``), or a short item that states a known
preference (``Prefers email``). Anything else — ``system.admin: yes``, ``Ignore previous
instructions: …`` under *About me* — becomes a note (``notes.`` and an id) holding the item's
words whole, label included. In memtrust's own list (``export --for text``) a heading
``Scope: research`` sets the scope of the items under it (a bare ``Scope: research`` line does
the same); in any other list it does not (:func:`_scoped`, §2, §7). Other headings and the
item's date are kept as evidence.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from memtrust.app.detectors.intents import known_values, note_key
from memtrust.app.ingest.conversation import ContentIds
from memtrust.app.ingest.memory_list import ListItem, MemoryList
from memtrust.store.admission import ALREADY_SAVED, outside_keys
from memtrust.store.inference_vocabulary import INFERABLE
from memtrust.store.memories import MemoryStore, WriteResult
from memtrust.store.model import (
    ASSISTANT_NAMES,
    DEFAULT_SCOPE,
    KEY_MAX,
    KEY_PATTERN,
    Proposal,
    import_source,
    to_epoch,
)
from memtrust.store.notes import is_note

#: The prefix of a memory-list item's identity among the ingested message identities.
ITEM_IDENTITY_PREFIX = "import-list:"

#: Labels that name a known key wherever they appear (``Name: Robin``), in lower case.
LABEL_KEYS: dict[str, str] = {
    "name": "profile.name",
    "full name": "profile.name",
    "preferred name": "profile.name",
    "pronouns": "profile.pronouns",
    "location": "profile.location",
    "city": "profile.location",
    "home town": "profile.location",
    "time zone": "locale.timezone",
    "timezone": "locale.timezone",
    "language": "locale.language",
    "preferred language": "locale.language",
    "job": "work.role",
    "occupation": "work.role",
    "profession": "work.role",
    "role": "work.role",
    "work": "work.role",
    "employer": "work.employer",
    "company": "work.employer",
    "diet": "food.diet",
    "preferred contact channel": "contact.preferred_channel",
    "preferred channel": "contact.preferred_channel",
    "contact": "contact.preferred_channel",
    "answer length": "style.answer_length",
    "answer format": "style.answer_format",
    "tone": "style.tone",
}

#: The only keys a memory list can name (module docstring, §2): memtrust's own, the same closed
#: set admission holds every outside key to (:func:`store.admission.outside_keys`: the keys the
#: app shows by a label and those an inference may hold). A namespace or key outside them — one
#: a heading or a written-out key would otherwise mint, ``system.admin``, ``settings.…`` — is a note.
LIST_KEYS: frozenset[str] = outside_keys()

#: A label under a category heading that names a known key by a shorter word (``Length:``
#: under *How to answer* is ``style.answer_length``).
CATEGORY_LABELS: dict[str, str] = {
    "style.length": "style.answer_length",
    "style.format": "style.answer_format",
    "contact.channel": "contact.preferred_channel",
    "work.title": "work.role",
    "work.position": "work.role",
    "profile.language": "locale.language",
    "profile.timezone": "locale.timezone",
}

#: Headings that name a category of attributes about the user (not a list of things such as
#: projects or interests): a ``Label: value`` item under one gets ``<category>.<label>``.
HEADING_CATEGORIES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"^(?:about\s+(?:me|you)|personal(?:\s+(?:details|info(?:rmation)?|context))?|profile|demographics|"
            r"basics|identity)$",
            re.IGNORECASE,
        ),
        "profile",
    ),
    (
        re.compile(
            r"^(?:instructions(?:\s+about\s+how\s+to\s+respond)?|how\s+to\s+(?:respond|answer|reply)|"
            r"response\s+(?:style|preferences)|(?:communication|writing)\s+(?:style|preferences)|style|tone|"
            r"formatting)$",
            re.IGNORECASE,
        ),
        "style",
    ),
    (re.compile(r"^(?:work|job|career|professional(?:\s+(?:details|context))?)$", re.IGNORECASE), "work"),
    (re.compile(r"^contact(?:\s+(?:details|preferences))?$", re.IGNORECASE), "contact"),
)
#: Headings whose items are about other people: a ``Name:`` there is not the user's name.
OTHER_PEOPLE = re.compile(r"\b(?:relationships?|family|partner|children|kids|friends|pets?|colleagues)\b", re.I)

_DOTTED = re.compile(r"^(?P<key>[a-z0-9_]+(?:\.[a-z0-9_]+)+):\s+(?P<value>\S.*)$")
_LABELLED = re.compile(r"^(?P<label>[^\W\d_][^\W_]*(?:[ '-][^\W_]+){0,3})\s*:\s+(?P<value>\S.*)$")
_SCOPE_HEADING = re.compile(r"^scope:\s*(?P<scope>[a-z0-9_]{1,64})$", re.IGNORECASE)
#: A short item may state a known preference ("Prefers email"): at most this many words.
KNOWN_VALUE_WORDS = 5
#: Third-person openings rewritten to the first person the known patterns read.
_PERSON = (
    (re.compile(r"^(?:the\s+)?user(?:'s|s')?\s+name\s+is\b", re.I), "my name is"),
    (re.compile(r"^name\s+is\b", re.I), "my name is"),
    (re.compile(r"^(?:the\s+)?user\s+is\b", re.I), "I am"),
    (re.compile(r"^is\b", re.I), "I am"),
    (re.compile(r"^(?:the\s+)?user\s+", re.I), ""),
)


def _folded(text: str) -> str:
    """The words of ``text`` for comparing items: NFKC, case-folded, one space between words,
    without the full stop at the end (a list copied twice differs in such details)."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split()).rstrip(" .!;")


def item_identity(store: MemoryStore, text: str) -> str:
    """The identity of a memory-list item whose words are ``text`` (module docstring, §3.7):
    ``import-list:`` and the content id of its folded words (:class:`ContentIds`: ``h-`` and 20
    hex digits of an HMAC-SHA-256 keyed by the store's own content-id key,
    :meth:`MemoryStore.content_id_key`), so the identity — kept after the user's no, among the
    ingested message identities — can never be used to test a guess of the words."""
    return ITEM_IDENTITY_PREFIX + ContentIds(store.content_id_key()).of("memory-list item", _folded(text))


def heading_category(heading: str | None) -> str | None:
    """The key category a heading clearly names (:data:`HEADING_CATEGORIES`), or ``None``."""
    if heading is None:
        return None
    words = heading.strip().rstrip(":").strip()
    return next((category for pattern, category in HEADING_CATEGORIES if pattern.match(words)), None)


def _slug(label: str) -> str | None:
    """``answer length`` → ``answer_length``: ASCII letters and digits of a label, or ``None``."""
    ascii_label = unicodedata.normalize("NFKD", label).encode("ascii", "ignore").decode().lower()
    words = re.findall(r"[a-z0-9]+", ascii_label)
    slug = "_".join(word[:20] for word in words[:3])
    return slug or None


def vocabulary_form(key: str, value: str) -> str:
    """``value`` as memtrust writes it for ``key`` when the key has a closed vocabulary
    (:data:`store.inference_vocabulary.INFERABLE`) holding it up to case: ``French`` for
    ``locale.language`` is ``french``, ``europe/brussels`` for ``locale.timezone`` is
    ``Europe/Brussels`` — so one language reads one way whether a list, a request or the
    detector named it. Any other value is returned as written."""
    entry = INFERABLE.get(key)
    if entry is None or entry.listed:
        return value
    folded = value.strip().rstrip(".").casefold()
    return next((known for known in entry.allowed_values() if known.casefold() == folded), value)


def key_for(item: ListItem) -> tuple[str, str]:
    """``(key, value)`` for one item (module docstring, §2): a key of :data:`LIST_KEYS` written
    out, a known label, a label under a category heading that makes a key of
    :data:`LIST_KEYS`, a known preference in a short item, or a note (``notes.`` and an id,
    :func:`app.detectors.intents.note_key`) with the item's words, whole, as the value. The
    value is the item's words as written (after the label, for a labelled known key), in the
    vocabulary's form where the key has one (:func:`vocabulary_form`)."""
    key, value = _key_and_words(item)
    return key, vocabulary_form(key, value)


def _key_and_words(item: ListItem) -> tuple[str, str]:
    """:func:`key_for` before the vocabulary's form."""
    text = item.text
    if (match := _DOTTED.match(text)) is not None and len(match.group("key")) <= KEY_MAX:
        written = match.group("key")
        if written in LIST_KEYS:
            return written, match.group("value")
        if is_note(written):  # memtrust's own text export: the note's words follow its key
            return note_key(match.group("value")), match.group("value")
        return note_key(text), text  # a key of the list's own making is not taken (§2)
    about_others = item.heading is not None and OTHER_PEOPLE.search(item.heading) is not None
    if (match := _LABELLED.match(text)) is not None and not about_others:
        label = " ".join(match.group("label").lower().split())
        if label in LABEL_KEYS:
            return LABEL_KEYS[label], match.group("value").strip()
        category, slug = heading_category(item.heading), _slug(label)
        named = f"{category}.{slug}" if category is not None and slug is not None else None
        named = CATEGORY_LABELS.get(named, named) if named is not None else None
        if named is not None and named in LIST_KEYS and KEY_PATTERN.fullmatch(named):
            return named, match.group("value").strip()
    if len(text.split()) <= KNOWN_VALUE_WORDS and not about_others:
        first_person = text
        for pattern, replacement in _PERSON:
            first_person = pattern.sub(replacement, first_person, count=1).strip()
        found = list(known_values(first_person))
        if len(found) == 1:
            return found[0]
    return note_key(text), text


def proposal_for(item: ListItem, *, assistant: str, file_name: str, scope: str = DEFAULT_SCOPE) -> Proposal:
    """The pending explicit proposal for one item of ``assistant``'s list (``chatgpt`` …).

    ``evidence``: ``assistant``, ``list`` (the file's name), ``line``, and when the list gives
    them ``heading``, ``listed_as`` (the date as written) and ``listed_at`` (that date, epoch
    seconds UTC), ``marked_guess`` (memtrust's own export marked it a guess). ``source_ref``:
    ``<file name>#<line>``. The item's words are the ``utterance`` that admission screens
    (§3.5), never stored as such; its date is ``said_at``, from which temporary wording counts
    (§4: "this week" on a list dated last year has lapsed, and is not proposed).
    """
    key, value = key_for(item)
    evidence: dict[str, object] = {"assistant": assistant, "list": file_name, "line": item.line}
    if item.heading is not None:
        evidence["heading"] = item.heading
    if item.date_text is not None:
        evidence["listed_as"] = item.date_text
    if item.dated is not None:
        evidence["listed_at"] = to_epoch(item.dated)
    if item.marked_guess:
        evidence["marked_guess"] = True
    return Proposal(
        key=key,
        value=value,
        formation="explicit",
        source=import_source(assistant),
        source_ref=f"{file_name}#{item.line}",
        scope=scope,
        evidence=evidence,
        utterance=item.text,
        said_at=item.dated,
    )


def _scoped(found: MemoryList, *, own: bool) -> tuple[list[tuple[ListItem, str]], list[str]]:
    """Each item with its scope, and the scopes the list named but did not set (in order).

    A ``Scope: <word>`` line sets the scope of the items under it only in memtrust's own list
    (``own``: ``export --for text``, which writes it, §9): a scope decides which assistant is
    given a memory (§7), and text from outside never chooses that (§2). In any other list the
    line stays a heading and its items wait for the shared scope; the scope it named is
    returned so the summary can say so."""
    scoped: list[tuple[ListItem, str]] = []
    not_taken: list[str] = []
    for item in found.items:
        match = _SCOPE_HEADING.match(item.heading) if item.heading else None
        named = match.group("scope").lower() if match is not None else DEFAULT_SCOPE
        if not own and named != DEFAULT_SCOPE:
            if named not in not_taken:
                not_taken.append(named)
            named = DEFAULT_SCOPE
        scoped.append((item, named))
    return scoped, not_taken


#: How the command line says whose a list is (the app has its own words: a box, not a flag).
NAME_IT_WITH_FROM = "name it with --from"


@dataclass
class ListImportReport:
    """What one memory-list import did.

    - ``file``: the list's name; ``assistant``: whose list (``import:<assistant>``) and
      ``named_by``: ``"you"`` (``--from``), ``"the list"`` (detected) or ``None`` (unknown,
      so ``other``).
    - ``results``: each item asked about, with admission's decision (§3).
    - ``already``: items asked about in an earlier import (answered or waiting): not asked
      again (§3.7). ``repeated``: items the list holds twice (asked once).
    - ``skipped``: the lines of words not read as memories, ``(line number, why)``
      (:attr:`MemoryList.skipped`); the summary names each, so no line is dropped unsaid.
    - ``scopes_not_taken``: the scopes a list other than memtrust's own named in a ``Scope:``
      line, which its memories do not get (:func:`_scoped`); the summary names them.
    """

    file: str
    assistant: str
    named_by: str | None
    items: int = 0
    results: list[tuple[ListItem, WriteResult]] = field(default_factory=list)
    already: int = 0
    repeated: int = 0
    skipped: list[tuple[int, str]] = field(default_factory=list)
    scopes_not_taken: list[str] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        """How many items had each outcome: ``pending`` (in the Inbox), ``quarantined``,
        ``saved`` (never for an import: nobody has confirmed it), ``secret`` (refused, §3.5),
        ``held`` (a value the user already saved, §3.4), ``unanswered`` (a value already held
        but not yet confirmed by the user: waiting in the Inbox or in Quarantine), ``lapsed`` (temporary, and its time was up by the
        list's date, §4), ``rejected`` (any other refusal), and
        ``sensitive`` (stored items about a sensitive matter, badged; counted besides)."""
        counts: Counter[str] = Counter()
        for _item, result in self.results:
            decision = result.decision
            if decision.outcome == "reject":
                kind = {"3.5": "secret", "3.4": "held", "4": "lapsed"}.get(decision.rule, "rejected")
                if kind == "held" and decision.reason != ALREADY_SAVED:
                    kind = "unanswered"  # held, but not yet confirmed by the user (§3.6)
                counts[kind] += 1
                continue
            counts[{"pending": "pending", "quarantine": "quarantined", "admit": "saved"}[decision.outcome]] += 1
            if result.memory is not None and result.memory.sensitive:
                counts["sensitive"] += 1
        return counts

    def unusable(self) -> str | None:
        """One sentence when nothing of the list could be kept because the list itself was
        refused: no item was stored and at least one was malformed as written (§2: a value
        over 4,000 characters, a NUL, a lone surrogate). The command line exits non-zero
        with it. ``None`` otherwise — also when every item was refused by policy alone (a
        secret, §3.5; a value already held, §3.4; a lapsed time limit, §4): the list was
        read and judged as it should be, and the summary says what happened to each item."""
        if any(result.decision.stored for _item, result in self.results):
            return None
        malformed = [(item, result.decision) for item, result in self.results if result.decision.rule == "2"]
        if not malformed:
            return None
        first, decision = malformed[0]
        reason = decision.reason.rstrip(".")
        lines = "line" if len(malformed) == 1 else "lines"
        shown = [str(item.line) for item, _ in malformed[:5]]
        if len(malformed) > 5:
            shown.append(f"{len(malformed) - 5:,} more")
        numbers = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"
        why = f"{reason[:1].lower()}{reason[1:]}"
        rest = len(self.results) - len(malformed)
        others = (
            f"; the other {'item was' if rest == 1 else f'{rest:,} items were'} refused as well (a secret, "
            "or a memory already held or lapsed)"
            if rest
            else ""
        )
        return (
            f"Nothing was imported from {self.file}: {lines} {numbers} cannot be kept as written "
            f"({why if len(malformed) == 1 else f'line {first.line}: {why}'}){others}."
        )

    def whose(self, name_it: str = NAME_IT_WITH_FROM) -> str:
        """Whose list, in words: ``ChatGPT's memory list (you said so)``; for a list that names
        no assistant, ``name_it`` says how to name one where the import was made."""
        if self.assistant == "memtrust":
            return "a memtrust export"
        if self.named_by is None:
            return f"a memory list that does not say which assistant kept it ({name_it})"
        return f"{ASSISTANT_NAMES[self.assistant]}'s memory list ({'you said so' if self.named_by == 'you' else 'as the list says'})"

    def summary(self, name_it: str = NAME_IT_WITH_FROM) -> str:
        """One sentence for the command line and the app: what was read and every outcome.
        ``name_it``: how to say whose list it is where the import was made (:meth:`whose`)."""
        counts = self.counts()
        parts = [f"{counts['pending']} waiting in your Inbox"]
        if counts["quarantined"]:
            parts.append(f"{counts['quarantined']} held in Quarantine (worded as confidential)")
        parts += [
            f"{counts['secret']} refused as {'a secret' if counts['secret'] == 1 else 'secrets'}",
            f"{counts['held']} you already have",
        ]
        if counts["unanswered"]:
            parts.append(f"{counts['unanswered']} already waiting for your answer (in your Inbox or Quarantine)")
        if counts["lapsed"]:
            parts.append(f"{counts['lapsed']} already lapsed (temporary, by the list's date)")
        if counts["rejected"]:
            parts.append(f"{counts['rejected']} refused for another reason")
        sentence = (
            f"Read {self.items} {'memory' if self.items == 1 else 'memories'} from {self.file}, {self.whose(name_it)}: "
        )
        sentence += ", ".join(parts) + "."
        extra = []
        if counts["sensitive"]:
            extra.append(
                f"{counts['sensitive']} of them {'is' if counts['sensitive'] == 1 else 'are'} about a sensitive matter (badged)."
            )
        if self.already:
            extra.append(
                f"{self.already} {'was' if self.already == 1 else 'were'} imported before and "
                f"{'is' if self.already == 1 else 'are'} not asked about again."
            )
        if self.repeated:
            extra.append(
                f"{self.repeated} {'line repeats' if self.repeated == 1 else 'lines repeat'} another and {'was' if self.repeated == 1 else 'were'} asked once."
            )
        if self.scopes_not_taken:
            extra.append(scopes_sentence(self.scopes_not_taken))
        if self.skipped:
            extra.append(skipped_sentence(self.skipped))
        return " ".join([sentence, *extra])


#: The most skipped lines a summary names one by one (the rest are counted).
SKIPPED_NAMED = 5


def scopes_sentence(scopes: list[str]) -> str:
    """One sentence saying a list's ``Scope:`` lines were not taken (:func:`_scoped`):
    ``Its “Scope: billing” line was not taken: only a list memtrust wrote (export --for text)
    sets a scope, so its memories wait for the shared scope, given to every assistant.``"""
    named = ", ".join(f"“Scope: {scope}”" for scope in scopes)
    lines = "line was" if len(scopes) == 1 else "lines were"
    return (
        f"Its {named} {lines} not taken: only a list memtrust wrote (export --for text) sets a scope, "
        "so its memories wait for the shared scope, given to every assistant."
    )


def skipped_sentence(skipped: list[tuple[int, str]]) -> str:
    """One sentence naming the lines of a list not read as memories, each with why:
    ``"2 lines were not read as memories: line 4 (…), line 9 (…)."``"""
    named = [f"line {line} ({why})" for line, why in skipped[:SKIPPED_NAMED]]
    if len(skipped) > SKIPPED_NAMED:
        named.append(f"{len(skipped) - SKIPPED_NAMED:,} more")
    count = len(skipped)
    return f"{count:,} {'line was' if count == 1 else 'lines were'} not read as {'a memory' if count == 1 else 'memories'}: {', '.join(named)}."


def import_memory_list(
    store: MemoryStore, found: MemoryList, *, file_name: str, assistant: str | None = None, actor: str | None = None
) -> ListImportReport:
    """Put every item of ``found`` through admission as ``assistant``'s (module docstring).

    ``assistant``: ``chatgpt``, ``claude``, ``gemini`` or ``other`` as the user named it, or
    ``None`` to take the one the list names (:attr:`MemoryList.assistant`), else ``other``.
    Items asked about before are skipped (§3.7); the rest are decided in one transaction,
    and the identities of the stored ones are then recorded. Returns the report; raises
    ``ValueError`` for an unknown ``assistant``.
    """
    named_by = "you" if assistant is not None else ("the list" if found.assistant is not None else None)
    chosen = assistant or found.assistant or "other"
    report = ListImportReport(
        file=file_name, assistant=chosen, named_by=named_by, items=len(found.items), skipped=list(found.skipped)
    )
    actor = actor or f"import-list:{file_name}"
    first: dict[str, tuple[ListItem, str]] = {}
    scoped, report.scopes_not_taken = _scoped(found, own=chosen == "memtrust")
    for item, scope in scoped:
        identity = item_identity(store, item.text)
        if identity in first:
            report.repeated += 1
        else:
            first[identity] = (item, scope)
    unseen = store.unseen_refs(first)
    report.already = len(first) - len(unseen)
    asked = [(identity, item, scope) for identity, (item, scope) in first.items() if identity in unseen]
    proposals = [proposal_for(item, assistant=chosen, file_name=file_name, scope=scope) for _, item, scope in asked]
    # One list, one transaction (§6): a stop between the memories and their bookkeeping
    # must not leave memories that a second import would ask about again.
    with store.db.write():
        results = store.propose_many(proposals, actor=actor) if proposals else []
        stored = [identity for (identity, _, _), result in zip(asked, results, strict=True) if result.decision.stored]
        if stored:
            store.mark_ingested(stored)
    report.results = [(item, result) for (_, item, _), result in zip(asked, results, strict=True)]
    return report
