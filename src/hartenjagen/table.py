"""The tables a ``Rules`` value compiles to: bitmasks the engine and rule modules share.

Inside, a *physical card* is a small integer: ``card.index`` for the first
copy and ``card.index + 52 * k`` for copy ``k`` of a double deck. Hands, tricks
taken and the pack are bitmasks over physical cards. A table is built lazily,
once per ``Rules`` value, and shared by every state of every game with those
rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hartenjagen.cards import ALL_CARDS, CARD_COUNT, QUEEN_OF_SPADES, Card, Suit

if TYPE_CHECKING:
    from hartenjagen.moves import Play
    from hartenjagen.rules import Rules

_SUIT_BITS: Final = (1 << 13) - 1
_ALL_INDEXES: Final = (1 << CARD_COUNT) - 1


class Table:
    """Bitmasks and lookups for one ``Rules`` value (see [`table_for`][hartenjagen.table.table_for])."""

    __slots__ = (
        "rules",
        "players",
        "copies",
        "pack",
        "pack_mask",
        "hand_size",
        "suit_masks",
        "suit_of",
        "card_of",
        "bits_of",
        "plays",
        "values",
        "value_masks",
        "positive_mask",
        "nonzero_mask",
        "hearts_mask",
        "queen_mask",
        "positive_total",
        "__weakref__",
    )

    def __init__(self, rules: Rules) -> None:
        from hartenjagen.moves import Play

        self.rules = rules
        self.players = players = rules.deck.players
        pack_cards = rules.deck.pack()
        self.copies = copies = max(
            (sum(1 for c in pack_cards if c is card) for card in set(pack_cards)), default=1
        )
        seen: dict[Card, int] = {}
        physical = []
        for card in pack_cards:
            copy = seen.get(card, 0)
            seen[card] = copy + 1
            physical.append(card.index + CARD_COUNT * copy)
        self.pack: tuple[int, ...] = tuple(sorted(physical))
        self.pack_mask = sum(1 << p for p in self.pack)
        self.hand_size = len(self.pack) // players
        self.card_of: tuple[Card, ...] = tuple(ALL_CARDS[p % CARD_COUNT] for p in range(CARD_COUNT * copies))
        self.suit_of: tuple[int, ...] = tuple(int(c.suit) for c in self.card_of)
        self.suit_masks: tuple[int, ...] = tuple(
            sum(_SUIT_BITS << (13 * suit + CARD_COUNT * k) for k in range(copies)) & self.pack_mask
            for suit in Suit
        )
        #: all physical copies of each card, by ``Card.index``
        self.bits_of: tuple[int, ...] = tuple(
            sum(1 << (index + CARD_COUNT * k) for k in range(copies)) & self.pack_mask
            for index in range(CARD_COUNT)
        )
        #: interned ``Play`` values by seat and ``Card.index``
        self.plays: tuple[tuple[Play, ...], ...] = tuple(
            tuple(Play(seat, card) for card in ALL_CARDS) for seat in range(players)
        )
        scoring = rules.scoring
        self.values: tuple[int, ...] = tuple(scoring.card_value(card) for card in ALL_CARDS)
        groups: dict[int, int] = {}
        for p in self.pack:
            value = self.values[p % CARD_COUNT]
            if value:
                groups[value] = groups.get(value, 0) | (1 << p)
        #: (value, mask of the physical cards with that value), for summing points fast
        self.value_masks: tuple[tuple[int, int], ...] = tuple(sorted(groups.items()))
        self.positive_mask = sum(mask for value, mask in self.value_masks if value > 0)
        self.nonzero_mask = sum(mask for _, mask in self.value_masks)
        self.positive_total = sum(value * mask.bit_count() for value, mask in self.value_masks if value > 0)
        self.hearts_mask = self.suit_masks[Suit.HEARTS]
        self.queen_mask = self.bits_of[QUEEN_OF_SPADES.index]

    def cards(self, mask: int) -> tuple[Card, ...]:
        """The cards in a bitmask, sorted (a card twice if both copies are in it)."""
        indexes = []
        while mask:
            low = mask & -mask
            indexes.append((low.bit_length() - 1) % CARD_COUNT)
            mask ^= low
        if self.copies > 1:
            indexes.sort()
        return tuple(map(ALL_CARDS.__getitem__, indexes))

    def distinct(self, mask: int) -> int:
        """Fold a mask over physical cards onto ``Card.index`` bits (copies merge)."""
        if self.copies == 1:
            return mask
        # Two copies at most: index and index + 52.
        return (mask | mask >> CARD_COUNT) & _ALL_INDEXES

    def points(self, mask: int) -> int:
        """The card points in a bitmask under the active scoring table."""
        return sum(value * (mask & bits).bit_count() for value, bits in self.value_masks)

    def __reduce__(self) -> tuple[object, tuple[Rules]]:
        return (table_for, (self.rules,))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return self is other or self.rules == other.rules

    def __hash__(self) -> int:
        return hash(self.rules)

    def __repr__(self) -> str:
        return f"Table({self.rules!r})"


_TABLES: dict[Rules, Table] = {}


def table_for(rules: Rules) -> Table:
    """The table of ``rules``, built on first use and cached."""
    table = _TABLES.get(rules)
    if table is None:
        table = _TABLES[rules] = Table(rules)
    return table
