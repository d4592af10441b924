"""The strategies of each slot's modules, fitted to the slots drawn before them (see `strategies.modules`).

Which endings keep games short is judged by what the modules say through
their hooks (`_probe`), not by their classes, so the same rules hold for a
module of your own given through ``base=``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from hypothesis import strategies as st

from hartenjagen.cards import TWO_OF_CLUBS, AnyCard, Card, Suit
from hartenjagen.errors import RulesError
from hartenjagen.rules import (
    Deck,
    Duplicates,
    Ending,
    FirstTrick,
    HouseRule,
    Leading,
    Moon,
    Opening,
    Passing,
    Rules,
    Scoring,
    duplicates,
    ending,
    extras,
    first_trick,
    leading,
    moon,
    opening,
    passing,
    scoring,
)
from hartenjagen.rules.routes import BUILT_IN, PassRoute, Travel
from hartenjagen.testing._common import cached
from hartenjagen.testing._probe import ends_by_count, house_bonus, least_hand_points, moon_facts


class Facts:
    """What the choice of one slot needs to know about the slots drawn before it."""

    def __init__(self, deck_module: Deck) -> None:
        self.deck = deck_module
        self.pack = deck_module.pack()
        self.players = deck_module.players
        self.hand_size = len(self.pack) // self.players
        self.counts = Counter(self.pack)
        self.double = len(self.counts) != len(self.pack)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Facts) and other.deck == self.deck

    def __hash__(self) -> int:
        return hash(self.deck)

    def holds(self, card: Card) -> bool:
        return card in self.counts

    def directions(self) -> list[PassRoute]:
        """The built-in routes that pass to another seat with this many players, and hold."""
        n = self.players
        return [
            d
            for d in BUILT_IN.values()
            if d.travel is Travel.NONE
            or (d.travel is Travel.SEAT and d.offset(n) != 0 and (not d.across or n % 2 == 0))
        ]

    def totals(self, scoring_module: Scoring) -> tuple[int, int]:
        """(sum of positive values, net sum of values) over the pack, by ``card_value``."""
        values = [scoring_module.card_value(card) * count for card, count in self.counts.items()]
        return sum(v for v in values if v > 0), sum(values)


def scores_up(facts: Facts, scoring_module: Scoring) -> bool:
    """Whether totals keep growing hand after hand under this scoring (so score limits are reached).

    By what the scoring scores (``points_of``) for some ways the pack could be
    captured, so a scoring that is no table (the first two hearts free) is
    judged as it plays.
    """
    return least_hand_points(facts.deck, scoring_module) > 0


def ends_by_scores(ending_module: Ending, players: int) -> bool:
    """Whether a game under this ending needs scores to grow to end (it does not end after hands of no points)."""
    return not ends_by_count(ending_module, players)


def bonuses(facts: Facts, scoring_module: Scoring, extras_modules: Sequence[HouseRule]) -> int:
    """The most a seat can lose to house rules in a hand (miezen, a no-tricks bonus), in points."""
    return sum(house_bonus(facts.deck, scoring_module, extra) for extra in extras_modules)


def bonuses_keep_scores_up(
    facts: Facts, scoring_module: Scoring, extras_modules: Sequence[HouseRule]
) -> bool:
    """Whether a seat's total still grows on average with the house rules' bonuses taken off."""
    most = bonuses(facts, scoring_module, extras_modules)
    _, net = facts.totals(scoring_module)
    return not most or most * facts.players < net


def moon_keeps_scores_up(
    facts: Facts, scoring_module: Scoring, moon_module: Moon, extras_modules: Sequence[HouseRule] = ()
) -> bool:
    """Whether moons leave the totals growing: there is none, the others score, or a moon is rare under random play."""
    shoots, others_gain, needed = moon_facts(facts.deck, scoring_module, moon_module)
    if not shoots:
        return True
    if others_gain and (not bonuses(facts, scoring_module, extras_modules) or needed >= 4):
        return True  # a moon gives the others points (and is not so easy that the bonuses win)
    positive, net = facts.totals(scoring_module)
    return facts.players >= 3 and facts.hand_size >= 4 and needed >= 4 and 2 * net >= positive


@cached
def passings(facts: Facts) -> st.SearchStrategy[Passing]:
    directions = facts.directions()
    moving = [d for d in directions if d.passes]
    # Up to the hand size; up to 4 with a double deck, whose passes the engine lists one by one.
    most = min(4, facts.hand_size) if facts.double else facts.hand_size
    counts = st.one_of(st.integers(0, min(4, most)), st.integers(0, most))
    cycle = st.lists(st.sampled_from(directions), min_size=1, max_size=5).map(tuple)

    @st.composite
    def pass_and_return(draw: st.DrawFn) -> Passing:
        cards_ = draw(counts)
        return passing.PassAndReturn(
            directions=draw(cycle),
            cards=cards_,
            returned=draw(st.integers(0, cards_)),
            from_received=draw(st.booleans()),
        )

    named = [
        module
        for module in (
            passing.LEFT_RIGHT_ACROSS_HOLD,
            passing.LEFT_ACROSS_RIGHT_HOLD,
            passing.LEFT_RIGHT_ACROSS,
            passing.LEFT_RIGHT_HOLD_HOLD,
            passing.LEFT_RIGHT_HOLD,
            passing.FIVE_PLAYER_CYCLE,
            passing.ALWAYS_RIGHT,
            passing.ALWAYS_LEFT,
            passing.NO_PASSING,
            passing.RANDOM_DIRECTION,
            passing.PASS_FOUR_RETURN_ONE,
            passing.PASS_TO_DEALER,
        )
        if _fits(module, facts)
    ]
    return (
        st.one_of(
            st.sampled_from(named),
            st.builds(passing.PassCycle, directions=cycle, cards=counts),
            st.builds(
                passing.RandomDirection,
                cards=counts,
                choices=st.lists(st.sampled_from(directions), min_size=1, max_size=4, unique=True).map(tuple),
            ),
            pass_and_return(),
            st.builds(passing.PassToDealer, cards=counts, dealer_joins=st.booleans()),
        )
        if moving
        else st.just(passing.NO_PASSING)
    )


_FITS: dict[tuple[Passing, Deck], bool] = {}


def _fits(module: Passing, facts: Facts) -> bool:
    """Whether a named passing module works with the deck."""
    key = (module, facts.deck)
    known = _FITS.get(key)
    if known is None:
        try:
            Rules(deck=facts.deck, passing=module, opening=opening.ELDEST_ANY)
            known = True
        except RulesError:
            known = False
        _FITS[key] = known
    return known


@cached
def openings(facts: Facts) -> st.SearchStrategy[Opening]:
    options: list[Opening] = [
        opening.EldestLeadsLowestNonHeart(),
        opening.EldestLeadsLowestOfChosenSuit(),
        opening.EldestLeadsAny(),
    ]
    if any(card.suit is Suit.CLUBS for card in facts.counts):
        options += [opening.LowestClubLeads(), opening.LowestClubHolderLeadsAnyClub()]
    if any(facts.holds(Card(text)) for text in ("2C", "2D", "2S")):
        options.append(opening.FirstDeuceFromEldest())
    if facts.holds(TWO_OF_CLUBS):
        options.append(opening.ShowTwoOfClubsLeadSafe())
    # One option more, as likely as each other: the holder of a card of the pack (or a deck's joker) leads it.
    leaders: list[AnyCard] = [*sorted(facts.counts), *facts.deck.jokers()]
    card_leads = st.sampled_from(leaders).map(opening.CardLeads)
    return st.sampled_from([None, *options]).flatmap(lambda o: card_leads if o is None else st.just(o))


@cached
def first_tricks() -> st.SearchStrategy[FirstTrick]:
    return st.one_of(
        st.just(first_trick.AnythingOnFirstTrick()),
        st.builds(
            first_trick.NoPointsUnlessForced,
            restricted=st.sampled_from(first_trick.RestrictedCards),
            forced=st.sampled_from(first_trick.ForcedChoice),
        ),
    )


@cached
def leadings(facts: Facts) -> st.SearchStrategy[Leading]:
    closed = {
        "hearts_and_queen": st.sampled_from(leading.HeartsAndQueen),
        "queen_like_heart": st.booleans(),
    }
    return st.one_of(
        st.just(leading.HeartsAnytime()),
        st.builds(
            leading.HeartsAfterBroken,
            broken_by=st.sampled_from(leading.BrokenBy),
            queen_breaks=st.booleans(),
            break_on_first_trick=st.booleans(),
            **closed,
        ),
        st.builds(leading.HeartsAfterTricks, tricks=st.integers(1, max(1, facts.hand_size)), **closed),
        st.builds(leading.HeartsAfterSuitsLed, **closed),
    )


#: The library's named card-points tables.
_NAMED_SCORING: Final[tuple[Scoring, ...]] = (
    scoring.HEARTS_ONLY,
    scoring.BLACK_LADY,
    scoring.OMNIBUS,
    scoring.OMNIBUS_TEN,
    scoring.ARGENTINE,
    scoring.ARGENTINE_JACK_OF_HEARTS_STACKS,
    scoring.HOEMKE_HIGH_HEARTS,
    scoring.BLACK_MARIA,
    scoring.BLACK_MARIA_GRADED,
    scoring.DUTCH_32,
    scoring.ACHTERHOEK_32,
    scoring.SPOT_HEARTS,
)


@cached
def scorings(facts: Facts) -> st.SearchStrategy[Scoring]:
    pack = sorted(facts.counts)

    @st.composite
    def tables(draw: st.DrawFn) -> Scoring:
        chosen = draw(st.lists(st.sampled_from(pack), min_size=1, max_size=8, unique=True))
        values = {card: draw(st.integers(-15, 25).filter(bool)) for card in chosen}
        values[chosen[0]] = abs(values[chosen[0]])  # at least one card of the pack scores
        net = sum(value * facts.counts[card] for card, value in values.items())
        if net <= 0:
            values[chosen[0]] += 1 - net  # the pack's values add up to more than 0
        return scoring.CardPoints(values)  # no name: its repr shows the values

    spot = st.builds(
        scoring.spot_hearts,
        ace=st.integers(1, 30),
        queen_of_spades=st.integers(1, 50),
        jack_of_diamonds=st.integers(-40, 0),
    )
    named = [module for module in _NAMED_SCORING if scores_up(facts, module)]
    options = [tables(), spot.filter(lambda module: scores_up(facts, module))]
    if named:
        options.insert(0, st.sampled_from(named))
    if scores_up(facts, scoring.HOEMKE_FIRST_TWO_FREE):
        options.append(st.just(scoring.HOEMKE_FIRST_TWO_FREE))  # the one scoring that is no table
    return st.one_of(options)


@cached
def extras_lists() -> st.SearchStrategy[tuple[HouseRule, ...]]:
    each: list[st.SearchStrategy[HouseRule]] = [
        st.builds(extras.NoTricksBonus, points=st.integers(-10, 10)),
        st.builds(extras.Miezen, points=st.integers(-5, 15), first_half_only=st.booleans()),
        st.just(extras.MustDropQueen()),
        st.builds(extras.RevokePenalty, points=st.none() | st.integers(0, 30)),
    ]
    return (
        st.lists(st.sampled_from(range(len(each))), unique=True, max_size=len(each))
        .flatmap(lambda picks: st.tuples(*(each[i] for i in picks)) if picks else st.just(()))
        .map(tuple)
    )


_MOON_CLASSES: Final = (moon.OthersPlus, moon.SelfMinus, moon.ShooterChoice, moon.ResetOrDouble)


@cached
def moons(
    facts: Facts,
    scoring_module: Scoring | None,
    need_scores_up: bool,
    extras_modules: tuple[HouseRule, ...] = (),
) -> st.SearchStrategy[Moon]:
    shooting = st.one_of(
        *(
            st.builds(
                kind,
                amount=st.none() | st.integers(0, 60),
                moon_set=st.sampled_from(moon.MoonSet),
            )
            for kind in _MOON_CLASSES
        )
    )
    options = st.one_of(st.just(moon.NoMoon()), shooting)
    if need_scores_up and scoring_module is not None:
        return options.filter(
            lambda module: moon_keeps_scores_up(facts, scoring_module, module, extras_modules)
        )
    return options


@cached
def endings(
    facts: Facts,
    scoring_module: Scoring | None,
    moon_module: Moon | None,
    extras_modules: tuple[HouseRule, ...] = (),
) -> st.SearchStrategy[Ending]:
    fixed = st.one_of(st.just(ending.SingleHand()), st.builds(ending.FixedDeals, deals=st.integers(1, 3)))
    if scoring_module is None or moon_module is None:
        return fixed
    if (
        not scores_up(facts, scoring_module)
        or not moon_keeps_scores_up(facts, scoring_module, moon_module, extras_modules)
        or not bonuses_keep_scores_up(facts, scoring_module, extras_modules)
    ):
        return fixed
    positive, _ = facts.totals(scoring_module)
    limits = st.integers(1, max(1, min(positive, 60)))
    ties = st.sampled_from(ending.Tie)
    # Counting back to exactly 0 takes long unless most penalty cards are worth 1.
    values = [scoring_module.card_value(card) for card in facts.counts]
    ones = sum(1 for v in values if v == 1)
    finishes = (
        list(ending.Finish) if 2 * ones >= sum(1 for v in values if v > 0) else [ending.Finish.ZERO_OR_BELOW]
    )
    return st.one_of(
        fixed,
        st.builds(ending.ScoreLimit, limit=limits, inclusive=st.booleans(), tie=ties),
        st.builds(ending.Countdown, start=limits, tie=ties),
        st.builds(ending.TwoHalves, switch=limits, finish=st.sampled_from(finishes)),
    )


@cached
def duplicates_modules(facts: Facts) -> st.SearchStrategy[Duplicates]:
    if facts.double:
        return st.sampled_from([duplicates.FirstPlayedWins(), duplicates.CancelPairs()])
    return st.just(duplicates.FirstPlayedWins())
