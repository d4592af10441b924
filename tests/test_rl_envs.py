"""``hartenjagen.adapters.pettingzoo`` and ``hartenjagen.adapters.gymnasium``: PettingZoo's and Gymnasium's own checks.

* ``pettingzoo.test.api_test`` and ``seed_test`` on every preset (and a Hoemke sample), and
  ``gymnasium.utils.env_checker.check_env`` on several presets: each passes and says nothing
  (no warning, no logged note, nothing printed but its progress: tests/checkers.py);
* rewards per trick, hand and game add up to minus the final totals; a pass is
  one card per step; illegal actions; bad settings.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.adapters import encoding

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from checkers import checker_notes
from hartenjagen.adapters.episodes import EpisodeError, packed_variant, rules_from
from hartenjagen.adapters.gymnasium import SeatEnv
from hartenjagen.adapters.pettingzoo import env, raw_env

VARIANTS = (*(p.name for p in variants.OFFERED), "hoemke_P4L2H3S1", "hoemke_P3L3H4S4")


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test_and_seed_test_say_nothing(variant):
    assert checker_notes(api_test, env(variant=variant), num_cycles=60) == []
    assert checker_notes(seed_test, lambda: env(variant=variant, episode="hand"), num_cycles=60) == []


@pytest.mark.parametrize("variant", ["standard", "black_maria", "dutch", "six_double_deck", "achterhoek"])
def test_gymnasium_check_env_says_nothing(variant):
    # Made directly, SeatEnv has its spec, so check_env also makes it in each render mode ("human" prints).
    assert checker_notes(check_env, SeatEnv(variant=variant, seat=1, opponents="random"), printed=False) == []


@pytest.mark.parametrize("reward", ["trick", "hand", "game"])
def test_pettingzoo_rewards_add_up_to_minus_the_totals(reward):
    table = raw_env(variant="standard_moon_choice", episode="game", reward=reward)
    table.reset(seed=4)
    got = dict.fromkeys(table.possible_agents, 0.0)
    rng = np.random.default_rng(4)
    nonzero_steps = 0
    while not all(table.terminations.values()) and not all(table.truncations.values()):
        agent = table.agent_selection
        legal = np.flatnonzero(table.infos[agent]["action_mask"])
        assert set(legal) == set(table.episode.legal_ids())
        table.step(int(rng.choice(legal)))
        nonzero_steps += any(table.rewards.values())
        for name, value in table.rewards.items():
            got[name] += value
    scores = table.episode.state.scores
    assert [got[name] for name in table.possible_agents] == [-float(s) for s in scores]
    if reward == "game":
        assert nonzero_steps == 1
    elif reward == "trick":
        assert nonzero_steps > len(table.episode.state.score_sheet)


def test_a_pass_is_one_card_per_step():
    table = raw_env(variant="standard", episode="hand")
    table.reset(seed=1)
    assert table.agent_selection == "player_0"
    state = table.episode.state
    assert state.phase is hj.Phase.PASSING
    for step in range(3):
        mask = table.infos["player_0"]["action_mask"]
        assert table.infos["player_1"]["action_mask"].sum() == 0  # not its turn
        action = int(np.flatnonzero(mask)[0])
        table.step(action)
        assert table.agent_selection == ("player_0" if step < 2 else "player_1")
    assert len(table.episode.state.to_move) == 3  # seat 0 has passed
    assert table.observe("player_1").shape == (encoding.observation_size(variants.STANDARD),)


def test_an_illegal_action_ends_the_game_under_the_wrapper_and_raises_in_the_raw_env():
    wrapped = env(variant="standard")
    wrapped.reset(seed=2)
    agent = wrapped.agent_selection
    wrapped.observe(agent)
    illegal = int(np.flatnonzero(wrapped.infos[agent]["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(illegal)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -1
    raw = raw_env(variant="standard")
    raw.reset(seed=2)
    with pytest.raises(EpisodeError, match="is not legal now"):
        raw.step(illegal)


def test_seat_env_plays_a_game_with_a_masked_random_policy():
    table = SeatEnv(variant="dutch", seat=2, opponents=["heuristic", "random", "heuristic"], reward="trick")
    observation, info = table.reset(seed=7)
    assert observation.shape == table.observation_space.shape
    rng = np.random.default_rng(7)
    total, done, steps = 0.0, False, 0
    while not done:
        mask = table.action_masks()
        assert mask.dtype == bool and mask.any() and np.array_equal(mask, info["action_mask"])
        observation, reward, terminated, truncated, info = table.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        done = terminated or truncated
        steps += 1
    assert terminated and not truncated and table.episode.state.is_over
    assert total == -table.episode.state.scores[2]
    with pytest.raises(EpisodeError, match="call reset"):
        table.step(0)


def test_seat_env_illegal_actions_change_nothing():
    table = SeatEnv(variant="standard", opponents="random", episode="hand")
    observation, _ = table.reset(seed=3)
    illegal = int(np.flatnonzero(~table.action_masks())[0])
    again, reward, terminated, truncated, info = table.step(illegal)
    assert reward == -1.0 and info["illegal"] and not terminated and not truncated
    assert np.array_equal(again, observation)


def test_seat_env_takes_bots_by_import_path_and_truncates_after_max_hands():
    table = SeatEnv(variant="standard", opponents="hartenjagen.bots:RandomBot", max_hands=1)
    table.reset(seed=1)
    done = False
    while not done:
        _, _, terminated, truncated, _ = table.step(int(np.flatnonzero(table.action_masks())[0]))
        done = terminated or truncated
    assert truncated and not terminated and len(table.episode.state.score_sheet) == 1


def test_bad_settings_are_refused():
    with pytest.raises(EpisodeError, match="no variant called"):
        SeatEnv(variant="nope")
    with pytest.raises(EpisodeError, match="seat must be a seat"):
        SeatEnv(seat=4)
    with pytest.raises(EpisodeError, match="one opponent for all or 3"):
        SeatEnv(opponents=["random", "random"])
    with pytest.raises(hj.bots.BotError, match="no bot called"):
        SeatEnv(opponents="genius")
    with pytest.raises(EpisodeError, match="reward must be one of"):
        raw_env(reward="points")
    with pytest.raises(EpisodeError, match="episode must be one of"):
        raw_env(episode="season")
    with pytest.raises(EpisodeError, match="render_mode"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(EpisodeError, match="max_hands"):
        SeatEnv(max_hands=0)


def test_variants_are_names_rules_json_or_packed_rules():
    rules = variants.openspiel(pass_cards=False)
    assert rules_from("Black Maria") == variants.BLACK_MARIA
    assert rules_from(rules) is rules
    assert rules_from(hj.dumps(rules)) == rules
    assert rules_from(packed_variant(rules)) == rules
    assert set(packed_variant(rules)) <= set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_:"
    )
    with pytest.raises(EpisodeError, match="Rules JSON does not read"):
        rules_from('{"type": "Rules"')
    with pytest.raises(EpisodeError, match="holds a Play, not Rules"):
        rules_from(hj.dumps(hj.Play(0, "2C")))
    with pytest.raises(EpisodeError, match="not a packed Rules value"):
        rules_from("rules-z64:!!!")
    with pytest.raises(EpisodeError, match="variant must be"):
        rules_from(5)


def test_render_shows_the_table():
    table = raw_env(variant="standard", render_mode="ansi")
    table.reset(seed=0)
    assert "player_0:" in table.render()
    seat = SeatEnv(render_mode="ansi")
    seat.reset(seed=0)
    assert seat.render().startswith("hand 1, passing")


# ---------------------------------------------------------------- Gymnasium by the book


@pytest.mark.parametrize(
    "variant", ["standard", "dutch", "six_double_deck", "black_maria", "standard_moon_choice"]
)
def test_every_observation_lies_in_the_finite_observation_space(variant):
    table = SeatEnv(variant=variant, seat=0, opponents="random", episode="game", max_hands=3)
    space = table.observation_space
    assert np.all(np.isfinite(space.low)) and np.all(np.isfinite(space.high))
    rng = np.random.default_rng(7)
    for seed in range(2):
        observation, _ = table.reset(seed=seed)
        done = False
        while not done:
            assert space.contains(observation), np.flatnonzero(
                (observation < space.low) | (observation > space.high)
            )
            action = int(rng.choice(np.flatnonzero(table.action_masks())))
            observation, _, terminated, truncated, _ = table.step(action)
            done = terminated or truncated
        assert space.contains(observation)


@pytest.mark.parametrize("variant", ["standard", "dutch"])
def test_check_env_has_no_note_about_the_bounds_at_another_seat(variant):
    assert checker_notes(check_env, SeatEnv(variant=variant, seat=2, opponents="random"), printed=False) == []


def test_the_registered_id_makes_the_environment_with_its_arguments():
    import gymnasium

    from hartenjagen.adapters.gymnasium import SEAT_ENV_ID

    made = gymnasium.make(SEAT_ENV_ID, variant="black_maria", seat=1, opponents="random", episode="hand")
    assert made.unwrapped.rules == variants.BLACK_MARIA and made.unwrapped.seat == 1
    observation, info = made.reset(seed=3)
    assert made.observation_space.contains(observation) and info["action_mask"].any()
    vector = gymnasium.make_vec(SEAT_ENV_ID, num_envs=2, vectorization_mode="sync", variant="dutch")
    observations, _ = vector.reset(seed=1)
    assert observations.shape == (2, encoding.observation_size(variants.DUTCH))


def test_a_masked_sampler_runs_through_gymnasium_s_autoreset():
    import gymnasium

    from hartenjagen.adapters.gymnasium import AUTORESET_ACTION

    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: SeatEnv(variant="standard", opponents="random", episode="hand") for _ in range(2)]
    )
    envs.reset(seed=5)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(120):  # a hand is 16 of the seat's steps: several autoresets on each table
        masks = np.stack(envs.call("action_masks"))
        assert masks.any(axis=1).all()  # every table, ended ones too, offers an action
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
        _, _, terminated, truncated, _ = envs.step(actions)
        for index in np.flatnonzero(terminated | truncated):
            assert list(np.flatnonzero(envs.envs[index].action_masks())) == [AUTORESET_ACTION]
            ended += 1
    assert ended >= 6


@pytest.mark.parametrize("action", [2.9, 2.0, "2", None, True, np.float32(2)])
def test_step_takes_whole_numbers_only(action):
    table = SeatEnv(variant="standard", opponents="random")
    table.reset(seed=1)
    before = table.episode.state
    with pytest.raises(EpisodeError, match="an action id is a whole number"):
        table.step(action)
    assert table.episode.state is before


def test_step_takes_numpy_integers():
    table = SeatEnv(variant="standard", opponents="random")
    table.reset(seed=1)
    legal = np.flatnonzero(table.action_masks())
    table.step(np.int64(legal[0]))
    assert table.episode.picked == (encoding.move_for(int(legal[0]), table.episode.state).cards[0],)
