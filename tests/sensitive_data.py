"""The labelled sentences of ``tests/data/sensitive/`` (read by the tests and bench/sensitive_quality.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "sensitive"


@dataclass(frozen=True)
class Labelled:
    """One sentence: its ``language``, its ``label`` (a §3.1 class or ``none``), and whether
    it is a hard negative (ordinary text with a word that is sensitive elsewhere)."""

    language: str
    label: str
    hard: bool
    text: str

    @property
    def sensitive(self) -> bool:
        return self.label != "none"


def load(name: str) -> list[Labelled]:
    """The sentences of ``tests/data/sensitive/<name>.txt`` (``dev``, ``dev3``, ``heldout``…)."""
    language, label, found = "", "", []
    for line in (DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("# "):
            continue
        if line.startswith("== "):
            language = line[3:].strip()
        elif line.startswith("## "):
            label = line[3:].strip()
        else:
            hard = label == "hard"
            found.append(Labelled(language, "none" if hard else label, hard, line.strip()))
    return found
