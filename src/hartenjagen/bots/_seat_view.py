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

from hartenjagen.bots.base import BotError, seat_to_move
from hartenjagen.core import State, as_state, legal_moves, seat_reading
from hartenjagen.frontend.views import PlayerView, ViewError, view
from hartenjagen.values import Phase, Trick

__all__ = ["SeatView", "seat_view"]

#: The phases before the first lead of a hand: who leads is not public yet (as `view` shows it).
_BEFORE_PLAY = (Phase.PASSING, Phase.ANNOUNCING)


class SeatView(PlayerView):
    """``view(state, seat)``, its fields built when first read (a bot's read of a state: `seat_view`).

    ``logged`` holds the hand's completed tricks as (leader, winner or -1,
    cards, seats), the fields of ``tricks`` without a `Trick` built.
    """

    __slots__ = ("_state", "_whole", "logged")

    _state: State
    _whole: PlayerView | None
    logged: tuple[tuple[int, int, tuple[Any, ...], tuple[int, ...]], ...]

    def _view(self) -> PlayerView:
        """The whole view, built once, for a field the heuristic does not read every decision."""
        whole = self._whole
        if whole is None:
            assert self.seat is not None
            whole = view(self._state, self.seat)
            object.__setattr__(self, "_whole", whole)
        return whole

    # The fields below are the whole view's; read from it (or, for the tricks, the state) when asked.
    @property
    def tricks(self) -> tuple[Trick, ...]:
        return self._state.tricks

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return self._view().hand_sizes

    @property
    def exchanges(self) -> Any:
        return self._view().exchanges

    @property
    def display_scores(self) -> tuple[int, ...]:
        return self._view().display_scores

    @property
    def undealt(self) -> int:
        return self._view().undealt

    @property
    def widow(self) -> Any:
        return self._view().widow

    @property
    def previous_tricks(self) -> tuple[Trick, ...]:
        return self._view().previous_tricks

    @property
    def draws(self) -> tuple[tuple[int, int], ...]:
        return self._view().draws


def seat_view(state: State, seat: int) -> tuple[PlayerView, int]:
    """What ``seat``, to move in ``state``, may know: a `SeatView` (a whole view in a moon choice), and the seat.

    The moon choice reads the whole view (the heuristic samples a world from
    it), so it gets one. Not a state, a seat not at the table or one not to
    move: a `BotError` saying so, as ``choose(view(state, seat))`` would.
    """
    try:
        checked = as_state(state, "choose_at")
        if checked.phase is Phase.MOON_CHOICE:
            whole = view(checked, seat)
            return whole, seat_to_move(whole)
    except (ViewError, TypeError, ValueError) as error:
        raise BotError(str(error)) from error
    to_move = checked.to_move
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in to_move:
        who = f"seat {seat!r}"
        raise BotError(f"{who} has no move to choose now (to move: {list(to_move)})")
    seat = int(seat)
    phase = checked.phase
    hand, passing, logged = seat_reading(checked, seat)
    options: tuple[Any, ...] = ()
    moves: tuple[Any, ...] = ()
    if phase is Phase.PASSING:
        options = legal_moves(checked).passable(seat)  # type: ignore[attr-defined]
    else:
        moves = tuple(legal_moves(checked))
    built = object.__new__(SeatView)
    for name, value in (
        ("seat", seat), ("rules", checked.rules), ("players", checked.players), ("phase", phase),
        ("hand_index", checked.hand_index), ("dealer", checked.dealer),
        ("pass_direction", checked.pass_direction), ("pass_stage", checked.pass_stage),
        ("pass_count", checked.pass_count), ("to_move", to_move), ("hand", hand), ("passing", passing),
        ("trick", checked.trick), ("trick_leader", checked.trick_leader if phase not in _BEFORE_PLAY else 0),
        ("carry_over", checked.carry_over), ("taken", checked.taken), ("hearts_broken", checked.hearts_broken),
        ("announcers", checked.announcers), ("scores", checked.scores), ("score_sheet", checked.score_sheet),
        ("is_over", checked.is_over), ("winners", checked.winners), ("legal_moves", moves),
        ("pass_options", options), ("announcements", checked.announcements), ("_consistent", True),
        ("_state", checked), ("_whole", None), ("logged", logged),
    ):  # fmt: skip
        object.__setattr__(built, name, value)
    return built, seat
