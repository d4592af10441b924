"""Jokers where rule modules of one's own meet them (issue 37, the jokers' loose ends).

A hook's context holds the 52 cards (``allowed``, ``hand``) and the seat's
jokers apart (``jokers``). Its contract with jokers:

- a ``playable`` answer that names no joker leaves the jokers as the rules
  before it left them (returning ``context.allowed`` is a no-op with any
  deck, one pack or two); one that names jokers decides them;
- ``breaks_hearts`` is asked of the 52 cards only: a joker breaks hearts
  when its role (`Deck.joker_role`) makes it a heart, else never;
- a pass's ``given`` and ``received`` hold the jokers passed, so a
  pass-and-return may send a received joker back.

And one reading of the rules: a leader holding hearts and a joker, hearts
unbroken, holds something else than hearts (pagat's joker "may be led"), so
leads the joker, not a heart (docs/rules.md, Joker Hearts).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import family
from hartenjagen.cards import JOKERS, AnyCard, Card, Joker, Rank, Suit
from hartenjagen.family_jokers import JokerPack, JokersAnyTime, joker_hearts
from hartenjagen.rules import HouseRule, Leading, PassContext, PlayContext
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.first_trick import ANYTHING
from hartenjagen.rules.jokers import JokerRank
from hartenjagen.rules.leading import AFTER_BROKEN, HeartsAfterBroken
from hartenjagen.rules.opening import EldestLeadsAny
from hartenjagen.rules.passing import NO_PASSING, PassAndReturn
from hartenjagen.rules.routes import PassRoute
from hartenjagen.testing import check_rules
from helpers import legal, play

JK1 = JOKERS[0]
#: Jack to ace and four jokers, five cards each; seat 0 wins the diamonds of trick 1 (no heart played)
#: and leads trick 2 holding the J♥ Q♥ K♥ and a joker: only hearts besides the joker.
HEARTS_AND_JOKER = ["AD JH QH KH JK1", "JD JC QC KC JK2", "QD AC JS QS JK3", "KD KS AS AH JK4"]
#: As above, but seat 0 keeps the K♠ instead of the K♥: it leads trick 2 holding a spade and a joker.
SPADE_AND_JOKER = ["AD JH QH KS JK1", "JD JC QC KC JK2", "QD AC JS QS JK3", "KD KH AS AH JK4"]
TRICK_1 = "AD JD QD KD"


def _rules(*, suit: Suit | None = None, widened: bool = True, **slots: object) -> hj.Rules:
    """Four players, the small pack with jokers of ``suit`` (``None``: Joker Hearts' joker, no suit)."""
    rank = JokerRank.NEVER if suit is None else JokerRank.LOWEST
    settings_: dict[str, object] = {
        "deck": JokerPack(count=4, lowest_rank=Rank.JACK, joker_suit=suit, joker_rank=rank),
        "passing": NO_PASSING,
        "ending": SINGLE_HAND,
        "first_trick": ANYTHING,
        "opening": EldestLeadsAny(),
        "leading": AFTER_BROKEN,
        "extras": (JokersAnyTime(),) if widened else (),
    }
    settings_.update(slots)
    return hj.Rules(**settings_)  # type: ignore[arg-type]


def _after_trick_1(rules: hj.Rules, deal: list[str] = HEARTS_AND_JOKER) -> hj.State:
    state = play(hj.new_game(rules, deal=deal, dealer=3, seed=0), TRICK_1)
    assert state.to_move == (0,) and not state.hearts_broken
    return state


@attrs.frozen
class HeartsClosed(Leading):
    """Hearts may not be led until broken; written on suits alone, leaving the only-hearts case to the engine."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if context.hearts_broken:
            return context.allowed
        return {card for card in context.allowed if card.suit is not Suit.HEARTS}

    def breaks_hearts(self, card: Card, discarded: bool, trick_number: int) -> bool:
        return card.suit is Suit.HEARTS or card == Card("QS")  # reads a suit: a joker has none


@attrs.frozen
class BrokenByHearts(HeartsAfterBroken):
    """The built-in rule with a ``hearts_open`` of its own: the core asks the module's hooks, not its plan."""

    def hearts_open(self, context: PlayContext) -> bool:
        return context.hearts_broken


# ---------------------------------------------------------------- a leader of hearts and a joker


@pytest.mark.parametrize("widened", [True, False], ids=["joker_any_time", "no_widening"])
def test_a_leader_holding_hearts_and_a_joker_leads_the_joker(widened: bool) -> None:
    """Hearts unbroken: the joker is something else than hearts and may be led, so no heart may."""
    state = _after_trick_1(_rules(widened=widened))
    assert legal(state) == {"JK1"}
    after = play(state, "JK1 JC AC AS")  # the joker led: the next card sets the suit
    assert not after.hearts_broken
    after = play(after, "JS KS JH QC")  # seat 0, void in spades, throws a heart: hearts are broken
    assert after.hearts_broken and after.to_move == (3,)
    assert legal(after) == {"AH", "JK4"}


def test_a_leader_holding_hearts_and_a_joker_of_hearts_may_lead_any_heart() -> None:
    """A joker whose role is a heart is a heart: the leader holds only hearts, and leads any of them."""
    state = _after_trick_1(_rules(suit=Suit.HEARTS, widened=False))
    assert legal(state) == {"JH", "QH", "KH", "JK1"}


@pytest.mark.parametrize("leading", [HeartsClosed(), BrokenByHearts()], ids=["own", "subclass"])
@pytest.mark.parametrize("widened", [True, False], ids=["joker_any_time", "no_widening"])
def test_a_heart_lead_rule_of_ones_own_leads_the_joker_too(leading: Leading, widened: bool) -> None:
    """The same position under a leading module the core asks: the same answer as the built-in plan."""
    rules = _rules(widened=widened, leading=leading)
    assert legal(_after_trick_1(rules)) == {"JK1"}
    assert legal(_after_trick_1(rules, SPADE_AND_JOKER)) == {"KS", "JK1"}
    check_rules(rules, games=3, seed=5)


@pytest.mark.parametrize("leading", [HeartsClosed(), BrokenByHearts()], ids=["own", "subclass"])
def test_a_heart_lead_rule_of_ones_own_keeps_a_zero_of_clubs(leading: Leading) -> None:
    """A zero of clubs (no widening) is a club: a rule that filters hearts out keeps it leadable."""
    rules = _rules(suit=Suit.CLUBS, widened=False, leading=leading)
    assert legal(_after_trick_1(rules, SPADE_AND_JOKER)) == {"KS", "JK1"}
    builtin = _rules(suit=Suit.CLUBS, widened=False)
    assert legal(_after_trick_1(builtin, SPADE_AND_JOKER)) == {"KS", "JK1"}


# ---------------------------------------------------------------- breaks_hearts and a joker


def test_breaks_hearts_of_ones_own_is_never_asked_of_a_joker() -> None:
    """A joker of no suit played breaks nothing; the module, reading ``card.suit``, never sees it."""
    for widened in (True, False):
        state = _after_trick_1(_rules(widened=widened, leading=HeartsClosed()))
        after = play(state, "JK1 JC AC JK4")  # two jokers played, one led and one discarded
        assert not after.hearts_broken
        assert after.tricks[-1].winner == 2 and legal(after) == {"JS", "QS", "JK3"}


def test_a_joker_of_hearts_breaks_hearts_under_a_module_of_ones_own() -> None:
    state = _after_trick_1(_rules(suit=Suit.HEARTS, widened=False, leading=HeartsClosed()))
    after = play(state, "JK1")
    assert after.hearts_broken
    assert after.trick[0].card == JK1


def test_breaks_hearts_of_ones_own_plays_joker_hearts_whole_games() -> None:
    rules = attrs.evolve(joker_hearts(), leading=HeartsClosed(), ending=SINGLE_HAND)
    check_rules(rules, games=3, seed=7)


# ---------------------------------------------------------------- a no-op house rule keeps the jokers


@attrs.frozen
class NoOp(HouseRule):
    """Changes nothing: hands back ``context.allowed`` itself."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        return context.allowed


@attrs.frozen
class NoOpCopy(HouseRule):
    """Changes nothing: a new set of the allowed cards (names no joker)."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        return set(context.allowed)


@attrs.frozen
class NoJokerButTheFirst(HouseRule):
    """A rule that decides the jokers: it names the first joker the seat holds, so the others are refused."""

    def playable(self, context: PlayContext) -> Iterable[AnyCard]:
        return [*context.allowed, *context.jokers[:1]]


JOKER_RULES = {
    "joker_hearts": attrs.evolve(joker_hearts(), ending=SINGLE_HAND),
    "cancellation_hearts_5": attrs.evolve(family.cancellation_hearts(players=5), ending=SINGLE_HAND),
    "two_packs_joker_7": attrs.evolve(family.cancellation_hearts(players=7), ending=SINGLE_HAND),
}


@pytest.mark.parametrize("name", sorted(JOKER_RULES))
@pytest.mark.parametrize("noop", [NoOp(), NoOpCopy()], ids=["allowed", "copy"])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), move_seed=st.integers(0, 2**32 - 1))
def test_a_no_op_house_rule_changes_no_legal_move(
    name: str, noop: HouseRule, seed: int, move_seed: int
) -> None:
    """On every state of a random hand, the legal moves with and without the no-op rule are equal."""
    rules = JOKER_RULES[name]
    plain = hj.new_game(rules, seed=seed)
    ruled = hj.new_game(attrs.evolve(rules, extras=(*rules.extras, noop)), seed=seed)
    rng = random.Random(move_seed)
    while not plain.is_over:
        moves = hj.legal_moves(plain)
        assert hj.legal_moves(ruled) == moves
        move = moves[rng.randrange(len(moves))]
        plain, ruled = hj.apply(plain, move), hj.apply(ruled, move)
    assert ruled.is_over and ruled.scores == plain.scores


def test_two_packs_keep_the_jokers_a_no_op_rule_hands_back() -> None:
    """Cancellation Hearts for five: the zero of clubs opens the hand under a no-op rule too."""
    rules = family.cancellation_hearts(players=5)
    for noop in (NoOp(), NoOpCopy()):
        state = hj.new_game(attrs.evolve(rules, extras=(noop,)), seed=11)
        while state.phase is not hj.Phase.PLAYING:
            state = hj.apply(state, hj.legal_moves(state)[0])
        assert legal(state) == {"JK1"}  # its holder leads it


def test_a_playable_that_names_a_joker_decides_the_jokers() -> None:
    rules = _rules(extras=(NoJokerButTheFirst(),))
    state = _after_trick_1(rules)
    assert legal(state) == {"JK1"}
    state = play(state, "JK1")  # seat 1 holds the J♣ Q♣ K♣ and the second joker, named first: allowed
    assert legal(state) == {"JC", "QC", "KC", "JK2"}


# ---------------------------------------------------------------- a pass-and-return sends a joker back


def test_a_pass_and_return_may_send_a_received_joker_back() -> None:
    rules = _rules(passing=PassAndReturn(directions=(PassRoute.LEFT,), cards=2, returned=1))
    state = hj.new_game(rules, deal=HEARTS_AND_JOKER, dealer=3, seed=0)
    for seat, cards in enumerate(["AD JK1", "JD JC", "QD AC", "KD KS"]):
        state = hj.apply(state, hj.Pass(seat, cards.split()))
    context = PassContext.of(state, 1)
    assert context.received == ((Card("AD"), JK1),)
    assert context.given == ((Card("JC"), Card("JD")),)
    assert set(hj.view(state, 1).pass_options) == {Card("AD"), JK1}
    back = hj.apply(state, hj.Pass(1, [JK1]))  # the joker goes back to seat 0
    for seat in (2, 3, 0):
        back = hj.apply(back, hj.Pass(seat, [hj.view(back, seat).pass_options[0]]))
    assert JK1 in back.hands[0] and isinstance(JK1, Joker)
    check_rules(rules, games=2, seed=9)
