"""The checks of `check_rules` on a move: the trick, its winner, the exchange, the score sheet, the end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from hartenjagen.cards import AnyCard, Card, Joker, Suit, led_suit, without_jokers
from hartenjagen.core import State, StateFields, fields
from hartenjagen.engine import apply, step
from hartenjagen.errors import IllegalMoveError
from hartenjagen.events import (
    CardDrawn,
    CardsExchanged,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    Revoked,
    TrickCancelled,
    TrickWon,
)
from hartenjagen.frontend.notation import format_move
from hartenjagen.moves import Move, Play
from hartenjagen.rules import Rules, TrickContext
from hartenjagen.rules.jokers import JokerRank, JokerRole, joker_roles, joker_suits, suit_in_play
from hartenjagen.testing._probe import Contract
from hartenjagen.values import HandResult, Phase, Trick


class Failure(Exception):
    """An invariant that does not hold (inside check_rules only)."""


class MoveChecks:
    """The checks of one move, and what they keep track of over a hand (the cards each seat captured)."""

    rules: Rules
    contract: Contract
    n: int
    hand_size: int
    #: the tricks of a hand (more than ``hand_size`` when a stock is drawn into the hands)
    tricks_per_hand: int
    pack: Counter[AnyCard]
    captured: list[Counter[AnyCard]]
    carry: list[AnyCard]
    tricks: int
    #: the tricks of the hand so far, as the moon module sees them
    played: list[Trick]
    #: a deck that draws to follow suit (Domino Hearts), and whether its last seat takes the stock
    follow: bool
    stock_to_last: bool
    #: the cards each seat drew this hand (`CardDrawn` events)
    drawn: list[int]
    #: when a hand of such a deck ends: (the seat taking the rest, the cards it takes, the stock nobody takes)
    rest: tuple[int, tuple[AnyCard, ...], tuple[AnyCard, ...]] | None

    #: the fields of the last two states asked about (a state is checked, then the move from it)
    _fields: dict[int, tuple[State, StateFields]]

    def fields_of(self, state: State) -> StateFields:
        """``fields(state)``, built once for the states at hand."""
        known = self._fields.get(id(state))
        if known is None or known[0] is not state:
            if len(self._fields) >= 2:
                self._fields.clear()
            known = self._fields[id(state)] = (state, fields(state))
        return known[1]

    def new_deal(self) -> None:
        self.captured = [Counter[AnyCard]() for _ in range(self.n)]
        self.carry = []
        self.tricks = 0
        self.played = []
        self.drawn = [0] * self.n
        self.rest = None
        self.widow: tuple[int, tuple[AnyCard, ...]] | None = None  # (its taker, its cards) once taken

    def trick_winner(self, state: State, move: Play) -> int | None:
        """The position of the winning card of the trick ``move`` completes, as the ``trick_winner`` module says.

        ``None``: no card wins. With the built-in module, the winning card is of
        the suit led, and a trick without two identical cards of the suit led
        goes to its highest card of that suit; a module of one's own may name
        any card of the trick.
        """
        trick = TrickContext(
            rules=self.rules,
            trick=(*state.trick, move),
            trick_number=len(state.tricks) + 1,
            tricks=state.tricks,
            announcers=state.announcers,
        )
        cards = list(trick.played)
        shown = " ".join(map(str, cards))
        position = self.contract.trick_winner(trick)
        if position is not None and not 0 <= position < len(cards):
            raise Failure(
                f"the trick_winner module gives the trick {shown} to position {position}, outside it"
            )
        if self.contract.own_trick_winner():
            return position
        # The suit led is the first card's that has one: a joker's only by its role (`Deck.joker_role`); the
        # built-in joker never wins (sources: pagat's Joker Hearts), a role's as Wikipedia's zero of clubs.
        roles = joker_roles(self.rules.deck)
        led = led_suit(cards, joker_suits(roles))
        highest = max(range(len(cards)), key=lambda i: _strength(cards[i], led, roles))
        if not _strength(cards[highest], led, roles) > (0, 0):
            if position is not None:
                raise Failure(
                    f"the trick {shown} of jokers only goes to position {position}: no card wins it"
                )
            return None
        if position is not None and _strength(cards[position], led, roles) == (0, 0):
            raise Failure(
                f"the duplicates module gives the trick {shown} to position {position}, no card of the suit led"
            )
        following = [card for card in without_jokers(cards) if card.suit is led]
        if len(set(following)) == len(following) and position != highest:
            raise Failure(
                f"the duplicates module gives the trick {shown} to position {position}, but with no two"
                f" identical cards of the suit led the highest one ({cards[highest]}) wins"
            )
        return position

    def check_move(self, state: State, move: Move) -> State:
        try:
            after, events = step(state, move)
        except IllegalMoveError as error:
            raise Failure(f"{format_move(move)} is listed as legal, but step refuses it: {error}") from None
        if apply(state, move) != after:
            raise Failure(f"apply and step disagree on {format_move(move)}")
        dealt = any(type(e) is HandDealt for e in events)
        if type(move) is Play:
            self.check_play(state, move, after, events)
        for event in events:
            if type(event) is CardsExchanged:
                given = Counter(card for cards in event.given for card in cards)
                got = Counter(card for cards in event.received for card in cards)
                if given != got:
                    raise Failure("the exchange: the cards received are not the cards given")
            elif type(event) is HandScored:
                self.check_scored(state, after, event.result)
            elif type(event) is Revoked:
                raise Failure(f"{format_move(move)} is legal but counted as a revoke")
            elif type(event) is GameOver:
                self.check_game_over(events, after)
            elif type(event) is CardDrawn:
                self.drawn[event.seat] += 1
        if after.is_over and not any(type(e) is GameOver for e in events):
            raise Failure("the game ended without a GameOver event")
        if dealt:
            if after.hearts_broken:
                raise Failure("hearts are broken at the start of a new hand")
            self.new_deal()
        else:
            if state.hearts_broken and not after.hearts_broken:
                raise Failure("hearts were broken and are closed again in the same hand")
        return after

    def check_play(self, state: State, move: Play, after: State, events: Sequence[Event]) -> None:
        """sources §3.6: the trick, its winner, who leads next and the captured cards."""
        n = self.n
        seats = [play.seat for play in state.trick] + [move.seat]
        # The seats in this trick: every seat, or under a deck that draws to follow those with cards when it began.
        holders = {s for s, cards in enumerate(state.hands) if cards}
        size = len(holders | set(seats)) if self.follow else n
        if len(seats) < size:
            if not (after.phase is Phase.PLAYING and after.trick == (*state.trick, move)):
                raise Failure(f"after {format_move(move)} the trick is {after.trick}, not the cards played")
            if self.follow:
                self.check_draws(state, move, events)
            return
        cards = [play.card for play in state.trick] + [move.card]
        leader = state.trick_leader
        left = {s for s, hand in enumerate(state.hands) if len(hand) > (s == move.seat)}
        won = [e for e in events if type(e) is TrickWon]
        cancelled = [e for e in events if type(e) is TrickCancelled]
        if not won and not cancelled:
            raise Failure("a trick of n cards was neither won nor cancelled")
        position = self.trick_winner(state, move)
        last = len(state.tricks) + 1 == self.tricks_per_hand
        if self.follow:  # the hand ends when one seat alone (or none) has cards left
            last = len(left) <= 1
        if position is None:
            if not (cancelled and list(cancelled[0].cards) == cards):
                raise Failure("a cancelled trick is not reported as one")
            taker = leader if last else None
        else:
            winner = seats[position]
            if not (
                won and won[0].winner == winner and list(won[0].cards) == cards and won[0].leader == leader
            ):
                raise Failure(
                    f"the trick {' '.join(map(str, cards))} led by seat {leader} should go to seat {winner}, "
                    f"not {won[0].winner if won else None}"
                )
            taker = winner
        self.tricks += 1
        shown = () if len(seats) == n else tuple(seats)
        self.played.append(Trick(leader, tuple(cards), None if position is None else seats[position], shown))
        if self.follow and last:  # the last seat with cards takes them, and the stock where the deck says so
            taker_of_rest = min(left) if left else (leader if taker is None else taker)
            kept = list(state.hands[taker_of_rest]) if left else []
            if move.card in kept:
                kept.remove(move.card)  # one pack: the card just played is not kept
            stock = state.stock
            self.rest = (
                taker_of_rest,
                (*kept, *(stock if self.stock_to_last else ())),
                () if self.stock_to_last else stock,
            )
        if taker is None:
            self.carry += cards
        else:
            self.captured[taker].update(cards)
            self.captured[taker].update(self.carry)
            self.carry = []
            if (
                self.tricks - 1 == self.rules.deck.widow_trick()
            ):  # the deck's widow goes to this trick's taker
                if after.hand_index == state.hand_index and after.widow_taker != taker:
                    raise Failure(
                        f"the widow went to seat {after.widow_taker}, not the trick's taker {taker}"
                    )
                self.widow = (taker, state.widow)
        if not last:
            if not (
                after.phase is Phase.PLAYING
                and after.trick == ()
                and len(after.tricks) == len(state.tricks) + 1
            ):
                raise Failure("after a trick the next one does not start")
            expected = leader if taker is None else taker
            if self.follow:  # a winner out of cards passes the lead to the next seat on its left with cards
                expected = next((expected + k) % n for k in range(n) if (expected + k) % n in left)
            if after.trick_leader != expected:
                raise Failure(f"seat {after.trick_leader} leads next, not seat {expected}")
        if (
            after.hand_index == state.hand_index
            and self.fields_of(after).deal_count == self.fields_of(state).deal_count
        ):
            if [Counter(t) for t in after.taken] != self.captured:
                raise Failure("the captured cards are not those of the tricks won")
            if Counter(after.carry_over) != Counter(self.carry):
                raise Failure("the carry-over pile is not the cancelled tricks")

    def next_in_trick(self, state: State) -> int:
        """Under a deck that draws to follow: the seat after the last card played that had cards when the trick began."""
        n = self.n
        seats = [play.seat for play in state.trick]
        holders = {s for s, cards in enumerate(state.hands) if cards} - set(seats)
        start = seats[-1] + 1 if seats else state.trick_leader
        for k in range(n):
            if (start + k) % n in holders:
                return (start + k) % n
        raise Failure("no seat with cards is left to play to the trick")

    def check_draws(self, state: State, move: Play, events: Sequence[Event]) -> None:
        """The next seat drew only if it could not follow, one card at a time until it could or the stock ran out."""
        after_move = [play.seat for play in state.trick] + [move.seat]
        holders = {s for s, cards in enumerate(state.hands) if len(cards) > (s == move.seat)} - set(
            after_move
        )
        n = self.n
        nxt = next((move.seat + k) % n for k in range(1, n + 1) if (move.seat + k) % n in holders)
        suits = joker_suits(joker_roles(self.rules.deck))
        led = led_suit([*(play.card for play in state.trick), move.card], suits)
        draws = [e for e in events if type(e) is CardDrawn]
        if any(e.seat != nxt for e in draws):
            raise Failure(f"a seat other than seat {nxt}, the next to play, drew from the stock")
        cards = [e.card for e in draws]
        follows = led is None or any(suit_in_play(card, suits) is led for card in state.hands[nxt])
        stock = Counter(state.stock)
        if follows or not stock:
            if cards:
                raise Failure(
                    f"seat {nxt} drew {len(cards)} cards, but it {'can follow' if follows else 'finds the stock empty'}"
                )
            return
        if not cards or Counter(c for c in cards if c is not None) - stock:
            raise Failure(
                f"seat {nxt} cannot follow {led.name.lower() if led else 'the suit led'} but did not draw from the stock"
            )
        if any(card is not None and suit_in_play(card, suits) is led for card in cards[:-1]):
            raise Failure(f"seat {nxt} drew on after a card of the suit led")
        last = cards[-1]
        if not (last is not None and suit_in_play(last, suits) is led) and len(cards) != len(state.stock):
            raise Failure(f"seat {nxt} stopped drawing before it could follow, the stock not empty")

    def check_scored(self, state: State, after: State, result: HandResult) -> None:
        """sources §3.11-3.12 and the score sheet: one line per hand, totals that add up."""
        sheet = after.score_sheet
        if not (
            len(sheet) == len(state.score_sheet) + 1
            and sheet[:-1] == state.score_sheet
            and sheet[-1] == result
        ):
            raise Failure("the score sheet did not grow by the hand's line")
        if result.revoke is not None:
            raise Failure("a hand played out is marked as voided")
        if not (result.hand_index == state.hand_index and result.dealer == state.dealer):
            raise Failure("the hand's line names another hand or dealer")
        if result.totals != tuple(a + b for a, b in zip(state.scores, result.points, strict=True)):
            raise Failure(
                f"the totals {result.totals} are not the old totals {state.scores} plus the points {result.points}"
            )
        if after.scores != result.totals:
            raise Failure("the scores are not the totals of the last line")
        if self.tricks != self.tricks_per_hand and not self.follow:
            raise Failure(f"the hand had {self.tricks} tricks, not {self.tricks_per_hand}")
        if self.carry:
            raise Failure("the carry-over pile was not taken by the end of the hand")
        taken = [list(pile.elements()) for pile in self.captured]
        if self.widow is not None:  # its points count for the seat that took it
            taken[self.widow[0]] += self.widow[1]
        untaken: tuple[AnyCard, ...] = ()
        if self.rest is not None:  # the last seat's cards (and the stock) count for it
            taken[self.rest[0]] += self.rest[1]
            untaken = self.rest[2]
        if Counter(card for pile in taken for card in pile) + Counter(untaken) != self.pack:
            raise Failure("the captured cards and the widow are not the pack")
        raw = self.contract.raw_points(taken)
        if result.raw != raw:
            raise Failure(
                f"the card points are {result.raw}, not {raw}: what scoring.points_of gives for the cards captured"
            )
        moon_counts = self.contract.moon_applies(state.score_sheet)
        expected = self.contract.shooter(taken, self.played, state.scores) if moon_counts else None
        if result.shooter != expected:
            raise Failure(
                f"the shooter is {result.shooter}, not {expected}: what the moon module's shooter gives"
                f" for the cards captured{'' if moon_counts else ' (none: the ending says the moon does not count)'}"
            )
        if result.shooter is not None and not self.rules.moon.options():
            raise Failure(f"seat {result.shooter} shot the moon, but the moon module offers no option")

    def check_game_over(self, events: Sequence[Event], after: State) -> None:
        """sources §3.14: the game ends only between hands, and no hand follows the end."""
        kinds = [type(e) for e in events]
        end = kinds.index(GameOver)
        if HandScored not in kinds[:end] and Revoked not in kinds[:end]:
            raise Failure("the game ended in the middle of a hand")
        if HandDealt in kinds[end:]:
            raise Failure("a hand was dealt after the game ended")
        if not after.is_over:
            raise Failure("a GameOver event, but the game is not over")


def _strength(card: AnyCard, led: Suit | None, roles: Mapping[Joker, JokerRole]) -> tuple[int, int]:
    """How strongly a card bids for a trick of suit ``led``: (0, 0) not at all, else by kind, then rank.

    A card of the suit led bids its rank; a joker only by its role: one of no
    suit ranked highest above all, one of the suit led ranked highest above
    its cards, one ranked lowest below them (the built-in joker: not at all).
    """
    if isinstance(card, Card):
        return (1, int(card.rank)) if card.suit is led else (0, 0)
    role = roles.get(card)
    if role is None or role.rank is JokerRank.NEVER:
        return (0, 0)
    if role.suit is None:
        return (3, 0)
    if role.suit is not led:
        return (0, 0)
    return (2, 0) if role.rank is JokerRank.HIGHEST else (1, 0)
