"""A sampled world for a seat asked to announce: it must hold a card it could show (Gong Zhu's exposures)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hartenjagen.core import Table
from hartenjagen.core import bits as _bits
from hartenjagen.rules import Rules
from hartenjagen.rules.extras import shown_cards


def give_a_choice(
    table: Table,
    rules: Rules,
    located: Sequence[int],
    me: int,
    holdings: Sequence[int],
    dealt: Sequence[int],
    asked: int,
    rng: random.Random,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Swap a hidden card that an announcement shows into ``asked``'s sampled hand (it is asked: it holds one).

    The card comes from another hidden hand (not ``me``'s; ``located``: each seat's cards the view
    places); ``asked`` gives back one of its own hidden cards.
    """
    words = [word for extra in rules.extras for word in extra.all_choices(rules)]
    keys = 0
    for word in words:
        for card in shown_cards(rules, word):
            keys |= table.bits_of[card.index]
    mine = holdings[asked] & ~located[asked] & ~keys
    donors = [
        seat
        for seat in range(table.players)
        if seat not in (asked, me) and holdings[seat] & keys & ~located[seat]
    ]
    if not donors or not mine:
        return tuple(holdings), tuple(dealt)
    donor = rng.choice(donors)
    options = holdings[donor] & keys & ~located[donor]
    got = 1 << rng.choice(_bits(options))
    back = 1 << rng.choice(_bits(mine))
    hands, deal = list(holdings), list(dealt)
    for masks in (hands, deal):
        if masks[donor] & got and masks[asked] & back:
            masks[donor] ^= got | back
            masks[asked] ^= got | back
    return tuple(hands), tuple(deal)
