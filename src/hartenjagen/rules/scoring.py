"""Card points: what each captured card is worth (sources §1.9).

Points are penalty points: higher is worse. A scoring module is data: a
table of card values that anyone can write, e.g.
``CardPoints({"QS": 13, "JD": -10, **{f"{r}H": 1 for r in "23456789TJQKA"}})``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

import attrs

from hartenjagen._whole import is_whole
from hartenjagen.cards import (
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    AnyCard,
    Card,
    Joker,
    Rank,
    Suit,
    cards_of_suit,
    without_jokers,
)
from hartenjagen.errors import RulesError
from hartenjagen.rules.base import RuleModule

if TYPE_CHECKING:
    from hartenjagen.rules import Rules


class Scoring(RuleModule):
    """The ``scoring`` slot: the value of each card, and each seat's raw points for a hand.

    ``card_value`` says what one card is worth (the first-trick rule and the
    moon read it: a card worth more than 0 is a penalty card). ``points_of`` is
    what scores a hand: a seat's raw points for the cards it captured. Its
    default is the sum of their values; a scheme whose points are not a sum
    (Hoemke's first two hearts free) overrides it, and the engine scores every
    hand with it.

    Override either or both: a scheme that writes only ``points_of`` has as a
    card's value the points of that card taken alone (``points_of([card])``);
    one that writes only ``card_value`` scores a hand as the sum. A scheme
    that writes neither is refused with a
    [`RulesError`][hartenjagen.errors.RulesError] when the rules are built.
    """

    def card_value(self, card: Card) -> int:
        """The penalty value of ``card`` (0 for cards that do not score).

        The default is the points of ``card`` taken alone, by ``points_of``.
        """
        if type(self).points_of is Scoring.points_of:
            raise RulesError(
                f"scoring {self!r} must override card_value or points_of (it gives a card no value)"
            )
        return self.points_of((card,))

    def joker_value(self, joker: Joker) -> int:
        """The penalty value of a joker the deck deals (`Deck.jokers`): 0 unless a scoring says otherwise.

        ``points_of`` never sees a joker: a joker's value is added to it.
        """
        return 0

    def total_of(self, cards: Iterable[AnyCard]) -> int:
        """The points of captured cards that may hold jokers: ``points_of`` the cards, plus each joker's value."""
        cards = tuple(cards)
        jokers = sum(self.joker_value(card) for card in cards if isinstance(card, Joker))
        return self.points_of(without_jokers(cards)) + jokers

    def points_of(self, cards: Iterable[Card]) -> int:
        """The raw points of these captured cards: what a seat scores for them in a hand.

        The sum of their values unless a scheme says otherwise. For a frontend:
        the points a seat has taken so far in a hand, from its view.
        """
        return sum(self.card_value(card) for card in cards)

    def moon_total(self, rules: Rules) -> int:
        """The most one seat can score in a hand: the points of every card of the pack worth more than 0.

        The moon amount ``scheme_positive_total`` (26 in Black Lady).
        """
        return self.points_of([card for card in rules.deck.pack() if self.card_value(card) > 0])

    def point_cards(self, rules: Rules) -> frozenset[Card] | None:
        """The cards whose capture can change ``points_of``, declared; ``None`` (the default): not declared.

        A declaration says that a seat's points come only from these cards:
        ``points_of(cards)`` equals ``points_of`` of those of ``cards`` in this
        set, whatever else was captured. The playout kernel then keeps a scoring
        of one's own's answers by the captured cards of this set (which repeat
        from playout to playout) and asks ``points_of`` of them alone; without a
        declaration it keeps them by every captured card and asks far more often
        (the same points, slower). The built-in schemes declare the cards worth
        something, and a subclass inherits that: declare anew (or ``None``) when
        an override scores other cards. [`check_rules`][hartenjagen.testing.check_rules]
        tests a declaration against ``points_of`` on random captures.
        """
        return None


def valued_cards(scoring: Scoring, rules: Rules) -> frozenset[Card]:
    """The cards of ``rules``' pack that ``scoring`` gives a value other than 0 (a ``point_cards`` declaration)."""
    return frozenset(card for card in rules.deck.pack() if scoring.card_value(card) != 0)


#: The hooks whose override makes the core score with the module instead of its table of card values.
HOOKS: Final[tuple[str, ...]] = ("points_of",)


def _values(value: Mapping[Any, int] | tuple[tuple[Card, int], ...]) -> tuple[tuple[Card, int], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    out: dict[Card, int] = {}
    try:
        for card_text, points in items:
            card = Card.parse(card_text)
            if not is_whole(points):
                raise RulesError(f"scoring: the value of {card} must be a whole number, not {points!r}")
            if card in out:
                raise RulesError(f"scoring: {card} is given two values")
            if points:
                out[card] = points
    except (TypeError, ValueError) as error:
        if isinstance(error, RulesError):
            raise
        raise RulesError(f"scoring: values must map cards to whole numbers ({error})") from error
    return tuple(sorted(out.items()))


@attrs.frozen(repr=False)
class CardPoints(Scoring):
    """Each captured card scores the value in ``values``; cards not listed score 0.

    ``values`` maps cards (or card texts) to whole numbers; negative values are
    bonuses (Omnibus J♦ −10).
    """

    values: tuple[tuple[Card, int], ...] = attrs.field(converter=_values)
    name: str = attrs.field(default="", kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise RulesError(f"scoring: name must be text, not {self.name!r}")

    def point_cards(self, rules: Rules) -> frozenset[Card] | None:
        """The cards worth something: a sum of card values comes only from them."""
        return valued_cards(self, rules)

    def card_value(self, card: Card) -> int:
        for known, points in self.values:
            if known is card:
                return points
        return 0

    def __repr__(self) -> str:
        # A subclass prints as itself: a repr names the class, so equal reprs mean equal values.
        kind = type(self).__name__
        if self.name:
            return f"{kind}({self.name})"
        return kind + "({" + ", ".join(f"{c}: {v}" for c, v in self.values) + "})"


_HEART_CARDS: Final = cards_of_suit(Suit.HEARTS)
_HEARTS: Final = {card: 1 for card in _HEART_CARDS}
_JACKS: Final = {Card(Rank.JACK, suit): 5 for suit in Suit}

#: Each heart 1 (sources §1.9; Hoemke #1, original Hearts). 13 a hand.
HEARTS_ONLY: Final = CardPoints(_HEARTS, name="hearts_only")
#: Each heart 1, the Q♠ 13: 26 a hand (``black_lady``; Black Lady 3p, Spelregelwijzer, Gamehelphearts, Microsoft, OpenSpiel).
BLACK_LADY: Final = CardPoints({**_HEARTS, QUEEN_OF_SPADES: 13}, name="black_lady")
#: Black Lady plus the J♦ at −10 (``omnibus_jd``; Spelregelwijzer, Hoemke #3, OpenSpiel ``jd_bonus``).
OMNIBUS: Final = CardPoints({**_HEARTS, QUEEN_OF_SPADES: 13, "JD": -10}, name="omnibus_jd")
#: Black Lady plus the 10♦ at −10 (``omnibus_td``; Bicycle's Omnibus Hearts).
OMNIBUS_TEN: Final = CardPoints({**_HEARTS, QUEEN_OF_SPADES: 13, "TD": -10}, name="omnibus_td")
#: Black Lady plus every jack 5, the J♥ 5 only: 45 a hand (``argentine``; Spelregelwijzer).
ARGENTINE: Final = CardPoints({**_HEARTS, QUEEN_OF_SPADES: 13, **_JACKS}, name="argentine")
#: As ARGENTINE but the J♥ counts 5 + 1 = 6: 46 a hand (``argentine_jh_stacks``; Spelregelwijzer's other reading).
ARGENTINE_JACK_OF_HEARTS_STACKS: Final = CardPoints(
    {**_HEARTS, QUEEN_OF_SPADES: 13, **_JACKS, Card(Rank.JACK, Suit.HEARTS): 6}, name="argentine_jh_stacks"
)
#: 2♥-10♥ 1, J♥ Q♥ K♥ A♥ 5, no Q♠: 29 a hand (``hoemke_high_hearts``; Hoemke #2).
HOEMKE_HIGH_HEARTS: Final = CardPoints(
    {card: (5 if card.rank >= Rank.JACK else 1) for card in _HEART_CARDS}, name="hoemke_high_hearts"
)
#: H 1, Q♠ 13, K♠ 10, A♠ 7: 43 a hand (``black_maria_43``; Spelregelwijzer, poker.tj, cardrulesplus).
BLACK_MARIA: Final = CardPoints({**_HEARTS, QUEEN_OF_SPADES: 13, "KS": 10, "AS": 7}, name="black_maria_43")
#: Spelregelwijzer's second Black Maria scheme: "the Q♠ 15 and the high hearts heavier than the low". Spelregelwijzer gives
#: no heart values; these are the nearest sourced table's (52pickup.net): 2♥-10♥ face value,
#: J♥ Q♥ K♥ 10, A♥ 15. With the Q♠ 15: 114 a hand (``black_maria_graded``).
BLACK_MARIA_GRADED: Final = CardPoints(
    {
        **{card: (int(card.rank) if card.rank <= Rank.TEN else 15 if card.rank == Rank.ACE else 10)
           for card in _HEART_CARDS},
        QUEEN_OF_SPADES: 15,
    },
    name="black_maria_graded",
)  # fmt: skip
#: 32-card Dutch: hearts (7-A) 1, Q♠ 5, J♣ 2: 15 a hand (``dutch_32``; Black Lady 3p, Spelregelwijzer).
DUTCH_32: Final = CardPoints({**_HEARTS, QUEEN_OF_SPADES: 5, "JC": 2}, name="dutch_32")
#: Achterhoek: hearts 1, J♠ 8, Q♦ 6, Q♣ 3 (Q♠ and J♣ 0): 25 a hand (``achterhoek_32``; Spelregelwijzer).
ACHTERHOEK_32: Final = CardPoints({**_HEARTS, "JS": 8, "QD": 6, "QC": 3}, name="achterhoek_32")


def spot_hearts(*, ace: int = 15, queen_of_spades: int = 25, jack_of_diamonds: int = 0) -> CardPoints:
    """Spot Hearts: hearts 2-10 at face value, J 11, Q 12, K 13, A ``ace``; Q♠ ``queen_of_spades``.

    The defaults (A 15, Q♠ 25: 130 a hand) follow the Guardian (2008);
    alanhoyle.com has A 14, Q♠ 26; eliters.com Q♠ 50 with J♦ −40
    (``jack_of_diamonds=-40``). sources §1.9.
    """
    values: dict[Card | str, int] = {
        card: (ace if card.rank == Rank.ACE else int(card.rank)) for card in _HEART_CARDS
    }
    values[QUEEN_OF_SPADES] = queen_of_spades
    if jack_of_diamonds:
        values["JD"] = jack_of_diamonds
    return CardPoints(values, name=f"spot_hearts(ace={ace}, qs={queen_of_spades}, jd={jack_of_diamonds})")


#: Spot Hearts with the default values (A 15, Q♠ 25).
SPOT_HEARTS: Final = spot_hearts()


@attrs.frozen(repr=False)
class HoemkeFirstTwoFree(Scoring):
    """Each player's first two hearts are free, every further heart costs 2; Q♠ 13; J♦ −10.

    A seat's points are 2 × max(0, hearts taken − 2) + 13 for the Q♠ − 10 for
    the J♦; which two hearts are free does not matter. A heart's value (for the
    first-trick restriction and the moon set) is 2. sources
    §1.9; Hoemke #4.
    """

    def card_value(self, card: Card) -> int:
        if card.suit is Suit.HEARTS:
            return 2
        return {QUEEN_OF_SPADES: 13, JACK_OF_DIAMONDS: -10}.get(card, 0)

    def points_of(self, cards: Iterable[Card]) -> int:
        cards = tuple(cards)
        hearts = sum(1 for card in cards if card.suit is Suit.HEARTS)
        others = sum(self.card_value(card) for card in cards if card.suit is not Suit.HEARTS)
        return 2 * max(0, hearts - 2) + others

    def point_cards(self, rules: Rules) -> frozenset[Card] | None:
        """The hearts, the Q♠ and the J♦: the other cards score nothing, whoever holds them."""
        return valued_cards(self, rules)


#: Hoemke #4's scheme.
HOEMKE_FIRST_TWO_FREE: Final = HoemkeFirstTwoFree()
