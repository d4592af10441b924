"""The random source of one deal's chance events (shuffles, a drawn pass direction, a redealt pool)."""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Chance:
    """Randomness for one purpose of one deal, made only when first used.

    The draws are reproducible: ``random.Random`` seeded with ``key``, which
    names the game's seed, the deal and the purpose.
    """

    __slots__ = ("_key", "_source")

    def __init__(self, key: str) -> None:
        self._key = key
        self._source: random.Random | None = None

    def _random(self) -> random.Random:
        source = self._source
        if source is None:
            source = self._source = random.Random(self._key)
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
