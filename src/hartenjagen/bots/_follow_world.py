"""A world of a deck that draws to follow suit (Domino Hearts): the seat to move holds a card of the suit led.

While the stock lasts, a seat to move in a trick could follow, or drew until
it could: it holds a card of the suit led. A hidden deal that gives it none
would make the engine draw for it when the world is replayed, so one of its
hidden cards changes places with one of that suit.
"""

from __future__ import annotations

import random

from hartenjagen.core import bits

__all__ = ["give_a_card_of"]


def give_a_card_of(
    suit: int, mover: int, hidden: list[int], free: int, forbidden: list[int], me: int, rng: random.Random
) -> None:
    """Give ``mover`` a hidden card of ``suit`` (a mask) in ``hidden`` if the deal gave it none, in place.

    The card comes from the stock (the unseen cards of ``free`` no seat got)
    or from another seat's hidden cards, chosen at random; the mover gives a
    hidden card of its own back, one the other seat may hold (``forbidden``).
    """
    if hidden[mover] & suit:
        return
    stock = free
    for mask in hidden:
        stock &= ~mask
    places = [(-1, stock & suit)] + [
        (seat, hidden[seat] & suit) for seat in range(len(hidden)) if seat not in (mover, me)
    ]
    rng.shuffle(places)
    for seat, cards in places:
        for card in rng.sample(bits(cards), len(bits(cards))):
            mine = hidden[mover] if seat < 0 else hidden[mover] & ~forbidden[seat]
            if not mine:
                continue
            given = 1 << rng.choice(bits(mine))
            if seat >= 0:
                hidden[seat] = hidden[seat] & ~(1 << card) | given
            hidden[mover] = hidden[mover] & ~given | 1 << card
            return
