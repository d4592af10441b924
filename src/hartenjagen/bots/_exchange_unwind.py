"""Rebuilding the completed stages of the exchange backwards from a sampled world's hands, for the determinizer.

A world is dealt as play (or the current stage) began. Its ``dealt`` and
pass log are rebuilt stage by stage from the last: each seat received what
its giver gave, this seat's own passes are what the view shows, and the
others' passes are drawn at random from their hands (preferring cards they
passed on later, never a card the view pins to a seat), then checked against
the rules' own limits on what a seat may pass.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hartenjagen.bots._passable import passable_cards
from hartenjagen.cards import AnyCard
from hartenjagen.core import PassLog, Table
from hartenjagen.core import bits as _bits

if TYPE_CHECKING:
    from hartenjagen.bots.determinize import Determinizer

__all__ = ["choose", "find", "unwind"]


def find(table: Table, cards: Sequence[AnyCard], within: int) -> int | None:
    """Physical copies of ``cards`` inside ``within`` (``None`` if one is missing)."""
    bits_of = table.bits_of
    mask = 0
    for card in cards:
        bits = bits_of[card.index] & within & ~mask
        if not bits:
            return None
        mask |= bits & -bits
    return mask


def choose(pool: int, count: int, prefer: int, rng: random.Random) -> int | None:
    """``count`` random cards of ``pool``, as many as possible of them from ``prefer``."""
    if pool.bit_count() < count:
        return None
    first = _bits(pool & prefer)
    rest = _bits(pool & ~prefer)
    rng.shuffle(first)
    rng.shuffle(rest)
    mask = 0
    for p in (first + rest)[:count]:
        mask |= 1 << p
    return mask


def unwind(d: Determinizer, holdings: list[int], rng: random.Random) -> tuple[list[int], PassLog] | None:
    """Rebuild the completed stages of the exchange backwards: (the deal, the pass log), or ``None``."""
    n, me, view, table = d.n, d.me, d.view, d.table
    hands = list(holdings)
    later_given = [0] * n
    stages: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    before: list[list[int]] = []
    for stage in reversed(range(d.done)):
        shape = d.shapes[stage]
        count = d.counts[stage]
        givers = d.givers[stage]
        my_given, my_received = view.exchanges[stage]
        received = [0] * n
        given = [0] * n
        mine = find(table, my_received, hands[me])
        if mine is None:
            return None
        received[me] = mine
        if shape.src is not None:
            for seat in range(n):
                giver = shape.src[seat]
                if seat == me or giver is None:
                    continue
                if giver == me:
                    got = find(table, my_given, hands[seat])
                else:
                    got = choose(hands[seat] & ~d.pinned[stage][seat], count, later_given[seat], rng)
                if got is None:
                    return None
                received[seat] = got
                given[giver] = got
            if shape.dst.get(me) is None and my_given:
                return None
            source = shape.src[me]
            if source is not None:
                given[source] = received[me]
            elif my_received:
                return None
        else:
            required = [0] * n
            back = mine
            for card in my_given:
                bits = table.bits_of[card.index] & back
                if bits:  # it came back in the pool
                    back &= ~(bits & -bits)
                    given[me] |= bits & -bits
                    continue
                owners = [
                    s for s in range(n) if s != me and table.bits_of[card.index] & hands[s] & ~required[s]
                ]
                if not owners:
                    return None
                owner = rng.choice(owners)
                bits = table.bits_of[card.index] & hands[owner] & ~required[owner]
                required[owner] |= bits & -bits
                given[me] |= bits & -bits
            for seat in range(n):
                if seat == me:
                    continue
                want = shape.counts[seat] - required[seat].bit_count()
                if want < 0:
                    return None
                extra = choose(
                    hands[seat] & ~required[seat] & ~d.pinned[stage][seat],
                    want,
                    later_given[seat],
                    rng,
                )
                if extra is None:
                    return None
                received[seat] = required[seat] | extra
            pool = 0
            for mask in received:
                pool |= mask
            rest = _bits(pool & ~given[me])
            rng.shuffle(rest)
            others = [s for s in range(n) if s != me and givers >> s & 1]
            if len(rest) != count * len(others):
                return None
            for i, seat in enumerate(others):
                for p in rest[i * count : (i + 1) * count]:
                    given[seat] |= 1 << p
        for seat in range(n):
            kept = hands[seat] & ~received[seat]
            if received[seat] & ~hands[seat] or kept & given[seat]:
                return None
            hands[seat] = kept | given[seat]
            later_given[seat] |= given[seat]
        stages.append((tuple(given), tuple(received)))
        before.append(list(hands))
    if any(mask.bit_count() != table.hand_size for mask in hands):
        return None
    log: PassLog = tuple(reversed(stages))
    before.reverse()
    # The rules' own check of every choice (e.g. a returned card must be one received).
    for stage, (given_t, _) in enumerate(log):
        for seat in range(n):
            if given_t[seat] and not allowed_all(
                table,
                given_t[seat],
                passable_cards(d.view, d.table, seat, stage, before[stage][seat], log[:stage]),
            ):
                return None
    return hands, log


def allowed_all(table: Table, chosen: int, allowed: int) -> bool:
    bits_of, index_of = table.bits_of, table.index_of
    return all(
        (chosen & bits_of[index_of[p]]).bit_count() <= (allowed & bits_of[index_of[p]]).bit_count()
        for p in _bits(chosen)
    )
