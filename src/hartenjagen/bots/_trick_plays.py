"""A completed trick's plays for the bots, from shared `Play` values: `trick_plays`.

``Trick.plays`` builds a new `Play` for every card each time it is read (its
converters check the seat and the card: about 1.5 µs a play), and a view's
tricks are new `Trick` values on every view, so a bot that reads the hand's
tricks for every decision built some 40 plays a decision: about half of the
heuristic's time. A `Play` is a frozen value, so one value per (seat, card)
serves every trick.
"""

from __future__ import annotations

from hartenjagen.cards import AnyCard
from hartenjagen.moves import Play
from hartenjagen.values import Trick

__all__ = ["trick_plays"]

#: One `Play` per (seat, card) met so far; interned cards hash by identity. Bounded below.
_PLAYS: dict[tuple[int, AnyCard], Play] = {}
#: More seats × cards than any table has: past it the values are built afresh (never a wrong one).
_LIMIT = 4096


def _play(seat: int, card: AnyCard) -> Play:
    found = _PLAYS.get((seat, card))
    if found is None:
        found = Play(seat, card)
        if len(_PLAYS) < _LIMIT:
            _PLAYS[seat, card] = found
    return found


def trick_plays(trick: Trick) -> tuple[Play, ...]:
    """``trick.plays``: the trick as moves in play order (equal values, shared between calls)."""
    if trick.seats:
        return tuple([_play(seat, card) for seat, card in zip(trick.seats, trick.cards, strict=True)])
    n = len(trick.cards)
    leader = trick.leader
    return tuple([_play((leader + i) % n, card) for i, card in enumerate(trick.cards)])
