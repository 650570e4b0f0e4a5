"""Precision and recall of each implicit detector on the hand-labelled set (issue 4).

Usage::

    .venv/bin/python bench/detector_quality.py

Reads ``tests/labelled/labels.json`` (conversations from tests/data/real/, labelled by
hand; see the ``about`` field there) and scores each detector on each labelled
conversation taken as one user's history:

- reply_length: predicted ``brief``/``detailed`` when confidence ≥ threshold (swept), vs
  the label (``null`` = no preference);
- topics: the per-conversation topic tags (:func:`app.detectors.topics.topics_in`, before
  the across-conversations rule), micro-averaged over (conversation, topic) pairs, swept
  over the keyword-hit minimum;
- language: the language detector on the conversation, confidence ≥ threshold (swept);
- activity_hours: not scored — no file carries real local times (see the labels' notes).

The current setting of each detector is marked with ``*``.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memtrust.app.detectors import LanguageDetector, ReplyLengthDetector
from memtrust.app.detectors import topics as topics_module
from memtrust.app.ingest import read_conversations
from tests.realdata import hh_to_jsonl_records, oasst_to_jsonl_records, write_jsonl

REAL = ROOT / "tests" / "data" / "real"
LABELS = ROOT / "tests" / "labelled" / "labels.json"


def load(tmp: Path):
    """(label, Conversation) pairs for the labelled set."""
    doc = json.loads(LABELS.read_text(encoding="utf-8"))
    lines: dict[str, list[str]] = {}
    pairs = []
    for item in doc["conversations"]:
        name, index = item["file"], item["index"]
        if name.endswith(".json"):
            conversation = list(read_conversations(REAL / name))[index]
        else:
            if name not in lines:
                opener = gzip.open if name.endswith(".gz") else open
                with opener(REAL / name, "rt", encoding="utf-8") as source:
                    lines[name] = source.readlines()
            line = lines[name][index]
            if name.startswith("oasst"):
                records = oasst_to_jsonl_records(line, f"oasst-{index}")
            else:
                records = hh_to_jsonl_records(line, f"hh-{index}", 1_767_225_600 + index * 3600)
            path = write_jsonl(tmp / f"{Path(name).stem}-{index}.jsonl", records)
            [conversation] = list(read_conversations(path, format="jsonl"))
        pairs.append((item, conversation))
    return pairs


def prf(tp: int, fp: int, fn: int) -> str:
    precision = tp / (tp + fp) if tp + fp else float("nan")
    recall = tp / (tp + fn) if tp + fn else float("nan")
    return f"precision {precision:5.2f}  recall {recall:5.2f}  (tp {tp}, fp {fp}, fn {fn})"


def score_reply_length(pairs) -> None:
    assessed = []
    for item, conversation in pairs:
        detector = ReplyLengthDetector()
        detector(conversation, "labelled")
        result = detector.assess()
        if result and result[0] == "brief" and detector.contradicted:
            result = None
        assessed.append((item["answer_length"], result))
    positives = sum(1 for label, _ in assessed if label)
    print(f"reply_length → style.answer_length ({positives} labelled brief/detailed of {len(assessed)})")
    for threshold in (0.3, 0.4, 0.5, 0.6, 0.7, 0.8):
        tp = fp = fn = 0
        for label, result in assessed:
            predicted = result[0] if result and result[1] >= threshold else None
            if predicted and predicted == label:
                tp += 1
            elif predicted:
                fp += 1
                fn += bool(label)
            elif label:
                fn += 1
        mark = "*" if threshold == ReplyLengthDetector.threshold else " "
        print(f" {mark} threshold {threshold:.2f}: {prf(tp, fp, fn)}")


def score_topics(pairs) -> None:
    print(f"topics → interests.topics (per conversation tags; {sum(len(i['topics']) for i, _ in pairs)} labelled)")
    for min_keywords in (1, 2, 3):
        tp = fp = fn = 0
        for item, conversation in pairs:
            predicted = set(topics_module.topics_in(conversation, min_keywords))
            wanted = set(item["topics"])
            tp += len(predicted & wanted)
            fp += len(predicted - wanted)
            fn += len(wanted - predicted)
        mark = "*" if min_keywords == topics_module.MIN_KEYWORDS else " "
        print(f" {mark} a decisive keyword or ≥ {min_keywords} different keywords: {prf(tp, fp, fn)}")
    print(
        f"   (then an interest needs ≥ {topics_module.MIN_CONVERSATIONS} separate conversations, "
        f"confidence {topics_module.TopicsDetector.confidence(topics_module.MIN_CONVERSATIONS):.2f} "
        f"≥ threshold {topics_module.TopicsDetector.threshold})"
    )


def score_language(pairs) -> None:
    assessed = []
    for item, conversation in pairs:
        detector = LanguageDetector()
        detector(conversation, "labelled")
        result = detector.assess()
        assessed.append((item["language"], result[:2] if result else None))
    print(f"language → locale.language ({len(assessed)} labelled, all English in these files)")
    for threshold in (0.3, 0.5, 0.6, 0.7, 0.8):
        tp = fp = fn = 0
        for label, result in assessed:
            predicted = result[0] if result and result[1] >= threshold else None
            if predicted == label:
                tp += 1
            else:
                fp += bool(predicted)
                fn += 1
        mark = "*" if threshold == LanguageDetector.threshold else " "
        print(f" {mark} threshold {threshold:.2f}: {prf(tp, fp, fn)}")


def main() -> int:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        pairs = load(Path(tmp))
    print(f"{len(pairs)} hand-labelled conversations from {LABELS.relative_to(ROOT)}\n")
    score_reply_length(pairs)
    print()
    score_topics(pairs)
    print()
    score_language(pairs)
    print()
    print(
        "activity_hours → locale.timezone: not scored (no real local times in the files); "
        "threshold 0.35, confidence capped at 0.5, TTL 30 days."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
