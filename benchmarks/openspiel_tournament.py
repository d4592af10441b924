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
evaluator, ``--sims`` simulations a move, ``--uct-c``, the max-visit-count
final policy) or a bundled bot's name (``heuristic``, ``sampling``, or
``sampling:samples=16,playout=greedy`` with options).

OpenSpiel 2.0.2's ``ResampleFromInfostate`` is wrong in the pass phase once the
seat passing to the searching seat has passed (and its IS-MCTS then crashes),
so an IS-MCTS seat chooses its pass on a copy of the deal relabelled so that it
sits at seat 0 with nobody having passed: exactly what it knows when it passes.
(That resampler also ignores shown voids in play; IS-MCTS gets no help here.)

Per pairing it reports the hands played, A's mean points per hand, the others'
mean, and A's margin (A's points minus the mean of the three others', per
hand; lower is better) with a 95 % interval over hands, and the mean time per
play of each side (a pass counts as one decision, kept apart). Results are
written to ``--out`` (JSON) every ``--flush`` hands, so a long run can be
stopped and still reported; each hand is also a line of ``<out>.jsonl``.

Run: nice -n 10 python benchmarks/openspiel_tournament.py --pairings heuristic-vs-ismcts,sampling-vs-ismcts
     [--hands 1000] [--sims 4000] [--workers 1] [--seed 0] [--out benchmarks/results/openspiel.json]
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

import hartenjagen as hj
from hartenjagen.bots import make_bot
from hartenjagen.cards import Card, Rank, Suit

PLAYERS = 4
DEALER = 3  # OpenSpiel deals the first card to seat 0: eldest is seat 0
DIRECTIONS = {
    0: hj.PassDirection.HOLD,
    1: hj.PassDirection.LEFT,
    2: hj.PassDirection.ACROSS,
    3: hj.PassDirection.RIGHT,
}


def os_card(action: int) -> Card:
    """The card of an OpenSpiel card action (``rank * 4 + suit``)."""
    return Card(Rank(action // 4 + 2), Suit(action % 4))


def os_action(card: Card) -> int:
    return (card.rank - 2) * 4 + card.suit


def parse_bot(spec: str) -> tuple[str, dict[str, Any]]:
    """``"sampling:samples=16,playout=greedy"`` -> ("sampling", {"samples": 16, "playout": "greedy"})."""
    name, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        try:
            options[key] = int(value)
        except ValueError:
            try:
                options[key] = float(value)
            except ValueError:
                options[key] = value
    return name, options


class Seat:
    """One seat's player: our bot (from our view) or OpenSpiel's IS-MCTS (from OpenSpiel's state)."""

    def __init__(self, spec: str, seed: int, sims: int, uct_c: float) -> None:
        self.spec = spec
        name, options = parse_bot(spec)
        self.ismcts = name == "ismcts"
        self.seconds = 0.0
        self.moves = 0
        self.pass_seconds = 0.0
        self.passes = 0
        if self.ismcts:
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
            self.bot: Any = pyspiel.ISMCTSBot(
                seed, evaluator, uct_c, sims, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False
            )
        else:
            self.bot = make_bot(name, seed=seed, **options)


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


def play_hand(task: tuple[int, str, int, dict[str, Any]]) -> dict[str, Any]:
    """Play deal ``index`` with bot ``pairing[0]`` at ``seat`` and ``pairing[1]`` elsewhere; the record."""
    index, pairing, contender_seat, config = task
    a, b = pairing.split("-vs-")
    rng = random.Random(f"{config['seed']}/{index}")
    direction = rng.randrange(4)
    deal = list(range(52))
    rng.shuffle(deal)
    hands = [deal[s::PLAYERS] for s in range(PLAYERS)]
    seats = [
        Seat(
            a if s == contender_seat else b,
            hash((config["seed"], index, s)) % (1 << 31),
            config["sims"],
            config["uct_c"],
        )
        for s in range(PLAYERS)
    ]
    game = pyspiel.load_game("hearts")
    theirs = game.new_initial_state()
    theirs.apply_action(direction)
    for action in deal:
        theirs.apply_action(action)
    rules = hj.variants.openspiel(pass_direction=DIRECTIONS[direction])
    ours = hj.new_game(rules, deal=[[os_card(x) for x in hand] for hand in hands], dealer=DEALER)
    if ours.phase is hj.Phase.PASSING:
        for s in range(PLAYERS):
            seat = seats[s]
            start = time.perf_counter()
            if seat.ismcts:
                actions = _pass_by_ismcts(seat, game, direction, hands, s)
                move = hj.Pass(s, [os_card(x) for x in actions])
            else:
                move = seat.bot.choose(hj.view(ours, s))
                actions = [os_action(card) for card in move.cards]
            seat.pass_seconds += time.perf_counter() - start
            seat.passes += 1
            ours = hj.apply(ours, move)
            for action in actions:
                assert theirs.current_player() == s
                theirs.apply_action(action)
    while not ours.is_over:
        s = theirs.current_player()
        assert ours.to_move == (s,), (ours.to_move, s)
        seat = seats[s]
        start = time.perf_counter()
        if seat.ismcts:
            action = seat.bot.step(theirs)
            card = os_card(action)
        else:
            move = seat.bot.choose(hj.view(ours, s))
            assert isinstance(move, hj.Play)
            card = move.card
            action = os_action(card)
        seat.seconds += time.perf_counter() - start
        seat.moves += 1
        ours = hj.apply(ours, hj.Play(s, card))
        theirs.apply_action(action)
    assert theirs.is_terminal()
    points = list(ours.score_sheet[-1].points)
    theirs_points = [theirs.points(s) for s in range(PLAYERS)]
    assert points == theirs_points, (points, theirs_points)
    mine = points[contender_seat]
    others = [p for s, p in enumerate(points) if s != contender_seat]
    side = {"a": [seats[contender_seat]], "b": [x for s, x in enumerate(seats) if s != contender_seat]}
    return {
        "pairing": pairing,
        "deal": index,
        "seat": contender_seat,
        "direction": DIRECTIONS[direction].value,
        "points": points,
        "margin": mine - sum(others) / len(others),
        "moon": ours.score_sheet[-1].shooter,
        "time": {
            k: {
                "play_seconds": sum(x.seconds for x in v),
                "plays": sum(x.moves for x in v),
                "pass_seconds": sum(x.pass_seconds for x in v),
                "passes": sum(x.passes for x in v),
            }
            for k, v in side.items()
        },
    }


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return (float("nan"), float("nan"))
    mean = sum(values) / n
    if n < 2:
        return (mean, float("nan"))
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, 1.96 * math.sqrt(var / n))


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    by: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by.setdefault(r["pairing"], []).append(r)
    out = {}
    for pairing, rows in by.items():
        margin, half = mean_ci([r["margin"] for r in rows])
        mine = [r["points"][r["seat"]] for r in rows]
        others = [sum(p for s, p in enumerate(r["points"]) if s != r["seat"]) / 3 for r in rows]
        times = {}
        for k in ("a", "b"):
            plays = sum(r["time"][k]["plays"] for r in rows)
            passes = sum(r["time"][k]["passes"] for r in rows)
            times[k] = {
                "ms_per_play": 1000 * sum(r["time"][k]["play_seconds"] for r in rows) / max(plays, 1),
                "ms_per_pass": 1000 * sum(r["time"][k]["pass_seconds"] for r in rows) / max(passes, 1),
            }
        a, b = pairing.split("-vs-")
        out[pairing] = {
            "bot": a,
            "field": b,
            "hands": len(rows),
            "complete_deals": sum(
                1 for d in {r["deal"] for r in rows} if sum(1 for r in rows if r["deal"] == d) == 4
            ),
            "mean_points": sum(mine) / len(mine),
            "field_mean_points": sum(others) / len(others),
            "margin": margin,
            "margin_half_width_95": half,
            "moons_by_bot": sum(1 for r in rows if r["moon"] == r["seat"]),
            "moons_by_field": sum(1 for r in rows if r["moon"] is not None and r["moon"] != r["seat"]),
            "ms_per_play": times["a"]["ms_per_play"],
            "field_ms_per_play": times["b"]["ms_per_play"],
            "ms_per_pass": times["a"]["ms_per_pass"],
            "field_ms_per_pass": times["b"]["ms_per_pass"],
        }
    return out


def tasks(args: argparse.Namespace, pairings: list[str]) -> Iterator[tuple[int, str, int, dict[str, Any]]]:
    config = {"seed": args.seed, "sims": args.sims, "uct_c": args.uct_c}
    deals = math.ceil(args.hands / PLAYERS)
    for index in range(deals):
        for pairing in pairings:  # interleaved: a run stopped early has a share of every pairing
            for seat in range(PLAYERS):
                yield (index, pairing, seat, config)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairings", default="heuristic-vs-ismcts,sampling-vs-ismcts")
    parser.add_argument("--hands", type=int, default=1000, help="hands per pairing (every seat in turn)")
    parser.add_argument("--sims", type=int, default=4000, help="IS-MCTS simulations per move")
    parser.add_argument("--uct-c", type=float, default=2.0, help="IS-MCTS exploration constant")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--flush", type=int, default=4, help="rewrite the JSON every this many hands")
    parser.add_argument("--out", default="benchmarks/results/openspiel.json")
    parser.add_argument(
        "--resume", action="store_true", help="keep the hands already in <out>.jsonl, play the rest"
    )
    args = parser.parse_args()
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
    done = {(r["pairing"], r["deal"], r["seat"]) for r in records}
    lines = path.open("a" if args.resume else "w")
    started = time.time()

    def flush() -> None:
        data = {"args": vars(args), "elapsed_seconds": time.time() - started, "pairings": summary(records)}
        out.write_text(json.dumps(data, indent=1) + "\n")

    work = (task for task in tasks(args, pairings) if (task[1], task[0], task[2]) not in done)
    if args.workers > 1:
        pool = Pool(args.workers)
        results: Iterator[dict[str, Any]] = pool.imap(play_hand, work)
    else:
        results = map(play_hand, work)
    try:
        for record in results:
            records.append(record)
            lines.write(json.dumps(record) + "\n")
            lines.flush()
            if len(records) % args.flush == 0:
                flush()
                for pairing, row in summary(records).items():
                    print(
                        f"{pairing}: {row['hands']} hands, margin {row['margin']:+.2f} ± "
                        f"{row['margin_half_width_95']:.2f}, {row['ms_per_play']:.2f} ms vs "
                        f"{row['field_ms_per_play']:.1f} ms a play",
                        flush=True,
                    )
    except KeyboardInterrupt:
        pass
    finally:
        flush()


if __name__ == "__main__":
    main()
