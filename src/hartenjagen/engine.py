"""The public verbs: ``new_game``, ``legal_moves``, ``apply``, ``step``, ``is_legal`` and ``explain``.

They are the kernel's own functions (`hartenjagen.core.kernel`), which
check their arguments themselves; ``new_game`` checks its arguments here and
asks the kernel for the first state. Every rule lives in a rule module; the
kernel names no variant.

The kernel takes ``object`` (it checks every argument at run time, for callers
without a type checker); the signatures here say what a typed caller may pass,
so ``mypy --strict`` rejects ``apply(move, state)`` or ``apply(state, "QS")``.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from hartenjagen._repr import shown
from hartenjagen.cards import Card, Joker
from hartenjagen.chance import chance_for
from hartenjagen.core import State, as_state, outcomes, start_explicit, start_game
from hartenjagen.errors import IllegalMove, SetupError
from hartenjagen.events import Event
from hartenjagen.moves import Move
from hartenjagen.outcomes import Outcome
from hartenjagen.rules import Rules

# At run time the verbs are the kernel's functions themselves (no wrapper: a call costs what it
# did); they take any object and check it, saying what is wrong to callers without a type checker.
# A type checker (and the API reference) sees the precise signatures in the branch below.
if not TYPE_CHECKING:
    from hartenjagen.core import apply, explain, is_legal, legal_moves, step
else:
    import hartenjagen.core as kernel

    # Each body says what runs: the kernel's function of the same name, bound above at run time.
    def legal_moves(state: State) -> Sequence[Move]:
        """The moves that may be made now, in a stable order; empty once the game is over.

        In play these are the cards the seat to move may play, in card order
        (clubs, diamonds, hearts, spades; two to ace). In the passing phase they are
        the passes of every seat that has not chosen yet, built lazily (``len``,
        indexing and ``in`` cost next to nothing). In an announcement round they
        are the seat's no and yes; after a moon with a choice, the shooter's options.
        """
        return kernel.legal_moves(state)

    def apply(state: State, move: Move | Outcome) -> State:
        """The state after ``move``; ``state`` itself is never changed.

        A move that ``legal_moves(state)`` does not offer raises
        `IllegalMoveError` with the reason ``explain`` gives. The one
        exception is a ruleset with a revoke penalty (``RevokePenalty``): there an
        illegal play of a card in hand is accepted and voids the hand.
        """
        return kernel.apply(state, move)

    def step(state: State, move: Move | Outcome) -> tuple[State, tuple[Event, ...]]:
        """Like `apply`, and also say what happened: ``(new_state, events)``.

        The events come in the order they happened: a card played, hearts broken,
        the trick won, the moon, the hand scored, the next hand dealt, the game
        over. ``step(state, move)[0] == apply(state, move)``.
        """
        return kernel.step(state, move)

    def explain(state: State, move: Move | Outcome) -> IllegalMove | None:
        """Why ``move`` is illegal now (a code and a sentence), or ``None`` if it is legal."""
        return kernel.explain(state, move)

    def is_legal(state: State, move: Move | Outcome) -> bool:
        """Whether ``apply(state, move)`` accepts ``move`` as a legal move."""
        return kernel.is_legal(state, move)


__all__ = [
    "SEED_BITS", "Deal", "apply", "chance_outcomes", "explain", "is_legal", "legal_moves", "new_game",
    "start", "step",
]  # fmt: skip

#: A deal given to ``new_game``: one list of cards (or card texts; jokers too, with a deck that deals them) per seat.
Deal = Sequence[Iterable[str | Card | Joker] | str]

#: The largest seed ``new_game`` takes, in bits (a seed is written out in full in records and JSON).
SEED_BITS = 4096


def new_game(
    rules: Rules,
    *,
    seed: int | None = None,
    deal: Deal | None = None,
    dealer: int | Literal["cut"] = 0,
    hand_index: int = 0,
    chance: Literal["seeded", "explicit"] = "seeded",
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
    and the deal passes to the left after every hand). ``dealer="cut"`` draws
    the first dealer as Hoemke (Hoemke) says: every seat cuts the pack, the
    highest card deals (aces high) and a tie for the highest cuts again; the
    cut is a chance event of the seed like the shuffles. ``hand_index`` starts
    the game at that hand of the rules' pass cycle (counted from 0: with the
    standard cycle, 2 is the hand that passes across); the score sheet still
    starts empty, and the hands after it follow the cycle on.

    ``chance="explicit"`` decides every random event from outside instead of
    from a seed: whenever the rules need one (the deal, a pass direction drawn
    by chance, the dealer's shuffle of passed cards, the first dealer cut for),
    the state waits in ``Phase.CHANCE``; ``chance_outcomes(state)`` lists what
    may happen with its probability and ``apply(state, outcome)`` takes one (see
    `hartenjagen.outcomes`). Given the outcomes a seeded game drew, the
    explicit game reaches the same states. It takes no seed (``state.seed`` is
    ``None``); ``deal`` still fixes the first deal.
    """
    if chance != "seeded":
        if chance != "explicit":
            raise SetupError(f"chance must be 'seeded' or 'explicit', not {chance!r}")
        if seed is not None:
            raise SetupError("a game with chance='explicit' takes no seed: chance outcomes decide its deals")
        return _start_explicit(rules, deal, dealer, hand_index)
    if seed is None:
        seed, secret = secrets.randbits(128), True
    else:
        secret = False
    return start(rules, seed=seed, deal=deal, dealer=dealer, secret=secret, hand_index=hand_index)


def start(
    rules: Rules,
    *,
    seed: int,
    deal: Deal | None,
    dealer: int | Literal["cut"],
    secret: bool,
    hand_index: int = 0,
) -> State:
    """``new_game`` with the seed given; ``secret`` hides it from ``state.seed`` (for replays of records)."""
    if not isinstance(rules, Rules):
        raise SetupError(f"new_game needs a Rules value (e.g. variants.STANDARD), not {shown(rules)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"seed must be a whole number or None, not {shown(seed)}")
    seed = int.__index__(seed)
    if seed.bit_length() > SEED_BITS:
        raise SetupError(f"seed must be a whole number of at most {SEED_BITS} bits, not {shown(seed)}")
    if isinstance(hand_index, bool) or not isinstance(hand_index, int) or not 0 <= hand_index < 1 << 31:
        raise SetupError(
            f"hand_index must be a whole number from 0 (the first hand) below 2**31, not {shown(hand_index)}"
        )
    if isinstance(dealer, str) and dealer == "cut":
        dealer = _cut_for_dealer(rules, seed)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise SetupError(f"dealer must be a seat from 0 to {rules.players - 1} or 'cut', not {shown(dealer)}")
    return start_game(rules, seed, deal, int.__index__(dealer), bool(secret), int.__index__(hand_index))


def _start_explicit(rules: Rules, deal: Deal | None, dealer: int | Literal["cut"], hand_index: int) -> State:
    if not isinstance(rules, Rules):
        raise SetupError(f"new_game needs a Rules value (e.g. variants.STANDARD), not {rules!r}")
    if isinstance(hand_index, bool) or not isinstance(hand_index, int) or hand_index < 0:
        raise SetupError(f"hand_index must be a whole number from 0 (the first hand), not {hand_index!r}")
    if isinstance(dealer, str) and dealer == "cut":
        if deal is not None:
            raise SetupError(
                "dealer='cut' draws the dealer by chance; give a dealer seat with an explicit deal"
            )
        return start_explicit(rules, -1, None, int.__index__(hand_index))
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise SetupError(f"dealer must be a seat from 0 to {rules.players - 1} or 'cut', not {dealer!r}")
    return start_explicit(rules, int.__index__(dealer), deal, int.__index__(hand_index))


def chance_outcomes(state: State) -> tuple[tuple[Outcome, float], ...]:
    """The outcomes of the chance event ``state`` waits for, each with its probability; empty if none waits.

    Only a game started with ``chance="explicit"`` waits for chance
    (``state.phase is Phase.CHANCE``). The probabilities add up to 1. A deal
    is listed card by card: ``DealCard`` for each card left, the next card
    dealt (to the next seat clockwise from eldest); a whole ``Deal`` is taken
    too, before the first card. A pass-to-dealer pool is listed the same way
    (``PoolCard``; a whole ``PoolOrder`` before its first card). A drawn
    direction lists ``DrawnDirection`` values, a cut for the first dealer
    ``FirstDealer`` values (every seat is as likely).
    """
    return outcomes(as_state(state, "chance_outcomes"))


def _cut_for_dealer(rules: Rules, seed: int) -> int:
    """Every seat cuts a card from the shuffled pack; the highest rank deals; tied seats cut again."""
    chance = chance_for(seed, 0, "cut")
    seats = list(range(rules.players))
    while len(seats) > 1:
        pack = list(rules.deck.pack())
        chance.shuffle(pack)
        ranks = [pack[i].rank for i in range(len(seats))]
        top = max(ranks)
        seats = [seat for seat, rank in zip(seats, ranks, strict=True) if rank == top]
    return seats[0]
