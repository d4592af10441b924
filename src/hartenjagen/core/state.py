"""The game state: an immutable, hashable value made of two named records.

A `State` holds what changes with every card (the cards played this
hand, the current trick, its leader, the completed tricks, whether hearts are
broken) and shares a `HandContext` with every other state of the same
hand and phase (the table, the dealer, the hands as play began, the exchange,
the scores and the score sheet). Only the kernel (`hartenjagen.core`)
builds them; everyone else reads the public attributes, or the kernel's small
internal interface `fields` / `from_fields` / `replace` (`hartenjagen.core.state_fields`).

Inside, cards are physical cards and sets of them bitmasks (see
`hartenjagen.core.table`). A completed trick is one integer of the log:
``mask << 15 | (taker + 1) << 10 | leader << 5 | (winner + 1)``, where the
taker is the seat that captured the cards (0: they wait on the carry-over pile).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, final

from hartenjagen.cards import CARD_COUNT, AnyCard
from hartenjagen.core.hand_log import SEAT_BITS, log_taken, log_tricks
from hartenjagen.core.table import ONE_PACK, Table, table_for
from hartenjagen.moves import Play
from hartenjagen.rules import Rules
from hartenjagen.rules.routes import PassRoute
from hartenjagen.values import HandResult, Phase, Trick

#: Phase codes inside the kernel, in the order of ``PHASES``.
PASSING: Final = 0
ANNOUNCING: Final = 1
PLAYING: Final = 2
MOON_CHOICE: Final = 3
GAME_OVER: Final = 4
CHANCE: Final = 5
PHASES: Final = (
    Phase.PASSING, Phase.ANNOUNCING, Phase.PLAYING, Phase.MOON_CHOICE, Phase.GAME_OVER, Phase.CHANCE
)  # fmt: skip
PHASE_CODES: Final = {phase: code for code, phase in enumerate(PHASES)}

#: What each stage of a hand's exchange did: (physical cards each seat gave, cards each seat received).
PassLog = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]

#: The chance node of a draw from the stock in the middle of a hand (the other nodes: `hartenjagen.core.hands`).
DRAW_NODE: Final = 5


class PlayedHand(NamedTuple):
    """A finished hand, as a state keeps it to replay the game: its deal, route, exchange, announcements and plays.

    ``log`` holds its completed tricks (log entries, read with ``hands``, the hands
    as play began); ``trick`` and ``leader`` an unfinished trick, when a revoke
    voided the hand before its last card. The score sheet holds what it scored.
    """

    hand_index: int
    dealer: int
    dealt: tuple[int, ...]
    direction: PassRoute
    pass_log: PassLog
    announcers: tuple[int, ...]
    hands: tuple[int, ...]
    log: tuple[int, ...]
    trick: int
    leader: int
    #: the physical cards drawn from the stock, in the order drawn (a deck with a stock only)
    drawn: tuple[int, ...] = ()
    #: the announcements of a house rule's own choices: (seat, choice), in order
    announced: tuple[tuple[int, str], ...] = ()


@final
class HandContext:
    """What every state of one hand and phase shares. Built by the kernel (by keyword); never changed once shared.

    The fields are declared here, once: `HAND_FIELDS` lists them for equality,
    hashing, pickling and `StateFields`; ``__init__`` and ``copy`` are the two
    places the compiler needs them spelled out (a test holds them to this list).
    """

    table: Table
    phase: int
    hand_index: int
    dealer: int
    #: each seat's cards as play began (while passing: the cards it holds now)
    hands: tuple[int, ...]
    #: the cards each seat has chosen in the current stage of the exchange
    passed: tuple[int, ...]
    #: the seats still to pass or to announce, as bits
    pending: int
    pass_log: PassLog
    direction: PassRoute
    scores: tuple[int, ...]
    sheet: tuple[HandResult, ...]
    seed: int
    deal_count: int
    dealt: tuple[int, ...]
    winners: tuple[int, ...]
    announcers: tuple[int, ...]
    #: the moon shooter waiting to choose (-1: none)
    shooter: int
    secret: bool
    #: ``None`` in a seeded game; with explicit chance the event waited for (`hartenjagen.core.chance_nodes`)
    chance: Any
    #: every finished hand of the game before this one, oldest first (shared by all the game's later states)
    history: tuple[PlayedHand, ...]
    #: the physical cards drawn from the stock this hand, in the order drawn (`hartenjagen.core.stock`)
    drawn: tuple[int, ...]
    #: each announcement of a house rule's own choices made so far: (seat, choice), in order
    announced: tuple[tuple[int, str], ...]
    # Caches, not fields.
    _hash: int
    #: the seat whose hand held each physical card as play began (see ``owners``)
    _owners: tuple[int, ...]

    def __init__(
        self,
        table: Table,
        phase: int,
        hand_index: int,
        dealer: int,
        hands: tuple[int, ...],
        passed: tuple[int, ...],
        pending: int,
        pass_log: PassLog,
        direction: PassRoute,
        scores: tuple[int, ...],
        sheet: tuple[HandResult, ...],
        seed: int,
        deal_count: int,
        dealt: tuple[int, ...],
        winners: tuple[int, ...],
        announcers: tuple[int, ...],
        shooter: int,
        secret: bool,
        chance: Any,
        history: tuple[PlayedHand, ...],
        drawn: tuple[int, ...] = (),
        announced: tuple[tuple[int, str], ...] = (),
    ) -> None:
        self.table = table
        self.phase = phase
        self.hand_index = hand_index
        self.dealer = dealer
        self.hands = hands
        self.passed = passed
        self.pending = pending
        self.pass_log = pass_log
        self.direction = direction
        self.scores = scores
        self.sheet = sheet
        self.seed = seed
        self.deal_count = deal_count
        self.dealt = dealt
        self.winners = winners
        self.announcers = announcers
        self.announced = announced
        self.shooter = shooter
        self.secret = secret
        self.chance = chance
        self.history = history
        self.drawn = drawn
        self._hash = -1
        self._owners = ()

    def copy(self) -> HandContext:
        """A fresh copy for the kernel to change before anyone sees it."""
        return HandContext(
            table=self.table, phase=self.phase, hand_index=self.hand_index, dealer=self.dealer,
            hands=self.hands, passed=self.passed, pending=self.pending, pass_log=self.pass_log,
            direction=self.direction, scores=self.scores, sheet=self.sheet, seed=self.seed,
            deal_count=self.deal_count, dealt=self.dealt, winners=self.winners, announcers=self.announcers,
            shooter=self.shooter, secret=self.secret, chance=self.chance, history=self.history,
            drawn=self.drawn, announced=self.announced,
        )  # fmt: skip

    def owners(self) -> tuple[int, ...]:
        """The seat that held each physical card as play began (-1: no seat), worked out once per context."""
        owners = self._owners
        if not owners:
            table = self.table
            found = [-1] * (len(table.card_of))
            for seat, hand in enumerate(self.hands):
                # One machine-word half per pack: a two-pack hand has 104 bits, a big integer.
                for offset in range(0, len(found), CARD_COUNT):
                    mask = (hand >> offset) & ONE_PACK
                    while mask:
                        low = mask & -mask
                        found[offset + low.bit_length() - 1] = seat
                        mask ^= low
            owners = self._owners = tuple(found)
        return owners

    def values(self) -> tuple[object, ...]:
        """Every field's value, in the order of `HAND_FIELDS` (the table stands for its rules)."""
        out: list[object] = [self.table.rules]
        for name in HAND_FIELDS[1:]:
            out.append(getattr(self, name))
        return tuple(out)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandContext):
            return NotImplemented
        return self is other or self.values() == other.values()

    def __hash__(self) -> int:
        if self._hash == -1:
            self._hash = hash(self.values()) & 0x3FFFFFFFFFFFFFFF
        return self._hash

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_restore_hand, self.values())


#: The fields of `HandContext`, in the order declared (the compiled class lists its attributes itself).
HAND_FIELDS: Final[tuple[str, ...]] = tuple(
    [
        name
        for name in getattr(HandContext, "__mypyc_attrs__", None)
        or getattr(HandContext, "__annotations__", {})
        if not name.startswith("_")
    ]
)


def _restore_hand(rules: object, *values: Any) -> HandContext:
    return HandContext(table_for(rules), *values)


@final
class State:
    """The state of one game: immutable, hashable, equal by value and picklable.

    Read it through the attributes below; change it only through
    `hartenjagen.apply`, which returns a new state. `print(state)` draws the
    table as text and a notebook draws it as a picture, every hand face up
    (`hartenjagen.frontend.drawing`, `hartenjagen.frontend.svg`).
    """

    __slots__ = (
        "_hand",
        "_played",
        "_trick",
        "_count",
        "_leader",
        "_led",
        "_log",
        "_broken",
        "_carry",
        "_legal",
    )

    _hand: HandContext
    #: the physical cards played in this hand, the current trick included
    _played: int
    #: the physical cards of the current trick
    _trick: int
    _count: int
    _leader: int
    #: the suit led to the current trick (-1 before its lead)
    _led: int
    _log: tuple[int, ...]
    _broken: bool
    _carry: int
    #: the legal plays of the seat to move, once asked for (-1 before): a cache, not part of the value
    _legal: int

    def __init__(
        self,
        hand: HandContext,
        played: int,
        trick: int,
        count: int,
        leader: int,
        led: int,
        log: tuple[int, ...],
        broken: bool,
        carry: int,
    ) -> None:
        self._hand = hand
        self._played = played
        self._trick = trick
        self._count = count
        self._leader = leader
        self._led = led
        self._log = log
        self._broken = broken
        self._carry = carry
        self._legal = -1

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return False
        return (
            self._played == other._played
            and self._trick == other._trick
            and self._leader == other._leader
            and self._log == other._log
            and self._broken == other._broken
            and self._carry == other._carry
            and self._hand == other._hand
        )

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((hash(self._hand), self._played, self._trick, self._leader, self._log, self._broken))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (
            _restore_state,
            (self._hand, self._played, self._trick, self._count, self._leader, self._led, self._log,
             self._broken, self._carry),
        )  # fmt: skip

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: object) -> State:
        return self

    def __repr__(self) -> str:
        return (
            f"<State hand {self.hand_index} {self.phase.value} to_move={self.to_move} scores={self.scores}>"
        )

    # The drawings live in the frontend, imported when asked for: the compiled core does not depend on it.
    def __str__(self) -> str:
        from hartenjagen.frontend.drawing import table_text

        return table_text(self)

    def _repr_svg_(self) -> str:
        from hartenjagen.frontend.svg import table_svg

        return table_svg(self)

    def _repr_html_(self) -> str:
        from hartenjagen.frontend.svg import table_html

        return table_html(self)

    # Public attributes.
    @property
    def phase(self) -> Phase:
        """What the game is waiting for (a `Phase`)."""
        return PHASES[self._hand.phase]

    @property
    def hand_index(self) -> int:
        """The hand being played, counted from 0."""
        return self._hand.hand_index

    @property
    def dealer(self) -> int:
        """The seat that dealt this hand."""
        return self._hand.dealer

    @property
    def rules(self) -> Rules:
        """The rules of this game."""
        rules: Rules = self._hand.table.rules
        return rules

    @property
    def seed(self) -> int | None:
        """The seed the game was dealt from; ``None`` when it is a secret drawn from the system's secure source."""
        return None if self._hand.secret else self._hand.seed

    @property
    def players(self) -> int:
        """The number of seats (0..players-1, clockwise)."""
        return self._hand.table.players

    @property
    def hand_number(self) -> int:
        """The hand being played, counted from 1 (``hand_index + 1``)."""
        return self._hand.hand_index + 1

    @property
    def eldest(self) -> int:
        """The seat left of the dealer."""
        return (self._hand.dealer + 1) % self._hand.table.players

    @property
    def hearts_broken(self) -> bool:
        """Whether hearts have been broken in this hand."""
        return self._broken

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's running total of penalty points, updated when a hand ends."""
        return self._hand.scores

    @property
    def score_sheet(self) -> tuple[HandResult, ...]:
        """One `HandResult` per complete hand, oldest first."""
        return self._hand.sheet

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (else empty)."""
        return self._hand.winners

    @property
    def pass_direction(self) -> PassRoute:
        """The route cards are passed along in this hand (a `PassRoute`; ``PassRoute.HOLD`` when none are)."""
        return self._hand.direction

    @property
    def announcers(self) -> tuple[int, ...]:
        """The seats that made this hand's announcement (miezen), in order."""
        return self._hand.announcers

    @property
    def announcements(self) -> tuple[tuple[int, str], ...]:
        """Each announcement of a house rule's own choices in this hand: (seat, choice), in order (all public)."""
        return self._hand.announced

    @property
    def pass_stage(self) -> int:
        """The stage of the exchange being chosen (0; 1 for the return of a pass-and-return hand)."""
        return len(self._hand.pass_log)

    @property
    def pass_count(self) -> int:
        """How many cards each seat chooses in the current stage of the exchange (else in its first stage)."""
        hand = self._hand
        counts = hand.table.stage_counts(hand.direction)
        if not counts:
            return 0
        return counts[len(hand.pass_log)] if hand.phase == PASSING else counts[0]

    @property
    def display_scores(self) -> tuple[int, ...]:
        """The totals as written on the score sheet (a count-down game shows start − penalty)."""
        shown: tuple[int, ...] = self._hand.table.rules.ending.display(self._hand.scores)
        return shown

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._hand.phase == GAME_OVER

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that may act now: every seat yet to pass, or the seat to play."""
        hand = self._hand
        n = hand.table.players
        phase = hand.phase
        if phase == PLAYING:
            return (seat_to_move(self),)
        pending = hand.pending
        if phase == PASSING:
            return tuple([seat for seat in range(n) if pending >> seat & 1])
        if phase == ANNOUNCING:
            for step in range(1, n + 1):
                seat = (hand.dealer + step) % n
                if pending >> seat & 1:
                    return (seat,)
        if phase == MOON_CHOICE and hand.shooter >= 0:
            return (hand.shooter,)
        return ()

    @property
    def hands(self) -> tuple[tuple[AnyCard, ...], ...]:
        """Each seat's cards, sorted by suit and rank."""
        table = self._hand.table
        return tuple([table.any_cards(mask) for mask in hand_masks(self)])

    @property
    def passed(self) -> tuple[tuple[AnyCard, ...], ...]:
        """The cards each seat gave in the first stage of this hand's exchange (empty until it has)."""
        hand = self._hand
        masks: tuple[int, ...] = hand.pass_log[0][0] if hand.pass_log else hand.passed
        return tuple([hand.table.any_cards(mask) for mask in masks])

    @property
    def received(self) -> tuple[tuple[AnyCard, ...], ...]:
        """The cards each seat received in the first stage of this hand's exchange (empty before it)."""
        hand = self._hand
        if not hand.pass_log:
            return tuple([() for _ in range(hand.table.players)])
        got: tuple[int, ...] = hand.pass_log[0][1]
        return tuple([hand.table.any_cards(mask) for mask in got])

    @property
    def exchanges(
        self,
    ) -> tuple[tuple[tuple[tuple[AnyCard, ...], ...], tuple[tuple[AnyCard, ...], ...]], ...]:
        """Every completed stage of this hand's exchange: (cards each seat gave, cards each seat received)."""
        table = self._hand.table
        out = []
        for given, got in self._hand.pass_log:
            out.append((tuple([table.any_cards(m) for m in given]), tuple([table.any_cards(m) for m in got])))
        return tuple(out)

    @property
    def carry_over(self) -> tuple[AnyCard, ...]:
        """Cards of fully cancelled tricks waiting for the next trick's winner (double deck)."""
        return self._hand.table.any_cards(self._carry)

    @property
    def trick(self) -> tuple[Play, ...]:
        """The cards on the table in the current trick, in play order."""
        table = self._hand.table
        return tuple([table.plays[seat][table.index_of[p]] for seat, p in trick_cards(self)])

    @property
    def trick_leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
        return self._leader

    @property
    def trick_number(self) -> int:
        """The number of tricks completed in this hand (the current trick's index)."""
        return len(self._log)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of this hand (`Trick` values), oldest first."""
        return log_tricks(self._log, self._hand.hands, self._hand.table)

    @property
    def taken(self) -> tuple[tuple[AnyCard, ...], ...]:
        """The cards each seat has captured in this hand."""
        table = self._hand.table
        return tuple([table.any_cards(mask) for mask in taken_masks(self)])

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has won in this hand."""
        counts = [0] * self._hand.table.players
        for entry in self._log:
            winner = (entry & SEAT_BITS) - 1
            if winner >= 0:
                counts[winner] += 1
        return tuple(counts)

    @property
    def widow(self) -> tuple[AnyCard, ...]:
        """The cards the deck left undealt this hand (a widow), face down until its trick's taker gets them.

        Empty when the deck deals every card. The state shows every card; a
        seat's view shows the widow only to the seat that took it.
        """
        return self._hand.table.any_cards(widow_mask(self))

    @property
    def stock(self) -> tuple[AnyCard, ...]:
        """The cards of the stock not drawn yet, in card order (empty: no stock, or drawn out).

        The state shows every card; no seat's view shows them, only how many.
        """
        return self._hand.table.any_cards(stock_mask(self))

    @property
    def draws(self) -> tuple[tuple[int, int], ...]:
        """Under a deck that draws to follow (Domino Hearts): each card drawn this hand as (trick, seat), in order."""
        from hartenjagen.core.stock import (
            draws_in_tricks,
        )  # the stock's module reads states: imported when asked

        return draws_in_tricks(self)

    @property
    def widow_taker(self) -> int | None:
        """The seat that took this hand's widow (the taker of the deck's widow trick), or ``None`` until then."""
        seat = widow_taker(self)
        return None if seat < 0 else seat

    @property
    def dealt(self) -> tuple[tuple[AnyCard, ...], ...]:
        """Each seat's cards as dealt for this hand, before passing."""
        table = self._hand.table
        return tuple([table.any_cards(mask) for mask in self._hand.dealt])


def _restore_state(
    hand: HandContext,
    played: int,
    trick: int,
    count: int,
    leader: int,
    led: int,
    log: tuple[int, ...],
    broken: bool,
    carry: int,
) -> State:
    return State(hand, played, trick, count, leader, led, log, broken, carry)


# ---------------------------------------------------------------- reading the internals


def table_of(state: State) -> Table:
    """The table of the state's rules."""
    return state._hand.table


def hand_masks(state: State) -> tuple[int, ...]:
    """Each seat's cards now, as bitmasks."""
    played = state._played
    return tuple([mask & ~played for mask in state._hand.hands])


def trick_cards(state: State) -> list[tuple[int, int]]:
    """The current trick as (seat, physical card) in play order (a seat that dropped out has none)."""
    hand = state._hand
    n = hand.table.players
    out: list[tuple[int, int]] = []
    seat = state._leader
    while len(out) < state._count:
        bits = state._trick & hand.hands[seat]
        if bits:
            out.append((seat, (bits & -bits).bit_length() - 1))
        seat = seat + 1 if seat + 1 < n else 0
    return out


def seat_to_move(state: State) -> int:
    """The seat to play next: the leader's ``count``-th successor still in (`Deck.draws_to_follow`: a seat out of cards is not)."""
    hand = state._hand
    table = hand.table
    n = table.players
    if not table.follow_draws:
        return (state._leader + state._count) % n
    live = ~state._played | state._trick
    seat = state._leader
    left = state._count
    for _ in range(n):
        if hand.hands[seat] & live:
            if left == 0:
                return seat
            left -= 1
        seat = seat + 1 if seat + 1 < n else 0
    return state._leader  # pragma: no cover - a trick under way has a seat to move


def taken_masks(state: State) -> tuple[int, ...]:
    """The physical cards each seat has captured in this hand."""
    return log_taken(state._log, state._hand.table.players)


def widow_mask(state: State) -> int:
    """The physical cards the deck left undealt this hand (0: no widow, or a deal not finished yet)."""
    hand = state._hand
    table = hand.table
    if table.widow_trick < 0 or hand.phase == CHANCE:
        return 0
    dealt = 0
    for mask in hand.hands:
        dealt |= mask
    return table.pack_mask & ~dealt


def stock_mask(state: State) -> int:
    """The physical cards of the stock not drawn yet (0: no stock, or a deal not finished yet)."""
    hand = state._hand
    table = hand.table
    if not (table.draw_orders[0] or table.follow_draws) or (
        hand.phase == CHANCE and hand.chance[0] != DRAW_NODE
    ):
        return 0
    held = 0
    for mask in hand.hands:
        held |= mask
    return table.pack_mask & ~held


def widow_taker(state: State) -> int:
    """The seat that took the widow: the taker of the deck's widow trick (-1: not yet, or no widow)."""
    trick = state._hand.table.widow_trick
    if trick < 0 or len(state._log) <= trick:
        return -1
    return (state._log[trick] >> 10 & SEAT_BITS) - 1


def scored_taken(state: State, taken: tuple[int, ...]) -> tuple[int, ...]:
    """``taken`` with the widow added to the seat that took it: the cards a hand is scored on.

    (A deck that draws to follow adds the rest instead: `hartenjagen.core.stock.with_rest`.)
    """
    seat = widow_taker(state)
    if seat < 0:
        return taken
    out = list(taken)
    out[seat] |= widow_mask(state)
    return tuple(out)
