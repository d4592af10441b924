"""Teams stated by a rule module: the general contract (``HouseRule.partnerships`` and its hooks, `rules.sides`).

A team rule of one's own, written with public names only (six seats in two
teams of three, a team's moon recorded for its first seat: the one
docs/writing-rules.md writes, from examples/writing_rules.py), passes
``check_rules``, plays whole games with every bot, and is settled by its own
hooks: a team's moon taken together or by one member, team totals at the
game's end. The core names no team rule (no import of ``rules/teams.py``),
and every wrong declaration or hook answer is refused naming the rule.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import testing
from hartenjagen.bots import HeuristicBot, make_bot
from hartenjagen.cards import Card
from hartenjagen.errors import RulesError
from hartenjagen.moves import MoonOption
from hartenjagen.rules import ending
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.extras import HouseRule
from hartenjagen.rules.scoring import CardPoints
from hartenjagen.rules.sides import sides_of
from hartenjagen.rules.teams import Partnership

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "src" / "hartenjagen" / "core"
sys.path.insert(0, str(ROOT / "examples"))

from test_teams import _random_game  # noqa: E402
from writing_rules import ThreeAndThree  # noqa: E402 - the team rule docs/writing-rules.md writes

#: Six seats, 8 cards each; only the Q♠ (13) and the A♥ (1) score, so that team moons come often.
SIX = hj.Rules(
    deck=SinglePack(players=6, removed=("2D", "2S", "3D", "3S")),
    scoring=CardPoints({"QS": 13, "AH": 1}, name="qs_ah"),
    ending=ending.ScoreLimit(limit=60),
    extras=(ThreeAndThree(),),
)
TEAMS = ((0, 2, 4), (1, 3, 5))


def _moon(cards: tuple[Card, ...]) -> int:
    return sum(1 for card in cards if card in (Card("QS"), Card("AH")))


def test_the_core_names_no_team_rule() -> None:
    """core/ asks `rules.sides` general questions: no import of rules/teams.py, no Partnership."""
    for path in CORE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "hartenjagen.rules.teams", path.name
                assert not (node.module == "hartenjagen.rules" and any(a.name == "teams" for a in node.names))
            if isinstance(node, ast.Name | ast.Attribute):
                assert "Partnership" not in ast.unparse(node), path.name


def test_a_rule_of_ones_own_declares_the_teams() -> None:
    sides = sides_of(SIX)
    assert sides is not None and sides.teams == TEAMS and sides.rule == ThreeAndThree()
    assert sides.partners(3) == (1, 5) and sides.team_totals((1, 2, 3, 4, 5, 6)) == (9, 12)
    view = hj.view(hj.new_game(SIX, seed=1), 2)
    assert view.partners == (0, 4) and view.teams == TEAMS
    assert sides_of(hj.Rules()) is None


def test_check_rules_passes_for_a_team_rule_of_ones_own() -> None:
    testing.check_rules(SIX, games=2, seed=4)


@pytest.mark.parametrize("bot", ["random", "heuristic", "sampling"])
def test_a_team_rule_of_ones_own_plays_whole_games_with_every_bot(bot: str) -> None:
    options = {"samples": 2} if bot == "sampling" else {}
    bots = [make_bot(bot, seed=seat, **options) for seat in range(SIX.players)]
    state = hj.new_game(SIX, seed=3)
    while not state.is_over:
        seat = state.to_move[0]
        state = hj.apply(state, bots[seat].choose(hj.view(state, seat)))
    totals = state.scores
    judged = (sum(totals[s] for s in TEAMS[0]), sum(totals[s] for s in TEAMS[1]))
    assert max(judged) >= 60  # the ending judged team totals
    best = judged.index(min(judged))
    assert state.winners == TEAMS[best]  # the whole team wins


def test_a_team_moon_together_and_by_one_member_is_settled_by_the_rules_hooks() -> None:
    together = alone = 0
    for seed in range(1, 12):
        for line, hand in _random_game(SIX, seed, hands=8):
            taken = hand.cards_taken
            single = [s for s in range(6) if _moon(taken[s]) == 2]
            team = next((t for t in TEAMS if sum(_moon(taken[s]) for s in t) == 2), None)
            if team is None:
                continue
            if single:
                alone += 1
                assert line.shooter == single[0]  # a member alone: that member shoots
            else:
                together += 1
                assert line.shooter == team[0]  # the rule's own hook records the team's first seat
            # The team scores nothing; each opponent 14 (the scheme's moon total) more.
            assert line.points == tuple(0 if s in team else line.raw[s] + 14 for s in range(6))
    assert together and alone, (together, alone)


def test_team_totals_decide_the_games_end() -> None:
    for seed in range(3):
        game = _random_game(SIX, seed, hands=200)
        last, before = game[-1][0].totals, game[-2][0].totals
        assert max(sum(last[s] for s in team) for team in TEAMS) >= 60
        assert max(sum(before[s] for s in team) for team in TEAMS) < 60


@attrs.frozen
class Rotten(HouseRule):
    """A team rule whose hooks answer wrongly (to see each answer refused)."""

    teams: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
    shooter: int | None = None
    points: tuple[int, ...] = (0, 0, 0, 0)

    def partnerships(self) -> tuple[tuple[int, ...], ...]:
        return self.teams

    def team_moon_shooter(
        self, teams: tuple[tuple[int, ...], ...], moon_points: tuple[int, ...], together: tuple[bool, ...]
    ) -> int | None:
        return self.shooter

    def settle_team_moon(
        self,
        raw: tuple[int, ...],
        totals: tuple[int, ...],
        team: tuple[int, ...],
        shooter: int,
        own: tuple[int, ...],
        amount: int,
        option: MoonOption,
    ) -> tuple[int, ...]:
        return self.points


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        (((0, 1), (1, 2, 3)), "seat 1 is in two"),
        (((0, 2, 4), (1, 3)), "hold 5 seats, but the game has 4 players"),
        (((0, 1, 2, 3),), "at least two teams are needed"),
        (((0, 2), (1, "3")), "a seat is a whole number from 0, not '3'"),
        ((7,), "teams must be a list of teams"),
    ],
)
def test_a_wrong_declaration_is_refused_when_the_rules_are_built(teams: object, message: str) -> None:
    with pytest.raises(RulesError, match=f"Rotten.*{message}"):
        hj.Rules(extras=(Rotten(teams=teams),))  # type: ignore[arg-type]


def test_two_rules_declaring_teams_are_refused() -> None:
    with pytest.raises(RulesError, match="both declare teams; keep one"):
        hj.Rules(extras=(Partnership(), Rotten()))


def test_a_wrong_hook_answer_is_refused_naming_the_rule() -> None:
    sides = sides_of(hj.Rules(extras=(Rotten(shooter=9),)))
    assert sides is not None
    with pytest.raises(
        RulesError, match=r"Rotten.*team_moon_shooter must name a seat from 0 to 3 or None, not 9"
    ):
        sides.moon_shooter((0, 13, 13, 0), (True, False))
    sides = sides_of(hj.Rules(extras=(Rotten(points=(1, 2)),)))
    assert sides is not None
    with pytest.raises(RulesError, match=r"settle_team_moon must give 4 whole numbers"):
        sides.settle((0, 26, 0, 0), (0, 0, 0, 0), 1, (0, 0, 0, 0), 26, MoonOption.OTHERS_PLUS)


def test_the_heuristic_plays_for_a_team_of_ones_own() -> None:
    """Void in clubs while its partner (seat 0, of 0 2 4) wins with the A♣, seat 2 throws the 3♦, not the Q♠."""
    from helpers import game, play

    hands = ["AC 4C", "2C 5C", "QS 3D", "6C 7C", "8C 9C", "TC JC"]
    slots = dict(opening=hj.rules.opening.ELDEST_ANY, first_trick=hj.rules.first_trick.ANYTHING, dealer=5)
    state = play(game(hands, extras=(ThreeAndThree(),), **slots), "AC 2C")
    assert HeuristicBot(seed=0).choose(hj.view(state, 2)) == hj.Play(2, "3D")
    alone = play(game(hands, **slots), "AC 2C")  # no teams: the Q♠ goes to the winner, whoever it is
    assert HeuristicBot(seed=0).choose(hj.view(alone, 2)) == hj.Play(2, "QS")
