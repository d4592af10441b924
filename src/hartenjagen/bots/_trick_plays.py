"""A completed trick as the bots read it: its plays from shared `Play` values (`trick_plays`), `read_trick`.

``Trick.plays`` builds a new `Play` for every card each time it is read (its
converters check the seat and the card: about 1.5 µs a play), and a view's
tricks are new `Trick` values on every view, so a bot that reads the hand's
tricks for every decision built some 40 plays a decision: about half of the
heuristic's time. A `Play` is a frozen value, so one value per (seat, card)
serves every trick.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from hartenjagen.cards import AnyCard, Joker, Suit, led_suit
from hartenjagen.moves import Play
from hartenjagen.rules.extras import voids_shown
from hartenjagen.values import Trick

__all__ = ["JokerSuits", "TrickReading", "read_played", "read_trick", "trick_plays"]

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
    return _plays_of(trick.leader, trick.cards, trick.seats)


def _plays_of(leader: int, cards: tuple[AnyCard, ...], seats: tuple[int, ...]) -> tuple[Play, ...]:
    """The plays of a trick of ``cards`` led by ``leader`` (``seats``: who played each, ``()``: every seat in turn)."""
    if seats:
        return tuple([_play(seat, card) for seat, card in zip(seats, cards, strict=True)])
    n = len(cards)
    return tuple([_play((leader + i) % n, card) for i, card in enumerate(cards)])


class JokerSuits(dict[Joker, Suit]):
    """The suit of each joker whose role gives it one (`rules.jokers.joker_suits`), hashable for `read_trick`'s key.

    Built once per rules value and never changed: it hashes as its items.
    """

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))


class TrickReading(NamedTuple):
    """What a completed trick tells every seat: the suit led, the cards played, the voids shown."""

    #: the suit led (``None``: jokers only)
    led: Suit | None
    #: the ``index`` of each card played, in play order
    indexes: tuple[int, ...]
    #: (seat, suit led) for each play that shows its seat void in the suit led (`voids_shown`)
    voids: tuple[tuple[int, Suit], ...]


#: The readings met so far, by the trick's fields and the cards that show no void; bounded below.
_READINGS: dict[
    tuple[int, tuple[AnyCard, ...], tuple[int, ...], frozenset[AnyCard], JokerSuits | None], TrickReading
] = {}


def read_trick(trick: Trick, widened: frozenset[AnyCard], jokers: JokerSuits | None = None) -> TrickReading:
    """``trick`` read as the bots read it; ``widened``: the cards a house rule allows at any time (`widening_cards`).

    ``jokers``: the suit of each joker whose role gives it one (none: a joker has no suit).

    A hand's tricks are read again at every decision from new `Trick` values;
    the reading is kept by the trick's fields (equal tricks, equal readings).
    """
    return read_played(trick.leader, trick.cards, trick.seats, widened, jokers)


def read_played(
    leader: int,
    cards: tuple[AnyCard, ...],
    seats: tuple[int, ...],
    widened: frozenset[AnyCard],
    jokers: JokerSuits | None = None,
) -> TrickReading:
    """`read_trick` of the trick with these fields (``Trick.leader``, ``.cards``, ``.seats``), no `Trick` needed.

    The state's door of the heuristic reads the completed tricks as these
    fields (`hartenjagen.core.seat_reading`); the view's door reads `Trick`
    values. Both come here, so a trick reads the same through either.
    """
    suits: Mapping[Joker, Suit] = jokers or {}
    key = (leader, cards, seats, widened, jokers or None)
    found = _READINGS.get(key)
    if found is None:
        plays = _plays_of(leader, cards, seats)
        found = TrickReading(
            led_suit(cards, suits),
            tuple([card.index for card in cards]),
            tuple([(seat, suit) for seat, suit, _ in voids_shown(plays, widened, suits)]),
        )
        if len(_READINGS) >= _READINGS_LIMIT:
            _READINGS.clear()  # a long run meets ever new tricks: start again rather than grow
        _READINGS[key] = found
    return found


#: How many readings `read_trick` keeps (a few hundred bytes each).
_READINGS_LIMIT = 1 << 16
