"""The fields of a determinized state that the view alone sets, for the determinizer.

Every world sampled for one view shares them; the determinizer builds them
once a view and sets, per world, the hands, the secret seed, the deal and the
pass log (and, by phase, who is still to pass or announce, and the leader).

A world of a later hand carries the hand before as far as the view shows it:
its tricks (public: every card was played face up), which is what an
opening reads of it (Gong Zhu: whoever took the Q♠ leads). Its deal and
exchange are not known, so it is kept with no deal (``dealt == ()``) and
the world still cannot be saved.
"""

from __future__ import annotations

from typing import Any

from hartenjagen.core import PassLog, PlayedHand, State, StateFields, Table, from_fields, log_entry
from hartenjagen.frontend.views import PlayerView
from hartenjagen.values import Phase

__all__ = ["PlayTemplate", "build_world", "view_fields"]


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
        "history": hand_before(view, table),  # its tricks only: this world cannot be saved
        "chance": None,
    }


def build_world(fields: dict[str, Any]) -> State:
    """The state of a sampled world from its fields by name (`StateFields`)."""
    return from_fields(StateFields(**fields))


def hand_before(view: PlayerView, table: Table) -> tuple[PlayedHand, ...]:
    """The hand before ``view``'s, rebuilt from the tricks the view shows of it (``()``: none shown).

    Each seat's hand as play began is the cards it played (of two copies of a
    card, the lower unused one), so that the tricks read back as the view
    shows them; no deal, exchange or draws.
    """
    tricks, sheet = view.previous_tricks, view.score_sheet
    if not tricks or not sheet:
        return ()
    n = table.players
    hands = [0] * n
    used = 0
    log = []
    for trick in tricks:
        mask = 0
        for play in trick.plays:  # a trick some seat had dropped out of names its seats (Domino Hearts)
            free = table.bits_of[play.card.index] & ~used
            bit = free & -free
            used |= bit
            mask |= bit
            hands[play.seat] |= bit
        winner = -1 if trick.winner is None else trick.winner
        log.append(log_entry(mask, trick.leader, winner, winner))
    line = sheet[-1]
    return (
        PlayedHand(
            hand_index=line.hand_index, dealer=line.dealer, dealt=(), direction=view.pass_direction,
            pass_log=(), announcers=line.announcers, hands=tuple(hands), log=tuple(log), trick=0, leader=0,
        ),
    )  # fmt: skip


#: Where a world's own fields sit in `StateFields`.
_HANDS, _SEED, _DEALT, _LOG = (
    StateFields._fields.index(name) for name in ("hand_masks", "seed", "dealt_masks", "pass_log")
)


class PlayTemplate:
    """`view_fields` as play begins (its phase and first leader set), for the worlds of a view in card play.

    A world sets only its hands, secret seed, deal and pass log: copying the
    record's values and setting four of them costs a fraction of building
    `StateFields` from keywords for every world (the same fields, the same state).
    """

    __slots__ = ("_values",)

    def __init__(self, fields: dict[str, Any], leader: int) -> None:
        self._values = list(StateFields(**{**fields, "phase": Phase.PLAYING, "leader": leader}))

    def start(self, hands: tuple[int, ...], seed: int, dealt: tuple[int, ...], log: PassLog) -> State:
        """The world as play began: ``hands`` (the hands then), ``seed``, ``dealt`` and ``log`` its own."""
        values = self._values.copy()
        values[_HANDS] = hands
        values[_SEED] = seed
        values[_DEALT] = dealt
        values[_LOG] = log
        return from_fields(StateFields._make(values))
