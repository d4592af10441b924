"""Loading a state: the replay compares decoded values, and the written form only where it must (issue 40).

``loads`` replays a document's game through the engine. A document whose
every value is in the form ``dumps`` writes is compared with the replay as
decoded values, without writing the replay out; anything else (a card written
``"qs"``, a built-in route written as an object, a difference) goes through the
comparison of written forms, which names the first difference with its path.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.frontend.serialize import FormatError, dumps, loads, validate_state

replay = importlib.import_module("hartenjagen.frontend.serialize.replay")

LEFT = {"type": "PassRoute", "name": "left", "en": "to the left", "nl": "naar links", "travel": "seat"}


def _game(rules: hj.Rules, seed: int, hands: int) -> hj.State:
    state = hj.new_game(rules, seed=seed)
    while len(state.score_sheet) < hands and not state.is_over:
        state = hj.apply(state, hj.legal_moves(state)[0])
    return state


def _loaded(state: hj.State, change: Callable[[dict[str, Any]], object], noted: list[str]) -> hj.State:
    data = json.loads(dumps(state))
    change(data)
    noted.clear()  # dumps writes the state out, of course; loads is what is watched
    return loads(json.dumps(data))


@pytest.fixture
def never_written(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Replace the writing of a replayed state by a note that it was asked for."""
    asked: list[str] = []
    write = replay.encode_fields

    def noted(inside: Any, path: str) -> Any:
        asked.append(path)
        return write(inside, path)

    monkeypatch.setattr(replay, "encode_fields", noted)
    return asked


@pytest.mark.parametrize("rules", [variants.STANDARD, variants.ACHTERHOEK, variants.SIX_DOUBLE_DECK])
def test_a_document_as_dumps_writes_it_is_loaded_without_writing_the_replay(
    rules: hj.Rules, never_written: list[str]
) -> None:
    state = _game(rules, 3, 4)
    assert _loaded(state, lambda d: None, never_written) == state
    assert never_written == []


def test_a_game_of_many_hands_loads(never_written: list[str]) -> None:
    state = _game(attrs.evolve(variants.STANDARD, ending=hj.rules.ending.FixedDeals(deals=40)), 8, 40)
    assert state.is_over and len(state.score_sheet) == 40
    assert _loaded(state, lambda d: None, never_written) == state
    assert never_written == []


def test_a_difference_is_named_in_written_form(never_written: list[str]) -> None:
    state = _game(variants.STANDARD, 4, 2)

    def swap(d: dict[str, Any]) -> None:
        got = d["history"][0]["exchanges"][0]["received"]
        got[0], got[1] = got[1], got[0]

    with pytest.raises(
        FormatError, match=r"^\$\.history\[0\]\.exchanges\[0\]\.received\[0\]\[0\]: the document has \["
    ):
        _loaded(state, swap, never_written)
    assert never_written == ["$"]


def test_a_card_not_as_dumps_writes_it_is_refused_as_before() -> None:
    state = _game(variants.STANDARD, 4, 2)

    def lower(d: dict[str, Any]) -> None:
        cards = d["history"][1]["tricks"][2]["cards"]
        cards[1] = cards[1].lower()

    message = (
        r"^\$\.history\[1\]\.tricks\[2\]\.cards\[1\]: the document has \[4D 8d 6D 2D\], but replaying the"
        r" game gives \[4D 8D 6D 2D\] \(only in the document: 8d; only in the replay: 8D\)$"
    )
    with pytest.raises(FormatError, match=message):
        _loaded(state, lower, [])


def test_a_built_in_route_written_as_an_object_is_refused_as_before() -> None:
    state = _game(variants.STANDARD, 4, 2)
    route = {**LEFT, "steps": 1, "across": False}
    with pytest.raises(
        FormatError, match=r'^\$\.history\[0\]\.pass_direction: the document has \{"type": "PassRoute"'
    ):
        _loaded(state, lambda d: d["history"][0].update(pass_direction=route), [])


def test_a_first_copy_written_with_its_number_is_taken_as_before(never_written: list[str]) -> None:
    state = _game(variants.STANDARD, 4, 2)

    def numbered(d: dict[str, Any]) -> None:
        dealt = d["history"][1]["dealt"][0]
        dealt[0] += "#1"

    assert _loaded(state, numbered, never_written) == state
    assert set(never_written) == {"$"}  # taken, through the comparison of written forms ("QS#1" is "QS")


def test_validate_state_still_compares_every_field() -> None:
    state = _game(variants.DUTCH, 2, 3)
    validate_state(state)
