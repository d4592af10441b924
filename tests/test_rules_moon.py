"""Shooting the moon, RULES.md §1.10: ``others_plus`` with ``moon_set`` ``all_positive`` or
``all_nonzero``, the amount K (default: the scheme's positive total Tpos), and ``none``.
"""

from __future__ import annotations

import random

import pytest

import hartenjagen as hj
from hartenjagen.cards import parse_cards
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.moon import NO_MOON, OTHERS_PLUS, MoonSet, OthersPlus, moon_mask
from hartenjagen.rules.scoring import BLACK_LADY, HEARTS_ONLY, OMNIBUS, CardPoints
from hartenjagen.table import table_for
from helpers import JD_TO_EAST, JD_TO_EAST_KEEP, ONE_SUIT_EACH, game, no_pass_rules, play_out, random_move

HEARTS = {f"{rank}H": 1 for rank in "23456789TJQKA"}
ALL_NONZERO = OthersPlus(moon_set=MoonSet.ALL_NONZERO)


def _mask(text: str) -> int:
    mask = 0
    for card in parse_cards(text):
        mask |= 1 << card.index
    return mask


def _hearts_and(extra: str) -> str:
    return " ".join([*HEARTS, extra])


def _settle(moon: hj.rules.Moon, scoring: hj.rules.Scoring, *taken_text: str):
    table = table_for(no_pass_rules(scoring=scoring, moon=moon))
    taken = tuple(_mask(text) for text in taken_text)
    raw = scoring.hand_points(taken, table)
    shooter = moon.shooter(taken, table)
    if shooter is None:
        return raw, None
    return moon.settle(raw, taken, (0,) * len(taken), shooter, moon.options()[0], table), shooter


def _moon_hand(hands=ONE_SUIT_EACH, keep: str = "", **slots: object) -> hj.State:
    """Play out one hand of ``hands`` as a single-hand game and return the final state."""
    state = play_out(game(hands, ending=SINGLE_HAND, **slots), keep=keep)
    assert state.is_over
    return state


def test_others_plus_all_positive_is_the_default_moon():
    assert hj.Rules().moon == OTHERS_PLUS
    assert OthersPlus(amount=None, moon_set=MoonSet.ALL_POSITIVE) == OTHERS_PLUS


def test_moon_gives_others_26():
    state = _moon_hand()
    result = state.score_sheet[-1]
    assert result.raw == (26, 0, 0, 0)
    assert result.shooter == 0
    assert result.points == (0, 26, 26, 26)
    assert state.scores == (0, 26, 26, 26)


def test_moon_shooter_may_be_any_seat():
    # The same hands turned one seat clockwise: seat 1 holds the clubs and shoots.
    rotated = ONE_SUIT_EACH[-1:] + ONE_SUIT_EACH[:-1]
    result = _moon_hand(rotated).score_sheet[-1]
    assert result.shooter == 1
    assert result.points == (26, 0, 26, 26)


def test_omnibus_shooter_keeps_jack_bonus():
    # Worked example 9, OS semantics: N takes all hearts, the Q♠ and the J♦: N -10, others +26.
    result = _moon_hand(scoring=OMNIBUS).score_sheet[-1]
    assert result.raw == (16, 0, 0, 0)
    assert result.shooter == 0
    assert result.points == (-10, 26, 26, 26)


def test_omnibus_moon_does_not_need_the_jack():
    # Worked example 9: if E takes the J♦ instead: N 0, E 16, S 26, W 26.
    state = _moon_hand(JD_TO_EAST, keep=JD_TO_EAST_KEEP, scoring=OMNIBUS)
    assert hj.Card.parse("JD") in state.taken[1]
    result = state.score_sheet[-1]
    assert result.raw == (26, -10, 0, 0)
    assert result.shooter == 0
    assert result.points == (0, 16, 26, 26)


def test_all_nonzero_moon_needs_the_jack():
    state = _moon_hand(JD_TO_EAST, keep=JD_TO_EAST_KEEP, scoring=OMNIBUS, moon=ALL_NONZERO)
    result = state.score_sheet[-1]
    assert result.shooter is None
    assert result.points == (26, -10, 0, 0)


def test_all_nonzero_shooter_scores_raw_minus_the_moon_set():
    # The J♦ is part of the moon set, so the shooter's -10 is cancelled too: raw 16 - M 16 = 0.
    result = _moon_hand(scoring=OMNIBUS, moon=ALL_NONZERO).score_sheet[-1]
    assert result.shooter == 0
    assert result.points == (0, 26, 26, 26)


def test_all_positive_and_all_nonzero_agree_without_negative_cards():
    for moon in (OTHERS_PLUS, ALL_NONZERO):
        assert _moon_hand(moon=moon).score_sheet[-1].points == (0, 26, 26, 26)


def test_moon_amount_defaults_to_the_positive_total():
    assert _moon_hand(scoring=HEARTS_ONLY).score_sheet[-1].points == (0, 13, 13, 13)
    black_maria = CardPoints({**HEARTS, "QS": 13, "KS": 10, "AS": 7})
    assert _moon_hand(scoring=black_maria).score_sheet[-1].points == (0, 43, 43, 43)


def test_moon_amount_excludes_removed_cards():
    # Three players without the 2♥: Tpos = 25, and the other 12 hearts with the Q♠ make a moon.
    table = table_for(no_pass_rules(deck=SinglePack(players=3, removed=["2H"])))
    assert table.positive_total == 25
    taken = (_mask(_hearts_and("QS").replace("2H ", "")), _mask("2C"), _mask("3C"))
    raw = BLACK_LADY.hand_points(taken, table)
    assert raw == (25, 0, 0)
    assert OTHERS_PLUS.shooter(taken, table) == 0
    assert OTHERS_PLUS.settle(raw, taken, (0, 0, 0), 0, hj.MoonOption.OTHERS_PLUS, table) == (0, 25, 25)


def test_moon_amount_can_be_fixed():
    # literal_26 (S004): 26 even under hearts_only, whose total is 13.
    result = _moon_hand(scoring=HEARTS_ONLY, moon=OthersPlus(amount=26)).score_sheet[-1]
    assert result.points == (0, 26, 26, 26)


def test_no_moon_scores_raw_points():
    result = _moon_hand(moon=NO_MOON).score_sheet[-1]
    assert result.shooter is None
    assert result.points == result.raw == (26, 0, 0, 0)


def test_no_moon_when_one_heart_is_missing():
    points, shooter = _settle(OTHERS_PLUS, BLACK_LADY, _hearts_and("QS").replace("AH", "AC"), "AH", "", "")
    assert shooter is None
    assert points == (25, 1, 0, 0)


def test_no_moon_without_the_queen():
    points, shooter = _settle(OTHERS_PLUS, BLACK_LADY, _hearts_and("KS"), "QS", "", "")
    assert (points, shooter) == ((13, 13, 0, 0), None)


def test_hearts_only_moon_does_not_need_the_queen():
    points, shooter = _settle(OTHERS_PLUS, HEARTS_ONLY, " ".join(HEARTS), "QS", "", "")
    assert (points, shooter) == ((0, 13, 13, 13), 0)


def test_moon_shooter_keeps_points_outside_the_moon_set():
    # OS: with all_positive a shooter who also took the J♦ ends at -10.
    points, shooter = _settle(OTHERS_PLUS, OMNIBUS, _hearts_and("QS JD"), "", "", "")
    assert (points, shooter) == ((-10, 26, 26, 26), 0)
    points, shooter = _settle(OTHERS_PLUS, OMNIBUS, _hearts_and("QS"), "", "JD", "")
    assert (points, shooter) == ((0, 26, 16, 26), 0)


def test_moon_deltas_sum_to_players_less_one_times_amount():
    for seat in range(4):
        taken = ["", "", "", ""]
        taken[seat] = _hearts_and("QS")
        points, shooter = _settle(OTHERS_PLUS, BLACK_LADY, *taken)
        assert shooter == seat
        assert sum(points) == 3 * 26
        assert points[seat] == 0


@pytest.mark.parametrize("seed", range(6))
def test_moon_is_shot_iff_one_seat_takes_every_penalty_card(seed):
    rng = random.Random(seed)
    state = hj.new_game(hj.Rules(), seed=seed)
    while len(state.score_sheet) < 3:
        state = hj.apply(state, random_move(state, rng))
    for result in state.score_sheet:
        if 26 in result.raw:
            assert result.shooter == result.raw.index(26)
            assert result.points == tuple(0 if r == 26 else 26 for r in result.raw)
        else:
            assert result.shooter is None
            assert result.points == result.raw


def test_moon_set_cards():
    table = table_for(no_pass_rules(scoring=OMNIBUS))
    positive = {str(c) for c in table.cards(moon_mask(MoonSet.ALL_POSITIVE, table))}
    nonzero = {str(c) for c in table.cards(moon_mask(MoonSet.ALL_NONZERO, table))}
    assert positive == {*HEARTS, "QS"}
    assert nonzero == {*HEARTS, "QS", "JD"}
