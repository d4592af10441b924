"""Playouts in batches: many hands played out in one call, each seat's points in a compact array.

Three sources: ``playouts(state, count)`` plays the hand of one state out
``count`` times; ``playouts_of(states)`` plays each of several states (the
determinized worlds of a bot, say) out once; ``deal_playouts(rules, count)``
deals ``count`` fresh hands and plays them out; ``view_playouts(view, count)``
samples ``count`` worlds consistent with a player's view and plays each out.
The result is an ``array.array("q")`` holding ``players`` points per playout,
playout after playout: the hand's points as scored (after the moon), the
line ``score_sheet`` gets.

The policy is ``"random"`` (uniform legal moves, as `rollout`) or
``"greedy"`` (the sampling bot's card sense: duck, dump, lead low, one play
in ten at random; card values times ``sign``). Phases other than card play
(the exchange, a moon choice) take uniformly random moves under both.

The draws come from the library's own generator (xoshiro128**, as
`hartenjagen.core.draws.Draws`): ``rng`` is a seed, a generator from
`generator` (the call advances it, so calls in a row draw afresh), or
``None`` for an unseeded one. Each playout draws from a stream of its own,
seeded with the next four words of ``rng``; a fresh deal is shuffled from
its stream first. With the native kernel (``hartenjagen.native``) the rules
it covers play in C; every other position plays in the Python kernel, with
the same draws and the same cards: the two agree move for move.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from typing import Any, Final, cast

from hartenjagen.chance import Chance
from hartenjagen.core import (
    Draws,
    State,
    Table,
    deal_with,
    greedy_playout,
    playout,
    start_hand,
    table_for,
    table_of,
)
from hartenjagen.errors import HartenjagenError
from hartenjagen.native import KERNEL, plan_for
from hartenjagen.rules import Rules

__all__ = [
    "POLICIES",
    "PlayoutError",
    "deal_playouts",
    "generator",
    "playouts",
    "playouts_of",
    "split",
    "view_playouts",
]

#: The playout policies: uniformly random legal moves, or the sampling bot's quick card sense.
POLICIES: Final = ("random", "greedy")
#: The most playouts one call makes (the array holds players × count points).
MAX_COUNT: Final = 1 << 24


class PlayoutError(HartenjagenError):
    """Bad arguments to a batch playout, or a position with no hand left to play."""


def generator(seed: int) -> Draws:
    """The library's generator for playouts, keyed by the whole number ``seed``."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PlayoutError(f"seed must be a whole number, not {seed!r}")
    return Draws(f"hartenjagen/playouts/{seed}")


def split(rng: Draws) -> Draws:
    """A stream of its own: a generator seeded with the next four words of ``rng`` (its last word never 0).

    Each playout draws from one; the native kernel splits them the same way.
    """
    return rng.split()


class SeededRandom:
    """``randrange`` drawn from a `Draws` stream: how the Python kernel plays a playout's draws."""

    __slots__ = ("_draws",)

    def __init__(self, draws: Draws) -> None:
        self._draws = draws

    def randrange(self, n: int) -> int:
        return self._draws.below(n)

    def getrandbits(self, k: int) -> int:
        # Not drawn by the kernels (they call randrange); there for the random.Random shape.
        out = 0
        for _ in range((k + 31) // 32):
            out = out << 32 | self._draws.word()
        return out >> (-k % 32)


def _rng(rng: object) -> Draws:
    if rng is None:
        return generator(random.getrandbits(64))
    if type(rng) is Draws:
        return rng
    if isinstance(rng, int) and not isinstance(rng, bool):
        return generator(rng)
    raise PlayoutError(f"rng must be a seed, a generator from playouts.generator or None, not {rng!r}")


def _policy(policy: object, sign: object) -> tuple[bool, int]:
    if policy not in POLICIES:
        raise PlayoutError(f"policy must be one of {', '.join(map(repr, POLICIES))}, not {policy!r}")
    if sign not in (1, -1) or isinstance(sign, bool):
        raise PlayoutError(f"sign must be 1 or -1, not {sign!r}")
    return policy == "greedy", int(sign)  # type: ignore[call-overload, unused-ignore]


def _count(count: object) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
        raise PlayoutError(f"count must be a whole number from 0 to {MAX_COUNT}, not {count!r}")
    return count


def _state(state: object) -> State:
    if type(state) is not State:
        raise PlayoutError(f"playouts need a State, not {type(state).__name__}")
    if state.is_over:
        raise PlayoutError("the game is over: there is no hand to play out")
    return state


def python_playout(state: State, stream: Draws, greedy: bool, sign: int) -> tuple[int, ...]:
    """One playout in the Python kernel from ``stream``: each seat's points for the hand."""
    scored = len(state.score_sheet)
    rng = SeededRandom(stream)
    after = greedy_playout(state, rng, sign) if greedy else playout(state, rng, False)
    points: tuple[int, ...] = after.score_sheet[scored].points
    return points


def fresh_start(table: Table, stream: Draws) -> State:
    """A fresh deal from ``stream``, as the kernel deals it: shuffled and dealt as a game's first hand.

    The pack is shuffled with the stream's draws and dealt clockwise from seat 0 (the dealer);
    a passing module that draws its route draws it from the stream next.
    """
    dealt = deal_with(table, stream, 0)
    chance = Chance("hartenjagen/playouts", stream)
    return start_hand(table, 0, 0, dealt, (0,) * table.players, (), 0, 1, None, False, None, (), chance)


#: One playout's points, all 0, for each number of players: a batch's array is one of these repeated.
_ZEROS: Final = tuple(array("q", [0] * n) for n in range(14))


def _points(out: array[int], at: int, points: Sequence[int]) -> None:
    try:
        out[at : at + len(points)] = array("q", points)
    except OverflowError:
        raise PlayoutError(f"points beyond 64 bits ({points!r}): use rollout for this scoring") from None


def playouts(
    state: object,
    count: int = 1,
    *,
    rng: Draws | int | None = None,
    policy: str = "random",
    sign: int = 1,
) -> array[int]:
    """Play the hand of ``state`` out ``count`` times; each playout's points, seat by seat, in one array.

    Playout ``i``'s points are ``out[i * players : (i + 1) * players]``.
    """
    # The checks of the usual call first, inline: at one playout a call they are a third of its time.
    if type(state) is not State or state.is_over:
        _state(state)
    if type(count) is not int or not 0 <= count <= MAX_COUNT:
        count = _count(count)
    if policy == "random" and sign == 1 and type(sign) is int:
        greedy = False
    else:
        greedy, sign = _policy(policy, sign)
    draws = rng if type(rng) is Draws else _rng(rng)
    start: State = state  # type: ignore[assignment]
    table = table_of(start)
    n = table.players
    out = _ZEROS[n] * count
    done = 0
    plan = plan_for(table)
    if plan is not None:
        done = KERNEL.run(plan, 0, start, count, 1, greedy, sign, draws, out, None)
    for i in range(done, count):
        _points(out, i * n, python_playout(start, split(draws), greedy, sign))
    return out


def playouts_of(
    states: Sequence[object],
    *,
    rng: Draws | int | None = None,
    policy: str = "random",
    sign: int = 1,
    share: int = 1,
) -> array[int]:
    """Play each of ``states`` out once; their points, seat by seat, in one array (states of one rules value).

    ``share`` consecutive states play from one stream (common random numbers:
    every move of a decision tried on the same draws).
    """
    if isinstance(states, str | bytes) or not isinstance(states, Sequence):
        raise PlayoutError(f"states must be a sequence of States, not {type(states).__name__}")
    given = tuple(states)
    greedy, sign = _policy(policy, sign)
    if isinstance(share, bool) or not isinstance(share, int) or share < 1:
        raise PlayoutError(f"share must be a whole number of at least 1, not {share!r}")
    draws = _rng(rng)
    if not given:
        return array("q")
    table = table_of(_state(given[0]))
    n = table.players
    out = _ZEROS[n] * len(given)
    plan = plan_for(table)
    at = 0
    if plan is not None:
        # The kernel checks each state as it reads it (a State of this table, a hand to play) and
        # stops at the first it does not play; only then are the states checked here, one by one.
        words = draws.words()
        at = KERNEL.run(plan, 1, given, 0, share, greedy, sign, draws, out, None)
        if at == len(given):
            return out
        try:
            _same_rules(given, table)
        except PlayoutError:
            draws.set_words(words)  # refused: as if never called
            raise
    else:
        _same_rules(given, table)
    chosen = cast(tuple[State, ...], given)
    while at < len(chosen):
        stream = split(draws)  # a whole group of `share` in Python, from its stream
        words = stream.words()
        for i in range(at, min(at + share, len(chosen))):
            stream.set_words(words)
            _points(out, i * n, python_playout(chosen[i], stream, greedy, sign))
        at = min(at + share, len(chosen))
        if plan is not None and at < len(chosen):
            view = memoryview(out)[at * n :]
            done: int = KERNEL.run(plan, 1, chosen[at:], 0, share, greedy, sign, draws, view, None)
            at += done
            view.release()
    return out


def _same_rules(states: tuple[object, ...], table: Table) -> None:
    """Refuse anything but States with a hand to play, all of the rules of ``table``."""
    for state in states:
        other = table_of(_state(state))
        if other is not table and other != table:
            raise PlayoutError("the states of one call must have the same rules")


def deal_playouts(
    rules: object,
    count: int = 1,
    *,
    rng: Draws | int | None = None,
    policy: str = "random",
    sign: int = 1,
) -> array[int]:
    """Deal ``count`` fresh hands of ``rules`` (a game's first hand each) and play them out; points in one array."""
    if not isinstance(rules, Rules):
        raise PlayoutError(f"rules must be a Rules value, not {type(rules).__name__}")
    count = _count(count)
    greedy, sign = _policy(policy, sign)
    draws = _rng(rng)
    table = table_for(rules)
    n = table.players
    out = _ZEROS[n] * count
    done = 0
    plan = plan_for(table)
    if plan is not None:
        done = KERNEL.run(plan, 2, None, count, 1, greedy, sign, draws, out, None)
    for i in range(done, count):
        stream = split(draws)
        _points(out, i * n, python_playout(fresh_start(table, stream), stream, greedy, sign))
    return out


def view_playouts(
    view: Any,
    count: int = 1,
    *,
    rng: Draws | int | None = None,
    policy: str = "random",
    sign: int = 1,
) -> array[int]:
    """Sample ``count`` worlds consistent with a player's view and play each out once; points in one array.

    The worlds are the `Determinizer`'s (hidden cards dealt consistently with
    the view), drawn with a ``random.Random`` seeded from ``rng``.
    """
    from hartenjagen.bots.determinize import Determinizer  # the bots import this module
    from hartenjagen.frontend.views import PlayerView

    if not isinstance(view, PlayerView):
        raise PlayoutError(f"view_playouts needs a PlayerView, not {type(view).__name__}")
    count = _count(count)
    _policy(policy, sign)
    draws = _rng(rng)
    sampler = Determinizer(view)
    worlds_rng = random.Random(draws.word() << 32 | draws.word())
    worlds = [sampler.sample(worlds_rng, exchange=False) for _ in range(count)]
    return playouts_of(worlds, rng=draws, policy=policy, sign=sign)
