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

__all__ = [
    "HandReading",
    "JokerSuits",
    "Logged",
    "TrickReading",
    "logged_tricks",
    "play_of",
    "read_hand",
    "read_played",
    "read_so_far",
    "read_trick",
    "trick_plays",
]

#: One `Play` per (seat, card) met so far; interned cards hash by identity. Bounded below.
_PLAYS: dict[tuple[int, AnyCard], Play] = {}
#: More seats × cards than any table has: past it the values are built afresh (never a wrong one).
_LIMIT = 4096


def play_of(seat: int, card: AnyCard) -> Play:
    """``Play(seat, card)``: one shared value per (seat, card), not checked again every time."""
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
        return tuple([play_of(seat, card) for seat, card in zip(seats, cards, strict=True)])
    n = len(cards)
    return tuple([play_of((leader + i) % n, card) for i, card in enumerate(cards)])


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


#: How many readings each of `read_trick`, `read_hand` and `read_so_far` keeps. Small on purpose:
#: 64 tables at once still hit, and every object kept is one more for each garbage collection of
#: the whole process to walk (at 1 << 16 the three kept ~500,000 objects after `bench.py`'s V1 and
#: made a later `loads` 16 % slower; at 1 << 12, `SeatEnv` and V1 as fast, `loads` as before).
_READINGS_LIMIT = 1 << 12


#: A hand's completed tricks as plain fields: (leader, winner or -1, cards, seats) each, as
#: `hartenjagen.core.seat_reading` gives them and `logged_tricks` reads them off `Trick` values.
Logged = tuple[tuple[int, int, tuple[AnyCard, ...], tuple[int, ...]], ...]


def logged_tricks(tricks: tuple[Trick, ...]) -> Logged:
    """``tricks`` (a view's) as the plain fields `read_hand` reads: what a state gives without a `Trick`."""
    return tuple([(t.leader, -1 if t.winner is None else t.winner, t.cards, t.seats) for t in tricks])


class HandReading(NamedTuple):
    """What a hand's completed tricks tell every seat, together: the cards left, the suits led, the voids."""

    #: copies of each card (by ``index``) not played in these tricks: the pack's copies less the cards played
    unseen: tuple[int, ...]
    #: how many of these tricks each suit was led to (by ``Suit``)
    led: tuple[int, ...]
    #: (seat, suit) for each void shown in these tricks, once each, in the order shown
    voids: tuple[tuple[int, Suit], ...]


def read_hand(
    tricks: Logged, copies: tuple[int, ...], widened: frozenset[AnyCard], jokers: JokerSuits | None = None
) -> HandReading:
    """The completed ``tricks`` of a hand read together, each as `read_played` reads it; ``copies``: the pack's.

    Every decision of a hand reads the same tricks and one more now and
    then: the reading is kept by the tricks, and a new one starts from the
    reading of the tricks before the last.
    """
    key = (tricks, copies, widened, jokers or None)
    found = _HANDS.get(key)
    if found is None:
        if tricks:
            before = read_hand(tricks[:-1], copies, widened, jokers)
            leader, _, cards, seats = tricks[-1]
            led, indexes, voids = read_played(leader, cards, seats, widened, jokers)
            unseen = list(before.unseen)
            for index in indexes:
                unseen[index] -= 1
            counts = list(before.led)
            if led is not None:
                counts[led] += 1
            shown = before.voids + tuple([void for void in dict.fromkeys(voids) if void not in before.voids])
            found = HandReading(tuple(unseen), tuple(counts), shown)
        else:
            found = HandReading(copies, (0, 0, 0, 0), ())
        if len(_HANDS) >= _READINGS_LIMIT:
            _HANDS.clear()  # as `read_played`'s readings
        _HANDS[key] = found
    return found


#: The hand readings met so far, by `read_hand`'s arguments; bounded as the trick readings.
_HANDS: dict[tuple[Logged, tuple[int, ...], frozenset[AnyCard], JokerSuits | None], HandReading] = {}


def read_so_far(
    plays: tuple[Play, ...], widened: frozenset[AnyCard], jokers: JokerSuits | None = None
) -> tuple[Suit | None, tuple[tuple[int, Suit], ...]]:
    """The trick being played (``plays``, the view's ``trick``): the suit led and (seat, suit) of each void shown.

    As `read_played` reads a completed trick (`led_suit`, `voids_shown`); kept by the plays, which
    the state gives as shared values, so that the seats after the first read a trick once.
    """
    key = (plays, widened, jokers or None)
    found = _SO_FAR.get(key)
    if found is None:
        suits: Mapping[Joker, Suit] = jokers or {}
        found = (
            led_suit([play.card for play in plays], suits),
            tuple([(seat, suit) for seat, suit, _ in voids_shown(plays, widened, suits)]),
        )
        if len(_SO_FAR) >= _READINGS_LIMIT:
            _SO_FAR.clear()  # as `read_played`'s readings
        _SO_FAR[key] = found
    return found


#: The tricks under way met so far, by `read_so_far`'s arguments; bounded as the trick readings.
_SO_FAR: dict[
    tuple[tuple[Play, ...], frozenset[AnyCard], JokerSuits | None],
    tuple[Suit | None, tuple[tuple[int, Suit], ...]],
] = {}
