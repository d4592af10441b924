"""The heuristic bot as it was before issue 16 (``HeuristicBot`` of hartenjagen 0.x), kept for the benchmarks.

``benchmarks/bot_tournament.py`` plays the current heuristic against three of
these. It is a frozen copy, not part of the library; it uses only public names.
"""

# ruff: noqa
from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from hartenjagen.cards import ALL_CARDS, CARD_COUNT, Card, Rank, Suit
from hartenjagen.bots.determinize import DeterminizeError, Determinizer
from hartenjagen.engine import apply
from hartenjagen.errors import IllegalMoveError
from hartenjagen.moves import Announce, MoonChoice, Move, Pass, Play
from hartenjagen.rules.scoring import Scoring
from hartenjagen.values import Phase
from hartenjagen.core.table import table_for
from hartenjagen.frontend.views import PlayerView, validate_view
from hartenjagen.bots import BotError


def _seat_to_move(view: PlayerView) -> int:
    validate_view(view)
    assert view.seat is not None and view.seat in view.to_move
    return view.seat


@functools.lru_cache(maxsize=64)  # bounded: the rules of a view come from outside
def _card_values(scoring: Scoring) -> tuple[int, ...]:
    """``scoring.card_value`` of every card, by ``Card.index``."""
    return tuple(scoring.card_value(card) for card in ALL_CARDS)


def _sign(view: PlayerView, seat: int) -> int:
    """+1 when the points a seat takes raise its total (the usual game), −1 when they lower it.

    In a Dutch second half the totals count down, so taking points is good.
    """
    probe = tuple(1 if s == seat else 0 for s in range(view.players))
    after = view.rules.ending.add(view.scores, probe, view.score_sheet)
    return -1 if after[seat] < view.scores[seat] else 1


class _Read:
    """What a heuristic reads off a view: card values (signed), unseen cards, voids, the trick."""

    def __init__(self, view: PlayerView, seat: int) -> None:
        validate_view(view)  # (the bots' public helpers take views too)
        self.view = view
        self.seat = seat
        self.n = view.players
        table = table_for(view.rules)
        sign = _sign(view, seat)
        self.values = tuple(sign * v for v in _card_values(view.rules.scoring))
        unseen = [copies.bit_count() for copies in table.bits_of]
        for card in view.hand:
            unseen[card.index] -= 1
        self.voids: list[set[Suit]] = [set() for _ in range(self.n)]
        self.led = [0, 0, 0, 0]
        tricks = [(trick.leader, trick.cards) for trick in view.tricks]
        if view.trick:
            tricks.append((view.trick_leader, tuple(play.card for play in view.trick)))
        for leader, cards in tricks:
            self.led[cards[0].suit] += 1
            for i, card in enumerate(cards):
                unseen[card.index] -= 1
                if card.suit is not cards[0].suit:
                    self.voids[(leader + i) % self.n].add(cards[0].suit)
        #: copies of each card (by index) neither in this hand nor played this hand
        self.unseen = unseen
        self.mine: dict[Suit, list[Card]] = {suit: [] for suit in Suit}
        for card in view.hand:
            self.mine[card.suit].append(card)
        self.hand_size = table.hand_size

    def value(self, card: Card) -> int:
        return self.values[card.index]

    def unseen_in(self, suit: Suit) -> list[tuple[Card, int]]:
        """(card, copies) of the unseen cards of ``suit``."""
        base = suit * 13
        return [(ALL_CARDS[i], self.unseen[i]) for i in range(base, base + 13) if self.unseen[i] > 0]

    def risk(self, card: Card) -> int:
        """The most an unseen lower card of the same suit is worth: what ``card`` may capture (A♠ over Q♠)."""
        return max(
            (self.values[c.index] for c, _ in self.unseen_in(card.suit) if c.rank < card.rank), default=0
        )

    def others_not_void(self, suit: Suit) -> int:
        return sum(1 for s in range(self.n) if s != self.seat and suit not in self.voids[s])


class HeuristicBotV1:
    """Card sense for any ruleset: dodge the points, dump the danger, lead low from short suits.

    Every card's worth comes from ``view.rules.scoring.card_value`` (negative
    values are bonuses to win; in a Dutch second half, where taken points
    count down, the signs flip and the bot collects them). In play it

    - follows with the highest card that still loses the trick, and when it
      must win, wins with the least harm (when last, with its highest card);
    - when void, sloughs its most dangerous card: the highest value first,
      then high cards of a suit whose unseen lower cards score (A♠ and K♠
      while the Q♠ is out), then high cards;
    - leads low cards of short suits, weighing the chance of winning the
      trick against what the others would add to it.

    It passes the dangerous cards (the Q♠ and A♠/K♠ unless well guarded by
    low spades, high hearts, any high-valued card) and the last cards of a
    short suit; it never passes a bonus card. It makes an announcement
    (miezen) only with a hand of low cards, and after a moon it takes the
    option whose totals leave it best placed. Ties are broken with the
    bot's random source, so the same ``seed`` gives the same choices.
    """

    name: str = "heuristic-v1"

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return "HeuristicBotV1()"

    def choose(self, view: PlayerView) -> Move:
        """The heuristic's move for ``view.seat``."""
        seat = _seat_to_move(view)
        if view.phase is Phase.PASSING:
            return Pass(seat, self.pass_cards(view, seat))
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.ANNOUNCING:
            return Announce(seat, self.announce(view, seat))
        if view.phase is Phase.MOON_CHOICE:
            return self.moon_choice(view, seat)
        cards = [move.card for move in moves if isinstance(move, Play)]
        return Play(seat, self.play(view, seat, cards))

    # -- passing

    def pass_cards(self, view: PlayerView, seat: int) -> list[Card]:
        """The ``view.pass_count`` cards of ``view.pass_options`` to give away."""
        read = _Read(view, seat)
        guard = max(3, round(read.hand_size * 4 / 13))
        held = list(view.hand) + list(view.passing)

        def danger(card: Card) -> float:
            value = read.value(card)
            if value < 0:
                return -1000.0 + value
            suit = [c for c in held if c.suit is card.suit]
            # Guards: cards of the suit below it that score nothing (low spades under the Q♠).
            below = [c for c in suit if c.rank < card.rank and read.value(c) <= 0]
            score = 10.0 * value + 0.5 * card.rank
            if value > 0 and len(below) >= guard:
                score -= 10.0 * value + 5.0  # a well-guarded Q♠ stays
            # What this card may capture: the best lower card of its suit not in this hand.
            out = [c for c in ALL_CARDS if c.suit is card.suit and c.rank < card.rank and c not in held]
            risk = max((read.value(c) for c in out), default=0)
            if risk > 0:
                guards = [
                    c
                    for c in held
                    if c.suit is card.suit
                    and read.value(c) <= 0
                    and c.rank < min(o.rank for o in out if read.value(o) == risk)
                ]
                score += 0 if len(guards) >= guard else 3.0 * risk
            if len(suit) <= view.pass_count and all(read.value(c) >= 0 for c in suit):
                score += 6.0  # pass the whole short suit: a void to slough into
            return score

        options = list(view.pass_options)
        self._rng.shuffle(options)
        options.sort(key=danger, reverse=True)
        return options[: view.pass_count]

    # -- announcements

    def announce(self, view: PlayerView, seat: int) -> bool:
        """Announce (miezen: take no penalty card) only with a hand of low cards."""
        read = _Read(view, seat)
        pack = [ALL_CARDS[i] for i in range(CARD_COUNT) if table_for(view.rules).bits_of[i]]
        lowest = min(card.rank for card in pack)
        middle = lowest + (Rank.ACE - lowest) // 2
        high = [card for card in view.hand if card.rank > middle]
        if not high:
            return True
        return len(high) == 1 and read.value(high[0]) <= 0 and high[0].rank <= middle + 1

    # -- the moon

    def moon_choice(self, view: PlayerView, seat: int) -> Move:
        """The moon option whose resulting totals leave this seat best placed."""
        try:
            state = Determinizer(view).sample(self._rng)
        except DeterminizeError as error:  # a view from outside that no deal fits
            raise BotError(f"no deal of the unseen cards fits the view: {error}") from error
        best: tuple[float, float] | None = None
        chosen: Move = view.legal_moves[0]
        for move in view.legal_moves:
            try:
                after = apply(state, move)
            except IllegalMoveError as error:  # the view's options are not its rules' own
                raise BotError(f"the view offers a move its rules refuse: {error}") from error
            totals = after.score_sheet[-1].totals
            mine = totals[seat]
            others = [t for s, t in enumerate(totals) if s != seat]
            if after.is_over:
                key = (-1e9 if seat in after.winners else 1e9, 0.0)
            else:
                lead = mine - min(others)
                # Equal standing: when ahead, push the others towards the end; when behind, keep the game going.
                key = (lead, -sum(others) if lead < 0 else float(sum(others)))
            if best is None or key < best:
                best, chosen = key, move
        assert isinstance(chosen, MoonChoice)
        return chosen

    # -- play

    def play(self, view: PlayerView, seat: int, cards: Sequence[Card]) -> Card:
        """The card to play, among ``cards`` (the legal ones)."""
        read = _Read(view, seat)
        options = list(cards)
        self._rng.shuffle(options)  # random tie-breaks, reproducible for a seed
        if not view.trick:
            return min(options, key=lambda card: self._lead_cost(read, card))
        led = view.trick[0].card.suit
        if any(card.suit is led for card in options):
            return self._follow(read, options, led)
        return max(options, key=lambda card: self._slough_danger(read, card))

    @staticmethod
    def _trick_value(read: _Read) -> int:
        cards = [play.card for play in read.view.trick] + list(read.view.carry_over)
        return sum(read.value(card) for card in cards)

    def _follow(self, read: _Read, options: list[Card], led: Suit) -> Card:
        view = read.view
        top = max(play.card.rank for play in view.trick if play.card.suit is led)
        last = len(view.trick) == read.n - 1
        value = self._trick_value(read)
        winners = [card for card in options if card.suit is led and card.rank > top]
        losers = [card for card in options if card not in winners]
        if last:
            # Exact: the trick is complete with this card.
            def cost(card: Card) -> tuple[float, int]:
                if card in winners:
                    return (value + read.value(card), -card.rank)
                return (-0.1 * read.value(card), -card.rank)

            return min(options, key=cost)
        if losers and (value >= 0 or not winners):
            # Duck with the highest card that still loses; dump a scoring card that loses.
            return max(losers, key=lambda card: (read.value(card), card.rank))
        if value < 0 and winners:  # a bonus on the table: try to win it
            return max(winners, key=lambda card: (-max(read.value(card), 0), card.rank))
        # Every card wins for now: later players may still go over.
        outstanding = any(read.value(c) > 0 for c, _ in read.unseen_in(led))
        early = read.led[led] <= 1 and all(led not in read.voids[s] for s in range(read.n) if s != read.seat)
        if value <= 0 and not outstanding and early:
            return max(options, key=lambda card: (-max(read.value(card), 0), card.rank))
        return min(options, key=lambda card: (max(read.value(card), 0), card.rank))

    @staticmethod
    def _slough_danger(read: _Read, card: Card) -> float:
        value = read.value(card)
        if value < 0:
            return -100.0 + value  # keep a bonus card
        short = 4.0 if len(read.mine[card.suit]) <= 2 else 0.0
        return 10.0 * value + 3.0 * read.risk(card) + 0.5 * card.rank + short

    @staticmethod
    def _lead_cost(read: _Read, card: Card) -> float:
        suit = card.suit
        unseen = read.unseen_in(suit)
        higher = sum(copies for c, copies in unseen if c.rank > card.rank)
        lower = sum(copies for c, copies in unseen if c.rank < card.rank)
        total = sum(copies for _, copies in unseen)
        followers = read.others_not_void(suit)
        if higher == 0 or followers == 0:
            win = 1.0
        else:
            win = (lower / total) ** min(followers, total) if total else 1.0
        suit_mean = sum(read.value(c) * copies for c, copies in unseen) / total if total else 0.0
        outside = [read.value(c) for s in Suit if s is not suit for c, _ in read.unseen_in(s)]
        slough = max([v for v in outside if v > 0], default=0)
        voids = (read.n - 1) - followers
        added = min(followers, total) * suit_mean + voids * slough
        own = read.value(card)
        cost = win * (own + added) - (1.0 - win) * 0.2 * own
        # Smoke out a big card of this suit that this hand cannot capture (low spades against the Q♠).
        big = [c for c, _ in unseen if c.rank > card.rank and read.value(c) >= 3]
        if big and not any(c.rank > big[0].rank for c in read.mine[suit]):
            cost -= 0.2 * max(read.value(c) for c in big)
        return cost + 0.3 * len(read.mine[suit]) + 0.05 * card.rank
