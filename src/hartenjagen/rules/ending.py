"""Ending: how hand points change the totals, when the game ends and who wins (sources §1.11).

Totals are penalty points (higher is worse) in every module; a count-down
display is a transform (``display``). The end is checked only between hands.
"""

from __future__ import annotations

import abc
import enum
import functools
import inspect
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen._repr import enum_repr
from hartenjagen._whole import is_whole
from hartenjagen.errors import RulesError
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.plan import EndingPlan

if TYPE_CHECKING:
    from hartenjagen.values import HandResult

#: The complete hands so far, oldest first.
Sheet = tuple["HandResult", ...]


class Tie(enum.Enum):
    """What happens when several players share the winning total."""

    __repr__ = enum_repr

    #: they all win (``shared``)
    SHARED = "shared"
    #: more hands are dealt until the winner is unique (``play_on``; weakly sourced)
    PLAY_ON = "play_on"


class Finish(enum.Enum):
    """How the Dutch second half is won."""

    __repr__ = enum_repr

    #: the game ends after a hand in which any total is 0 or below; lowest wins (``zero_or_below``)
    ZERO_OR_BELOW = "zero_or_below"
    #: only exactly 0 wins; an overshoot bounces back: new = |old − points| (``exact_zero_bounce``)
    EXACT_ZERO_BOUNCE = "exact_zero_bounce"


class Ending(RuleModule):
    """The ``ending`` slot: totals after a hand, whether the game is over, and the winners."""

    def add(self, totals: tuple[int, ...], points: tuple[int, ...], sheet: Sheet) -> tuple[int, ...]:
        """The totals after a hand that scored ``points`` (``sheet``: the hands before it)."""
        return tuple(total + p for total, p in zip(totals, points, strict=True))

    def adjust(self, totals: tuple[int, ...], change: tuple[int, ...], sheet: Sheet) -> tuple[int, ...]:
        """The totals after a house rule's direct ``change`` (a mies, a no-tricks bonus) to the hand's totals.

        ``totals`` already hold the hand's points ([`add`][hartenjagen.rules.ending.Ending.add]); ``sheet`` holds the hands before
        it. The change is simply added unless an ending says otherwise.
        """
        return tuple(total + c for total, c in zip(totals, change, strict=True))

    def moon_applies(self, sheet: Sheet) -> bool:
        """Whether shooting the moon counts in the coming hand (not in the Dutch second half)."""
        return True

    def second_half(self, sheet: Sheet) -> bool:
        """Whether the coming hand is in a second half (Dutch two-halves games)."""
        return False

    @abc.abstractmethod
    def is_over(self, totals: tuple[int, ...], sheet: Sheet) -> bool:
        """Whether the game ends after the last hand of ``sheet``, with these totals."""

    @abc.abstractmethod
    def winners(self, totals: tuple[int, ...], sheet: Sheet = ()) -> tuple[int, ...]:
        """The winning seats of a finished game with these totals (``sheet``: every hand of it, oldest first).

        The score sheet holds each hand's line (its ``points``, ``raw``,
        ``totals``, ``shooter``, ``revoke``), so an ending may decide by more than
        the totals (lives lost hand by hand) and keep the totals honest. A module
        whose ``winners(self, totals)`` takes no sheet still works: the engine
        passes the sheet only to a ``winners`` that accepts it (`winners_of`).
        """

    def display(self, totals: tuple[int, ...]) -> tuple[int, ...]:
        """The totals as the players write them on the score sheet."""
        return totals

    def plan(self) -> EndingPlan | None:
        """When the game ends, as data for the core (``None``: the core calls ``is_over`` and ``winners``).

        See [`hartenjagen.rules.plan`][hartenjagen.rules.plan].
        """
        return None


#: The hooks whose override makes the core call an ending module instead of reading its plan.
HOOKS: Final[tuple[str, ...]] = ("is_over", "winners")


def winners_of(ending: Ending, totals: tuple[int, ...], sheet: Sheet) -> tuple[int, ...]:
    """``ending``'s winners of a game that ended with ``totals`` after the hands of ``sheet``.

    The sheet goes to a ``winners`` that accepts it, and not to one written
    as ``winners(self, totals)`` before the hook took it.
    """
    if _takes_sheet(type(ending)):
        return tuple(ending.winners(totals, sheet))
    return tuple(ending.winners(totals))


@functools.cache
def _takes_sheet(kind: type[Ending]) -> bool:
    try:
        inspect.signature(kind.winners).bind(None, (), ())
    except TypeError:
        return False
    except ValueError:  # no signature to read (a compiled or built-in callable): ask it with the sheet
        return True
    return True


def lowest(totals: tuple[int, ...]) -> tuple[int, ...]:
    """The seats holding the lowest total."""
    best = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def _whole(value: object, name: str, minimum: int = 1) -> None:
    if not is_whole(value) or value < minimum:
        raise RulesError(f"ending: {name} must be a whole number of at least {minimum}, not {value!r}")


def _kind(value: object, kind: type[enum.Enum], name: str) -> None:
    if not isinstance(value, kind):
        raise RulesError(f"ending: {name} must be a {kind.__name__}, not {value!r}")


def _played(sheet: Sheet) -> int:
    return sum(1 for result in sheet if result.revoke is None)


def _voided(sheet: Sheet) -> bool:
    """Whether the last line of ``sheet`` is a hand voided by a revoke: it never ends the game.

    A revoke penalty is written down and the same dealer deals again (Spelregelwijzer: "15 strafpunten
    voor de verzaker, 0 voor de anderen en opnieuw delen"); the game only ends after a hand
    that was played out (Black Lady 3p: "je stopt dus niet midden in een ronde").
    """
    return bool(sheet) and sheet[-1].revoke is not None


@attrs.frozen(repr=False)
class ScoreLimit(Ending):
    """The game ends after the hand in which a total reaches ``limit``; the lowest total wins.

    ``inclusive=True`` ends at ``>= limit`` ("reaches or passes": Black Lady 3p, Spelregelwijzer,
    Microsoft), ``False`` at ``> limit``. ``tie`` says what a shared lowest
    total does. A hand voided by a revoke never ends the game, even if its
    penalty takes a total past the limit: the same dealer deals again, and the
    game ends after the next hand that is played out. sources §1.11;
    limits 100, 75 (Gamehelphearts quick game) or 50.
    """

    limit: int = 100
    inclusive: bool = True
    tie: Tie = Tie.SHARED

    def __attrs_post_init__(self) -> None:
        _whole(self.limit, "limit")
        if not isinstance(self.inclusive, bool):
            raise RulesError(f"ending: inclusive must be True or False, not {self.inclusive!r}")
        _kind(self.tie, Tie, "tie")

    def plan(self) -> EndingPlan:
        return EndingPlan(limit=self.limit, inclusive=self.inclusive, tie_shared=self.tie is Tie.SHARED)

    def is_over(self, totals: tuple[int, ...], sheet: Sheet) -> bool:
        if _voided(sheet):
            return False
        top = max(totals)
        reached = top >= self.limit if self.inclusive else top > self.limit
        return reached and (self.tie is Tie.SHARED or len(lowest(totals)) == 1)

    def winners(self, totals: tuple[int, ...], sheet: Sheet = ()) -> tuple[int, ...]:
        return lowest(totals)


@attrs.frozen(repr=False)
class Countdown(Ending):
    """Everyone starts at ``start`` and counts down; the game ends when a score is 0 or less; highest wins.

    Stored as penalty totals (a display score is ``start`` − total), so this is
    a score limit of ``start`` shown the other way round. As there, a hand
    voided by a revoke never ends the game. sources §1.11; Gamehelphearts (100,
    or 75 for a quick game).
    """

    start: int = 100
    tie: Tie = Tie.SHARED

    def __attrs_post_init__(self) -> None:
        _whole(self.start, "start")
        _kind(self.tie, Tie, "tie")

    def plan(self) -> EndingPlan:
        return EndingPlan(limit=self.start, tie_shared=self.tie is Tie.SHARED)

    def is_over(self, totals: tuple[int, ...], sheet: Sheet) -> bool:
        if _voided(sheet):
            return False
        return max(totals) >= self.start and (self.tie is Tie.SHARED or len(lowest(totals)) == 1)

    def winners(self, totals: tuple[int, ...], sheet: Sheet = ()) -> tuple[int, ...]:
        return lowest(totals)

    def display(self, totals: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(self.start - total for total in totals)


@attrs.frozen(repr=False)
class TwoHalves(Ending):
    """Dutch two halves: add hand points until a total reaches ``switch``; from the next hand, subtract them.

    In the second half the moon does not count (the shooter simply subtracts
    the points taken). ``finish`` says how the second half is won. Penalties
    such as a revoke are still added, and a revoke penalty that takes a total
    to ``switch`` starts the second half with the redealt hand. In the
    exact-zero finish a house rule's change (a mies: −10 made, +10 failed)
    bounces like the points: from 4, a made mies gives ``|4 − 10| = 6``. sources §1.11; Spelregelwijzer,
    speel-hartenjagen.com (switch 50), sockscap64 (75, exact zero).
    """

    switch: int = 50
    finish: Finish = Finish.ZERO_OR_BELOW

    def __attrs_post_init__(self) -> None:
        _whole(self.switch, "switch")
        _kind(self.finish, Finish, "finish")

    def second_half(self, sheet: Sheet) -> bool:
        return any(max(result.totals) >= self.switch for result in sheet)

    def moon_applies(self, sheet: Sheet) -> bool:
        return not self.second_half(sheet)

    def add(self, totals: tuple[int, ...], points: tuple[int, ...], sheet: Sheet) -> tuple[int, ...]:
        if not self.second_half(sheet):
            return super().add(totals, points, sheet)
        if self.finish is Finish.ZERO_OR_BELOW:
            return tuple(total - p for total, p in zip(totals, points, strict=True))
        return tuple(abs(total - p) for total, p in zip(totals, points, strict=True))

    def adjust(self, totals: tuple[int, ...], change: tuple[int, ...], sheet: Sheet) -> tuple[int, ...]:
        if self.finish is Finish.EXACT_ZERO_BOUNCE and self.second_half(sheet):
            return tuple(abs(total + c) for total, c in zip(totals, change, strict=True))
        return super().adjust(totals, change, sheet)

    def is_over(self, totals: tuple[int, ...], sheet: Sheet) -> bool:
        # Only a played second-half hand can end the game (not a hand voided by a revoke);
        # the sheet without its last hand says which half that hand was in.
        if not sheet or _voided(sheet) or not self.second_half(sheet[:-1]):
            return False
        if self.finish is Finish.EXACT_ZERO_BOUNCE:
            return 0 in totals
        return min(totals) <= 0

    def winners(self, totals: tuple[int, ...], sheet: Sheet = ()) -> tuple[int, ...]:
        if self.finish is Finish.EXACT_ZERO_BOUNCE:
            return tuple(seat for seat, total in enumerate(totals) if total == 0)
        return lowest(totals)


@attrs.frozen(repr=False)
class FixedDeals(Ending):
    """The game is ``deals`` hands (a voided hand does not count); the lowest total wins.

    sources §1.11; Black Maria matches of 9 or 12 deals (cardrulesplus).
    """

    deals: int = 9

    def __attrs_post_init__(self) -> None:
        _whole(self.deals, "deals")

    def plan(self) -> EndingPlan:
        return EndingPlan(deals=self.deals)

    def is_over(self, totals: tuple[int, ...], sheet: Sheet) -> bool:
        return _played(sheet) >= self.deals

    def winners(self, totals: tuple[int, ...], sheet: Sheet = ()) -> tuple[int, ...]:
        return lowest(totals)


@attrs.frozen(repr=False)
class SingleHand(Ending):
    """The game is one hand; the lowest score wins (OpenSpiel's episodes; sources §1.11)."""

    def plan(self) -> EndingPlan:
        return EndingPlan(deals=1)

    def is_over(self, totals: tuple[int, ...], sheet: Sheet) -> bool:
        return _played(sheet) >= 1

    def winners(self, totals: tuple[int, ...], sheet: Sheet = ()) -> tuple[int, ...]:
        return lowest(totals)


#: First to 100 or more ends the game; lowest total wins.
TO_100: Final = ScoreLimit()
#: Gamehelphearts's count-down from 100; highest wins.
COUNTDOWN_100: Final = Countdown()
#: Dutch halves: up to 50, then back to 0 or below.
DUTCH_HALVES: Final = TwoHalves()
#: One hand only.
SINGLE_HAND: Final = SingleHand()
