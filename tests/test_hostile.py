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
