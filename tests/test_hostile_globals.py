"""Hostile input: what a server's stream of games leaves behind in caches and module globals.

Games of a thousand distinct rulesets keep a bounded amount of memory, and no module global keeps a
state a caller touched."""

from __future__ import annotations

import attrs

import hartenjagen as hj
from hartenjagen import variants

# ---------------------------------------------------------------- caches and globals


def test_games_of_a_thousand_distinct_rules_keep_a_bounded_amount_of_memory():
    """A server loads games whose rules differ (a house rule's name will do): memory must not grow.

    800 games fill any cache of up to 800 rulesets; the next 200 may then add almost nothing
    (today each keeps its table: some 20 kB).
    """
    import gc
    import tracemalloc

    hearts = {f"{rank}H": 1 for rank in "23456789TJQKA"}

    def play(i: int) -> None:
        scoring = hj.rules.scoring.CardPoints({**hearts, "QS": 13}, name=f"house rule {i}")
        state = hj.new_game(attrs.evolve(variants.STANDARD, scoring=scoring), seed=i)
        hj.apply(state, hj.legal_moves(state)[0])

    for i in range(800):
        play(i)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(800, 1000):
            play(i)
        gc.collect()
        retained = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert retained < 1_000_000, f"{retained:,} bytes kept by 200 more games of distinct rules"


def _holds_a_state(value: object, depth: int = 3) -> bool:
    if isinstance(value, hj.State):
        return True
    if depth == 0 or isinstance(value, str | bytes | type):
        return False
    if isinstance(value, dict):
        return any(_holds_a_state(item, depth - 1) for item in value.values())
    if isinstance(value, tuple | list | set | frozenset):
        return any(_holds_a_state(item, depth - 1) for item in value)
    return False


def test_no_module_global_keeps_a_state_a_caller_touched():
    import sys

    state = hj.new_game(attrs.evolve(variants.STANDARD, passing=hj.rules.passing.NO_PASSING), seed=8)
    for _ in range(5):  # play: legal_moves, apply, step and explain of the playing phase
        moves = hj.legal_moves(state)
        hj.explain(state, moves[0])
        hj.step(state, moves[0])
        state = hj.apply(state, moves[0])
    hj.view(state, 0)
    held = [
        f"{name}.{attribute}"
        for name, module in list(sys.modules.items())
        if name == "hartenjagen" or name.startswith("hartenjagen.")
        for attribute, value in list(vars(module).items())
        if _holds_a_state(value)
    ]
    assert not held, f"module globals hold a state (and so every hand): {held}"
