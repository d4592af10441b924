"""The shadow's facts: test_presets' independent model of a hand (who holds what, who wins a trick, what counts).

`preset_shadow.Checker` checks the engine against these, move by move; nothing here asks the engine to decide.
"""

from __future__ import annotations

import random
from collections import Counter

import gong_zhu_model
import hartenjagen as hj
from hartenjagen import family
from hartenjagen.cards import Card, Suit
from hartenjagen.core.table import table_for
from hartenjagen.rules import (
    duplicates,
    ending,
    extras,
    first_trick,
    leading,
    moon,
    scoring,
)
from hartenjagen.rules.teams import Partnership

QS, JD, TWO_CLUBS = Card("QS"), Card("JD"), Card("2C")


def _cards_of(groups) -> Counter:
    total: Counter = Counter()
    for group in groups:
        total.update(group)
    return total


class ShadowFacts:
    """The rules as the shadow reads them: points, moon set, standing, trick winner, restrictions, turn order."""

    def __init__(self, rules: hj.Rules, probe: random.Random) -> None:
        self.rules = rules
        self.table = table_for(rules)
        self.n = rules.players
        # The deck's jokers are dealt with its pack (Joker Hearts); a house rule may widen them (or cards).
        self.pack = Counter([*rules.deck.pack(), *rules.deck.jokers()])
        self.pack_size = sum(self.pack.values())
        self.widened = extras.widening_cards(rules)
        #: the cards a seat is dealt; a stock (the rest of the pack, drawn a card a seat a trick) adds tricks
        self.hand_size = rules.deck.hand_size()
        self.draw_rounds = (
            (self.pack_size - self.hand_size * self.n) // self.n if rules.deck.draw_order(0) else 0
        )
        self.tricks_in_hand = self.hand_size + self.draw_rounds
        #: Domino Hearts: a seat that cannot follow draws until it can, an empty hand drops out
        self.follow = rules.deck.draws_to_follow()
        self.stock_to_last = rules.deck.stock_to_last()
        self.value = {
            card: rules.scoring.card_value(card)
            if isinstance(card, Card)
            else rules.scoring.joker_value(card)
            for card in self.pack
        }
        self.probe = probe
        self.revoke_penalty = any(e.revoke_penalty(rules) is not None for e in rules.extras)
        self.first_two_free = isinstance(rules.scoring, scoring.HoemkeFirstTwoFree)
        #: whether a house rule narrows the legal plays (then only subset checks apply)
        self.restricting = any(type(e).playable is not extras.HouseRule.playable for e in rules.extras)
        #: Gong Zhu's exposures (tests/gong_zhu_model.py), if the rules have them
        self.exposures = next((e for e in rules.extras if isinstance(e, family.Exposures)), None)
        self.pig_taker: int | None = None
        self.new_hand()

    def new_hand(self) -> None:
        self.captured = [Counter() for _ in range(self.n)]
        self.winners: list[int | None] = []  # each trick's winner, for FirstAndLastTrick
        self.carry: list[Card] = []
        self.widow: Counter[Card] = (
            Counter()
        )  # a widow once its trick is won: its points for that trick's taker
        self.broken = False
        self.exchange_checked = False
        self.announced = 0
        self.exposed: dict[int, list[Card]] = {seat: [] for seat in range(self.n)}
        self.done: set[int] = set()  # the seats that have said no in a round of choices
        self.exposure_order: list[tuple[int, Card]] = []
        self.drew = [0] * self.n  # the cards each seat drew to follow this hand
        self.untaken: Counter[Card] = Counter()  # a stock the last seat does not take

    # ---- scoring, computed here

    def points(self, cards) -> int:
        """Card points of ``cards`` under the scheme (sources §1.9), computed here."""
        cards = list(cards)
        if self.exposures is not None:
            return -gong_zhu_model.score(cards)  # penalty points: the sheet shows them negated
        if self.first_two_free:
            hearts = sum(1 for c in cards if c.suit is Suit.HEARTS)
            return 2 * max(0, hearts - 2) + 13 * cards.count(QS) - 10 * cards.count(JD)
        return sum(self.value[c] for c in cards)

    def moon_set(self) -> Counter:
        if self.rules.moon.moon_set is moon.MoonSet.ALL_POSITIVE:
            return Counter({c: k for c, k in self.pack.items() if self.value[c] > 0})
        return Counter({c: k for c, k in self.pack.items() if self.value[c] != 0})

    def second_half(self, sheet) -> bool:
        ending_ = self.rules.ending
        return isinstance(ending_, ending.TwoHalves) and any(max(r.totals) >= ending_.switch for r in sheet)

    def teams(self):
        """The rules' `Partnership` (``None``: every seat plays alone)."""
        return next((e for e in self.rules.extras if isinstance(e, Partnership)), None)

    def standing(self, totals) -> tuple[int, ...]:
        """Each seat's total as the game is judged: its team's sum with teams."""
        teams = self.teams()
        if teams is None:
            return tuple(totals)
        return tuple(sum(totals[m] for t in teams.teams if s in t for m in t) for s in range(self.n))

    def lives_left(self, sheet) -> list[int]:
        """Danger Hearts: each seat's lives after ``sheet`` (one lost per hand of ``threshold`` or more)."""
        rule = self.rules.ending
        lives = [rule.lives] * self.n
        for line in sheet:
            for seat in range(self.n):
                if line.revoke is None and line.points[seat] >= rule.threshold:
                    lives[seat] = max(lives[seat] - 1, 0)
        return lives

    def expected_over(self, totals, sheet) -> bool:
        ending_ = self.rules.ending
        teams = self.teams()
        if teams is not None:
            totals = [sum(totals[s] for s in team) for team in teams.teams]
        if isinstance(ending_, family.Lives):
            played = sum(1 for line in sheet if line.revoke is None)
            return played >= ending_.deals or sum(1 for left in self.lives_left(sheet) if left) <= 1
        if isinstance(ending_, ending.ScoreLimit):
            return (max(totals) >= ending_.limit if ending_.inclusive else max(totals) > ending_.limit) and (
                ending_.tie is ending.Tie.SHARED or list(totals).count(min(totals)) == 1
            )
        if isinstance(ending_, ending.Countdown):
            return min(ending_.start - t for t in totals) <= 0
        if isinstance(ending_, family.PigLimit):  # Gong Zhu: a score of −limit (shown negated), or ±limit
            shown = [-t for t in totals]
            return min(shown) <= -ending_.limit or (ending_.both_ways and max(shown) >= ending_.limit)
        if isinstance(ending_, ending.TwoHalves):
            return self.second_half(sheet[:-1]) and min(totals) <= 0
        if isinstance(ending_, ending.SingleHand):
            return True
        return ending_.is_over(totals, sheet)  # pragma: no cover - no preset uses another ending

    def trick_winner(self, cards: list[Card]) -> int | None:
        """The position of the winning card (None: every led-suit card cancelled, or jokers only).

        A joker never wins; the first card that is not a joker is led (pagat's Joker Hearts).
        """
        positions = [i for i, c in enumerate(cards) if isinstance(c, Card)]
        if not positions:
            return None
        led = cards[positions[0]].suit
        if isinstance(self.rules.duplicates, duplicates.CancelPairs):
            led_cards = Counter(cards[i] for i in positions if cards[i].suit is led)
            alive = [c for c, k in led_cards.items() if k == 1]
            return cards.index(max(alive, key=lambda c: c.rank)) if alive else None
        # A rank order of the game's own (Polignac's ``RankOrder``): its ranks low to high, read as data.
        order = getattr(self.rules.trick_winner, "order", None)

        def strength(card: Card) -> int:
            return order.index(card.rank) if order else int(card.rank)

        best = positions[0]
        for position in positions:
            if cards[position].suit is led and strength(cards[position]) > strength(cards[best]):
                best = position
        return best

    # ---- checks of a state before a move

    def in_turn(self, state: hj.State) -> list[int]:
        """The seats of the current trick in turn from its leader: every seat, or those with cards when it began."""
        played = {play.seat for play in state.trick}
        n = self.n
        seats = [(state.trick_leader + k) % n for k in range(n)]
        if not self.follow:
            return seats
        return [s for s in seats if state.hands[s] or s in played]

    def restricted(self, card: Card) -> bool:
        rule = self.rules.first_trick
        if rule.restricted is first_trick.RestrictedCards.POSITIVE_VALUED:
            return self.value[card] > 0
        return isinstance(card, Card) and (card.suit is Suit.HEARTS or card is QS)

    def first_holder(self, state: hj.State, wanted) -> int:
        for step in range(1, self.n + 1):
            seat = (state.dealer + step) % self.n
            if any(wanted(c) for c in state.hands[seat]):
                return seat
        raise AssertionError("the opening card is in no hand")

    def hearts_open(self, state: hj.State) -> bool | None:
        rule = self.rules.leading
        if isinstance(rule, leading.HeartsAnytime):
            return True
        if isinstance(rule, leading.HeartsAfterBroken):
            return self.broken
        if isinstance(rule, leading.HeartsAfterTricks):
            return len(state.tricks) >= rule.tricks
        if isinstance(rule, leading.HeartsAfterSuitsLed):
            led = Counter(trick.cards[0].suit for trick in state.tricks)
            others = [led[Suit.CLUBS], led[Suit.DIAMONDS], led[Suit.SPADES]]
            return all(others) or sum(1 for k in others if k >= 2) >= 2
        return None  # pragma: no cover - no preset uses another module

    def heart_in_play(self, card) -> bool:
        """Whether ``card`` leads as a heart: a heart, or a joker whose role is of hearts."""
        if isinstance(card, Card):
            return card.suit is Suit.HEARTS
        return self.rules.deck.joker_role(card).suit is Suit.HEARTS

    # ---- checks of a transition
