"""The draws of a sampled world under a deck that draws to follow (Domino Hearts), for the determinizer.

A world is sampled holding, per seat, every card it played or holds: as if
dealt. The view shows who drew how many cards in which trick
(`PlayerView.draws`), not which (the faces only to the drawer, and a view
does not say which of its own cards were drawn). This module says which of
a seat's cards it drew, in order, so that the world's draws are the view's:
a seat that drew in a trick held no card of the suit led before it drew,
every card it drew but the last is of another suit, and the last is of the
suit led (the card it then played, or now holds to play) unless the stock ran
out. The world's deal is its cards less those drawn.
"""

from __future__ import annotations

import random

from hartenjagen.core import State, Table, fields, replace
from hartenjagen.core import bits as _bits
from hartenjagen.frontend.views import PlayerView

__all__ = ["with_draws"]


def with_draws(world: State, view: PlayerView, rng: random.Random) -> tuple[State, bool]:
    """``world`` with the draws of ``view`` rebuilt, and whether they are (``False``: ``world`` as it was).

    The world must hold every card drawn so far from the start (its own
    draws empty), as the determinizer samples it; one pack, no exchange. A
    sample whose hands admit no such draws (a seat drew but held a card of
    the suit led) is reported, for the determinizer to sample again.
    """
    f = fields(world)
    table = f.table
    if not view.draws or f.drawn or table.copies != 1 or view.exchanges:
        return world, not view.draws
    order = _drawn(table, f.hand_masks, view, rng)
    if order is None:
        return world, False
    out = 0
    for physical in order:
        out |= 1 << physical
    rebuilt = replace(world, drawn=tuple(order), dealt_masks=tuple([mask & ~out for mask in f.dealt_masks]))
    if rebuilt.draws != view.draws:  # the engine reads the draws back from the plays: the check
        return world, False
    return rebuilt, True


def _drawn(table: Table, held: tuple[int, ...], view: PlayerView, rng: random.Random) -> list[int] | None:
    """The physical cards drawn, in order, one for each of the view's draws (``None``: the hands admit none).

    ``held``: each seat's cards in hand now; with those it played, every card it had this hand.
    """
    tricks = [[(play.seat, play.card.index) for play in trick.plays] for trick in view.tricks]
    tricks.append([(play.seat, play.card.index) for play in view.trick])
    holdings = list(held)
    for plays in tricks:
        for seat, physical in plays:
            holdings[seat] |= 1 << physical
    counts: dict[tuple[int, int], int] = {}
    for key in view.draws:
        counts[key] = counts.get(key, 0) + 1
    drawn = [0] * len(holdings)  # by seat: the cards it drew so far
    dealt = [0] * len(holdings)  # by seat: the cards it surely had from the deal (played before drawn)
    order: list[int] = []
    for number, plays in enumerate(tricks):
        led = table.suit_masks[table.suit_of[plays[0][1]]] if plays else 0
        seats = [seat for seat, _ in plays]
        if number == len(view.tricks) and view.to_move and (number, view.to_move[0]) in counts:
            seats.append(view.to_move[0])  # the seat to move drew already and plays next
        for i, seat in enumerate(seats):
            count = counts.get((number, seat), 0)
            bit = 1 << plays[i][1] if i < len(plays) else 0
            if count:
                free = holdings[seat] & ~drawn[seat] & ~dealt[seat]
                # Drawing stops at the first card of the suit led: the card played, if it is one; for the
                # seat yet to play, one it holds. A card played of another suit: the stock ran out.
                last = bit & led
                if not bit:
                    holding = _bits(free & led)
                    last = 1 << rng.choice(holding) if holding else 0
                others = _bits(free & ~led)
                need = count - (1 if last else 0)
                if (last and not free & last) or len(others) < need:
                    return None
                chosen = rng.sample(others, need) + ([last.bit_length() - 1] if last else [])
                for physical in chosen:
                    drawn[seat] |= 1 << physical
                order.extend(chosen)
            if bit and not drawn[seat] & bit:
                dealt[seat] |= bit
    return order
