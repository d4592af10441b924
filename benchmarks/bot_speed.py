"""Time per decision of the bundled bots, on whole hands of every preset (not a timed test).

Each bot plays every seat of ``--hands`` hands per preset against copies of
itself; the time of ``choose(view)`` (the view built outside the timing) is
summed per kind of decision (play, pass). Results go to ``--out`` (JSON).

Run: nice -n 10 python benchmarks/bot_speed.py [--hands 20] [--bots heuristic,sampling] [--out benchmarks/results/bot_speed.json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import attrs

import hartenjagen as hj
from hartenjagen.bots import make_bot
from hartenjagen.rules.ending import SINGLE_HAND


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--bots", default="heuristic,sampling")
    parser.add_argument("--presets", default="")
    parser.add_argument("--out", default="benchmarks/results/bot_speed.json")
    args = parser.parse_args()
    wanted = {p for p in args.presets.split(",") if p}
    results: dict[str, dict[str, dict[str, float]]] = {}
    for name in args.bots.split(","):
        results[name] = {}
        for preset in hj.variants.ALL:
            if wanted and preset.name not in wanted:
                continue
            rules = attrs.evolve(preset.rules, ending=SINGLE_HAND)
            spent = {"play": 0.0, "pass": 0.0}
            counts = {"play": 0, "pass": 0}
            for hand in range(args.hands):
                bots = [make_bot(name, seed=hand * 10 + s) for s in range(rules.players)]
                state = hj.new_game(rules, seed=hand)
                while not state.is_over:
                    seat = state.to_move[0]
                    view = hj.view(state, seat)
                    kind = "pass" if state.phase is hj.Phase.PASSING else "play"
                    start = time.perf_counter()
                    move = bots[seat].choose(view)
                    spent[kind] += time.perf_counter() - start
                    counts[kind] += 1
                    state = hj.apply(state, move)
            results[name][preset.name] = {
                f"ms_per_{k}": 1000 * spent[k] / counts[k] for k in spent if counts[k]
            } | {"decisions": counts["play"] + counts["pass"]}
            print(name, preset.name, results[name][preset.name], flush=True)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
