"""Card values, sources §1.9 ``scheme``: every table of ``rules.scoring`` with its totals Tpos / T
(``hearts_only``, ``black_lady``, ``omnibus_jd``, ``omnibus_td``, ``argentine``, ``argentine_jh_stacks``,
``hoemke_high_hearts``, ``hoemke_first_two_free``, ``spot_hearts``, ``black_maria_43``,
``black_maria_graded``, ``dutch_32``, ``achterhoek_32``), the double deck, and user-defined tables
(``CardPoints``). Points are penalty points: higher is worse.
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.cards import ALL_CARDS, parse_cards
from hartenjagen.core.table import table_for
from hartenjagen.rules import HandSummary, MoonContext, Scoring
from hartenjagen.rules import scoring as schemes
from hartenjagen.rules.deck import DOUBLE_DECK_6, PIQUET32, SinglePack
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.moon import NO_MOON
from hartenjagen.rules.scoring import BLACK_LADY, HEARTS_ONLY, OMNIBUS, CardPoints
from helpers import JD_TO_EAST, JD_TO_EAST_KEEP, ONE_SUIT_EACH, game, no_pass_rules, play_out, random_move

HEARTS = {f"{rank}H": 1 for rank in "23456789TJQKA"}


def _mask(text: str) -> int:
    mask = 0
    for card in parse_cards(text):
        mask |= 1 << card.index
    return mask


def _values(scoring: hj.rules.Scoring) -> dict[str, int]:
    return {str(card): scoring.card_value(card) for card in ALL_CARDS if scoring.card_value(card)}


def _points(scoring: hj.rules.Scoring, text: str) -> int:
    """The points of the cards ``text`` under ``scoring``: its ``points_of``, the hook that scores a hand."""
    return scoring.points_of(parse_cards(text))


def _totals(scoring: hj.rules.Scoring, **slots: object) -> tuple[int, int]:
    """(Tpos, T): the sum of positive values and of all values in the pack (the core's table agrees)."""
    rules = no_pass_rules(scoring=scoring, **slots)
    pack = rules.deck.pack()
    totals = sum(v for v in map(scoring.card_value, pack) if v > 0), scoring.points_of(pack)
    table = table_for(rules)
    assert (table.positive_total, table.points(table.pack_mask)) == totals
    return totals


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
    assert _points(argentine, "JH JC QS 2H") == 24
    table = table_for(no_pass_rules(scoring=argentine))
    assert table.points(_mask("JH JC QS 2H")) == 24
    assert table.positive_total == 45 == _totals(argentine)[0]


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
    taken = ("QS 2H 3C", "JD AH KH", "2C 3D", "")
    assert tuple(_points(OMNIBUS, cards) for cards in taken) == (14, -8, 0, 0)
    assert OMNIBUS.points_of([]) == 0


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


# ---------------------------------------------------------------- the catalogue's tables

FACE_HEARTS = {f"{rank}H": value for value, rank in enumerate("23456789T", start=2)}


def _id(value: object) -> str:
    """Test ids: the module's repr, totals as ``Tpos/T``, ``std52`` for the default pack."""
    if isinstance(value, hj.rules.Scoring | hj.rules.Deck):
        return repr(value)
    if isinstance(value, tuple):
        return "/".join(map(str, value))
    if value is None:
        return "std52"
    return str(value) if isinstance(value, int) else "values"


@pytest.mark.parametrize(
    ("scheme", "values"),
    [
        (schemes.HEARTS_ONLY, HEARTS),
        (schemes.BLACK_LADY, {**HEARTS, "QS": 13}),
        (schemes.OMNIBUS, {**HEARTS, "QS": 13, "JD": -10}),
        (schemes.OMNIBUS_TEN, {**HEARTS, "QS": 13, "TD": -10}),
        (schemes.ARGENTINE, {**HEARTS, "QS": 13, "JC": 5, "JD": 5, "JS": 5, "JH": 5}),
        (schemes.ARGENTINE_JACK_OF_HEARTS_STACKS, {**HEARTS, "QS": 13, "JC": 5, "JD": 5, "JS": 5, "JH": 6}),
        (schemes.HOEMKE_HIGH_HEARTS, {**HEARTS, "JH": 5, "QH": 5, "KH": 5, "AH": 5}),
        (schemes.BLACK_MARIA, {**HEARTS, "QS": 13, "KS": 10, "AS": 7}),
        (schemes.BLACK_MARIA_GRADED, {**FACE_HEARTS, "JH": 10, "QH": 10, "KH": 10, "AH": 15, "QS": 15}),
        (schemes.SPOT_HEARTS, {**FACE_HEARTS, "JH": 11, "QH": 12, "KH": 13, "AH": 15, "QS": 25}),
        (schemes.DUTCH_32, {**HEARTS, "QS": 5, "JC": 2}),
        (schemes.ACHTERHOEK_32, {**HEARTS, "JS": 8, "QD": 6, "QC": 3}),
    ],
    ids=_id,
)
def test_scheme_card_values(scheme, values):
    assert _values(scheme) == values


@pytest.mark.parametrize(
    ("scheme", "deck", "totals"),
    [
        (schemes.HEARTS_ONLY, None, (13, 13)),
        (schemes.BLACK_LADY, None, (26, 26)),
        (schemes.OMNIBUS, None, (26, 16)),
        (schemes.OMNIBUS_TEN, None, (26, 16)),
        (schemes.ARGENTINE, None, (45, 45)),
        (schemes.ARGENTINE_JACK_OF_HEARTS_STACKS, None, (46, 46)),
        (schemes.HOEMKE_HIGH_HEARTS, None, (29, 29)),
        (schemes.BLACK_MARIA, None, (43, 43)),
        (schemes.BLACK_MARIA_GRADED, None, (114, 114)),
        (schemes.SPOT_HEARTS, None, (130, 130)),
        (schemes.DUTCH_32, PIQUET32, (15, 15)),
        (schemes.ACHTERHOEK_32, PIQUET32, (25, 25)),
    ],
    ids=_id,
)
def test_scheme_totals(scheme, deck, totals):
    # sources §1.9: Tpos / T of each table (the piquet schemes in the 32-card pack).
    slots = {} if deck is None else {"deck": deck}
    assert _totals(scheme, **slots) == totals
    assert scheme.moon_total(no_pass_rules(scoring=scheme, **slots)) == totals[0]


def test_black_lady_variants_keep_the_queen_at_thirteen():
    for scheme in (schemes.OMNIBUS, schemes.OMNIBUS_TEN, schemes.ARGENTINE, schemes.BLACK_MARIA):
        assert scheme.card_value(hj.Card.parse("QS")) == 13
    assert schemes.HOEMKE_HIGH_HEARTS.card_value(hj.Card.parse("QS")) == 0
    assert schemes.ACHTERHOEK_32.card_value(hj.Card.parse("QS")) == 0
    assert schemes.ACHTERHOEK_32.card_value(hj.Card.parse("JC")) == 0


def test_argentine_trick_jack_of_hearts_counts_five_only():
    # Worked example 7: a trick of JH, JC, QS, 2H is worth 5 + 5 + 13 + 1 = 24.
    table = table_for(no_pass_rules(scoring=schemes.ARGENTINE))
    assert table.points(_mask("JH JC QS 2H")) == 24
    assert _points(schemes.ARGENTINE, "JH JC QS 2H") == 24
    assert [schemes.ARGENTINE.card_value(card) for card in parse_cards("JH JC QS 2H")] == [5, 5, 13, 1]


def test_argentine_jack_of_hearts_stacks_counts_six():
    # Spelregelwijzer's other reading: the J♥ is a jack (5) and a heart (1).
    table = table_for(no_pass_rules(scoring=schemes.ARGENTINE_JACK_OF_HEARTS_STACKS))
    assert table.points(_mask("JH JC QS 2H")) == 25
    assert _points(schemes.ARGENTINE_JACK_OF_HEARTS_STACKS, "JH JC QS 2H") == 25


def test_dutch_32_in_the_piquet_pack_has_eight_hearts():
    table = table_for(no_pass_rules(deck=PIQUET32, scoring=schemes.DUTCH_32))
    assert table.points(_mask("7H 8H 9H TH JH QH KH AH")) == 8
    assert table.points(_mask("QS JC")) == 7
    assert _points(schemes.DUTCH_32, "7H 8H 9H TH JH QH KH AH") == 8
    assert _points(schemes.DUTCH_32, "QS JC") == 7


def test_spot_hearts_defaults_are_ace_15_and_queen_25():
    assert schemes.spot_hearts() == schemes.SPOT_HEARTS
    assert _totals(schemes.spot_hearts()) == (130, 130)


def test_spot_hearts_parameters():
    # alanhoyle.com: A 14, Q♠ 26 (130 too); eliters.com: Q♠ 50 with the J♦ −40.
    hoyle = schemes.spot_hearts(ace=14, queen_of_spades=26)
    assert hoyle.card_value(hj.Card.parse("AH")) == 14
    assert hoyle.card_value(hj.Card.parse("QS")) == 26
    assert _totals(hoyle) == (130, 130)
    eliters = schemes.spot_hearts(queen_of_spades=50, jack_of_diamonds=-40)
    assert eliters.card_value(hj.Card.parse("JD")) == -40
    assert _values(eliters) == {**FACE_HEARTS, "JH": 11, "QH": 12, "KH": 13, "AH": 15, "QS": 50, "JD": -40}
    assert _totals(eliters) == (155, 115)
    assert "JD" not in _values(schemes.spot_hearts())


def test_scheme_reprs_name_the_catalogue_option():
    assert repr(schemes.OMNIBUS) == "CardPoints(omnibus_jd)"
    assert repr(schemes.ARGENTINE_JACK_OF_HEARTS_STACKS) == "CardPoints(argentine_jh_stacks)"
    assert repr(schemes.BLACK_MARIA) == "CardPoints(black_maria_43)"
    assert repr(schemes.HOEMKE_FIRST_TWO_FREE) == "HoemkeFirstTwoFree()"


# ---------------------------------------------------------------- hoemke_first_two_free


def test_hoemke_first_two_free_card_values():
    scheme = schemes.HOEMKE_FIRST_TWO_FREE
    assert {scheme.card_value(card) for card in parse_cards("2H 9H AH")} == {2}
    assert scheme.card_value(hj.Card.parse("QS")) == 13
    assert scheme.card_value(hj.Card.parse("JD")) == -10
    assert scheme.card_value(hj.Card.parse("AS")) == 0


def test_hoemke_first_two_free_worked_example():
    # Worked example 8: A takes 5 hearts and the Q♠; B 2 hearts and the J♦; C 6 hearts; D nothing.
    scheme = schemes.HOEMKE_FIRST_TWO_FREE
    taken = ("2H 3H 4H 5H 6H QS 2C", "7H 8H JD", "9H TH JH QH KH AH", "3C 4C")
    points = tuple(_points(scheme, cards) for cards in taken)
    assert points == (19, -10, 8, 0)
    assert sum(points) == 17 == 2 * (13 - 6) + 3
    # not the sum of the card values: the first two hearts of each seat are free
    assert sum(scheme.card_value(card) for card in parse_cards(taken[0])) == 23


def test_hoemke_first_two_free_which_hearts_are_free_does_not_matter():
    scheme = schemes.HOEMKE_FIRST_TWO_FREE
    assert _points(scheme, "2H 3H 4H") == _points(scheme, "AH KH QH") == 2
    assert _points(scheme, "AH KH") == 0
    assert _points(scheme, "4H 2H 3H") == _points(scheme, "2H 3H 4H")  # in any order


def test_hoemke_first_two_free_moon_total_is_35():
    # sources §1.9: "35 for one player's capture" (22 for 13 hearts + 13 for the Q♠).
    scheme = schemes.HOEMKE_FIRST_TWO_FREE
    assert scheme.moon_total(no_pass_rules(scoring=scheme)) == 35
    assert _points(scheme, " ".join(HEARTS) + " QS") == 35
    assert _points(scheme, " ".join(HEARTS) + " QS JD") == 25


def test_hoemke_first_two_free_hand_total_lies_between_13_and_25():
    # sources §1.9: the hand total is 2·(13 − Σ min(h_i, 2)) + 3, in [13, 25], for every split.
    scheme = schemes.HOEMKE_FIRST_TWO_FREE
    hearts = list(HEARTS)
    seen = set()
    for cuts in itertools.combinations(range(13 + 3), 3):  # 13 hearts split four ways
        counts = [b - a - 1 for a, b in zip((-1, *cuts), (*cuts, 16), strict=True)]
        assert sum(counts) == 13
        piles, start = [], 0
        for count in counts:
            piles.append(" ".join(hearts[start : start + count]))
            start += count
        for queen_seat, jack_seat in ((0, 0), (1, 3)):
            taken = list(piles)
            taken[queen_seat] += " QS"
            taken[jack_seat] += " JD"
            total = sum(_points(scheme, pile) for pile in taken)
            assert total == 2 * (13 - sum(min(count, 2) for count in counts)) + 3
            seen.add(total)
    assert min(seen) == 13
    assert max(seen) == 25


@pytest.mark.parametrize("seed", range(4))
def test_hoemke_first_two_free_hand_totals_end_to_end(seed):
    rules = no_pass_rules(scoring=schemes.HOEMKE_FIRST_TWO_FREE, moon=NO_MOON, ending=SINGLE_HAND)
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    while not state.is_over:
        state = hj.apply(state, random_move(state, rng))
    hearts = [sum(1 for card in pile if card.suit is hj.Suit.HEARTS) for pile in state.taken]
    raw = state.score_sheet[-1].raw
    assert 13 <= sum(raw) <= 25
    assert sum(raw) == 2 * (13 - sum(min(h, 2) for h in hearts)) + 3
    for seat, pile in enumerate(state.taken):
        bonus = 13 * (hj.Card.parse("QS") in pile) - 10 * (hj.Card.parse("JD") in pile)
        assert raw[seat] == 2 * max(0, hearts[seat] - 2) + bonus


# ---------------------------------------------------------------- every table end to end, double deck


@pytest.mark.parametrize(
    ("scheme", "deck", "total"),
    [
        (schemes.OMNIBUS_TEN, None, 16),
        (schemes.ARGENTINE, None, 45),
        (schemes.ARGENTINE_JACK_OF_HEARTS_STACKS, None, 46),
        (schemes.HOEMKE_HIGH_HEARTS, None, 29),
        (schemes.BLACK_MARIA, None, 43),
        (schemes.BLACK_MARIA_GRADED, None, 114),
        (schemes.SPOT_HEARTS, None, 130),
        (schemes.DUTCH_32, PIQUET32, 15),
        (schemes.ACHTERHOEK_32, PIQUET32, 25),
        (schemes.BLACK_LADY, DOUBLE_DECK_6, 52),
        (schemes.OMNIBUS, DOUBLE_DECK_6, 32),
    ],
    ids=_id,
)
def test_raw_points_of_a_hand_sum_to_the_total_of_every_table(scheme, deck, total):
    slots = {} if deck is None else {"deck": deck}
    rules = no_pass_rules(scoring=scheme, **slots)
    for seed in range(3):
        rng = random.Random(seed)
        state = hj.new_game(rules, seed=seed)
        while not state.score_sheet:
            state = hj.apply(state, random_move(state, rng))
        assert sum(state.score_sheet[0].raw) == total


@pytest.mark.parametrize(
    ("scheme", "single", "double"),
    [
        (schemes.HEARTS_ONLY, (13, 13), (26, 26)),
        (schemes.BLACK_LADY, (26, 26), (52, 52)),
        (schemes.OMNIBUS, (26, 16), (52, 32)),
        (schemes.ARGENTINE, (45, 45), (90, 90)),
        (schemes.BLACK_MARIA, (43, 43), (86, 86)),
    ],
    ids=_id,
)
def test_double_deck_doubles_the_totals(scheme, single, double):
    # sources §1.9: a double deck doubles Tpos and T (six players: only the 2♣ and 2♦ are out).
    assert _totals(scheme) == single
    assert _totals(scheme, deck=DOUBLE_DECK_6) == double
    assert scheme.moon_total(no_pass_rules(scoring=scheme, deck=DOUBLE_DECK_6)) == double[0]


def test_double_deck_two_copies_of_a_card_both_score():
    queen = hj.Card.parse("QS")
    assert DOUBLE_DECK_6.pack().count(queen) == 2
    assert BLACK_LADY.points_of([queen, queen]) == 26
    table = table_for(no_pass_rules(deck=DOUBLE_DECK_6))
    queens = table.bits_of[queen.index]
    assert queens.bit_count() == 2
    assert table.points(queens) == 26


# ---------------------------------------------------------------- a user's own table


def test_user_defined_table_scores_end_to_end():
    own = CardPoints({"QS": 13, "AC": 7, "2D": -3, "KH": 4}, name="own")
    state = play_out(game(JD_TO_EAST, scoring=own, moon=NO_MOON, ending=SINGLE_HAND), keep=JD_TO_EAST_KEEP)
    expected = tuple(sum(own.card_value(card) for card in pile) for pile in state.taken)
    assert state.score_sheet[-1].raw == expected == state.scores
    # Seat 0 wins every club trick (A♣ and Q♠), seat 3's K♥ and 2♦ fall to seat 0 as well.
    assert expected[0] == 13 + 7 + 4 - 3
    assert repr(own) == "CardPoints(own)"


def test_user_defined_table_sets_the_moon_amount_and_first_trick_restriction():
    own = CardPoints({"QS": 13, "AC": 7, "2D": -3})
    rules = no_pass_rules(scoring=own)
    assert _totals(own) == (20, 17)
    assert own.moon_total(rules) == 20
    state = play_out(game(ONE_SUIT_EACH, scoring=own, ending=SINGLE_HAND))
    assert state.score_sheet[-1].shooter == 0
    assert state.score_sheet[-1].points == (-3, 20, 20, 20)


# ---------------------------------------------------------------- a scheme whose points are no sum

TEN_OF_CLUBS = hj.Card.parse("TC")


@attrs.frozen(repr=False)
class TenOfClubsDoubles(Scoring):
    """Black Lady's values, but a seat that takes the 10♣ scores its points twice (a points_of of its own)."""

    def card_value(self, card: hj.Card) -> int:
        return BLACK_LADY.card_value(card)

    def points_of(self, cards) -> int:
        cards = tuple(cards)
        points = sum(self.card_value(card) for card in cards)
        return 2 * points if TEN_OF_CLUBS in cards else points


def test_a_scoring_of_ones_own_scores_the_hand_with_its_points_of():
    # Bug B3: the engine scores with points_of, not with the sum of the card values.
    scheme = TenOfClubsDoubles()
    assert scheme.points_of(parse_cards("QS 2H TC")) == 28
    assert (
        scheme.points_of(parse_cards("QS 2H")) == 14 == sum(map(scheme.card_value, parse_cards("QS 2H TC")))
    )
    state = play_out(game(ONE_SUIT_EACH, scoring=scheme, moon=NO_MOON, ending=SINGLE_HAND))
    assert TEN_OF_CLUBS in state.taken[0]
    assert state.score_sheet[-1].raw == (52, 0, 0, 0) == state.scores
    rules = no_pass_rules(scoring=scheme, moon=NO_MOON, ending=SINGLE_HAND)
    doubled = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = hj.new_game(rules, seed=seed)
        while not state.is_over:
            before = state
            state = hj.apply(state, random_move(state, rng))
        raw = state.score_sheet[-1].raw
        assert raw == tuple(scheme.points_of(pile) for pile in state.taken)
        assert (
            MoonContext.of(before).raw
            == HandSummary.of(before).raw
            == tuple(  # the last trick not yet in
                scheme.points_of(pile) for pile in before.taken
            )
        )
        doubled += raw != tuple(sum(map(scheme.card_value, pile)) for pile in state.taken)
    assert doubled  # some hand where the 10♣ went with points


def test_a_scoring_of_ones_own_sets_the_moon_amount_with_its_points_of():
    scheme = TenOfClubsDoubles()
    assert scheme.moon_total(no_pass_rules(scoring=scheme)) == 26  # the 10♣ is worth nothing itself
    state = play_out(game(ONE_SUIT_EACH, scoring=scheme, ending=SINGLE_HAND))
    result = state.score_sheet[-1]
    assert result.shooter == 0
    assert result.raw == (52, 0, 0, 0)
    assert result.points[1:] == (26, 26, 26)


def test_a_points_of_that_is_no_whole_number_raises_rules_error_naming_the_module():
    @attrs.frozen(repr=False)
    class Broken(TenOfClubsDoubles):
        def points_of(self, cards) -> int:
            return 1.5  # type: ignore[return-value]

    with pytest.raises(
        hj.RulesError, match=r"rule module Broken\(\): points_of must return a whole number, not 1.5"
    ):
        play_out(game(ONE_SUIT_EACH, scoring=Broken(), moon=NO_MOON, ending=SINGLE_HAND))
