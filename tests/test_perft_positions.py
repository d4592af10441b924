"""Deal perft: pinned counts of legal move sequences from small fixed positions, as chess engines test move generation.

The counts are pinned as literals: any change in the engine's legal moves,
trick winners, hand end or deals shows as a changed number. Each position's
hands are pinned too, so a failure says whether the position or the count
moved. Every preset of ``variants.ALL`` (``variants.FAMILY``'s in
``test_perft_family.py``) and two Hoemke variants have a
position late in a seeded hand of the preset's own pack (the first tricks
played with seeded random moves; the last three or four tricks are counted)
and, except the double deck, the start of a hand of a tiny pack
(``SinglePack(..., removed=...)``, 3 or 4 cards a hand) reached through the
preset's own passing. A few full hands are counted to a fixed depth from the
first lead, and a free-play ruleset with ``ShooterChoice`` counts the moon
choice as a move. The three counters (tests/perft_helpers.py) must agree on
each position where the rules allow.
"""

from __future__ import annotations

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.rules import first_trick, leading, moon, opening, passing
from hartenjagen.rules.deck import SinglePack
from perft_helpers import (
    HOEMKE_A,
    HOEMKE_B,
    REFERENCES,
    RULES,
    TINY3,
    TINY4,
    TINY5,
    TINY_PIQUET,
    Position,
    Reference,
    _moon_cards,
    _position,
    late,
    opening_of,
    perft,
    perft_is_legal,
    reference_count,
    tiny,
)

#: A free-play ruleset with the moon shooter's choice: eldest leads anything, hearts any time.
FREE_CHOICE = hj.Rules(
    deck=tiny(4, "2C 3C 4C  2D 3D 4D  AH KH  2S 3S 4S QS"),
    passing=passing.NO_PASSING,
    opening=opening.ELDEST_ANY,
    first_trick=first_trick.ANYTHING,
    leading=leading.ANYTIME,
    moon=moon.SHOOTER_CHOICE,
)


#: One seat holds every penalty card and wins every trick: a forced moon, then a choice.
FORCED_MOON_DEAL = ("AH KH QS", "2C 3C 4C", "2D 3D 4D", "2S 3S 4S")


def _late(name: str, seed: int, cards_left: int) -> Position:
    return Position(
        f"{name}/late", (name,), lambda: late(RULES[name], seed, cards_left), None, REFERENCES[name]
    )


def _tiny(name: str, deck: SinglePack, seed: int, stop: hj.Phase = hj.Phase.PLAYING) -> Position:
    rules = attrs.evolve(RULES[name], deck=deck)
    return Position(
        f"{name}/tiny", (name,), lambda: opening_of(rules, seed, stop=stop), None, REFERENCES[name]
    )


def _first_trick(name: str, seed: int, depth: int) -> Position:
    return Position(f"{name}/first-trick", (name,), lambda: opening_of(RULES[name], seed), depth, None)


CHOICE = Reference("anytime", free_first_trick=True, moon_cards=_moon_cards(FREE_CHOICE), moon_options=2)


POSITIONS: tuple[Position, ...] = (
    # Late in a seeded hand of the preset's own pack: the last three or four tricks, mid-trick.
    _late("standard", 1, 14),
    _late("standard_moon_choice", 51, 13),  # a seed whose position can still end in a moon choice
    _late("black_lady_3", 2, 11),
    _late("five_players", 3, 14),
    _late("six_double_deck", 4, 17),
    _late("dutch", 5, 14),
    _late("achterhoek", 6, 13),
    _late("argentine", 7, 13),
    _late("omnibus", 8, 13),
    _late("black_maria", 9, 11),
    _late("countdown", 10, 14),
    _late("openspiel", 11, 13),
    _late(HOEMKE_A.name, 12, 13),
    _late(HOEMKE_B.name, 13, 14),
    # The start of a hand of a tiny pack, through the preset's passing: opening, first-trick and lead rules.
    _tiny("standard", TINY4, 1),
    _tiny("black_lady_3", TINY3, 2),
    _tiny("five_players", TINY5, 3),
    _tiny("dutch", TINY_PIQUET, 5),
    _tiny("achterhoek", TINY_PIQUET, 6, stop=hj.Phase.ANNOUNCING),
    _tiny("argentine", TINY4, 21),
    _tiny("omnibus", TINY4, 8),
    _tiny("black_maria", TINY3, 9),
    _tiny("countdown", TINY4, 10),
    _tiny("openspiel", TINY4, 11),
    _tiny(HOEMKE_A.name, TINY4, 12),
    _tiny(HOEMKE_B.name, TINY4, 13),
    # The first lead of a full hand, to a fixed depth (the first trick and the next lead).
    _first_trick("standard", 1, 5),
    _first_trick("dutch", 5, 5),
    _first_trick("six_double_deck", 4, 7),
    _first_trick(HOEMKE_A.name, 12, 5),
    # A moon shooter's choice counted as a move: seat 0 must take everything, then chooses.
    Position(
        "shooter_choice/forced-moon",
        (),
        lambda: hj.new_game(FREE_CHOICE, deal=FORCED_MOON_DEAL, dealer=3, seed=0),
        None,
        CHOICE,
    ),
    Position("shooter_choice/tiny", (), lambda: hj.new_game(FREE_CHOICE, seed=14), None, CHOICE),
)


#: The pinned counts: any behaviour change of the engine shows here.
EXPECTED: dict[str, int] = {
    "standard/late": 9760,
    "standard_moon_choice/late": 1728,
    "black_lady_3/late": 64,
    "five_players/late": 2592,
    "six_double_deck/late": 48,
    "dutch/late": 3456,
    "achterhoek/late": 600,
    "argentine/late": 5184,
    "omnibus/late": 416,
    "black_maria/late": 480,
    "countdown/late": 1472,
    "openspiel/late": 2088,
    "hoemke_P3L3H4S4/late": 1152,
    "hoemke_P4L4H3S2/late": 2448,
    "standard/tiny": 56,
    "black_lady_3/tiny": 36,
    "five_players/tiny": 64,
    "dutch/tiny": 208,
    "achterhoek/tiny": 2944,
    "argentine/tiny": 1320,
    "omnibus/tiny": 46,
    "black_maria/tiny": 2272,
    "countdown/tiny": 88,
    "openspiel/tiny": 60,
    "hoemke_P3L3H4S4/tiny": 64,
    "hoemke_P4L4H3S2/tiny": 576,
    "standard/first-trick": 624,
    "dutch/first-trick": 1239,
    "six_double_deck/first-trick": 2754,
    "hoemke_P3L3H4S4/first-trick": 380,
    "shooter_choice/forced-moon": 2592,
    "shooter_choice/tiny": 390,
}


#: The pinned positions: the phase, each seat's hand, the trick on the table.
HANDS: dict[str, tuple[str, ...]] = {
    "standard/late": (
        "playing",
        "5C 8C KD 4H",
        "2D 7D 3H JH",
        "9D 5S QS",
        "8D 5H 7H",
        "trick: 4S AD",
    ),
    "standard_moon_choice/late": (
        "playing",
        "8D 2H 7H TH",
        "QH 4S 8S",
        "3H 8H KH",
        "QD 2S AS",
        "trick: JH 4H 6H",
    ),
    "black_lady_3/late": (
        "playing",
        "JD AD 6H JH",
        "4D 5D 2H QS",
        "7C TD 5H",
        "trick: 4S",
    ),
    "five_players/late": (
        "playing",
        "4D 8D 9D",
        "6D KD AD",
        "3D 5D JD",
        "8C 7D QD",
        "8S 9S",
        "trick: 5S",
    ),
    "six_double_deck/late": (
        "playing",
        "AH 5S",
        "9D 4H 8H",
        "TC 4D 5H",
        "3C QD 9H",
        "5C JC TD",
        "7H 9S 9S",
        "trick: 6H",
    ),
    "dutch/late": (
        "playing",
        "8C 9C QC KC",
        "AC KH JS",
        "8H TH TS",
        "JC 7H QH 7S",
        "trick: AD TC",
    ),
    "achterhoek/late": (
        "playing",
        "9D 8S JS",
        "JD KH AS",
        "JC 7S TS KS",
        "7D QD 8H",
        "trick: QH 9S 9H",
    ),
    "argentine/late": (
        "playing",
        "6S 8S KS",
        "JH QH JS QS",
        "4D JD QD",
        "6H 7H TS",
        "trick: 3D 2H 4S",
    ),
    "omnibus/late": (
        "playing",
        "5D AD QH AH",
        "6H 5S JS",
        "9H JH AS",
        "3D 2H 4H",
        "trick: 2S 9S 7H",
    ),
    "black_maria/late": (
        "playing",
        "9D QD 2S 7S",
        "2H KH 6S TS",
        "8H 9H JH",
        "trick: AH",
    ),
    "countdown/late": (
        "playing",
        "5H 6S AS",
        "4C KC KH",
        "QC 9D 7H QH",
        "8C JH 2S 5S",
        "trick: TS 8H",
    ),
    "openspiel/late": (
        "playing",
        "5C 9H JS",
        "TC KC 4H",
        "8H QH AH",
        "2D QD KD 7H",
        "trick: 9S JH 3H",
    ),
    "hoemke_P3L3H4S4/late": (
        "playing",
        "JD TH AH",
        "9H JH QH",
        "8C JC AC",
        "QD 2H 6H 8H",
        "trick: 5H 3H 4H",
    ),
    "hoemke_P4L4H3S2/late": (
        "playing",
        "4C 5C 8C",
        "7C 7S 9S",
        "QD 2H 9H TH",
        "AC 2D 6H QH",
        "trick: QC TC",
    ),
    "standard/tiny": (
        "playing",
        "KC AD KH QS",
        "2C JD 4H 2S",
        "QC 2D 7D AH",
        "9C 9H TS AS",
        "trick: -",
    ),
    "black_lady_3/tiny": (
        "playing",
        "3C 7D 4H QS",
        "9C AD 9H AH",
        "KC JD KS AS",
        "trick: -",
    ),
    "five_players/tiny": (
        "playing",
        "9C KH AS",
        "9H TS KS",
        "QC KC 4H",
        "3C 7D AD",
        "JD AH QS",
        "trick: -",
    ),
    "dutch/tiny": (
        "playing",
        "QC JS QS",
        "JC QD QH",
        "AC JD KS",
        "AD 7H AH",
        "trick: -",
    ),
    "achterhoek/tiny": (
        "announcing",
        "JD QD JS",
        "JC AC QH",
        "AD 7H QS",
        "QC AH KS",
        "trick: -",
    ),
    "argentine/tiny": (
        "playing",
        "2C 4H 9H AH",
        "7D JD TS QS",
        "9C KC AD KH",
        "QC 2D 2S AS",
        "trick: -",
    ),
    "omnibus/tiny": (
        "playing",
        "QC 7D 9H QS",
        "2C KC 2D KH",
        "JD AH 2S TS",
        "9C AD 4H AS",
        "trick: -",
    ),
    "black_maria/tiny": (
        "playing",
        "7D AD 4H AH",
        "3C 9C JD QS",
        "KC 9H KS AS",
        "trick: -",
    ),
    "countdown/tiny": (
        "playing",
        "7D 9H QS AS",
        "KC 4H AH TS",
        "2C 9C JD KH",
        "QC 2D AD 2S",
        "trick: -",
    ),
    "openspiel/tiny": (
        "playing",
        "QC JD AD 2S",
        "9C 2D KH AH",
        "2C 7D 4H TS",
        "KC 9H QS AS",
        "trick: -",
    ),
    "hoemke_P3L3H4S4/tiny": (
        "playing",
        "7D JD 9H TS",
        "9C AD KH 2S",
        "QC KC AH QS",
        "2C 2D 4H AS",
        "trick: -",
    ),
    "hoemke_P4L4H3S2/tiny": (
        "playing",
        "9C QC 2D 2S",
        "AD AH TS QS",
        "2C 4H 9H KH",
        "KC 7D JD AS",
        "trick: -",
    ),
    "standard/first-trick": (
        "playing",
        "2C 4C 5C 7C 8C TC QC JD KD 4H TH 2S AS",
        "9C JC KC 2D 7D QD 2H 3H 9H JH 3S 7S 8S",
        "3C 6C AC 9D QH AH 4S 5S 9S TS JS QS KS",
        "3D 4D 5D 6D 8D TD AD 5H 6H 7H 8H KH 6S",
        "trick: -",
    ),
    "dutch/first-trick": (
        "playing",
        "7C 8C 9C QC KC QD QS AS",
        "AC JD KD AD JH KH 9S JS",
        "TC 8D 9D 8H TH AH TS KS",
        "JC 7D TD 7H 9H QH 7S 8S",
        "trick: -",
    ),
    "six_double_deck/first-trick": (
        "playing",
        "8C 9C KC 5D QD AD 3H 6H AH AH 2S 5S 5S 6S 6S TS KS",
        "7C 6D 8D 9D 9D KD KD AD 3H 4H 4H 7H 8H JH 3S 7S 7S",
        "3C 4C TC JC QC 4D 4D 6D 7D 2H 5H 6H 8H TH KH 2S KS",
        "3C 4C 8C 9C TC AC 8D TD JD JD QD 9H 9H QH TS JS AS",
        "2C 5C 5C 6C JC QC AC 2D 3D 5D 7D TD 5H TH JH 4S 8S",
        "6C 7C KC 3D 2H 7H QH KH 3S 4S 8S 9S 9S JS QS QS AS",
        "trick: -",
    ),
    "hoemke_P3L3H4S4/first-trick": (
        "playing",
        "2C TC 4D 9D TD JD 5H TH AH 4S 8S JS AS",
        "4C 6C 3D 5D KD 3H 7H 9H JH QH KH 6S QS",
        "5C 7C 8C 9C JC AC 8D AD 4H 3S 5S 9S KS",
        "3C QC KC 2D 6D 7D QD 2H 6H 8H 2S 7S TS",
        "trick: -",
    ),
    "shooter_choice/forced-moon": (
        "playing",
        "KH AH QS",
        "2C 3C 4C",
        "2D 3D 4D",
        "2S 3S 4S",
        "trick: -",
    ),
    "shooter_choice/tiny": (
        "playing",
        "3C 2D KH",
        "2C 4C 4S",
        "4D AH QS",
        "3D 2S 3S",
        "trick: -",
    ),
}


@pytest.mark.parametrize("position", POSITIONS, ids=[position.name for position in POSITIONS])
def test_perft(position: Position) -> None:
    state = position.build()
    counted = perft(state, position.depth)
    assert perft_is_legal(state, position.depth) == counted, "legal_moves and is_legal disagree"
    if position.ref is not None:
        assert position.depth is None
        assert reference_count(state, position.ref) == counted, "the reference counter disagrees"
    assert _position(state) == HANDS[position.name], "the position itself changed"
    assert counted == EXPECTED[position.name]


@pytest.mark.parametrize("name", ["standard_moon_choice/late", "shooter_choice/tiny"])
def test_the_moon_positions_reach_a_moon_choice(name: str) -> None:
    """The positions picked for the moon choice still lead to one (a new deal could quietly lose it)."""
    (position,) = [p for p in POSITIONS if p.name == name]
    state = position.build()
    hand = len(state.score_sheet)

    def choices(state: hj.State) -> int:
        if state.phase is hj.Phase.MOON_CHOICE:
            return 1
        if state.is_over or len(state.score_sheet) > hand:
            return 0
        return sum(choices(hj.apply(state, move)) for move in hj.legal_moves(state))

    assert choices(state) > 0


def test_every_preset_has_a_position() -> None:
    covered = {name for position in POSITIONS for name in position.presets}
    assert {preset.name for preset in variants.ALL} | {HOEMKE_A.name, HOEMKE_B.name} <= covered
