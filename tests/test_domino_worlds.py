"""Sampled worlds of Domino Hearts rebuild the draws the view shows (issue 37): `bots._draws.with_draws`.

A seat that cannot follow draws from the stock until it can (docs/family.md).
A view shows who drew how many cards in which trick, not which; a world
sampled for it says which of each seat's cards were drawn, in order, so that
the world's own view is the view (draws included): every card drawn but the
last is of another suit than the one led, and the seat held none of it before
drawing. The engine reads the draws back from the plays (`State.draws`), the
check each world passes. (Its draws do not come from its secret seed's
shuffle, so a world does not replay from its seed: as before.)
"""

from __future__ import annotations

import random
from collections import Counter

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.bots.determinize import determinize
from hartenjagen.core import fields

DOMINO = variants.get("domino_hearts")


def _views_with_draws(seed: int) -> list[tuple[hj.State, int]]:
    """(state, seat) along a random first hand of a seeded game, each where the view shows draws."""
    state = hj.new_game(DOMINO, seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over and not state.score_sheet:
        if state.phase is hj.Phase.PLAYING and state.draws:
            out.extend((state, seat) for seat in range(state.players))
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    return out


def test_determinized_worlds_rebuild_the_draws_the_view_shows():
    rebuilt = total = 0
    for seed in range(4):
        for state, seat in _views_with_draws(seed)[::3]:
            view = hj.view(state, seat)
            world = determinize(view, random.Random(seed))
            total += 1
            assert world.hands[seat] == state.hands[seat]
            if not world.draws:
                continue  # a sample whose hands admit no draws (kept after every try: best effort)
            rebuilt += 1
            assert world.draws == view.draws
            assert hj.view(world, seat) == view
            f = fields(world)
            assert [mask.bit_count() for mask in f.dealt_masks] == [f.table.hand_size] * 4
            drawers = Counter(who for _, who in view.draws)
            had = list(f.hand_masks)  # each seat's cards this hand: in hand, and played
            for trick in (*world.tricks, world.trick):
                for play in trick.plays if isinstance(trick, hj.Trick) else trick:
                    had[play.seat] |= 1 << play.card.index
            assert [len([p for p in f.drawn if had[who] >> p & 1]) for who in range(4)] == [
                drawers[who] for who in range(4)
            ]
            hj.rollout(world, rng=random.Random(seed), until="hand")
    assert total and rebuilt * 4 >= total * 3  # most samples rebuild them (the rest: every try failed)
