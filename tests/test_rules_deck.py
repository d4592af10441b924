"""Players and pack, sources §1.1 ``deck``: ``std52``, the reduced single packs, ``piquet32`` and
``double_deck``; removed cards are not dealt and the hand size is |pack|/n. Conflicts between modules raise
``RulesError`` naming both modules.
"""

from __future__ import annotations

from collections import Counter

import pytest

import hartenjagen as hj
from hartenjagen.cards import ALL_CARDS
from hartenjagen.core.table import table_for
from hartenjagen.rules.deck import (
    DOUBLE_DECK_6,
    MINUS_2C_3P,
    MINUS_2D_2C_5P,
    MINUS_2D_3P,
    MINUS_3C_2D_5P,
    MINUS_3C_3P,
    PIQUET32,
    STD52,
    DoubleDeck,
    SinglePack,
)
from hartenjagen.rules.opening import LOWEST_CLUB
from hartenjagen.rules.passing import LEFT_RIGHT_ACROSS_HOLD, PassCycle
from hartenjagen.rules.routes import PassRoute
from helpers import fill_deal, legal, no_pass_rules, play


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


# ---------------------------------------------------------------- the named packs


FULL_PACK = frozenset(str(card) for card in ALL_CARDS)


@pytest.mark.parametrize(
    ("deck", "players", "removed", "hand"),
    [
        (MINUS_2D_3P, 3, {"2D"}, 17),
        (MINUS_3C_3P, 3, {"3C"}, 17),
        (MINUS_2C_3P, 3, {"2C"}, 17),
        (MINUS_2D_2C_5P, 5, {"2D", "2C"}, 10),
        (MINUS_3C_2D_5P, 5, {"3C", "2D"}, 10),
    ],
    ids=["minus_2d_3p", "minus_3c_3p", "minus_2c_3p", "minus_2d_2c_5p", "minus_3c_2d_5p"],
)
def test_reduced_pack_constants_remove_their_cards_and_deal_evenly(deck, players, removed, hand):
    assert deck.players == players
    assert {str(card) for card in deck.removed} == removed
    assert {str(card) for card in deck.pack()} == FULL_PACK - removed
    assert len(deck.pack()) == players * hand
    state = hj.new_game(no_pass_rules(deck=deck), seed=11)
    assert [len(cards) for cards in state.hands] == [hand] * players
    assert {str(card) for cards in state.hands for card in cards} == FULL_PACK - removed


def test_piquet32_constant_deals_seven_to_ace_eight_each():
    assert SinglePack(lowest_rank=hj.Rank.SEVEN) == PIQUET32
    assert PIQUET32.players == 4
    expected = {card for card in FULL_PACK if card[0] in "789TJQKA"}
    assert {str(card) for card in PIQUET32.pack()} == expected
    assert len(expected) == 32
    state = hj.new_game(no_pass_rules(deck=PIQUET32), seed=2)
    assert [len(cards) for cards in state.hands] == [8, 8, 8, 8]
    assert {str(card) for cards in state.hands for card in cards} == expected


@pytest.mark.parametrize(
    ("deck", "lead"),
    [
        (STD52, "2C"),
        (MINUS_2D_3P, "2C"),
        (MINUS_3C_3P, "2C"),
        (MINUS_2C_3P, "3C"),
        (MINUS_2D_2C_5P, "3C"),
        (MINUS_3C_2D_5P, "2C"),
        (PIQUET32, "7C"),
        (DOUBLE_DECK_6, "2C"),
    ],
    ids=[
        "std52",
        "minus_2d_3p",
        "minus_3c_3p",
        "minus_2c_3p",
        "minus_2d_2c_5p",
        "minus_3c_2d_5p",
        "piquet32",
        "double_deck",
    ],
)
def test_lowest_club_lead_follows_the_deck(deck, lead):
    rules = no_pass_rules(deck=deck)
    last = deck.players - 1
    state = hj.new_game(rules, deal=fill_deal(rules, {last: lead}), dealer=0)
    assert state.to_move == (last,)
    assert legal(state) == {lead}
    other = next(card for card in state.hands[last] if str(card) != lead)
    reason = hj.explain(state, hj.Play(last, other))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.MUST_LEAD_OPENING_CARD
    assert f"the {hj.Card(lead).symbol}" in reason.message


# ---------------------------------------------------------------- double deck


def _counts(cards) -> Counter:
    return Counter(str(card) for card in cards)


def test_double_deck_six_players_holds_102_cards_17_each():
    assert DoubleDeck() == DOUBLE_DECK_6 == DoubleDeck(players=6)
    assert [str(card) for card in DOUBLE_DECK_6.removed()] == ["2C", "2D"]
    counts = _counts(DOUBLE_DECK_6.pack())
    assert sum(counts.values()) == 102
    assert counts["2C"] == counts["2D"] == 1  # 104 - 2 = 102: the 2C and one 2D are out
    assert all(count == 2 for card, count in counts.items() if card not in ("2C", "2D"))
    assert list(DOUBLE_DECK_6.pack()) == sorted(DOUBLE_DECK_6.pack())
    rules = hj.Rules(deck=DOUBLE_DECK_6)
    assert table_for(rules).hand_size == 17
    assert table_for(rules).copies == 2
    state = hj.new_game(rules, seed=5)
    assert [len(cards) for cards in state.hands] == [17] * 6
    assert _counts(card for cards in state.hands for card in cards) == counts


@pytest.mark.parametrize(
    ("players", "removed", "hand"),
    [
        (6, "2C 2D", 17),
        (7, "2C 2D 2D 3C 3C 3D", 14),
        (8, "", 13),
        (9, "2C 2D 2D 3C 3C", 11),
        (10, "2C 2D 2D 3C", 10),
        (11, "2C 2D 2D 3C 3C", 9),
        (12, "2C 2D 2D 3C 3C 3D 3D 4C", 8),
        (13, "", 8),
    ],
)
def test_double_deck_removes_2c_once_then_2d_2d_3c_3c_3d_3d_4c_in_order(players, removed, hand):
    deck = DoubleDeck(players=players)
    assert [str(card) for card in deck.removed()] == removed.split()
    assert len(deck.pack()) == 104 - len(removed.split()) == players * hand
    expected = Counter({card: 2 for card in FULL_PACK})
    expected.subtract(removed.split())
    assert _counts(deck.pack()) == +expected


@pytest.mark.parametrize("players", range(6, 14))
def test_double_deck_never_removes_hearts_or_spades_and_one_2c_always_remains(players):
    counts = _counts(DoubleDeck(players=players).pack())
    assert all(counts[card] == 2 for card in FULL_PACK if card[1] in "HS")
    assert counts["2C"] >= 1


@pytest.mark.parametrize(("players", "hand"), [(7, 14), (8, 13)])
def test_double_deck_seven_and_eight_players_deal_evenly(players, hand):
    deck = DoubleDeck(players=players)
    rules = no_pass_rules(deck=deck)
    assert rules.players == players
    state = hj.new_game(rules, seed=9)
    assert [len(cards) for cards in state.hands] == [hand] * players
    assert _counts(card for cards in state.hands for card in cards) == _counts(deck.pack())


def test_double_deck_eight_players_keeps_both_two_of_clubs():
    assert _counts(DoubleDeck(players=8).pack())["2C"] == 2


@pytest.mark.parametrize("players", [5, 14, True, 6.0])
def test_double_deck_is_for_six_to_thirteen_players(players):
    with pytest.raises(hj.RulesError, match="a double deck is for 6 to 13 players"):
        DoubleDeck(players=players)


def test_double_deck_deals_two_copies_and_hands_show_both():
    rules = no_pass_rules(deck=DOUBLE_DECK_6)
    deal = fill_deal(rules, {0: "2C QS QS AH AH", 3: "KD KD"})
    state = hj.new_game(rules, deal=deal, dealer=5)
    assert _counts(state.hands[0])["QS"] == 2
    assert _counts(state.hands[0])["AH"] == 2
    assert _counts(state.hands[3])["KD"] == 2
    assert state.hands == state.dealt
    assert [len(cards) for cards in state.hands] == [17] * 6
    assert list(state.hands[0]) == sorted(state.hands[0])


def test_double_deck_explicit_deal_refuses_a_third_copy_and_removed_cards():
    rules = no_pass_rules(deck=DOUBLE_DECK_6)
    deal = fill_deal(rules, {0: "QS QS"})
    deal[1][0] = "QS"
    with pytest.raises(hj.SetupError, match="QS, which is more often than the pack holds it"):
        hj.new_game(rules, deal=deal)
    deal = fill_deal(rules, {0: "2C"})
    deal[1][0] = "2C"  # one copy of the 2C is out
    with pytest.raises(hj.SetupError, match="2C, which is more often than the pack holds it"):
        hj.new_game(rules, deal=deal)
    deal = fill_deal(rules, {0: "2D"})
    deal[1][0] = "2D"  # one copy of the 2D is out too
    with pytest.raises(hj.SetupError, match="2D, which is more often than the pack holds it"):
        hj.new_game(rules, deal=deal)
    rules = no_pass_rules(deck=DoubleDeck(players=7))  # both 2Ds out
    deal = fill_deal(rules, {})
    deal[1][0] = "2D"
    with pytest.raises(hj.SetupError, match="2D, which is not in the pack"):
        hj.new_game(rules, deal=deal)


def test_double_deck_play_of_a_card_held_twice_removes_one_copy():
    rules = no_pass_rules(deck=DOUBLE_DECK_6)
    deal = fill_deal(rules, {0: "2C", 1: "3C 3C AS AS"})
    state = hj.new_game(rules, deal=deal, dealer=5)
    state = play(state, "2C")
    assert state.to_move == (1,)
    moves = hj.legal_moves(state)
    assert [str(m) for m in moves].count("play 1 3C") == 1  # one move for both copies
    state = play(state, "3C")
    assert _counts(state.hands[1])["3C"] == 1
    assert len(state.hands[1]) == 16
    assert [str(m.card) for m in state.trick] == ["2C", "3C"]
    assert hj.Card("3C") in state.hands[1]


@pytest.mark.parametrize(
    ("copies", "dealer", "leader"),
    [
        ((2, 6), 0, 2),
        ((2, 6), 3, 6),
        ((2, 6), 6, 2),
        ((2, 6), 1, 2),
        ((2, 6), 5, 6),
        ((2, 6), 2, 6),
        ((4, 4), 7, 4),
        ((0, 7), 7, 0),
    ],
)
def test_double_deck_two_of_clubs_holder_nearest_clockwise_from_eldest_leads(copies, dealer, leader):
    rules = no_pass_rules(deck=DoubleDeck(players=8))
    fixed: dict[int, str] = {}
    for seat in copies:
        fixed[seat] = (fixed.get(seat, "") + " 2C").strip()
    state = hj.new_game(rules, deal=fill_deal(rules, fixed), dealer=dealer)
    assert state.to_move == (leader,)
    assert legal(state) == {"2C"}
    state = play(state, "2C")
    assert state.trick == (hj.Play(leader, "2C"),)
    assert hj.Card("2C") in state.hands[copies[1] if leader == copies[0] else copies[0]]


DOUBLED_CLUBS = "2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C 9C 9C TC TC"


def test_double_deck_pass_moves_list_a_pass_of_two_identical_cards_once():
    rules = hj.Rules(deck=DOUBLE_DECK_6)
    state = hj.new_game(rules, deal=fill_deal(rules, {0: DOUBLED_CLUBS}), dealer=5)
    assert state.phase is hj.Phase.PASSING
    moves = hj.legal_moves(state)
    listed = list(moves)
    seat0 = [move for move in listed if move.seat == 0]
    # one 2C and eight pairs: 3 different ranks (C(9,3) = 84) or a pair and another rank (8 * 8 = 64)
    assert len(seat0) == len(set(seat0)) == 148
    assert seat0.count(hj.Pass(0, "3C 3C 4C")) == 1
    assert hj.Pass(0, "3C 3C 4C") in moves
    assert hj.Pass(0, "2C TC TC") in moves
    assert hj.Pass(0, "2C 2C 3C") not in moves  # one 2C only
    assert hj.Pass(0, "3C 3C 3C") not in moves
    reason = hj.explain(state, hj.Pass(0, "2C 2C 3C"))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.DUPLICATE_CARD
    assert hj.explain(state, hj.Pass(0, "3C 3C 4C")) is None


def test_double_deck_pass_moves_len_indexing_and_in_agree_with_iteration():
    rules = hj.Rules(deck=DOUBLE_DECK_6)
    state = hj.new_game(rules, deal=fill_deal(rules, {0: DOUBLED_CLUBS, 2: "AS AS KS KS QS QS"}), dealer=5)
    moves = hj.legal_moves(state)
    listed = list(moves)
    assert len(moves) == len(listed) == len(set(listed))
    assert all(moves[i] == move for i, move in enumerate(listed))
    assert moves[-1] == listed[-1]
    assert moves[-len(listed)] == listed[0]
    assert moves[100:110] == tuple(listed[100:110])
    assert all(move in moves for move in listed)
    assert [move.seat for move in listed] == sorted(move.seat for move in listed)
    with pytest.raises(IndexError):
        moves[len(listed)]


def test_double_deck_passing_both_copies_of_a_card():
    rules = hj.Rules(deck=DOUBLE_DECK_6)  # hand 0 passes left
    state = hj.new_game(rules, deal=fill_deal(rules, {0: DOUBLED_CLUBS}), dealer=5)
    dealt = state.hands
    state = hj.apply(state, hj.Pass(0, "3C 3C 4C"))
    assert _counts(state.hands[0])["3C"] == 0
    assert _counts(state.hands[0])["4C"] == 1
    assert _counts(state.passed[0]) == Counter({"3C": 2, "4C": 1})
    for seat in range(1, 6):
        state = hj.apply(state, hj.Pass(seat, dealt[seat][:3]))
    assert state.phase is hj.Phase.PLAYING
    assert _counts(state.hands[1])["3C"] == 2
    assert _counts(state.received[1]) == Counter({"3C": 2, "4C": 1})
    assert [len(cards) for cards in state.hands] == [17] * 6


def test_double_deck_explicit_deal_gives_each_seat_its_own_copy():
    rules = hj.Rules(deck=DOUBLE_DECK_6, passing=PassCycle(directions=(PassRoute.LEFT,), cards=2))
    deal = fill_deal(rules, {0: "2C QS", 1: "QS"})
    state = hj.new_game(rules, deal=deal, dealer=5)
    assert _counts(state.hands[0])["QS"] == _counts(state.hands[1])["QS"] == 1
    for seat in range(6):
        cards = "QS 2C" if seat == 0 else [c for c in state.hands[seat] if str(c) != "QS"][:2]
        state = hj.apply(state, hj.Pass(seat, cards))
    assert _counts(state.hands[1])["QS"] == 2
    assert [len(cards) for cards in state.hands] == [17] * 6


@pytest.mark.parametrize("seed", range(6))
def test_double_deck_pass_moves_are_the_different_combinations_in_order(seed: int) -> None:
    """Each seat's passes are the deduplicated ``combinations`` of its sorted cards, in that order."""
    import itertools

    state = hj.new_game(hj.Rules(deck=DOUBLE_DECK_6), seed=seed)
    moves = list(hj.legal_moves(state))
    for seat in range(6):
        cards = sorted(state.hands[seat], key=lambda card: card.index)
        expected = list(dict.fromkeys(itertools.combinations(cards, state.pass_count)))
        assert [move.cards for move in moves if move.seat == seat] == expected
        assert all(hj.explain(state, move) is None for move in moves[:: max(1, len(moves) // 50)])
