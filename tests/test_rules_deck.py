"""Players and pack, RULES.md §1.1 ``deck``: ``std52``, the reduced single packs and ``piquet32``;
removed cards are not dealt and the hand size is |pack|/n. Conflicts between modules raise
``RulesError`` naming both modules.
"""

from __future__ import annotations

import pytest

import hartenjagen as hj
from hartenjagen.rules.deck import STD52, SinglePack
from hartenjagen.rules.opening import LOWEST_CLUB
from hartenjagen.rules.passing import LEFT_RIGHT_ACROSS_HOLD, PassCycle
from hartenjagen.table import table_for
from helpers import no_pass_rules


@pytest.mark.parametrize(
    ("deck", "players", "size", "hand"),
    [
        (STD52, 4, 52, 13),  # std52
        (SinglePack(players=3, removed=["2D"]), 3, 51, 17),  # minus_2d_3p
        (SinglePack(players=3, removed=["3C"]), 3, 51, 17),  # minus_3c_3p
        (SinglePack(players=3, removed=["2C"]), 3, 51, 17),  # minus_2c_3p
        (SinglePack(players=5, removed=["2D", "2C"]), 5, 50, 10),  # minus_2d_2c_5p
        (SinglePack(players=5, removed=["3C", "2D"]), 5, 50, 10),  # minus_3c_2d_5p
        (SinglePack(lowest_rank=hj.Rank.SEVEN), 4, 32, 8),  # piquet32
    ],
)
def test_single_pack_sizes(deck, players, size, hand):
    assert deck.players == players
    assert len(deck.pack()) == size
    rules = no_pass_rules(deck=deck)
    assert rules.players == players
    table = table_for(rules)
    assert len(table.pack) == size
    assert table.hand_size == hand
    state = hj.new_game(rules, seed=1)
    assert state.players == players
    assert [len(h) for h in state.hands] == [hand] * players


def test_std52_is_the_default_deck():
    assert hj.Rules().deck == STD52 == SinglePack()
    assert STD52.pack() == tuple(sorted(STD52.pack()))
    assert len(set(STD52.pack())) == 52


def test_removed_cards_are_not_dealt():
    rules = no_pass_rules(deck=SinglePack(players=5, removed=["2D", "2C"]))
    for seed in range(5):
        dealt = {str(card) for hand in hj.new_game(rules, seed=seed).hands for card in hand}
        assert len(dealt) == 50
        assert not {"2D", "2C"} & dealt


def test_piquet_pack_holds_seven_to_ace():
    pack = SinglePack(lowest_rank=hj.Rank.SEVEN).pack()
    assert {card.rank for card in pack} == {r for r in hj.Rank if r >= hj.Rank.SEVEN}
    assert str(pack[0]) == "7C"


def test_removed_cards_are_read_as_card_texts_and_sorted():
    assert SinglePack(players=5, removed="2D, 2C") == SinglePack(players=5, removed=["2C", "2D"])
    assert [str(c) for c in SinglePack(players=5, removed=["2D", "2c"]).removed] == ["2C", "2D"]


def test_uneven_pack_is_rejected():
    with pytest.raises(hj.RulesError, match="52 cards cannot be dealt evenly to 5 players"):
        SinglePack(players=5)
    with pytest.raises(hj.RulesError, match="51 cards cannot be dealt evenly to 4 players"):
        SinglePack(removed=["2D"])


@pytest.mark.parametrize("players", [1, 0, -4, True, 2.0, "4"])
def test_players_must_be_a_whole_number_of_at_least_two(players):
    with pytest.raises(hj.RulesError, match="players must be a whole number of at least 2"):
        SinglePack(players=players)


def test_removed_cards_must_be_in_the_pack():
    with pytest.raises(hj.RulesError, match=r"removed cards \['2C'\] are not in the pack"):
        SinglePack(lowest_rank=hj.Rank.SEVEN, removed=["2C", "7D", "7H", "7S"])


def test_lowest_rank_must_be_a_rank():
    with pytest.raises(hj.RulesError, match="lowest_rank must be a Rank"):
        SinglePack(lowest_rank=7)


def test_conflict_across_with_odd_players_names_both_modules():
    deck = SinglePack(players=3, removed=["2D"])
    with pytest.raises(hj.RulesError) as info:
        hj.Rules(deck=deck)
    assert f"passing {LEFT_RIGHT_ACROSS_HOLD!r}" in str(info.value)
    assert f"deck {deck!r}" in str(info.value)


def test_conflict_pass_count_over_hand_size_names_both_modules():
    passing = PassCycle(cards=9)
    deck = SinglePack(lowest_rank=hj.Rank.SEVEN)
    with pytest.raises(hj.RulesError) as info:
        hj.Rules(deck=deck, passing=passing)
    assert f"passing {passing!r}" in str(info.value)
    assert f"deck {deck!r}" in str(info.value)


def test_conflict_club_opening_without_clubs_names_both_modules():
    deck = SinglePack(lowest_rank=hj.Rank.SEVEN, removed=[f"{rank}C" for rank in "789TJQKA"])
    with pytest.raises(hj.RulesError) as info:
        no_pass_rules(deck=deck)
    assert f"opening {LOWEST_CLUB!r}" in str(info.value)
    assert f"deck {deck!r}" in str(info.value)


def test_deck_repr_is_readable():
    assert repr(SinglePack(players=3, removed=["2D"])) == ("SinglePack(players=3, removed=(Card('2D'),))")
