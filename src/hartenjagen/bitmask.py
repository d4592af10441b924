"""Bitmasks of cards: the one helper that lists the set bits of a mask."""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first (physical cards, seats, ...)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
