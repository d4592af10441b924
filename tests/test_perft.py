"""Deal perft: the number of legal move sequences from small fixed positions, as chess engines test move generation.

``perft(state, depth)`` walks ``legal_moves``/``apply`` and counts the
distinct move sequences of ``depth`` moves from ``state``, a sequence that
ends the hand sooner counting once (``depth=None``: every sequence to the end
of the hand). Announcements (miezen) and a moon shooter's choice are moves
like plays, so they multiply the count.

Each position is counted three ways where the rules allow:

* ``perft``: ``legal_moves`` and ``apply``;
* ``perft_is_legal``: never calls ``legal_moves``; it tries every distinct
  card in the mover's hand (every yes/no, every moon option) and keeps what
  ``hj.is_legal`` accepts, so it checks ``legal_moves`` against ``explain``;
* ``perft_reference``: an independent re-implementation of trick play on
  plain card lists (follow suit; the hearts-lead rule of the position's
  preset, written out in ``REFERENCES``; highest card of the led suit wins,
  the first played of two equal cards; announcements; the moon choice). It
  knows no opening or first-trick rule, so from the start of a hand with a
  restricted first trick, ``reference_count`` walks the first trick with
  ``legal_moves`` (checked by ``perft_is_legal``) and counts the rest of the
  hand from every position after it.

The counts are pinned as literals: any change in the engine's legal moves,
trick winners, hand end or deals shows as a changed number. Each position's
hands are pinned too, so a failure says whether the position or the count
moved. Every preset of ``variants.ALL`` and two Hoemke variants have a
position late in a seeded hand of the preset's own pack (the first tricks
played with seeded random moves; the last three or four tricks are counted)
and, except the double deck, the start of a hand of a tiny pack
(``SinglePack(..., removed=...)``, 3 or 4 cards a hand) reached through the
preset's own passing. A few full hands are counted to a fixed depth from the
first lead, and a free-play ruleset with ``ShooterChoice`` counts the moon
choice as a move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.cards import ALL_CARDS, QUEEN_OF_SPADES, Card, Suit, parse_cards
from hartenjagen.rules import first_trick, leading, moon, opening, passing
from hartenjagen.rules.deck import SinglePack

# ---------------------------------------------------------------- the three counters


def perft(state: hj.State, depth: int | None = None) -> int:
    """Move sequences of ``depth`` moves (or to the end of the hand) from ``state``, by ``legal_moves``."""
    hand = len(state.score_sheet)

    def walk(state: hj.State, depth: int | None) -> int:
        if state.is_over or len(state.score_sheet) != hand or depth == 0:
            return 1
        moves = hj.legal_moves(state)
        if depth == 1:
            return len(moves)
        below = None if depth is None else depth - 1
        return sum(walk(hj.apply(state, move), below) for move in moves)

    return walk(state, depth)


def _candidates(state: hj.State) -> list[hj.Move]:
    """Every move the seat to move might try, legal or not (no ``legal_moves``)."""
    (seat,) = state.to_move
    if state.phase is hj.Phase.PLAYING:
        return [hj.Play(seat, card) for card in dict.fromkeys(state.hands[seat])]
    if state.phase is hj.Phase.ANNOUNCING:
        return [hj.Announce(seat, False), hj.Announce(seat, True)]
    if state.phase is hj.Phase.MOON_CHOICE:
        return [hj.MoonChoice(seat, option) for option in hj.MoonOption]
    raise AssertionError(f"no brute-force moves in the {state.phase} phase")


def perft_is_legal(state: hj.State, depth: int | None = None) -> int:
    """As ``perft``, but the moves are the mover's cards (or answers) that ``hj.is_legal`` accepts."""
    hand = len(state.score_sheet)

    def walk(state: hj.State, depth: int | None) -> int:
        if state.is_over or len(state.score_sheet) != hand or depth == 0:
            return 1
        below = None if depth is None else depth - 1
        return sum(
            walk(hj.apply(state, move), below) for move in _candidates(state) if hj.is_legal(state, move)
        )

    return walk(state, depth)


@dataclass(frozen=True)
class Reference:
    """The rules the reference counter knows, read from the preset's documentation, not its modules."""

    #: "anytime"; "broken" (a heart played earlier; a leader with only hearts and the Q♠ leads the Q♠);
    #: "broken_qs" (as "broken", and the Q♠ breaks hearts too); "after_3" (hearts from trick 4);
    #: "suits_led" (hearts once ♣ ♦ ♠ have each been led, or two of them twice)
    lead: str
    #: whether the first trick is played like any other (eldest leads anything, penalty cards allowed)
    free_first_trick: bool = False
    #: the cards a shooter must take, and how many options a shooter then has (1: no choice)
    moon_cards: frozenset[Card] = frozenset()
    moon_options: int = 1


def reference_count(state: hj.State, ref: Reference) -> int:
    """Every sequence to the end of the hand: ``perft_reference`` from each way the first trick can go.

    Unless the first trick is free, the opening and first-trick rules are left
    to the engine (``perft_is_legal`` checks those plays against ``is_legal``):
    the first trick is walked with ``legal_moves`` and the reference counts
    the rest of the hand from every position after it.
    """
    if state.trick_number > 0 or ref.free_first_trick:
        return perft_reference(state, ref)
    return sum(reference_count(hj.apply(state, move), ref) for move in hj.legal_moves(state))


def perft_reference(state: hj.State, ref: Reference) -> int:
    """Every sequence to the end of the hand, by a re-implementation of trick play on card lists.

    Reads only the public position (hands, the trick on the table, the
    completed tricks, the cards taken); valid where the first-trick and
    opening rules no longer (or never) restrict play.
    """
    assert state.trick_number > 0 or ref.free_first_trick
    n = state.players
    hands = tuple(tuple(hand) for hand in state.hands)
    trick = tuple(play.card for play in state.trick)
    played = [card for done in state.tricks for card in done.cards] + list(trick)
    broken = any(
        card.suit is Suit.HEARTS or (ref.lead == "broken_qs" and card is QUEEN_OF_SPADES) for card in played
    )
    led = tuple(sum(1 for done in state.tricks if done.cards[0].suit is suit) for suit in Suit)
    taken = tuple(frozenset(cards) for cards in state.taken)
    announcing = 1
    leader = state.trick_leader
    if state.phase is hj.Phase.ANNOUNCING:
        # Each seat says yes or no (play does not depend on it); then eldest leads (the Dutch games).
        assert ref.lead == "anytime" and not state.announcers
        announcing = 2**n
        leader = (state.dealer + 1) % n

    def hearts_open(broken: bool, tricks: int, led: tuple[int, ...]) -> bool:
        if ref.lead == "anytime":
            return True
        if ref.lead in ("broken", "broken_qs"):
            return broken
        if ref.lead == "after_3":
            return tricks >= 3
        if ref.lead == "suits_led":
            others = (led[Suit.CLUBS], led[Suit.DIAMONDS], led[Suit.SPADES])
            return all(others) or sum(1 for count in others if count >= 2) >= 2
        raise AssertionError(ref.lead)

    def walk(
        hands: tuple[tuple[Card, ...], ...],
        trick: tuple[Card, ...],
        leader: int,
        broken: bool,
        tricks: int,
        led: tuple[int, ...],
        taken: tuple[frozenset[Card], ...],
    ) -> int:
        if not trick and not any(hands):
            shot = ref.moon_cards and any(ref.moon_cards <= cards for cards in taken)
            return ref.moon_options if shot else 1
        seat = (leader + len(trick)) % n
        hand = hands[seat]
        if trick:
            choices = [card for card in hand if card.suit is trick[0].suit] or list(hand)
        elif hearts_open(broken, tricks, led):
            choices = list(hand)
        else:
            choices = [card for card in hand if card.suit is not Suit.HEARTS] or list(hand)
        total = 0
        for card in dict.fromkeys(choices):
            rest = list(hand)
            rest.remove(card)
            new_hands = (*hands[:seat], tuple(rest), *hands[seat + 1 :])
            now = (*trick, card)
            now_broken = (
                broken or card.suit is Suit.HEARTS or (ref.lead == "broken_qs" and card is QUEEN_OF_SPADES)
            )
            if len(now) < n:
                total += walk(new_hands, now, leader, now_broken, tricks, led, taken)
                continue
            best = 0
            for position in range(1, n):
                if now[position].suit is now[0].suit and now[position].rank > now[best].rank:
                    best = position
            winner = (leader + best) % n
            new_taken = tuple(cards | set(now) if s == winner else cards for s, cards in enumerate(taken))
            new_led = tuple(count + (suit is now[0].suit) for suit, count in zip(Suit, led, strict=True))
            total += walk(new_hands, (), winner, now_broken, tricks + 1, new_led, new_taken)
        return total

    return announcing * walk(hands, trick, leader, broken, state.trick_number, led, taken)


# ---------------------------------------------------------------- positions


def _random_move(state: hj.State, rng: random.Random) -> hj.Move:
    moves = hj.legal_moves(state)
    return moves[rng.randrange(len(moves))]


def late(rules: hj.Rules, seed: int, cards_left: int) -> hj.State:
    """The first hand of ``new_game(rules, seed=seed)``, played with seeded random moves until ``cards_left`` cards are in hand."""
    state = hj.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while state.phase is not hj.Phase.PLAYING or sum(map(len, state.hands)) > cards_left:
        state = hj.apply(state, _random_move(state, rng))
    assert state.hand_index == 0
    return state


def opening_of(rules: hj.Rules, seed: int, *, stop: hj.Phase = hj.Phase.PLAYING) -> hj.State:
    """The first hand of ``new_game(rules, seed=seed)`` once the seeded passes are made (the first lead, or ``stop``)."""
    state = hj.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while state.phase is hj.Phase.PASSING:
        state = hj.apply(state, _random_move(state, rng))
    assert state.phase is stop, state.phase
    return state


def tiny(players: int, keep: str) -> SinglePack:
    """A pack of just the cards ``keep``, for ``players``."""
    kept = set(parse_cards(keep))
    return SinglePack(players=players, removed=[card for card in ALL_CARDS if card not in kept])


#: 16 cards for four: 4 a hand, the 2♣, 2♦, 2♠ (openings), the Q♠, J♦ and J♣ (scoring), four hearts.
TINY4 = tiny(4, "2C 9C QC KC  2D 7D JD AD  4H 9H KH AH  2S TS QS AS")
#: 12 piquet cards for four (3 a hand): J♣ Q♠ (Dutch), J♠ Q♦ Q♣ (Achterhoek) and three hearts.
TINY_PIQUET = tiny(4, "JC QC AC  JD QD AD  7H QH AH  JS QS KS")
#: 12 cards for three: 4 a hand.
TINY3 = tiny(3, "3C 9C KC  7D JD AD  4H 9H AH  QS KS AS")
#: 15 cards for five: 3 a hand.
TINY5 = tiny(5, "3C 9C QC KC  7D JD AD  4H 9H KH AH  TS QS KS AS")
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

HOEMKE_A = variants.preset("hoemke_P3L3H4S4")
HOEMKE_B = variants.preset("hoemke_P4L4H3S2")


def _moon_cards(rules: hj.Rules) -> frozenset[Card]:
    return frozenset(card for card in rules.deck.pack() if rules.scoring.card_value(card) > 0)


@dataclass(frozen=True)
class Position:
    """A named perft position: how to reach it, how deep to count, and the reference rules (if it applies)."""

    name: str
    presets: tuple[str, ...]
    build: Callable[[], hj.State]
    depth: int | None
    ref: Reference | None


#: The reference rules of each preset (its documented hearts-lead rule; whether trick one is free).
REFERENCES: dict[str, Reference] = {
    "standard": Reference("broken"),
    "standard_moon_choice": Reference(
        "broken", moon_cards=_moon_cards(variants.STANDARD_MOON_CHOICE), moon_options=2
    ),
    "black_lady_3": Reference("broken"),
    "five_players": Reference("broken"),
    "six_double_deck": Reference("broken"),
    "dutch": Reference("anytime", free_first_trick=True),
    "achterhoek": Reference("anytime", free_first_trick=True),
    "argentine": Reference("broken"),
    "omnibus": Reference("broken"),
    "black_maria": Reference("anytime", free_first_trick=True),
    "countdown": Reference("broken"),
    "openspiel": Reference("broken_qs"),
    HOEMKE_A.name: Reference("suits_led"),
    HOEMKE_B.name: Reference("after_3"),
}
#: The preset's own rules, by name.
RULES: dict[str, hj.Rules] = {
    **{preset.name: preset.rules for preset in variants.ALL},
    HOEMKE_A.name: HOEMKE_A.rules,
    HOEMKE_B.name: HOEMKE_B.rules,
}


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
    _late("standard_moon_choice", 14, 13),
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
    "standard/late": 1548,
    "standard_moon_choice/late": 240,
    "black_lady_3/late": 1104,
    "five_players/late": 192,
    "six_double_deck/late": 408,
    "dutch/late": 8880,
    "achterhoek/late": 416,
    "argentine/late": 1304,
    "omnibus/late": 864,
    "black_maria/late": 548,
    "countdown/late": 274,
    "openspiel/late": 1080,
    "hoemke_P3L3H4S4/late": 640,
    "hoemke_P4L4H3S2/late": 2064,
    "standard/tiny": 524,
    "black_lady_3/tiny": 32,
    "five_players/tiny": 112,
    "dutch/tiny": 200,
    "achterhoek/tiny": 3840,
    "argentine/tiny": 20,
    "omnibus/tiny": 1584,
    "black_maria/tiny": 2280,
    "countdown/tiny": 768,
    "openspiel/tiny": 1776,
    "hoemke_P3L3H4S4/tiny": 144,
    "hoemke_P4L4H3S2/tiny": 3552,
    "standard/first-trick": 200,
    "dutch/first-trick": 315,
    "six_double_deck/first-trick": 2207,
    "hoemke_P3L3H4S4/first-trick": 308,
    "shooter_choice/forced-moon": 2592,
    "shooter_choice/tiny": 141,
}
#: The pinned positions: the phase, each seat's hand, the trick on the table.
HANDS: dict[str, tuple[str, ...]] = {
    "standard/late": ("playing", "6C 4H 6H", "3D 5H 8H", "4C QD 2H KH", "4D 5D AD 9S", "trick: 3H 9H"),
    "standard_moon_choice/late": (
        "playing",
        "5C 8H QS",
        "6D AD TH KS",
        "9D 3H 9H",
        "KC 5H KH",
        "trick: 8D 7H 6H",
    ),
    "black_lady_3/late": ("playing", "4C 3D 8D KD", "3H 5H TH AH", "KC QD 3S", "trick: 9D"),
    "five_players/late": ("playing", "6D 2H 5H", "4D 8D JH", "KD 2S 5S", "6H 8H", "3D 5D QD", "trick: 9D"),
    "six_double_deck/late": (
        "playing",
        "5D TD 2S",
        "5D JH 5S",
        "3S 8S KS",
        "7C 6S 6S",
        "2H 4S AS",
        "9H 9H",
        "trick: 6D",
    ),
    "dutch/late": ("playing", "8D QD KD", "8C KC JD AS", "TC 9D TD AD", "7D KH 8S", "trick: QH 7C"),
    "achterhoek/late": ("playing", "7D 9H TH", "9D TD TS QS", "KD AD 9S", "AH JS AS", "trick: JD 8D QD"),
    "argentine/late": ("playing", "8C KD 6H JH", "TH 9S AS", "6D JD AD", "TC KC 7D", "trick: 9H 4H 8H"),
    "omnibus/late": ("playing", "3C 3H 5H 7H", "5C 6C 9H", "TH 6S 8S", "8H QH KH", "trick: 9C 4S 8C"),
    "black_maria/late": ("playing", "4D JH TS", "5C 2D 6H QH", "3D 2S 8S QS", "trick: 7S"),
    "countdown/late": ("playing", "TD 3H 9H AS", "8D JD 8H", "4D 7H JH", "3D 5H TH JS", "trick: KD 7D"),
    "openspiel/late": ("playing", "5S 8S JS", "9C 4D 9D 7H", "9H 2S QS", "2H 3H JH", "trick: 8H 5H 4H"),
    "hoemke_P3L3H4S4/late": ("playing", "7D 6S QS", "3H 4H 4S", "TC JC 8H", "6D 9D 9H QH", "trick: AD 5D KH"),
    "hoemke_P4L4H3S2/late": ("playing", "2C 2D JH", "6D 8H JS", "7D 2S 3S 9S", "7C JC TD AD", "trick: KC AC"),
    "standard/tiny": ("playing", "JD KH AH QS", "2C 7D 4H 2S", "9C KC 2D AD", "QC 9H TS AS", "trick: -"),
    "black_lady_3/tiny": ("playing", "3C 7D AD AS", "9C JD 9H AH", "KC 4H QS KS", "trick: -"),
    "five_players/tiny": ("playing", "9C QS KS", "3C AD 4H", "7D AH TS", "JD 9H KH", "QC KC AS", "trick: -"),
    "dutch/tiny": ("playing", "JC QD KS", "AD QH QS", "7H AH JS", "QC AC JD", "trick: -"),
    "achterhoek/tiny": ("announcing", "QC JD AH", "AD QS KS", "JC QD 7H", "AC QH JS", "trick: -"),
    "argentine/tiny": ("playing", "KC JD 2S QS", "9C 2D AH TS", "2C 7D 4H AS", "QC AD 9H KH", "trick: -"),
    "omnibus/tiny": ("playing", "9C KC AH QS", "2C QC JD 4H", "9H KH 2S TS", "2D 7D AD AS", "trick: -"),
    "black_maria/tiny": ("playing", "7D AD 4H AH", "9C KC JD AS", "3C 9H QS KS", "trick: -"),
    "countdown/tiny": ("playing", "2D JD 9H KH", "2C 7D AH AS", "9C AD 2S TS", "QC KC 4H QS", "trick: -"),
    "openspiel/tiny": ("playing", "9C KH AH 2S", "QC KC AD 4H", "2C 7D 9H QS", "2D JD TS AS", "trick: -"),
    "hoemke_P3L3H4S4/tiny": (
        "playing",
        "2D JD KH AS",
        "2C KC 2S QS",
        "QC 7D 9H AH",
        "9C AD 4H TS",
        "trick: -",
    ),
    "hoemke_P4L4H3S2/tiny": (
        "playing",
        "2D 7D AD 9H",
        "9C 4H 2S AS",
        "QC KC JD AH",
        "2C KH TS QS",
        "trick: -",
    ),
    "standard/first-trick": (
        "playing",
        "2C 6C 7C TC TD JD 3H 4H 6H AH 3S TS AS",
        "JC AC 3D 8D KD 5H 7H 8H 9H TH 4S JS KS",
        "3C 4C 5C 9C 7D 9D QD 2H QH KH 2S 6S 7S",
        "8C QC KC 2D 4D 5D 6D AD JH 5S 8S 9S QS",
        "trick: -",
    ),
    "dutch/first-trick": (
        "playing",
        "7C QC 8D QD KD 7H TS JS",
        "8C JC KC JD 9H TH QS AS",
        "9C TC 9D TD AD 8H 7S 9S",
        "AC 7D JH QH KH AH 8S KS",
        "trick: -",
    ),
    "six_double_deck/first-trick": (
        "playing",
        "2C 4C 4C 5C TC 3D 4D 5D TD JD KD 2H 7H QH 2S 2S TS",
        "3C 2D 5D 8D TD KD AD 5H 7H 8H JH JH QH AH 5S 9S QS",
        "9C 9C JC QC 6D 4H 8H 3S 3S 5S 7S 8S JS JS KS KS AS",
        "5C 6C 6C 7C 7C 8C AC 7D 9D JD QD 3H KH 6S 6S 8S TS",
        "3C 8C QC KC AC 8D QD 2H 3H 4H TH TH AH 4S 4S 9S AS",
        "TC JC KC 3D 4D 6D 7D 9D AD 5H 6H 6H 9H 9H KH 7S QS",
        "trick: -",
    ),
    "hoemke_P3L3H4S4/first-trick": (
        "playing",
        "5C 9C QC 7D 8D TD AD 6H 5S 6S TS QS KS",
        "3C 4C 5D QD KD 3H 4H 5H AH 4S 7S 9S AS",
        "2C 6C 8C TC JC 3D 7H 8H TH KH 2S 8S JS",
        "7C KC AC 2D 4D 6D 9D JD 2H 9H JH QH 3S",
        "trick: -",
    ),
    "shooter_choice/forced-moon": ("playing", "KH AH QS", "2C 3C 4C", "2D 3D 4D", "2S 3S 4S", "trick: -"),
    "shooter_choice/tiny": ("playing", "4C 2S QS", "2C 3D AH", "2D KH 4S", "3C 4D 3S", "trick: -"),
}


def _position(state: hj.State) -> tuple[str, ...]:
    hands = tuple(" ".join(str(card) for card in hand) for hand in state.hands)
    trick = " ".join(str(play.card) for play in state.trick) or "-"
    return (state.phase.value, *hands, f"trick: {trick}")


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


def test_every_preset_has_a_position() -> None:
    covered = {name for position in POSITIONS for name in position.presets}
    assert {preset.name for preset in variants.ALL} | {HOEMKE_A.name, HOEMKE_B.name} <= covered


#: Tiny packs for the presets whose pack can shrink (not the double deck).
TINY_PACKS: dict[str, SinglePack] = {
    "standard": TINY4,
    "black_lady_3": TINY3,
    "five_players": TINY5,
    "dutch": TINY_PIQUET,
    "achterhoek": TINY_PIQUET,
    "argentine": TINY4,
    "omnibus": TINY4,
    "black_maria": TINY3,
    "countdown": TINY4,
    "openspiel": TINY4,
    HOEMKE_A.name: TINY4,
    HOEMKE_B.name: TINY4,
}


@pytest.mark.parametrize("name", list(REFERENCES))
def test_the_three_counters_agree_on_more_positions(name: str) -> None:
    """Unpinned: more seeded positions per preset, late in a full hand and from the start of a tiny one."""
    rules = RULES[name]
    ref = REFERENCES[name]
    states = [late(rules, seed, 2 * rules.players + 2) for seed in range(100, 104)]
    if name in TINY_PACKS:
        small = attrs.evolve(rules, deck=TINY_PACKS[name])
        for seed in range(100, 104):
            # The first trick (and any announcements) played at random, to keep the counts small.
            state = hj.new_game(small, seed=seed)
            rng = random.Random(seed)
            while state.trick_number == 0:
                state = hj.apply(state, _random_move(state, rng))
            states.append(state)
    for state in states:
        counted = perft(state)
        assert perft_is_legal(state) == counted, _position(state)
        assert reference_count(state, ref) == counted, _position(state)


def test_perft_depth() -> None:
    state = opening_of(RULES["standard"], 1)
    assert perft(state, 0) == 1
    assert perft(state, 1) == len(hj.legal_moves(state)) == 1  # the 2♣
    assert perft(state, 2) == len(hj.legal_moves(hj.apply(state, hj.legal_moves(state)[0])))
    # A sequence that ends the hand before the depth counts once.
    end = late(RULES["standard"], 1, 4)
    assert perft(end, 10) == perft(end) == perft(end, 4) == 1
