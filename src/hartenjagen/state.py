"""The game state: an immutable, hashable value.

A [`State`][hartenjagen.state.State] is built by [`hartenjagen.new_game`][hartenjagen.engine.new_game] and
[`hartenjagen.apply`][hartenjagen.engine.apply], never by hand. Inside, hands and captured cards are
bitmasks over physical cards (see `hartenjagen.table`); the public
attributes give them as [`Card`][hartenjagen.cards.Card] tuples.
"""

from __future__ import annotations

import enum
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import attrs

from hartenjagen._repr import enum_repr
from hartenjagen.cards import Card
from hartenjagen.moves import MoonOption, Play

if TYPE_CHECKING:
    from hartenjagen.rules import Rules
    from hartenjagen.rules.passing import PassDirection, PassLog
    from hartenjagen.table import Table


class Phase(enum.Enum):
    """What the game is waiting for."""

    __repr__ = enum_repr

    #: seats choose cards to pass (simultaneously, in any order)
    PASSING = "passing"
    #: seats in turn from eldest say whether they make an announcement (miezen)
    ANNOUNCING = "announcing"
    #: a seat plays a card to the trick
    PLAYING = "playing"
    #: the moon shooter chooses how the moon is scored
    MOON_CHOICE = "moon_choice"
    #: the game has ended; there are no legal moves
    GAME_OVER = "game_over"


@attrs.frozen
class Trick:
    """A completed trick: who led, the cards in play order, and who won it.

    ``winner`` is ``None`` for a trick whose cards all cancelled (double deck,
    ``CancelPairs``): its cards went to the carry-over pile.
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int | None

    @property
    def plays(self) -> tuple[Play, ...]:
        """The trick as moves, in play order."""
        n = len(self.cards)
        return tuple(Play((self.leader + i) % n, card) for i, card in enumerate(self.cards))


@attrs.frozen
class HandResult:
    """One line of the score sheet: what a complete hand scored.

    ``raw`` is each seat's card points, ``points`` what each seat scored after
    the moon and bonuses, ``totals`` the running totals after this hand and
    ``shooter`` the seat that shot the moon (or ``None``). In a Dutch second
    half ``points`` are negative: the totals count down.
    """

    hand_index: int
    dealer: int
    raw: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    shooter: int | None
    #: what the shooter chose, when the moon module offered a choice
    moon_choice: MoonOption | None = None
    #: the seats that made the hand's announcement (miezen)
    announcers: tuple[int, ...] = ()
    #: the seat whose revoke voided this hand (then ``raw`` is all 0 and the hand is dealt again)
    revoke: int | None = None


# Field positions inside the tuple, with the docstring of public ones. The order is private.
_FIELDS: tuple[tuple[str, str], ...] = (
    ("_table", ""),
    ("phase", "What the game is waiting for (a [`Phase`][hartenjagen.state.Phase])."),
    ("hand_index", "The hand being played, counted from 0."),
    ("dealer", "The seat that dealt this hand."),
    ("_hand_masks", ""),
    ("_passed_masks", ""),
    ("_pending", ""),
    ("_leader", ""),
    ("_trick_cards", ""),
    (
        "tricks",
        "The completed tricks of this hand ([`Trick`][hartenjagen.state.Trick] values), oldest first.",
    ),
    ("_taken_masks", ""),
    ("hearts_broken", "Whether hearts have been broken in this hand."),
    ("scores", "Each seat's running total of penalty points, updated when a hand ends."),
    ("score_sheet", "One [`HandResult`][hartenjagen.state.HandResult] per complete hand, oldest first."),
    ("_seed", ""),
    ("_deal_count", ""),
    ("_dealt_masks", ""),
    ("winners", "The winning seats once the game is over (else empty)."),
    (
        "pass_direction",
        "Where cards are passed in this hand (a `PassDirection`; ``HOLD`` when none are).",
    ),
    ("_pass_log", ""),
    ("_carry", ""),
    ("announcers", "The seats that made this hand's announcement (miezen), in order."),
    ("_shooter", ""),
    ("_secret_seed", ""),
)


class State(tuple):  # type: ignore[type-arg]
    """The state of one game: immutable, hashable, equal by value and picklable.

    Read it through the attributes below; change it only through
    [`hartenjagen.apply`][hartenjagen.engine.apply], which returns a new state.
    """

    __slots__ = ()

    if TYPE_CHECKING:
        _table: Table
        _context: tuple[Any, ...]
        phase: Phase
        hand_index: int
        dealer: int
        _hand_masks: tuple[int, ...]
        _passed_masks: tuple[int, ...]
        _pending: int
        _leader: int
        _trick_cards: tuple[int, ...]
        tricks: tuple[Trick, ...]
        _taken_masks: tuple[int, ...]
        hearts_broken: bool
        scores: tuple[int, ...]
        score_sheet: tuple[HandResult, ...]
        _seed: int
        _deal_count: int
        _dealt_masks: tuple[int, ...]
        winners: tuple[int, ...]
        pass_direction: PassDirection
        _pass_log: PassLog
        _carry: int
        announcers: tuple[int, ...]
        _shooter: int | None
        _secret_seed: bool

    def __eq__(self, other: object) -> bool:
        if type(other) is not State:
            return False
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def __getnewargs__(self) -> tuple[tuple[Any, ...]]:
        return (tuple(self),)

    def __repr__(self) -> str:
        return (
            f"<State hand {self.hand_index} {self.phase.value} to_move={self.to_move} scores={self.scores}>"
        )

    # Derived public attributes.
    @property
    def rules(self) -> Rules:
        """The rules of this game."""
        return self._table.rules

    @property
    def seed(self) -> int | None:
        """The seed the game was dealt from; ``None`` when it is a secret drawn from the system's secure source."""
        return None if self._secret_seed else self._seed

    @property
    def players(self) -> int:
        """The number of seats (0..players-1, clockwise)."""
        return self._table.players

    @property
    def hand_number(self) -> int:
        """The hand being played, counted from 1 (``hand_index + 1``)."""
        return self.hand_index + 1

    @property
    def eldest(self) -> int:
        """The seat left of the dealer."""
        return (self.dealer + 1) % self._table.players

    @property
    def pass_stage(self) -> int:
        """The stage of the exchange being chosen (0; 1 for the return of a pass-and-return hand)."""
        return len(self._pass_log)

    @property
    def pass_count(self) -> int:
        """How many cards each seat chooses in the current stage of the exchange (else in its first stage)."""
        counts = self._table.rules.passing.stage_counts(self.pass_direction)
        if not counts:
            return 0
        return counts[len(self._pass_log)] if self.phase is Phase.PASSING else counts[0]

    @property
    def display_scores(self) -> tuple[int, ...]:
        """The totals as written on the score sheet (a count-down game shows start − penalty)."""
        return self._table.rules.ending.display(self.scores)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.GAME_OVER

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that may act now: every seat yet to pass, or the seat to play."""
        phase = self.phase
        if phase is Phase.PLAYING:
            return ((self._leader + len(self._trick_cards)) % self._table.players,)
        pending = self._pending
        n = self._table.players
        if phase is Phase.PASSING:
            return tuple(seat for seat in range(n) if pending >> seat & 1)
        if phase is Phase.ANNOUNCING:
            for step in range(1, n + 1):
                seat = (self.dealer + step) % n
                if pending >> seat & 1:
                    return (seat,)
        if phase is Phase.MOON_CHOICE and self._shooter is not None:
            return (self._shooter,)
        return ()

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted by suit and rank."""
        cards = self._table.cards
        return tuple(cards(mask) for mask in self._hand_masks)

    @property
    def passed(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat gave in the first stage of this hand's exchange (empty until it has)."""
        cards = self._table.cards
        masks = self._pass_log[0][0] if self._pass_log else self._passed_masks
        return tuple(cards(mask) for mask in masks)

    @property
    def received(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat received in the first stage of this hand's exchange (empty before it)."""
        cards = self._table.cards
        if not self._pass_log:
            return ((),) * self._table.players
        return tuple(cards(mask) for mask in self._pass_log[0][1])

    @property
    def exchanges(self) -> tuple[tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]], ...]:
        """Every completed stage of this hand's exchange: (cards each seat gave, cards each seat received)."""
        cards = self._table.cards
        return tuple((tuple(map(cards, given)), tuple(map(cards, got))) for given, got in self._pass_log)

    @property
    def carry_over(self) -> tuple[Card, ...]:
        """Cards of fully cancelled tricks waiting for the next trick's winner (double deck)."""
        return self._table.cards(self._carry)

    @property
    def trick(self) -> tuple[Play, ...]:
        """The cards on the table in the current trick, in play order."""
        table = self._table
        n = table.players
        return tuple(Play((self._leader + i) % n, table.card_of[p]) for i, p in enumerate(self._trick_cards))

    @property
    def trick_leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
        return self._leader

    @property
    def trick_number(self) -> int:
        """The number of tricks completed in this hand (the current trick's index)."""
        return len(self.tricks)

    @property
    def taken(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has captured in this hand."""
        cards = self._table.cards
        return tuple(cards(mask) for mask in self._taken_masks)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has won in this hand."""
        counts = [0] * self._table.players
        for trick in self.tricks:
            if trick.winner is not None:
                counts[trick.winner] += 1
        return tuple(counts)

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards as dealt for this hand, before passing."""
        cards = self._table.cards
        return tuple(cards(mask) for mask in self._dealt_masks)


# Inside, a state is two levels: the fields that change with every card (and the table) in
# the state tuple itself, and the fields that change once a hand or less in a shared
# context tuple, so that a play builds an 11-field tuple and shares the rest.
_HOT: tuple[str, ...] = (
    "_table",
    "_context",
    "phase",
    "_hand_masks",
    "_trick_cards",
    "_leader",
    "tricks",
    "_taken_masks",
    "hearts_broken",
    "_carry",
    "_pending",
)
_CONTEXT: tuple[str, ...] = tuple(name for name, _ in _FIELDS if name not in _HOT)
_DOCS = dict(_FIELDS)
HOT_INDEX = {name: index for index, name in enumerate(_HOT)}
CONTEXT_INDEX = {name: index for index, name in enumerate(_CONTEXT)}


def _context_getter(index: int) -> Any:
    context = itemgetter(1)
    field = itemgetter(index)
    return lambda state: field(context(state))


for _index, _name in enumerate(_HOT):
    setattr(State, _name, property(itemgetter(_index), doc=_DOCS.get(_name) or None))
for _index, _name in enumerate(_CONTEXT):
    setattr(State, _name, property(_context_getter(_index), doc=_DOCS[_name] or None))
del _index, _name

_new_state = tuple.__new__


def make_state(*fields: Any) -> State:
    """Build a state from its fields in the order of ``_FIELDS`` (for the engine and loaders only)."""
    values = {name: value for (name, _), value in zip(_FIELDS, fields, strict=True)}
    values["_context"] = tuple(values[name] for name in _CONTEXT)
    return _new_state(State, tuple(values[name] for name in _HOT))
