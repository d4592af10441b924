"""The sampling bot against three (or more) IS-MCTS seats in the presets, with 95 % intervals over deals.

OpenSpiel's C++ ``ISMCTSBot`` plays only OpenSpiel's own ``hearts``, so here the
field is OpenSpiel's Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot``
(a ``RandomRolloutEvaluator`` with one rollout, the max-visit-count final
policy) on our registered game ``python_hartenjagen`` (``episode="hand"``,
``returns="penalty"``: minus the points), whose states resample a world with
`hartenjagen.bots.determinize` (``resample_from_infostate``). Our bot
(``make_bot("sampling")``, its default deals, unless ``--bot`` says otherwise) chooses from the seat's
`PlayerView` of the adapter state's engine state (``state.episode.state``);
its pass is applied as one action per card, as the adapter takes it.

``uct_c``: the C++ sweep on OpenSpiel's 0-26 returns found 2 strongest. UCT
does not care where the returns start, only how far they spread, so a preset
gets ``--uct-c`` (2) times its pack's penalty points over Hearts' 26.

A deal (chance drawn from a generator seeded by ``--seed``, the preset and the
deal number, so every seating sees the same cards) is played once with the
sampling bot at each seat in turn and IS-MCTS at the others; a deal is one
unit of the interval. Per preset it reports the hands, the deals, the bot's
mean points per hand, the field's, the margin (the bot's points minus the mean
of the others' at its table, lower is better) with its 95 % interval over
deals, and the CPU milliseconds (``time.process_time``) per play and per pass of
each side (an IS-MCTS pass is its searches for every card). The JSON (``--out``)
is rewritten after every deal; ``--resume`` keeps its deals and plays on.

``--bot`` is our bot (``sampling``, the default, or ``heuristic``, or
``sampling:samples=16`` with options). ``--resume`` refuses a file of another
bot, ``--sims`` or ``--seed``, or of the other deal set; the commits of every run that added to it are listed.

Run: nice -n 10 python benchmarks/preset_ismcts.py --sims 200 --deals 20 \
         [--presets standard,black_maria,dutch,five_players,six_double_deck] [--bot sampling] [--deal-set development] [--seed 0] [--resume]
     python benchmarks/preset_ismcts.py --time-sims 25,100,400   # CPU ms per IS-MCTS decision
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]

import hartenjagen as hj
import hartenjagen.adapters.openspiel as hos
from hartenjagen.adapters.encoding import action_id, card_id
from hartenjagen.bots import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parent))
import deal_sets
from openspiel_tournament import by_deal, commit, mean_ci, parse_bot

PRESETS = "standard,black_maria,dutch,five_players,six_double_deck"
OUT = Path(__file__).resolve().parent / "results" / "sampling_presets_ismcts.json"
HEARTS_POINTS = 26
#: The key counting each kind of decision in a hand's ``cpu`` record.
COUNTS = {"play": "plays", "pass": "passes"}


def preset_uct_c(rules: hj.Rules, base: float) -> float:
    """``base`` scaled by the pack's penalty points over Hearts' 26 (the spread of the returns)."""
    return base * hos._positive_points(rules) / HEARTS_POINTS


def _ismcts(game: Any, sims: int, uct_c: float, seed: int) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c,
        sims,
        random_state=np.random.RandomState(seed + 1),
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    # Without a resampler OpenSpiel's Python IS-MCTS draws its worlds with an unseeded
    # UniformProbabilitySampler, and no hand replays: draw them from the bot's own seeded stream.
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, bot.random_number))
    return bot


def _chance(state: Any, rng: random.Random) -> None:
    outcomes = state.chance_outcomes()
    actions = [a for a, _ in outcomes]
    state.apply_action(rng.choices(actions, weights=[p for _, p in outcomes])[0])


def play_hand(
    preset: str, deal: int, seat: int, sims: int, uct_c: float, seed: int = 0, bot_spec: str = "sampling"
) -> dict[str, Any]:
    """Deal ``deal`` of ``preset`` with our bot at ``seat`` and IS-MCTS elsewhere; points and times.

    The chance outcomes come from a generator seeded by (seed, preset, deal)
    alone, so each seating of a deal gets the same cards.
    """
    game = pyspiel.load_game(
        "python_hartenjagen", {"variant": preset, "episode": "hand", "returns": "penalty"}
    )
    state = game.new_initial_state()
    rules = state.episode.state.rules
    players = game.num_players()
    chance = random.Random(f"{seed}/{preset}/{deal}")
    # crc32, not hash(): str hashes change from process to process, and a rerun must replay the same hands.
    base = zlib.crc32(f"{seed}/{preset}/{deal}/{seat}".encode())
    name, options = parse_bot(bot_spec)
    bot = make_bot(name, seed=base, **options)
    field = {s: _ismcts(game, sims, uct_c, base + 2 * s) for s in range(players) if s != seat}
    cpu = {side: {"play": 0.0, "plays": 0, "pass": 0.0, "passes": 0} for side in ("bot", "field")}
    played = [0] * players
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, chance)
            continue
        p = state.current_player()
        ours = state.episode.state
        passing = ours.phase is hj.Phase.PASSING
        kind = "pass" if passing else "play"
        if passing and state.episode.picked:  # IS-MCTS goes on picking its pass card by card
            kind = ""
        start = time.process_time()
        if p == seat:
            move = bot.choose(hj.view(ours, p))
            actions = (
                [card_id(c, rules) for c in move.cards]
                if isinstance(move, hj.Pass)
                else [action_id(move, rules)]
            )
        else:
            actions = [field[p].step(state)]
        spent = time.process_time() - start
        side = cpu["bot" if p == seat else "field"]
        side["pass" if passing else "play"] += spent
        if kind:
            side[COUNTS[kind]] += 1
        played[p] += 1
        for action in actions:
            state.apply_action(action)
    line = state.episode.state.score_sheet[-1]
    return {
        "preset": preset,
        "deal": deal,
        "seat": seat,
        "points": list(line.points),
        "returns": state.returns(),
        "decisions": played,
        "cpu": cpu,
    }


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Hands, deals, mean points, margin with its interval over deals, CPU ms per decision of each side."""
    mine, others, margins = [], [], []
    for r in rows:
        pts = r["points"]
        me = pts[r["seat"]]
        rest = (sum(pts) - me) / (len(pts) - 1)
        mine.append(me)
        others.append(rest)
        margins.append((r["deal"], me - rest))
    margin, half = mean_ci(by_deal(margins))
    out: dict[str, Any] = {
        "hands": len(rows),
        "deals": len({r["deal"] for r in rows}),
        "bot_mean": sum(mine) / len(mine),
        "field_mean": sum(others) / len(others),
        "margin": margin,
        "margin_half_width": half,
    }
    for side in ("bot", "field"):
        for kind in ("play", "pass"):
            count = sum(r["cpu"][side][COUNTS[kind]] for r in rows)
            if count:
                out[f"{side}_cpu_ms_per_{kind}"] = 1000 * sum(r["cpu"][side][kind] for r in rows) / count
    return out


def time_sims(preset: str, counts: list[int], uct_c: float) -> None:
    """Print the CPU ms of IS-MCTS's first few plays of a hand at each simulation count."""
    game = pyspiel.load_game("python_hartenjagen", {"variant": preset, "episode": "hand"})
    for sims in counts:
        state = game.new_initial_state()
        chance = random.Random(0)
        bot = _ismcts(game, sims, uct_c, 1)
        spent, n = 0.0, 0
        while n < 6 and not state.is_terminal():
            if state.is_chance_node():
                _chance(state, chance)
                continue
            start = time.process_time()
            action = bot.step(state)
            if state.episode.state.phase is hj.Phase.PLAYING:
                spent += time.process_time() - start
                n += 1
            state.apply_action(action)
        print(
            f"{preset} sims={sims}: {1000 * spent / max(n, 1):.0f} CPU ms per play (first {n} plays)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default=PRESETS)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--sims", type=int, default=100)
    parser.add_argument(
        "--bot", default="sampling", help="our bot: a name, or 'sampling:samples=16' with options"
    )
    parser.add_argument(
        "--uct-c", type=float, default=2.0, help="for 26 points; scaled by each pack's points"
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="the deals' seed (default: the deal set's first)"
    )
    deal_sets.add_argument(parser)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--time-sims", default="", help="comma list: time IS-MCTS decisions only")
    args = parser.parse_args()
    try:  # the deals: a named set, and a seed of its own range (benchmarks/deal_sets.py)
        deal_set, args.seed = deal_sets.resolve(args.deal_set, args.seed)
    except deal_sets.DealSetError as error:
        parser.error(str(error))
    names = [p.strip() for p in args.presets.split(",") if p.strip()]
    for name in names:
        if name not in {p.name for p in hj.variants.ALL}:
            raise SystemExit(f"unknown preset {name!r}: the presets are {[p.name for p in hj.variants.ALL]}")
    if args.time_sims:
        for name in names:
            time_sims(name, [int(x) for x in args.time_sims.split(",")], args.uct_c)
        return
    if args.deals < 1 or args.sims < 2:  # one simulation only expands IS-MCTS's root: it has no move to give
        parser.error(f"--deals must be at least 1 and --sims at least 2, not {args.deals} and {args.sims}")
    try:  # a bad --bot stops here, before any hand is played
        name, options = parse_bot(args.bot)
        make_bot(name, **options)
    except hj.HartenjagenError as error:
        parser.error(f"--bot {args.bot!r}: {error}")
    rows: list[dict[str, Any]] = []
    report: dict[str, Any] = {"commit": commit(), "bot": args.bot, "sims": args.sims, "seed": args.seed}
    report |= deal_sets.record(deal_set, args.seed)
    commits = [report["commit"]]
    if args.resume and args.out.exists():
        kept = json.loads(args.out.read_text(encoding="utf-8"))
        try:
            deal_sets.check_resume(kept, deal_set)
        except deal_sets.DealSetError as error:
            raise SystemExit(f"{args.out}: {error}") from None
        # Hands of another bot, field or deal seed are not the same measurement: never pool them.
        theirs = {"bot": kept.get("bot", "sampling"), "sims": kept.get("sims"), "seed": kept.get("seed")}
        ours = {key: report[key] for key in theirs}
        if theirs != ours:
            raise SystemExit(f"{args.out} holds a run with {theirs}, not {ours}: give another --out")
        rows = kept["hands"]
        commits = list(dict.fromkeys([*kept.get("commits", [kept.get("commit")]), report["commit"]]))
    report["commits"] = commits
    # Deal by deal across the presets, so a run stopped early still covers them all.
    for deal in range(args.deals):
        for name in names:
            rules = next(p.rules for p in hj.variants.ALL if p.name == name)
            uct_c = preset_uct_c(rules, args.uct_c)
            for seat in range(rules.players):
                if any(r["preset"] == name and r["deal"] == deal and r["seat"] == seat for r in rows):
                    continue
                rows.append(play_hand(name, deal, seat, args.sims, uct_c, args.seed, args.bot))
            report["presets"] = {
                n: {"uct_c": preset_uct_c(next(p.rules for p in hj.variants.ALL if p.name == n), args.uct_c)}
                | summary([r for r in rows if r["preset"] == n])
                for n in names
                if any(r["preset"] == n for r in rows)
            }
            report["hands"] = rows
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps(report, indent=1) + "\n")
            s = report["presets"][name]
            print(
                f"deal {deal + 1} {name}: margin {s['margin']:+.2f} ± {s['margin_half_width']:.2f} "
                f"over {s['deals']} deals",
                flush=True,
            )


if __name__ == "__main__":
    main()
