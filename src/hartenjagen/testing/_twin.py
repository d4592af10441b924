"""The explicit-chance twin of a seeded game, for ``check_rules`` and the library's tests.

``replay_explicitly`` plays the moves of a seeded game in a game with explicit
chance, answering each chance node with the outcome the seed drew there (read
off the seeded game, or drawn again from the seed through a recording random
source), and checks after every move that both games are in the same state
(but for the seed) and told the same events. At each chance node it also
checks what ``chance_outcomes``, ``explain`` and ``apply`` say.
"""

from __future__ import annotations

import pickle
from collections import Counter
from collections.abc import MutableSequence, Sequence
from typing import Literal, TypeVar

from hartenjagen.cards import Card
from hartenjagen.chance import Chance, chance_for
from hartenjagen.core import (
    DEAL_NODE,
    DIRECTION_NODE,
    DRAW_NODE,
    FIRST_DEALER_NODE,
    State,
    exchange_of,
    fields,
    node_of,
    table_of,
)
from hartenjagen.engine import chance_outcomes, explain, legal_moves, new_game, step
from hartenjagen.errors import IllegalMoveCode
from hartenjagen.events import Event
from hartenjagen.moves import Move, Play
from hartenjagen.outcomes import Deal, DealCard, DrawnDirection, FirstDealer, Outcome, PoolCard, PoolOrder
from hartenjagen.rules import Rules
from hartenjagen.values import Phase

T = TypeVar("T")

#: ``"cards"``: deals and pools one card at a time; ``"whole"``: a whole ``Deal`` / ``PoolOrder``.
Grain = Literal["cards", "whole"]


class TwinMismatch(AssertionError):
    """The explicit game went another way than the seeded one (the message says where and how)."""


class _Recorder(Chance):
    """A seeded random source that remembers what it drew."""

    def __init__(self, source: Chance) -> None:
        super().__init__("recorder")
        self.source = source
        self.answers: list[object] = []

    def choice(self, items: Sequence[T]) -> T:
        drawn = self.source.choice(items)
        self.answers.append(drawn)
        return drawn

    def shuffle(self, items: MutableSequence[T]) -> None:
        self.source.shuffle(items)
        self.answers.append(tuple(items))


def same_game(explicit: State, seeded: State) -> bool:
    """Whether two states are the same but for the seed."""
    mine, theirs = fields(explicit), fields(seeded)
    return mine._replace(seed=0, secret_seed=False, chance=None) == theirs._replace(
        seed=0, secret_seed=False, chance=None
    )


def seeded_outcome(explicit: State, seeded: State, grain: Grain = "cards") -> Outcome:
    """The outcome the seeded game drew at the chance node ``explicit`` waits at (both after the same moves)."""
    kind, _, answers, drawn = node_of(explicit)
    inside = fields(seeded)
    table = table_of(explicit)
    if kind == FIRST_DEALER_NODE:
        return FirstDealer(seeded.dealer)
    if kind == DEAL_NODE:
        if grain == "whole" and not any(explicit.dealt):
            return Deal(seeded.dealt)
        n = table.players
        count = sum(len(cards) for cards in explicit.dealt)
        seat = (explicit.dealer + 1 + count) % n
        left = Counter(seeded.dealt[seat]) - Counter(explicit.dealt[seat])
        return DealCard(min(left, key=lambda card: card.index))
    if kind == DRAW_NODE:  # the seeded game's next card drawn (the cards are drawn in its stock's order)
        return DealCard(table.card_of[inside.drawn[len(fields(explicit).drawn)]])
    if kind == DIRECTION_NODE:
        recorder = _Recorder(chance_for(inside.seed, inside.deal_count, "direction"))
        table.rules.passing.route(explicit.hand_index, recorder)
        direction = recorder.answers[len(answers)]
        return DrawnDirection(direction)
    stage = explicit.pass_stage
    recorder = _Recorder(chance_for(inside.seed, inside.deal_count, f"exchange{stage}"))
    exchange_of(explicit, recorder)  # the pool's givers and their cards, as the kernel holds them at the node
    order: tuple[int, ...] = recorder.answers[len(answers)]  # type: ignore[assignment]
    cards = tuple(table.card_of[p] for p in order)
    if grain == "whole" and not drawn:
        return PoolOrder(cards)
    return PoolCard(cards[len(drawn)])


def _check_node(state: State, outcome: Outcome) -> None:
    """What must hold at a chance node: the listing, the refusals and the outcome the seed drew.

    Of a deal, every eighth card is checked in full (listing its outcomes at every card is slow).
    """
    reason = explain(state, outcome)
    if reason is not None:
        raise TwinMismatch(f"explain refuses the outcome the seed drew, {outcome!r}: {reason}")
    if type(outcome) is DealCard and sum(len(cards) for cards in state.dealt) % 8:
        return
    listed = chance_outcomes(state)
    if not listed:
        raise TwinMismatch("a state in Phase.CHANCE lists no chance outcomes")
    total = sum(p for _, p in listed)
    if abs(total - 1) > 1e-9 or any(p <= 0 for _, p in listed):
        raise TwinMismatch(f"the chance outcomes' probabilities add up to {total}, or one is not above 0")
    if legal_moves(state) or state.to_move:
        raise TwinMismatch("a state waiting for chance offers moves")
    if type(outcome) not in (Deal, PoolOrder) and outcome not in [o for o, _ in listed]:
        raise TwinMismatch(f"the outcome the seed drew, {outcome!r}, is not listed by chance_outcomes")
    if pickle.loads(pickle.dumps(state)) != state:
        raise TwinMismatch("a state waiting for chance does not read back from a pickle")
    refused = explain(state, Play(0, Card.parse("2C")))
    if refused is None or refused.code is not IllegalMoveCode.WRONG_PHASE:
        raise TwinMismatch(f"a play while chance decides is not refused as WRONG_PHASE: {refused}")
    other = FirstDealer(0) if type(outcome) is not FirstDealer else DealCard(Card.parse("2C"))
    refused = explain(state, other)
    if refused is None or refused.code is not IllegalMoveCode.WRONG_OUTCOME:
        raise TwinMismatch(f"{other!r} is not refused as WRONG_OUTCOME: {refused}")


def _decide(explicit: State, seeded: State, grain: Grain, checks: bool, events: list[Event]) -> State:
    """Answer every chance node ``explicit`` waits at with the seeded game's outcome."""
    for _ in range(10_000):
        if explicit.phase is not Phase.CHANCE:
            return explicit
        outcome = seeded_outcome(explicit, seeded, grain)
        if checks:
            _check_node(explicit, outcome)
        explicit, told = step(explicit, outcome)
        events.extend(told)
    raise TwinMismatch("chance nodes without end")  # pragma: no cover - a deal has finitely many cards


def replay_explicitly(
    rules: Rules,
    seed: int,
    moves: Sequence[Move],
    *,
    dealer: int | Literal["cut"] = 0,
    grain: Grain = "cards",
    checks: bool = True,
) -> State:
    """Play ``moves`` of the seeded game ``(rules, seed, dealer)`` with explicit chance; return the last state.

    Raises `TwinMismatch` when a state or the events differ from the seeded game's.
    """
    seeded = new_game(rules, seed=seed, dealer=dealer)
    explicit = _decide(new_game(rules, chance="explicit", dealer=dealer), seeded, grain, checks, [])
    if not same_game(explicit, seeded):
        raise TwinMismatch("the first states differ")
    for number, move in enumerate(moves, start=1):
        seeded, expected = step(seeded, move)
        explicit, told = step(explicit, move)
        got = list(told)
        explicit = _decide(explicit, seeded, grain, checks, got)
        if not same_game(explicit, seeded):
            raise TwinMismatch(f"after move {number} ({move!r}) the explicit game is in another state")
        if tuple(got) != expected:
            raise TwinMismatch(
                f"move {number} ({move!r}) told other events: {got} instead of {list(expected)}"
            )
    return explicit
