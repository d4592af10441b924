"""Teams (``rules.teams.Partnership``), Partnership Hearts and Danger Hearts: the rules' edge cases.

A team's moon (one member, or both between them), the option that a member
must take every moon card alone, team totals deciding the end and the
winners, ties; Danger Hearts' lives read from the score sheet (the last life,
ties, no life coded into a total); what views, contexts, texts, JSON, the
adapters and the bots make of teams.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import family, variants
from hartenjagen.adapters.episodes import Episode
from hartenjagen.bots import HeuristicBot
from hartenjagen.bots.heuristic import _Read
from hartenjagen.bots.sampling import _relative
from hartenjagen.cards import Card, Suit
from hartenjagen.errors import RulesError
from hartenjagen.frontend import serialize
from hartenjagen.moves import MoonOption
from hartenjagen.rules import HandSummary, MoonContext, PassContext, PlayContext, ending, moon
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.teams import Partnership, game_winners, partners_of, standings, team_moon_points
from hartenjagen.values import HandResult, Phase

PARTNERS = variants.PARTNERSHIP_HEARTS
ALONE = family.partnership_hearts(together_moon=False)
DANGER = variants.DANGER_HEARTS


def _random_game(rules: hj.Rules, seed: int, hands: int = 100) -> list[tuple[HandResult, HandSummary]]:
    """Each hand's score line and what was taken in it, in a game of random moves (at most ``hands`` hands)."""
    state = hj.new_game(rules, seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over and len(out) < hands:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
        if len(state.score_sheet) > len(out):
            out.append((state.score_sheet[-1], HandSummary.last(state)))
    return out


def _moon_cards(cards: tuple[Card, ...]) -> int:
    return sum(1 for card in cards if card.suit is Suit.HEARTS or card == Card("QS"))


# ---------------------------------------------------------------- declaring teams


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        (((0, 1),), "at least two teams are needed"),
        (((0, 1), (1, 2, 3)), "seat 1 is in two"),
        (((0, 2), (1, 4)), "seat 3 is in none"),
        (((0, 2), (1, -3)), "a seat is a whole number from 0, not -3"),
        (((0, 2), (1, True)), "a seat is a whole number from 0, not True"),
        (((0, 2), (1, 3), ()), "a team must hold at least one seat"),
        (7, "teams must be a list of teams"),
    ],
)
def test_bad_teams_are_refused_naming_what_is_wrong(teams: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Partnership(teams)  # type: ignore[arg-type]


def test_teams_must_cover_the_players_and_be_declared_once() -> None:
    with pytest.raises(RulesError, match="hold 4 seats, but the game has 5 players"):
        attrs.evolve(variants.FIVE_PLAYERS, extras=(Partnership(),))
    with pytest.raises(RulesError, match="both declare teams"):
        hj.Rules(extras=(Partnership(), Partnership(((0, 1), (2, 3)))))
    with pytest.raises(RulesError, match="together_moon must be True or False"):
        Partnership(together_moon=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="partnership_hearts: limit"):
        family.partnership_hearts(limit=0)


def test_partners_and_team_totals() -> None:
    three = Partnership(((0, 3, 4), (1, 2, 5)))
    assert three.partners(4) == (0, 3) and three.team_of(5) == 1
    assert three.team_totals((1, 2, 3, 4, 5, 6)) == (10, 11)
    assert three.seat_totals((1, 2, 3, 4, 5, 6)) == (10, 11, 11, 10, 10, 11)
    assert three.members((1,)) == (1, 2, 5)
    assert partners_of(variants.STANDARD, 0) == () and partners_of(PARTNERS, 1) == (3,)
    assert standings(variants.STANDARD, (1, 2, 3, 4)) == (1, 2, 3, 4)
    assert standings(PARTNERS, (1, 2, 3, 4)) == (4, 6, 4, 6)


# ---------------------------------------------------------------- the moon


def test_a_team_moon_split_between_partners_counts_by_default() -> None:
    """Random games of Partnership Hearts: every hand scored as the rule says, split moons included."""
    split = 0
    for seed in range(1, 12):
        for line, hand in _random_game(PARTNERS, seed, hands=6):
            taken = hand.cards_taken
            shooting = [t for t in ((0, 2), (1, 3)) if sum(_moon_cards(taken[s]) for s in t) == 14]
            if not shooting:
                assert line.shooter is None and line.points == line.raw
                continue
            (team,) = shooting
            split += all(_moon_cards(taken[s]) for s in team)
            # The shooter recorded is the member with the most moon points (the first of the team on a tie).
            pts = [line.raw[s] for s in team]
            assert line.shooter == team[pts.index(max(pts))]
            assert line.points == tuple(0 if s in team else line.raw[s] + 26 for s in range(4))
    assert split >= 1, "no split moon in these seeds: the test would check nothing"


def test_the_other_choice_a_member_must_take_every_moon_card_alone() -> None:
    for seed in range(1, 30):
        for line, hand in _random_game(ALONE, seed, hands=6):
            single = [s for s in range(4) if _moon_cards(hand.cards_taken[s]) == 14]
            assert line.shooter == (single[0] if single else None)
            if single:  # the partner of a lone shooter is never charged the moon
                partner = (single[0] + 2) % 4
                assert line.points[partner] == 0 and line.points[single[0]] == 0


def test_a_team_moon_settles_every_option_for_the_team() -> None:
    raw, totals, team = (20, 0, 6, 0), (10, 20, 30, 40), (0, 2)
    own = (0, 0, 0, 0)
    assert team_moon_points(raw, totals, team, 0, own, 26, MoonOption.OTHERS_PLUS) == (0, 26, 0, 26)
    assert team_moon_points(raw, totals, team, 0, own, 26, MoonOption.SELF_MINUS) == (-26, 0, 0, 0)
    assert team_moon_points(raw, totals, team, 2, own, 26, MoonOption.RESET) == (-10, 0, -30, 0)
    assert team_moon_points(raw, totals, team, 0, own, 26, MoonOption.DOUBLE) == (0, 20, 0, 40)
    # Omnibus: the J♦ (−10) taken by the shooting team stays with the member that took it.
    assert team_moon_points(raw, totals, team, 0, (0, 0, -10, 0), 26, MoonOption.OTHERS_PLUS) == (
        0,
        26,
        -10,
        26,
    )


def test_the_moon_modules_hooks_and_the_engine_agree_on_a_team_moon() -> None:
    rules = attrs.evolve(PARTNERS, moon=moon.SHOOTER_CHOICE)
    hearts = tuple(Card(f"{rank}H") for rank in "23456789TJQKA")
    taken = (hearts[:6], (Card("2C"),), (*hearts[6:], Card("QS")), ())
    raw = tuple(rules.scoring.points_of(cards) for cards in taken)
    context = MoonContext(rules=rules, cards_taken=taken, tricks=(), raw=raw, totals=(0,) * 4, options=())
    assert context.teams == ((0, 2), (1, 3))
    assert rules.moon.shooter(context) == 2  # 20 moon points against 6
    assert rules.moon.settle(context, 2, MoonOption.SELF_MINUS) == (0, 0, -26, 0)
    assert ALONE.moon.shooter(attrs.evolve(context, rules=ALONE)) is None


# ---------------------------------------------------------------- the end


def _line(points: tuple[int, ...], totals: tuple[int, ...]) -> HandResult:
    return HandResult(0, 0, points, points, totals, None, None, ())


def test_the_game_ends_and_is_won_by_team_totals() -> None:
    games = [_random_game(PARTNERS, seed) for seed in range(3)]
    for game in games:
        totals = game[-1][0].totals
        teams = (totals[0] + totals[2], totals[1] + totals[3])
        assert max(teams) >= 200  # one seat alone may stay far below
        earlier = game[-2][0].totals
        assert max(earlier[0] + earlier[2], earlier[1] + earlier[3]) < 200
    # A team wins: both members, though one of them holds the highest total of the table.
    assert game_winners(PARTNERS, (150, 60, 5, 100), ()) == (0, 2)
    assert game_winners(PARTNERS, (60, 150, 100, 5), ()) == (1, 3)


def test_tied_teams_share_the_win_or_play_on() -> None:
    assert game_winners(PARTNERS, (100, 60, 0, 40), ()) == (0, 1, 2, 3)
    play_on = attrs.evolve(PARTNERS, ending=ending.ScoreLimit(limit=200, tie=ending.Tie.PLAY_ON))
    assert play_on.ending.is_over((210, 210), ()) is False  # the ending judges the two team totals
    assert play_on.ending.is_over((210, 200), ()) is True


def test_a_finished_team_game_names_the_team_in_both_languages() -> None:
    state = hj.new_game(PARTNERS, seed=3)
    rng = random.Random(1)
    said = []
    while not state.is_over:
        moves = hj.legal_moves(state)
        state, events = hj.step(state, moves[rng.randrange(len(moves))])
        said += [(hj.describe(e, "en", rules=PARTNERS), hj.describe(e, "nl", rules=PARTNERS)) for e in events]
    totals = state.scores
    last = [pair for pair in said if pair[0].startswith("Hand ")][-1]
    assert last[0].endswith(f"Team totals: 0+2 {totals[0] + totals[2]}; 1+3 {totals[1] + totals[3]}.")
    assert last[1].endswith(f"Teamtotalen: 0+2 {totals[0] + totals[2]}; 1+3 {totals[1] + totals[3]}.")
    first, second = state.winners
    assert said[-1] == (
        f"Game over: the team of seat {first} and seat {second} wins.",
        f"Einde van het spel: het team van speler {first} en speler {second} wint.",
    )


# ---------------------------------------------------------------- Danger Hearts: lives


def test_a_life_is_lost_in_each_hand_of_15_or_more() -> None:
    lives = family.Lives()
    sheet = (_line((15, 11, 0, 0), (15, 11, 0, 0)), _line((0, 26, 0, 0), (15, 37, 0, 0)))
    assert lives.lives_left(sheet, 4) == (2, 2, 3, 3)
    voided = HandResult(0, 0, (0,) * 4, (30, 0, 0, 0), (45, 37, 0, 0), None, None, (), 0)
    assert lives.lives_left((*sheet, voided), 4) == (2, 2, 3, 3)  # a voided hand costs no life
    assert not lives.is_over((45, 37, 0, 0), (*sheet, voided))


def test_the_last_life_ends_the_game_and_the_most_lives_win() -> None:
    lives = family.Lives(lives=1)
    sheet = (_line((16, 0, 0, 10), (16, 0, 0, 10)), _line((0, 20, 0, 0), (16, 20, 0, 10)))
    assert not lives.is_over((16, 0, 0, 10), sheet[:1])
    sheet3 = (*sheet, _line((0, 0, 0, 15), (16, 20, 0, 25)))
    assert lives.is_over((16, 20, 0, 25), sheet3)  # seat 2 alone has its life
    assert lives.winners((16, 20, 0, 25), sheet3) == (2,)
    # Everyone loses the last life in one hand: the lowest total wins; equal totals share.
    all_out = (_line((26, 26, 26, 0), (26, 26, 26, 0)), _line((0, 0, 0, 26), (26, 26, 26, 26)))
    assert lives.is_over((26, 26, 26, 26), all_out)
    assert lives.winners((26, 26, 26, 26), all_out) == (0, 1, 2, 3)


def test_danger_hearts_is_ten_hands_and_keeps_the_totals_honest() -> None:
    game = _random_game(DANGER, seed=5)
    lines = [line for line, _ in game]
    lives = DANGER.ending.lives_left(tuple(lines), 4)
    assert len(lines) == 10 or sum(1 for left in lives if left) <= 1
    assert all(sum(line.points) in (26, 78) for line in lines)  # a hand's points, never a life's thousand
    totals = lines[-1].totals
    text = hj.describe(hj.events.HandScored(lines[-1]), "en", rules=DANGER)
    assert text.endswith(f"totals {', '.join(map(str, totals))}.")
    episode = Episode.start(DANGER, kind="hand", grain="hand", seed=5)
    rng = random.Random(0)
    while not episode.done:
        episode.act(rng.choice(episode.legal_ids()))
    assert episode.returns == [-float(p) for p in episode.state.score_sheet[0].points]


# ---------------------------------------------------------------- what the rest of the library sees


def test_views_and_contexts_name_partners() -> None:
    state = hj.new_game(PARTNERS, seed=2)
    assert PassContext.of(state, 1).partners == (3,)
    view = hj.view(state, 2)
    assert view.partners == (0,) and view.teams == ((0, 2), (1, 3)) and view.team_scores == (0, 0)
    assert hj.view(hj.new_game(variants.STANDARD, seed=2), 2).partners == ()
    while state.phase is not Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert PlayContext.of(state).partners == ((state.to_move[0] + 2) % 4,)
    assert PlayContext.of(hj.new_game(variants.STANDARD, seed=2, hand_index=3)).partners == ()


def test_team_games_round_trip_through_json() -> None:
    for rules in (PARTNERS, ALONE, DANGER, family.danger_hearts(lives=2, threshold=20, deals=6)):
        assert serialize.loads(serialize.dumps(rules)) == rules
    state = hj.new_game(PARTNERS, seed=9)
    rng = random.Random(9)
    for _ in range(140):
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    assert serialize.loads(serialize.dumps(state)) == state


def test_the_rules_in_words_name_the_teams() -> None:
    en, nl = PARTNERS.extras[0].rule_words("en"), PARTNERS.extras[0].rule_words("nl")
    assert "seats 0 and 2; seats 1 and 3" in en and "between them" in en
    assert "zitplaatsen 0 en 2; zitplaatsen 1 en 3" in nl
    assert "one member takes every moon card" in ALONE.extras[0].rule_words("en")


def test_episode_rewards_are_by_team() -> None:
    episode = Episode.start(PARTNERS, kind="hand", grain="trick", seed=4)
    rng = random.Random(4)
    while not episode.done:
        episode.act(rng.choice(episode.legal_ids()))
        assert episode.rewards[0] == episode.rewards[2] and episode.rewards[1] == episode.rewards[3]
    points = episode.state.score_sheet[0].points
    assert episode.returns == [-float(points[s] + points[(s + 2) % 4]) for s in range(4)]


@pytest.mark.parametrize("grain", ["hand", "game"])
def test_episode_rewards_are_by_team_on_the_action_path_too(grain: str) -> None:
    """`apply_action` (the agent's path in `SeatEnv`) rewards a team as one, as `act` does, move for move."""
    kind = "hand" if grain == "hand" else "game"
    by_act = Episode.start(PARTNERS, kind=kind, grain=grain, seed=7, max_hands=2)
    by_action = Episode.start(PARTNERS, kind=kind, grain=grain, seed=7, max_hands=2)
    rng = random.Random(7)
    paid = 0
    while not by_act.done:
        action = rng.choice(by_act.legal_ids())
        by_act.act(action)
        by_action.apply_action(action)
        assert by_action.rewards == by_act.rewards
        paid += any(by_act.rewards)
    assert by_action.done and by_action.returns == by_act.returns
    assert (
        paid and by_action.returns[0] == by_action.returns[2] and by_action.returns[1] == by_action.returns[3]
    )
    totals = by_act.state.scores if grain == "game" else by_act.state.score_sheet[0].points
    if grain == "hand":
        assert by_action.returns == [-float(totals[s] + totals[(s + 2) % 4]) for s in range(4)]


# ---------------------------------------------------------------- bots


def test_the_sampling_bot_scores_a_world_by_its_team() -> None:
    assert _relative((10, 0, 6, 2), 0) == pytest.approx(10 - 8 / 3)
    assert _relative((10, 0, 6, 2), 0, (2,)) == (10 + 6) / 2 - (0 + 2) / 2
    assert _relative((0, 26, 0, 26), 2, (0,)) == -26.0


def test_the_heuristic_discards_no_points_onto_a_winning_partner_when_it_can_avoid_it() -> None:
    """Every discard in these hands where the partner was winning and a plain card could go: a plain card.

    Except against an opponent's moon: then points onto the partner's trick stop it, as they should.
    """
    checked = Counter[str]()
    for seed in range(12):
        bots = [HeuristicBot(seed=seed * 4 + seat) for seat in range(4)]
        state = hj.new_game(PARTNERS, seed=seed)
        while not state.score_sheet:
            seat = state.to_move[0]
            view = hj.view(state, seat)
            move = bots[seat].choose(view)
            trick = view.trick
            if trick and state.phase is Phase.PLAYING:
                led = trick[0].card.suit
                top = max((p for p in trick if p.card.suit is led), key=lambda p: p.card.rank)
                cards = [m.card for m in view.legal_moves]  # type: ignore[attr-defined]
                value = PARTNERS.scoring.card_value
                threat = _Read(view, seat).threat()
                defending = threat is not None and threat not in (seat, (seat + 2) % 4)
                void = all(c.suit is not led for c in cards)
                choice = any(value(c) <= 0 for c in cards) and any(value(c) > 0 for c in cards)
                if top.seat == (seat + 2) % 4 and void and choice and not defending:
                    checked["discard"] += 1
                    assert value(move.card) <= 0, (seed, view.hand, move)  # type: ignore[attr-defined]
            state = hj.apply(state, move)
    assert checked["discard"] >= 3, "too few such discards to check anything"


def test_rules_text_names_the_teams_and_the_lives() -> None:
    from hartenjagen.cli.rules import rules_text

    text = rules_text("partnership_hearts")
    assert "teams = (0, 2), (1, 3); together_moon = yes" in text
    assert "seats 0 and 2; seats 1 and 3" in text
    dutch = rules_text(DANGER, "nl")
    assert "Iedere speler heeft 3 levens" in dutch and "15 punten of meer" in dutch


@given(
    seats=st.integers(min_value=2, max_value=8).flatmap(
        lambda n: st.lists(st.integers(0, n - 1), min_size=n, max_size=n)
    ),
    totals=st.lists(st.integers(-50, 250), min_size=8, max_size=8),
)
def test_any_partition_into_teams_is_judged_by_team_sums(seats: list[int], totals: list[int]) -> None:
    """Seat s joins team ``seats[s]``: every partition into two or more teams, and any totals."""
    n = len(seats)
    labels = sorted(set(seats))
    if len(labels) < 2:
        with pytest.raises(RulesError, match="at least two teams"):
            Partnership((tuple(range(n)),))
        return
    teams = tuple(tuple(s for s in range(n) if seats[s] == label) for label in labels)
    partnership = Partnership(teams)
    # A game of n seats for the winners: the 52-card pack deals evenly to 2 and 4.
    rules = hj.Rules(deck=SinglePack(players=n), extras=(partnership,)) if n in (2, 4) else None
    seat_totals = tuple(totals[:n])
    sums = [sum(seat_totals[s] for s in team) for team in teams]
    for seat in range(n):
        assert seat not in partnership.partners(seat)
        assert set(partnership.partners(seat)) | {seat} == set(teams[partnership.team_of(seat)])
        assert partnership.seat_totals(seat_totals)[seat] == sums[partnership.team_of(seat)]
    if rules is not None:
        winners = game_winners(rules, seat_totals, ())
        assert winners == tuple(s for s in range(n) if sums[partnership.team_of(s)] == min(sums))


def test_the_heuristic_chooses_the_moon_option_best_for_its_team() -> None:
    """A team moon on the first hand: the opponents' +26 each (team +52) beats the shooter's −26 (team −26)."""
    rules = attrs.evolve(PARTNERS, moon=moon.SHOOTER_CHOICE)
    chosen = []
    for seed in range(1, 20):
        state = hj.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.score_sheet and state.phase is not Phase.MOON_CHOICE:
            moves = hj.legal_moves(state)
            state = hj.apply(state, moves[rng.randrange(len(moves))])
        if state.phase is Phase.MOON_CHOICE:
            seat = state.to_move[0]
            move = HeuristicBot(seed=seed).choose(hj.view(state, seat))
            chosen.append(move.option)  # type: ignore[attr-defined]
    assert chosen and set(chosen) == {MoonOption.OTHERS_PLUS}
