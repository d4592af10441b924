"""Our bots against OpenSpiel's C++ IS-MCTS on OpenSpiel's own rules, in lockstep, with 95 % intervals.

Every hand is played on both engines at once: OpenSpiel's ``hearts`` (default
flags) and ours (``hartenjagen.variants.openspiel(pass_direction=...)``, the
same rules: see tests/test_openspiel_differential.py). The same pass direction
and deal go to both (OpenSpiel's first chance action is the direction, then the
i-th card dealt goes to seat i % 4; ours gets the same hands with dealer 3),
and every pass and play is applied to both (OpenSpiel passes one card per
action, seats 0..3 in turn). At the end the two engines' points must agree.

A pairing ``A-vs-B`` puts bot A at one seat and B at the three others, and
plays every deal once with A at each seat in turn (the same deals for every
pairing). A bot is ``ismcts`` (OpenSpiel's ``ISMCTSBot`` with a random-rollout
evaluator, ``--sims`` simulations a move, the exploration constant ``--uct-c``,
the max-visit-count final policy; ``ismcts:uct_c=5,sims=1000`` sets its own) or
a bundled bot's name (``heuristic``, ``sampling``, or
``sampling:samples=16,playout=greedy`` with options).

**The field is the strongest IS-MCTS we found.** ``--sweep 1,2,5,10,20,40``
first ranks IS-MCTS's ``uct_c`` settings (at ``--sims``) against each other in
the same lockstep: with k settings, deal d is played k times, table j seating
setting (j + s) mod k at seat s, so every setting plays every seat once a deal
against a mix of the others, and every hand measures four settings at once.
A setting's margin is its points minus the mean of the other three at the
table. The strongest (lowest mean margin) is written to the sweep's JSON
(``benchmarks/results/ismcts_sweep.json``), and that is the ``uct_c`` of
``ismcts`` whenever ``--uct-c`` is not given.

OpenSpiel 2.0.2's ``ResampleFromInfostate`` is wrong in the pass phase once the
seat passing to the searching seat has passed (and its IS-MCTS then crashes),
so an IS-MCTS seat chooses its pass on a copy of the deal relabelled so that it
sits at seat 0 with nobody having passed: exactly what it knows when it passes.
(That resampler also ignores shown voids in play; IS-MCTS gets no help here.)

Per pairing it reports the hands played, A's mean points per hand, the others'
mean, and A's margin (A's points minus the mean of the three others', per
hand; lower is better) with a 95 % interval **over deals** (a deal's seatings
are one unit: their mean margin), the interval over hands beside it, and the
mean wall and CPU time per play and per pass of each side; for every two
pairings, the difference of their bots' margins on the same deals and seats
(``paired``, the same interval over deals). Results are
written to ``--out`` (JSON, with the field's settings and the commit) every
``--flush`` hands, so a long run can be stopped and still reported; each hand
is also a line of ``<out>.jsonl``, with its cards (each seat's pass and the
plays in order, for the card-sense checks of ``benchmarks/card_sense.py``);
``--resume`` keeps them and plays the rest.

**The deals are a named set** (``benchmarks/deal_sets.py``): ``--deal-set
development`` (seeds 0 to 999,999, the default: tuning) or ``--deal-set
held-out`` (seeds from 1,000,000: the figures reported), recorded in the JSON
(``deal_set``). A ``--seed`` of the other set's range is refused, a held-out
seed needs the set named, a ``--sweep`` (it chooses the field's setting) never
runs on held-out deals, and ``--resume`` never pools the two sets.

Run: nice -n 10 python benchmarks/openspiel_tournament.py --sweep 1,2,5,10,20,40 --hands 240 \
         --out benchmarks/results/ismcts_sweep.json
     nice -n 10 python benchmarks/openspiel_tournament.py --pairings heuristic-vs-ismcts,sampling-vs-ismcts
         [--hands 1000] [--sims 4000] [--uct-c C] [--workers 1] [--deal-set development] [--seed 0] [--out benchmarks/results/openspiel.json]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import pyspiel  # type: ignore[import-not-found]

import deal_sets
import hartenjagen as hj
from hartenjagen.bots import make_bot
from tournament_common import commit, mean_ci, os_action, os_card, parse_bot

PLAYERS = 4
DEALER = 3  # OpenSpiel deals the first card to seat 0: eldest is seat 0
DIRECTIONS = {
    0: hj.PassDirection.HOLD,
    1: hj.PassDirection.LEFT,
    2: hj.PassDirection.ACROSS,
    3: hj.PassDirection.RIGHT,
}
ROOT = Path(__file__).resolve().parent.parent
SWEEP_FILE = ROOT / "benchmarks" / "results" / "ismcts_sweep.json"


class Seat:
    """One seat's player: our bot (from our view) or OpenSpiel's IS-MCTS (from OpenSpiel's state)."""

    def __init__(self, spec: str, seed: int, sims: int, uct_c: float) -> None:
        self.spec = spec
        name, options = parse_bot(spec)
        self.ismcts = name == "ismcts"
        self.seconds = self.cpu = 0.0
        self.moves = 0
        self.pass_seconds = self.pass_cpu = 0.0
        self.passes = 0
        if self.ismcts:
            unknown = set(options) - {"uct_c", "sims"}
            if unknown:
                raise SystemExit(f"ismcts takes uct_c= and sims=, not {sorted(unknown)}")
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
            self.bot: Any = pyspiel.ISMCTSBot(
                seed,
                evaluator,
                float(options.get("uct_c", uct_c)),
                int(options.get("sims", sims)),
                -1,
                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                False,
                False,
            )
        else:
            self.bot = make_bot(name, seed=seed, **options)

    def times(self) -> dict[str, float]:
        return {
            "play_seconds": self.seconds,
            "play_cpu": self.cpu,
            "plays": self.moves,
            "pass_seconds": self.pass_seconds,
            "pass_cpu": self.pass_cpu,
            "passes": self.passes,
        }


def _pass_by_ismcts(seat: Seat, game: Any, direction: int, hands: list[list[int]], me: int) -> list[int]:
    """IS-MCTS's pass, chosen on the deal relabelled so that ``me`` is seat 0 and nobody has passed."""
    copy = game.new_initial_state()
    copy.apply_action(direction)
    for i in range(52):
        copy.apply_action(hands[(i % PLAYERS + me) % PLAYERS][i // PLAYERS])
    chosen = []
    for _ in range(3):
        assert copy.current_player() == 0
        action = seat.bot.step(copy)
        chosen.append(action)
        copy.apply_action(action)
    return chosen


def play_table(index: int, specs: list[str], salt: int, config: dict[str, Any]) -> dict[str, Any]:
    """Play deal ``index`` with ``specs[s]`` at seat s; the points, pass direction, moon and each seat's times."""
    rng = random.Random(f"{config['seed']}/{index}")
    direction = rng.randrange(4)
    deal = list(range(52))
    rng.shuffle(deal)
    hands = [deal[s::PLAYERS] for s in range(PLAYERS)]
    seats = [
        Seat(specs[s], hash((config["seed"], index, s, salt)) % (1 << 31), config["sims"], config["uct_c"])
        for s in range(PLAYERS)
    ]
    game = pyspiel.load_game("hearts")
    theirs = game.new_initial_state()
    theirs.apply_action(direction)
    for action in deal:
        theirs.apply_action(action)
    rules = hj.variants.openspiel(pass_direction=DIRECTIONS[direction])
    ours = hj.new_game(rules, deal=[[os_card(x) for x in hand] for hand in hands], dealer=DEALER)
    passed: list[list[str]] = [[] for _ in range(PLAYERS)]
    played: list[str] = []
    if ours.phase is hj.Phase.PASSING:
        for s in range(PLAYERS):
            seat = seats[s]
            start, cpu = time.perf_counter(), time.process_time()
            if seat.ismcts:
                actions = _pass_by_ismcts(seat, game, direction, hands, s)
                move = hj.Pass(s, [os_card(x) for x in actions])
            else:
                move = seat.bot.choose(hj.view(ours, s))
                actions = [os_action(card) for card in move.cards]
            seat.pass_seconds += time.perf_counter() - start
            seat.pass_cpu += time.process_time() - cpu
            seat.passes += 1
            passed[s] = [str(card) for card in move.cards]
            ours = hj.apply(ours, move)
            for action in actions:
                assert theirs.current_player() == s
                theirs.apply_action(action)
    while not ours.is_over:
        s = theirs.current_player()
        assert ours.to_move == (s,), (ours.to_move, s)
        seat = seats[s]
        start, cpu = time.perf_counter(), time.process_time()
        if seat.ismcts:
            action = seat.bot.step(theirs)
            card = os_card(action)
        else:
            move = seat.bot.choose(hj.view(ours, s))
            assert isinstance(move, hj.Play)
            card = move.card
            action = os_action(card)
        seat.seconds += time.perf_counter() - start
        seat.cpu += time.process_time() - cpu
        seat.moves += 1
        played.append(str(card))
        ours = hj.apply(ours, hj.Play(s, card))
        theirs.apply_action(action)
    assert theirs.is_terminal()
    points = list(ours.score_sheet[-1].points)
    theirs_points = [theirs.points(s) for s in range(PLAYERS)]
    assert points == theirs_points, (points, theirs_points)
    return {
        "deal": index,
        "direction": DIRECTIONS[direction].value,
        "points": points,
        "moon": ours.score_sheet[-1].shooter,
        "seats": seats,
        "cards": {"passed": passed, "played": played},
    }


def _sum_times(seats: list[Seat]) -> dict[str, float]:
    out: dict[str, float] = {}
    for seat in seats:
        for key, value in seat.times().items():
            out[key] = out.get(key, 0) + value
    return out


def play_hand(task: tuple[int, str, int, dict[str, Any]]) -> dict[str, Any]:
    """Play deal ``index`` with bot ``pairing[0]`` at ``seat`` and ``pairing[1]`` elsewhere; the record."""
    index, pairing, contender_seat, config = task
    a, b = pairing.split("-vs-")
    specs = [a if s == contender_seat else b for s in range(PLAYERS)]
    table = play_table(index, specs, 0, config)
    points = table["points"]
    mine = points[contender_seat]
    others = [p for s, p in enumerate(points) if s != contender_seat]
    seats = table["seats"]
    return {
        "pairing": pairing,
        "deal": index,
        "seat": contender_seat,
        "direction": table["direction"],
        "points": points,
        "margin": mine - sum(others) / len(others),
        "moon": table["moon"],
        "cards": table["cards"],
        "time": {
            "a": _sum_times([seats[contender_seat]]),
            "b": _sum_times([x for s, x in enumerate(seats) if s != contender_seat]),
        },
    }


def sweep_hand(task: tuple[int, int, list[str], dict[str, Any]]) -> dict[str, Any]:
    """Sweep table ``j`` of deal ``index``: setting (j + s) mod k at seat s; the record, a margin per seat."""
    index, j, settings, config = task
    k = len(settings)
    specs = [settings[(j + s) % k] for s in range(PLAYERS)]
    table = play_table(index, specs, 1 + j, config)
    points = table["points"]
    return {
        "sweep": j,
        "deal": index,
        "specs": specs,
        "direction": table["direction"],
        "points": points,
        "margins": [points[s] - (sum(points) - points[s]) / (PLAYERS - 1) for s in range(PLAYERS)],
        "moon": table["moon"],
        "cards": table["cards"],
        "time": [seat.times() for seat in table["seats"]],
    }


def by_deal(rows: list[tuple[int, float]]) -> list[float]:
    """The mean of each deal's values (one deal's seatings are one unit of the interval)."""
    deals: dict[int, list[float]] = {}
    for deal, value in rows:
        deals.setdefault(deal, []).append(value)
    return [sum(v) / len(v) for v in deals.values()]


def _ms(times: list[dict[str, float]], kind: str) -> dict[str, float]:
    count = max(sum(t[{"play": "plays", "pass": "passes"}[kind]] for t in times), 1)
    cpu = [t.get(kind + "_cpu") for t in times]
    out = {f"ms_per_{kind}": 1000 * sum(t[kind + "_seconds"] for t in times) / count}
    if all(c is not None for c in cpu):  # records from before CPU time was kept have none
        out[f"cpu_ms_per_{kind}"] = 1000 * sum(c for c in cpu if c is not None) / count
    return out


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    by: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by.setdefault(r["pairing"], []).append(r)
    out = {}
    for pairing, rows in by.items():
        deal_margin, deal_half = mean_ci(by_deal([(r["deal"], r["margin"]) for r in rows]))
        _, half = mean_ci([r["margin"] for r in rows])
        mine = [r["points"][r["seat"]] for r in rows]
        others = [sum(p for s, p in enumerate(r["points"]) if s != r["seat"]) / 3 for r in rows]
        a, b = pairing.split("-vs-")
        row: dict[str, Any] = {
            "bot": a,
            "field": b,
            "hands": len(rows),
            "deals": len({r["deal"] for r in rows}),
            "complete_deals": sum(
                1 for d in {r["deal"] for r in rows} if sum(1 for r in rows if r["deal"] == d) == 4
            ),
            "mean_points": sum(mine) / len(mine),
            "field_mean_points": sum(others) / len(others),
            "margin": deal_margin,
            "margin_half_width_95": deal_half,
            "margin_half_width_95_over_hands": half,
            "moons_by_bot": sum(1 for r in rows if r["moon"] == r["seat"]),
            "moons_by_field": sum(1 for r in rows if r["moon"] is not None and r["moon"] != r["seat"]),
        }
        for side, prefix in (("a", ""), ("b", "field_")):
            for kind in ("play", "pass"):
                for key, value in _ms([r["time"][side] for r in rows], kind).items():
                    row[prefix + key] = value
        out[pairing] = row
    return out


def paired(records: list[dict[str, Any]]) -> dict[str, Any]:
    """For every two pairings: A's margin minus B's on the same deals and seats, with a 95 % interval over deals."""
    margins: dict[str, dict[tuple[int, int], float]] = {}
    for r in records:
        margins.setdefault(r["pairing"], {})[(r["deal"], r["seat"])] = r["margin"]
    out = {}
    names = list(margins)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            common = sorted(set(margins[a]) & set(margins[b]))
            if not common:
                continue
            mean, half = mean_ci(by_deal([(key[0], margins[a][key] - margins[b][key]) for key in common]))
            out[f"{a} minus {b}"] = {"hands": len(common), "difference": mean, "half_width_95": half}
    return out


def sweep_summary(records: list[dict[str, Any]], settings: list[str]) -> dict[str, Any]:
    """Per setting: its margin against the others at its tables, with a 95 % interval over deals."""
    rows: dict[str, dict[str, Any]] = {}
    for spec in settings:
        margins = [
            (r["deal"], r["margins"][s]) for r in records for s in range(PLAYERS) if r["specs"][s] == spec
        ]
        times = [r["time"][s] for r in records for s in range(PLAYERS) if r["specs"][s] == spec]
        margin, half = mean_ci(by_deal(margins))
        points = [r["points"][s] for r in records for s in range(PLAYERS) if r["specs"][s] == spec]
        row: dict[str, Any] = {
            "setting": spec,
            "options": parse_bot(spec)[1],
            "hands": len(margins),
            "deals": len({d for d, _ in margins}),
            "mean_points": sum(points) / max(len(points), 1),
            "margin": margin,
            "margin_half_width_95": half,
            "moons": sum(
                1 for r in records for s in range(PLAYERS) if r["specs"][s] == spec and r["moon"] == s
            ),
        }
        if times:
            row |= _ms(times, "play") | _ms(times, "pass")
        rows[spec] = row
    played = [row for row in rows.values() if row["hands"]]
    strongest = min(played, key=lambda row: row["margin"]) if played else None
    if strongest is not None:
        # Each setting against the strongest, deal by deal: the difference of their mean margins in a deal.
        per_deal: dict[str, dict[int, list[float]]] = {}
        for r in records:
            for s in range(PLAYERS):
                per_deal.setdefault(r["specs"][s], {}).setdefault(r["deal"], []).append(r["margins"][s])
        best = per_deal[strongest["setting"]]
        for spec, row in rows.items():
            mine = per_deal.get(spec, {})
            common = sorted(set(mine) & set(best))
            diffs = [sum(mine[d]) / len(mine[d]) - sum(best[d]) / len(best[d]) for d in common]
            row["minus_strongest"], row["minus_strongest_half_width_95"] = mean_ci(diffs)
    return {"settings": rows, "strongest": strongest["options"] if strongest else None}


def tasks(args: argparse.Namespace, pairings: list[str]) -> Iterator[tuple[int, str, int, dict[str, Any]]]:
    deals = math.ceil(args.hands / PLAYERS)
    for index in range(deals):
        for pairing in pairings:  # interleaved: a run stopped early has a share of every pairing
            for seat in range(PLAYERS):
                yield (index, pairing, seat, args.config)


def sweep_tasks(
    args: argparse.Namespace, settings: list[str]
) -> Iterator[tuple[int, int, list[str], dict[str, Any]]]:
    k = len(settings)
    for index in range(math.ceil(args.hands / k)):
        for j in range(k):
            yield (index, j, settings, args.config)


def default_uct_c(path: Path) -> float:
    """The strongest ``uct_c`` of the sweep at ``path``; a clear error when there is none."""
    try:
        strongest = json.loads(path.read_text(encoding="utf-8"))["sweep"]["strongest"]
        return float(strongest["uct_c"])
    except (OSError, KeyError, TypeError, ValueError) as error:
        raise SystemExit(
            f"no strongest uct_c in {path} ({error!r}): run --sweep first, or give --uct-c"
        ) from error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairings", default="heuristic-vs-ismcts,sampling-vs-ismcts")
    parser.add_argument(
        "--sweep",
        default="",
        help="uct_c values to rank against each other (e.g. 1,2,5,10,20,40) instead of pairings",
    )
    parser.add_argument("--hands", type=int, default=1000, help="hands per pairing (every seat in turn)")
    parser.add_argument("--sims", type=int, default=4000, help="IS-MCTS simulations per move")
    parser.add_argument(
        "--uct-c",
        type=float,
        default=None,
        help="IS-MCTS exploration constant (default: the sweep's strongest)",
    )
    parser.add_argument(
        "--sweep-file", default=str(SWEEP_FILE), help="the sweep whose strongest uct_c is the default"
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--seed", type=int, default=None, help="the deals' seed (default: the deal set's first)"
    )
    deal_sets.add_argument(parser)
    parser.add_argument("--flush", type=int, default=4, help="rewrite the JSON every this many hands")
    parser.add_argument("--out", default="benchmarks/results/openspiel.json")
    parser.add_argument(
        "--resume", action="store_true", help="keep the hands already in <out>.jsonl, play the rest"
    )
    args = parser.parse_args()
    settings = [f"ismcts:uct_c={float(c)},sims={args.sims}" for c in args.sweep.split(",") if c.strip()]
    try:  # the deals: a named set, a seed of its range; a sweep chooses the field's setting: it is tuning
        deal_set, args.seed = deal_sets.resolve(args.deal_set, args.seed, tuning=bool(settings))
    except deal_sets.DealSetError as error:
        parser.error(str(error))
    if args.sweep and len(settings) < PLAYERS:
        parser.error(f"a sweep needs at least {PLAYERS} settings, not {len(settings)}")
    if args.uct_c is None:
        args.uct_c = 2.0 if settings else default_uct_c(Path(args.sweep_file))
    args.config = {"seed": args.seed, "sims": args.sims, "uct_c": args.uct_c}
    pairings = [p.strip() for p in args.pairings.split(",") if p.strip()]
    for p in pairings:
        if "-vs-" not in p:
            parser.error(f"a pairing is 'A-vs-B', not {p!r}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    records: list[dict[str, Any]] = []
    path = out.with_suffix(".jsonl")
    if args.resume and path.exists():
        records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    lines = path.open("a" if args.resume else "w")
    started = time.time()
    field = {
        "engine": "OpenSpiel ISMCTSBot",
        "openspiel": getattr(pyspiel, "__version__", "?"),
        "sims": args.sims,
    }
    meta: dict[str, Any] = {"commit": commit(), "field": field if settings else field | {"uct_c": args.uct_c}}
    meta |= deal_sets.record(deal_set, args.seed)
    if args.resume and out.exists():  # the commits of the runs that played the hands kept
        before = json.loads(out.read_text(encoding="utf-8"))
        try:
            deal_sets.check_resume(before, deal_set)
        except deal_sets.DealSetError as error:
            raise SystemExit(f"{out}: {error}") from None
        earlier = before.get("commits", [before["commit"]] if "commit" in before else [])
        meta["commits"] = [*earlier, *([meta["commit"]] if meta["commit"] not in earlier else [])]

    def report() -> dict[str, Any]:
        if settings:
            return {"sweep": sweep_summary(records, settings)}
        return {"pairings": summary(records), "paired": paired(records)}

    def flush() -> None:
        args_out = {k: v for k, v in vars(args).items() if k != "config"}
        data = {"args": args_out, **meta, "elapsed_seconds": time.time() - started, **report()}
        out.write_text(json.dumps(data, indent=1) + "\n")

    work: Iterator[Any]
    if settings:
        done = {(r["deal"], r["sweep"]) for r in records}
        work = (t for t in sweep_tasks(args, settings) if (t[0], t[1]) not in done)
        play: Any = sweep_hand
    else:
        done = {(r["pairing"], r["deal"], r["seat"]) for r in records}
        work = (t for t in tasks(args, pairings) if (t[1], t[0], t[2]) not in done)
        play = play_hand
    if args.workers > 1:
        pool = Pool(args.workers)
        results: Iterator[dict[str, Any]] = pool.imap(play, work)
    else:
        results = map(play, work)
    try:
        for record in results:
            records.append(record)
            lines.write(json.dumps(record) + "\n")
            lines.flush()
            if len(records) % args.flush == 0:
                flush()
                progress(report())
    except KeyboardInterrupt:
        pass
    finally:
        flush()


def progress(report: dict[str, Any]) -> None:
    rows = report["sweep"]["settings"] if "sweep" in report else report["pairings"]
    for name, row in rows.items():
        line = (
            f"{name}: {row['hands']} hands, margin {row['margin']:+.2f} ± {row['margin_half_width_95']:.2f}"
        )
        if "ms_per_play" in row:
            line += f", {row['ms_per_play']:.2f} ms a play"
        print(line, flush=True)


if __name__ == "__main__":
    main()
