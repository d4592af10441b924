"""Bots, determinization and simulations (``hartenjagen.bots``, ``.determinize``, ``.simulate``).

- every bot answers every phase of every preset (and of Hoemke variants) with a legal move;
- the same seed gives the same game;
- a determinized state agrees with the view it came from: the seat's view of it is that view,
  voids are respected and passed cards are where the route sent them (``PlayerView.passed_to``,
  a scatter pass of a user's own too), and in the first hand it validates;
- ``simulate`` gives the same result on one process or two;
- ``BotError`` for unknown bots, bad options, wrong seat counts and illegal moves.

The heuristic's card sense, rule by rule, is tested in ``test_bots_heuristic.py``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.bots import (
    BOT_NAMES,
    Bot,
    BotError,
    HeuristicBot,
    RandomBot,
    SamplingBot,
    make_bot,
    play_game,
)
from hartenjagen.bots.determinize import DeterminizeError, Determinizer, determinize
from hartenjagen.bots.simulate import SimulationResult, _bot_seed, simulate
from hartenjagen.cards import QUEEN_OF_SPADES, Card, suit_of
from hartenjagen.frontend.serialize import FormatError, validate_state
from hartenjagen.rules import moon as moon_rules
from hartenjagen.rules.context import OpeningContext, PassContext
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.opening import LOWEST_CLUB
from hartenjagen.rules.passing import PassStage
from hartenjagen.rules.routes import PassRoute, Travel
from helpers import ONE_SUIT_EACH, core_env, game, play

#: A route of a user's own whose cards travel by the passing module's rule.
SCATTER = PassRoute(
    "scatter",
    "one card left, one across and one right",
    "één kaart naar links, één naar de overkant en één naar rechts",
    Travel.RULE,
)


def _low_to_high(cards: Iterable[hj.Card]) -> list[hj.Card]:
    return sorted(cards, key=lambda card: (card.rank, card.suit))


@attrs.frozen
class ScatterPass(hj.rules.Passing):
    """Every hand each seat passes three cards: the lowest to the left, the middle one across, the highest right."""

    def routes(self) -> tuple[PassRoute, ...]:
        return (SCATTER,)

    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        return (PassStage(3),)

    def scatter(self, context: PassContext, chosen: tuple[hj.Card, ...]) -> Mapping[int, Iterable[hj.Card]]:
        low, middle, high = _low_to_high(chosen)
        seat, players = context.seat, context.players
        return {(seat + 1) % players: [low], (seat + 2) % players: [middle], (seat - 1) % players: [high]}


#: Every preset, plus Hoemke variants that add what the presets lack: pass four and return one,
#: passing to the dealer, the first deuce from eldest, "show the 2♣", the first two hearts free.
RULESETS: dict[str, hj.Rules] = {
    **{preset.name: preset.rules for preset in variants.OFFERED},
    "hoemke_P3L3H4S4": variants.hoemke(3, 3, 4, 4),
    "hoemke_P4L4H3S2": variants.hoemke(4, 4, 3, 2),
    "hoemke_P1L1H1S1": variants.hoemke(1, 1, 1, 1),
    "hoemke_P3L2H2S3": variants.hoemke(3, 2, 2, 3),
    # an announcement round whose view does not show who leads (the lowest club's holder)
    "miezen_lowest_club": attrs.evolve(variants.ACHTERHOEK, opening=LOWEST_CLUB),
    # a scatter pass: each passed card travels to the seat the passing module's rule names
    "scatter": attrs.evolve(variants.STANDARD, passing=ScatterPass()),
}


def one_hand(rules: hj.Rules) -> hj.Rules:
    """The rules with the game cut to one hand (for speed)."""
    return attrs.evolve(rules, ending=SINGLE_HAND)


def bots_for(name: str, players: int, seed: int) -> list[Bot]:
    options = {"samples": 2} if name == "sampling" else {}
    return [make_bot(name, seed=seed * 10 + seat, **options) for seat in range(players)]


def drive(state: hj.State, bots: list[Bot]) -> tuple[hj.State, set[hj.Phase]]:
    """Play to the end, checking each bot's move is legal; the final state and the phases seen."""
    phases: set[hj.Phase] = set()
    while not state.is_over:
        phases.add(state.phase)
        for seat in state.to_move:
            move = bots[seat].choose(hj.view(state, seat))
            assert hj.explain(state, move) is None, (state.phase, move)
            assert move.seat == seat
            if state.phase is not hj.Phase.PASSING:
                assert move in hj.legal_moves(state)
            state = hj.apply(state, move)
            if state.phase is not hj.Phase.PASSING:
                break
    return state, phases


# ---------------------------------------------------------------- legal moves everywhere


@pytest.mark.parametrize("name", BOT_NAMES)
@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_bot_makes_only_legal_moves_under_every_ruleset(name: str, ruleset: str):
    rules = one_hand(RULESETS[ruleset])
    state, phases = drive(hj.new_game(rules, seed=3), bots_for(name, rules.players, 3))
    assert state.is_over
    assert hj.Phase.PLAYING in phases
    if rules.passing.stage_counts(hj.new_game(rules, seed=3).pass_direction):
        assert hj.Phase.PASSING in phases
    if any(extra.announces(hj.new_game(rules, seed=3)) for extra in rules.extras):  # achterhoek: miezen
        assert hj.Phase.ANNOUNCING in phases


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_passes_in_every_kind_of_exchange(name: str):
    # Pass left, pass four and return one (two stages), pass to the dealer: each bot passes legally.
    for rules in (variants.STANDARD, variants.hoemke(3, 2, 2, 2), variants.hoemke(4, 2, 2, 2)):
        state = hj.new_game(rules, seed=11)
        bots = bots_for(name, rules.players, 11)
        stages = 0
        while state.phase is hj.Phase.PASSING:
            stages += 1
            for seat in state.to_move:
                view = hj.view(state, seat)
                move = bots[seat].choose(view)
                assert isinstance(move, hj.Pass)
                assert len(move.cards) == view.pass_count
                assert set(move.cards) <= set(view.pass_options)
                state = hj.apply(state, move)
        assert stages == len(rules.passing.stage_counts(hj.new_game(rules, seed=11).pass_direction))


@pytest.mark.parametrize("name", BOT_NAMES)
@pytest.mark.parametrize("moon", [moon_rules.SHOOTER_CHOICE, moon_rules.ResetOrDouble()])
def test_every_bot_answers_the_moon_choice(name: str, moon: moon_rules.Moon):
    # Seat 0 holds every club and wins every trick: a forced moon, then a choice.
    state = game(list(ONE_SUIT_EACH), moon=moon, ending=SINGLE_HAND)
    while state.phase is hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.phase is hj.Phase.MOON_CHOICE
    move = bots_for(name, 4, 1)[0].choose(hj.view(state, 0))
    assert move in hj.legal_moves(state)


@pytest.mark.parametrize("preset", ["dutch", "achterhoek", "black_maria"])
def test_whole_games_reach_their_end(preset: str):
    rules = variants.get(preset)
    bots: list[Bot] = [HeuristicBot(seed=1), RandomBot(seed=2), HeuristicBot(seed=3)]
    bots += [RandomBot(seed=4)] * (rules.players - 3)
    final, _ = drive(hj.new_game(rules, seed=8), bots)
    assert final.is_over and len(final.score_sheet) > 1
    if preset != "black_maria":
        assert rules.ending.second_half(
            final.score_sheet[:-1]
        )  # the Dutch game was played into its second half


# ---------------------------------------------------------------- determinism


@pytest.mark.parametrize("name", BOT_NAMES)
def test_the_same_seed_plays_the_same_game(name: str):
    rules = one_hand(variants.STANDARD)
    first = play_game(rules, bots_for(name, 4, 5), seed=21)
    again = play_game(rules, bots_for(name, 4, 5), seed=21)
    assert first == again
    assert first.is_over


def test_determinize_is_reproducible_for_a_seed():
    state = hj.new_game(variants.STANDARD, seed=2)
    view = hj.view(state, 0)
    assert determinize(view, 7) == determinize(view, random.Random(7))
    deals = {determinize(view, seed).hands for seed in range(5)}
    assert len(deals) == 5  # the hidden cards really are dealt at random


# ---------------------------------------------------------------- determinization


def voids_of(view: hj.PlayerView) -> list[set[hj.Suit]]:
    voids: list[set[hj.Suit]] = [set() for _ in range(view.players)]
    tricks = [trick.plays for trick in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    # With a stock, a void shown before the last draw may have been filled by a later draw.
    deck = view.rules.deck
    draws = (len(deck.pack()) - deck.hand_size() * view.players) // view.players if deck.draw_order(0) else 0
    # Drawing to follow: a seat that drew in a trick could not follow it; a later draw may fill the void.
    last_draw = {seat: number for number, seat in view.draws}
    drew = set(view.draws)
    for number, plays in enumerate(tricks):
        # The suit led is the first card's that is not a joker; a joker shows no void (Joker Hearts).
        led = next((play.card.suit for play in plays if isinstance(play.card, Card)), None)
        if led is None:
            continue
        for seat, card in ((shown.seat, shown.card) for shown in plays):
            void = (isinstance(card, Card) and card.suit is not led) or (number, seat) in drew
            if void and number >= draws and number >= last_draw.get(seat, -1):
                voids[seat].add(led)
    return voids


def plays_of(view: hj.PlayerView) -> list[list[hj.Card]]:
    """The cards each seat has played in this hand, as the view shows them."""
    played: list[list[hj.Card]] = [[] for _ in range(view.players)]
    for trick in view.tricks:
        for i, card in enumerate(trick.cards):
            played[(trick.leader + i) % view.players].append(card)
    for placed in view.trick:
        played[placed.seat].append(placed.card)
    return played


def check_passes_placed(view: hj.PlayerView, world: hj.State) -> int:
    """The cards the view's seat passed are where the route sent them (``passed_to``); how many were placed.

    Each is with the seat that received it, or was played by that seat, or (in a pass-and-return
    hand) came back to this seat; along a route to a seat the world's exchange shows that seat
    receiving it (a scatter stage is rebuilt for this seat only). Pooled cards (a pass to the
    dealer) went nobody knows where.
    """
    played = plays_of(view)
    placed = 0
    for stage in range(len(view.exchanges)):
        sent = view.passed_to(stage)
        if sent is None:
            assert view.pass_direction.travel is Travel.POOL
            continue
        assert Counter(card for card, _ in sent) == Counter(view.exchanges[stage][0])
        back = [card for _, got in view.exchanges[stage + 1 :] for card in got]
        for card, receiver in sent:
            assert receiver != view.seat
            if view.pass_direction.travel is Travel.SEAT:
                assert card in world.exchanges[stage][1][receiver]
            assert card in world.hands[receiver] or card in played[receiver] or card in back
            placed += 1
    return placed


def check_determinized(state: hj.State, seat: int, rng: random.Random) -> int:
    """Check one determinization of ``seat``'s view; the number of (seat, void suit) constraints met."""
    view = hj.view(state, seat)
    world = determinize(view, rng)
    # A world of a deck that draws to follow holds every card drawn from the start: it has drawn
    # nothing, so its view lists no draws (tests/test_family_domino.py checks what they imply).
    assert attrs.evolve(hj.view(world, seat), draws=view.draws) == view
    voids = 0
    for other, suits in enumerate(voids_of(view)):
        if other != seat:
            assert not any(suit_of(card) in suits for card in world.hands[other])  # a joker has no suit
            voids += len(suits)
    if view.phase is hj.Phase.PLAYING:
        check_passes_placed(view, world)
    # A pooled exchange is redealt from the unknown seed; a scatter world does not validate yet
    # (see test_a_determinized_world_of_a_scatter_hand_validates).
    # A stock game's world holds what each seat drew, but its draws do not come from its seed: it does
    # not replay (test_family_stock checks its worlds).
    stocked = bool(view.rules.deck.draw_order(0)) or view.rules.deck.draws_to_follow()
    if not view.score_sheet and view.pass_direction.travel not in (Travel.POOL, Travel.RULE) and not stocked:
        try:
            validate_state(world)
        except FormatError as error:
            # determinize keeps its last draw when no draw makes every past play legal (best effort)
            assert "could not have played" in str(error) or "is not possible" in str(error)
    # The engine plays on from it.
    moves = hj.legal_moves(world)
    if moves:
        hj.apply(world, moves[rng.randrange(len(moves))])
    hj.rollout(world, rng=rng, until="hand")
    return voids


@pytest.mark.parametrize("seed", [4, 5])
@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_determinized_states_agree_with_the_view(ruleset: str, seed: int):
    rules = RULESETS[ruleset]
    rng = random.Random(f"{ruleset}/{seed}")
    state = hj.new_game(rules, seed=seed)
    steps = voids = 0
    # Every step of the first hand, then every seventh step of the second.
    while not state.is_over and len(state.score_sheet) < 2 and steps < 400:
        if not state.score_sheet or steps % 7 == 0:
            for seat in range(state.players):
                voids += check_determinized(state, seat, rng)
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
        steps += 1
    assert voids  # random play shows voids: the check above was not empty


def test_determinize_respects_the_opening():
    # Hoemke L3: the first seat from eldest holding a deuce leads; the seats before it hold none.
    rules = variants.hoemke(1, 3, 2, 1)
    rng = random.Random(3)
    for seed in range(20):
        state = hj.new_game(rules, seed=seed)
        leader = state.to_move[0]
        eldest = state.eldest
        for seat in range(4):
            world = determinize(hj.view(state, seat), rng)
            step = eldest
            while step != leader:
                if step != seat:
                    assert not {"2C", "2D", "2S"} & {str(c) for c in world.hands[step]}
                step = (step + 1) % 4
            validate_state(world)


def test_determinize_gives_the_first_leader_a_copy_of_a_key_card_held_twice():
    # Two packs for eight keep both 2♣: before the first lead the leader holds one of them
    # (which copy does not matter), and no seat between eldest and the leader holds either.
    rules = variants.CANCELLATION_HEARTS
    rng = random.Random(8)
    checked = 0
    for seed in range(40):  # without the rule, about one sample in sixty misplaced the 2♣
        state = hj.new_game(rules, seed=seed)
        while state.phase is hj.Phase.PASSING:  # the first hand passes to the left
            moves = hj.legal_moves(state)
            state = hj.apply(state, moves[rng.randrange(len(moves))])
        leader = state.to_move[0]
        for seat in range(rules.players):
            if seat == leader or Card("2C") in state.hands[seat]:
                continue
            world = determinize(hj.view(state, seat), rng)
            assert Card("2C") in world.hands[leader]
            validate_state(world)
            checked += 1
    assert checked


def test_determinize_refuses_what_it_cannot_do():
    state = hj.new_game(variants.STANDARD, seed=1)
    with pytest.raises(DeterminizeError, match="spectator"):
        determinize(hj.public_view(state), 0)
    final = play_game(one_hand(variants.STANDARD), [RandomBot(seed=s) for s in range(4)], seed=1)
    with pytest.raises(DeterminizeError, match="over"):
        Determinizer(hj.view(final, 0))
    with pytest.raises(DeterminizeError, match="PlayerView"):
        Determinizer(state)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the sampling bot


def test_the_sampling_bot_takes_a_time_budget():
    state = hj.new_game(variants.DUTCH, seed=3)
    bot = SamplingBot(seed=1, seconds=0.01)
    move = bot.choose(hj.view(state, state.to_move[0]))
    assert move in hj.legal_moves(state)


def test_the_sampling_bot_drops_the_queen_under_the_king():
    # Seat 1 leads the K♠, seat 2 follows low: seat 3 drops the Q♠ (it loses) rather than win with the A♠.
    hands = ["2C 3D 4D", "KS 5D 6D", "2S 7D 8D", "QS AS 9D"]
    state = game(
        hands,
        opening=hj.rules.opening.ELDEST_ANY,
        first_trick=hj.rules.first_trick.ANYTHING,
        moon=moon_rules.NO_MOON,
    )
    state = play(state, "KS 2S")
    move = SamplingBot(seed=1, samples=8).choose(hj.view(state, 3))
    assert move == hj.Play(3, "QS")
    assert SamplingBot(seed=1, samples=8, playout="greedy").choose(hj.view(state, 3)) == move


# ---------------------------------------------------------------- simulate


def test_simulate_gives_the_same_result_on_one_process_or_two():
    rules = one_hand(variants.STANDARD)
    names = ["heuristic", "random", "sampling", "random"]
    options = {"sampling": {"samples": 1}}
    seen: list[tuple[int, int]] = []
    one = simulate(rules, names, games=6, seed=9, options=options, progress=lambda d, t: seen.append((d, t)))
    two = simulate(rules, names, games=6, seed=9, workers=2, options=options)
    assert one == two
    assert seen == [(i, 6) for i in range(1, 7)]
    assert isinstance(one, SimulationResult)
    assert one.games == 6 and one.bot_names == tuple(names)
    assert sum(one.wins) == pytest.approx(6)  # shared wins count 1/k
    data = json.loads(json.dumps(one.as_dict()))
    assert data["seats"][0]["bot"] == "heuristic"
    assert data["seats"][0]["win_rate"] == pytest.approx(one.seats[0].wins / 6)


def test_simulate_tallies_the_games_it_plays():
    # The same games played one by one with play_game: shared wins count 1/k, totals and moons add up.
    rules = one_hand(variants.DUTCH)
    names = ["random", "random", "heuristic", "random"]
    result = simulate(rules, names, games=5, seed=100)
    wins = [0.0] * 4
    totals = [0] * 4
    moons = [0] * 4
    for i in range(5):
        bots = [make_bot(name, seed=_bot_seed(100 + i, seat)) for seat, name in enumerate(names)]
        final = play_game(rules, bots, seed=100 + i)
        for seat in final.winners:
            wins[seat] += 1 / len(final.winners)
        for seat in range(4):
            totals[seat] += final.scores[seat]
        for line in final.score_sheet:
            if line.shooter is not None:
                moons[line.shooter] += 1
    assert list(result.wins) == pytest.approx(wins)
    assert list(result.mean_totals) == pytest.approx([t / 5 for t in totals])
    assert list(result.moon_shots) == moons


# ---------------------------------------------------------------- errors


def test_bot_errors():
    with pytest.raises(BotError, match="random, heuristic, sampling"):
        make_bot("clever")
    with pytest.raises(BotError, match="samples"):
        make_bot("random", samples=3)
    with pytest.raises(BotError, match="at least 1"):
        make_bot("sampling", samples=0)
    with pytest.raises(BotError, match="seconds"):
        SamplingBot(seconds=-1)
    with pytest.raises(BotError, match="playout"):
        SamplingBot(playout="clever")
    with pytest.raises(BotError, match="3 bots for a game of 4 players"):
        play_game(variants.STANDARD, [RandomBot(), RandomBot(), RandomBot()], seed=1)
    with pytest.raises(BotError, match="5 bots for a game of 4 players"):
        simulate(variants.STANDARD, ["random"] * 5, games=1)
    with pytest.raises(BotError, match="workers"):
        simulate(variants.STANDARD, ["random"] * 4, games=1, workers=0)
    with pytest.raises(BotError, match="no bot called"):
        simulate(variants.STANDARD, ["random", "random", "random", "nobody"], games=1)
    assert isinstance(BotError("x"), hj.HartenjagenError)
    # Asked when it is not the seat's turn.
    state = hj.new_game(variants.DUTCH, seed=1)
    idle = next(seat for seat in range(4) if seat not in state.to_move)
    with pytest.raises(BotError, match="no move"):
        HeuristicBot().choose(hj.view(state, idle))


def test_an_illegal_bot_move_stops_the_game():
    class Cheat:
        name = "cheat"

        def choose(self, view: hj.PlayerView) -> hj.Move:
            return hj.Play(view.seat or 0, "QS")

    bots: list[Bot] = [Cheat(), RandomBot(), RandomBot(), RandomBot()]
    with pytest.raises(BotError, match="bot 'cheat' at seat 0"):
        play_game(variants.STANDARD, bots, seed=1)
    assert isinstance(Cheat(), Bot)


# ---------------------------------------------------------------- issue 16: the sampling bot


def test_the_sampling_bot_defaults():
    bot = make_bot("sampling")
    assert isinstance(bot, SamplingBot)
    assert bot.playout == "greedy" and bot.samples == 64 and bot.budget_ms is None and bot.seconds is None
    timed = SamplingBot(budget_ms=250)
    assert timed.samples is None and timed.seconds == 0.25
    assert SamplingBot(seconds=0.5).budget_ms == 500.0


@pytest.mark.parametrize(
    "ruleset", ["standard", "five_players", "six_double_deck", "black_lady_3", "hoemke_P3L3H4S4"]
)
def test_the_sampling_bot_is_deterministic_for_a_seed_with_a_fixed_sample_count(ruleset: str):
    rules = one_hand(RULESETS[ruleset])
    bots = lambda: [make_bot("sampling", seed=seat, samples=3) for seat in range(rules.players)]  # noqa: E731
    first = play_game(rules, bots(), seed=4)
    assert first == play_game(rules, bots(), seed=4)
    assert first.is_over


def test_the_sampling_bot_samples_its_pass():
    state = hj.new_game(variants.STANDARD, seed=8)
    view_ = hj.view(state, 0)
    bot = SamplingBot(seed=2, samples=4)
    candidates = bot.pass_candidates(view_, 0)
    assert len(candidates) == 10  # every 3 of the heuristic's 5 most dangerous cards
    move = bot.choose(view_)
    assert move in candidates and hj.explain(state, move) is None


def test_the_sampling_bot_keeps_roughly_to_its_time_budget():
    import time

    state = hj.new_game(one_hand(variants.STANDARD), seed=3)
    while state.phase is hj.Phase.PASSING:
        state = hj.apply(state, HeuristicBot(seed=1).choose(hj.view(state, state.to_move[0])))
    bot = SamplingBot(seed=1, budget_ms=20)
    start = time.perf_counter()
    move = bot.choose(hj.view(state, state.to_move[0]))
    assert time.perf_counter() - start < 5.0  # generous: 20 ms asked, at least one deal
    assert move in hj.legal_moves(state)


def test_greedy_playouts_end_the_hand_and_repeat_for_a_seed():
    from hartenjagen.bots.sampling import greedy_rollout

    for preset in ("standard", "six_double_deck", "five_players", "omnibus"):
        rules = RULESETS[preset]
        state = hj.new_game(rules, seed=5)
        first = greedy_rollout(state, random.Random(9), 1)
        assert first == greedy_rollout(state, random.Random(9), 1)
        assert len(first.score_sheet) == 1


def test_sampling_bot_option_errors():
    for bad in (0, -3, 1.5, True, "8"):
        with pytest.raises(BotError, match="samples"):
            SamplingBot(samples=bad)  # type: ignore[arg-type]
    for bad in (0, -1, float("nan"), True, "fast"):
        with pytest.raises(BotError, match="budget_ms"):
            SamplingBot(budget_ms=bad)  # type: ignore[arg-type]
    with pytest.raises(BotError, match="not both"):
        SamplingBot(samples=4, budget_ms=10)
    with pytest.raises(BotError, match="not both"):
        SamplingBot(seconds=1, budget_ms=10)
    with pytest.raises(BotError, match="seed"):
        SamplingBot(seed="x")  # type: ignore[arg-type]
    with pytest.raises(BotError, match="seed"):
        HeuristicBot(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(BotError, match="budget"):
        make_bot("heuristic", budget_ms=5)
    with pytest.raises(BotError, match="a PlayerView"):
        HeuristicBot().choose("not a view")  # type: ignore[arg-type]


# ---------------------------------------------------------------- issue 16: what an opening reveals


def test_openings_declare_the_cards_whose_holder_leads():
    standard = variants.STANDARD
    assert hj.rules.opening.LOWEST_CLUB.leader_cards(standard) == (hj.Card.parse("2C"),)
    assert hj.rules.opening.ANY_CLUB.leader_cards(standard) == (hj.Card.parse("2C"),)
    assert {str(c) for c in hj.rules.opening.FIRST_DEUCE_FROM_ELDEST.leader_cards(standard)} == {
        "2C",
        "2D",
        "2S",
    }
    assert hj.rules.opening.SHOW_TWO_OF_CLUBS_LEAD_SAFE.leader_cards(standard) == (hj.Card.parse("2C"),)
    assert hj.rules.opening.ELDEST_ANY.leader_cards(standard) == ()
    assert hj.rules.opening.ELDEST_LOWEST_NON_HEART.leader_cards(standard) == ()
    piquet = variants.ACHTERHOEK
    assert hj.rules.opening.LOWEST_CLUB.leader_cards(piquet) == (hj.Card.parse("7C"),)
    # Five players play without the 2♣ and the 2♦: the first deuce from eldest is the 2♠.
    five = attrs.evolve(variants.FIVE_PLAYERS, opening=hj.rules.opening.FIRST_DEUCE_FROM_ELDEST)
    assert {str(c) for c in hj.rules.opening.FIRST_DEUCE_FROM_ELDEST.leader_cards(five)} == {"2S"}


@attrs.frozen(repr=False)
class _QueenOpens(hj.rules.opening.Opening):
    """A house opening: the Q♠'s holder leads anything (it declares what that reveals)."""

    def leader(self, context: OpeningContext) -> int:
        return next(seat for seat, hand in enumerate(context.hands) if QUEEN_OF_SPADES in hand)

    def refusal(self, rules: hj.Rules) -> str:  # pragma: no cover - never refuses
        return "any card may be led"

    def leader_cards(self, rules: hj.Rules) -> tuple[hj.Card, ...]:
        return (QUEEN_OF_SPADES,)


def test_determinize_reads_what_a_custom_opening_reveals():
    rules = attrs.evolve(
        one_hand(variants.STANDARD), opening=_QueenOpens(), passing=hj.rules.passing.NO_PASSING
    )
    rng = random.Random(1)
    for seed in range(6):
        state = hj.new_game(rules, seed=seed)
        leader = state.to_move[0]
        card = next(c for c in state.hands[leader] if str(c) != "QS")
        state = hj.apply(state, hj.Play(leader, card))
        for seat in range(4):
            if seat == leader:
                continue
            for _ in range(5):
                world = determinize(hj.view(state, seat), rng)
                assert "QS" in {str(c) for c in world.hands[leader]}


def test_determinize_puts_scattered_cards_with_the_seat_the_rule_sent_them():
    # The lowest card passed goes left, the middle one across, the highest right: passed_to says so
    # from the route's travel (Travel.RULE) and the module's scatter, and every world agrees.
    rules = one_hand(RULESETS["scatter"])
    rng = random.Random(5)
    placed = played_on = 0
    for seed in range(3):
        state = hj.new_game(rules, seed=seed)
        assert state.pass_direction == SCATTER
        steps = 0
        while not state.is_over:
            if state.phase is hj.Phase.PLAYING and steps % 3 == 0:
                for seat in range(4):
                    view = hj.view(state, seat)
                    low, middle, high = _low_to_high(view.passed)
                    sent = {(low, (seat + 1) % 4), (middle, (seat + 2) % 4), (high, (seat + 3) % 4)}
                    assert set(view.passed_to(0) or ()) == sent
                    for card, receiver in sent:  # where the engine sent it
                        assert card in state.exchanges[0][1][receiver]
                    played = plays_of(view)
                    for _ in range(3):
                        world = determinize(view, rng)
                        assert hj.view(world, seat) == view
                        assert world.exchanges[0][0][seat] == view.passed
                        for card, receiver in sent:
                            # With the seat the rule sent it to until that seat plays it.
                            assert (card in world.hands[receiver]) is (card not in played[receiver])
                            played_on += card in played[receiver]
                        placed += check_passes_placed(view, world)
                        # The engine plays on from it.
                        hj.rollout(world, rng=rng, until="hand")
            moves = hj.legal_moves(state)
            state = hj.apply(state, moves[rng.randrange(len(moves))])
            steps += 1
    assert placed and played_on  # cards were placed in hand, and some were seen played by their receiver
    # The sampling bot plays a whole hand of it (passing included), every move legal.
    bots = [SamplingBot(seed=seat, samples=2) for seat in range(4)]
    final, phases = drive(hj.new_game(rules, seed=7), bots)
    assert final.is_over and len(final.score_sheet) == 1
    assert {hj.Phase.PASSING, hj.Phase.PLAYING} <= phases


def test_a_determinized_world_of_a_scatter_hand_rebuilds_only_this_seat_s_exchange():
    """As documented: the other seats' scatter passes are not rebuilt, so the world plays on but does not validate."""
    state = hj.new_game(one_hand(RULESETS["scatter"]), seed=0)
    while state.phase is hj.Phase.PASSING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    world = determinize(hj.view(state, 0), 1)
    assert hj.view(world, 0) == hj.view(state, 0)
    assert Counter(card for hand in world.hands for card in hand) == Counter(state.rules.deck.pack())
    assert world.exchanges[0][0][0] == state.exchanges[0][0][0]  # this seat's own pass
    assert not any(world.exchanges[0][0][seat] for seat in (1, 2, 3))  # the others' are not rebuilt
    with pytest.raises(hj.FormatError):
        validate_state(world)
    hj.rollout(world, rng=1)


_GREEDY_TRANSCRIPT = """
import json, random
import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.core.rollout import greedy_playout
out = []
for preset in variants.OFFERED:
    for game in range(3):
        state = hj.new_game(preset.rules, seed=game)
        rng = random.Random(game)
        while state.phase is not hj.Phase.PLAYING and not state.is_over:
            moves = hj.legal_moves(state)
            state = hj.apply(state, moves[rng.randrange(len(moves))])
        end = greedy_playout(state, random.Random(game), 1 - 2 * (game % 2))
        out.append([preset.name, game, list(end.scores), list(end.tricks_won), [str(c) for t in end.taken for c in t]])
print(json.dumps([hj.COMPILED, out]))
"""


def test_greedy_playouts_agree_on_both_cores():
    import subprocess
    import sys

    runs = []
    for pure in (False, True):
        env = core_env(pure)
        done = subprocess.run(
            [sys.executable, "-c", _GREEDY_TRANSCRIPT],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=300,
        )
        runs.append(json.loads(done.stdout))
    assert runs[1][0] is False
    assert runs[0][1] == runs[1][1]
