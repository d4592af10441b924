"""Moves: the decisions a seat makes. Each is a small frozen value.

``Play(seat, card)`` plays a card to the trick; ``Pass(seat, cards)`` gives
cards away before play (or returns one, in a pass-and-return hand);
``Announce(seat, announce)`` answers an announcement round such as miezen;
``MoonChoice(seat, option)`` is a moon shooter's choice. Cards may be given as
[`Card`][hartenjagen.cards.Card] values or as text (``Play(0, "QS")``).

``str(move)`` is the one notation of a move, the game record's: ``play 0 QS``,
``pass 0 2C 3C 4C``, ``announce 0 yes``, ``moon 0 others_plus`` (what
[`parse_move`][hartenjagen.frontend.notation.parse_move] reads back).
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable
from operator import attrgetter
from typing import Final

import attrs

from hartenjagen._repr import enum_repr, shown
from hartenjagen.cards import AnyCard, Card, Joker, parse_any_card, parse_any_cards
from hartenjagen.errors import HartenjagenError


class MoveError(HartenjagenError):
    """A move value that cannot be built (a seat that is not a whole number, bad card text)."""


_card_index = attrgetter("index")

#: Seats are kept to 32-bit numbers: no table has more, and a message can always show one.
SEAT_LIMIT: Final = 2**31


def _seat(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MoveError(f"a seat is a whole number, not {shown(value)}")
    # The plain number: an int subclass may answer ==, < and hash as it likes.
    seat = operator.index(value)
    if not -SEAT_LIMIT <= seat < SEAT_LIMIT:
        raise MoveError(f"there is no seat {shown(seat)}: a seat is a whole number below {SEAT_LIMIT}")
    return seat


def _card(value: str | Card | Joker) -> AnyCard:
    return parse_any_card(value)


def _sorted_cards(value: Iterable[str | Card | Joker] | str) -> tuple[AnyCard, ...]:
    return tuple(sorted(parse_any_cards(value), key=_card_index))


@attrs.frozen(cache_hash=True, repr=False)
class Play:
    """Seat ``seat`` plays ``card`` (a card, or a joker of a deck that deals them) to the current trick."""

    seat: int = attrs.field(converter=_seat)
    card: AnyCard = attrs.field(converter=_card)

    def __repr__(self) -> str:
        return f"Play({self.seat}, {str(self.card)!r})"

    def __str__(self) -> str:
        return f"play {self.seat} {self.card}"


@attrs.frozen(cache_hash=True, repr=False)
class Pass:
    """Seat ``seat`` passes ``cards`` (kept sorted) before the hand is played."""

    seat: int = attrs.field(converter=_seat)
    cards: tuple[AnyCard, ...] = attrs.field(converter=_sorted_cards)

    def __repr__(self) -> str:
        return f"Pass({self.seat}, {[str(c) for c in self.cards]!r})"

    def __str__(self) -> str:
        return " ".join(["pass", str(self.seat), *map(str, self.cards)])


_new = object.__new__
_set = object.__setattr__


def trusted_pass(seat: int, cards: tuple[AnyCard, ...]) -> Pass:
    """A ``Pass`` of a seat number and cards already checked and sorted (for the legal-move sequences).

    The same value ``Pass(seat, cards)`` gives, without reading its arguments again.
    """
    move: Pass = _new(Pass)
    _set(move, "seat", seat)
    _set(move, "cards", cards)
    _set(move, "_attrs_cached_hash", None)
    return move


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise MoveError(f"announce must be True or False, not {shown(value)}")
    return value


def check_choice(value: object) -> str | None:
    """``value`` if it is an announcement's choice (one word, not yes or no) or ``None``; else `MoveError`."""
    return _choice(value)


def _choice(value: object) -> str | None:
    if value is None:
        return None
    if type(value) is not str or not value or value != value.strip() or len(value.split()) != 1:
        raise MoveError(f"an announcement's choice is one word of text, not {shown(value)}")
    if value.lower() in ("yes", "no"):
        raise MoveError(f"an announcement's choice cannot be {value!r} (that is the yes/no answer)")
    return value


@attrs.frozen(cache_hash=True, repr=False)
class Announce:
    """Seat ``seat`` answers an announcement round: yes or no (miezen), or one of a house rule's choices.

    A round of yes/no (miezen: no penalty cards) takes ``Announce(seat, True)``
    or ``Announce(seat, False)``. A house rule that offers each seat its own
    choices (expose the Q♠ in Gong Zhu) takes ``Announce(seat, True, "QS")``:
    the choice is the rule's own word, offered by its ``announcement_choices``;
    ``Announce(seat, False)`` ends the seat's turn.
    """

    seat: int = attrs.field(converter=_seat)
    announce: bool = attrs.field(converter=_flag)
    #: a house rule's own choice (``None``: a plain yes or no); left out of JSON when ``None``
    choice: str | None = attrs.field(default=None, converter=_choice, metadata={"omit_default": True})

    def __attrs_post_init__(self) -> None:
        if self.choice is not None and not self.announce:
            raise MoveError(f"an announcement with a choice ({self.choice!r}) says yes, not no")

    def __repr__(self) -> str:
        if self.choice is not None:
            return f"Announce({self.seat}, True, {self.choice!r})"
        return f"Announce({self.seat}, {self.announce!r})"

    def __str__(self) -> str:
        if self.choice is not None:
            return f"announce {self.seat} {self.choice}"
        return f"announce {self.seat} " + ("yes" if self.announce else "no")


class MoonOption(enum.Enum):
    """What a moon shooter may choose (sources §1.10 ``shooter_choice``, ``reset_or_double``)."""

    __repr__ = enum_repr

    #: every other player scores the moon amount
    OTHERS_PLUS = "others_plus"
    #: the shooter subtracts the moon amount from their own score
    SELF_MINUS = "self_minus"
    #: the shooter's running total goes back to 0
    RESET = "reset"
    #: every other player's running total is doubled
    DOUBLE = "double"


def _option(value: object) -> MoonOption:
    if isinstance(value, MoonOption):
        return value
    member = _OPTIONS.get(value) if type(value) is str else None
    if member is None:
        choices = ", ".join(repr(o.value) for o in MoonOption)
        raise MoveError(f"a moon choice is one of {choices}, not {shown(value)}")
    return member


#: Options by their text: only exact text is looked up (a str subclass may answer == as it likes).
_OPTIONS: Final = {option.value: option for option in MoonOption}


@attrs.frozen(cache_hash=True, repr=False)
class MoonChoice:
    """Seat ``seat``, who shot the moon, chooses how it is scored."""

    seat: int = attrs.field(converter=_seat)
    option: MoonOption = attrs.field(converter=_option)

    def __repr__(self) -> str:
        return f"MoonChoice({self.seat}, {self.option.value!r})"

    def __str__(self) -> str:
        return f"moon {self.seat} {self.option.value}"


#: Any move ``apply`` accepts.
Move = Play | Pass | Announce | MoonChoice
