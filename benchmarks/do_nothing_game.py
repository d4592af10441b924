"""A Python OpenSpiel game that does nothing: the floor of P5 (what any game written in Python pays in pyspiel).

A hand of it has the shape of a hand of Hearts: one chance node of 4 outcomes
(the pass direction), 52 chance nodes of 52 down to 1 outcomes (the deal, card
by card), 12 passes of one card among 13 down to 11 and 52 plays among 13 down
to 1 (3 on average), then the end. Its state answers every call from a list
made once; like `hartenjagen.adapters.openspiel`, it answers ``legal_actions``,
``is_chance_node`` and ``is_terminal`` in Python, which spares OpenSpiel's C++
asking the Python state through several calls. ``bench.py`` runs it through
the same reference driver as P5 and compares it with OpenSpiel's ``hearts``.
"""

from __future__ import annotations

from typing import Any

import pyspiel  # type: ignore[import-not-found]

NAME = "python_do_nothing"
#: The episode, as (player, number of choices) per step: chance is -1.
_STEPS = [(-1, 4)] + [(-1, 52 - i) for i in range(52)] + [(i % 4, 13 - i // 4) for i in range(12)]
_STEPS += [(i % 4, 13 - i // 4 if i % 4 == 0 else 3) for i in range(52)]
_CHANCE_ROWS = [[(a, 1.0 / count) for a in range(count)] if player < 0 else [] for player, count in _STEPS]
_LEGAL_ROWS = [list(range(count)) if player >= 0 else [] for player, count in _STEPS]
_PLAYERS = [player for player, _ in _STEPS] + [pyspiel.PlayerId.TERMINAL]

_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="A Python game that does nothing (the floor of bench.py's P5)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={},
)
_INFO = pyspiel.GameInfo(
    num_distinct_actions=52,
    max_chance_outcomes=52,
    num_players=4,
    min_utility=-26.0,
    max_utility=0.0,
    utility_sum=None,
    max_game_length=len(_STEPS),
)


class DoNothingGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_TYPE, _INFO, params or {})

    def new_initial_state(self) -> DoNothingState:
        return DoNothingState(self)


class DoNothingState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: DoNothingGame) -> None:
        super().__init__(game)
        self.step = 0

    def current_player(self) -> int:
        return int(_PLAYERS[self.step])

    def _legal_actions(self, player: int) -> list[int]:
        return list(_LEGAL_ROWS[self.step])

    def legal_actions(self, player: int | None = None) -> list[int]:
        if _PLAYERS[self.step] == -1:
            return [action for action, _ in _CHANCE_ROWS[self.step]]
        return list(_LEGAL_ROWS[self.step])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(_CHANCE_ROWS[self.step])

    def is_chance_node(self) -> bool:
        return bool(_PLAYERS[self.step] == -1)

    def is_terminal(self) -> bool:
        return self.step >= len(_STEPS)

    def _apply_action(self, action: int) -> None:
        self.step += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return str(action)

    def returns(self) -> list[float]:
        return [0.0] * 4


pyspiel.register_game(_TYPE, DoNothingGame)
