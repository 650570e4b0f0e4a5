"""Reusable widgets for memtrust's screens."""
