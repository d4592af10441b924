"""The shape of one stage of the exchange, as the view's pass route declares it (for the determinizer).

A stage moves cards to fixed seats (`Travel.SEAT`: each receiver gets the
cards of one giver), by the passing module's own rule (`Travel.RULE`: a
scatter pass, where each giver knows only where its own cards went) or into a
pool dealt back (`Travel.POOL`).
"""

from __future__ import annotations

from hartenjagen.core import Table
from hartenjagen.frontend.views import PlayerView
from hartenjagen.rules.routes import Travel

__all__ = ["ExchangeShape", "exchange_shape"]


class ExchangeShape:
    """How one stage of the exchange moves cards, as its route declares: to fixed seats, by the module's rule, or a pool."""

    __slots__ = ("src", "dst", "counts", "scatter")

    def __init__(
        self, src: tuple[int | None, ...] | None, counts: tuple[int, ...], scatter: bool = False
    ) -> None:
        #: for each receiver, the seat whose cards it gets (``None``: no cards); ``None`` when not fixed
        self.src = src
        #: for each giver, the seat that gets its cards
        self.dst: dict[int, int] = {}
        if src is not None:
            for receiver, giver in enumerate(src):
                if giver is not None:
                    self.dst[giver] = receiver
        #: how many cards each seat receives
        self.counts = counts
        #: the cards travel by the passing module's own rule: each giver knows where its own went
        self.scatter = scatter


def exchange_shape(view: PlayerView, table: Table, stage: int, count: int, givers: int) -> ExchangeShape:
    """The shape of a stage of the exchange, read from the route the view's rules declare."""
    n = table.players
    route = view.pass_direction
    counts = tuple(count if givers >> seat & 1 else 0 for seat in range(n))
    if route.travel is Travel.POOL:  # dealt back to the givers, ``count`` each
        return ExchangeShape(None, counts)
    if route.travel is Travel.RULE:
        return ExchangeShape(None, counts, scatter=True)
    offset = table.route_plan(route)[1][stage]
    src = tuple((seat - offset) % n if givers >> ((seat - offset) % n) & 1 else None for seat in range(n))
    return ExchangeShape(src, tuple(count if giver is not None else 0 for giver in src))
