"""Helpers for the frontend-kit tests: the rulesets to play and seeded random playouts."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs

import hartenjagen as hj
from hartenjagen import rules, variants

#: Every preset, plus the rule shapes the presets lack: pass four and return one, pass to
#: the dealer, a double deck whose identical cards cancel, a moon with a choice, a revoke penalty.
PRESETS: tuple[tuple[str, hj.Rules], ...] = (
    *((preset.name, preset.rules) for preset in variants.OFFERED),
    ("pass_and_return", variants.hoemke(3, 2, 2, 3)),
    ("pass_to_dealer", variants.hoemke(4, 2, 2, 3)),
    ("cancel_pairs", attrs.evolve(variants.SIX_DOUBLE_DECK, duplicates=rules.duplicates.CANCEL_PAIRS)),
    ("shooter_choice", attrs.evolve(variants.STANDARD, moon=rules.moon.SHOOTER_CHOICE)),
    ("revoke_penalty", attrs.evolve(variants.DUTCH, extras=(rules.extras.RevokePenalty(),))),
)
PRESET_NAMES: tuple[str, ...] = tuple(name for name, _ in PRESETS)
RULES_BY_NAME: dict[str, hj.Rules] = dict(PRESETS)


def random_moves(state: hj.State, rng: random.Random, limit: int) -> Iterator[tuple[hj.State, hj.Move]]:
    """Up to ``limit`` (state, random legal move) pairs of a random playout from ``state``."""
    for _ in range(limit):
        if state.is_over:
            return
        moves = hj.legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        yield state, move
        state = hj.apply(state, move)


def playout(rules: hj.Rules, seed: int | None, steps: int) -> hj.State:
    """The state after ``steps`` random legal moves (fewer if the game ends) of a game dealt from ``seed``."""
    state = hj.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    return state


def play_until(rules: hj.Rules, seed: int, phase: hj.Phase, *, limit: int = 2000) -> hj.State:
    """The first state of a seeded random game in ``phase``."""
    state = hj.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.phase is phase:
            return state
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    raise AssertionError(f"no {phase} within {limit} moves")
