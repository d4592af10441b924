"""Card-sense checks over the hands of an IS-MCTS run: the habits that cost a bot points, counted.

Reads the ``.jsonl`` of ``benchmarks/openspiel_tournament.py`` (records with
their cards), deals each hand again from the run's seed and replays its passes
and plays on our engine, and counts for the contender (the pairing's bot) per
pairing:

- ``void_lead``: a lead into a suit a seat has shown void in this hand while
  the Q♠ is out (neither in the leader's hand nor played); ``void_lead_qs``:
  such a lead on which the leader then took the Q♠ (13 points each);
- ``qs_on_own_high``: the bot took the Q♠ on its own A♠ or K♠ after it had
  played a spade lower than the Q♠ earlier in the hand (its low spades spent
  while the Q♠ was unseen);
- ``bad_hands``: hands in which the bot took 20 points or more without
  shooting the moon; ``moons``: hands it shot.

Run: python benchmarks/card_sense.py benchmarks/results/openspiel.jsonl [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import hartenjagen as hj
from hartenjagen.cards import Card, Rank, Suit

PLAYERS = 4
QS = Card(Rank.QUEEN, Suit.SPADES)
#: OpenSpiel's first chance action, as the tournament maps it
DIRECTIONS = (hj.PassDirection.HOLD, hj.PassDirection.LEFT, hj.PassDirection.ACROSS, hj.PassDirection.RIGHT)


def os_card(action: int) -> Card:
    return Card(Rank(action // 4 + 2), Suit(action % 4))


def final_state(record: dict[str, Any], seed: int) -> hj.State:
    """The hand of ``record`` replayed on our engine (the deal drawn as the tournament draws it)."""
    rng = random.Random(f"{seed}/{record['deal']}")
    direction = DIRECTIONS[rng.randrange(4)]
    deal = list(range(52))
    rng.shuffle(deal)
    hands = [[os_card(x) for x in deal[s::PLAYERS]] for s in range(PLAYERS)]
    rules = hj.variants.openspiel(pass_direction=direction)
    state = hj.new_game(rules, deal=hands, dealer=3)
    if state.phase is hj.Phase.PASSING:
        for s, cards in enumerate(record["cards"]["passed"]):
            state = hj.apply(state, hj.Pass(s, [Card.parse(c) for c in cards]))
    for text in record["cards"]["played"]:
        state = hj.apply(state, hj.Play(state.to_move[0], Card.parse(text)))
    assert list(state.score_sheet[-1].points) == record["points"], "the replay scores differently"
    return state


def habits(state: hj.State, seat: int) -> Counter[str]:
    """The habits of ``seat`` in the finished hand ``state`` (see the module's docstring)."""
    found: Counter[str] = Counter()
    tricks = hj.view(state, seat).tricks
    voids: list[set[Suit]] = [set() for _ in range(PLAYERS)]
    spent_low_spade = False
    for t, trick in enumerate(tricks):
        order = [(trick.leader + i) % PLAYERS for i in range(PLAYERS)]
        led = trick.cards[0].suit
        winner = order[
            max((i for i in range(PLAYERS) if trick.cards[i].suit is led), key=lambda i: trick.cards[i].rank)
        ]
        mine = trick.cards[order.index(seat)]
        held_later = {tr.cards[(seat - tr.leader) % PLAYERS] for tr in tricks[t:]}
        played_before = {c for tr in tricks[:t] for c in tr.cards}
        qs_out = QS not in held_later and QS not in played_before
        if trick.leader == seat and qs_out and any(led in voids[s] for s in range(PLAYERS) if s != seat):
            found["void_lead"] += 1
            if QS in trick.cards and winner == seat:
                found["void_lead_qs"] += 1
        own_high = mine.suit is Suit.SPADES and mine.rank > Rank.QUEEN
        if QS in trick.cards and winner == seat and own_high and spent_low_spade:
            found["qs_on_own_high"] += 1
        if mine.suit is Suit.SPADES and mine.rank < Rank.QUEEN and qs_out:
            spent_low_spade = True
        for i, card in enumerate(trick.cards):
            if card.suit is not led:
                voids[order[i]].add(led)
    points = state.score_sheet[-1].points[seat]
    if state.score_sheet[-1].shooter == seat:
        found["moons"] += 1
    elif points >= 20:
        found["bad_hands"] += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jsonl", type=Path)
    parser.add_argument(
        "--seed", type=int, default=None, help="the run's --seed (default: read from its JSON)"
    )
    args = parser.parse_args()
    seed = args.seed
    if seed is None:
        summary = args.jsonl.with_suffix(".json")
        seed = json.loads(summary.read_text(encoding="utf-8"))["args"]["seed"] if summary.exists() else 0
    totals: dict[str, Counter[str]] = {}
    hands: Counter[str] = Counter()
    for line in args.jsonl.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if "cards" not in record or "pairing" not in record:
            continue  # a sweep's hand, or one recorded before the cards were
        pairing = record["pairing"]
        hands[pairing] += 1
        totals.setdefault(pairing, Counter()).update(habits(final_state(record, seed), record["seat"]))
    for pairing, counts in totals.items():
        print(
            f"{pairing}: {hands[pairing]} hands, " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        )


if __name__ == "__main__":
    main()
