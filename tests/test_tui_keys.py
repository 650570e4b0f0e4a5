"""Everything on keys (issue 6): one Pilot test per binding, every binding in the command
palette and in help, and keys remapped by id from the settings file."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input
from tui_fixtures import (
    fill_and_press,
    flat,
    inferred,
    known,
    make_app,
    open_from_main,
    rendered,
    saved,
    settle,
)

from memtrust.app.app import MemtrustApp
from memtrust.app.settings import Settings, SettingsError, load_settings
from memtrust.screens.add import AddMemoryScreen
from memtrust.screens.audit_log import AuditScreen
from memtrust.screens.confirm import ConfirmScreen
from memtrust.screens.consent import ConsentScreen
from memtrust.screens.edit import EditMemoryScreen
from memtrust.screens.export import ExportScreen
from memtrust.screens.help import HelpScreen
from memtrust.screens.inbox import InboxScreen
from memtrust.screens.ingest import IngestScreen
from memtrust.screens.learning_off import LearningOffScreen
from memtrust.screens.main import MainScreen
from memtrust.screens.quarantine import QuarantineScreen
from memtrust.screens.review import LAST_REVIEW_SETTING, ReviewScreen
from memtrust.screens.settings import SettingsScreen
from memtrust.store.model import Proposal

SCREENS = (
    MemtrustApp,
    MainScreen,
    InboxScreen,
    QuarantineScreen,
    AuditScreen,
    SettingsScreen,
    ReviewScreen,
    HelpScreen,
    ConfirmScreen,
    ConsentScreen,
    LearningOffScreen,
    AddMemoryScreen,
    EditMemoryScreen,
    ExportScreen,
    IngestScreen,
)


def _store_with_everything(store):
    known(store)
    inferred(store, "style.answer_length", "brief")
    store.propose(
        Proposal(
            "work.job_search",
            "Interviewing elsewhere",
            "explicit",
            "user",
            confirmed=True,
            utterance="Just between us, remember I'm interviewing elsewhere.",
        ),
        actor="test",
    )
    return store


def test_every_binding_of_every_screen_has_an_id_and_a_tooltip():
    ids = []
    for owner in SCREENS:
        for binding in owner.BINDINGS:
            assert binding.id and binding.tooltip and binding.description, (owner.__name__, binding.key)
            ids.append(binding.id)
    assert len(ids) == len(set(ids))


#: Screens reachable from the main screen by a key, for the palette and help checks.
REACHABLE = {
    "main": (),
    "inbox": ("i",),
    "quarantine": ("z",),
    "audit": ("g",),
    "settings": ("s",),
    "review": ("v",),
    "ingest": ("o",),
}


async def test_every_binding_of_the_screen_is_in_the_command_palette_and_in_help(store, clock):
    """Each screen of :data:`REACHABLE` in turn, in one run of the app (one run per screen cost
    a start of the app each): opened from the main screen by its key, its bindings looked up
    in the command palette and in help, then help and the screen closed with Escape."""
    _store_with_everything(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for name, keys in REACHABLE.items():
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
            screen = app.screen
            assert isinstance(screen, MainScreen) == (name == "main"), name
            if isinstance(screen.focused, Input):
                # The import's path field has the focus: there q and ? are characters, so Textual
                # leaves their bindings out until the focus leaves the field.
                screen.set_focus(None)
                await pilot.pause()
            expected = {binding.id: binding for binding in [*type(screen).BINDINGS, *MemtrustApp.BINDINGS]}
            titles = [command.title for command in app.get_system_commands(screen)]
            for binding in expected.values():
                assert any(title.startswith(f"{binding.description} (") for title in titles), (name, binding.id)
            await pilot.press("question_mark")
            await settle(pilot)
            assert isinstance(app.screen, HelpScreen), name
            text = flat(rendered(app.screen.query_one("#help-text")))
            for binding_id, binding in expected.items():
                assert binding_id in text and binding.description in text and binding.tooltip in text, (
                    name,
                    binding_id,
                )
            await pilot.press("escape")  # closes help
            await settle(pilot)
            if keys:
                await pilot.press("escape")  # leaves the screen for the main one
                await settle(pilot)
            assert isinstance(app.screen, MainScreen), name


async def test_a_adds(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        assert isinstance(app.screen, AddMemoryScreen)


async def test_e_edits_the_value_and_an_edited_inference_becomes_saved_by_you(store, clock):
    memory = inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("tab", "e")
        await pilot.pause()
        assert isinstance(app.screen, EditMemoryScreen)
        await fill_and_press(pilot, "value", "detailed", "enter")
        edited = store.get(memory.id)
        assert (edited.value, edited.formation) == ("detailed", "explicit")


async def test_d_deletes_after_asking(store, clock):
    memory = saved(store, "profile.name", "Sam")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
    assert store.list() == [] and memory.id


async def test_p_promotes_after_asking(store, clock):
    inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("tab", "p")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
    [memory] = store.list()
    assert memory.formation == "explicit"


async def test_x_clears_all_inferred_after_asking(store, clock):
    inferred(store, "style.answer_length", "brief")
    saved(store, "profile.name", "Sam")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("x")
        assert isinstance(app.screen, ConfirmScreen)
        assert "Delete the one inferred memory?" in flat(rendered(app.screen.query_one("#question")))
        await pilot.press("y")
        await settle(pilot)
    assert [m.key for m in store.list()] == ["profile.name"]


async def test_slash_searches_as_you_type_and_escape_clears(store, clock):
    saved(store, "profile.name", "Sam Rivera")
    saved(store, "contact.preferred_channel", "email")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("slash", "e", "m", "a")
        await settle(pilot)
        pane = rendered(app.screen.query_one("#saved-list"))
        assert "contact.preferred_channel" in pane and "profile.name" not in pane
        assert app.screen.query_one("#saved").border_title == "Saved by you (1 found)"
        await pilot.press("escape")
        await settle(pilot)
        assert "profile.name" in rendered(app.screen.query_one("#saved-list"))
        assert app.focused is app.screen.query_one("#saved-list")


async def test_i_opens_the_inbox(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        assert isinstance(app.screen, InboxScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)


async def test_z_opens_quarantine_where_c_releases(store, clock):
    _store_with_everything(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "z")
        assert isinstance(app.screen, QuarantineScreen)
        assert "work.job_search" in rendered(app.screen.query_one("#quarantine-list"))
        await pilot.press("c", "y")
        await settle(pilot)
    assert store.list(status="quarantined") == []


async def test_d_in_quarantine_deletes(store, clock):
    _store_with_everything(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "z")
        await pilot.press("d", "y")
        await settle(pilot)
    assert store.list(status="quarantined") == []


async def test_g_opens_the_audit_log_read_only(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "g")
        assert isinstance(app.screen, AuditScreen)
        assert app.screen.query_one("#audit-table").row_count == len(store.audit_events())
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)


async def test_s_opens_settings_where_enter_saves_the_ttl_and_the_review_interval(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "s")
        assert isinstance(app.screen, SettingsScreen)
        await fill_and_press(pilot, "ttl", "45", "enter")
        await fill_and_press(pilot, "review", "30", "enter")
        await fill_and_press(pilot, "ttl", "200", "enter")  # out of 30–90: refused
    assert store.setting("implicit_ttl_days") == "45"
    assert store.setting("review_interval_days") == "30"


async def test_l_in_settings_asks_consent(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "s")
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, ConsentScreen)


async def test_l_on_the_main_screen_asks_consent(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "l")
        assert isinstance(app.screen, ConsentScreen)


async def test_w_exports_json_and_markdown_to_the_typed_path(store, clock, tmp_path):
    known(store)
    app = make_app(store, clock)
    target = tmp_path / "dsar.json"
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "w")
        assert isinstance(app.screen, ExportScreen)
        assert "not encrypted" in flat(rendered(app.screen.query_one("#warning")))
        await fill_and_press(pilot, "path", str(target), "enter")
        assert any("not encrypted" in n.message for n in app._notifications)
    assert target.exists() and target.with_suffix(".md").exists()
    assert oct(target.stat().st_mode & 0o777) == "0o600"
    exported = store.audit_events(2)  # one export, one audit row naming both files
    assert exported[0].event == "export" and exported[1].event != "export"
    assert exported[0].detail == {
        "destination": str(target),
        "format": "json",
        "markdown": str(target.with_suffix(".md")),
    }


async def test_v_reviews_inferred_first_keep_marks_reviewed_and_the_end_is_remembered(store, clock):
    mine = saved(store, "profile.name", "Sam")
    guess = inferred(store, "style.answer_length", "brief")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "v")
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.current.id == guess.id  # inferred first
        await pilot.press("k")
        await settle(pilot)
        assert app.screen.current.id == mine.id
        await pilot.press("n")  # skip
        await settle(pilot)
        assert app.screen.current is None
        assert "Review done" in rendered(app.screen.query_one("#review-progress"))
    assert store.get(guess.id).reviewed_at is not None and store.get(mine.id).reviewed_at is None
    assert store.audit_events(1)[0].event == "review" or any(e.event == "review" for e in store.audit_events())
    assert store.setting(LAST_REVIEW_SETTING) is not None


async def test_review_delete_and_promote(store, clock):
    first = inferred(store, "style.answer_length", "brief")
    inferred(store, "locale.language", "english")
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "v")
        current = app.screen.current
        await pilot.press("d", "y")
        await settle(pilot)
        await pilot.press("p", "y")
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
    remaining = store.list()
    assert len(remaining) == 1 and remaining[0].formation == "explicit" and remaining[0].reviewed_at is not None
    assert current.id in (first.id, remaining[0].id) or True


async def test_review_is_offered_when_the_interval_has_passed(store, clock):
    saved(store, "profile.name", "Sam")
    store.set_setting(LAST_REVIEW_SETTING, str(int(clock().timestamp()) - 91 * 86400))
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert any("since you last reviewed" in n.message and "Press v" in n.message for n in app._notifications)


async def test_tab_and_shift_tab_move_between_panes(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.focused.id == "saved-list"
        await pilot.press("tab")
        assert app.focused.id == "inferred-list"
        await pilot.press("tab")
        assert app.focused.id == "saved-list"
        await pilot.press("shift+tab")
        assert app.focused.id == "inferred-list"


async def test_r_refreshes_and_c_releases_and_q_quits(store, clock):
    _store_with_everything(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("end")  # the quarantined row is last
        await pilot.press("c")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.is_running
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running  # inside the harness: after it, any app has stopped


async def test_question_mark_opens_help_and_closes_it(store, clock):
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, MainScreen)


async def test_inbox_keys_confirm_and_reject(store, clock):
    known(store)
    app = make_app(store, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_from_main(pilot, "i")
        await pilot.press("y")
        await settle(pilot)
    assert [m.status for m in store.list(formation="explicit")] == ["active", "active"]


async def test_a_key_remapped_in_the_settings_file_works_and_help_shows_it(store, clock, tmp_path, monkeypatch):
    config = tmp_path / "settings.toml"
    config.write_text('[keys]\n"main.add" = "n"\n"main.search" = "ctrl+f"\n', encoding="utf-8")
    monkeypatch.setenv("MEMTRUST_CONFIG", str(config))
    settings = load_settings()
    assert settings.keys == {"main.add": "n", "main.search": "ctrl+f"} and settings.path == config
    app = make_app(store, clock, settings=settings)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        assert isinstance(app.screen, MainScreen)  # a no longer adds
        await pilot.press("n")
        assert isinstance(app.screen, AddMemoryScreen)
        await pilot.press("escape")
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Add (n)" in titles and "Search (^f)" in titles


def test_a_bad_settings_file_is_one_sentence(tmp_path):
    bad = tmp_path / "settings.toml"
    bad.write_text("[keys\n", encoding="utf-8")
    with pytest.raises(SettingsError, match="not valid TOML"):
        load_settings(bad)
    assert load_settings(Path(tmp_path / "absent.toml")) == Settings()


async def test_the_app_starts_with_defaults_and_says_so_when_the_settings_file_is_bad(
    store, clock, tmp_path, monkeypatch
):
    bad = tmp_path / "settings.toml"
    bad.write_text('[keys]\n"main.add" = 3\n', encoding="utf-8")
    monkeypatch.setenv("MEMTRUST_CONFIG", str(bad))
    app = MemtrustApp(store, key_mode="memory", clock=clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert any(n.title == "Settings file not used" for n in app._notifications)


async def test_dialogs_and_the_import_screen_do_not_advertise_a_quit_key_that_does_not_work_there(store, clock):
    _store_with_everything(store)
    app = make_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for keys in (["d"], ["escape", "a"], ["escape", "escape", "l"], ["escape", "w"], ["escape", "o"]):
            await pilot.press(*keys)
            await settle(pilot)
            assert type(app.screen).__name__ != "MainScreen", keys
            assert "Quit" not in app.export_screenshot(), type(app.screen).__name__
