"""Writing rule modules with public names only: a restriction, a scoring table and an announcement.

The house plays standard Hearts with three changes of its own:

- a player who cannot follow suit and holds the Q♠ must discard it;
- the 10♣ scores 5 and the J♦ −10 on top of the hearts and the Q♠;
- before the first lead each player may pledge to win no trick: a kept
  pledge scores −15, a broken one +15;
- the Q♠ breaks hearts as a heart does.

Each is a small frozen attrs class; ``attrs.evolve`` composes them into the
standard game. docs/writing-rules.md walks through this file.

Run: python examples/writing_rules.py [--seed 3]
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable

import attrs

import hartenjagen as hj
from hartenjagen import rules, variants
from hartenjagen.bots import make_bot
from hartenjagen.cards import Card, Suit
from hartenjagen.frontend.records import GameRecord
from hartenjagen.rules import HandSummary, HouseRule, PlayContext

QUEEN = Card.parse("QS")


@attrs.frozen
class DiscardQueenWhenVoid(HouseRule):
    """A player who cannot follow suit and holds the Q♠ must discard it."""

    play_code = "must_discard_queen"
    refusal_text = "you cannot follow suit, so you must discard the Q♠"

    def playable(self, context: PlayContext) -> Iterable[Card]:
        can_follow = any(card.suit is context.led_suit for card in context.hand)
        if context.leading or can_follow or QUEEN not in context.allowed:
            return context.allowed
        return {QUEEN}


#: The house's card points: hearts 1 each, the Q♠ 13, the 10♣ 5 and the J♦ −10.
HOUSE_POINTS = rules.scoring.CardPoints(
    {"QS": 13, "TC": 5, "JD": -10, **{f"{rank}H": 1 for rank in "23456789TJQKA"}},
    name="house points",
)


@attrs.frozen
class NoTrickPledge(HouseRule):
    """Before the first lead each player may pledge to win no trick: −``points`` if kept, +``points`` if broken."""

    points: int = 15

    def announces(self, state: hj.State) -> bool:
        return True  # every hand opens with the pledge round

    def adjustments(self, hand: HandSummary) -> tuple[int, ...]:
        return tuple(
            (self.points if hand.tricks_won[seat] else -self.points) if seat in hand.announcers else 0
            for seat in range(len(hand.tricks_won))
        )


@attrs.frozen
class QueenBreaksHearts(rules.Leading):
    """Hearts may not be led until a heart or the Q♠ has been played."""

    refusal_text = "hearts may not be led until a heart or the Q♠ has been played"

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if context.hearts_broken:
            return context.allowed
        return {card for card in context.allowed if card.suit is not Suit.HEARTS} or context.allowed

    def breaks_hearts(self, card: Card, discarded: bool, trick_number: int) -> bool:
        return card.suit is Suit.HEARTS or card == QUEEN


#: The house game.
HOUSE = attrs.evolve(
    variants.STANDARD,
    scoring=HOUSE_POINTS,
    leading=QueenBreaksHearts(),
    extras=(DiscardQueenWhenVoid(), NoTrickPledge()),
)


def play(seed: int) -> GameRecord:
    """One game of the house rules between four heuristic bots, as a record of its moves."""
    bots = [make_bot("heuristic", seed=seed + seat) for seat in range(HOUSE.players)]
    state = hj.new_game(HOUSE, seed=seed)
    record = GameRecord.begin(state)
    while not state.is_over:
        seat = state.to_move[0]  # passes are simultaneous: any seat still to pass may go first
        move = bots[seat].choose(hj.view(state, seat))
        state = hj.apply(state, move)
        record = record.add(move)
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3, help="seed of the deals and the bots")
    args = parser.parse_args()
    record = play(args.seed)
    final = record.final_state()
    print(HOUSE)
    print("final totals:", final.scores)
    # The game saves and loads as JSON and as a record, with no registration call.
    assert hj.loads(hj.dumps(final)) == final
    assert GameRecord.from_text(record.to_text()).final_state() == final
    print("saved and loaded as JSON and as a record")


if __name__ == "__main__":
    main()
