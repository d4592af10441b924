"""The opening lead, RULES.md §1.5 ``first_lead``: ``lowest_club`` and ``lowest_club_any_club``."""

from __future__ import annotations

import pytest

import hartenjagen as hj
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.opening import ANY_CLUB, LOWEST_CLUB, lowest_club
from hartenjagen.table import table_for
from helpers import MIXED_DEAL, game, legal, no_pass_rules, play


def _holder(state: hj.State, text: str) -> int:
    card = hj.Card.parse(text)
    (seat,) = [seat for seat, hand in enumerate(state.hands) if card in hand]
    return seat


def test_lowest_club_is_the_default_opening():
    assert hj.Rules().opening == LOWEST_CLUB
    assert hj.variants.STANDARD.opening is LOWEST_CLUB


def test_lowest_club_holder_must_lead_two_of_clubs():
    state = game(MIXED_DEAL)
    assert state.phase is hj.Phase.PLAYING
    assert state.to_move == (2,)
    assert state.trick_leader == 2
    assert legal(state) == {"2C"}


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_lowest_club_holder_leads_whoever_deals(dealer):
    state = game(MIXED_DEAL, dealer=dealer)
    assert state.dealer == dealer
    assert state.eldest == (dealer + 1) % 4
    assert state.to_move == (2,)
    assert legal(state) == {"2C"}


@pytest.mark.parametrize("seed", range(8))
def test_lowest_club_holder_leads_in_shuffled_deals(seed):
    state = hj.new_game(no_pass_rules(), seed=seed)
    assert state.to_move == (_holder(state, "2C"),)
    assert [str(m) for m in hj.legal_moves(state)] == [f"{_holder(state, '2C')}:2C"]


def test_lowest_club_refuses_any_other_first_lead():
    state = game(MIXED_DEAL)
    reason = hj.explain(state, hj.Play(2, "8C"))
    assert reason is not None
    assert reason.code is hj.IllegalMoveCode.MUST_LEAD_OPENING_CARD
    assert "must be opened with the 2♣" in reason.message


def test_lowest_club_is_three_of_clubs_when_two_is_removed():
    rules = no_pass_rules(deck=SinglePack(players=3, removed=["2C"]))
    assert str(lowest_club(table_for(rules))) == "3C"
    for seed in range(4):
        state = hj.new_game(rules, seed=seed)
        assert state.to_move == (_holder(state, "3C"),)
        assert legal(state) == {"3C"}


def test_lowest_club_is_three_of_clubs_with_five_players_minus_two_of_diamonds_and_clubs():
    state = hj.new_game(no_pass_rules(deck=SinglePack(players=5, removed=["2D", "2C"])), seed=3)
    assert state.to_move == (_holder(state, "3C"),)
    assert legal(state) == {"3C"}
    assert hj.explain(state, hj.Play(state.to_move[0], "3C")) is None


def test_lowest_club_is_seven_of_clubs_in_piquet_pack():
    rules = no_pass_rules(deck=SinglePack(lowest_rank=hj.Rank.SEVEN))
    state = hj.new_game(rules, seed=5)
    assert state.to_move == (_holder(state, "7C"),)
    assert legal(state) == {"7C"}
    seat = state.to_move[0]
    other = next(card for card in state.hands[seat] if str(card) != "7C")
    reason = hj.explain(state, hj.Play(seat, other))
    assert reason is not None
    assert reason.code is hj.IllegalMoveCode.MUST_LEAD_OPENING_CARD
    assert "the 7♣" in reason.message


def test_lowest_club_is_led_by_the_seat_it_is_dealt_to_in_a_small_pack():
    state = game(["AC KD", "4C 2D", "QH 3D", "5C 2H"])
    assert str(lowest_club(state._table)) == "4C"
    assert state.to_move == (1,)
    assert legal(state) == {"4C"}


def test_first_trick_continues_clockwise_from_the_opener():
    state = play(game(MIXED_DEAL), "2C")
    assert state.to_move == (3,)
    assert legal(state) == {"JC", "QC", "KC", "AC"}
    state = play(state, "JC")
    assert state.to_move == (0,)
    assert legal(state) == {"3C", "4C"}


def test_lowest_club_any_club_lets_the_holder_lead_any_club():
    state = game(MIXED_DEAL, opening=ANY_CLUB)
    assert state.to_move == (2,)
    assert legal(state) == {"2C", "8C", "9C", "TC"}


def test_lowest_club_any_club_leader_is_the_lowest_club_holder():
    # Seat 1 is eldest and holds three clubs; seat 3 holds the most clubs; seat 2 holds the 2C.
    for dealer in range(4):
        assert game(MIXED_DEAL, dealer=dealer, opening=ANY_CLUB).to_move == (2,)


def test_lowest_club_any_club_refuses_a_non_club_lead():
    state = game(MIXED_DEAL, opening=ANY_CLUB)
    with pytest.raises(hj.IllegalMoveError, match="must be opened with a club") as info:
        hj.apply(state, hj.Play(2, "JD"))
    assert info.value.code is hj.IllegalMoveCode.MUST_LEAD_OPENING_CARD


def test_lowest_club_any_club_opener_may_keep_the_two_of_clubs():
    state = play(game(MIXED_DEAL, opening=ANY_CLUB), "TC")
    assert state.trick[0] == hj.Play(2, "TC")
    assert "2C" in {str(c) for c in state.hands[2]}
    # the trick is then played as any other
    assert legal(state) == {"JC", "QC", "KC", "AC"}


def test_openspiel_can_lead_any_club_switch_selects_lowest_club_any_club():
    assert hj.variants.openspiel(can_lead_any_club=True).opening == ANY_CLUB
    assert hj.variants.openspiel().opening == LOWEST_CLUB


def test_opening_rules_need_a_club_in_the_pack():
    clubless = SinglePack(lowest_rank=hj.Rank.SEVEN, removed=[f"{r}C" for r in "789TJQKA"])
    for opening in (LOWEST_CLUB, ANY_CLUB):
        with pytest.raises(hj.RulesError) as info:
            no_pass_rules(deck=clubless, opening=opening)
        assert f"opening {opening!r}" in str(info.value)
        assert "deck SinglePack(" in str(info.value)
