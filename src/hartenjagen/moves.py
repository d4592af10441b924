"""Moves: the decisions a seat makes. Each is a small frozen value.

``Play(seat, card)`` plays a card to the trick; ``Pass(seat, cards)`` gives
cards away before play. Cards may be given as :class:`Card` values or as text
(``Play(0, "QS")``).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

import attrs

from hartenjagen.cards import Card, parse_cards
from hartenjagen.errors import HartenjagenError


class MoveError(HartenjagenError):
    """A move value that cannot be built (a seat that is not a whole number, bad card text)."""


_card_index = attrgetter("index")


def _seat(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MoveError(f"a seat is a whole number, not {value!r}")
    return value


def _card(value: str | Card) -> Card:
    return Card.parse(value)


def _sorted_cards(value: Iterable[str | Card] | str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(value), key=_card_index))


@attrs.frozen(cache_hash=True, repr=False)
class Play:
    """Seat ``seat`` plays ``card`` to the current trick."""

    seat: int = attrs.field(converter=_seat)
    card: Card = attrs.field(converter=_card)

    def __repr__(self) -> str:
        return f"Play({self.seat}, {str(self.card)!r})"

    def __str__(self) -> str:
        return f"{self.seat}:{self.card}"


@attrs.frozen(cache_hash=True, repr=False)
class Pass:
    """Seat ``seat`` passes ``cards`` (kept sorted) before the hand is played."""

    seat: int = attrs.field(converter=_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)

    def __repr__(self) -> str:
        return f"Pass({self.seat}, {[str(c) for c in self.cards]!r})"

    def __str__(self) -> str:
        return f"{self.seat}>" + " ".join(str(c) for c in self.cards)


#: Any move ``apply`` accepts.
Move = Play | Pass
