"""Random playouts inside the kernel: the loop ``hartenjagen.rollout`` runs.

It plays the same moves, drawn the same way, as
``moves = legal_moves(state); apply(state, moves[rng.randrange(len(moves))])``
in a loop, without building move sequences or checking a play twice.
"""

from __future__ import annotations

from typing import Any

from hartenjagen.core.kernel import legal_mask, legal_moves, play, transition
from hartenjagen.core.state import GAME_OVER, PLAYING, State


def playout(state: State, randrange: Any, whole_game: bool) -> State:
    """Play random legal moves until the hand (or the game) is over; ``randrange`` is ``rng.randrange``."""
    scored = len(state._hand.sheet)
    while True:
        hand = state._hand
        phase = hand.phase
        if phase == PLAYING:
            table = hand.table
            seat = (state._leader + state._count) % table.players
            mask = legal_mask(state)
            choices = mask if table.copies == 1 else table.distinct(mask)
            pick: int = randrange(choices.bit_count())
            for _ in range(pick):
                choices &= choices - 1
            bits = mask & table.bits_of[(choices & -choices).bit_length() - 1]
            state = play(state, seat, bits & -bits, None)
        elif phase == GAME_OVER:
            return state
        else:
            moves = legal_moves(state)
            state = transition(state, moves[randrange(len(moves))], None)
        if state._hand is not hand and not whole_game and len(state._hand.sheet) != scored:
            return state
