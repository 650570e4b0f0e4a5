"""Badges and status words read in textual-light and textual-dark (DESIGN.md §8, issue 6).

Measured on what is drawn, not on the stylesheet: each test opens the app in a theme, renders
a widget, and takes the foreground and background colours Textual resolved for the cells of
each badge or line of text. Their WCAG 2.x contrast ratio (computed here from relative
luminance) must be at least 4.5:1, the level for body text: terminal bold is not "large
text". Badges are measured on plain rows, on the highlighted row of the focused pane and on
the highlighted row of the other pane.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.color import Color
from textual.content import Content
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import OptionList, Static
from tui_fixtures import (
    flat,
    inferred,
    make_app,
    open_from_main,
    pending_from_chat,
    rendered,
    saved,
    settle,
)

from memtrust.app.settings import Settings
from memtrust.store.model import Proposal

THEMES = ["textual-dark", "textual-light"]
#: WCAG 2.x, success criterion 1.4.3: 4.5:1 for body text (3:1 only for large text).
BODY_TEXT = 4.5


def relative_luminance(colour: Color) -> float:
    """WCAG 2.x relative luminance of an opaque sRGB colour: 0.0 (black) to 1.0 (white)."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)


def contrast_ratio(first: Color, second: Color) -> float:
    """WCAG 2.x contrast ratio of two opaque colours: 1.0 (same) to 21.0 (black on white)."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _segment_contrast(segment: Segment) -> float:
    """The contrast of one drawn segment: its foreground against its background."""
    style = segment.style
    assert style is not None and style.color is not None and style.bgcolor is not None, segment
    foreground, background = style.color.get_truecolor(), style.bgcolor.get_truecolor()
    return contrast_ratio(Color(*foreground), Color(*background))


def _drawn_lines(widget: Widget) -> list[list[Segment]]:
    width, height = widget.region.size
    return [list(strip) for strip in widget.render_lines(Region(0, 0, width, height))]


def word_contrasts(widget: Widget, words: list[str]) -> dict[str, float]:
    """The lowest contrast ratio of each of ``words`` where ``widget`` draws it now (every
    occurrence, every cell); words not on screen are left out of the result."""
    lowest: dict[str, float] = {}
    for segments in _drawn_lines(widget):
        spans, offset = [], 0
        for segment in segments:
            spans.append((offset, offset + len(segment.text), segment))
            offset += len(segment.text)
        text = "".join(segment.text for segment in segments)
        for word in words:
            start = text.find(word)
            while start >= 0:
                end = start + len(word)
                for left, right, segment in spans:
                    if left < end and right > start and text[max(left, start) : min(right, end)].strip():
                        ratio = _segment_contrast(segment)
                        lowest[word] = min(lowest.get(word, ratio), ratio)
                start = text.find(word, end)
    return lowest


def text_contrast(widget: Widget) -> float:
    """The lowest contrast ratio of any visible character ``widget`` draws now."""
    ratios = [
        _segment_contrast(segment) for segments in _drawn_lines(widget) for segment in segments if segment.text.strip()
    ]
    assert ratios, f"{widget!r} draws no text"
    return min(ratios)


# --- the measure itself --------------------------------------------------------------------


def test_contrast_ratio_gives_the_wcag_reference_values():
    black, white = Color(0, 0, 0), Color(255, 255, 255)
    assert contrast_ratio(black, white) == pytest.approx(21.0)
    assert contrast_ratio(white, white) == pytest.approx(1.0)
    # #767676 is the lightest grey that passes 4.5:1 on white; #777777 just fails.
    assert contrast_ratio(Color.parse("#767676"), white) == pytest.approx(4.54, abs=0.01)
    assert contrast_ratio(Color.parse("#777777"), white) < BODY_TEXT


class _OneLine(App):
    """A line of styled text on the theme's background, as the badges used to be drawn."""

    def __init__(self, style: str, theme: str) -> None:
        super().__init__()
        self.style, self.wanted_theme = style, theme

    def compose(self) -> ComposeResult:
        yield Static(Content.styled("[saved by you]", self.style))

    def on_mount(self) -> None:
        self.theme = self.wanted_theme


@pytest.mark.parametrize(
    ("style", "theme"),
    [
        pytest.param("bold $success", "textual-light", id="old saved-by-you badge on light"),
        pytest.param("bold $warning", "textual-light", id="old inferred badge on light"),
        pytest.param("bold $error", "textual-dark", id="old quarantined badge on dark"),
    ],
)
async def test_the_measure_fails_the_colours_the_badges_had_before(style, theme):
    """The check can fail: the pre-issue-6 badge colours, drawn the same way, fall short."""
    app = _OneLine(style, theme)
    async with app.run_test(size=(40, 3)) as pilot:
        await pilot.pause()
        ratios = word_contrasts(app.query_one(Static), ["[saved by you]"])
    assert ratios["[saved by you]"] < BODY_TEXT


# --- the app's badges and status words ----------------------------------------------------


def _every_badge(store) -> None:
    """One row per badge: saved, temporary, confidential (typed, and found in an import),
    sensitive, inferred, and two requests waiting in the Inbox."""
    saved(store, "profile.name", "Sam Rivera")
    saved(store, "notes.plan", "Visiting Lisbon", expires_at=store.clock() + timedelta(days=5))
    saved(store, "health.allergy", "Penicillin")
    store.propose(
        Proposal(
            "notes.job_search",
            "Interviewing elsewhere",
            "explicit",
            "user",
            confirmed=True,
            utterance="Just between us, remember I'm interviewing elsewhere.",
        ),
        actor="test",
    )
    store.propose(
        Proposal(
            "notes.acme",
            "I am interviewing at Acme",
            "explicit",
            "chat",
            source_ref="chat.jsonl#c1/m2",
            utterance="Remember that, just between us, I am interviewing at Acme.",
        ),
        actor="test",
    )
    inferred(store, "style.answer_length", "brief")
    inferred(store, "locale.language", "english", confidence=0.9)
    pending_from_chat(store, "contact.preferred_channel", "email")
    pending_from_chat(store, "profile.city", "Porto", title="Moving")


PANE_BADGES = [
    "[saved by you]",
    "[requested]",
    "[quarantined]",
    "[sensitive]",
    "[expires in 5d]",
    "[inferred 82%]",
    "[inferred 90%]",
    "[expires in 50d]",  # an inference lives 60 days from its newest evidence, seen 10 days ago (§4)
]


def _lowest(into: dict[str, float], ratios: dict[str, float]) -> None:
    for word, ratio in ratios.items():
        into[word] = min(into.get(word, ratio), ratio)


@pytest.mark.parametrize("theme", THEMES)
async def test_every_badge_in_both_panes_reads_at_body_text_contrast_highlighted_or_not(store, clock, theme):
    _every_badge(store)
    app = make_app(store, clock, settings=Settings(theme=theme))
    lowest: dict[str, float] = {}
    async with app.run_test(size=(120, 50)) as pilot:
        await settle(pilot)
        assert app.theme == theme
        lists = [app.screen.query_one(f"#{pane}-list", OptionList) for pane in ("saved", "inferred")]
        for focused in lists:
            focused.focus()
            for index in range(focused.option_count):
                if focused.get_option_at_index(index).disabled:
                    continue
                focused.highlighted = index
                await pilot.pause()
                for option_list in lists:
                    _lowest(lowest, word_contrasts(option_list, PANE_BADGES))
    assert sorted(lowest) == sorted(PANE_BADGES)  # every badge was on screen and measured
    assert {word: round(ratio, 2) for word, ratio in lowest.items() if ratio < BODY_TEXT} == {}


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(
    ("key", "list_id", "words"),
    [
        pytest.param("i", "#inbox-list", ["[requested]", "[pending]"], id="inbox"),
        pytest.param("z", "#quarantine-list", ["[saved by you]", "[requested]", "[quarantined]"], id="quarantine"),
    ],
)
async def test_badges_in_the_inbox_and_quarantine_read_at_body_text_contrast(store, clock, theme, key, list_id, words):
    _every_badge(store)
    app = make_app(store, clock, settings=Settings(theme=theme))
    lowest: dict[str, float] = {}
    async with app.run_test(size=(120, 50)) as pilot:
        await open_from_main(pilot, key)
        option_list = app.screen.query_one(list_id, OptionList)
        assert option_list.option_count >= 2  # one highlighted row, at least one plain
        for index in range(option_list.option_count):
            option_list.highlighted = index
            await pilot.pause()
            _lowest(lowest, word_contrasts(option_list, words))
    assert sorted(lowest) == sorted(words)
    assert {word: round(ratio, 2) for word, ratio in lowest.items() if ratio < BODY_TEXT} == {}


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("learning", [False, True], ids=["OFF", "ON"])
async def test_implicit_learning_on_or_off_in_the_status_line_reads_at_body_text_contrast(
    store, clock, theme, learning
):
    if learning:
        store.set_learning(True, actor="test")
    words = f"Implicit learning: {'ON' if learning else 'OFF'}"
    app = make_app(store, clock, settings=Settings(theme=theme))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = app.screen.query_one("#status")
        ratios = word_contrasts(status, [words])
        whole_line = text_contrast(status)
    assert ratios[words] >= BODY_TEXT
    assert whole_line >= BODY_TEXT


async def _show_add_problem(pilot) -> None:
    await pilot.press("a")
    await pilot.pause()
    await pilot.press(*"Bad Key", "enter", "x", "enter")
    await pilot.pause()


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(
    ("keys", "selectors"),
    [
        pytest.param((), ("#saved .empty-state", "#inferred .empty-state"), id="main saved and inferred panes empty"),
        pytest.param(("i",), ("#inbox-empty",), id="inbox empty"),
        pytest.param(("z",), ("#quarantine-empty",), id="quarantine empty"),
        pytest.param(("s",), (".setting-name", "#settings-help"), id="settings names and help"),
        pytest.param(("l",), ("#fine-print",), id="consent fine print"),
        pytest.param(("question_mark",), ("#fine-print",), id="help fine print"),
        pytest.param(("add problem",), ("#problem",), id="add form problem"),
    ],
)
async def test_empty_states_muted_and_problem_texts_read_at_body_text_contrast(store, clock, theme, keys, selectors):
    """Each selector's texts on the screen ``keys`` lead to (the texts of one screen are
    measured in one run of the app)."""
    app = make_app(store, clock, settings=Settings(theme=theme))
    lowest: dict[str, float] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in keys:
            if key == "add problem":
                await _show_add_problem(pilot)
            else:
                await pilot.press(key)
            await settle(pilot)
        for selector in selectors:
            widgets = list(app.screen.query(selector))
            assert widgets and all(widget.display and widget.region.area for widget in widgets), selector
            lowest[selector] = min(text_contrast(widget) for widget in widgets)
    assert {selector: round(ratio, 2) for selector, ratio in lowest.items() if ratio < BODY_TEXT} == {}


@pytest.mark.parametrize("theme", THEMES)
async def test_the_detail_panel_with_its_muted_labels_reads_at_body_text_contrast(store, clock, theme):
    _every_badge(store)
    app = make_app(store, clock, settings=Settings(theme=theme))
    async with app.run_test(size=(120, 50)) as pilot:
        await settle(pilot)
        lowest = text_contrast(app.screen.query_one("#detail-text"))
    assert lowest >= BODY_TEXT


# --- the dialogs' keys, the settings learning line, the export warning --------------------


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(
    ("keys", "selector"),
    [
        pytest.param(("tab", "p"), "#question", id="promote question (save_question)"),
        pytest.param(("v", "p"), "#question", id="review promote question"),
        pytest.param(("tab", "e"), "#title", id="edit title"),
    ],
)
async def test_the_key_named_in_a_dialog_reads_at_body_text_contrast(store, clock, theme, keys, selector):
    """The memory's key in "Save “brief” as your style.answer_length?" and "Edit
    style.answer_length" was ``bold $accent`` on the dialog's ``$surface``: below 4.5:1."""
    inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock, settings=Settings(theme=theme))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        shown = app.screen.query_one(selector)
        ratios = word_contrasts(shown, ["style.answer_length"])
        whole = text_contrast(shown)
    assert ratios["style.answer_length"] >= BODY_TEXT
    assert whole >= BODY_TEXT


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("learning", [False, True], ids=["OFF", "ON"])
async def test_implicit_learning_on_or_off_in_settings_reads_at_body_text_contrast(store, clock, theme, learning):
    """The settings line "OFF — nothing is inferred about you" was ``bold $warning`` (and ON
    ``bold $success``) on the screen's background: below 4.5:1 in textual-light."""
    if learning:
        store.set_learning(True, actor="test")
    app = make_app(store, clock, settings=Settings(theme=theme))
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "s")
        line = app.screen.query_one("#learning")
        assert ("ON" if learning else "OFF") in rendered(line)
        lowest = text_contrast(line)
    assert lowest >= BODY_TEXT


@pytest.mark.parametrize("theme", THEMES)
async def test_the_unencrypted_export_warning_reads_at_body_text_contrast(store, clock, theme):
    """ "This export is not encrypted: …" was ``bold $warning`` on the dialog's ``$surface``:
    below 4.5:1 in textual-light."""
    app = make_app(store, clock, settings=Settings(theme=theme))
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "w")
        warning = app.screen.query_one("#warning")
        assert "not encrypted" in flat(rendered(warning))
        lowest = text_contrast(warning)
    assert lowest >= BODY_TEXT
