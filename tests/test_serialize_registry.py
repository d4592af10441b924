"""Saving a rule module of one's own: by its import path or a registered name, and what cannot be saved.

A user's module is written with its import path and read back without registration; a module named
by a path is looked up among the modules already imported, never imported; ``register`` refuses
names and fields it cannot write; ``dumps`` says what to do with a module it cannot save."""

from __future__ import annotations

import json
import sys
from typing import Final

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import rules
from hartenjagen.frontend import serialize
from hartenjagen.frontend.serialize import FormatError, dumps, loads, register
from hartenjagen.rules.passing import PassStage
from hartenjagen.rules.routes import PassRoute
from serialize_helpers import assert_same_game, rejects, round_trip, tampered

# ---------------------------------------------------------------- registering a module of one's own


@attrs.frozen
class EveryHandRight(rules.Passing):
    """A user's passing module: ``cards`` to the right, every hand."""

    cards: int = 2
    note: str | None = None

    def routes(self) -> tuple[PassRoute, ...]:
        return (PassRoute.RIGHT,)

    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        return (PassStage(self.cards),)


def test_a_users_module_is_saved_by_its_import_path() -> None:
    chosen = hj.Rules(passing=EveryHandRight(note="house"))
    if EveryHandRight not in serialize.registry._BY_CLASS:  # not registered by an earlier run
        data = json.loads(dumps(chosen))
        assert data["passing"]["type"] == f"{EveryHandRight.__module__}:EveryHandRight"
        assert loads(dumps(chosen)) == chosen
        state = hj.apply(hj.new_game(chosen, seed=9), hj.legal_moves(hj.new_game(chosen, seed=9))[0])
        assert_same_game(loads(dumps(state)), state)
        # A short name is only known once registered.
        rejects(json.dumps({"type": "EveryHandRight", "version": 1, "cards": 2, "note": None}), "$.type")
    assert register(EveryHandRight) is EveryHandRight
    assert register(EveryHandRight) is EveryHandRight  # again: nothing changes
    round_trip(chosen)
    round_trip(EveryHandRight(cards=1))
    state = hj.new_game(chosen, seed=9)
    state = hj.apply(state, hj.legal_moves(state)[0])
    assert_same_game(loads(dumps(state)), state)
    rejects(tampered(chosen, lambda d: d["passing"].update(note=3)), "$.passing.note")


QUEEN: Final = hj.Card("QS")


@attrs.frozen
class QueenPoints(rules.HouseRule):
    """A user's house rule, never registered: saved and loaded by its import path."""

    points: int = 5
    card: hj.Card = QUEEN


def test_a_users_house_rule_round_trips_without_registration() -> None:
    chosen = hj.Rules(extras=(QueenPoints(points=7),))
    text = dumps(chosen)
    assert f'"{QueenPoints.__module__}:QueenPoints"' in text
    assert loads(text) == chosen
    assert loads(dumps(QueenPoints())) == QueenPoints()


def test_a_module_named_by_path_is_looked_up_never_imported() -> None:
    data = json.loads(dumps(hj.Rules(extras=(QueenPoints(),))))
    # A module nobody imported is not imported from a document.
    data["extras"][0]["type"] = "hartenjagen_not_imported_anywhere:QueenPoints"
    error = rejects(json.dumps(data), "$.extras[0].type")
    assert "never imports" in str(error) and "hartenjagen_not_imported_anywhere" not in sys.modules
    # An imported class that is no rule module of that slot is refused.
    for name in ("subprocess:Popen", "builtins:dict", f"{EveryHandRight.__module__}:EveryHandRight"):
        data["extras"][0] = {"type": name}
        assert "cannot stand here" in str(rejects(json.dumps(data), "$.extras[0].type"))
    data["extras"][0] = {"type": f"{QueenPoints.__module__}:NoSuchClass"}
    assert "no such class" in str(rejects(json.dumps(data), "$.extras[0].type"))
    data["extras"][0] = {"type": f"{QueenPoints.__module__}:QueenPoints.__init__.x"}
    rejects(json.dumps(data), "$.extras[0].type")
    top = {"type": "subprocess:Popen", "version": 1, "args": "ls"}
    assert "cannot stand here" in str(rejects(json.dumps(top), "$.type"))


@attrs.frozen
class MappedRule(rules.HouseRule):
    """A house rule with a field the format does not write (a dict)."""

    table: dict[str, int] = attrs.field(factory=dict)


def test_a_module_that_cannot_be_saved_says_what_to_do() -> None:
    @attrs.frozen
    class Local(rules.HouseRule):
        points: int = 1

    with pytest.raises(FormatError, match=r"^\$\.extras\[0\]: .*inside a function.*register\(Local\)"):
        dumps(hj.Rules(extras=(Local(),)))

    class Plain(rules.HouseRule):
        pass

    with pytest.raises(FormatError, match=r"not an attrs class; decorate it with @attrs\.frozen"):
        dumps(hj.Rules(extras=(Plain(),)))

    with pytest.raises(FormatError, match=r"MappedRule: .*give every field a type the format writes"):
        dumps(hj.Rules(extras=(MappedRule(),)))
    with pytest.raises(FormatError, match="cannot save a int"):
        dumps(3)


def test_register_refuses_an_import_path_as_a_name() -> None:
    with pytest.raises(FormatError, match="import path"):
        register(QueenPoints, name="a:b")


def test_register_refuses_what_it_cannot_write() -> None:
    with pytest.raises(TypeError):
        register(int)

    @attrs.frozen
    class Tagged(rules.HouseRule):
        type: int = 0

    with pytest.raises(TypeError, match="type"):
        register(Tagged)

    @attrs.frozen
    class Floaty(rules.HouseRule):
        share: float = 0.5

    with pytest.raises(TypeError, match="float"):
        register(Floaty)

    @attrs.frozen
    class Play(rules.HouseRule):  # the name of a library class
        pass

    with pytest.raises(FormatError, match="Play"):
        register(Play)
    register(Play, name="MyTestPlay")
    assert loads(dumps(Play())) == Play()
    assert json.loads(dumps(Play()))["type"] == "MyTestPlay"


def test_dumps_refuses_values_it_does_not_know() -> None:
    for value in (object(), 3, "QS", [hj.Play(0, "QS")], hj.Phase.PLAYING, rules.HouseRule()):
        with pytest.raises(FormatError):
            dumps(value)
