"""Teams: partnerships declared by a house rule, and what they change when a hand is scored.

A ruleset plays in teams when one of its ``extras`` declares them through the
house rule's ``partnerships`` hook (`hartenjagen.rules.sides`, the engine's one
view of teams); [`Partnership`][hartenjagen.rules.teams.Partnership] is the
shipped rule that does. Then, where the engine settles a hand and the game:

- **scores** stay seat by seat on the score sheet (each seat's ``points`` and
  ``totals``, as the players wrote them), and a team's total is the sum of its
  members' totals ([`Partnership.team_totals`][hartenjagen.rules.teams.Partnership.team_totals],
  shown by views as ``team_scores`` and by ``describe``);
- **the moon** is shot by a team: a member who takes every moon card, or with
  ``together_moon`` (the default) the members between them. The shooting team's
  members score only their cards outside the moon set; the moon's option then
  applies to the team: the opponents score ``amount`` more each, or the
  shooter ``amount`` less, or the team's totals go back to 0, or the
  opponents' totals double (the ``team_moon_shooter`` and ``settle_team_moon``
  hooks; a moon module of one's own keeps its own hooks, and
  ``MoonContext.teams`` names the teams to it);
- **the end** is by team: the ending module sees one total per team, in the
  order of ``teams``, and the winners are every member of the teams it names
  (the ``judged_totals`` and ``winning_seats`` hooks' defaults).

Nothing in the engine's core names this module: a team rule of one's own
(teams of three at six seats) overrides the same hooks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.errors import RulesError
from hartenjagen.rules.ending import Sheet, winners_of
from hartenjagen.rules.extras import HouseRule
from hartenjagen.rules.sides import Sides, check_teams, sides_of, team_moon_points

if TYPE_CHECKING:
    from hartenjagen.rules import Rules

__all__ = [
    "PARTNERS_OPPOSITE",
    "Partnership",
    "game_winners",
    "partners_of",
    "standings",
    "team_moon_points",
    "team_shooter",
    "teams_of",
]


def _as_teams(value: object) -> tuple[tuple[int, ...], ...]:
    """``value`` as a tuple of teams, each a tuple (checked in full when the rule is built)."""
    try:
        return tuple(tuple(team) for team in value)  # type: ignore[attr-defined]
    except TypeError:
        raise RulesError(
            f"Partnership: teams must be a list of teams, each a list of seats, not {value!r}"
        ) from None


@attrs.frozen
class Partnership(HouseRule):
    """The players play in teams: partners' points count together, for the moon and the end of the game.

    ``teams`` lists each team's seats ((0, 2) and (1, 3): partners sit
    opposite); every seat is in exactly one team. A team's total is the sum
    of its members' totals; the game ends and is won by team totals. A team
    shoots the moon when one member takes every moon card, or, with
    ``together_moon`` (the default), when its members take them between them.
    """

    teams: tuple[tuple[int, ...], ...] = attrs.field(default=((0, 2), (1, 3)), converter=_as_teams)
    together_moon: bool = True

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.together_moon, bool):
            raise RulesError(f"Partnership: together_moon must be True or False, not {self.together_moon!r}")
        check_teams("Partnership", self.teams, sum(len(team) for team in self.teams))

    def check(self, rules: Rules) -> None:
        check_teams("Partnership", self.teams, rules.players)

    def partnerships(self) -> tuple[tuple[int, ...], ...]:
        return self.teams

    def team_moon_shooter(
        self, teams: tuple[tuple[int, ...], ...], moon_points: tuple[int, ...], together: tuple[bool, ...]
    ) -> int | None:
        # With together_moon, the team's member with the most moon points is recorded.
        return team_shooter(self, moon_points, together)

    def rule_words(self, language: str = "en") -> str:
        names = [_team_name(team, language) for team in self.teams]
        if language == "nl":
            moon = (
                "de leden samen alle maankaarten halen"
                if self.together_moon
                else "één lid alle maankaarten haalt"
            )
            return (
                f"Er wordt in teams gespeeld: {'; '.join(names)}. De punten van partners tellen samen; het spel"
                f" eindigt en wordt gewonnen op de teamtotalen. Een team schiet de maan als {moon}."
            )
        moon = (
            "its members take every moon card between them"
            if self.together_moon
            else "one member takes every moon card"
        )
        return (
            f"The players play in teams: {'; '.join(names)}. Partners' points count together; the game ends"
            f" and is won by team totals. A team shoots the moon when {moon}."
        )

    # Who plays with whom, as the engine reads any declaration (`hartenjagen.rules.sides.Sides`).
    def team_of(self, seat: int) -> int:
        """The number of ``seat``'s team (its place in ``teams``)."""
        return Sides(self.teams, self).team_of(seat)

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other members of ``seat``'s team."""
        return Sides(self.teams, self).partners(seat)

    def team_totals(self, totals: Iterable[int]) -> tuple[int, ...]:
        """One total per team, in the order of ``teams``: the sum of its members' totals."""
        return Sides(self.teams, self).team_totals(totals)

    def seat_totals(self, totals: Iterable[int]) -> tuple[int, ...]:
        """Each seat's team total, seat by seat (partners show the same number)."""
        return Sides(self.teams, self).seat_totals(totals)

    def members(self, numbers: Iterable[int]) -> tuple[int, ...]:
        """The seats of the teams numbered ``numbers``, in seat order (the winners of a team game)."""
        return Sides(self.teams, self).members(numbers)


def _team_name(team: tuple[int, ...], language: str) -> str:
    word = "zitplaatsen" if language == "nl" else "seats"
    joined = " en ".join(map(str, team)) if language == "nl" else " and ".join(map(str, team))
    return f"{word} {joined}" if len(team) > 1 else ("zitplaats " if language == "nl" else "seat ") + joined


#: Four players, partners opposite: seats 0 and 2 against 1 and 3.
PARTNERS_OPPOSITE: Final = Partnership()


def teams_of(rules: Rules) -> Sides | None:
    """The teams ``rules`` declare (by any house rule's ``partnerships``), or ``None`` when every seat plays alone.

    The same as [`sides_of`][hartenjagen.rules.sides.sides_of]; kept under this name for older programs.
    """
    return sides_of(rules)


def partners_of(rules: Rules, seat: int | None) -> tuple[int, ...]:
    """``seat``'s partners under ``rules`` (none when the rules declare no teams, or for no seat)."""
    sides = sides_of(rules)
    if sides is None or seat is None:
        return ()
    return sides.partners(seat)


def standings(rules: Rules, totals: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's total as the game is judged: its team's total where ``rules`` declare teams, else its own."""
    sides = sides_of(rules)
    return totals if sides is None else sides.seat_totals(totals)


def game_winners(rules: Rules, totals: tuple[int, ...], sheet: Sheet) -> tuple[int, ...]:
    """The winning seats of a game of ``rules`` that ended with ``totals`` after the hands of ``sheet``.

    Without teams, the ending's winners; with teams, the ending judges the
    declaring rule's ``judged_totals`` (one total per team) and every member
    of the teams it names wins.
    """
    sides = sides_of(rules)
    if sides is None:
        return winners_of(rules.ending, totals, sheet)
    return sides.winners(rules, totals, sheet)


def team_shooter(
    partnership: Partnership, moon_points_of: Sequence[int], took_all: Sequence[bool]
) -> int | None:
    """The member recorded as the shooter of a team moon (``None``: no team took every moon card together).

    ``took_all[t]`` says whether team ``t``'s members took every moon card
    between them, ``moon_points_of[seat]`` the moon-card points each seat took.
    Only with ``together_moon``; the member with the most moon points is
    recorded, the first listed on a tie.
    """
    if not partnership.together_moon:
        return None
    for number, team in enumerate(partnership.teams):
        if took_all[number]:
            best = team[0]
            for seat in team:
                if moon_points_of[seat] > moon_points_of[best]:
                    best = seat
            return best
    return None
