"""What the rules say, recomputed for the property tests (tests/test_properties_*.py).

From docs/sources.md (§1.15 for the legal plays, §1.7 for broken hearts, §1.9-1.10 and §1.14 for the
points), on the public API only (``hands``, ``trick``, ``tricks``, ``taken``, ...), instead of
calling the rule modules' own helpers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import hartenjagen as hj
from hartenjagen import Card, IllegalMoveCode, Play, Rules, State, Suit
from hartenjagen.cards import QUEEN_OF_SPADES
from hartenjagen.rules.ending import ScoreLimit, SingleHand
from hartenjagen.rules.extras import NoTricksBonus
from hartenjagen.rules.first_trick import ForcedChoice, NoPointsUnlessForced, RestrictedCards
from hartenjagen.rules.leading import BrokenBy, HeartsAfterBroken, HeartsAndQueen, HeartsAnytime
from hartenjagen.rules.moon import MoonSet, OthersPlus
from hartenjagen.rules.opening import LOWEST_CLUB
from hartenjagen.rules.passing import PassCycle
from hartenjagen.rules.routes import PassRoute

Code = IllegalMoveCode


# ---------------------------------------------------------------- what the rules say (oracles)


def pack_of(rules: Rules) -> Counter[Card]:
    return Counter(rules.deck.pack())


def hand_size_of(rules: Rules) -> int:
    return len(rules.deck.pack()) // rules.players


def value(rules: Rules, card: Card) -> int:
    return rules.scoring.card_value(card)


def lowest_club(rules: Rules) -> Card:
    return min((c for c in rules.deck.pack() if c.suit is Suit.CLUBS), key=lambda c: c.rank)


def hand_ended(prev: State, nxt: State) -> bool:
    return len(nxt.score_sheet) > len(prev.score_sheet)


def offset(direction: PassRoute, players: int) -> int:
    """Receiver minus giver (sources §1.4: left is the next seat clockwise)."""
    return {
        PassRoute.LEFT: 1,
        PassRoute.RIGHT: -1,
        PassRoute.ACROSS: players // 2,
        PassRoute.HOLD: 0,
    }[direction]


def expected_direction(rules: Rules, hand_index: int) -> PassRoute:
    passing = rules.passing
    assert isinstance(passing, PassCycle)
    return passing.directions[hand_index % len(passing.directions)]


def expected_pass_count(rules: Rules, hand_index: int) -> int:
    passing = rules.passing
    assert isinstance(passing, PassCycle)
    return 0 if expected_direction(rules, hand_index) is PassRoute.HOLD else passing.cards


def hand_plays(state: State) -> list[tuple[Play, bool]]:
    """Every card played so far in this hand, in order, with whether it was a discard."""
    out = []
    for trick in (*state.tricks, None):
        plays = trick.plays if trick is not None else state.trick
        if plays:
            led = plays[0].card.suit
            out += [(play, i > 0 and play.card.suit is not led) for i, play in enumerate(plays)]
    return out


def broken(state: State) -> bool:
    """Whether hearts are broken, from the cards played in this hand (sources §1.7 ``broken_by``)."""
    leading = state.rules.leading
    for play, discarded in hand_plays(state):
        card = play.card
        if isinstance(leading, HeartsAnytime):
            if card.suit is Suit.HEARTS:
                return True
            continue
        assert isinstance(leading, HeartsAfterBroken)
        if card is QUEEN_OF_SPADES and leading.queen_breaks:
            return True
        if card.suit is Suit.HEARTS and (leading.broken_by is BrokenBy.ANY_HEART or discarded):
            return True
    return False


def restricted_on_first_trick(rules: Rules, card: Card) -> bool:
    first_trick = rules.first_trick
    assert isinstance(first_trick, NoPointsUnlessForced)
    if first_trick.restricted is RestrictedCards.POSITIVE_VALUED:
        return value(rules, card) > 0
    return card.suit is Suit.HEARTS or card is QUEEN_OF_SPADES


def composition(state: State) -> tuple[set[Card], list[tuple[Code, set[Card]]]]:
    """The legal cards of the seat to play by sources §1.15, and the set left after each step."""
    rules = state.rules
    (seat,) = state.to_move
    hand = set(state.hands[seat])
    steps: list[tuple[Code, set[Card]]] = []
    allowed = set(hand)
    first_trick = not state.tricks
    if state.trick:  # step 2: follow suit
        led = state.trick[0].card.suit
        allowed = {c for c in hand if c.suit is led} or allowed
        steps.append((Code.MUST_FOLLOW_SUIT, allowed))
    elif first_trick:  # step 3: first lead
        if rules.opening == LOWEST_CLUB:
            allowed = {c for c in hand if c is lowest_club(rules)} or allowed
        else:
            allowed = {c for c in hand if c.suit is Suit.CLUBS} or allowed
        steps.append((Code.MUST_LEAD_OPENING_CARD, allowed))
    elif isinstance(rules.leading, HeartsAfterBroken) and not broken(state):  # step 3: heart lead
        others = {c for c in hand if c.suit is not Suit.HEARTS}
        only_hearts_and_queen = others == {QUEEN_OF_SPADES}
        if not others or (
            only_hearts_and_queen and rules.leading.hearts_and_queen is HeartsAndQueen.HEARTS_OR_QUEEN
        ):
            allowed = hand
        else:
            allowed = others
        steps.append((Code.HEARTS_NOT_BROKEN, allowed))
    if first_trick and isinstance(rules.first_trick, NoPointsUnlessForced):  # step 4
        free = {c for c in allowed if not restricted_on_first_trick(rules, c)}
        if free:
            allowed = free
        elif rules.first_trick.forced is ForcedChoice.MIN_VALUE:
            least = min(value(rules, c) for c in allowed)
            allowed = {c for c in allowed if value(rules, c) == least}
        steps.append((Code.POINTS_ON_FIRST_TRICK, allowed))
    return allowed, steps


def step2_set(state: State) -> set[Card]:
    """The follow-suit / first-lead set of the seat to play (§1.15 steps 1-3)."""
    allowed, steps = composition(state)
    return steps[0][1] if steps and steps[0][0] is not Code.POINTS_ON_FIRST_TRICK else set(allowed)


def winner_position(cards: Sequence[Card]) -> int:
    """Position of the highest card of the led suit."""
    led = cards[0].suit
    best = 0
    for position, card in enumerate(cards):
        if card.suit is led and card.rank > cards[best].rank:
            best = position
    return best


def completed_trick(prev: State, move: Play) -> hj.Trick:
    """The trick ``move`` completes, computed from ``prev``."""
    n = prev.players
    cards = (*(p.card for p in prev.trick), move.card)
    leader = prev.trick_leader
    return hj.Trick(leader, cards, (leader + winner_position(cards)) % n)


def final_captures(prev: State, move: Play) -> tuple[tuple[Counter[Card], ...], tuple[int, ...]]:
    """The cards each seat captured and the tricks each won in the hand that ``move`` ends."""
    trick = completed_trick(prev, move)
    taken = [Counter(t) for t in prev.taken]
    taken[trick.winner].update(trick.cards)
    won = [0] * prev.players
    for t in (*prev.tricks, trick):
        won[t.winner] += 1
    return tuple(taken), tuple(won)


def moon_cards(rules: Rules) -> Counter[Card]:
    moon = rules.moon
    assert isinstance(moon, OthersPlus)
    if moon.moon_set is MoonSet.ALL_POSITIVE:
        return Counter({c: k for c, k in pack_of(rules).items() if value(rules, c) > 0})
    return Counter({c: k for c, k in pack_of(rules).items() if value(rules, c) != 0})


def points_of(rules: Rules, cards: Counter[Card]) -> int:
    return sum(value(rules, c) * k for c, k in cards.items())


@dataclass(frozen=True)
class ExpectedHand:
    """A hand's points as the rules say they should be (sources §1.9-§1.14)."""

    raw: tuple[int, ...]
    settled: tuple[int, ...]  # after the moon
    bonus: tuple[int, ...]  # the no-tricks bonus of each seat
    points: tuple[int, ...]
    shooter: int | None


def expected_hand_points(rules: Rules, taken: Sequence[Counter[Card]], won: Sequence[int]) -> ExpectedHand:
    """A hand's points by sources §1.9 (raw), §1.10 (moon) and §1.14 (no-tricks bonus)."""
    n = rules.players
    raw = tuple(points_of(rules, t) for t in taken)
    settled = raw
    shooter = None
    if isinstance(rules.moon, OthersPlus):
        needed = moon_cards(rules)
        shooters = [s for s in range(n) if not needed - taken[s]]
        assert len(shooters) <= 1
        if shooters:
            (shooter,) = shooters
            k = moon_amount(rules)
            moon_points = points_of(rules, needed)
            settled = tuple(p - moon_points if s == shooter else p + k for s, p in enumerate(raw))
    bonus = [0] * n
    for extra in rules.extras:
        assert isinstance(extra, NoTricksBonus)
        if shooter is None:
            bonus = [b + extra.points if won[s] == 0 else b for s, b in enumerate(bonus)]
    points = tuple(p + b for p, b in zip(settled, bonus, strict=True))
    return ExpectedHand(raw, settled, tuple(bonus), points, shooter)


def moon_amount(rules: Rules) -> int:
    """K: the moon amount, by default the total of the positive card values."""
    assert isinstance(rules.moon, OthersPlus)
    return rules.moon.amount if rules.moon.amount is not None else positive_total(rules)


def positive_total(rules: Rules) -> int:
    return sum(v * k for c, k in pack_of(rules).items() if (v := value(rules, c)) > 0)


def total_value(rules: Rules) -> int:
    return sum(value(rules, c) * k for c, k in pack_of(rules).items())


def game_should_end(rules: Rules, totals: tuple[int, ...], hands_played: int) -> bool:
    ending = rules.ending
    if isinstance(ending, SingleHand):
        return hands_played >= 1
    assert isinstance(ending, ScoreLimit)
    return max(totals) >= ending.limit if ending.inclusive else max(totals) > ending.limit
