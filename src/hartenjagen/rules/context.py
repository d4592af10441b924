"""What a rule module sees: read-only contexts of cards, never the engine's bitmasks.

Every hook of a rule module receives one of these frozen records (or plain
values) and returns cards or plain values:

- [`PlayContext`][hartenjagen.rules.context.PlayContext]: the seat about to play
  a card (house rules, the heart-lead rule, the first trick, the first lead);
- [`PassContext`][hartenjagen.rules.context.PassContext]: one seat in the
  exchange before play (which cards it may pass, where a scatter pass sends them);
- [`OpeningContext`][hartenjagen.rules.context.OpeningContext]: every hand after
  the exchange, to name the first leader;
- [`MoonContext`][hartenjagen.rules.context.MoonContext]: a hand played out,
  with the tricks in order, to find and score a moon;
- [`AnnounceContext`][hartenjagen.rules.context.AnnounceContext]: a hand about
  to be played, to open a house rule's announcement round or not;
- [`TrickContext`][hartenjagen.rules.context.TrickContext]: a full trick, to
  name the card that wins it.

Each has ``.of(state)``, so a rule can be tested on its own against any state.
In a double deck a card held twice appears twice in a hand and once in
``allowed``: which copy moves is the engine's business, not the rule's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import methodcaller
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from hartenjagen.cards import AnyCard, Card, Joker, Suit, without_jokers
from hartenjagen.errors import RulesError
from hartenjagen.moves import MoonOption, Play
from hartenjagen.rules.jokers import suit_led
from hartenjagen.values import HandResult, Trick

if TYPE_CHECKING:
    from hartenjagen.core import State
    from hartenjagen.rules import Rules
    from hartenjagen.rules.routes import PassRoute

#: How each context is built from a state, by kind ("play", "pass", "opening", "moon", "summary"):
#: filled in by the core when it is imported (only the core reads a state's insides).
BUILDERS: dict[str, Callable[..., Any]] = {}


def _teams(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The teams ``rules`` declare (``()``: every seat plays alone); see `hartenjagen.rules.sides`."""
    from hartenjagen.rules.sides import sides_of  # the declaration is a house rule's, and extras imports this

    sides = sides_of(rules)
    return () if sides is None else sides.teams


def _partners(rules: Rules, seat: int) -> tuple[int, ...]:
    """``seat``'s partners under ``rules`` (``()`` without teams)."""
    return next((tuple(s for s in team if s != seat) for team in _teams(rules) if seat in team), ())


@attrs.frozen
class PlayContext:
    """The position of the seat about to play a card, as cards.

    Build one from any state in the play phase with
    [`PlayContext.of`][hartenjagen.rules.context.PlayContext.of] (handy in a
    rule's own tests); the engine builds one when it asks a rule module.
    """

    #: the whole ruleset in play
    rules: Rules
    #: the seat to move
    seat: int
    #: the seat's cards, sorted (a card twice if both copies are held)
    hand: tuple[Card, ...]
    #: the cards the seat may play under the rules applied before this one (follow suit,
    #: the opening, hearts broken, the first trick, earlier house rules); never a joker: a ``playable``
    #: answer that names no joker leaves the jokers as they were, one that names some decides them
    allowed: frozenset[Card]
    #: the cards played to this trick so far, in order
    trick: tuple[Play, ...]
    #: the suit led to this trick (``None`` when the seat leads)
    led_suit: Suit | None
    #: the number of this trick in the hand, from 1
    trick_number: int
    #: whether hearts are broken
    hearts_broken: bool
    #: how many tricks each seat has won in this hand
    tricks_taken: tuple[int, ...]
    #: each seat's total before this hand
    scores: tuple[int, ...]
    #: the completed tricks of this hand, in order (leader, cards in play order, winner)
    tricks: tuple[Trick, ...] = ()
    #: the seats that made this hand's announcement, in the order they announced (``()``: none yet,
    #: or no announcing rule)
    announcers: tuple[int, ...] = ()
    #: each announcement of a house rule's own choices, (seat, choice), in order (Gong Zhu: ``(2, "QS")``)
    announcements: tuple[tuple[int, str], ...] = ()
    #: the jokers the seat holds (a deck's `Deck.jokers`), in number order; ``hand`` never shows them
    jokers: tuple[Joker, ...] = ()

    @property
    def leading(self) -> bool:
        """Whether the seat leads this trick."""
        return not self.trick

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def partners(self) -> tuple[int, ...]:
        """The seat's partners where the rules declare teams (``()``: it plays alone)."""
        return _partners(self.rules, self.seat)

    @classmethod
    def of(cls, state: State, allowed: Iterable[Card] | None = None) -> PlayContext:
        """The context of the seat to move in ``state`` (play phase); ``allowed`` defaults to its legal cards."""
        context: PlayContext = BUILDERS["play"](state, allowed)
        return context


class Lazy:
    """A context the engine hands a hook, whose fields are computed when the hook first reads them.

    Mixed into a subclass of a context class (`LazyPlayContext`, `LazyMoonContext`,
    `LazyHandSummary`): it has the attributes, types and values of the context
    built whole, compares and hashes like one and prints as one; only what the
    hook reads is computed. Each field is a property that asks the source (the
    core's), which computes the field once and may record the read (the engine
    keeps a ``playable`` hook's answers by what it read).
    """

    __slots__ = ()
    #: the context class this one is lazy for, and its fields
    whole_class: ClassVar[type]
    field_names: ClassVar[tuple[str, ...]]

    def __init__(self, **fields: Any) -> None:
        # What `attrs.evolve` calls: a context of these values, whole.
        given = _Given(fields)
        object.__setattr__(self, "_source", given)
        object.__setattr__(self, "_read", given.read)

    @classmethod
    def reading(cls, source: Any) -> Any:
        """A context whose fields ``source.read(name)`` computes (once each: the source keeps them)."""
        context = cls.__new__(cls)
        object.__setattr__(context, "_source", source)
        object.__setattr__(context, "_read", source.read)
        return context

    def _whole(self) -> Any:
        return self.whole_class(**{name: getattr(self, name) for name in self.field_names})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, self.whole_class):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.field_names)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._whole())

    def __repr__(self) -> str:
        return repr(self._whole())

    def __reduce__(self) -> str | tuple[Any, ...]:
        reduced: str | tuple[Any, ...] = self._whole().__reduce__()
        return reduced


class _Given:
    """The source of a lazy context built from its values (``attrs.evolve`` of one)."""

    def __init__(self, fields: dict[str, Any]) -> None:
        self.fields = fields

    def read(self, name: str) -> Any:
        return self.fields[name]


def _field(name: str) -> property:
    # A property, not __getattr__: a first read raises no AttributeError inside (which costs a
    # microsecond), and the source keeps each value, so a second read is one call. The getter calls
    # the source's bound ``read`` kept in the ``_read`` slot: C calls only, no Python frame of its own.
    return property(methodcaller("_read", name), doc=f"The context's ``{name}``, computed when first read.")


def lazy_class(whole: type, name: str) -> Any:
    """The `Lazy` subclass of the context class ``whole``."""
    names = tuple(field.name for field in attrs.fields(whole))
    namespace: dict[str, Any] = {name: _field(name) for name in names}
    namespace.update(
        __slots__=("_source", "_read"), whole_class=whole, field_names=names, __module__=__name__
    )
    namespace["__doc__"] = (
        f"The `{whole.__name__}` the engine hands a hook: its fields computed as they are read."
    )
    return type(name, (Lazy, whole), namespace)


#: The `PlayContext` a ``playable`` hook receives from the engine (see `Lazy`).
LazyPlayContext: Any = lazy_class(PlayContext, "LazyPlayContext")


@attrs.frozen
class PassContext:
    """One seat's place in the exchange before play, as cards.

    ``hand`` is what the seat holds as it chooses (its dealt cards, less what
    it gave and plus what it received in earlier stages); ``given`` and
    ``received`` list, stage by stage, the cards this seat gave and got so far
    in this hand.
    """

    rules: Rules
    seat: int
    #: the seat's cards now, sorted
    hand: tuple[Card, ...]
    #: the stage of the exchange being chosen (0; 1 for the return of a pass-and-return hand)
    stage: int
    #: where this hand's cards travel
    route: PassRoute
    #: the cards this seat gave in each completed stage of this hand's exchange, jokers too (after the cards)
    given: tuple[tuple[AnyCard, ...], ...]
    #: the cards this seat received in each completed stage, jokers too (a joker is no `Card`: it has no suit)
    received: tuple[tuple[AnyCard, ...], ...]
    #: the hand being played, counted from 0
    hand_index: int
    #: the seat that dealt this hand
    dealer: int
    #: each seat's total before this hand
    scores: tuple[int, ...] = ()
    #: the jokers the seat holds now (a deck's `Deck.jokers`), in number order; ``hand`` never shows them
    jokers: tuple[Joker, ...] = ()

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def partners(self) -> tuple[int, ...]:
        """The seat's partners where the rules declare teams (``()``: it plays alone)."""
        return _partners(self.rules, self.seat)

    @classmethod
    def of(cls, state: State, seat: int | None = None) -> PassContext:
        """The context of ``seat`` (default: the first seat still to pass) in a state of the passing phase."""
        context: PassContext = BUILDERS["pass"](state, seat)
        return context


@attrs.frozen
class OpeningContext:
    """Every hand after the exchange, as cards: what names the first leader of the hand."""

    rules: Rules
    #: each seat's cards after the exchange, sorted
    hands: tuple[tuple[Card, ...], ...]
    #: the seat that dealt this hand
    dealer: int
    #: the hand being played, counted from 0
    hand_index: int
    #: the score line of the hand before this one (``None`` on the first hand); a hand voided by
    #: a revoke is a hand before this one too (its ``revoke`` names the offender)
    previous: HandResult | None = None
    #: the completed tricks of the hand before this one, in order (``()`` on the first hand)
    previous_tricks: tuple[Trick, ...] = ()
    #: each seat's jokers after the exchange (a deck's `Deck.jokers`), by number; ``hands`` never shows them
    jokers: tuple[tuple[Joker, ...], ...] = ()

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The teams the rules declare, each a tuple of seats (``()``: every seat plays alone)."""
        return _teams(self.rules)

    def previous_taker(self, card: Card) -> int | None:
        """The seat that took ``card`` in the hand before this one (``None``: first hand, or no trick took it)."""
        for trick in self.previous_tricks:
            if trick.winner is not None and card in trick.cards:
                return trick.winner
        return None

    @property
    def eldest(self) -> int:
        """The seat left of the dealer, the first to receive a card."""
        return (self.dealer + 1) % len(self.hands)

    def nearest_holder(self, cards: Iterable[AnyCard]) -> int | None:
        """The seat nearest clockwise from eldest (eldest first) that holds one of ``cards`` (jokers too), if any."""
        wanted: set[AnyCard] = set(cards)
        n = len(self.hands)
        for step in range(1, n + 1):
            seat = (self.dealer + step) % n
            if wanted.intersection(self.hands[seat]) or (
                seat < len(self.jokers) and wanted.intersection(self.jokers[seat])
            ):
                return seat
        return None

    @classmethod
    def of(cls, state: State) -> OpeningContext:
        """The hands as play began in ``state``'s hand (a state after the exchange)."""
        context: OpeningContext = BUILDERS["opening"](state)
        return context


@attrs.frozen
class MoonContext:
    """A hand played out, as cards: what each seat took and the tricks in order, to find and score a moon."""

    rules: Rules
    #: each seat's captured cards, sorted (a card twice if both copies were taken)
    cards_taken: tuple[tuple[Card, ...], ...]
    #: the tricks of the hand in order: leader, cards in play order, winner
    tricks: tuple[Trick, ...]
    #: each seat's card points for the hand (the scoring's ``points_of``)
    raw: tuple[int, ...]
    #: each seat's total before the hand
    totals: tuple[int, ...]
    #: what a shooter may choose (the moon module's ``options()``)
    options: tuple[MoonOption, ...]

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.cards_taken)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The teams the rules declare, each a tuple of seats (``()``: every seat plays alone)."""
        return _teams(self.rules)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat won."""
        counts = [0] * len(self.cards_taken)
        for trick in self.tricks:
            if trick.winner is not None:
                counts[trick.winner] += 1
        return tuple(counts)

    @classmethod
    def of(cls, state: State) -> MoonContext:
        """The tricks of ``state``'s hand so far (all of them once the last trick is in): play phase or moon choice."""
        context: MoonContext = BUILDERS["moon"](state)
        return context

    @classmethod
    def last(cls, state: State) -> MoonContext:
        """The context of the last hand played out in ``state``'s game (the hand just over: the state is in the next).

        After the last card of a hand the game has moved on, so ``of`` no longer
        sees that hand; ``last`` reads it from the game's history (or, once the
        game is over, from the state itself). The hand's score line gives the
        raw points.
        """
        context: MoonContext = BUILDERS["moon_last"](state)
        return context


#: The `MoonContext` a moon module's hooks receive from the engine (see `Lazy`).
LazyMoonContext: Any = lazy_class(MoonContext, "LazyMoonContext")


@attrs.frozen
class AnnounceContext:
    """A hand about to be played, as public values: what decides whether a house rule's announcement round opens.

    A house rule's [`opens_announcements`][hartenjagen.rules.extras.HouseRule.opens_announcements]
    receives one once per hand, after the exchange. It holds what every seat knows, never a
    seat's cards: the round is offered to every seat, in turn from eldest.
    """

    rules: Rules
    #: the hand being played, counted from 0
    hand_index: int
    #: the seat that dealt this hand
    dealer: int
    #: each seat's total before this hand
    scores: tuple[int, ...]
    #: the score sheet: every hand before this one, oldest first (a voided hand's line too)
    sheet: tuple[HandResult, ...]

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The teams the rules declare, each a tuple of seats (``()``: every seat plays alone)."""
        return _teams(self.rules)

    @property
    def eldest(self) -> int:
        """The seat left of the dealer: the first asked to announce."""
        return (self.dealer + 1) % self.rules.players

    @property
    def previous(self) -> HandResult | None:
        """The score line of the hand before this one (``None`` on the first hand)."""
        return self.sheet[-1] if self.sheet else None

    @classmethod
    def of(cls, state: State) -> AnnounceContext:
        """The context of ``state``'s hand (any state of a hand: before, during or after the exchange)."""
        context: AnnounceContext = BUILDERS["announce"](state)
        return context


@attrs.frozen
class TrickContext:
    """A full trick whose winner is to be named, as cards: what a ``trick_winner`` module sees.

    Build one from a state with [`TrickContext.of`][hartenjagen.rules.context.TrickContext.of]
    (the last trick completed in the state's hand), or directly, to test a rule on a trick
    of one's choosing.
    """

    rules: Rules
    #: the cards of the trick in play order, each with its seat (the leader's first)
    trick: tuple[Play, ...]
    #: the number of this trick in the hand, from 1
    trick_number: int
    #: the completed tricks of this hand before this one, in order
    tricks: tuple[Trick, ...] = ()
    #: the seats that made this hand's announcement, in the order they announced
    announcers: tuple[int, ...] = ()
    #: each announcement of a house rule's own choices, (seat, choice), in order
    announcements: tuple[tuple[int, str], ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the trick in play order (position 0: the leader's).

        A trick with a joker (a deck's `Deck.jokers`) raises `RulesError`: a
        module that may meet jokers reads ``played``, whose items may be jokers.
        """
        cards = without_jokers(self.played)
        if len(cards) < len(self.trick):
            raise RulesError(
                f"the trick {' '.join(str(play.card) for play in self.trick)} holds a joker, which has no rank"
                " or suit: read TrickContext.played (cards and jokers) instead of cards"
            )
        return cards

    @property
    def played(self) -> tuple[AnyCard, ...]:
        """The cards of the trick in play order, jokers too (position 0: the leader's)."""
        return tuple([play.card for play in self.trick])

    @property
    def leader(self) -> int:
        """The seat that led the trick."""
        return self.trick[0].seat

    @property
    def led_suit(self) -> Suit:
        """The suit led: the first card's, or a joker's where its role gives it one (`Deck.joker_role`).

        A joker of no suit led leaves the suit to the next card (the suit
        the others had to follow). A trick of jokers of no suit only has no
        suit led: it raises `RulesError` (read ``played``).
        """
        suit = suit_led(self.played, self.rules.deck)
        if suit is None:
            raise RulesError(
                f"the trick {' '.join(str(play.card) for play in self.trick)} holds jokers of no suit only:"
                " no suit was led (read TrickContext.played)"
            )
        return suit

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def last(self) -> bool:
        """Whether this is the last trick of the hand."""
        deck = self.rules.deck
        return self.trick_number * self.rules.players == len(deck.pack()) + len(deck.jokers())

    @classmethod
    def of(cls, state: State) -> TrickContext:
        """The context of the last trick completed in ``state``'s hand (play phase or a moon choice)."""
        context: TrickContext = BUILDERS["trick"](state)
        return context


#: The `TrickContext` a ``trick_winner`` module receives from the engine (see `Lazy`).
LazyTrickContext: Any = lazy_class(TrickContext, "LazyTrickContext")
