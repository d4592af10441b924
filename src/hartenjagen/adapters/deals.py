"""Whole deals as single chance outcomes, for algorithms that walk the whole game tree (CFR).

Dealt card by card, a pack of ``k`` cards is ``k!`` chance paths, most of them
leading to the same hands; listing every distinct deal once, with its
probability, makes the tree of a tiny pack small enough to walk. Only for
packs of single copies (every distinct deal is then equally likely) and at
most `MAX_DEALS` deals: `hartenjagen.variants.TINY` has 70.
"""

from __future__ import annotations

import functools
import itertools
import math
from typing import Final

from hartenjagen.adapters.episodes import EpisodeError
from hartenjagen.cards import Card
from hartenjagen.rules import Rules

__all__ = ["MAX_DEALS", "deal_count", "whole_deals"]

#: The most deals a game may list at one chance node.
MAX_DEALS: Final = 20_000


def deal_count(rules: Rules) -> int:
    """How many distinct deals the pack of ``rules`` has (hands told apart by seat)."""
    pack = rules.deck.pack()
    n = rules.players
    size = len(pack) // n
    count: int = math.factorial(len(pack)) // math.factorial(size) ** n
    for card in set(pack):
        count //= math.factorial(pack.count(card))  # copies of a card are alike (an upper bound then)
    return count


@functools.lru_cache(maxsize=8)
def whole_deals(rules: Rules) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Every distinct deal of ``rules``' pack, each as one sorted hand per seat, in a fixed order.

    Refused (`EpisodeError`) for a pack with two copies of a card, whose deals
    are not equally likely, and for more than `MAX_DEALS` deals.
    """
    pack = rules.deck.pack()
    if len(set(pack)) != len(pack):
        raise EpisodeError(
            "whole deals need a pack of single copies: with two packs deals are not equally likely"
        )
    count = deal_count(rules)
    if count > MAX_DEALS:
        raise EpisodeError(
            f"the pack has {count:,} deals, more than the {MAX_DEALS:,} a chance node may list: "
            "deal card by card (deal='cards'), or take a smaller pack"
        )
    size = len(pack) // rules.players
    return tuple(_deals(tuple(pack), size, rules.players))


def _deals(cards: tuple[Card, ...], size: int, seats: int) -> list[tuple[tuple[Card, ...], ...]]:
    if seats == 1:
        return [(cards,)]
    out: list[tuple[tuple[Card, ...], ...]] = []
    for hand in itertools.combinations(cards, size):
        rest = tuple(card for card in cards if card not in hand)
        out.extend((hand, *others) for others in _deals(rest, size, seats - 1))
    return out
