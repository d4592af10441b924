"""The checks every hook's answer passes, and the mapping of cards onto the table's physical copies.

A hook promises cards, a seat or one number per seat; an answer that is not
what it promises raises [`RulesError`][hartenjagen.errors.RulesError] naming
the module and the hook, never a type error of the core. Used by the play
hooks (`hartenjagen.core.hooks`) and the hand's hooks (`hartenjagen.core.hand_hooks`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, cast

from hartenjagen._repr import shown
from hartenjagen.cards import AnyCard, Card, Joker
from hartenjagen.core.table import Table
from hartenjagen.errors import RulesError

POINTS_LIMIT: Final = 1 << 15


def answer_cards(module: object, hook: str, answer: object) -> list[Card]:
    """The cards a hook returned, as a list (a RulesError if it returned something else)."""
    cards: list[Card] = []
    for item in _answer_items(module, hook, answer):
        if type(item) is not Card:
            raise RulesError(f"rule module {module!r}: {hook} must return cards, not {shown(item)}")
        cards.append(item)
    return cards


def answer_any_cards(module: object, hook: str, answer: object) -> list[AnyCard]:
    """The cards and jokers a hook returned, as a list (a RulesError if it returned something else)."""
    cards: list[AnyCard] = []
    for item in _answer_items(module, hook, answer):
        if not isinstance(item, Card | Joker):
            raise RulesError(f"rule module {module!r}: {hook} must return cards or jokers, not {shown(item)}")
        cards.append(item)
    return cards


def _answer_items(module: object, hook: str, answer: object) -> list[object]:
    """The items of a hook's answer (a RulesError naming ``module`` and ``hook`` if it has none)."""
    try:
        return list(cast(Iterable[object], answer))
    except TypeError:
        raise RulesError(f"rule module {module!r}: {hook} must return cards, not {shown(answer)}") from None


def answer_seat(module: object, hook: str, answer: object, players: int) -> int:
    """``answer`` as a seat of ``players`` (a RulesError naming ``module`` and ``hook`` if it is not one)."""
    if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < players:
        raise RulesError(
            f"rule module {module!r}: {hook} must return a seat from 0 to {players - 1}, not {shown(answer)}"
        )
    return int(answer)


def every_copy(table: Table, cards: Iterable[AnyCard]) -> int:
    """Every physical copy of ``cards`` (a joker's one), as a bitmask."""
    indexes = 0
    for card in cards:
        indexes |= table.bits_of[card.index]
    return indexes


def lowest_copies(table: Table, cards: Iterable[AnyCard], within: int) -> int:
    """The lowest copy within ``within`` of each card, as many copies as ``cards`` names it (those held)."""
    chosen = 0
    for card in cards:
        free = within & table.bits_of[card.index] & ~chosen
        chosen |= free & -free
    return chosen


def answer_numbers(module: object, hook: str, answer: object, players: int) -> tuple[int, ...]:
    """``answer`` as one whole number per seat (a RulesError naming ``module`` and ``hook`` if it is not)."""
    try:
        numbers: tuple[object, ...] = tuple(cast(Iterable[object], answer))
    except TypeError:
        numbers = ()
    if len(numbers) != players or not all(type(x) is int for x in numbers):
        raise RulesError(
            f"rule module {module!r}: {hook} must return {players} whole numbers, one per seat, not {shown(answer)}"
        )
    return cast(tuple[int, ...], numbers)
