"""Where the heuristic's discarded points go in a team game: onto a partner's trick or an opponent's.

Issue 41 item 4 measured team-blind heuristic bots discarding penalty points
onto a partner against onto an opponent 119:425 with team scoring (112:414
without): as often as onto each opponent. This script deals one hand per seed
of a deal set (``benchmarks/deal_sets.py``; development by default: this
measures a tuning change, not a reported strength figure), lets four
`HeuristicBot` play it, and counts every discard (a card off the suit led)
worth points by the trick's winner: a partner of the discarder (seats 0 and 2,
1 and 3) or an opponent. Two runs on the same deals:

- ``blind``: standard Hearts, no teams declared (the bots cannot know a partner);
- ``team``: ``partnership_hearts`` (the bots see ``view.partners``).

Each run reports the points per hand onto partners and onto opponents with
95 % intervals over the deals, and the partner share of the discarded points.
An even spread is one part partner to two parts opponent (a share of 1/3).

Run: python benchmarks/partner_discards.py [--hands 250] [--deal-set development] [--seed 0] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # deal_sets, tournament_common

import deal_sets
import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.bots import HeuristicBot
from tournament_common import mean_ci

#: Partners sit opposite, as in ``partnership_hearts``.
TEAMS = ((0, 2), (1, 3))


def _partner(seat: int) -> int:
    return next(other for team in TEAMS if seat in team for other in team if other != seat)


def one_hand(rules: hj.Rules, seed: int) -> tuple[int, int]:
    """(points discarded onto a partner's trick, onto an opponent's) in the first hand dealt from ``seed``."""
    bots = [HeuristicBot(seed=seed * 4 + seat) for seat in range(4)]
    state = hj.new_game(rules, seed=seed)
    value = rules.scoring.card_value
    onto_partner = onto_opponent = 0
    while not state.score_sheet:
        seat = state.to_move[0]
        state = hj.apply(state, bots[seat].choose(hj.view(state, seat)))
    for trick in _tricks_of(state):
        led = trick.cards[0].suit
        for position, card in enumerate(trick.cards):
            seat = (trick.leader + position) % 4
            if card.suit is led or value(card) <= 0 or trick.winner is None:
                continue
            if trick.winner == _partner(seat):
                onto_partner += value(card)
            else:
                onto_opponent += value(card)
    return onto_partner, onto_opponent


def _tricks_of(state: hj.State) -> tuple[hj.Trick, ...]:
    """The tricks of the hand just scored (the state has moved on to the next hand, or the game is over)."""
    if state.is_over:
        return state.tricks
    return hj.rules.HandSummary.last(state).tricks


def run(rules: hj.Rules, seeds: range) -> dict[str, Any]:
    partner: list[float] = []
    opponent: list[float] = []
    for seed in seeds:
        p, o = one_hand(rules, seed)
        partner.append(p)
        opponent.append(o)
    (pm, ph), (om, oh) = mean_ci(partner), mean_ci(opponent)
    total_p, total_o = sum(partner), sum(opponent)
    return {
        "hands": len(partner),
        "onto_partner": {"total": total_p, "per_hand": pm, "ci95": ph},
        "onto_opponents": {"total": total_o, "per_hand": om, "ci95": oh},
        "partner_share": total_p / (total_p + total_o) if total_p + total_o else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=250, help="deals, one hand each (default 250)")
    parser.add_argument("--seed", type=int, default=None, help="the first seed (default: the set's first)")
    parser.add_argument("--out", type=Path, default=None, help="write the result as JSON here")
    deal_sets.add_argument(parser)
    args = parser.parse_args()
    try:
        deal_set, first = deal_sets.resolve(args.deal_set, args.seed, span=args.hands)
    except deal_sets.DealSetError as error:
        parser.error(str(error))
    seeds = range(first, first + args.hands)
    blind = hj.Rules(ending=variants.PARTNERSHIP_HEARTS.ending)  # the same game without declared teams
    result: dict[str, Any] = {
        "what": "heuristic discards worth points, onto a partner's trick vs an opponent's (partners opposite)",
        **deal_sets.record(deal_set, first, span=args.hands),
        "blind": run(blind, seeds),
        "team": run(variants.PARTNERSHIP_HEARTS, seeds),
    }
    for name in ("blind", "team"):
        row = result[name]
        p, o = row["onto_partner"], row["onto_opponents"]
        print(
            f"{name:5} ({deal_set.name} deals, {row['hands']} hands): onto partner {p['total']} "
            f"({p['per_hand']:.2f} ± {p['ci95']:.2f} a hand), onto opponents {o['total']} "
            f"({o['per_hand']:.2f} ± {o['ci95']:.2f} a hand); partner share {row['partner_share']:.3f}"
        )
    if args.out is not None:
        args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
