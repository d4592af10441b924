"""House rules in ``extras``: RULES.md §1.14 ``no_tricks_bonus`` (OS ``avoid_all_tricks_bonus``)."""

from __future__ import annotations

import random

import pytest

import hartenjagen as hj
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.extras import HandSummary, HouseRule, NoTricksBonus
from hartenjagen.rules.moon import NO_MOON
from hartenjagen.table import table_for
from helpers import JD_TO_EAST, JD_TO_EAST_KEEP, ONE_SUIT_EACH, game, no_pass_rules, play_out, random_move

BONUS = (NoTricksBonus(),)


def _hand(hands=ONE_SUIT_EACH, keep: str = "", **slots: object) -> hj.HandResult:
    state = play_out(game(hands, ending=SINGLE_HAND, **slots), keep=keep)
    assert state.is_over
    return state.score_sheet[-1]


def test_no_tricks_bonus_is_off_by_default():
    assert hj.Rules().extras == ()
    assert _hand(moon=NO_MOON).points == (26, 0, 0, 0)


def test_no_tricks_bonus_gives_minus_five_to_each_seat_that_won_no_trick():
    result = _hand(moon=NO_MOON, extras=BONUS)
    assert result.raw == (26, 0, 0, 0)
    assert result.points == (26, -5, -5, -5)


def test_no_tricks_bonus_not_given_to_a_seat_that_won_a_trick():
    # Seat 1 wins only the last trick, seats 2 and 3 win none.
    result = _hand(JD_TO_EAST, keep=JD_TO_EAST_KEEP, moon=NO_MOON, extras=BONUS)
    assert result.points == (26, 0, -5, -5)


def test_no_tricks_bonus_not_given_in_moon_hand():
    result = _hand(extras=BONUS)
    assert result.shooter == 0
    assert result.points == (0, 26, 26, 26)
    result = _hand(JD_TO_EAST, keep=JD_TO_EAST_KEEP, extras=BONUS)
    assert result.shooter == 0
    assert result.points == (0, 26, 26, 26)


def test_no_tricks_bonus_amount_is_configurable():
    assert _hand(moon=NO_MOON, extras=(NoTricksBonus(points=-3),)).points == (26, -3, -3, -3)


@pytest.mark.parametrize("seed", range(5))
def test_no_tricks_bonus_goes_only_to_seats_without_tricks(seed):
    rules = no_pass_rules(extras=BONUS, ending=SINGLE_HAND)
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    while not state.is_over:
        state = hj.apply(state, random_move(state, rng))
    result = state.score_sheet[-1]
    won = state.tricks_won
    assert sum(1 for w in won if w == 0) <= 3
    if result.shooter is None:
        assert result.points == tuple(r - 5 if w == 0 else r for r, w in zip(result.raw, won, strict=True))


def test_house_rule_hooks_do_nothing_by_default():
    rule = HouseRule()
    table = table_for(hj.variants.STANDARD)
    hand = HandSummary((1, 2, 3, 4), (0, 0, 0, 0), (0, 0, 0, 13), None, (), table)
    assert rule.adjustments(hand) is None
    assert rule.revoke_penalty(table) is None
    assert rule.restrict_play(0b1011, 0b1111, hj.new_game(hj.variants.STANDARD, seed=1), table) == 0b1011
    assert not rule.announces(hj.new_game(hj.variants.STANDARD, seed=1))


def test_openspiel_avoid_all_tricks_bonus_switch_adds_no_tricks_bonus():
    assert hj.variants.openspiel(avoid_all_tricks_bonus=True).extras == BONUS
    assert hj.variants.openspiel().extras == ()
