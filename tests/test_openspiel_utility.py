"""The OpenSpiel game declares the true range of its returns per variant (``min_utility``, ``max_utility``).

A standard hand's returns lie in [−26, 0] (a moon gives the others 26), so the
game declares that, not a loose ±178; random hands and games of every preset
stay inside the declared range. Rule modules of another package keep the loose bound.
"""

from __future__ import annotations

import random

import attrs
import pytest

from hartenjagen import variants
from hartenjagen.adapters.bounds import hand_range, returns_range
from hartenjagen.rules.moon import ResetOrDouble
from hartenjagen.rules.scoring import CardPoints

pyspiel = pytest.importorskip("pyspiel")
adapter = pytest.importorskip("hartenjagen.adapters.openspiel")


def load(variant: str, episode: str = "hand", **more: object) -> object:
    return pyspiel.load_game(adapter.GAME_NAME, {"variant": variant, "episode": episode, **more})


def play(game: object, seed: int) -> list[float]:
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(actions))
    return state.returns()


@pytest.mark.parametrize(
    ("variant", "episode", "more", "low", "high"),
    [
        ("standard", "hand", {}, -26.0, 0.0),
        ("openspiel", "hand", {}, -26.0, 0.0),
        ("openspiel", "hand", {"returns": "openspiel"}, 0.0, 26.0),  # hearts' returns: 26 minus the points
        ("openspiel", "hand", {"jd_bonus": True, "avoid_all_tricks_bonus": True}, -26.0, 15.0),
        ("standard_moon_choice", "hand", {}, -26.0, 26.0),  # the shooter may take 26 off
        ("six_double_deck", "hand", {}, -52.0, 0.0),
        ("black_maria", "game", {"max_hands": 2, "returns": "openspiel"}, 0.0, 86.0),
        ("standard", "game", {"max_hands": 3}, -78.0, 0.0),
        ("dutch", "game", {"max_hands": 3}, -45.0, 45.0),  # the second half subtracts
    ],
)
def test_the_declared_range_is_the_true_one(variant, episode, more, low, high):
    game = load(variant, episode, **more)
    assert (game.min_utility(), game.max_utility()) == (low, high)


@pytest.mark.parametrize("preset", [p.name for p in variants.OFFERED])
def test_random_hands_and_games_return_within_the_declared_range(preset):
    for episode, more in (("hand", {}), ("game", {"max_hands": 2}), ("hand", {"returns": "openspiel"})):
        game = load(preset, episode, **more)
        for seed in range(3):
            for value in play(game, seed):
                assert game.min_utility() <= value <= game.max_utility(), (episode, seed, value)


@attrs.frozen(repr=False)
class Doubled(CardPoints):
    """A scheme of another package: its scores are not known to the library."""


def test_a_module_of_another_package_keeps_the_loose_bound():
    rules = attrs.evolve(variants.STANDARD, scoring=Doubled(variants.STANDARD.scoring.values))
    assert hand_range(rules, first_hand=True) is None and returns_range(rules, 1) is None
    info = adapter.game_info(rules, "hand", 1)
    assert (info.min_utility, info.max_utility) == (-178.0, 178.0)
    # A moon that resets or doubles totals: after the first hand a hand's change depends on the totals.
    reset_or_double = attrs.evolve(variants.STANDARD, moon=ResetOrDouble())
    assert hand_range(reset_or_double, first_hand=True) == (0, 26)
    assert hand_range(reset_or_double, first_hand=False) is None
    assert adapter.game_info(reset_or_double, "hand", 1).max_utility == 0.0
