"""Property test (sources §3, 15) over random rules and games: determinism, and states as values.

The same seed and moves give the same states; states hash, compare by value and pickle; ``apply``
changes nothing it is given."""

from __future__ import annotations

import pickle

from hypothesis import given

import hartenjagen as hj
from properties_helpers import GameSpec, budget, games, rigged_deal

# ---------------------------------------------------------------- 15. determinism, values


@budget(15)
@given(spec=games())
def test_determinism_and_values(spec: GameSpec) -> None:
    """15. Same seed and moves, same states; states hash, compare by value, pickle; apply changes nothing."""
    game = spec.play()
    rules = spec.rules
    state = hj.new_game(rules, seed=spec.seed, deal=rigged_deal(rules, spec.seed, spec.deal))
    assert state == game.states[0]
    assert state is not game.states[0]
    assert hash(state) == hash(game.states[0])
    for i, move in enumerate(game.moves):
        before = pickle.dumps(state)
        copy = pickle.loads(before)
        assert copy == state
        assert hash(copy) == hash(state)
        assert {copy: 1}[state] == 1
        assert copy.rules == rules
        nxt = hj.apply(state, move)
        assert pickle.loads(before) == state, "apply changed the state it was given"
        assert pickle.dumps(state) == before
        assert nxt == game.states[i + 1]
        assert hash(nxt) == hash(game.states[i + 1])
        assert nxt != state
        assert nxt != (nxt,)
        # the copy plays on exactly like the original
        assert hj.apply(copy, move) == nxt
        state = nxt
