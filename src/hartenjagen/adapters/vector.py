"""Many tables of one seat as one Gymnasium vector environment: `SeatVectorEnv`, N `SeatEnv`s in one call.

```python
import gymnasium
import numpy as np

import hartenjagen.adapters.gymnasium  # registers the ids

envs = gymnasium.make_vec("hartenjagen/SeatEnv-v0", num_envs=64, vectorization_mode="vector_entry_point",
                          opponents="random", episode="hand")
observations, infos = envs.reset(seed=1)
rng = np.random.default_rng(1)
for _ in range(100):
    masks = infos["action_mask"]                    # (64, actions) booleans, as envs.action_masks()
    actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
    observations, rewards, terminations, truncations, infos = envs.step(actions)
```

Table ``i`` is the `SeatEnv` with the same arguments that
``gymnasium.vector.SyncVectorEnv`` would hold there, step for step: reset with
``seed=s`` it is the `SeatEnv` reset with ``seed=s + i`` (a list of seeds
gives one per table), its opponents draw from the same random sources in the
same way, and it returns the same observations, rewards, terminations,
truncations and masks. What differs is the speed: the tables are stepped in
one loop, the ``"random"`` opponents choose from the state without building a
view, and the observations are written from the state's bitmasks
(`hartenjagen.core.observe`) into one ``(num_envs, size)`` float32 array (a
`SeatEnv` writes its one row the same way).
The ``"heuristic"`` opponents (the default) read their seat's facts from the
state too (`HeuristicBot.choose_at`, as in `SeatEnv`: the same moves); other
opponents (``"sampling"``, an import path) choose from their seat's view as in
`SeatEnv`, at their own speed.

``step(actions)`` takes one action id per table: an integer array of shape
``(num_envs,)`` within the action space (anything else raises `EpisodeError`:
another shape, floats, booleans, an id out of range). A legal action is
played; an action that is not legal changes nothing at that table and is
rewarded ``illegal_reward`` (``infos["illegal"]``), as in `SeatEnv`. The
legal actions of every table are ``infos["action_mask"]`` (also
``action_masks()``, sb3-contrib's name), ``(num_envs, action_count)`` booleans.

Autoreset is Gymnasium 1.x's, ``autoreset_mode`` chooses it (also
``metadata["autoreset_mode"]``): by default ``"NextStep"``: the step after a
table's episode ended resets it, ignores its action (its mask then marks only
`AUTORESET_ACTION`, so a masked sampler has one to choose), and returns the new
episode's first observation with a reward of 0. ``"SameStep"`` resets at once
and puts the last observation and info in ``infos["final_obs"]`` and
``infos["final_info"]``; ``"Disabled"`` leaves it to
``reset(options={"reset_mask": ...})``. Needs NumPy, which the ``rl`` extra
brings with Gymnasium.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

try:
    import gymnasium
    import numpy as np
    from gymnasium.utils import seeding
    from gymnasium.vector.utils import batch_space
except ImportError as _error:  # pragma: no cover - exercised where Gymnasium or NumPy is missing
    raise ImportError(
        "hartenjagen.adapters.vector needs Gymnasium and NumPy: pip install 'hartenjagen[rl]'"
        " (from a checkout: python -m pip install '.[rl]')"
    ) from _error
try:
    from gymnasium.vector import AutoresetMode
except ImportError as _error:
    # Gymnasium 1.0 is installed but too old: saying to install Gymnasium would name what is there.
    raise ImportError(
        "hartenjagen.adapters.vector needs Gymnasium 1.1 or newer (gymnasium.vector.AutoresetMode);"
        f" Gymnasium {getattr(gymnasium, '__version__', '?')} is installed: pip install 'gymnasium>=1.1'"
    ) from _error

from hartenjagen.adapters._written import Writer, observation_plan
from hartenjagen.adapters.episodes import Episode, EpisodeError, EpisodeKind, RenderModeError, RewardGrain
from hartenjagen.adapters.gymnasium import AUTORESET_ACTION, SeatEnv
from hartenjagen.bots import Bot, choose_for
from hartenjagen.bots.specs import load_bot
from hartenjagen.cards import AnyCard
from hartenjagen.core import State
from hartenjagen.engine import legal_moves
from hartenjagen.moves import Pass
from hartenjagen.values import Phase

__all__ = ["SeatVectorEnv", "observation_plan"]


#: The names of the autoreset modes (``AutoresetMode`` values).
_MODES = {mode.value: mode for mode in AutoresetMode}


class SeatVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` tables of one seat as a Gymnasium vector environment (see the module documentation).

    The other arguments are `SeatEnv`'s (``render_mode`` must be ``None``),
    and ``autoreset_mode`` (``"NextStep"``, ``"SameStep"`` or ``"Disabled"``).
    """

    def __init__(
        self,
        num_envs: int = 1,
        variant: Any = "standard",
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        reward: RewardGrain = "hand",
        episode: EpisodeKind = "game",
        max_hands: int = 100,
        illegal_reward: float = -1.0,
        bot_options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise EpisodeError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        if render_mode is not None:  # a TypeError too, as SeatEnv refuses a mode it does not offer
            raise RenderModeError(
                f"a SeatVectorEnv has no render_mode (render one SeatEnv), not {render_mode!r}"
            )
        mode = _MODES.get(autoreset_mode) if isinstance(autoreset_mode, str) else autoreset_mode
        if not isinstance(mode, AutoresetMode):
            names = ", ".join(repr(name) for name in _MODES)
            raise EpisodeError(f"autoreset_mode must be one of {names}, not {autoreset_mode!r}")
        # One table checks the settings and gives the spaces, exactly as a SeatEnv has them.
        single = SeatEnv(variant, seat, opponents, reward, episode, max_hands, illegal_reward, bot_options)
        self.rules = single.rules
        self.seat = single.seat
        self.opponents = single.opponents
        self.bot_options = single.bot_options
        self.illegal_reward = single.illegal_reward
        self._settings = (episode, reward, max_hands)
        self.num_envs = num_envs
        self.autoreset_mode = mode
        self.metadata = {"autoreset_mode": mode, "render_modes": []}
        self.render_mode = None
        self.single_observation_space = single.observation_space
        self.single_action_space = single.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._writer = Writer(self.rules, self.seat)
        self._actions = single._actions
        others = [s for s in range(self.rules.players) if s != self.seat]
        self._others = list(zip(others, self.opponents, strict=True))
        #: per other seat, whether its bot is the random one, played here without a view
        self._fast = {other: name.strip().lower() == "random" for other, name in self._others}
        self._episodes: list[Episode | None] = [None] * num_envs
        self._rngs: list[np.random.Generator | None] = [None] * num_envs
        self._bots: list[dict[int, Bot]] = [{} for _ in range(num_envs)]
        self._draws: list[dict[int, random.Random]] = [{} for _ in range(num_envs)]
        self._ended = np.zeros(num_envs, np.bool_)  # the tables whose episode ended at the last step
        self._illegal = np.zeros(num_envs, np.bool_)

    # ---- Gymnasium's interface

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """New games at every table (``options={"reset_mask": mask}``: at the tables ``mask`` marks).

        ``seed``: ``None`` (each table its own random source), a whole number
        ``s`` (table ``i`` gets ``s + i``) or one seed per table.
        """
        n = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * n
        elif isinstance(seed, int) and not isinstance(seed, bool):
            seeds = [seed + i for i in range(n)]
        elif isinstance(seed, (list, tuple)) and len(seed) == n:
            seeds = list(seed)
        else:
            raise EpisodeError(f"seed must be None, a whole number or a list of {n} seeds, not {seed!r}")
        if seed is not None:
            self._np_random, self._np_random_seed = seeding.np_random(seeds[0])
        mask = np.ones(n, np.bool_)
        if options and "reset_mask" in options:
            given = options["reset_mask"]
            if not isinstance(given, np.ndarray) or given.shape != (n,) or given.dtype != np.bool_:
                raise EpisodeError(
                    f"options['reset_mask'] must be a boolean array of shape ({n},), not {given!r}"
                )
            mask = given
        for i in np.flatnonzero(mask).tolist():
            self._reset_table(i, seeds[i])
        self._ended[mask] = False
        self._illegal[:] = False
        return self._observations(), self._infos()

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Every table takes its action (see the module documentation); the others move until it is its turn again."""
        chosen = self._checked(actions)
        n = self.num_envs
        rewards = np.zeros(n, np.float64)
        terminated = np.zeros(n, np.bool_)
        truncated = np.zeros(n, np.bool_)
        illegal = self._illegal
        illegal[:] = False
        ended = self._ended
        episodes = self._episodes
        seat = self.seat
        same_step = self.autoreset_mode is AutoresetMode.SAME_STEP
        finals: list[int] = []
        for i in range(n):
            episode = episodes[i]
            if episode is None:
                raise EpisodeError("call reset() first")
            if ended[i]:
                if self.autoreset_mode is AutoresetMode.DISABLED:
                    raise EpisodeError(
                        f"the episode of table {i} is over: reset it (reset(options={{'reset_mask': ...}}))"
                    )
                self._reset_table(i, None)  # next-step autoreset: the action is ignored
                continue
            action = chosen[i]
            if action not in episode.legal_ids():
                rewards[i] = self.illegal_reward
                illegal[i] = True
                continue
            episode.apply_action(action)
            rewards[i] = episode.rewards[seat] + self._others_move(i)
            if episode.done:
                over = episode.state.is_over or episode.kind == "hand"
                terminated[i] = over
                truncated[i] = not over
                finals.append(i)
        ended[:] = terminated | truncated
        infos: dict[str, Any] = {}
        if same_step and finals:
            last = self._observations()
            masks = self.action_masks()
            for i in finals:
                infos = self._add_info(
                    infos, {"final_obs": last[i], "final_info": self._info_of(masks, i)}, i
                )
                self._reset_table(i, None)
            ended[:] = False
        infos.update(self._infos())
        return self._observations(), rewards, terminated, truncated, infos

    def action_masks(self) -> Any:
        """Which action ids are legal now at each table: ``(num_envs, action_count)`` booleans.

        At a table whose episode is over, only `AUTORESET_ACTION` (the step
        that resets it ignores its action; a masked sampler needs one to choose).
        """
        a = self._actions
        flat: list[int] = []
        for i, episode in enumerate(self._episodes):
            if episode is None:
                continue
            if episode.done:
                flat.append(i * a + AUTORESET_ACTION)
            elif episode.actor == self.seat:
                base = i * a
                flat.extend([base + action for action in episode.legal_ids()])
        mask = np.zeros(self.num_envs * a, np.bool_)
        mask[flat] = True
        return mask.reshape(self.num_envs, a)

    @property
    def episodes(self) -> tuple[Episode | None, ...]:
        """The episode at each table (``None`` before the first reset)."""
        return tuple(self._episodes)

    # ---- the tables

    def _checked(self, actions: Any) -> list[int]:
        """``actions`` as one action id per table, or `EpisodeError` saying what is wrong with them."""
        n, a = self.num_envs, self._actions
        array = np.asarray(actions)
        if array.shape != (n,):
            raise EpisodeError(
                f"actions must be one action id per table, shape ({n},), not shape {array.shape}"
            )
        if array.dtype.kind not in "iu":
            raise EpisodeError(f"actions must be whole numbers (an integer array), not {array.dtype} values")
        wrong = np.flatnonzero((array < 0) | (array >= a))
        if wrong.size:
            i = int(wrong[0])
            raise EpisodeError(f"table {i}: there is no action {array[i]}: action ids are 0 to {a - 1}")
        chosen: list[int] = array.tolist()
        return chosen

    def _reset_table(self, i: int, seed: int | None) -> None:
        """A new game at table ``i`` as `SeatEnv.reset` deals it (its random source, seeded if ``seed`` is given)."""
        rng = self._rngs[i]
        if seed is not None or rng is None:
            rng, _ = seeding.np_random(seed)
            self._rngs[i] = rng
        kind, grain, max_hands = self._settings
        game_seed = int(rng.integers(2**62))
        self._episodes[i] = Episode.start(
            self.rules, kind=kind, grain=grain, seed=game_seed, max_hands=max_hands
        )
        bots: dict[int, Bot] = {}
        draws: dict[int, random.Random] = {}
        for other, name in self._others:
            bot_seed = random.Random(f"{game_seed}/{other}").getrandbits(63)
            if self._fast[other]:
                draws[other] = random.Random(bot_seed)  # as RandomBot seeds its own
            else:
                bots[other] = load_bot(name, seed=bot_seed, **self.bot_options)
        self._bots[i] = bots
        self._draws[i] = draws
        self._others_move(i)

    def _others_move(self, i: int) -> float:
        """The other seats of table ``i`` move until the seat acts or the episode ends; what the seat gained."""
        episode = self._episodes[i]
        assert episode is not None
        seat = self.seat
        draws = self._draws[i]
        gained = 0.0
        while not episode.done and episode.actor != seat:
            other = episode.actor
            assert other is not None
            rng = draws.get(other)
            if rng is None:
                episode.play(choose_for(self._bots[i][other], episode.state, other))
            else:
                state = episode.state
                phase = state.phase
                # As RandomBot chooses from the view: the same draws from the same lists.
                if phase is Phase.PLAYING:
                    legal = episode.legal_ids()  # the plays' ids, in the order of legal_moves
                    episode.apply_action(rng.choice(legal))
                elif phase is Phase.PASSING:
                    options = legal_moves(state).passable(other)  # type: ignore[attr-defined]
                    episode.play(Pass(other, rng.sample(options, state.pass_count)))
                else:
                    episode.play(rng.choice(tuple(legal_moves(state))))
            gained += episode.rewards[seat]
        return gained

    def _observations(self) -> Any:
        """Every table's observation of the seat, as one float32 array."""
        seat = self.seat
        tables: list[tuple[State, Sequence[AnyCard]]] = []
        for episode in self._episodes:
            assert episode is not None
            tables.append((episode.state, episode.picked if episode.actor == seat else ()))
        return self._writer.rows(tables)

    def _info_of(self, masks: Any, i: int) -> dict[str, Any]:
        return {"action_mask": masks[i], "illegal": bool(self._illegal[i])}

    def _infos(self) -> dict[str, Any]:
        """The infos of every table, as ``SyncVectorEnv`` gathers `SeatEnv`'s (each key with its ``_key`` mask)."""
        every = np.ones(self.num_envs, np.bool_)
        return {
            "action_mask": self.action_masks(),
            "_action_mask": every,
            "illegal": self._illegal.copy(),
            "_illegal": every.copy(),
        }
