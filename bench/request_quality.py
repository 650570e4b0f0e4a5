"""Precision and recall of explicit requests found in user messages (DESIGN.md §6).

Usage::

    .venv/bin/python bench/request_quality.py [--verbose] [--data tests/data/requests/messages.jsonl]

Reads the labelled user messages of ``tests/data/requests/messages.jsonl`` (written for
memtrust, no personal data; see the README there): each message is one user turn, labelled
with the requests the *user* made in it — ``remember`` or ``forget``, and a fragment the
request's value or sentence holds. Kinds: ``own`` (the user's own short requests),
``pasted`` (material the user pasted that says "remember …": notes, e-mails, quotes,
code, transcripts, documents about "the user" — no request), ``mixed`` (the user's request
around pasted material), ``near-miss`` (questions, memories told in passing, dismissals).
Five languages: English, Dutch, German, French, Spanish.

Each message becomes a one-turn conversation and goes through
:func:`app.detectors.intents.proposals_from_conversation`, as an ingest would. A found
request is a true positive when its action matches an unmatched labelled request whose
fragment its value or sentence holds; otherwise a false positive. Labelled requests left
unmatched are false negatives. Prints precision and recall overall, per language and per
kind; ``--verbose`` lists every miss.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "requests" / "messages.jsonl"

from memtrust.app.detectors.intents import ForgetRequest, proposals_from_conversation
from memtrust.app.ingest import Conversation, Turn
from memtrust.store.model import Proposal

TARGET_PRECISION = 0.95
TARGET_RECALL = 0.9


def load(path: Path = DATA) -> list[dict]:
    """The labelled messages: ``{id, lang, kind, text, requests: [{action, says}]}``."""
    with open(path, encoding="utf-8") as source:
        return [json.loads(line) for line in source if line.strip()]


def found(text: str) -> list[tuple[str, str, str]]:
    """``(action, value, sentence)`` for each request found in one user message."""
    at = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    conversation = Conversation(
        id="c", title=None, created_at=at, turns=[Turn("c", "m", "user", text, at, "jsonl")], source="jsonl"
    )
    results = []
    for intent in proposals_from_conversation(conversation, "bench.jsonl"):
        if isinstance(intent, ForgetRequest):
            results.append(("forget", intent.text, intent.utterance))
        elif isinstance(intent, Proposal):
            results.append(("remember", intent.value, intent.utterance or ""))
    return results


def score(messages: list[dict]) -> dict[str, Counter]:
    """Counts of ``tp``, ``fp`` and ``fn``: overall (``"all"``), per ``lang:<x>`` and ``kind:<x>``,
    plus ``misses``: a Counter of ``"<id> <fp|fn>: <text>"`` lines."""
    tally: dict[str, Counter] = {"all": Counter(), "misses": Counter()}
    for message in messages:
        wanted = [dict(r) for r in message["requests"]]
        groups = ["all", f"lang:{message['lang']}", f"kind:{message['kind']}"]
        for action, value, sentence in found(message["text"]):
            haystack = f"{value}\n{sentence}".casefold()
            hit = next(
                (r for r in wanted if r["action"] == action and r["says"].casefold() in haystack),
                None,
            )
            if hit is not None:
                wanted.remove(hit)
            outcome = "tp" if hit is not None else "fp"
            for group in groups:
                tally.setdefault(group, Counter())[outcome] += 1
            if hit is None:
                tally["misses"][f"{message['id']} fp: {action} {value!r} ← {sentence!r}"] += 1
        for missed in wanted:
            for group in groups:
                tally.setdefault(group, Counter())["fn"] += 1
            tally["misses"][f"{message['id']} fn: {missed['action']} {missed['says']!r} in {message['text']!r}"] += 1
    return tally


def precision_recall(counts: Counter) -> tuple[float, float]:
    """Precision and recall of one group (1.0 where nothing was found or wanted)."""
    tp, fp, fn = counts["tp"], counts["fp"], counts["fn"]
    return (tp / (tp + fp) if tp + fp else 1.0, tp / (tp + fn) if tp + fn else 1.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--verbose", action="store_true", help="list every false positive and false negative")
    args = parser.parse_args()
    messages = load(args.data)
    tally = score(messages)
    kinds = Counter(m["kind"] for m in messages)
    langs = Counter(m["lang"] for m in messages)
    wanted = sum(len(m["requests"]) for m in messages)
    print(f"{len(messages)} labelled user messages, {wanted} requests in them")
    print(f"  by language: {dict(langs)}")
    print(f"  by kind:     {dict(kinds)}")
    precision, recall = precision_recall(tally["all"])
    counts = tally["all"]
    print(
        f"overall: precision {precision:.3f}  recall {recall:.3f}  "
        f"(tp {counts['tp']}, fp {counts['fp']}, fn {counts['fn']})"
    )
    for group in sorted(name for name in tally if name not in ("all", "misses")):
        p, r = precision_recall(tally[group])
        c = tally[group]
        print(f"  {group:<16} precision {p:.3f}  recall {r:.3f}  (tp {c['tp']}, fp {c['fp']}, fn {c['fn']})")
    if args.verbose:
        for line in sorted(tally["misses"]):
            print("  " + line)
    ok = precision >= TARGET_PRECISION and recall >= TARGET_RECALL
    print(f"targets (precision ≥ {TARGET_PRECISION}, recall ≥ {TARGET_RECALL}): {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
