"""Deal perft: the three counters (tests/perft_helpers.py) agree on unpinned positions, and ``perft`` counts to a depth.

More seeded positions per preset than the pinned ones, late in a full hand and from the start of
a tiny one: ``perft``, ``perft_is_legal`` and the reference counter give the same number."""

from __future__ import annotations

import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.rules.deck import SinglePack
from perft_helpers import (
    HOEMKE_A,
    HOEMKE_B,
    REFERENCES,
    RULES,
    TINY3,
    TINY4,
    TINY5,
    TINY_PIQUET,
    _position,
    _random_move,
    late,
    opening_of,
    perft,
    perft_is_legal,
    reference_count,
)

#: Tiny packs for the presets whose pack can shrink (not the double deck).
TINY_PACKS: dict[str, SinglePack] = {
    "standard": TINY4,
    "black_lady_3": TINY3,
    "five_players": TINY5,
    "dutch": TINY_PIQUET,
    "achterhoek": TINY_PIQUET,
    "argentine": TINY4,
    "omnibus": TINY4,
    "black_maria": TINY3,
    "countdown": TINY4,
    "openspiel": TINY4,
    HOEMKE_A.name: TINY4,
    HOEMKE_B.name: TINY4,
}


@pytest.mark.parametrize("name", list(REFERENCES))
def test_the_three_counters_agree_on_more_positions(name: str) -> None:
    """Unpinned: more seeded positions per preset, late in a full hand and from the start of a tiny one."""
    rules = RULES[name]
    ref = REFERENCES[name]
    states = [late(rules, seed, 2 * rules.players + 2) for seed in range(100, 104)]
    if name in TINY_PACKS:
        small = attrs.evolve(rules, deck=TINY_PACKS[name])
        for seed in range(100, 104):
            # The first trick (and any announcements) played at random, to keep the counts small.
            state = hj.new_game(small, seed=seed)
            rng = random.Random(seed)
            while state.trick_number == 0:
                state = hj.apply(state, _random_move(state, rng))
            states.append(state)
    for state in states:
        counted = perft(state)
        assert perft_is_legal(state) == counted, _position(state)
        assert reference_count(state, ref) == counted, _position(state)


def test_perft_depth() -> None:
    state = opening_of(RULES["standard"], 1)
    assert perft(state, 0) == 1
    assert perft(state, 1) == len(hj.legal_moves(state)) == 1  # the 2♣
    assert perft(state, 2) == len(hj.legal_moves(hj.apply(state, hj.legal_moves(state)[0])))
    # A sequence that ends the hand before the depth counts once.
    end = late(RULES["standard"], 1, 4)
    assert perft(end, 10) == perft(end) == perft(end, 4) == 1
