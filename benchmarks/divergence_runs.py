"""A bot against its previous version on the hands where they part: the recorded run replayed to the first change.

OpenSpiel's IS-MCTS does not repeat itself between runs (the same seed, deal
and history give other passes and plays), so two whole runs of two versions of
a bot differ in every hand by the field's noise, and a change that alters a
tenth of the hands drowns in it. Here the previous version's recorded run (an
``openspiel_tournament.py`` ``.jsonl``) is the common history:

1. ``find``: the bot on the path (the new version) is replayed through every
   recorded hand of the pairing (``replay_decisions.replay_hand``); a hand
   whose decisions all repeat is one both versions play alike, and counts 0;
   for the others the first differing decision is kept.
2. ``play TAG``: each such hand is replayed as recorded up to that decision,
   and from there played out by the bot on the path against fresh IS-MCTS
   seats; run once with the new version on the path (``new``) and once with the
   previous one (``old``): up to that point both versions play alike, so the two
   play-outs differ only by the change and the field's noise.
3. ``summary``: new minus old per hand, averaged over a hand's play-outs, 0 for
   the hands that do not part, with a 95 % interval over deals (a deal's four
   seatings are one unit) across all the run's hands.

Run (development deals only; the recorded run's seed and field):
    PYTHONPATH=src python benchmarks/divergence_runs.py find benchmarks/results/openspiel_strongest.jsonl OUT.json
    PYTHONPATH=src python benchmarks/divergence_runs.py play OUT.json new --reps 2
    PYTHONPATH=PREVIOUS/src python benchmarks/divergence_runs.py play OUT.json old --reps 2
    python benchmarks/divergence_runs.py summary OUT.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the tournament's own helpers

import pyspiel  # type: ignore[import-not-found]

import hartenjagen as hj
import openspiel_tournament as ot
import replay_decisions as rd
from hartenjagen.cards import Card
from tournament_common import mean_ci


def find(run: Path, out: Path, pairing: str, seed: int) -> int:
    """Write to ``out`` each recorded hand where the bot on the path decides otherwise, with its first change."""
    points = []
    hands = 0
    for record in rd.records_of(run, pairing):
        hands += 1
        _, wrong = rd.replay_hand(record, seed)
        if wrong:
            at = ["pass", 0] if "pass" in wrong[0] else ["play", wrong[0]["play"]]
            points.append({"record": record, "at": at})
    out.write_text(
        json.dumps({"run": str(run), "seed": seed, "pairing": pairing, "hands": hands, "points": points})
    )
    return len(points)


def play_out(
    record: dict[str, Any], at: list[Any], seed: int, sims: int, uct_c: float
) -> tuple[float, int | None]:
    """The hand replayed as recorded up to ``at``, then played by the bot on the path: (its margin, the shooter)."""
    index, me = record["deal"], record["seat"]
    rng = random.Random(f"{seed}/{index}")
    direction = rng.randrange(4)
    deal = list(range(52))
    rng.shuffle(deal)
    hands = [deal[s::4] for s in range(4)]
    bot_seed = hash((seed, index, me, 0)) % (1 << 31)  # the tournament's seed for the contender
    seats = [
        ot.Seat(
            record["pairing"].split("-vs-")[0] if s == me else "ismcts",
            bot_seed if s == me else random.randrange(1 << 31),
            sims,
            uct_c,
        )
        for s in range(4)
    ]
    game = pyspiel.load_game("hearts")
    theirs = game.new_initial_state()
    theirs.apply_action(direction)
    for action in deal:
        theirs.apply_action(action)
    rules = hj.variants.openspiel(pass_direction=ot.DIRECTIONS[direction])
    ours = hj.new_game(rules, deal=[[ot.os_card(x) for x in hand] for hand in hands], dealer=ot.DEALER)
    if ours.phase is hj.Phase.PASSING:
        for s in range(4):  # IS-MCTS passes as recorded (it passes before seeing any pass); the bot its own
            move = seats[s].bot.choose(hj.view(ours, s)) if s == me else None
            cards = (
                list(move.cards)
                if move is not None
                else [Card.parse(c) for c in record["cards"]["passed"][s]]
            )
            ours = hj.apply(ours, hj.Pass(s, cards))
            for card in cards:
                theirs.apply_action(ot.os_action(card))
    recorded = record["cards"]["played"]
    limit = at[1] if at[0] == "play" else 0
    i = 0
    while not ours.is_over:
        s = theirs.current_player()
        if i < limit:
            card = Card.parse(recorded[i])
            if s == me:  # asked all the same: the bot's random source stays in step with the record
                seats[s].bot.choose(hj.view(ours, s))
        elif seats[s].ismcts:
            card = ot.os_card(seats[s].bot.step(theirs))
        else:
            card = seats[s].bot.choose(hj.view(ours, s)).card
        ours = hj.apply(ours, hj.Play(s, card))
        theirs.apply_action(ot.os_action(card))
        i += 1
    points = list(ours.score_sheet[-1].points)
    return points[me] - sum(p for s, p in enumerate(points) if s != me) / 3, ours.score_sheet[-1].shooter


def play(found: Path, tag: str, reps: int, sims: int, uct_c: float) -> None:
    """Play each parting hand of ``found`` out ``reps`` times with the bot on the path, into ``<found>_<tag>.jsonl``."""
    data = json.loads(found.read_text())
    out = found.with_name(f"{found.stem}_{tag}.jsonl")
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done.add((row["deal"], row["seat"], row["rep"]))
    with out.open("a") as lines:
        for rep in range(reps):
            for point in data["points"]:
                record = point["record"]
                if (record["deal"], record["seat"], rep) in done:
                    continue
                cpu = time.process_time()
                margin, shooter = play_out(record, point["at"], data["seed"], sims, uct_c)
                row = {
                    "deal": record["deal"],
                    "seat": record["seat"],
                    "rep": rep,
                    "margin": margin,
                    "moon": shooter,
                    "cpu": time.process_time() - cpu,
                }
                lines.write(json.dumps(row) + "\n")
                lines.flush()


def summary(found: Path, new: str = "new", old: str = "old") -> dict[str, Any]:
    """New minus old over every hand of the run (0 where they do not part), 95 % over deals."""
    data = json.loads(found.read_text())
    means = {}
    counts = {}
    moons = {}
    for tag in (new, old):
        rows: dict[tuple[int, int], list[float]] = defaultdict(list)
        moons[tag] = 0
        for line in found.with_name(f"{found.stem}_{tag}.jsonl").read_text().splitlines():
            row = json.loads(line)
            rows[row["deal"], row["seat"]].append(row["margin"])
            moons[tag] += row["moon"] is not None and row["moon"] != row["seat"]
        means[tag] = {key: sum(v) / len(v) for key, v in rows.items()}
        counts[tag] = sum(len(v) for v in rows.values())
    both = sorted(set(means[new]) & set(means[old]))
    deals: dict[int, float] = defaultdict(float)
    for key in both:
        deals[key[0]] += means[new][key] - means[old][key]
    seatings = 4
    all_deals = data["hands"] // seatings
    difference, half = mean_ci([deals.get(d, 0.0) / seatings for d in range(all_deals)])
    return {
        "hands": data["hands"],
        "parting_hands": len(data["points"]),
        "played_out": len(both),
        "play_outs": counts,
        "moons_suffered_in_play_outs": moons,
        "difference_over_parting_hands": sum(means[new][k] - means[old][k] for k in both) / max(len(both), 1),
        "difference": difference,
        "half_width_95": half,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    a = sub.add_parser("find")
    a.add_argument("run", type=Path)
    a.add_argument("out", type=Path)
    a.add_argument("--pairing", default="heuristic-vs-ismcts")
    a.add_argument("--seed", type=int, default=0, help="the run's --seed")
    b = sub.add_parser("play")
    b.add_argument("found", type=Path)
    b.add_argument("tag")
    b.add_argument("--reps", type=int, default=1)
    b.add_argument("--sims", type=int, default=4000)
    b.add_argument("--uct-c", type=float, default=2.0)
    c = sub.add_parser("summary")
    c.add_argument("found", type=Path)
    args = parser.parse_args()
    if args.command == "find":
        print(f"{find(args.run, args.out, args.pairing, args.seed)} hands part")
    elif args.command == "play":
        play(args.found, args.tag, args.reps, args.sims, args.uct_c)
    else:
        print(json.dumps(summary(args.found), indent=1))


if __name__ == "__main__":
    main()
