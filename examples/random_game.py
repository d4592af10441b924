"""Play one seeded game of Hearts with random legal moves and print the score sheet hand by hand.

Run: python examples/random_game.py --seed 7
"""

from __future__ import annotations

import argparse
import random

import hartenjagen as hj


def play(seed: int) -> hj.State:
    """Play a whole game of the standard rules, every move chosen at random among the legal ones."""
    state = hj.new_game(hj.variants.STANDARD, seed=seed)
    chooser = random.Random(seed)
    while not state.is_over:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[chooser.randrange(len(moves))])
    return state


def score_sheet(state: hj.State) -> str:
    """The score sheet as text: one line per hand with the points and the running totals."""
    seats = range(state.players)
    header = "hand  dealer  pass    " + "".join(f"  seat {s}" for s in seats) + "   moon"
    lines = [header, "-" * len(header)]
    for result in state.score_sheet:
        direction = state.rules.passing.route(result.hand_index).name
        points = "".join(f"{p:>+8}" for p in result.points)
        moon = f"seat {result.shooter}" if result.shooter is not None else ""
        lines.append(f"{result.hand_index + 1:>4}  {result.dealer:>6}  {direction:<6}  {points}   {moon}")
        lines.append(" " * 22 + "".join(f"{t:>8}" for t in result.totals))
    winners = ", ".join(f"seat {s}" for s in state.winners)
    lines.append(f"Game over after {len(state.score_sheet)} hands. Winner: {winners}.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=7, help="seed of the deals and of the random moves")
    args = parser.parse_args()
    print(score_sheet(play(args.seed)))


if __name__ == "__main__":
    main()
