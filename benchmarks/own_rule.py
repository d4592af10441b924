"""The "own rule" figure: what a rule of one's own that changes nothing costs against the same preset.

    python benchmarks/own_rule.py [--seconds 2] [--rounds 5] [--json FILE] [--slots play,opening]

For each slot that can hold a module of one's own, the standard preset with a
module that changes nothing in that slot, against the preset itself:

* ``play``: a house rule whose ``playable`` returns ``context.allowed``;
* ``pass``, ``opening``, ``first_trick``, ``scoring``, ``moon``, ``ending``: the
  preset's own module subclassed with one hook (``passable``, ``playable``,
  ``playable``, ``points_of``, ``shooter``, ``is_over``) overridden by a call
  to the inherited one: the same rule, but no longer a built-in with a plan,
  so the core calls the hook.

Three workloads each, every pair in one process in alternating rounds (the
ratio of each round, reported as median and range): the step API (random
hands through ``legal_moves``/``apply``), a sampling bot's decision (32
worlds, at the lead of trick 2), and batched playouts
(``playouts(state, 256)``). Then ``is_legal(state, move)`` of a legal move
against ``move in legal_moves(state)``, at a first lead and mid-trick.
Ratios are own ÷ preset time (1.0: free; lower is better). It runs on any
version of the library (the figures before a change come from the same script).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any

import attrs

import hartenjagen as hj
from hartenjagen import playouts
from hartenjagen.bots import SamplingBot
from hartenjagen.rules.extras import HouseRule

SLOTS = ("play", "pass", "opening", "first_trick", "scoring", "moon", "ending")
WORKLOADS = ("step", "sampling", "playouts")
#: the hook a module of one's own overrides in each slot (by a call to the inherited one)
HOOKS = {
    "pass": ("passing", "passable"),
    "opening": ("opening", "playable"),
    "first_trick": ("first_trick", "playable"),
    "scoring": ("scoring", "points_of"),
    "moon": ("moon", "shooter"),
    "ending": ("ending", "is_over"),
}


class NoOpRule(HouseRule):
    """A house rule that allows every card the rules allow."""

    def playable(self, context: Any) -> Any:
        return context.allowed


def own_module(module: object, hook: str) -> object:
    """``module`` as an instance of a subclass whose ``hook`` calls the inherited one (no plan any more)."""
    base = type(module)

    def call(self: object, *args: object) -> object:
        return getattr(base, hook)(self, *args)

    own = type(f"Own{base.__name__}", (base,), {hook: call, "__slots__": ()})
    clone = copy.copy(module)
    object.__setattr__(clone, "__class__", own)
    return clone


def with_own(rules: hj.Rules, slot: str) -> hj.Rules:
    """``rules`` with a module of one's own that changes nothing in ``slot``."""
    if slot == "play":
        return attrs.evolve(rules, extras=(NoOpRule(),))
    name, hook = HOOKS[slot]
    return attrs.evolve(rules, **{name: own_module(getattr(rules, name), hook)})


def step_api(rules: hj.Rules, seed: int) -> Callable[[], int]:
    """Two random hands through legal_moves/apply from a new game; cards played."""
    rng = random.Random(seed)

    def run() -> int:
        cards = 0
        for _ in range(2):
            state = hj.new_game(rules, seed=rng.getrandbits(32))
            start = len(state.score_sheet)
            while not state.is_over and len(state.score_sheet) == start:
                moves = hj.legal_moves(state)
                state = hj.apply(state, moves[rng.randrange(len(moves))])
                cards += 1
        return cards

    return run


def first_lead(rules: hj.Rules, seed: int) -> hj.State:
    """The first state of the play phase of a game of ``rules`` (random passes)."""
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    while state.phase is not hj.Phase.PLAYING:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    return state


def mid_trick(rules: hj.Rules, seed: int) -> hj.State:
    """A state of trick 5 with two cards played (random play from the first lead)."""
    rng = random.Random(seed)
    state = first_lead(rules, seed)
    for _ in range(4 * rules.players + 2):
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    return state


def sampling_decision(rules: hj.Rules, seed: int) -> Callable[[], int]:
    """One sampling bot decision (32 worlds) at the lead of trick 2; decisions made."""
    rng = random.Random(seed)
    state = first_lead(rules, seed)
    while state.trick_number < 1 or state.trick or len(hj.legal_moves(state)) < 2:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    view = hj.view(state, state.to_move[0])

    def run() -> int:
        SamplingBot(seed=1, samples=32).choose(view)
        return 1

    return run


def batched(rules: hj.Rules, seed: int) -> Callable[[], int]:
    """``playouts(state, 256)`` from a first lead; hands played."""
    state = first_lead(rules, seed)
    draws = playouts.generator(seed)

    def run() -> int:
        playouts.playouts(state, 256, rng=draws)
        return 256

    return run


def ratio(first: Callable[[], int], second: Callable[[], int], seconds: float, rounds: int) -> list[float]:
    """Time per unit of ``first`` over that of ``second``, one ratio per round (each round alternates them)."""
    first()
    second()
    out = []
    for _ in range(rounds):
        rates = []
        for run in (first, second):
            done = 0
            start = time.process_time()
            while (elapsed := time.process_time() - start) < seconds / rounds / 2:
                done += run()
            rates.append(done / elapsed)
        out.append(rates[1] / rates[0])
    return sorted(out)


def legality(state: hj.State, seconds: float, rounds: int) -> list[float]:
    """``is_legal`` of each legal move over ``move in legal_moves``, per round."""
    moves = list(hj.legal_moves(state))

    def checked() -> int:
        for move in moves:
            hj.is_legal(state, move)
        return len(moves)

    def member() -> int:
        for move in moves:
            _ = move in hj.legal_moves(state)
        return len(moves)

    return ratio(checked, member, seconds, rounds)


def shown(ratios: list[float]) -> str:
    return f"{statistics.median(ratios):7.2f}x  ({ratios[0]:.2f}-{ratios[-1]:.2f})"


def measure(
    seconds: float, rounds: int, seed: int, slots: Iterable[str] = SLOTS, workloads: Iterable[str] = WORKLOADS
) -> dict[str, Any]:
    """Print the figure and return it: each slot's and ``is_legal``'s ratios, one per round, sorted."""
    base = hj.Rules()
    print(f"O1  own rule against the standard preset ({'compiled' if hj.COMPILED else 'interpreted'} core)")
    print("    own / preset time, median (range of the rounds)")
    figures: dict[str, Any] = {}
    makers = {"step": step_api, "sampling": sampling_decision, "playouts": batched}
    chosen = list(workloads)
    print(f"    {'slot':12s}" + "".join(f"{w:>26s}" for w in chosen))
    for slot in slots:
        own = with_own(base, slot)
        line = f"    {slot:12s}"
        for workload in chosen:
            make = makers[workload]
            ratios = ratio(make(own, seed), make(base, seed), seconds, rounds)
            figures[f"{slot}/{workload}"] = ratios
            line += f"{shown(ratios):>26s}"
        print(line, flush=True)
    for label, state in (("first lead", first_lead(base, seed)), ("mid-trick", mid_trick(base, seed))):
        ratios = legality(state, seconds, rounds)
        figures[f"is_legal/{label}"] = ratios
        print(f"    is_legal / (move in legal_moves), {label}: {shown(ratios)}", flush=True)
    print()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=2.0, help="time per pair")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--slots", default=",".join(SLOTS), help="the slots to measure, comma-separated")
    parser.add_argument("--workloads", default=",".join(WORKLOADS), help="of step, sampling, playouts")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    slots = [s for s in args.slots.split(",") if s]
    workloads = [w for w in args.workloads.split(",") if w]
    figures = {"compiled": hj.COMPILED, **measure(args.seconds, args.rounds, args.seed, slots, workloads)}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
