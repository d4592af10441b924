"""check_rules finds a state that does not read back from JSON, and shrinks the game to the first state that shows it.

The JSON round trip of a state replays the game so far, so while shrinking
another failure it is tried at a quarter of the states (as in the first
search), and at every state when the failing game failed there.
"""

from __future__ import annotations

import pytest

import hartenjagen as hj
from hartenjagen import testing, variants
from hartenjagen.testing import _checker


def test_a_json_failure_is_shrunk_to_the_first_state_that_shows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    real_loads = _checker.loads

    def loads_a_card_later(text: str) -> object:
        # Broken on purpose: a state with one card on a trick after the first reads back one card later.
        value = real_loads(text)
        if isinstance(value, hj.State) and value.tricks and len(value.trick) == 1:
            return hj.apply(value, hj.legal_moves(value)[0])
        return value

    monkeypatch.setattr(_checker, "loads", loads_a_card_later)
    with pytest.raises(testing.RulesCheckFailed) as info:
        testing.check_rules(variants.STANDARD, games=3)
    failure = info.value
    assert "the state does not read back from JSON" in failure.problem
    # The first state that shows it: four passes, trick one (4 cards), the lead of trick two.
    assert len(failure.moves) == 9 and not failure.in_move
    state = hj.new_game(variants.STANDARD, seed=failure.seed, dealer=failure.dealer)
    for move in failure.moves:
        state = hj.apply(state, move)
    assert len(state.tricks) == 1 and len(state.trick) == 1
