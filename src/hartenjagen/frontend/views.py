"""What one seat may know: player views, spectator views and censored events.

A frontend that only ever sends ``view(state, seat)`` and
``events_for(events, seat)`` to a player cannot leak another player's cards:
both are built here and nowhere else.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TypeVar

import attrs

from hartenjagen._repr import brief, shown
from hartenjagen.cards import ANY_CARDS, AnyCard, Suit, plain_cards, without_jokers
from hartenjagen.core import State, Table, as_state, fields, scatter_answer, table_for
from hartenjagen.engine import legal_moves
from hartenjagen.errors import HartenjagenError
from hartenjagen.events import CardDrawn, CardsExchanged, Event
from hartenjagen.moves import Announce, MoonChoice, MoonOption, Move, Play
from hartenjagen.rules import Rules
from hartenjagen.rules.context import PassContext
from hartenjagen.rules.extras import voids_shown, widening_cards
from hartenjagen.rules.routes import PassRoute, Travel
from hartenjagen.rules.teams import partners_of, teams_of
from hartenjagen.values import HandResult, Phase, Trick


class ViewError(HartenjagenError):
    """A view was asked for a seat that is not at the table."""


@attrs.frozen
class PlayerView:
    """Everything one seat may know about a game, and nothing else.

    ``seat`` is ``None`` in a spectator's view (``public_view``), which has no
    hand, no passed cards and no legal moves. Cards of other seats appear only
    once played: on the table, in completed tricks and in captured cards.
    In the passing phase the seat chooses ``pass_count`` of ``pass_options``
    (listing every combination would be hundreds of moves); otherwise
    ``legal_moves`` lists what the seat may do now (empty when it is not its
    turn). `print(view)` draws the table as this seat sees it (the terminal's
    drawing) and a notebook draws it as a picture
    ([`table_svg`][hartenjagen.frontend.svg.table_svg]), neither with a card the seat may not see.
    """

    seat: int | None
    #: the rules of the game (public: every player knows them)
    rules: Rules
    players: int
    phase: Phase
    hand_index: int
    dealer: int
    pass_direction: PassRoute
    pass_stage: int
    pass_count: int
    to_move: tuple[int, ...]
    #: this seat's cards, sorted by suit and rank
    hand: tuple[AnyCard, ...]
    hand_sizes: tuple[int, ...]
    #: the cards this seat gave and received in each completed stage of the exchange
    exchanges: tuple[tuple[tuple[AnyCard, ...], tuple[AnyCard, ...]], ...]
    #: the cards this seat has chosen to pass in the current stage (before the exchange)
    passing: tuple[AnyCard, ...]
    trick: tuple[Play, ...]
    #: the seat that led (or is to lead) the current trick; 0 while the seats pass or announce,
    #: because who leads first may depend on hidden cards (the holder of the 2♣) until play starts
    trick_leader: int
    tricks: tuple[Trick, ...]
    carry_over: tuple[AnyCard, ...]
    taken: tuple[tuple[AnyCard, ...], ...]
    hearts_broken: bool
    announcers: tuple[int, ...]
    scores: tuple[int, ...]
    display_scores: tuple[int, ...]
    score_sheet: tuple[HandResult, ...]
    is_over: bool
    winners: tuple[int, ...]
    legal_moves: tuple[Move, ...]
    pass_options: tuple[AnyCard, ...]
    #: how many cards the deck left undealt this hand (a widow): public, their faces are not
    undealt: int = 0
    #: the widow's cards, to the seat that took it only (else empty)
    widow: tuple[AnyCard, ...] = ()
    #: each announcement of a house rule's own choices, (seat, choice), in order: public to every seat
    #: (Gong Zhu's exposed cards); left out of JSON when empty
    announcements: tuple[tuple[int, str], ...] = attrs.field(default=(), metadata={"omit_default": True})
    # Set once the view is known to be consistent: built by view(), or checked by validate_view.
    # Not a field of its value: no init argument, not compared, not saved.
    _consistent: bool = attrs.field(default=False, init=False, eq=False, repr=False)

    @property
    def partners(self) -> tuple[int, ...]:
        """This seat's partners where the rules declare teams (``()``: it plays alone, or a spectator's view)."""
        return partners_of(self.rules, self.seat)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The teams the rules declare, each a tuple of seats (``()``: every seat plays alone)."""
        partnership = teams_of(self.rules) if self.rules.extras else None
        return () if partnership is None else partnership.teams

    @property
    def team_scores(self) -> tuple[int, ...]:
        """Each team's total, in the order of ``teams``: the sum of its members' ``scores`` (``()`` without teams)."""
        partnership = teams_of(self.rules) if self.rules.extras else None
        return () if partnership is None else partnership.team_totals(self.scores)

    # The drawings import the views, so they are imported when asked for.
    def __str__(self) -> str:
        """The table as this seat sees it, as text ([`table_text`][hartenjagen.frontend.drawing.table_text])."""
        from hartenjagen.frontend.drawing import table_text

        return table_text(self)

    def _repr_svg_(self) -> str:
        from hartenjagen.frontend.svg import table_svg

        return table_svg(self)

    def _repr_html_(self) -> str:
        from hartenjagen.frontend.svg import table_html

        return table_html(self)

    @property
    def passed(self) -> tuple[AnyCard, ...]:
        """The cards this seat gave in the first stage of the exchange (or has chosen to give)."""
        return self.exchanges[0][0] if self.exchanges else self.passing

    @property
    def received(self) -> tuple[AnyCard, ...]:
        """The cards this seat received in the first stage of the exchange (empty before it)."""
        return self.exchanges[0][1] if self.exchanges else ()

    @property
    def voids(self) -> tuple[tuple[Suit, ...], ...]:
        """Per seat, the suits it has shown it holds none of in this hand: it played another suit to one led.

        Every player sees these (they are public); a seat's own hand may show it more voids.
        """
        n = self.players
        # A card a house rule may allow against the others (HouseRule.widening) shows no void.
        widened = widening_cards(self.rules)
        shown: list[set[Suit]] = [set() for _ in range(n)]
        tricks = [(trick.leader, trick.cards) for trick in self.tricks]
        if self.trick:
            tricks.append((self.trick[0].seat, tuple([play.card for play in self.trick])))
        for leader, cards in tricks:
            for seat, led, _ in voids_shown(leader, cards, n, widened):
                shown[seat].add(led)
        return tuple(tuple(sorted(suits)) for suits in shown)

    def passed_to(self, stage: int = 0) -> tuple[tuple[AnyCard, int], ...] | None:
        """Where the cards this seat gave in ``stage`` of the exchange went: (card, receiving seat) for each.

        The route says it: all to one seat (left, across, back for a return), or
        each card by the passing module's own rule (a scatter pass). ``None``
        when the cards were pooled and dealt back (nobody knows where they
        went), for a spectator, and for a stage not done yet.
        """
        if self.seat is None or type(stage) is not int or not 0 <= stage < len(self.exchanges):
            return None
        given = self.exchanges[stage][0]
        route = self.pass_direction
        if route.travel is Travel.SEAT:
            offset = route.offset(self.players)
            if self.rules.passing.stages(route)[stage].back:
                offset = -offset
            receiver = (self.seat + offset) % self.players
            return tuple((card, receiver) for card in given)
        if route.travel is Travel.RULE:
            return scatter_answer(self.rules.passing, _pass_context(self, stage), plain_cards(given))
        return None


def _pass_context(view: PlayerView, stage: int) -> PassContext:
    """This seat's `PassContext` as it chose its cards in ``stage`` of the exchange (a stage done)."""
    assert view.seat is not None
    if view.phase is Phase.PASSING:
        held = list(view.hand) + list(view.passing)
    else:  # the hand as play began: the cards held and those played this hand
        played = [
            card for done in view.tricks for j, card in enumerate(done.cards)
            if (done.leader + j) % view.players == view.seat
        ]  # fmt: skip
        held = list(view.hand) + played + [play.card for play in view.trick if play.seat == view.seat]
    for later in range(len(view.exchanges) - 1, stage - 1, -1):
        given, got = view.exchanges[later]
        for card in got:
            held.remove(card)
        held += given
    # A hook's context holds no jokers (`Table.cards`): the same cards the exchange's hooks saw.
    return PassContext(
        rules=view.rules, seat=view.seat, hand=tuple(sorted(without_jokers(held))), stage=stage,
        route=view.pass_direction, given=tuple(without_jokers(given) for given, _ in view.exchanges[:stage]),
        received=tuple(without_jokers(got) for _, got in view.exchanges[:stage]),
        hand_index=view.hand_index, dealer=view.dealer,
    )  # fmt: skip


def _plain_seat(seat: object) -> int | None:
    """The plain int of a seat (an int subclass may answer == and < as it likes), or ``None``."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        return None
    return operator.index(seat)


def _seat(state: State, seat: object) -> int:
    plain = _plain_seat(seat)
    if plain is None or not 0 <= plain < state.players:
        raise ViewError(f"there is no seat {shown(seat)}: seats are 0 to {state.players - 1}")
    return plain


def view(state: State, seat: int) -> PlayerView:
    """What ``seat`` may know about ``state``: its own hand and passes, and everything public.

    Something that is not a `State` is a `StateError`, as for `legal_moves`; a seat not at
    the table is a `ViewError`.
    """
    checked = as_state(state, "view")
    return _build(checked, _seat(checked, seat))


def public_view(state: State) -> PlayerView:
    """What a spectator may know: everything public, no hand at all.

    Something that is not a `State` is a `StateError`, as for `legal_moves`.
    """
    return _build(as_state(state, "public_view"), None)


#: The phases before the first lead of a hand: who will lead is not public yet.
_BEFORE_PLAY = (Phase.PASSING, Phase.ANNOUNCING)


def _build(state: State, seat: int | None) -> PlayerView:
    inside = fields(state)
    table = inside.table
    moves: tuple[Move, ...] = ()
    options: tuple[AnyCard, ...] = ()
    if seat is not None and seat in state.to_move:
        if state.phase is Phase.PASSING:
            options = legal_moves(state).passable(seat)  # type: ignore[attr-defined]
        else:
            moves = tuple(legal_moves(state))
    exchanges: tuple[tuple[tuple[AnyCard, ...], tuple[AnyCard, ...]], ...] = ()
    passing: tuple[AnyCard, ...] = ()
    hand: tuple[AnyCard, ...] = ()
    if seat is not None:
        hand = table.any_cards(inside.hand_masks[seat])
        exchanges = tuple(
            (table.any_cards(given[seat]), table.any_cards(got[seat])) for given, got in inside.pass_log
        )
        if state.phase is Phase.PASSING:
            passing = table.any_cards(inside.passed_masks[seat])
    built = PlayerView(
        seat=seat,
        rules=state.rules,
        players=state.players,
        phase=state.phase,
        hand_index=state.hand_index,
        dealer=state.dealer,
        pass_direction=state.pass_direction,
        pass_stage=state.pass_stage,
        pass_count=state.pass_count,
        to_move=state.to_move,
        hand=hand,
        hand_sizes=tuple(mask.bit_count() for mask in inside.hand_masks),
        exchanges=exchanges,
        passing=passing,
        trick=state.trick,
        trick_leader=state.trick_leader if state.phase not in _BEFORE_PLAY else 0,
        tricks=state.tricks,
        carry_over=state.carry_over,
        taken=state.taken,
        hearts_broken=state.hearts_broken,
        announcers=state.announcers,
        scores=state.scores,
        display_scores=state.display_scores,
        score_sheet=state.score_sheet,
        is_over=state.is_over,
        winners=state.winners,
        legal_moves=moves,
        pass_options=options,
        undealt=len(state.widow) + len(state.stock),
        widow=state.widow if seat is not None and seat == state.widow_taker else (),
        announcements=state.announcements,
    )
    object.__setattr__(built, "_consistent", True)
    return built


def validate_view(view: object) -> None:
    """Check that ``view`` is a `PlayerView` a game could show; raise `ViewError` if not.

    For views from outside (JSON from a client, a view built by hand):
    ``loads``, ``determinize`` and the bots run it on every view they get.
    Checked: every field has its type (whole numbers are plain ints, cards
    the interned cards, moves, tricks and score lines the library's own
    classes); seats lie on the table of the view's rules and every per-seat
    list has one entry per seat; the seats to move fit the phase and the
    trick; the seat's hand fits its hand size; the trick follows its leader;
    no card is shown more often than the pack holds it; captured cards are
    those of the tricks; the exchange has the stages the rules give; the
    legal moves and the pass options belong to the seat to move and its
    hand; the scores are the score sheet's last totals. It costs time linear
    in the view's size (a view of 2**63 players is refused at once). A view
    from `view` or `public_view` always passes.
    """
    if type(view) is PlayerView and view._consistent:
        return
    _check_view(view)
    object.__setattr__(view, "_consistent", True)  # frozen: the checked values cannot change


def event_for(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` may see it (``None``: a spectator).

    An exchange keeps only the seat's own cards; a card drawn from the stock
    is shown to its drawer only (the others see that a card was drawn).
    """
    if seat is not None:
        plain = _plain_seat(seat)
        if plain is None or plain < 0:
            raise ViewError(f"there is no seat {shown(seat)}")
        seat = plain
    if isinstance(event, CardDrawn):
        return event if seat == event.seat else CardDrawn(event.seat, None)
    if isinstance(event, CardsExchanged):
        players = len(event.given)
        if seat is not None and seat >= players:
            raise ViewError(f"there is no seat {seat}: seats are 0 to {players - 1}")
        return CardsExchanged(
            event.stage,
            event.pass_direction,
            tuple(event.given[s] if s == seat else () for s in range(players)),
            tuple(event.received[s] if s == seat else () for s in range(players)),
        )
    return event


def events_for(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them (``None``: a spectator)."""
    return tuple(event_for(event, seat) for event in events)


# ---------------------------------------------------------------- checking a view from outside
# ``view(state, seat)`` builds consistent views. A view read from JSON, or built by hand, may be
# anything: `validate_view` checks that it is one a game could show, as far as a view says (its own
# fields agree with each other and with its rules), so that the code that reads views
# (``determinize``, the bots) meets only views it can work with. The check costs time linear in the
# size of the view and allocates nothing large: a view of 2**63 players is refused at once.

T = TypeVar("T")

#: The move a seat makes in each phase (a seat to move in the passing phase chooses from pass_options).
_MOVE_OF_PHASE: dict[Phase, type] = {
    Phase.PLAYING: Play,
    Phase.ANNOUNCING: Announce,
    Phase.MOON_CHOICE: MoonChoice,
}


def _check_view(view: object) -> None:
    """`validate_view` of a view that did not come from `view` or `public_view`."""
    if type(view) is not PlayerView:
        raise ViewError(f"expected a PlayerView, not {shown(view)}")
    _ViewCheck(view).run()


#: The longest number a view may hold (as a seed; any number shorter can be shown as text).
_BITS = 4096

#: The interned cards by identity (a forged card may hash and compare as a real one).
_INTERNED = frozenset(map(id, ANY_CARDS))


@functools.lru_cache(maxsize=32)
def _pack(table: Table) -> tuple[frozenset[AnyCard], Counter[AnyCard]]:
    """The cards of a pack, and how often the pack holds each."""
    counts = Counter(table.card_of[p] for p in table.pack)
    return frozenset(counts), counts


def _fail(field: str, problem: str) -> ViewError:
    problem = brief(problem)
    error = ViewError(f"an inconsistent view: {field}: {problem}")
    error.field = field  # type: ignore[attr-defined]
    error.problem = problem  # type: ignore[attr-defined]
    return error


class _ViewCheck:
    def __init__(self, view: PlayerView) -> None:
        self.view = view
        if not isinstance(view.rules, Rules):
            raise _fail("rules", f"expected a Rules value, not {shown(view.rules)}")
        self.table: Table = self.ask("rules", "be compiled", table_for, view.rules)
        self.n = self.table.players
        self.pack, self.pack_counts = _pack(self.table)

    @staticmethod
    def ask(field: str, what: str, call: Callable[..., T], *args: object) -> T:
        """A rule module's hook; whatever it raises is the view's fault (its rules or its fields)."""
        try:
            return call(*args)
        except Exception as error:
            raise _fail(field, f"the rules cannot {what}: {shown(error, 120)}") from error

    # -- kinds of field

    def whole(self, value: object, field: str, low: int = 0, high: int | None = None) -> int:
        if type(value) is not int or value.bit_length() > _BITS:
            raise _fail(field, f"expected a whole number of at most {_BITS} bits, not {shown(value)}")
        if value < low or (high is not None and value > high):
            span = f"from {low}" + (f" to {high}" if high is not None else " up")
            raise _fail(field, f"{shown(value)} is not a number {span}")
        return value

    def seat(self, value: object, field: str) -> int:
        if type(value) is not int or not 0 <= value < self.n:
            raise _fail(field, f"{shown(value)} is not a seat: seats are 0 to {self.n - 1}")
        return value

    def tuple_of(self, value: object, field: str, length: int | None = None) -> tuple[object, ...]:
        if type(value) is not tuple:
            raise _fail(field, f"expected a tuple, not {shown(value)}")
        if length is not None and len(value) != length:
            raise _fail(field, f"lists {len(value)} entries, not one per seat ({length})")
        return value

    def seats(self, value: object, field: str) -> tuple[int, ...]:
        seats = self.tuple_of(value, field)
        if len(seats) > self.n:
            raise _fail(field, f"lists {len(seats)} seats at a table of {self.n}")
        for i, seat in enumerate(seats):
            self.seat(seat, f"{field}[{i}]")
        if len(set(seats)) != len(seats):
            raise _fail(field, "lists a seat twice")
        return seats  # type: ignore[return-value]

    def cards(self, value: object, field: str) -> tuple[AnyCard, ...]:
        cards = self.tuple_of(value, field)
        if len(cards) > len(self.table.pack):
            raise _fail(field, f"holds {len(cards)} cards, more than the pack of {len(self.table.pack)}")
        if not (_INTERNED.issuperset(map(id, cards)) and self.pack.issuperset(cards)):
            for i, card in enumerate(cards):
                if id(card) not in _INTERNED:
                    raise _fail(f"{field}[{i}]", f"{shown(card)} is not a card")
                if card not in self.pack:
                    raise _fail(f"{field}[{i}]", f"{card} is not in the pack of these rules")
        return cards  # type: ignore[return-value]

    def ints(self, value: object, field: str) -> tuple[int, ...]:
        numbers = self.tuple_of(value, field, self.n)
        for i, number in enumerate(numbers):
            if type(number) is not int or number.bit_length() > _BITS:
                raise _fail(
                    f"{field}[{i}]", f"expected a whole number of at most {_BITS} bits, not {shown(number)}"
                )
        return numbers  # type: ignore[return-value]

    # -- the checks

    def run(self) -> None:
        view, n = self.view, self.n
        if type(view.players) is not int or view.players != n:
            raise _fail("players", f"{shown(view.players)}, but the rules seat {n} players")
        if view.seat is not None:
            self.seat(view.seat, "seat")
        for field, kind in (("phase", Phase), ("pass_direction", PassRoute)):
            if not isinstance(getattr(view, field), kind):
                raise _fail(field, f"expected a {kind.__name__}, not {shown(getattr(view, field))}")
        for field in ("hearts_broken", "is_over"):
            if type(getattr(view, field)) is not bool:
                raise _fail(field, f"expected True or False, not {shown(getattr(view, field))}")
        self.whole(view.hand_index, "hand_index")
        self.seat(view.dealer, "dealer")
        self.seat(view.trick_leader, "trick_leader")
        self.check_phase()
        self.check_exchange()
        self.check_cards()
        self.check_moves()
        self.check_scores()

    def check_phase(self) -> None:
        view, n = self.view, self.n
        phase = view.phase
        to_move = self.seats(view.to_move, "to_move")
        if view.is_over != (phase is Phase.GAME_OVER):
            raise _fail("is_over", f"{view.is_over}, but the game is {phase.value}")
        winners = self.seats(view.winners, "winners")
        if bool(winners) != (phase is Phase.GAME_OVER):
            raise _fail("winners", f"{list(winners)} while the game is {phase.value}")
        if phase is Phase.GAME_OVER and to_move:
            raise _fail("to_move", "the game is over: nobody is to move")
        if phase is Phase.PASSING and not to_move:
            raise _fail("to_move", "the seats are passing: someone is to move")
        if phase in _MOVE_OF_PHASE and len(to_move) != 1:
            raise _fail("to_move", f"one seat is to move when the game is {phase.value}, not {len(to_move)}")
        announcers = self.seats(view.announcers, "announcers")
        if announcers and phase is Phase.PASSING:
            raise _fail("announcers", "nobody announces before the exchange is over")
        hand_size = self.table.tricks
        tricks = self.tuple_of(view.tricks, "tricks")
        trick = self.tuple_of(view.trick, "trick")
        if len(tricks) > hand_size or (phase is Phase.PLAYING and len(tricks) == hand_size):
            raise _fail("tricks", f"{len(tricks)} tricks in a hand of {hand_size} cards ({phase.value})")
        if len(trick) >= n:
            raise _fail("trick", f"holds {len(trick)} cards; a trick of {n} players is complete at {n}")
        if phase in (Phase.PASSING, Phase.ANNOUNCING) and (tricks or trick):
            raise _fail("tricks", f"cards have been played, but the game is {phase.value}")
        if phase is Phase.MOON_CHOICE and (len(tricks) != hand_size or trick):
            raise _fail("tricks", "a moon is chosen after the last trick of the hand")
        if phase is Phase.PLAYING and to_move[0] != (view.trick_leader + len(trick)) % n:
            raise _fail("to_move", f"seat {to_move[0]} is not next after the trick's leader")
        for i, done in enumerate(tricks):
            where = f"tricks[{i}]"
            if type(done) is not Trick:
                raise _fail(where, f"expected a Trick, not {shown(done)}")
            if type(done.leader) is not int or not 0 <= done.leader < n:
                self.seat(done.leader, f"{where}.leader")
            if done.winner is not None:
                self.seat(done.winner, f"{where}.winner")
            if type(done.cards) is not tuple or len(done.cards) != n:
                raise _fail(f"{where}.cards", f"expected a tuple of the {n} cards of a trick")
        self.cards(tuple(card for done in tricks for card in done.cards), "tricks.cards")  # type: ignore[attr-defined]
        for i, play in enumerate(trick):
            where = f"trick[{i}]"
            if type(play) is not Play:
                raise _fail(where, f"expected a Play, not {shown(play)}")
            if play.seat != (view.trick_leader + i) % n:
                raise _fail(where, f"seat {play.seat} does not play in turn after the leader")
            self.cards((play.card,), f"{where}.card")
        sizes = self.tuple_of(view.hand_sizes, "hand_sizes", n)
        played_now = {play.seat for play in trick}  # type: ignore[attr-defined]
        for seat, size in enumerate(sizes):
            if phase in _MOVE_OF_PHASE:
                expected = self.table.hand_size + self.drawn(len(tricks)) - len(tricks) - (seat in played_now)
                if size != expected:
                    raise _fail(
                        f"hand_sizes[{seat}]", f"{shown(size)}, not {expected} after the tricks played"
                    )
            else:
                self.whole(size, f"hand_sizes[{seat}]", 0, len(self.table.pack))

    def check_exchange(self) -> None:
        view = self.view
        passing = view.rules.passing
        try:
            direction = passing.route(view.hand_index, None)
        except Exception:  # a route drawn by chance: any of the module's is possible
            direction = view.pass_direction
        if view.phase is Phase.CHANCE:  # waiting for the deal or the draw: the route is not known yet
            direction = view.pass_direction
        elif view.pass_direction not in self.ask("pass_direction", "list its routes", passing.routes):
            raise _fail("pass_direction", f"the rules never pass {view.pass_direction.name}")
        if direction != view.pass_direction:
            raise _fail("pass_direction", f"the rules pass {direction.name} in hand {view.hand_index}")
        counts = self.ask("pass_direction", "count the cards passed", passing.stage_counts, direction)
        stage = self.whole(view.pass_stage, "pass_stage", 0, len(counts))
        passing_now = view.phase is Phase.PASSING
        if passing_now and stage == len(counts):
            raise _fail("pass_stage", f"the exchange has {len(counts)} stages: none is left to choose")
        if view.phase in (Phase.ANNOUNCING, Phase.PLAYING, Phase.MOON_CHOICE) and stage != len(counts):
            raise _fail("pass_stage", f"the exchange of {len(counts)} stages is over when play begins")
        expected = (counts[stage] if passing_now else counts[0]) if counts else 0
        if view.pass_count != expected:
            raise _fail("pass_count", f"{shown(view.pass_count)}, but the rules pass {expected} cards now")
        exchanges = self.tuple_of(view.exchanges, "exchanges")
        if len(exchanges) != (stage if view.seat is not None else 0):
            raise _fail("exchanges", f"lists {len(exchanges)} stages, not the {stage} done")
        for i, pair in enumerate(exchanges):
            if type(pair) is not tuple or len(pair) != 2:
                raise _fail(f"exchanges[{i}]", "expected (cards given, cards received)")
            given = self.cards(pair[0], f"exchanges[{i}][0]")
            self.cards(pair[1], f"exchanges[{i}][1]")
            gives = view.seat in self.ask(
                "exchanges", "name the seats that pass", passing.givers, i, direction, self.n, view.dealer
            )
            if len(given) != (counts[i] if gives else 0):
                raise _fail(f"exchanges[{i}][0]", f"{len(given)} cards given in stage {i} of the exchange")
        passing_cards = self.cards(view.passing, "passing")
        if passing_cards and (not passing_now or view.seat is None or view.seat in view.to_move):
            raise _fail("passing", "cards chosen to pass, but the seat has not chosen (or is not passing)")
        if passing_cards and len(passing_cards) != view.pass_count:
            raise _fail("passing", f"{len(passing_cards)} cards chosen, not {view.pass_count}")

    def check_cards(self) -> None:
        view = self.view
        hand = self.cards(view.hand, "hand")
        if view.seat is None:
            if hand or view.passing or view.exchanges:
                raise _fail("hand", "a spectator's view shows no hand, passes or exchange")
        elif len(hand) != view.hand_sizes[view.seat]:
            raise _fail("hand", f"holds {len(hand)} cards, but hand_sizes says {view.hand_sizes[view.seat]}")
        if list(hand) != sorted(hand):
            raise _fail("hand", "cards are sorted by suit and rank")
        taken = self.tuple_of(view.taken, "taken", self.n)
        carry = self.cards(view.carry_over, "carry_over")
        played = [card for done in view.tricks for card in done.cards]
        captured = list(carry)
        for seat, cards in enumerate(taken):
            captured += self.cards(cards, f"taken[{seat}]")
        # (Every card checked is interned: the same card is the same object.)
        if view.phase is not Phase.GAME_OVER and sorted(map(id, captured)) != sorted(map(id, played)):
            raise _fail("taken", "the captured cards and the carry-over are not the cards of the tricks")
        widow = self.check_widow()
        seen = list(itertools.chain(hand, view.passing, (play.card for play in view.trick), played, widow))
        if len(set(seen)) != len(seen):  # a card twice: only as often as the pack holds it
            for card, count in Counter(seen).items():
                if count > self.pack_counts[card]:
                    held = self.pack_counts[card]
                    raise _fail("hand", f"the {card} is shown {count} times, but the pack holds it {held}")

    def drawn(self, tricks: int) -> int:
        """How many cards each seat has drawn from the stock after ``tricks`` tricks (0: no stock)."""
        table = self.table
        if not table.draw_orders[0]:
            return 0
        return min(tricks, (len(table.pack) - table.dealt_count) // table.players)

    def check_widow(self) -> tuple[AnyCard, ...]:
        """The undealt cards: as many as the deck leaves over (less those drawn); faces only to a widow's taker."""
        view, table = self.view, self.table
        expected = len(table.pack) - table.dealt_count - table.players * self.drawn(len(view.tricks))
        undealt = self.whole(view.undealt, "undealt", 0, len(table.pack))
        if undealt != expected and not (view.phase is Phase.CHANCE and undealt == 0):
            raise _fail("undealt", f"{undealt}, but the deck leaves {expected} cards undealt")
        widow = self.cards(view.widow, "widow")
        if widow and (view.seat is None or len(widow) != undealt or len(view.tricks) <= table.widow_trick):
            raise _fail("widow", "the widow's cards are shown only to the seat that took it, all of them")
        return widow

    def check_moves(self) -> None:
        view = self.view
        moves = self.tuple_of(view.legal_moves, "legal_moves")
        options = self.cards(view.pass_options, "pass_options")
        to_move = view.seat is not None and view.seat in view.to_move
        kind = _MOVE_OF_PHASE.get(view.phase)
        if not to_move or kind is None:
            if moves:
                raise _fail("legal_moves", "moves listed for a seat that is not to move (or is passing)")
        elif not moves:
            raise _fail("legal_moves", "the seat to move has no legal move")
        for i, move in enumerate(moves):
            if type(move) is not kind or getattr(move, "seat", None) != view.seat:
                raise _fail(f"legal_moves[{i}]", f"{shown(move)} is not a move of seat {view.seat} now")
            if isinstance(move, Play) and move.card not in view.hand:
                raise _fail(f"legal_moves[{i}]", f"the {move.card} is not in the seat's hand")
            if isinstance(move, MoonChoice) and not isinstance(move.option, MoonOption):
                raise _fail(f"legal_moves[{i}]", "not a moon option")
        if len(set(moves)) != len(moves):
            raise _fail("legal_moves", "lists a move twice")
        if view.phase is Phase.PASSING and to_move:
            if len(options) < view.pass_count or not view.pass_count:
                raise _fail("pass_options", f"{len(options)} cards to choose {view.pass_count} from")
            if Counter(options) - Counter(view.hand):
                raise _fail("pass_options", "offers cards that are not in the seat's hand")
        elif options:
            raise _fail("pass_options", "cards offered to a seat that is not choosing a pass")

    def check_scores(self) -> None:
        view, n = self.view, self.n
        scores = self.ints(view.scores, "scores")
        self.ints(view.display_scores, "display_scores")
        sheet = self.tuple_of(view.score_sheet, "score_sheet")
        for i, line in enumerate(sheet):
            where = f"score_sheet[{i}]"
            if type(line) is not HandResult:
                raise _fail(where, f"expected a HandResult, not {shown(line)}")
            for key in ("raw", "points", "totals"):
                self.ints(getattr(line, key), f"{where}.{key}")
            self.whole(line.hand_index, f"{where}.hand_index")
            self.seat(line.dealer, f"{where}.dealer")
            for key in ("shooter", "revoke"):
                if getattr(line, key) is not None:
                    self.seat(getattr(line, key), f"{where}.{key}")
            self.seats(line.announcers, f"{where}.announcers")
            if line.moon_choice is not None and not isinstance(line.moon_choice, MoonOption):
                raise _fail(f"{where}.moon_choice", f"expected a MoonOption, not {shown(line.moon_choice)}")
        last = sheet[-1].totals if sheet else (0,) * n  # type: ignore[attr-defined]
        if scores != last:
            raise _fail("scores", f"{list(scores)} are not the score sheet's last totals {list(last)}")
        display = self.ask("display_scores", "show the totals", view.rules.ending.display, scores)
        if tuple(display) != view.display_scores:
            raise _fail("display_scores", f"are not the rules' display of the scores ({list(display)})")
