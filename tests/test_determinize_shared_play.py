"""The worlds of a view in card play share one replay of the hand's plays: the same worlds as a replay each.

`hartenjagen.core.SharedPlay` replays a hand's plays once and gives each
world that position with its own hands, and asks the legal-play chain at each
recorded position with the world's hands. The determinizer must deal exactly
the worlds it dealt when every world replayed the plays itself, from exactly
the same draws: these tests deal both ways and compare states and generators.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import rules
from hartenjagen.bots import HeuristicBot, determinize
from hartenjagen.bots.determinize import Determinizer
from hartenjagen.cards import Card, Suit
from hartenjagen.core import SharedPlay, shares_plays, table_for
from hartenjagen.rules import moon as moon_rules
from hartenjagen.rules.context import OpeningContext, PlayContext
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.extras import HouseRule
from helpers import ONE_SUIT_EACH, game, play

PRESETS = [preset.name for preset in hj.variants.ALL]
HEARTS, SPADES = Suit.HEARTS, Suit.SPADES
QUEEN = Card.parse("QS")


def _longest_suit(hand: tuple[Card, ...]) -> Suit:
    """The suit of which ``hand`` holds most cards (ties: the first in suit order)."""
    return max(Suit, key=lambda suit: (sum(card.suit is suit for card in hand), -int(suit)))


@attrs.frozen
class NoLeadOfLongestSuit(HouseRule):
    """A leader may not lead a card of its longest suit unless that is all it may lead (reads its hand)."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if not context.leading:
            return context.allowed
        suit = _longest_suit(context.hand)
        return {card for card in context.allowed if card.suit is not suit} or context.allowed


@attrs.frozen
class FreeTwoOfDiamondsWithThree(HouseRule):
    """The 2♦ may be played against the other rules by a seat holding three diamonds or more."""

    def widening(self, rules: hj.Rules) -> tuple[Card, ...]:
        return (Card.parse("2D"),)

    def widens(self, context: PlayContext) -> tuple[Card, ...]:
        held = [card for card in context.hand if card.suit is Suit.DIAMONDS]
        return (Card.parse("2D"),) if len(held) >= 3 and Card.parse("2D") in held else ()


@attrs.frozen
class SpadesTrump(rules.TrickWinner):
    """The highest spade wins; without a spade, the highest card of the suit led."""

    def winner(self, trick: rules.TrickContext) -> int:
        cards = trick.cards
        best = 0
        for position, card in enumerate(cards):
            top = cards[best]
            if (card.suit is top.suit and card.rank > top.rank) or (
                card.suit is SPADES and top.suit is not SPADES
            ):
                best = position
        return best


@attrs.frozen
class QueenBreaksHearts(rules.Leading):
    """Hearts may not be led until a heart or the Q♠ has been played."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if context.hearts_broken:
            return context.allowed
        return {card for card in context.allowed if card.suit is not HEARTS}

    def breaks_hearts(self, card: Card, discarded: bool, trick_number: int) -> bool:
        return card.suit is HEARTS or card == QUEEN


@attrs.frozen
class NoHeartsOnFirstTrickWithThree(rules.FirstTrick):
    """A seat holding three hearts or more may not play one to the first trick unless forced (reads its hand)."""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if sum(card.suit is HEARTS for card in context.hand) < 3:
            return context.allowed
        return {card for card in context.allowed if card.suit is not HEARTS} or context.allowed


@attrs.frozen
class MostHeartsLeads(rules.Opening):
    """The seat with most hearts (the first from eldest) leads the first trick, a card of its longest suit."""

    def leader(self, context: OpeningContext) -> int:
        n = len(context.hands)
        seats = [(context.eldest + step) % n for step in range(n)]
        return max(seats, key=lambda seat: sum(card.suit is HEARTS for card in context.hands[seat]))

    def playable(self, context: PlayContext) -> Iterable[Card]:
        suit = _longest_suit(context.hand)
        return {card for card in context.allowed if card.suit is suit}


#: Rules of one's own in each slot of the play phase that the shared replay serves (on the standard preset).
OWN_RULES = {
    "playable": hj.Rules(extras=(NoLeadOfLongestSuit(),)),
    "widens": hj.Rules(extras=(FreeTwoOfDiamondsWithThree(),)),
    "trick_winner": hj.Rules(trick_winner=SpadesTrump()),
    "breaks_hearts": hj.Rules(leading=QueenBreaksHearts()),
    "first_trick": hj.Rules(first_trick=NoHeartsOnFirstTrickWithThree()),
    "opening": hj.Rules(opening=MostHeartsLeads()),
    "every slot": hj.Rules(
        extras=(NoLeadOfLongestSuit(), FreeTwoOfDiamondsWithThree()),
        trick_winner=SpadesTrump(),
        leading=QueenBreaksHearts(),
        first_trick=NoHeartsOnFirstTrickWithThree(),
        opening=MostHeartsLeads(),
    ),
}


def _views(rules: hj.Rules, seed: int) -> list[hj.PlayerView]:
    """Every view of one hand's card play, heuristics at every seat."""
    state = hj.new_game(attrs.evolve(rules, ending=SINGLE_HAND), seed=seed)
    bots = [HeuristicBot(seed=seed * 10 + s) for s in range(rules.players)]
    out = []
    while not state.is_over:
        seat = state.to_move[0]
        view = hj.view(state, seat)
        if view.phase is hj.Phase.PLAYING:
            out.append(view)
        state = hj.apply(state, bots[seat].choose(view))
    return out


def _worlds(
    view: hj.PlayerView, seed: int, shared: bool, monkeypatch: pytest.MonkeyPatch, batch: bool, count: int = 6
):
    monkeypatch.setattr(determinize, "SHARE_PLAYS", shared)
    rng = random.Random(seed)
    sampler = Determinizer(view)
    if batch:
        worlds = sampler.samples(rng, count, exchange=False)
    else:
        worlds = [sampler.sample(rng, exchange=False) for _ in range(count)]
    return worlds, rng.getstate(), sampler._shared is not None


def _deal_three_ways(rules: hj.Rules, monkeypatch: pytest.MonkeyPatch, seeds: int = 2) -> bool:
    """Deal every third view's worlds shared, one by one and replayed each: the same; whether any was shared."""
    used = False
    for seed in range(seeds):
        for i, view in enumerate(_views(rules, seed)):
            if i % 3:
                continue  # every third view of the hand: the first trick, mid-hand and the last tricks
            once, state_once, used_here = _worlds(view, 100 * seed + i, True, monkeypatch, batch=True)
            one_by_one, state_one_by_one, _ = _worlds(view, 100 * seed + i, True, monkeypatch, batch=False)
            each, state_each, _ = _worlds(view, 100 * seed + i, False, monkeypatch, batch=False)
            assert once == one_by_one == each, (seed, i)
            assert state_once == state_one_by_one == state_each  # the same draws, as many
            moves = list(view.legal_moves)
            applied = [[hj.apply(world, move) for move in moves] for world in each]
            assert Determinizer(view).moved(each, moves) == applied  # no shared replay: apply each
            sampler = Determinizer(view)
            assert sampler.samples(random.Random(100 * seed + i), 6, exchange=False) == each
            assert sampler.moved(once, moves) == applied
            for a, b in zip(once, each, strict=True):
                assert hj.legal_moves(a) == hj.legal_moves(b)
                assert hj.view(a, view.seat) == view
            used |= used_here
    return used


@pytest.mark.parametrize("preset", PRESETS)
def test_shared_replays_deal_the_worlds_of_a_replay_each(preset, monkeypatch):
    rules_ = next(p.rules for p in hj.variants.ALL if p.name == preset)
    used = _deal_three_ways(rules_, monkeypatch)
    assert used == shares_plays(table_for(rules_))  # the presets the shared replay serves, and no other


@pytest.mark.parametrize("slot", list(OWN_RULES))
def test_rules_of_ones_own_share_the_replay_and_deal_the_same_worlds(slot, monkeypatch):
    """A module of one's own in the play phase sees its seat's hand and the public position: shared, the same worlds."""
    rules_ = OWN_RULES[slot]
    assert shares_plays(table_for(rules_))
    assert _deal_three_ways(rules_, monkeypatch, seeds=3)


def _first_trick() -> hj.State:
    rules = hj.variants.openspiel(pass_direction=hj.PassDirection.HOLD)
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
        "AC 3D 4D 5D 6D 2S 3S 4S 5S 2H 3H 4H 5H",
        "6S 7S 8S 9S TS JS KS AS 7D 8D 9D TD JD",
        "QS 6H 7H 8H 9H TH JH QH KH AH QD KD AD",
    ]
    return hj.new_game(rules, deal=hands, dealer=3)


def _bit(symbol: str) -> int:
    return 1 << hj.Card.parse(symbol).index


def test_a_world_is_its_own_replay_and_an_illegal_play_is_noticed():
    """SharedPlay's world equals the world replayed, and a play its hands could not make is reported."""
    start = _first_trick()
    plays = [(0, _bit("2C")), (1, _bit("AC")), (2, _bit("6S")), (3, _bit("QD"))]
    shared = SharedPlay(start, plays, 0)
    assert shared.end == play(start, "2C AC 6S QD")
    hands = list(hj.core.hand_masks(start))
    assert shared.legal(hands)
    # Seat 2 discards the 6♠ on a club lead: with a club in its hand that play was illegal.
    other = list(hands)  # seat 2's 7♦ and seat 0's 3♣ swapped
    other[2] = other[2] ^ _bit("7D") | _bit("3C")
    other[0] = other[0] ^ _bit("3C") | _bit("7D")
    assert not shared.legal(other)
    world = shared.world(tuple(other), 7, tuple(other), ())
    assert hj.core.hand_masks(world)[2] == other[2] & ~_bit("6S")
    assert world.tricks == shared.end.tricks


def test_seat_me_is_asked_once():
    """An illegal play of seat ``me`` makes every world inconsistent (its hand is the same in all)."""
    start = _first_trick()
    # Seat 0 must lead the 2♣: leading the 3♣ was not allowed.
    shared = SharedPlay(start, [(0, _bit("3C"))], 0)
    assert not shared.legal(list(hj.core.hand_masks(start)))


def test_samples_takes_a_count():
    sampler = Determinizer(hj.view(_first_trick(), 0))
    assert sampler.samples(3, 0) == []
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(determinize.DeterminizeError, match="count must be a whole number"):
            sampler.samples(3, bad)


def test_a_view_at_the_moon_choice_is_not_shared():
    """The moon choice comes after the hand's last play: each world replays its plays, as before."""
    # Seat 0 holds every club and wins every trick: a forced moon, then a choice.
    state = game(list(ONE_SUIT_EACH), moon=moon_rules.SHOOTER_CHOICE, ending=SINGLE_HAND)
    while state.phase is hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.phase is hj.Phase.MOON_CHOICE
    sampler = Determinizer(hj.view(state, 1))
    worlds = sampler.samples(random.Random(2), 3, exchange=False)
    assert sampler._shared is None
    assert all(world.phase is hj.Phase.MOON_CHOICE for world in worlds)
    assert all(hj.view(world, 1) == hj.view(state, 1) for world in worlds)


def test_moved_applies_a_move_to_a_world_not_of_the_replay_and_refuses_an_illegal_one():
    """`moved` gives `apply`'s states for worlds it does not share, and `apply`'s error for a move not legal."""
    view = hj.view(play(_first_trick(), "2C AC 6S QD"), 1)  # seat 1 leads the second trick
    sampler = Determinizer(view)
    worlds = sampler.samples(random.Random(4), 3, exchange=False)
    assert sampler._shared is not None
    other = play(_first_trick(), "2C AC 6S QD")  # the real deal: this replay's position, other hands
    moves = list(view.legal_moves)
    mixed = [worlds[0], other, worlds[1]]
    assert sampler.moved(mixed, moves) == [[hj.apply(w, m) for m in moves] for w in mixed]
    with pytest.raises(hj.IllegalMoveError):
        sampler.moved(worlds, [hj.Play(1, hj.Card.parse("QS"))])  # seat 1 holds no Q♠


#: The hands each `RecordedMostHeartsLeads.leader` call was given, in order.
_LEADER_ASKED: list[tuple[tuple[Card, ...], ...]] = []


@attrs.frozen
class RecordedMostHeartsLeads(MostHeartsLeads):
    """`MostHeartsLeads`, noting the hands it is asked about (its answer reads every seat's hand)."""

    def leader(self, context: OpeningContext) -> int:
        _LEADER_ASKED.append(context.hands)
        return super().leader(context)


def test_an_opening_that_reads_every_hand_is_asked_for_each_worlds_hands(monkeypatch):
    """The first leader is the one answer that reads the other seats' hands: each world's own, as replayed each."""
    rules_ = hj.Rules(opening=RecordedMostHeartsLeads())
    view = _views(rules_, 1)[5]  # the second trick: the first leader is known, the hearts mostly hidden
    asked = []
    for shared in (True, False):
        _LEADER_ASKED.clear()
        worlds, _, used = _worlds(view, 3, shared, monkeypatch, batch=True, count=8)
        assert used is shared
        asked.append(list(_LEADER_ASKED))
        assert len(_LEADER_ASKED) >= len(worlds)  # one a draw at least: every world was asked
    assert asked[0] == asked[1]


@pytest.mark.parametrize("preset", ["six_double_deck"])
def test_a_rule_of_ones_own_where_the_replay_cannot_be_shared_replays_each_world(preset, monkeypatch):
    """Two packs: which copy of a card a seat held differs from world to world, and so may a hook's answer."""
    base = next(p.rules for p in hj.variants.ALL if p.name == preset)
    rules_ = attrs.evolve(base, extras=(*base.extras, NoLeadOfLongestSuit()))
    assert not shares_plays(table_for(rules_))
    assert not _deal_three_ways(rules_, monkeypatch, seeds=1)
