"""hartenjagen as a PettingZoo AEC environment: every variant, whole games or single hands.

```python
from hartenjagen.adapters.pettingzoo import env

table = env(variant="dutch", episode="game", reward="hand")
table.reset(seed=1)
for agent in table.agent_iter():
    observation, reward, terminated, truncated, info = table.last()
    if terminated or truncated:
        action = None
    else:
        action = table.action_space(agent).sample(info["action_mask"])
    table.step(action)
```

Agents are ``"player_0"`` .. ``"player_{n-1}"`` (seat order). Each observation
is the seat's view as a vector (`hartenjagen.adapters.encoding.observation`), in
a bounded ``Box``; each agent's info holds its ``"action_mask"``, 1 for each
legal action id (`hartenjagen.adapters.encoding`; all zeros when it is not its
turn). The mask is in the info, not in a dict observation, because
PettingZoo's ``api_test`` notes a dict observation for every environment but
its own classic games (it exempts them by name). A pass is one card per step: the seat
passing picks its cards one at a time (the lowest seat still to pass goes
first, then the next), and the pass is made when it holds enough cards.
Rewards are minus penalty points per ``"trick"``, ``"hand"`` (the default) or
``"game"`` (see `hartenjagen.adapters.episodes`). ``episode="hand"`` ends after one
hand; ``"game"`` at the end of the game (truncated after ``max_hands`` hands).
``env()`` wraps ``raw_env`` as PettingZoo's classic games are wrapped: an
illegal action ends the game with reward -1 for its player. Needs the ``rl``
extra (from a checkout: ``python -m pip install '.[rl]'``).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from pettingzoo.utils import wrappers  # type: ignore[import-not-found,import-untyped,unused-ignore]
except ImportError as _error:  # pragma: no cover - exercised where PettingZoo is missing
    raise ImportError(
        "hartenjagen.adapters.pettingzoo needs PettingZoo: pip install 'hartenjagen[rl]'"
        " (from a checkout: python -m pip install '.[rl]')"
    ) from _error

from hartenjagen.adapters.encoding import action_count, observation, observation_bounds, observation_size
from hartenjagen.adapters.episodes import (
    RENDER_FPS,
    Episode,
    EpisodeError,
    EpisodeKind,
    RewardGrain,
    check_render_mode,
    rules_from,
)
from hartenjagen.frontend.views import view

__all__ = ["env", "raw_env"]


def env(**options: Any) -> Any:
    """The environment, wrapped as PettingZoo's classic games are (see `raw_env` for the options)."""
    table = raw_env(**options)
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=-1)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


class raw_env(AECEnv):  # type: ignore[misc]
    """The AEC environment of one variant: ``raw_env(variant="standard", episode="game", reward="hand")``.

    ``variant`` is a preset name or alias, ``hoemke_P1L2H3S4``, a Rules JSON
    text or a `Rules` value; ``max_hands`` cuts a game episode short
    (truncation); ``render_mode`` ``"ansi"`` (``render()`` returns the table
    as text) or ``"human"`` (prints it).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "render_fps": RENDER_FPS,
        "name": "hartenjagen_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: Any = "standard",
        episode: EpisodeKind = "game",
        reward: RewardGrain = "hand",
        max_hands: int = 100,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules_from(variant)
        self._settings = (episode, reward, max_hands)
        Episode.start(self.rules, kind=episode, grain=reward, seed=0, max_hands=max_hands)  # checks them
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        n = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.agents = list(self.possible_agents)
        size, actions = observation_size(self.rules), action_count(self.rules)
        # Finite bounds, as SeatEnv's: what the episode can show (PettingZoo's api_test warns of infinite ones).
        low, high = observation_bounds(self.rules, max_hands if episode == "game" else 1)
        space = gymnasium.spaces.Box(
            np.array(low, np.float32), np.array(high, np.float32), (size,), np.float32
        )
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng = random.Random()
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (dealt from ``seed``, or from the environment's random source)."""
        if seed is not None:
            self._rng = random.Random(seed)
        kind, grain, max_hands = self._settings
        game_seed = self._rng.getrandbits(64)
        self.episode = Episode.start(self.rules, kind=kind, grain=grain, seed=game_seed, max_hands=max_hands)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {}
        self._select()

    def _select(self) -> None:
        """Select the seat to act, and give each agent's info its action mask (fresh arrays each step)."""
        episode = self.episode
        assert episode is not None
        actor = episode.actor
        if actor is not None:
            self.agent_selection = self.possible_agents[actor]
        count = self.action_spaces[self.possible_agents[0]].n
        for agent in self.agents:
            mask = np.zeros(count, np.int8)
            if agent == self.agent_selection and actor is not None:
                mask[list(episode.legal_ids())] = 1
            self.infos[agent] = {"action_mask": mask}

    def observe(self, agent: str) -> Any:
        """The agent's view as a vector (its action mask is ``infos[agent]["action_mask"]``)."""
        episode = self.episode
        if episode is None:
            raise EpisodeError("call reset() first")
        seat = self.possible_agents.index(agent)
        picked = episode.picked if seat == episode.actor else ()
        return np.asarray(observation(view(episode.state, seat), picked), np.float32)

    def step(self, action: Any) -> None:
        """The selected agent takes ``action`` (``None`` once it is done)."""
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        episode = self.episode
        assert episode is not None
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        episode.act(int(action))
        self.rewards = {name: episode.rewards[seat] for seat, name in enumerate(self.possible_agents)}
        if episode.done:
            over = episode.state.is_over or episode.kind == "hand"
            self.terminations = dict.fromkeys(self.agents, over)
            self.truncations = dict.fromkeys(self.agents, not over)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text: returned (``"ansi"``) or printed (``"human"``, also after each step)."""
        if self.episode is None or self.render_mode is None:
            return None
        state = self.episode.state
        lines = [f"hand {state.hand_number}, {state.phase.value}, scores {list(state.scores)}"]
        for seat, hand in enumerate(state.hands):
            lines.append(f"{self.possible_agents[seat]}: {' '.join(map(str, hand))}")
        lines.append("trick: " + " ".join(f"{play.seat}:{play.card}" for play in state.trick))
        if self.render_mode == "human":  # PettingZoo, as Gymnasium: human rendering shows it, returns None
            print("\n".join(lines))
            return None
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""
