"""Players and pack: who plays with which cards (RULES.md §1.1).

Removed cards never score; the hand size is the pack size divided by the
number of players.
"""

from __future__ import annotations

import abc
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.cards import Card, Rank, Suit, parse_cards
from hartenjagen.errors import RulesError

if TYPE_CHECKING:
    from hartenjagen.rules import Rules


class Deck(abc.ABC):
    """The ``deck`` slot: the number of players and the physical cards dealt.

    A pack may hold two copies of a card (double deck); the copies are the same
    :class:`Card` value and the engine tells them apart inside.
    """

    players: int

    @abc.abstractmethod
    def pack(self) -> tuple[Card, ...]:
        """Every physical card dealt, sorted; a card appears once per copy."""

    def check(self, rules: Rules) -> None:  # noqa: B027 - optional hook
        """Raise :class:`RulesError` if this module cannot work with the rest of ``rules``."""


def _removed(value: Iterable[str | Card] | str) -> tuple[Card, ...]:
    return tuple(sorted(set(parse_cards(value))))


@attrs.frozen
class SinglePack(Deck):
    """One pack of cards from ``lowest_rank`` to ace in each suit, less ``removed``, dealt to ``players``.

    The default is the standard game: four players, 52 cards, 13 each
    (S002, S003, S004, Microsoft Hearts, OpenSpiel).
    """

    players: int = 4
    removed: tuple[Card, ...] = attrs.field(default=(), converter=_removed)
    lowest_rank: Rank = Rank.TWO

    def __attrs_post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) or self.players < 2:
            raise RulesError(f"deck: players must be a whole number of at least 2, not {self.players!r}")
        if not isinstance(self.lowest_rank, Rank):
            raise RulesError(f"deck: lowest_rank must be a Rank, not {self.lowest_rank!r}")
        outside = [str(c) for c in self.removed if c.rank < self.lowest_rank]
        if outside:
            raise RulesError(f"deck: removed cards {outside} are not in the pack")
        size = len(self.pack())
        if size == 0 or size % self.players:
            raise RulesError(f"deck: {size} cards cannot be dealt evenly to {self.players} players")

    def pack(self) -> tuple[Card, ...]:
        removed = set(self.removed)
        return tuple(
            Card(rank, suit)
            for suit in Suit
            for rank in Rank
            if rank >= self.lowest_rank and Card(rank, suit) not in removed
        )


#: Four players, 52 cards, 13 each (RULES.md ``std52``).
STD52: Final = SinglePack()
