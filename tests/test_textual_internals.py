"""The private parts of Textual memtrust relies on (screens/textual_internals.py) are still
there, in the shape relied on, in the installed Textual; and no other memtrust module uses one.

When an upgrade of the pinned Textual changes one of them, a test here fails naming it.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import pkgutil
import re
import textwrap
from pathlib import Path

import pytest
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode

import memtrust.screens
from memtrust.screens import textual_internals
from memtrust.screens.textual_internals import USED, character_to_key, merged_bindings

ROOT = Path(__file__).resolve().parents[1]
INTERNALS_FILE = ROOT / "screens" / "textual_internals.py"

#: The shape memtrust relies on, per (owner as listed in USED, name): a method or function and
#: its signature as ``inspect.signature`` prints it; a classmethod; a property and its
#: getter's signature; or an attribute a new instance has, and its type.
SHAPES: dict[tuple[str, str], tuple] = {
    ("textual.app.App", "_fatal_error"): ("method", "(self) -> 'None'"),
    ("textual.app.App", "_close_messages_no_wait"): ("method", "(self) -> 'None'"),
    ("textual.app.App", "_exception"): ("instance attribute", type(None)),
    ("textual.app.App", "_exit_renderables"): ("instance attribute", list),
    ("textual.app.App", "_exit"): ("instance attribute", bool),
    ("textual.message_pump.MessagePump", "_dispatch_message"): (
        "coroutine method",
        "(self, message: 'Message') -> 'None'",
    ),
    ("textual.message_pump.MessagePump", "_closing"): ("instance attribute", bool),
    ("textual.dom.DOMNode", "_pruning"): ("instance attribute", bool),
    ("textual.dom.DOMNode", "_merge_bindings"): ("classmethod", "() -> 'BindingsMap'"),
    ("textual.widgets.OptionList", "_index_to_line"): ("property", "(self) -> 'dict[int, int]'"),
    ("textual.keys", "_character_to_key"): ("function", "(character: 'str') -> 'str'"),
}
#: Names every DOMNode subclass gets from Textual's metaclass machinery, not ones memtrust chose.
CLASS_MACHINERY = re.compile(r"_(computes|css_type_names?|decorated_handlers|inherit_\w+|merged_bindings|reactives)$")


def _resolve(path: str) -> object:
    """``textual.keys`` → the module; ``textual.app.App`` → the class."""
    try:
        return importlib.import_module(path)
    except ImportError:
        module, _, name = path.rpartition(".")
        return getattr(importlib.import_module(module), name)


def test_every_internal_listed_has_its_shape_pinned_here():
    assert {(owner, name) for owner, names in USED.items() for name in names} == set(SHAPES)


@pytest.mark.parametrize(("owner", "name"), list(SHAPES), ids=lambda part: part.rpartition(".")[2])
def test_each_internal_is_in_the_installed_textual_in_the_shape_relied_on(owner, name):
    kind, expected = SHAPES[owner, name]
    where = _resolve(owner)
    assert hasattr(where, name) or kind == "instance attribute", f"Textual's {owner}.{name} is gone"
    if kind == "instance attribute":
        instance = where()
        assert hasattr(instance, name), f"a new Textual {owner} has no {name} any more"
        assert isinstance(getattr(instance, name), expected), f"{owner}.{name} is no longer a {expected.__name__}"
        return
    static = inspect.getattr_static(where, name)
    if kind == "classmethod":
        assert isinstance(static, classmethod), f"{owner}.{name} is no longer a classmethod"
        assert str(inspect.signature(getattr(where, name))) == expected, f"{owner}.{name} changed"
    elif kind == "property":
        assert isinstance(static, property), f"{owner}.{name} is no longer a property"
        assert str(inspect.signature(static.fget)) == expected, f"{owner}.{name} changed"
    else:
        assert str(inspect.signature(static)) == expected, f"{owner}.{name} changed"
        assert inspect.iscoroutinefunction(static) == (kind == "coroutine method"), f"{owner}.{name} changed"


def test_merged_bindings_gives_the_bindings_textual_applies():
    bindings = merged_bindings(App)
    assert bindings and all(isinstance(binding, Binding) for binding in bindings)
    assert "ctrl+q" in {binding.key for binding in bindings}


def test_character_to_key_names_punctuation_as_textual_does():
    assert [character_to_key(character) for character in "?/a"] == ["question_mark", "slash", "a"]


def test_no_other_module_names_a_private_textual_part():
    used = {name for names in USED.values() for name in names}
    offenders = []
    for folder in ("app", "store", "screens"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == INTERNALS_FILE:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Attribute) and node.attr in used:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
                elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
                    offenders += [
                        f"{path.relative_to(ROOT)}:{node.lineno} imports {alias.name}"
                        for alias in node.names
                        if alias.name.startswith("_")
                    ]
    assert offenders == []


def _memtrust_textual_classes() -> list[type]:
    """Every screen, widget and app class memtrust defines (besides textual_internals')."""
    modules = [
        importlib.import_module(info.name)
        for info in pkgutil.walk_packages(memtrust.screens.__path__, "memtrust.screens.")
        if info.name != textual_internals.__name__
    ]
    modules.append(importlib.import_module("memtrust.app.app"))
    return [
        value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, type) and value.__module__ == module.__name__ and issubclass(value, DOMNode)
    ]


@functools.cache
def _textual_names(base: type) -> frozenset[str]:
    """The names a Textual class defines: in its class, or assigned to ``self`` in its code."""
    assigned = re.findall(r"self\.(\w+)\s*(?::[^=\n]*)?=", inspect.getsource(base))
    return frozenset(vars(base)) | frozenset(assigned)


def _textual_defines(cls: type, name: str) -> bool:
    """Whether a Textual base of ``cls`` has ``name``."""
    return any(name in _textual_names(base) for base in cls.__mro__ if base.__module__.startswith("textual"))


def test_no_screen_or_widget_reuses_a_private_name_of_its_textual_base():
    """A screen or widget that gives its own attribute or method a ``_x`` that its Textual
    base already has replaces Textual's internals by accident (an OptionList subclass with
    its own ``_options``); only screens/textual_internals.py does that, on purpose."""
    clashes = []
    for cls in _memtrust_textual_classes():
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
        names = {
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
        }
        names |= set(vars(cls))
        clashes += [
            f"{cls.__module__}.{cls.__qualname__}.{name}"
            for name in sorted(names)
            if name.startswith("_")
            and not name.startswith("__")
            and not CLASS_MACHINERY.match(name)
            and _textual_defines(cls, name)
        ]
    assert clashes == []
