"""The settings file's [keys] is checked before it is applied (issue 6, DESIGN.md §8): an
unknown binding id, a key Textual never sends, and a key two bindings of one screen would
share are each said once, in plain text, and left out; every other remap still applies."""

from __future__ import annotations

import subprocess

import pytest
from textual.widgets._toast import Toast
from tui_fixtures import flat, make_app, rendered, saved, settle

from memtrust.app.app import MemtrustApp
from memtrust.app.settings import KeyCheck, Settings, check_keys, key_name_problem, key_scopes
from memtrust.screens.add import AddMemoryScreen
from memtrust.screens.confirm import ConfirmScreen
from memtrust.screens.main import MainScreen
from tests.command_line import run_memtrust
from tests.conftest import TEST_PASSPHRASE

KEY_WARNING = "Some keys in the settings file not used"


def _key_warnings(app: MemtrustApp) -> list:
    return [n for n in app._notifications if n.title == KEY_WARNING]


# --- the check itself ------------------------------------------------------------------


def test_an_unknown_binding_id_is_named_with_the_closest_real_id_and_the_other_remaps_still_apply():
    checked = check_keys({"main.ad": "n", "main.search": "slash,ctrl+f"})
    assert checked.keymap == {"main.search": "slash,ctrl+f"}
    [problem] = checked.problems
    assert problem.startswith('"main.ad" in [keys] is not a binding of memtrust')
    assert 'did you mean "main.add"?' in problem and "ignored" in problem


def test_an_id_like_nothing_points_to_the_help_screen():
    [problem] = check_keys({"frobnicate": "x"}).problems
    assert '"frobnicate"' in problem and "help screen (?)" in problem


@pytest.mark.parametrize(
    "key",
    [
        "a",
        "A",
        "?",
        "/",
        "slash",
        "question_mark",
        "ctrl+f",
        "ctrl+shift+a",
        "escape",
        "f5",
        "pageup",
        "alt+x",
        "ctrl+@",
        "space",
        "enter",
    ],
)
def test_keys_textual_sends_pass(key):
    assert key_name_problem(key) is None


@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("esc", 'no key named "esc" (did you mean "escape"?)'),
        ("ctrl+/", 'names that key "ctrl+slash", never "ctrl+/"'),
        ("shift+ctrl+f", 'names that key "ctrl+shift+f"'),
        ("ctrl+F", 'names that key "ctrl+shift+f"'),
        ("F5", 'names that key "f5"'),
        ("shift+a", 'write "A"'),
        ("control+f", '"control" in "control+f" is not a modifier Textual knows (did you mean "ctrl"?)'),
        ("ctrl+", "empty part"),
        ("pgup", 'did you mean "pageup"?'),
    ],
)
def test_a_key_textual_never_sends_is_named_with_what_to_write_instead(key, said):
    assert said in key_name_problem(key)


def test_a_key_textual_never_sends_is_not_applied_and_the_rest_of_the_entry_goes_with_it():
    checked = check_keys({"main.add": "n,ctrl+/", "main.edit": "esc"})
    assert checked.keymap == {}
    assert checked.problems == (
        '"main.add" = "n,ctrl+/" was not applied: Textual names that key "ctrl+slash", never "ctrl+/".',
        '"main.edit" = "esc" was not applied: Textual has no key named "esc" (did you mean "escape"?).',
    )


def test_a_remap_onto_another_bindings_key_names_both_ids_and_the_key_and_is_not_applied():
    checked = check_keys({"main.add": "d"})
    assert checked.keymap == {}
    [problem] = checked.problems
    assert problem == (
        '"main.add" = "d" was not applied: on the main screen d would be both main.add and '
        "main.delete, and one key must do one thing; main.add stays on a."
    )


def test_two_remaps_onto_one_key_are_both_left_out():
    checked = check_keys({"main.add": "n", "main.edit": "n", "main.refresh": "ctrl+r"})
    assert checked.keymap == {"main.refresh": "ctrl+r"}
    assert [problem.split(" was")[0] for problem in checked.problems] == ['"main.add" = "n"', '"main.edit" = "n"']
    assert all("n would be both" in problem for problem in checked.problems)


def test_leaving_a_remap_out_gives_its_key_back_and_a_remap_onto_that_key_is_left_out_too():
    # add and edit clash on d; with both left out, add has a again, which delete asked for.
    checked = check_keys({"main.add": "d", "main.delete": "a", "main.edit": "d"})
    assert checked.keymap == {}
    assert "a would be both main.delete and main.add" in checked.problems[1]


def test_swapping_two_keys_clashes_with_nothing():
    checked = check_keys({"main.add": "d", "main.delete": "a"})
    assert checked.keymap == {"main.add": "d", "main.delete": "a"} and checked.problems == ()


@pytest.mark.parametrize(
    ("keys", "rival"),
    [
        ({"main.add": "q"}, "app.quit"),  # the app-wide keys count on every screen
        ({"app.help": "a"}, "main.add"),
        ({"main.add": "?"}, "app.help"),
        ({"inbox.confirm": "tab"}, 'Textual\'s "Focus Next"'),  # a screen's keys without an id
        ({"main.add": "ctrl+p"}, 'Textual\'s "Command palette"'),
        ({"confirm.yes": "enter"}, 'Button\'s "Press button"'),  # the focused button would take enter first
        ({"inbox.confirm": "down"}, 'OptionList\'s "Down"'),
        ({"main.add": "escape"}, "main.clear-search"),
    ],
)
def test_a_key_already_live_on_the_screen_is_refused_whoever_holds_it(keys, rival):
    checked = check_keys(keys)
    assert checked.keymap == {}
    [binding_id] = keys
    assert f"would be both {binding_id} and {rival}," in checked.problems[0]


def test_keys_of_screens_never_live_together_do_not_clash():
    # Help is a dialog: the main screen's a and the app's q are not live under it.
    assert check_keys({"help.close": "a,q"}) == KeyCheck({"help.close": "a,q"}, ())
    assert check_keys({"inbox.confirm": "a"}).keymap == {"inbox.confirm": "a"}


def test_the_check_knows_every_binding_of_the_app_and_of_every_screen():
    from test_tui_keys import SCREENS

    known = {bound.binding.id for scope in key_scopes() for bound in scope.bindings}
    for owner in SCREENS:
        for binding in owner.BINDINGS:
            assert binding.id in known, binding.id
    assert {scope.name for scope in key_scopes()} >= {"main", "inbox", "confirm", "help", "review", "settings"}


# --- the app ---------------------------------------------------------------------------


async def test_a_remap_onto_d_leaves_d_deleting_and_a_adding_and_says_why(store, clock):
    saved(store, "profile.name", "Sam")
    app = make_app(store, clock, settings=Settings(keys={"main.add": "d"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        [warning] = _key_warnings(app)
        assert warning.severity == "warning"
        assert "main.add" in warning.message and "main.delete" in warning.message and " d " in warning.message
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "Delete" in flat(rendered(app.screen.query_one("#question")))
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, AddMemoryScreen)
    assert [m.value for m in store.list()] == ["Sam"]


async def test_remapping_quit_onto_a_key_of_the_main_screen_leaves_both_keys_as_they_were(store, clock):
    app = make_app(store, clock, settings=Settings(keys={"app.quit": "a"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "app.quit and main.add" in _key_warnings(app)[0].message
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, AddMemoryScreen) and app.is_running
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running  # q still quits


async def test_a_valid_remap_still_applies_beside_a_refused_one(store, clock):
    saved(store, "profile.name", "Sam")
    app = make_app(store, clock, settings=Settings(keys={"main.add": "d", "main.delete": "a", "main.ad": "n"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        [warning] = _key_warnings(app)
        assert '"main.ad"' in warning.message and "main.add =" not in warning.message
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, AddMemoryScreen)  # d adds now
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)  # and a deletes, after asking
        titles = [command.title for command in app.get_system_commands(app.screen_stack[0])]
        assert "Add (d)" in titles and "Delete (a)" in titles


async def test_no_warning_when_every_remap_applies(store, clock):
    app = make_app(store, clock, settings=Settings(keys={"main.add": "n"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert _key_warnings(app) == []
        await pilot.press("n")
        assert isinstance(app.screen, AddMemoryScreen)


async def test_the_warning_is_plain_text_even_when_the_file_holds_markup(store, clock):
    app = make_app(store, clock, settings=Settings(keys={"main.add": "[bold]x[/]", "[red]main.edit": "e"}))
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await settle(pilot)
        await pilot.pause(0.1)
        [warning] = _key_warnings(app)
        assert warning.markup is False
        assert '"main.add" = "[bold]x[/]"' in warning.message and '"[red]main.edit"' in warning.message
        shown = flat(" ".join(rendered(toast) for toast in app.screen.query(Toast)))
        assert "[bold]x[/]" in shown
        assert isinstance(app.screen, MainScreen)


async def test_the_warning_is_shown_once_from_the_settings_file(store, clock, tmp_path, monkeypatch):
    config = tmp_path / "settings.toml"
    config.write_text('[keys]\n"main.add" = "d"\n', encoding="utf-8")
    monkeypatch.setenv("MEMTRUST_CONFIG", str(config))
    app = MemtrustApp(store, key_mode="memory", clock=clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert len(_key_warnings(app)) == 1


# --- memtrust doctor --------------------------------------------------------------------


def test_doctor_reports_the_keys_the_app_would_leave_out(tmp_path):
    config = tmp_path / "settings.toml"
    env = {
        "MEMTRUST_HOME": str(tmp_path / "home"),
        "HOME": str(tmp_path),
        "MEMTRUST_PASSPHRASE": TEST_PASSPHRASE,
        "MEMTRUST_CONFIG": str(config),
    }

    def run(*args: str) -> subprocess.CompletedProcess:
        return run_memtrust(*args, env=env)

    assert run("init").returncode == 0
    clean = run("doctor")
    assert clean.returncode == 0 and f"settings file: {config} (none: default keys)" in clean.stdout
    config.write_text('[keys]\n"main.add" = "d"\n"main.edit" = "n"\n', encoding="utf-8")
    done = run("doctor")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert (
        'problem: "main.add" = "d" was not applied: on the main screen d would be both main.add and main.delete'
        in done.stdout
    )
    assert "main.edit" not in done.stdout
