"""``hartenjagen.adapters.vector``: the vectorized Gymnasium environment, by Gymnasium's book.

* the observation written from the state's bitmasks is ``observation(view(...))``
  (hypothesis over presets, drawn rulesets and positions, picks of a pass included);
* each table plays exactly as a `SeatEnv` with the same seed (against
  ``SyncVectorEnv`` over `SeatEnv`s: observations, rewards, flags, masks, step by step);
* ``check_env``-style checks: spaces, dtypes, bounds, seeding, data not reused;
* the three autoreset modes, ``reset_mask``; bad actions and settings give clear errors.
"""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import testing, variants
from hartenjagen.adapters import encoding

pytest.importorskip("gymnasium")
import gymnasium
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from hartenjagen.adapters.episodes import EpisodeError
from hartenjagen.adapters.gymnasium import AUTORESET_ACTION, SEAT_ENV_ID, SeatEnv
from hartenjagen.adapters.vector import SeatVectorEnv, observation_plan
from hartenjagen.core.observe import write_observation
from hartenjagen.frontend.views import view

PRESETS = (*(p.name for p in variants.OFFERED), "hoemke_P4L2H3S1", "hoemke_P3L3H4S4")


def written(state: hj.State, seat: int, picked: tuple[hj.Card, ...] = ()) -> list[float]:
    """The observation as the vector environment writes it (one row)."""
    codes = encoding.codes_of(state.rules)
    ones: list[int] = []
    numbers: list[float] = []
    ids = [codes.card_ids[c.index] for c in picked]
    write_observation(observation_plan(state.rules), state, seat, ids, 0, ones, numbers)
    row = np.bincount(np.array(ones, np.intp), minlength=codes.observation_size).astype(np.float64)
    at = codes.offsets
    columns = [*range(at["scores"], at["scores"] + codes.players)]
    columns += [at[name] for name in ("pass_count", "pass_stage", "trick_number", "hand_number")]
    row[columns] = numbers
    return row.tolist()


def some_picks(state: hj.State, seat: int, rng: random.Random) -> tuple[hj.Card, ...]:
    """Fewer than a pass's cards from what ``seat`` may pass now (none outside the passing phase)."""
    if state.phase is not hj.Phase.PASSING or seat not in state.to_move or state.pass_count < 2:
        return ()
    options = list(hj.legal_moves(state).passable(seat))
    return tuple(sorted(rng.sample(options, rng.randrange(state.pass_count))))


@settings(max_examples=150)
@given(
    state=testing.games(rules=st.sampled_from([variants.get(name) for name in PRESETS]) | testing.rules()),
    seat=st.integers(0, 5),
    pick_seed=st.integers(0, 2**16),
)
def test_the_written_observation_is_the_observation_of_the_view(state, seat, pick_seed):
    seat %= state.players
    picked = some_picks(state, seat, random.Random(pick_seed))
    assert written(state, seat, picked) == encoding.observation(view(state, seat), picked)


@pytest.mark.parametrize("name", PRESETS)
def test_the_written_observation_matches_over_whole_games_of_every_preset(name):
    rules = variants.get(name)
    rng = random.Random(name)
    state = hj.new_game(rules, seed=len(name))
    checked = 0
    while not state.is_over and checked < 400:
        for seat in range(state.players):
            picked = some_picks(state, seat, rng)
            expected = encoding.observation(view(state, seat), picked)
            assert written(state, seat, picked) == expected, (seat, state)
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
        checked += 1
    assert written(state, 0) == encoding.observation(view(state, 0))


@pytest.mark.parametrize("variant", ["standard", "achterhoek", "six_double_deck", "dutch"])
def test_the_seat_env_observes_the_encoding_of_its_view(variant):
    """SeatEnv writes its observation from the state's masks: exactly the float32 encoding of the view."""
    env = SeatEnv(variant=variant, seat=1, opponents="random", episode="hand")
    observation, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    steps = 0
    while True:
        episode = env.episode
        picked = episode.picked if episode.actor == 1 else ()
        expected = np.asarray(encoding.observation(view(episode.state, 1), picked), np.float32)
        assert observation.dtype == np.float32 and np.array_equal(observation, expected), steps
        if episode.done:
            break
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, _, _, _, info = env.step(action)
        steps += 1
    assert steps > 5  # a whole hand of the seat's plays (and a pass, card by card)


# ---------------------------------------------------------------- a table is a SeatEnv


def run_side_by_side(kwargs, num_envs=3, steps=150, seed=11, illegal_every=9, mode=AutoresetMode.NEXT_STEP):
    """Step a SeatVectorEnv and a SyncVectorEnv of SeatEnvs with the same actions; assert every output equal."""
    ours = SeatVectorEnv(num_envs, autoreset_mode=mode, **kwargs)
    theirs = SyncVectorEnv([lambda: SeatEnv(**kwargs) for _ in range(num_envs)], autoreset_mode=mode)
    observations, infos = ours.reset(seed=seed)
    expected, expected_infos = theirs.reset(seed=seed)
    assert data_equivalence(observations, expected, exact=True)
    assert data_equivalence(infos, expected_infos, exact=True)
    rng = np.random.default_rng(seed)
    ended = 0
    for step in range(steps):
        masks = infos["action_mask"]
        assert np.array_equal(masks, ours.action_masks())
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        if step % illegal_every == 0:  # now and then an action that is not legal (when there is one)
            actions[0] = np.flatnonzero(~masks[0])[0] if (~masks[0]).any() else actions[0]
        got = ours.step(actions)
        want = theirs.step(actions)
        for mine, other in zip(got, want, strict=True):
            assert data_equivalence(mine, other, exact=True), step
        assert got[0].dtype == np.float32 and got[1].dtype == np.float64 and got[2].dtype == np.bool_
        infos = got[4]
        ended += int((got[2] | got[3]).sum())
    return ended


@pytest.mark.parametrize(
    ("variant", "opponents", "reward", "episode"),
    [
        ("standard", "random", "hand", "hand"),
        ("standard", "random", "trick", "game"),
        ("dutch", "random", "game", "game"),
        ("six_double_deck", "random", "trick", "hand"),
        ("black_maria", "random", "hand", "hand"),
        ("standard_moon_choice", "random", "hand", "hand"),
        ("hoemke_P3L3H4S4", "random", "trick", "hand"),
        ("achterhoek", ["random", "heuristic", "hartenjagen.bots:RandomBot"], "hand", "hand"),
    ],
)
def test_each_table_plays_exactly_as_a_seat_env_with_the_same_seed(variant, opponents, reward, episode):
    kwargs = {"variant": variant, "seat": 1, "opponents": opponents, "reward": reward, "episode": episode}
    if episode == "game":
        kwargs["max_hands"] = 2
    ended = run_side_by_side(kwargs)
    assert ended >= 2  # the autoresets were compared too


def test_one_table_plays_as_the_seat_env_reset_with_its_seed():
    envs = SeatVectorEnv(4, variant="standard", opponents="random", episode="hand")
    single = SeatEnv(variant="standard", opponents="random", episode="hand")
    observations, infos = envs.reset(seed=20)
    observation, info = single.reset(seed=22)  # table 2 of seed 20
    rng = np.random.default_rng(0)
    for _ in range(40):
        assert np.array_equal(observations[2], observation)
        assert np.array_equal(infos["action_mask"][2], info["action_mask"])
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in infos["action_mask"]])
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        if single.episode.done:
            observation, info = single.reset()  # the next-step autoreset
            reward, ended, cut = 0.0, False, False
        else:
            observation, reward, ended, cut, info = single.step(actions[2])
        assert (rewards[2], terminated[2], truncated[2]) == (reward, ended, cut)


# ---------------------------------------------------------------- by Gymnasium's book


def test_make_vec_gives_the_vector_env_with_its_arguments():
    envs = gymnasium.make_vec(
        SEAT_ENV_ID, num_envs=5, vectorization_mode="vector_entry_point", variant="dutch", seat=2,
        opponents="random",
    )  # fmt: skip
    inner = envs.unwrapped
    assert isinstance(inner, SeatVectorEnv) and inner.num_envs == 5 and inner.seat == 2
    assert inner.rules == variants.DUTCH
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    observations, infos = envs.reset(seed=0)
    assert observations.shape == (5, encoding.observation_size(variants.DUTCH))
    assert infos["action_mask"].shape == (5, encoding.action_count(variants.DUTCH))
    # the default vectorization of the id is this one too
    assert isinstance(gymnasium.make_vec(SEAT_ENV_ID, num_envs=2).unwrapped, SeatVectorEnv)
    from hartenjagen.adapters import gymnasium as module

    assert module.SeatVectorEnv is SeatVectorEnv


def test_spaces_dtypes_and_bounds():
    envs = SeatVectorEnv(4, variant="six_double_deck", opponents="random", max_hands=2)
    single = SeatEnv(variant="six_double_deck", opponents="random", max_hands=2)
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    assert envs.observation_space.shape == (4, *single.observation_space.shape)
    assert isinstance(envs.action_space, gymnasium.spaces.MultiDiscrete)
    assert list(envs.action_space.nvec) == [single.action_space.n] * 4
    observations, infos = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(120):
        assert envs.observation_space.contains(observations)
        assert infos["action_mask"].dtype == np.bool_ and infos["action_mask"].any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in infos["action_mask"]])
        assert envs.action_space.contains(actions)
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        assert rewards.shape == terminated.shape == truncated.shape == (4,)
        assert terminated.dtype == truncated.dtype == np.bool_ and rewards.dtype == np.float64
    envs.step(envs.action_space.sample())  # a sample of the action space is a valid batch of actions


def test_seeding_is_deterministic_and_the_data_is_not_reused():
    first = SeatVectorEnv(3, opponents="random", episode="hand")
    second = SeatVectorEnv(3, opponents="random", episode="hand")
    a, _ = first.reset(seed=8)
    b, _ = second.reset(seed=8)
    c, _ = second.reset(seed=9)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert np.array_equal(c[0], b[1])  # table 0 of seed 9 is table 1 of seed 8
    second.reset(seed=8)
    actions = np.array([np.flatnonzero(row)[0] for row in first.action_masks()])
    stepped, *rest = first.step(actions)
    again, *more = second.step(actions)
    assert data_equivalence((stepped, *rest), (again, *more), exact=True)
    assert not np.shares_memory(stepped, a)  # each call returns arrays of its own
    unseeded = SeatVectorEnv(2, opponents="random").reset()[0]
    assert unseeded.shape == a.shape[:0] + (2, a.shape[1])
    assert first.reset(seed=[5, 6, 7])[0][1].tolist() == second.reset(seed=6)[0][0].tolist()


def test_next_step_autoreset_ignores_the_action_and_starts_a_new_episode():
    envs = SeatVectorEnv(2, opponents="random", episode="hand")
    _, infos = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    ended_at = None
    for _ in range(40):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in infos["action_mask"]])
        _, _, terminated, truncated, infos = envs.step(actions)
        if terminated[0]:
            ended_at = envs.episodes[0]
            break
    assert ended_at is not None and ended_at.done
    assert np.flatnonzero(infos["action_mask"][0]).tolist() == [AUTORESET_ACTION]
    observations, rewards, terminated, truncated, infos = envs.step(np.array([5, 0]) * 0)
    assert envs.episodes[0] is not ended_at and not envs.episodes[0].done
    assert rewards[0] == 0.0 and not terminated[0] and not truncated[0]
    assert observations[0][encoding.codes_of(variants.STANDARD).offsets["trick_number"]] == 0
    assert infos["action_mask"][0].sum() > 1


def test_same_step_autoreset_reports_the_final_observation():
    kwargs = {"opponents": "random", "episode": "hand"}
    nxt = SeatVectorEnv(2, **kwargs)
    same = SeatVectorEnv(2, autoreset_mode="SameStep", **kwargs)
    assert same.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    _, infos = nxt.reset(seed=4)
    same.reset(seed=4)
    rng = np.random.default_rng(4)
    finals = 0
    for _ in range(30):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in infos["action_mask"]])
        last, rewards, terminated, _, infos = nxt.step(actions)
        _, same_rewards, same_terminated, _, same_infos = same.step(actions)
        assert np.array_equal(rewards, same_rewards) and np.array_equal(terminated, same_terminated)
        for i in np.flatnonzero(terminated):
            finals += 1
            assert same_infos["_final_obs"][i] and np.array_equal(same_infos["final_obs"][i], last[i])
            assert np.array_equal(same_infos["final_info"]["action_mask"][i], infos["action_mask"][i])
            assert not same.episodes[i].done  # already the next episode
            assert same_infos["action_mask"][i].sum() > 1
        if terminated.any():
            break
    assert finals >= 1
    # and exactly as SyncVectorEnv's same-step autoreset of SeatEnvs
    assert run_side_by_side({**kwargs, "seat": 2}, steps=60, mode=AutoresetMode.SAME_STEP) >= 2


def test_disabled_autoreset_and_the_reset_mask():
    envs = SeatVectorEnv(3, opponents="random", episode="hand", autoreset_mode=AutoresetMode.DISABLED)
    observations, infos = envs.reset(seed=2)
    rng = np.random.default_rng(2)
    while True:
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in infos["action_mask"]])
        observations, _, terminated, _, infos = envs.step(actions)
        if terminated.any():
            break
    ended = np.flatnonzero(terminated)
    with pytest.raises(EpisodeError, match=f"the episode of table {ended[0]} is over: reset it"):
        envs.step(actions)
    kept = [envs.episodes[i] for i in range(3)]
    fresh, infos = envs.reset(options={"reset_mask": terminated})
    for i in range(3):
        assert (envs.episodes[i] is kept[i]) == (not terminated[i])
        if not terminated[i]:
            assert np.array_equal(fresh[i], observations[i])
    envs.step(np.array([np.flatnonzero(row)[0] for row in infos["action_mask"]]))


def test_an_illegal_action_changes_nothing_at_its_table():
    envs = SeatVectorEnv(2, opponents="random", illegal_reward=-3.0)
    observations, infos = envs.reset(seed=6)
    state = envs.episodes[0].state
    illegal = int(np.flatnonzero(~infos["action_mask"][0])[0])
    legal = int(np.flatnonzero(infos["action_mask"][1])[0])
    again, rewards, terminated, truncated, infos = envs.step(np.array([illegal, legal]))
    assert rewards[0] == -3.0 and infos["illegal"].tolist() == [True, False]
    assert envs.episodes[0].state is state and np.array_equal(again[0], observations[0])
    assert not terminated.any() and not truncated.any()


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (np.array([0, 0, 0]), r"shape \(2,\), not shape \(3,\)"),
        (np.array([[0, 0]]), r"shape \(2,\), not shape \(1, 2\)"),
        (0, r"shape \(2,\), not shape \(\)"),
        (np.array([1.0, 2.0]), "whole numbers .* not float64"),
        (np.array([1, 2], np.float32), "whole numbers .* not float32"),
        (np.array([True, False]), "whole numbers .* not bool"),
        (["1", "2"], "whole numbers .* not <U1"),
        ([1, None], "whole numbers .* not object"),
        (np.array([0, -1]), "table 1: there is no action -1: action ids are 0 to 57"),
        (np.array([58, 0]), "table 0: there is no action 58: action ids are 0 to 57"),
    ],
)
def test_bad_actions_raise_saying_what_is_wrong(actions, message):
    envs = SeatVectorEnv(2, opponents="random")
    envs.reset(seed=1)
    states = [episode.state for episode in envs.episodes]
    with pytest.raises(EpisodeError, match=message):
        envs.step(actions)
    assert [episode.state for episode in envs.episodes] == states


def test_bad_settings_are_refused():
    with pytest.raises(EpisodeError, match="num_envs must be a whole number of at least 1"):
        SeatVectorEnv(0)
    with pytest.raises(EpisodeError, match="num_envs must be"):
        SeatVectorEnv(True)
    with pytest.raises(EpisodeError, match="has no render_mode"):
        SeatVectorEnv(2, render_mode="ansi")
    with pytest.raises(EpisodeError, match="autoreset_mode must be one of 'NextStep'"):
        SeatVectorEnv(2, autoreset_mode="later")
    with pytest.raises(EpisodeError, match="seat must be a seat"):
        SeatVectorEnv(2, seat=7)
    with pytest.raises(hj.bots.BotError, match="no bot called"):
        SeatVectorEnv(2, opponents="genius")
    envs = SeatVectorEnv(2, opponents="random")
    with pytest.raises(EpisodeError, match="call reset"):
        envs.step(np.array([0, 0]))
    with pytest.raises(EpisodeError, match="a list of 2 seeds"):
        envs.reset(seed=[1, 2, 3])
    with pytest.raises(EpisodeError, match="a list of 2 seeds"):
        envs.reset(seed=1.5)
    with pytest.raises(EpisodeError, match="reset_mask"):
        envs.reset(options={"reset_mask": [True, False]})


def test_without_numpy_the_module_says_which_extra_to_install():
    code = """
        import sys
        sys.modules["numpy"] = None  # as if not installed
        try:
            import hartenjagen.adapters.vector
        except ImportError as error:
            assert "hartenjagen[rl]" in str(error), error
        else:
            raise AssertionError("imported without NumPy")
    """
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
