"""The game state and the values it is made of.

A `State` is built by `hartenjagen.new_game` and
`hartenjagen.apply`, never by hand: an immutable, hashable value, equal by
value and picklable. It lives in the kernel (`hartenjagen.core.state`);
`Phase`, `Trick` and `HandResult` are plain records.
"""

from __future__ import annotations

from hartenjagen.core.state import State
from hartenjagen.values import HandResult, Phase, Trick

__all__ = ["HandResult", "Phase", "State", "Trick"]
