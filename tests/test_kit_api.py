"""The test kit ``hartenjagen.testing``: its public names, their arguments, and importing it.

The public API and its keyword-only arguments; the slots are the fields of ``Rules``; the
strategies and ``check_rules`` refuse bad arguments with a clear error; importing the kit without
hypothesis says how to install it, and the rest of the library does not need hypothesis."""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import rules, testing, variants
from kit_helpers import SLOT_MODULES


def test_the_public_api_and_its_keyword_only_arguments():
    assert sorted(testing.__all__) == sorted(
        [
            "ANY",
            "SLOTS",
            "Playout",
            "RulesCheckFailed",
            "cards",
            "check_rules",
            "decks",
            "games",
            "modules",
            "moves",
            "playouts",
            "rules",
        ]
    )
    #: The one positional argument of each function (the rest are keyword-only).
    positional = {"modules": ["slot"], "moves": ["state"], "check_rules": ["rules"]}
    for name in testing.__all__:
        function = getattr(testing, name)
        if not inspect.isfunction(function):
            continue
        assert function.__doc__, name
        parameters = inspect.signature(function).parameters.values()
        assert [p.name for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD] == positional.get(
            name, []
        ), name
        assert all(p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY, p.VAR_KEYWORD) for p in parameters), (
            name
        )


def test_the_slots_are_the_rules_fields():
    assert set(testing.SLOTS) == {field.name for field in attrs.fields(hj.Rules)}
    assert set(SLOT_MODULES) == set(testing.SLOTS)


def test_rules_rejects_unknown_slots_and_bad_values():
    with pytest.raises(TypeError, match="unknown slot 'scoreing'"):
        testing.rules(scoreing=testing.ANY)
    with pytest.raises(TypeError, match=r"hypothesis strategy or testing\.ANY"):
        testing.rules(scoring=rules.scoring.OMNIBUS)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="base must be a Rules"):
        testing.rules(base="standard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no slot 'nope'"):
        testing.modules("nope")
    with pytest.raises(ValueError, match="at least 2"):
        testing.decks(players=1)


def test_strategies_check_their_arguments():
    with pytest.raises(TypeError, match="rules must be a Rules"):
        testing.games(rules="standard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_moves"):
        testing.playouts(max_moves=-1)
    with pytest.raises(TypeError, match="needs a State"):
        testing.moves(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Deck module"):
        testing.cards(deck="std52")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a Rules"):
        testing.check_rules("standard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="games must be at least 1"):
        testing.check_rules(variants.STANDARD, games=0)
    with pytest.raises(TypeError, match="seed must be"):
        testing.check_rules(variants.STANDARD, seed=True)


# ---------------------------------------------------------------- without hypothesis


def test_importing_without_hypothesis_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "hypothesis", None)
    monkeypatch.delitem(sys.modules, "hartenjagen.testing")
    with pytest.raises(ImportError, match=r"pip install hartenjagen\[testing\]"):
        importlib.import_module("hartenjagen.testing")


def test_the_rest_of_the_library_does_not_need_hypothesis():
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "import hartenjagen as hj, hartenjagen.frontend.serialize, hartenjagen.frontend.records, hartenjagen.frontend.views\n"
        "hj.rollout(hj.new_game(hj.variants.STANDARD, seed=1), rng=1, until='game')\n"
        "assert 'hartenjagen.testing' not in sys.modules\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
