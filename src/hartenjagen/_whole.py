"""The one test every validator of a rule module's settings uses for a whole number (internal)."""

from __future__ import annotations

from typing import TypeGuard


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a plain ``int``: not a bool, nor another subclass of ``int``.

    A subclass such as ``Rank.ACE`` (an ``IntEnum``) compares and adds as a
    number, but what a hook computes from it is no plain ``int`` either, and
    the engine refuses a hook's answer that is not one. A setting is refused
    where it is given, not at the end of the first hand.
    """
    return type(value) is int
