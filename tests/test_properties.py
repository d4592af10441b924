"""Property tests: the invariants of sources §3 over random rule combinations and random games.

Every test draws a ``Rules`` value from :func:`rules_strategy` (random
combinations of the rule modules that exist now), a deal seed and a move seed,
plays a whole game with random legal moves (:func:`play_game`) and checks one
invariant at every step. A failure prints a :class:`GameSpec` (the rules, both
seeds and the first deal); the moves are ``spec.play().moves``.

The checks use the public API only (``hands``, ``passed``, ``trick``,
``tricks``, ``taken``, ``score_sheet``, ...) and recompute what the rules say
from docs/sources.md (§1.15 for the legal plays, §1.7 for broken hearts, §1.9-1.10 and
§1.14 for the points) instead of calling the rule modules' own helpers.
"""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import attrs
import pytest
from hypothesis import assume, currently_in_test_context, event, example, given, note, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import Card, IllegalMoveCode, Pass, Phase, Play, Rank, Rules, State, Suit
from hartenjagen.cards import ALL_CARDS, QUEEN_OF_SPADES
from hartenjagen.rules.deck import STD52, SinglePack
from hartenjagen.rules.ending import SINGLE_HAND, Ending, ScoreLimit, SingleHand
from hartenjagen.rules.extras import NoTricksBonus
from hartenjagen.rules.first_trick import (
    ANYTHING,
    FirstTrick,
    ForcedChoice,
    NoPointsUnlessForced,
    RestrictedCards,
)
from hartenjagen.rules.leading import (
    ANYTIME,
    BrokenBy,
    HeartsAfterBroken,
    HeartsAndQueen,
    HeartsAnytime,
    Leading,
)
from hartenjagen.rules.moon import NO_MOON, MoonSet, OthersPlus
from hartenjagen.rules.opening import ANY_CLUB, LOWEST_CLUB
from hartenjagen.rules.passing import LEFT_RIGHT_ACROSS_HOLD, NO_PASSING, PassCycle
from hartenjagen.rules.routes import PassRoute
from hartenjagen.rules.scoring import BLACK_LADY, HEARTS_ONLY, OMNIBUS

#: The directions of the standard game's cycles (the full catalogue is drawn by hartenjagen.testing).
BASIC_DIRECTIONS = (PassRoute.LEFT, PassRoute.RIGHT, PassRoute.ACROSS, PassRoute.HOLD)

Code = IllegalMoveCode

# ---------------------------------------------------------------- budget

#: Stop a game after this many complete hands (a safety cap; the drawn limits end games long before).
MAX_HANDS = 30
#: Safety cap on moves per game.
MAX_STEPS = MAX_HANDS * 80


def budget(examples: int) -> settings:
    """Settings for one property: at most ``examples`` examples (fewer if the profile asks for fewer)."""
    return settings(max_examples=min(examples, settings.default.max_examples), deadline=None)


# ---------------------------------------------------------------- strategies

#: Packs other than the standard one: three, five and two players, a 32-card piquet pack,
#: a pack without the deuces (the 3♣ opens), and tiny packs whose short hands reach the
#: rare cases often (moons, forced cards on trick one, hearts broken in the last trick).
OTHER_DECKS = (
    SinglePack(players=3, removed=("2D",)),
    SinglePack(players=5, removed=("2D", "2S")),
    SinglePack(players=2),
    SinglePack(players=4, lowest_rank=Rank.SEVEN),
    SinglePack(players=4, removed=("2C", "2D", "2H", "2S")),
    SinglePack(players=4, lowest_rank=Rank.QUEEN),
    SinglePack(players=3, lowest_rank=Rank.TEN, removed=("TD", "TS")),
    SinglePack(players=2, lowest_rank=Rank.QUEEN),
)

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def passing_strategy(
    players: int, hand_size: int, *, first_holds: bool = False
) -> st.SearchStrategy[PassCycle]:
    """Passing modules that fit ``players`` seats with hands of ``hand_size`` cards.

    ``first_holds``: only cycles whose first hand is a hold hand (so that a rigged first deal stays as dealt).
    """
    even = players % 2 == 0
    if first_holds:
        later = st.lists(st.sampled_from([d for d in BASIC_DIRECTIONS if even or d is not PassRoute.ACROSS]))
        return st.one_of(
            st.just(NO_PASSING),
            st.builds(
                PassCycle,
                directions=later.map(lambda d: (PassRoute.HOLD, *d[:3])),
                cards=st.sampled_from(sorted({1, 3, hand_size})),
            ),
        )
    presets = [NO_PASSING, PassCycle(directions=(PassRoute.RIGHT,))]
    if even:  # the default cycle passes across
        presets += [LEFT_RIGHT_ACROSS_HOLD, PassCycle(cards=1), PassCycle(cards=0)]
    directions = [d for d in BASIC_DIRECTIONS if even or d is not PassRoute.ACROSS]
    cycles = st.builds(
        PassCycle,
        directions=st.lists(st.sampled_from(directions), min_size=1, max_size=4).map(tuple),
        cards=st.sampled_from(sorted({0, 1, 2, 3, hand_size})),
    )
    return st.one_of(st.sampled_from(presets), cycles)


NO_POINTS_UNLESS_FORCED = st.builds(
    NoPointsUnlessForced, restricted=st.sampled_from(RestrictedCards), forced=st.sampled_from(ForcedChoice)
)
FIRST_TRICKS = st.one_of(st.just(ANYTHING), NO_POINTS_UNLESS_FORCED)
HEARTS_AFTER_BROKEN = st.builds(
    HeartsAfterBroken,
    broken_by=st.sampled_from(BrokenBy),
    queen_breaks=st.booleans(),
    hearts_and_queen=st.sampled_from(HeartsAndQueen),
)
LEADINGS = st.one_of(st.just(ANYTIME), HEARTS_AFTER_BROKEN)
MOONS = st.one_of(
    st.just(NO_MOON),
    st.builds(
        OthersPlus,
        amount=st.one_of(st.none(), st.integers(min_value=1, max_value=30)),
        moon_set=st.sampled_from(MoonSet),
    ),
)


def endings(pack_size: int) -> st.SearchStrategy[Ending]:
    """One hand, or a score limit of 30 to 100 (scaled down for packs smaller than 52 cards)."""
    limits = st.integers(min_value=30, max_value=100).map(lambda limit: max(1, limit * pack_size // 52))
    return st.one_of(st.just(SINGLE_HAND), st.builds(ScoreLimit, limit=limits, inclusive=st.booleans()))


@st.composite
def rules_strategy(
    draw: st.DrawFn,
    decks: Sequence[SinglePack] = (STD52, *OTHER_DECKS),
    first_trick: st.SearchStrategy[FirstTrick] = FIRST_TRICKS,
    leading: st.SearchStrategy[Leading] = LEADINGS,
) -> Rules:
    """A random valid ``Rules``: every slot drawn from the modules that exist now.

    Half of the draws use ``decks[0]`` (the standard 52-card pack for four), the
    rest any of ``decks``; the passing modules drawn fit the deck.
    """
    deck = draw(st.one_of(st.just(decks[0]), st.sampled_from(decks)))
    hand_size = len(deck.pack()) // deck.players
    return Rules(
        deck=deck,
        passing=draw(passing_strategy(deck.players, hand_size)),
        opening=draw(st.sampled_from([LOWEST_CLUB, ANY_CLUB])),
        first_trick=draw(first_trick),
        leading=draw(leading),
        scoring=draw(st.sampled_from([HEARTS_ONLY, BLACK_LADY, OMNIBUS])),
        moon=draw(MOONS),
        ending=draw(endings(len(deck.pack()))),
        extras=draw(st.sampled_from([(), (NoTricksBonus(),)])),
    )


# ---------------------------------------------------------------- playing a game


@dataclass
class Game:
    """A played game: the states, and the moves between them (``states[i + 1] = apply(states[i], moves[i])``)."""

    rules: Rules
    seed: int
    states: list[State] = field(default_factory=list)
    moves: list[hj.Move] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.states[-1].is_over

    def steps(self) -> Iterator[tuple[State, hj.Move, State]]:
        for i, move in enumerate(self.moves):
            yield self.states[i], move, self.states[i + 1]

    def hand_starts(self) -> Iterator[State]:
        """The first state of every hand (right after the deal)."""
        yield self.states[0]
        for prev, _, nxt in self.steps():
            if hand_ended(prev, nxt) and not nxt.is_over:
                yield nxt


#: How the first hand is dealt: shuffled from the seed, or with one seat (``seed % n``) holding
#: the Q♠ and as many hearts as fit (no clubs: forced penalty cards on trick one), or the same
#: with the highest club too (it may win trick one and then lead from hearts and the Q♠ alone
#: before hearts are broken), or the highest club and hearts only (it may then lead a heart
#: before hearts are broken). Later hands are always shuffled.
DEALS = st.sampled_from(["shuffled", "hearts_and_queen", "hearts_queen_and_top_club", "hearts_and_top_club"])


@dataclass(frozen=True)
class GameSpec:
    """Everything a game depends on; ``spec.play()`` replays it move for move."""

    rules: Rules
    seed: int
    move_seed: int
    deal: str

    def play(self) -> Game:
        return play_game(self.rules, self.seed, self.move_seed, self.deal)


@st.composite
def games(draw: st.DrawFn, **slots: st.SearchStrategy[object]) -> GameSpec:
    """Rules (``rules_strategy(**slots)``), a deal seed, a move seed and a first deal.

    A rigged first deal mostly comes with rules whose first hand is a hold hand,
    so that passing does not undo it.
    """
    rules = draw(rules_strategy(**slots))  # type: ignore[arg-type]
    deal = draw(DEALS)
    if deal != "shuffled" and draw(st.integers(0, 3)):
        hand_size = hand_size_of(rules)
        rules = attrs.evolve(
            rules, passing=draw(passing_strategy(rules.players, hand_size, first_holds=True))
        )
    return GameSpec(rules, draw(SEEDS), draw(SEEDS), deal)


def rigged_deal(rules: Rules, seed: int, kind: str) -> list[list[Card]] | None:
    """The first hand for ``kind`` (see :data:`DEALS`); ``None`` for a shuffled one."""
    if kind == "shuffled":
        return None
    n = rules.players
    size = hand_size_of(rules)
    pack = list(rules.deck.pack())
    random.Random(seed).shuffle(pack)
    hearts = [c for c in pack if c.suit is Suit.HEARTS]
    assert kind in ("hearts_and_queen", "hearts_queen_and_top_club", "hearts_and_top_club")
    core = [] if kind == "hearts_and_top_club" else [QUEEN_OF_SPADES]
    if kind.endswith("top_club"):
        core.append(max((c for c in pack if c.suit is Suit.CLUBS), key=lambda c: c.rank))
    core += hearts[: size - len(core)]
    rest = [c for c in pack if c not in core]
    rigged = core + rest[: size - len(core)]
    rest = rest[size - len(core) :]
    seat = seed % n
    hands = [rest[i * size : (i + 1) * size] for i in range(n - 1)]
    return [*hands[:seat], rigged, *hands[seat:]]


def play_game(
    rules: Rules,
    seed: int,
    move_seed: int,
    deal: str = "shuffled",
    *,
    greedy_seat: int | None = None,
    max_hands: int = MAX_HANDS,
) -> Game:
    """Play ``rules`` from ``new_game(rules, seed=seed, deal=...)`` with random legal moves.

    ``deal`` is one of :data:`DEALS` (or ``"top_cards"``: see :func:`stacked_deal`).
    The moves are drawn from ``random.Random(move_seed)``; ``greedy_seat`` plays
    its highest-ranked legal card in the first hand. The game stops at its end,
    or after ``max_hands`` complete hands.
    """
    rng = random.Random(move_seed)
    hands = stacked_deal(rules, seed) if deal == "top_cards" else rigged_deal(rules, seed, deal)
    state = hj.new_game(rules, seed=seed, deal=hands)
    game = Game(rules, seed, [state])
    while not state.is_over and state.hand_index < max_hands and len(game.moves) < MAX_STEPS:
        moves = hj.legal_moves(state)
        if greedy_seat is not None and state.hand_index == 0 and state.to_move == (greedy_seat,):
            move = max(moves, key=lambda m: (m.card.rank, m.card.suit))
        else:
            move = moves[rng.randrange(len(moves))]
        state = hj.apply(state, move)
        game.moves.append(move)
        game.states.append(state)
    if not currently_in_test_context():  # replaying by hand
        return game
    note(f"{len(game.moves)} moves, {len(state.score_sheet)} hands, over={state.is_over}")
    event("game over" if state.is_over else "stopped at the hand cap")
    event("hands played", len(state.score_sheet))
    if any(line.shooter is not None for line in state.score_sheet):
        event("a moon was shot")
    return game


def stacked_deal(rules: Rules, seed: int) -> list[list[Card]]:
    """Seat 0 holds the top cards of every suit (and not the lowest club); the rest are shuffled.

    Playing its highest card, seat 0 wins every trick of the hand.
    """
    size = hand_size_of(rules)
    pack = sorted(rules.deck.pack(), key=lambda c: (-c.rank, c.suit))
    top = pack[:size]
    rest = pack[size:]
    random.Random(seed).shuffle(rest)
    n = rules.players
    return [top] + [rest[i * size : (i + 1) * size] for i in range(n - 1)]


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


# ---------------------------------------------------------------- 1. conservation


def check_conservation(state: State) -> None:
    pack = pack_of(state.rules)
    assert max(pack.values()) == 1  # every pack that exists now is a single pack
    places = Counter[Card]()
    for hand in state.hands:
        places.update(hand)
    if state.phase is Phase.PASSING:
        for passed in state.passed:
            places.update(passed)
    places.update(play.card for play in state.trick)
    for taken in state.taken:
        places.update(taken)
    assert places == pack, f"cards lost {pack - places}, cards added {places - pack}"
    if state.is_over:
        assert all(not hand for hand in state.hands)
        assert not state.trick


@budget(20)
@given(spec=games())
def test_conservation(spec: GameSpec) -> None:
    """1. Hands + pass buffer + trick + captured cards = the pack, every card once."""
    game = spec.play()
    for state in game.states:
        check_conservation(state)


# ---------------------------------------------------------------- 2. hand sizes


@budget(20)
@given(spec=games())
def test_hand_sizes(spec: GameSpec) -> None:
    """2. pack/n cards after the deal and after passing; during play sizes differ by at most 1."""
    game = spec.play()
    rules = spec.rules
    size = hand_size_of(rules)
    n = rules.players
    for state in game.hand_starts():
        assert [len(h) for h in state.dealt] == [size] * n
        if state.phase is Phase.PLAYING:
            assert [len(h) for h in state.hands] == [size] * n
    for state in game.states:
        sizes = [len(h) for h in state.hands]
        if state.phase is Phase.PASSING:
            count = state.pass_count
            assert sizes == [size if s in state.to_move else size - count for s in range(n)]
            assert [len(p) for p in state.passed] == [0 if s in state.to_move else count for s in range(n)]
        elif state.phase is Phase.PLAYING:
            played = {play.seat for play in state.trick}
            expected = [size - len(state.tricks) - (s in played) for s in range(n)]
            assert sizes == expected
            assert max(sizes) - min(sizes) <= 1
        else:
            assert sizes == [0] * n


# ---------------------------------------------------------------- 3. passing


@budget(20)
@given(spec=games())
def test_passing(spec: GameSpec) -> None:
    """3. Each seat gives and receives pass_count cards in the direction of the hand; hold hands keep theirs."""
    game = spec.play()
    rules = spec.rules
    n = rules.players
    for state in game.hand_starts():
        direction = expected_direction(rules, state.hand_index)
        count = expected_pass_count(rules, state.hand_index)
        assert state.pass_direction is direction
        assert state.pass_count == count
        assert state.hands == state.dealt
        assert not any(state.passed)
        if count == 0:  # hold hand: straight to play with the dealt hands
            assert state.phase is Phase.PLAYING
        else:
            assert state.phase is Phase.PASSING
            assert state.to_move == tuple(range(n))
    for prev, move, nxt in game.steps():
        if prev.phase is not Phase.PASSING:
            assert type(move) is Play
            continue
        assert type(move) is Pass
        assert len(move.cards) == prev.pass_count
        assert nxt.passed[move.seat] == tuple(sorted(move.cards))
        assert nxt.dealt == prev.dealt
        assert nxt.scores == prev.scores
        if nxt.phase is Phase.PASSING:
            assert nxt.to_move == tuple(s for s in prev.to_move if s != move.seat)
            assert Counter(nxt.hands[move.seat]) == Counter(prev.hands[move.seat]) - Counter(move.cards)
            assert all(nxt.hands[s] == prev.hands[s] for s in range(n) if s != move.seat)
            continue
        # the last pass: the exchange
        assert prev.to_move == (move.seat,)
        assert nxt.phase is Phase.PLAYING
        assert nxt.pass_direction is prev.pass_direction
        step = offset(prev.pass_direction, n)
        assert step % n != 0
        for seat in range(n):
            given_ = Counter(nxt.passed[seat])
            received = Counter(nxt.passed[(seat - step) % n])
            assert sum(given_.values()) == sum(received.values()) == prev.pass_count
            assert not given_ - Counter(nxt.dealt[seat]), "passed cards the seat was not dealt"
            assert Counter(nxt.hands[seat]) == Counter(nxt.dealt[seat]) - given_ + received


# ---------------------------------------------------------------- 4. legal moves


def check_legal_moves(state: State, rng: random.Random) -> None:
    moves = hj.legal_moves(state)
    listed = list(moves)
    assert len(moves) == len(listed)
    assert state.is_over == (len(moves) == 0)
    assert state.is_over == (not state.to_move)
    if state.is_over:
        return
    assert len(set(listed)) == len(listed), "a move is listed twice"
    assert list(hj.legal_moves(state)) == listed, "legal_moves is not stable"
    if state.phase is Phase.PLAYING:
        (seat,) = state.to_move
        assert state.to_move == ((state.trick_leader + len(state.trick)) % state.players,)
        sample = range(len(moves))
        for move in listed:
            assert type(move) is Play
            assert move.seat == seat
            assert move.card in state.hands[seat]
    else:
        count = state.pass_count
        per_seat = Counter(move.seat for move in listed)
        assert set(per_seat) == set(state.to_move)
        for seat in state.to_move:
            assert per_seat[seat] == math.comb(len(state.hands[seat]), count)
        for move in listed:
            assert type(move) is Pass
            assert len(move.cards) == count
            assert not Counter(move.cards) - Counter(state.hands[move.seat])
        sample = sorted({0, len(moves) - 1, *(rng.randrange(len(moves)) for _ in range(6))})
    for i in sample:
        move = moves[i]
        assert move == listed[i] == moves[i - len(moves)]
        assert move in moves
        assert hj.explain(state, move) is None
        assert hj.is_legal(state, move)
        after = hj.apply(state, move)
        assert isinstance(after, State)
        assert after != state
    assert tuple(moves[1:3]) == tuple(listed[1:3])


@budget(15)
@given(spec=games())
def test_legal_moves(spec: GameSpec) -> None:
    """4. A legal move exists iff the game is not over; each is in the mover's hand, listed once, accepted."""
    game = spec.play()
    rng = random.Random(spec.move_seed)
    for state in game.states:
        check_legal_moves(state, rng)


def check_composition(game: Game) -> None:
    for state in game.states:
        if state.phase is Phase.PLAYING:
            allowed, _ = composition(state)
            assert allowed, "§1.15 left no legal card"
            assert {move.card for move in hj.legal_moves(state)} == allowed


@budget(60)
@given(spec=games())
def test_legal_plays_follow_the_composition_order(spec: GameSpec) -> None:
    """4, 5, 7, 8, 9 as one: the legal plays are exactly sources §1.15 steps 1-4."""
    check_composition(spec.play())


@budget(60)
@given(spec=games(first_trick=NO_POINTS_UNLESS_FORCED, leading=HEARTS_AFTER_BROKEN))
def test_legal_plays_follow_the_composition_order_when_restricted(spec: GameSpec) -> None:
    """The same with a trick-1 restriction and restricted heart leads (their rare branches need both)."""
    check_composition(spec.play())


# ---------------------------------------------------------------- 5. follow suit


@budget(20)
@given(spec=games())
def test_follow_suit(spec: GameSpec) -> None:
    """5. A card played to a trick follows the led suit whenever the hand held it."""
    game = spec.play()
    for prev, move, _ in game.steps():
        if type(move) is Play and prev.trick:
            led = prev.trick[0].card.suit
            if any(c.suit is led for c in prev.hands[move.seat]):
                assert move.card.suit is led


# ---------------------------------------------------------------- 6. tricks


@budget(20)
@given(spec=games())
def test_tricks(spec: GameSpec) -> None:
    """6. n cards a trick, one per seat clockwise from the leader; the winner takes it and leads; hand_size tricks."""
    game = spec.play()
    rules = spec.rules
    n = rules.players
    size = hand_size_of(rules)
    tricks_in_hand = 0
    for prev, move, nxt in game.steps():
        if type(move) is not Play:
            continue
        leader = prev.trick_leader
        assert [p.seat for p in prev.trick] == [(leader + i) % n for i in range(len(prev.trick))]
        assert move.seat == (leader + len(prev.trick)) % n
        if len(prev.trick) < n - 1:
            assert nxt.trick == (*prev.trick, move)
            assert nxt.trick_leader == leader
            assert nxt.tricks == prev.tricks
            continue
        trick = completed_trick(prev, move)
        tricks_in_hand += 1
        assert trick.plays == (*prev.trick, move)
        assert len({p.seat for p in trick.plays}) == n
        if hand_ended(prev, nxt):
            assert tricks_in_hand == size
            assert len(prev.tricks) == size - 1
            assert sum(final_captures(prev, move)[1]) == size
            tricks_in_hand = 0
            if nxt.is_over:
                assert nxt.tricks == (*prev.tricks, trick)
                assert nxt.taken[trick.winner] == tuple(sorted((*prev.taken[trick.winner], *trick.cards)))
            continue
        assert tricks_in_hand < size
        assert nxt.tricks == (*prev.tricks, trick)
        assert nxt.trick == ()
        assert nxt.trick_leader == trick.winner
        assert nxt.to_move == (trick.winner,)
        assert nxt.taken[trick.winner] == tuple(sorted((*prev.taken[trick.winner], *trick.cards)))
        assert all(nxt.taken[s] == prev.taken[s] for s in range(n) if s != trick.winner)
        assert nxt.tricks_won == tuple(sum(t.winner == s for t in nxt.tricks) for s in range(n))


# ---------------------------------------------------------------- 7. first lead


@budget(20)
@given(spec=games())
def test_first_lead(spec: GameSpec) -> None:
    """7. The lowest club's holder opens every hand: with that club (LOWEST_CLUB) or any club (ANY_CLUB)."""
    game = spec.play()
    rules = spec.rules
    club = lowest_club(rules)
    for prev, move, _ in game.steps():
        if type(move) is Play and not prev.tricks and not prev.trick:
            assert club in prev.hands[move.seat]
            if rules.opening == LOWEST_CLUB:
                assert move.card is club
            else:
                assert move.card.suit is Suit.CLUBS


# ---------------------------------------------------------------- 8. trick-1 restriction


@budget(30)
@given(spec=games(first_trick=NO_POINTS_UNLESS_FORCED))
def test_first_trick_restriction(spec: GameSpec) -> None:
    """8. A restricted card in trick 1 means the player had no unrestricted card in the follow/lead set."""
    game = spec.play()
    rules = spec.rules
    first_trick = rules.first_trick
    assert isinstance(first_trick, NoPointsUnlessForced)
    for prev, move, _ in game.steps():
        if type(move) is not Play or prev.tricks or not restricted_on_first_trick(rules, move.card):
            continue
        options = step2_set(prev)
        assert move.card in options
        assert all(restricted_on_first_trick(rules, c) for c in options)
        if first_trick.forced is ForcedChoice.MIN_VALUE:
            assert value(rules, move.card) == min(value(rules, c) for c in options)


# ---------------------------------------------------------------- 9. heart leads


@budget(30)
@given(spec=games(leading=HEARTS_AFTER_BROKEN))
def test_heart_leads(spec: GameSpec) -> None:
    """9. A heart led before hearts are broken means the leader held only hearts (or hearts and the Q♠)."""
    game = spec.play()
    rules = spec.rules
    leading = rules.leading
    assert isinstance(leading, HeartsAfterBroken)
    for prev, move, _ in game.steps():
        if type(move) is not Play or prev.trick or not prev.tricks or move.card.suit is not Suit.HEARTS:
            continue
        if broken(prev):
            continue
        others = {c for c in prev.hands[move.seat] if c.suit is not Suit.HEARTS}
        if leading.hearts_and_queen is HeartsAndQueen.HEARTS_OR_QUEEN:
            assert others <= {QUEEN_OF_SPADES}
        else:
            assert not others


# ---------------------------------------------------------------- 10. broken flag


@budget(40)
@given(spec=games())
def test_hearts_broken_flag(spec: GameSpec) -> None:
    """10. hearts_broken is False at each deal, never goes back within a hand, and follows ``broken_by``.

    The final state (game over) is left to the next test.
    """
    game = spec.play()
    for state in game.hand_starts():
        assert state.hearts_broken is False
    for prev, move, nxt in game.steps():
        if hand_ended(prev, nxt):
            continue
        if prev.hearts_broken:
            assert nxt.hearts_broken
        assert nxt.hearts_broken == broken(nxt), f"after {move}"


#: Two players, Q-A (12 cards), hearts broken only by a discarded heart, one hand. Seat 1 leads
#: the K♥ from hearts only (no break), then in the last trick discards the Q♥ on the A♣: that
#: breaks hearts, but the game-over state still says they are not broken.
LAST_TRICK_BREAKS = GameSpec(
    Rules(
        deck=SinglePack(players=2, lowest_rank=Rank.QUEEN),
        passing=NO_PASSING,
        leading=HeartsAfterBroken(broken_by=BrokenBy.HEART_DISCARDED),
        ending=SINGLE_HAND,
    ),
    seed=0,
    move_seed=0,
    deal="shuffled",
)


@budget(20)
@example(spec=LAST_TRICK_BREAKS)
@given(spec=games())
def test_hearts_broken_flag_after_the_last_trick(spec: GameSpec) -> None:
    """10. The game-over state's hearts_broken also counts the cards of the last trick."""
    final = spec.play().states[-1]
    if final.is_over:
        assert final.hearts_broken == broken(final), f"last trick {final.tricks[-1]}"


# ---------------------------------------------------------------- 11-13. points, moon, bonus


def check_hand_result(prev: State, move: Play, nxt: State) -> hj.HandResult:
    """11-13: the score sheet line of the hand ``move`` ends, against sources §1.9, §1.10, §1.14."""
    rules = prev.rules
    n = rules.players
    result = nxt.score_sheet[-1]
    assert len(nxt.score_sheet) == len(prev.score_sheet) + 1
    assert result.hand_index == prev.hand_index
    assert result.dealer == prev.dealer
    taken, won = final_captures(prev, move)
    expected = expected_hand_points(rules, taken, won)
    # 11. point sums
    assert result.raw == expected.raw
    total = total_value(rules)
    assert sum(result.raw) == total
    removed = [c for c in ALL_CARDS if c not in pack_of(rules)]
    assert total == {HEARTS_ONLY: 13, BLACK_LADY: 26, OMNIBUS: 16}[rules.scoring] - sum(
        value(rules, c) for c in removed
    )
    if expected.shooter is None and not rules.extras:
        assert result.points == result.raw
    # 12. moon: at most one shooter (a seat or None), the one who took the whole moon set
    assert result.shooter == expected.shooter
    if result.shooter is not None:
        k = moon_amount(rules)
        assert sum(result.points) == total - points_of(rules, moon_cards(rules)) + (n - 1) * k
        if all(value(rules, c) >= 0 for c in pack_of(rules)):
            assert sum(result.points) == (n - 1) * k
    # 13. no-tricks bonus: what the engine added after the moon goes to at most n - 1 seats,
    # never in a moon hand
    receivers = [s for s in range(n) if result.points[s] != expected.settled[s]]
    assert len(receivers) <= n - 1
    if result.shooter is not None or not rules.extras:
        assert not receivers
    assert all(won[s] == 0 for s in receivers)
    assert result.points == expected.points
    assert result.totals == tuple(a + b for a, b in zip(prev.scores, result.points, strict=True))
    assert nxt.scores == result.totals
    return result


@budget(20)
@given(spec=games())
def test_hand_points(spec: GameSpec) -> None:
    """11-13. Raw points sum to T; the moon and the no-tricks bonus follow docs/sources.md; totals add up."""
    game = spec.play()
    for prev, move, nxt in game.steps():
        if hand_ended(prev, nxt):
            assert type(move) is Play
            check_hand_result(prev, move, nxt)
        else:
            assert nxt.scores == prev.scores
            assert nxt.score_sheet == prev.score_sheet


@budget(20)
@given(rules=rules_strategy(), seed=SEEDS, move_seed=SEEDS)
def test_one_seat_takes_every_trick(rules: Rules, seed: int, move_seed: int) -> None:
    """12-13 at the edge: seat 0 takes all tricks: a moon (OthersPlus), or n-1 bonuses (NoMoon)."""
    rules = attrs.evolve(rules, passing=NO_PASSING)
    game = play_game(rules, seed, move_seed, "top_cards", greedy_seat=0, max_hands=2)
    n = rules.players
    end = next(i for i, (prev, _, nxt) in enumerate(game.steps()) if hand_ended(prev, nxt))
    prev, move, nxt = game.states[end], game.moves[end], game.states[end + 1]
    assert type(move) is Play
    _, won = final_captures(prev, move)
    assert won == (hand_size_of(rules),) + (0,) * (n - 1)
    result = check_hand_result(prev, move, nxt)
    if isinstance(rules.moon, OthersPlus):
        assert result.shooter == 0
        k = moon_amount(rules)
        assert result.points == (total_value(rules) - points_of(rules, moon_cards(rules)),) + (k,) * (n - 1)
    else:
        assert result.shooter is None
        bonus = sum(e.points for e in rules.extras)
        assert result.points == (total_value(rules),) + (bonus,) * (n - 1)
    for prev, move, nxt in game.steps():
        check_conservation(nxt)
        if hand_ended(prev, nxt):
            assert type(move) is Play
            check_hand_result(prev, move, nxt)


# ---------------------------------------------------------------- 14. game end


@budget(20)
@given(spec=games())
def test_game_end(spec: GameSpec) -> None:
    """14. The game ends only between hands, iff the ending condition holds; winners hold the lowest total."""
    game = spec.play()
    rules = spec.rules
    n = rules.players
    for prev, move, nxt in game.steps():
        assert not prev.is_over
        assert prev.winners == ()
        if not hand_ended(prev, nxt):
            assert not nxt.is_over
            assert nxt.hand_index == prev.hand_index
            assert nxt.dealer == prev.dealer
            continue
        assert type(move) is Play
        should_end = game_should_end(rules, nxt.scores, len(nxt.score_sheet))
        assert nxt.is_over == should_end
        if nxt.is_over:
            assert nxt.winners
            assert nxt.winners == tuple(s for s in range(n) if nxt.scores[s] == min(nxt.scores))
            assert nxt.to_move == ()
            assert len(hj.legal_moves(nxt)) == 0
            assert hj.explain(nxt, Play(0, lowest_club(rules))).code is Code.GAME_OVER
        else:
            assert nxt.winners == ()
            assert nxt.hand_index == prev.hand_index + 1
            assert nxt.dealer == (prev.dealer + 1) % n
            assert nxt.tricks == () and nxt.trick == ()
            assert not any(nxt.taken)
    if game.finished:
        assert game.states[-1].is_over
    else:
        assert len(game.states[-1].score_sheet) == MAX_HANDS


@budget(20)
@given(spec=games())
def test_score_limit_boundary(spec: GameSpec) -> None:
    """14. A limit equal to the top total ends the game only when inclusive; one below always, one above never."""
    first = play_game(attrs.evolve(spec.rules, ending=SINGLE_HAND), spec.seed, spec.move_seed, spec.deal)
    top = max(first.states[-1].scores)
    assume(top > 1)
    for limit, inclusive, over in [
        (top, True, True),
        (top, False, False),
        (top - 1, False, True),
        (top + 1, True, False),
    ]:
        rules = attrs.evolve(spec.rules, ending=ScoreLimit(limit=limit, inclusive=inclusive))
        game = play_game(rules, spec.seed, spec.move_seed, spec.deal, max_hands=1)
        assert game.moves == first.moves
        after = game.states[-1]
        assert after.scores == first.states[-1].scores
        assert after.is_over == over, f"limit {limit}, inclusive={inclusive}, totals {after.scores}"
        assert after.hand_index == (0 if over else 1)


# ---------------------------------------------------------------- 15. determinism, values


@budget(15)
@given(spec=games())
def test_determinism_and_values(spec: GameSpec) -> None:
    """15. Same seed and moves, same states; states hash, compare by value, pickle; apply changes nothing."""
    game = spec.play()
    rules = spec.rules
    state = hj.new_game(rules, seed=spec.seed, deal=rigged_deal(rules, spec.seed, spec.deal))
    assert state == game.states[0]
    assert state is not game.states[0]
    assert hash(state) == hash(game.states[0])
    for i, move in enumerate(game.moves):
        before = pickle.dumps(state)
        copy = pickle.loads(before)
        assert copy == state
        assert hash(copy) == hash(state)
        assert {copy: 1}[state] == 1
        assert copy.rules == rules
        nxt = hj.apply(state, move)
        assert pickle.loads(before) == state, "apply changed the state it was given"
        assert pickle.dumps(state) == before
        assert nxt == game.states[i + 1]
        assert hash(nxt) == hash(game.states[i + 1])
        assert nxt != state
        assert nxt != (nxt,)
        # the copy plays on exactly like the original
        assert hj.apply(copy, move) == nxt
        state = nxt


# ---------------------------------------------------------------- 16. illegal moves


def expected_codes(state: State, move: object) -> set[Code]:
    """Every problem ``move`` has (empty: it is legal). ``explain`` must name one of them.

    The preconditions (game over, seat, phase, turn, card held, pass size) may
    overlap; among the play rules only the first step of §1.15 that excludes the
    card counts, since later steps narrow the earlier steps' result.
    """
    if type(move) not in (Play, Pass):
        return {Code.NOT_A_MOVE}
    assert isinstance(move, Play | Pass)
    problems = set()
    if state.is_over:
        problems.add(Code.GAME_OVER)
    seated = 0 <= move.seat < state.players
    if not seated:
        problems.add(Code.NO_SUCH_SEAT)
    wanted = Phase.PLAYING if type(move) is Play else Phase.PASSING
    if not state.is_over and state.phase is not wanted:
        problems.add(Code.WRONG_PHASE)
    if problems:
        return problems
    hand = Counter(state.hands[move.seat])
    if isinstance(move, Play):
        if state.to_move != (move.seat,):
            problems.add(Code.NOT_YOUR_TURN)
        if move.card not in hand:
            problems.add(Code.CARD_NOT_IN_HAND)
        if problems:
            return problems
        _, steps = composition(state)
        return next(({code} for code, allowed in steps if move.card not in allowed), set())
    if move.seat not in state.to_move:
        return {Code.ALREADY_PASSED}
    if len(move.cards) != state.pass_count:
        problems.add(Code.WRONG_PASS_COUNT)
    for card, copies in Counter(move.cards).items():
        if hand[card] == 0:
            problems.add(Code.CARD_NOT_IN_HAND)
        elif copies > hand[card]:
            problems.add(Code.DUPLICATE_CARD)
    return problems


def random_moves(state: State, rng: random.Random) -> list[object]:
    """Moves to try: mostly near-misses (the mover's other cards, passes of wrong cards), some nonsense."""
    n = state.players
    seats = [*range(n), -1, n]
    hand = [c for h in state.hands for c in h] or list(ALL_CARDS)
    candidates: list[object] = [
        Play(rng.choice(seats), rng.choice(ALL_CARDS)),
        Pass(rng.choice(seats), rng.sample(ALL_CARDS, rng.randrange(5))),
        rng.choice([None, "QS", (0, "QS"), Play]),
    ]
    if state.phase is Phase.PLAYING:
        (seat,) = state.to_move
        candidates += [Play(seat, card) for card in state.hands[seat]]
        candidates.append(Play(rng.choice(seats), rng.choice(hand)))
        candidates.append(Pass(seat, state.hands[seat][: state.pass_count or 3]))
    elif state.phase is Phase.PASSING:
        seat = rng.choice(state.to_move)
        own = list(state.hands[seat])
        count = state.pass_count
        candidates += [
            Pass(seat, rng.sample(own, count)),
            Pass(seat, rng.sample(own, min(len(own), count + rng.choice([-1, 1])))),
            Pass(seat, [*rng.sample(own, count - 1), rng.choice(hand)]),
            Pass(seat, [*rng.sample(own, count - 1), rng.choice(own)]),
            Pass(rng.randrange(n), rng.sample(own, count)),
            Play(seat, own[0]),
        ]
    else:
        candidates.append(Play(0, hand[0]))
    return candidates


@budget(20)
@given(spec=games())
def test_illegal_moves(spec: GameSpec) -> None:
    """16. A move not in legal_moves: apply raises IllegalMoveError with the code explain gives; is_legal False."""
    game = spec.play()
    rng = random.Random(~spec.move_seed)
    seen: set[Code] = set()
    for state in game.states:
        moves = hj.legal_moves(state)
        snapshot = pickle.dumps(state)
        for move in random_moves(state, rng):
            expected = expected_codes(state, move)
            legal = move in moves
            assert hj.is_legal(state, move) == legal
            assert legal == (not expected), f"{move!r}: expected {expected}"
            if legal:
                hj.apply(state, move)
                continue
            reason = hj.explain(state, move)
            assert reason is not None
            assert reason.code in expected, f"{move!r}: {reason} (expected {expected})"
            assert reason.message
            with pytest.raises(hj.IllegalMoveError) as caught:
                hj.apply(state, move)  # type: ignore[arg-type]
            assert caught.value.code is reason.code
            assert caught.value.reason == reason
            assert caught.value.move is move
            assert str(caught.value) == reason.message
            seen.add(reason.code)
        assert pickle.dumps(state) == snapshot
    for code in seen:
        event(f"refused with {code.value}")
