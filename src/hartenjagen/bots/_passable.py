"""The cards a passing module lets a seat of a sampled world choose (`hartenjagen.bots.determinize`)."""

from __future__ import annotations

from hartenjagen.core import PassLog, Table
from hartenjagen.frontend.views import PlayerView
from hartenjagen.rules.context import PassContext


def passable_cards(view: PlayerView, table: Table, seat: int, stage: int, hand: int, log: PassLog) -> int:
    """The physical cards of ``hand`` the passing module lets ``seat`` choose in ``stage`` after ``log``.

    The module's ``passable`` is asked with the context the engine would give
    that seat in a world of ``view``: its hand, what it gave and received in
    the stages before (one copy of each card it names).
    """
    if not table.pass_allowed_callback:
        return hand
    context = PassContext(
        rules=view.rules, seat=seat, hand=table.cards(hand), stage=stage, route=view.pass_direction,
        given=tuple(table.any_cards(given[seat]) for given, _ in log[:stage]),
        received=tuple(table.any_cards(got[seat]) for _, got in log[:stage]),
        hand_index=view.hand_index, dealer=view.dealer,
        jokers=table.jokers(hand) if table.joker_mask else (),
    )  # fmt: skip
    allowed = 0
    for card in view.rules.passing.passable(context):
        free = hand & table.bits_of[card.index] & ~allowed
        allowed |= free & -free
    return allowed
