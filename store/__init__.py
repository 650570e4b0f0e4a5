"""memtrust's store: an encrypted SQLCipher database of memories labelled by formation.

This package is a library of its own (DESIGN.md §1): it never imports Textual, never prints,
and takes a clock instead of reading the time itself, so every rule is testable without sleeping.
"""
