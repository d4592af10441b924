"""Chance outcomes: what decides a random event of a game with explicit chance.

``new_game(rules, chance="explicit")`` gives states that wait in
``Phase.CHANCE`` whenever the rules need chance: the deal, a drawn pass
direction, the redeal of a pass-to-dealer pool, the first dealer.
``chance_outcomes(state)`` lists the outcomes with their probabilities and
``apply(state, outcome)`` takes one. Each outcome is a small frozen value:

- ``FirstDealer(seat)``: the seat that deals the first hand (``dealer="cut"``);
- ``Deal(hands)``: a whole deal, one list of cards per seat, or
  ``DealCard(card)``: the next card of the deal (the deal goes one card at a
  time clockwise from eldest, as a shuffled pack is dealt);
- ``DrawnDirection(direction)``: the hand's pass direction (``RandomDirection``);
- ``PoolOrder(cards)``: the order of a pass-to-dealer pool after the dealer's
  shuffle (dealt back one card at a time clockwise from eldest), or
  ``PoolCard(card)``: the next card of that order.

Cards may be given as [`Card`][hartenjagen.cards.Card] values or as text (``DealCard("QS")``).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from hartenjagen.cards import AnyCard, Card, Joker, parse_any_card, parse_any_cards
from hartenjagen.errors import RulesError
from hartenjagen.moves import MoveError
from hartenjagen.rules.routes import BUILT_IN, PassRoute, route_named

__all__ = [
    "OUTCOME_TYPES",
    "Deal",
    "DealCard",
    "DrawnDirection",
    "FirstDealer",
    "Outcome",
    "PoolCard",
    "PoolOrder",
]


def _seat(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MoveError(f"a seat is a whole number, not {value!r}")
    return value


def _card(value: str | Card | Joker) -> AnyCard:
    return parse_any_card(value)


def _cards(value: Iterable[str | Card | Joker] | str) -> tuple[AnyCard, ...]:
    return parse_any_cards(value)


def _hands(value: Iterable[Iterable[str | Card | Joker] | str]) -> tuple[tuple[AnyCard, ...], ...]:
    if isinstance(value, (str, Card, Joker)):
        raise MoveError(f"a deal is one list of cards per seat, not {value!r}")
    try:
        hands = list(value)
    except TypeError:
        raise MoveError(f"a deal is one list of cards per seat, not {value!r}") from None
    return tuple(tuple(sorted(parse_any_cards(hand), key=lambda card: card.index)) for hand in hands)


def _direction(value: object) -> PassRoute:
    if isinstance(value, PassRoute):
        return value
    try:
        return route_named(value)
    except RulesError as error:
        raise MoveError(str(error)) from None


@attrs.frozen(cache_hash=True, repr=False)
class FirstDealer:
    """Seat ``seat`` deals the first hand (the outcome of cutting for the deal)."""

    seat: int = attrs.field(converter=_seat)

    def __repr__(self) -> str:
        return f"FirstDealer({self.seat})"


@attrs.frozen(cache_hash=True, repr=False)
class Deal:
    """A whole deal: ``hands[seat]`` are the cards seat ``seat`` is dealt (kept sorted)."""

    hands: tuple[tuple[AnyCard, ...], ...] = attrs.field(converter=_hands)

    def __repr__(self) -> str:
        return f"Deal({[[str(c) for c in hand] for hand in self.hands]!r})"


@attrs.frozen(cache_hash=True, repr=False)
class DealCard:
    """The next card of the deal is ``card`` (it goes to the next seat clockwise from eldest)."""

    card: AnyCard = attrs.field(converter=_card)

    def __repr__(self) -> str:
        return f"DealCard({str(self.card)!r})"


@attrs.frozen(cache_hash=True, repr=False)
class DrawnDirection:
    """Chance chose ``direction`` as this hand's pass direction."""

    direction: PassRoute = attrs.field(converter=_direction)

    def __repr__(self) -> str:
        built_in = BUILT_IN.get(self.direction.name) == self.direction
        return (
            f"DrawnDirection({self.direction.name!r})" if built_in else f"DrawnDirection({self.direction!r})"
        )


@attrs.frozen(cache_hash=True, repr=False)
class PoolOrder:
    """The pass-to-dealer pool after the dealer's shuffle, in the order it is dealt back."""

    cards: tuple[AnyCard, ...] = attrs.field(converter=_cards)

    def __repr__(self) -> str:
        return f"PoolOrder({[str(c) for c in self.cards]!r})"


@attrs.frozen(cache_hash=True, repr=False)
class PoolCard:
    """The next card of the shuffled pass-to-dealer pool is ``card``."""

    card: AnyCard = attrs.field(converter=_card)

    def __repr__(self) -> str:
        return f"PoolCard({str(self.card)!r})"


#: Any chance outcome ``apply`` takes in ``Phase.CHANCE``.
Outcome = FirstDealer | Deal | DealCard | DrawnDirection | PoolOrder | PoolCard
#: The outcome classes.
OUTCOME_TYPES: tuple[type, ...] = (FirstDealer, Deal, DealCard, DrawnDirection, PoolOrder, PoolCard)
