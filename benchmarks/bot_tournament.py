"""How strong are the bots over whole games? Win rates and mean totals with 95 % intervals.

Each match puts one bot (the contender) at one seat and another bot at every
other seat, and plays the same deals with the contender at each seat in turn
(the symmetric rotations: seat 0, then seat 1, ...), so every deal is played
once from every seat. It reports, over all the games:

- the contender's win rate (a shared win among k seats counts 1/k) with a
  Wilson 95 % interval, against the 1/players an equal bot would have;
- the contender's mean final total (lower is better) with a 95 % interval, and
  the mean final total of the other seats;
- the moons the contender shot.

Matches (``--matches``, comma-separated):

- ``v1``: today's ``heuristic`` against three of the heuristic as it was before
  issue 16 (``benchmarks/heuristic_v1.py``), standard rules, ``--games`` games;
- ``random``: ``heuristic`` against three ``random`` bots, ``--games`` games;
- ``presets``: ``sampling`` against ``heuristic`` bots at every other seat in
  every preset of ``hartenjagen.variants`` (the seed presets, ``variants.ALL``,
  and the family's, ``variants.FAMILY``), ``--preset-games`` games each;

Results go to ``--out`` (JSON, rewritten after every match, so a long run can
be stopped and still reported). The deals are a named set (``--deal-set
development`` or ``held-out``, ``benchmarks/deal_sets.py``): every seed the run
deals from must lie in it, the set is recorded in the JSON (``deal_set``), and
``--resume`` refuses a file of the other set.

Run: python benchmarks/bot_tournament.py [--matches v1,presets] [--games 1000] [--preset-games 40]
     [--samples 24] [--workers 1] [--deal-set development] [--seed 0] [--out benchmarks/results/tournament.json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # heuristic_v1, in the workers too; deal_sets

import deal_sets
from hartenjagen import variants
from hartenjagen.bots.simulate import simulate
from hartenjagen.rules import Rules
from tournament_common import commit

os.environ["PYTHONPATH"] = os.pathsep.join(
    filter(None, [str(Path(__file__).resolve().parent), os.environ.get("PYTHONPATH")])
)

V1 = "heuristic_v1:HeuristicBotV1"


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
    low, high = wilson(wins, played)
    return {
        "games": played,
        "wins": wins,
        "win_rate": wins / played,
        "win_low": low,
        "win_high": high,
        "equal_share": 1 / players,
        "mean_total": mean,
        "mean_half_width": 1.96 * sd / math.sqrt(played) if played > 1 else float("nan"),
        "others_mean_total": others / played,
        "moons": moons,
        "players": players,
    }


def report(title: str, row: Mapping[str, Any]) -> None:
    print(title)
    print(f"  games            {int(row['games'])}  ({row['seconds']:.0f} s)")
    print(
        f"  win rate         {100 * row['win_rate']:5.1f}%  95% CI {100 * row['win_low']:.1f}%-"
        f"{100 * row['win_high']:.1f}%  (an equal bot: {100 * row['equal_share']:.1f}%)"
    )
    print(
        f"  mean final total {row['mean_total']:5.1f}  ± {row['mean_half_width']:.1f} (95%)"
        f"   the other seats: {row['others_mean_total']:.1f}"
    )
    print(f"  moons shot       {int(row['moons'])}", flush=True)


def _sums_of(row: Mapping[str, Any], acc: dict[str, float]) -> int:
    """Fill ``acc`` with the sums behind a saved preset row (games, wins, totals and their squares ...); its rounds."""
    n = int(row["games"])
    mean = row["mean_total"]
    sd = row["mean_half_width"] * math.sqrt(n) / 1.96 if n > 1 else 0.0
    acc.update(
        games=n,
        wins=row["wins"],
        total=mean * n,
        squares=(sd * sd + mean * mean) * n,
        others=row["others_mean_total"] * n,
        moons=row["moons"],
        seconds=row["seconds"],
    )
    return int(row["rounds"])


def presets(args: argparse.Namespace, results: dict[str, Any], out: Path) -> None:
    """Sampling against heuristics in every preset, round by round: a round is one deal per preset, every seat.

    Every preset gets the same number of rounds, so a run stopped early still
    covers them all; the JSON is rewritten after every round. With ``--resume``
    the rounds already in the JSON are kept and play goes on from the next one
    (round ``r`` deals with seed ``--seed + r``, so no deal is played twice).
    """
    wanted = {p.strip() for p in args.presets.split(",") if p.strip()}
    every = (*variants.ALL, *variants.FAMILY)
    unknown = wanted - {p.name for p in every}
    if unknown:
        raise SystemExit(f"--presets: no preset named {', '.join(sorted(unknown))}")
    chosen = [p for p in every if not wanted or p.name in wanted]
    options = {"sampling": {"samples": args.samples}} if args.samples else None
    sums: dict[str, dict[str, float]] = {
        p.name: dict.fromkeys(("games", "wins", "total", "squares", "others", "moons", "seconds"), 0.0)
        for p in chosen
    }
    done = dict.fromkeys(sums, 0)  # rounds already in the results, per preset (--resume)
    if args.resume and out.exists():
        earlier = json.loads(out.read_text())["matches"]
        for name, acc in sums.items():
            row = earlier.get(f"sampling_vs_heuristic/{name}")
            if row:
                results["matches"][f"sampling_vs_heuristic/{name}"] = row
                done[name] = _sums_of(row, acc)
    rounds = max(1, args.preset_games // 4)
    for game in range(min(done.values(), default=0), rounds):
        for preset in chosen:
            if game < done[preset.name]:
                continue
            rules = preset.rules
            acc = sums[preset.name]
            for seat in range(rules.players):
                lineup = ["heuristic"] * rules.players
                lineup[seat] = "sampling"
                start = time.perf_counter()
                result = simulate(rules, lineup, games=1, seed=args.seed + game, options=options)
                acc["seconds"] += time.perf_counter() - start
                mine = result.seats[seat]
                acc["games"] += 1
                acc["wins"] += mine.wins
                acc["total"] += mine.mean_total
                acc["squares"] += mine.mean_total**2
                acc["others"] += sum(s.mean_total for s in result.seats if s.seat != seat) / (
                    rules.players - 1
                )
                acc["moons"] += mine.moon_shots
            n = int(acc["games"])
            mean = acc["total"] / n
            sd = math.sqrt(max(acc["squares"] / n - mean * mean, 0.0))
            low, high = wilson(acc["wins"], n)
            results["matches"][f"sampling_vs_heuristic/{preset.name}"] = {
                "title": f"sampling vs heuristic × {rules.players - 1} ({preset.name})",
                "games": n,
                "rounds": game + 1,
                "wins": acc["wins"],
                "win_rate": acc["wins"] / n,
                "win_low": low,
                "win_high": high,
                "equal_share": 1 / rules.players,
                "mean_total": mean,
                "mean_half_width": 1.96 * sd / math.sqrt(n) if n > 1 else float("nan"),
                "others_mean_total": acc["others"] / n,
                "moons": acc["moons"],
                "players": rules.players,
                "seconds": acc["seconds"],
            }
        out.write_text(json.dumps(results, indent=1) + "\n")
        print(f"round {game + 1}/{rounds} done", flush=True)
    for key, row in results["matches"].items():
        if key.startswith("sampling_vs_heuristic/"):
            report(row["title"], row)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", default="v1,presets", help="v1, random, presets (comma-separated)")
    parser.add_argument("--games", type=int, default=1000, help="games of the heuristic matches")
    parser.add_argument(
        "--preset-games", type=int, default=40, help="games per preset of sampling vs heuristic"
    )
    parser.add_argument("--samples", type=int, default=None, help="the sampling bot's deals per decision")
    parser.add_argument("--presets", default="", help="only these presets (comma-separated names)")
    parser.add_argument("--workers", type=int, default=1, help="processes to play in")
    parser.add_argument(
        "--seed", type=int, default=None, help="seed of the deals (default: the deal set's first)"
    )
    deal_sets.add_argument(parser)
    parser.add_argument("--out", default="benchmarks/results/tournament.json", help="JSON results file")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="presets: keep the rounds (and other rows) already in --out, play the next ones",
    )
    args = parser.parse_args()
    # Game i of a match is dealt from seed + i, round r of the presets from seed + r: all in the set.
    span = max(args.games, max(1, args.preset_games // 4))
    try:
        deal_set, args.seed = deal_sets.resolve(args.deal_set, args.seed, span=span)
    except deal_sets.DealSetError as error:
        parser.error(str(error))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {
        "args": vars(args),
        "commit": commit(),
        **deal_sets.record(deal_set, args.seed, span=span),
        "matches": {},
    }
    if args.resume and out.exists():  # a resumed run of some presets keeps every other row of the file
        kept = json.loads(out.read_text())
        try:
            deal_sets.check_resume(kept, deal_set)
        except deal_sets.DealSetError as error:
            raise SystemExit(f"{out}: {error}") from None
        results["matches"].update(kept["matches"])

    def run(key: str, title: str, rules: Rules, contender: str, field: str, games: int, **kw: Any) -> None:
        start = time.perf_counter()
        row = match(rules, contender, field, games, seed=args.seed, workers=args.workers, **kw)
        row["seconds"] = time.perf_counter() - start
        row["title"] = title
        results["matches"][key] = row
        out.write_text(json.dumps(results, indent=1) + "\n")
        report(title, row)

    for name in filter(None, (m.strip() for m in args.matches.split(","))):
        if name == "v1":
            run(
                "heuristic_vs_v1",
                "heuristic vs 3 × heuristic-v1 (standard, to 100)",
                variants.STANDARD,
                "heuristic",
                V1,
                args.games,
            )
        elif name == "random":
            run(
                "heuristic_vs_random",
                "heuristic vs 3 × random (standard, to 100)",
                variants.STANDARD,
                "heuristic",
                "random",
                args.games,
            )
        elif name == "presets":
            presets(args, results, out)
        else:
            parser.error(f"unknown match {name!r}")


if __name__ == "__main__":
    main()
