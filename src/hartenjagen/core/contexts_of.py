"""The contexts' ``.of(state)`` and ``.last(state)``: a hook's context built from a public `State`.

`hartenjagen.rules.context` declares the contexts without importing the
core; the builders here fill its `BUILDERS` when the core loads, so that
``PlayContext.of(state)`` and the others give a test or a tool the very
context the engine would hand the hook. A value that is not a state, or a
state in the wrong phase, raises [`RulesError`][hartenjagen.errors.RulesError]
saying what the builder needs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, cast

from hartenjagen._repr import shown
from hartenjagen.cards import Card
from hartenjagen.core.hand_hooks import (
    announce_context,
    hand_summary,
    moon_context,
    opening_context,
    pass_context,
)
from hartenjagen.core.hand_log import log_taken, log_tricks
from hartenjagen.core.hooks import play_context
from hartenjagen.core.state import ANNOUNCING, GAME_OVER, MOON_CHOICE, PASSING, PLAYING, State
from hartenjagen.errors import RulesError
from hartenjagen.rules.context import (
    BUILDERS,
    AnnounceContext,
    MoonContext,
    OpeningContext,
    PassContext,
    PlayContext,
    TrickContext,
)
from hartenjagen.rules.extras import HandSummary


def _state_of(value: object, what: str, phases: tuple[int, ...], wanted: str) -> State:
    """``value`` as a state in one of ``phases``, or a `RulesError` that says what ``what.of`` needs."""
    if type(value) is not State:
        raise RulesError(f"{what}.of needs a State (from new_game or apply), not {type(value).__name__}")
    if value._hand.phase not in phases:
        raise RulesError(f"{what}.of needs a state {wanted}, not one in the {value.phase.value} phase")
    return value


def _pass_of(value: object, seat: object) -> PassContext:
    state = _state_of(value, "PassContext", (PASSING,), "in the passing phase")
    if seat is None:
        seat = state.to_move[0]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise RulesError(f"PassContext.of: there is no seat {seat!r}: seats are 0 to {state.players - 1}")
    return pass_context(state, seat)


def _opening_of(value: object) -> OpeningContext:
    return opening_context(
        _state_of(value, "OpeningContext", (ANNOUNCING, PLAYING, MOON_CHOICE), "after the exchange")
    )


def _moon_of(value: object) -> MoonContext:
    return moon_context(
        _state_of(value, "MoonContext", (PLAYING, MOON_CHOICE), "in the play phase or at a moon choice")
    )


def _summary_of(value: object) -> HandSummary:
    return hand_summary(
        _state_of(value, "HandSummary", (PLAYING, MOON_CHOICE), "in the play phase or at a moon choice")
    )


def play_context_of(value: object, allowed: object, legal: Callable[[State], int]) -> PlayContext:
    """`PlayContext.of`: the seat to move's context; ``allowed`` defaults to its legal cards (``legal``: their mask)."""
    state = _state_of(value, "PlayContext", (PLAYING,), "in the play phase")
    if allowed is None:
        return play_context(state, frozenset(state._hand.table.cards(legal(state))))
    try:
        cards = frozenset(cast(Iterable[object], allowed))
    except TypeError:
        cards = frozenset([allowed])
    if not all(type(card) is Card for card in cards):
        raise RulesError(f"PlayContext.of: allowed must be cards, not {shown(allowed)}")
    return play_context(state, cast(frozenset[Card], cards))


def _announce_of(value: object) -> AnnounceContext:
    return announce_context(
        _state_of(value, "AnnounceContext", (PASSING, ANNOUNCING, PLAYING, MOON_CHOICE), "of a hand")
    )


def _trick_of(value: object) -> TrickContext:
    state = _state_of(value, "TrickContext", (PLAYING, MOON_CHOICE), "in the play phase or at a moon choice")
    tricks = state.tricks
    if not tricks:
        raise RulesError("TrickContext.of: no trick of this hand is complete yet")
    last = tricks[-1]
    return TrickContext(
        rules=state._hand.table.rules,
        trick=last.plays,
        trick_number=len(tricks),
        tricks=tricks[:-1],
        announcers=state._hand.announcers,
        announcements=state._hand.announced,
    )


BUILDERS["announce"] = _announce_of
BUILDERS["trick"] = _trick_of
BUILDERS["pass"] = _pass_of
BUILDERS["opening"] = _opening_of
BUILDERS["moon"] = _moon_of
BUILDERS["summary"] = _summary_of


def _last_hand(
    value: object, what: str
) -> tuple[State, tuple[int, ...], tuple[int, ...], Any, tuple[int, ...], tuple[int, ...], object]:
    """(state, log, hands as play began, (announcers, announcements), raw points, totals before, shooter) of the last hand played out."""
    if type(value) is not State:
        raise RulesError(f"{what}.last needs a State (from new_game or apply), not {type(value).__name__}")
    state = value
    hand = state._hand
    sheet = hand.sheet
    played = [line for line in sheet if line.revoke is None]
    if hand.phase == GAME_OVER and sheet:
        line = sheet[-1]
        log, hands, announcers, announced = state._log, hand.hands, hand.announcers, hand.announced
    else:
        if not hand.history:
            raise RulesError(f"{what}.last: no hand of this game has been played out yet")
        line = sheet[len(hand.history) - 1]
        last = hand.history[-1]
        log, hands, announcers, announced = last.log, last.hands, last.announcers, last.announced
    if line.revoke is not None or not played:
        raise RulesError(f"{what}.last: the last hand was voided by a revoke: it has no summary")
    index = sheet.index(line)
    before = sheet[index - 1].totals if index else (0,) * len(line.raw)
    return state, log, hands, (announcers, announced), line.raw, before, line.shooter


def _summary_last(value: object) -> HandSummary:
    state, log, hands, (announcers, announced), raw, _, shooter = _last_hand(value, "HandSummary")
    table = state._hand.table
    tricks = log_tricks(log, hands, table)
    won = [0] * table.players
    for trick in tricks:
        if trick.winner is not None:
            won[trick.winner] += 1
    return HandSummary(
        rules=table.rules, raw=raw, cards_taken=tuple([table.cards(m) for m in log_taken(log, table.players)]),
        tricks=tricks, tricks_won=tuple(won), shooter=cast(Any, shooter), announcers=announcers,
        announcements=announced,
    )  # fmt: skip


def _moon_last(value: object) -> MoonContext:
    state, log, hands, _, raw, before, _ = _last_hand(value, "MoonContext")
    table = state._hand.table
    return MoonContext(
        rules=table.rules, cards_taken=tuple([table.cards(m) for m in log_taken(log, table.players)]),
        tricks=log_tricks(log, hands, table), raw=raw, totals=before, options=tuple(table.rules.moon.options()),
    )  # fmt: skip


BUILDERS["summary_last"] = _summary_last
BUILDERS["moon_last"] = _moon_last
