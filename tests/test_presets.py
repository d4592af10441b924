"""The presets of sources §2 and the invariants of sources §3.

- Every preset in ``variants`` has the modules sources §2 gives it, slot by slot, and the derived
  facts that follow (players, pack, hand size, pass cycle, card values, moon amount).
- ``variants.get`` finds every preset by name and alias in any case and spelling, builds Hoemke's
  variants from their names and explains unknown names; ``variants.hoemke`` builds all 256.
- ``docs/variants.md`` is what ``scripts/gen_variants_doc.py`` generates.
- The property tests of sources §3 over random playouts are in test_preset_invariants.py.
"""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.cards import ALL_CARDS, Card, Rank
from hartenjagen.core.table import table_for
from hartenjagen.rules import (
    deck,
    duplicates,
    ending,
    extras,
    first_trick,
    leading,
    moon,
    opening,
    passing,
    scoring,
    trick_winner,
)
from hartenjagen.rules.routes import PassRoute

ROOT = Path(__file__).resolve().parent.parent
L, R, A, H = PassRoute.LEFT, PassRoute.RIGHT, PassRoute.ACROSS, PassRoute.HOLD
QS = Card("QS")
HEARTS = {f"{rank}H": 1 for rank in "23456789TJQKA"}


def _values(rules: hj.Rules) -> dict[str, int]:
    """The non-zero card values of the scoring module, over the cards of the pack."""
    values = {str(card): rules.scoring.card_value(card) for card in set(rules.deck.pack())}
    return {card: value for card, value in values.items() if value}


# ---------------------------------------------------------------- 1. presets match sources §2

#: The standard modules, spelled out with their settings (sources §2).
STANDARD_SLOTS = {
    "deck": deck.SinglePack(players=4, removed=(), lowest_rank=Rank.TWO),
    "passing": passing.PassCycle(directions=(L, R, A, H), cards=3),
    "opening": opening.LowestClubLeads(),
    "first_trick": first_trick.NoPointsUnlessForced(
        restricted=first_trick.RestrictedCards.POSITIVE_VALUED, forced=first_trick.ForcedChoice.ANY
    ),
    "leading": leading.HeartsAfterBroken(
        broken_by=leading.BrokenBy.ANY_HEART,
        queen_breaks=False,
        hearts_and_queen=leading.HeartsAndQueen.QUEEN_FORCED,
    ),
    "scoring": scoring.BLACK_LADY,
    "moon": moon.OthersPlus(amount=None, moon_set=moon.MoonSet.ALL_POSITIVE),
    "ending": ending.ScoreLimit(limit=100, inclusive=True, tie=ending.Tie.SHARED),
    "duplicates": duplicates.FirstPlayedWins(),
    "trick_winner": trick_winner.HighestOfLed(),
    "extras": (),
}
DUTCH_SLOTS = {
    **STANDARD_SLOTS,
    "deck": deck.SinglePack(players=4, lowest_rank=Rank.SEVEN),
    "passing": passing.PassCycle(directions=(H,)),
    "opening": opening.EldestLeadsAny(),
    "first_trick": first_trick.AnythingOnFirstTrick(),
    "leading": leading.HeartsAnytime(),
    "scoring": scoring.DUTCH_32,
    "ending": ending.TwoHalves(switch=50, finish=ending.Finish.ZERO_OR_BELOW),
}
EXPECTED_SLOTS = {
    "standard": STANDARD_SLOTS,
    "standard_moon_choice": {**STANDARD_SLOTS, "moon": moon.ShooterChoice()},
    "black_lady_3": {
        **STANDARD_SLOTS,
        "deck": deck.SinglePack(players=3, removed=("2D",)),
        "passing": passing.PassCycle(directions=(L, R, H, H), cards=3),
    },
    "five_players": {
        **STANDARD_SLOTS,
        "deck": deck.SinglePack(players=5, removed=("2D", "2C")),
        "passing": passing.PassCycle(
            directions=(L, R, PassRoute.SECOND_LEFT, PassRoute.SECOND_RIGHT, H), cards=3
        ),
    },
    "six_double_deck": {**STANDARD_SLOTS, "deck": deck.DoubleDeck(players=6)},
    "dutch": DUTCH_SLOTS,
    "achterhoek": {**DUTCH_SLOTS, "scoring": scoring.ACHTERHOEK_32, "extras": (extras.Miezen(points=10),)},
    "argentine": {**STANDARD_SLOTS, "scoring": scoring.ARGENTINE},
    "omnibus": {**STANDARD_SLOTS, "scoring": scoring.OMNIBUS},
    "black_maria": {
        **STANDARD_SLOTS,
        "deck": deck.SinglePack(players=3, removed=("2C",)),
        "passing": passing.PassCycle(directions=(R,), cards=3),
        "opening": opening.EldestLeadsAny(),
        "first_trick": first_trick.AnythingOnFirstTrick(),
        "leading": leading.HeartsAnytime(),
        "scoring": scoring.BLACK_MARIA,
        "moon": moon.NoMoon(),
    },
    "countdown": {
        **STANDARD_SLOTS,
        "passing": passing.PassCycle(directions=(L, A, R, H), cards=3),
        "ending": ending.Countdown(start=100, tie=ending.Tie.SHARED),
    },
    "openspiel": {
        **STANDARD_SLOTS,
        "passing": passing.RandomDirection(cards=3, choices=(H, L, A, R)),
        "first_trick": first_trick.NoPointsUnlessForced(
            restricted=first_trick.RestrictedCards.HEARTS_AND_QUEEN, forced=first_trick.ForcedChoice.ANY
        ),
        "leading": leading.HeartsAfterBroken(
            broken_by=leading.BrokenBy.ANY_HEART,
            queen_breaks=True,
            hearts_and_queen=leading.HeartsAndQueen.QUEEN_FORCED,
        ),
        "ending": ending.SingleHand(),
    },
}

#: The named module constants each preset uses (the constants must be the same values as above).
NAMED_MODULES = {
    "standard": {
        "deck": deck.STD52,
        "passing": passing.LEFT_RIGHT_ACROSS_HOLD,
        "opening": opening.LOWEST_CLUB,
        "first_trick": first_trick.NO_POINTS_UNLESS_FORCED,
        "leading": leading.AFTER_BROKEN,
        "moon": moon.OTHERS_PLUS,
        "ending": ending.TO_100,
        "duplicates": duplicates.FIRST_PLAYED_WINS,
        "trick_winner": trick_winner.HIGHEST_OF_LED,
    },
    "standard_moon_choice": {"moon": moon.SHOOTER_CHOICE},
    "black_lady_3": {"deck": deck.MINUS_2D_3P, "passing": passing.LEFT_RIGHT_HOLD_HOLD},
    "five_players": {"deck": deck.MINUS_2D_2C_5P, "passing": passing.FIVE_PLAYER_CYCLE},
    "six_double_deck": {"deck": deck.DOUBLE_DECK_6, "passing": passing.LEFT_RIGHT_ACROSS_HOLD},
    "dutch": {
        "deck": deck.PIQUET32,
        "passing": passing.NO_PASSING,
        "opening": opening.ELDEST_ANY,
        "first_trick": first_trick.ANYTHING,
        "leading": leading.ANYTIME,
        "scoring": scoring.DUTCH_32,
        "ending": ending.DUTCH_HALVES,
    },
    "achterhoek": {"deck": deck.PIQUET32, "scoring": scoring.ACHTERHOEK_32, "extras": (extras.MIEZEN,)},
    "argentine": {"scoring": scoring.ARGENTINE, "moon": moon.OTHERS_PLUS},
    "omnibus": {"scoring": scoring.OMNIBUS, "moon": moon.OTHERS_PLUS},
    "black_maria": {
        "deck": deck.MINUS_2C_3P,
        "passing": passing.ALWAYS_RIGHT,
        "opening": opening.ELDEST_ANY,
        "first_trick": first_trick.ANYTHING,
        "leading": leading.ANYTIME,
        "scoring": scoring.BLACK_MARIA,
        "moon": moon.NO_MOON,
        "ending": ending.TO_100,
    },
    "countdown": {"passing": passing.LEFT_ACROSS_RIGHT_HOLD, "ending": ending.COUNTDOWN_100},
    "openspiel": {
        "passing": passing.RANDOM_DIRECTION,
        "leading": leading.QUEEN_BREAKS,
        "ending": ending.SINGLE_HAND,
    },
}

PRESET_CONSTANTS = {
    "standard": variants.STANDARD,
    "standard_moon_choice": variants.STANDARD_MOON_CHOICE,
    "black_lady_3": variants.BLACK_LADY_3,
    "five_players": variants.FIVE_PLAYERS,
    "six_double_deck": variants.SIX_DOUBLE_DECK,
    "dutch": variants.DUTCH,
    "achterhoek": variants.ACHTERHOEK,
    "argentine": variants.ARGENTINE,
    "omnibus": variants.OMNIBUS,
    "black_maria": variants.BLACK_MARIA,
    "countdown": variants.COUNTDOWN,
    "openspiel": variants.OPENSPIEL,
}

_BLACK_LADY = {**HEARTS, "QS": 13}
#: name: (players, pack size, hand size, card values, positive total, moon amount or None, first lead)
DERIVED = {
    "standard": (4, 52, 13, _BLACK_LADY, 26, 26, "2C"),
    "standard_moon_choice": (4, 52, 13, _BLACK_LADY, 26, 26, "2C"),
    "black_lady_3": (3, 51, 17, _BLACK_LADY, 26, 26, "2C"),
    "five_players": (5, 50, 10, _BLACK_LADY, 26, 26, "3C"),
    "six_double_deck": (6, 102, 17, _BLACK_LADY, 52, 52, "2C"),
    "dutch": (4, 32, 8, {**{f"{r}H": 1 for r in "789TJQKA"}, "QS": 5, "JC": 2}, 15, 15, None),
    "achterhoek": (4, 32, 8, {**{f"{r}H": 1 for r in "789TJQKA"}, "JS": 8, "QD": 6, "QC": 3}, 25, 25, None),
    "argentine": (4, 52, 13, {**_BLACK_LADY, "JC": 5, "JD": 5, "JH": 5, "JS": 5}, 45, 45, "2C"),
    "omnibus": (4, 52, 13, {**_BLACK_LADY, "JD": -10}, 26, 26, "2C"),
    "black_maria": (3, 51, 17, {**_BLACK_LADY, "KS": 10, "AS": 7}, 43, None, None),
    "countdown": (4, 52, 13, _BLACK_LADY, 26, 26, "2C"),
    "openspiel": (4, 52, 13, _BLACK_LADY, 26, 26, "2C"),
}
#: The pass direction of the first hands of each preset with a fixed cycle.
PASS_CYCLES = {
    "standard": (L, R, A, H, L),
    "standard_moon_choice": (L, R, A, H, L),
    "black_lady_3": (L, R, H, H, L),
    "five_players": (L, R, PassRoute.SECOND_LEFT, PassRoute.SECOND_RIGHT, H, L),
    "six_double_deck": (L, R, A, H, L),
    "dutch": (H, H, H),
    "achterhoek": (H, H, H),
    "argentine": (L, R, A, H, L),
    "omnibus": (L, R, A, H, L),
    "black_maria": (R, R, R, R),
    "countdown": (L, A, R, H, L),
}


def test_every_preset_is_checked_here():
    assert [p.name for p in variants.ALL] == list(EXPECTED_SLOTS)
    assert set(PRESET_CONSTANTS) == set(NAMED_MODULES) == set(DERIVED) == set(EXPECTED_SLOTS)


@pytest.mark.parametrize("name", list(EXPECTED_SLOTS))
def test_preset_modules_match_rules_md(name):
    rules = PRESET_CONSTANTS[name]
    assert variants.preset(name).rules is rules
    expected = EXPECTED_SLOTS[name]
    assert rules.modules() == expected
    for slot, module in expected.items():
        assert getattr(rules, slot) == module, slot
    for slot, module in NAMED_MODULES[name].items():
        assert getattr(rules, slot) == module, slot


@pytest.mark.parametrize("name", list(DERIVED))
def test_preset_derived_facts(name):
    rules = PRESET_CONSTANTS[name]
    players, pack_size, hand_size, values, positive_total, moon_amount, first_lead = DERIVED[name]
    table = table_for(rules)
    assert rules.players == table.players == players
    assert len(rules.deck.pack()) == len(table.pack) == pack_size
    assert table.hand_size == hand_size == pack_size // players
    assert _values(rules) == values
    assert table.positive_total == positive_total
    assert rules.scoring.moon_total(rules) == positive_total
    if moon_amount is None:
        assert rules.moon.options() == ()
    else:
        assert rules.moon.amount is None  # the scheme's positive total
        assert rules.scoring.moon_total(rules) == moon_amount
    if first_lead is not None:
        assert opening.lowest_club(rules) == Card(first_lead)
    state = hj.new_game(rules, seed=1)
    assert [len(hand) for hand in state.hands] == [hand_size] * players
    assert Counter(card for hand in state.hands for card in hand) == Counter(rules.deck.pack())
    if name in PASS_CYCLES:
        cycle = PASS_CYCLES[name]
        assert tuple(rules.passing.route(h) for h in range(len(cycle))) == cycle
        assert rules.passing.routes() == cycle[: len(rules.passing.routes())]


def test_double_deck_pack_and_across():
    pack = Counter(variants.SIX_DOUBLE_DECK.deck.pack())
    # Two packs less one 2♣ and one 2♦: 102 cards, one 2♣ (which leads).
    assert pack[Card("2C")] == 1 and pack[Card("2D")] == 1
    assert all(count == 2 for card, count in pack.items() if card not in (Card("2C"), Card("2D")))
    assert set(pack) == set(ALL_CARDS) and sum(pack.values()) == 102
    assert PassRoute.ACROSS.offset(6) == 3


def test_openspiel_preset_is_the_default_switches():
    assert variants.openspiel() == variants.OPENSPIEL


# ---------------------------------------------------------------- 2. get, aliases and hoemke


def _spellings(name: str) -> set[str]:
    return {
        name,
        name.upper(),
        name.lower(),
        name.title(),
        f"  {name}  ",
        name.replace(" ", "_"),
        name.replace(" ", "-"),
        name.replace("_", " "),
        name.replace("_", "-").upper(),
        name.replace(" ", "  "),
    }


@pytest.mark.parametrize("preset", variants.OFFERED, ids=[p.name for p in variants.OFFERED])
def test_get_finds_every_name_and_alias_in_any_spelling(preset):
    for name in (preset.name, *preset.aliases):
        for spelling in _spellings(name):
            assert variants.get(spelling) is preset.rules, spelling
            assert variants.preset(spelling) is preset, spelling


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("Zwarte Maria", variants.BLACK_MARIA),
        ("HARTENJAGEN", variants.STANDARD),
        ("black-lady-3p", variants.BLACK_LADY_3),
        ("nederlands hartenjagen", variants.DUTCH),
        ("Nederlands_Hartenjagen", variants.DUTCH),
        ("Black Lady", variants.STANDARD),
        ("standard_microsoft_4p", variants.STANDARD),
        ("dutch_32", variants.DUTCH),
        ("seed003_countdown", variants.COUNTDOWN),
        ("openspiel_default", variants.OPENSPIEL),
        ("Double-Deck", variants.SIX_DOUBLE_DECK),
    ],
)
def test_get_examples(text, rules):
    assert variants.get(text) is rules


def _normal(name: str) -> str:
    return re.sub(r"[\s_\-]+", " ", name.strip().lower())


def test_names_and_aliases_are_unique():
    names = [p.name for p in variants.OFFERED]
    assert len(names) == len(set(names))
    every = [_normal(alias) for p in variants.OFFERED for alias in (p.name, *p.aliases)]
    assert len(every) == len(set(every)), [a for a, n in Counter(every).items() if n > 1]
    assert all(isinstance(p, variants.Preset) and isinstance(p.rules, hj.Rules) for p in variants.OFFERED)


def test_presets_are_distinct_rules():
    assert len({p.rules for p in variants.OFFERED}) == len(variants.OFFERED)


@pytest.mark.parametrize(
    "text", ["hoemke_P2L2H2S3", "hoemke p2 l2 h2 s3", "Hoemke-P2-L2-H2-S3", "HOEMKE P2L2H2S3", "hoemke 2223"]
)
def test_get_builds_hoemke_from_its_name(text):
    assert variants.get(text) == variants.hoemke(2, 2, 2, 3)
    assert variants.preset(text).name == "hoemke_P2L2H2S3"


def test_get_builds_all_256_hoemke_names():
    for p, l, h, s in itertools.product(range(1, 5), repeat=4):  # noqa: E741
        name = f"hoemke_P{p}L{l}H{h}S{s}"
        assert variants.get(name) == variants.hoemke(p, l, h, s)
        assert variants.get(name.lower().replace("_", " ")) == variants.hoemke(p, l, h, s)


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("omnibos", "'omnibus'"),
        ("Zwarte Marie", "'zwarte maria'"),
        ("standaard", "'standard'"),
        ("argentina", "'argentine'"),
        ("achterhoeck", "'achterhoek'"),
    ],
)
def test_unknown_name_lists_close_matches(text, suggestion):
    with pytest.raises(variants.UnknownVariantError) as info:
        variants.get(text)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert repr(text) in message
    assert "did you mean" in message
    assert suggestion in message


@pytest.mark.parametrize("text", ["", "nothing like it", "hoemke_P5L1H1S1", "hoemke_P1L1H1", "hoemke"])
def test_unknown_name_raises(text):
    with pytest.raises(variants.UnknownVariantError, match="no variant called"):
        variants.get(text)


@pytest.mark.parametrize("value", [None, 3, 1.5, b"standard", ["standard"], variants.STANDARD])
def test_non_string_name_raises(value):
    with pytest.raises(variants.UnknownVariantError) as info:
        variants.get(value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(ValueError):
        variants.preset(value)


def test_unknown_variant_error_is_a_value_error():
    assert issubclass(variants.UnknownVariantError, ValueError)
    assert issubclass(variants.UnknownVariantError, hj.HartenjagenError)


@pytest.mark.parametrize("position", range(4))
@pytest.mark.parametrize("bad", [0, 5, -1, True, False, "1", 1.0, None])
def test_hoemke_rejects_bad_numbers(position, bad):
    args = [1, 1, 1, 1]
    args[position] = bad
    with pytest.raises(variants.UnknownVariantError, match=f"{'plhs'[position]} must be 1, 2, 3 or 4"):
        variants.hoemke(*args)


HOEMKE_P = {
    1: passing.PassCycle(directions=(H,)),
    2: passing.PassCycle(directions=(L, R, A, H), cards=3),
    3: passing.PassAndReturn(directions=(L, R, A, H), cards=4, returned=1, from_received=True),
    4: passing.PassToDealer(cards=3, dealer_joins=True),
}
HOEMKE_L = {
    1: opening.EldestLeadsLowestNonHeart(),
    2: opening.LowestClubLeads(),
    3: opening.FirstDeuceFromEldest(),
    4: opening.ShowTwoOfClubsLeadSafe(),
}
HOEMKE_H = {
    1: leading.HeartsAfterTricks(tricks=1),
    2: leading.HeartsAfterBroken(broken_by=leading.BrokenBy.ANY_HEART, queen_breaks=False),
    3: leading.HeartsAfterTricks(tricks=3),
    4: leading.HeartsAfterSuitsLed(),
}
HOEMKE_S = {
    1: scoring.HEARTS_ONLY,
    2: scoring.HOEMKE_HIGH_HEARTS,
    3: scoring.OMNIBUS,
    4: scoring.HOEMKE_FIRST_TWO_FREE,
}
#: The values of each Hoemke scheme (S4: a heart's value is 2; the first two are free when scored).
HOEMKE_VALUES = {
    1: HEARTS,
    2: {**{f"{r}H": 1 for r in "23456789T"}, **{f"{r}H": 5 for r in "JQKA"}},
    3: {**HEARTS, "QS": 13, "JD": -10},
    4: {**{card: 2 for card in HEARTS}, "QS": 13, "JD": -10},
}
HOEMKE_COMBINATIONS = list(itertools.product(range(1, 5), repeat=4))


def test_hoemke_builds_all_256_combinations():
    built = {}
    for p, l, h, s in HOEMKE_COMBINATIONS:  # noqa: E741
        rules = variants.hoemke(p, l, h, s)
        assert isinstance(rules, hj.Rules)
        assert rules.modules() == {
            "deck": deck.SinglePack(),
            "passing": HOEMKE_P[p],
            "opening": HOEMKE_L[l],
            "first_trick": first_trick.NoPointsUnlessForced(
                restricted=first_trick.RestrictedCards.POSITIVE_VALUED, forced=first_trick.ForcedChoice.ANY
            ),
            "leading": HOEMKE_H[h],
            "scoring": HOEMKE_S[s],
            "moon": moon.OthersPlus(amount=26, moon_set=moon.MoonSet.ALL_NONZERO),
            "ending": ending.ScoreLimit(limit=100),
            "duplicates": duplicates.FirstPlayedWins(),
            "trick_winner": trick_winner.HighestOfLed(),
            "extras": (),
        }
        assert _values(rules) == HOEMKE_VALUES[s]
        built[(p, l, h, s)] = rules
    assert len(set(built.values())) == 256
    # The named module constants are the values sources §2 lists.
    assert HOEMKE_P == {
        1: passing.NO_PASSING,
        2: passing.LEFT_RIGHT_ACROSS_HOLD,
        3: passing.PASS_FOUR_RETURN_ONE,
        4: passing.PASS_TO_DEALER,
    }
    assert HOEMKE_L == {
        1: opening.ELDEST_LOWEST_NON_HEART,
        2: opening.LOWEST_CLUB,
        3: opening.FIRST_DEUCE_FROM_ELDEST,
        4: opening.SHOW_TWO_OF_CLUBS_LEAD_SAFE,
    }
    assert HOEMKE_H == {
        1: leading.AFTER_TRICK_1,
        2: leading.AFTER_BROKEN,
        3: leading.AFTER_TRICK_3,
        4: leading.AFTER_SUITS_LED,
    }


@pytest.mark.parametrize(
    ("s", "moon_cards", "moon_points"), [(1, 13, 13), (2, 13, 29), (3, 15, 16), (4, 15, 25)]
)
def test_hoemke_moon_set_is_every_nonzero_card(s, moon_cards, moon_points):
    rules = variants.hoemke(2, 2, 2, s)
    cards = moon.moon_cards(rules.moon.moon_set, rules)
    assert len(cards) == len(set(cards)) == moon_cards
    assert (QS in cards) == (s >= 3)  # under S1/S2 the Q♠ scores nothing
    assert rules.scoring.points_of(cards) == moon_points
    # The engine's moon set is the same cards: one seat taking them all shoots.
    table = table_for(rules)
    assert table.cards(table.moon_needed) == tuple(sorted(cards))


# ---------------------------------------------------------------- 3. docs/variants.md is current


def test_variants_doc_is_current():
    env = {**os.environ, "PYTHONPATH": str(Path(hj.__file__).resolve().parent.parent)}
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "gen_variants_doc.py"), "--check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr


# ---------------------------------------------------------------- 4. invariants on random playouts
