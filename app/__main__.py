"""``python -m memtrust.app`` runs the memtrust command line."""

from memtrust.app.cli import entry_point

entry_point()
