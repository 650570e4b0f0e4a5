"""The labelled secrets of ``tests/data/secrets/`` (read by the tests and bench/secret_quality.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "secrets"


@dataclass(frozen=True)
class LabelledSecret:
    """One labelled line: the secret's ``kind`` (a key of ``store.secrets.KINDS``) or
    ``none``, its ``language``, its ``position`` (``value``, ``key``, or ``item``: a memory
    list's item, screened with the ``heading`` it stands under; ``keyvalue``: a value typed
    under the dotted ``key``) and the ``text``."""

    kind: str
    language: str
    position: str
    text: str
    heading: str | None = None
    key: str | None = None

    @property
    def secret(self) -> bool:
        """True for a line that holds a secret."""
        return self.kind != "none"


def load(name: str) -> list[LabelledSecret]:
    """The lines of ``tests/data/secrets/<name>.tsv`` (``dev``, ``heldout``, ``heldout2``,
    ``labels``, ``conversational``, ``keys``); ``\\n`` in a text is a line break; an ``item``
    line's text is its heading, a tab, then the item; a ``keyvalue`` line's the key, a tab,
    then the value."""
    found = []
    for line in (DATA / f"{name}.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, language, position, text = line.split("\t", 3)
        heading = key = None
        if position == "item":
            heading, text = text.split("\t", 1)
        elif position == "keyvalue":
            key, text = text.split("\t", 1)
        found.append(LabelledSecret(kind, language, position, text.replace("\\n", "\n"), heading, key))
    return found
