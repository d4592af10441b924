"""Moon: what taking every penalty card in one hand does (sources §1.10).

*raw(p)* is the sum of the values a seat captured, and *M(p)* the part of it
from moon-set cards. A module lists the options a shooter has; with more than
one, the engine asks the shooter with a ``MoonChoice`` move before scoring.
"""

from __future__ import annotations

import abc
import enum
from collections import Counter
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen._repr import enum_repr
from hartenjagen._whole import is_whole
from hartenjagen.cards import Card
from hartenjagen.errors import RulesError
from hartenjagen.moves import MoonOption
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.context import MoonContext
from hartenjagen.rules.plan import MoonPlan
from hartenjagen.rules.sides import sides_of

if TYPE_CHECKING:
    from hartenjagen.rules import Rules


class MoonSet(enum.Enum):
    """The cards one player must capture to shoot the moon."""

    __repr__ = enum_repr

    #: every card with a positive value; the J♦ is not needed (OpenSpiel; ``all_positive``)
    ALL_POSITIVE = "all_positive"
    #: every card with a value other than 0, bonus cards included (Bicycle slam, Hoemke; ``all_nonzero``)
    ALL_NONZERO = "all_nonzero"


class Moon(RuleModule):
    """The ``moon`` slot: finds the shooter and turns raw hand points into scored points.

    Each hook receives a [`MoonContext`][hartenjagen.rules.context.MoonContext]
    of the hand played out: what each seat took, the tricks in order, the raw
    points and the totals before the hand.
    """

    @abc.abstractmethod
    def shooter(self, context: MoonContext) -> int | None:
        """The seat that shot the moon in this hand, if any."""

    @abc.abstractmethod
    def options(self) -> tuple[MoonOption, ...]:
        """What a shooter may choose; with one option there is nothing to choose."""

    @abc.abstractmethod
    def settle(self, context: MoonContext, shooter: int, option: MoonOption) -> tuple[int, ...]:
        """The points each seat scores this hand after ``shooter`` shot the moon and chose ``option``."""

    def plan(self) -> MoonPlan | None:
        """How the shooter is found, as data for the core (``None``: the core calls ``shooter``).

        See [`hartenjagen.rules.plan`][hartenjagen.rules.plan].
        """
        return None

    def needed_cards(self, rules: Rules) -> frozenset[Card] | None:
        """The cards one seat must take for ``shooter`` to name anyone, declared; ``None`` (the default): not declared.

        A declaration says two things. ``shooter`` answers no one unless one
        seat captured every copy the pack holds of each of these cards (no
        cards: it never names a shooter). And where one seat did, what
        ``shooter`` answers and what ``settle`` scores depend only on which seat
        that is, each seat's raw points (``context.raw``), the totals before
        the hand (``context.totals``) and the points that seat's other captured
        cards score (``points_of`` of its cards outside this set), beside the
        rules and ``settle``'s own arguments: not on the tricks, nor on where
        the other cards went.

        The playout kernel then scores a moon module of one's own without
        asking it at the hands where no seat took them all (nearly every hand
        of random play) and keeps its answers at the others by those inputs;
        without a declaration such a module's playouts run in the Python kernel
        (the same points, slower). The built-in moons declare their moon set,
        and a subclass inherits that: declare anew (or ``None``) when an
        override reads anything else. [`check_rules`][hartenjagen.testing.check_rules]
        tests a declaration against ``shooter`` and ``settle`` on random hands.
        """
        return None


#: The hooks whose override makes the core call a moon module instead of reading its plan.
HOOKS: Final[tuple[str, ...]] = ("shooter", "settle")


#: `moon_cards` by (moon set, deck, scoring): they depend on nothing else, and a moon module asks
#: for them at every hand's end (building the pack each time cost more than a whole playout).
_MOON_CARDS: dict[tuple[MoonSet, object, object], tuple[Card, ...]] = {}


def moon_cards(moon_set: MoonSet, rules: Rules) -> tuple[Card, ...]:
    """The cards of the pack a shooter must capture (a card twice when the pack holds it twice)."""
    key = (moon_set, rules.deck, rules.scoring)
    known = _MOON_CARDS.get(key)
    if known is not None:
        return known
    value = rules.scoring.card_value
    if moon_set is MoonSet.ALL_POSITIVE:
        cards = tuple(card for card in rules.deck.pack() if value(card) > 0)
    else:
        cards = tuple(card for card in rules.deck.pack() if value(card) != 0)
    if len(_MOON_CARDS) >= 64:  # bounded: decks and scorings come from outside
        _MOON_CARDS.clear()
    _MOON_CARDS[key] = cards
    return cards


#: `Scoring.moon_total` by (deck, scoring), for the same reason: settling a moon rebuilt the pack.
_MOON_TOTALS: dict[tuple[object, object], int] = {}


def moon_total(rules: Rules) -> int:
    """``rules.scoring.moon_total(rules)``, worked out once per deck and scoring (it depends on nothing else)."""
    key = (rules.deck, rules.scoring)
    known = _MOON_TOTALS.get(key)
    if known is not None:
        return known
    total = rules.scoring.moon_total(rules)
    if len(_MOON_TOTALS) >= 64:  # bounded: decks and scorings come from outside
        _MOON_TOTALS.clear()
    _MOON_TOTALS[key] = total
    return total


def took_all(taken: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    """Whether ``taken`` holds every card of ``cards`` (as many copies as ``cards`` lists)."""
    # Asked for every seat at every hand's end: most seats fail on the count or on one card,
    # without building two Counters.
    if len(taken) < len(cards):
        return False
    held = set(taken)
    if any(card not in held for card in cards):
        return False
    if len(set(cards)) == len(cards):
        return True  # no card listed twice: holding each is enough
    return not Counter(cards) - Counter(taken)


@attrs.frozen(kw_only=True, repr=False)
class _Shooting(Moon):
    """Shared by the modules where capturing the whole moon set is a moon."""

    amount: int | None = None
    moon_set: MoonSet = MoonSet.ALL_POSITIVE

    def __attrs_post_init__(self) -> None:
        if self.amount is not None and not is_whole(self.amount):
            raise RulesError(f"moon: amount must be a whole number or None, not {self.amount!r}")
        if not isinstance(self.moon_set, MoonSet):
            raise RulesError(f"moon: moon_set must be a MoonSet, not {self.moon_set!r}")

    def plan(self) -> MoonPlan:
        return MoonPlan(self.moon_set.value, self.amount)

    def needed_cards(self, rules: Rules) -> frozenset[Card] | None:
        """The moon set; with teams none is declared (a team's members may take it between them)."""
        if sides_of(rules) is not None:
            return None
        return frozenset(moon_cards(self.moon_set, rules))

    def shooter(self, context: MoonContext) -> int | None:
        needed = moon_cards(self.moon_set, context.rules)
        if not needed:
            return None
        for seat, cards in enumerate(context.cards_taken):
            if took_all(cards, needed):
                return seat
        sides = sides_of(context.rules)
        if sides is None:
            return None
        # A team's moon: its members' cards together, asked of the rule that declares teams.
        taken = context.cards_taken
        together = [
            took_all(tuple(card for seat in team for card in taken[seat]), needed) for team in sides.teams
        ]
        moon_set = set(needed)
        value = context.rules.scoring.points_of
        points = [value(card for card in cards if card in moon_set) for cards in taken]
        return sides.moon_shooter(points, together)

    def settle(self, context: MoonContext, shooter: int, option: MoonOption) -> tuple[int, ...]:
        rules = context.rules
        scoring = rules.scoring
        amount = moon_total(rules) if self.amount is None else self.amount
        needed = set(moon_cards(self.moon_set, rules))
        # The shooter keeps what its other cards score (the J♦ under Omnibus), whatever the scheme adds up.
        taken = context.cards_taken
        sides = sides_of(rules)
        if sides is not None:
            own = [scoring.points_of(card for card in cards if card not in needed) for cards in taken]
            return sides.settle(context.raw, context.totals, shooter, tuple(own), amount, option)
        kept = scoring.points_of(card for card in taken[shooter] if card not in needed)
        return moon_points(context.raw, context.totals, shooter, kept, amount, option)


def moon_points(
    raw: tuple[int, ...], totals: tuple[int, ...], shooter: int, own: int, amount: int, option: MoonOption
) -> tuple[int, ...]:
    """Each seat's points when ``shooter`` shot a moon worth ``amount`` and chose ``option``.

    ``raw`` are the hand's card points, ``totals`` the totals before it and
    ``own`` what the shooter's cards outside the moon set score: the others
    score ``amount`` more (``OTHERS_PLUS``), or the shooter ``amount`` less
    (``SELF_MINUS``), or the shooter's total goes back to 0 (``RESET``), or the
    others' totals double (``DOUBLE``).
    """
    points = list(raw)
    if option is MoonOption.OTHERS_PLUS:
        points = [p + amount for p in raw]
        points[shooter] = own
    elif option is MoonOption.SELF_MINUS:
        points[shooter] = own - amount
    elif option is MoonOption.RESET:
        points[shooter] = -totals[shooter]
    else:  # DOUBLE
        points = [p + total for p, total in zip(raw, totals, strict=True)]
        points[shooter] = own
    return tuple(points)


@attrs.frozen(kw_only=True, repr=False)
class OthersPlus(_Shooting):
    """A shooter scores nothing for the moon cards and every other player scores ``amount`` more.

    The shooter keeps the value of cards outside the moon set (an Omnibus
    shooter who took the J♦ scores −10). ``amount=None`` is the scheme's total
    of positive values (26 in Black Lady). sources §1.10; Black Lady 3p,
    Spelregelwijzer, Gamehelphearts, Hoemke, Microsoft, OpenSpiel.
    """

    def options(self) -> tuple[MoonOption, ...]:
        return (MoonOption.OTHERS_PLUS,)


@attrs.frozen(kw_only=True, repr=False)
class SelfMinus(_Shooting):
    """A shooter scores minus ``amount`` (and nothing for the moon cards); the others score as usual.

    sources §1.10; Spelregelwijzer's alternative, Bicycle's Omnibus slam.
    """

    def options(self) -> tuple[MoonOption, ...]:
        return (MoonOption.SELF_MINUS,)


@attrs.frozen(kw_only=True, repr=False)
class ShooterChoice(_Shooting):
    """The shooter chooses after the hand: the others score ``amount`` more, or the shooter ``amount`` less.

    sources §1.10; Spelregelwijzer for 52 and 32 cards.
    """

    def options(self) -> tuple[MoonOption, ...]:
        return (MoonOption.OTHERS_PLUS, MoonOption.SELF_MINUS)


@attrs.frozen(kw_only=True, repr=False)
class ResetOrDouble(_Shooting):
    """The shooter chooses: their own running total goes back to 0, or every other total is doubled.

    sources §1.10 ("going for the lot", Wikipedia *Black Lady*
    old revision); listed for completeness.
    """

    def options(self) -> tuple[MoonOption, ...]:
        return (MoonOption.RESET, MoonOption.DOUBLE)


@attrs.frozen(repr=False)
class NoMoon(Moon):
    """Taking every penalty card has no special effect (sources §1.10; the Black Maria sources mention no moon)."""

    def plan(self) -> MoonPlan:
        return MoonPlan(None)

    def needed_cards(self, rules: Rules) -> frozenset[Card] | None:
        """No cards: no one ever shoots."""
        return frozenset()

    def shooter(self, context: MoonContext) -> int | None:
        return None

    def options(self) -> tuple[MoonOption, ...]:
        return ()

    def settle(self, context: MoonContext, shooter: int, option: MoonOption) -> tuple[int, ...]:
        return context.raw


#: The shooter scores 0 for the moon cards; everyone else gets the scheme's positive total.
OTHERS_PLUS: Final = OthersPlus()
#: The shooter chooses between the others +K and themselves −K.
SHOOTER_CHOICE: Final = ShooterChoice()
#: No moon.
NO_MOON: Final = NoMoon()
