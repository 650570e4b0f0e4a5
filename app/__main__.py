"""``python -m memtrust.app`` runs the memtrust command line (as the ``memtrust`` script does)."""

from memtrust.app.launch import entry_point

entry_point()
