"""The heuristic bot: card sense for any ruleset, read from the active rules.

[`HeuristicBot`][hartenjagen.bots.HeuristicBot] is re-exported by [`hartenjagen.bots`][hartenjagen.bots];
import it from there.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

from hartenjagen.bots._heuristic_facts import pack_cards, points_sign, rules_facts
from hartenjagen.bots._seat_view import SeatView, seat_view
from hartenjagen.bots._trick_plays import logged_tricks, play_of, read_hand, read_so_far
from hartenjagen.bots.base import BotError, seat_to_move
from hartenjagen.bots.determinize import DeterminizeError, Determinizer
from hartenjagen.cards import (
    ALL_CARDS,
    CARD_COUNT,
    AnyCard,
    Card,
    Joker,
    Rank,
    Suit,
    without_jokers,
)
from hartenjagen.core import State
from hartenjagen.engine import apply
from hartenjagen.errors import IllegalMoveError
from hartenjagen.frontend.views import PlayerView
from hartenjagen.moves import Announce, MoonChoice, Move, Pass, Play
from hartenjagen.rules import TrickContext
from hartenjagen.rules.extras import shown_cards
from hartenjagen.rules.teams import standings
from hartenjagen.values import Phase

__all__ = ["HeuristicBot"]

#: A card worth at least this many points (the Q♠, Black Maria's K♠ and A♠) is a "big" card.
BIG: Final = 5
#: The share of all penalty points one seat must hold, with nobody else holding any, to be a moon threat.
MOON_THREAT: Final = 0.35


#: The suits in order (iterating the enum itself is several times slower, and a decision does it often).
_SUITS: Final = tuple(Suit)


class _Read:
    """What the heuristic reads off a view: card values (signed), unseen cards, voids, points taken, the trick."""

    def __init__(self, view: PlayerView, seat: int) -> None:
        self.view = view
        self.seat = seat
        self.n = n = view.players
        facts = rules_facts(view.rules, points_sign(view, seat))
        self.values = facts.values
        widened = facts.widened  # a card a house rule allows at any time shows no void
        jokers = facts.jokers  # a joker's suit, if its role gives it one
        # The completed tricks read together, kept between decisions (`read_hand`); the state's door
        # gives them as plain fields, a view as `Trick` values.
        logged = view.logged if isinstance(view, SeatView) else logged_tricks(view.tricks)
        reading = read_hand(logged, facts.copies, widened, jokers)
        unseen = list(reading.unseen)
        #: the positive points of the whole pack (what a moon takes)
        self.pack_points = facts.pack_points
        for card in view.hand:
            unseen[card.index] -= 1
        self.voids: list[set[Suit]] = [set() for _ in range(n)]
        for other, suit in reading.voids:
            self.voids[other].add(suit)
        self.led = list(reading.led)
        #: the suit led to the trick being played (a joker's where its role gives it one; `None`:
        #: this seat leads, or every card so far is a joker of no suit)
        self.trick_led: Suit | None = None
        if view.trick:
            plays = view.trick
            led, shown = read_so_far(plays, widened, jokers)  # kept: every seat after the leader reads it
            self.trick_led = led
            if led is not None:
                self.led[led] += 1
            for play in plays:
                unseen[play.card.index] -= 1
            for other, suit in shown:
                self.voids[other].add(suit)
        #: copies of each card (by index) neither in this hand nor played this hand
        self.unseen = unseen
        self.mine: dict[Suit, list[Card]] = {suit: [] for suit in _SUITS}
        for card in view.hand:
            if isinstance(card, Card):  # jokers have no suit here
                self.mine[card.suit].append(card)
        self.hand_size = facts.hand_size
        #: the positive points each seat has taken this hand
        points = facts.points
        self.taken = [sum(map(points.__getitem__, cards)) for cards in view.taken]
        self.moon_rules = facts.moon_rules
        self.plain_winner = facts.plain_winner
        self._wins: dict[AnyCard, bool] = {}
        self._top: tuple[int, int] | None = None
        self._unseen_in: dict[Suit, list[tuple[Card, int]]] = {}
        self._top_points: dict[Suit, int] = {}
        self._lead_facts: dict[Suit, tuple[int, int, float]] = {}

    def value(self, card: AnyCard) -> int:
        return self.values[card.index]

    def unseen_in(self, suit: Suit) -> list[tuple[Card, int]]:
        """(card, copies) of the unseen cards of ``suit`` (the list is shared: do not change it)."""
        # Kept per suit: the unseen cards are fixed once read, and a lead weighs every suit for every card.
        found = self._unseen_in.get(suit)
        if found is None:
            base = suit * 13
            unseen = self.unseen
            found = [(ALL_CARDS[i], unseen[i]) for i in range(base, base + 13) if unseen[i] > 0]
            self._unseen_in[suit] = found
        return found

    def lead_facts(self, suit: Suit) -> tuple[int, int, float]:
        """For a lead of ``suit``: its unseen copies, the other seats not void in it, and the points they would add.

        The points added are what the followers' cards of the suit are worth on average, plus the
        most valuable card of another suit for each seat that will not follow (shown void, or the
        suit too short for it). The same for every card of the suit: worked out once a suit.
        """
        found = self._lead_facts.get(suit)
        if found is None:
            unseen = self.unseen_in(suit)
            total = sum(copies for _, copies in unseen)
            followers = self.others_not_void(suit)
            suit_mean = sum(self.value(c) * copies for c, copies in unseen) / total if total else 0.0
            slough = max([self.top_points(s) for s in _SUITS if s is not suit])
            # Seats that will not follow: those shown void, and at least as many as the suit is short.
            voids = max((self.n - 1) - followers, (self.n - 1) - total)
            added = min(followers, total) * suit_mean + voids * slough
            found = self._lead_facts[suit] = (total, followers, added)
        return found

    def top_points(self, suit: Suit) -> int:
        """The most an unseen card of ``suit`` is worth, if anything (else 0): what a void seat may slough."""
        top = self._top_points.get(suit)
        if top is None:
            values = self.values
            top = self._top_points[suit] = max([0] + [values[c.index] for c, _ in self.unseen_in(suit)])
        return top

    def risk(self, card: Card) -> int:
        """The most an unseen lower card of the same suit is worth: what ``card`` may capture (A♠ over Q♠)."""
        return max(
            (self.values[c.index] for c, _ in self.unseen_in(card.suit) if c.rank < card.rank), default=0
        )

    def others_not_void(self, suit: Suit) -> int:
        return sum(1 for s in range(self.n) if s != self.seat and suit not in self.voids[s])

    @functools.cached_property
    def big_out(self) -> int:
        """The most an unseen card is worth, if it is a big one (the Q♠ not in this hand); else 0."""
        best = max((self.values[i] for i in range(CARD_COUNT) if self.unseen[i] > 0), default=0)
        return best if best >= BIG else 0

    def threat(self) -> int | None:
        """The seat that may be shooting the moon: it holds every point taken so far, and enough of them."""
        if not self.moon_rules or self.pack_points <= 0:
            return None
        holders = [s for s in range(self.n) if self.taken[s] > 0]
        if len(holders) != 1 or self.taken[holders[0]] < MOON_THREAT * self.pack_points:
            return None
        return holders[0]

    def boss(self, card: Card) -> bool:
        """Whether no unseen card of its suit is higher: it wins a trick of its suit it leads."""
        return not any(c.rank > card.rank for c, _ in self.unseen_in(card.suit))

    def can_run(self) -> bool:
        """Whether this seat may take every point left: every unseen scoring card has a higher card of its suit here."""
        for i in range(CARD_COUNT):
            if self.unseen[i] > 0 and self.values[i] > 0:
                card = ALL_CARDS[i]
                if not any(c.rank > card.rank for c in self.mine[card.suit]):
                    return False
        return True

    def trick_top(self) -> tuple[int, int]:
        """The rank of the highest card of the suit led so far, and the seat winning the trick as it stands.

        The seat is the rules' ``trick_winner``'s answer for the cards played so far (``-1`` where
        no card wins them: identical cards that cancel); the rank is the suit led's highest (0
        while the suit was led by a joker alone, whose role gives it one).
        """
        top = self._top
        if top is None:
            view = self.view
            led = self.trick_led
            following = [p for p in _trick(view) if p[1].suit is led]  # jokers left out: their roles below
            if not following:
                top = self._top = (0, self.winning(view.trick))
                return top
            best = max(following, key=lambda p: p[1].rank)
            seat = best[0] if self.plain_winner else self.winning(view.trick)
            top = self._top = (best[1].rank, seat)
        return top

    def winning(self, trick: tuple[Play, ...]) -> int:
        """The seat whose card wins ``trick`` (cards played so far) by the rules' ``trick_winner``; -1: none does."""
        if self.plain_winner:
            plain = [(p.seat, p.card) for p in trick if isinstance(p.card, Card)]  # jokers never win
            led = plain[0][1].suit
            return max((p for p in plain if p[1].suit is led), key=lambda p: p[1].rank)[0]
        view = self.view
        context = TrickContext(
            rules=view.rules,
            trick=trick,
            trick_number=len(view.tricks) + 1,
            tricks=view.tricks,
            announcers=view.announcers,
            announcements=view.announcements,
        )
        position = view.rules.trick_winner.winner(context)
        return -1 if position is None else trick[position].seat

    def wins(self, card: AnyCard) -> bool:
        """Whether ``card``, played now, takes the lead of the trick as it stands (the rules' ``trick_winner``).

        Polignac's A♦ loses to its J♦; in Cancellation Hearts a card equal to one played cancels;
        a joker wins as its role says (`Deck.joker_role`: one ranked ``HIGHEST`` takes the trick).
        """
        trick = self.view.trick
        if self.plain_winner:  # the ranks say it: no call, no cache (no joker wins)
            return isinstance(card, Card) and card.suit is self.trick_led and card.rank > self.trick_top()[0]
        found = self._wins.get(card)
        if found is None:
            found = self._wins[card] = self.winning((*trick, Play(self.seat, card))) == self.seat
        return found


class HeuristicBot:
    """Card sense for any ruleset: dodge the points, dump the danger, lead safely, stop a moon.

    Every card's worth comes from ``view.rules.scoring.card_value`` (negative
    values are bonuses to win; in a Dutch second half, where taken points
    count down, the signs flip and the bot collects them); the legal cards
    come from the view, so the rules of leading, breaking hearts and the
    first trick are the engine's, for any number of players and packs.

    **Passing** ranks the cards by the danger they carry: a big penalty card
    (the Q♠; in Black Maria also the K♠ and A♠) unless guarded by enough low
    cards of its suit; a short A♠ or K♠ while the Q♠ is out (also when the
    Q♠ goes in the pass); then high cards by rank, hearts among them by rank
    too (a low heart is a safe card to keep, the A♣ is not); the last cards
    of a short plain suit (a void to slough into). It never passes a bonus card (the Omnibus J♦) and keeps the
    high cards that may capture one.

    **Play**: it follows with the highest card that still loses the trick,
    and when it must win, wins with the least harm; when void it sloughs its
    most dangerous card; it leads low cards of short suits, weighing the chance
    of winning against what the others would add, and avoids leading a suit a
    seat has shown void in while a big card is out.

    **The moon**: when one other seat holds every point taken so far (and
    enough of them), it stops feeding that seat, takes a scoring trick when it
    can, and keeps a high heart; when it holds every point so far itself and a
    higher card than each scoring card still out, it runs the rest of the hand.

    It announces (miezen) only with a hand of low cards, and after a moon takes
    the option whose totals leave it best placed. Ties are broken with the
    bot's random source, so the same ``seed`` gives the same choices.
    """

    name: str = "heuristic"

    def __init__(self, *, seed: object = None) -> None:
        # ``seed`` is a whole number or None. Typed ``object`` so that another value gets this BotError
        # where the module is compiled too (mypyc would refuse it first with a bare TypeError).
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise BotError(f"seed must be a whole number or None, not {seed!r}")
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose(self, view: PlayerView) -> Move:
        """The heuristic's move for ``view.seat``."""
        return self._decide(view, seat_to_move(view))

    def choose_at(self, state: State, seat: object) -> Move:
        """``choose(view(state, seat))``'s move, read from ``state`` without building the whole view.

        The same decision (the same move, the same draws from the bot's
        random source) from the same facts: what ``seat`` may see, its hand,
        the cards played and by whom, the trick, the points taken, the pass
        it chooses; only the hand's completed tricks are read as plain fields
        instead of `Trick` values. A moon choice reads the whole view (it
        samples a world from it). A seat not to move is a `BotError`, as in ``choose``.
        """
        # ``seat`` typed ``object``: a bool or another value gets seat_view's BotError where this module
        # is compiled too (mypyc would turn True into 1 first).
        return self._decide(*seat_view(state, seat))

    def _decide(self, view: PlayerView, seat: int) -> Move:
        """The move for ``seat`` (to move) from ``view``: a view, or a `SeatView` of a state."""
        if view.phase is Phase.PASSING:
            return Pass(seat, self.pass_cards(view, seat))
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.ANNOUNCING:
            chosen = self.announce_choice(view, seat)
            if chosen is not None:
                return chosen
            return Announce(seat, self.announce(view, seat))
        if view.phase is Phase.MOON_CHOICE:
            return self.moon_choice(view, seat)
        cards = [move.card for move in moves if isinstance(move, Play)]
        plain = [card for card in cards if isinstance(card, Card)]
        jokers = [card for card in cards if isinstance(card, Joker)]
        if not plain:
            return play_of(seat, jokers[0])
        card = self.play(view, seat, plain)
        if jokers and self._joker_instead(_Read(view, seat), card, jokers[0]):
            return play_of(seat, jokers[0])
        return play_of(seat, card)

    def _joker_instead(self, read: _Read, chosen: Card, joker: Joker) -> bool:
        """Whether to play ``joker`` (what it counts as is its role's; its points the scoring's) instead of ``chosen``.

        A joker that would take the trick as it stands (a role ranked to win:
        `Deck.joker_role`) is spent only on a trick ``chosen`` takes too.
        Else it is kept for the moment it saves most: when ``chosen`` would
        win a trick that already holds penalty points (by the trick so far),
        or the joker is the last card of the hand but one.
        """
        if not read.plain_winner and read.trick_led is not None and read.wins(joker):
            return read.wins(chosen)
        if len(read.view.hand) <= 2:
            return True
        if read.trick_led is None or chosen.suit is not read.trick_led:
            return False
        return read.wins(chosen) and self._trick_value(read) > 0

    # -- passing

    def pass_danger(self, view: PlayerView, seat: int) -> dict[AnyCard, float]:
        """How much each card of ``view.pass_options`` is worth giving away (higher: pass it first).

        A big card that goes in the pass (an unguarded Q♠) is out once passed:
        the cards it makes dangerous (a short A♠ or K♠) are weighed as with
        the Q♠ out, and follow it into the pass.
        """
        danger = self._pass_danger(view, seat, frozenset())
        count = view.pass_count
        ranked = sorted(danger, key=lambda card: -danger[card])[:count]
        going = frozenset(card for card in ranked if danger[card] >= 40.0)  # an unguarded big card
        if not going:
            return danger
        again = self._pass_danger(view, seat, going)
        return {card: danger[card] if card in going else again[card] for card in danger}

    def _pass_danger(self, view: PlayerView, seat: int, going: frozenset[AnyCard]) -> dict[AnyCard, float]:
        read = _Read(view, seat)
        guard = max(2, round(read.hand_size * 3 / 13))
        held = [card for card in without_jokers(list(view.hand) + list(view.passing)) if card not in going]
        mine = set(held)
        # The pack's cards not in this hand, by suit: what a card of the suit may capture.
        outside: dict[Suit, list[Card]] = {suit: [] for suit in _SUITS}
        for card in pack_cards(view.rules.deck) - mine:
            outside[card.suit].append(card)
        count = view.pass_count

        def danger(card: AnyCard) -> float:
            if isinstance(card, Joker):
                return -2000.0  # a joker never wins a trick: the best card to keep
            value = read.value(card)
            if value < 0:
                return -1000.0 + value  # a bonus card stays
            suit = [c for c in held if c.suit is card.suit]
            rank = float(card.rank - Rank.TWO)
            if value >= BIG:
                below = sum(1 for c in suit if c.rank < card.rank and read.value(c) <= 0)
                return rank - 10.0 if below >= guard else 40.0 + value  # a guarded Q♠ stays
            score = rank
            if value > 0:
                score += 1.0 + 0.5 * value  # hearts by rank: a low heart is safe to keep
            lower = [c for c in outside[card.suit] if c.rank < card.rank]
            big = [c for c in lower if read.value(c) >= BIG]
            if big:  # A♠/K♠ while the Q♠ is out: safe only with enough low spades under it
                under = min(c.rank for c in big)
                guards = sum(1 for c in suit if c.rank < under and read.value(c) <= 0)
                score += 15.0 + 0.5 * max(read.value(c) for c in big) if guards < guard else -10.0
            if any(read.value(c) < 0 for c in lower):
                score -= 6.0  # it may capture a bonus card
            if len(suit) <= count and all(read.value(c) == 0 for c in suit):
                score += 3.0  # pass a whole short plain suit: a void to slough into
            return score

        return {card: danger(card) for card in view.pass_options}

    def pass_cards(self, view: PlayerView, seat: int) -> list[AnyCard]:
        """The ``view.pass_count`` cards of ``view.pass_options`` to give away: the most dangerous."""
        danger = self.pass_danger(view, seat)
        options = list(view.pass_options)
        self._rng.shuffle(options)
        options.sort(key=lambda card: danger[card], reverse=True)
        return options[: view.pass_count]

    # -- announcements

    def announce(self, view: PlayerView, seat: int) -> bool:
        """Announce (miezen: take no penalty card) only with a hand of low cards."""
        read = _Read(view, seat)
        lowest = min(card.rank for card in view.rules.deck.pack())
        middle = lowest + (Rank.ACE - lowest) // 2
        high = [card for card in without_jokers(view.hand) if card.rank > middle]
        if not high:
            return True
        return len(high) == 1 and read.value(high[0]) <= 0 and high[0].rank <= middle + 1

    def announce_choice(self, view: PlayerView, seat: int) -> Move | None:
        """Among a rule's own choices, one that shows a bonus card this seat holds high; else ``None``.

        A choice that shows cards (``HouseRule.shown``: Gong Zhu's exposures)
        doubles what they are worth. The bot shows a card worth less than 0
        (a bonus: the sheep, the transformer) that is the highest of its
        suit in its hand with two more cards of that suit behind it, so that it is
        likely to take it back; it never shows a penalty card. With no such
        choice it says no (``None``: a yes/no round, answered by ``announce``).
        """
        choices = [m for m in view.legal_moves if isinstance(m, Announce) and m.choice is not None]
        if not choices:
            return None
        read = _Read(view, seat)
        for move in choices:
            shown = shown_cards(view.rules, move.choice or "")
            if shown and all(self._keeps(view, card) and read.value(card) < 0 for card in shown):
                return move
        return Announce(seat, False)

    @staticmethod
    def _keeps(view: PlayerView, card: Card) -> bool:
        """Whether ``card`` tops its suit in the hand and has at least two cards of the suit behind it."""
        suit = [other for other in without_jokers(view.hand) if other.suit is card.suit]
        return card in suit and card == max(suit) and len(suit) >= 3

    # -- the moon

    def moon_choice(self, view: PlayerView, seat: int) -> Move:
        """The moon option whose resulting totals leave this seat (its team, with teams) best placed."""
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
            totals = standings(view.rules, after.score_sheet[-1].totals)  # with teams: the team totals
            mine = totals[seat]
            others = [t for s, t in enumerate(totals) if s != seat and s not in view.partners]
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

    @staticmethod
    def running(view: PlayerView, seat: int) -> bool:
        """Whether ``seat`` is running the moon: it holds every point so far (enough of them) and can take the rest."""
        read = _Read(view, seat)
        return read.threat() == seat and read.can_run()

    def play(self, view: PlayerView, seat: int, cards: Sequence[Card]) -> Card:
        """The card to play, among ``cards`` (the legal ones)."""
        read = _Read(view, seat)
        options = list(cards)
        self._rng.shuffle(options)  # random tie-breaks, reproducible for a seed
        threat = read.threat()
        if threat == seat and read.can_run():
            return self._run(read, options)
        partners = view.partners  # a team plays as one: no moon defence against, no points onto, a partner
        defend = threat is not None and threat != seat and threat not in partners
        led = read.trick_led
        if led is None:  # leading, or after jokers of no suit only: this card sets the suit
            if defend:
                bosses = [c for c in options if read.value(c) > 0 and read.boss(c)]
                if bosses:  # win a scoring trick: the moon is stopped
                    return max(bosses, key=lambda card: card.rank)
            return min(options, key=lambda card: self._lead_cost(read, card))
        if any(card.suit is led for card in options):
            if defend:
                card = self._defend_follow(read, options, led, threat)
                if card is not None:
                    return card
            if partners and read.trick_top()[1] in partners:
                return self._under_partner(read, options, led)
            return self._follow(read, options, led)
        if defend:
            return self._defend_slough(read, options, threat)
        if partners and read.trick_top()[1] in partners:
            # The partner wins the trick so far: what is discarded now counts against the team.
            plain = [card for card in options if read.value(card) <= 0]
            if plain:
                return max(plain, key=lambda card: self._slough_danger(read, card))
            return min(options, key=lambda card: (read.value(card), -card.rank))
        return max(options, key=lambda card: self._slough_danger(read, card))

    @staticmethod
    def _under_partner(read: _Read, options: list[Card], led: Suit) -> Card:
        """Following while a partner wins the trick: add no points to it; duck with the highest plain card."""
        losers = [card for card in options if card.suit is led and not read.wins(card)]
        return min(losers or options, key=lambda card: (max(read.value(card), 0), -card.rank))

    @staticmethod
    def _run(read: _Read, options: list[Card]) -> Card:
        """Shooting the moon: win with the highest cards, throw the cheapest plain card when void."""
        led = read.trick_led
        if led is not None:
            following = [card for card in options if card.suit is led]
            if following:  # only these can win (a card a house rule allows to another suit cannot)
                return max(following, key=lambda card: card.rank)
            return min(options, key=lambda card: (read.value(card) != 0, card.rank))
        return max(options, key=lambda card: (read.boss(card), card.rank))

    @staticmethod
    def _defend_follow(read: _Read, options: list[Card], led: Suit, threat: int | None) -> Card | None:
        """Against a moon: win a trick that holds points (or will) if this seat can; ``None`` to play as usual."""
        view = read.view
        _, top_seat = read.trick_top()
        points = sum(max(read.value(p.card), 0) for p in view.trick)
        winners = [c for c in options if read.wins(c)]
        played = {p.seat for p in view.trick}
        if top_seat != threat and threat in played:
            return None  # someone else is taking this trick: let them
        if not winners:
            return None
        threat_after = threat not in played
        if points > 0 or threat_after:
            # The highest winner when the threat plays after this seat, else the cheapest.
            if threat_after:
                return max(winners, key=lambda card: card.rank)
            return min(winners, key=lambda card: card.rank)
        return None

    @staticmethod
    def _defend_slough(read: _Read, options: list[Card], threat: int | None) -> Card:
        """Void against a moon: dump points on another winner; never feed the threat; keep a high heart."""
        view = read.view
        _, top_seat = read.trick_top()
        played = {p.seat for p in view.trick}
        if top_seat != threat and threat in played:
            return max(options, key=lambda card: (read.value(card), card.rank))
        plain = [c for c in options if read.value(c) <= 0]
        if plain:
            return max(plain, key=lambda card: (read.value(card) == 0, card.rank))
        return min(options, key=lambda card: (read.value(card), card.rank))

    @staticmethod
    def _trick_value(read: _Read) -> int:
        cards = [play.card for play in read.view.trick] + list(read.view.carry_over)
        return sum(read.value(card) for card in cards)

    def _follow(self, read: _Read, options: list[Card], led: Suit) -> Card:
        view = read.view
        last = len(view.trick) == read.n - 1
        value = self._trick_value(read)
        winners = [card for card in options if read.wins(card)]
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
        # Win low, but never with a card that may draw a big penalty card under it (A♠ over Q♠).
        return min(options, key=lambda card: (max(read.value(card), 0), read.risk(card) >= BIG, card.rank))

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
        total, followers, added = read.lead_facts(suit)
        if higher == 0 or followers == 0:
            win = 1.0
        else:
            win = (lower / total) ** min(followers, total) if total else 1.0
        own = read.value(card)
        cost = win * (own + added) - (1.0 - win) * 0.2 * own
        big = read.big_out
        if big and (read.n - 1) - followers:
            # A shown void hands its seat a free discard of the big card (onto this seat or not).
            cost += 0.5 * big * ((read.n - 1) - followers) * (win + 0.25)
        # Smoke out a big card of this suit that this hand cannot capture (low spades against the Q♠).
        bigs = [c for c, _ in unseen if c.rank > card.rank and read.value(c) >= 3]
        if bigs and not any(c.rank > bigs[0].rank for c in read.mine[suit]):
            cost -= 0.2 * max(read.value(c) for c in bigs)
        return cost + 0.3 * len(read.mine[suit]) + 0.05 * card.rank


def _trick(view: PlayerView) -> list[tuple[int, Card]]:
    """The current trick as (seat, card), jokers left out: they never win, and the first card that is not one is led."""
    return [(play.seat, play.card) for play in view.trick if isinstance(play.card, Card)]
