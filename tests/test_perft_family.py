"""Deal perft for the family presets (``variants.FAMILY``), as ``test_perft`` does for ``variants.ALL``.

The same three counters (``perft``, ``perft_is_legal``, the independent
``perft_reference``) and the same kinds of position: late in a seeded hand of
the preset's own pack, and the start of a hand of a tiny pack reached through
the preset's own passing. Counts and hands are pinned as literals. The
reference knows no house rule, and needs none: Slobberhannes's
first-and-last-trick points change the score, not the legal moves.
"""

from __future__ import annotations

import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.cards import Rank
from hartenjagen.family_jokers import JokerPack
from hartenjagen.rules.undealt import WidowPack
from perft_helpers import (
    TINY4,
    TINY_PIQUET,
    Position,
    Reference,
    _position,
    _random_move,
    late,
    opening_of,
    perft,
    perft_is_legal,
    reference_count,
)

#: The reference rules of each family preset (its hearts-lead rule; whether trick one is free).
REFERENCES: dict[str, Reference] = {
    "pink_lady": Reference("broken"),
    "spot_hearts": Reference("broken"),
    "slobberhannes": Reference("anytime", free_first_trick=True),
    # Polignac's ranks, low to high, as docs/family.md gives them (K Q J A 10 9 8 7, high to low).
    "polignac": Reference(
        "anytime", free_first_trick=True, rank_order=tuple(Rank(r) for r in (7, 8, 9, 10, 14, 11, 12, 13))
    ),
    "cancellation_hearts": Reference("broken", cancel_pairs=True),
    "partnership_hearts": Reference("broken"),
    "danger_hearts": Reference("broken"),
    "heartsette": Reference("broken"),  # the widow changes no legal move
    "two_player_hearts": Reference("broken"),  # pinned once the stock is drawn: no draw inside the count
    # pinned once the stock is drawn out (no draw inside the count); seats drop out as their hands empty
    "domino_hearts": Reference("broken", free_first_trick=True, drop_out=True),
    "gong_zhu": Reference("anytime", free_first_trick=True, exposed_wait=True),
    "joker_hearts": Reference("broken", jokers_any_time=True),
}
RULES: dict[str, hj.Rules] = {preset.name: preset.rules for preset in variants.FAMILY}
#: Heartsette's: 15 cards, 3 a hand and a widow of 3.
TINY_WIDOW = WidowPack(
    players=4,
    hand=3,
    removed=[
        c for c in hj.Rules().deck.pack() if str(c) not in "2C 9C QC KC 2D 7D JD AD 4H 9H KH AH 2S TS QS"
    ],
)
#: Joker Hearts': 12 cards and the four jokers, 4 a hand.
TINY_JOKERS = JokerPack(
    players=4,
    count=4,
    removed=[c for c in hj.Rules().deck.pack() if str(c) not in "2C 9C QC KC 2D 7D JD AD 4H 9H AH QS"],
)
#: Tiny packs of each family preset's own kind (none for the two-pack game, as for test_perft's double deck).
TINY_PACKS = {
    "pink_lady": TINY4,
    "spot_hearts": TINY4,
    "slobberhannes": TINY_PIQUET,
    "polignac": TINY_PIQUET,
    "partnership_hearts": TINY4,
    "danger_hearts": TINY4,
    "heartsette": TINY_WIDOW,
    "gong_zhu": TINY4,
    "joker_hearts": TINY_JOKERS,
}


def _late(name: str, seed: int, cards_left: int) -> Position:
    return Position(
        f"{name}/late", (name,), lambda: late(RULES[name], seed, cards_left), None, REFERENCES[name]
    )


def drawn_out(rules: hj.Rules, seed: int, cards_left: int) -> hj.State:
    """As ``late``, and the stock drawn out (Domino Hearts: then nobody draws inside the count)."""
    state = hj.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while state.phase is not hj.Phase.PLAYING or state.stock or sum(map(len, state.hands)) > cards_left:
        state = hj.apply(state, _random_move(state, rng))  # a later hand if the first ends with a stock left
    return state


def _drawn_out(name: str, seed: int, cards_left: int) -> Position:
    return Position(
        f"{name}/late", (name,), lambda: drawn_out(RULES[name], seed, cards_left), None, REFERENCES[name]
    )


def _tiny(name: str, seed: int) -> Position:
    rules = attrs.evolve(RULES[name], deck=TINY_PACKS[name])
    return Position(f"{name}/tiny", (name,), lambda: opening_of(rules, seed), None, REFERENCES[name])


def _exposed_opening(rules: hj.Rules, seed: int) -> hj.State:
    """The first lead of a tiny Gong Zhu hand, after seeded random exposures (the perft counts them)."""
    state = hj.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while state.phase is hj.Phase.ANNOUNCING:
        state = hj.apply(state, _random_move(state, rng))
    return state


def _tiny_exposed(name: str, seed: int) -> Position:
    rules = attrs.evolve(RULES[name], deck=TINY_PACKS[name])
    return Position(f"{name}/tiny", (name,), lambda: _exposed_opening(rules, seed), None, REFERENCES[name])


POSITIONS: tuple[Position, ...] = (
    _late("pink_lady", 31, 14),
    _late("spot_hearts", 32, 13),
    _late("slobberhannes", 33, 14),
    _late("polignac", 34, 13),
    _late("cancellation_hearts", 36, 24),  # a position where cancelling changes the count (36720 without)
    _late("heartsette", 35, 13),
    _late("two_player_hearts", 35, 10),  # 10 cards left: the stock is empty
    _drawn_out("domino_hearts", 40, 12),  # seat 2 is out, the trick 9♠ K♣ goes round seats 0, 1 and 3
    _tiny("pink_lady", 31),
    _tiny("spot_hearts", 32),
    _tiny("slobberhannes", 33),
    _tiny("polignac", 34),
    _late("partnership_hearts", 35, 14),
    _late("danger_hearts", 36, 13),
    _tiny("partnership_hearts", 35),
    _tiny("danger_hearts", 36),
    _tiny("heartsette", 35),
    _late("gong_zhu", 37, 12),
    _tiny_exposed("gong_zhu", 37),
    _late("joker_hearts", 51, 16),  # a joker still in hand
    _tiny("joker_hearts", 38),
)
#: The pinned counts.
EXPECTED: dict[str, int] = {
    "pink_lady/late": 13824,
    "spot_hearts/late": 312,
    "slobberhannes/late": 3936,
    "polignac/late": 552,
    "cancellation_hearts/late": 45504,
    "pink_lady/tiny": 264,
    "spot_hearts/tiny": 62,
    "slobberhannes/tiny": 368,
    "polignac/tiny": 368,
    "partnership_hearts/late": 2768,
    "danger_hearts/late": 4224,
    "partnership_hearts/tiny": 336,
    "danger_hearts/tiny": 124,
    "heartsette/late": 780,
    "two_player_hearts/late": 11808,
    "domino_hearts/late": 1032,
    "heartsette/tiny": 30,
    "gong_zhu/late": 280,
    "gong_zhu/tiny": 1448,  # seat 0 exposed the J♦ and holds the 7♦: 2496 if the J♦ did not wait
    "joker_hearts/late": 9264,
    "joker_hearts/tiny": 3696,  # the four jokers in play: a trick of jokers only leaves the lead where it was
}
#: The pinned positions: the phase, each seat's hand, the trick on the table.
HANDS: dict[str, tuple[str, ...]] = {
    "joker_hearts/late": ("playing", "8D 9H 9S KS", "9D 6H TH QH", "2D 4D 2S 5S", "9C 7D 8H JK3", "trick: -"),
    "joker_hearts/tiny": (
        "playing",
        "QC AD 4H JK4",
        "2C 2D 7D JK3",
        "KC AH JK1 JK2",
        "9C JD 9H QS",
        "trick: -",
    ),
    "gong_zhu/late": ("playing", "5D 4H JH", "8D AD 6H", "2H KS AS", "7D 9D KD", "trick: -"),
    "gong_zhu/tiny": ("playing", "7D JD 2S AS", "2C AD 4H 9H", "9C KC KH QS", "QC 2D AH TS", "trick: -"),
    "pink_lady/late": (
        "playing",
        "2D KH QS",
        "7C 8C 2H",
        "4H 5H JH AH",
        "3H 6H 9H QH",
        "trick: JD TD",
    ),
    "spot_hearts/late": (
        "playing",
        "6D 9H 9S",
        "KC TH QH 7S",
        "2H 6H 6S",
        "TD 5S TS",
        "trick: JH 8H 3H",
    ),
    "slobberhannes/late": (
        "playing",
        "7D TD QD 7S",
        "8D JD 9S KS",
        "7C TC QC",
        "9D KD AD",
        "trick: KC AC",
    ),
    "polignac/late": (
        "playing",
        "QC TD 7S",
        "8C 9C TC",
        "AC JD 9S",
        "7C JC KC TS",
        "trick: AH TH QH",
    ),
    "cancellation_hearts/late": (
        "playing",
        "7C 9D AH",
        "7H KH KH",
        "7C QH 3S",
        "8H JH AH",
        "2S 7S 8S",
        "4C QC 6D",
        "3C AC AC",
        "2C 4D 7D",
        "trick: -",
    ),
    "pink_lady/tiny": (
        "playing",
        "7D 4H 9H QS",
        "2C 2D JD AD",
        "9C KC KH AS",
        "QC AH 2S TS",
        "trick: -",
    ),
    "spot_hearts/tiny": (
        "playing",
        "KC 7D KH TS",
        "2C 9C 4H QS",
        "2D JD 9H AS",
        "QC AD AH 2S",
        "trick: -",
    ),
    "slobberhannes/tiny": (
        "playing",
        "AC JS QS",
        "JD 7H QH",
        "JC AH KS",
        "QC QD AD",
        "trick: -",
    ),
    "polignac/tiny": (
        "playing",
        "JC JS KS",
        "QC QD AH",
        "AC 7H QH",
        "JD AD QS",
        "trick: -",
    ),
    "partnership_hearts/late": (
        "playing",
        "4D QD 8S TS",
        "2D TH AH",
        "7H 4S 7S",
        "9D 4H 6H JH",
        "trick: 8H 9H",
    ),
    "danger_hearts/late": ("playing", "TC 6D JD", "3S 9S QS", "3C JC QC", "6C KC AC 6S", "trick: 5H 7S 9C"),
    "partnership_hearts/tiny": (
        "playing",
        "KC 7D JD AS",
        "QC 4H 2S QS",
        "9C 2D AD TS",
        "2C 9H KH AH",
        "trick: -",
    ),
    "danger_hearts/tiny": ("playing", "9C AH 2S AS", "QC JD KH TS", "2C KC AD 4H", "2D 7D 9H QS", "trick: -"),
    "two_player_hearts/late": ("playing", "QD 6H JH 2S 3S", "2H 3H 8H 9H TH", "trick: -"),
    "domino_hearts/late": ("playing", "3D 7D", "9C 2D KH", "", "2C TC 5D 6D 8D QD 6H", "trick: 9S KC"),
    "heartsette/late": (
        "playing",
        "3H 7H QH",
        "4H 8H 5S",
        "5H AH 4S",
        "6H JH KH 9S",
        "trick: 7D JS TD",
    ),
    "heartsette/tiny": (
        "playing",
        "QC KH QS",
        "2D JD 2S",
        "2C AH TS",
        "KC AD 4H",
        "trick: -",
    ),
}


@pytest.mark.parametrize("position", POSITIONS, ids=[position.name for position in POSITIONS])
def test_perft_of_the_family(position: Position) -> None:
    state = position.build()
    counted = perft(state)
    assert perft_is_legal(state) == counted, "legal_moves and is_legal disagree"
    assert position.ref is not None and reference_count(state, position.ref) == counted
    assert _position(state) == HANDS[position.name], "the position itself changed"
    assert counted == EXPECTED[position.name]


def test_every_family_preset_has_a_position_and_a_reference() -> None:
    names = {preset.name for preset in variants.FAMILY}
    assert {name for position in POSITIONS for name in position.presets} == names
    # No tiny pack for the two-pack game (as test_perft's double deck) nor the stock games (their draws are chance).
    assert set(REFERENCES) == names and set(TINY_PACKS) == names - {
        "cancellation_hearts",
        "two_player_hearts",
        "domino_hearts",
    }


@pytest.mark.parametrize("name", list(REFERENCES))
def test_the_three_counters_agree_on_more_family_positions(name: str) -> None:
    """Unpinned: two more seeded positions per family preset, late in a hand and from a tiny one's start."""
    rules = RULES[name]
    start = drawn_out if rules.deck.draws_to_follow() else late  # no draw inside the reference's count
    states = [start(rules, seed, 2 * rules.players + 2) for seed in (100, 101)]
    small = attrs.evolve(rules, deck=TINY_PACKS[name]) if name in TINY_PACKS else None
    for seed in (100, 101) if small else ():
        state = hj.new_game(small, seed=seed)
        rng = random.Random(seed)
        while state.trick_number == 0:
            state = hj.apply(state, _random_move(state, rng))
        states.append(state)
    for state in states:
        counted = perft(state)
        assert perft_is_legal(state) == counted, _position(state)
        assert reference_count(state, REFERENCES[name]) == counted, _position(state)
