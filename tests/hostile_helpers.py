"""Hostile values for the tests of hostile input (tests/test_hostile_*.py): huge numbers, ints that lie, forged cards."""

from __future__ import annotations

import hartenjagen as hj

# ---------------------------------------------------------------- huge integers

HUGE = 10**5000  # beyond Python's 4,300-digit limit for turning a number into text


# ---------------------------------------------------------------- forged objects


class Liar(int):
    """An int that says it equals everything and is less than everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __lt__(self, other: object) -> bool:
        return True

    def __le__(self, other: object) -> bool:
        return True

    def __gt__(self, other: object) -> bool:
        return True

    def __ge__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


def forged_card(rank: int, suit: int, index: int | None = None, kind: type = hj.Card) -> hj.Card:
    """A card object made around ``Card()``: not the interned one (or with a forged index)."""
    card = object.__new__(kind)
    object.__setattr__(card, "rank", hj.Rank(rank))
    object.__setattr__(card, "suit", hj.Suit(suit))
    object.__setattr__(card, "index", suit * 13 + rank - 2 if index is None else index)
    return card
