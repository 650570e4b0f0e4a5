"""A writer for the crash test: opens the store with the raw key in MEMTRUST_TEST_KEY and
saves memories in a loop, printing each id only after its transaction has committed."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from memtrust.store.db import Database
from memtrust.store.keys import StoreKey
from memtrust.store.memories import MemoryStore
from memtrust.store.model import Proposal


def main() -> None:
    store = MemoryStore(Database.open(Path(sys.argv[1]), StoreKey("keychain", os.environ["MEMTRUST_TEST_KEY"])))
    number = 0
    while True:
        number += 1
        result = store.propose(
            Proposal(
                f"test.crash_{os.getpid()}_{number}",
                f"value {number} " + "x" * (number % 700),
                "explicit",
                "user",
                confirmed=True,
            ),
            actor="crash-test",
        )
        print(result.memory.id, flush=True)  # acknowledged: the commit has returned


if __name__ == "__main__":
    main()
