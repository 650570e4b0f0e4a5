"""memtrust application: the TUI, command line, ingestion and detectors (DESIGN.md §1)."""
