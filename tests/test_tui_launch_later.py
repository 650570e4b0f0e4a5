"""What the main screen's first frame does not need comes right after it (DESIGN.md §8: the
screen shows at once, whatever the size of the store): the panes' lists, the footer and the
Overview's stylesheet. The stylesheet is read once, before the Overview is first opened, so
opening it restyles nothing."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet
from textual.screen import Screen
from textual.widgets import Footer
from tui_fixtures import make_app, open_from_main, saved, settle

from memtrust.screens import ASSETS
from memtrust.screens.main import MainScreen
from memtrust.screens.overview import OverviewScreen

SIZE = (120, 40)
OVERVIEW_CSS = str(ASSETS / "overview.tcss")


async def test_the_footer_and_the_overview_stylesheet_come_after_the_first_frame(store, clock, monkeypatch):
    saved(store, "music.genre", "jazz record")
    app = make_app(store, clock)
    first: list[tuple[int, int, bool]] = []
    refresh = Screen._compositor_refresh

    def recording(screen: Screen) -> None:
        refresh(screen)
        if isinstance(screen, MainScreen) and not first:
            lists = len(screen.query("#saved-list, #inferred-list"))
            first.append((lists, len(screen.query(Footer)), app.stylesheet.has_source(OVERVIEW_CSS, "")))

    monkeypatch.setattr(Screen, "_compositor_refresh", recording)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert first == [(0, 0, False)]  # the first frame: frames and titles only
        assert len(app.screen.query(Footer)) == 1 and app.stylesheet.has_source(OVERVIEW_CSS, "")
        reparses = []
        reparse = Stylesheet.reparse
        monkeypatch.setattr(Stylesheet, "reparse", lambda sheet: (reparses.append(1), reparse(sheet))[1])
        await open_from_main(pilot, "t")
        assert isinstance(app.screen, OverviewScreen)
        assert reparses == []  # opening the Overview read no stylesheet
