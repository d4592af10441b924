"""Pass routes: where the cards passed in a hand travel, as a value a passing module declares (sources §1.4).

A [`PassRoute`][hartenjagen.rules.routes.PassRoute] names itself in English and
Dutch ("to the left", "naar links") and says how the cards travel
([`Travel`][hartenjagen.rules.routes.Travel]): to one seat a fixed number of
places on, by the passing module's own rule (a scatter pass: each card to its
own seat), or pooled, shuffled and dealt back. Frontends, events, the rules
in words and the bots read the route; nobody guesses it from the module.

The built-in routes are class attributes (``PassRoute.LEFT``, ``PassRoute.HOLD``,
...); their JSON form is their name (``"left"``). A route of your own is a
``PassRoute`` value too:

```python
SCATTER = PassRoute(
    "scatter", "one card left, one across and one right",
    "één kaart naar links, één naar de overkant en één naar rechts", Travel.RULE,
)
```
"""

from __future__ import annotations

import enum
from typing import ClassVar, Final

import attrs

from hartenjagen._repr import enum_repr, shown
from hartenjagen._whole import is_whole
from hartenjagen.catalogue import ENTRIES
from hartenjagen.errors import RulesError


class Travel(enum.Enum):
    """How the cards passed along a route travel."""

    __repr__ = enum_repr

    #: nothing is passed (a hold hand)
    NONE = "none"
    #: every card a seat gives goes to the one seat ``offset`` places clockwise
    SEAT = "seat"
    #: the passing module's ``scatter`` hook says where each card goes; its giver knows where
    RULE = "rule"
    #: the cards are pooled, shuffled and dealt back one at a time clockwise from eldest; nobody knows where
    POOL = "pool"


def _name(route: PassRoute, attribute: attrs.Attribute[str], value: object) -> None:
    if (
        not isinstance(value, str)
        or not value
        or not value.replace("_", "").isalnum()
        or value != value.lower()
    ):
        raise RulesError(
            f"PassRoute: name must be a short lower-case word such as 'scatter', not {shown(value)}"
        )


def _words(route: PassRoute, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not value.strip():
        raise RulesError(
            f"PassRoute: {attribute.name} must be words such as 'to the left', not {shown(value)}"
        )


def _whole(value: object, what: str) -> None:
    if not is_whole(value):
        raise RulesError(f"PassRoute: {what} must be a whole number, not {shown(value)}")


@attrs.frozen(repr=False)
class PassRoute:
    """Where the cards passed in a hand go: a name, its words in English and Dutch, and how they travel.

    ``en`` and ``nl`` are the words that end "cards pass ..." ("to the left",
    "naar links"). With `Travel.SEAT` the cards go ``steps`` seats clockwise
    (−1: to the right), or to the seat across with ``across=True``. Two routes
    are the same route when all their fields are equal.
    """

    #: a short lower-case word: the route's JSON form when it is built in (``"left"``)
    name: str = attrs.field(validator=_name)
    #: the words that end "cards pass ..." in English
    en: str = attrs.field(validator=_words)
    #: the same in Dutch ("er wordt ... doorgegeven")
    nl: str = attrs.field(validator=_words)
    travel: Travel = Travel.SEAT
    #: `Travel.SEAT`: the receiver is this many seats clockwise from the giver (negative: anticlockwise)
    steps: int = 0
    #: `Travel.SEAT`: the receiver is the seat across the table (players / 2 on)
    across: bool = False

    LEFT: ClassVar[PassRoute]
    RIGHT: ClassVar[PassRoute]
    ACROSS: ClassVar[PassRoute]
    SECOND_LEFT: ClassVar[PassRoute]
    SECOND_RIGHT: ClassVar[PassRoute]
    HOLD: ClassVar[PassRoute]
    DEALER: ClassVar[PassRoute]

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.travel, Travel):
            raise RulesError(f"PassRoute: travel must be a Travel, not {shown(self.travel)}")
        _whole(self.steps, "steps")
        if not isinstance(self.across, bool):
            raise RulesError(f"PassRoute: across must be True or False, not {shown(self.across)}")
        seat = self.travel is Travel.SEAT
        if seat and not self.across and not self.steps:
            raise RulesError(
                f"PassRoute {self.name!r}: a route to a seat needs steps (1: left) or across=True"
            )
        if (self.steps or self.across) and not seat:
            raise RulesError(
                f"PassRoute {self.name!r}: steps and across are for routes that travel to a seat"
            )
        if self.across and self.steps:
            raise RulesError(f"PassRoute {self.name!r}: give steps or across, not both")

    @property
    def value(self) -> str:
        """The route's name (what ``PassDirection.LEFT.value`` was when directions were an enum)."""
        return self.name

    @property
    def passes(self) -> bool:
        """Whether any card travels (every route but a hold)."""
        return self.travel is not Travel.NONE

    def offset(self, players: int) -> int:
        """`Travel.SEAT`: the receiving seat minus the giving seat, modulo ``players`` (else 0)."""
        if self.travel is not Travel.SEAT:
            return 0
        return (players // 2 if self.across else self.steps) % players

    def words(self, language: str = "en") -> str:
        """The words that end "cards pass ..." in ``"en"`` or ``"nl"``."""
        return self.nl if language == "nl" else self.en

    def check(self, players: int) -> None:
        """Raise [`RulesError`][hartenjagen.errors.RulesError] if the route cannot work with ``players`` seats."""
        if self.travel is not Travel.SEAT:
            return
        if self.across and players % 2:
            raise RulesError(
                f"the route {self.name!r} passes across, which needs an even number of players, not {players}"
            )
        if self.offset(players) == 0:
            raise RulesError(
                f"the route {self.name!r} passes {self.steps} seats on, which with {players} players is the passer's own seat"
            )

    def __repr__(self) -> str:
        # A subclass prints as itself, so two routes that print alike are equal.
        kind = type(self).__name__
        for name, route in BUILT_IN.items():
            if route == self:
                return f"{kind}.{name.upper()}"
        return f"{kind}({self.name!r}, {self.en!r}, {self.nl!r}, {self.travel!r}" + (
            f", steps={self.steps})" if self.steps else ", across=True)" if self.across else ")"
        )


def _built_in(name: str, travel: Travel = Travel.SEAT, *, steps: int = 0, across: bool = False) -> PassRoute:
    english, dutch = ENTRIES[f"direction.{name}"]
    return PassRoute(name, english, dutch, travel, steps, across)


PassRoute.LEFT = _built_in("left", steps=1)
PassRoute.RIGHT = _built_in("right", steps=-1)
PassRoute.ACROSS = _built_in("across", across=True)
PassRoute.SECOND_LEFT = _built_in("second_left", steps=2)
PassRoute.SECOND_RIGHT = _built_in("second_right", steps=-2)
#: no card is passed
PassRoute.HOLD = _built_in("hold", Travel.NONE)
#: to the dealer, who shuffles the cards and deals them back
PassRoute.DEALER = _built_in("dealer", Travel.POOL)

#: The built-in routes by name (their JSON form), in the order directions always had.
BUILT_IN: Final[dict[str, PassRoute]] = {
    route.name: route
    for route in (
        PassRoute.LEFT, PassRoute.RIGHT, PassRoute.ACROSS, PassRoute.SECOND_LEFT, PassRoute.SECOND_RIGHT,
        PassRoute.HOLD, PassRoute.DEALER,
    )
}  # fmt: skip


def route_named(name: object) -> PassRoute:
    """The built-in route called ``name`` (``"left"``, ``"across"``, ...); a `RulesError` for any other name."""
    route = BUILT_IN.get(name) if isinstance(name, str) else None
    if route is None:
        choices = ", ".join(repr(known) for known in BUILT_IN)
        raise RulesError(f"a built-in pass route is one of {choices}, not {shown(name)}")
    return route


#: The old name of `PassRoute`, from when the routes were a closed enum: ``PassDirection.LEFT`` still works.
PassDirection = PassRoute
