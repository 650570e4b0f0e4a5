"""Converters from the real data sets in tests/data/real/ to the JSONL export shape.

oasst_en_100.jsonl: LAION-AI/Open-Assistant (Apache-2.0); hh_rlhf_harmless_test.jsonl.gz:
anthropics/hh-rlhf (MIT). See SOURCES.md there.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path


def write_jsonl(path: Path, records: list[dict]) -> Path:
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "wt", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record) + "\n")
    return path


def oasst_to_jsonl_records(line: str, conversation_id: str) -> list[dict]:
    """One OpenAssistant tree → JSONL records along its first branch (no timestamps)."""
    node = json.loads(line)
    records = []
    while node is not None:
        records.append(
            {
                "conversation_id": conversation_id,
                "message_id": node["message_id"],
                "role": "user" if node["role"] == "prompter" else "assistant",
                "content": node["text"],
            }
        )
        node = node["replies"][0] if node.get("replies") else None
    return records


def hh_to_jsonl_records(line: str, conversation_id: str, start: int) -> list[dict]:
    """One hh-rlhf transcript ("\\n\\nHuman: …\\n\\nAssistant: …") → JSONL records, epoch times."""
    chosen = json.loads(line)["chosen"]
    records = []
    for index, segment in enumerate(re.split(r"\n\n(?=Human: |Assistant: )", chosen.strip())):
        speaker, _, text = segment.partition(": ")
        records.append(
            {
                "conversation_id": conversation_id,
                "role": "user" if speaker == "Human" else "assistant",
                "content": text,
                "timestamp": start + 60 * index,
            }
        )
    return records
