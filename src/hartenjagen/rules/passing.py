"""Passing: how many cards go where before play (sources §1.4).

A passing module describes a hand's exchange as *stages*. In each stage some
seats (the givers) each choose a number of cards at the same time; when the
last giver has chosen, the module's ``exchange`` says what every seat
receives. Simultaneous passing is one stage; pass four and return one is two;
a hold hand has none.
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen._repr import enum_repr
from hartenjagen.catalogue import english
from hartenjagen.errors import RulesError
from hartenjagen.rules.base import RuleModule

if TYPE_CHECKING:
    from hartenjagen.chance import Chance
    from hartenjagen.rules import Rules
    from hartenjagen.table import Table

#: What each stage of a hand's exchange did: (cards each seat gave, cards each seat received).
PassLog = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


class PassDirection(enum.Enum):
    """Where a seat's passed cards go. Left is the next seat clockwise (seat + 1)."""

    __repr__ = enum_repr

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    SECOND_LEFT = "second_left"
    SECOND_RIGHT = "second_right"
    HOLD = "hold"
    #: to the dealer, who shuffles the cards and deals them back
    DEALER = "dealer"

    def offset(self, players: int) -> int:
        """The receiving seat minus the giving seat, modulo ``players`` (0 when not passing to a seat)."""
        steps = {
            PassDirection.LEFT: 1,
            PassDirection.RIGHT: -1,
            PassDirection.ACROSS: players // 2,
            PassDirection.SECOND_LEFT: 2,
            PassDirection.SECOND_RIGHT: -2,
        }
        return steps.get(self, 0) % players


class Passing(RuleModule):
    """The ``passing`` slot: the direction of each hand and the stages of its exchange."""

    @abc.abstractmethod
    def direction(self, hand_index: int, players: int, chance: Chance | None = None) -> PassDirection:
        """The direction of hand ``hand_index`` (the first hand is 0).

        ``chance`` is the hand's random source, for modules that draw the
        direction by chance; without it such a module cannot say.
        """

    @abc.abstractmethod
    def stage_counts(self, direction: PassDirection) -> tuple[int, ...]:
        """How many cards each giver chooses in each stage of a hand with this direction."""

    def givers(self, stage: int, direction: PassDirection, players: int, dealer: int) -> tuple[int, ...]:
        """The seats that choose cards in ``stage`` (all seats unless overridden)."""
        return tuple(range(players))

    def allowed(self, stage: int, seat: int, hand: int, log: PassLog, table: Table) -> int:
        """The cards of ``hand`` (a bitmask) that ``seat`` may choose from in ``stage``."""
        return hand

    def exchange(
        self,
        stage: int,
        direction: PassDirection,
        given: tuple[int, ...],
        dealer: int,
        chance: Chance,
        table: Table,
    ) -> tuple[int, ...]:
        """What each seat receives once every giver of ``stage`` has chosen (bitmasks)."""
        return _rotate(given, direction.offset(len(given)))

    def refusal(self, stage: int) -> str:
        """A sentence saying which cards may be chosen in ``stage``."""
        return english("refusal.passing.from_hand")


def _rotate(given: tuple[int, ...], offset: int) -> tuple[int, ...]:
    players = len(given)
    return tuple(given[(seat - offset) % players] for seat in range(players))


def _lowest_copies_first(pool: list[int]) -> list[int]:
    """The shuffled pool with the copies of each card in ascending order (which copy a seat gets never matters).

    Dealing copies in one order makes a pool dealt back from an explicit order
    of cards (explicit chance) the same as the shuffled one.
    """
    copies: dict[int, list[int]] = {}
    for physical in sorted(pool):
        copies.setdefault(physical % 52, []).append(physical)
    return [copies[physical % 52].pop(0) for physical in pool]


def _directions(value: Iterable[PassDirection]) -> tuple[PassDirection, ...]:
    try:
        directions = tuple(value)
    except TypeError:
        directions = ()
    if not directions or not all(isinstance(d, PassDirection) for d in directions):
        raise RulesError(f"passing: directions must be a non-empty list of PassDirection, not {value!r}")
    if PassDirection.DEALER in directions:
        raise RulesError("passing: use PassToDealer to pass to the dealer")
    return directions


def _count(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"passing: {what} must be a whole number >= 0, not {value!r}")


def _check_directions(module: Passing, directions: Iterable[PassDirection], cards: int, rules: Rules) -> None:
    players = rules.deck.players
    for direction in directions:
        if direction is PassDirection.ACROSS and players % 2:
            raise RulesError(
                f"passing {module!r} passes across, which needs an even number of players, "
                f"but deck {rules.deck!r} has {players}"
            )
        if direction is not PassDirection.HOLD and direction.offset(players) == 0:
            raise RulesError(
                f"passing {module!r} passes {direction.value}, which with the {players} players "
                f"of deck {rules.deck!r} is the passer's own seat"
            )
    hand_size = len(rules.deck.pack()) // players
    if cards > hand_size:
        raise RulesError(
            f"passing {module!r} passes {cards} cards, more than the {hand_size} in a hand of deck {rules.deck!r}"
        )


@attrs.frozen(repr=False)
class PassCycle(Passing):
    """Every seat passes ``cards`` cards at once; hand ``h`` uses ``directions[h % len(directions)]``.

    Seats choose before they see what they receive; passing the 2♣ is allowed.
    The default cycle is left, right, across, hold with three cards
    (sources §1.4, ``simultaneous``; Spelregelwijzer, Hoemke #2, Microsoft Hearts).
    """

    directions: tuple[PassDirection, ...] = attrs.field(
        default=(PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD),
        converter=_directions,
    )
    cards: int = 3

    def __attrs_post_init__(self) -> None:
        _count(self.cards, "cards")

    def direction(self, hand_index: int, players: int, chance: Chance | None = None) -> PassDirection:
        return self.directions[hand_index % len(self.directions)]

    def stage_counts(self, direction: PassDirection) -> tuple[int, ...]:
        return () if direction is PassDirection.HOLD or not self.cards else (self.cards,)

    def check(self, rules: Rules) -> None:
        passes = any(d is not PassDirection.HOLD for d in self.directions)
        _check_directions(self, self.directions, self.cards if passes else 0, rules)


@attrs.frozen(repr=False)
class RandomDirection(Passing):
    """Each hand, chance picks hold, left, across or right with probability ¼ each; pass ``cards``.

    sources §1.4; OpenSpiel's one-hand episodes.
    """

    cards: int = 3
    choices: tuple[PassDirection, ...] = attrs.field(
        default=(PassDirection.HOLD, PassDirection.LEFT, PassDirection.ACROSS, PassDirection.RIGHT),
        converter=_directions,
    )

    def __attrs_post_init__(self) -> None:
        _count(self.cards, "cards")

    def direction(self, hand_index: int, players: int, chance: Chance | None = None) -> PassDirection:
        if chance is None:
            raise RulesError(
                "passing: RandomDirection draws each hand's direction by chance and needs a random source"
            )
        return chance.choice(self.choices)

    def stage_counts(self, direction: PassDirection) -> tuple[int, ...]:
        return () if direction is PassDirection.HOLD or not self.cards else (self.cards,)

    def check(self, rules: Rules) -> None:
        _check_directions(self, self.choices, self.cards, rules)


@attrs.frozen(repr=False)
class PassAndReturn(Passing):
    """Pass ``cards`` cards by the cycle; then each seat returns ``returned`` card to the seat that passed to it.

    With ``from_received`` (the default, as the text says) the returned card must
    be one of those received; otherwise any card in hand. Net: three cards pass.
    Hold hands pass nothing. sources §1.4; Hoemke #3.
    """

    directions: tuple[PassDirection, ...] = attrs.field(
        default=(PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD),
        converter=_directions,
    )
    cards: int = 4
    returned: int = 1
    from_received: bool = True

    def __attrs_post_init__(self) -> None:
        _count(self.cards, "cards")
        _count(self.returned, "returned")
        if self.returned > self.cards:
            raise RulesError(f"passing: cannot return {self.returned} of {self.cards} cards received")
        if not isinstance(self.from_received, bool):
            raise RulesError(f"passing: from_received must be True or False, not {self.from_received!r}")

    def direction(self, hand_index: int, players: int, chance: Chance | None = None) -> PassDirection:
        return self.directions[hand_index % len(self.directions)]

    def stage_counts(self, direction: PassDirection) -> tuple[int, ...]:
        if direction is PassDirection.HOLD or not self.cards:
            return ()
        return (self.cards, self.returned) if self.returned else (self.cards,)

    def allowed(self, stage: int, seat: int, hand: int, log: PassLog, table: Table) -> int:
        if stage == 1 and self.from_received:
            return hand & log[0][1][seat]
        return hand

    def exchange(
        self,
        stage: int,
        direction: PassDirection,
        given: tuple[int, ...],
        dealer: int,
        chance: Chance,
        table: Table,
    ) -> tuple[int, ...]:
        offset = direction.offset(len(given))
        return _rotate(given, offset if stage == 0 else -offset)

    def refusal(self, stage: int) -> str:
        if stage == 1 and self.from_received:
            return english("refusal.passing.return_received")
        return super().refusal(stage)

    def check(self, rules: Rules) -> None:
        _check_directions(self, self.directions, self.cards, rules)


@attrs.frozen(repr=False)
class PassToDealer(Passing):
    """Every hand, each seat gives ``cards`` cards face down to the dealer, who shuffles and deals them back.

    The pool is dealt one card at a time clockwise from eldest. With
    ``dealer_joins`` (the default, ``pool_all``) the dealer gives and receives
    too; without it (``pool_non_dealer``) only the other seats do and the
    dealer's hand is unchanged. sources §1.4; Hoemke #4.
    """

    cards: int = 3
    dealer_joins: bool = True

    def __attrs_post_init__(self) -> None:
        _count(self.cards, "cards")
        if not isinstance(self.dealer_joins, bool):
            raise RulesError(f"passing: dealer_joins must be True or False, not {self.dealer_joins!r}")

    def direction(self, hand_index: int, players: int, chance: Chance | None = None) -> PassDirection:
        return PassDirection.DEALER if self.cards else PassDirection.HOLD

    def stage_counts(self, direction: PassDirection) -> tuple[int, ...]:
        return (self.cards,) if direction is PassDirection.DEALER else ()

    def givers(self, stage: int, direction: PassDirection, players: int, dealer: int) -> tuple[int, ...]:
        return tuple(seat for seat in range(players) if self.dealer_joins or seat != dealer)

    def exchange(
        self,
        stage: int,
        direction: PassDirection,
        given: tuple[int, ...],
        dealer: int,
        chance: Chance,
        table: Table,
    ) -> tuple[int, ...]:
        players = len(given)
        pool = []
        for mask in given:
            while mask:
                low = mask & -mask
                pool.append(low.bit_length() - 1)
                mask ^= low
        pool.sort()
        chance.shuffle(pool)
        if table.copies > 1:
            pool = _lowest_copies_first(pool)
        receivers = [
            (dealer + step) % players
            for step in range(1, players + 1)
            if self.dealer_joins or (dealer + step) % players != dealer
        ]
        received = [0] * players
        for i, physical in enumerate(pool):
            received[receivers[i % len(receivers)]] |= 1 << physical
        return tuple(received)

    def check(self, rules: Rules) -> None:
        _check_directions(self, (), self.cards, rules)


_L, _R, _A, _H = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD

#: Left, right, across, hold; three cards (``l_r_a_h``, the 4-player default).
LEFT_RIGHT_ACROSS_HOLD: Final = PassCycle()
#: Left, across, right, hold (``l_a_r_h``; Gamehelphearts).
LEFT_ACROSS_RIGHT_HOLD: Final = PassCycle(directions=(_L, _A, _R, _H))
#: Left, right, across with no hold hand (``l_r_a``; Spelregelwijzer "zonder rustronde").
LEFT_RIGHT_ACROSS: Final = PassCycle(directions=(_L, _R, _A))
#: Left, right, hold, hold (``l_r_h_h``, the 3-player default; Black Lady 3p).
LEFT_RIGHT_HOLD_HOLD: Final = PassCycle(directions=(_L, _R, _H, _H))
#: Left, right, hold (``l_r_h``; Spelregelwijzer for three players).
LEFT_RIGHT_HOLD: Final = PassCycle(directions=(_L, _R, _H))
#: First left, first right, second left, second right, hold (``l1_r1_l2_r2_h``, five players; Spelregelwijzer).
FIVE_PLAYER_CYCLE: Final = PassCycle(
    directions=(_L, _R, PassDirection.SECOND_LEFT, PassDirection.SECOND_RIGHT, _H)
)
#: Right every hand (``always_right``; Black Maria).
ALWAYS_RIGHT: Final = PassCycle(directions=(_R,))
#: Left every hand (``always_left``; Wikipedia *Black Lady*).
ALWAYS_LEFT: Final = PassCycle(directions=(_L,))
#: No passing in any hand (``none``; Hoemke #1, Dutch 32-card game, OpenSpiel ``pass_cards=false``).
NO_PASSING: Final = PassCycle(directions=(_H,))
#: A random direction each hand (``random_uniform``; OpenSpiel).
RANDOM_DIRECTION: Final = RandomDirection()
#: Pass four, return one (``pass4_return1``; Hoemke #3).
PASS_FOUR_RETURN_ONE: Final = PassAndReturn()
#: Pass three to the dealer, who redeals the pool of all seats (``to_dealer_redeal``, ``pool_all``; Hoemke #4).
PASS_TO_DEALER: Final = PassToDealer()
