"""Precision and recall of time-limited wording (DESIGN.md §3.5, §4; store/screening.py).

Usage::

    .venv/bin/python bench/ttl_quality.py [--misses]

Reads the labelled sentences of ``tests/data/temporary/`` (``dev.tsv``, ``heldout.tsv``; see
the README there): each is a memory as a user says it in English, Dutch, German, French or
Spanish, labelled with the UTC day it should expire on when said on Wednesday 4 March 2026
at 10:00 UTC, or ``none`` when it is durable. Each goes through
:func:`memtrust.store.screening.temporary_expiry` as admission calls it. For each set and
language it prints:

- precision: of the sentences given an expiry, how many are time-limited;
- recall: of the time-limited sentences, how many were given an expiry;
- right day: of those given an expiry that are time-limited, how many expire on the
  labelled UTC day.

``--misses`` lists every sentence judged wrongly. Targets: precision and recall ≥ 0.95.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memtrust.store.screening import temporary_expiry

DATA = ROOT / "tests" / "data" / "temporary"
SAID = datetime(2026, 3, 4, 10, 0, tzinfo=UTC)  # a Wednesday
LANGUAGES = ("en", "nl", "de", "fr", "es")


@dataclass(frozen=True)
class Labelled:
    lang: str
    expires: date | None
    text: str


def load(name: str) -> list[Labelled]:
    """The labelled sentences of ``tests/data/temporary/<name>``."""
    lines = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        lang, expires, text = line.split("\t")
        lines.append(Labelled(lang, None if expires == "none" else date.fromisoformat(expires), text))
    return lines


def _rate(hits: int, total: int) -> str:
    return f"{hits / total:5.3f} ({hits}/{total})" if total else "    —"


def score(name: str, show_misses: bool) -> None:
    """Print the figures of one set."""
    lines = load(name)
    print(f"{name}: {len(lines)} sentences, {sum(1 for x in lines if x.expires)} time-limited")
    print(f"  {'lang':<6}{'precision':<16}{'recall':<16}{'right day':<16}")
    misses = []
    for lang in (*LANGUAGES, "all"):
        chosen = [x for x in lines if lang in ("all", x.lang)]
        found = [(x, temporary_expiry(x.text, SAID)) for x in chosen]
        given = [(x, e) for x, e in found if e is not None]
        true_given = [(x, e) for x, e in given if x.expires is not None]
        limited = [x for x in chosen if x.expires is not None]
        right = [(x, e) for x, e in true_given if e.date() == x.expires]
        print(
            f"  {lang:<6}{_rate(len(true_given), len(given)):<16}{_rate(len(true_given), len(limited)):<16}"
            f"{_rate(len(right), len(true_given)):<16}"
        )
        if lang == "all":
            misses = [(x, e) for x, e in found if (e.date() if e else None) != x.expires]
    if show_misses:
        for x, e in misses:
            print(f"    MISS {x.lang} expected {x.expires or 'none'}, got {e.date() if e else 'none'}: {x.text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--misses", action="store_true", help="list every sentence judged wrongly")
    args = parser.parse_args()
    for name in ("dev.tsv", "heldout.tsv"):
        score(name, args.misses)


if __name__ == "__main__":
    main()
