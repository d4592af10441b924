"""Dealing the cards a seat cannot see to the other seats, for the determinizer.

Every other seat gets as many cards as it has free places, and no card it may
not hold (a suit it has shown void in, a key card of the opening). The cards
some seat may not hold are dealt one at a time in random order, each to a seat
chosen in proportion to its free places among the seats for which the rest can
still be dealt (Hall's condition over the sets of seats); the cards any seat
may hold then fill the places left in random order.
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable
from functools import partial
from typing import Any, Final

from hartenjagen.core import bits

__all__ = ["NATIVE", "DealPlan", "deal_hidden", "deal_plan", "dealer"]


def _load() -> Any:
    for name in ("HARTENJAGEN_PURE_PYTHON", "HARTENJAGEN_NO_C_KERNEL"):
        if os.environ.get(name, "") not in ("", "0"):
            return None
    try:
        return importlib.import_module("hartenjagen.bots._deal")
    except ImportError:
        return None


#: The compiled deal (``hartenjagen.bots._deal``, C, built by setup.py beside the playout kernel), or ``None``.
#: It makes the same draws and the same choices as `deal_hidden`'s Python, a few times faster.
NATIVE: Final[Any] = _load()
#: The most seats and unseen cards the compiled deal takes (a deal past them runs in Python).
_NATIVE_SEATS: Final = 12
_NATIVE_CARDS: Final = 128

#: What every deal of one view shares (see `deal_plan`).
DealPlan = tuple[
    dict[int, int],
    list[int],
    dict[int, list[int]],
    dict[tuple[int, int], list[int]],
    list[int],
    bool,
    list[int],
]


def deal_plan(free: int, seats: list[int], capacity: list[int], forbidden: list[int]) -> DealPlan | None:
    """The shared part of every deal of ``free`` to ``seats``; ``None`` when no deal fits.

    It is each unseen card's seats (a mask over ``seats``), each set of seats'
    slack (its free places less the cards only it may hold), each mask's
    seats, (filled as the deals need them) the sets of seats whose slack a
    card given to a seat uses up, the unseen cards in rising order, and whether
    any seat may hold any of them (no card is barred from a seat), and each of
    those cards' seats in that order.
    """
    m = len(seats)
    eligible: dict[int, int] = {}
    groups: dict[int, int] = {}
    for p in bits(free):
        mask = 0
        for i, seat in enumerate(seats):
            if not forbidden[seat] >> p & 1:
                mask |= 1 << i
        eligible[p] = mask
        groups[mask] = groups.get(mask, 0) + 1
    slack = []
    for subset in range(1 << m):
        cap = sum(capacity[seats[i]] for i in range(m) if subset >> i & 1)
        need = sum(count for mask, count in groups.items() if not mask & ~subset)
        slack.append(cap - need)
    if min(slack) < 0:
        return None
    members = {mask: [i for i in range(m) if mask >> i & 1] for mask in groups}
    open_deal = all(mask == (1 << m) - 1 for mask in groups)
    free_cards = bits(free)
    return eligible, slack, members, {}, free_cards, open_deal, [eligible[p] for p in free_cards]


def dealer(
    plan: DealPlan, free: int, seats: list[int], capacity: list[int], players: int, rng: random.Random
) -> Callable[[], list[int]]:
    """`deal_hidden` of these arguments as a call of none: the same deals from the same draws, one after another.

    With the compiled deal it is that call with its arguments made once (neither it nor the C reads
    changes them); otherwise `deal_hidden` itself.
    """
    _, initial, _, _, free_cards, open_deal, in_order = plan
    remaining = [capacity[seat] for seat in seats]
    if (
        NATIVE is not None
        and len(seats) <= _NATIVE_SEATS
        and len(free_cards) <= _NATIVE_CARDS
        and players <= 64
    ):
        deal: Callable[[], list[int]] = partial(
            NATIVE.deal, rng.random, free_cards, in_order, remaining, list(initial), seats, players, open_deal
        )
        return deal
    return partial(deal_hidden, plan, free, seats, capacity, players, rng)


def deal_hidden(
    plan: DealPlan, free: int, seats: list[int], capacity: list[int], players: int, rng: random.Random
) -> list[int]:
    """One deal of the cards ``free`` to ``seats`` by ``plan``: a card mask per seat of ``players``."""
    random_ = rng.random
    eligible, initial, members, checks, free_cards, open_deal, in_order = plan
    m = len(seats)
    remaining = [capacity[seat] for seat in seats]
    if NATIVE is not None and m <= _NATIVE_SEATS and len(free_cards) <= _NATIVE_CARDS and players <= 64:
        hands: list[int] = NATIVE.deal(
            random_, free_cards, in_order, remaining, list(initial), seats, players, open_deal
        )
        return hands
    # A uniform random order, by sorting on random keys: several times faster than rng.shuffle. The
    # cards are sorted by their keys' positions (no tuple a card), which is the order of sorting
    # (key, card) pairs: ``free``'s cards come in rising order and the sort is stable.
    keys = [random_() for _ in free_cards]
    cards = [free_cards[i] for i in sorted(range(len(keys)), key=keys.__getitem__)]
    everyone = (1 << m) - 1
    hands = [0] * players
    if open_deal:
        # Nobody is barred from any card: deal the cards in their random order, seat by seat (as below).
        start = 0
        for i in range(m):
            take = remaining[i]
            if take:
                hand = 0
                for p in cards[start : start + take]:
                    hand |= 1 << p
                hands[seats[i]] = hand
                start += take
        return hands
    slack = list(initial)
    # The sets of seats with no slack left (that a card given to one of them must not use up). The
    # empty set and the set of all seats are never a card's concern (a card's seats are neither).
    tight = {t for t in range(1, everyone) if not slack[t]}
    for p in cards:
        mask = eligible[p]
        if mask == everyone:
            continue  # any seat may hold it: it fills a place left below
        choices = []
        total = 0
        for i in members[mask]:
            if not remaining[i]:
                continue
            if tight:
                sets = checks.get((i, mask))
                if sets is None:
                    sets = checks[(i, mask)] = [t for t in range(1 << m) if t >> i & 1 and mask & ~t]
                if not tight.isdisjoint(sets):
                    continue
            choices.append(i)
            total += remaining[i]
        assert choices, "Hall's condition leaves a seat for every card"
        pick = int(random_() * total)  # a uniform place among the free ones (randrange is slower)
        for i in choices:
            pick -= remaining[i]
            if pick < 0:
                break
        sets = checks.get((i, mask))
        if sets is None:
            sets = checks[(i, mask)] = [t for t in range(1 << m) if t >> i & 1 and mask & ~t]
        remaining[i] -= 1
        for t in sets:
            slack[t] -= 1
            if not slack[t]:
                tight.add(t)
        hands[seats[i]] |= 1 << p
    unrestricted = [p for p in cards if eligible[p] == everyone]
    start = 0
    for i in range(m):
        for p in unrestricted[start : start + remaining[i]]:
            hands[seats[i]] |= 1 << p
        start += remaining[i]
    return hands
