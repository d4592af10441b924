"""Who plays with whom: the teams a rules value declares, and the questions the engine asks of them.

A house rule declares teams by overriding
[`HouseRule.partnerships`][hartenjagen.rules.extras.HouseRule.partnerships]
(each team a tuple of seats, every seat in exactly one team); at most one
house rule of a ruleset may. [`sides_of`][hartenjagen.rules.sides.sides_of]
finds that declaration and answers, for the engine, the bots and the views,
the general questions of a game in teams:

- **who plays with whom**: ``team_of``, ``partners``;
- **the moon**: who is recorded as the shooter when no seat alone took every
  moon card (the rule's ``team_moon_shooter``) and each seat's points after a
  team's moon (the rule's ``settle_team_moon``);
- **the end**: the totals the ending judges (the rule's ``judged_totals``, by
  default one per team) and the seats that win when the ending names some of
  them (the rule's ``winning_seats``, by default every member of the named teams).

Nothing here knows a particular team rule: [`Partnership`][hartenjagen.rules.teams.Partnership]
is one, and a rule of one's own (teams of three at six seats) is another.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

import attrs

from hartenjagen._whole import is_whole
from hartenjagen.errors import RulesError
from hartenjagen.moves import MoonOption
from hartenjagen.rules.ending import Sheet, winners_of

if TYPE_CHECKING:
    from hartenjagen.rules import Rules
    from hartenjagen.rules.extras import HouseRule

__all__ = ["Sides", "check_teams", "sides_of", "team_moon_points"]

Teams = tuple[tuple[int, ...], ...]


def check_teams(name: str, teams: object, players: int) -> Teams:
    """``teams`` as the rule ``name`` declares them, checked for ``players`` seats; a `RulesError` naming what is wrong.

    Teams are a tuple of at least two teams, each a tuple of at least one
    seat, and every seat of the game is in exactly one of them.
    """
    try:
        checked = tuple(tuple(team) for team in teams)  # type: ignore[attr-defined]
    except TypeError:
        raise RulesError(
            f"{name}: teams must be a list of teams, each a list of seats, not {teams!r}"
        ) from None
    for team in checked:
        if not team:
            raise RulesError(f"{name}: a team must hold at least one seat, not {team!r}")
        for seat in team:
            if not is_whole(seat) or seat < 0:
                raise RulesError(f"{name}: a seat is a whole number from 0, not {seat!r}")
    if len(checked) < 2:
        raise RulesError(f"{name}: at least two teams are needed, not {len(checked)}: {checked!r}")
    seats = [seat for team in checked for seat in team]
    twice = sorted({seat for seat in seats if seats.count(seat) > 1})
    if twice:
        raise RulesError(f"{name}: every seat is in exactly one team, but seat {twice[0]} is in two")
    if len(seats) != players:
        raise RulesError(
            f"{name}: the teams {checked!r} hold {len(seats)} seats, but the game has {players} players"
        )
    missing = sorted(set(range(players)) - set(seats))
    if missing:
        raise RulesError(
            f"{name}: the teams must hold seats 0 to {players - 1} once each; seat {missing[0]} is in none"
        )
    return checked


#: A total: points (int), or a reward (float) where the adapters sum a team's rewards.
_Total = TypeVar("_Total", int, float)


@attrs.frozen
class Sides:
    """The teams of a ruleset and the house rule that declares them: the engine's one view of teams."""

    #: each team's seats, in the order the rule declares them
    teams: Teams
    #: the house rule that declares the teams (its hooks answer the moon and the end)
    rule: HouseRule

    def team_of(self, seat: int) -> int:
        """The number of ``seat``'s team (its place in ``teams``)."""
        for number, team in enumerate(self.teams):
            if seat in team:
                return number
        raise RulesError(f"{self.rule!r}: seat {seat!r} is in no team of {self.teams!r}")

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other members of ``seat``'s team."""
        return tuple(other for other in self.teams[self.team_of(seat)] if other != seat)

    def team_totals(self, totals: Iterable[_Total]) -> tuple[_Total, ...]:
        """One total per team, in the order of ``teams``: the sum of its members' totals."""
        seats = tuple(totals)
        return tuple(sum(seats[seat] for seat in team) for team in self.teams)

    def seat_totals(self, totals: Iterable[_Total]) -> tuple[_Total, ...]:
        """Each seat's team total, seat by seat (partners show the same number)."""
        teams = self.team_totals(totals)
        seats = sum(len(team) for team in self.teams)
        return tuple(teams[self.team_of(seat)] for seat in range(seats))

    def members(self, numbers: Iterable[int]) -> tuple[int, ...]:
        """The seats of the teams numbered ``numbers``, in seat order."""
        return tuple(sorted(seat for number in numbers for seat in self.teams[number]))

    def moon_shooter(self, moon_points: Sequence[int], together: Sequence[bool]) -> int | None:
        """The seat recorded as a team moon's shooter when no seat alone took every moon card (``None``: no moon).

        ``moon_points[seat]`` is the moon-card points each seat took,
        ``together[t]`` whether team ``t``'s members took every moon card
        between them; the rule's ``team_moon_shooter`` answers.
        """
        shooter = self.rule.team_moon_shooter(self.teams, tuple(moon_points), tuple(together))
        if shooter is not None and not (is_whole(shooter) and 0 <= shooter < len(moon_points)):
            raise RulesError(
                f"{self.rule!r}: team_moon_shooter must name a seat from 0 to {len(moon_points) - 1} or None,"
                f" not {shooter!r}"
            )
        return shooter

    def settle(
        self,
        raw: tuple[int, ...],
        totals: tuple[int, ...],
        shooter: int,
        own: tuple[int, ...],
        amount: int,
        option: MoonOption,
    ) -> tuple[int, ...]:
        """Each seat's points after ``shooter``'s team shot a moon worth ``amount`` (the rule's ``settle_team_moon``)."""
        team = self.teams[self.team_of(shooter)]
        points = tuple(self.rule.settle_team_moon(raw, totals, team, shooter, own, amount, option))
        if len(points) != len(raw) or not all(is_whole(point) for point in points):
            raise RulesError(
                f"{self.rule!r}: settle_team_moon must give {len(raw)} whole numbers, one a seat, not {points!r}"
            )
        return points

    def judged(self, totals: tuple[int, ...]) -> tuple[int, ...]:
        """The totals the ending judges when the game's totals are ``totals`` (the rule's ``judged_totals``)."""
        return tuple(self.rule.judged_totals(self.teams, totals))

    def winners(self, rules: Rules, totals: tuple[int, ...], sheet: Sheet) -> tuple[int, ...]:
        """The winning seats: the ending judges ``judged(totals)``, the rule's ``winning_seats`` names the seats."""
        return self.seats(winners_of(rules.ending, self.judged(totals), sheet))

    def seats(self, named: tuple[int, ...]) -> tuple[int, ...]:
        """The seats that win when the ending names the places ``named`` of the judged totals (``winning_seats``)."""
        return tuple(self.rule.winning_seats(self.teams, named))


#: `sides_of` by rules value: asked at every hand's end and by every view, it depends on the rules alone.
_SIDES: dict[object, Sides | None] = {}


def sides_of(rules: Rules) -> Sides | None:
    """The teams ``rules`` declare through a house rule's ``partnerships``, or ``None`` when every seat plays alone."""
    if not rules.extras:
        return None
    try:
        return _SIDES[rules]
    except KeyError:
        pass
    found: Sides | None = None
    for extra in rules.extras:
        teams = extra.partnerships()
        if teams:
            found = Sides(check_teams(repr(extra), teams, rules.players), extra)
            break
    if len(_SIDES) >= 256:  # bounded: rules values come from outside
        _SIDES.clear()
    _SIDES[rules] = found
    return found


def declaring(extras: Iterable[HouseRule]) -> tuple[HouseRule, ...]:
    """The house rules of ``extras`` that declare teams (a ruleset keeps one)."""
    return tuple(extra for extra in extras if extra.partnerships())


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
