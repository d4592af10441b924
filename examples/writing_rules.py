"""Writing rule modules with public names only: one worked module for every slot a house rule varies.

Each is a small frozen attrs class whose hooks receive a context of cards and
return cards or plain values; ``attrs.evolve`` composes them into a preset.
docs/writing-rules.md walks through this file, and the tests run every module
with ``check_rules``, a game of sampling bots, JSON and record round trips and
``describe`` of every event (tests/test_rule_contract.py).

- ``ScatterPass``: the lowest passed card goes left, the middle one across, the
  highest right (a route of its own, travelling by the module's rule);
- ``SevenOfDiamondsLeads``: the holder of the 7♦ leads the first trick, with any card;
- ``NoQueenOnFirstTrick``: no Q♠ on the first trick, hearts allowed;
- ``TenOfClubsDoubles``: a scoring that overrides ``points_of`` (the 10♣ doubles a seat's points);
- ``ShootTheSun`` and ``MoonNeedsJackOfDiamonds``: two moons under Omnibus;
- ``LastTrickBonus``: the winner of the last trick scores −5;
- ``DiscardQueenWhenVoid``: a play restriction with a code of its own, played under a revoke penalty;
- ``QueenBreaksHearts``, ``HOUSE_POINTS`` and ``NoTrickPledge``: a heart-lead rule, a table of
  card points and an announcement in its own words;
- ``NoPointsOnFirstTwoTricks``: a rule of the first N tricks, which is a house rule;
- ``Trumps``: who wins a trick (hearts are trumps), a module of the ``trick_winner`` slot.

Run: python examples/writing_rules.py [--seed 3]
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping

import attrs

import hartenjagen as hj
from hartenjagen import family_jokers, rules, variants
from hartenjagen.bots import make_bot
from hartenjagen.cards import Card, Joker, Suit
from hartenjagen.errors import RulesError
from hartenjagen.frontend.records import GameRecord
from hartenjagen.moves import MoonOption
from hartenjagen.rules import (
    AnnounceContext,
    HandSummary,
    HouseRule,
    MoonContext,
    PassContext,
    PassRoute,
    PassStage,
    PlayContext,
    Travel,
)

QUEEN = Card.parse("QS")
TEN_OF_CLUBS = Card.parse("TC")

# ---------------------------------------------------------------- passing: a scatter pass

#: The route of a scatter pass: its words at the table and in the events, and how its cards travel.
SCATTER = PassRoute(
    "scatter",
    "one card left, one across and one right",
    "één kaart naar links, één naar de overkant en één naar rechts",
    Travel.RULE,
)


@attrs.frozen
class ScatterPass(rules.Passing):
    """Every hand each player passes three cards: the lowest to the left, the middle one across, the highest right."""

    def routes(self) -> tuple[PassRoute, ...]:
        return (SCATTER,)

    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        return (PassStage(3),)

    def scatter(self, context: PassContext, chosen: tuple[Card, ...]) -> Mapping[int, Iterable[Card]]:
        low, middle, high = sorted(chosen, key=lambda card: (card.rank, card.suit))
        seat, players = context.seat, context.players
        return {(seat + 1) % players: [low], (seat + 2) % players: [middle], (seat - 1) % players: [high]}

    def check(self, rules: hj.Rules) -> None:
        super().check(rules)
        if rules.players != 4:
            raise RulesError(
                f"passing {self!r} needs four players (left, across and right), not {rules.players}"
            )


# ---------------------------------------------------------------- opening: the 7♦ leads


@attrs.frozen
class SevenOfDiamondsLeads(rules.Opening):
    """The holder of the 7♦ leads the first trick, and may lead any card."""

    def leader_cards(self, rules: hj.Rules) -> tuple[Card, ...]:
        return (Card.parse("7D"),)


# ---------------------------------------------------------------- first trick: no Q♠


@attrs.frozen
class NoQueenOnFirstTrick(rules.FirstTrick):
    """Nobody may play the Q♠ to the first trick unless it is all they may play; hearts are allowed."""

    refusal_text = "the Q♠ may not be played to the first trick"

    def playable(self, context: PlayContext) -> Iterable[Card]:
        return context.allowed - {QUEEN} or context.allowed


# ---------------------------------------------------------------- scoring: the 10♣ doubles


@attrs.frozen
class TenOfClubsDoubles(rules.Scoring):
    """Hearts score 1 each and the Q♠ 13; a player who took the 10♣ scores double (as in Gong Zhu)."""

    def card_value(self, card: Card) -> int:
        return 1 if card.suit is Suit.HEARTS else 13 if card == QUEEN else 0

    def points_of(self, cards: Iterable[Card]) -> int:
        cards = list(cards)
        points = sum(self.card_value(card) for card in cards)
        return 2 * points if TEN_OF_CLUBS in cards else points

    def point_cards(self, rules: hj.Rules) -> frozenset[Card]:
        """Only the hearts, the Q♠ and the 10♣ change a seat's points."""
        return frozenset(card for card in rules.deck.pack() if self.card_value(card) or card == TEN_OF_CLUBS)


# ---------------------------------------------------------------- moon: shooting the sun, and the J♦


def _penalty_cards(rules: hj.Rules) -> list[Card]:
    return [card for card in rules.deck.pack() if rules.scoring.card_value(card) > 0]


@attrs.frozen
class ShootTheSun(rules.Moon):
    """Winning every trick shoots the sun: every other player scores 52. Taking every penalty card is the moon: 26.

    The shooter scores only the cards worth less than nothing it took (the J♦'s −10 under Omnibus).
    """

    def options(self) -> tuple[MoonOption, ...]:
        return (MoonOption.OTHERS_PLUS,)

    def shooter(self, context: MoonContext) -> int | None:
        for seat, won in enumerate(context.tricks_won):
            if won == len(context.tricks):
                return seat
        penalty = _penalty_cards(context.rules)
        for seat, taken in enumerate(context.cards_taken):
            if all(card in taken for card in penalty):
                return seat
        return None

    def settle(self, context: MoonContext, shooter: int, option: MoonOption) -> tuple[int, ...]:
        amount = 52 if context.tricks_won[shooter] == len(context.tricks) else 26
        value = context.rules.scoring.card_value
        own = sum(value(card) for card in context.cards_taken[shooter] if value(card) < 0)
        return tuple(own if seat == shooter else raw + amount for seat, raw in enumerate(context.raw))


@attrs.frozen
class MoonNeedsJackOfDiamonds(rules.Moon):
    """Shooting the moon takes every penalty card and the J♦ too: the shooter scores −10, every other player 26."""

    def options(self) -> tuple[MoonOption, ...]:
        return (MoonOption.OTHERS_PLUS,)

    def shooter(self, context: MoonContext) -> int | None:
        needed = [*_penalty_cards(context.rules), Card.parse("JD")]
        for seat, taken in enumerate(context.cards_taken):
            if all(card in taken for card in needed):
                return seat
        return None

    def settle(self, context: MoonContext, shooter: int, option: MoonOption) -> tuple[int, ...]:
        return tuple(-10 if seat == shooter else raw + 26 for seat, raw in enumerate(context.raw))

    def needed_cards(self, rules: hj.Rules) -> frozenset[Card]:
        """No one shoots without every penalty card and the J♦; then who shoots and the points read only the raw points."""
        return frozenset([*_penalty_cards(rules), Card.parse("JD")])


# ---------------------------------------------------------------- extras: the last trick, and a restriction


@attrs.frozen
class LastTrickBonus(HouseRule):
    """The winner of the last trick scores ``points`` (−5) on top of the hand."""

    points: int = -5

    def adjustments(self, hand: HandSummary) -> tuple[int, ...]:
        last = hand.tricks[-1].winner
        return tuple(self.points if seat == last else 0 for seat in range(hand.rules.players))


@attrs.frozen
class DiscardQueenWhenVoid(HouseRule):
    """A player who cannot follow suit and holds the Q♠ must discard it."""

    play_code = "must_discard_queen"
    refusal_text = "you cannot follow suit, so you must discard the Q♠"

    def playable(self, context: PlayContext) -> Iterable[Card]:
        can_follow = any(card.suit is context.led_suit for card in context.hand)
        if context.leading or can_follow or QUEEN not in context.allowed:
            return context.allowed
        return {QUEEN}


# ---------------------------------------------------------------- leading, card points, an announcement


@attrs.frozen
class FreeTwoOfDiamonds(HouseRule):
    """The 2♦ may be played at any time, even by a seat that could follow suit."""

    def widening(self, rules: hj.Rules) -> tuple[Card, ...]:
        return (Card.parse("2D"),)


@attrs.frozen
class JokersOnceHeartsBroken(HouseRule):
    """Once hearts are broken, a joker may be played at any time, even by a seat that can follow suit."""

    def widening(self, rules: hj.Rules) -> tuple[Joker, ...]:
        return rules.deck.jokers()

    def widens(self, context: PlayContext) -> tuple[Joker, ...]:
        return context.jokers if context.hearts_broken else ()


@attrs.frozen
class KeepSpades(rules.passing.PassCycle):
    """No spade may be passed; any other card may, and so may a joker."""

    def passable(self, context: PassContext) -> Iterable[Card | Joker]:
        return [card for card in context.hand if card.suit is not Suit.SPADES] + list(context.jokers)


@attrs.frozen
class QueenBreaksHearts(rules.Leading):
    """Hearts may not be led until a heart or the Q♠ has been played."""

    refusal_text = "hearts may not be led until a heart or the Q♠ has been played"

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if context.hearts_broken:
            return context.allowed
        # None left (only hearts): the engine lets any card be led. A joker, which this answer
        # leaves as it was, is something else than hearts: a leader holding one leads it.
        return {card for card in context.allowed if card.suit is not Suit.HEARTS}

    def breaks_hearts(self, card: Card, discarded: bool, trick_number: int) -> bool:
        return card.suit is Suit.HEARTS or card == QUEEN


#: The house's card points: hearts 1 each, the Q♠ 13, the 10♣ 5 and the J♦ −10.
@attrs.frozen
class Trumps(rules.TrickWinner):
    """The highest trump wins; without a trump, the highest card of the suit led."""

    suit: Suit = Suit.HEARTS

    def winner(self, trick: rules.TrickContext) -> int:
        cards = trick.cards
        best = 0
        for position, card in enumerate(cards):
            top = cards[best]
            higher = card.suit is top.suit and card.rank > top.rank
            if higher or (card.suit is self.suit and top.suit is not self.suit):
                best = position
        return best


HOUSE_POINTS = rules.scoring.CardPoints(
    {"QS": 13, "TC": 5, "JD": -10, **{f"{rank}H": 1 for rank in "23456789TJQKA"}},
    name="house points",
)


@attrs.frozen
class NoTrickPledge(HouseRule):
    """Before the first lead each player may pledge to win no trick: −``points`` if kept, +``points`` if broken."""

    points: int = 15

    def opens_announcements(self, context: AnnounceContext) -> bool:
        return True  # every hand opens with the pledge round

    def announcement(self, language: str = "en") -> str:
        # "Seat 1 announces to win no trick." / "Speler 1 kondigt aan geen slag te halen."
        return {"en": "to win no trick", "nl": "geen slag te halen"}.get(language, "")

    def rule_words(self, language: str = "en") -> str:
        if language == "nl":  # the docstring is the English; hartenjagen rules --lang nl reads this
            return f"Voor de eerste uitkomst mag elke speler beloven geen slag te halen: −{self.points} als dat lukt, +{self.points} als niet."
        return ""

    def adjustments(self, hand: HandSummary) -> tuple[int, ...]:
        return tuple(
            (self.points if hand.tricks_won[seat] else -self.points) if seat in hand.announcers else 0
            for seat in range(len(hand.tricks_won))
        )


@attrs.frozen
class NoPointsOnFirstTwoTricks(HouseRule):
    """No penalty card may be played to the first two tricks by a player who has another card to play."""

    play_code = "points_on_early_trick"
    refusal_text = "no penalty card on the first two tricks while you have another card you may play"

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if context.trick_number > 2:
            return context.allowed
        value = context.rules.scoring.card_value
        return {card for card in context.allowed if value(card) <= 0} or context.allowed


# ---------------------------------------------------------------- ending: lives on the score sheet


@attrs.frozen
class Lives(rules.Ending):
    """Three lives each; a seat that scores 20 or more in a hand loses one; the last seat standing wins."""

    lives: int = 3
    threshold: int = 20

    def lives_left(self, sheet: rules.ending.Sheet, players: int) -> tuple[int, ...]:
        left = [self.lives] * players
        for line in sheet:
            if line.revoke is None:  # a voided hand costs no life
                for seat, points in enumerate(line.points):
                    if points >= self.threshold and left[seat]:
                        left[seat] -= 1
        return tuple(left)

    def is_over(self, totals: tuple[int, ...], sheet: rules.ending.Sheet) -> bool:
        return sum(1 for left in self.lives_left(sheet, len(totals)) if left) <= 1

    def winners(self, totals: tuple[int, ...], sheet: rules.ending.Sheet = ()) -> tuple[int, ...]:
        left = self.lives_left(sheet, len(totals))
        if not any(left):  # the last lives lost in one hand: the most lives before it
            left = self.lives_left(sheet[:-1], len(totals))
        standing = [seat for seat in range(len(totals)) if left[seat] == max(left)]
        best = min(totals[seat] for seat in standing)
        return tuple(seat for seat in standing if totals[seat] == best)


# ---------------------------------------------------------------- teams of one's own


@attrs.frozen
class ThreeAndThree(HouseRule):
    """Six seats in two teams of three, every other seat; a team's moon is recorded for its first seat."""

    def partnerships(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2, 4), (1, 3, 5))

    def team_moon_shooter(
        self, teams: tuple[tuple[int, ...], ...], moon_points: tuple[int, ...], together: tuple[bool, ...]
    ) -> int | None:
        for team, done in zip(teams, together, strict=True):
            if done:
                return team[0]
        return None


# ---------------------------------------------------------------- composing them

#: The house game: standard Hearts with a heart-lead rule, card points, a restriction and a pledge of its own.
HOUSE = attrs.evolve(
    variants.STANDARD,
    scoring=HOUSE_POINTS,
    leading=QueenBreaksHearts(),
    extras=(DiscardQueenWhenVoid(), NoTrickPledge()),
)
#: A scatter pass, the 7♦ leading anything and no Q♠ on the first trick.
SCATTER_GAME = attrs.evolve(
    variants.STANDARD,
    passing=ScatterPass(),
    opening=SevenOfDiamondsLeads(),
    first_trick=NoQueenOnFirstTrick(),
)
#: Omnibus where taking every trick shoots the sun.
SUN = attrs.evolve(variants.OMNIBUS, moon=ShootTheSun())
#: Omnibus where the moon needs the J♦ too, with a bonus for the last trick.
JACK_MOON = attrs.evolve(variants.OMNIBUS, moon=MoonNeedsJackOfDiamonds(), extras=(LastTrickBonus(),))
#: The 10♣ doubles a seat's points.
TEN_DOUBLES = attrs.evolve(variants.STANDARD, scoring=TenOfClubsDoubles())
#: Real cards on a real table: a revoke of any rule, the house rule's own included, voids the hand.
REVOKES = attrs.evolve(variants.STANDARD, extras=(DiscardQueenWhenVoid(), rules.extras.RevokePenalty()))
#: No penalty card on the first two tricks (a house rule: the first_trick slot is trick one only).
FIRST_TWO = attrs.evolve(variants.STANDARD, extras=(NoPointsOnFirstTwoTricks(),))
#: Hearts are trumps: the highest heart in a trick wins it (the trick_winner slot).
TRUMPS = attrs.evolve(variants.STANDARD, trick_winner=Trumps())
#: The 2♦ may be played at any time (widening: a card the other rules forbid).
FREE_TWO = attrs.evolve(variants.STANDARD, extras=(FreeTwoOfDiamonds(),))
#: Six players, 8 cards each, in two teams of three: scores, the moon and the end by team.
SIX_TEAMS = hj.Rules(
    deck=rules.deck.SinglePack(players=6, removed=("2D", "2S", "3D", "3S")), extras=(ThreeAndThree(),)
)
#: Joker Hearts, its jokers free only once hearts are broken (a widens that reads context.jokers): one hand.
JOKERS_LATE = attrs.evolve(
    family_jokers.joker_hearts(), extras=(JokersOnceHeartsBroken(),), ending=rules.ending.SINGLE_HAND
)
#: Joker Hearts in which no spade may be passed, and a joker may (a passable that names jokers).
JOKERS_KEEP_SPADES = attrs.evolve(family_jokers.joker_hearts(), passing=KeepSpades())
#: Every house game of this file, by name.
GAMES = {
    "house": HOUSE, "scatter": SCATTER_GAME, "sun": SUN, "jack_moon": JACK_MOON, "ten_doubles": TEN_DOUBLES,
    "revokes": REVOKES, "first_two": FIRST_TWO, "trumps": TRUMPS, "free_two": FREE_TWO, "six_teams": SIX_TEAMS,
    "jokers_late": JOKERS_LATE, "jokers_keep_spades": JOKERS_KEEP_SPADES,
}  # fmt: skip


def play(rules_value: hj.Rules, seed: int) -> GameRecord:
    """One game between four heuristic bots, as a record of its moves."""
    bots = [make_bot("heuristic", seed=seed + seat) for seat in range(rules_value.players)]
    state = hj.new_game(rules_value, seed=seed)
    record = GameRecord.begin(state)
    while not state.is_over:
        seat = state.to_move[0]  # passes are simultaneous: any seat still to pass may go first
        move = bots[seat].choose(hj.view(state, seat))
        state = hj.apply(state, move)
        record = record.add(move)
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3, help="seed of the deals and the bots")
    args = parser.parse_args()
    for name, game in GAMES.items():
        record = play(game, args.seed)
        final = record.final_state()
        # The game saves and loads as JSON and as a record, with no registration call.
        assert hj.loads(hj.dumps(final)) == final
        assert GameRecord.from_text(record.to_text()).final_state() == final
        print(f"{name}: final totals {final.scores}; saved and loaded as JSON and as a record")


if __name__ == "__main__":
    main()
