"""A synthetic store for recall tests and benchmarks: ``fill(store, n)`` writes ``n`` memories
in one transaction (the full-text triggers index them as they go).

Rows vary the way the §7 gates care about: formation (a third inferred, some under the 0.7
floor), scope (shared, and the ``research`` and ``billing`` agents), status (some pending,
some quarantined), expiry (some expired) and age; values are sentences drawn from a
Zipf-weighted vocabulary of pseudo-words, so some words are in most rows and most words in
few, as in real text. Deterministic for a seed.
"""

from __future__ import annotations

import json
import random

from memtrust.store.memories import INSERT_MEMORY_SQL
from memtrust.store.model import to_epoch

SCOPES = ("shared",) * 8 + ("research", "billing")
CATEGORIES = ("notes", "travel", "food", "work", "interests", "projects", "health", "family", "home")


def vocabulary(size: int = 4000, *, seed: int = 14) -> list[str]:
    """``size`` distinct pseudo-words of 4–10 letters."""
    rng = random.Random(seed)
    words: dict[str, None] = {}
    while len(words) < size:
        words["".join(rng.choice("abcdefghiklmnoprstuvwyz") for _ in range(rng.randint(4, 10)))] = None
    return list(words)


def rows(count: int, now: int, *, seed: int = 14, start: int = 0) -> list[tuple]:
    """``count`` memory rows (tuples in MEMORY_FIELDS order) ending ``now`` (epoch seconds)."""
    rng = random.Random(seed + start)
    words = vocabulary()
    weights = [1 / (rank + 1) for rank in range(len(words))]
    out = []
    for index in range(start, start + count):
        implicit = index % 3 == 0
        category = CATEGORIES[index % len(CATEGORIES)]
        if implicit and category in ("health", "family"):
            category = "interests"  # sensitive classes are explicit-only (§3.1)
        scope = rng.choice(SCOPES)
        status = "active"
        if not implicit and index % 23 == 0:
            status = "pending"
        elif not implicit and index % 29 == 0:
            status = "quarantined"
        created = now - rng.randint(1, 700) * 86400
        expires = None
        if implicit:
            expires = now - 3600 if index % 17 == 0 else now + 30 * 86400
        value = " ".join(rng.choices(words, weights, k=rng.randint(3, 16)))
        out.append(
            (
                f"{index:032x}",
                scope,
                f"{category}.item_{index:06d}",
                value,
                "implicit" if implicit else "explicit",
                "inference:topics" if implicit else "user",
                None,
                round(rng.uniform(0.5, 0.95), 2) if implicit else 1.0,
                status,
                json.dumps({"conversations": 3}) if implicit else None,
                created,
                created + rng.randint(0, 86400),
                created if implicit else None,
                expires,
                created if not implicit and status == "active" else None,
                None,
                now + 30 * 86400 if status == "pending" else None,
                None,  # confirmed_in: no client confirmed these
            )
        )
    return out


def fill(store, count: int, *, seed: int = 14) -> None:
    """Write ``count`` synthetic memories into ``store`` in one transaction."""
    now = to_epoch(store.clock())
    with store.db.write() as conn:
        for start in range(0, count, 5000):
            conn.executemany(INSERT_MEMORY_SQL, rows(min(5000, count - start), now, seed=seed, start=start))
