"""A small bot tournament: each bot takes seat 0 against three heuristic bots, the same deals for all.

Every contender plays the same games (same seed, so the same deals) in every
seat's place, and the table ranks them by their share of wins at seat 0.

Run: python examples/bot_tournament.py --games 40 --variant standard
     python examples/bot_tournament.py --games 8 --contenders random,heuristic,sampling --workers 2
"""

from __future__ import annotations

import argparse

from hartenjagen import variants
from hartenjagen.bots.simulate import simulate


def tournament(
    variant: str, contenders: list[str], games: int, seed: int, workers: int
) -> list[tuple[str, float, float, int]]:
    """``(bot, wins at seat 0, mean final total, moons)`` per contender, best first."""
    rules = variants.get(variant)
    rows = []
    for bot in contenders:
        lineup = [bot] + ["heuristic"] * (rules.players - 1)
        result = simulate(rules, lineup, games=games, seed=seed, workers=workers)
        seat = result.seats[0]
        rows.append((bot, seat.wins, seat.mean_total, seat.moon_shots))
    return sorted(rows, key=lambda row: (-row[1], row[2]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard", help="a preset name or alias")
    parser.add_argument("--games", type=int, default=20, help="games per contender")
    parser.add_argument("--contenders", default="random,heuristic", help="bots to compare, comma-separated")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals")
    parser.add_argument("--workers", type=int, default=1, help="processes to play in")
    args = parser.parse_args()
    contenders = [name.strip() for name in args.contenders.split(",")]
    rows = tournament(args.variant, contenders, args.games, args.seed, args.workers)
    print(f"{args.variant}, {args.games} games each, against heuristic bots:")
    print(f"{'rank':>4}  {'bot':<10} {'wins':>6} {'mean points':>11} {'moons':>5}")
    for rank, (bot, wins, mean, moons) in enumerate(rows, start=1):
        print(f"{rank:>4}  {bot:<10} {wins:>6g} {mean:>11.1f} {moons:>5}")


if __name__ == "__main__":
    main()
