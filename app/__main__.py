"""``python -m app`` runs the memtrust command line."""

from app.cli import entry_point

entry_point()
