"""The lazy immutable sequence of legal passes (compiled with the rest of the kernel).

``legal_moves`` returns a `PassMoves` in the passing phase (plays are a
plain tuple). It supports ``len``, indexing, slicing, ``in`` and iteration in a
stable order, and builds move objects only when asked: a random choice among
the hundreds of three-card passes costs one combination.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from math import comb
from typing import Any, Final, cast, final

from hartenjagen.cards import ANY_CARDS, CARD_COUNT, AnyCard
from hartenjagen.core.table import ONE_PACK, Table, popcount
from hartenjagen.moves import Pass, trusted_pass

# Binomials C(n, k) for n < 64 and k < 8, looked up instead of calling math.comb (a Python call) per step.
_CHOOSE_K: Final = 8
_CHOOSE: Final = tuple([comb(n, k) for n in range(64) for k in range(8)])


def choose(n: int, k: int) -> int:
    """C(n, k): the number of k-card choices from n cards (0 when k > n)."""
    if 0 <= k < _CHOOSE_K and 0 <= n < 64:
        return _CHOOSE[n * _CHOOSE_K + k]
    return comb(n, k)


@final
class PassMoves:
    """Every ``Pass`` of ``count`` cards for each seat that still has to choose.

    Ordered by seat, then by the cards chosen in lexicographic order of the
    seat's sorted cards. Nothing is built until asked for: ``len`` is a sum of
    binomials and ``moves[i]`` unranks one combination. With a double deck,
    where a seat may hold two copies of a card, a card held twice may be passed
    once or twice and each different choice is listed once.
    """

    __slots__ = ("_table", "_hands", "_count", "_sizes", "_total", "_cards")

    _table: Table
    _hands: tuple[tuple[int, int], ...]
    _count: int
    _sizes: tuple[int, ...]
    _total: int
    _cards: list[tuple[AnyCard, ...] | None]

    def __init__(self, table: Table, hands: tuple[tuple[int, int], ...], count: int) -> None:
        self._table = table
        self._hands = hands  # (seat, physical cards it may choose from) per seat
        self._count = count
        sizes = []
        for _, mask in hands:
            if table.copies > 1:
                # A card held twice can be passed once or twice: count the different choices.
                ones, twos = mask & ONE_PACK, mask >> CARD_COUNT  # machine-word halves: one per pack
                twice = popcount(ones & twos)
                sizes.append(_multiset_choices(popcount(ones | twos) - twice, twice, count))
            else:
                sizes.append(choose(popcount(mask), count))
        self._sizes = tuple(sizes)
        self._total = sum(sizes)
        self._cards = [None] * len(hands)

    def _seat_cards(self, position: int) -> tuple[AnyCard, ...]:
        cards = self._cards[position]
        if cards is None:
            cards = self._table.any_cards(self._hands[position][1])
            self._cards[position] = cards
        return cards

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that still have to choose their pass, in seat order."""
        return tuple([seat for seat, _ in self._hands])

    def passable(self, seat: object) -> tuple[AnyCard, ...]:
        """The cards ``seat`` may choose its pass from, in card order (a card held twice is there twice).

        Every legal ``Pass`` of the seat is ``state.pass_count`` of these cards. A seat that does
        not pass now (it has chosen already, or holds in this hand) gets ``()``.
        """
        if type(seat) is not int:
            return ()
        for position, (known, _) in enumerate(self._hands):
            if known == seat:
                return self._seat_cards(position)
        return ()

    def __len__(self) -> int:
        return self._total

    def __getitem__(self, index: object) -> Any:
        if isinstance(index, slice):
            return tuple([self._at(i) for i in range(*index.indices(self._total))])
        try:
            position = operator.index(cast(Any, index))  # as a tuple: 1.5 or "1" is no index
        except TypeError:
            raise TypeError(
                f"legal move indices must be integers or slices, not {type(index).__name__}"
            ) from None
        if position < 0:
            position += self._total
        if not 0 <= position < self._total:
            raise IndexError("legal move index out of range")
        return self._at(position)

    def _at(self, index: int) -> Pass:
        for position in range(len(self._hands)):
            size = self._sizes[position]
            if index < size:
                seat, mask = self._hands[position]
                if self._table.copies > 1:
                    return trusted_pass(seat, _unrank_multiset(mask, self._count, index))
                return trusted_pass(seat, self._table.any_cards(unrank_bits(mask, self._count, index)))
            index -= size
        raise IndexError("legal move index out of range")  # pragma: no cover - checked by the caller

    def __iter__(self) -> Iterator[Pass]:
        return iter([self._at(i) for i in range(self._total)])

    def __contains__(self, move: object) -> bool:
        if type(move) is not Pass or len(move.cards) != self._count:
            return False
        for position, (seat, _) in enumerate(self._hands):
            if seat == move.seat:
                available = list(self._seat_cards(position))
                for card in move.cards:
                    if card not in available:
                        return False
                    available.remove(card)
                return True
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Sequence, PassMoves)) and not isinstance(other, str):
            mine = list(self)
            theirs = list(cast(Sequence[object], other))
            return len(mine) == len(theirs) and all(a == b for a, b in zip(mine, theirs, strict=True))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        raise TypeError("unhashable type: 'PassMoves'")

    def __reversed__(self) -> Iterator[Pass]:
        return iter([self._at(i) for i in range(self._total - 1, -1, -1)])

    def index(self, value: object) -> int:
        """The position of ``value`` (``ValueError`` if it is not there)."""
        for i in range(self._total):
            if self._at(i) == value:
                return i
        raise ValueError(f"{value!r} is not a legal move")

    def count(self, value: object) -> int:
        """1 if ``value`` is among the moves, else 0 (each move is listed once)."""
        return 1 if value in self else 0

    def __repr__(self) -> str:
        return f"<PassMoves of {self._count} cards for seats {list(self.seats)}: {self._total} moves>"


Sequence.register(PassMoves)


def _multiset_choices(singles: int, doubles: int, k: int) -> int:
    """How many different k-card choices a hand has with ``singles`` cards once and ``doubles`` twice."""
    total = 0
    for two in range(k // 2 + 1):
        total += choose(doubles, two) * choose(singles + doubles - two, k - 2 * two)
    return total


def unrank_bits(mask: int, k: int, index: int) -> int:
    """The ``index``-th k-subset of the set bits of ``mask``, lexicographic from the lowest bit."""
    after = popcount(mask)  # the bits after the current one, once it is taken off
    out = 0
    chosen = 0
    while chosen < k:
        low = mask & -mask
        mask ^= low
        after -= 1
        with_this = choose(after, k - chosen - 1)
        if index < with_this:
            out |= low
            chosen += 1
        else:
            index -= with_this
    return out


def _unrank_multiset(mask: int, k: int, index: int) -> tuple[AnyCard, ...]:
    """The ``index``-th different k-card choice from the physical cards ``mask`` (two packs at most).

    A card held twice may be chosen once or twice. The order is that of the
    deduplicated ``combinations`` of the sorted cards: lexicographic.
    """
    ones, twos = mask & ONE_PACK, mask >> CARD_COUNT  # machine-word halves: one per pack
    held = ones | twos
    doubles = ones & twos
    # The choices of the cards after the current one are counted in closed form
    # (`_multiset_choices` of the singles and doubles left): no table is built.
    doubles_left = popcount(doubles)
    singles_left = popcount(held) - doubles_left
    out: list[AnyCard] = []
    used = 0  # copies of the current card (the lowest of ``held``) chosen so far
    while len(out) < k:
        low = held & -held
        double = 1 if doubles & low else 0
        # Counting what follows the current card: one card fewer, and one double fewer if it is one.
        singles_after = singles_left - 1 + double
        doubles_after = doubles_left - double
        rest = k - len(out) - 1  # cards still to choose after taking the current one now
        taking = 0
        for more in range(min(double - used, rest) + 1):  # more copies of it after this one
            taking += _multiset_choices(singles_after, doubles_after, rest - more)
        if index < taking:
            out.append(ANY_CARDS[low.bit_length() - 1])
            used += 1
        else:
            index -= taking
            held ^= low
            singles_left, doubles_left = singles_after, doubles_after
            used = 0
    return tuple(out)
