"""The random draws of a game's chance events: shuffles and choices, reproducible from a text key.

Every chance event of a seeded game (a deal, a drawn pass direction, a cut
for the first dealer, a redealt pool) draws from its own `Draws`, keyed by
the game's seed, the deal and the purpose. The generator is xoshiro128**
(Blackman and Vigna), seeded with the 128-bit BLAKE2b digest of the key: a
few integer operations a draw, on 32-bit words that stay machine integers in
the compiled core, and setting it up costs a hash rather than seeding a
Mersenne Twister (which cost as much as the 52 plays of a hand). Whole
numbers below ``n`` are drawn by rejection, so they carry no bias. A shuffle
draws its swap positions several to a word (mixed-radix digits of a word
drawn by rejection), also without bias: a deal takes about nine words.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar, final

if TYPE_CHECKING:  # machine integers in the compiled core; never imported at run time
    from mypy_extensions import i64

T = TypeVar("T")

_WORD: Final = 0xFFFFFFFF
_SPAN: Final = 1 << 32  # the number of values of a word


def shuffle_groups(n: int) -> tuple[tuple[int, int], ...]:
    """How a shuffle of ``n`` items groups its draws: ``(last, limit)`` for each group, in order.

    Fisher–Yates swaps position ``i`` with one drawn below ``i + 1``, for ``i``
    from ``n - 1`` down to 1. Going down, each group takes the next positions,
    down to ``last + 1``: as many as have ranges whose product ``span`` stays
    at most 2**32. Its word is drawn again until it is below ``limit``, the
    largest multiple of ``span`` that fits in a word, so every combination of
    swap positions is equally likely.
    """
    if n > _SPAN:
        raise ValueError(f"cannot shuffle more than 2**32 items, not {n}")
    groups = []
    i = n - 1
    while i > 0:
        span = i + 1
        last = i - 1
        while last > 0 and span * (last + 1) <= _SPAN:
            span *= last + 1
            last -= 1
        groups.append((last, _SPAN - _SPAN % span))
        i = last
    return tuple(groups)


#: The groups of a shuffle of up to two packs and a bit, worked out once.
_GROUPS: Final = tuple(shuffle_groups(n) for n in range(128))


@final
class Draws:
    """Reproducible draws for one purpose, from the text ``key``."""

    _a: int
    _b: int
    _c: int
    _d: int

    def __init__(self, key: str) -> None:
        digest = hashlib.blake2b(key.encode(), digest_size=16).digest()
        self._a = int.from_bytes(digest[0:4], "little")
        self._b = int.from_bytes(digest[4:8], "little")
        self._c = int.from_bytes(digest[8:12], "little")
        self._d = int.from_bytes(digest[12:16], "little") or 1  # the all-zero state never moves

    def words(self) -> tuple[int, int, int, int]:
        """The generator's four state words: `set_words` of them later draws the same again."""
        return self._a, self._b, self._c, self._d

    def set_words(self, words: tuple[int, int, int, int]) -> None:
        """Put the generator back to ``words`` (as `words` returned them; the last never 0)."""
        self._a, self._b, self._c, self._d = words

    def split(self) -> Draws:
        """A stream of its own: a generator seeded with the next four words of this one (its last word never 0).

        Each batch playout draws from one; the native kernel splits them the same way.
        """
        child = Draws("")
        child._a = self.word()
        child._b = self.word()
        child._c = self.word()
        child._d = self.word() or 1
        return child

    def word(self) -> int:
        """The next 32 random bits."""
        a, b, c, d = self._a, self._b, self._c, self._d
        x = (b * 5) & _WORD
        result = ((((x << 7) | (x >> 25)) & _WORD) * 9) & _WORD
        t = (b << 9) & _WORD
        c ^= a
        d ^= b
        b ^= c
        a ^= d
        c ^= t
        d = ((d << 11) | (d >> 21)) & _WORD
        self._a, self._b, self._c, self._d = a, b, c, d
        return result

    def below(self, n: int) -> int:
        """A whole number in ``range(n)``, each equally likely (``1 <= n <= 2**32``)."""
        if n <= 1:
            if n == 1:
                return 0
            raise ValueError(f"cannot draw below {n}")
        shift = 32 - (n - 1).bit_length()
        while True:
            r = self.word() >> shift
            if r < n:
                return r

    def shuffle_cards(self, items: list[int]) -> None:
        """Shuffle a list of card numbers in place (Fisher–Yates); the same draws as `shuffle`.

        The swap positions are drawn a group at a time (see `shuffle_groups`):
        one word by rejection for each group, read as mixed-radix digits. A
        52-card deal costs about nine words instead of about seventy, most of
        a deal's time in the interpreted core. The generator step of `word`
        runs inline here on machine words (``i64`` in the compiled core). Tests
        check it against the reference algorithm.
        """
        word: i64 = _WORD
        a: i64 = self._a
        b: i64 = self._b
        c: i64 = self._c
        d: i64 = self._d
        n = len(items)
        i: i64 = n - 1
        for last, limit in _GROUPS[n] if n < len(_GROUPS) else shuffle_groups(n):
            while True:
                x: i64 = (b * 5) & word
                r: i64 = (((x << 7) | (x >> 25)) * 9) & word
                t: i64 = (b << 9) & word
                c ^= a
                d ^= b
                b ^= c
                a ^= d
                c ^= t
                d = ((d << 11) | (d >> 21)) & word
                if r < limit:
                    break
            while i > last:
                size: i64 = i + 1
                k: i64 = r % size
                r //= size
                items[i], items[k] = items[k], items[i]
                i -= 1
        self._a, self._b, self._c, self._d = a, b, c, d

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place: the same order `shuffle_cards` gives a list of as many cards."""
        order = list(range(len(items)))
        self.shuffle_cards(order)
        before = list(items)
        items[:] = [before[i] for i in order]

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, each equally likely."""
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return items[self.below(len(items))]
