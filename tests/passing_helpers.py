"""What the passing tests share: the routes by name, the cards each seat of ``MIXED_DEAL`` passes, and passing them."""

from __future__ import annotations

import hartenjagen as hj
from hartenjagen.rules.passing import PassCycle
from hartenjagen.rules.routes import PassRoute

LEFT, RIGHT, ACROSS, HOLD = PassRoute.LEFT, PassRoute.RIGHT, PassRoute.ACROSS, PassRoute.HOLD
DEALER = PassRoute.DEALER
#: Hoemke's P3: pass four, return one.
HOEMKE_P3 = hj.variants.hoemke(3, 2, 2, 2)
#: What each seat of MIXED_DEAL passes.
PASSES = {0: "4H 5H 3S", 1: "8H 5S 6S", 2: "KD JH 9S", 3: "QS KS AS"}
#: Four cards each seat of MIXED_DEAL passes left in the first stage.
PASS_FOUR = {0: "4H 5H 3S 2D", 1: "8H 5S 6S TD", 2: "KD JH 9S QD", 3: "QS KS AS AC"}


def pass_all(state: hj.State, passes: dict[int, str], order=(0, 1, 2, 3)) -> hj.State:
    for seat in order:
        state = hj.apply(state, hj.Pass(seat, passes[seat].split()))
    return state


def pass_four(state: hj.State) -> hj.State:
    return pass_all(state, PASS_FOUR)


def route_cycle(*directions: PassRoute, cards: int = 3) -> PassCycle:
    return PassCycle(directions=directions, cards=cards)
