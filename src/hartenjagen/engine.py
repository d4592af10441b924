"""The public verbs: ``new_game``, ``legal_moves``, ``apply``, ``step``, ``is_legal`` and ``explain``.

They are the kernel's own functions (:mod:`hartenjagen.core.kernel`), which
check their arguments themselves; ``new_game`` checks its arguments here and
asks the kernel for the first state. Every rule lives in a rule module; the
kernel names no variant.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence

from hartenjagen.cards import Card
from hartenjagen.core.hands import start_game
from hartenjagen.core.kernel import apply, explain, is_legal, legal_moves, step
from hartenjagen.errors import SetupError
from hartenjagen.rules import Rules
from hartenjagen.state import State

__all__ = ["Deal", "apply", "explain", "is_legal", "legal_moves", "new_game", "start", "step"]

#: A deal given to ``new_game``: one list of cards (or card texts) per seat.
Deal = Sequence[Iterable[str | Card] | str]

#: The largest seed ``new_game`` takes, in bits (a seed is written out in full in records and JSON).
MAX_SEED_BITS = 1024


def new_game(
    rules: Rules,
    *,
    seed: int | None = None,
    deal: Deal | None = None,
    dealer: int = 0,
) -> State:
    """Start a game: deal the first hand and return the first state.

    ``seed`` makes every deal of the game reproducible. Without one, the game
    draws a secret 128-bit seed from the operating system's secure random
    source: deals are unpredictable to anyone who does not hold the state, and
    a saved state or game record still replays exactly. ``state.seed`` is
    ``None`` then, and no view shows the secret. ``deal`` fixes
    the first hand (one list of cards per seat, e.g. real cards on a real
    table); later hands are shuffled as above. ``dealer`` is the seat that
    deals the first hand (seat 0 by default; the deal then starts at seat 1
    and the deal passes to the left after every hand).
    """
    if seed is None:
        return start(rules, seed=secrets.randbits(128), deal=deal, dealer=dealer, secret=True)
    return start(rules, seed=seed, deal=deal, dealer=dealer, secret=False)


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"{what} must be a whole number, not {value!r}")
    # An int subclass is read as the number it holds, whatever its methods say.
    return int.__index__(value)


def start(rules: Rules, *, seed: int, deal: Deal | None, dealer: int, secret: bool) -> State:
    """``new_game`` with the seed given; ``secret`` hides it from ``state.seed`` (for replays of records)."""
    if not isinstance(rules, Rules):
        raise SetupError(f"new_game needs a Rules value (e.g. variants.STANDARD), not {rules!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"seed must be a whole number or None, not {seed!r}")
    seed = int.__index__(seed)
    if seed.bit_length() > MAX_SEED_BITS:
        raise SetupError(f"seed must be a whole number of at most {MAX_SEED_BITS} bits")
    if isinstance(dealer, bool) or not isinstance(dealer, int):
        raise SetupError(f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
    return start_game(rules, seed, deal, _whole(dealer, "dealer"), bool(secret))
