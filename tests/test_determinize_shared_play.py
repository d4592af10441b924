"""The worlds of a view in card play share one replay of the hand's plays: the same worlds as a replay each.

`hartenjagen.core.SharedPlay` replays a hand's plays once and gives each
world that position with its own hands, and asks the legal-play chain at each
recorded position with the world's hands. The determinizer must deal exactly
the worlds it dealt when every world replayed the plays itself, from exactly
the same draws: these tests deal both ways and compare states and generators.
"""

from __future__ import annotations

import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.bots import HeuristicBot, determinize
from hartenjagen.bots.determinize import Determinizer
from hartenjagen.core import SharedPlay, shares_plays, table_for
from hartenjagen.rules import moon as moon_rules
from hartenjagen.rules.ending import SINGLE_HAND
from helpers import ONE_SUIT_EACH, game, play

PRESETS = [preset.name for preset in hj.variants.ALL]


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


@pytest.mark.parametrize("preset", PRESETS)
def test_shared_replays_deal_the_worlds_of_a_replay_each(preset, monkeypatch):
    rules = next(p.rules for p in hj.variants.ALL if p.name == preset)
    used = False
    for seed in range(2):
        for i, view in enumerate(_views(rules, seed)):
            if i % 3:
                continue  # every third view of the hand: the first trick, mid-hand and the last tricks
            once, state_once, used_here = _worlds(view, 100 * seed + i, True, monkeypatch, batch=True)
            one_by_one, state_one_by_one, _ = _worlds(view, 100 * seed + i, True, monkeypatch, batch=False)
            each, state_each, _ = _worlds(view, 100 * seed + i, False, monkeypatch, batch=False)
            assert once == one_by_one == each, (preset, seed, i)
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
    assert used == shares_plays(table_for(rules))  # the presets the shared replay serves, and no other


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
