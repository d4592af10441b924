"""The Hearts family: games of the family that today's rule slots express exactly.

Each game is a function that returns its [`Rules`][hartenjagen.rules.Rules]
value, its options as keyword arguments, and is written with public names
only, as a user would write it (docs/writing-rules.md). The presets of
[`variants.FAMILY`][hartenjagen.variants.FAMILY] are these functions called
with their defaults; the page "The Hearts family" (docs/family.md) shows
each game's rules in words, its sources and this code.

- [`pink_lady`][hartenjagen.family.pink_lady]: the Q♥ is a penalty card of 13 too;
- [`spot_hearts`][hartenjagen.family.spot_hearts]: each heart costs its pips;
- [`slobberhannes`][hartenjagen.family.slobberhannes]: the first trick, the
  last trick and the Q♣ cost a point each;
- [`polignac`][hartenjagen.family.polignac]: the jacks cost a point, the J♠
  two; the ace ranks below the jack; a player may bid *capot*;
- [`cancellation_hearts`][hartenjagen.family.cancellation_hearts]: two packs
  for 5 to 11 players; identical cards in a trick cancel each other;
- [`partnership_hearts`][hartenjagen.family.partnership_hearts]: two teams,
  partners opposite, scoring, shooting the moon and winning together;
- [`danger_hearts`][hartenjagen.family.danger_hearts]: three lives each, one
  lost in a hand of 15 points or more; ten hands;
- [`gong_zhu`][hartenjagen.family.gong_zhu]: the pig Q♠, the sheep J♦, the
  transformer 10♣ and hearts of their own values; a holder may expose them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen import rules
from hartenjagen.cards import JOKERS, Card, Joker, Rank, Suit
from hartenjagen.errors import RulesError
from hartenjagen.family_jokers import role_words
from hartenjagen.frontend import serialize
from hartenjagen.rules import (
    AnnounceContext,
    Ending,
    HandSummary,
    HouseRule,
    Opening,
    OpeningContext,
    PassRoute,
    PlayContext,
    Rules,
    Scoring,
    TrickContext,
    TrickWinner,
)
from hartenjagen.rules.jokers import ZERO_OF_CLUBS, JokerRole, suit_led

if TYPE_CHECKING:
    from hartenjagen.rules.ending import Sheet

__all__ = [
    "EXPOSABLE",
    "Capot",
    "Exposures",
    "FirstAndLastTrick",
    "Lives",
    "PigAndSheep",
    "PigLeads",
    "PigLimit",
    "RankOrder",
    "TwoPacks",
    "cancellation_hearts",
    "danger_hearts",
    "gong_zhu",
    "partnership_hearts",
    "pink_lady",
    "polignac",
    "slobberhannes",
    "spot_hearts",
]


def _whole(value: object, name: str, low: int | None = None) -> int:
    """``value`` if it is a whole number (at least ``low``), else a `RulesError` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low):
        floor = f" of at least {low}" if low is not None else ""
        raise RulesError(f"{name} must be a whole number{floor}, not {value!r}")
    return value


# docs/family.md [start:pink_lady]
def pink_lady(*, queen_of_hearts: int = 13) -> Rules:
    """Pink Lady: standard Hearts, but the Q♥ is a penalty card worth 13, as the Q♠ is.

    The other hearts score 1 each: 38 points a hand, and a moon gives the
    others 38. The Q♥ scores ``queen_of_hearts`` (13) instead of a heart's
    1, not on top of it (``queen_of_hearts=14`` counts it as both).
    """
    _whole(queen_of_hearts, "pink_lady: queen_of_hearts", 1)
    hearts = {Card(rank, Suit.HEARTS): 1 for rank in Rank}
    values = {**hearts, Card("QH"): queen_of_hearts, Card("QS"): 13}
    name = "pink_lady" if queen_of_hearts == 13 else f"pink_lady(qh={queen_of_hearts})"
    return Rules(scoring=rules.scoring.CardPoints(values, name=name))


# docs/family.md [end:pink_lady]


# docs/family.md [start:spot_hearts]
def spot_hearts(*, ace: int = 15, queen_of_spades: int = 25, jack_of_diamonds: int = 0) -> Rules:
    """Spot Hearts: standard Hearts, but each heart costs its pips: 2 to 10 at face value, J 11, Q 12, K 13.

    The A♥ costs ``ace`` (15) and the Q♠ ``queen_of_spades`` (25): 130 a
    hand, and a moon gives the others 130. ``ace=14`` reads the ace as the
    rank after the king; ``queen_of_spades=50, jack_of_diamonds=-40`` is the
    eliters.com table.
    """
    points = rules.scoring.spot_hearts(
        ace=_whole(ace, "spot_hearts: ace", 1),
        queen_of_spades=_whole(queen_of_spades, "spot_hearts: queen_of_spades", 1),
        jack_of_diamonds=_whole(jack_of_diamonds, "spot_hearts: jack_of_diamonds"),
    )
    return Rules(scoring=points)


# docs/family.md [end:spot_hearts]


def _piquet_pack(game: str, players: int) -> rules.deck.SinglePack:
    """The 32-card pack (7 to ace) for four; for 3, 5 or 6 players the black sevens are out (30 cards)."""
    _whole(players, f"{game}: players")
    if not 3 <= players <= 6:
        raise RulesError(f"{game}: is played by 3 to 6 players, not {players}")
    removed = () if players == 4 else ("7C", "7S")
    return rules.deck.SinglePack(players=players, lowest_rank=Rank.SEVEN, removed=removed)


# docs/family.md [start:slobberhannes]
QUEEN_OF_CLUBS: Final = Card("QC")


@attrs.frozen
class FirstAndLastTrick(HouseRule):
    """The winners of the first and the last trick score ``points`` each (Slobberhannes).

    A player who takes the first trick, the last trick and ``card`` (the Q♣)
    in one hand scores ``all_three`` more on top (0: no bonus).
    """

    points: int = 1
    all_three: int = 0
    card: Card = QUEEN_OF_CLUBS

    def __attrs_post_init__(self) -> None:
        _whole(self.points, "FirstAndLastTrick: points")
        _whole(self.all_three, "FirstAndLastTrick: all_three")
        if not isinstance(self.card, Card):
            raise RulesError(f"FirstAndLastTrick: card must be a Card, not {self.card!r}")

    def rule_words(self, language: str = "en") -> str:
        if language != "nl":
            return ""  # the docstring's first paragraph
        bonus = (
            f"; wie alle drie haalt, met de {self.card}, krijgt er {self.all_three} bij"
            if self.all_three
            else ""
        )
        return (
            f"Wie de eerste slag haalt en wie de laatste, krijgt er {self.points} bij{bonus} (Slobberhannes)."
        )

    def adjustments(self, hand: HandSummary) -> tuple[int, ...]:
        first, last = hand.tricks[0].winner, hand.tricks[-1].winner
        scores = [0] * hand.rules.players
        for seat in (first, last):
            if seat is not None:  # None only where identical cards cancel a whole trick (two packs)
                scores[seat] += self.points
        if first is not None and first == last and self.card in hand.cards_taken[first]:
            scores[first] += self.all_three
        return tuple(scores)


def slobberhannes(*, players: int = 4, all_three: int = 0, limit: int = 10) -> Rules:
    """Slobberhannes: the first trick, the last trick and the Q♣ cost a point each; hearts score nothing.

    Four players with the 32-card pack (7 to ace; for 3, 5 or 6 players the
    black sevens are out); no passing; eldest leads any card; follow suit,
    else play anything. A player who takes all three scores ``all_three``
    more (0; 1 makes it 4). No moon. The game ends when a total reaches
    ``limit`` (10); the lowest total wins.
    """
    return Rules(
        deck=_piquet_pack("slobberhannes", players),
        scoring=rules.scoring.CardPoints({"QC": 1}, name="slobberhannes"),
        ending=rules.ending.ScoreLimit(limit=_whole(limit, "slobberhannes: limit", 1)),
        extras=(FirstAndLastTrick(all_three=all_three),),
        passing=rules.passing.NO_PASSING,
        opening=rules.opening.ELDEST_ANY,
        first_trick=rules.first_trick.ANYTHING,
        leading=rules.leading.ANYTIME,
        moon=rules.moon.NO_MOON,
    )


# docs/family.md [end:slobberhannes]


# docs/family.md [start:polignac]
#: Polignac's order of the ranks, low to high: the ace between the ten and the jack.
POLIGNAC_ORDER: Final = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.ACE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
)


@attrs.frozen(repr=False)
class RankOrder(TrickWinner):
    """The highest card of the suit led wins, the ranks ordered low to high as ``order`` lists them.

    Polignac's order is 7 8 9 10 A J Q K. Of two identical cards (two packs) the first played wins.
    """

    order: tuple[Rank, ...] = POLIGNAC_ORDER

    def __attrs_post_init__(self) -> None:
        if not all(isinstance(rank, Rank) for rank in self.order) or len(set(self.order)) != len(self.order):
            raise RulesError(f"RankOrder: order must list ranks, each once, not {self.order!r}")

    def check(self, rules: Rules) -> None:
        missing = {card.rank for card in rules.deck.pack()} - set(self.order)
        if missing:
            raise RulesError(f"RankOrder: order lacks the rank(s) {sorted(missing)} of the pack")

    def rule_words(self, language: str = "en") -> str:
        letters = {"T": "10", **({"J": "B", "Q": "V", "K": "H"} if language == "nl" else {})}
        ranks = " ".join(letters.get(str(rank), str(rank)) for rank in self.order)
        if language == "nl":
            return f"De hoogste kaart van de gevraagde kleur wint, van laag naar hoog: {ranks}."
        return f"The highest card of the suit led wins, the ranks low to high: {ranks}."

    def winner(self, trick: TrickContext) -> int:
        cards = trick.cards
        following = [i for i, card in enumerate(cards) if card.suit is trick.led_suit]
        return max(following, key=lambda i: (self.order.index(cards[i].rank), -i))


@attrs.frozen
class Capot(HouseRule):
    """Before the first lead each player may bid capot: to win every trick of the hand.

    A bidder who wins every trick scores 0 and every other player
    ``points`` (5); a bidder who loses a trick scores ``points`` on top of
    the hand.
    """

    points: int = 5

    def __attrs_post_init__(self) -> None:
        _whole(self.points, "Capot: points")

    def rule_words(self, language: str = "en") -> str:
        if language != "nl":
            return ""  # the docstring's first paragraph
        return (
            "Voor de eerste uitkomst mag iedere speler capot bieden: alle slagen halen. Wie dat haalt,"
            f" krijgt 0 en iedere ander {self.points}; wie een slag verliest, krijgt er {self.points} bij."
        )

    def opens_announcements(self, context: AnnounceContext) -> bool:
        return True  # every hand opens with the capot bids

    def announcement(self, language: str = "en") -> str:
        return "geen slag te laten gaan (capot)" if language == "nl" else "to win every trick (capot)"

    def adjustments(self, hand: HandSummary) -> tuple[int, ...]:
        players = hand.rules.players
        made = [bidder for bidder in hand.announcers if hand.tricks_won[bidder] == len(hand.tricks)]
        scores = [self.points] * players if made else [0] * players
        for bidder in made:  # at most one: the others lost a trick to it
            scores[bidder] = -hand.raw[bidder]  # a capot made wipes out the jacks it took
        for bidder in hand.announcers:
            if bidder not in made:
                scores[bidder] += self.points
        return tuple(scores)


def polignac(*, players: int = 4, capot: bool = False, limit: int = 20, ace_high: bool = False) -> Rules:
    """Polignac: each jack taken costs 1 point and the J♠ (the *Polignac*) 2; nothing else scores.

    Four players with the 32-card pack (7 to ace; for 3, 5 or 6 players the
    black sevens are out); no passing; eldest leads any card; follow suit,
    else play anything; the cards rank K Q J A 10 9 8 7 (`RankOrder`;
    ``ace_high``: the ace highest, as some later sources have it); no moon.
    With ``capot`` a player may bid to win every trick (see `Capot`). The
    game ends when a total reaches ``limit`` (20; 10 for a short game); the
    lowest total wins.
    """
    for name, flag in (("capot", capot), ("ace_high", ace_high)):
        if not isinstance(flag, bool):
            raise RulesError(f"polignac: {name} must be True or False, not {flag!r}")
    return Rules(
        trick_winner=rules.trick_winner.HIGHEST_OF_LED if ace_high else RankOrder(),
        deck=_piquet_pack("polignac", players),
        scoring=rules.scoring.CardPoints({"JS": 2, "JH": 1, "JD": 1, "JC": 1}, name="polignac"),
        ending=rules.ending.ScoreLimit(limit=_whole(limit, "polignac: limit", 1)),
        extras=(Capot(),) if capot else (),
        passing=rules.passing.NO_PASSING,
        opening=rules.opening.ELDEST_ANY,
        first_trick=rules.first_trick.ANYTHING,
        leading=rules.leading.ANYTIME,
        moon=rules.moon.NO_MOON,
    )


# docs/family.md [end:polignac]


# docs/family.md [start:cancellation_hearts]
@attrs.frozen(repr=False)
class TwoPacks(rules.deck.DoubleDeck):
    """Two 52-card packs for 5 to 11 players, low clubs and diamonds out until they deal evenly (as `DoubleDeck`).

    With ``joker`` (five or seven players): no card out and one joker added,
    a club below the 2♣ (`rules.jokers.ZERO_OF_CLUBS`), 105 cards. Without,
    five players: one 2♣, both 2♦ and one 3♣ out, 100 cards, 20 each.
    """

    players: int = 8
    joker: bool = False

    def __attrs_post_init__(self) -> None:
        if not 5 <= _whole(self.players, "TwoPacks: players") <= 11:
            raise RulesError(f"TwoPacks: two packs are for 5 to 11 players, not {self.players!r}")
        if not isinstance(self.joker, bool):
            raise RulesError(f"TwoPacks: joker must be True or False, not {self.joker!r}")
        if self.joker and 105 % self.players:
            raise RulesError(
                f"TwoPacks: 105 cards (a joker added) deal evenly to 5 or 7 players, not {self.players}"
            )

    def removed(self) -> tuple[Card, ...]:
        return () if self.joker else rules.deck.DoubleDeck.removed(self)

    def jokers(self) -> tuple[Joker, ...]:
        return JOKERS[:1] if self.joker else ()

    def joker_role(self, joker: Joker) -> JokerRole:
        return ZERO_OF_CLUBS

    def rule_words(self, language: str = "en") -> str:
        if not self.joker:
            return ""  # the docstring's first paragraph
        if language == "nl":
            return (
                f"Twee spellen van 52 kaarten en een joker, gelijk verdeeld over {self.players} spelers. "
                + (role_words(ZERO_OF_CLUBS, "nl"))
            )
        return f"Two 52-card packs and one joker, dealt out evenly to {self.players} players. {role_words(ZERO_OF_CLUBS)}"


def cancellation_hearts(*, players: int = 8, passing: bool = True, joker: bool = True) -> Rules:
    """Cancellation Hearts: two packs for 5 to 11 players; identical cards in one trick cancel each other.

    Neither of two identical cards can win: the highest card of the suit led
    played once wins. If every card of the suit led is cancelled, nobody wins
    the trick: its leader leads again and the winner of the next trick takes
    both (a cancelled last trick goes to its leader). Otherwise it is Hearts
    with every card twice: hearts 1, Q♠ 13 (52 a hand; a moon takes all 52),
    the 2♣ leads, to 100. Three cards are passed to the left, then to the
    right (``passing=False``: no passing). Five or seven players add a joker
    (105 cards), a "zero of clubs": its holder leads it to the first trick,
    the others follow clubs, and it wins only a trick whose clubs all cancel
    (``joker=False``: low clubs and diamonds out instead, and the 2♣ leads).
    """
    if not isinstance(passing, bool):
        raise RulesError(f"cancellation_hearts: passing must be True or False, not {passing!r}")
    if not isinstance(joker, bool):
        raise RulesError(f"cancellation_hearts: joker must be True or False, not {joker!r}")
    with_joker = joker and players in (5, 7)
    return Rules(
        deck=TwoPacks(players=players, joker=with_joker),
        passing=rules.passing.PassCycle(directions=(PassRoute.LEFT, PassRoute.RIGHT))
        if passing
        else rules.passing.NO_PASSING,
        opening=rules.opening.CardLeads(JOKERS[0]) if with_joker else rules.opening.LOWEST_CLUB,
        duplicates=rules.duplicates.CANCEL_PAIRS,
    )


# docs/family.md [end:cancellation_hearts]


# docs/family.md [start:partnership_hearts]
def partnership_hearts(*, together_moon: bool = True, limit: int = 200) -> Rules:
    """Partnership Hearts: standard Hearts for two teams of two, partners opposite (seats 0 and 2, 1 and 3).

    Partners' points count together. A team that takes every penalty card
    shoots the moon: one member alone, or with ``together_moon`` (the
    default) the two between them; its members score nothing for them and
    each opponent 26 more (52 for the other team). The game ends when a
    team's total reaches ``limit`` (200); the lower team total wins.
    """
    partners = rules.teams.Partnership(((0, 2), (1, 3)), together_moon=together_moon)
    limit = _whole(limit, "partnership_hearts: limit", 1)
    return Rules(ending=rules.ending.ScoreLimit(limit=limit), extras=(partners,))


# docs/family.md [end:partnership_hearts]


# docs/family.md [start:danger_hearts]
@attrs.frozen
class Lives(Ending):
    """Each player has ``lives`` lives and loses one in each hand in which it scores ``threshold`` or more.

    The game is ``deals`` hands, or ends sooner when at most one player has
    a life left; the most lives left wins, then the lowest total. The
    totals stay each player's points: the lives are read from the score sheet.
    """

    lives: int = 3
    threshold: int = 15
    deals: int = 10

    def __attrs_post_init__(self) -> None:
        _whole(self.lives, "Lives: lives", 1)
        _whole(self.threshold, "Lives: threshold", 1)
        _whole(self.deals, "Lives: deals", 1)

    def rule_words(self, language: str = "en") -> str:
        if language != "nl":
            return ""  # the docstring's first paragraph
        return (
            f"Iedere speler heeft {self.lives} levens en verliest er een in elk spel waarin hij"
            f" {self.threshold} punten of meer haalt; na {self.deals} spellen, of zodra hooguit een speler"
            " nog een leven heeft, wint wie de meeste levens over heeft, dan het laagste totaal."
        )

    def lives_left(self, sheet: Sheet, players: int) -> tuple[int, ...]:
        """Each seat's lives after the hands of ``sheet`` (a hand voided by a revoke costs none)."""
        left = [self.lives] * players
        for line in sheet:
            for seat, points in enumerate(line.points):
                if line.revoke is None and points >= self.threshold and left[seat]:
                    left[seat] -= 1
        return tuple(left)

    def is_over(self, totals: tuple[int, ...], sheet: Sheet) -> bool:
        played = sum(1 for line in sheet if line.revoke is None)
        alive = sum(1 for left in self.lives_left(sheet, len(totals)) if left)
        return played >= self.deals or (alive <= 1 and sheet[-1].revoke is None)

    def winners(self, totals: tuple[int, ...], sheet: Sheet = ()) -> tuple[int, ...]:
        left = self.lives_left(sheet, len(totals))
        standing = [seat for seat in range(len(totals)) if left[seat] == max(left)]
        best = min(totals[seat] for seat in standing)
        return tuple(seat for seat in standing if totals[seat] == best)


def danger_hearts(*, lives: int = 3, threshold: int = 15, deals: int = 10) -> Rules:
    """Danger Hearts: standard Hearts, but each player has ``lives`` (3) lives instead of a score limit.

    A player who scores ``threshold`` (15) points or more in a hand (a moon's
    26 included) loses a life. After ``deals`` (10) hands, or as soon as at
    most one player has a life left, the player with the most lives left
    wins; among them the lowest total.
    """
    return Rules(ending=Lives(lives=lives, threshold=threshold, deals=deals))


# docs/family.md [end:danger_hearts]


# docs/family.md [start:gong_zhu]
#: What a Gong Zhu player may expose, as the choices' words: the pig, the sheep, the transformer, the A♥.
EXPOSABLE: Final = ("QS", "JD", "TC", "AH")
_PIG, _SHEEP, _TRANSFORMER, _ACE = (Card.parse(word) for word in EXPOSABLE)
_HEART_VALUES: Final = {Rank.ACE: 50, Rank.KING: 40, Rank.QUEEN: 30, Rank.JACK: 20}


@attrs.frozen(repr=False)
class PigAndSheep(Scoring):
    """Gong Zhu's card values, as penalty points (the sheet shows them negated): the pig Q♠ 100, the sheep J♦ −100.

    Hearts: A 50, K 40, Q 30, J 20, 10 to 5 10 each, 4 to 2 nothing. A seat
    that takes all 13 hearts scores them −200 instead of 200, and with
    ``pig_with_hearts`` its pig too (−100). The transformer 10♣ doubles the
    rest of its taker's score, or scores −50 taken with no other scoring card
    (the Q♠, the J♦, a heart). An exposed card doubles its value: the A♥
    every heart's, the 10♣ its doubling (×4, or −100 alone).
    """

    pig_with_hearts: bool = True

    def rule_words(self, language: str = "en") -> str:
        if language != "nl":
            return ""  # the docstring's first paragraph
        return (
            "De waarden van Gong Zhu als strafpunten (de lijst toont ze omgekeerd): het varken ♠V 100, het schaap"
            " ♦B −100, harten A 50, H 40, V 30, B 20, 10 tot 5 elk 10; de ♣10 verdubbelt de rest."
        )

    def score(self, cards: Iterable[Card], exposed: Iterable[Card] = ()) -> int:
        """The points of ``cards`` taken by one seat, with the cards of ``exposed`` exposed."""
        taken, shown = set(cards), set(exposed)
        hearts = [card for card in taken if card.suit is Suit.HEARTS]
        sign = -1 if len(hearts) == 13 else 1
        total = sign * sum(_HEART_VALUES.get(c.rank, 10 if c.rank >= 5 else 0) for c in hearts)
        total *= 2 if _ACE in shown else 1
        if _PIG in taken:
            total += (-100 if sign < 0 and self.pig_with_hearts else 100) * (2 if _PIG in shown else 1)
        if _SHEEP in taken:
            total -= 100 * (2 if _SHEEP in shown else 1)
        if _TRANSFORMER in taken:
            factor = 4 if _TRANSFORMER in shown else 2
            alone = not hearts and _PIG not in taken and _SHEEP not in taken
            total = -25 * factor if alone else total * factor
        return total

    def points_of(self, cards: Iterable[Card]) -> int:
        return self.score(cards)


@attrs.frozen
class Exposures(HouseRule):
    """Before the first lead each holder of the Q♠, J♦, 10♣ or A♥ may expose it, which doubles its value.

    Only the holder is offered a card; it may expose several, one at a time.
    With ``first_round`` an exposed card may not be played to the first trick
    of its suit (its lead included) unless it is its holder's only card of that suit.
    """

    first_round: bool = True
    play_code = "exposed_card_held_back"
    refusal_text = (
        "An exposed card waits for the second trick of its suit, unless it is its holder's only one."
    )

    def rule_words(self, language: str = "en") -> str:
        if language != "nl":
            return ""  # the docstring's first paragraph
        return "Voor de eerste uitkomst mag wie de ♠V, ♦B, ♣10 of ♥A heeft die openleggen: dat verdubbelt zijn waarde."

    def opens_announcements(self, context: AnnounceContext) -> bool:
        return True

    def announcement(self, language: str = "en") -> str:
        return (
            "een kaart open te leggen (haar waarde verdubbelt)"
            if language == "nl"
            else "to expose a card (doubling it)"
        )

    def announcement_choices(self, context: AnnounceContext, seat: int, hand: tuple[Card, ...]) -> list[str]:
        return [word for word in EXPOSABLE if Card.parse(word) in hand]

    def all_choices(self, rules: Rules) -> tuple[str, ...]:
        return EXPOSABLE

    def shown(self, choice: str) -> tuple[Card, ...]:
        return (Card.parse(choice),) if choice in EXPOSABLE else ()

    def choice_words(self, choice: str, language: str = "en") -> str:
        card = Card.parse(choice).symbol
        return f"de {card} open te leggen" if language == "nl" else f"to expose the {card}"

    def playable(self, context: PlayContext) -> Iterable[Card]:
        mine = {Card.parse(word) for seat, word in context.announcements if seat == context.seat}
        led_before = {suit_led(trick.cards, context.rules.deck) for trick in context.tricks}
        held_back = {
            card
            for card in context.allowed
            if self.first_round
            and card in mine
            and card.suit not in led_before
            and context.led_suit in (None, card.suit)
            and sum(1 for other in context.hand if other.suit is card.suit) > 1
        }
        return (context.allowed - held_back) or context.allowed

    def adjustments(self, hand: HandSummary) -> tuple[int, ...] | None:
        exposed = [Card.parse(word) for _, word in hand.announcements if word in EXPOSABLE]
        scoring = hand.rules.scoring
        if not exposed or not isinstance(scoring, PigAndSheep):
            return None
        return tuple(
            scoring.score(taken, exposed) - raw for taken, raw in zip(hand.cards_taken, hand.raw, strict=True)
        )


@attrs.frozen(repr=False)
class PigLeads(Opening):
    """The holder of the 2♠ leads the first hand's first trick; later, whoever took the Q♠ in the hand before."""

    def rule_words(self, language: str = "en") -> str:
        if language != "nl":
            return ""  # the docstring's first paragraph
        return "In het eerste spel komt wie de ♠2 heeft uit; daarna wie in het vorige spel de ♠V haalde."

    def leader(self, context: OpeningContext) -> int:
        # Not by leader_cards: after the first hand the 2♠ says nothing about who leads.
        taker = context.previous_taker(_PIG)
        if taker is None:
            taker = context.nearest_holder((Card.parse("2S"),))
        return context.eldest if taker is None else taker


@attrs.frozen
class PigLimit(Ending):
    """The game ends after the hand in which a score reaches −``limit`` (−1000) or below; the highest score wins.

    With ``both_ways`` it also ends when a score reaches +``limit``. The totals
    are penalty points; the sheet shows them negated, as Gong Zhu writes them.
    """

    limit: int = 1000
    both_ways: bool = False

    def __attrs_post_init__(self) -> None:
        _whole(self.limit, "PigLimit: limit", 1)
        if not isinstance(self.both_ways, bool):
            raise RulesError(f"PigLimit: both_ways must be True or False, not {self.both_ways!r}")

    def rule_words(self, language: str = "en") -> str:
        if language != "nl":
            return ""  # the docstring's first paragraph
        return f"Het spel eindigt na het spel waarin een stand −{self.limit} of lager bereikt; de hoogste stand wint."

    def is_over(self, totals: tuple[int, ...], sheet: Sheet) -> bool:
        return max(totals) >= self.limit or (self.both_ways and min(totals) <= -self.limit)

    def winners(self, totals: tuple[int, ...], sheet: Sheet = ()) -> tuple[int, ...]:
        return tuple(seat for seat, total in enumerate(totals) if total == min(totals))

    def display(self, totals: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(-total for total in totals)


def gong_zhu(
    *, limit: int = 1000, both_ways: bool = False, pig_with_hearts: bool = True, first_round: bool = True
) -> Rules:
    """Gong Zhu (Chase the Pig): the pig Q♠ −100, the sheep J♦ +100, hearts −50 down to 0, the 10♣ doubles.

    Four players, no passing, no moon; any card may be led at any time. The
    2♠ leads the first hand, the pig's taker each later one. All 13 hearts
    taken turn positive (+200; ``pig_with_hearts``: the pig too). Holders may
    expose the Q♠, J♦, 10♣ or A♥ (`Exposures`) to double them. The game ends
    when a score reaches −``limit`` (``both_ways``: or +``limit``); the
    highest wins. The sheet shows Gong Zhu's signs; inside, points are penalties.
    """
    for name, flag in (("pig_with_hearts", pig_with_hearts), ("first_round", first_round)):
        if not isinstance(flag, bool):
            raise RulesError(f"gong_zhu: {name} must be True or False, not {flag!r}")
    return Rules(
        scoring=PigAndSheep(pig_with_hearts=pig_with_hearts),
        opening=PigLeads(),
        ending=PigLimit(limit=_whole(limit, "gong_zhu: limit", 1), both_ways=both_ways),
        extras=(Exposures(first_round=first_round),),
        passing=rules.passing.NO_PASSING,
        first_trick=rules.first_trick.ANYTHING,
        leading=rules.leading.ANYTIME,
        moon=rules.moon.NO_MOON,
    )


# docs/family.md [end:gong_zhu]

# A module of one's own needs no registration (it is saved by its import path); the library registers
# its family house rules so that they are saved under short names and the JSON Schema describes them.
serialize.register(FirstAndLastTrick)
serialize.register(Capot)
serialize.register(RankOrder)
serialize.register(TwoPacks)
serialize.register(Lives)
serialize.register(PigAndSheep)
serialize.register(Exposures)
serialize.register(PigLeads)
serialize.register(PigLimit)
