"""Passing: how many cards go where before play (sources §1.4).

A passing module declares the [routes][hartenjagen.rules.routes.PassRoute] it
passes along (``routes()``: left, right, across, hold, ...; hand ``h`` takes
``routes()[h % len(routes())]`` unless the module draws its route by chance)
and, for each route, the *stages* of the hand's exchange
(``stages(route)``). In each stage some seats (the givers) each choose a
number of cards at the same time; when the last giver has chosen, the cards
travel as the route says. Simultaneous passing is one stage; pass four and
return one is two; a hold hand has none.

A module of your own may also narrow the cards a seat may choose
(``passable``, given a [`PassContext`][hartenjagen.rules.context.PassContext])
and, for a route that travels by its own rule (`Travel.RULE`), say where each
passed card goes (``scatter``). docs/writing-rules.md writes a scatter pass.
"""

from __future__ import annotations

import abc
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen._repr import shown
from hartenjagen._whole import is_whole
from hartenjagen.cards import AnyCard, Card
from hartenjagen.catalogue import english
from hartenjagen.errors import RulesError
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.context import PassContext
from hartenjagen.rules.routes import PassDirection, PassRoute, Travel

if TYPE_CHECKING:
    from hartenjagen.chance import Chance
    from hartenjagen.rules import Rules

__all__ = [
    "ALWAYS_LEFT", "ALWAYS_RIGHT", "FIVE_PLAYER_CYCLE", "LEFT_ACROSS_RIGHT_HOLD", "LEFT_RIGHT_ACROSS",
    "LEFT_RIGHT_ACROSS_HOLD", "LEFT_RIGHT_HOLD", "LEFT_RIGHT_HOLD_HOLD", "NO_PASSING", "PASS_FOUR_RETURN_ONE",
    "PASS_TO_DEALER", "RANDOM_DIRECTION", "PassAndReturn", "PassCycle", "PassDirection", "PassRoute",
    "PassStage", "PassToDealer", "Passing", "RandomDirection", "Travel",
]  # fmt: skip


@attrs.frozen
class PassStage:
    """One stage of a hand's exchange: every giver chooses ``cards`` cards at once.

    With ``back`` the cards go back to the seat this seat received from in
    the stage before (a return; routes to a seat only).
    """

    cards: int
    back: bool = False

    def __attrs_post_init__(self) -> None:
        _count(self.cards, "a stage's cards")
        if not isinstance(self.back, bool):
            raise RulesError(f"passing: a stage's back must be True or False, not {shown(self.back)}")


class Passing(RuleModule):
    """The ``passing`` slot: the route of each hand and the stages of its exchange.

    Write ``routes`` and ``stages``; the other hooks have defaults that suit
    most modules: the route of hand ``h`` is ``routes()[h % len(routes())]``,
    every seat gives, and a seat may pass any card it holds.
    """

    #: the sentence a player reads when ``passable`` refuses a card ("" for a generic one)
    refusal_text: str = ""

    @abc.abstractmethod
    def routes(self) -> tuple[PassRoute, ...]:
        """Every route this module passes along, in the order of its cycle (at least one).

        A declaration: bots, the rules in words and the framework adapters read it.
        """

    def route(self, hand_index: int, chance: Chance | None = None) -> PassRoute:
        """The route of hand ``hand_index`` (the first hand is 0): ``routes()`` in turn, hand by hand.

        ``chance`` is the hand's random source, for a module that draws its
        route by chance (`RandomDirection`); without it such a module cannot say.
        """
        routes = self.routes()
        return routes[hand_index % len(routes)]

    @abc.abstractmethod
    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        """The stages of the exchange of a hand along ``route`` (none for a hold hand)."""

    def givers(self, stage: int, route: PassRoute, players: int, dealer: int) -> tuple[int, ...]:
        """The seats that choose cards in ``stage`` (every seat unless overridden)."""
        return tuple(range(players))

    def passable(self, context: PassContext) -> Iterable[AnyCard]:
        """The cards of ``context.hand`` that the seat may choose from (default: all of them, its jokers too).

        ``context.hand`` holds no jokers: an answer may name the seat's jokers
        (``context.jokers``, from a deck's `Deck.jokers`) to let them be passed.
        """
        return (*context.hand, *context.jokers) if context.jokers else context.hand

    def scatter(self, context: PassContext, chosen: tuple[Card, ...]) -> Mapping[int, Iterable[Card]]:
        """For a route that travels by the module's own rule: where each card a seat passes goes.

        ``context`` is the giver's, ``chosen`` the cards it passes; return a
        mapping from each receiving seat to the cards it gets, every chosen card
        once. Only a route of `Travel.RULE` asks; the default says there is no rule.
        With a deck that deals jokers (`Deck.jokers`) ``chosen`` holds the
        jokers the seat passes too, and the answer places them as any card: a
        module meant for such a pack must not read a joker's rank or suit.
        """
        raise RulesError(f"passing {self!r} has a route that travels by its own rule, but no scatter hook")

    def refusal(self, stage: int) -> str:
        """A sentence saying which cards may be chosen in ``stage``: ``refusal_text``, or a generic one."""
        return self.refusal_text or english("refusal.passing.from_hand")

    def stage_counts(self, route: PassRoute) -> tuple[int, ...]:
        """How many cards each giver chooses in each stage along ``route`` (from ``stages``)."""
        return tuple(stage.cards for stage in self.stages(route))

    def check(self, rules: Rules) -> None:
        """Refuse routes and stages that cannot work with ``rules`` (the base class checks every route)."""
        check_routes(self, rules)


#: The hooks of a passing module the core calls only when a module overrides them.
HOOKS: Final[tuple[str, ...]] = ("passable", "scatter", "givers")


def _count(value: object, what: str) -> None:
    if not is_whole(value) or value < 0:
        raise RulesError(f"passing: {what} must be a whole number >= 0, not {shown(value)}")


def check_routes(module: Passing, rules: Rules) -> None:
    """Every declared route works with the rules' players and its stages with its travel and the hand size."""
    players = rules.deck.players
    try:
        routes = tuple(module.routes())
    except TypeError as error:
        raise RulesError(f"passing {module!r}: routes() must give PassRoute values ({error})") from error
    if not routes or not all(isinstance(route, PassRoute) for route in routes):
        raise RulesError(
            f"passing {module!r}: routes() must give at least one PassRoute, not {shown(routes)}"
        )
    hand_size = len(rules.deck.pack()) // players
    scatters = type(module).scatter is not Passing.scatter
    for route in routes:
        try:
            route.check(players)
        except RulesError as error:
            raise RulesError(f"passing {module!r}: {error} (deck {rules.deck!r})") from None
        stages = tuple(module.stages(route))
        if not all(isinstance(stage, PassStage) for stage in stages):
            raise RulesError(f"passing {module!r}: stages() must give PassStage values, not {shown(stages)}")
        if stages and not route.passes:
            raise RulesError(f"passing {module!r}: the route {route.name!r} passes nothing, but has stages")
        if route.travel is Travel.RULE and not scatters:
            raise RulesError(
                f"passing {module!r}: the route {route.name!r} travels by the module's own rule, "
                "so the module must write scatter(context, chosen)"
            )
        for index, stage in enumerate(stages):
            if stage.back and (route.travel is not Travel.SEAT or index == 0):
                raise RulesError(
                    f"passing {module!r}: only a later stage of a route to a seat can go back, "
                    f"not stage {index} of {route.name!r}"
                )
            if stage.cards > hand_size:
                raise RulesError(
                    f"passing {module!r} passes {stage.cards} cards, more than the {hand_size} in a hand "
                    f"of deck {rules.deck!r}"
                )


def _routes(value: Iterable[PassRoute]) -> tuple[PassRoute, ...]:
    try:
        routes = tuple(value)
    except TypeError:
        routes = ()
    if not routes or not all(isinstance(route, PassRoute) for route in routes):
        raise RulesError(
            f"passing: directions must be a non-empty list of PassRoute values, not {shown(value)}"
        )
    if PassRoute.DEALER in routes:
        raise RulesError("passing: use PassToDealer to pass to the dealer")
    return routes


def _one_stage(cards: int, route: PassRoute) -> tuple[PassStage, ...]:
    return (PassStage(cards),) if route.passes and cards else ()


@attrs.frozen(repr=False)
class PassCycle(Passing):
    """Every seat passes ``cards`` cards at once; hand ``h`` uses ``directions[h % len(directions)]``.

    Seats choose before they see what they receive; passing the 2♣ is allowed.
    The default cycle is left, right, across, hold with three cards
    (sources §1.4, ``simultaneous``; Spelregelwijzer, Hoemke #2, Microsoft Hearts).
    """

    directions: tuple[PassRoute, ...] = attrs.field(
        default=(PassRoute.LEFT, PassRoute.RIGHT, PassRoute.ACROSS, PassRoute.HOLD), converter=_routes
    )
    cards: int = 3

    def __attrs_post_init__(self) -> None:
        _count(self.cards, "cards")

    def routes(self) -> tuple[PassRoute, ...]:
        return self.directions

    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        return _one_stage(self.cards, route)


@attrs.frozen(repr=False)
class RandomDirection(Passing):
    """Each hand, chance picks hold, left, across or right with probability ¼ each; pass ``cards``.

    sources §1.4; OpenSpiel's one-hand episodes.
    """

    cards: int = 3
    choices: tuple[PassRoute, ...] = attrs.field(
        default=(PassRoute.HOLD, PassRoute.LEFT, PassRoute.ACROSS, PassRoute.RIGHT), converter=_routes
    )

    def __attrs_post_init__(self) -> None:
        _count(self.cards, "cards")

    def routes(self) -> tuple[PassRoute, ...]:
        return self.choices

    def route(self, hand_index: int, chance: Chance | None = None) -> PassRoute:
        if chance is None:
            raise RulesError(
                "passing: RandomDirection draws each hand's route by chance and needs a random source"
            )
        return chance.choice(self.choices)

    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        return _one_stage(self.cards, route)


@attrs.frozen(repr=False)
class PassAndReturn(Passing):
    """Pass ``cards`` cards by the cycle; then each seat returns ``returned`` card to the seat that passed to it.

    With ``from_received`` (the default, as the text says) the returned card must
    be one of those received; otherwise any card in hand. Net: three cards pass.
    Hold hands pass nothing. sources §1.4; Hoemke #3.
    """

    directions: tuple[PassRoute, ...] = attrs.field(
        default=(PassRoute.LEFT, PassRoute.RIGHT, PassRoute.ACROSS, PassRoute.HOLD), converter=_routes
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
            raise RulesError(f"passing: from_received must be True or False, not {shown(self.from_received)}")

    def routes(self) -> tuple[PassRoute, ...]:
        return self.directions

    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        if not route.passes or not self.cards:
            return ()
        if not self.returned:
            return (PassStage(self.cards),)
        return (PassStage(self.cards), PassStage(self.returned, back=True))

    def passable(self, context: PassContext) -> Iterable[AnyCard]:
        if context.stage == 1 and self.from_received:
            return context.received[0]
        return super().passable(context)

    def refusal(self, stage: int) -> str:
        if stage == 1 and self.from_received:
            return english("refusal.passing.return_received")
        return super().refusal(stage)

    def check(self, rules: Rules) -> None:
        super().check(rules)
        for route in self.directions:
            if route.travel is not Travel.SEAT and route.passes:
                raise RulesError(f"passing {self!r}: cards can only be returned along a route to a seat")


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
            raise RulesError(f"passing: dealer_joins must be True or False, not {shown(self.dealer_joins)}")

    def routes(self) -> tuple[PassRoute, ...]:
        return (PassRoute.DEALER,) if self.cards else (PassRoute.HOLD,)

    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        return _one_stage(self.cards, route)

    def givers(self, stage: int, route: PassRoute, players: int, dealer: int) -> tuple[int, ...]:
        return tuple(seat for seat in range(players) if self.dealer_joins or seat != dealer)


_L, _R, _A, _H = PassRoute.LEFT, PassRoute.RIGHT, PassRoute.ACROSS, PassRoute.HOLD

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
FIVE_PLAYER_CYCLE: Final = PassCycle(directions=(_L, _R, PassRoute.SECOND_LEFT, PassRoute.SECOND_RIGHT, _H))
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
