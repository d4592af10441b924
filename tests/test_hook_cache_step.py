"""The step API's shortcuts to a play hook's cache: the same answers, keys and contexts as the long way.

`hooks.narrowed` looks a position up from the state itself and builds a
`PlaySource` only on a miss; a miss hands the hook a lazy context made without
a Python call and an ``allowed`` set built a card at a time. Each shortcut is
checked here against the long way it replaces: `HookCache.lookup` of a
`PlaySource`, `LazyPlayContext.reading` and ``frozenset(table.cards(mask))``.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Iterable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.cards import ALL_CARDS, Card, Suit
from hartenjagen.core import hooks
from hartenjagen.core.hook_cache import HookCache, cache_of, card_set
from hartenjagen.core.table import table_for
from hartenjagen.errors import RulesError
from hartenjagen.rules.context import LazyPlayContext, PlayContext
from hartenjagen.rules.extras import HouseRule


@attrs.frozen
class ReadsEverything(HouseRule):
    """Reads a different field at each depth, depending on what it read: a tree whose paths use every key."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if context.seat % 2 and context.trick_number > 3:
            if context.led_suit is Suit.HEARTS or context.hearts_broken:
                return [min(context.allowed)]
            return context.allowed
        if len(context.trick) == 2 and sum(context.tricks_taken) % 2:
            return [max(context.allowed)]
        if len(context.hand) > 10 and len(context.tricks) % 3 == 1:
            return [card for card in context.allowed if card.suit is not Suit.SPADES] or context.allowed
        return context.allowed if context.scores[0] >= 0 and not context.announcers else ALL_CARDS


@attrs.frozen
class NoOp(HouseRule):
    """Allows every card the rules allow."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        return context.allowed


def _positions(rules: hj.Rules, seed: int, games: int) -> Iterable[hj.State]:
    """The play positions of ``games`` random games of ``rules``, each after its legal moves were asked."""
    rng = random.Random(seed)
    for _ in range(games):
        state = hj.new_game(rules, seed=rng.getrandbits(32))
        start = len(state.score_sheet)
        while not state.is_over and len(state.score_sheet) == start:
            moves = hj.legal_moves(state)
            if state.phase is hj.Phase.PLAYING:
                yield state
            state = hj.apply(state, moves[rng.randrange(len(moves))])


@pytest.mark.parametrize(
    "base", [variants.STANDARD, variants.SIX_DOUBLE_DECK], ids=["standard", "double deck"]
)
def test_a_lookup_from_the_state_finds_what_a_lookup_from_its_source_finds(base: hj.Rules) -> None:
    rules = attrs.evolve(base, extras=(*base.extras, ReadsEverything()))
    table = table_for(rules)
    (extra,) = table.restricting
    cache = cache_of(table.hook_caches, extra.playable)
    found = 0
    for state in _positions(rules, 3, 6):
        seat = state.to_move[0]
        hand = state._hand.hands[seat] & ~state._played
        for candidates in (hand, state._legal, hand & -hand):
            answer = hooks._state_lookup(cache, state, candidates, hand)
            assert answer == cache.lookup(hooks.play_source(state, candidates, hand))
            found += answer >= 0
    assert found > 100  # the tree answered many of them, by paths through every field


def test_a_miss_hands_the_hook_the_lazy_context_of_the_long_way() -> None:
    state = next(iter(_positions(variants.STANDARD, 5, 1)))
    hand = state._hand.hands[state.to_move[0]] & ~state._played
    quick = hooks._lazy_context(hooks.play_source(state, hand, hand))
    slow = LazyPlayContext.reading(hooks.play_source(state, hand, hand))
    assert type(quick) is type(slow) is LazyPlayContext
    assert quick == slow == PlayContext.of(state, slow.allowed)
    assert quick.allowed == frozenset(table_for(variants.STANDARD).cards(hand))


@pytest.mark.parametrize(
    "base",
    [variants.STANDARD, variants.SIX_DOUBLE_DECK, variants.get("joker_hearts")],
    ids=["one pack", "two packs", "jokers"],
)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_card_set_is_the_frozenset_of_the_cards_in_the_same_order(
    base: hj.Rules, data: st.DataObject
) -> None:
    table = table_for(base)
    everything = table.joker_mask  # jokers are left out of a hook's cards
    for card in ALL_CARDS:
        everything |= table.bits_of[card.index]
    mask = data.draw(st.integers(0, everything)) & everything
    made = card_set(table, mask)
    assert made == frozenset(table.cards(mask))
    assert list(made) == list(frozenset(table.cards(mask)))  # a hook that iterates it sees the same order


def test_the_cache_of_a_hook_is_its_modules_whoever_asks() -> None:
    caches: dict[int, object] = {}
    first, second = NoOp(), NoOp()  # equal values, two modules: two caches
    assert cache_of(caches, first.playable) is cache_of(caches, first.playable)
    assert cache_of(caches, first.playable) is not cache_of(caches, second.playable)

    def hook(context: PlayContext) -> Iterable[Card]:
        return context.allowed

    assert cache_of(caches, hook) is cache_of(caches, hook) and len(caches) == 3
    assert all(type(cache) is HookCache for cache in caches.values())


def test_a_house_rule_that_allows_nothing_is_refused_on_a_hit_as_on_a_miss() -> None:
    @attrs.frozen
    class NoClubs(HouseRule):
        def playable(self, context: PlayContext) -> Iterable[Card]:
            return [card for card in context.allowed if card.suit is not Suit.CLUBS]

    rules = attrs.evolve(variants.STANDARD, extras=(NoClubs(),))
    for _ in range(2):  # a miss, then the same position from the cache
        fresh = hj.new_game(rules, seed=1)
        while fresh.phase is not hj.Phase.PLAYING:
            fresh = hj.apply(fresh, hj.legal_moves(fresh)[0])
        with pytest.raises(RulesError, match="left no card to play"):
            hj.legal_moves(fresh)  # the 2♣ lead: only clubs are allowed, and the rule refuses them all


KEPT: list[tuple[object, hj.State]] = []


@attrs.frozen
class KeepsContexts(HouseRule):
    """Allows what the rules allow, and keeps what ``keep`` makes of each context it receives, with its state."""

    keep: str = "context"

    def playable(self, context: PlayContext) -> Iterable[Card]:
        kept: object = context
        if self.keep == "weakly":
            kept = weakref.ref(context)
        elif self.keep == "its read":
            kept = context._read  # type: ignore[attr-defined]
        KEPT.append((kept, CURRENT[-1]))
        _ = context.seat, context.trick  # fields read now, and others later through what was kept
        return context.allowed


CURRENT: list[hj.State] = []


@pytest.mark.parametrize("keep", ["context", "weakly", "its read"])
def test_a_context_a_hook_keeps_never_changes_under_it(keep: str) -> None:
    rules = attrs.evolve(variants.STANDARD, extras=(KeepsContexts(keep),))
    KEPT.clear()
    rng = random.Random(8)
    for seed in range(3):
        state = hj.new_game(rules, seed=seed)
        while not state.is_over and len(state.score_sheet) == 0:
            CURRENT.append(state)
            moves = hj.legal_moves(state)
            state = hj.apply(state, moves[rng.randrange(len(moves))])
    assert len(KEPT) > 100
    for kept, state in KEPT:
        if keep == "weakly":
            context = kept()  # type: ignore[operator]
            if context is None:
                continue  # freed: no hook can see it
            assert context == PlayContext.of(state, context.allowed)
        elif keep == "its read":
            assert kept("seat") == state.to_move[0] and kept("trick_number") == state.trick_number + 1  # type: ignore[operator]
            assert len(kept("trick")) == len(state.trick)  # type: ignore[operator, arg-type]
        else:
            assert kept == PlayContext.of(state, kept.allowed)  # type: ignore[attr-defined]


def test_a_miss_whose_context_nobody_kept_hands_it_to_the_next_miss() -> None:
    rules = attrs.evolve(variants.STANDARD, extras=(NoOp(),))
    table = table_for(rules)
    table.hook_caches.clear()
    (cache,) = hooks.restricting_caches(table)
    contexts = set()
    for _state in _positions(rules, 9, 2):
        if cache.spare is not None:
            contexts.add(id(cache.spare))
    assert cache.spare is not None and cache.spare_source is not None
    assert len(contexts) < 5  # a handful of pairs for two hands' misses, not one each


ASKED: list[int] = []


@attrs.frozen
class CountedReadsEverything(ReadsEverything):
    """`ReadsEverything`, counting its calls."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        ASKED.append(1)
        return super().playable(context)


def _play_against_the_hook(rules: hj.Rules, extra: ReadsEverything, seed: int) -> None:
    """A hand of ``rules`` whose legal cards are, at every play, the hook's on a whole context of the plain rules'."""
    rng = random.Random(seed)
    state, plain = hj.new_game(rules, seed=seed), hj.new_game(variants.STANDARD, seed=seed)
    while not state.is_over and len(state.score_sheet) == 0:
        moves = hj.legal_moves(state)
        if state.phase is hj.Phase.PLAYING:
            allowed = frozenset(move.card for move in hj.legal_moves(plain))  # type: ignore[attr-defined]
            # The oracle: the hook's rule called on a whole context (uncounted).
            expected = allowed & frozenset(ReadsEverything.playable(extra, PlayContext.of(state, allowed)))
            assert frozenset(move.card for move in moves) == expected  # type: ignore[attr-defined]
        move = moves[rng.randrange(len(moves))]
        state, plain = hj.apply(state, move), hj.apply(plain, move)


def test_answers_copied_from_the_previous_generation_are_the_hooks_own() -> None:
    extra = CountedReadsEverything()
    rules = attrs.evolve(variants.STANDARD, extras=(extra,))
    table = table_for(rules)
    table.hook_caches.clear()
    (cache,) = hooks.restricting_caches(table)
    for seed in (1, 2):
        _play_against_the_hook(rules, extra, seed)
    # A full tree's turn: it becomes the previous generation, and a new one starts empty.
    cache.old, cache.root, cache.size = cache.root, None, 0
    ASKED.clear()
    for seed in (1, 2):  # the same hands: every answer comes from the previous generation
        _play_against_the_hook(rules, extra, seed)
    assert not ASKED and cache.size > 100  # and was copied forward
    for seed in (3, 4):  # other hands: where a field the hook read differs, the hook is asked again
        _play_against_the_hook(rules, extra, seed)
    assert len(ASKED) > 50
