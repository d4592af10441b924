"""A seat's observation written from the state's bitmasks: `Writer`, shared by `SeatEnv` and `SeatVectorEnv`.

`hartenjagen.core.observe.write_observation` gives the entries of
``observation(view(state, seat), picked)`` (`hartenjagen.adapters.encoding`)
from the state alone: no view, no card values (tests/test_rl_vector.py checks
they are equal over whole games of every preset). Building the view and
encoding it was about a quarter of a `SeatEnv` step with heuristic opponents.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hartenjagen.adapters.encoding import _PHASES, codes_of
from hartenjagen.cards import AnyCard
from hartenjagen.core import PHASES, ObservationPlan, State, table_for, write_observation
from hartenjagen.rules import Rules

__all__ = ["Writer", "observation_plan"]


def observation_plan(rules: Rules) -> ObservationPlan:
    """Where the parts of an observation under ``rules`` start, for `hartenjagen.core.observe.write_observation`."""
    codes = codes_of(rules)
    ids = tuple(codes.card_ids.get(index, -1) for index in table_for(rules).index_of)  # by physical card
    phases = tuple(_PHASES.index(phase) for phase in PHASES)
    routes: dict[object, int] = {route: i for i, route in enumerate(codes.routes)}
    choices = {word: i for i, word in enumerate(codes.choices)}
    return ObservationPlan(codes.players, ids, dict(codes.offsets), phases, routes, choices)


class Writer:
    """Writes observations of one seat under ``rules`` as float32 rows (one, or one per table)."""

    def __init__(self, rules: Rules, seat: int) -> None:
        codes = codes_of(rules)
        self.seat = seat
        self.size = codes.observation_size
        self._card_ids = codes.card_ids
        self._plan = observation_plan(rules)
        layout = dict(codes.layout)
        scores = codes.offsets["scores"]
        #: the columns of the entries that hold numbers, in the order write_observation gives them
        self._number_columns = np.array(
            [*range(scores, scores + layout["scores"])]
            + [codes.offsets[name] for name in ("pass_count", "pass_stage", "trick_number", "hand_number")]
        )

    def rows(self, tables: Sequence[tuple[State, Sequence[AnyCard]]]) -> Any:
        """The observation of each (state, cards picked so far for a pass) as one ``(len, size)`` float32 array."""
        size, seat, plan, card_ids = self.size, self.seat, self._plan, self._card_ids
        ones: list[int] = []
        numbers: list[float] = []
        for i, (state, picked) in enumerate(tables):
            ids = [card_ids[c.index] for c in picked]
            write_observation(plan, state, seat, ids, i * size, ones, numbers)
        counts = np.bincount(np.array(ones, np.intp), minlength=len(tables) * size)
        out = counts.reshape(len(tables), size).astype(np.float32)
        out[:, self._number_columns] = np.array(numbers, np.float64).reshape(len(tables), -1)
        return out

    def row(self, state: State, picked: Sequence[AnyCard]) -> Any:
        """The observation of ``state`` (with the cards ``picked`` so far for a pass), a ``(size,)`` float32 array."""
        return self.rows([(state, picked)])[0]
