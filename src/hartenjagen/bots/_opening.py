"""The opening's key cards, for the determinizer: read once per rules value.

The opening declares the cards whose holder nearest eldest leads the first
trick (``leader_cards(rules)``: the 2♣ of the standard game). The library's
hook walks the whole pack to find it, which was a tenth of a sampling
decision; it depends on the rules alone, so it is kept per rules value.
"""

from __future__ import annotations

import functools

from hartenjagen.cards import Card
from hartenjagen.core import Table
from hartenjagen.rules import Rules

__all__ = ["OpeningHookError", "opening_keys"]


class OpeningHookError(Exception):
    """The opening's ``leader_cards`` hook failed; ``args[0]`` is its error."""


def opening_keys(rules: Rules, table: Table) -> int:
    """The physical cards (a mask of ``table``) whose holder nearest eldest leads the first trick; 0: none declared."""
    try:
        return _kept(rules, table)
    except TypeError:  # rules that do not hash (a custom module): read them each time
        return _read(rules, table)


@functools.lru_cache(maxsize=64)  # bounded: the rules of a view come from outside
def _kept(rules: Rules, table: Table) -> int:
    return _read(rules, table)


def _read(rules: Rules, table: Table) -> int:
    try:
        cards = rules.opening.leader_cards(rules)
    except Exception as error:  # a custom module whose hook fails
        raise OpeningHookError(error) from error
    keys = 0
    for card in cards:
        if isinstance(card, Card):
            keys |= table.bits_of[card.index]
    return keys
