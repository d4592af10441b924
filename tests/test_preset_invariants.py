"""Property tests of sources §3: random playouts of every preset (and of each of Hoemke's 256 combinations,
one hand each) checked at every step against an independent shadow of the hand (`preset_shadow`).
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hartenjagen import variants
from hartenjagen.rules import (
    duplicates,
    ending,
)
from preset_shadow import check_replay_and_pickle, playout
from test_presets import HOEMKE_COMBINATIONS

#: Every preset, and the double deck with cancelling pairs (to exercise cancelled tricks).
PLAYOUT_RULES = [pytest.param(p.rules, id=p.name) for p in variants.ALL] + [
    pytest.param(
        attrs.evolve(variants.SIX_DOUBLE_DECK, duplicates=duplicates.CANCEL_PAIRS),
        id="six_double_deck_cancel",
    )
]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.parametrize("rules", PLAYOUT_RULES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, move_seed=SEEDS)
def test_preset_invariants_on_random_games(rules, seed, move_seed):
    final, moves, middle = playout(rules, seed, move_seed, full_hands=3)
    assert final.is_over, "a random game ends"
    check_replay_and_pickle(rules, seed, final, moves, middle)


@pytest.mark.parametrize(("p", "l", "h", "s"), HOEMKE_COMBINATIONS, ids=lambda v: str(v))
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, move_seed=SEEDS)
def test_hoemke_invariants_on_one_random_hand(p, l, h, s, seed, move_seed):  # noqa: E741
    rules = attrs.evolve(variants.hoemke(p, l, h, s), ending=ending.SINGLE_HAND)
    offset = 1000 * (64 * p + 16 * l + 4 * h + s)  # different hands even for hypothesis's first example
    final, moves, middle = playout(rules, seed + offset, move_seed + offset, full_hands=1)
    assert final.is_over and len(final.score_sheet) == 1
    check_replay_and_pickle(rules, seed + offset, final, moves, middle)
