"""Recall and false positives of the secrets screen (DESIGN.md §3.5, store/secrets.py).

Usage::

    .venv/bin/python bench/secret_quality.py [--misses]

Reads the hand-written labelled lines in ``tests/data/secrets/``: ``heldout.tsv`` (written
before the screen and never tuned on), ``dev.tsv`` (written after, the set the screen was
tuned against) and ``heldout2.tsv`` (written after that tuning; its first run is in the
README, and the kinds it showed were fixed afterwards), ``words.tsv`` (a password, PIN or door
code said in Dutch, German, French or Spanish, and ordinary sentences with the same words) and
``labels.tsv`` (secrets given as
"Label: value" and list items under a heading that names secrets, with ordinary labelled
memories beside them; written before the label rule), ``conversational.tsv`` (secrets said in
conversation without a colon or a fixed word, and tokens, key ids and IBANs written split,
beside ordinary text with numbers: times, prices, flights, rooms, versions; written before
the rules that read them) and ``keys.tsv`` (a secret named by the key in other words and
languages, alone or with a bare value, beside ordinary keys; written before the key screen
covered them). Each line is a secret of one kind or a hard negative, in English, Dutch,
German, French or Spanish, as a memory's value or as its key. For each set it prints:

- recall on secrets (any secret found), per kind, per language and per position, and how
  often the kind found is the labelled one;
- precision (of the lines the screen refused, how many hold a secret) and the
  false-positive rate on the negatives, per language.

Then the confidentiality screen (``store.screening.is_confidential``: what §3.5 quarantines) on
``confidential.tsv``, sentences marked confidential and ordinary ones in the five languages:
recall and false positives, per language.

Then it screens every paragraph of the real transcripts in ``tests/data/real/`` (hh-rlhf's
harmless test set, people and a model talking, no labels) and prints how many were refused,
by kind; ``--misses`` lists them, to be read by hand: a refusal there is either a secret the
transcript really holds (a door code a model made up) or a false positive.

``--misses`` also lists every wrong line. Targets: recall ≥ 0.95, false positives ≤ 2 %.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memtrust.store.screening import is_confidential
from memtrust.store.secrets import KINDS, Secret, screen_secret, secret_in_key
from tests.secret_data import LabelledSecret, load

LANGUAGES = ("en", "nl", "de", "fr", "es")


def _rate(hits: int, total: int) -> str:
    return f"{hits / total:5.3f} ({hits}/{total})" if total else "    —"


def judge(item: LabelledSecret) -> Secret | None:
    """What the screen says of one line, as admission screens it: a value with no key, or a key."""
    if item.position == "key":
        return secret_in_key(item.text)
    return screen_secret(item.text, key=item.key, heading=item.heading)


def score(name: str, show_misses: bool) -> None:
    lines = load(name)
    started = time.perf_counter()
    found = [judge(item) for item in lines]
    seconds = time.perf_counter() - started
    positives = [(item, f) for item, f in zip(lines, found, strict=True) if item.secret]
    negatives = [(item, f) for item, f in zip(lines, found, strict=True) if not item.secret]
    caught = sum(1 for _, f in positives if f)
    right = sum(1 for item, f in positives if f and f.kind == item.kind)
    false = sum(1 for _, f in negatives if f)
    print(
        f"{name}: {len(lines)} lines ({len(positives)} secrets, {len(negatives)} negatives), "
        f"{seconds * 1e6 / len(lines):.0f} µs a line"
    )
    print(
        f"  recall                 {_rate(caught, len(positives))}   labelled kind found {_rate(right, len(positives))}"
    )
    print(f"  precision              {_rate(caught, caught + false)}")
    print(f"  false positives        {_rate(false, len(negatives))}")
    by_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_language: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    by_position: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for item, f in positives:
        for cell in (by_kind[item.kind], by_language[item.language], by_position[item.position]):
            cell[0] += bool(f)
            cell[1] += 1
    for item, f in negatives:
        for cell in (by_language[item.language], by_position[item.position]):
            cell[2] += bool(f)
            cell[3] += 1
    print("  per kind:              recall              precision")
    for kind in KINDS:
        hits, total = by_kind.get(kind, [0, 0])
        claimed = [item for item, f in zip(lines, found, strict=True) if f and f.kind == kind]
        correct = sum(1 for item in claimed if item.secret)
        if total or claimed:
            print(f"    {kind:<12} {_rate(hits, total):>20}  {_rate(correct, len(claimed)):>20}")
    print("  per language:          recall              false positives")
    for language in LANGUAGES:
        cell = by_language[language]
        print(f"    {language:<12} {_rate(cell[0], cell[1]):>20}  {_rate(cell[2], cell[3]):>20}")
    print("  per position:          recall              false positives")
    for position in ("value", "key", "keyvalue", "item"):
        cell = by_position[position]
        print(f"    {position:<12} {_rate(cell[0], cell[1]):>20}  {_rate(cell[2], cell[3]):>20}")
    if show_misses:
        for item, f in positives:
            if not f:
                print(f"  MISSED   [{item.kind} {item.language} {item.position}] {item.text[:160]!r}")
        for item, f in negatives:
            if f:
                print(f"  FALSE    [{item.language} {item.position}] {f.kind}: {item.text[:160]!r}")


def confidential(show_misses: bool) -> None:
    """Recall and false positives of the confidentiality screen on ``confidential.tsv``."""
    path = ROOT / "tests" / "data" / "secrets" / "confidential.tsv"
    rows = [
        line.split("\t", 2)
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    cells: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    wrong = []
    for label, language, text in rows:
        found = is_confidential(text)
        cell = cells[language]
        if label == "confidential":
            cell[0] += found
            cell[1] += 1
        else:
            cell[2] += found
            cell[3] += 1
        if found != (label == "confidential"):
            wrong.append((label, language, text))
    total = [sum(cell[i] for cell in cells.values()) for i in range(4)]
    print(f"confidential wording: {len(rows)} sentences ({total[1]} confidential, {total[3]} ordinary)")
    print(f"  recall                 {_rate(total[0], total[1])}")
    print(f"  false positives        {_rate(total[2], total[3])}")
    print("  per language:          recall              false positives")
    for language in LANGUAGES:
        cell = cells[language]
        print(f"    {language:<12} {_rate(cell[0], cell[1]):>20}  {_rate(cell[2], cell[3]):>20}")
    if show_misses:
        for label, language, text in wrong:
            print(f"  {'MISSED' if label == 'confidential' else 'FALSE '}   [{language}] {text!r}")


def real_text(show: bool) -> None:
    """Screen each paragraph of the hh-rlhf transcripts; print the refusals by kind."""
    path = ROOT / "tests" / "data" / "real" / "hh_rlhf_harmless_test.jsonl.gz"
    paragraphs = []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            for text in (record["chosen"], record["rejected"]):
                paragraphs.extend(part for part in text.split("\n\n") if part.strip())
    refused = [(found, text) for text in paragraphs if (found := screen_secret(text))]
    kinds = defaultdict(int)
    for found, _ in refused:
        kinds[found.kind] += 1
    print(f"real text (hh-rlhf harmless test): {len(refused)} of {len(paragraphs)} paragraphs refused {dict(kinds)}")
    if show:
        for found, text in refused:
            print(f"  REFUSED  {found.kind}: {text[:160]!r}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list every wrong line")
    args = parser.parse_args()
    for name in ("heldout", "dev", "heldout2", "labels", "words", "conversational", "keys"):
        if (ROOT / "tests" / "data" / "secrets" / f"{name}.tsv").exists():
            score(name, args.misses)
            print()
    confidential(args.misses)
    print()
    real_text(args.misses)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
