"""hartenjagen as a single-agent Gymnasium environment: one seat learns, bundled bots play the others.

```python
import numpy as np
from hartenjagen.adapters.gymnasium import SeatEnv

env = SeatEnv(variant="standard", seat=0, opponents="heuristic", reward="hand")
observation, info = env.reset(seed=1)
rng = np.random.default_rng(1)
done = False
while not done:
    action = rng.choice(np.flatnonzero(env.action_masks()))
    observation, reward, terminated, truncated, info = env.step(action)
    done = terminated or truncated
```

Observations are the seat's view as a vector (`hartenjagen.adapters.encoding.observation`),
actions the ids of `hartenjagen.adapters.encoding` (``Discrete(action_count(rules))``),
whole numbers only (a float, text, ``None`` or a bool raises `EpisodeError`);
``action_masks()`` says which are legal now, as sb3-contrib's ``MaskablePPO``
expects (``info["action_mask"]`` too; once the episode is over, only
`AUTORESET_ACTION`, for the step Gymnasium's autoreset spends on resetting).
The observation space's bounds are finite (`hartenjagen.adapters.encoding.observation_bounds`).
Importing this module registers the id ``"hartenjagen/SeatEnv-v0"``:
``gymnasium.make("hartenjagen/SeatEnv-v0", variant="black_maria")``, also
through SB3's ``make_vec_env`` (import the module first, or name it in the id:
``"hartenjagen.adapters.gymnasium:hartenjagen/SeatEnv-v0"``);
``gymnasium.make_vec("hartenjagen/SeatEnv-v0", num_envs=64)`` makes a
`SeatVectorEnv` (`hartenjagen.adapters.vector`: many tables in one call, each
exactly this environment). A pass is one card per step. An
action that is not legal changes nothing and is rewarded ``illegal_reward``
(``info["illegal"]`` is True); an id outside the action space (``-1``,
``action_count``) raises `EpisodeError`, as `SeatVectorEnv` refuses it.
``render_mode`` is ``"ansi"`` (``render()`` returns the table as text),
``"human"`` (the table is printed after ``reset`` and each step; ``render()``
prints it) or ``None``; another mode raises `RenderModeError`, a ``TypeError``,
as Gymnasium's environments without that mode do (SB3's ``make_vec_env`` then
makes the environment without one). Between the seat's steps the other seats move
(``opponents``: one bot name for all, or one per other seat in seat order; a
bundled bot or an import path ``"module:Name"``), and the reward is everything
the seat got meanwhile (see `hartenjagen.adapters.episodes` for ``reward``). Needs
the ``rl`` extra (from a checkout: ``python -m pip install '.[rl]'``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

try:
    import gymnasium
    import numpy as np
except ImportError as _error:  # pragma: no cover - exercised where Gymnasium is missing
    raise ImportError(
        "hartenjagen.adapters.gymnasium needs Gymnasium: pip install 'hartenjagen[rl]'"
        " (from a checkout: python -m pip install '.[rl]')"
    ) from _error

from hartenjagen.adapters._written import Writer
from hartenjagen.adapters.encoding import action_count, observation_bounds, observation_size
from hartenjagen.adapters.episodes import (
    RENDER_FPS,
    Episode,
    EpisodeError,
    EpisodeKind,
    RenderModeError,
    RewardGrain,
    action_index,
    check_render_mode,
    rules_from,
)
from hartenjagen.bots import Bot, choose_for
from hartenjagen.bots.specs import load_bot
from hartenjagen.frontend.views import view

__all__ = ["AUTORESET_ACTION", "SEAT_ENV_ID", "RenderModeError", "SeatEnv"]

#: The id `SeatEnv` is registered under: ``gymnasium.make(SEAT_ENV_ID, variant="black_maria")``.
SEAT_ENV_ID = "hartenjagen/SeatEnv-v0"
#: The action `SeatEnv.action_masks` marks once an episode is over (the autoreset step ignores it).
AUTORESET_ACTION = 0


class SeatEnv(gymnasium.Env[Any, Any]):
    """One seat of a game of ``variant`` as a Gymnasium environment (see the module documentation).

    ``episode`` is ``"game"`` (the default; truncated after ``max_hands``
    hands) or ``"hand"``; ``bot_options`` are options for the opponents' bots.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": RENDER_FPS}  # noqa: RUF012 - Gymnasium's attribute

    def __init__(
        self,
        variant: Any = "standard",
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        reward: RewardGrain = "hand",
        episode: EpisodeKind = "game",
        max_hands: int = 100,
        illegal_reward: float = -1.0,
        bot_options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.rules = rules_from(variant)
        n = self.rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise EpisodeError(f"seat must be a seat from 0 to {n - 1}, not {seat!r}")
        self.seat = seat
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise EpisodeError(f"give one opponent for all or {n - 1} (one per other seat), not {len(names)}")
        self.opponents = tuple(names)
        self.bot_options = dict(bot_options or {})
        for name in self.opponents:
            load_bot(name, seed=0, **self.bot_options)  # an unknown bot or option fails here
        self._settings = (episode, reward, max_hands)
        Episode.start(self.rules, kind=episode, grain=reward, seed=0, max_hands=max_hands)  # checks them
        self.illegal_reward = float(illegal_reward)
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        low, high = observation_bounds(self.rules, max_hands if episode == "game" else 1)
        self.observation_space = gymnasium.spaces.Box(
            np.array(low, np.float32), np.array(high, np.float32), (observation_size(self.rules),), np.float32
        )
        self._actions = action_count(self.rules)
        self._writer = Writer(self.rules, seat)  # the observation from the state's bitmasks: no view to build
        self.action_space = gymnasium.spaces.Discrete(self._actions)
        self.episode: Episode | None = None
        self._bots: dict[int, Bot] = {}
        # Made directly, the environment still has the spec gymnasium.make would give it (the id and these
        # arguments), so that tools can make it again: check_env tries each render mode through it.
        registered = gymnasium.registry.get(SEAT_ENV_ID)
        if registered is not None and type(self) is SeatEnv:
            arguments = {
                "variant": variant, "seat": seat, "opponents": opponents, "reward": reward, "episode": episode,
                "max_hands": max_hands, "illegal_reward": illegal_reward, "bot_options": bot_options,
                "render_mode": render_mode,
            }  # fmt: skip
            self.spec = dataclasses.replace(registered, kwargs=arguments)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """A new game, dealt from ``seed`` (or the environment's random source); the others move up to this seat."""
        super().reset(seed=seed)
        kind, grain, max_hands = self._settings
        game_seed = int(self.np_random.integers(2**62))
        self.episode = Episode.start(self.rules, kind=kind, grain=grain, seed=game_seed, max_hands=max_hands)
        others = [s for s in range(self.rules.players) if s != self.seat]
        self._bots = {
            other: load_bot(
                name, seed=random.Random(f"{game_seed}/{other}").getrandbits(63), **self.bot_options
            )
            for other, name in zip(others, self.opponents, strict=True)
        }
        self._others_move()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info(False)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """This seat takes ``action``; then the others move until it is this seat's turn or the episode ends."""
        episode = self.episode
        if episode is None:
            raise EpisodeError("call reset() first")
        action = action_index(action)  # a float, text, None or bool is refused, not rounded
        if not 0 <= action < self._actions:  # refused as SeatVectorEnv refuses it, not an illegal move
            raise EpisodeError(f"there is no action {action}: action ids are 0 to {self._actions - 1}")
        if episode.done:
            raise EpisodeError("the episode is over: call reset()")
        if action not in episode.legal_ids():
            return self._observation(), self.illegal_reward, False, False, self._info(True)
        episode.apply_action(action)
        gained = episode.rewards[self.seat] + self._others_move()
        terminated = episode.done and (episode.state.is_over or episode.kind == "hand")
        truncated = episode.done and not terminated
        if self.render_mode == "human":
            self.render()
        return self._observation(), float(gained), terminated, truncated, self._info(False)

    def action_masks(self) -> Any:
        """Which action ids are legal now (booleans, ``action_space.n`` of them).

        Once the episode is over only action 0 is marked: the step that
        Gymnasium's autoreset spends on resetting ignores its action, and a
        masked sampler needs one to choose (`AUTORESET_ACTION`).
        """
        mask = np.zeros(self._actions, np.bool_)
        episode = self.episode
        if episode is not None and episode.done:
            mask[AUTORESET_ACTION] = True
        elif episode is not None and episode.actor == self.seat:
            mask[list(episode.legal_ids())] = True
        return mask

    def render(self) -> str | None:
        """The seat's hand, the trick and the scores as text: returned (``"ansi"``) or printed (``"human"``)."""
        if self.episode is None or self.render_mode is None:
            return None
        v = view(self.episode.state, self.seat)
        trick = " ".join(f"{p.seat}:{p.card}" for p in v.trick)
        text = (
            f"hand {v.hand_index + 1}, {v.phase.value}, scores {list(v.scores)}\n"
            f"seat {self.seat}: {' '.join(map(str, v.hand))}\ntrick: {trick}"
        )
        if self.render_mode == "human":  # Gymnasium: human rendering shows the frame and returns None
            print(text)
            return None
        return text

    def _others_move(self) -> float:
        """The other seats move until this seat acts or the episode ends; what this seat gained meanwhile."""
        episode = self.episode
        assert episode is not None
        gained = 0.0
        while not episode.done and episode.actor != self.seat:
            seat = episode.actor
            assert seat is not None
            episode.play(choose_for(self._bots[seat], episode.state, seat))
            gained += episode.rewards[self.seat]
        return gained

    def _observation(self) -> Any:
        episode = self.episode
        assert episode is not None
        return self._writer.row(episode.state, episode.picked if episode.actor == self.seat else ())

    def _info(self, illegal: bool) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "illegal": illegal}


def __getattr__(name: str) -> Any:
    # SeatVectorEnv lives in hartenjagen.adapters.vector, which imports this module: loaded when asked for.
    if name == "SeatVectorEnv":
        from hartenjagen.adapters.vector import SeatVectorEnv

        return SeatVectorEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if SEAT_ENV_ID not in gymnasium.registry:
    gymnasium.register(
        SEAT_ENV_ID,
        entry_point="hartenjagen.adapters.gymnasium:SeatEnv",
        vector_entry_point="hartenjagen.adapters.vector:SeatVectorEnv",
    )
