"""``hartenjagen.adapters.openspiel``: the game ``python_hartenjagen`` in OpenSpiel.

* ``pyspiel.random_sim_test`` (with serialization) on every preset and a sample
  of Hoemke's variants: one-hand episodes always; whole games on a few presets,
  on all of them with ``HJ_ADAPTERS_FULL=1`` (slow: a few minutes);
* OpenSpiel's IS-MCTS (``open_spiel.python.algorithms.ismcts``, resampling with
  ``hartenjagen.bots.determinize``) plays a hand of several presets;
* the differential against OpenSpiel's own ``hearts``, through the adapter: the
  same deal, direction, passes and plays; the same player to act, the same legal
  cards and the same hand points (``HJ_OPENSPIEL_HANDS`` hands, default 48);
* parameters, rewards, strings and tensors, serialization and resampling.
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.adapters import encoding
from hartenjagen.rules.routes import BUILT_IN, route_named

pyspiel = pytest.importorskip("pyspiel")
adapter = pytest.importorskip("hartenjagen.adapters.openspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from test_openspiel_differential import FLAGS, PASS_DIRECTIONS, flags_for, os_action, os_card  # noqa: E402

FULL = os.environ.get("HJ_ADAPTERS_FULL", "") not in ("", "0")
HOEMKE_SAMPLE = ("hoemke_P4L2H3S1", "hoemke_P3L3H4S4", "hoemke_P2L4H1S2", "hoemke_P1L1H2S3")
VARIANTS = (*(p.name for p in variants.OFFERED), *HOEMKE_SAMPLE)
#: Whole games in the default run: short ones (and hands dealt, passed and redealt across max_hands below).
GAME_VARIANTS = VARIANTS if FULL else ("openspiel", "dutch", "black_maria")
DIFFERENTIAL_HANDS = int(os.environ.get("HJ_OPENSPIEL_HANDS", "48"))


def load(variant: str, episode: str = "hand", **more: object) -> object:
    return pyspiel.load_game(adapter.GAME_NAME, {"variant": variant, "episode": episode, **more})


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test_passes_on_one_hand(variant):
    pyspiel.random_sim_test(load(variant, "hand"), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", GAME_VARIANTS)
def test_random_sim_test_passes_on_a_whole_game(variant):
    pyspiel.random_sim_test(load(variant, "game"), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", ["hoemke_P4L2H3S1", "standard"])
def test_random_sim_test_passes_on_the_first_hands_of_a_game(variant):
    game = load(variant, "game", max_hands=2)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_rules_json_variant_loads_and_serializes():
    rules = variants.openspiel(pass_cards=True, jd_bonus=True)
    game = load(hj.dumps(rules), "hand")
    assert game.rules == rules
    assert "rules-z64:" in str(game) and "{" not in str(game)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", ["black_maria", "standard", "hoemke_P4L2H3S1", "achterhoek"])
def test_ismcts_plays_a_hand(variant):
    game = load(variant, "hand")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=evaluator, uct_c=2.0, max_simulations=6, random_state=np.random.RandomState(2)
    )
    state = game.new_initial_state()
    rng = random.Random(variant)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        elif state.current_player() == 0:
            action = bot.step(state)
            decisions += 1
            assert action in state.legal_actions()
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert decisions >= game.rules.deck.players  # at least a card a trick... and the bot chose them
    returns = state.returns()
    assert returns == [-float(p) for p in state.episode.state.score_sheet[0].points]


def test_resampling_keeps_the_information_state_and_deals_the_rest():
    game = load("standard", "hand")
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node() or len(state.episode.state.tricks) < 3:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    samples = [
        state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0)) for _ in range(5)
    ]
    for sample in samples:
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
        assert sample.episode.state.phase is hj.Phase.PLAYING
        assert np.array_equal(sample.information_state_tensor(player), state.information_state_tensor(player))
    hidden = {tuple(map(tuple, s.episode.state.hands)) for s in samples}
    assert len(hidden) > 1  # the unseen cards are dealt anew
    # A resampled state goes on with explicit chance: its next deal is a chance node too.
    sample = samples[0]
    while not sample.is_terminal():
        sample.apply_action(rng.choice(sample.legal_actions()))
    assert sample.returns() == [-float(p) for p in sample.episode.state.score_sheet[0].points]


def test_rewards_come_per_hand_and_add_up_to_the_returns():
    game = load("black_maria", "game")
    state = game.new_initial_state()
    rng = random.Random(2)
    total = [0.0] * 3
    hands = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        total = [t + r for t, r in zip(total, state.rewards(), strict=True)]
        before = len(state.episode.state.score_sheet)
        state.apply_action(rng.choice(state.legal_actions()))
        if len(state.episode.state.score_sheet) > before:
            hands += 1
            line = state.episode.state.score_sheet[-1]
            assert state.rewards() == [-float(p) for p in line.points]
        else:
            assert state.rewards() == [0.0, 0.0, 0.0]
    total = [t + r for t, r in zip(total, state.rewards(), strict=True)]
    assert total == state.returns() == [-float(s) for s in state.episode.state.scores]
    assert hands == len(state.episode.state.score_sheet) > 1


def test_a_game_episode_stops_after_max_hands():
    game = load("standard", "game", max_hands=1)
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(actions))
    assert len(state.episode.state.score_sheet) == 1 and not state.episode.state.is_over
    assert game.max_game_length() == adapter._decisions_per_hand(variants.STANDARD)


def test_chance_and_moves_read_as_text_and_actions_are_stable():
    game = load("openspiel", "hand")
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 51) == "DealCard('AS')"
    assert [a for a, _ in state.chance_outcomes()] == list(range(52))
    assert game.num_distinct_actions() == encoding.action_count(variants.OPENSPIEL) == 58
    assert game.max_chance_outcomes() == 52 + 7 + 4
    rng = random.Random(1)
    for _ in range(52):
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    assert state.is_chance_node()  # the pass direction
    # The route ids follow BUILT_IN's order (OpenSpiel's rules declare no routes of their own).
    built_in = list(BUILT_IN.values())
    ids = [52 + built_in.index(route_named(d)) for d in ("left", "right", "across", "hold")]
    assert [a for a, _ in state.chance_outcomes()] == ids
    state.apply_action(ids[0])
    assert state.current_player() == 0  # the lowest seat still to pass picks first
    first = state.legal_actions()[0]
    card = encoding.move_for(first, state.episode.state).cards[0]
    assert state.action_to_string(0, first) == f"pass 0 {card}"
    state.apply_action(first)
    assert state.current_player() == 0 and first not in state.legal_actions()
    assert f"picked {card}" in state.information_state_string(0)  # the pick is the passer's secret
    assert f"picked {card}" not in state.information_state_string(1)
    assert len(state.observation_tensor(0)) == encoding.observation_size(variants.OPENSPIEL)
    extra = encoding.history_size(variants.OPENSPIEL)
    assert len(state.information_state_tensor(0)) == encoding.observation_size(variants.OPENSPIEL) + extra


def test_a_hand_pays_only_at_its_end_so_mcts_plays_it():
    game = load("openspiel", "hand")
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=np.random.RandomState(2)
    )
    state = game.new_initial_state()
    rng = random.Random(3)
    decisions = 0
    while not state.is_terminal():
        assert state.rewards() == [0.0] * 4 and state.returns() == [0.0] * 4  # nothing before the end
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        action = bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        decisions += state.current_player() == 0
        state.apply_action(action)
    assert decisions >= 13
    assert (
        state.returns() == state.rewards() == [-float(p) for p in state.episode.state.score_sheet[0].points]
    )


def test_a_game_pays_per_hand_or_at_its_end_as_asked():
    per_hand = load("standard", "game", max_hands=3)
    assert per_hand.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    at_end = load("standard", "game", max_hands=3, terminal_rewards=True)
    assert at_end.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
    state = at_end.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        assert state.rewards() == [0.0] * 4 and state.returns() == [0.0] * 4
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(actions))
    assert len(state.episode.state.score_sheet) == 3
    assert state.returns() == state.rewards() == [-float(t) for t in state.episode.state.scores]


def test_openspiel_style_returns_add_the_pack_s_points_per_hand():
    game = load("black_maria", "game", max_hands=2, returns="openspiel")
    state = game.new_initial_state()
    rng = random.Random(6)
    while not state.is_terminal():
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(actions))
    # Black Maria's penalty cards: 13 hearts, the Q♠ 13, the K♠ 10, the A♠ 7.
    assert state.returns() == [2 * 43.0 - t for t in state.episode.state.scores]
    # Each hand returns 43 minus its points, 0 to 43: two hands 0 to 86.
    assert (game.min_utility(), game.max_utility()) == (0.0, 2 * 43.0)


def test_hearts_parameters_shape_the_openspiel_variant_only():
    game = load("openspiel", "hand", jd_bonus=True, pass_cards=False)
    assert game.rules == variants.openspiel(jd_bonus=True, pass_cards=False)
    assert load("standard", "hand", jd_bonus=False).rules == variants.STANDARD  # defaults change nothing
    with pytest.raises(
        Exception, match="jd_bonus: OpenSpiel's hearts parameters shape variant='openspiel' only"
    ):
        load("standard", "hand", jd_bonus=True)
    with pytest.raises(Exception, match="returns must be one of 'penalty', 'openspiel'"):
        load("openspiel", "hand", returns="positive")
    with pytest.raises(Exception, match="Wrong type for parameter must_break_hearts"):
        load("openspiel", "hand", must_break_hearts=1)  # OpenSpiel checks the types it is given
    # Built directly (not through pyspiel), the game checks them itself.
    with pytest.raises(adapter.EpisodeError, match="must_break_hearts must be true or false"):
        adapter.HartenjagenGame({"variant": "openspiel", "must_break_hearts": 1})
    with pytest.raises(adapter.EpisodeError, match="terminal_rewards must be true or false"):
        adapter.HartenjagenGame({"episode": "game", "terminal_rewards": "yes"})


def test_bad_parameters_are_refused():
    with pytest.raises(Exception, match="no variant called"):
        load("nope")
    with pytest.raises(Exception, match="episode must be one of"):
        load("standard", "season")
    with pytest.raises(Exception, match="max_hands must be"):
        load("standard", "game", max_hands=0)


# ---------------------------------------------------------------- the differential against OpenSpiel's hearts


def play_both(index: int, native: bool = False) -> tuple[dict[str, bool], list[float], list[float]]:
    """One hand of OpenSpiel's ``hearts`` and of ``python_hartenjagen`` with its rules, action for action
    (``native``: our game loaded with hearts' own parameters and OpenSpiel-style returns)."""
    flags = flags_for(index * 37)
    theirs = pyspiel.load_game("hearts", flags).new_initial_state()
    if native:
        game = load("openspiel", "hand", returns="openspiel", **flags)
        assert game.rules == variants.openspiel(**flags)
    else:
        game = load(hj.dumps(variants.openspiel(**flags)), "hand")
    ours = game.new_initial_state()
    rules = game.rules
    game.rules_cards = {encoding.card_id(card, rules): card for card in hj.cards.ALL_CARDS}
    rng = random.Random(f"adapter-differential/{index}")
    direction = rng.choice(theirs.legal_actions())
    theirs.apply_action(direction)
    dealt: list[list[hj.Card]] = [[], [], [], []]
    for i in range(52):
        action = rng.choice(theirs.legal_actions())
        theirs.apply_action(action)
        dealt[i % 4].append(os_card(action))
    while ours.is_chance_node():
        inside = ours.episode.state
        if isinstance(hj.chance_outcomes(inside)[0][0], hj.DealCard):
            count = sum(len(cards) for cards in inside.dealt)
            seat = (inside.dealer + 1 + count) % 4  # our deal goes clockwise from eldest
            ours.apply_action(encoding.card_id(dealt[seat][len(inside.dealt[seat])], rules))
        else:
            ours.apply_action(encoding.chance_id(hj.DrawnDirection(PASS_DIRECTIONS[direction]), rules))
    assert ours.episode.state.hands == tuple(tuple(sorted(cards)) for cards in dealt)
    expected = PASS_DIRECTIONS[direction] if flags["pass_cards"] else hj.PassRoute.HOLD
    assert ours.episode.state.pass_direction == expected
    while not theirs.is_terminal():
        assert not ours.is_terminal()
        player = theirs.current_player()
        assert ours.current_player() == player, (index, flags)
        legal = sorted(os_card(a) for a in theirs.legal_actions())
        assert sorted(game.rules_cards[a] for a in ours.legal_actions()) == legal, (index, flags)
        card = rng.choice(legal)
        theirs.apply_action(os_action(card))
        ours.apply_action(encoding.card_id(card, rules))
    assert ours.is_terminal()
    return flags, theirs.returns(), ours.returns()


@pytest.mark.parametrize("index", range(DIFFERENTIAL_HANDS))
def test_the_adapter_agrees_with_openspiel_hearts(index):
    flags, theirs, ours = play_both(index)
    assert [-(26 - r) for r in theirs] == ours, (index, flags)


@pytest.mark.parametrize("index", range(DIFFERENTIAL_HANDS // 2))
def test_with_hearts_parameters_and_its_returns_the_game_returns_what_hearts_returns(index):
    flags, theirs, ours = play_both(index, native=True)
    assert ours == theirs, (index, flags)


def test_the_differential_covers_every_flag():
    seen = {name: set() for name in FLAGS}
    for index in range(DIFFERENTIAL_HANDS):
        for name, value in flags_for(index * 37).items():
            seen[name].add(value)
    assert all(values == {False, True} for values in seen.values())


# ---------------------------------------------------------------- whole deals and CFR on the tiny variant


def test_whole_deals_list_every_deal_once_and_deal_it():
    from hartenjagen.adapters.deals import deal_count, whole_deals

    game = load("tiny", "hand", deal="whole")
    deals = whole_deals(game.rules)
    assert len(deals) == deal_count(game.rules) == 70 == len({d for d in deals})
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == state.legal_actions() == [game.deal_base + k for k in range(70)]
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    assert game.max_chance_outcomes() == game.deal_base + 70
    action = game.deal_base + 17
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, action) == repr(hj.Deal(deals[17]))
    state.apply_action(action)
    assert state.episode.state.hands == deals[17] and state.current_player() >= 0
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_whole_deals_are_refused_where_they_cannot_be_listed():
    with pytest.raises(Exception, match=r"the pack has 5[\d,]+ deals, more than the 20,000"):
        load("standard", "hand", deal="whole")
    with pytest.raises(Exception, match="whole deals need a pack of single copies"):
        load("six_double_deck", "hand", deal="whole")
    with pytest.raises(Exception, match="deal must be one of 'cards', 'whole'"):
        load("tiny", "hand", deal="shuffled")
    state = load("tiny", "hand", deal="whole").new_initial_state()
    with pytest.raises(Exception, match="chance id 3 is no deal"):
        state.apply_action(3)


def test_cfr_on_the_tiny_variant_lowers_nash_conv():
    from open_spiel.python.algorithms import cfr, exploitability

    game = load("tiny", "hand", deal="whole")
    solver = cfr.CFRSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.nash_conv(game, solver.average_policy())
    solver.evaluate_and_update_policy()
    solver.evaluate_and_update_policy()
    later = exploitability.nash_conv(game, solver.average_policy())
    assert first > 1.0 and later < first * 0.6, (first, later)
