"""The presets of sources §2 and the invariants of sources §3.

- Every preset in ``variants`` has the modules sources §2 gives it, slot by slot, and the derived
  facts that follow (players, pack, hand size, pass cycle, card values, moon amount).
- ``variants.get`` finds every preset by name and alias in any case and spelling, builds Hoemke's
  variants from their names and explains unknown names; ``variants.hoemke`` builds all 256.
- ``docs/variants.md`` is what ``scripts/gen_variants_doc.py`` generates.
- Property tests: random playouts of every preset (and of each of Hoemke's 256 combinations, one
  hand each) check sources §3 at every step against an independent shadow of the hand.
"""

from __future__ import annotations

import itertools
import os
import pickle
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gong_zhu_model
import hartenjagen as hj
from hartenjagen import family, variants
from hartenjagen.cards import ALL_CARDS, Card, Rank, Suit
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
from hartenjagen.rules.teams import Partnership

ROOT = Path(__file__).resolve().parent.parent
L, R, A, H = PassRoute.LEFT, PassRoute.RIGHT, PassRoute.ACROSS, PassRoute.HOLD
QS, JD, TWO_CLUBS = Card("QS"), Card("JD"), Card("2C")
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


def _cards_of(groups) -> Counter:
    total: Counter = Counter()
    for group in groups:
        total.update(group)
    return total


class Checker:
    """Follows a game move by move and checks sources §3 against its own shadow of the hand.

    The shadow (cards captured by each seat, the carry-over pile, whether hearts are broken) is
    built from the tricks as played, with the trick winner computed here, not by the engine.
    """

    def __init__(self, rules: hj.Rules, probe: random.Random) -> None:
        self.rules = rules
        self.table = table_for(rules)
        self.n = rules.players
        # The deck's jokers are dealt with its pack (Joker Hearts); a house rule may widen them (or cards).
        self.pack = Counter([*rules.deck.pack(), *rules.deck.jokers()])
        self.pack_size = sum(self.pack.values())
        self.widened = extras.widening_cards(rules)
        #: the cards a seat is dealt; a stock (the rest of the pack, drawn a card a seat a trick) adds tricks
        self.hand_size = rules.deck.hand_size()
        self.draw_rounds = (
            (self.pack_size - self.hand_size * self.n) // self.n if rules.deck.draw_order(0) else 0
        )
        self.tricks_in_hand = self.hand_size + self.draw_rounds
        #: Domino Hearts: a seat that cannot follow draws until it can, an empty hand drops out
        self.follow = rules.deck.draws_to_follow()
        self.stock_to_last = rules.deck.stock_to_last()
        self.value = {
            card: rules.scoring.card_value(card)
            if isinstance(card, Card)
            else rules.scoring.joker_value(card)
            for card in self.pack
        }
        self.probe = probe
        self.revoke_penalty = any(e.revoke_penalty(rules) is not None for e in rules.extras)
        self.first_two_free = isinstance(rules.scoring, scoring.HoemkeFirstTwoFree)
        #: whether a house rule narrows the legal plays (then only subset checks apply)
        self.restricting = any(type(e).playable is not extras.HouseRule.playable for e in rules.extras)
        #: Gong Zhu's exposures (tests/gong_zhu_model.py), if the rules have them
        self.exposures = next((e for e in rules.extras if isinstance(e, family.Exposures)), None)
        self.pig_taker: int | None = None
        self.new_hand()

    def new_hand(self) -> None:
        self.captured = [Counter() for _ in range(self.n)]
        self.winners: list[int | None] = []  # each trick's winner, for FirstAndLastTrick
        self.carry: list[Card] = []
        self.widow: Counter[Card] = (
            Counter()
        )  # a widow once its trick is won: its points for that trick's taker
        self.broken = False
        self.exchange_checked = False
        self.announced = 0
        self.exposed: dict[int, list[Card]] = {seat: [] for seat in range(self.n)}
        self.done: set[int] = set()  # the seats that have said no in a round of choices
        self.exposure_order: list[tuple[int, Card]] = []
        self.drew = [0] * self.n  # the cards each seat drew to follow this hand
        self.untaken: Counter[Card] = Counter()  # a stock the last seat does not take

    # ---- scoring, computed here

    def points(self, cards) -> int:
        """Card points of ``cards`` under the scheme (sources §1.9), computed here."""
        cards = list(cards)
        if self.exposures is not None:
            return -gong_zhu_model.score(cards)  # penalty points: the sheet shows them negated
        if self.first_two_free:
            hearts = sum(1 for c in cards if c.suit is Suit.HEARTS)
            return 2 * max(0, hearts - 2) + 13 * cards.count(QS) - 10 * cards.count(JD)
        return sum(self.value[c] for c in cards)

    def moon_set(self) -> Counter:
        if self.rules.moon.moon_set is moon.MoonSet.ALL_POSITIVE:
            return Counter({c: k for c, k in self.pack.items() if self.value[c] > 0})
        return Counter({c: k for c, k in self.pack.items() if self.value[c] != 0})

    def second_half(self, sheet) -> bool:
        ending_ = self.rules.ending
        return isinstance(ending_, ending.TwoHalves) and any(max(r.totals) >= ending_.switch for r in sheet)

    def teams(self):
        """The rules' `Partnership` (``None``: every seat plays alone)."""
        return next((e for e in self.rules.extras if isinstance(e, Partnership)), None)

    def standing(self, totals) -> tuple[int, ...]:
        """Each seat's total as the game is judged: its team's sum with teams."""
        teams = self.teams()
        if teams is None:
            return tuple(totals)
        return tuple(sum(totals[m] for t in teams.teams if s in t for m in t) for s in range(self.n))

    def lives_left(self, sheet) -> list[int]:
        """Danger Hearts: each seat's lives after ``sheet`` (one lost per hand of ``threshold`` or more)."""
        rule = self.rules.ending
        lives = [rule.lives] * self.n
        for line in sheet:
            for seat in range(self.n):
                if line.revoke is None and line.points[seat] >= rule.threshold:
                    lives[seat] = max(lives[seat] - 1, 0)
        return lives

    def expected_over(self, totals, sheet) -> bool:
        ending_ = self.rules.ending
        teams = self.teams()
        if teams is not None:
            totals = [sum(totals[s] for s in team) for team in teams.teams]
        if isinstance(ending_, family.Lives):
            played = sum(1 for line in sheet if line.revoke is None)
            return played >= ending_.deals or sum(1 for left in self.lives_left(sheet) if left) <= 1
        if isinstance(ending_, ending.ScoreLimit):
            return (max(totals) >= ending_.limit if ending_.inclusive else max(totals) > ending_.limit) and (
                ending_.tie is ending.Tie.SHARED or list(totals).count(min(totals)) == 1
            )
        if isinstance(ending_, ending.Countdown):
            return min(ending_.start - t for t in totals) <= 0
        if isinstance(ending_, family.PigLimit):  # Gong Zhu: a score of −limit (shown negated), or ±limit
            shown = [-t for t in totals]
            return min(shown) <= -ending_.limit or (ending_.both_ways and max(shown) >= ending_.limit)
        if isinstance(ending_, ending.TwoHalves):
            return self.second_half(sheet[:-1]) and min(totals) <= 0
        if isinstance(ending_, ending.SingleHand):
            return True
        return ending_.is_over(totals, sheet)  # pragma: no cover - no preset uses another ending

    def trick_winner(self, cards: list[Card]) -> int | None:
        """The position of the winning card (None: every led-suit card cancelled, or jokers only).

        A joker never wins; the first card that is not a joker is led (pagat's Joker Hearts).
        """
        positions = [i for i, c in enumerate(cards) if isinstance(c, Card)]
        if not positions:
            return None
        led = cards[positions[0]].suit
        if isinstance(self.rules.duplicates, duplicates.CancelPairs):
            led_cards = Counter(cards[i] for i in positions if cards[i].suit is led)
            alive = [c for c, k in led_cards.items() if k == 1]
            return cards.index(max(alive, key=lambda c: c.rank)) if alive else None
        # A rank order of the game's own (Polignac's ``RankOrder``): its ranks low to high, read as data.
        order = getattr(self.rules.trick_winner, "order", None)

        def strength(card: Card) -> int:
            return order.index(card.rank) if order else int(card.rank)

        best = positions[0]
        for position in positions:
            if cards[position].suit is led and strength(cards[position]) > strength(cards[best]):
                best = position
        return best

    # ---- checks of a state before a move

    def check_state(self, state: hj.State, legal, full: bool) -> None:
        assert not state.is_over
        assert len(legal) > 0, "no legal move"
        assert not state.winners
        phase = state.phase
        if phase is hj.Phase.PASSING:
            if full:
                self.check_passing(state, legal)
            return
        if not self.exchange_checked:
            self.check_exchange(state)
        if phase is hj.Phase.ANNOUNCING and self.exposures is not None:
            self.check_exposing(state, legal)
        elif phase is hj.Phase.ANNOUNCING:
            seat = (state.dealer + 1 + self.announced) % self.n
            assert state.to_move == (seat,)
            assert tuple(legal) == (hj.Announce(seat, False), hj.Announce(seat, True))
            if full:
                assert _cards_of(state.hands) + Counter(state.widow) == self.pack
                assert all(hj.is_legal(state, move) for move in legal)
                assert not hj.is_legal(state, hj.Announce((seat + 1) % self.n, True))
        elif phase is hj.Phase.PLAYING:
            self.check_playing(state, legal, full)
        else:
            assert phase is hj.Phase.MOON_CHOICE
            (shooter,) = state.to_move
            assert tuple(legal) == tuple(hj.MoonChoice(shooter, o) for o in self.rules.moon.options())
            assert _cards_of(state.taken) + Counter(state.widow) == self.pack

    def check_exposing(self, state: hj.State, legal) -> None:
        """Gong Zhu: the first seat from eldest with a card to expose is asked, offered only the cards it holds."""
        offers = {
            seat: gong_zhu_model.exposable(state.hands[seat], self.exposed[seat]) for seat in range(self.n)
        }
        asked = [
            (state.dealer + 1 + k) % self.n
            for k in range(self.n)
            if offers[(state.dealer + 1 + k) % self.n] and (state.dealer + 1 + k) % self.n not in self.done
        ]
        assert state.to_move == (asked[0],)
        seat = asked[0]
        assert tuple(legal) == (hj.Announce(seat, False), *(hj.Announce(seat, True, w) for w in offers[seat]))
        for other in range(self.n):  # a card another seat holds is never offered to this one
            for word in offers[other] if other != seat else ():
                if word not in offers[seat]:
                    assert not hj.is_legal(state, hj.Announce(seat, True, word))
        assert state.announcements == tuple((who, str(card)) for who, card in self.exposure_order)

    def check_passing(self, state: hj.State, legal) -> None:
        count = state.pass_count
        stage = state.pass_stage
        givers = self.rules.passing.givers(stage, state.pass_direction, self.n, state.dealer)
        pending = state.to_move
        assert pending and set(pending) <= set(givers)
        sizes = [len(hand) for hand in state.hands]
        if stage == 0:
            # Conservation with the pass buffer: hands + cards passed so far == the pack.
            assert _cards_of(state.hands) + _cards_of(state.passed) + Counter(state.widow) == self.pack
            for seat in range(self.n):
                assert len(state.passed[seat]) == (count if seat in givers and seat not in pending else 0)
        else:
            # A later stage's buffer is internal: count the cards instead.
            done = len(givers) - len(pending)
            assert sum(sizes) + count * done + len(state.widow) == self.pack_size
            assert _cards_of(state.hands) <= self.pack
        for seat in range(self.n):
            expected = self.hand_size - (count if seat in givers and seat not in pending else 0)
            assert sizes[seat] == expected
        for _ in range(3):
            move = legal[self.probe.randrange(len(legal))]
            assert type(move) is hj.Pass and move.seat in pending and len(move.cards) == count
            assert move in legal and hj.is_legal(state, move)
        seat = pending[0]
        assert not hj.is_legal(state, hj.Pass(seat, state.hands[seat][: count + 1]))
        for other in set(range(self.n)) - set(pending):
            assert not hj.is_legal(state, hj.Pass(other, state.hands[other][:count]))

    def check_exchange(self, state: hj.State) -> None:
        """The completed exchange of this hand (sources §3.3), once per hand before the first lead."""
        self.exchange_checked = True
        rules_passing = self.rules.passing
        direction = state.pass_direction
        if isinstance(rules_passing, passing.PassCycle | passing.PassAndReturn):
            directions = rules_passing.directions
            assert direction is directions[state.hand_index % len(directions)]
        elif isinstance(rules_passing, passing.RandomDirection):
            assert direction in rules_passing.choices
        counts = rules_passing.stage_counts(direction)
        exchanges = state.exchanges
        assert len(exchanges) == len(counts)
        assert all(len(hand) == self.hand_size for hand in state.dealt)
        assert all(len(hand) == self.hand_size for hand in state.hands)
        expected = [Counter(hand) for hand in state.dealt]
        for stage, (gave, got) in enumerate(exchanges):
            givers = set(rules_passing.givers(stage, direction, self.n, state.dealer))
            assert [len(cards) for cards in gave] == [
                counts[stage] if s in givers else 0 for s in range(self.n)
            ]
            assert [len(cards) for cards in got] == [
                counts[stage] if s in givers else 0 for s in range(self.n)
            ]
            assert _cards_of(gave) == _cards_of(got)
            if not isinstance(rules_passing, passing.PassToDealer):
                offset = direction.offset(self.n) * (-1 if stage else 1)
                for seat in range(self.n):
                    assert got[(seat + offset) % self.n] == gave[seat]
            if (
                isinstance(rules_passing, passing.PassAndReturn)
                and stage == 1
                and rules_passing.from_received
            ):
                for seat in range(self.n):
                    assert Counter(gave[seat]) <= Counter(exchanges[0][1][seat])
            for seat in range(self.n):
                expected[seat].update(got[seat])
                expected[seat].subtract(gave[seat])
        for seat in range(self.n):
            assert all(k >= 0 for k in expected[seat].values())
            assert +expected[seat] == Counter(state.hands[seat])
        if not counts:
            assert state.hands == state.dealt

    def check_playing(self, state: hj.State, legal, full: bool) -> None:
        n = self.n
        (seat,) = state.to_move
        trick = state.trick
        in_turn = self.in_turn(state)
        assert seat == in_turn[len(trick)]
        assert [play.seat for play in trick] == in_turn[: len(trick)]
        hand = state.hands[seat]
        held = set(hand)
        cards = [move.card for move in legal]
        assert all(type(move) is hj.Play and move.seat == seat for move in legal)
        assert len(set(cards)) == len(cards)
        assert set(cards) <= held, "a legal play is a card in the hand"
        first_trick_ = not state.tricks
        no_extras = not self.restricting
        if isinstance(self.rules.leading, leading.HeartsAfterBroken):
            assert state.hearts_broken == self.broken
        # A widened card (a joker in Joker Hearts) is legal whenever it is held; the rest follow the rules.
        widened = held & self.widened
        led = next((play.card.suit for play in trick if isinstance(play.card, Card)), None)
        if led is not None:
            pool = {c for c in hand if isinstance(c, Card) and c.suit is led} or held
            # Follow suit (sources §3.5): holding the led suit, every legal card is of it.
            assert set(cards) <= pool | widened
            assert widened <= set(cards)
            if no_extras and (
                not first_trick_ or isinstance(self.rules.first_trick, first_trick.AnythingOnFirstTrick)
            ):
                assert set(cards) == pool | widened
            if first_trick_ and isinstance(self.rules.first_trick, first_trick.NoPointsUnlessForced):
                self.check_first_trick_restriction([c for c in cards if c in pool], pool)
        elif trick:  # jokers only so far: the next card sets the suit, any card may be played
            assert widened <= set(cards)
            if first_trick_ and isinstance(self.rules.first_trick, first_trick.NoPointsUnlessForced):
                self.check_first_trick_restriction(cards, held)
            elif no_extras:
                assert set(cards) == held
        elif first_trick_:
            self.check_first_lead(state, seat, hand, [c for c in cards if c not in widened])
        else:
            self.check_heart_lead(state, hand, cards, widened)
        if self.exposures is not None:  # Gong Zhu: follow suit, hearts any time, exposed cards wait
            pool = {c for c in hand if trick and c.suit is trick[0].card.suit} or held
            led_before = {done.cards[0].suit for done in state.tricks}
            led = trick[0].card.suit if trick else None
            mine = set(self.exposed[seat])
            assert set(cards) == gong_zhu_model.playable(list(hand), pool, mine, led_before, led)
        if not full:
            return
        for move in legal:
            assert hj.is_legal(state, move)
        outside = [card for card in ALL_CARDS if card not in set(cards)]
        refused = hj.Play(seat, self.probe.choice(outside))
        assert not hj.is_legal(state, refused)
        if not self.revoke_penalty:
            with pytest.raises(hj.IllegalMoveError):
                hj.apply(state, refused)
        assert not hj.is_legal(state, hj.Play((seat + 1) % n, cards[0]))
        # Hand sizes (sources §3.2): who has played to this trick holds one card fewer.
        played = {play.seat for play in trick}
        sizes = [len(h) for h in state.hands]
        done = len(state.tricks)
        drawn = min(done, self.draw_rounds)  # a seat draws a card after each trick while the stock lasts
        if self.follow:  # each seat holds what it was dealt and drew, less what it played
            plays = Counter(play.seat for t in state.tricks for play in t.plays) + Counter(played)
            assert sizes == [self.hand_size + self.drew[s] - plays[s] for s in range(n)]
            assert len(state.stock) == self.pack_size - n * self.hand_size - sum(self.drew)
        else:
            assert sizes == [self.hand_size + drawn - done - (s in played) for s in range(n)]
            assert len(state.stock) == self.n * (self.draw_rounds - drawn)
            assert max(sizes) - min(sizes) <= 1
        # Conservation (sources §3.1).
        on_table = _cards_of(state.hands) + Counter(play.card for play in trick)
        undealt = Counter(state.widow) + Counter(state.stock)  # a widow lies apart, its points for its taker
        assert on_table + _cards_of(state.taken) + Counter(state.carry_over) + undealt == self.pack
        assert [Counter(t) for t in state.taken] == self.captured
        assert Counter(state.carry_over) == Counter(self.carry)

    def in_turn(self, state: hj.State) -> list[int]:
        """The seats of the current trick in turn from its leader: every seat, or those with cards when it began."""
        played = {play.seat for play in state.trick}
        n = self.n
        seats = [(state.trick_leader + k) % n for k in range(n)]
        if not self.follow:
            return seats
        return [s for s in seats if state.hands[s] or s in played]

    def check_draws(self, state: hj.State, move, nxt: hj.State) -> None:
        """Domino Hearts: only the next seat draws, and only while it cannot follow and the stock lasts."""
        gained = [Counter(nxt.hands[s]) - Counter(state.hands[s]) for s in range(self.n)]
        turn = self.in_turn(state)
        following = turn[turn.index(move.seat) + 1]
        led = (state.trick[0].card if state.trick else move.card).suit
        drawn = list(gained[following].elements())
        assert not any(gained[s] for s in range(self.n) if s != following)
        assert Counter(state.stock) - Counter(nxt.stock) == gained[following]
        if any(c.suit is led for c in state.hands[following]) or not state.stock:
            assert not drawn
        else:  # it drew one card after another until one of the suit led, or the stock's end
            assert drawn
            assert sum(1 for c in drawn if c.suit is led) <= 1
            assert any(c.suit is led for c in drawn) or not nxt.stock
        self.drew[following] += len(drawn)

    def restricted(self, card: Card) -> bool:
        rule = self.rules.first_trick
        if rule.restricted is first_trick.RestrictedCards.POSITIVE_VALUED:
            return self.value[card] > 0
        return isinstance(card, Card) and (card.suit is Suit.HEARTS or card is QS)

    def check_first_trick_restriction(self, cards, pool) -> None:
        """sources §3.8: a restricted card on trick one means no unrestricted card could be played."""
        if any(self.restricted(c) for c in cards):
            assert all(self.restricted(c) for c in pool)
        elif not self.restricting:
            assert set(cards) == {c for c in pool if not self.restricted(c)}

    def first_holder(self, state: hj.State, wanted) -> int:
        for step in range(1, self.n + 1):
            seat = (state.dealer + step) % self.n
            if any(wanted(c) for c in state.hands[seat]):
                return seat
        raise AssertionError("the opening card is in no hand")

    def check_first_lead(self, state: hj.State, seat: int, hand, cards) -> None:
        """sources §3.7: the first leader and first card follow the opening module."""
        rule = self.rules.opening
        eldest = (state.dealer + 1) % self.n
        assert state.eldest == eldest
        assert not state.hearts_broken
        if isinstance(rule, opening.LowestClubLeads):
            low = min(
                (c for c in self.pack if isinstance(c, Card) and c.suit is Suit.CLUBS), key=lambda c: c.rank
            )
            assert seat == self.first_holder(state, lambda c: c is low)
            assert cards == [low]
        elif isinstance(rule, opening.EldestLeadsAny):
            assert seat == eldest
            if isinstance(self.rules.first_trick, first_trick.AnythingOnFirstTrick) and not self.restricting:
                assert set(cards) == set(hand)
        elif isinstance(rule, opening.EldestLeadsLowestNonHeart):
            assert seat == eldest
            pool = [c for c in hand if c.suit is not Suit.HEARTS] or list(hand)
            lowest = min(c.rank for c in pool)
            assert all(c in pool and c.rank == lowest for c in cards)
        elif isinstance(rule, opening.FirstDeuceFromEldest):
            deuces = {Card("2C"), Card("2D"), Card("2S")}
            assert seat == self.first_holder(state, lambda c: c in deuces)
            assert set(cards) <= deuces
        elif isinstance(rule, family.PigLeads):  # Gong Zhu: the pig's last taker, else the 2♠'s holder
            if self.pig_taker is None:
                assert seat == self.first_holder(state, lambda c: c == Card("2S"))
            else:
                assert seat == self.pig_taker
        elif isinstance(rule, opening.ShowTwoOfClubsLeadSafe):
            assert seat == self.first_holder(state, lambda c: c is TWO_CLUBS)
            assert set(cards) == {c for c in hand if self.value[c] == 0}
        if isinstance(self.rules.first_trick, first_trick.NoPointsUnlessForced) and any(
            self.restricted(c) for c in cards
        ):
            assert all(self.restricted(c) for c in cards)

    def hearts_open(self, state: hj.State) -> bool | None:
        rule = self.rules.leading
        if isinstance(rule, leading.HeartsAnytime):
            return True
        if isinstance(rule, leading.HeartsAfterBroken):
            return self.broken
        if isinstance(rule, leading.HeartsAfterTricks):
            return len(state.tricks) >= rule.tricks
        if isinstance(rule, leading.HeartsAfterSuitsLed):
            led = Counter(trick.cards[0].suit for trick in state.tricks)
            others = [led[Suit.CLUBS], led[Suit.DIAMONDS], led[Suit.SPADES]]
            return all(others) or sum(1 for k in others if k >= 2) >= 2
        return None  # pragma: no cover - no preset uses another module

    def check_heart_lead(self, state: hj.State, hand, cards, widened) -> None:
        """sources §3.9: a heart led while hearts are closed means the leader held nothing else.

        A joker that is no heart (its role, `Deck.joker_role`) is something else: it may be led, so a
        leader holding hearts and such a joker leads the joker (docs/rules.md, Joker Hearts).
        A widened card (``widened``) is legal whatever the heart-lead rule says.
        """
        is_open = self.hearts_open(state)
        if is_open is None or self.restricting:
            return
        if is_open:
            assert set(cards) == set(hand)
            return
        rule = self.rules.leading
        others = {c for c in hand if not self.heart_in_play(c)}
        only_hearts = not others
        queen_or_hearts = rule.hearts_and_queen is leading.HeartsAndQueen.HEARTS_OR_QUEEN and others == {QS}
        # Hearts may be led only by a leader holding nothing else (or only the Q♠ besides, with hearts_or_qs).
        assert set(cards) == (set(hand) if only_hearts or queen_or_hearts else others | widened)

    def heart_in_play(self, card) -> bool:
        """Whether ``card`` leads as a heart: a heart, or a joker whose role is of hearts."""
        if isinstance(card, Card):
            return card.suit is Suit.HEARTS
        return self.rules.deck.joker_role(card).suit is Suit.HEARTS

    # ---- checks of a transition

    def check_move(self, state: hj.State, move, nxt: hj.State) -> None:
        if type(move) is hj.Announce and self.exposures is not None:
            if move.choice is None:
                self.done.add(move.seat)
            else:
                self.exposed[move.seat].append(Card(move.choice))
                self.exposure_order.append((move.seat, Card(move.choice)))
        elif type(move) is hj.Announce:
            self.announced += 1
            if nxt.phase is hj.Phase.ANNOUNCING:
                assert nxt.announcers == state.announcers + ((move.seat,) if move.announce else ())
        if type(move) is hj.MoonChoice:
            self.hand_ended(state, nxt, move.option)
            return
        if type(move) is not hj.Play:
            assert nxt.score_sheet == state.score_sheet and nxt.scores == state.scores
            return
        n = self.n
        card = move.card
        trick = [play.card for play in state.trick]
        rule = self.rules.leading
        if not isinstance(card, Card):  # a joker breaks nothing
            pass
        elif isinstance(rule, leading.HeartsAfterBroken):
            led = next(
                (c.suit for c in trick if isinstance(c, Card)), card.suit
            )  # a led joker: this card leads
            discarded = card.suit is not led
            on_time = bool(state.tricks) or rule.break_on_first_trick
            if on_time and rule.queen_breaks and card is QS:
                self.broken = True
            if (
                on_time
                and card.suit is Suit.HEARTS
                and (discarded or rule.broken_by is leading.BrokenBy.ANY_HEART)
            ):
                self.broken = True
        elif card.suit is Suit.HEARTS:
            self.broken = True
        turn = self.in_turn(state)
        if len(trick) < len(turn) - 1:
            assert nxt.phase is hj.Phase.PLAYING and nxt.hand_index == state.hand_index
            assert nxt.trick == (*state.trick, move)
            if self.follow:
                self.check_draws(state, move, nxt)
            assert nxt.hearts_broken == self.broken or not isinstance(rule, leading.HeartsAfterBroken)
            assert nxt.hearts_broken >= state.hearts_broken  # monotone within a hand
            return
        # The trick is complete: find its winner here (sources §3.6).
        cards = (*trick, card)
        leader = state.trick_leader
        position = self.trick_winner(list(cards))
        winner = None if position is None else turn[position]
        last = len(state.tricks) + 1 == self.tricks_in_hand
        left = [s for s in range(n) if len(state.hands[s]) > (s == move.seat)]  # seats with cards after it
        if self.follow:
            last = len(left) <= 1
        taker = leader if winner is None and last else winner
        self.winners.append(winner)
        if taker is None:
            self.carry += cards
        else:
            self.captured[taker].update(cards)
            self.captured[taker].update(self.carry)
            self.carry = []
            if len(state.tricks) == self.rules.deck.widow_trick():
                assert nxt.widow_taker == taker or nxt.hand_index != state.hand_index
                self.widow = Counter(state.widow)
                self.widow_taker = taker
        if not last or nxt.phase in (hj.Phase.MOON_CHOICE, hj.Phase.GAME_OVER):
            assert nxt.hand_index == state.hand_index
            assert len(nxt.tricks) == len(state.tricks) + 1
            assert nxt.tricks[-1] == hj.Trick(leader, cards, winner, () if len(turn) == n else tuple(turn))
            assert nxt.hearts_broken == self.broken or not isinstance(rule, leading.HeartsAfterBroken)
            assert nxt.hearts_broken >= state.hearts_broken
            assert [Counter(t) for t in nxt.taken] == self.captured
        if not last and len(state.tricks) < self.draw_rounds:
            # The next leader draws the stock's first card, then the others in turn (the seed's order).
            order = self.rules.deck.draw_order(nxt.trick_leader)
            gained = [Counter(nxt.hands[s]) - Counter(state.hands[s]) for s in range(self.n)]
            assert all(sum(g.values()) == 1 for g in gained)
            assert Counter(state.stock) - Counter(nxt.stock) == sum(gained, Counter())
            assert order[0] == nxt.trick_leader and sorted(order) == list(range(self.n))
        if not last:
            assert nxt.phase is hj.Phase.PLAYING
            assert nxt.trick == ()
            expected = leader if winner is None else winner
            if self.follow:  # a winner out of cards: the lead passes to its left
                expected = next((expected + k) % n for k in range(n) if (expected + k) % n in left)
            assert nxt.trick_leader == expected
            assert nxt.score_sheet == state.score_sheet and nxt.scores == state.scores
        elif nxt.phase is hj.Phase.MOON_CHOICE:
            assert nxt.score_sheet == state.score_sheet
        else:
            if self.follow:  # the last seat with cards takes them, and the stock if the deck says so
                rest_to = left[0] if left else taker
                self.captured[rest_to].update(Counter(state.hands[rest_to]) - Counter([move.card]))
                if self.stock_to_last:
                    self.captured[rest_to].update(state.stock)
                else:
                    self.untaken = Counter(state.stock)
            self.hand_ended(state, nxt, None)

    def hand_ended(self, before: hj.State, nxt: hj.State, option) -> None:
        """A hand was scored: raw points, moon, totals, game end or the next deal (sources §3.11-§3.15)."""
        n = self.n
        sheet = before.score_sheet
        assert len(nxt.score_sheet) == len(sheet) + 1
        assert nxt.score_sheet[:-1] == sheet
        result = nxt.score_sheet[-1]
        assert result.hand_index == before.hand_index and result.dealer == before.dealer
        assert result.revoke is None
        assert result.announcers == before.announcers
        assert not self.carry
        if self.widow:
            self.captured[self.widow_taker].update(self.widow)
        assert _cards_of(self.captured) + self.untaken == self.pack
        # Raw points, and their sum (sources §3.11).
        raw = tuple(self.points(self.captured[seat].elements()) for seat in range(n))
        assert result.raw == raw
        if self.first_two_free:
            assert 13 <= sum(raw) <= 25
        elif self.exposures is not None:
            pass  # Gong Zhu's 10♣ and all hearts make the sum depend on who took what
        elif all(v >= 0 for v in self.value.values()):
            assert sum(raw) == self.table.positive_total or self.untaken
        else:
            assert sum(raw) == self.points(self.pack.elements())
        # The moon (sources §3.12): at most one shooter, the seat that captured the moon set.
        second = self.second_half(sheet)
        shooters = []
        if not isinstance(self.rules.moon, moon.NoMoon) and not second:
            needed = self.moon_set()
            shooters = [seat for seat in range(n) if needed and needed <= self.captured[seat]]
        assert len(shooters) <= 1
        teams = self.teams()
        if (
            not shooters
            and not isinstance(self.rules.moon, moon.NoMoon)
            and not second
            and teams
            and teams.together_moon
        ):
            # A team's moon: its members' captures together; the member with most moon points is recorded.
            needed = self.moon_set()
            for team in teams.teams:
                if needed <= sum((self.captured[seat] for seat in team), Counter()):
                    shooters = [max(team, key=lambda s: self.points((self.captured[s] & needed).elements()))]
        assert result.shooter == (shooters[0] if shooters else None)
        scored = list(raw)
        if result.shooter is not None and isinstance(self.rules.moon, moon.OthersPlus):
            amount = self.rules.moon.amount
            amount = self.rules.scoring.moon_total(self.rules) if amount is None else amount
            scored = [r + amount for r in raw]
            shooting = (
                (result.shooter,) if teams is None else next(t for t in teams.teams if result.shooter in t)
            )
            for seat in shooting:
                scored[seat] = raw[seat] - self.points((self.captured[seat] & self.moon_set()).elements())
            if all(v >= 0 for v in self.value.values()) and teams is None:
                assert sum(scored) == (n - 1) * amount
        if second:
            scored = [-p for p in scored]  # the Dutch second half counts back
        for extra in self.rules.extras:
            if isinstance(extra, extras.Miezen):
                for seat in before.announcers:
                    took = any(self.value[c] > 0 for c in self.captured[seat])
                    scored[seat] += extra.points if took else -extra.points
            if isinstance(extra, family.Exposures):  # Gong Zhu: the exposed cards count double
                exposed = [card for seat in range(n) for card in self.exposed[seat]]
                for seat in range(n):
                    scored[seat] = -gong_zhu_model.score(self.captured[seat].elements(), exposed)
                self.pig_taker = next(seat for seat in range(n) if self.captured[seat][Card("QS")])
            if isinstance(extra, family.FirstAndLastTrick):  # Slobberhannes (variants.FAMILY)
                first, final = self.winners[0], self.winners[-1]
                for seat in (first, final):
                    scored[seat] += extra.points
                if first == final and self.captured[first][extra.card]:
                    scored[first] += extra.all_three
        if result.shooter is None or isinstance(self.rules.moon, moon.OthersPlus):
            assert result.points == tuple(scored)
        assert result.totals == tuple(a + b for a, b in zip(before.scores, result.points, strict=True))
        assert nxt.scores == result.totals
        if isinstance(self.rules.ending, ending.Countdown):
            assert nxt.display_scores == tuple(self.rules.ending.start - t for t in nxt.scores)
        over = self.expected_over(result.totals, nxt.score_sheet)
        assert nxt.is_over == over
        if over:
            assert nxt.phase is hj.Phase.GAME_OVER
            assert nxt.winners, "a finished game has winners"
            if isinstance(self.rules.ending, ending.Countdown):
                shown = nxt.display_scores
                assert nxt.winners == tuple(s for s in range(n) if shown[s] == max(shown))
            elif isinstance(self.rules.ending, family.Lives):  # Danger Hearts: most lives, then lowest total
                lives = self.lives_left(nxt.score_sheet)
                best = min((-lives[s], nxt.scores[s]) for s in range(n))
                assert nxt.winners == tuple(s for s in range(n) if (-lives[s], nxt.scores[s]) == best)
            else:
                standing = self.standing(nxt.scores)
                assert nxt.winners == tuple(s for s in range(n) if standing[s] == min(standing))
            assert len(hj.legal_moves(nxt)) == 0
            assert nxt.to_move == ()
            if self.follow:  # the last seat's cards (and the stock) stay where they were: they counted for it
                assert sum(1 for hand in nxt.hands if hand) <= 1
                assert _cards_of(nxt.taken) + _cards_of(nxt.hands) + Counter(nxt.stock) == self.pack
            else:
                assert all(not hand for hand in nxt.hands)
                assert _cards_of(nxt.taken) + Counter(nxt.widow) == self.pack
            for move in (hj.Play(0, "2C"), hj.Pass(0, ["3C"]), hj.Announce(0, True)):
                assert not hj.is_legal(nxt, move)
                with pytest.raises(hj.IllegalMoveError):
                    hj.apply(nxt, move)
        else:
            assert not nxt.winners
            assert nxt.hand_index == before.hand_index + 1
            assert nxt.dealer == (before.dealer + 1) % n
            assert nxt.tricks == () and nxt.trick == () and nxt.announcers == ()
            assert not nxt.hearts_broken
            assert all(len(hand) == self.hand_size for hand in nxt.dealt)
            assert _cards_of(nxt.dealt) + Counter(nxt.widow) + Counter(nxt.stock) == self.pack
            assert all(not taken for taken in nxt.taken)
            self.new_hand()


def playout(rules: hj.Rules, seed: int, move_seed: int, *, full_hands: int, max_moves: int = 20_000):
    """Play random legal moves to the end of the game; check every step of the first ``full_hands`` hands
    fully and every trick and hand of the rest. Returns the final state and the moves."""
    chooser = random.Random(move_seed)
    checker = Checker(rules, random.Random(move_seed + 1))
    state = hj.new_game(rules, seed=seed)
    moves = []
    middle = None
    while not state.is_over and len(moves) < max_moves:
        legal = hj.legal_moves(state)
        checker.check_state(state, legal, full=state.hand_index < full_hands)
        move = legal[chooser.randrange(len(legal))]
        nxt = hj.apply(state, move)
        checker.check_move(state, move, nxt)
        if nxt.is_over:
            assert len(nxt.score_sheet) == len(state.score_sheet) + 1, "the game ends only between hands"
        moves.append(move)
        state = nxt
        if middle is None and chooser.random() < 0.02:
            middle = state
    return state, moves, middle or state


def check_replay_and_pickle(rules: hj.Rules, seed: int, final: hj.State, moves, middle: hj.State) -> None:
    """Determinism (sources §3.18) and a pickle round trip."""
    state = hj.new_game(rules, seed=seed)
    for move in moves:
        state = hj.apply(state, move)
    assert state == final
    assert hash(state) == hash(final)
    for value in (final, middle):
        copy = pickle.loads(pickle.dumps(value))
        assert copy == value and hash(copy) == hash(value)
        assert copy.rules == rules
        assert list(hj.legal_moves(copy)) == list(hj.legal_moves(value))


#: Every preset, and the double deck with cancelling pairs (to exercise cancelled tricks).
PLAYOUT_RULES = [pytest.param(p.rules, id=p.name) for p in variants.ALL] + [
    pytest.param(
        attrs.evolve(variants.SIX_DOUBLE_DECK, duplicates=duplicates.CANCEL_PAIRS),
        id="six_double_deck_cancel",
    )
]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.parametrize("rules", PLAYOUT_RULES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, move_seed=SEEDS)
def test_preset_invariants_on_random_games(rules, seed, move_seed):
    final, moves, middle = playout(rules, seed, move_seed, full_hands=3)
    assert final.is_over, "a random game ends"
    check_replay_and_pickle(rules, seed, final, moves, middle)


@pytest.mark.parametrize(("p", "l", "h", "s"), HOEMKE_COMBINATIONS, ids=lambda v: str(v))
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, move_seed=SEEDS)
def test_hoemke_invariants_on_one_random_hand(p, l, h, s, seed, move_seed):  # noqa: E741
    rules = attrs.evolve(variants.hoemke(p, l, h, s), ending=ending.SINGLE_HAND)
    offset = 1000 * (64 * p + 16 * l + 4 * h + s)  # different hands even for hypothesis's first example
    final, moves, middle = playout(rules, seed + offset, move_seed + offset, full_hands=1)
    assert final.is_over and len(final.score_sheet) == 1
    check_replay_and_pickle(rules, seed + offset, final, moves, middle)
