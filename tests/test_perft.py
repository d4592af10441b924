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
moved. Every preset of ``variants.ALL`` (``variants.FAMILY``'s in
``test_perft_family.py``) and two Hoemke variants have a
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
from hartenjagen.cards import ALL_CARDS, QUEEN_OF_SPADES, Card, Rank, Suit, parse_cards
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
    #: the ranks low to high where the game orders them otherwise (Polignac); () for 2 to ace
    rank_order: tuple[Rank, ...] = ()
    #: whether identical cards of the suit led cancel (a trick of none left goes on with the same leader)
    cancel_pairs: bool = False
    #: whether an exposed card (Gong Zhu: ``state.announcements``) waits for the second trick of its
    #: suit, unless it is its holder's only card of that suit
    exposed_wait: bool = False
    #: whether a seat whose hand is empty drops out (Domino Hearts: the lead passes to its left, and
    #: the hand ends when one seat alone has cards); the position's stock must be empty (no draws)
    drop_out: bool = False
    #: whether a joker may be played at any time (Joker Hearts); a joker never wins, and a trick led by
    #: jokers takes its suit from the first card that is not one
    jokers_any_time: bool = False


def _suit(card: object) -> Suit | None:
    """A card's suit; ``None`` for a joker."""
    return card.suit if isinstance(card, Card) else None


def _led(cards: tuple[object, ...] | list[object]) -> Suit | None:
    """The suit to follow: the first card's that is not a joker."""
    return next((card.suit for card in cards if isinstance(card, Card)), None)


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
        _suit(card) is Suit.HEARTS or (ref.lead == "broken_qs" and card is QUEEN_OF_SPADES) for card in played
    )
    led = tuple(sum(1 for done in state.tricks if _led(done.cards) is suit) for suit in Suit)
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
        who: tuple[int, ...] = (),
    ) -> int:
        if not trick and not any(hands):
            shot = ref.moon_cards and any(ref.moon_cards <= cards for cards in taken)
            return ref.moon_options if shot else 1
        if not trick and ref.drop_out and sum(1 for hand in hands if hand) <= 1:
            return 1  # the last seat with cards takes them: no more moves
        if ref.drop_out:  # the seats in this trick: those with cards when it began
            started = [hand for hand in hands]
            for k, card in enumerate(trick):
                started[who[k]] = (card,)  # the seats that played to it had cards
            seats = [(leader + k) % n for k in range(n) if started[(leader + k) % n]]
        else:
            seats = [(leader + k) % n for k in range(n)]
        seat = seats[len(trick)]
        hand = hands[seat]
        if trick:  # after jokers only (no suit led yet), any card
            choices = [card for card in hand if _suit(card) is _led(trick) is not None] or list(hand)
        elif hearts_open(broken, tricks, led):
            choices = list(hand)
        else:
            choices = [card for card in hand if _suit(card) is not Suit.HEARTS] or list(hand)
        if ref.jokers_any_time:
            choices += [card for card in hand if not isinstance(card, Card) and card not in choices]
        if ref.exposed_wait:
            shown = {Card.parse(word) for who, word in state.announcements if who == seat}
            waiting = [
                card
                for card in choices
                if card in shown
                and not led[card.suit]
                and (not trick or trick[0].suit is card.suit)
                and sum(1 for other in hand if other.suit is card.suit) > 1
            ]
            choices = [card for card in choices if card not in waiting] or choices
        total = 0
        for card in dict.fromkeys(choices):
            rest = list(hand)
            rest.remove(card)
            new_hands = (*hands[:seat], tuple(rest), *hands[seat + 1 :])
            now = (*trick, card)
            now_broken = (
                broken or _suit(card) is Suit.HEARTS or (ref.lead == "broken_qs" and card is QUEEN_OF_SPADES)
            )
            if len(now) < len(seats):
                total += walk(new_hands, now, leader, now_broken, tricks, led, taken, (*who, seat))
                continue
            order = ref.rank_order
            strength = [
                order.index(c.rank) if order else int(c.rank) if isinstance(c, Card) else 0 for c in now
            ]
            suit_led = _led(now)
            following = [p for p in range(len(now)) if _suit(now[p]) is suit_led and suit_led is not None]
            if ref.cancel_pairs:
                following = [p for p in following if now.count(now[p]) == 1]
            if (ref.cancel_pairs or suit_led is None) and not following and any(new_hands):
                # all cancelled, or jokers only: no card wins, the same leader leads again
                new_led = tuple(count + (suit is suit_led) for suit, count in zip(Suit, led, strict=True))
                total += walk(new_hands, (), leader, now_broken, tricks + 1, new_led, taken)
                continue
            best = following[0] if following else 0  # none left: a cancelled last trick goes to its leader
            for position in following[1:]:
                if strength[position] > strength[best]:  # strictly: the first of two identical ones
                    best = position
            winner = seats[best]
            new_taken = tuple(cards | set(now) if s == winner else cards for s, cards in enumerate(taken))
            new_led = tuple(count + (suit is suit_led) for suit, count in zip(Suit, led, strict=True))
            after = winner
            if ref.drop_out and any(new_hands):  # a winner out of cards: the lead passes to its left
                after = next((winner + k) % n for k in range(n) if new_hands[(winner + k) % n])
            total += walk(new_hands, (), after, now_broken, tricks + 1, new_led, new_taken)
        return total

    seats = tuple(play.seat for play in state.trick)  # who played the trick under way (seats may drop out)
    return announcing * walk(hands, trick, leader, broken, state.trick_number, led, taken, seats)


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
