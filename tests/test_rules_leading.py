"""Heart leads, sources §1.7 ``heart_lead``: ``after_broken`` (``broken_by``, ``qs_breaks``,
``break_on_trick_1``, the only-hearts exception, ``only_hq``), ``always``, ``after_trick_1``,
``after_trick_3`` and ``after_suits_led``; and §1.8 ``qs_lead`` (``unrestricted``, ``like_heart``).

Most positions use small packs of 16 cards (4 each) so that trick 2 is reached after one
trick of clubs; the leads tested are the same as in a full pack.
"""

from __future__ import annotations

import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.rules import Leading, PlayContext
from hartenjagen.rules.leading import (
    AFTER_BROKEN,
    AFTER_SUITS_LED,
    AFTER_TRICK_1,
    AFTER_TRICK_3,
    ANYTIME,
    QUEEN_BREAKS,
    BrokenBy,
    HeartsAfterBroken,
    HeartsAfterSuitsLed,
    HeartsAfterTricks,
    HeartsAndQueen,
    HeartsAnytime,
)
from hartenjagen.rules.leading import HOOKS as LEADING_HOOKS
from hartenjagen.rules.plan import declared_plan
from helpers import find_state, game, legal, names, no_pass_rules, play, random_move

HEART_DISCARDED = HeartsAfterBroken(broken_by=BrokenBy.HEART_DISCARDED)
HEARTS_OR_QS = HeartsAfterBroken(hearts_and_queen=HeartsAndQueen.HEARTS_OR_QUEEN)

#: Trick 1 is all clubs ("2C 3C 4C AC"); seat 0 then leads from 5D KD 7H with hearts unbroken.
UNBROKEN = ("AC 5D KD 7H", "2C 2D 3D 4D", "3C 6D 7D 8D", "4C 2H 3H 4H")
#: Seat 3 holds only hearts and must discard one on trick 1 ("2C 3C 2H AC").
DISCARDED_HEART = ("AC 5D KD 7H", "2C 2D 3D 4D", "3C 6D 7D 8D", "2H 3H 4H 5H")
#: After "2C 3C 4C AC" seat 0 holds only hearts; after "3H KH 2H 4H" seat 1 leads from 5D 6H.
FOLLOWED_HEARTS = ("AC 3H 9H TH", "2C KH 5D 6H", "3C 2H 7D 8D", "4C 4H 9D TD")
#: Seat 3 holds only the Q♠ and hearts and may discard the Q♠ on trick 1 ("2C 3C QS AC").
DISCARDED_QUEEN = ("AC KD 5H 6H", "2C 2D 3D 4D", "3C 5D 6D 7D", "QS 2H 3H 4H")
#: Worked example 4: after "2C 3C 4C AC" seat 0 leads from {QS, 7H, 2H}; seat 1's K♠ wins the Q♠.
ONLY_HQ = ("AC QS 7H 2H", "2C KS 3D 5H", "3C 5D 6D 7D", "4C 8D 9D TD")
#: After "2C 3C 4C AC" seat 0 leads from QS KD 7H.
QUEEN_AND_OTHERS = ("AC QS KD 7H", "2C 2D 3D 4D", "3C 5D 6D 7D", "4C 8D 9D TD")

#: Full packs: after "2C 3C 4C AC" seat 0 leads trick 2 from the Q♠ and 11 hearts / from 12 hearts.
ONLY_HQ_52 = (
    "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "2C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D 8D 9D",
    "3C 9C TC JC TD JD QD KD AD KH AH 2S 3S",
    "4C QC KC 4S 5S 6S 7S 8S 9S TS JS KS AS",
)
ONLY_HEARTS_52 = (
    "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "2C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D 8D 9D",
    "3C 9C TC JC TD JD QD KD AD QS AH 2S 3S",
    "4C QC KC 4S 5S 6S 7S 8S 9S TS JS KS AS",
)
CLUBS = "2C 3C 4C AC"


def test_after_broken_with_any_heart_played_is_the_default():
    assert hj.Rules().leading == AFTER_BROKEN
    assert AFTER_BROKEN.broken_by is BrokenBy.ANY_HEART
    assert AFTER_BROKEN.queen_breaks is False
    assert AFTER_BROKEN.hearts_and_queen is HeartsAndQueen.QUEEN_FORCED


def test_after_broken_refuses_a_heart_lead_before_hearts_are_broken():
    state = play(game(UNBROKEN), CLUBS)
    assert state.to_move == (0,)
    assert not state.hearts_broken
    assert legal(state) == {"5D", "KD"}
    with pytest.raises(hj.IllegalMoveError, match="hearts may not be led until hearts are broken") as info:
        hj.apply(state, hj.Play(0, "7H"))
    assert info.value.code == hj.IllegalMoveCode.HEARTS_NOT_BROKEN
    assert str(info.value) == "7♥ may not be played: hearts may not be led until hearts are broken"


def test_after_broken_allows_a_heart_lead_once_a_heart_was_played_in_an_earlier_trick():
    state = play(game(DISCARDED_HEART), "2C 3C 2H AC")
    assert state.hearts_broken
    assert legal(state) == {"5D", "KD", "7H"}


def test_heart_discarded_on_first_trick_breaks_hearts():
    # break_on_trick_1 = true: a heart on trick 1 breaks hearts, under both broken_by options.
    for leading in (AFTER_BROKEN, HEART_DISCARDED):
        state = play(game(DISCARDED_HEART, leading=leading), "2C 3C 2H")
        assert state.hearts_broken
        assert legal(play(state, "AC")) == {"5D", "KD", "7H"}


def test_after_broken_restricts_leads_in_random_positions():
    def unbroken_mixed_lead(state: hj.State) -> bool:
        if state.phase is not hj.Phase.PLAYING or state.trick or not state.tricks or state.hearts_broken:
            return False
        suits = {card.suit for card in state.hands[state.to_move[0]]}
        return hj.Suit.HEARTS in suits and len(suits) > 1

    state = find_state(no_pass_rules(), unbroken_mixed_lead)
    hand = state.hands[state.to_move[0]]
    assert legal(state) == {str(c) for c in hand if c.suit is not hj.Suit.HEARTS}


def test_only_hearts_exception_allows_any_heart():
    state = play(game(FOLLOWED_HEARTS), CLUBS)
    assert not state.hearts_broken
    assert legal(state) == {"3H", "9H", "TH"}


def test_only_hearts_exception_in_a_full_pack():
    state = play(game(ONLY_HEARTS_52), CLUBS)
    assert not state.hearts_broken
    assert legal(state) == names(ONLY_HEARTS_52[0]) - {"AC"}


def test_only_hearts_exception_with_heart_discarded():
    state = play(game(FOLLOWED_HEARTS, leading=HEART_DISCARDED), CLUBS)
    assert legal(state) == {"3H", "9H", "TH"}


def test_any_heart_played_breaks_when_a_heart_is_led_and_followed():
    state = play(game(FOLLOWED_HEARTS), CLUBS + " 3H")
    assert state.hearts_broken
    state = play(state, "KH 2H 4H")
    assert state.to_move == (1,)
    assert legal(state) == {"5D", "6H"}


def test_heart_discarded_only_breaks_on_discard():
    # The 3♥ is led under the only-hearts exception and followed with hearts: nothing was discarded.
    state = play(game(FOLLOWED_HEARTS, leading=HEART_DISCARDED), CLUBS + " 3H KH 2H 4H")
    assert not state.hearts_broken
    assert state.to_move == (1,)
    assert legal(state) == {"5D"}
    # ... while a heart discarded on a club lead does break them.
    state = play(game(DISCARDED_HEART, leading=HEART_DISCARDED), "2C 3C 2H AC")
    assert state.hearts_broken
    assert legal(state) == {"5D", "KD", "7H"}


def test_queen_does_not_break_hearts_by_default():
    state = play(game(DISCARDED_QUEEN), "2C 3C QS")
    assert not state.hearts_broken
    assert legal(play(state, "AC")) == {"KD"}


def test_queen_breaks_hearts_when_queen_breaks_is_set():
    state = play(game(DISCARDED_QUEEN, leading=QUEEN_BREAKS), "2C 3C QS")
    assert state.hearts_broken
    assert legal(play(state, "AC")) == {"KD", "5H", "6H"}


def test_queen_breaks_hearts_when_led():
    # Worked example 4, last line: with qs_breaks=true, after the Q♠ is led hearts are broken.
    state = play(game(ONLY_HQ, leading=QUEEN_BREAKS), CLUBS + " QS")
    assert state.hearts_broken
    state = play(state, "KS 5D 8D")
    assert state.to_move == (1,)
    assert legal(state) == {"3D", "5H"}


def test_queen_led_does_not_break_hearts_without_queen_breaks():
    state = play(game(ONLY_HQ), CLUBS + " QS KS 5D 8D")
    assert not state.hearts_broken
    assert legal(state) == {"3D"}


def test_only_hq_qs_forced_allows_only_the_queen():
    # Worked example 4: hearts unbroken, the leader holds {QS, 7H, 2H}: qs_forced -> {QS}.
    state = play(game(ONLY_HQ), CLUBS)
    assert names(state.hands[0]) == {"QS", "7H", "2H"}
    assert legal(state) == {"QS"}
    reason = hj.explain(state, hj.Play(0, "7H"))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.HEARTS_NOT_BROKEN


def test_hearts_or_queen_allows_hearts_when_only_hearts_and_queen_remain():
    # Worked example 4: hearts_or_qs -> all three.
    state = play(game(ONLY_HQ, leading=HEARTS_OR_QS), CLUBS)
    assert legal(state) == {"QS", "7H", "2H"}


def test_only_hq_in_a_full_pack():
    state = play(game(ONLY_HQ_52), CLUBS)
    assert legal(state) == {"QS"}
    state = play(game(ONLY_HQ_52, leading=HEARTS_OR_QS), CLUBS)
    assert legal(state) == names(ONLY_HQ_52[0]) - {"AC"}


def test_hearts_or_queen_does_not_apply_while_other_cards_remain():
    state = play(game(QUEEN_AND_OTHERS, leading=HEARTS_OR_QS), CLUBS)
    assert legal(state) == {"QS", "KD"}
    state = play(game(QUEEN_AND_OTHERS), CLUBS)
    assert legal(state) == {"QS", "KD"}


def test_queen_may_be_led_before_hearts_are_broken():
    # qs_lead = unrestricted (sources §1.8): the Q♠ and spades may always be led.
    state = play(game(QUEEN_AND_OTHERS), CLUBS)
    assert hj.is_legal(state, hj.Play(0, "QS"))


def test_always_allows_a_heart_lead_before_hearts_are_broken():
    state = play(game(UNBROKEN, leading=ANYTIME), CLUBS)
    assert not state.hearts_broken
    assert legal(state) == {"5D", "KD", "7H"}


def test_always_still_requires_the_opening_lead():
    assert legal(game(UNBROKEN, leading=ANYTIME)) == {"2C"}


def test_hearts_broken_flag_resets_each_hand():
    state = hj.new_game(no_pass_rules(), seed=11)
    before_last_trick = state
    while state.hand_index == 0:
        before_last_trick = state
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert before_last_trick.hearts_broken
    assert state.hand_index == 1
    assert not state.hearts_broken


def test_openspiel_switches_select_heart_lead_modules():
    assert hj.variants.openspiel().leading == HeartsAfterBroken(queen_breaks=True)
    assert hj.variants.openspiel(qs_breaks_hearts=False).leading == AFTER_BROKEN
    assert hj.variants.openspiel(must_break_hearts=False).leading == ANYTIME
    assert hj.variants.openspiel(can_lead_hearts_instead_of_qs=True).leading == HeartsAfterBroken(
        queen_breaks=True, hearts_and_queen=HeartsAndQueen.HEARTS_OR_QUEEN
    )


# ---------------------------------------------------------------- after_trick_1, after_trick_3

#: Five cards each: seat 0 wins three club tricks ("2C 3C 4C AC", "KC 5C 6C 7C", "QC 8C 9C TC")
#: and then holds 7H 5D; nobody plays a heart before trick 4.
THREE_CLUB_TRICKS = (
    "AC KC QC 7H 5D",
    "2C 5C 8C 2D 3D",
    "3C 6C 9C 4D 6D",
    "4C 7C TC 7D 8D",
)
#: Worked example 5: after "2C 3C 4C AC" seat 0 leads trick 2 holding only {9H, 3H}.
EXAMPLE_5 = ("AC 9H 3H", "2C 2D 3D", "3C 4D 5D", "4C 6D 7D")


def test_after_trick_1_and_after_trick_3_are_hearts_after_tricks():
    assert HeartsAfterTricks(tricks=1) == AFTER_TRICK_1
    assert HeartsAfterTricks(tricks=3) == AFTER_TRICK_3
    assert HeartsAfterTricks() == AFTER_TRICK_1
    assert AFTER_TRICK_1.hearts_and_queen is HeartsAndQueen.QUEEN_FORCED
    assert not AFTER_TRICK_1.queen_like_heart


def test_after_trick_1_allows_a_heart_lead_on_trick_2_while_hearts_are_unbroken():
    state = play(game(UNBROKEN, leading=AFTER_TRICK_1), CLUBS)
    assert state.trick_number == 1
    assert not state.hearts_broken
    assert legal(state) == {"5D", "KD", "7H"}


def test_after_trick_1_still_requires_the_opening_lead_on_trick_1():
    assert legal(game(UNBROKEN, leading=AFTER_TRICK_1)) == {"2C"}


def test_after_trick_3_refuses_a_heart_lead_on_tricks_2_and_3():
    state = play(game(THREE_CLUB_TRICKS, leading=AFTER_TRICK_3), CLUBS)
    assert state.trick_number == 1
    assert legal(state) == {"KC", "QC", "5D"}
    state = play(state, "KC 5C 6C 7C")
    assert state.trick_number == 2
    assert legal(state) == {"QC", "5D"}
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.Play(0, "7H"))
    assert info.value.code == hj.IllegalMoveCode.HEARTS_NOT_BROKEN
    assert str(info.value) == "7♥ may not be played: hearts may not be led before trick 4"


def test_after_trick_3_allows_a_heart_lead_from_trick_4_while_hearts_are_unbroken():
    state = play(game(THREE_CLUB_TRICKS, leading=AFTER_TRICK_3), CLUBS + " KC 5C 6C 7C QC 8C 9C TC")
    assert state.trick_number == 3
    assert state.to_move == (0,)
    assert not state.hearts_broken
    assert legal(state) == {"7H", "5D"}
    # The same position under after_broken: hearts are still closed.
    state = play(game(THREE_CLUB_TRICKS), CLUBS + " KC 5C 6C 7C QC 8C 9C TC")
    assert legal(state) == {"5D"}


def test_after_trick_n_counts_tricks_not_hearts_broken():
    # A heart discarded on trick 1 does not open hearts for after_trick_3 ...
    state = play(game(DISCARDED_HEART, leading=AFTER_TRICK_3), "2C 3C 2H AC")
    assert state.hearts_broken
    assert legal(state) == {"5D", "KD"}
    # ... nor for any longer count.
    state = play(game(DISCARDED_HEART, leading=HeartsAfterTricks(tricks=2)), "2C 3C 2H AC")
    assert legal(state) == {"5D", "KD"}


def test_after_trick_3_only_hearts_exception_on_trick_2():
    # Worked example 5: Hoemke H3, trick 2; the leader holds {9H, 3H} -> both are legal.
    state = play(game(EXAMPLE_5, leading=AFTER_TRICK_3), CLUBS)
    assert state.trick_number == 1
    assert names(state.hands[0]) == {"9H", "3H"}
    assert legal(state) == {"9H", "3H"}


def test_after_trick_3_hearts_and_queen_options():
    # only_hq applies to every restricted heart-lead rule: trick 2, the leader holds {QS, 7H, 2H}.
    state = play(game(ONLY_HQ, leading=AFTER_TRICK_3), CLUBS)
    assert legal(state) == {"QS"}
    hearts_or_qs = HeartsAfterTricks(tricks=3, hearts_and_queen=HeartsAndQueen.HEARTS_OR_QUEEN)
    state = play(game(ONLY_HQ, leading=hearts_or_qs), CLUBS)
    assert legal(state) == {"QS", "7H", "2H"}


def test_hoemke_heart_lead_choice_points():
    assert hj.variants.hoemke(1, 1, 1, 1).leading == AFTER_TRICK_1
    assert hj.variants.hoemke(1, 1, 2, 1).leading == AFTER_BROKEN
    assert hj.variants.hoemke(1, 1, 3, 1).leading == AFTER_TRICK_3
    assert hj.variants.hoemke(1, 1, 4, 1).leading == AFTER_SUITS_LED


# ---------------------------------------------------------------- after_suits_led

#: Six cards each; seat 0 holds the winning club, diamond and spade cards and a heart, and leads
#: every trick after the first (the 2C led by seat 1, won by the A♣). Everyone follows suit.
SUITS_LED = (
    "AC KC AD KD 7H AS",
    "2C 5C 2D 5D 2S 3S",
    "3C 6C 3D 6D 4S 5S",
    "4C 7C 4D 7D 6S 8S",
)


def test_after_suits_led_is_hearts_after_suits_led():
    assert HeartsAfterSuitsLed() == AFTER_SUITS_LED


def test_after_suits_led_two_suits_led_twice_open_hearts():
    # Worked example 6: leads C, C, D, D -> hearts are legal on trick 5.
    state = play(game(SUITS_LED, leading=AFTER_SUITS_LED), "2C 3C 4C AC KC 5C 6C 7C AD 2D 3D 4D")
    assert [trick.cards[0].suit for trick in state.tricks] == [hj.Suit.CLUBS, hj.Suit.CLUBS, hj.Suit.DIAMONDS]
    assert legal(state) == {"KD", "AS"}  # C, C, D: not yet
    state = play(state, "KD 5D 6D 7D")
    assert state.trick_number == 4
    assert not state.hearts_broken
    assert legal(state) == {"7H", "AS"}


def test_after_suits_led_one_suit_twice_is_not_enough():
    # Worked example 6: leads C, D, C -> hearts are not legal.
    state = play(game(SUITS_LED, leading=AFTER_SUITS_LED), "2C 3C 4C AC AD 2D 3D 4D KC 5C 6C 7C")
    assert [str(trick.cards[0]) for trick in state.tricks] == ["2C", "AD", "KC"]
    assert legal(state) == {"KD", "AS"}
    reason = hj.explain(state, hj.Play(0, "7H"))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.HEARTS_NOT_BROKEN
    assert reason.message == (
        "7♥ may not be played: hearts may not be led until clubs, diamonds and spades "
        "have each been led, or two of them twice"
    )


def test_after_suits_led_each_other_suit_once_opens_hearts():
    # Worked example 6: leads C, D, S -> hearts are legal.
    state = play(game(SUITS_LED, leading=AFTER_SUITS_LED), "2C 3C 4C AC AD 2D 3D 4D AS 2S 4S 6S")
    assert [str(trick.cards[0]) for trick in state.tricks] == ["2C", "AD", "AS"]
    assert not state.hearts_broken
    assert legal(state) == {"KC", "KD", "7H"}


def test_after_suits_led_ignores_hearts_broken():
    # A heart discarded on trick 1 breaks hearts, but after_suits_led counts only the suits led.
    state = play(game(DISCARDED_HEART, leading=AFTER_SUITS_LED), "2C 3C 2H AC")
    assert state.hearts_broken
    assert legal(state) == {"5D", "KD"}


def test_after_suits_led_hearts_and_queen_and_only_hearts():
    state = play(game(ONLY_HQ, leading=AFTER_SUITS_LED), CLUBS)
    assert legal(state) == {"QS"}
    hearts_or_qs = HeartsAfterSuitsLed(hearts_and_queen=HeartsAndQueen.HEARTS_OR_QUEEN)
    assert legal(play(game(ONLY_HQ, leading=hearts_or_qs), CLUBS)) == {"QS", "7H", "2H"}
    assert legal(play(game(FOLLOWED_HEARTS, leading=AFTER_SUITS_LED), CLUBS)) == {"3H", "9H", "TH"}


# ---------------------------------------------------------------- break_on_trick_1, broken_by


def test_break_on_first_trick_false_ignores_a_heart_on_trick_1():
    no_first = HeartsAfterBroken(break_on_first_trick=False)
    state = play(game(DISCARDED_HEART, leading=no_first), "2C 3C 2H AC")
    assert not state.hearts_broken
    assert legal(state) == {"5D", "KD"}
    # A heart discarded on trick 2 breaks them as usual.
    state = play(state, "5D 2D 6D 3H")
    assert state.hearts_broken


def test_break_on_first_trick_false_ignores_the_queen_on_trick_1():
    leading = HeartsAfterBroken(queen_breaks=True, break_on_first_trick=False)
    state = play(game(DISCARDED_QUEEN, leading=leading), "2C 3C QS AC")
    assert not state.hearts_broken
    assert legal(state) == {"KD"}


def test_break_on_first_trick_false_with_heart_discarded():
    leading = HeartsAfterBroken(broken_by=BrokenBy.HEART_DISCARDED, break_on_first_trick=False)
    state = play(game(DISCARDED_HEART, leading=leading), "2C 3C 2H AC")
    assert not state.hearts_broken
    assert play(state, "5D 2D 6D 3H").hearts_broken


def test_heart_discarded_versus_any_heart_played_after_a_led_heart():
    # The 3♥ is led under the only-hearts exception and followed by hearts: any_heart_played breaks
    # hearts, heart_discarded does not, so seat 1 may lead the 6♥ only under any_heart_played.
    moves = CLUBS + " 3H KH 2H 4H"
    assert play(game(FOLLOWED_HEARTS, leading=AFTER_BROKEN), moves).hearts_broken
    assert legal(play(game(FOLLOWED_HEARTS, leading=AFTER_BROKEN), moves)) == {"5D", "6H"}
    assert not play(game(FOLLOWED_HEARTS, leading=HEART_DISCARDED), moves).hearts_broken
    assert legal(play(game(FOLLOWED_HEARTS, leading=HEART_DISCARDED), moves)) == {"5D"}


# ---------------------------------------------------------------- qs_lead = like_heart

QUEEN_LIKE_HEART = HeartsAfterBroken(queen_like_heart=True)


def test_queen_like_heart_closes_the_queen_while_hearts_are_unbroken():
    state = play(game(QUEEN_AND_OTHERS, leading=QUEEN_LIKE_HEART), CLUBS)
    assert legal(state) == {"KD"}
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.Play(0, "QS"))
    assert info.value.code == hj.IllegalMoveCode.HEARTS_NOT_BROKEN
    assert str(info.value) == "Q♠ may not be played: hearts or the Q♠ may not be led until hearts are broken"


def test_queen_like_heart_opens_with_hearts():
    state = play(game(DISCARDED_HEART, leading=QUEEN_LIKE_HEART), "2C 3C 2H AC")
    assert state.hearts_broken
    assert legal(state) == {"5D", "KD", "7H"}
    state = play(game(QUEEN_AND_OTHERS, leading=HeartsAfterTricks(tricks=1, queen_like_heart=True)), CLUBS)
    assert legal(state) == {"QS", "KD", "7H"}


def test_queen_like_heart_hand_of_hearts_and_queen_may_lead_anything():
    # The Q♠ counts as a heart, so a hand of hearts and the Q♠ falls under the only-hearts exception.
    state = play(game(ONLY_HQ, leading=QUEEN_LIKE_HEART), CLUBS)
    assert legal(state) == {"QS", "7H", "2H"}
    state = play(game(ONLY_HQ_52, leading=QUEEN_LIKE_HEART), CLUBS)
    assert legal(state) == names(ONLY_HQ_52[0]) - {"AC"}


def test_queen_like_heart_under_after_trick_3():
    leading = HeartsAfterTricks(tricks=3, queen_like_heart=True)
    state = play(game(QUEEN_AND_OTHERS, leading=leading), CLUBS)
    assert legal(state) == {"KD"}
    reason = hj.explain(state, hj.Play(0, "QS"))
    assert reason is not None
    assert reason.message == "Q♠ may not be played: hearts or the Q♠ may not be led before trick 4"


# ---------------------------------------------------------------- the card-level hooks

C = hj.Card.parse


def test_hearts_open_on_the_context_of_a_lead():
    unbroken = PlayContext.of(play(game(UNBROKEN), CLUBS))
    broken = PlayContext.of(play(game(DISCARDED_HEART), "2C 3C 2H AC"))
    assert (unbroken.leading, unbroken.trick_number, unbroken.hearts_broken) == (True, 2, False)
    assert broken.hearts_broken
    assert not AFTER_BROKEN.hearts_open(unbroken)
    assert AFTER_BROKEN.hearts_open(broken)
    assert AFTER_TRICK_1.hearts_open(unbroken)
    assert not AFTER_TRICK_3.hearts_open(broken)  # counts tricks, not hearts broken
    assert not AFTER_SUITS_LED.hearts_open(broken)
    suits = PlayContext.of(
        play(game(SUITS_LED, leading=AFTER_SUITS_LED), "2C 3C 4C AC AD 2D 3D 4D AS 2S 4S 6S")
    )
    assert [str(trick.cards[0]) for trick in suits.tricks] == ["2C", "AD", "AS"]
    assert AFTER_SUITS_LED.hearts_open(suits)


@pytest.mark.parametrize(
    ("leading", "hands", "moves"),
    [
        (AFTER_BROKEN, UNBROKEN, CLUBS),
        (AFTER_BROKEN, DISCARDED_HEART, "2C 3C 2H AC"),
        (AFTER_BROKEN, FOLLOWED_HEARTS, CLUBS),
        (AFTER_BROKEN, ONLY_HQ, CLUBS),
        (HEARTS_OR_QS, ONLY_HQ, CLUBS),
        (HEARTS_OR_QS, QUEEN_AND_OTHERS, CLUBS),
        (HeartsAfterBroken(queen_like_heart=True), QUEEN_AND_OTHERS, CLUBS),
        (HeartsAfterBroken(queen_like_heart=True), ONLY_HQ, CLUBS),
        (AFTER_TRICK_1, UNBROKEN, CLUBS),
        (AFTER_TRICK_3, THREE_CLUB_TRICKS, CLUBS),
        (AFTER_TRICK_3, THREE_CLUB_TRICKS, CLUBS + " KC 5C 6C 7C QC 8C 9C TC"),
        (AFTER_SUITS_LED, SUITS_LED, "2C 3C 4C AC KC 5C 6C 7C AD 2D 3D 4D KD 5D 6D 7D"),
        (AFTER_SUITS_LED, SUITS_LED, "2C 3C 4C AC AD 2D 3D 4D KC 5C 6C 7C"),
        (ANYTIME, UNBROKEN, CLUBS),
    ],
)
def test_playable_on_cards_is_what_the_engine_allows(leading, hands, moves):
    state = play(game(hands, leading=leading), moves)
    (seat,) = state.to_move
    context = PlayContext.of(state, allowed=state.hands[seat])
    assert context.leading and context.trick_number > 1
    assert names(leading.playable(context)) == legal(state)


@pytest.mark.parametrize(
    ("leading", "card", "discarded", "trick", "breaks"),
    [
        (AFTER_BROKEN, "2H", False, 2, True),
        (AFTER_BROKEN, "2H", True, 1, True),
        (AFTER_BROKEN, "QS", True, 2, False),
        (HEART_DISCARDED, "2H", False, 2, False),
        (HEART_DISCARDED, "2H", True, 2, True),
        (QUEEN_BREAKS, "QS", False, 2, True),
        (QUEEN_BREAKS, "QS", True, 1, True),
        (HeartsAfterBroken(break_on_first_trick=False), "2H", True, 1, False),
        (HeartsAfterBroken(break_on_first_trick=False), "2H", True, 2, True),
        (HeartsAfterBroken(queen_breaks=True, break_on_first_trick=False), "QS", True, 1, False),
        (AFTER_BROKEN, "AS", True, 2, False),
    ],
)
def test_breaks_hearts_on_cards(leading, card, discarded, trick, breaks):
    assert leading.breaks_hearts(C(card), discarded, trick) is breaks


def test_refusal_names_the_condition():
    rules = hj.Rules()
    assert AFTER_BROKEN.refusal(rules) == "hearts may not be led until hearts are broken"
    assert AFTER_TRICK_3.refusal(rules) == "hearts may not be led before trick 4"
    assert QUEEN_LIKE_HEART.refusal(rules) == "hearts or the Q♠ may not be led until hearts are broken"


# ---------------------------------------------------------------- a subclass of a built-in rule


@attrs.frozen(kw_only=True, repr=False)
class OwnAfterBroken(HeartsAfterBroken):
    """The built-in rule with ``hearts_open`` written again, saying the same."""

    def hearts_open(self, context: PlayContext) -> bool:
        return super().hearts_open(context)


@attrs.frozen(kw_only=True, repr=False)
class OwnBreaks(HeartsAfterBroken):
    """The built-in rule with ``breaks_hearts`` written again, saying the same."""

    def breaks_hearts(self, card: hj.Card, discarded: bool, trick_number: int) -> bool:
        return super().breaks_hearts(card, discarded, trick_number)


@attrs.frozen(kw_only=True, repr=False)
class OwnAfterTricks(HeartsAfterTricks):
    """The built-in rule with ``playable`` written again, saying the same."""

    def playable(self, context: PlayContext):
        return super().playable(context)


@attrs.frozen(kw_only=True, repr=False)
class OwnSuitsLed(HeartsAfterSuitsLed):
    """The built-in rule with ``hearts_open`` written again, saying the same."""

    def hearts_open(self, context: PlayContext) -> bool:
        return super().hearts_open(context)


@attrs.frozen(repr=False)
class OwnAnytime(HeartsAnytime):
    """Hearts at any time, with ``playable`` written again."""

    def playable(self, context: PlayContext):
        return set(context.allowed)


@attrs.frozen(kw_only=True, repr=False)
class NeverBreaks(HeartsAfterBroken):
    """A rule of one's own in which nothing breaks hearts: the engine asks it, not the plan of its base."""

    def breaks_hearts(self, card: hj.Card, discarded: bool, trick_number: int) -> bool:
        return False


def test_a_subclass_of_a_built_in_rule_is_asked_by_the_engine():
    state = play(game(DISCARDED_HEART, leading=NeverBreaks()), "2C 3C 2H AC")
    assert not state.hearts_broken
    assert legal(state) == {"5D", "KD"}
    assert play(game(DISCARDED_HEART), "2C 3C 2H AC").hearts_broken


def _plays_alike(first: hj.State, second: hj.State, seed: int) -> None:
    """Play one hand at random in both games with the same moves; every position allows and refuses alike."""
    rng = random.Random(seed)
    assert first.hands == second.hands
    hand_index = first.hand_index
    while first.hand_index == hand_index and first.phase is hj.Phase.PLAYING:
        assert hj.legal_moves(first) == hj.legal_moves(second)
        assert first.hearts_broken is second.hearts_broken
        (seat,) = first.to_move
        for card in first.hands[seat]:
            assert hj.explain(first, hj.Play(seat, card)) == hj.explain(second, hj.Play(seat, card))
        move = random_move(first, rng)
        first, second = hj.apply(first, move), hj.apply(second, move)
    assert first.hand_index == hand_index + 1  # the hand was played out
    assert first.score_sheet == second.score_sheet


@pytest.mark.parametrize(
    ("built_in", "own"),
    [
        (AFTER_BROKEN, OwnAfterBroken()),
        (QUEEN_BREAKS, OwnAfterBroken(queen_breaks=True)),
        (HEART_DISCARDED, OwnBreaks(broken_by=BrokenBy.HEART_DISCARDED)),
        (HEARTS_OR_QS, OwnBreaks(hearts_and_queen=HeartsAndQueen.HEARTS_OR_QUEEN)),
        (QUEEN_LIKE_HEART, OwnAfterBroken(queen_like_heart=True)),
        (
            HeartsAfterBroken(queen_breaks=True, break_on_first_trick=False),
            OwnBreaks(queen_breaks=True, break_on_first_trick=False),
        ),
        (AFTER_TRICK_1, OwnAfterTricks()),
        (AFTER_TRICK_3, OwnAfterTricks(tricks=3)),
        (AFTER_SUITS_LED, OwnSuitsLed()),
        (ANYTIME, OwnAnytime()),
    ],
    ids=repr,
)
def test_a_subclass_overriding_a_hook_loses_the_plan_and_plays_like_the_built_in(built_in, own):
    assert declared_plan(built_in, Leading, LEADING_HOOKS) == built_in.plan() is not None
    assert declared_plan(own, Leading, LEADING_HOOKS) is None  # the core calls its hooks
    assert own.refusal(hj.Rules()) == built_in.refusal(hj.Rules())
    small = (
        UNBROKEN,
        DISCARDED_HEART,
        FOLLOWED_HEARTS,
        DISCARDED_QUEEN,
        ONLY_HQ,
        QUEEN_AND_OTHERS,
        SUITS_LED,
    )
    for hands in (*small, ONLY_HQ_52, ONLY_HEARTS_52, THREE_CLUB_TRICKS, EXAMPLE_5):
        for seed in range(3):
            _plays_alike(game(hands, leading=built_in), game(hands, leading=own), seed)
    for seed in range(6):
        rules = no_pass_rules(leading=built_in)
        _plays_alike(
            hj.new_game(rules, seed=seed), hj.new_game(attrs.evolve(rules, leading=own), seed=seed), seed
        )
