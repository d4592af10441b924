"""Card values, RULES.md §1.9 ``scheme``: ``hearts_only``, ``black_lady``, ``omnibus_jd`` and
user-defined tables (``CardPoints``). Points are penalty points: higher is worse.
"""

from __future__ import annotations

import random

import pytest

import hartenjagen as hj
from hartenjagen.cards import ALL_CARDS, parse_cards
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.moon import NO_MOON
from hartenjagen.rules.scoring import BLACK_LADY, HEARTS_ONLY, OMNIBUS, CardPoints
from hartenjagen.table import table_for
from helpers import JD_TO_EAST, JD_TO_EAST_KEEP, ONE_SUIT_EACH, game, no_pass_rules, play_out, random_move

HEARTS = {f"{rank}H": 1 for rank in "23456789TJQKA"}


def _mask(text: str) -> int:
    mask = 0
    for card in parse_cards(text):
        mask |= 1 << card.index
    return mask


def _values(scoring: hj.rules.Scoring) -> dict[str, int]:
    return {str(card): scoring.card_value(card) for card in ALL_CARDS if scoring.card_value(card)}


def _totals(scoring: hj.rules.Scoring, **slots: object) -> tuple[int, int]:
    """(Tpos, T): the sum of positive values and of all values in the pack."""
    table = table_for(no_pass_rules(scoring=scoring, **slots))
    return table.positive_total, table.points(table.pack_mask)


def test_black_lady_is_the_default_scheme():
    assert hj.Rules().scoring is BLACK_LADY


def test_hearts_only_scores_one_per_heart():
    assert _values(HEARTS_ONLY) == HEARTS
    assert HEARTS_ONLY.card_value(hj.Card.parse("QS")) == 0
    assert _totals(HEARTS_ONLY) == (13, 13)


def test_black_lady_scores_hearts_one_and_queen_of_spades_thirteen():
    assert _values(BLACK_LADY) == {**HEARTS, "QS": 13}
    assert _totals(BLACK_LADY) == (26, 26)


def test_omnibus_jack_of_diamonds_scores_minus_ten():
    assert _values(OMNIBUS) == {**HEARTS, "QS": 13, "JD": -10}
    assert _totals(OMNIBUS) == (26, 16)


def test_user_defined_card_points_table():
    black_maria = CardPoints({**HEARTS, "QS": 13, "KS": 10, "AS": 7})
    assert _totals(black_maria) == (43, 43)
    assert black_maria.card_value(hj.Card.parse("KS")) == 10
    assert black_maria.card_value(hj.Card.parse("JS")) == 0


def test_user_defined_table_scores_a_trick():
    # Worked example 7 (Argentine, the J♥ counts 5 only): JH, JC, QS, 2H = 5 + 5 + 13 + 1 = 24.
    argentine = CardPoints({**HEARTS, "QS": 13, "JC": 5, "JD": 5, "JS": 5, "JH": 5})
    table = table_for(no_pass_rules(scoring=argentine))
    assert table.points(_mask("JH JC QS 2H")) == 24
    assert table.positive_total == 45


def test_card_points_accepts_cards_or_texts_and_drops_zero_values():
    by_text = CardPoints({"QS": 13, "2H": 1, "2C": 0})
    by_card = CardPoints({hj.Card.parse("Q♠"): 13, hj.Card.parse("2h"): 1})
    assert by_text == by_card
    assert by_text.values == ((hj.Card.parse("2H"), 1), (hj.Card.parse("QS"), 13))
    assert CardPoints([("QS", 13), ("2H", 1)]) == by_text


def test_card_points_repr_is_readable():
    assert repr(BLACK_LADY) == "CardPoints(black_lady)"
    assert repr(CardPoints({"QS": 13, "JD": -10})) == "CardPoints({JD: -10, QS: 13})"


def test_hand_points_sums_each_seats_captured_cards():
    table = table_for(no_pass_rules(scoring=OMNIBUS))
    taken = (_mask("QS 2H 3C"), _mask("JD AH KH"), _mask("2C 3D"), 0)
    assert OMNIBUS.hand_points(taken, table) == (14, -8, 0, 0)


def test_removed_cards_never_score():
    assert _totals(BLACK_LADY, deck=SinglePack(players=3, removed=["2H"])) == (25, 25)
    assert _totals(OMNIBUS, deck=SinglePack(players=3, removed=["JD"])) == (26, 26)


def test_black_lady_hand_scores_end_to_end():
    state = play_out(game(ONE_SUIT_EACH, moon=NO_MOON, ending=SINGLE_HAND))
    assert state.is_over
    assert state.tricks_won == (13, 0, 0, 0)
    assert state.score_sheet[-1].raw == (26, 0, 0, 0)
    assert state.scores == (26, 0, 0, 0)


def test_hearts_only_hand_scores_end_to_end():
    state = play_out(game(ONE_SUIT_EACH, scoring=HEARTS_ONLY, moon=NO_MOON, ending=SINGLE_HAND))
    assert state.scores == (13, 0, 0, 0)


def test_omnibus_jack_of_diamonds_scores_for_its_taker_end_to_end():
    state = game(JD_TO_EAST, scoring=OMNIBUS, moon=NO_MOON, ending=SINGLE_HAND)
    state = play_out(state, keep=JD_TO_EAST_KEEP)
    assert state.tricks[-1].winner == 1
    assert hj.Card.parse("JD") in state.taken[1]
    assert state.score_sheet[-1].raw == (26, -10, 0, 0)
    assert state.scores == (26, -10, 0, 0)


@pytest.mark.parametrize(("scoring", "total"), [(HEARTS_ONLY, 13), (BLACK_LADY, 26), (OMNIBUS, 16)])
def test_raw_points_of_a_hand_sum_to_the_scheme_total(scoring, total):
    rules = no_pass_rules(scoring=scoring)
    for seed in range(6):
        rng = random.Random(seed)
        state = hj.new_game(rules, seed=seed)
        while not state.score_sheet:
            state = hj.apply(state, random_move(state, rng))
        assert sum(state.score_sheet[0].raw) == total


def test_scores_accumulate_hand_by_hand():
    rng = random.Random(3)
    state = hj.new_game(hj.Rules(), seed=3)
    while len(state.score_sheet) < 4:
        state = hj.apply(state, random_move(state, rng))
    running = (0, 0, 0, 0)
    for index, result in enumerate(state.score_sheet):
        assert result.hand_index == index
        running = tuple(a + b for a, b in zip(running, result.points, strict=True))
        assert result.totals == running
    assert state.scores == running
