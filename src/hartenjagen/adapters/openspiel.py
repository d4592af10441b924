"""hartenjagen in OpenSpiel: importing this module registers the game ``python_hartenjagen``.

```python
import pyspiel
import hartenjagen.adapters.openspiel  # registers python_hartenjagen

game = pyspiel.load_game("python_hartenjagen", {"variant": "black_maria", "episode": "hand"})
```

Parameters: ``variant`` (a preset name or alias, ``hoemke_P1L2H3S4``, or a
Rules JSON text, which the game keeps packed by
`hartenjagen.adapters.episodes.packed_variant` so that OpenSpiel's game strings read
back; default ``"standard"``), ``episode`` (``"hand"`` or
``"game"``, the default) and ``max_hands`` (a game episode ends after that
many hands at the latest; default 100). Needs the ``openspiel`` extra
(from a checkout: ``python -m pip install '.[openspiel]'``).

- Chance nodes are the game's explicit chance (`hartenjagen.outcomes`): the
  deal card by card, a drawn pass direction, the dealer's shuffle of passed
  cards; chance and player action ids are `hartenjagen.adapters.encoding`'s, stable
  per rules value. A pass is one action per card, the lowest seat still to
  pass acting first (as in OpenSpiel's own ``hearts``).
- Rewards come per hand: when a hand is scored, each seat gets minus what it
  scored; the returns are minus the totals (``state.scores``), so they add up.
- Information states and observations are strings and tensors from the
  seat's `PlayerView` (`hartenjagen.adapters.encoding.observation`; the information
  state adds the tricks of the hand in order). They have perfect recall
  within a hand: of earlier hands they keep the score sheet.
- ``serialize``/``deserialize`` work (OpenSpiel pickles the Python state);
  ``resample_from_infostate`` deals the unseen cards with
  `hartenjagen.bots.determinize`, for IS-MCTS.
"""

from __future__ import annotations

import random
from typing import Any, Final

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
except ImportError as _error:  # pragma: no cover - exercised where OpenSpiel is missing
    raise ImportError(
        "hartenjagen.adapters.openspiel needs OpenSpiel (open-spiel): pip install 'hartenjagen[openspiel]'"
        " (from a checkout: python -m pip install '.[openspiel]')"
    ) from _error

from hartenjagen.adapters.encoding import (
    action_count,
    chance_action_count,
    chance_ids,
    history_entries,
    history_size,
    move_for,
    observation_entries,
    observation_size,
    outcome_for,
)
from hartenjagen.adapters.episodes import (
    EPISODES,
    Episode,
    EpisodeError,
    EpisodeKind,
    checked,
    packed_variant,
    rules_from,
)
from hartenjagen.bots.determinize import determinize
from hartenjagen.core.table import table_for
from hartenjagen.frontend.notation import format_move
from hartenjagen.frontend.views import PlayerView, view
from hartenjagen.moves import MoonOption
from hartenjagen.rules import Rules

__all__ = ["GAME_NAME", "HartenjagenGame", "HartenjagenState", "game_info"]

#: The name the game is registered under.
GAME_NAME: Final = "python_hartenjagen"
_DEFAULTS: Final[dict[str, Any]] = {"variant": "standard", "episode": "game", "max_hands": 100}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Hartenjagen: Hearts and its variants",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.REWARDS,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS),
)


def _decisions_per_hand(rules: Rules) -> int:
    """At most how many player actions one hand takes: a card per pass, the announcements, the plays, a moon choice."""
    table = table_for(rules)
    n = table.players
    passing = max(sum(table.stage_counts(route)) for route in table.routes)
    return passing * n + n + len(table.pack) + 1


def _hand_bound(rules: Rules) -> float:
    """A bound on what one seat scores in one hand (card points three times over, and room for bonuses)."""
    table = table_for(rules)
    return 3.0 * sum(abs(table.values[p % 52]) for p in table.pack) + 100.0


def game_info(rules: Rules, episode: str, max_hands: int) -> Any:
    """The ``pyspiel.GameInfo`` of ``rules`` for an episode: ids, players, utility bounds and length."""
    hands = 1 if episode == "hand" else max_hands
    bound = hands * _hand_bound(rules)
    if MoonOption.DOUBLE in rules.moon.options():
        bound *= 2.0 ** min(hands, 64)  # a moon may double the other totals every hand
    return pyspiel.GameInfo(
        num_distinct_actions=action_count(rules),
        max_chance_outcomes=chance_action_count(rules),
        num_players=rules.players,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=None,
        max_game_length=hands * _decisions_per_hand(rules),
    )


class HartenjagenGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one hartenjagen variant (see the module documentation for its parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULTS, **(params or {})}
        self.rules = rules_from(values["variant"])
        if isinstance(values["variant"], str) and values["variant"].strip().startswith("{"):
            # OpenSpiel writes a game as name(key=value,...): JSON's commas would not read back.
            values["variant"] = packed_variant(self.rules)
        self.episode: EpisodeKind = (
            "hand" if checked(values["episode"], EPISODES, "episode") == "hand" else "game"
        )
        max_hands = values["max_hands"]
        if isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1:
            raise EpisodeError(f"max_hands must be a whole number of at least 1, not {max_hands!r}")
        self.max_hands = max_hands
        super().__init__(_GAME_TYPE, game_info(self.rules, self.episode, max_hands), values)

    def new_initial_state(self) -> HartenjagenState:
        """The start of an episode: chance deals the first hand."""
        return HartenjagenState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer of observations, or of information states (``perfect_recall``)."""
        if params:
            raise ValueError(f"python_hartenjagen observers take no parameters, not {params!r}")
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.rules, perfect)


class HartenjagenState(pyspiel.State):  # type: ignore[misc]
    """A state of `HartenjagenGame`: an `Episode` of the game with explicit chance."""

    def __init__(self, game: HartenjagenGame) -> None:
        super().__init__(game)
        self.episode = Episode.start(
            game.rules,
            kind=game.episode,
            grain="hand",
            explicit=True,
            max_hands=game.max_hands,
        )

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while chance decides, ``TERMINAL`` at the end."""
        episode = self.episode
        if episode.done:
            return int(pyspiel.PlayerId.TERMINAL)
        if episode.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        actor = episode.actor
        assert actor is not None
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.episode.legal_ids()) if player == self.episode.actor else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance ids and their probabilities."""
        return list(chance_ids(self.episode.state))

    def _apply_action(self, action: int) -> None:
        episode = self.episode
        if episode.is_chance:
            episode.chance(int(action))
        else:
            episode.act(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.episode.state
        try:
            if player == pyspiel.PlayerId.CHANCE:
                return repr(outcome_for(int(action), state))
            move = move_for(int(action), state, self.episode.picked)
        except EpisodeError:
            return f"action {action}"
        except ValueError:
            return f"{'chance' if player == pyspiel.PlayerId.CHANCE else 'action'} {action}"
        return format_move(move)

    def is_terminal(self) -> bool:
        """Whether the episode is over."""
        return self.episode.done

    def returns(self) -> list[float]:
        """Each seat's rewards so far: minus its total."""
        return list(self.episode.returns)

    def rewards(self) -> list[float]:
        """Each seat's reward from the last player action (minus its hand score when a hand was scored)."""
        return list(self.episode.rewards)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HartenjagenState:
        """A state with ``player_id``'s information state, the unseen cards dealt by `hartenjagen.bots.determinize`."""
        episode = self.episode
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = determinize(view(episode.state, player_id), rng)
        other: HartenjagenState = self.get_game().new_initial_state()
        other.episode = episode.resampled(sampled, keep_picks=player_id == episode.actor)
        return other

    def __str__(self) -> str:
        episode = self.episode
        state = episode.state
        hands = " | ".join(" ".join(map(str, hand)) for hand in state.hands)
        trick = " ".join(str(play.card) for play in state.trick)
        picked = " ".join(map(str, episode.picked))
        return (
            f"hand {state.hand_number} {state.phase.value} dealer {state.dealer} to_move {list(state.to_move)}"
            f" picked [{picked}]\nhands: {hands}\ntrick: {trick}\nscores: {list(state.scores)}"
        )


def _view_text(v: PlayerView, picked: str, perfect: bool) -> str:
    """A seat's information (``perfect``: with the tricks in order and the score sheet) as one line."""
    parts = [
        f"seat {v.seat} hand {v.hand_index} dealer {v.dealer} {v.phase.value} to_move {list(v.to_move)}",
        f"pass {v.pass_direction.name} stage {v.pass_stage} count {v.pass_count}",
        "cards " + " ".join(map(str, v.hand)),
        "picked " + picked,
        "passing " + " ".join(map(str, v.passing)),
        "exchanges "
        + " / ".join(" ".join(map(str, g)) + " > " + " ".join(map(str, r)) for g, r in v.exchanges),
        "trick " + " ".join(f"{p.seat}:{p.card}" for p in v.trick),
        f"broken {int(v.hearts_broken)} announcers {list(v.announcers)} scores {list(v.scores)}",
    ]
    if perfect:
        parts.append("tricks " + " / ".join(f"{t.leader}:" + " ".join(map(str, t.cards)) for t in v.tricks))
        parts.append("sheet " + " / ".join(" ".join(map(str, line.points)) for line in v.score_sheet))
    else:
        parts.append("taken " + " / ".join(" ".join(map(str, cards)) for cards in v.taken))
        parts.append("carry " + " ".join(map(str, v.carry_over)))
    return "\n".join(parts)


class _Observer:
    """OpenSpiel's Python observer: tensors from `hartenjagen.adapters.encoding`, strings from the view."""

    def __init__(self, rules: Rules, perfect: bool) -> None:
        self.perfect = perfect
        size = observation_size(rules)
        extra = history_size(rules) if perfect else 0
        self.tensor = np.zeros(size + extra, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if perfect:
            self.dict["history"] = self.tensor[size:]

    def set_from(self, state: HartenjagenState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` knows of ``state``."""
        episode = state.episode
        v = view(episode.state, player)
        picked = episode.picked if player == episode.actor else ()
        tensor = self.tensor
        tensor.fill(0.0)
        size, entries = observation_entries(v, picked)
        if self.perfect:
            entries += [(size + index, value) for index, value in history_entries(v)[1]]
        indexes, values = zip(*entries, strict=True)
        np.add.at(tensor, np.array(indexes), np.array(values, np.float32))

    def string_from(self, state: HartenjagenState, player: int) -> str:
        """What ``player`` knows of ``state`` as text."""
        episode = state.episode
        picked = episode.picked if player == episode.actor else ()
        return _view_text(view(episode.state, player), " ".join(map(str, picked)), self.perfect)


pyspiel.register_game(_GAME_TYPE, HartenjagenGame)
