"""Determinization: a whole game state that agrees with everything one seat knows.

A bot sees only its [`PlayerView`][hartenjagen.frontend.views.PlayerView]: its own hand, the
cards played, its own passes. To look ahead with the engine (``apply``,
``rollout``) it needs a complete [`State`][hartenjagen.core.state.State].
``determinize(view, rng)`` builds one: the cards the seat cannot see are dealt
at random to the other seats, consistently with the view:

- every other seat gets as many cards as it holds (``view.hand_sizes``);
- a seat that failed to follow a suit in this hand gets no card of that suit;
- the cards this seat passed are with the seat that received them (until that
  seat plays them or hands them back);
- the first leader of the hand is the seat the opening rule names for the
  sampled hands (once play has begun, a seat before the holder of the 2♣, or
  of a deuce, holds none; while announcing, the view does not say who leads);
- cards played and captured are out, and the plays of this hand are replayed
  through the engine, so the tricks, the captured cards, the carry-over pile
  and whether hearts are broken are the engine's own.

The other seats' exchange (what they gave and received) is rebuilt backwards
from their sampled hands, so ``dealt``, ``passed`` and ``exchanges`` of the
state are those of a real game. The seed is unknown: the state gets a random
secret one (``state.seed`` is ``None``), chosen so that a pass direction drawn
by chance is the one the view shows.

The result works with ``legal_moves``, ``apply`` and ``rollout``, and
``view(state, view.seat) == view``. In the first hand of a game (where no deal
depends on the unknown seed) it also passes
[`hartenjagen.frontend.serialize.validate_state`][hartenjagen.frontend.serialize.validate_state], except in a hand whose exchange is
drawn by chance (``PassToDealer``: the pool is redealt from the seed) or travels
by the passing module's own rule (a scatter pass): there only this seat's part
of the exchange is rebuilt, which is all a playout needs.

A sample is rejected and drawn again when a play of this hand would have been
illegal with the sampled hands (a seat that led a heart before hearts were
broken held nothing else); after a few rejections the last sample is kept, so
such rarer inferences are respected as far as a few draws allow. Voids and the
opening are always respected.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from functools import partial
from typing import Any, Final

from hartenjagen.bots._draws import with_draws
from hartenjagen.bots._exchange_shape import ExchangeShape, exchange_shape
from hartenjagen.bots._exchange_unwind import choose, find, unwind
from hartenjagen.bots._follow_world import give_a_card_of
from hartenjagen.bots._hidden_deal import DealPlan, deal_hidden, deal_plan, dealer
from hartenjagen.bots._opening import OpeningHookError, opening_context, opening_keys
from hartenjagen.bots._passable import passable_cards
from hartenjagen.bots._replay import replay
from hartenjagen.bots._shown_choice import give_a_choice
from hartenjagen.bots._trick_plays import trick_plays
from hartenjagen.bots._world_fields import PlayTemplate, build_world, view_fields
from hartenjagen.cards import AnyCard, led_suit
from hartenjagen.chance import chance_for
from hartenjagen.core import (
    PassLog,
    SharedPlay,
    State,
    announcement_offers,
    announcing_seats,
    shares_plays,
    table_for,
)
from hartenjagen.engine import apply
from hartenjagen.errors import HartenjagenError
from hartenjagen.frontend.views import PlayerView, ViewError, validate_view
from hartenjagen.moves import Move
from hartenjagen.rules.extras import shown_cards, voids_shown, widening_cards
from hartenjagen.rules.passing import Passing
from hartenjagen.values import Phase

__all__ = ["DeterminizeError", "Determinizer", "determinize"]

#: Draws per call before the last consistent-enough sample is kept.
_ATTEMPTS: Final = 12
#: Seeds tried to find one whose chance draws the view's pass direction.
_SEED_TRIES: Final = 256
#: Whether the worlds of a view in card play share one replay of its plays where the rules allow it
#: (`Determinizer._played`); off, every world replays them (the same worlds: tests compare the two).
SHARE_PLAYS = True


class DeterminizeError(HartenjagenError):
    """A view that cannot be determinized: a spectator's view, a finished game, or a view no deal fits."""


def determinize(view: PlayerView, rng: random.Random | int | None = None) -> State:
    """A complete state consistent with ``view``: the hidden cards dealt at random to the other seats.

    ``rng`` is a ``random.Random``, a seed for one, or ``None`` (a fresh
    unseeded one). The same view and the same seed give the same state. See
    the module documentation for what "consistent" covers.
    """
    return Determinizer(view).sample(rng)


def _rng(rng: random.Random | int | None) -> random.Random:
    if rng is None:
        return random.Random()
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, int) and not isinstance(rng, bool):
        return random.Random(rng)
    raise DeterminizeError(f"rng must be a random.Random, a seed or None, not {rng!r}")


class Determinizer:
    """Samples states for one view; build it once and call [`sample`][hartenjagen.bots.determinize.Determinizer.sample] for each state.

    ``Determinizer(view).sample(rng)`` is ``determinize(view, rng)``; a bot
    that samples many states for one decision saves the work of reading the
    view each time.
    """

    def __init__(self, view: PlayerView) -> None:
        if not isinstance(view, PlayerView):
            raise DeterminizeError(f"determinize needs a PlayerView, not {type(view).__name__}")
        try:
            validate_view(view)  # a view from outside (JSON, built by hand) must be one a game shows
        except ViewError as error:
            raise DeterminizeError(str(error)) from error
        if view.seat is None:
            raise DeterminizeError("a spectator's view has no seat to determinize for")
        if view.is_over or view.phase is Phase.GAME_OVER:
            raise DeterminizeError("the game is over: there is nothing left to deal")
        if view.phase is Phase.CHANCE:
            raise DeterminizeError("the game waits for a chance outcome: determinize after it")
        self.view = view
        self.table = table = table_for(view.rules)
        self.n = n = table.players
        self.me = me = view.seat
        self.free = table.pack_mask
        rules = view.rules
        passing = rules.passing
        counts = passing.stage_counts(view.pass_direction)
        self.counts = counts
        self.done = done = len(view.exchanges)
        self.passing_now = view.phase is Phase.PASSING
        stages = done + 1 if self.passing_now else done
        self.givers: list[int] = []
        self.shapes: list[ExchangeShape] = []
        for stage in range(stages):
            givers = 0
            for seat in passing.givers(stage, view.pass_direction, n, view.dealer):
                givers |= 1 << seat
            self.givers.append(givers)
            self.shapes.append(exchange_shape(view, table, stage, counts[stage], givers))

        # Known cards: this seat's hand and chosen passes, the widow if it took it, every card played this hand.
        self.hand = self.take_all(view.hand)
        self.take_all(view.widow)
        self.chosen = self.take_all(view.passing) if self.passing_now else 0
        self.plays: list[tuple[int, AnyCard]] = []
        self.played_by = [0] * n
        self.forbidden = [0] * n
        tricks = [trick_plays(trick) for trick in view.tricks]
        if view.trick:
            tricks.append(view.trick)
        # With a stock, a void shown before the last draw may be filled by a later draw: it counts
        # only from the trick after it (`Deck.draw_order`; none without a stock).
        self.draw_rounds = (len(table.pack) - table.dealt_count) // n if table.draw_orders[0] else 0
        # A card a house rule may allow against the others (HouseRule.widening) shows no void.
        widened = widening_cards(view.rules)
        # Drawing to follow (`Deck.draws_to_follow`): a seat that drew in a trick could not follow it,
        # and holds none of that suit once it played; a void counts unless the seat drew again later.
        last_draw = [-1] * n
        drew: list[set[int]] = [set() for _ in range(n)]
        for number, seat in view.draws:
            last_draw[seat] = number
            drew[seat].add(number)
        for number, plays in enumerate(tricks):
            for seat, card in ((shown.seat, shown.card) for shown in plays):
                self.plays.append((seat, card))
                self.played_by[seat] |= self.take(card, table.pack_mask)
            led = led_suit([shown.card for shown in plays], table.joker_suits)
            if led is None:  # jokers of no suit only: no suit led, no void shown
                continue
            shown_void = {seat for seat, _, _ in voids_shown(plays, widened, table.joker_suits)}
            for seat in {shown.seat for shown in plays}:
                void = seat in shown_void or number in drew[seat]
                if void and number >= self.draw_rounds and number >= last_draw[seat]:
                    self.forbidden[seat] |= table.suit_masks[led]

        # This seat's passes: each card sits with its receiver until that seat plays it or hands it back.
        self.located = [0] * n
        self.pinned = [[0] * n for _ in range(stages + 1)]
        self._claimed = 0
        my_received = [list(got) for _, got in view.exchanges]
        self.sent: list[dict[AnyCard, list[int]]] = []  # per stage: where each card this seat gave went
        for stage in range(done):
            self.sent.append(self._sent(stage))
        for stage in range(done):
            for card in view.exchanges[stage][0]:
                self._locate(card, stage, my_received)
        # The opening: seats before the first leader hold no key card; the leader holds one.
        # (While announcing, the view does not show who will lead: the sample's opening decides.)
        self.first_leader: int | None = None
        if view.phase in (Phase.PLAYING, Phase.MOON_CHOICE):
            self.first_leader = view.tricks[0].leader if view.tricks else view.trick_leader
            try:
                keys = opening_keys(view.rules, table)
            except OpeningHookError as error:
                cause = error.args[0]
                raise DeterminizeError(
                    f"cannot read the opening of {view.rules.opening!r}: {cause}"
                ) from cause
            if keys:
                for step in range(1, n + 1):
                    seat = (view.dealer + step) % n
                    if seat == self.first_leader:
                        break
                    self.forbidden[seat] |= keys
                leader = self.first_leader
                if leader != me and not (self.played_by[leader] | self.located[leader]) & keys:
                    hidden_keys = keys & self.free
                    lowest = hidden_keys & -hidden_keys
                    # One hidden key card, or copies of one card (two packs: the leader holds one of
                    # two identical 2♣, and which copy is nobody's business): the leader holds it.
                    if (
                        hidden_keys
                        and hidden_keys & ~table.bits_of[table.card_of[lowest.bit_length() - 1].index] == 0
                    ):
                        self.free &= ~lowest
                        self.located[leader] |= lowest

        # An announcement that shows cards (Gong Zhu's exposures): its maker holds them, until played.
        for seat, choice in view.announcements:
            for card in shown_cards(view.rules, choice):
                copies = table.bits_of[card.index]
                if seat != me and not (self.played_by[seat] | self.located[seat]) & copies:
                    self.located[seat] |= self.take(card, table.pack_mask)

        # How many hidden cards each other seat gets.
        self.capacity = [0] * n
        to_move = set(view.to_move)
        for seat in range(n):
            if seat == me:
                continue
            size = view.hand_sizes[seat]
            if self.passing_now and self.givers[done] >> seat & 1 and seat not in to_move:
                size += counts[done]
            size -= self.located[seat].bit_count()
            if size < 0:
                raise DeterminizeError(f"seat {seat} cannot hold the cards this seat passed it")
            self.capacity[seat] = size
        # An unseen widow is one more place, seat n, with room for its cards and no void: a world never
        # uses one of its cards as seen (the state it builds has them undealt, the pack less the hands).
        if view.undealt and not view.widow:
            self.capacity.append(view.undealt)
            self.forbidden.append(0)
        if sum(self.capacity) != self.free.bit_count():
            raise DeterminizeError(
                f"the view does not add up: {self.free.bit_count()} unseen cards for "
                f"{sum(self.capacity)} places in the other hands"
            )
        for seat in range(len(self.forbidden)):
            self.forbidden[seat] &= self.free
        # Drawing to follow: another seat to move while the stock lasts holds a card of the suit led
        # (it could follow, or drew until it could); a world where it holds none would draw for it.
        self.must_follow = -1
        if table.follow_draws and view.phase is Phase.PLAYING and view.trick and view.undealt:
            mover = view.to_move[0]
            led = led_suit([play.card for play in view.trick], table.joker_suits)
            if mover != me and led is not None and not self.located[mover] & table.suit_masks[led]:
                self.must_follow = mover
        self._plan: DealPlan | None = None
        self._plain: tuple[int, PassLog] | None = None
        # Built on the first sample (a view no deal fits is refused there, not here).
        self._known: list[int] | None = None
        self._hidden_seats: list[int] | None = None
        self._fields: dict[str, Any] | None = None
        self._template: PlayTemplate | None = None
        self._shared: SharedPlay | None = None
        # A passing module that keeps the base class's route (its routes in turn) never draws it:
        # every seed gives the view's route, and `_seed` need not ask (the same draws, fewer calls).
        self._route_fixed = False
        if type(passing).route is Passing.route:
            with contextlib.suppress(HartenjagenError):
                self._route_fixed = passing.route(view.hand_index) == view.pass_direction
        #: this hand's plays as (seat, physical card) when the pack has one copy of each card
        self._play_bits = (
            [(seat, table.bits_of[card.index]) for seat, card in self.plays] if table.copies == 1 else None
        )

    def _sent(self, stage: int) -> dict[AnyCard, list[int]]:
        """Where each card this seat gave in ``stage`` went, as the route says (empty: a pool, nobody knows)."""
        out: dict[AnyCard, list[int]] = {}
        for card, receiver in self.view.passed_to(stage) or ():
            out.setdefault(card, []).append(receiver)
        return out

    def _locate(self, card: AnyCard, stage: int, my_received: list[list[AnyCard]]) -> None:
        """Place a card this seat passed in ``stage`` with the seat that holds it now, if that is certain."""
        table, me, done = self.table, self.me, self.done
        receivers = self.sent[stage].get(card)
        if not receivers:
            return
        receiver = receivers.pop(0)
        last = done  # the last stage before which the receiver surely held the card
        for later in range(stage + 1, done):
            if not self.givers[later] >> receiver & 1:
                continue
            shape = self.shapes[later]
            if shape.src is not None and shape.dst.get(receiver) == me:
                if card in my_received[later]:  # handed back: it is in this seat's own cards
                    my_received[later].remove(card)
                    last = later
                    break
                continue  # kept it
            return  # it may have gone on to a seat this one cannot see
        bit = 0
        if last == done:
            claimed = self.played_by[receiver] & table.bits_of[card.index] & ~self._claimed
            if claimed:
                bit = claimed & -claimed
                self._claimed |= bit
            else:
                bit = self.take(card, table.pack_mask)
                self.located[receiver] |= bit
        else:
            copies = table.bits_of[card.index] & (self.hand | self.chosen | self.played_by[me])
            bit = copies & -copies
        for held in range(stage + 1, last + 1):
            self.pinned[held][receiver] |= bit

    def take(self, card: AnyCard, within: int) -> int:
        """A free physical copy of ``card`` inside ``within``, now taken."""
        bits = self.table.bits_of[card.index] & self.free & within
        if not bits:
            raise DeterminizeError(f"the view shows the {card.symbol} more often than the pack holds it")
        bit = bits & -bits
        self.free ^= bit
        return bit

    def take_all(self, cards: Sequence[AnyCard]) -> int:
        mask = 0
        for card in cards:
            mask |= self.take(card, self.table.pack_mask)
        return mask

    # ------------------------------------------------------------ sampling

    def sample(self, rng: random.Random | int | None = None, *, exchange: bool = True) -> State:
        """One state consistent with the view (see [`determinize`][hartenjagen.bots.determinize.determinize]).

        With ``exchange=False`` the other seats' exchange is not rebuilt: the
        hands, voids, passed cards and tricks are as consistent as ever, but
        the state's ``dealt`` and ``exchanges`` show only this seat's passes.
        That is about twice as fast, and all a playout needs.
        """
        rng = _rng(rng)
        if not exchange and self._shared is not None:
            return self._shared_worlds(rng, 1)[0]
        fallback: State | None = None
        for _ in range(_ATTEMPTS):
            state, consistent = self._attempt(rng, exchange)
            if consistent:
                return state
            fallback = state
        assert fallback is not None
        return fallback

    def samples(self, rng: random.Random | int | None, count: int, *, exchange: bool = True) -> list[State]:
        """``count`` states: ``[self.sample(rng, exchange=exchange) for _ in range(count)]``, the same states
        from the same draws, in one call where the worlds share the hand's plays (`SharedPlay.worlds`)."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise DeterminizeError(f"count must be a whole number of at least 0, not {count!r}")
        rng = _rng(rng)
        out: list[State] = []
        while len(out) < count:
            if not exchange and self._shared is not None:
                return out + self._shared_worlds(rng, count - len(out))
            out.append(self.sample(rng, exchange=exchange))
        return out

    def moved(self, worlds: Sequence[State], moves: Sequence[Move]) -> list[list[State]]:
        """``[[apply(world, move) for move in moves] for world in worlds]``: the same states (and errors).

        For worlds of this view's card play that share the hand's plays, each move is applied once
        and its position given to every world (`SharedPlay.moved`); otherwise world by world.
        """
        if self._shared is None:
            return [[apply(world, move) for move in moves] for world in worlds]
        return self._shared.moved(list(worlds), list(moves))

    def _shared_worlds(self, rng: random.Random, count: int) -> list[State]:
        """`sample` with ``exchange=False`` ``count`` times once the worlds share the plays (`_attempt` set them up).

        (No stock, no drawing to follow: `shares_plays`; the deal, first leader and exchange as `_attempt`'s.)
        """
        shared = self._shared
        assert shared is not None and self._plan is not None and self._hidden_seats is not None
        assert self._known is not None and self._plain is not None and self.first_leader is not None
        deal = dealer(self._plan, self.free, self._hidden_seats, self.capacity, len(self.capacity), rng)
        seed = partial(rng.getrandbits, 64) if self._route_fixed else partial(self._seed, rng)
        mine, log = self._plain
        # An opening of one's own names the first leader from every seat's hand: asked for each world (`_leader`).
        opening = None if self.table.opening_planned else self._leader
        return shared.worlds(
            count, _ATTEMPTS, deal, seed, self._known, self.me, mine, log, self.first_leader, opening
        )

    def _attempt(self, rng: random.Random, exchange: bool = True) -> tuple[State, bool]:
        n, view = self.n, self.view
        dealt_hidden = self._deal_hidden(rng)
        if self._known is None:
            # What each seat surely holds or held: this seat's own cards; another's located and played cards.
            known = [self.located[seat] | self.played_by[seat] for seat in range(n)]
            known[self.me] = self.hand | self.chosen | self.played_by[self.me]
            self._known = known
        if self.must_follow >= 0:
            suit = led_suit([play.card for play in view.trick], self.table.joker_suits)
            assert suit is not None  # (must_follow is set only where a suit was led)
            led = self.table.suit_masks[suit]
            give_a_card_of(led, self.must_follow, dealt_hidden, self.free, self.forbidden, self.me, rng)
        # (The hidden deal gives this seat nothing.)
        holdings = [mask | hidden for mask, hidden in zip(self._known, dealt_hidden, strict=True)]
        consistent = True
        if self.first_leader is not None:
            consistent = self._leader(holdings) == self.first_leader
        # A stage by the module's own rule is not rebuilt for the other seats (see `sample`); nor one
        # of a world holding what its seats drew (`with_draws` says which, its deal is the rest).
        rebuild = exchange and not any(shape.scatter for shape in self.shapes[: self.done]) and not view.draws
        unwound = unwind(self, holdings, rng) if rebuild else None
        if unwound is None:
            consistent = consistent and not rebuild
            dealt, log = self._plain_exchange(holdings)
        else:
            dealt, log = unwound
        seed = self._seed(rng)
        if self._fields is None:
            self._fields = view_fields(self.view, self.table)
        if self.first_leader is not None:  # card play (or the moon choice): replayed from play's start
            state, legal = self._played(holdings, seed, dealt, log)
            if state.phase is not view.phase:
                raise DeterminizeError(
                    f"replaying the view's tricks ends {state.phase.value}, but the view is {view.phase.value}"
                )
            if self.table.follow_draws:  # which cards each seat drew, as many and when the view shows
                state, drew = with_draws(state, view, rng)
                return state, consistent and drew
            # A world's hands hold every card drawn so far from the start, so a replayed play may look
            # illegal (a suit drawn later): with a stock only the voids above keep a world consistent.
            return state, consistent and (legal or self.draw_rounds > 0)
        fields = dict(self._fields)
        fields["hand_masks"] = tuple(holdings)
        fields["seed"] = seed
        fields["dealt_masks"] = tuple(dealt)
        fields["pass_log"] = log
        if view.phase is Phase.PASSING:
            return self._passing_state(fields, holdings, log, rng), consistent
        # Announcing: card play returned above, passing too.
        order = [(view.dealer + step) % n for step in range(1, n + 1)]
        pending = 0
        for seat in order[order.index(view.to_move[0]) :]:
            pending |= 1 << seat
        fields["pending"] = pending
        fields["leader"] = self._leader(holdings)
        world = build_world(fields)
        if self.table.announcing_choices:
            # A round of choices asks only the seats with a choice: the seat asked holds one.
            asked = view.to_move[0]
            if asked != self.me and not announcement_offers(world, asked).choices:
                fields["hand_masks"], fields["dealt_masks"] = give_a_choice(
                    self.table, self.view.rules, self.located, self.me, holdings, dealt, asked, rng
                )
                world = build_world(fields)
            fields["pending"] = pending & (announcing_seats(world) | 1 << asked)
            world = build_world(fields)
        return world, consistent

    def _deal_hidden(self, rng: random.Random) -> list[int]:
        """Deal the unseen cards to the other seats: capacities filled, forbidden cards respected."""
        places = len(self.capacity)  # the seats, and the unseen widow as place n
        if self._hidden_seats is None:
            self._hidden_seats = [seat for seat in range(places) if seat != self.me and self.capacity[seat]]
        seats = self._hidden_seats
        if self._plan is None:
            plan = deal_plan(self.free, seats, self.capacity, self.forbidden)
            if plan is None:
                raise DeterminizeError("no deal of the unseen cards fits the voids the play has shown")
            self._plan = plan
        return deal_hidden(self._plan, self.free, seats, self.capacity, places, rng)[: self.n]

    # ------------------------------------------------------------ the exchange

    def _plain_exchange(self, holdings: list[int]) -> tuple[list[int], PassLog]:
        """A fallback exchange that only this seat's entries fill (when no full one was found)."""
        dealt = list(holdings)
        if self._plain is None:
            self._plain = self._plain_log()
        dealt[self.me], log = self._plain
        return dealt, log

    def _plain_log(self) -> tuple[int, PassLog]:
        """This seat's deal and the pass log of `_plain_exchange`: only this seat's own cards, the same in every sample."""
        n, me, table = self.n, self.me, self.table
        log = []
        mine = self.hand | self.chosen | self.played_by[me]
        dealt_me = mine
        for my_given, my_received in self.view.exchanges:
            given = [0] * n
            received = [0] * n
            received[me] = find(table, my_received, mine) or 0
            given[me] = find(table, my_given, table.pack_mask) or 0
            log.append((tuple(given), tuple(received)))
        for gave, got in reversed(log):
            dealt_me = (dealt_me & ~got[me]) | gave[me]
        return dealt_me, tuple(log)

    def _seed(self, rng: random.Random) -> int:
        """A random seed; one whose chance draws the view's pass direction, if the direction is drawn."""
        view = self.view
        passing = view.rules.passing
        deal_count = len(view.score_sheet) + 1
        seed = rng.getrandbits(64)
        if self._route_fixed:
            return seed  # the route does not depend on the seed: the first one draws the view's
        for _ in range(_SEED_TRIES):
            try:
                direction = passing.route(view.hand_index, chance_for(seed, deal_count, "direction"))
            except HartenjagenError:
                return seed
            if direction == view.pass_direction:
                return seed
            seed = rng.getrandbits(64)
        return seed

    # ------------------------------------------------------------ the phases

    def _passing_state(
        self, fields: dict[str, Any], holdings: list[int], log: PassLog, rng: random.Random
    ) -> State:
        n, me, view = self.n, self.me, self.view
        stage = self.done
        count = self.counts[stage]
        pending = 0
        for seat in view.to_move:
            pending |= 1 << seat
        hands = list(holdings)
        passed = [0] * n
        passed[me] = self.chosen
        hands[me] = self.hand
        for seat in range(n):
            if seat == me or not self.givers[stage] >> seat & 1 or pending >> seat & 1:
                continue
            allowed = passable_cards(self.view, self.table, seat, stage, holdings[seat], log)
            chosen = choose(allowed, count, 0, rng) or choose(holdings[seat], count, 0, rng) or 0
            passed[seat] = chosen
            hands[seat] = holdings[seat] & ~chosen
        fields["hand_masks"] = tuple(hands)
        fields["passed_masks"] = tuple(passed)
        fields["pending"] = pending
        return build_world(fields)

    def _leader(self, holdings: list[int]) -> int:
        """The first leader the opening names for hands ``holdings`` (as play begins)."""
        table, view = self.table, self.view
        if table.opening_planned:
            return table.first_leader(tuple(holdings), view.dealer)
        leader = view.rules.opening.leader(opening_context(view, table, holdings))
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < self.n:
            raise DeterminizeError(f"the opening {view.rules.opening!r} names no seat as leader: {leader!r}")
        return leader

    def _played(self, holdings: list[int], seed: int, dealt: list[int], log: PassLog) -> tuple[State, bool]:
        """The world of ``holdings`` (as play began) after this hand's plays; whether every play was legal.

        Where the plays go alike in every world (`shares_plays`) they are replayed once, in the first
        world, and each later world takes that position with its own hands (`SharedPlay`: the same
        state and answer as its own replay); elsewhere each world replays them.
        """
        hands, dealt_t = tuple(holdings), tuple(dealt)
        shared = self._shared
        if shared is not None:
            return shared.world(hands, seed, dealt_t, log), shared.legal(holdings)
        if self._template is None:
            assert self._fields is not None and self.first_leader is not None
            self._template = PlayTemplate(self._fields, self.first_leader)
        start = self._template.start(hands, seed, dealt_t, log)
        if (
            self._play_bits is not None
            and SHARE_PLAYS
            and self.view.phase is Phase.PLAYING
            and shares_plays(self.table)
        ):
            shared = self._shared = SharedPlay(start, self._play_bits, self.me)
            return shared.end, shared.legal(holdings)
        return replay(start, self.plays, self._play_bits, self.table)
