"""Teams: partnerships declared by a house rule, and what they change when a hand is scored.

A ruleset plays in teams when its ``extras`` hold a
[`Partnership`][hartenjagen.rules.teams.Partnership]. Then, where the engine
settles a hand and the game:

- **scores** stay seat by seat on the score sheet (each seat's ``points`` and
  ``totals``, as the players wrote them), and a team's total is the sum of its
  members' totals ([`Partnership.team_totals`][hartenjagen.rules.teams.Partnership.team_totals],
  shown by views as ``team_scores`` and by ``describe``);
- **the moon** is shot by a team: a member who takes every moon card, or with
  ``together_moon`` (the default) the members between them. The shooting team's
  members score only their cards outside the moon set; the moon's option then
  applies to the team: the opponents score ``amount`` more each, or the
  shooter ``amount`` less, or the team's totals go back to 0, or the
  opponents' totals double. (A moon module of one's own keeps its own hooks;
  ``MoonContext.teams`` names the teams to it.)
- **the end** is by team: the ending module sees one total per team, in the
  order of ``teams``, and the winners are every member of the teams it names.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen._whole import is_whole
from hartenjagen.errors import RulesError
from hartenjagen.moves import MoonOption
from hartenjagen.rules.ending import Sheet, winners_of
from hartenjagen.rules.extras import HouseRule

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


def _teams(value: object) -> tuple[tuple[int, ...], ...]:
    """``value`` as a tuple of teams, each a tuple of seats; a `RulesError` naming what is wrong."""
    try:
        teams = tuple(tuple(team) for team in value)  # type: ignore[attr-defined]
    except TypeError:
        raise RulesError(
            f"Partnership: teams must be a list of teams, each a list of seats, not {value!r}"
        ) from None
    for team in teams:
        if not team:
            raise RulesError(f"Partnership: a team must hold at least one seat, not {team!r}")
        for seat in team:
            if not is_whole(seat) or seat < 0:
                raise RulesError(f"Partnership: a seat is a whole number from 0, not {seat!r}")
    return teams


@attrs.frozen
class Partnership(HouseRule):
    """The players play in teams: partners' points count together, for the moon and the end of the game.

    ``teams`` lists each team's seats ((0, 2) and (1, 3): partners sit
    opposite); every seat is in exactly one team. A team's total is the sum
    of its members' totals; the game ends and is won by team totals. A team
    shoots the moon when one member takes every moon card, or, with
    ``together_moon`` (the default), when its members take them between them.
    """

    teams: tuple[tuple[int, ...], ...] = attrs.field(default=((0, 2), (1, 3)), converter=_teams)
    together_moon: bool = True

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.together_moon, bool):
            raise RulesError(f"Partnership: together_moon must be True or False, not {self.together_moon!r}")
        seats = [seat for team in self.teams for seat in team]
        if len(self.teams) < 2:
            raise RulesError(
                f"Partnership: at least two teams are needed, not {len(self.teams)}: {self.teams!r}"
            )
        twice = sorted({seat for seat in seats if seats.count(seat) > 1})
        if twice:
            raise RulesError(f"Partnership: every seat is in exactly one team, but seat {twice[0]} is in two")
        missing = sorted(set(range(len(seats))) - set(seats))
        if missing:
            raise RulesError(
                f"Partnership: the teams must hold seats 0 to {len(seats) - 1} once each; seat {missing[0]} is in none"
            )

    def check(self, rules: Rules) -> None:
        seats = sum(len(team) for team in self.teams)
        if seats != rules.players:
            raise RulesError(
                f"Partnership: the teams {self.teams!r} hold {seats} seats, but the game has {rules.players} players"
            )
        others = [extra for extra in rules.extras if isinstance(extra, Partnership) and extra is not self]
        if others:
            raise RulesError(f"extras {self!r} and {others[0]!r} both declare teams; keep one")

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

    def team_of(self, seat: int) -> int:
        """The number of ``seat``'s team (its place in ``teams``)."""
        for number, team in enumerate(self.teams):
            if seat in team:
                return number
        raise RulesError(f"Partnership: seat {seat!r} is in no team of {self.teams!r}")

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other members of ``seat``'s team."""
        return tuple(other for other in self.teams[self.team_of(seat)] if other != seat)

    def team_totals(self, totals: Iterable[int]) -> tuple[int, ...]:
        """One total per team, in the order of ``teams``: the sum of its members' totals."""
        seats = tuple(totals)
        return tuple(sum(seats[seat] for seat in team) for team in self.teams)

    def seat_totals(self, totals: Iterable[int]) -> tuple[int, ...]:
        """Each seat's team total, seat by seat (partners show the same number)."""
        teams = self.team_totals(totals)
        seats = sum(len(team) for team in self.teams)
        return tuple(teams[self.team_of(seat)] for seat in range(seats))

    def members(self, numbers: Iterable[int]) -> tuple[int, ...]:
        """The seats of the teams numbered ``numbers``, in seat order (the winners of a team game)."""
        return tuple(sorted(seat for number in numbers for seat in self.teams[number]))


def _team_name(team: tuple[int, ...], language: str) -> str:
    word = "zitplaatsen" if language == "nl" else "seats"
    joined = " en ".join(map(str, team)) if language == "nl" else " and ".join(map(str, team))
    return f"{word} {joined}" if len(team) > 1 else ("zitplaats " if language == "nl" else "seat ") + joined


#: Four players, partners opposite: seats 0 and 2 against 1 and 3.
PARTNERS_OPPOSITE: Final = Partnership()


def teams_of(rules: Rules) -> Partnership | None:
    """The partnership ``rules`` declare in their ``extras``, or ``None`` when every seat plays alone."""
    for extra in rules.extras:
        if isinstance(extra, Partnership):
            return extra
    return None


def partners_of(rules: Rules, seat: int | None) -> tuple[int, ...]:
    """``seat``'s partners under ``rules`` (none when the rules declare no teams, or for no seat)."""
    teams = teams_of(rules) if rules.extras else None
    if teams is None or seat is None:
        return ()
    return teams.partners(seat)


def standings(rules: Rules, totals: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's total as the game is judged: its team's total where ``rules`` declare teams, else its own."""
    teams = teams_of(rules) if rules.extras else None
    return totals if teams is None else teams.seat_totals(totals)


def game_winners(rules: Rules, totals: tuple[int, ...], sheet: Sheet) -> tuple[int, ...]:
    """The winning seats of a game of ``rules`` that ended with ``totals`` after the hands of ``sheet``.

    Without teams, the ending's winners; with teams, the ending judges one
    total per team and every member of the teams it names wins.
    """
    teams = teams_of(rules) if rules.extras else None
    if teams is None:
        return winners_of(rules.ending, totals, sheet)
    return teams.members(winners_of(rules.ending, teams.team_totals(totals), sheet))


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


def team_moon_points(
    raw: tuple[int, ...],
    totals: tuple[int, ...],
    team: tuple[int, ...],
    shooter: int,
    own: tuple[int, ...],
    amount: int,
    option: MoonOption,
) -> tuple[int, ...]:
    """Each seat's points when ``team`` shot a moon worth ``amount`` (``shooter``: its member recorded) with ``option``.

    The team's members score ``own`` (their cards outside the moon set, per
    seat) and the option applies to the team: every opponent scores ``amount``
    more (``OTHERS_PLUS``), or the shooter ``amount`` less (``SELF_MINUS``), or
    each member's total goes back to 0 (``RESET``), or each opponent's total
    doubles (``DOUBLE``). The team-wide form of
    [`moon_points`][hartenjagen.rules.moon.moon_points].
    """
    points = list(raw)
    for seat in team:
        points[seat] = -totals[seat] if option is MoonOption.RESET else own[seat]
    for seat in range(len(raw)):
        if seat in team:
            continue
        if option is MoonOption.OTHERS_PLUS:
            points[seat] = raw[seat] + amount
        elif option is MoonOption.DOUBLE:
            points[seat] = raw[seat] + totals[seat]
    if option is MoonOption.SELF_MINUS:
        points[shooter] -= amount
    return tuple(points)
