"""The speed and memory benchmark: hartenjagen against OpenSpiel's Hearts, in one run on one machine.

    python benchmarks/bench.py [--seconds 3] [--json FILE] [--quick]

Prints, side by side:

* P1, step API: random full hands (``new_game``, passing and all plays,
  ``moves[rng.randrange(len(moves))]``) through ``legal_moves``/``apply``
  against OpenSpiel driven the same way from Python with the reference
  driver: apply the pass-direction chance action, shuffle a deck with
  ``random.Random``, apply the 52 cards as chance actions, then play uniformly
  at random over ``legal_actions()``; on OpenSpiel's rules. Then every preset
  on its own: hands/s and nanoseconds per ``legal_moves`` and per ``apply``.
* P2, rollouts: ``hartenjagen.rollout`` from a fresh deal to the end of the
  hand against ``pyspiel.evaluate_bots`` with uniform random bots (all C++).
  Then the batch API (``hartenjagen.playouts``, the native kernel where it is
  built), each against ``evaluate_bots`` in alternating rounds: P2 from
  pre-dealt starts at one hand a call; P2b with the deal inside the timer
  (``deal_playouts``, one hand a call; ``evaluate_bots`` deals inside its loop
  too); P2 batched, 1,024 pre-dealt starts a call (``playouts_of``); P2 for
  ``six_double_deck``; and the two-pack cost per card against one pack. Unless
  ``--quick``, a table of how a playout's cost grows with the batch size, the
  players and the packs.
* P5, the OpenSpiel game: random hands of ``python_hartenjagen`` on the
  ``openspiel`` variant (``episode="hand"``) against OpenSpiel's own
  ``hearts``, both through ``pyspiel`` with the same reference driver:
  ``chance_outcomes()`` and ``apply_action`` for every chance node, uniform
  over ``legal_actions()`` for the players. Beside it, the floor: a Python
  game that does nothing but has a hand's shape (``do_nothing_game.py``)
  against ``hearts``, in rounds of their own.
* V1, the vectorized Gymnasium environment: steps/s of ``SeatVectorEnv`` with
  64 tables against ``gymnasium.vector.SyncVectorEnv`` over 64 ``SeatEnv``s,
  random opponents, the same masked random actions for both (the ratio of each
  round, alternating, and their spread); then the same with heuristic
  opponents, whose choices cost the same in both.
* L1, loading: ``loads`` of a saved game of 218 hands (standard rules, random
  play), in microseconds a move, against replaying the same moves with
  ``apply`` from ``new_game`` (what any check of the history must pay at
  least), in alternating rounds; with the document's size.
* B1, the bots: CPU per decision of the heuristic and of the default sampling
  bot (a play, a pass) on the views of four hands of OpenSpiel's rules, and
  ``SeatEnv``'s steps/s with heuristic opponents.
* P3, memory: bytes one more state of a game's history costs beyond what it
  shares with its predecessor (tracemalloc over whole games kept in a list),
  for short and long histories (it must not grow with the history).
* P4, scale: time per card played with six players and two packs against
  four players and one pack.
* O1, own rule (unless ``--quick``, or with ``--own-rule``): a module of
  one's own that changes nothing, in each slot that can hold one, against the
  standard preset, on the step API, a sampling decision and batched
  playouts; and ``is_legal`` against ``move in legal_moves`` (see
  ``benchmarks/own_rule.py``, which also runs on its own).
* ``import hartenjagen``: time and memory.

Figures are medians of several timed rounds (CPU time, alternating rounds for
the pairs compared); ratios above 1 favour hartenjagen. The core measured is
the one this interpreter loads (``hj.COMPILED``); ``--cores both`` measures
the other one too, in a child process with ``HARTENJAGEN_PURE_PYTHON=1``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable

import hartenjagen as hj
import own_rule
from bot_decisions import bot_figures
from hartenjagen import native, playouts, variants
from hartenjagen.frontend.serialize import dumps, loads
from hartenjagen.rules.ending import FixedDeals
from hartenjagen.rules.passing import PassDirection

DIRECTIONS = (PassDirection.HOLD, PassDirection.LEFT, PassDirection.ACROSS, PassDirection.RIGHT)
#: OpenSpiel's default rules with its pass direction drawn per hand, as its chance node does.
OPENSPIEL = variants.OPENSPIEL


def timed(run: Callable[[], int], seconds: float, rounds: int = 5) -> float:
    """Units per second: the median of ``rounds`` rounds of about ``seconds / rounds`` each."""
    run()  # warm up
    rates = []
    for _ in range(rounds):
        done = 0
        start = time.process_time()
        while (elapsed := time.process_time() - start) < seconds / rounds:
            done += run()
        rates.append(done / elapsed)
    return statistics.median(rates)


def timed_pair(
    first: Callable[[], int], second: Callable[[], int] | None, seconds: float, rounds: int = 7
) -> tuple[float, float]:
    """Units per second of two runs measured in alternating rounds, so that a machine that speeds
    up or slows down during the measurement affects both alike (medians of the rounds)."""
    if second is None:
        return timed(first, seconds, rounds), float("nan")
    first()
    second()
    rates: tuple[list[float], list[float]] = ([], [])
    for _ in range(rounds):
        for run, out in ((first, rates[0]), (second, rates[1])):
            done = 0
            start = time.process_time()
            while (elapsed := time.process_time() - start) < seconds / rounds / 2:
                done += run()
            out.append(done / elapsed)
    return statistics.median(rates[0]), statistics.median(rates[1])


def step_hands(rules: hj.Rules, rng: random.Random, hands: int = 4) -> Callable[[], int]:
    """Play ``hands`` random hands through legal_moves/apply; return how many were played."""
    legal_moves, apply, randrange = hj.legal_moves, hj.apply, rng.randrange

    def run() -> int:
        played = 0
        while played < hands:
            state = hj.new_game(rules, seed=rng.getrandbits(32))
            start = len(state.score_sheet)
            while not state.is_over and len(state.score_sheet) == start:
                moves = legal_moves(state)
                state = apply(state, moves[randrange(len(moves))])
            played += 1
        return played

    return run


def call_costs(rules: hj.Rules, rng: random.Random, seconds: float) -> tuple[float, float, float]:
    """Hands/s, and ns per legal_moves and per apply call, for one ruleset."""
    states: list[hj.State] = []
    moves_made: list[hj.Move] = []
    while len(states) < 4000:
        state = hj.new_game(rules, seed=rng.getrandbits(32))
        while not state.is_over and len(states) < 4000:
            moves = hj.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
            states.append(state)
            moves_made.append(move)
            state = hj.apply(state, move)
    legal_moves, apply = hj.legal_moves, hj.apply

    def lm() -> int:
        for state in states:
            legal_moves(state)
        return len(states)

    def ap() -> int:
        for state, move in zip(states, moves_made, strict=True):
            apply(state, move)
        return len(states)

    per_legal = 1e9 / timed(lm, seconds / 3, 3)
    per_apply = 1e9 / timed(ap, seconds / 3, 3)
    hands = timed(step_hands(rules, rng, 2), seconds / 3, 3)
    return hands, per_legal, per_apply


def openspiel_step(rng: random.Random) -> Callable[[], int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    randrange, shuffle = rng.randrange, rng.shuffle

    def run() -> int:
        for _ in range(4):
            state = game.new_initial_state()
            directions = state.legal_actions()  # the pass-direction chance node
            state.apply_action(directions[randrange(len(directions))])
            deck = list(range(52))
            shuffle(deck)
            for card in deck:  # the deal: 52 chance actions
                state.apply_action(card)
            while not state.is_terminal():
                actions = state.legal_actions()
                state.apply_action(actions[randrange(len(actions))])
        return 4

    return run


def pyspiel_hands(game: object, rng: random.Random, hands: int) -> Callable[[], int]:
    """The reference driver of P5: ``hands`` random hands of a ``pyspiel`` game, chance included."""
    randrange = rng.randrange

    def run() -> int:
        for _ in range(hands):
            state = game.new_initial_state()  # type: ignore[attr-defined]
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[randrange(len(outcomes))][0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[randrange(len(actions))])
        return hands

    return run


def openspiel_game_pair(rng: random.Random) -> tuple[Callable[[], int], Callable[[], int]] | None:
    """P5's two runs: our game registered in OpenSpiel, and OpenSpiel's own ``hearts``."""
    try:
        import pyspiel

        import hartenjagen.adapters.openspiel  # noqa: F401 - registers python_hartenjagen
    except ImportError:
        return None
    ours = pyspiel.load_game("python_hartenjagen", {"variant": "openspiel", "episode": "hand"})
    return pyspiel_hands(ours, rng, 1), pyspiel_hands(pyspiel.load_game("hearts"), rng, 4)


def do_nothing_pair(rng: random.Random) -> tuple[Callable[[], int], Callable[[], int]] | None:
    """P5's floor: a Python game that does nothing (``do_nothing_game.py``), and OpenSpiel's ``hearts``."""
    try:
        import pyspiel

        import do_nothing_game
    except ImportError:
        return None
    floor = pyspiel.load_game(do_nothing_game.NAME)
    return pyspiel_hands(floor, rng, 4), pyspiel_hands(pyspiel.load_game("hearts"), rng, 4)


def vector_env_pair(num_envs: int, opponents: str) -> tuple[Callable[[], int], Callable[[], int]] | None:
    """V1's two runs: ``SeatVectorEnv`` and ``SyncVectorEnv`` over ``SeatEnv``s, masked random actions."""
    try:
        import gymnasium
        import numpy as np

        from hartenjagen.adapters.gymnasium import SeatEnv
        from hartenjagen.adapters.vector import SeatVectorEnv
    except ImportError:
        return None
    settings = {"variant": "standard", "opponents": opponents}
    ours = SeatVectorEnv(num_envs, **settings)
    theirs = gymnasium.vector.SyncVectorEnv([lambda: SeatEnv(**settings) for _ in range(num_envs)])

    def runner(envs: gymnasium.vector.VectorEnv, seed: int) -> Callable[[], int]:
        masks = envs.reset(seed=seed)[1]["action_mask"]
        rng = np.random.default_rng(seed)

        def run() -> int:
            nonlocal masks
            for _ in range(4):
                actions = (rng.random(masks.shape) * masks).argmax(axis=1)  # a legal action per table
                masks = envs.step(actions)[4]["action_mask"]
            return 4 * num_envs

        return run

    # Other deals for the two: the heuristic keeps readings of a hand's tricks (bots/_trick_plays.py), so
    # the same games on both sides would let the second run read what the first has read.
    return runner(ours, 1), runner(theirs, 1_000_003)


def ratio_rounds(
    first: Callable[[], int], second: Callable[[], int], seconds: float, rounds: int = 7
) -> tuple[float, float, list[float]]:
    """Median units/s of each run and the ratio of every round (each round alternates the two)."""
    pairs = [timed_pair(first, second, seconds / rounds, rounds=1) for _ in range(rounds)]
    ratios = sorted(a / b for a, b in pairs)
    return statistics.median(a for a, _ in pairs), statistics.median(b for _, b in pairs), ratios


#: The hands of the saved game L1 loads.
LOAD_HANDS = 218


def load_pair(seed: int) -> tuple[Callable[[], int], Callable[[], int], int, int]:
    """L1's two runs, each counting moves: ``loads`` of a saved game, and ``apply`` of its moves from ``new_game``.

    Also the moves of the game and the size of its document in bytes.
    """
    rules = hj.Rules(ending=FixedDeals(deals=LOAD_HANDS))
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    moves = []
    while not state.is_over:
        listed = hj.legal_moves(state)
        moves.append(listed[rng.randrange(len(listed))])
        state = hj.apply(state, moves[-1])
    text = dumps(state)

    def load() -> int:
        loads(text)
        return len(moves)

    def replay() -> int:
        replayed = hj.new_game(rules, seed=seed)
        for move in moves:
            replayed = hj.apply(replayed, move)
        return len(moves)

    return load, replay, len(moves), len(text.encode("utf-8"))


def rollouts(rules: hj.Rules, rng: random.Random) -> Callable[[], int]:
    starts = [hj.new_game(rules, seed=seed) for seed in range(64)]

    def run() -> int:
        for state in starts:
            hj.rollout(state, rng=rng)
        return len(starts)

    return run


def native_playouts(rules: hj.Rules, seed: int, batch: int = 1, starts: int = 64) -> Callable[[], int]:
    """``playouts`` from pre-dealt starts: one hand a call, or ``batch`` starts a call (``playouts_of``)."""
    dealt = [hj.new_game(rules, seed=seed + i) for i in range(max(starts, batch))]
    draws = playouts.generator(seed)
    one = playouts.playouts
    if batch == 1:

        def run() -> int:
            for state in dealt:
                one(state, 1, rng=draws)
            return len(dealt)

        return run
    groups = [dealt[i : i + batch] for i in range(0, len(dealt), batch)]

    def run_batched() -> int:
        for group in groups:
            playouts.playouts_of(group, rng=draws)
        return len(dealt)

    return run_batched


def native_repeats(rules: hj.Rules, seed: int, batch: int = 1024) -> Callable[[], int]:
    """``playouts(state, batch)``: one pre-dealt start played out ``batch`` times a call."""
    state = hj.new_game(rules, seed=seed)
    draws = playouts.generator(seed)

    def run() -> int:
        playouts.playouts(state, batch, rng=draws)
        return batch

    return run


def native_deals(rules: hj.Rules, seed: int, batch: int = 1) -> Callable[[], int]:
    """``deal_playouts``: the deal inside the timer, ``batch`` hands a call."""
    draws = playouts.generator(seed)
    deal = playouts.deal_playouts
    calls = max(1, 64 // batch)

    def run() -> int:
        for _ in range(calls):
            deal(rules, batch, rng=draws)
        return calls * batch

    return run


def openspiel_rollouts(seed: int) -> Callable[[], int] | None:
    try:
        import numpy as np
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    bots = [pyspiel.make_uniform_random_bot(seat, seed + seat) for seat in range(4)]
    np_rng = np.random.RandomState(seed)

    def run() -> int:
        for _ in range(64):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, int(np_rng.randint(1 << 30)))
        return 64

    return run


def memory_per_state(rules: hj.Rules, games: int, seed: int) -> float:
    """Bytes per kept state of whole random games, beyond what states share with their predecessors."""
    rng = random.Random(seed)
    hj.new_game(rules, seed=seed)  # build the tables before measuring
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    history: list[hj.State] = []
    for game in range(games):
        state = hj.new_game(rules, seed=seed + game)
        history.append(state)
        while not state.is_over:
            moves = hj.legal_moves(state)
            state = hj.apply(state, moves[rng.randrange(len(moves))])
            history.append(state)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / len(history)


def import_cost() -> tuple[float, float]:
    """Seconds and KiB that ``import hartenjagen`` costs in a fresh interpreter (medians of five).

    Time and memory come from separate interpreters: tracing memory slows the import down.
    """
    timing = "import time; t = time.perf_counter(); import hartenjagen; print(time.perf_counter() - t)"
    memory = "import tracemalloc; tracemalloc.start(); import hartenjagen; print(tracemalloc.get_traced_memory()[1])"
    times, peaks = [], []
    for _ in range(5):
        for code, out in ((timing, times), (memory, peaks)):
            run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            out.append(float(run.stdout))
    return statistics.median(times), statistics.median(peaks) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="skip the per-preset table")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--own-rule", action="store_true", help="measure O1 (own rule) even with --quick")
    parser.add_argument(
        "--cores",
        choices=("this", "both"),
        default="both",
        help="measure the core this interpreter loads, or both cores (the other one in a child process)",
    )
    args = parser.parse_args()
    if args.cores == "both":
        return _both_cores(args)
    rng = random.Random(args.seed)
    figures: dict[str, object] = {}

    core = "compiled (mypyc)" if hj.COMPILED else "interpreted"
    print(
        f"hartenjagen {hj.__version__}, {core} core, Python {sys.version.split()[0]}, "
        f"{args.seconds:g} s per measurement\n"
    )
    figures["compiled"] = hj.COMPILED
    ours, theirs = timed_pair(step_hands(OPENSPIEL, rng), openspiel_step(rng), 2 * args.seconds)
    print("P1  step API, random full hands (OpenSpiel's rules)")
    print(f"    hartenjagen legal_moves/apply     {ours:10,.0f} hands/s")
    print(f"    OpenSpiel Python API              {theirs:10,.0f} hands/s")
    target = "1.0" if hj.COMPILED else "0.45"
    print(f"    ratio                             {ours / theirs:10.2f}   (target >= {target})\n")
    figures["P1"] = {"hartenjagen": ours, "openspiel": theirs, "ratio": ours / theirs}

    ours, theirs = timed_pair(rollouts(OPENSPIEL, rng), openspiel_rollouts(args.seed), 2 * args.seconds)
    print("P2  rollouts, a fresh deal to the end of the hand")
    print(f"    hartenjagen rollout               {ours:10,.0f} hands/s")
    print(f"    OpenSpiel evaluate_bots (C++)     {theirs:10,.0f} hands/s")
    print(f"    ratio                             {ours / theirs:10.2f}   (target >= 2.0)\n")
    figures["P2"] = {"hartenjagen": ours, "openspiel": theirs, "ratio": ours / theirs}
    figures["P2_native"] = native_figures(args, rng)

    pair = openspiel_game_pair(rng)
    if pair is not None:
        ours, theirs = timed_pair(*pair, 2 * args.seconds)
        print("P5  the OpenSpiel game, random hands through pyspiel (OpenSpiel's rules)")
        print(f"    python_hartenjagen                {ours:10,.0f} hands/s")
        print(f"    OpenSpiel's hearts                {theirs:10,.0f} hands/s")
        print(f"    ratio                             {ours / theirs:10.2f}   (target >= 0.4)")
        figures["P5"] = {"hartenjagen": ours, "openspiel": theirs, "ratio": ours / theirs}
        floor = do_nothing_pair(rng)
        if floor is not None:
            nothing, hearts = timed_pair(*floor, 2 * args.seconds)
            print(f"    a Python game doing nothing       {nothing:10,.0f} hands/s")
            print(f"    OpenSpiel's hearts (its round)    {hearts:10,.0f} hands/s")
            print(f"    ratio, the floor of any Python game {nothing / hearts:8.2f}")
            figures["P5"]["do_nothing"] = nothing  # type: ignore[index]
            figures["P5"]["do_nothing_ratio"] = nothing / hearts  # type: ignore[index]
        print()

    for key, opponents in (("V1", "random"), ("V1_heuristic", "heuristic")):
        envs = vector_env_pair(64, opponents)
        if envs is None:
            break
        ours, theirs, ratios = ratio_rounds(*envs, 2 * args.seconds)
        target = "   (target >= 5)" if key == "V1" else ""
        print(f"V1  vectorized Gymnasium env, 64 tables, {opponents} opponents")
        print(f"    SeatVectorEnv                     {ours:10,.0f} steps/s")
        print(f"    SyncVectorEnv of 64 SeatEnvs      {theirs:10,.0f} steps/s")
        print(
            f"    ratio                             {statistics.median(ratios):10.2f}"
            f"   (rounds {ratios[0]:.2f} to {ratios[-1]:.2f}){target}\n"
        )
        figures[key] = {
            "hartenjagen": ours,
            "sync": theirs,
            "ratio": statistics.median(ratios),
            "ratios": ratios,
        }

    load, replay, moves, size = load_pair(args.seed)
    ours, theirs = timed_pair(load, replay, 2 * args.seconds)
    target = "   (target <= 3 on the compiled core)" if hj.COMPILED else ""
    print(f"L1  loading a saved game: {LOAD_HANDS} hands, {moves:,} moves, {size / 1000:,.0f} kB of JSON")
    print(f"    loads                             {1e6 / ours:10.2f} µs/move{target}")
    print(f"    apply, the same moves             {1e6 / theirs:10.2f} µs/move")
    print(f"    ratio                             {theirs / ours:10.2f}\n")
    figures["L1"] = {
        "loads_us_per_move": 1e6 / ours,
        "apply_us_per_move": 1e6 / theirs,
        "ratio": theirs / ours,
        "hands": LOAD_HANDS,
        "moves": moves,
        "bytes": size,
    }

    short = memory_per_state(variants.STANDARD, 1, args.seed)
    long = memory_per_state(variants.STANDARD, 8, args.seed)
    print("P3  memory per kept state (standard rules, whole games)")
    print(f"    one game                          {short:10,.0f} bytes/state")
    print(f"    eight games                       {long:10,.0f} bytes/state   (target <= 250)\n")
    figures["P3"] = {"one_game": short, "eight_games": long}

    hands_four, hands_six = timed_pair(
        step_hands(variants.STANDARD, rng, 2), step_hands(variants.SIX_DOUBLE_DECK, rng, 2), 2 * args.seconds
    )
    four = 1 / (hands_four * len(variants.STANDARD.deck.pack()))
    six = 1 / (hands_six * len(variants.SIX_DOUBLE_DECK.deck.pack()))
    print("P4  cost per card played")
    print(f"    4 players, one pack               {four * 1e6:10.2f} µs/card")
    print(f"    6 players, two packs              {six * 1e6:10.2f} µs/card")
    print(f"    ratio                             {six / four:10.2f}   (target <= 1.5)\n")
    figures["P4"] = {"four_players": four, "six_double_deck": six, "ratio": six / four}

    if args.own_rule or not args.quick:
        figures["own_rule"] = own_rule.measure(args.seconds, 5, args.seed)

    seconds, kib = import_cost()
    print(f"import hartenjagen                    {seconds * 1000:10.1f} ms, {kib:,.0f} KiB peak\n")
    figures["import"] = {"seconds": seconds, "peak_kib": kib}

    figures["B1"] = bot_figures(args.seconds)

    if not args.quick:
        print(f"{'preset':<18}{'hands/s':>10}{'legal_moves ns':>16}{'apply ns':>10}")
        presets: dict[str, object] = {}
        for preset in variants.ALL:
            hands, per_legal, per_apply = call_costs(preset.rules, rng, args.seconds)
            print(f"{preset.name:<18}{hands:>10,.0f}{per_legal:>16,.0f}{per_apply:>10,.0f}")
            presets[preset.name] = {"hands_per_s": hands, "legal_moves_ns": per_legal, "apply_ns": per_apply}
        figures["presets"] = presets
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)
    return 0


def native_figures(args: argparse.Namespace, rng: random.Random) -> dict[str, object]:
    """P2 through the batch API against evaluate_bots: pre-dealt, deal inside, batched, two packs."""
    kernel = "native kernel" if native.AVAILABLE else "no native kernel: the Python kernel"
    print(f"P2  batch playouts (hartenjagen.playouts, {kernel}) against evaluate_bots")
    theirs_run = openspiel_rollouts(args.seed + 1)
    seconds = 2 * args.seconds
    out: dict[str, object] = {"native": native.AVAILABLE}
    rows = (
        ("P2", "pre-dealt, one hand a call", native_playouts(OPENSPIEL, args.seed), "10"),
        ("P2b", "deal in the timer, one a call", native_deals(OPENSPIEL, args.seed), "6"),
        ("P2_batched", "1,024 pre-dealt starts a call", native_playouts(OPENSPIEL, args.seed, 1024), "25"),
        ("P2_batched_one_start", "one start 1,024 times a call", native_repeats(OPENSPIEL, args.seed), ""),
        ("P2b_batched", "1,024 fresh deals a call", native_deals(OPENSPIEL, args.seed, 1024), ""),
        (
            "P2_six_double_deck",
            "six_double_deck, one a call",
            native_playouts(variants.SIX_DOUBLE_DECK, args.seed),
            "",
        ),
    )
    for key, label, run, target in rows:
        ours, theirs = timed_pair(run, theirs_run, seconds)
        goal = f"   (target >= {target})" if target else ""
        print(f"    {label:<33} {ours:10,.0f} hands/s {ours / theirs:6.2f}x{goal}")
        out[key] = {"hartenjagen": ours, "openspiel": theirs, "ratio": ours / theirs}
    print(f"    OpenSpiel evaluate_bots (C++)     {theirs:10,.0f} hands/s (the last round)")
    one, two = timed_pair(
        native_playouts(variants.STANDARD, args.seed),
        native_playouts(variants.SIX_DOUBLE_DECK, args.seed),
        seconds,
    )
    per_one = 1 / (one * len(variants.STANDARD.deck.pack()))
    per_two = 1 / (two * len(variants.SIX_DOUBLE_DECK.deck.pack()))
    print(f"    per card: 4 players, one pack     {per_one * 1e9:10.1f} ns/card")
    print(f"    per card: 6 players, two packs    {per_two * 1e9:10.1f} ns/card")
    print(f"    ratio                             {per_two / per_one:10.2f}   (target <= 1.5)\n")
    out["per_card"] = {"one_pack": per_one, "two_packs": per_two, "ratio": per_two / per_one}
    if not args.quick:
        out["scale"] = native_scale(args)
    return out


def native_scale(args: argparse.Namespace) -> dict[str, dict[str, float]]:
    """µs a hand and ns a card, pre-dealt starts, by batch size, for presets of 3 to 6 players."""
    sizes = (1, 16, 256, 1024)
    presets = ("standard", "black_lady_3", "five_players", "six_double_deck")
    print("    µs a hand (ns a card) by hands a call, pre-dealt starts")
    print(f"    {'preset':<18}" + "".join(f"{size:>16,}" for size in sizes))
    table: dict[str, dict[str, float]] = {}
    for name in presets:
        rules = variants.get(name)
        cards = len(rules.deck.pack())
        row: dict[str, float] = {}
        cells = []
        for size in sizes:
            rate = timed(native_playouts(rules, args.seed, size, starts=1024), args.seconds / len(sizes), 3)
            row[str(size)] = 1e6 / rate
            cells.append(f"{1e6 / rate:8.2f} ({1e9 / rate / cards:4.0f})")
        print(f"    {name:<18}" + "".join(f"{cell:>16}" for cell in cells))
        table[name] = row
    print()
    return table


def _both_cores(args: argparse.Namespace) -> int:
    """Run this benchmark once per core, the compiled one first, each in its own process."""
    base = [
        sys.executable,
        __file__,
        "--cores",
        "this",
        "--seconds",
        str(args.seconds),
        "--seed",
        str(args.seed),
    ]
    if args.quick:
        base.append("--quick")
    if args.own_rule:
        base.append("--own-rule")
    figures: dict[str, object] = {}
    for name, pure in (("compiled", False), ("interpreted", True)):
        env = {k: v for k, v in os.environ.items() if k != "HARTENJAGEN_PURE_PYTHON"}
        if pure:
            env["HARTENJAGEN_PURE_PYTHON"] = "1"
        out = f"{args.json}.{name}" if args.json else None
        command = [*base, *(["--json", out] if out else [])]
        subprocess.run(command, env=env, check=True)
        if out:
            with open(out, encoding="utf-8") as data:
                figures[name] = json.load(data)
            os.remove(out)
        print()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as dump:
            json.dump(figures, dump, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
