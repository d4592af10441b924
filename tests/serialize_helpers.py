"""Helpers for the JSON tests (tests/test_serialize_*.py): round trips, tampered documents, random play,
and a state of every phase to save and tamper with."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.core.state import table_of
from hartenjagen.core.state_fields import fields
from hartenjagen.core.table import table_for
from hartenjagen.frontend.serialize import FormatError, dumps, loads, register
from hartenjagen.rules import duplicates, ending, extras, moon, passing
from hartenjagen.rules.routes import PassRoute
from helpers import ONE_SUIT_EACH, find_state, game, play_out

# ---------------------------------------------------------------- round trips and random play

L, R, H = PassRoute.LEFT, PassRoute.RIGHT, PassRoute.HOLD


def playout(state: hj.State, rng: random.Random, moves: int, revokes: float = 0.0) -> hj.State:
    """The state after up to ``moves`` random legal moves (and, with a revoke penalty, some revokes)."""
    penalty = any(isinstance(extra, extras.RevokePenalty) for extra in state.rules.extras)
    for _ in range(moves):
        if state.is_over:
            break
        legal = hj.legal_moves(state)
        if penalty and state.phase is hj.Phase.PLAYING and rng.random() < revokes:
            seat = state.to_move[0]
            wrong = [card for card in state.hands[seat] if hj.Play(seat, card) not in legal]
            if wrong:
                state = hj.apply(state, hj.Play(seat, rng.choice(wrong)))
                continue
        state = hj.apply(state, legal[rng.randrange(len(legal))])
    return state


def random_play(state: hj.State, rng: random.Random, moves: int) -> Iterator[tuple[hj.State, hj.Move]]:
    """Up to ``moves`` (state, random legal move) pairs of a random playout."""
    for _ in range(moves):
        if state.is_over:
            return
        legal = hj.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        yield state, move
        state = hj.apply(state, move)


def round_trip(value: object) -> object:
    text = dumps(value)
    back = loads(text)
    assert back == value
    assert dumps(back) == text  # the written form is canonical
    return back


def assert_same_game(back: object, state: hj.State) -> None:
    assert isinstance(back, hj.State)
    assert back == state
    assert fields(back) == fields(state)
    assert table_of(back) is table_for(state.rules)
    assert list(hj.legal_moves(back)) == list(hj.legal_moves(state))


# ---------------------------------------------------------------- every phase, by example


def standard_passing_some_passed() -> hj.State:
    state = hj.new_game(variants.STANDARD, seed=3)
    for seat in (2, 0):
        state = hj.apply(state, hj.Pass(seat, state.hands[seat][:3]))
    return state


def pass_and_return_stage_one() -> hj.State:
    state = find_state(
        variants.hoemke(3, 2, 2, 3), lambda s: s.phase is hj.Phase.PASSING and s.pass_stage == 1
    )
    return hj.apply(state, hj.legal_moves(state)[0])


def pass_to_dealer_without_dealer() -> hj.State:
    state = hj.new_game(hj.Rules(passing=passing.PassToDealer(dealer_joins=False)), seed=8, dealer=2)
    return hj.apply(state, hj.legal_moves(state)[0])


def announcing() -> hj.State:
    state = hj.new_game(variants.ACHTERHOEK, seed=4, dealer=1)
    return hj.apply(state, hj.Announce(state.to_move[0], True))


def playing_mid_trick() -> hj.State:
    return find_state(variants.STANDARD, lambda s: len(s.tricks) == 4 and len(s.trick) == 2)


def moon_choice() -> hj.State:
    return play_out(game(ONE_SUIT_EACH, moon=moon.SHOOTER_CHOICE))


def game_over() -> hj.State:
    return playout(hj.new_game(variants.STANDARD, seed=21), random.Random(21), 10_000)


def double_deck_carry_over() -> hj.State:
    chosen = attrs.evolve(variants.SIX_DOUBLE_DECK, duplicates=duplicates.CANCEL_PAIRS)
    return find_state(chosen, lambda s: fields(s).carry != 0 and len(s.trick) == 1)


@register
@attrs.frozen(repr=False)
class StopsOnAnyLine(ending.ScoreLimit):
    """A house ending that stops as soon as a total reaches the limit, even on a voided hand.

    The library's endings never end on a revoke (the same dealer redeals); a user's may.
    """

    def is_over(self, totals: tuple[int, ...], sheet: ending.Sheet) -> bool:
        return max(totals) >= self.limit


def revoke_ends_the_game() -> hj.State:
    chosen = hj.Rules(
        passing=passing.NO_PASSING, ending=StopsOnAnyLine(limit=10), extras=(extras.RevokePenalty(),)
    )
    state = hj.new_game(chosen, seed=2)
    seat = state.to_move[0]
    wrong = next(card for card in state.hands[seat] if str(card) != "2C")
    return hj.apply(state, hj.Play(seat, wrong))


def can_revoke(state: hj.State) -> bool:
    if (
        state.phase is not hj.Phase.PLAYING
        or state.hand_index
        or len(state.tricks) != 2
        or len(state.trick) != 1
    ):
        return False
    hand, led = state.hands[state.to_move[0]], state.trick[0].card.suit
    return any(c.suit is led for c in hand) and any(c.suit is not led for c in hand)


def revoke_redeals() -> hj.State:
    state = find_state(hj.Rules(extras=(extras.RevokePenalty(points=3),)), can_revoke)
    seat = state.to_move[0]
    wrong = next(c for c in state.hands[seat] if c.suit is not state.trick[0].card.suit)
    return hj.apply(state, hj.Play(seat, wrong))


EXAMPLES: dict[str, Callable[[], hj.State]] = {
    "passing, some seats passed": standard_passing_some_passed,
    "pass and return, stage 1": pass_and_return_stage_one,
    "pass to the dealer, the dealer sits out": pass_to_dealer_without_dealer,
    "announcing": announcing,
    "playing mid-trick": playing_mid_trick,
    "moon choice": moon_choice,
    "game over": game_over,
    "double deck with a carry-over pile": double_deck_carry_over,
    "game over by a revoke": revoke_ends_the_game,
    "dealt again after a revoke": revoke_redeals,
}


# ---------------------------------------------------------------- rejections: tampering with a document


def rejects(text: object, path: str) -> FormatError:
    """``loads(text)`` raises a FormatError at ``path`` (or inside it); the message starts with the path."""
    with pytest.raises(FormatError) as caught:
        loads(text)  # type: ignore[arg-type]
    error = caught.value
    assert str(error).startswith(error.path + ": "), str(error)
    assert error.path.startswith(path), str(error)
    return error


def tampered(value: object, change: Callable[[Any], object]) -> str:
    """``value`` saved, changed by ``change`` (on the parsed JSON) and written back."""
    data = json.loads(dumps(value))
    change(data)
    return json.dumps(data)


def sort_cards(hand: list[str]) -> list[str]:
    return sorted(hand, key=lambda text: hj.Card(text.split("#")[0]).index)
