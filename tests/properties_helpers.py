"""Random rule combinations and random games for the property tests (tests/test_properties_*.py).

Every property draws a ``Rules`` value from :func:`rules_strategy` (random combinations of the rule
modules that exist now), a deal seed and a move seed, plays a whole game with random legal moves
(:func:`play_game`) and checks one invariant of sources §3 at every step. A failure prints a
:class:`GameSpec` (the rules, both seeds and the first deal); the moves are ``spec.play().moves``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import attrs
from hypothesis import currently_in_test_context, event, note, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import Card, Phase, Rank, Rules, State, Suit
from hartenjagen.cards import QUEEN_OF_SPADES
from hartenjagen.rules.deck import STD52, SinglePack
from hartenjagen.rules.ending import SINGLE_HAND, Ending, ScoreLimit
from hartenjagen.rules.extras import NoTricksBonus
from hartenjagen.rules.first_trick import (
    ANYTHING,
    FirstTrick,
    ForcedChoice,
    NoPointsUnlessForced,
    RestrictedCards,
)
from hartenjagen.rules.leading import ANYTIME, BrokenBy, HeartsAfterBroken, HeartsAndQueen, Leading
from hartenjagen.rules.moon import NO_MOON, MoonSet, OthersPlus
from hartenjagen.rules.opening import ANY_CLUB, LOWEST_CLUB
from hartenjagen.rules.passing import LEFT_RIGHT_ACROSS_HOLD, NO_PASSING, PassCycle
from hartenjagen.rules.routes import PassRoute
from hartenjagen.rules.scoring import BLACK_LADY, HEARTS_ONLY, OMNIBUS
from properties_oracles import hand_ended, hand_size_of, pack_of

#: The directions of the standard game's cycles (the full catalogue is drawn by hartenjagen.testing).
BASIC_DIRECTIONS = (PassRoute.LEFT, PassRoute.RIGHT, PassRoute.ACROSS, PassRoute.HOLD)


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


# ---------------------------------------------------------------- 1. conservation (checked by several properties)


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
