"""One seat's view read straight from a state, for the heuristic's cheap door (`HeuristicBot.choose_at`).

``view(state, seat)`` builds every field of a `PlayerView`, among them each
completed trick of the hand as a `Trick` (its converters check every field):
about half of what a heuristic opponent cost a decision in `SeatEnv`. A
`SeatView` is a `PlayerView` whose fields are the view's own, but built only
when read: the few the heuristic reads every decision at once, the completed
tricks as plain fields (``logged``, read by ``_Read`` without a `Trick`), and
any other field from the whole view the first time it is read. It shows
nothing the seat's view does not: every field equals ``view(state, seat)``'s.
"""

from __future__ import annotations

from typing import Any

import attrs

from hartenjagen.bots._trick_plays import Logged
from hartenjagen.bots.base import BotError
from hartenjagen.core import State, StateError, as_state, legal_moves, seat_reading
from hartenjagen.frontend.views import PlayerView, view
from hartenjagen.values import Phase

__all__ = ["SeatView", "seat_view"]


#: The fields `view` copies from the state's own attributes: read from it when first asked for.
_FROM_STATE = frozenset(
    (
        "rules", "players", "hand_index", "dealer", "pass_direction", "pass_stage", "pass_count", "to_move",
        "trick", "tricks", "carry_over", "taken", "hearts_broken", "announcers", "scores", "display_scores",
        "score_sheet", "is_over", "winners", "announcements", "draws",
    )
)  # fmt: skip
#: The fields `view` works out otherwise (the hand sizes, the exchanges, the widow...): from the whole view.
_FROM_VIEW = (
    frozenset(field.name for field in attrs.fields(PlayerView) if not field.name.startswith("_"))
    - _FROM_STATE
)


class SeatView(PlayerView):
    """``view(state, seat)``, its fields read when first asked for (a bot's read of a state: `seat_view`).

    The seat, the phase, the hand, the pass, the legal moves, the trick, the
    points taken and the scores are read at once; a field the view copies from the state is the state's, read when
    first asked for; any other from the whole view, built then. ``logged``
    holds the hand's completed tricks as (leader, winner or -1, cards,
    seats): the fields of ``tricks`` without a `Trick` built.
    """

    __slots__ = ("_state", "_whole", "logged")

    _state: State
    _whole: PlayerView | None
    logged: Logged

    def __getattr__(self, name: str) -> Any:
        # Called only for a field not set yet (its slot is empty): set it now, as the view has it.
        if name in _FROM_STATE:
            value = getattr(self._state, name)
        elif name in _FROM_VIEW:
            whole = self._whole
            if whole is None:
                assert self.seat is not None
                whole = view(self._state, self.seat)
                object.__setattr__(self, "_whole", whole)
            value = getattr(whole, name)
        else:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        object.__setattr__(self, name, value)
        return value


def seat_view(state: State, seat: object) -> tuple[PlayerView, int]:
    """What ``seat``, to move in ``state``, may know: a `SeatView` (a whole view in a moon choice), and the seat.

    The moon choice reads the whole view (the heuristic samples a world from
    it), so it gets one. Not a state, a seat not at the table or one not to
    move: a `BotError` saying so, as ``choose(view(state, seat))`` would.
    """
    try:
        checked = as_state(state, "choose_at")
    except StateError as error:
        raise BotError(str(error)) from error
    to_move = checked.to_move
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in to_move:
        raise BotError(f"seat {seat!r} has no move to choose now (to move: {list(to_move)})")
    seat = int(seat)  # a plain int (an int subclass may answer == as it likes)
    if checked.phase is Phase.MOON_CHOICE:
        return view(checked, seat), seat
    phase = checked.phase
    hand, passing, logged, taken = seat_reading(checked, seat)
    options: tuple[Any, ...] = ()
    moves: tuple[Any, ...] = ()
    if phase is Phase.PASSING:
        options = legal_moves(checked).passable(seat)  # type: ignore[attr-defined]
    else:
        moves = tuple(legal_moves(checked))
    built = object.__new__(SeatView)
    setattr_ = object.__setattr__
    setattr_(built, "seat", seat)
    setattr_(built, "phase", phase)
    setattr_(built, "hand", hand)
    setattr_(built, "passing", passing)
    setattr_(built, "legal_moves", moves)
    setattr_(built, "pass_options", options)
    # What the heuristic reads every decision, at once (cheaper than a first read through __getattr__).
    setattr_(built, "rules", checked.rules)
    setattr_(built, "players", checked.players)
    setattr_(built, "trick", checked.trick)
    setattr_(built, "carry_over", checked.carry_over)
    setattr_(built, "taken", taken)
    setattr_(built, "scores", checked.scores)
    setattr_(built, "score_sheet", checked.score_sheet)
    setattr_(built, "_consistent", True)
    setattr_(built, "_state", checked)
    setattr_(built, "_whole", None)
    setattr_(built, "logged", logged)
    return built, seat
