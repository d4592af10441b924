"""What the strategies and the conformance check share: the slots, `ANY`, argument checks, game lengths."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, Final, TypeVar

from hypothesis import strategies as st

from hartenjagen.cards import Card
from hartenjagen.core import State
from hartenjagen.engine import legal_moves
from hartenjagen.moves import MoonOption, Move
from hartenjagen.rules import Rules
from hartenjagen.values import Phase

#: The slots of a [`Rules`][hartenjagen.rules.Rules] value (``extras`` holds a tuple of house rules).
SLOTS: Final[tuple[str, ...]] = (
    "deck",
    "duplicates",
    "trick_winner",
    "passing",
    "opening",
    "first_trick",
    "leading",
    "scoring",
    "extras",
    "moon",
    "ending",
)


class _AnyModule:
    """The type of `ANY`."""

    _instance: _AnyModule | None = None

    def __new__(cls) -> _AnyModule:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "testing.ANY"


#: Give this for a slot of [`rules`][hartenjagen.testing.rules] to draw it with the library's own strategy
#: ([`modules`][hartenjagen.testing.modules]), fitted to the other slots, even when ``base`` has the slot.
ANY: Final = _AnyModule()

#: A slot's strategy as [`rules`][hartenjagen.testing.rules] takes it.
SlotStrategy = st.SearchStrategy[Any] | _AnyModule


def check_keyword(name: str, value: object, kind: type | tuple[type, ...], what: str) -> None:
    """Raise ``TypeError`` unless ``value`` is a ``kind`` (a bool is no whole number)."""
    if (isinstance(value, bool) and kind is int) or not isinstance(value, kind):
        raise TypeError(f"{name} must be {what}, not {value!r}")


def checked_max_moves(value: int | None) -> int | None:
    """``max_moves`` as given, once checked: a whole number of at least 0, or ``None``."""
    if value is not None:
        check_keyword("max_moves", value, int, "a whole number or None")
        if value < 0:
            raise ValueError(f"max_moves must be 0 or more, not {value}")
    return value


def moves_per_hand(rules_value: Rules) -> int:
    """A generous count of the moves of one hand (passes in two stages, announcements, plays, a moon choice)."""
    return len(rules_value.deck.pack()) + 3 * rules_value.players + 1


def default_max_moves(rules_value: Rules) -> int:
    """About 200 hands' worth of moves."""
    return 200 * moves_per_hand(rules_value)


def random_move(state: State, rng: random.Random) -> Move:
    """A uniformly random legal move."""
    listed = legal_moves(state)
    return listed[rng.randrange(len(listed))]


#: Things that are not moves, for [`moves`][hartenjagen.testing.moves] and the refusal checks.
FOREIGN: Final[tuple[object, ...]] = (
    None,
    0,
    -1,
    True,
    1.5,
    "",
    "play 0 2C",
    "QS",
    b"2C",
    (),
    (0, "2C"),
    [0, "2C"],
    {"seat": 0, "card": "2C"},
    Card("2C"),
    Card("QS"),
    MoonOption.OTHERS_PLUS,
    Phase.PLAYING,
    object(),
    Rules(),
)


F = TypeVar("F", bound=Callable[..., Any])


def cached(function: F) -> F:
    """Keep what ``function`` gave for the same arguments (strategies: hypothesis then reuses what it learnt of them).

    Arguments that cannot be hashed (a module of your own) are simply not kept.
    """
    cache: dict[tuple[object, ...], object] = {}

    @functools.wraps(function)
    def wrapper(*args: object) -> object:
        try:
            found = cache.get(args)
        except TypeError:  # a module of your own that cannot be hashed
            return function(*args)
        if found is None:
            if len(cache) > 512:
                cache.clear()
            found = cache[args] = function(*args)
        return found

    return wrapper  # type: ignore[return-value]
