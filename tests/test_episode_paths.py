"""The adapters' `Episode` fast paths against the engine step by step.

`Episode.apply_action` (no events: rewards from the score sheet), the deal
taken as chance ids and dealt in one go (`core.chance_nodes.deal_in_order`),
and the kept answers (actor, legal ids, chance ids) must give exactly what
the engine gives when every chance outcome and move goes through
``apply`` one at a time: the same states, legal ids, chance ids with their
probabilities, rewards and returns, on every preset and a sample of Hoemke's
variants, for hand and game episodes.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.adapters import encoding
from hartenjagen.adapters.episodes import Episode, EpisodeError
from hartenjagen.core.chance_nodes import deal_in_order
from hartenjagen.errors import SetupError
from hartenjagen.rules.teams import teams_of

HOEMKE_SAMPLE = ("hoemke_P4L2H3S1", "hoemke_P3L3H4S4", "hoemke_P2L4H1S2", "hoemke_P1L1H2S3")
VARIANTS = (*(p.name for p in variants.OFFERED), *HOEMKE_SAMPLE)


class Reference:
    """An episode kept by hand with the engine's public verbs: one outcome, one move at a time."""

    def __init__(self, rules: hj.Rules, kind: str, max_hands: int, grain: str) -> None:
        self.state = hj.new_game(rules, chance="explicit")
        self.kind, self.max_hands, self.grain = kind, max_hands, grain
        self.picked: tuple[hj.Card, ...] = ()
        self.returns = [0.0] * rules.players

    @property
    def done(self) -> bool:
        hands = len(self.state.score_sheet)
        return self.state.is_over or hands >= (1 if self.kind == "hand" else self.max_hands)

    def legal(self) -> tuple[int, ...]:
        if self.done or self.state.phase is hj.Phase.CHANCE:
            return ()
        return encoding.legal_action_ids(self.state, self.picked)

    def chance(self, chance_id: int) -> None:
        self.state = hj.apply(self.state, encoding.outcome_for(chance_id, self.state))

    def act(self, action: int) -> list[float]:
        move = encoding.move_for(action, self.state, self.picked)
        got = [0.0] * self.state.players
        if isinstance(move, hj.Pass) and len(move.cards) < self.state.pass_count:
            self.picked = move.cards
            return got
        self.picked = ()
        before = len(self.state.score_sheet)
        self.state = hj.apply(self.state, move)
        if self.grain == "hand":
            for line in self.state.score_sheet[before:]:
                got = [g - p for g, p in zip(got, line.points, strict=True)]
        elif self.done:  # the game grain: everything at the end
            got = [-float(total) - r for total, r in zip(self.state.scores, self.returns, strict=True)]
        partnership = teams_of(self.state.rules)
        if partnership is not None:  # a team is rewarded as one: each member gets its team's sum
            got = [sum(got[m] for m in partnership.teams[partnership.team_of(s)]) for s in range(len(got))]
        self.returns = [r + g for r, g in zip(self.returns, got, strict=True)]
        return got


def lockstep(
    variant: str, kind: str, seed: int, max_hands: int = 3, peek: bool = False, grain: str = "hand"
) -> int:
    """Play one episode on both; return how many steps agreed (``peek``: read ``state`` mid-deal too)."""
    rules = encoding_rules(variant)
    fast = Episode.start(rules, kind=kind, grain=grain, explicit=True, max_hands=max_hands)  # type: ignore[arg-type]
    ref = Reference(rules, kind, max_hands, grain)
    last_rewards = list(fast.rewards)
    rng = random.Random(f"{variant}/{kind}/{seed}")
    steps = 0
    while not ref.done:
        assert not fast.done and fast.actor == (
            None if ref.state.phase is hj.Phase.CHANCE else encoding.acting_seat(ref.state)
        )
        if ref.state.phase is hj.Phase.CHANCE:
            assert fast.is_chance
            outcomes = list(encoding.chance_ids(ref.state))
            assert fast.chance_ids() == outcomes
            chance_id = rng.choices([i for i, _ in outcomes], [p for _, p in outcomes])[0]
            ref.chance(chance_id)
            fast.chance(chance_id)
            assert fast.rewards == last_rewards  # chance pays nothing: the last action's rewards stay
            if peek and rng.random() < 0.1:
                assert fast.state == ref.state  # a deal in progress is dealt into the state on demand
        else:
            assert not fast.is_chance and fast.chance_ids() == []
            legal = ref.legal()
            assert fast.legal_ids() == legal
            action = rng.choice(legal)
            got = ref.act(action)
            fast.apply_action(action)
            assert fast.rewards == got and fast.returns == ref.returns
            assert fast.picked == ref.picked
            last_rewards = list(got)
        assert fast.state == ref.state
        steps += 1
    assert fast.done and fast.legal_ids() == () and fast.actor is None
    assert fast.returns == ref.returns
    return steps


def encoding_rules(variant: str) -> hj.Rules:
    from hartenjagen.adapters.episodes import rules_from

    return rules_from(variant)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_hand_goes_as_the_engine_goes(variant):
    assert lockstep(variant, "hand", 0) > 0


@pytest.mark.parametrize("variant", ["standard", "black_maria", "dutch", "six_double_deck", "omnibus"])
@pytest.mark.parametrize("grain", ["hand", "game"])
def test_a_game_goes_as_the_engine_goes_with_the_state_read_during_deals(variant, grain):
    assert lockstep(variant, "game", 1, max_hands=3, peek=True, grain=grain) > 0


def test_a_whole_game_to_its_end_goes_as_the_engine_goes():
    assert lockstep("dutch", "game", 2, max_hands=100, grain="game") > 0  # the Dutch game ends on its own


def test_the_deal_in_one_go_is_the_deal_card_by_card():
    for variant in ("standard", "six_double_deck", "dutch", "black_lady_3"):
        rules = encoding_rules(variant)
        base = hj.new_game(rules, chance="explicit")
        while not isinstance(hj.chance_outcomes(base)[0][0], hj.DealCard):
            base = hj.apply(base, hj.chance_outcomes(base)[0][0])
        rng = random.Random(variant)
        pack = [card for card in rules.deck.pack()]
        rng.shuffle(pack)
        one_by_one = base
        for card in pack:
            one_by_one = hj.apply(one_by_one, hj.DealCard(card))
        assert deal_in_order(base, [card.index for card in pack]) == one_by_one


def test_a_wrong_deal_in_order_is_refused():
    base = hj.new_game(variants.STANDARD, chance="explicit")
    pack = [card.index for card in variants.STANDARD.deck.pack()]
    with pytest.raises(SetupError, match="not 51"):
        deal_in_order(base, pack[:-1])
    with pytest.raises(SetupError, match="not left to deal"):
        deal_in_order(base, [pack[0], *pack[:-1]])
    with pytest.raises(SetupError, match="not left to deal"):
        deal_in_order(base, [99, *pack[1:]])
    started = hj.apply(base, hj.DealCard("2C"))
    with pytest.raises(SetupError, match="no card dealt yet"):
        deal_in_order(started, pack)
    dealt = hj.new_game(variants.STANDARD, seed=1)
    with pytest.raises(SetupError, match="no card dealt yet"):
        deal_in_order(dealt, pack)


def test_copies_and_pickles_in_the_middle_of_a_deal_go_on_alone():
    episode = Episode.start(variants.STANDARD, kind="hand", explicit=True)
    for chance_id in (5, 17, 40):
        episode.chance(chance_id)
    twin = copy.deepcopy(episode)
    thawed = pickle.loads(pickle.dumps(episode))
    episode.chance(0)
    assert [i for i, _ in twin.chance_ids()] == [i for i in range(52) if i not in (5, 17, 40)]
    assert 0 not in [i for i, _ in episode.chance_ids()]
    assert thawed.state == twin.state != episode.state
    twin.chance(1)
    assert 1 not in [i for i, _ in twin.chance_ids()] and 1 in [i for i, _ in episode.chance_ids()]


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy])
def test_copies_in_the_middle_of_a_deal_deal_alone(copier):
    episode = Episode.start(variants.STANDARD, kind="hand", explicit=True)
    episode.chance(5)
    twin = copier(episode)
    episode.chance(6)
    assert 6 in [i for i, _ in twin.chance_ids()] and 6 not in [i for i, _ in episode.chance_ids()]


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy])
def test_copies_in_the_middle_of_a_pass_pick_alone(copier):
    episode = Episode.start(variants.STANDARD, kind="hand", explicit=True)
    while episode.is_chance:
        episode.chance(episode.chance_ids()[0][0])
    episode.apply_action(episode.legal_ids()[0])
    twin = copier(episode)
    first = episode.legal_ids()[0]
    episode.apply_action(first)
    assert first in twin.legal_ids() and first not in episode.legal_ids()
    twin.apply_action(first)
    assert twin.picked == episode.picked and twin.legal_ids() == episode.legal_ids()


def test_bad_actions_are_refused_without_changing_the_episode():
    episode = Episode.start(variants.STANDARD, kind="hand", explicit=True)
    with pytest.raises(EpisodeError, match="not legal now"):
        episode.apply_action(3)  # a chance node: no player acts
    episode.chance(7)
    with pytest.raises(EncodingErrorOrIllegal):
        episode.chance(7)  # dealt already
    while episode.is_chance:
        episode.chance(episode.chance_ids()[0][0])
    before = (episode.state, episode.legal_ids(), episode.picked)
    not_held = next(i for i in range(52) if i not in episode.legal_ids())
    for bad in (not_held, -1, 58):
        with pytest.raises(EpisodeError, match="not legal now"):
            episode.apply_action(bad)
    for bad in ("3", None, 2.0, True, [1]):
        for act in (episode.apply_action, episode.act):
            with pytest.raises(EpisodeError, match="an action id is a whole number"):
                act(bad)  # type: ignore[arg-type]
    assert (episode.state, episode.legal_ids(), episode.picked) == before
    while not episode.done:
        episode.apply_action(episode.legal_ids()[0])
    with pytest.raises(EpisodeError, match="over"):
        episode.apply_action(0)


EncodingErrorOrIllegal = (encoding.EncodingError, hj.IllegalMoveError)
