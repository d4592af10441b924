"""Deal perft: the three move counters and the positions they count (tests/test_perft_*.py).

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
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.cards import ALL_CARDS, QUEEN_OF_SPADES, Card, Rank, Suit, parse_cards
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


def _position(state: hj.State) -> tuple[str, ...]:
    hands = tuple(" ".join(str(card) for card in hand) for hand in state.hands)
    trick = " ".join(str(play.card) for play in state.trick) or "-"
    return (state.phase.value, *hands, f"trick: {trick}")
