"""A house variant composed from rule modules with ``attrs.evolve``, played by bots.

The house plays Omnibus (the J♦ is worth −10), lets the Q♠ break hearts, gives
−5 to a player who takes no trick in a hand, stops at 50, and forbids leading
the Q♠ — a house rule of its own, written below as a small module.

Run: python examples/house_rule.py --seed 4
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable

import attrs

import hartenjagen as hj
from hartenjagen import rules, variants
from hartenjagen.bots import make_bot, play_game
from hartenjagen.cards import Card
from hartenjagen.cli.terminal import score_sheet
from hartenjagen.rules import HouseRule, PlayContext

QUEEN = Card.parse("QS")


@attrs.frozen
class NoQueenLead(HouseRule):
    """The Q♠ may not be led, unless the leader holds nothing else it may lead."""

    play_code = "no_queen_lead"
    refusal_text = "the Q♠ may not be led"

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if not context.leading:  # following a lead: nothing changes
            return context.allowed
        return (context.allowed - {QUEEN}) or context.allowed  # never leave no card at all


HOUSE = attrs.evolve(
    variants.STANDARD,
    scoring=rules.scoring.OMNIBUS,
    leading=rules.leading.QUEEN_BREAKS,
    ending=rules.ending.ScoreLimit(limit=50),
    extras=(rules.extras.NoTricksBonus(points=-5), NoQueenLead()),
)


def play(seed: int) -> hj.State:
    """One game of the house rules: a heuristic bot at seat 0 against three random ones."""
    bots = [make_bot("heuristic", seed=seed)] + [make_bot("random", seed=seed + s) for s in (1, 2, 3)]
    return play_game(HOUSE, bots, seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=4, help="seed of the deals and the bots")
    args = parser.parse_args()
    print(HOUSE)
    final = play(args.seed)
    print(score_sheet(HOUSE, final.score_sheet))
    print(hj.describe(hj.events.GameOver(final.winners, final.scores)))


if __name__ == "__main__":
    main()
