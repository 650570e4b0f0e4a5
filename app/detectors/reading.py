"""One shared reading of a conversation for every implicit detector (DESIGN.md §6).

The pipeline makes one :class:`ConversationReading` per conversation and hands it to each
detector, so the work they have in common is done once: picking out the user's turns and
the replies among them, taking code blocks out (:func:`~app.detectors.base.prose`), turning
each message's time into epoch seconds, and folding the user's words into the form the
sensitive classifier and the topic vocabulary read (:func:`store.sensitive.fold`). Each part
is computed on first use, so a detector that needs none of it costs nothing.

A reading holds only the conversation it was made from and what was derived from it; it
lives as long as that conversation is being read (memory stays bounded by the largest
conversation, §6).
"""

from __future__ import annotations

import re
from bisect import bisect_right

from memtrust.app.ingest.conversation import Conversation, Turn
from memtrust.store.sensitive import fold

#: Put between the user's messages in :attr:`ConversationReading.folded`: a word no topic
#: keyword or sensitive entry holds, unchanged by fold, so no match spans two messages.
SEPARATOR = " zqxmessagezqx "

_CODE_BLOCK = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
#: Each ASCII character as its kind: ``a`` a letter or digit, ``j`` a joiner (``'`` ``-``),
#: a space anything else.
_ASCII_KIND = bytes.maketrans(
    bytes(range(128)), bytes(ord("a" if chr(c).isalnum() else "j" if chr(c) in "'-" else " ") for c in range(128))
)


def prose(text: str) -> str:
    """The text without fenced code blocks (code says nothing about style or language)."""
    return _CODE_BLOCK.sub(" ", text) if "```" in text else text


def count_words(text: str) -> int:
    """How many words ``text`` holds: runs of letters and digits, where one apostrophe or
    hyphen between two runs joins them (``don't``, ``well-known`` are one word each).

    Exactly ``len(re.findall(r"[^\\W_]+(?:['’-][^\\W_]+)*", text))``. ASCII text (most
    messages) is counted on its characters' kinds (:data:`_ASCII_KIND`) with byte counts in C,
    several times faster than the expression: runs of letters and digits, less the joiners
    with a letter or digit on both sides.
    """
    if not text.isascii():
        return len(_WORD.findall(text))
    kinds = text.encode("ascii").translate(_ASCII_KIND)
    if b"j" not in kinds:  # no apostrophe or hyphen (most messages): every run is one word
        return kinds.count(b" a") + kinds.startswith(b"a")
    runs = kinds.count(b" a") + kinds.count(b"ja") + kinds.startswith(b"a")
    joins = kinds.count(b"aj") - kinds.count(b"ajj") - kinds.count(b"aj ") - kinds.endswith(b"aj")
    return runs - joins


class ConversationReading:
    """What the implicit detectors read of one conversation, each part worked out once.

    - :attr:`turns`: the user's turns with some text (not only white space), in order;
    - :attr:`epochs`: each of those turns' time in epoch seconds (UTC) or ``None``;
    - :attr:`texts`: each of those turns' text without code blocks (:func:`prose`);
    - :attr:`replies`: the indexes (into :attr:`turns`) of the turns that answer an
      assistant turn, not the opening request (system turns in between are passed over);
    - :attr:`folded`: the :attr:`texts` folded (:func:`store.sensitive.fold`) and joined by
      :data:`SEPARATOR`, made on first use; :meth:`turn_at` names the turn a position in it
      belongs to.
    """

    __slots__ = ("_folded", "_starts", "conversation", "epochs", "replies", "texts", "turns")

    def __init__(self, conversation: Conversation) -> None:
        self.conversation = conversation
        turns: list[Turn] = []
        replies: list[int] = []
        previous = None
        for turn in conversation.turns:
            role = turn.role
            if role == "user" and turn.text and not turn.text.isspace():
                if previous == "assistant":
                    replies.append(len(turns))
                turns.append(turn)
            if role != "system":
                previous = role
        self.turns = turns
        self.replies = replies
        self.epochs: list[int | None] = [int(t.at.timestamp()) if t.at is not None else None for t in turns]
        self.texts = [prose(turn.text) for turn in turns]
        self._folded: str | None = None
        self._starts: list[int] | None = None

    @property
    def folded(self) -> str:
        """The user's words as the classifier reads them, one message after another."""
        if self._folded is None:
            self._folded = fold(SEPARATOR.join(self.texts)) if self.turns else ""
        return self._folded

    def turn_at(self, position: int) -> Turn:
        """The user turn whose words hold ``position`` (an offset in :attr:`folded`)."""
        return self.turns[self.turn_index(position)]

    def turn_index(self, position: int) -> int:
        """The index (into :attr:`turns`, :attr:`epochs`, :attr:`texts`) of the user turn whose
        words hold ``position`` (an offset in :attr:`folded`)."""
        starts = self._starts
        if starts is None:
            folded, starts = self.folded, [0]
            found = folded.find(SEPARATOR)
            while found != -1:  # separators may share a space when a message folds to nothing
                starts.append(found + len(SEPARATOR) - 1)
                found = folded.find(SEPARATOR, found + 1)
            self._starts = starts
        return bisect_right(starts, position) - 1
