"""A cheap screen of the heuristic's moon defence: one random seat against three heuristics, moons counted.

Hand *i* (OpenSpiel's rules, the pass direction cycling left, right, across,
hold every four hands) is dealt from seed *i* of the development deals, with
the random bot at seat *i* mod 4: a random seat takes points by chance, and a
defence that keeps feeding it lets it shoot the moon. Prints the moons the
random seat shot and the heuristics' mean points a hand. Issue 41 measured 7
moons in 300 hands this way; it is a screen, not a strength figure (those are
against IS-MCTS: ``openspiel_tournament.py``).

Run: python benchmarks/moon_screen.py [--hands 2000]
"""

from __future__ import annotations

import argparse

import hartenjagen as hj
from hartenjagen.bots import HeuristicBot, RandomBot

DIRECTIONS = (hj.PassDirection.LEFT, hj.PassDirection.RIGHT, hj.PassDirection.ACROSS, hj.PassDirection.HOLD)


def screen(hands: int) -> tuple[int, float, float]:
    """(moons by the random seat, the heuristics' mean points a hand, the random seat's) over ``hands`` hands."""
    moons, heuristic, random_points = 0, 0.0, 0.0
    for i in range(hands):
        me = i % 4
        state = hj.new_game(hj.variants.openspiel(pass_direction=DIRECTIONS[(i // 4) % 4]), seed=i)
        bots = [RandomBot(seed=i) if s == me else HeuristicBot(seed=i * 4 + s) for s in range(4)]
        while not state.is_over:
            seat = state.to_move[0]
            state = hj.apply(state, bots[seat].choose(hj.view(state, seat)))
        line = state.score_sheet[-1]
        moons += line.shooter == me
        heuristic += sum(p for s, p in enumerate(line.points) if s != me) / 3
        random_points += line.points[me]
    return moons, heuristic / hands, random_points / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args()
    moons, heuristic, random_points = screen(args.hands)
    print(
        f"{args.hands} hands: the random seat shot {moons} moons; "
        f"the heuristics took {heuristic:.2f} points a hand, the random seat {random_points:.2f}"
    )


if __name__ == "__main__":
    main()
