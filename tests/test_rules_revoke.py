"""The house rule ``revoke = penalized`` (sources §1.13, ``extras.RevokePenalty``): a play some rule
refuses voids the hand and costs its player, and it may not share its hook with another extra.
(Split from ``test_rules_extras.py``, which keeps the other house rules.)
"""

from __future__ import annotations

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.extras import (
    MIEZEN,
    MUST_DROP_QUEEN,
    NoTricksBonus,
    RevokePenalty,
)
from hartenjagen.rules.routes import PassRoute
from helpers import (
    DROP_AFTER_ACE,
    MIXED_DEAL,
    ONE_SUIT_EACH,
    find_state,
    game,
    no_pass_rules,
    play,
    play_out,
)

Code = hj.IllegalMoveCode


# ---------------------------------------------------------------- revoke = penalized (§1.13)

REVOKE = (RevokePenalty(),)


def _to_play(state: hj.State) -> hj.State:
    """Make the first listed pass for every seat until play starts."""
    while state.phase is hj.Phase.PASSING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    return state


def test_revoke_penalty_default_is_the_schemes_positive_total():
    assert RevokePenalty().points is None
    assert RevokePenalty().revoke_penalty(hj.variants.STANDARD) == 26
    assert RevokePenalty().revoke_penalty(hj.variants.DUTCH) == 15
    assert RevokePenalty().revoke_penalty(hj.variants.ACHTERHOEK) == 25
    assert RevokePenalty(points=10).revoke_penalty(hj.variants.STANDARD) == 10


def test_revoke_voids_the_hand_and_the_same_dealer_deals_again():
    state = _to_play(hj.new_game(hj.Rules(extras=REVOKE), deal=list(MIXED_DEAL), dealer=0, seed=3))
    assert state.pass_direction == PassRoute.LEFT
    (leader,) = state.to_move
    wrong = next(card for card in state.hands[leader] if str(card) != "2C")
    revoke = hj.Play(leader, wrong)
    assert not hj.is_legal(state, revoke)
    assert hj.explain(state, revoke).code == Code.MUST_LEAD_OPENING_CARD
    after = hj.apply(state, revoke)
    assert after.hand_index == 0
    assert after.dealer == 0
    assert after.pass_direction == PassRoute.LEFT
    assert after.phase is hj.Phase.PASSING
    assert after.tricks == ()
    assert after.scores == tuple(26 if seat == leader else 0 for seat in range(4))
    (result,) = after.score_sheet
    assert result.revoke == leader
    assert result.hand_index == 0
    assert result.dealer == 0
    assert result.raw == (0, 0, 0, 0)
    assert result.points == result.totals == after.scores
    assert result.shooter is None
    assert after.dealt != state.dealt  # a new deal


def test_revoke_of_a_card_that_breaks_a_later_rule():
    # Not following suit in the middle of a hand: the offender scores the penalty, the hand is replayed.
    rules = no_pass_rules(extras=(RevokePenalty(points=10),))
    state = play(hj.new_game(rules, deal=list(MIXED_DEAL)), "2C")
    assert state.to_move == (3,)
    reason = hj.explain(state, hj.Play(3, "AD"))
    assert reason.code == Code.MUST_FOLLOW_SUIT
    after = hj.apply(state, hj.Play(3, "AD"))
    assert after.scores == (0, 0, 0, 10)
    assert after.score_sheet[-1].revoke == 3
    assert after.hand_index == 0
    assert after.phase is hj.Phase.PLAYING
    assert after.trick == ()


def test_revoke_of_a_house_rule():
    state = play(game(DROP_AFTER_ACE, extras=(MUST_DROP_QUEEN, RevokePenalty())), "2C 3C 4C AC 2S AS")
    after = hj.apply(state, hj.Play(2, "5S"))
    assert after.score_sheet[-1].revoke == 2
    assert after.scores == (0, 0, 13, 0)  # this small pack's positive total: the Q♠ alone


def test_revoke_card_not_in_hand_is_still_refused():
    state = game(MIXED_DEAL, extras=REVOKE)
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.Play(2, "AS"))
    assert info.value.code == Code.CARD_NOT_IN_HAND
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.Play(0, "3C"))
    assert info.value.code == Code.NOT_YOUR_TURN


def test_revoke_is_not_legal_but_apply_accepts_it():
    state = game(MIXED_DEAL, extras=REVOKE)
    revoke = hj.Play(2, "8C")
    assert revoke not in hj.legal_moves(state)
    assert not hj.is_legal(state, revoke)
    assert hj.explain(state, revoke).code == Code.MUST_LEAD_OPENING_CARD
    assert hj.apply(state, revoke).score_sheet[-1].revoke == 2
    # Without the house rule the same play is refused.
    with pytest.raises(hj.IllegalMoveError):
        hj.apply(game(MIXED_DEAL), revoke)


def test_revoke_in_a_dutch_game_scores_15():
    dutch_mixed = (
        "7C 8C 9C TC 7D 8D 9D TD",
        "JC QC KC AC JD QD KD AD",
        "7H 8H 9H TH 7S 8S 9S TS",
        "JH QH KH AH JS QS KS AS",
    )
    rules = attrs.evolve(hj.variants.DUTCH, extras=REVOKE)
    state = play(hj.new_game(rules, deal=list(dutch_mixed), dealer=3), "7C")
    after = hj.apply(state, hj.Play(1, "JD"))
    assert after.scores == (0, 15, 0, 0)
    assert after.score_sheet[-1].revoke == 1
    assert after.dealer == 3
    assert after.hand_index == 0


def _revoke_chance(state: hj.State) -> hj.Play | None:
    """A play of a held card that does not follow suit although the seat could, if there is one."""
    if state.phase is not hj.Phase.PLAYING or not state.trick:
        return None
    (seat,) = state.to_move
    led = state.trick[0].card.suit
    hand = state.hands[seat]
    off_suit = [card for card in hand if card.suit is not led]
    if off_suit and len(off_suit) < len(hand):
        return hj.Play(seat, off_suit[0])
    return None


def test_revoke_penalty_is_added_in_the_dutch_second_half():
    rules = attrs.evolve(hj.variants.DUTCH, extras=REVOKE)

    def second_half_revoke_chance(state: hj.State) -> bool:
        in_second_half = rules.ending.second_half(state.score_sheet) and min(state.scores) > 0
        return in_second_half and _revoke_chance(state) is not None

    state = find_state(rules, second_half_revoke_chance)
    revoke = _revoke_chance(state)
    assert not hj.is_legal(state, revoke)
    after = hj.apply(state, revoke)
    assert after.score_sheet[-1].revoke == revoke.seat
    assert after.score_sheet[-1].points == tuple(15 if s == revoke.seat else 0 for s in range(4))
    assert after.scores == tuple(t + 15 if s == revoke.seat else t for s, t in enumerate(state.scores))
    assert after.hand_index == state.hand_index
    assert after.dealer == state.dealer
    assert not after.is_over
    assert rules.ending.second_half(after.score_sheet)


def test_revoke_voided_hand_does_not_end_a_single_hand_game():
    state = game(MIXED_DEAL, extras=REVOKE, ending=SINGLE_HAND)
    state = hj.apply(state, hj.Play(2, "8C"))
    assert not state.is_over
    assert state.hand_index == 0
    state = play_out(state)
    assert state.is_over
    assert len(state.score_sheet) == 2
    assert state.score_sheet[0].revoke == 2
    assert state.score_sheet[1].revoke is None


def test_revoke_hook_users_are_limited_to_one():
    with pytest.raises(hj.RulesError, match="both use the revoke_penalty hook; keep one"):
        hj.Rules(extras=(RevokePenalty(), RevokePenalty(points=10)))


def test_different_hooks_combine():
    rules = hj.Rules(extras=(MIEZEN, RevokePenalty(), MUST_DROP_QUEEN, NoTricksBonus()))
    assert len(rules.extras) == 4


def test_revoke_penalty_does_not_cover_passing():
    # Only plays are let through: a refused pass is refused as usual.
    rules = hj.Rules(passing=hj.rules.passing.PASS_FOUR_RETURN_ONE, extras=REVOKE)
    state = hj.new_game(rules, deal=list(MIXED_DEAL))
    for seat, cards in enumerate(("2H 3H 4H 5H", "6H 7H 8H 4S", "9H TH JH 7S", "QH KH AH TS")):
        state = hj.apply(state, hj.Pass(seat, cards))
    assert state.pass_stage == 1
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.Pass(0, "3C"))
    assert info.value.code == Code.PASS_NOT_ALLOWED


def test_revoke_penalty_does_not_cover_a_play_during_the_moon_choice():
    rules = no_pass_rules(moon=hj.rules.moon.SHOOTER_CHOICE, extras=REVOKE)
    state = play_out(hj.new_game(rules, deal=list(ONE_SUIT_EACH)))
    assert state.phase is hj.Phase.MOON_CHOICE
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.Play(1, "2D"))
    assert info.value.code == Code.WRONG_PHASE
