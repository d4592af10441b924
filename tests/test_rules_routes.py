"""Pass routes and passing modules of one's own (sources §1.4): routes declared, stages checked, a scatter pass.

The built-in passing modules are tested in tests/test_rules_passing.py.
"""

from __future__ import annotations

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.cards import Card
from hartenjagen.rules import PassContext, Passing, PassStage
from hartenjagen.rules.deck import (
    MINUS_2D_3P,
)
from hartenjagen.rules.passing import (
    PASS_FOUR_RETURN_ONE,
    PassAndReturn,
)
from hartenjagen.rules.routes import BUILT_IN, PassRoute, Travel, route_named
from helpers import MIXED_DEAL, game, names
from passing_helpers import (
    ACROSS,
    DEALER,
    HOEMKE_P3,
    HOLD,
    LEFT,
    PASSES,
    RIGHT,
    pass_all,
    pass_four,
    route_cycle,
)

# ---------------------------------------------------------------- routes (rules/routes.py)

#: A route of one's own that travels by the passing module's rule (docs/writing-rules.md).
SCATTER = PassRoute(
    "scatter",
    "one card left, one across and one right",
    "één kaart naar links, één naar de overkant en één naar rechts",
    Travel.RULE,
)


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"name": "Left"}, "name must be a short lower-case word such as 'scatter', not 'Left'"),
        ({"name": ""}, "name must be a short lower-case word"),
        ({"name": "two words"}, "name must be a short lower-case word"),
        ({"name": 3}, "name must be a short lower-case word"),
        ({"en": ""}, "en must be words such as 'to the left', not ''"),
        ({"nl": "   "}, "nl must be words such as 'to the left'"),
        ({"travel": "seat"}, "travel must be a Travel, not 'seat'"),
        (
            {"travel": Travel.SEAT, "steps": 0},
            "PassRoute 'mine': a route to a seat needs steps \\(1: left\\) or across=True",
        ),
        ({"travel": Travel.POOL, "steps": 1}, "steps and across are for routes that travel to a seat"),
        ({"travel": Travel.NONE, "across": True}, "steps and across are for routes that travel to a seat"),
        ({"steps": 1.5}, "steps must be a whole number, not 1.5"),
        ({"steps": True}, "steps must be a whole number"),
        ({"steps": 1, "across": True}, "give steps or across, not both"),
        ({"across": 1}, "across must be True or False, not 1"),
    ],
)
def test_pass_route_validation(fields, fragment):
    values = {"name": "mine", "en": "to mine", "nl": "naar de mijne", "travel": Travel.SEAT, "steps": 1}
    with pytest.raises(hj.RulesError, match=fragment):
        PassRoute(**{**values, **fields})


def test_pass_route_offset_words_and_passes():
    assert [route.offset(4) for route in BUILT_IN.values()] == [1, 3, 2, 2, 2, 0, 0]
    assert [route.offset(5) for route in (PassRoute.SECOND_LEFT, PassRoute.SECOND_RIGHT)] == [2, 3]
    assert PassRoute("skip", "two on", "twee verder", steps=7).offset(5) == 2
    assert SCATTER.offset(4) == 0  # no single receiving seat
    assert LEFT.words() == LEFT.words("en") == LEFT.en
    assert LEFT.words("nl") == LEFT.nl != LEFT.en
    assert SCATTER.words("nl") == "één kaart naar links, één naar de overkant en één naar rechts"
    assert [route.passes for route in (LEFT, HOLD, DEALER, SCATTER)] == [True, False, True, True]
    assert [route.travel for route in (LEFT, HOLD, DEALER, SCATTER)] == [
        Travel.SEAT, Travel.NONE, Travel.POOL, Travel.RULE,
    ]  # fmt: skip
    assert LEFT.value == "left"
    assert hj.PassDirection is PassRoute


def test_pass_route_check_with_players():
    with pytest.raises(
        hj.RulesError, match="the route 'across' passes across, which needs an even number of players, not 3"
    ):
        ACROSS.check(3)
    with pytest.raises(
        hj.RulesError, match="passes 4 seats on, which with 4 players is the passer's own seat"
    ):
        PassRoute("round", "all the way round", "helemaal rond", steps=4).check(4)
    for players in (2, 4, 6):
        ACROSS.check(players)
    for route in (HOLD, DEALER, SCATTER):  # no seat to check
        route.check(3)


def test_route_named_gives_the_built_in_routes_and_refuses_other_names():
    assert {name: route_named(name) for name in BUILT_IN} == BUILT_IN
    assert route_named("left") is LEFT
    choices = "'left', 'right', 'across', 'second_left', 'second_right', 'hold', 'dealer'"
    for name in ("sideways", "LEFT", 3, None):
        with pytest.raises(hj.RulesError, match=f"a built-in pass route is one of {choices}, not"):
            route_named(name)


def test_pass_route_repr_reads_as_code():
    assert repr(LEFT) == "PassRoute.LEFT"
    assert [repr(route) for route in BUILT_IN.values()] == [f"PassRoute.{name.upper()}" for name in BUILT_IN]
    # a route is a value: one built equal to a built-in route is that route
    assert repr(PassRoute("left", LEFT.en, LEFT.nl, steps=1)) == "PassRoute.LEFT"
    assert repr(SCATTER) == (
        "PassRoute('scatter', 'one card left, one across and one right', "
        "'één kaart naar links, één naar de overkant en één naar rechts', Travel.RULE)"
    )
    assert repr(PassRoute("skip", "two on", "twee verder", steps=2)) == (
        "PassRoute('skip', 'two on', 'twee verder', Travel.SEAT, steps=2)"
    )
    assert repr(PassRoute("over", "over", "over", across=True)) == (
        "PassRoute('over', 'over', 'over', Travel.SEAT, across=True)"
    )
    assert repr(route_cycle(LEFT, HOLD)) == "PassCycle(directions=(PassRoute.LEFT, PassRoute.HOLD))"


# ---------------------------------------------------------------- passable, on cards


def test_pass_and_return_passable_is_the_cards_received():
    state = hj.new_game(HOEMKE_P3, deal=MIXED_DEAL)
    first = PassContext.of(state, 0)
    assert (first.stage, first.route, first.given, first.received) == (0, LEFT, (), ())
    assert first.hand == state.hands[0]
    assert tuple(PASS_FOUR_RETURN_ONE.passable(first)) == state.hands[0]
    state = pass_four(state)
    for seat in range(4):
        context = PassContext.of(state, seat)
        assert context.stage == 1
        assert context.given == (state.passed[seat],)
        assert context.received == (state.received[seat],)
        assert tuple(PASS_FOUR_RETURN_ONE.passable(context)) == state.received[seat]
        assert hj.legal_moves(state).passable(seat) == state.received[seat]
        anything = PassAndReturn(from_received=False).passable(context)
        assert tuple(anything) == context.hand == state.hands[seat]


# ---------------------------------------------------------------- a passing module of one's own


@attrs.frozen
class Declared(Passing):
    """A passing module that passes along ``declared`` in the stages ``staged``."""

    declared: tuple[PassRoute, ...] = (LEFT,)
    staged: tuple[PassStage, ...] = (PassStage(3),)

    def routes(self) -> tuple[PassRoute, ...]:
        return self.declared

    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        return self.staged if route.passes else ()


@pytest.mark.parametrize(
    ("module", "fragment"),
    [
        (
            Declared(declared=(SCATTER,)),
            "the route 'scatter' travels by the module's own rule, so the module must write scatter",
        ),
        (
            Declared(staged=(PassStage(1, back=True),)),
            "only a later stage of a route to a seat can go back, not stage 0 of 'left'",
        ),
        (
            Declared(declared=(DEALER,), staged=(PassStage(3), PassStage(1, back=True))),
            "only a later stage of a route to a seat can go back, not stage 1 of 'dealer'",
        ),
        (
            Declared(staged=(PassStage(14),)),
            "passes 14 cards, more than the 13 in a hand of deck SinglePack()",
        ),
        (Declared(staged=(PassStage(3), PassStage(14))), "passes 14 cards, more than the 13 in a hand"),
        (Declared(declared=()), "routes\\(\\) must give at least one PassRoute, not \\(\\)"),
        (Declared(declared=("left",)), "routes\\(\\) must give at least one PassRoute"),
        (Declared(staged=(3,)), "stages\\(\\) must give PassStage values, not \\(3,\\)"),
    ],
)
def test_check_routes_refuses_routes_and_stages_that_cannot_work(module, fragment):
    with pytest.raises(hj.RulesError, match=fragment) as info:
        hj.Rules(passing=module)
    assert str(info.value).startswith(f"passing {module!r}")


def test_check_routes_checks_every_declared_route_with_the_players():
    module = Declared(declared=(LEFT, ACROSS))
    with pytest.raises(
        hj.RulesError, match="the route 'across' passes across, which needs an even number"
    ) as info:
        hj.Rules(deck=MINUS_2D_3P, passing=module)
    assert str(info.value).startswith(f"passing {module!r}")


def test_check_routes_refuses_stages_on_a_hold_route():
    class StagedHold(Passing):
        def routes(self) -> tuple[PassRoute, ...]:
            return (HOLD,)

        def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
            return (PassStage(3),)

    with pytest.raises(hj.RulesError, match="the route 'hold' passes nothing, but has stages"):
        hj.Rules(passing=StagedHold())


def test_a_passing_module_of_ones_own_on_built_in_routes_plays_like_a_pass_cycle():
    module = Declared(declared=(LEFT, HOLD, RIGHT), staged=(PassStage(3),))
    assert [module.route(h) for h in range(4)] == [LEFT, HOLD, RIGHT, LEFT]
    state = pass_all(game(MIXED_DEAL, passing=module), PASSES)
    cycle = pass_all(game(MIXED_DEAL, passing=route_cycle(LEFT, HOLD, RIGHT)), PASSES)
    assert (state.hands, state.exchanges, state.to_move) == (cycle.hands, cycle.exchanges, cycle.to_move)
    assert hj.legal_moves(state) == hj.legal_moves(cycle)
    pass_and_return = Declared(staged=(PassStage(2), PassStage(1, back=True)))
    state = pass_all(
        game(MIXED_DEAL, passing=pass_and_return), {s: PASSES[s].rsplit(" ", 1)[0] for s in range(4)}
    )
    assert (state.pass_stage, state.pass_count) == (1, 1)
    state = pass_all(state, {seat: str(state.hands[seat][0]) for seat in range(4)})
    (given, got), (returned, got_back) = state.exchanges
    assert got == tuple(given[(seat - 1) % 4] for seat in range(4))
    assert got_back == tuple(returned[(seat + 1) % 4] for seat in range(4))


def test_pass_stage_validation():
    assert PassStage(3) == PassStage(3, back=False)
    with pytest.raises(hj.RulesError, match="a stage's cards must be a whole number >= 0, not -1"):
        PassStage(-1)
    with pytest.raises(hj.RulesError, match="a stage's back must be True or False, not 1"):
        PassStage(1, back=1)


# ---------------------------------------------------------------- a scatter pass


def _by_rank(cards: tuple[Card, ...]) -> list[Card]:
    return sorted(cards, key=lambda card: (card.rank, card.suit))


@attrs.frozen
class ScatterPass(Passing):
    """Each seat passes three cards: the lowest to the left, the middle one across, the highest right.

    ``mistake`` makes ``scatter`` break its promise, to see the engine refuse it.
    """

    mistake: str = ""

    def routes(self) -> tuple[PassRoute, ...]:
        return (SCATTER,)

    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        return (PassStage(3),)

    def scatter(self, context: PassContext, chosen: tuple[Card, ...]) -> dict[int, list[Card]]:
        low, middle, high = _by_rank(chosen)
        seat, players = context.seat, context.players
        left, across, right = (seat + 1) % players, (seat + 2) % players, (seat - 1) % players
        if self.mistake == "twice":
            return {left: [low], across: [middle, middle], right: [high]}
        if self.mistake == "to_giver":
            return {left: [low], across: [middle], seat: [high]}
        if self.mistake == "left_out":
            return {left: [low], across: [middle]}
        if self.mistake == "not_held":
            return {left: [low], across: [middle], right: [Card.parse("2C")]}  # no seat passes the 2C
        if self.mistake == "no_seat":
            return {left: [low], across: [middle], players: [high]}
        if self.mistake == "no_mapping":
            return [(left, low), (across, middle), (right, high)]  # type: ignore[return-value]
        return {left: [low], across: [middle], right: [high]}


def test_scatter_pass_sends_each_card_where_the_rule_says():
    state = game(MIXED_DEAL, passing=ScatterPass())
    assert state.phase is hj.Phase.PASSING
    assert state.pass_direction == SCATTER
    assert state.pass_count == 3
    state = pass_all(state, PASSES)
    assert state.phase is hj.Phase.PLAYING
    # Seat 0 passes 3S 4H 5H (by rank), seat 1 5S 6S 8H, seat 2 9S JH KD, seat 3 QS KS AS: each seat
    # gets the lowest card of the seat on its right, the middle one of the seat across and the
    # highest of the seat on its left.
    received = {0: "QS JH 8H", 1: "3S KS KD", 2: "5S 4H AS", 3: "9S 6S 5H"}
    for seat in range(4):
        assert names(state.received[seat]) == names(received[seat])
        assert names(state.passed[seat]) == names(PASSES[seat])
        assert names(state.hands[seat]) == names(MIXED_DEAL[seat]) - names(PASSES[seat]) | names(
            received[seat]
        )
    assert sorted(card for hand in state.hands for card in hand) == sorted(
        card for hand in state.dealt for card in hand
    )
    assert hj.view(state, 0).passed_to(0) == (
        (Card.parse("3S"), 1),
        (Card.parse("4H"), 2),
        (Card.parse("5H"), 3),
    )


def test_scatter_pass_context_is_the_givers():
    state = pass_all(game(MIXED_DEAL, passing=ScatterPass()), PASSES, order=(0, 1, 2))
    context = PassContext.of(state, 3)
    assert (context.seat, context.stage, context.route, context.players) == (3, 0, SCATTER, 4)
    assert names(context.hand) == names(MIXED_DEAL[3])
    assert ScatterPass().scatter(context, tuple(hj.cards.parse_cards(PASSES[3]))) == {
        0: [Card.parse("QS")], 1: [Card.parse("KS")], 2: [Card.parse("AS")],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("mistake", "fragment"),
    [
        (
            "twice",
            r"scatter sends the 4H of seat 0 again \(it passed 4H 5H 3S: each card goes to one seat, once\)",
        ),
        ("to_giver", "scatter sends seat 0's cards to seat 0"),
        ("left_out", "scatter sends seat 0's 5H nowhere"),
        ("not_held", r"scatter sends the 2C of seat 0 \(it passed 4H 5H 3S"),
        ("no_seat", "scatter must return a seat from 0 to 3, not 4"),
        ("no_mapping", "scatter must return a mapping from seats to cards"),
    ],
)
def test_scatter_that_breaks_its_promise_raises_rules_error_naming_the_module(mistake, fragment):
    module = ScatterPass(mistake=mistake)
    state = pass_all(game(MIXED_DEAL, passing=module), PASSES, order=(0, 1, 2))
    with pytest.raises(hj.RulesError, match=fragment) as info:
        hj.apply(state, hj.Pass(3, PASSES[3].split()))
    assert f"rule module {module!r}" in str(info.value)


def test_the_default_scatter_says_there_is_no_rule():
    state = game(MIXED_DEAL, passing=ScatterPass())
    with pytest.raises(hj.RulesError, match="has a route that travels by its own rule, but no scatter hook"):
        Declared().scatter(PassContext.of(state, 0), state.hands[0][:3])
