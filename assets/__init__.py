"""memtrust's assets (DESIGN.md §1): Textual stylesheets (``*.tcss``), the DSAR JSON Schema
and the demo data. A package only so that a regular (non-editable) install carries them;
:data:`ASSETS` is their folder wherever memtrust is installed."""

from pathlib import Path

ASSETS = Path(__file__).resolve().parent
