"""How strong are the bots? Heuristic against random, and sampling against heuristic, with 95% intervals.

Each match puts one bot (the contender) at one seat and the other bot at every
other seat, and plays the same deals with the contender at each seat in turn
(the symmetric rotations: seat 0, then seat 1, ...), so every deal is played
once from every seat. It reports, over all the games:

- the contender's win rate (a shared win among k seats counts 1/k) with a
  Wilson 95% interval, against the 1/players an equal bot would have;
- the contender's mean final total (penalty points: lower is better) with a
  95% interval, and the mean final total of the other seats;
- the moons the contender shot.

The first match is ``heuristic`` against three ``random`` bots, the others
``sampling`` (with a small sample budget, once per playout kind) against three
``heuristic`` bots. Standard rules, whole games to 100.

Run: python benchmarks/bot_tournament.py [--games 1000] [--sampling-games 200] [--samples 10]
     [--playouts random,greedy] [--workers 2] [--seed 0]
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Mapping
from typing import Any

from hartenjagen import variants
from hartenjagen.rules import Rules
from hartenjagen.simulate import simulate


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def match(
    rules: Rules,
    contender: str,
    field: str,
    games: int,
    *,
    seed: int,
    workers: int,
    options: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, float]:
    """``contender`` against ``field`` bots, ``games`` games split over the rotations; the totals."""
    players = rules.players
    per_seat = max(1, games // players)
    wins = total = squares = others = moons = 0.0
    played = 0
    for seat in range(players):
        lineup = [field] * players
        lineup[seat] = contender
        result = simulate(rules, lineup, games=per_seat, seed=seed, workers=workers, options=options)
        mine = result.seats[seat]
        wins += mine.wins
        total += mine.mean_total * per_seat
        squares += (mine.total_sd**2 + mine.mean_total**2) * per_seat
        others += sum(s.mean_total for s in result.seats if s.seat != seat) / (players - 1) * per_seat
        moons += mine.moon_shots
        played += per_seat
    mean = total / played
    sd = math.sqrt(max(squares / played - mean * mean, 0.0))
    return {
        "games": played,
        "wins": wins,
        "mean": mean,
        "sd": sd,
        "others": others / played,
        "moons": moons,
        "players": players,
    }


def report(title: str, row: dict[str, float], seconds: float) -> None:
    games = int(row["games"])
    low, high = wilson(row["wins"], games)
    half = 1.96 * row["sd"] / math.sqrt(games) if games > 1 else float("nan")
    print(f"{title}")
    print(f"  games            {games}  ({seconds:.0f} s)")
    print(
        f"  win rate         {100 * row['wins'] / games:5.1f}%  95% CI {100 * low:.1f}%-{100 * high:.1f}%"
        f"  (an equal bot: {100 / row['players']:.1f}%)"
    )
    print(
        f"  mean final total {row['mean']:5.1f}   ± {half:.1f} (95%)   the other seats: {row['others']:.1f}"
    )
    print(f"  moons shot       {int(row['moons'])}")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games of heuristic against random")
    parser.add_argument("--sampling-games", type=int, default=200, help="games of sampling against heuristic")
    parser.add_argument("--samples", type=int, default=10, help="the sampling bot's deals per decision")
    parser.add_argument(
        "--playouts", default="random,greedy", help="sampling playouts to measure (comma-separated)"
    )
    parser.add_argument("--workers", type=int, default=2, help="processes to play in")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals")
    args = parser.parse_args()
    rules = variants.STANDARD
    if args.games:
        start = time.perf_counter()
        row = match(rules, "heuristic", "random", args.games, seed=args.seed, workers=args.workers)
        report("heuristic against 3 random bots (standard, to 100)", row, time.perf_counter() - start)
    for playout in filter(None, (p.strip() for p in args.playouts.split(","))):
        if not args.sampling_games:
            break
        start = time.perf_counter()
        options = {"sampling": {"samples": args.samples, "playout": playout}}
        row = match(
            rules,
            "sampling",
            "heuristic",
            args.sampling_games,
            seed=args.seed,
            workers=args.workers,
            options=options,
        )
        title = (
            f"sampling ({args.samples} deals, {playout} playouts) against 3 heuristic bots (standard, to 100)"
        )
        report(title, row, time.perf_counter() - start)


if __name__ == "__main__":
    main()
