"""The game state and the values it is made of.

A :class:`State` is built by :func:`hartenjagen.new_game` and
:func:`hartenjagen.apply`, never by hand: an immutable, hashable value, equal by
value and picklable. It lives in the kernel (:mod:`hartenjagen.core.state`);
:class:`Phase`, :class:`Trick` and :class:`HandResult` are plain records.
"""

from __future__ import annotations

from hartenjagen.core.state import State
from hartenjagen.values import HandResult, Phase, Trick

__all__ = ["HandResult", "Phase", "State", "Trick"]
