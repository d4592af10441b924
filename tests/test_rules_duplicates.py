"""Identical cards in one trick, sources §1.2 ``duplicate_rule`` (double deck): ``first_played_wins``
(the default) and ``cancel_pairs`` with its carry-over pile; worked example 15.

Exact positions use a small test pack that holds some cards twice (``TwoCopyPack``), dealt to four
players with no passing, eldest leading anything and no lead restrictions, so that any trick can be
set up. The carry-over contents and the points of cancelled cards are also checked on shuffled
deals of the real six-player double deck.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.cards import Card, parse_cards
from hartenjagen.rules.deck import DOUBLE_DECK_6, PIQUET32, STD52, Deck
from hartenjagen.rules.duplicates import (
    CANCEL_PAIRS,
    FIRST_PLAYED_WINS,
    CancelPairs,
    Duplicates,
    FirstPlayedWins,
)
from hartenjagen.rules.duplicates import HOOKS as DUPLICATES_HOOKS
from hartenjagen.rules.first_trick import ANYTHING
from hartenjagen.rules.leading import ANYTIME
from hartenjagen.rules.opening import ELDEST_ANY
from hartenjagen.rules.passing import NO_PASSING
from hartenjagen.rules.plan import declared_plan
from helpers import play, random_move


def _sorted_cards(value: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(value)))


@attrs.frozen(repr=False)
class TwoCopyPack(Deck):
    """A test pack of exactly ``cards`` (a card listed twice is in the pack twice)."""

    players: int
    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)

    def pack(self) -> tuple[Card, ...]:
        return self.cards


def _game(hands: list[str], duplicates: hj.rules.Duplicates, *, dealer: int = 3) -> hj.State:
    """A game dealt ``hands`` from a pack of exactly those cards; eldest (seat 0 by default) leads."""
    rules = hj.Rules(
        deck=TwoCopyPack(len(hands), " ".join(hands)),
        passing=NO_PASSING,
        opening=ELDEST_ANY,
        first_trick=ANYTHING,
        leading=ANYTIME,
        duplicates=duplicates,
    )
    return hj.new_game(rules, deal=hands, dealer=dealer)


def _names(cards) -> Counter:
    return Counter(str(card) for card in cards)


#: Worked example 15: A (seat 0) leads 9H; B plays KH, C plays KH, D plays 2H. In the second trick
#: A leads 3S, B and C follow with 4S and 5S and D discards the 7H: C wins it.
EXAMPLE_15 = ["9H 3S", "KH 4S", "KH 5S", "2H 7H"]
#: A pair and two off-suit discards: every led-suit card cancels. The pair is worth nothing and the
#: discards are the Q♠ and a heart (14 points): the pile's points do not depend on counting the pair.
ALL_CANCEL = ["KC 3D", "KC 4D", "QS 5D", "2H 6D"]


# ---------------------------------------------------------------- first_played_wins


def test_first_played_wins_is_the_default_duplicates_rule():
    assert hj.Rules().duplicates == FIRST_PLAYED_WINS == FirstPlayedWins()
    assert hj.variants.SIX_DOUBLE_DECK.duplicates == FIRST_PLAYED_WINS
    assert hj.variants.SIX_DOUBLE_DECK.deck == DOUBLE_DECK_6


def test_first_played_wins_worked_example_15_first_king_wins():
    state = play(_game(EXAMPLE_15, FIRST_PLAYED_WINS), "9H KH KH 2H")
    assert state.tricks[0] == hj.Trick(0, tuple(parse_cards("9H KH KH 2H")), 1)
    assert state.to_move == (1,)
    assert state.tricks_won == (0, 1, 0, 0)
    assert state.carry_over == ()


@pytest.mark.parametrize(
    ("hands", "cards", "winner"),
    [
        (["3H 2C", "5H 3C", "AH 4C", "AH 5C"], "3H 5H AH AH", 2),  # the first ace, played third
        (["AH 2C", "5H 3C", "AH 4C", "3H 5C"], "AH 5H AH 3H", 0),  # the leader's ace beats the later one
        (["3H 2C", "AH 3C", "9H 4C", "AH 5C"], "3H AH 9H AH", 1),  # copies apart: still the first one
    ],
)
def test_first_played_wins_of_two_identical_winning_cards_the_first_played_wins(hands, cards, winner):
    state = play(_game(hands, FIRST_PLAYED_WINS), cards)
    assert state.tricks[0].winner == winner
    assert state.to_move == (winner,)


def test_first_played_wins_identical_lower_cards_do_not_matter():
    state = play(_game(["5H 2C", "3H 3C", "3H 4C", "4H 5C"], FIRST_PLAYED_WINS), "5H 3H 3H 4H")
    assert state.tricks[0].winner == 0


def test_first_played_wins_identical_off_suit_discards_do_not_win():
    state = play(_game(["5C 2H", "QS 3H", "QS 4H", "4C 5H"], FIRST_PLAYED_WINS), "5C QS QS 4C")
    assert state.tricks[0].winner == 0


# ---------------------------------------------------------------- cancel_pairs


def test_cancel_pairs_worked_example_15_kings_cancel_and_the_nine_wins():
    state = play(_game(EXAMPLE_15, CANCEL_PAIRS), "9H KH KH 2H")
    assert state.tricks[0] == hj.Trick(0, tuple(parse_cards("9H KH KH 2H")), 0)
    assert state.to_move == (0,)
    assert state.tricks_won == (1, 0, 0, 0)
    assert state.carry_over == ()
    state = play(state, "3S 4S 5S 7H")
    assert state.hand_index == 1  # the hand is over
    assert state.score_sheet[0].raw[2] == 1  # C won the spade trick and the 7H


def test_cancel_pairs_worked_example_15_cancelled_kings_keep_their_points():
    state = play(_game(EXAMPLE_15, CANCEL_PAIRS), "9H KH KH 2H")
    assert _names(state.taken[0]) == Counter({"9H": 1, "KH": 2, "2H": 1})
    state = play(state, "3S 4S 5S 7H")
    assert state.score_sheet[0].raw == (4, 0, 1, 0)


def test_cancel_pairs_highest_uncancelled_card_of_the_led_suit_wins():
    # 5H led; the QH pair cancels and the single AH wins.
    state = play(_game(["5H 2C", "QH 3C", "AH 4C", "QH 5C"], CANCEL_PAIRS), "5H QH AH QH")
    assert state.tricks[0].winner == 2
    # identical off-suit discards cancel nothing: the 5C wins over the 4C
    state = play(_game(["5C 2H", "QS 3H", "QS 4H", "4C 5H"], CANCEL_PAIRS), "5C QS QS 4C")
    assert state.tricks[0].winner == 0


def test_cancel_pairs_all_cancelled_trick_has_no_winner_and_the_same_player_leads_again():
    state = play(_game(ALL_CANCEL, CANCEL_PAIRS), "KC KC QS 2H")
    assert state.tricks[0] == hj.Trick(0, tuple(parse_cards("KC KC QS 2H")), None)
    assert state.trick_leader == 0
    assert state.to_move == (0,)
    assert state.tricks_won == (0, 0, 0, 0)
    assert state.taken == ((), (), (), ())
    assert {"QS", "2H"} <= set(_names(state.carry_over))  # the cards wait for the next trick's winner


def test_cancel_pairs_carry_over_pile_goes_to_the_next_tricks_winner():
    state = play(_game(ALL_CANCEL, CANCEL_PAIRS), "KC KC QS 2H 3D 4D")
    assert {"QS", "2H"} <= set(_names(state.carry_over))  # until the next trick ends
    state = play(state, "5D 6D")
    assert state.hand_index == 1
    assert state.score_sheet[0].raw == (0, 0, 0, 14)  # seat 3 won the diamonds and took the Q♠ and 2♥


def test_cancel_pairs_carry_over_pile_holds_every_card_of_the_cancelled_trick():
    state = play(_game(ALL_CANCEL, CANCEL_PAIRS), "KC KC QS 2H")
    assert _names(state.carry_over) == Counter({"KC": 2, "QS": 1, "2H": 1})


def test_cancel_pairs_worked_example_15_all_cancelled_kings_carry_over_with_their_points():
    state = play(_game(["KH 3C", "KH 4C", "2S 5C", "3S 6C"], CANCEL_PAIRS), "KH KH 2S 3S")
    assert state.to_move == (0,)
    assert _names(state.carry_over) == Counter({"KH": 2, "2S": 1, "3S": 1})
    state = play(state, "3C 4C 5C 6C")
    assert state.score_sheet[0].raw == (0, 0, 0, 2)


def test_cancel_pairs_worked_example_15_all_cancelled_kings_the_leader_leads_again():
    state = play(_game(["KH 3C", "KH 4C", "2S 5C", "3S 6C"], CANCEL_PAIRS), "KH KH 2S 3S")
    assert state.tricks[0].winner is None
    assert state.to_move == (0,)
    state = play(state, "3C 4C 5C 6C")
    assert state.score_sheet[0].raw[:3] == (0, 0, 0)
    assert state.score_sheet[0].raw[3] > 0  # the next trick's winner took the kings


def test_cancel_pairs_pairs_of_the_leader_and_of_others_all_cancel():
    # 9H and 9H cancel, KH and KH cancel: no led-suit card is left to win.
    state = play(_game(["9H 2C", "KH 3C", "KH 4C", "9H 5C"], CANCEL_PAIRS), "9H KH KH 9H")
    assert state.tricks[0].winner is None
    assert state.to_move == (0,)


def test_cancel_pairs_fully_cancelled_last_trick_goes_to_its_leader():
    state = play(_game(["KC", "KC", "QS", "2H"], CANCEL_PAIRS), "KC KC QS")
    assert state.to_move == (3,)
    state = play(state, "2H")
    assert state.hand_index == 1
    assert state.score_sheet[0].raw == (14, 0, 0, 0)


def test_cancel_pairs_piles_of_cancelled_tricks_to_the_end_go_to_the_last_leader():
    state = play(_game(["KC QC", "KC QC", "QS 2S", "2H 3S"], CANCEL_PAIRS), "KC KC QS 2H")
    assert state.to_move == (0,)
    state = play(state, "QC QC 2S")
    assert [trick.winner for trick in state.tricks] == [None]
    assert {"QS", "2H"} <= set(_names(state.carry_over))
    state = play(state, "3S")  # the QC pair cancels too, and this is the last trick
    assert state.hand_index == 1
    assert state.score_sheet[0].raw == (14, 0, 0, 0)


# ---------------------------------------------------------------- the real double deck, shuffled


CANCEL_SIX = hj.Rules(deck=DOUBLE_DECK_6, passing=NO_PASSING, duplicates=CANCEL_PAIRS)


def _first_hands(rules: hj.Rules, seeds: range):
    """Every state of the first hand of seeded random games (the last one is the next hand's start)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = hj.new_game(rules, seed=seed)
        yield state
        while state.hand_index == 0:
            state = hj.apply(state, random_move(state, rng))
            yield state


def test_cancel_pairs_cards_are_conserved_and_cancelled_cards_keep_their_points():
    pack = _names(DOUBLE_DECK_6.pack())
    hands_played = 0
    for state in _first_hands(CANCEL_SIX, range(12)):
        if state.hand_index:
            assert sum(state.score_sheet[0].raw) == 52  # hearts and both Q♠s, nothing lost
            hands_played += 1
            continue
        places = [*state.hands, *state.taken, state.carry_over, [m.card for m in state.trick]]
        assert sum((_names(cards) for cards in places), Counter()) == pack
    assert hands_played == 12


def test_cancel_pairs_carry_over_holds_the_cancelled_trick_and_goes_to_the_next_winner():
    """Seeded first hands until two cancelled tricks and two carried-over takes were seen (at most 1,000 hands)."""
    found = taken = 0
    previous = None
    for state in _first_hands(CANCEL_SIX, range(1000)):
        if found >= 2 and taken >= 2:
            break
        if previous is not None and state.hand_index == 0 and len(state.tricks) > len(previous.tricks):
            trick = state.tricks[-1]
            if trick.winner is None:
                found += 1
                led = trick.cards[0].suit
                led_cards = Counter(card for card in trick.cards if card.suit is led)
                assert all(count == 2 for count in led_cards.values())
                assert _names(state.carry_over) == _names(previous.carry_over) + _names(trick.cards)
                assert state.to_move == (trick.leader,)
                assert state.taken == previous.taken
            elif previous.carry_over:
                taken += 1
                gained = _names(state.taken[trick.winner]) - _names(previous.taken[trick.winner])
                assert gained == _names(trick.cards) + _names(previous.carry_over)
                assert state.carry_over == ()
        previous = state if state.hand_index == 0 else None
    assert found >= 2
    assert taken >= 2


def test_cancel_pairs_a_pair_that_cancels_still_scores_for_the_trick_winner():
    found = 0
    previous = None
    for state in _first_hands(CANCEL_SIX, range(40)):
        if previous is not None and state.hand_index == 0 and len(state.tricks) > len(previous.tricks):
            trick = state.tricks[-1]
            led = trick.cards[0].suit
            pairs = [c for c, n in Counter(c for c in trick.cards if c.suit is led).items() if n == 2]
            if trick.winner is not None and pairs:
                found += 1
                assert trick.cards[trick.winner - trick.leader] not in pairs
                gained = _names(state.taken[trick.winner]) - _names(previous.taken[trick.winner])
                assert all(gained[str(card)] == 2 for card in pairs)
                assert sum(gained.values()) == 6 + len(previous.carry_over)
        previous = state if state.hand_index == 0 else None
    assert found >= 2


# ---------------------------------------------------------------- validation


@pytest.mark.parametrize("deck", [STD52, PIQUET32], ids=["std52", "piquet32"])
def test_cancel_pairs_with_a_single_pack_names_both_modules(deck):
    with pytest.raises(hj.RulesError, match="is a double-deck rule") as info:
        hj.Rules(deck=deck, passing=NO_PASSING, duplicates=CANCEL_PAIRS)
    message = str(info.value)
    assert f"duplicates {CANCEL_PAIRS!r}" in message
    assert f"deck {deck!r}" in message
    assert "has one copy of each card" in message


def test_first_played_wins_works_with_a_single_pack_and_cancel_pairs_with_a_double_deck():
    assert hj.Rules(duplicates=FIRST_PLAYED_WINS).duplicates == FIRST_PLAYED_WINS
    assert hj.Rules(deck=DOUBLE_DECK_6, duplicates=CANCEL_PAIRS).duplicates == CANCEL_PAIRS == CancelPairs()


# ---------------------------------------------------------------- winner, on cards


def _trick(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


@pytest.mark.parametrize(
    ("cards", "first_played", "cancel"),
    [
        ("9H KH KH 2H", 1, 0),  # worked example 15
        ("3H 5H AH AH", 2, 1),
        ("AH 5H AH 3H", 0, 1),
        ("5H QH AH QH", 2, 2),
        ("5C QS QS 4C", 0, 0),  # identical discards win nothing and cancel nothing
        ("KC KC QS 2H", 0, None),  # every led-suit card cancelled: no winner
        ("9H KH KH 9H", 1, None),
        ("2C 3C 4C AC", 3, 3),  # one pack: the highest card of the led suit
    ],
)
def test_winner_on_the_cards_of_a_trick(cards, first_played, cancel):
    assert FIRST_PLAYED_WINS.winner(_trick(cards)) == first_played
    assert CANCEL_PAIRS.winner(_trick(cards)) == cancel


@pytest.mark.parametrize("duplicates", [FIRST_PLAYED_WINS, CANCEL_PAIRS], ids=repr)
def test_winner_on_cards_is_who_the_engine_gives_the_trick(duplicates):
    rules = hj.Rules(deck=DOUBLE_DECK_6, passing=NO_PASSING, duplicates=duplicates)
    tricks = 0
    for state in _first_hands(rules, range(4)):
        if state.hand_index:
            continue
        for trick in state.tricks:
            position = duplicates.winner(trick.cards)
            assert trick.winner == (None if position is None else (trick.leader + position) % 6)
        tricks = max(tricks, len(state.tricks))
    assert tricks == 16


# ---------------------------------------------------------------- a duplicates module of one's own


@attrs.frozen(repr=False)
class OwnFirstPlayedWins(FirstPlayedWins):
    """The built-in rule with ``winner`` written again, saying the same."""

    def winner(self, cards: tuple[Card, ...]) -> int | None:
        return super().winner(cards)


@attrs.frozen(repr=False)
class OwnCancelPairs(CancelPairs):
    """The built-in rule with ``winner`` written again, saying the same."""

    def winner(self, cards: tuple[Card, ...]) -> int | None:
        return super().winner(cards)


@pytest.mark.parametrize(
    ("built_in", "own"),
    [(FIRST_PLAYED_WINS, OwnFirstPlayedWins()), (CANCEL_PAIRS, OwnCancelPairs())],
    ids=repr,
)
def test_a_subclass_overriding_winner_loses_the_plan_and_plays_like_the_built_in(built_in, own):
    assert declared_plan(built_in, Duplicates, DUPLICATES_HOOKS) == built_in.plan() is not None
    assert declared_plan(own, Duplicates, DUPLICATES_HOOKS) is None  # the core calls winner
    rules = hj.Rules(deck=DOUBLE_DECK_6, passing=NO_PASSING, duplicates=built_in)
    mine = attrs.evolve(rules, duplicates=own)
    games = [(hj.new_game(rules, seed=seed), hj.new_game(mine, seed=seed)) for seed in range(4)]
    for hands in (
        EXAMPLE_15,
        ALL_CANCEL,
        ["KC QC", "KC QC", "QS 2S", "2H 3S"],
        ["KH 3C", "KH 4C", "2S 5C", "3S 6C"],
    ):
        games += [(_game(hands, built_in), _game(hands, own))] * 2
    for seed, (first, second) in enumerate(games):
        rng = random.Random(seed)
        while first.hand_index == 0:
            assert first.hands == second.hands
            assert (first.tricks, first.carry_over, first.to_move) == (
                second.tricks,
                second.carry_over,
                second.to_move,
            )
            move = random_move(first, rng)
            first, second = hj.apply(first, move), hj.apply(second, move)
        assert first.score_sheet == second.score_sheet


@attrs.frozen(repr=False)
class LowestWins(Duplicates):
    """A rule of one's own: the lowest card of the led suit wins (the first played of two)."""

    def winner(self, cards: tuple[Card, ...]) -> int | None:
        led = cards[0].suit
        return min((i for i in range(len(cards)) if cards[i].suit is led), key=lambda i: (cards[i].rank, i))


def test_a_duplicates_module_of_ones_own_decides_who_takes_the_trick():
    state = play(_game(EXAMPLE_15, LowestWins()), "9H KH KH 2H")
    assert state.tricks[0].winner == 3
    assert state.to_move == (3,)
    state = play(_game(["5H 2C", "3H 3C", "3H 4C", "4H 5C"], LowestWins()), "5H 3H 3H 4H")
    assert state.tricks[0].winner == 1


@pytest.mark.parametrize(
    ("answer", "fragment"), [(4, "not 4"), (-1, "not -1"), (True, "not True"), ("0", "not '0'")]
)
def test_a_winner_that_is_no_position_raises_rules_error_naming_the_module(answer, fragment):
    @attrs.frozen(repr=False)
    class Broken(Duplicates):
        def winner(self, cards: tuple[Card, ...]) -> int | None:
            return answer

    with pytest.raises(
        hj.RulesError,
        match=f"rule module Broken\\(\\): winner must return a position from 0 to 3 or None, {fragment}",
    ):
        play(_game(EXAMPLE_15, Broken()), "9H KH KH 2H")
