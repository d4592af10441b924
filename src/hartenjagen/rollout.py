"""Random playouts for bots and simulations: ``rollout(state, rng=...)``.

A rollout plays uniformly random legal moves — the same moves, drawn the same
way, as ``moves = legal_moves(state); apply(state, moves[rng.randrange(len(moves))])``
in a loop — but skips what a loop over the public API pays for: no move
sequence is built and no play is checked twice.
"""

from __future__ import annotations

import random
from typing import Literal

from hartenjagen.engine import _apply, _play, _play_mask, legal_moves
from hartenjagen.errors import HartenjagenError
from hartenjagen.state import Phase, State


class RolloutError(HartenjagenError):
    """Bad arguments to ``rollout``."""


def rollout(
    state: State,
    *,
    rng: random.Random | int | None = None,
    until: Literal["hand", "game"] = "hand",
) -> State:
    """Play random legal moves from ``state`` until the hand (or the game) is over; return the last state.

    ``rng`` is a ``random.Random``, a seed for one, or ``None`` for a fresh
    unseeded one. With ``until="hand"`` the result is the first state after
    the current hand was scored (its line is ``score_sheet[-1]``), or the final
    state if the game ended; with ``until="game"`` it is the final state.
    """
    if not isinstance(state, State):
        raise RolloutError(f"rollout needs a State, not {type(state).__name__}")
    if until not in ("hand", "game"):
        raise RolloutError(f"until must be 'hand' or 'game', not {until!r}")
    if rng is None:
        rng = random.Random()
    elif isinstance(rng, int) and not isinstance(rng, bool):
        rng = random.Random(rng)
    elif not isinstance(rng, random.Random):
        raise RolloutError(f"rng must be a random.Random, a seed or None, not {rng!r}")
    randrange = rng.randrange
    table = state._table
    players = table.players
    single_pack = table.copies == 1
    bits_of = table.bits_of
    whole_game = until == "game"
    context = state._context
    hands_scored = len(state.score_sheet)
    while True:
        _, _, phase, hands, trick, leader, *_ = state
        if phase is Phase.PLAYING:
            seat = (leader + len(trick)) % players
            hand = hands[seat]
            mask = _play_mask(state, hand)
            choices = mask if single_pack else table.distinct(mask)
            for _ in range(randrange(choices.bit_count())):
                choices &= choices - 1
            bits = hand & bits_of[(choices & -choices).bit_length() - 1]
            state = _play(state, seat, bits & -bits)
        elif phase is Phase.GAME_OVER:
            return state
        else:
            moves = legal_moves(state)
            state = _apply(state, moves[randrange(len(moves))], None)
        # The context changes only between hands and in the decision phases: look there only.
        if state._context is not context:
            context = state._context
            if not whole_game and len(state.score_sheet) != hands_scored:
                return state
