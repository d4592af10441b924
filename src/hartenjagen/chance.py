"""The random source of one deal's chance events (shuffles, a drawn pass direction, a redealt pool)."""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from hartenjagen.core import Draws

T = TypeVar("T")


class Chance:
    """Randomness for one purpose of one deal, made only when first used.

    The draws are reproducible: a [`Draws`][hartenjagen.core.draws.Draws]
    generator keyed by ``key``, which names the game's seed, the deal and the
    purpose.
    """

    __slots__ = ("_key", "_source")

    def __init__(self, key: str, source: Draws | None = None) -> None:
        self._key = key
        #: the draws, made from ``key`` when first used unless given
        self._source: Draws | None = source

    def _random(self) -> Draws:
        source = self._source
        if source is None:
            from hartenjagen.core import Draws  # the core imports this module: the door is open by now

            source = self._source = Draws(self._key)
        return source

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, uniformly."""
        return self._random().choice(items)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place."""
        self._random().shuffle(items)


def chance_for(seed: int, deal_count: int, purpose: str) -> Chance:
    """The chance source of deal ``deal_count`` of a game for one ``purpose``."""
    return Chance(f"hartenjagen/{seed}/{deal_count}/{purpose}")


class NeedChance(Exception):
    """Raised by `ScriptedChance` when a rule module draws more than it was given answers for."""

    def __init__(self, kind: str, items: tuple[object, ...]) -> None:
        super().__init__(kind)
        #: ``"choice"`` or ``"shuffle"``
        self.kind = kind
        #: what the module drew from (for a shuffle: the items in the order given)
        self.items = items


class ScriptedChance(Chance):
    """The random source of a game with explicit chance: each draw takes the next answer given from outside.

    ``answers`` are, in draw order, the item a ``choice`` returns and the order
    a ``shuffle`` leaves; a draw past the last answer raises `NeedChance`,
    which the kernel turns into a chance node.
    """

    __slots__ = ("_answers", "_used")

    def __init__(self, answers: tuple[object, ...]) -> None:
        super().__init__("scripted")
        self._answers = answers
        self._used = 0

    def _next(self, kind: str, items: tuple[object, ...]) -> object:
        if self._used >= len(self._answers):
            raise NeedChance(kind, items)
        answer = self._answers[self._used]
        self._used += 1
        return answer

    def choice(self, items: Sequence[T]) -> T:
        return self._next("choice", tuple(items))  # type: ignore[return-value]

    def shuffle(self, items: MutableSequence[T]) -> None:
        order = self._next("shuffle", tuple(items))
        items[:] = list(order)  # type: ignore[call-overload]
