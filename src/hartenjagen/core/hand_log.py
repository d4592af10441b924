"""A hand's log: each completed trick packed in one integer (its cards' mask, its leader, its winner and its taker).

One entry is ``mask << MASK_SHIFT | (taker + 1) << 10 | leader << 5 | (winner + 1)``:
``mask`` the physical cards played to the trick, ``winner`` the seat whose card
won it and ``taker`` the seat that took its cards (-1: none, a fully cancelled
trick whose cards wait for the next taker). Every reader of the log reads it
by these constants.
"""

from __future__ import annotations

from typing import Final

from hartenjagen.cards import AnyCard
from hartenjagen.core.table import Table
from hartenjagen.values import Trick

#: A seat field of a log entry (5 bits each: leader, winner + 1, taker + 1).
SEAT_BITS: Final = 31
#: Where the mask of the trick's physical cards begins in a log entry.
MASK_SHIFT: Final = 15


def log_entry(mask: int, leader: int, winner: int, taker: int) -> int:
    """One completed trick of the log (``winner`` / ``taker`` -1: none)."""
    # The seat fields are put together first: with the mask shifted, every step makes a big integer.
    return mask << MASK_SHIFT | ((taker + 1) << 10 | leader << 5 | (winner + 1))


#: A completed trick as `log_plays` reads it: (leader, winner or -1, cards in play order, seats or ``()``).
LoggedTrick = tuple[int, int, tuple[AnyCard, ...], tuple[int, ...]]


def log_plays(log: tuple[int, ...], hands: tuple[int, ...], table: Table) -> tuple[LoggedTrick, ...]:
    """The completed tricks of a hand's log as plain tuples, the fields of `log_tricks`'s `Trick` values.

    Each is (leader, winner or -1, cards in play order, seats): the seats are
    ``()`` when every seat played, as ``Trick.seats``. No `Trick` is built
    (its converters check every field): a reader that needs only these
    fields, every decision, reads them here.
    """
    n = len(hands)
    out = []
    for entry in log:
        mask = entry >> MASK_SHIFT
        leader = entry >> 5 & SEAT_BITS
        cards = []
        seats = []
        for i in range(n):
            seat = (leader + i) % n
            bits = mask & hands[seat]
            if bits:  # none: the seat had dropped out (`Deck.draws_to_follow`)
                cards.append(table.card_of[(bits & -bits).bit_length() - 1])
                seats.append(seat)
        shown = () if len(seats) == n else tuple(seats)
        out.append((leader, (entry & SEAT_BITS) - 1, tuple(cards), shown))
    return tuple(out)


def log_tricks(log: tuple[int, ...], hands: tuple[int, ...], table: Table) -> tuple[Trick, ...]:
    """The completed tricks of a hand's log as `Trick` values (``hands``: the hands as play began)."""
    return tuple(
        [
            Trick(leader, cards, None if winner < 0 else winner, seats)
            for leader, winner, cards, seats in log_plays(log, hands, table)
        ]
    )


def log_taken(log: tuple[int, ...], players: int) -> tuple[int, ...]:
    """The physical cards each seat captured in the tricks of a hand's log."""
    taken = [0] * players
    pile = 0
    for entry in log:
        mask = entry >> MASK_SHIFT
        taker = (entry >> 10 & SEAT_BITS) - 1
        if taker < 0:
            pile |= mask
        else:
            taken[taker] |= mask | pile
            pile = 0
    return tuple(taken)
