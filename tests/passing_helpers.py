"""What the passing tests share: the cards each seat of ``MIXED_DEAL`` passes, and passing them."""

from __future__ import annotations

import hartenjagen as hj

#: What each seat of MIXED_DEAL passes.
PASSES = {0: "4H 5H 3S", 1: "8H 5S 6S", 2: "KD JH 9S", 3: "QS KS AS"}


def pass_all(state: hj.State, passes: dict[int, str], order=(0, 1, 2, 3)) -> hj.State:
    for seat in order:
        state = hj.apply(state, hj.Pass(seat, passes[seat].split()))
    return state
