"""Immutable sequences of legal moves, built lazily.

``legal_moves`` returns one of these. They support ``len``, indexing,
slicing, ``in`` and iteration in a stable order, and build move objects only
when asked: a random choice among the hundreds of three-card passes costs one
combination, and ``in`` is a bit test.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, overload

from hartenjagen.cards import Card
from hartenjagen.moves import Pass, Play

if TYPE_CHECKING:
    from hartenjagen.table import Table


class _LazyMoves(Sequence):  # type: ignore[type-arg]
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=False))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def _index(self, index: int) -> int:
        try:
            index = operator.index(index)  # as a tuple: 1.5 or "1" is no index
        except TypeError:
            kind = type(index).__name__
            raise TypeError(f"legal move indices must be integers or slices, not {kind}") from None
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("legal move index out of range")
        return index


class PlayMoves(_LazyMoves):
    """The cards one seat may play, as ``Play`` moves in card order (clubs, diamonds, hearts, spades)."""

    __slots__ = ("_seat", "_plays", "_mask", "_items")

    def __init__(self, seat: int, plays: tuple[Play, ...], mask: int) -> None:
        self._seat = seat
        self._plays = plays  # interned Play per Card.index for this seat
        self._mask = mask  # bits by Card.index
        self._items: tuple[Play, ...] | None = None

    def _materialize(self) -> tuple[Play, ...]:
        items = self._items
        if items is None:
            plays = self._plays
            out = []
            mask = self._mask
            while mask:
                low = mask & -mask
                out.append(plays[low.bit_length() - 1])
                mask ^= low
            items = self._items = tuple(out)
        return items

    def __len__(self) -> int:
        return self._mask.bit_count()

    @overload
    def __getitem__(self, index: int) -> Play: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Play, ...]: ...
    def __getitem__(self, index: int | slice) -> Play | tuple[Play, ...]:
        if type(index) is int and self._items is None:
            # One move asked for (a random choice): walk to its bit instead of listing them all.
            mask = self._mask
            size = mask.bit_count()
            if index < 0:
                index += size
            if not 0 <= index < size:
                raise IndexError("legal move index out of range")
            for _ in range(index):
                mask &= mask - 1
            return self._plays[(mask & -mask).bit_length() - 1]
        return self._materialize()[index]

    def __iter__(self) -> Iterator[Play]:
        return iter(self._materialize())

    def __contains__(self, move: object) -> bool:
        return type(move) is Play and move.seat == self._seat and bool(self._mask >> move.card.index & 1)

    def __repr__(self) -> str:
        return f"PlayMoves({list(self._materialize())!r})"


class PassMoves(_LazyMoves):
    """Every ``Pass`` of ``count`` cards for each seat that still has to choose.

    Ordered by seat, then by the cards chosen in lexicographic order of the
    seat's sorted cards. Nothing is built until asked for: ``len`` is a sum of
    binomials and ``moves[i]`` unranks one combination. (With a double deck,
    where a seat may hold two copies of a card, a seat's choices are listed
    once, on first use.)
    """

    __slots__ = ("_table", "_hands", "_count", "_sizes", "_cards", "_listed", "_multiset")

    def __init__(self, table: Table, hands: tuple[tuple[int, int], ...], count: int) -> None:
        self._table = table
        self._hands = hands  # (seat, physical cards it may choose from) per seat
        self._count = count
        self._multiset = table.copies > 1
        self._cards: dict[int, tuple[Card, ...]] = {}
        self._listed: dict[int, tuple[tuple[Card, ...], ...]] = {}
        if self._multiset:
            # A card held twice can be passed once or twice: count the different choices.
            distinct = tuple(table.distinct(mask).bit_count() for _, mask in hands)
            twice = tuple((mask & (mask >> 52) & ((1 << 52) - 1)).bit_count() for _, mask in hands)
            self._sizes = tuple(
                _multiset_choices(one - two, two, count) for one, two in zip(distinct, twice, strict=True)
            )
        else:
            self._sizes = tuple(comb(mask.bit_count(), count) for _, mask in hands)

    def _seat_cards(self, seat: int, mask: int) -> tuple[Card, ...]:
        cards = self._cards.get(seat)
        if cards is None:
            cards = self._cards[seat] = self._table.cards(mask)
        return cards

    def _choices(self, seat: int, mask: int) -> tuple[tuple[Card, ...], ...]:
        listed = self._listed.get(seat)
        if listed is None:
            listed = self._listed[seat] = tuple(
                dict.fromkeys(combinations(self._seat_cards(seat, mask), self._count))
            )
        return listed

    def __len__(self) -> int:
        return sum(self._sizes)

    @overload
    def __getitem__(self, index: int) -> Pass: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Pass, ...]: ...
    def __getitem__(self, index: int | slice) -> Pass | tuple[Pass, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        index = self._index(index)
        for (seat, mask), size in zip(self._hands, self._sizes, strict=True):
            if index < size:
                if self._multiset:
                    listed = self._listed.get(seat)
                    if listed is not None:
                        return Pass(seat, listed[index])
                    return Pass(seat, _unrank_multiset(self._seat_cards(seat, mask), self._count, index))
                return Pass(seat, _unrank(self._seat_cards(seat, mask), self._count, index))
            index -= size
        raise AssertionError("unreachable")  # pragma: no cover

    def __iter__(self) -> Iterator[Pass]:
        for seat, mask in self._hands:
            choices = (
                self._choices(seat, mask)
                if self._multiset
                else combinations(self._seat_cards(seat, mask), self._count)
            )
            for chosen in choices:
                yield Pass(seat, chosen)

    def __contains__(self, move: object) -> bool:
        if type(move) is not Pass or len(move.cards) != self._count:
            return False
        for seat, mask in self._hands:
            if seat == move.seat:
                available = list(self._seat_cards(seat, mask))
                for card in move.cards:
                    if card not in available:
                        return False
                    available.remove(card)
                return True
        return False

    def __repr__(self) -> str:
        seats = [seat for seat, _ in self._hands]
        return f"<PassMoves of {self._count} cards for seats {seats}: {len(self)} moves>"


def _multiset_choices(singles: int, doubles: int, k: int) -> int:
    """How many different k-card choices a hand has with ``singles`` cards once and ``doubles`` twice."""
    return sum(comb(doubles, two) * comb(singles + doubles - two, k - 2 * two) for two in range(k // 2 + 1))


def _unrank_multiset(cards: tuple[Card, ...], k: int, index: int) -> tuple[Card, ...]:
    """The ``index``-th different k-card choice from sorted ``cards`` (a card may be there twice, not more).

    The order is that of the deduplicated ``combinations(cards, k)``: lexicographic.
    """
    items, counts, ways = _choice_counts(cards, k)
    out: list[Card] = []
    j = used = 0
    while len(out) < k:
        rest = k - len(out) - 1  # cards still to choose after taking items[j] now
        left = counts[j] - used - 1  # copies of items[j] still free after taking one now
        taking = sum(ways[j + 1][rest - m] for m in range(min(left, rest) + 1)) if left >= 0 else 0
        if index < taking:
            out.append(items[j])
            used += 1
        else:
            index -= taking
            j += 1
            used = 0
    return tuple(out)


@functools.lru_cache(maxsize=256)
def _choice_counts(
    cards: tuple[Card, ...], k: int
) -> tuple[tuple[Card, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The different cards of sorted ``cards``, how often each is there, and ``ways[j][r]``:
    how many different r-card choices the cards from the j-th on offer (kept: a seat's
    cards stay the same for every random pass drawn in a passing phase)."""
    items: list[Card] = []
    counts: list[int] = []
    for card in cards:  # sorted, so the copies of a card stand together
        if items and items[-1] is card:
            counts[-1] += 1
        else:
            items.append(card)
            counts.append(1)
    ways = [[0] * (k + 1) for _ in range(len(items) + 1)]
    ways[len(items)][0] = 1
    for j in range(len(items) - 1, -1, -1):
        after, row, copies = ways[j + 1], ways[j], counts[j]
        for r in range(k + 1):
            row[r] = (
                after[r] + (after[r - 1] if r >= 1 else 0) + (after[r - 2] if copies == 2 and r >= 2 else 0)
            )
    return tuple(items), tuple(counts), tuple(map(tuple, ways))


def _unrank(items: tuple[Card, ...], k: int, index: int) -> tuple[Card, ...]:
    """The ``index``-th k-combination of ``items`` in lexicographic order."""
    out = []
    position = 0
    n = len(items)
    for slot in range(k):
        while True:
            with_this = comb(n - position - 1, k - slot - 1)
            if index < with_this:
                out.append(items[position])
                position += 1
                break
            index -= with_this
            position += 1
    return tuple(out)
