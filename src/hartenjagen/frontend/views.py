"""What one seat may know: player views, spectator views and censored events.

A frontend that only ever sends ``view(state, seat)`` and
``events_for(events, seat)`` to a player cannot leak another player's cards:
both are built here and nowhere else.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable
from typing import Any

import attrs

from hartenjagen._repr import shown
from hartenjagen.cards import AnyCard, Joker, Suit, without_jokers
from hartenjagen.core import State, Table, as_state, fields, log_tricks, scatter_answer
from hartenjagen.engine import legal_moves
from hartenjagen.errors import HartenjagenError
from hartenjagen.events import CardDrawn, CardsExchanged, Event
from hartenjagen.moves import Move, Play
from hartenjagen.rules import Rules
from hartenjagen.rules.context import PassContext
from hartenjagen.rules.extras import voids_shown, widening_cards
from hartenjagen.rules.jokers import joker_roles, joker_suits
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
    #: the completed tricks of the hand before this one: public, every card of them was played face
    #: up (``()`` on the first hand); what an opening reads (Gong Zhu: who took the Q♠ leads); left
    #: out of JSON when empty
    previous_tricks: tuple[Trick, ...] = attrs.field(default=(), metadata={"omit_default": True})
    #: under a deck that draws to follow suit (Domino Hearts): each card drawn this hand, in order, as
    #: (trick, seat): public, the faces only in the drawer's hand; left out of JSON when empty
    draws: tuple[tuple[int, int], ...] = attrs.field(default=(), metadata={"omit_default": True})
    # Set once the view is known to be consistent: built by view(), or checked by validate_view.
    # Not a field of its value: no init argument, not compared, not saved.
    _consistent: bool = attrs.field(default=False, init=False, eq=False, repr=False)

    @property
    def out(self) -> tuple[int, ...]:
        """The seats that have dropped out of this hand, their cards gone (a deck that draws to follow suit)."""
        if not self.rules.deck.draws_to_follow() or self.phase not in (Phase.PLAYING, Phase.CHANCE):
            return ()
        in_trick = {play.seat for play in self.trick}
        return tuple(seat for seat, size in enumerate(self.hand_sizes) if not size and seat not in in_trick)

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
        jokers = joker_suits(joker_roles(self.rules.deck))  # a joker's suit, if its role gives it one
        shown: list[set[Suit]] = [set() for _ in range(n)]
        tricks = [trick.plays for trick in self.tricks]
        if self.trick:
            tricks.append(self.trick)
        for plays in tricks:
            for seat, led, _ in voids_shown(plays, widened, jokers):
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
            return scatter_answer(self.rules.passing, _pass_context(self, stage), tuple(given))
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
    # The hand holds no jokers (`Table.cards`), what was passed does: the context the exchange's hooks saw.
    return PassContext(
        rules=view.rules, seat=view.seat, hand=tuple(sorted(without_jokers(held))), stage=stage,
        route=view.pass_direction, given=tuple(tuple(given) for given, _ in view.exchanges[:stage]),
        received=tuple(tuple(got) for _, got in view.exchanges[:stage]),
        hand_index=view.hand_index, dealer=view.dealer,
        jokers=tuple(sorted(card for card in held if isinstance(card, Joker))),
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
        previous_tricks=_previous_tricks(inside.history, inside.score_sheet, inside.table),
        draws=state.draws,
    )
    object.__setattr__(built, "_consistent", True)
    return built


def _previous_tricks(
    history: tuple[Any, ...], sheet: tuple[HandResult, ...], table: Table
) -> tuple[Trick, ...]:
    """The tricks of the hand before (``()``: none, or a state rebuilt without its history)."""
    if not history or not sheet or history[-1].hand_index != sheet[-1].hand_index:
        return ()  # the first hand, a finished game (its last hand is not in the history), or no history
    last = history[-1]
    return _tricks_of(last.log, last.hands, table)


@functools.lru_cache(maxsize=64)  # every view of a hand shows the same tricks of the hand before
def _tricks_of(log: tuple[int, ...], hands: tuple[int, ...], table: Table) -> tuple[Trick, ...]:
    return log_tricks(log, hands, table)


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
    from hartenjagen.frontend._view_checks import check_view  # the checks import this module

    check_view(view)
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
