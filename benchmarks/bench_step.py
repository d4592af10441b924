"""How many random hands per second: hartenjagen against OpenSpiel's Hearts.

Both engines play the same work: one hand of OpenSpiel's rules per game
(``hartenjagen.variants.openspiel()``), from the deal through the passes to the
last card, every decision chosen uniformly at random among the legal ones. The
pass direction is drawn uniformly from no pass, left, across and right on both
sides, as OpenSpiel's first chance node does.

* hartenjagen: ``new_game`` (a seeded shuffle), then ``legal_moves`` and
  ``apply`` until the game is over; a pass is a uniform choice among all the
  three-card passes ``legal_moves`` offers.
* OpenSpiel: ``new_initial_state``, then ``legal_actions`` and ``apply_action``
  at every node: the pass-direction chance node, the 52 dealing chance nodes
  (each outcome has the same probability), 12 one-card passes and 52 plays.

It also measures whole games of ``hartenjagen.variants.STANDARD`` (to 100) in
hands per second.

Run: python benchmarks/bench_step.py [--seconds 5] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import hartenjagen as hj

try:
    import pyspiel  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - OpenSpiel is a dev dependency
    pyspiel = None

#: Our rules for each of OpenSpiel's four pass directions (its first chance action).
OPENSPIEL_RULES: tuple[hj.Rules, ...] = tuple(
    hj.variants.openspiel(pass_direction=d)
    for d in (hj.PassDirection.HOLD, hj.PassDirection.LEFT, hj.PassDirection.ACROSS, hj.PassDirection.RIGHT)
)

#: Plays one unit of work with the given random source and returns the number of hands it played.
Runner = Callable[[random.Random], int]


def ours_openspiel_hand(rng: random.Random) -> int:
    """One hand of OpenSpiel's rules on hartenjagen."""
    state = hj.new_game(rng.choice(OPENSPIEL_RULES), seed=rng.getrandbits(32))
    legal_moves, apply, randrange = hj.legal_moves, hj.apply, rng.randrange
    while not state.is_over:
        moves = legal_moves(state)
        state = apply(state, moves[randrange(len(moves))])
    return 1


def ours_standard_game(rng: random.Random) -> int:
    """One whole game of the standard rules on hartenjagen; returns the hands it took."""
    state = hj.new_game(hj.variants.STANDARD, seed=rng.getrandbits(32))
    legal_moves, apply, randrange = hj.legal_moves, hj.apply, rng.randrange
    while not state.is_over:
        moves = legal_moves(state)
        state = apply(state, moves[randrange(len(moves))])
    return len(state.score_sheet)


def openspiel_runner(game: Any) -> Runner:
    """One hand of OpenSpiel's Hearts (``game``), chance nodes included."""

    def run(rng: random.Random) -> int:
        state = game.new_initial_state()
        randrange = rng.randrange
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[randrange(len(actions))])
        return 1

    return run


def measure(runner: Runner, seconds: float, seed: int) -> tuple[int, float]:
    """Run ``runner`` repeatedly for about ``seconds`` after a short warm-up; (hands, elapsed)."""
    warm_rng = random.Random(f"warm-up/{seed}")
    warm_end = time.perf_counter() + min(1.0, seconds / 5)
    while time.perf_counter() < warm_end:
        runner(warm_rng)
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        hands += runner(rng)
        now = time.perf_counter()
    return hands, now - start


def report(name: str, hands: int, elapsed: float) -> float:
    """Print one measurement; return its hands per second."""
    rate = hands / elapsed
    print(
        f"{name:<40} {rate:>10,.0f} hands/s  ({hands:,} hands in {elapsed:.2f} s, {1e6 / rate:,.0f} µs/hand)"
    )
    return rate


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per measurement (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random moves (default 0)")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be above 0")

    print(f"random hands, {args.seconds:g} s per measurement, seed {args.seed}")
    ours = report("hartenjagen, variants.openspiel()", *measure(ours_openspiel_hand, args.seconds, args.seed))
    if pyspiel is None:
        print("OpenSpiel (pyspiel) is not installed: pip install open-spiel==2.0.2")
    else:
        game = pyspiel.load_game("hearts")
        theirs = report(
            "OpenSpiel hearts (Python API)", *measure(openspiel_runner(game), args.seconds, args.seed)
        )
        print(f"{'ratio hartenjagen / OpenSpiel':<40} {ours / theirs:>10.2f}")
    report("hartenjagen, variants.STANDARD (games)", *measure(ours_standard_game, args.seconds, args.seed))


if __name__ == "__main__":
    main()
