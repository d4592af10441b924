"""Calls a type checker accepts, with the types it infers (``assert_type``).

tests/test_typing.py runs ``mypy --strict`` on this file (no errors) and runs it (the calls work).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_type

import hartenjagen as hj
from hartenjagen.events import Event, GameOver
from hartenjagen.moves import Announce, MoonChoice, Pass, Play

state = hj.new_game(hj.variants.STANDARD, seed=7)
assert_type(state, hj.State)
moves = hj.legal_moves(state)
assert_type(moves, Sequence[Play | Pass | Announce | MoonChoice])
assert_type(hj.apply(state, moves[0]), hj.State)
after, events = hj.step(state, moves[0])
assert_type(after, hj.State)
assert_type(events, tuple[Event, ...])
assert_type(hj.is_legal(state, moves[0]), bool)
assert_type(hj.explain(state, moves[0]), hj.IllegalMove | None)
assert_type(hj.view(state, 0), hj.PlayerView)
assert_type(hj.public_view(state), hj.PlayerView)
assert_type(hj.dumps(state), str)
assert_type(hj.loads(hj.dumps(state)), object)
explicit = hj.new_game(hj.variants.STANDARD, chance="explicit")
outcome, chance = hj.chance_outcomes(explicit)[0]
assert_type(hj.apply(explicit, outcome), hj.State)
assert_type(chance, float)

# A game played to its end: the events narrow by isinstance to the fields of their class.
final: tuple[int, ...] = ()
while not state.is_over:
    state, events = hj.step(state, hj.legal_moves(state)[0])
    for event in events:
        if isinstance(event, GameOver):
            final = event.winners
assert_type(final, tuple[int, ...])
assert final
