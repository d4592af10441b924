"""Passing a joker by a route that travels by the module's own rule (issue 37): a scatter pass carries any card.

pagat's Joker Hearts gives the jokers' rules only; the library's Joker
Hearts passes as standard Hearts does, a joker among the cards (docs/rules.md).
A scatter pass (a `Passing.scatter` of one's own) receives the jokers a seat
passes in ``chosen`` and places them as any card; one that leaves a joker out
is refused with a `RulesError` naming the module and the joker.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.bots import make_bot, play_game
from hartenjagen.cards import AnyCard, Card, Joker, Suit
from hartenjagen.family_jokers import joker_hearts
from hartenjagen.rules import PassContext, Passing, PassRoute, PassStage, Travel
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.passing import PassCycle
from hartenjagen.testing import check_rules

SCATTER = PassRoute(
    "scatter", "one card left, one across and one right", "één links, één over, één rechts", Travel.RULE
)


def _strength(card: AnyCard) -> tuple[int, int]:
    """Low to high by rank, a joker above every card (it never wins a trick: the card to keep)."""
    return (1, card.number) if isinstance(card, Joker) else (0, 4 * card.rank + card.suit)


@attrs.frozen
class JokerScatter(Passing):
    """Three cards each hand: the lowest to the left, the middle one across, the highest (a joker first) right."""

    def routes(self) -> tuple[PassRoute, ...]:
        return (SCATTER,)

    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        return (PassStage(3),)

    def scatter(self, context: PassContext, chosen: tuple[Card, ...]) -> Mapping[int, Iterable[AnyCard]]:
        low, middle, high = sorted(chosen, key=_strength)
        seat, players = context.seat, context.players
        return {(seat + 1) % players: [low], (seat + 2) % players: [middle], (seat - 1) % players: [high]}


@attrs.frozen
class DropsJokers(JokerScatter):
    """A broken scatter: it places the rank × suit cards only (all to the left)."""

    def scatter(self, context: PassContext, chosen: tuple[Card, ...]) -> Mapping[int, Iterable[AnyCard]]:
        return {(context.seat + 1) % context.players: [card for card in chosen if isinstance(card, Card)]}


def _rules(passing: Passing) -> hj.Rules:
    return attrs.evolve(joker_hearts(), passing=passing, ending=SINGLE_HAND)


def _holder(state: hj.State) -> tuple[int, Joker]:
    return next((seat, c) for seat, hand in enumerate(state.hands) for c in hand if isinstance(c, Joker))


def _pass_all(state: hj.State, first: hj.Pass) -> hj.State:
    state = hj.apply(state, first)
    while state.phase is hj.Phase.PASSING:
        state = hj.apply(state, next(m for m in hj.legal_moves(state) if m.seat == state.to_move[0]))
    return state


def test_a_joker_passed_by_a_scatter_goes_where_the_module_sends_it():
    state = hj.new_game(_rules(JokerScatter()), seed=1)
    seat, joker = _holder(state)
    cards = [c for c in state.hands[seat] if isinstance(c, Card)][:2]
    after = _pass_all(state, hj.Pass(seat, [*cards, joker]))
    right = (seat - 1) % 4
    assert joker in after.hands[right] and joker not in after.hands[seat]
    assert after.hands[(seat + 1) % 4].count(min(cards, key=_strength)) == 1
    view = hj.view(after, seat)
    assert (joker, right) in view.passed_to(0)
    assert sum(len(hand) for hand in after.hands) == 56


def test_a_scatter_that_leaves_a_joker_out_is_refused_naming_it():
    state = hj.new_game(_rules(DropsJokers()), seed=1)
    seat, joker = _holder(state)
    cards = [c for c in state.hands[seat] if isinstance(c, Card)][:2]
    with pytest.raises(hj.RulesError, match=rf"DropsJokers\(\): scatter sends seat {seat}'s {joker} nowhere"):
        _pass_all(state, hj.Pass(seat, [*cards, joker]))


def test_check_rules_and_every_bot_pass_jokers_by_a_scatter():
    rules = _rules(JokerScatter())
    check_rules(rules, games=3)
    for name in ("random", "heuristic", "sampling"):
        final = play_game(rules, [make_bot(name, seed=seat) for seat in range(4)], seed=2)
        assert final.is_over


# ---------------------------------------------------------------- a passable of one's own names jokers


@attrs.frozen
class JokersOrHearts(PassCycle):
    """A seat passes from its jokers and hearts only (all its cards if it holds fewer than three of them)."""

    def passable(self, context: PassContext) -> Iterable[AnyCard]:
        chosen = [*context.jokers, *(card for card in context.hand if card.suit is Suit.HEARTS)]
        return chosen if len(chosen) >= 3 else (*context.hand, *context.jokers)


def test_a_passable_of_ones_own_names_the_jokers_a_seat_may_pass():
    rules = attrs.evolve(joker_hearts(), passing=JokersOrHearts(), ending=SINGLE_HAND)
    state = hj.new_game(rules, seed=2)
    for seat in range(4):
        held = state.hands[seat]
        context = PassContext.of(state, seat)
        assert context.jokers == tuple(card for card in held if isinstance(card, Joker))
        assert set(hj.view(state, seat).pass_options) == set(JokersOrHearts().passable(context))
    seat = next(s for s in range(4) if any(isinstance(card, Joker) for card in state.hands[s]))
    options = hj.view(state, seat).pass_options
    joker = next(card for card in options if isinstance(card, Joker))
    others = [card for card in options if card is not joker][:2]
    after = hj.apply(state, hj.Pass(seat, (joker, *others)))  # a joker among the passed cards
    assert joker not in after.hands[seat]
    refused = [card for card in state.hands[seat] if card not in options]
    if refused:
        with pytest.raises(hj.IllegalMoveError):
            hj.apply(state, hj.Pass(seat, (refused[0], *others)))
    check_rules(rules, games=2, seed=3)


def test_the_examples_keep_spades_passes_jokers_and_no_spade():
    """examples/writing_rules.py's `KeepSpades` (docs/writing-rules.md): Joker Hearts where spades stay in hand."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
    from writing_rules import JOKERS_KEEP_SPADES

    state = hj.new_game(JOKERS_KEEP_SPADES, seed=2)
    for seat in range(4):
        options = set(hj.view(state, seat).pass_options)
        jokers = {card for card in state.hands[seat] if isinstance(card, Joker)}
        spades = {card for card in state.hands[seat] if isinstance(card, Card) and card.suit is Suit.SPADES}
        assert jokers <= options and not spades & options
        assert options == set(state.hands[seat]) - spades
