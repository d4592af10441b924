"""What every bot shares: the [`Bot`][hartenjagen.bots.Bot] protocol and [`BotError`][hartenjagen.bots.BotError].

Both are re-exported by [`hartenjagen.bots`][hartenjagen.bots]; import them from there.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from hartenjagen.errors import HartenjagenError
from hartenjagen.frontend.views import PlayerView, ViewError, validate_view
from hartenjagen.moves import Move

__all__ = ["Bot", "BotError", "seat_to_move"]


class BotError(HartenjagenError):
    """A bot that cannot be made or cannot move: an unknown name, a bad option, a wrong seat count or an illegal move."""


@runtime_checkable
class Bot(Protocol):
    """What a bot is: a name and a way to choose a move from one seat's view.

    ``choose`` is called only when ``view.seat`` is to move. It returns, in the
    passing phase, ``Pass(view.seat, cards)`` with ``view.pass_count`` cards
    taken from ``view.pass_options``; otherwise one of ``view.legal_moves``.
    """

    #: a short name for tables and reports
    name: str

    def choose(self, view: PlayerView) -> Move:
        """One of the seat's legal moves."""
        ...


def seat_to_move(view: PlayerView) -> int:
    """The seat of ``view``, checked to be one that is to move now (else [`BotError`][hartenjagen.bots.BotError])."""
    if not isinstance(view, PlayerView):
        raise BotError(f"a bot chooses from a PlayerView, not {type(view).__name__}")
    try:
        validate_view(view)  # a view from outside (JSON, built by hand) must be one a game shows
    except ViewError as error:
        raise BotError(str(error)) from error
    seat = view.seat
    if seat is None or seat not in view.to_move:
        who = "a spectator" if seat is None else f"seat {seat}"
        raise BotError(f"{who} has no move to choose now (to move: {list(view.to_move)})")
    return seat
