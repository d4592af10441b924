"""Who wins a trick: the ``trick_winner`` slot (issue 37 item 1), one answer for the engine and check_rules.

A module of one's own (a trump suit here) names any card of the trick and
the engine, both kernels (the public step and the fused rollout loop) and
`check_rules` follow it; the built-in module asks the ``duplicates`` slot,
whose answer must keep the rest of the built-in rule: the engine refuses a
``duplicates`` winner that is no card of the suit led exactly as
`check_rules` does. The edge cases of Cancellation Hearts (a fully cancelled
trick, two pairs cancelling, the highest remaining card winning) are played
on the preset itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import family, native, testing, variants
from hartenjagen.cards import Card, Suit, parse_cards
from hartenjagen.core import table_for
from hartenjagen.events import TrickCancelled, TrickWon
from hartenjagen.rules import TrickContext, TrickWinner
from hartenjagen.rules.first_trick import ANYTHING
from hartenjagen.rules.leading import ANYTIME
from hartenjagen.rules.opening import ELDEST_ANY
from hartenjagen.rules.trick_winner import HIGHEST_OF_LED
from helpers import assert_rollout_plays_the_public_loop, fill_deal, game, play

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
from writing_rules import Trumps

#: Seat 1 (eldest) holds the diamonds, seat 2 the hearts, seat 3 the spades, seat 0 the clubs:
#: the first trick is 2D 2H 2S 2C, each seat void in the others' suits.
SUITS = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)
OPEN_PLAY = {"opening": ELDEST_ANY, "first_trick": ANYTHING, "leading": ANYTIME}


@attrs.frozen
class SecondCardWins(hj.rules.Duplicates):
    """A duplicates module that gives every trick to its second card (a trump in disguise)."""

    def winner(self, cards: tuple[Card, ...]) -> int:
        return 1


@attrs.frozen
class Answers(TrickWinner):
    """A trick-winner module that answers ``answer`` whatever the trick."""

    answer: object = None

    def winner(self, trick: TrickContext) -> int | None:
        return self.answer  # type: ignore[return-value]


# ---------------------------------------------------------------- one answer: engine and check_rules


def test_a_duplicates_winner_of_no_card_of_the_suit_led_is_refused_by_engine_and_check_rules_alike():
    # The case: 2D 2H 2S 2C led by seat 1, a duplicates module naming the 2H.
    state = play(game(SUITS, dealer=0, duplicates=SecondCardWins(), **OPEN_PLAY), "2D 2H 2S")
    with pytest.raises(
        hj.RulesError, match=r"SecondCardWins\(\): winner gives the trick 2D 2H 2S 2C to the 2H, no card"
    ):
        hj.apply(state, hj.Play(0, "2C"))
    with pytest.raises(testing.RulesCheckFailed) as info:
        testing.check_rules(attrs.evolve(variants.STANDARD, duplicates=SecondCardWins()), games=1)
    assert "SecondCardWins()" in info.value.problem
    assert "no card of the suit led" in info.value.problem or "the highest one" in info.value.problem


def test_a_trump_module_of_ones_own_wins_in_play_and_passes_check_rules():
    state = play(game(SUITS, dealer=0, trick_winner=Trumps(), **OPEN_PLAY), "2D 2H 2S")
    after, events = hj.step(state, hj.Play(0, "2C"))
    (won,) = [event for event in events if type(event) is TrickWon]
    assert won.winner == 2 and after.trick_leader == 2 and after.tricks[0].winner == 2
    assert TrickContext.of(after).cards == (Card("2D"), Card("2H"), Card("2S"), Card("2C"))
    testing.check_rules(attrs.evolve(variants.STANDARD, trick_winner=Trumps()), games=2, seed=5)


def test_without_a_trump_in_the_trick_the_trump_module_gives_it_to_the_highest_of_the_suit_led():
    rules = hj.Rules(trick_winner=Trumps(Suit.SPADES))
    context = TrickContext(
        rules=rules,
        trick=tuple(hj.Play(seat, card) for seat, card in ((3, "9D"), (0, "KD"), (1, "AH"), (2, "2D"))),
        trick_number=4,
    )
    assert Trumps(Suit.SPADES).winner(context) == 1
    assert context.leader == 3 and context.led_suit is Suit.DIAMONDS and context.players == 4


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_fused_rollout_loop_asks_the_trick_winner_as_the_public_loop_does(seed):
    rules = attrs.evolve(variants.STANDARD, trick_winner=Trumps())
    assert_rollout_plays_the_public_loop(hj.new_game(rules, seed=seed), seed)
    assert_rollout_plays_the_public_loop(hj.new_game(variants.POLIGNAC, seed=seed), seed)


def test_the_c_kernel_refuses_a_trick_winner_of_ones_own_and_plays_the_built_in():
    assert not native.playable(table_for(attrs.evolve(variants.STANDARD, trick_winner=Trumps())))
    assert not native.playable(table_for(variants.POLIGNAC))
    assert native.playable(table_for(variants.STANDARD))
    assert native.playable(table_for(family.polignac(ace_high=True)))


def test_the_built_in_module_is_the_default_and_has_a_plan():
    assert hj.Rules().trick_winner == HIGHEST_OF_LED
    assert not table_for(hj.Rules()).own_trick_winner
    assert table_for(hj.Rules(trick_winner=Trumps())).own_trick_winner
    # A subclass that overrides the hook is a module of one's own.
    assert table_for(hj.Rules(trick_winner=Lowest())).own_trick_winner


@attrs.frozen
class Lowest(hj.rules.trick_winner.HighestOfLed):
    def winner(self, trick: TrickContext) -> int:
        following = [i for i, card in enumerate(trick.cards) if card.suit is trick.led_suit]
        return min(following, key=lambda i: trick.cards[i].rank)


def test_a_subclass_of_the_built_in_that_overrides_winner_is_asked():
    state = play(game(SUITS, dealer=0, trick_winner=Lowest(), **OPEN_PLAY), "2D 2H 2S 2C")
    assert state.tricks[0].winner == 1  # only the 2D follows: the lowest is the highest
    testing.check_rules(attrs.evolve(variants.STANDARD, trick_winner=Lowest()), games=1, seed=2)


@attrs.frozen
class ByNumber(TrickWinner):
    """Trick k goes to its card at position k - 1 (mod the players): a rule that reads the hand so far."""

    def winner(self, trick: TrickContext) -> int:
        assert isinstance(trick, TrickContext) and trick.trick_number == len(trick.tricks) + 1
        assert all(done.winner == (done.leader + k) % trick.players for k, done in enumerate(trick.tricks))
        return (trick.trick_number - 1) % trick.players


def test_the_engine_hands_the_trick_winner_the_hand_so_far():
    state = play(game(SUITS, dealer=0, trick_winner=ByNumber(), **OPEN_PLAY), "2D 2H 2S 2C")
    for _ in range(20):  # five more tricks, each seat playing its first legal card
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert [done.winner for done in state.tricks] == [
        (done.leader + k) % 4 for k, done in enumerate(state.tricks)
    ]
    context = TrickContext.of(state)
    assert context.trick_number == 6 and ByNumber().winner(context) == 1


# ---------------------------------------------------------------- errors name the module


@pytest.mark.parametrize(
    ("answer", "shown"),
    [(4, "not 4"), (-1, "not -1"), ("1", "not '1'"), (True, "not True"), (2.5, "not 2.5")],
)
def test_a_winner_outside_the_trick_or_no_int_raises_rules_error_naming_the_module(answer, shown):
    state = play(game(SUITS, dealer=0, trick_winner=Answers(answer), **OPEN_PLAY), "2D 2H 2S")
    with pytest.raises(
        hj.RulesError,
        match=rf"rule module Answers\(answer=.*\): winner must return a position from 0 to 3 or None, {shown}",
    ):
        hj.apply(state, hj.Play(0, "2C"))
    assert state.trick == tuple(hj.Play(seat, card) for seat, card in ((1, "2D"), (2, "2H"), (3, "2S")))


def test_a_winner_of_none_carries_the_trick_over():
    state = play(game(SUITS, dealer=0, trick_winner=Answers(None), **OPEN_PLAY), "2D 2H 2S")
    after, events = hj.step(state, hj.Play(0, "2C"))
    assert [type(e) for e in events if type(e) in (TrickWon, TrickCancelled)] == [TrickCancelled]
    assert after.trick_leader == 1 and len(after.carry_over) == 4


def test_trick_context_of_needs_a_completed_trick_of_a_hand_in_play():
    state = game(SUITS, dealer=0, **OPEN_PLAY)
    with pytest.raises(hj.RulesError, match="no trick of this hand is complete yet"):
        TrickContext.of(state)
    with pytest.raises(hj.RulesError, match=r"TrickContext\.of needs a State"):
        TrickContext.of("2D 2H")  # type: ignore[arg-type]
    after = play(state, "2D 2H 2S 2C 3D 3H 3S 3C")
    context = TrickContext.of(after)
    assert context.trick_number == 2 and context.leader == 1 and len(context.tricks) == 1
    assert HIGHEST_OF_LED.winner(context) == 0 and not context.last


# ---------------------------------------------------------------- Cancellation Hearts


def _cancellation_game() -> hj.State:
    """Six players, no passing: seat 1 holds the single 2♣ and leads; the cards of the first three tricks fixed."""
    rules = family.cancellation_hearts(players=6, passing=False)
    fixed = {
        1: "2C KD 8S",
        2: "AC KD AS",
        3: "4C QD AS",
        4: "5C QD KS",
        5: "6C JD KS",
        0: "7C JD 9S",
    }
    return hj.new_game(rules, deal=fill_deal(rules, fixed), dealer=0, seed=0)


def test_cancellation_a_fully_cancelled_trick_waits_for_the_next_winner_and_its_leader_leads_again():
    state = play(_cancellation_game(), "2C AC 4C 5C 6C 7C")
    assert state.trick_leader == 2  # the A♣, played once, wins
    state = play(state, "KD QD QD JD JD")
    after, events = hj.step(state, hj.Play(1, "KD"))
    (cancelled,) = [event for event in events if type(event) is TrickCancelled]
    assert cancelled.cards == tuple(parse_cards("KD QD QD JD JD KD"))
    assert after.trick_leader == 2 and sorted(after.carry_over) == sorted(parse_cards("KD KD QD QD JD JD"))
    assert after.tricks[-1].winner is None


def test_cancellation_two_pairs_cancel_and_the_highest_remaining_card_wins_with_the_pile():
    state = play(_cancellation_game(), "2C AC 4C 5C 6C 7C KD QD QD JD JD KD")
    after = play(state, "AS AS KS KS 9S 8S")  # A♠ A♠ and K♠ K♠ cancel: the 9♠ of seat 0 wins
    assert after.tricks[-1].winner == 0 and after.trick_leader == 0
    assert sorted(after.taken[0]) == sorted(parse_cards("KD KD QD QD JD JD AS AS KS KS 9S 8S"))
    assert not after.carry_over


def test_cancellation_module_level_cases():
    rules = variants.CANCELLATION_HEARTS
    plays = lambda text: tuple(hj.Play(seat, card) for seat, card in enumerate(parse_cards(text)))  # noqa: E731
    winner = lambda text: rules.trick_winner.winner(TrickContext(rules, plays(text), 1))  # noqa: E731
    assert winner("AH AH KH KH QH 2H 3S 4D") == 4  # two pairs cancel, the Q♥ remains
    assert winner("5C 5C 9C 9C 2H 3H 4H 5H") is None  # every club paired: no card wins
    assert winner("5C 3C 9C 9C 2H 2H 4H 5H") == 0  # the hearts pair off-suit: 5♣ is the highest left


def test_cancellation_hearts_options_and_bad_values():
    assert family.cancellation_hearts() == variants.CANCELLATION_HEARTS
    assert variants.get("cancellation hearts") == variants.CANCELLATION_HEARTS
    assert len(family.cancellation_hearts(players=5, joker=False).deck.pack()) == 100
    assert family.cancellation_hearts(passing=False).passing == hj.rules.passing.NO_PASSING
    for players in (4, 12, 6.0):
        with pytest.raises(hj.RulesError, match="players"):
            family.cancellation_hearts(players=players)  # type: ignore[arg-type]
    with pytest.raises(hj.RulesError, match="passing must be True or False"):
        family.cancellation_hearts(passing="no")  # type: ignore[arg-type]


# ---------------------------------------------------------------- Polignac's ace-low order


def test_polignac_the_ace_ranks_between_the_ten_and_the_jack():
    rules = variants.POLIGNAC
    context = TrickContext(rules, tuple(hj.Play(s, c) for s, c in enumerate(parse_cards("AS TS JS 7H"))), 1)
    assert rules.trick_winner.winner(context) == 2  # the J♠ beats the A♠
    context = TrickContext(rules, tuple(hj.Play(s, c) for s, c in enumerate(parse_cards("AS TS 9S KH"))), 1)
    assert rules.trick_winner.winner(context) == 0  # the A♠ beats the 10♠
    ace_high = family.polignac(ace_high=True)
    assert ace_high.trick_winner == HIGHEST_OF_LED
    with pytest.raises(hj.RulesError, match="ace_high must be True or False"):
        family.polignac(ace_high=1)  # type: ignore[arg-type]


def test_a_rank_order_must_list_the_packs_ranks_once():
    with pytest.raises(hj.RulesError, match="RankOrder: order must list ranks, each once"):
        family.RankOrder(order=(hj.Rank.ACE, hj.Rank.ACE))
    with pytest.raises(hj.RulesError, match="RankOrder: order lacks the rank"):
        hj.Rules(trick_winner=family.RankOrder())  # the 52-card pack has twos to sixes


def test_a_trick_winner_of_ones_own_round_trips_json_and_describes_itself():
    rules = attrs.evolve(variants.STANDARD, trick_winner=Trumps())
    assert hj.loads(hj.dumps(rules)) == rules
    assert hj.loads(hj.dumps(variants.POLIGNAC)) == variants.POLIGNAC
    # A save from before the slot (no "trick_winner" key) loads with the built-in module.
    text = hj.dumps(variants.STANDARD).replace(', "trick_winner": {"type": "HighestOfLed"}', "")
    assert "trick_winner" not in text and hj.loads(text) == variants.STANDARD
