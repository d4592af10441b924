"""Whether each earlier line of a loaded score sheet could have happened (for ``serialize.validate_state``).

A loaded state is validated by replaying its current hand; it keeps the score
sheet of every hand before that one, but not their cards, so those lines cannot
be replayed. Each is checked against what the rules derive from it instead:

- a hand voided by a revoke needs a revoke penalty, and scores exactly it;
- an announcement needs a house rule that opens that hand with one, and the
  announcers answer in turn from eldest;
- a shooter needs a moon that counts in that hand; a moon choice is named
  exactly when the moon offers several;
- the game went on after every line but the last (the ending was not reached);
- the raw points are ones some split of the pack's scoring cards among the
  seats gives (sixteen thousand hands of 0 points each are no Black Lady
  hands), and the shooter is the seat that took the moon cards in that split;
- the points are what the engine scores from the raw points, the moon, the
  ending and the house rules for such a split.

The split is searched for by how many cards of each value (and suit, for a
scoring module that counts more than values) each seat took, which the
library's scoring and moon modules depend on and nothing else. A rule module
of your own that overrides ``Scoring.points``, a ``Moon`` or a house rule's
``adjustments`` may depend on more: lines are then trusted as far as that
module goes. The search is bounded (``_STEPS`` per line, ``_VECTORS``
ways to hold the scoring cards); beyond that a line is trusted too.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Final

from hartenjagen.cards import CARD_COUNT
from hartenjagen.core.state import StateFields, from_fields, table_of
from hartenjagen.moves import MoonOption
from hartenjagen.rules import extras as extras_module
from hartenjagen.rules import moon as moon_module
from hartenjagen.rules import scoring as scoring_module
from hartenjagen.rules.extras import HandSummary, HouseRule
from hartenjagen.rules.scoring import Scoring
from hartenjagen.state import HandResult

if TYPE_CHECKING:
    from hartenjagen.state import State
    from hartenjagen.table import Table

#: At most this many ways for one seat to hold the pack's scoring cards are listed (else: trusted).
_VECTORS: Final = 20_000
#: At most this many steps of the search for one line (else: trusted).
_STEPS: Final = 20_000

#: A seat's capture: how many cards of each scoring group it took.
Vector = tuple[int, ...]


class SheetProblem(Exception):
    """A line that could not have happened: ``key`` is the field of the line, ``problem`` why."""

    def __init__(self, index: int, key: str, problem: str) -> None:
        super().__init__(problem)
        self.index = index
        self.key = key
        self.problem = problem


class _Groups:
    """The pack's scoring cards in groups a seat's points cannot tell apart, and the search for a split."""

    def __init__(self, table: Table) -> None:
        scoring = table.rules.scoring
        # The default points are the sum of the values taken: cards of one value are alike.
        # A module with its own points (HoemkeFirstTwoFree) may count a suit: group by both.
        additive = type(scoring).points is Scoring.points
        groups: dict[object, list[int]] = {}
        for p in table.pack:
            value = table.values[p % CARD_COUNT]
            if value:
                key = value if additive else (table.suit_of[p], value)
                groups.setdefault(key, []).append(p)
        self.members = list(groups.values())
        self.counts: Vector = tuple(len(members) for members in self.members)
        self.values = tuple(table.values[members[0] % CARD_COUNT] for members in self.members)
        self.additive = additive
        #: every capture by its raw points (listed for a module with its own points, if few enough)
        self.by_raw: dict[int, list[Vector]] | None = None
        self.raw_of: dict[Vector, int] = {}
        if not additive and math.prod(count + 1 for count in self.counts) <= _VECTORS:
            self.by_raw = {}
            for vector in itertools.product(*(range(count + 1) for count in self.counts)):
                raw = scoring.points(self.mask(vector), table)
                self.raw_of[vector] = raw
                self.by_raw.setdefault(raw, []).append(vector)

    def mask(self, vector: Vector) -> int:
        """A capture with that many cards of each group (the lowest of each group: they are alike)."""
        mask = 0
        for members, count in zip(self.members, vector, strict=True):
            for p in members[:count]:
                mask |= 1 << p
        return mask

    def value(self, vector: Vector) -> int:
        return sum(v * k for v, k in zip(self.values, vector, strict=True))

    def captures(self, target: int, left: Vector, steps: list[int]) -> Iterator[Vector]:
        """The captures of at most ``left`` cards per group worth ``target`` raw points."""
        if not self.additive:
            assert self.by_raw is not None
            for vector in self.by_raw.get(target, ()):
                steps[0] += 1
                if all(k <= m for k, m in zip(vector, left, strict=True)):
                    yield vector
            return
        values = self.values
        size = len(values)
        low = [0] * (size + 1)  # the least and the most the groups from g on can add
        high = [0] * (size + 1)
        for g in reversed(range(size)):
            low[g] = low[g + 1] + min(0, values[g] * left[g])
            high[g] = high[g + 1] + max(0, values[g] * left[g])
        chosen = [0] * size

        def fill(g: int, rest: int) -> Iterator[Vector]:
            if g == size:
                if rest == 0:
                    yield tuple(chosen)
                return
            for count in range(left[g] + 1):
                steps[0] += 1
                if steps[0] > _STEPS:
                    raise _TooLong
                after = rest - values[g] * count
                if low[g + 1] <= after <= high[g + 1]:
                    chosen[g] = count
                    yield from fill(g + 1, after)
            chosen[g] = 0

        yield from fill(0, target)

    def splits(self, raw: tuple[int, ...]) -> Iterator[tuple[Vector, ...]] | None:
        """Every split of the scoring cards among the seats that gives ``raw`` (``None``: too many to search)."""
        if not self.additive and self.by_raw is None:
            return None
        if self.additive and self.value(self.counts) != sum(raw):
            return iter(())  # every card is taken by someone: the raw points add up to the pack's
        n = len(raw)
        steps = [0]
        dead: set[tuple[int, Vector]] = set()

        def search(seat: int, left: Vector) -> Iterator[tuple[Vector, ...]]:
            if seat == n - 1:
                worth = self.value(left) if self.additive else self.raw_of.get(left)
                if worth == raw[seat]:
                    yield (left,)
                return
            if (seat, left) in dead:
                return
            found = False
            for vector in self.captures(raw[seat], left, steps):
                if steps[0] > _STEPS:
                    raise _TooLong
                rest = tuple(a - b for a, b in zip(left, vector, strict=True))
                for tail in search(seat + 1, rest):
                    found = True
                    yield (vector, *tail)
            if not found:
                dead.add((seat, left))

        return search(0, self.counts)


class _TooLong(Exception):
    """The search for a split ran out of steps."""


@functools.lru_cache(maxsize=16)
def _groups(table: Table) -> _Groups:
    return _Groups(table)


def _library(module: object, home: object) -> bool:
    return type(module).__module__ == getattr(home, "__name__", None)


def _adjusts(extra: HouseRule) -> bool:
    return type(extra).adjustments is not HouseRule.adjustments


def check_lines(state: StateFields, ask: Callable[..., object]) -> None:
    """Check every line of ``state.score_sheet``; raise `SheetProblem` for the first that cannot be.

    ``state`` is the fields of the state being loaded (the kernel's
    [`StateFields`][hartenjagen.core.state.StateFields]); ``ask(key, what, call,
    *args)`` runs a rule module's hook, reporting what it raises.
    """
    table = state.table
    rules = table.rules
    n = table.players
    sheet = state.score_sheet
    options: tuple[MoonOption, ...] = ask("rules", "list the moon options", rules.moon.options)  # type: ignore[assignment]
    penalty = None
    for extra in rules.extras:
        penalty = ask("rules", "give the revoke penalty", extra.revoke_penalty, table)
        if penalty is not None:
            break
    known_scoring = _library(rules.scoring, scoring_module) or type(rules.scoring).points is Scoring.points
    known_moon = _library(rules.moon, moon_module)
    known_extras = all(_library(e, extras_module) or not _adjusts(e) for e in rules.extras)
    before = (0,) * n
    for i, line in enumerate(sheet):
        prefix = sheet[:i]
        if i and ask("score_sheet", "say whether the game is over", rules.ending.is_over, before, prefix):
            raise SheetProblem(i, "hand_index", "the game was over after the line before: no hand follows")
        if line.announcers:  # the hook sees the game as it was when that hand was dealt
            probe = from_fields(
                state._replace(
                    score_sheet=prefix, scores=before, dealer=line.dealer, hand_index=line.hand_index,
                    trick_cards=(), tricks=(), taken_masks=(0,) * n, carry=0, shooter=None,
                )
            )  # fmt: skip
            _check_announcers(i, line, probe, ask)
        if line.revoke is not None:
            if penalty is None:
                raise SheetProblem(i, "revoke", "no house rule of these rules penalizes a revoke")
            expected = tuple(penalty if seat == line.revoke else 0 for seat in range(n))
            if line.points != expected:
                raise SheetProblem(i, "points", f"a revoke scores {list(expected)}, not {list(line.points)}")
            if line.moon_choice is not None:
                raise SheetProblem(i, "moon_choice", "a hand voided by a revoke has no moon")
        else:
            moon_counts = bool(
                ask("score_sheet", "say whether the moon counts", rules.ending.moon_applies, prefix)
            )
            if line.shooter is not None and not (options and moon_counts):
                why = "these rules have no moon" if not options else "the moon does not count in this hand"
                raise SheetProblem(i, "shooter", f"a shooter is named, but {why}")
            chosen = line.shooter is not None and len(options) > 1
            if chosen and line.moon_choice is None:
                raise SheetProblem(
                    i, "moon_choice", "the shooter chose how the moon is scored: name the choice"
                )
            if not chosen and line.moon_choice is not None:
                raise SheetProblem(i, "moon_choice", "there was no choice of how the moon is scored")
            if known_scoring:
                _check_split(i, line, before, prefix, moon_counts, known_moon and known_extras, table, ask)
        before = line.totals


def _check_announcers(i: int, line: HandResult, probe: State, ask: Callable[..., object]) -> None:
    table = table_of(probe)
    if not any(
        ask("rules", "say whether a hand opens with announcements", e.announces, probe)
        for e in table.rules.extras
    ):
        raise SheetProblem(i, "announcers", "no house rule of these rules opens this hand with announcements")
    order = [(line.dealer + step) % table.players for step in range(1, table.players + 1)]
    positions = [order.index(seat) for seat in line.announcers]
    if positions != sorted(positions):
        raise SheetProblem(i, "announcers", "seats announce in turn from eldest (left of the dealer)")


def _check_split(
    i: int,
    line: HandResult,
    before: tuple[int, ...],
    prefix: tuple[HandResult, ...],
    moon_counts: bool,
    derive_points: bool,
    table: Table,
    ask: Callable[..., object],
) -> None:
    """Some split of the scoring cards gives the raw points, the shooter and (if derivable) the points."""
    groups = _groups(table)
    splits = groups.splits(line.raw)
    if splits is None:
        return
    derived: tuple[int, ...] | None = None
    scored = 0  # ways of scoring tried (each seat that took no card may have won no trick)
    try:
        for split in splits:
            taken = tuple(groups.mask(vector) for vector in split)
            if moon_counts:
                shooter = ask("score_sheet", "find the moon shooter", table.rules.moon.shooter, taken, table)
                if shooter != line.shooter:
                    continue
            if not derive_points:
                return
            for points in _points(line, before, prefix, taken, table, ask):
                if points == line.points:
                    return
                derived = derived or points
                scored += 1
                if scored > _STEPS:
                    raise _TooLong
    except _TooLong:
        return
    if derived is None:
        who = "" if line.shooter is None else f" with seat {line.shooter} shooting the moon"
        raise SheetProblem(i, "raw", f"no hand gives these raw points{who}: {list(line.raw)}")
    raise SheetProblem(
        i, "points", f"the rules score these raw points as {list(derived)}, not {list(line.points)}"
    )


def _points(
    line: HandResult,
    before: tuple[int, ...],
    prefix: tuple[HandResult, ...],
    taken: tuple[int, ...],
    table: Table,
    ask: Callable[..., object],
) -> Iterator[tuple[int, ...]]:
    """The points the engine scores for this capture (as the kernel's ``finish_hand``), for each count of tricks that matters.

    Only whether a seat won no trick matters to the library's house rules: a seat that took
    a scoring card won a trick; one that took none may have won tricks of cards worth 0.
    """
    rules = table.rules
    n = table.players
    raw, shooter = line.raw, line.shooter
    scored = raw
    if shooter is not None:
        options: tuple[MoonOption, ...] = rules.moon.options()
        option = line.moon_choice if line.moon_choice is not None else options[0]
        scored = ask(
            "score_sheet", "settle the moon", rules.moon.settle, raw, taken, before, shooter, option, table
        )  # type: ignore[assignment]
    totals: tuple[int, ...] = ask("score_sheet", "add up the hand", rules.ending.add, before, scored, prefix)  # type: ignore[assignment]
    if not rules.extras:
        yield tuple(after - b for after, b in zip(totals, before, strict=True))
        return
    empty = [seat for seat in range(n) if not taken[seat]]
    for size in range(len(empty) + 1):
        for idle in itertools.combinations(empty, size):
            if len(idle) == n:
                continue  # somebody won the last trick
            won = tuple(0 if seat in idle else 1 for seat in range(n))
            summary = HandSummary(raw, taken, won, shooter, line.announcers, table)
            adjusted = totals
            for extra in rules.extras:
                change = ask("score_sheet", "adjust the totals", extra.adjustments, summary)
                if change:  # as the kernel does: the ending says how a direct change adds up
                    adjusted = ask(  # type: ignore[assignment]
                        "score_sheet", "adjust the totals", rules.ending.adjust, adjusted, change, prefix
                    )
            yield tuple(after - b for after, b in zip(adjusted, before, strict=True))
