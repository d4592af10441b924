"""Replay the recorded decisions of an IS-MCTS run: does today's bot choose every pass and play it chose then?

Reads the ``.jsonl`` of ``benchmarks/openspiel_tournament.py`` (records with
their cards) and, for each hand, deals it again as the tournament dealt it,
seats the contender (the pairing's bot, with the seed the tournament gave it)
and replays the hand: at each of the contender's turns it asks the bot for its
move and compares it with the recorded one; every other seat's pass and play
is applied as recorded. A speed-up of a bot must leave this count at zero
mismatches: the bot then plays exactly as it did when its figures were measured.

It needs no OpenSpiel: the deal, the bot's seed and the order of the passes are
the tournament's own (``play_table``), and our engine plays OpenSpiel's rules
(``hartenjagen.variants.openspiel``).

Run: nice -n 10 python benchmarks/replay_decisions.py benchmarks/results/openspiel_strongest.jsonl
         [--seed 0] [--pairing heuristic-vs-ismcts] [--hands N] [--every K] [--door state]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tournament_common, when loaded from a file

import hartenjagen as hj
from hartenjagen.bots import choose_for, make_bot
from hartenjagen.cards import Card
from tournament_common import os_card, parse_bot

PLAYERS = 4
DEALER = 3
#: OpenSpiel's first chance action, as the tournament maps it
DIRECTIONS = (hj.PassDirection.HOLD, hj.PassDirection.LEFT, hj.PassDirection.ACROSS, hj.PassDirection.RIGHT)


@dataclass
class Tally:
    """Decisions replayed and the ones that differ, per pairing."""

    decisions: int = 0
    hands: int = 0
    cpu: float = 0.0
    mismatches: list[dict[str, Any]] = field(default_factory=list)


def _ask(bot: Any, state: hj.State, seat: int, door: str) -> hj.Move:
    """The bot's move: from the seat's view, or (``door="state"``) as the adapters ask it (`choose_for`)."""
    return choose_for(bot, state, seat) if door == "state" else bot.choose(hj.view(state, seat))


def replay_hand(record: dict[str, Any], seed: int, door: str = "view") -> tuple[int, list[dict[str, Any]]]:
    """Replay one record's contender decisions: (how many, the ones that differ from the record)."""
    index, me = record["deal"], record["seat"]
    rng = random.Random(f"{seed}/{index}")
    direction = rng.randrange(4)
    deal = list(range(52))
    rng.shuffle(deal)
    hands = [[os_card(x) for x in deal[s::PLAYERS]] for s in range(PLAYERS)]
    name, options = parse_bot(record["pairing"].split("-vs-")[0])
    # The tournament's seed for this seat (salt 0: a pairing's hand); hash of a tuple of ints is stable.
    bot = make_bot(name, seed=hash((seed, index, me, 0)) % (1 << 31), **options)
    state = hj.new_game(
        hj.variants.openspiel(pass_direction=DIRECTIONS[direction]), deal=hands, dealer=DEALER
    )
    decisions = 0
    wrong: list[dict[str, Any]] = []
    if state.phase is hj.Phase.PASSING:
        for s, texts in enumerate(record["cards"]["passed"]):
            recorded = [Card.parse(c) for c in texts]
            if s == me:
                move = _ask(bot, state, s, door)
                decisions += 1
                assert isinstance(move, hj.Pass)
                if list(move.cards) != recorded:
                    wrong.append(
                        {"deal": index, "seat": me, "pass": texts, "now": [str(c) for c in move.cards]}
                    )
            state = hj.apply(state, hj.Pass(s, recorded))
    for i, text in enumerate(record["cards"]["played"]):
        s = state.to_move[0]
        card = Card.parse(text)
        if s == me:
            move = _ask(bot, state, s, door)
            decisions += 1
            if not isinstance(move, hj.Play) or move.card != card:
                wrong.append({"deal": index, "seat": me, "play": i, "recorded": text, "now": str(move)})
        state = hj.apply(state, hj.Play(s, card))
    return decisions, wrong


def records_of(path: Path, pairing: str | None = None) -> Iterator[dict[str, Any]]:
    """The pairing records of ``path`` that carry their cards (a sweep's hands have no contender)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        if "cards" in record and "pairing" in record and (pairing is None or record["pairing"] == pairing):
            yield record


def replay(records: Iterable[dict[str, Any]], seed: int, door: str = "view") -> dict[str, Tally]:
    """Replay every record's contender decisions; a tally per pairing."""
    out: dict[str, Tally] = {}
    for record in records:
        tally = out.setdefault(record["pairing"], Tally())
        start = time.process_time()
        count, wrong = replay_hand(record, seed, door)
        tally.cpu += time.process_time() - start
        tally.decisions += count
        tally.hands += 1
        tally.mismatches.extend(wrong)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jsonl", type=Path, nargs="+")
    parser.add_argument("--seed", type=int, default=None, help="the run's --seed (default: its JSON's)")
    parser.add_argument("--pairing", default=None, help="only this pairing's hands")
    parser.add_argument("--hands", type=int, default=None, help="at most this many hands per file")
    parser.add_argument("--every", type=int, default=1, help="only every k-th hand (a spread sample)")
    parser.add_argument(
        "--door", choices=("view", "state"), default="view",
        help="ask the bot from the seat's view, or as the adapters do (the heuristic reads the state: choose_at)",
    )  # fmt: skip
    args = parser.parse_args()
    failed = False
    for path in args.jsonl:
        seed = args.seed
        if seed is None:
            summary = path.with_suffix(".json")
            seed = json.loads(summary.read_text(encoding="utf-8"))["args"]["seed"] if summary.exists() else 0
        chosen = [r for i, r in enumerate(records_of(path, args.pairing)) if i % args.every == 0]
        tallies = replay(chosen[: args.hands], seed, args.door)
        for pairing, tally in tallies.items():
            print(
                f"{path.name} {pairing}: {tally.hands} hands, {tally.decisions} decisions, "
                f"{len(tally.mismatches)} differ, {tally.cpu:.1f} s CPU",
                flush=True,
            )
            for wrong in tally.mismatches[:5]:
                print("   ", wrong)
            failed = failed or bool(tally.mismatches)
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
