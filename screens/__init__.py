"""memtrust's Textual screens (DESIGN.md §8), one per file; reusable widgets in ``widgets/``.

``ASSETS`` is the folder of the ``.tcss`` stylesheets each screen lists in ``CSS_PATH``.
"""

from memtrust.assets import ASSETS as ASSETS  # the stylesheets travel with the install

#: The actor name the TUI gives the store for audit events (§7).
TUI_ACTOR = "tui"
