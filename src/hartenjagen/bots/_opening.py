"""The opening, for the determinizer: its key cards (read once per rules value) and the context of a world.

The opening declares the cards whose holder nearest eldest leads the first
trick (``leader_cards(rules)``: the 2♣ of the standard game, a joker in
Cancellation Hearts for five). The library's hook walks the whole pack to
find it, which was a tenth of a sampling decision; it depends on the rules
alone, so it is kept per rules value.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from hartenjagen.cards import Card, Joker
from hartenjagen.core import Table
from hartenjagen.frontend.views import PlayerView
from hartenjagen.rules import Rules
from hartenjagen.rules.context import OpeningContext

__all__ = ["OpeningHookError", "opening_context", "opening_keys"]


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
        if isinstance(card, Card | Joker):
            keys |= table.bits_of[card.index]
    return keys


def opening_context(view: PlayerView, table: Table, holdings: Sequence[int]) -> OpeningContext:
    """The `OpeningContext` of a world whose hands as play begins are ``holdings`` (masks of ``table``).

    The hand before is the view's (its score line and its tricks): an opening
    that reads who took a card then (Gong Zhu: the Q♠'s taker leads) names
    the same leader in the world as in the game.
    """
    sheet = view.score_sheet
    return OpeningContext(
        rules=view.rules,
        hands=tuple([table.cards(mask) for mask in holdings]),
        dealer=view.dealer,
        hand_index=view.hand_index,
        previous=sheet[-1] if sheet else None,
        previous_tricks=view.previous_tricks,
        jokers=tuple([table.jokers(mask) for mask in holdings]) if table.joker_mask else (),
    )
