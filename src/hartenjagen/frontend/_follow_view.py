"""A view's checks under a deck that draws to follow suit (Domino Hearts): who is still in, and what each holds.

A seat whose hand was empty when a trick began has dropped out: the trick
goes round the seats still in. Each seat holds what it was dealt and drew
(``PlayerView.draws``), less what it played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from hartenjagen._repr import shown
from hartenjagen.core import Table

if TYPE_CHECKING:
    from hartenjagen.frontend.views import PlayerView


class FollowFacts(NamedTuple):
    """What the view must show: the seats of the current trick in turn, the seat due next, each hand's size."""

    order: tuple[int, ...]
    due: int
    sizes: tuple[int, ...]


def follow_check(view: PlayerView, table: Table, fail: Callable[[str, str], Exception]) -> FollowFacts:
    """The facts a view under a deck that draws to follow must show (``fail``: the view check's error for a field)."""
    n = table.players
    draws = view.draws
    if type(draws) is not tuple:
        raise fail("draws", f"expected a tuple of (trick, seat) pairs, not {shown(draws)}")
    tricks = view.tricks if type(view.tricks) is tuple else ()
    last = -1
    for i, draw in enumerate(draws):
        if not (type(draw) is tuple and len(draw) == 2 and all(type(x) is int for x in draw)):
            raise fail(f"draws[{i}]", f"expected a (trick, seat) pair, not {shown(draw)}")
        number, seat = draw
        if not (last <= number <= len(tricks) and 0 <= seat < n):
            raise fail(f"draws[{i}]", f"{shown(draw)} is no draw of a trick played so far, in order")
        last = number
    drew = Counter(seat for _, seat in draws)
    plays = Counter(play.seat for done in tricks for play in done.plays)
    trick = view.trick if type(view.trick) is tuple else ()
    plays.update(play.seat for play in trick)
    sizes = tuple(table.hand_size + drew[seat] - plays[seat] for seat in range(n))
    played = [play.seat for play in trick]
    # In this trick: a seat with cards now, or one that has played to it.
    sizes_now = view.hand_sizes if type(view.hand_sizes) is tuple and len(view.hand_sizes) == n else sizes
    still_in = {seat for seat in range(n) if sizes_now[seat]} | set(played)
    order = [(view.trick_leader + k) % n for k in range(n) if (view.trick_leader + k) % n in still_in]
    due = order[len(played)] if len(played) < len(order) else view.trick_leader
    return FollowFacts(tuple(order) + (-1,) * n, due, sizes)
