"""Random playouts for bots and simulations: ``rollout(state, rng=...)``.

A rollout plays uniformly random legal moves — the same moves, drawn the same
way, as ``moves = legal_moves(state); apply(state, moves[rng.randrange(len(moves))])``
in a loop — inside the kernel, without building a move sequence or checking a
play twice.
"""

from __future__ import annotations

import random
from typing import Literal

from hartenjagen.core import State, playout
from hartenjagen.errors import HartenjagenError


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
    if type(state) is not State:
        raise RolloutError(f"rollout needs a State, not {type(state).__name__}")
    if until not in ("hand", "game"):
        raise RolloutError(f"until must be 'hand' or 'game', not {until!r}")
    if rng is None:
        rng = random.Random()
    elif isinstance(rng, int) and not isinstance(rng, bool):
        rng = random.Random(rng)
    elif not isinstance(rng, random.Random):
        raise RolloutError(f"rng must be a random.Random, a seed or None, not {rng!r}")
    return playout(state, rng, until == "game")
