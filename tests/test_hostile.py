"""Hostile input: one regression test (or more) per class of defect a server could be fed.

A frontend server takes moves, JSON and game records from clients it does not trust. Each
section below is one class: what crosses the public boundary is normalized or refused with
a library error (a :class:`hartenjagen.HartenjagenError` whose message says what was wrong).
"""

from __future__ import annotations

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants

# ---------------------------------------------------------------- the sequence protocol


def _sequences() -> list[object]:
    """legal_moves in every shape it comes in: passes (lazy), plays (lazy), announcements (a tuple)."""
    passing = hj.new_game(variants.STANDARD, seed=1)
    playing = hj.new_game(attrs.evolve(variants.STANDARD, passing=hj.rules.passing.NO_PASSING), seed=1)
    announcing = hj.new_game(variants.ACHTERHOEK, seed=1)
    while announcing.phase is not hj.Phase.ANNOUNCING:
        announcing = hj.apply(announcing, hj.legal_moves(announcing)[0])
    return [hj.legal_moves(passing), hj.legal_moves(playing), hj.legal_moves(announcing)]


@pytest.mark.parametrize("index", [1.5, "1", None, 1.0, [0]])
def test_legal_moves_take_only_whole_numbers_and_slices_as_indexes_like_a_tuple(index):
    for moves in _sequences():
        with pytest.raises(TypeError):
            tuple(moves)[index]  # type: ignore[index]
        with pytest.raises(TypeError):
            moves[index]  # type: ignore[index]


def test_legal_moves_take_integer_like_indexes_like_a_tuple():
    class Zero:
        def __index__(self) -> int:
            return 0

    for moves in _sequences():
        listed = tuple(moves)
        assert moves[Zero()] == listed[Zero()]  # type: ignore[index]
        assert moves[False] == listed[False]
        assert moves[-1] == listed[-1]
        with pytest.raises(IndexError):
            moves[len(listed)]


# ---------------------------------------------------------------- huge integers

HUGE = 10**5000  # beyond Python's 4,300-digit limit for turning a number into text


@pytest.mark.parametrize(
    "arguments",
    [{"seed": HUGE}, {"seed": -HUGE}, {"seed": 2**4097}, {"dealer": HUGE}, {"dealer": -HUGE}],
    ids=["seed", "negative seed", "seed of 4098 bits", "dealer", "negative dealer"],
)
def test_new_game_refuses_huge_numbers_with_a_setup_error(arguments):
    with pytest.raises(hj.SetupError) as info:
        hj.new_game(variants.STANDARD, **arguments)
    assert len(str(info.value)) < 200


def test_new_game_takes_seeds_up_to_the_limit():
    assert hj.new_game(variants.STANDARD, seed=2**4096 - 1).seed == 2**4096 - 1
    assert hj.new_game(variants.STANDARD, seed=-(2**4096) + 1).seed == -(2**4096) + 1


@pytest.mark.parametrize("build", [hj.Play, hj.Announce, hj.MoonChoice, hj.Pass])
@pytest.mark.parametrize("seat", [HUGE, -HUGE, 2**31, -(2**31) - 1], ids=["huge", "-huge", "2**31", "-2**31-1"])
def test_a_move_by_a_huge_seat_is_a_move_error(build, seat):
    second = {hj.Play: "QS", hj.Announce: True, hj.MoonChoice: "reset", hj.Pass: "2C 3C 4C"}[build]
    with pytest.raises(hj.MoveError) as info:
        build(seat, second)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("text", [HUGE, -HUGE, [HUGE], (HUGE, 3)], ids=["huge", "-huge", "list", "rank"])
def test_a_huge_number_as_a_card_is_a_card_parse_error(text):
    with pytest.raises(hj.CardParseError) as info:
        hj.Card(text) if not isinstance(text, tuple) else hj.Card(*text)
    assert len(str(info.value)) < 200
