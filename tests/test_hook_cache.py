"""A play hook's answers kept by the context fields it read: exact, and a hook that fails is asked again.

The oracle for exactness is independent of the cache: the same game played
under the rules without the house rules, whose legal cards each house rule's
``playable`` then narrows when called directly on a whole `PlayContext`
(``PlayContext.of``), in order.
"""

from __future__ import annotations

import operator
import pickle
import random
from collections import Counter
from collections.abc import Iterable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import playouts, variants
from hartenjagen.cards import ALL_CARDS, QUEEN_OF_SPADES, Card, Suit
from hartenjagen.core.hook_cache import LIMIT, HookCache, PlaySource, spread
from hartenjagen.core.table import table_for
from hartenjagen.rules.context import LazyPlayContext, MoonContext, PassContext, PlayContext
from hartenjagen.rules.extras import HandSummary, HouseRule
from helpers import assert_rollout_plays_the_public_loop

CALLS: Counter[str] = Counter()


def _index(card: Card) -> int:
    return card.index


@attrs.frozen
class QueenNotOnHearts(HouseRule):
    """Once hearts are broken, the Q♠ may not go on a trick holding a heart unless it is the only card allowed.

    It reads ``trick`` only once hearts are broken, and ``allowed`` only when the trick holds a heart:
    elsewhere its answer (every card) is shared by every position.
    """

    def playable(self, context: PlayContext) -> Iterable[Card]:
        CALLS["queen"] += 1
        if not context.hearts_broken or not any(play.card.suit is Suit.HEARTS for play in context.trick):
            return ALL_CARDS
        return [card for card in context.allowed if card != QUEEN_OF_SPADES] or context.allowed


@attrs.frozen
class NoSpadeLeadAfterQueen(HouseRule):
    """Once the Q♠ has fallen, no spade may be led while another card may: reads the trick history to lead."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        CALLS["history"] += 1
        if context.trick or not any(QUEEN_OF_SPADES in trick.cards for trick in context.tricks):
            return ALL_CARDS
        return [card for card in context.allowed if card.suit is not Suit.SPADES] or context.allowed


@attrs.frozen
class EvenSeatsLowEveryThirdTrick(HouseRule):
    """Even seats play their lowest allowed card on every third trick: reads ``trick_number`` for even seats only."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        CALLS["parity"] += 1
        if context.seat % 2 == 0 and context.trick_number % 3 == 0:
            return [min(context.allowed, key=_index)]
        return context.allowed


@attrs.frozen
class LeaderOfTheTricks(HouseRule):
    """A seat that has taken three tricks or more, or leads the totals, plays its highest allowed card."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        CALLS["taken"] += 1
        if context.tricks_taken[context.seat] >= 3 or context.scores[context.seat] > min(context.scores):
            return [max(context.allowed, key=_index)]
        return context.allowed


@attrs.frozen
class NoOp(HouseRule):
    """Allows what the rules allow."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        CALLS["noop"] += 1
        return context.allowed


HOUSE_RULES = (
    QueenNotOnHearts(),
    NoSpadeLeadAfterQueen(),
    EvenSeatsLowEveryThirdTrick(),
    LeaderOfTheTricks(),
    NoOp(),
)
BASES = (variants.STANDARD, variants.OMNIBUS, variants.SIX_DOUBLE_DECK, variants.DUTCH)


def _expected(state: hj.State, base_state: hj.State, extras: tuple[HouseRule, ...]) -> frozenset[Card]:
    """The legal cards by the oracle: the base rules' legal cards, narrowed by each hook called on a whole context."""
    allowed = frozenset(move.card for move in hj.legal_moves(base_state))  # type: ignore[attr-defined]
    for extra in extras:
        context = PlayContext.of(state, allowed)
        assert type(context) is PlayContext  # the whole one, not the engine's lazy one
        allowed = allowed & frozenset(extra.playable(context))
        assert allowed
    return allowed


def _check_game(base: hj.Rules, extras: tuple[HouseRule, ...], seed: int, cards: int) -> None:
    rules = attrs.evolve(base, extras=(*base.extras, *extras))
    rng = random.Random(seed)
    state, base_state = hj.new_game(rules, seed=seed), hj.new_game(base, seed=seed)
    played = 0
    while not state.is_over and played < cards:
        moves = hj.legal_moves(state)
        if state.phase is hj.Phase.PLAYING:
            assert frozenset(move.card for move in moves) == _expected(state, base_state, extras)  # type: ignore[attr-defined]
            played += 1
        move = moves[rng.randrange(len(moves))]
        state, base_state = hj.apply(state, move), hj.apply(base_state, move)


@pytest.mark.parametrize("extra", HOUSE_RULES, ids=lambda rule: type(rule).__name__)
def test_each_house_rule_plays_the_cards_its_hook_allows_on_a_whole_context(extra: HouseRule) -> None:
    for seed in range(4):
        _check_game(variants.STANDARD, (extra,), seed, cards=400)


@settings(max_examples=12, deadline=None)
@given(
    base=st.sampled_from(BASES),
    extras=st.lists(st.sampled_from(HOUSE_RULES), min_size=1, max_size=3, unique=True),
    seed=st.integers(0, 10_000),
)
def test_compositions_of_house_rules_play_what_their_hooks_allow(
    base: hj.Rules, extras: list[HouseRule], seed: int
) -> None:
    _check_game(base, tuple(extras), seed, cards=2 * base.players * 4)


@pytest.mark.parametrize("extras", [(NoOp(),), (QueenNotOnHearts(), NoSpadeLeadAfterQueen())], ids=repr)
def test_the_fused_playout_plays_the_public_loop_with_house_rules(extras: tuple[HouseRule, ...]) -> None:
    rules = attrs.evolve(variants.STANDARD, extras=extras)
    for seed in range(3):
        start = hj.new_game(rules, seed=seed)
        assert_rollout_plays_the_public_loop(start, seed)


def test_a_hook_is_asked_only_on_a_miss() -> None:
    rules = attrs.evolve(variants.STANDARD, extras=(NoOp(),))
    state = hj.new_game(rules, seed=3)
    while state.phase is not hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    table_for(rules).hook_caches.clear()
    CALLS.clear()
    points = playouts.playouts(state, 64, rng=1)
    assert len(points) == 64 * rules.players
    # 64 hands of 52 cards: the answers at positions seen before come from the cache.
    assert 0 < CALLS["noop"] < 64 * 52 // 2


class _Fails(HouseRule):
    """A house rule whose answer is given by ``answer`` (a value or an exception to raise)."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def playable(self, context: PlayContext) -> Iterable[Card]:
        CALLS["fails"] += 1
        _ = context.allowed
        if isinstance(self.answer, BaseException):
            raise self.answer
        return self.answer  # type: ignore[return-value]


def _first_play(rules: hj.Rules) -> hj.State:
    state = hj.new_game(rules, seed=0)
    while state.phase is not hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    return state


def test_a_hook_that_raises_is_asked_again_and_raises_again() -> None:
    rules = attrs.evolve(variants.STANDARD, extras=(_Fails(ValueError("no")),))
    state = _first_play(rules)
    CALLS.clear()
    for _ in range(2):
        with pytest.raises(ValueError, match="no"):
            hj.legal_moves(state)
    assert CALLS["fails"] == 2


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (42, "playable must return cards, not 42"),
        (["2C"], "playable must return cards or jokers, not '2C'"),
        ([], "left no card to play"),
    ],
)
def test_a_hook_that_returns_a_bad_value_gets_the_same_rules_error_every_time(
    answer: object, message: str
) -> None:
    rules = attrs.evolve(variants.STANDARD, extras=(_Fails(answer),))
    state = _first_play(rules)
    for call in (hj.legal_moves, lambda s: hj.rollout(s, rng=1)):
        for _ in range(2):
            with pytest.raises(hj.RulesError, match=message):
                call(state)


def test_the_lazy_context_is_a_play_context_in_all_but_speed() -> None:
    state = _first_play(variants.STANDARD)
    table = table_for(variants.STANDARD)
    hand = state._hand.hands[state.to_move[0]] & ~state._played
    whole = PlayContext.of(state)
    allowed = sum(table.bits_of[card.index] for card in whole.allowed)
    source = PlaySource(state._hand, state.to_move[0], hand, allowed, 0, 0, state._leader, -1, (), 0, False)
    lazy = LazyPlayContext.reading(source)
    assert isinstance(lazy, PlayContext)
    assert lazy.leading and lazy.players == 4
    assert [field for field, _ in source.reads] == [4, 0]  # the trick (leading), the rules (players)
    assert lazy == whole and whole == lazy and operator.ne(lazy, whole) is False
    assert hash(lazy) == hash(whole) and repr(lazy) == repr(whole)
    assert attrs.evolve(lazy, seat=2) == attrs.evolve(whole, seat=2)
    with pytest.raises(AttributeError):
        _ = lazy.no_such_field  # type: ignore[attr-defined]


def test_a_tree_keeps_an_answer_by_the_reads_and_refuses_a_path_that_disagrees() -> None:
    state = _first_play(variants.STANDARD)
    hand = state._hand.hands[state.to_move[0]] & ~state._played

    def source(allowed: int) -> PlaySource:
        return PlaySource(state._hand, state.to_move[0], hand, allowed, 0, 0, state._leader, -1, (), 0, False)

    cache = HookCache()
    assert cache.lookup(source(hand)) == -1
    cache.insert([(1, state.to_move[0]), (3, spread(hand))], 5)
    assert cache.lookup(source(hand)) == 5
    assert cache.lookup(source(hand & (hand - 1))) == -1
    # A hook that read the hand where it read the allowed cards before is not pure: nothing is kept.
    cache.insert([(1, state.to_move[0]), (2, spread(hand))], 7)
    assert cache.lookup(source(hand)) == 5 and cache.size == 3
    cache.insert([(1, state.to_move[0]), (3, spread(hand & (hand - 1)))], 9)
    assert cache.lookup(source(hand & (hand - 1))) == 9
    cache.size = LIMIT
    # Full: a new generation starts with this answer.
    cache.insert([(1, state.to_move[0]), (3, spread(1))], 11)
    assert cache.lookup(source(1)) == 11 and cache.size == 3
    # The previous generation still answers, and its path is copied into the new one.
    assert cache.lookup(source(hand)) == 5 and cache.size == 4
    cache.old = None
    assert cache.lookup(source(hand)) == 5 and cache.lookup(source(hand & (hand - 1))) == -1
    # The generation before the previous one is gone.
    cache.size = LIMIT
    cache.insert([(1, state.to_move[0]), (3, spread(2))], 13)
    cache.size = LIMIT
    cache.insert([(1, state.to_move[0]), (3, spread(4))], 15)
    assert cache.lookup(source(2)) == 13 and cache.lookup(source(4)) == 15
    assert cache.lookup(source(hand)) == -1


def test_is_legal_agrees_with_the_legal_moves_and_explain() -> None:
    rng = random.Random(4)
    rules = attrs.evolve(variants.STANDARD, extras=(QueenNotOnHearts(),))
    state = hj.new_game(rules, seed=4)
    while not state.is_over and len(state.score_sheet) == 0:
        moves = hj.legal_moves(state)
        if state.phase is hj.Phase.PLAYING:
            seat = state.to_move[0]
            for card in hj.cards.ALL_CARDS:
                move = hj.Play(seat, card)
                assert hj.is_legal(state, move) == (move in moves) == (hj.explain(state, move) is None)
            assert not hj.is_legal(state, hj.Play((seat + 1) % 4, moves[0].card))  # type: ignore[attr-defined]
        state = hj.apply(state, moves[rng.randrange(len(moves))])


@attrs.frozen(repr=False)
class _CountingScoring(hj.rules.scoring.CardPoints):
    """Black Lady's points, counted; and for ``bad`` captures, a value that is not a number."""

    bad: bool = False

    def points_of(self, cards: Iterable[Card]) -> int:
        CALLS["points_of"] += 1
        cards = tuple(cards)
        if (
            self.bad and QUEEN_OF_SPADES in cards and len(cards) % 4 == 0
        ):  # captures, not moon_total's 14 cards
            return "many"  # type: ignore[return-value]
        return super().points_of(cards)


def test_points_of_is_asked_once_per_set_of_cards_and_scores_as_the_plan() -> None:
    values = hj.rules.scoring.BLACK_LADY.values
    own = attrs.evolve(variants.STANDARD, scoring=_CountingScoring(values, name="black_lady"))
    state, planned = _first_play(own), _first_play(variants.STANDARD)
    CALLS.clear()
    ours = playouts.playouts(state, 32, rng=2)
    assert list(ours) == list(playouts.playouts(planned, 32, rng=2))
    assert 0 < CALLS["points_of"] <= 32 * 4
    asked = CALLS["points_of"]
    assert list(playouts.playouts(state, 32, rng=2)) == list(ours)
    assert CALLS["points_of"] == asked  # the same captures again: every answer is known


def test_points_of_that_returns_a_bad_value_gets_the_same_rules_error_every_time() -> None:
    values = hj.rules.scoring.BLACK_LADY.values
    own = attrs.evolve(variants.STANDARD, scoring=_CountingScoring(values, name="black_lady", bad=True))
    state = _first_play(own)
    for _ in range(2):
        with pytest.raises(hj.RulesError, match="points_of must return a whole number, not 'many'"):
            hj.rollout(state, rng=1)


SEEN: list[object] = []


@attrs.frozen(kw_only=True, repr=False)
class _KeepingMoon(hj.rules.moon.OthersPlus):
    """The standard moon, keeping every context its ``shooter`` receives."""

    def shooter(self, context: MoonContext) -> int | None:
        SEEN.append(context)
        return super().shooter(context)


@attrs.frozen(repr=False)
class _KeepingBonus(hj.rules.extras.NoTricksBonus):
    """The no-tricks bonus, keeping every summary its ``adjustments`` receives."""

    def adjustments(self, hand: HandSummary) -> tuple[int, ...] | None:
        SEEN.append(hand)
        return super().adjustments(hand)


@pytest.mark.parametrize(
    ("rules", "whole"),
    [
        (attrs.evolve(variants.STANDARD, moon=_KeepingMoon()), MoonContext),
        (attrs.evolve(variants.STANDARD, extras=(_KeepingBonus(),)), HandSummary),
    ],
    ids=["moon", "summary"],
)
def test_the_contexts_of_a_hand_scored_are_the_whole_ones_computed_as_read(
    rules: hj.Rules, whole: type
) -> None:
    state = _first_play(rules)
    SEEN.clear()
    after = hj.rollout(state, rng=3)
    assert len(SEEN) == 1
    (context,) = SEEN
    assert isinstance(context, whole) and type(context) is not whole
    last = whole.last(after)  # type: ignore[attr-defined]
    assert type(last) is whole
    assert context == last and hash(context) == hash(last) and repr(context) == repr(last)
    assert pickle.loads(pickle.dumps(context)) == last
    assert not hasattr(context, "no_such_field")


def test_a_hook_that_returns_nothing_gets_a_rules_error_whatever_it_read() -> None:
    for answer in (None, ()):
        rules = attrs.evolve(variants.STANDARD, extras=(_Fails(answer),))
        with pytest.raises(hj.RulesError, match="playable"):
            hj.legal_moves(_first_play(rules))


@attrs.frozen(repr=False)
class _CountingPassing(hj.rules.passing.PassCycle):
    """The standard passes, with ``passable`` counted; ``refuse``: a value that is not cards for seat 2."""

    refuse: bool = False

    def passable(self, context: PassContext) -> Iterable[Card]:
        CALLS["passable"] += 1
        if self.refuse and context.seat == 2:
            return 7  # type: ignore[return-value]
        return super().passable(context)


def test_passable_is_asked_once_per_seat_and_stage_and_passes_as_the_plan() -> None:
    own = attrs.evolve(variants.STANDARD, passing=_CountingPassing())
    CALLS.clear()
    rng = random.Random(5)
    mine, planned = hj.new_game(own, seed=5), hj.new_game(variants.STANDARD, seed=5)
    while mine.phase is hj.Phase.PASSING:
        moves = hj.legal_moves(mine)
        assert [str(m) for m in moves] == [str(m) for m in hj.legal_moves(planned)]
        move = moves[rng.randrange(len(moves))]
        mine, planned = hj.apply(mine, move), hj.apply(planned, move)
    assert CALLS["passable"] == 4  # one stage, four seats: every later question is answered from the cache


def test_passable_that_returns_a_bad_value_gets_the_same_rules_error_every_time() -> None:
    state = hj.new_game(attrs.evolve(variants.STANDARD, passing=_CountingPassing(refuse=True)), seed=5)
    for _ in range(2):
        with pytest.raises(hj.RulesError, match="passable must return cards, not 7"):
            hj.legal_moves(state)


@settings(max_examples=200, deadline=None)
@given(
    taken=st.lists(st.sampled_from(ALL_CARDS[:6]), max_size=8),
    cards=st.lists(st.sampled_from(ALL_CARDS[:6]), max_size=6),
)
def test_took_all_counts_copies_as_a_counter_does(taken: list[Card], cards: list[Card]) -> None:
    expected = not Counter(cards) - Counter(taken)
    assert hj.rules.moon.took_all(tuple(taken), tuple(cards)) is expected
