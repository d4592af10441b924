"""House rules that fit no other slot (RULES.md §1.8, §1.14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from hartenjagen.errors import RulesError

if TYPE_CHECKING:
    from hartenjagen.rules import Rules


class HouseRule:
    """An entry of the ``extras`` slot. Override the hooks the rule needs; the rest do nothing."""

    def adjust_hand_points(
        self, points: tuple[int, ...], tricks_won: tuple[int, ...], shooter: int | None
    ) -> tuple[int, ...]:
        """Change the points each seat scores this hand (after the moon)."""
        return points

    def check(self, rules: Rules) -> None:
        """Raise :class:`RulesError` if this rule cannot work with the rest of ``rules``."""


@attrs.frozen
class NoTricksBonus(HouseRule):
    """A player who won no trick in the hand scores ``points`` (−5), unless someone shot the moon.

    RULES.md §1.14; OpenSpiel ``avoid_all_tricks_bonus``.
    """

    points: int = -5

    def __attrs_post_init__(self) -> None:
        if isinstance(self.points, bool) or not isinstance(self.points, int):
            raise RulesError(f"extras: NoTricksBonus points must be a whole number, not {self.points!r}")

    def adjust_hand_points(
        self, points: tuple[int, ...], tricks_won: tuple[int, ...], shooter: int | None
    ) -> tuple[int, ...]:
        if shooter is not None:
            return points
        return tuple(p + self.points if won == 0 else p for p, won in zip(points, tricks_won, strict=True))
