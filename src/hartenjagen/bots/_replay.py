"""A sampled world's replay of its hand's plays, for the determinizer.

A world is dealt as play began; the plays the view shows are then played again
through the engine, so that its tricks, captured cards and broken hearts are
the engine's own, and a play its hands could not have made is noticed (the
world is then drawn again). Where the rules let every world share one replay
the determinizer uses `hartenjagen.core.SharedPlay` instead (the same
position and answer).
"""

from __future__ import annotations

from collections.abc import Sequence

from hartenjagen.cards import AnyCard
from hartenjagen.core import State, Table, hand_masks, legal_mask, play

__all__ = ["replay"]


def replay(
    state: State,
    plays: Sequence[tuple[int, AnyCard]],
    play_bits: Sequence[tuple[int, int]] | None,
    table: Table,
) -> tuple[State, bool]:
    """Play ``plays`` (seat, card) again from ``state``, the start of play; whether every play was legal.

    ``play_bits`` are the same plays as (seat, physical card) when the pack has one copy of each card.
    """
    legal = True
    if play_bits is not None:
        # One copy of each card: the card is the one physical bit, in the player's hand by construction.
        play_, legal_mask_ = play, legal_mask
        for seat, bit in play_bits:
            # Once a play was illegal the sample is inconsistent: the later ones need no check.
            if legal and not bit & legal_mask_(state):
                legal = False
            state = play_(state, seat, bit, None)
        return state, legal
    bits_of = table.bits_of
    for seat, card in plays:
        hand = hand_masks(state)[seat]
        bits = hand & bits_of[card.index]
        allowed = bits & legal_mask(state)
        if allowed:
            bits = allowed
        else:
            legal = False
        state = play(state, seat, bits & -bits, None)
    return state, legal
