"""The fields of a determinized state that the view alone sets, for the determinizer.

Every world sampled for one view shares them; the determinizer builds them
once a view and sets, per world, the hands, the secret seed, the deal and the
pass log (and, by phase, who is still to pass or announce, and the leader).
"""

from __future__ import annotations

from typing import Any

from hartenjagen.core import Table
from hartenjagen.frontend.views import PlayerView

__all__ = ["view_fields"]


def view_fields(view: PlayerView, table: Table) -> dict[str, Any]:
    """The `StateFields` of a world of ``view`` (as keywords) before its hands, seed, deal and pass log are set."""
    n = table.players
    return {
        "table": table,
        "phase": view.phase,
        "hand_index": view.hand_index,
        "dealer": view.dealer,
        "hand_masks": (0,) * n,
        "passed_masks": (0,) * n,
        "pending": 0,
        "leader": 0,
        "trick_cards": (),
        "tricks": (),
        "taken_masks": (0,) * n,
        "hearts_broken": False,
        "scores": view.scores,
        "score_sheet": view.score_sheet,
        "seed": 0,
        "deal_count": len(view.score_sheet) + 1,
        "dealt_masks": (0,) * n,
        "winners": (),
        "pass_direction": view.pass_direction,
        "pass_log": (),
        "carry": 0,
        "announcers": view.announcers,
        "announced": view.announcements,
        "shooter": None,
        "secret_seed": True,
        "history": (),  # the view shows no earlier hand's cards: this world cannot be saved
        "chance": None,
    }
