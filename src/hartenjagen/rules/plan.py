"""What a built-in rule module tells the core, as data: the module's *plan*.

The core reads the rules it meets on every card (which cards may be led, what
breaks hearts, what may go on the first trick, which card wins a trick) from
these small records instead of calling the module, so a ``Rules`` value made
of built-in modules runs without a Python call per play. A module states its
plan through its ``plan()`` method.

A module whose class is not built in, or a subclass that overrides one of its
slot's hooks, has no plan: the core calls its hooks instead (see
`declared_plan`). It works everywhere, at the price of a call.
"""

from __future__ import annotations

import enum

import attrs

from hartenjagen._repr import enum_repr, shown
from hartenjagen._whole import is_whole
from hartenjagen.errors import RulesError


class HeartsOpen(enum.Enum):
    """When hearts may be led, after the first trick."""

    __repr__ = enum_repr

    #: at any time
    ALWAYS = "always"
    #: once hearts are broken
    BROKEN = "broken"
    #: from trick ``tricks + 1`` on
    AFTER_TRICKS = "after_tricks"
    #: once clubs, diamonds and spades were each led, or two of them twice
    SUITS_LED = "suits_led"


def _require(plan: object, name: str, allowed: bool, what: str) -> None:
    """A `RulesError` naming the plan's field unless ``allowed``: a plan of one's own is checked as it is made."""
    if not allowed:
        value = getattr(plan, name)
        raise RulesError(f"{type(plan).__name__}: {name} must be {what}, not {shown(value)}")


def _flags(plan: object, *names: str) -> None:
    for name in names:
        _require(plan, name, isinstance(getattr(plan, name), bool), "True or False")


def _whole_or_none(value: object, minimum: int) -> bool:
    if value is None:
        return True
    return is_whole(value) and value >= minimum


@attrs.frozen
class LeadingPlan:
    """A leading rule as data: when hearts open, what a closed leader may lead, and what breaks hearts.

    A heart discarded on another suit always breaks hearts; ``hearts_followed_break``
    says whether a heart led or followed does too, ``queen_breaks`` whether the
    Q♠ does, and ``break_on_first_trick`` whether anything played to trick one counts.
    """

    opens: HeartsOpen
    tricks: int = 0
    queen_closed: bool = False
    hearts_or_queen: bool = False
    hearts_followed_break: bool = True
    queen_breaks: bool = False
    break_on_first_trick: bool = True

    def __attrs_post_init__(self) -> None:
        _require(self, "opens", isinstance(self.opens, HeartsOpen), "a HeartsOpen")
        whole = self.tricks is not None and _whole_or_none(self.tricks, 0)
        _require(self, "tricks", whole, "a whole number >= 0")
        _flags(self, "queen_closed", "hearts_or_queen", "hearts_followed_break", "queen_breaks")
        _flags(self, "break_on_first_trick")


@attrs.frozen
class FirstTrickPlan:
    """A first-trick rule as data: which cards are kept off trick one, and what a forced player may play.

    ``restricted`` is ``None`` when nothing is kept off; otherwise
    ``"positive_valued"`` or ``"hearts_and_qs"``, and ``forced_lowest`` says
    whether a player holding only restricted cards must play the lowest-valued.
    """

    restricted: str | None
    forced_lowest: bool = False

    def __attrs_post_init__(self) -> None:
        allowed = self.restricted in (None, "positive_valued", "hearts_and_qs")
        _require(self, "restricted", allowed, "None, 'positive_valued' or 'hearts_and_qs'")
        _flags(self, "forced_lowest")


@attrs.frozen
class DuplicatesPlan:
    """A duplicate-card rule as data: whether identical led-suit cards cancel each other."""

    cancel_pairs: bool

    def __attrs_post_init__(self) -> None:
        _flags(self, "cancel_pairs")


@attrs.frozen
class TrickWinnerPlan:
    """The built-in trick winner as data: the highest card of the suit led, identical cards by the ``duplicates`` plan."""


class FirstLead(enum.Enum):
    """Which of their cards the first leader may lead (`OpeningPlan.lead`)."""

    __repr__ = enum_repr

    #: one of the opening's leader cards (the 2♣, a deuce)
    LEADER_CARDS = "leader_cards"
    #: any club
    CLUBS = "clubs"
    #: any card worth nothing under the scoring
    WORTHLESS = "worthless"
    #: the lowest-ranked card that is not a heart (any suit on a tie; the lowest heart with only hearts)
    LOWEST_NON_HEART = "lowest_non_heart"
    #: the lowest card of any suit but hearts (the lowest heart with only hearts)
    LOWEST_OF_A_SUIT = "lowest_of_a_suit"
    #: any card
    ANY = "any"


@attrs.frozen
class OpeningPlan:
    """Who leads the first trick and with what, as data.

    The first leader is the holder of one of the module's ``leader_cards``
    nearest clockwise from eldest, or eldest when it names none; ``lead`` says
    which of their cards they may lead (any card when they hold none of those).
    """

    lead: FirstLead

    def __attrs_post_init__(self) -> None:
        _require(self, "lead", isinstance(self.lead, FirstLead), "a FirstLead")


@attrs.frozen
class MoonPlan:
    """A moon rule as data: the shooter is the seat that captured every card of ``needs``, and the moon is worth ``amount``.

    ``needs`` is ``"all_positive"`` or ``"all_nonzero"`` (a
    [`MoonSet`][hartenjagen.rules.moon.MoonSet] value), or ``None`` when nobody
    ever shoots the moon. ``amount`` is what the moon is worth (``None``: the
    scoring's ``moon_total``). The shooter scores what its cards outside the
    moon set score, and the option it takes decides the rest: the others score
    ``amount`` more, or the shooter ``amount`` less, or the shooter's total goes
    back to 0, or the others' totals double.
    """

    needs: str | None
    amount: int | None = None

    def __attrs_post_init__(self) -> None:
        allowed = self.needs in (None, "all_positive", "all_nonzero")
        _require(self, "needs", allowed, "None, 'all_positive' or 'all_nonzero'")
        amount = self.amount
        _require(
            self,
            "amount",
            amount is None or is_whole(amount),
            "None or a whole number",
        )


@attrs.frozen
class EndingPlan:
    """When a game ends and who wins, as data; the lowest total always wins.

    The game ends after ``deals`` hands played out (a hand voided by a revoke
    does not count), or, when ``limit`` is set, after a hand played out in
    which a total reaches ``limit`` (``inclusive``: at ``>=``; otherwise
    ``>``); unless ``tie_shared``, only while a single seat holds the lowest
    total.
    """

    deals: int | None = None
    limit: int | None = None
    inclusive: bool = True
    tie_shared: bool = True

    def __attrs_post_init__(self) -> None:
        _require(self, "deals", _whole_or_none(self.deals, 1), "None or a whole number >= 1")
        _require(self, "limit", _whole_or_none(self.limit, 1), "None or a whole number >= 1")
        _flags(self, "inclusive", "tie_shared")


def declared_plan(module: object, base: type, hooks: tuple[str, ...]) -> object | None:
    """``module.plan()`` if the module's hooks are those of the class that states the plan, else ``None``.

    ``base`` is the slot's base class (whose ``plan`` says nothing). A subclass
    that overrides a hook without stating a new plan loses the plan, so the
    core calls the hooks it overrode.
    """
    cls = type(module)
    owner = next((c for c in cls.__mro__ if "plan" in vars(c)), base)
    if owner is base:
        return None
    if any(getattr(cls, hook, None) is not getattr(owner, hook, None) for hook in hooks):
        return None
    plan: object = module.plan()  # type: ignore[attr-defined]
    return plan
