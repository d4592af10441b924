"""The family presets (``variants.FAMILY``) match their documented rules, as ``test_presets`` checks ``ALL``.

Each family preset's modules are spelled out here with their settings
(docs/family.md, docs/rules.md); its derived facts (players, pack, hand,
card values, a hand's points, the moon, the first lead, the pass cycle) are
checked against an independent table; and seeded random games keep the
invariants ``test_presets`` checks (replay, pickle), with fewer examples.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import family, family_jokers, variants
from hartenjagen.cards import Card, Rank
from hartenjagen.core.table import table_for
from hartenjagen.rules import (
    deck,
    duplicates,
    ending,
    first_trick,
    leading,
    moon,
    opening,
    passing,
    scoring,
    teams,
    undealt,
)
from hartenjagen.rules.routes import PassRoute
from preset_shadow import check_replay_and_pickle, playout
from test_presets import STANDARD_SLOTS, _values

L, R, A, H = PassRoute.LEFT, PassRoute.RIGHT, PassRoute.ACROSS, PassRoute.HOLD

_PIQUET_SLOTS = {
    **STANDARD_SLOTS,
    "deck": deck.SinglePack(players=4, lowest_rank=Rank.SEVEN),
    "passing": passing.PassCycle(directions=(H,)),
    "opening": opening.EldestLeadsAny(),
    "first_trick": first_trick.AnythingOnFirstTrick(),
    "leading": leading.HeartsAnytime(),
    "moon": moon.NoMoon(),
}
_PINK = {**{f"{rank}H": 1 for rank in "23456789TJKA"}, "QH": 13, "QS": 13}
_SPOT = {
    **{f"{pips}H": pips for pips in range(2, 10)},
    "TH": 10,
    "JH": 11,
    "QH": 12,
    "KH": 13,
    "AH": 15,
    "QS": 25,
}
_SLOBBERHANNES = {"QC": 1}
_POLIGNAC = {"JC": 1, "JD": 1, "JH": 1, "JS": 2}
_GONG_ZHU = {
    "QS": 100, "JD": -100, "TC": -50, "AH": 50, "KH": 40, "QH": 30, "JH": 20,
    **{f"{rank}H": 10 for rank in "56789T"},
}  # fmt: skip
_STANDARD = {**{f"{rank}H": 1 for rank in "23456789TJQKA"}, "QS": 13}

#: Each family preset's modules, spelled out with their settings (docs/family.md).
EXPECTED_SLOTS = {
    "pink_lady": {**STANDARD_SLOTS, "scoring": scoring.CardPoints(_PINK, name="pink_lady")},
    "spot_hearts": {**STANDARD_SLOTS, "scoring": scoring.spot_hearts(ace=15, queen_of_spades=25)},
    "slobberhannes": {
        **_PIQUET_SLOTS,
        "scoring": scoring.CardPoints(_SLOBBERHANNES, name="slobberhannes"),
        "ending": ending.ScoreLimit(limit=10),
        "extras": (family.FirstAndLastTrick(points=1, all_three=0, card=Card("QC")),),
    },
    "polignac": {
        **_PIQUET_SLOTS,
        "scoring": scoring.CardPoints(_POLIGNAC, name="polignac"),
        "ending": ending.ScoreLimit(limit=20),
        "trick_winner": family.RankOrder(order=tuple(Rank(r) for r in (7, 8, 9, 10, 14, 11, 12, 13))),
    },
    "cancellation_hearts": {
        **STANDARD_SLOTS,
        "deck": family.TwoPacks(players=8),
        "passing": passing.PassCycle(directions=(L, R), cards=3),
        "duplicates": duplicates.CancelPairs(),
    },
    "partnership_hearts": {
        **STANDARD_SLOTS,
        "ending": ending.ScoreLimit(limit=200),
        "extras": (teams.Partnership(teams=((0, 2), (1, 3)), together_moon=True),),
    },
    "danger_hearts": {**STANDARD_SLOTS, "ending": family.Lives(lives=3, threshold=15, deals=10)},
    "heartsette": {
        **STANDARD_SLOTS,
        "deck": undealt.WidowPack(players=4, hand=12, removed=("2S",), widow_after=0),
        "passing": passing.PassCycle(directions=(H,)),
        "opening": opening.EldestLeadsAny(),
    },
    "two_player_hearts": {
        **STANDARD_SLOTS,
        "deck": undealt.StockPack(players=2, hand=13),
        "passing": passing.PassCycle(directions=(H,)),
        "opening": opening.EldestLeadsAny(),
    },
    "domino_hearts": {
        **STANDARD_SLOTS,
        "deck": undealt.DominoPack(players=4, hand=6, stock_left=True),
        "passing": passing.PassCycle(directions=(H,)),
        "opening": opening.EldestLeadsAny(),
        "first_trick": first_trick.ANYTHING,
        "scoring": scoring.HEARTS_ONLY,
        "moon": moon.NO_MOON,
        "ending": ending.ScoreLimit(limit=31),
    },
    "gong_zhu": {
        **STANDARD_SLOTS,
        "passing": passing.NO_PASSING,
        "opening": family.PigLeads(),
        "first_trick": first_trick.ANYTHING,
        "leading": leading.ANYTIME,
        "scoring": family.PigAndSheep(pig_with_hearts=True),
        "moon": moon.NO_MOON,
        "ending": family.PigLimit(limit=1000, both_ways=False),
        "extras": (family.Exposures(first_round=True),),
    },
    "joker_hearts": {
        **STANDARD_SLOTS,
        "deck": family_jokers.JokerPack(players=4, count=4),
        "extras": (family_jokers.JokersAnyTime(),),
    },
}
PRESET_CONSTANTS = {
    "pink_lady": variants.PINK_LADY,
    "spot_hearts": variants.SPOT_HEARTS,
    "slobberhannes": variants.SLOBBERHANNES,
    "polignac": variants.POLIGNAC,
    "cancellation_hearts": variants.CANCELLATION_HEARTS,
    "partnership_hearts": variants.PARTNERSHIP_HEARTS,
    "danger_hearts": variants.DANGER_HEARTS,
    "heartsette": variants.get("heartsette"),
    "two_player_hearts": variants.get("two_player_hearts"),
    "domino_hearts": variants.get("domino_hearts"),
    "gong_zhu": variants.get("gong_zhu"),
    "joker_hearts": variants.get("joker_hearts"),
}
#: name: (players, pack size, hand size, card values, positive total, moon amount or None, first lead)
DERIVED = {
    "pink_lady": (4, 52, 13, _PINK, 38, 38, "2C"),
    "spot_hearts": (4, 52, 13, _SPOT, 130, 130, "2C"),
    "slobberhannes": (4, 32, 8, _SLOBBERHANNES, 1, None, None),
    "polignac": (4, 32, 8, _POLIGNAC, 5, None, None),
    "cancellation_hearts": (
        8,
        104,
        13,
        {**{f"{rank}H": 1 for rank in "23456789TJQKA"}, "QS": 13},
        52,
        52,
        "2C",
    ),
    "partnership_hearts": (4, 52, 13, _STANDARD, 26, 26, "2C"),
    "danger_hearts": (4, 52, 13, _STANDARD, 26, 26, "2C"),
    "heartsette": (4, 51, 12, {**{f"{rank}H": 1 for rank in "23456789TJQKA"}, "QS": 13}, 26, 26, None),
    "two_player_hearts": (2, 52, 13, _STANDARD, 26, 26, None),
    "domino_hearts": (4, 52, 6, {f"{rank}H": 1 for rank in "23456789TJQKA"}, 13, None, None),
    # card values taken alone: the 10♣ alone scores −50 (as penalty points); 2♥ to 4♥ score nothing
    "gong_zhu": (4, 52, 13, _GONG_ZHU, 300, None, None),
    # 52 cards and four jokers, which score nothing
    "joker_hearts": (4, 56, 14, _STANDARD, 26, 26, "2C"),
}
#: The pass direction of the first hands.
PASS_CYCLES = {
    "pink_lady": (L, R, A, H, L),
    "spot_hearts": (L, R, A, H, L),
    "slobberhannes": (H, H, H),
    "polignac": (H, H, H),
    "cancellation_hearts": (L, R, L, R, L),
    "partnership_hearts": (L, R, A, H, L),
    "danger_hearts": (L, R, A, H, L),
    "heartsette": (H, H, H),
    "two_player_hearts": (H, H, H),
    "domino_hearts": (H, H, H),
    "gong_zhu": (H, H, H),
    "joker_hearts": (L, R, A, H, L),
}


def test_every_family_preset_is_checked_here() -> None:
    assert [p.name for p in variants.FAMILY] == list(EXPECTED_SLOTS)
    assert set(PRESET_CONSTANTS) == set(DERIVED) == set(PASS_CYCLES) == set(EXPECTED_SLOTS)


@pytest.mark.parametrize("name", list(EXPECTED_SLOTS))
def test_family_preset_modules_match_the_family_page(name: str) -> None:
    rules = PRESET_CONSTANTS[name]
    assert variants.preset(name).rules is rules
    assert rules.modules() == EXPECTED_SLOTS[name]


@pytest.mark.parametrize("name", list(DERIVED))
def test_family_preset_derived_facts(name: str) -> None:
    rules = PRESET_CONSTANTS[name]
    players, pack_size, hand_size, values, positive_total, moon_amount, first_lead = DERIVED[name]
    table = table_for(rules)
    assert rules.players == table.players == players
    jokers = rules.deck.jokers()  # dealt with the pack (Joker Hearts)
    assert len(rules.deck.pack()) + len(jokers) == len(table.pack) == pack_size
    assert table.hand_size == hand_size == rules.deck.hand_size()  # the rest is undealt (a widow)
    assert _values(rules) == values
    assert table.positive_total == positive_total
    assert rules.scoring.moon_total(rules) == positive_total
    if moon_amount is None:
        assert rules.moon.options() == ()
    else:
        assert rules.scoring.moon_total(rules) == moon_amount
    if first_lead is not None:
        assert opening.lowest_club(rules) == Card(first_lead)
    state = hj.new_game(rules, seed=1)
    assert [len(hand) for hand in state.hands] == [hand_size] * players
    dealt = [card for hand in state.hands for card in hand]
    assert Counter([*dealt, *state.widow, *state.stock]) == Counter([*rules.deck.pack(), *jokers])
    assert len(state.widow) + len(state.stock) == pack_size - hand_size * players  # a widow or a stock
    cycle = PASS_CYCLES[name]
    assert tuple(rules.passing.route(h) for h in range(len(cycle))) == cycle


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.parametrize("preset", variants.FAMILY, ids=[p.name for p in variants.FAMILY])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, move_seed=SEEDS)
# Joker Hearts: a leader of hearts and a joker, hearts unbroken, leads the joker (the checker allowed hearts)
@example(seed=15759, move_seed=311)
def test_family_invariants_on_random_games(preset: variants.Preset, seed: int, move_seed: int) -> None:
    final, moves, middle = playout(preset.rules, seed, move_seed, full_hands=3)
    assert final.is_over, "a random game ends"
    check_replay_and_pickle(preset.rules, seed, final, moves, middle)
