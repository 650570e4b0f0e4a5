"""Recall and false positives of the sensitive-class classifier (DESIGN.md §3.1).

Usage::

    .venv/bin/python bench/sensitive_quality.py [--sets NAME ...] [--misses]

Reads the hand-written labelled sentences in ``tests/data/sensitive/``: ``dev.txt`` (the
set the vocabulary was written against, in two batches), ``dev3.txt`` (a third development
batch, measured once before it was tuned on), ``heldout.txt`` (written after the
first batch, never tuned on, but looked at before the second), ``heldout2.txt`` (written
after the second batch, never tuned on, its misses read for their kinds),
``heldout3.txt`` (written after the domain vocabularies; its first run is in the README),
``dev5.txt`` (an independent evaluator's tuning set, measured once before it was tuned on:
README, "first run"), ``dev6.txt`` (hard negatives by kind of context — software, business
money, the news, study, fiction, sport, cooking, idioms, other people — beside sensitive
sentences that look like them; measured once before it was tuned on),
``dev7.txt`` (a tuning set for recall on unseen wording — slang, typos, assistants' notes —
and hard negatives on the same words, measured once before it was tuned on: README),
``dev8.txt`` (a tuning set written from a newcomer's report: specialists, treatments and
assistance dogs, worship practice, gender-affirming items; software evictions, crime fiction and
games, elections followed for work, an organism's genome; measured once before it was tuned on),
``blind.txt`` (written by an independent evaluator who never saw the classifier or the
other sets; never tuned on) and ``blind2.txt`` (a second evaluator's, kept from whoever tuned
the classifier until tuning ended: never read, never tuned on) and ``blind3.txt`` (a third
evaluator's, written at the start of the last session and added only when tuning ended: its
figures were seen by the lead alone until then),
each in English, Dutch, German, French and Spanish,
every class, ordinary sentences and hard negatives. For each set it prints:

- recall on sensitive sentences (any class found), per class and per language, and how
  often the class named first is the labelled one;
- the false-positive rate on ordinary sentences, per language, and on the hard negatives.

``--sets`` measures only the named sets (default: every set present). ``--misses`` also
lists every wrong sentence, and only for sets named with ``--sets`` that are not blind: a
blind set's sentences stay unread by whoever tunes the vocabulary, so only its aggregate
figures are printed. Targets: recall ≥ 0.98, false positives ≤ 3 %.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memtrust.store.sensitive import CLASSES, sensitive_classes
from tests.sensitive_data import load

LANGUAGES = ("en", "nl", "de", "fr", "es")


def _rate(hits: int, total: int) -> str:
    return f"{hits / total:5.3f} ({hits}/{total})" if total else "    —"


def score(name: str, show_misses: bool) -> None:
    sentences = load(name)
    started = time.perf_counter()
    found = [sensitive_classes(item.text) for item in sentences]
    seconds = time.perf_counter() - started
    positives = [(item, classes) for item, classes in zip(sentences, found, strict=True) if item.sensitive]
    negatives = [(item, classes) for item, classes in zip(sentences, found, strict=True) if not item.sensitive]
    caught = sum(1 for _, classes in positives if classes)
    right = sum(1 for item, classes in positives if item.label in classes)
    false = sum(1 for _, classes in negatives if classes)
    print(
        f"{name}: {len(sentences)} sentences ({len(positives)} sensitive, {len(negatives)} ordinary of which "
        f"{sum(item.hard for item, _ in negatives)} hard), {seconds * 1e6 / len(sentences):.0f} µs a sentence"
    )
    print(
        f"  recall on sensitive      {_rate(caught, len(positives))}   labelled class found {_rate(right, len(positives))}"
    )
    print(f"  false positives, ordinary {_rate(false, len(negatives))}")
    by_class: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_language: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0])
    for item, classes in positives:
        by_class[item.label][0] += bool(classes)
        by_class[item.label][1] += 1
        by_language[item.language][0] += bool(classes)
        by_language[item.language][1] += 1
    for item, classes in negatives:
        cell = by_language[item.language]
        if item.hard:
            cell[4] += bool(classes)
            cell[5] += 1
        else:
            cell[2] += bool(classes)
            cell[3] += 1
    print("  per class (recall):")
    for cls in CLASSES:
        hits, total = by_class.get(cls, [0, 0])
        print(f"    {cls:<11} {_rate(hits, total)}")
    print("  per language:      recall              false positives (plain)   false positives (hard)")
    for language in LANGUAGES:
        cell = by_language[language]
        print(
            f"    {language}  {_rate(cell[0], cell[1]):>20}  {_rate(cell[2], cell[3]):>24}  {_rate(cell[4], cell[5]):>22}"
        )
    if show_misses:
        for item, classes in positives:
            if not classes:
                print(f"  MISSED   [{item.language} {item.label}] {item.text}")
        for item, classes in negatives:
            if classes:
                print(f"  FALSE    [{item.language}{' hard' if item.hard else ''}] {sorted(classes)}: {item.text}")


SETS = ("dev", "dev3", "dev5", "dev6", "dev7", "dev8", "heldout", "heldout2", "heldout3", "blind", "blind2", "blind3")


def _blind(name: str) -> bool:
    """Whether a set is a blind one, whose sentences are never listed."""
    return name.startswith("blind")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", metavar="NAME", help="the sets to measure (default: every set present)")
    parser.add_argument(
        "--misses", action="store_true", help="list every wrong sentence (needs --sets, never for a blind set)"
    )
    args = parser.parse_args()
    data = ROOT / "tests" / "data" / "sensitive"
    names = args.sets or [name for name in SETS if (data / f"{name}.txt").exists()]
    if args.misses and not args.sets:
        print("--misses needs --sets naming the sets whose wrong sentences may be listed.", file=sys.stderr)
        return 2
    if args.misses and (blind := [name for name in names if _blind(name)]):
        print(
            f"--misses is never given for a blind set ({', '.join(blind)}): its sentences stay unread.", file=sys.stderr
        )
        return 2
    if missing := [name for name in names if not (data / f"{name}.txt").exists()]:
        print(f"no labelled set {', '.join(missing)} in {data}.", file=sys.stderr)
        return 2
    for name in names:
        score(name, args.misses)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
