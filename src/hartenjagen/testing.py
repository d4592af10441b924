"""A test kit: hypothesis strategies for rules, states, moves and games, and [`check_rules`][hartenjagen.testing.check_rules].

Property-test a house rule of your own the way the library tests its own
rules. Install the extra first (``python -m pip install '.[testing]'`` from a checkout), which
brings [hypothesis](https://hypothesis.readthedocs.io):

```python
import attrs
from hypothesis import given, settings
import hartenjagen as hj
from hartenjagen import testing, variants

mine = attrs.evolve(variants.STANDARD, extras=(MyHouseRule(),))
testing.check_rules(mine)              # the invariants of RULES.md §3, on random games

@settings(max_examples=20, deadline=None)
@given(testing.games(rules=testing.rules(base=mine, scoring=testing.ANY)))
def test_my_rule(state):
    ...
```

The strategies:

- [`cards`][hartenjagen.testing.cards] and [`decks`][hartenjagen.testing.decks]: cards, and every deck module with valid player counts;
- [`modules`][hartenjagen.testing.modules]: the modules of one slot, with random settings, that fit a deck;
- [`rules`][hartenjagen.testing.rules]: any valid composition of rule modules (``base=`` keeps a ruleset's slots);
- [`games`][hartenjagen.testing.games]: states reached by random legal play, in any phase;
- [`moves`][hartenjagen.testing.moves]: legal and illegal moves (and things that are no move at all) for a state;
- [`playouts`][hartenjagen.testing.playouts]: whole games, as the list of ``(state, move)`` steps.

[`check_rules`][hartenjagen.testing.check_rules] plays random games under a ruleset and checks at every
step what must hold whatever the rules are; on a failure it raises
[`RulesCheckFailed`][hartenjagen.testing.RulesCheckFailed] with the shortest counterexample it finds.
"""

from __future__ import annotations

try:
    import hypothesis
    from hypothesis import strategies as st
except ImportError as _error:  # pragma: no cover - exercised by a test that hides hypothesis
    raise ImportError(
        "hartenjagen.testing needs hypothesis, which is not installed: pip install hartenjagen[testing]"
        " (from a checkout: python -m pip install '.[testing]')"
    ) from _error

import copy
import functools
import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Literal, TypeVar

from hartenjagen._chance_check import Grain, TwinMismatch, replay_explicitly
from hartenjagen.cards import ALL_CARDS, QUEEN_OF_SPADES, TWO_OF_CLUBS, Card, Rank, Suit
from hartenjagen.core.state import fields, replace
from hartenjagen.engine import apply, explain, is_legal, legal_moves, new_game, step
from hartenjagen.errors import IllegalMoveCode, IllegalMoveError, RulesError
from hartenjagen.events import (
    CardsExchanged,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    Revoked,
    TrickCancelled,
    TrickWon,
)
from hartenjagen.moves import Announce, MoonChoice, MoonOption, Move, Pass, Play
from hartenjagen.notation import format_move
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
    deck,
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
from hartenjagen.rules.passing import PassDirection
from hartenjagen.serialize import FormatError, dumps, loads
from hartenjagen.state import HandResult, Phase, State
from hartenjagen.table import Table, table_for
from hartenjagen.views import public_view, view

__all__ = [
    "ANY",
    "SLOTS",
    "RulesCheckFailed",
    "cards",
    "check_rules",
    "decks",
    "games",
    "modules",
    "moves",
    "playouts",
    "rules",
]

#: The slots of a [`Rules`][hartenjagen.rules.Rules] value (``extras`` holds a tuple of house rules).
SLOTS: Final[tuple[str, ...]] = (
    "deck",
    "duplicates",
    "passing",
    "opening",
    "first_trick",
    "leading",
    "scoring",
    "extras",
    "moon",
    "ending",
)


class _AnyModule:
    """The type of `ANY`."""

    _instance: _AnyModule | None = None

    def __new__(cls) -> _AnyModule:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "testing.ANY"


#: Give this for a slot of [`rules`][hartenjagen.testing.rules] to draw it with the library's own strategy
#: ([`modules`][hartenjagen.testing.modules]), fitted to the other slots, even when ``base`` has the slot.
ANY: Final = _AnyModule()

#: A slot's strategy as [`rules`][hartenjagen.testing.rules] takes it.
SlotStrategy = st.SearchStrategy[Any] | _AnyModule


def _check_keyword(name: str, value: object, kind: type | tuple[type, ...], what: str) -> None:
    if (isinstance(value, bool) and kind is int) or not isinstance(value, kind):
        raise TypeError(f"{name} must be {what}, not {value!r}")


# ---------------------------------------------------------------- cards and decks


def cards(*, deck: Deck | None = None) -> st.SearchStrategy[Card]:
    """Cards: any of the 52, or (with ``deck``) the cards of that deck's pack.

    Shrinks toward the 2♣ (the lowest card in card order).
    """
    if deck is None:
        return st.sampled_from(ALL_CARDS)
    if not isinstance(deck, Deck):
        raise TypeError(f"deck must be a Deck module, not {deck!r}")
    return st.sampled_from(sorted(set(deck.pack())))


#: The library's named decks.
_NAMED_DECKS: Final[tuple[Deck, ...]] = (
    deck.STD52,
    deck.MINUS_2D_3P,
    deck.MINUS_3C_3P,
    deck.MINUS_2C_3P,
    deck.MINUS_2D_2C_5P,
    deck.MINUS_3C_2D_5P,
    deck.PIQUET32,
    deck.DOUBLE_DECK_6,
)
#: The most players [`decks`][hartenjagen.testing.decks] deals a single pack to.
_MAX_SINGLE_PLAYERS: Final = 8


@st.composite
def _single_packs(draw: st.DrawFn, players: int | None) -> Deck:
    n = draw(st.integers(2, _MAX_SINGLE_PLAYERS)) if players is None else players
    ranks = [rank for rank in Rank if 4 * (15 - rank) >= n]
    lowest = draw(st.sampled_from(ranks))
    size = 4 * (15 - lowest)
    # Remove the fewest cards that make the pack deal evenly, and sometimes a hand's worth more.
    extra = draw(st.integers(0, max(0, min(2, (size - n) // n - 1))))
    count = size % n + extra * n
    pack = [Card(rank, suit) for suit in Suit for rank in Rank if rank >= lowest]
    removed = draw(st.permutations(pack))[:count] if count else []
    return deck.SinglePack(players=n, removed=tuple(removed), lowest_rank=Rank(lowest))


def decks(*, players: int | None = None, double: bool | None = None) -> st.SearchStrategy[Deck]:
    """Deck modules: the named decks, single packs and double decks with every valid player count.

    A single pack ([`SinglePack`][hartenjagen.rules.deck.SinglePack]) goes to 2 to 8
    players, from any lowest rank, with cards removed until it deals evenly; a
    double deck ([`DoubleDeck`][hartenjagen.rules.deck.DoubleDeck]) to 6 to 13.
    ``players`` fixes the number of players; ``double`` asks for double decks
    only (``True``) or single packs only (``False``).
    """
    if players is not None:
        _check_keyword("players", players, int, "a whole number or None")
        if players < 2:
            raise ValueError(f"players must be at least 2, not {players}")
    if double is not None:
        _check_keyword("double", double, bool, "True, False or None")
    options: list[st.SearchStrategy[Deck]] = []
    named = [
        d
        for d in _NAMED_DECKS
        if (players is None or d.players == players)
        and (double is None or isinstance(d, deck.DoubleDeck) == double)
    ]
    if named:
        options.append(st.sampled_from(named))
    if double is not True and (players is None or players <= 52):
        options += [_single_packs(players)] * 2  # drawn more often than the (slower) double decks
    if double is not False and (players is None or 6 <= players <= 13):
        options.append(
            st.builds(deck.DoubleDeck, players=st.integers(6, 13) if players is None else st.just(players))
        )
    if not options:
        raise ValueError(f"no deck deals to {players} players{' with a double deck' if double else ''}")
    return st.one_of(options)


# ---------------------------------------------------------------- one slot's modules


F = TypeVar("F", bound=Callable[..., Any])


def _cached(function: F) -> F:
    """Keep the strategies built for the same arguments: hypothesis then reuses what it learnt of them."""
    cache: dict[tuple[object, ...], object] = {}

    @functools.wraps(function)
    def wrapper(*args: object) -> object:
        try:
            found = cache.get(args)
        except TypeError:  # a module of your own that cannot be hashed
            return function(*args)
        if found is None:
            if len(cache) > 512:
                cache.clear()
            found = cache[args] = function(*args)
        return found

    return wrapper  # type: ignore[return-value]


class _Facts:
    """What the choice of one slot needs to know about the slots drawn before it."""

    def __init__(self, deck_module: Deck) -> None:
        self.deck = deck_module
        self.pack = deck_module.pack()
        self.players = deck_module.players
        self.hand_size = len(self.pack) // self.players
        self.counts = Counter(self.pack)
        self.double = len(self.counts) != len(self.pack)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Facts) and other.deck == self.deck

    def __hash__(self) -> int:
        return hash(self.deck)

    def holds(self, card: Card) -> bool:
        return card in self.counts

    def directions(self) -> list[PassDirection]:
        """The directions that pass to another seat with this many players, and hold."""
        n = self.players
        return [
            d
            for d in PassDirection
            if d is PassDirection.HOLD
            or (
                d is not PassDirection.DEALER
                and d.offset(n) != 0
                and (d is not PassDirection.ACROSS or n % 2 == 0)
            )
        ]

    def totals(self, scoring_module: Scoring) -> tuple[int, int]:
        """(sum of positive values, net sum of values) over the pack, by ``card_value``."""
        values = [scoring_module.card_value(card) * count for card, count in self.counts.items()]
        return sum(v for v in values if v > 0), sum(values)

    def moon_cards(self, scoring_module: Scoring, moon_set: moon.MoonSet) -> int:
        """How many cards of the pack a shooter must capture."""
        positive = moon_set is moon.MoonSet.ALL_POSITIVE
        return sum(
            count
            for card, count in self.counts.items()
            if (scoring_module.card_value(card) > 0 if positive else scoring_module.card_value(card) != 0)
        )


def _scores_up(facts: _Facts, scoring_module: Scoring) -> bool:
    """Whether totals keep growing hand after hand under this scoring (so score limits are reached)."""
    positive, net = facts.totals(scoring_module)
    if isinstance(scoring_module, scoring.HoemkeFirstTwoFree):
        # Every heart may be free: only the Q♠ (13) and the J♦ (−10) are sure to count.
        return facts.holds(QUEEN_OF_SPADES)
    return positive > 0 and net > 0


def _ends_by_scores(ending_module: Ending) -> bool:
    """Whether a game under this ending needs scores to grow to end (every ending but a fixed count)."""
    return not isinstance(ending_module, ending.FixedDeals | ending.SingleHand)


def _bonuses(extras_modules: Sequence[HouseRule]) -> int:
    """The most a seat can lose to house rules in a hand (miezen, a no-tricks bonus), in points."""
    total = 0
    for extra in extras_modules:
        if type(extra) is extras.Miezen:
            total += max(0, extra.points)
        elif type(extra) is extras.NoTricksBonus:
            total += max(0, -extra.points)
    return total


def _bonuses_keep_scores_up(
    facts: _Facts, scoring_module: Scoring, extras_modules: Sequence[HouseRule]
) -> bool:
    """Whether a seat's total still grows on average with the house rules' bonuses taken off."""
    bonuses = _bonuses(extras_modules)
    _, net = facts.totals(scoring_module)
    return not bonuses or bonuses * facts.players < net


def _moon_keeps_scores_up(
    facts: _Facts, scoring_module: Scoring, moon_module: Moon, extras_modules: Sequence[HouseRule] = ()
) -> bool:
    """Whether moons leave the totals growing: the others score, or a moon is rare under random play."""
    if isinstance(moon_module, moon.NoMoon):
        return True
    if (
        isinstance(moon_module, moon.OthersPlus)
        and (moon_module.amount is None or moon_module.amount > 0)
        and (not _bonuses(extras_modules) or facts.moon_cards(scoring_module, moon_module.moon_set) >= 4)
    ):
        return True  # a moon gives the others points (and is not so easy that the bonuses win)
    if not isinstance(
        moon_module, moon.OthersPlus | moon.SelfMinus | moon.ShooterChoice | moon.ResetOrDouble
    ):
        return True  # a module of your own: assume it does
    positive, net = facts.totals(scoring_module)
    return (
        facts.players >= 3
        and facts.hand_size >= 4
        and facts.moon_cards(scoring_module, moon_module.moon_set) >= 4
        and 2 * net >= positive
    )


@_cached
def _passings(facts: _Facts) -> st.SearchStrategy[Passing]:
    directions = facts.directions()
    moving = [d for d in directions if d is not PassDirection.HOLD]
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


def _fits(module: Passing, facts: _Facts) -> bool:
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


@_cached
def _openings(facts: _Facts) -> st.SearchStrategy[Opening]:
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
    return st.sampled_from(options)


@_cached
def _first_tricks() -> st.SearchStrategy[FirstTrick]:
    return st.one_of(
        st.just(first_trick.AnythingOnFirstTrick()),
        st.builds(
            first_trick.NoPointsUnlessForced,
            restricted=st.sampled_from(first_trick.RestrictedCards),
            forced=st.sampled_from(first_trick.ForcedChoice),
        ),
    )


@_cached
def _leadings(facts: _Facts) -> st.SearchStrategy[Leading]:
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


@_cached
def _scorings(facts: _Facts) -> st.SearchStrategy[Scoring]:
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
    named = [module for module in _NAMED_SCORING if _scores_up(facts, module)]
    options = [tables(), spot.filter(lambda module: _scores_up(facts, module))]
    if named:
        options.insert(0, st.sampled_from(named))
    if _scores_up(facts, scoring.HOEMKE_FIRST_TWO_FREE):
        options.append(st.just(scoring.HOEMKE_FIRST_TWO_FREE))  # the one scoring that is no table
    return st.one_of(options)


@_cached
def _extras_lists() -> st.SearchStrategy[tuple[HouseRule, ...]]:
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


@_cached
def _moons(
    facts: _Facts,
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
            lambda module: _moon_keeps_scores_up(facts, scoring_module, module, extras_modules)
        )
    return options


@_cached
def _endings(
    facts: _Facts,
    scoring_module: Scoring | None,
    moon_module: Moon | None,
    extras_modules: tuple[HouseRule, ...] = (),
) -> st.SearchStrategy[Ending]:
    fixed = st.one_of(st.just(ending.SingleHand()), st.builds(ending.FixedDeals, deals=st.integers(1, 3)))
    if scoring_module is None or moon_module is None:
        return fixed
    if (
        not _scores_up(facts, scoring_module)
        or not _moon_keeps_scores_up(facts, scoring_module, moon_module, extras_modules)
        or not _bonuses_keep_scores_up(facts, scoring_module, extras_modules)
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


@_cached
def _duplicates(facts: _Facts) -> st.SearchStrategy[Duplicates]:
    if facts.double:
        return st.sampled_from([duplicates.FirstPlayedWins(), duplicates.CancelPairs()])
    return st.just(duplicates.FirstPlayedWins())


def modules(
    slot: str,
    *,
    deck: Deck | None = None,
    scoring: Scoring | None = None,
    moon: Moon | None = None,
    extras: Sequence[HouseRule] = (),
) -> st.SearchStrategy[Any]:
    """The modules of one slot of the rules, with random settings, that fit ``deck`` (default: 52 cards, 4 players).

    ``slot`` is a name in `SLOTS`; for ``"extras"`` the values are tuples
    of house rules. Every module class of the library is reachable with every
    setting that fits: all pass cycles, counts up to the hand size (at most
    4 with a double deck, whose passes the engine lists one by one), both
    pass-and-return readings and both dealer pools; every opening the pack
    allows; every first-trick, heart-lead and moon option; every named points
    table and random ones. A scoring always makes the pack worth more than 0
    (so games end). ``"ending"`` uses ``scoring``, ``moon`` and ``extras`` to
    keep games short: a score limit is drawn only where the totals keep
    growing (not where moons or the bonuses of house rules could hold them
    down), and limits are small; without ``scoring`` and ``moon`` it draws
    only endings after a fixed number of hands.
    """
    deck_module = _deck_argument(deck)
    facts = _Facts(deck_module)
    if slot == "deck":
        return decks() if deck is None else st.just(deck_module)
    if slot == "duplicates":
        return _duplicates(facts)
    if slot == "passing":
        return _passings(facts)
    if slot == "opening":
        return _openings(facts)
    if slot == "first_trick":
        return _first_tricks()
    if slot == "leading":
        return _leadings(facts)
    if slot == "scoring":
        return _scorings(facts)
    if slot == "extras":
        return _extras_lists()
    if slot == "moon":
        return _moons(facts, scoring, False, tuple(extras))
    if slot == "ending":
        return _endings(facts, scoring, moon, tuple(extras))
    raise ValueError(f"there is no slot {slot!r}: the slots are {', '.join(SLOTS)}")


def _deck_argument(value: object) -> Deck:
    if value is None:
        return deck.STD52
    if not isinstance(value, Deck):
        raise TypeError(f"deck must be a Deck module, not {value!r}")
    return value


# ---------------------------------------------------------------- whole rulesets


def rules(*, base: Rules | None = None, **slots: SlotStrategy) -> st.SearchStrategy[Rules]:
    """Valid [`Rules`][hartenjagen.rules.Rules] values: a random module, with random settings, in every slot.

    Without arguments any composition the library accepts may be drawn, and
    only those: each slot is drawn to fit the slots before it (see
    [`modules`][hartenjagen.testing.modules]), and games under every drawn ruleset end quickly (small
    score limits). ``base`` keeps the slots of a ruleset of your own; a slot
    given as a keyword is drawn from its strategy instead, or with the
    library's own strategy when given as `ANY`:

    ```text
    testing.rules(base=mine)                                # always mine
    testing.rules(base=mine, scoring=testing.ANY)          # mine, with any scoring
    testing.rules(base=mine, moon=st.sampled_from([...]))  # mine, with one of these moons
    ```

    A draw whose slots the library rejects together (``RulesError``) is
    discarded; that happens only with slots from ``base`` or a strategy of yours.
    """
    if base is not None and not isinstance(base, Rules):
        raise TypeError(f"base must be a Rules value or None, not {base!r}")
    for slot, value in slots.items():
        if slot not in SLOTS:
            raise TypeError(f"rules() got an unknown slot {slot!r}: the slots are {', '.join(SLOTS)}")
        if not isinstance(value, st.SearchStrategy | _AnyModule):
            raise TypeError(f"slot {slot!r} takes a hypothesis strategy or testing.ANY, not {value!r}")
    return _rules(base, dict(slots))


@st.composite
def _rules(draw: st.DrawFn, base: Rules | None, slots: dict[str, SlotStrategy]) -> Rules:
    chosen: dict[str, Any] = {}
    yours = False  # whether a slot came from base or from a strategy of the caller's

    def given(slot: str) -> bool:
        """Draw ``slot`` from the caller's strategy or base, if the caller fixed it; else leave it."""
        nonlocal yours
        strategy = slots.get(slot)
        if isinstance(strategy, st.SearchStrategy):
            chosen[slot] = draw(strategy)
            yours = True
            return True
        if strategy is None and base is not None:
            chosen[slot] = getattr(base, slot)
            yours = True
            return True
        return False

    if not given("deck"):
        chosen["deck"] = draw(decks())
    deck_module = chosen["deck"]
    if not isinstance(deck_module, Deck):
        hypothesis.reject()
    facts = _Facts(deck_module)
    for slot, strategy in (
        ("duplicates", lambda: _duplicates(facts)),
        ("passing", lambda: _passings(facts)),
        ("opening", lambda: _openings(facts)),
        ("first_trick", _first_tricks),
        ("leading", lambda: _leadings(facts)),
        ("scoring", lambda: _scorings(facts)),
    ):
        if not given(slot):
            chosen[slot] = draw(strategy())
    scoring_module = chosen["scoring"] if isinstance(chosen["scoring"], Scoring) else None
    ending_fixed = given("ending")
    # An ending of yours that needs growing totals: draw only what keeps them growing.
    need_up = (
        ending_fixed
        and scoring_module is not None
        and isinstance(chosen["ending"], Ending)
        and _ends_by_scores(chosen["ending"])
    )
    if not given("extras"):
        drawn = draw(_extras_lists())
        if (
            need_up
            and scoring_module is not None
            and not _bonuses_keep_scores_up(facts, scoring_module, drawn)
        ):
            drawn = tuple(e for e in drawn if not _bonuses((e,)))
        chosen["extras"] = drawn
    extras_modules = tuple(chosen["extras"]) if isinstance(chosen["extras"], tuple | list) else ()
    if not given("moon"):
        chosen["moon"] = draw(_moons(facts, scoring_module, need_up, extras_modules))
    if not ending_fixed:
        moon_module = chosen["moon"] if isinstance(chosen["moon"], Moon) else None
        chosen["ending"] = draw(_endings(facts, scoring_module, moon_module, extras_modules))
    try:
        return Rules(**chosen)
    except RulesError:
        if yours:
            hypothesis.reject()
        raise


# ---------------------------------------------------------------- games, moves and playouts


def _rules_strategy(value: Rules | st.SearchStrategy[Rules] | None) -> st.SearchStrategy[Rules]:
    if value is None:
        return rules()
    if isinstance(value, Rules):
        return st.just(value)
    if isinstance(value, st.SearchStrategy):
        return value
    raise TypeError(f"rules must be a Rules value, a strategy of them or None, not {value!r}")


def _moves_per_hand(rules_value: Rules) -> int:
    """A generous count of the moves of one hand (passes in two stages, announcements, plays, a moon choice)."""
    n = rules_value.players
    return len(rules_value.deck.pack()) + 3 * n + 1


def _default_max_moves(rules_value: Rules) -> int:
    return 200 * _moves_per_hand(rules_value)


def _random_move(state: State, rng: random.Random) -> Move:
    moves_ = legal_moves(state)
    return moves_[rng.randrange(len(moves_))]


def _checked_max_moves(value: int | None) -> int | None:
    if value is not None:
        _check_keyword("max_moves", value, int, "a whole number or None")
        if value < 0:
            raise ValueError(f"max_moves must be 0 or more, not {value}")
    return value


#: The phases of a seeded game (it never waits for chance).
_SEEDED_PHASES: Final = tuple(phase for phase in Phase if phase is not Phase.CHANCE)


def games(
    *, rules: Rules | st.SearchStrategy[Rules] | None = None, max_moves: int | None = None
) -> st.SearchStrategy[State]:
    """States reached by random legal play from a new game, in any phase (the end of the game included).

    ``rules`` is a ruleset, a strategy of rulesets, or ``None`` for
    [`rules`][hartenjagen.testing.rules]. Drawn are the seed, the first dealer, a number of moves and
    sometimes a phase to go on to after them (so that the rarer phases, such
    as a moon choice or the end of the game, come up as often as the others);
    never more than ``max_moves`` moves (by default about 200 hands' worth).
    The moves themselves are uniformly random legal moves from a seeded
    ``random.Random``: an example shrinks to fewer moves and smaller seeds.
    """
    strategy = _rules_strategy(rules)
    limit = _checked_max_moves(max_moves)

    @st.composite
    def build(draw: st.DrawFn) -> State:
        rules_value = draw(strategy)
        seed = draw(st.integers(0, 2**32 - 1))
        dealer = draw(st.integers(0, rules_value.players - 1))
        cap = _default_max_moves(rules_value) if limit is None else limit
        steps = draw(st.one_of(st.integers(0, 12), st.integers(0, 3 * _moves_per_hand(rules_value))))
        # Then, sometimes, on to the next state in a phase (the rarer ones come up as often as the others).
        target = draw(st.none() | st.sampled_from(_SEEDED_PHASES))
        state = new_game(rules_value, seed=seed, dealer=dealer)
        rng = random.Random(seed)
        for done in range(cap):
            if state.is_over or (done >= steps and (target is None or state.phase is target)):
                break
            state = apply(state, _random_move(state, rng))
        return state

    return build()


def playouts(
    *, rules: Rules | st.SearchStrategy[Rules] | None = None, max_moves: int | None = None
) -> st.SearchStrategy[list[tuple[State, Move]]]:
    """Whole games by random legal play: the list of ``(state, move)`` steps, in order.

    The first state is a new game; ``apply(*steps[-1])`` is the final state
    (the game over, unless the game did not end within ``max_moves`` moves,
    where the list is cut; by default that is about 200 hands).
    ``rules`` is as in [`games`][hartenjagen.testing.games].
    """
    strategy = _rules_strategy(rules)
    limit = _checked_max_moves(max_moves)

    @st.composite
    def build(draw: st.DrawFn) -> list[tuple[State, Move]]:
        rules_value = draw(strategy)
        seed = draw(st.integers(0, 2**32 - 1))
        dealer = draw(st.integers(0, rules_value.players - 1))
        cap = _default_max_moves(rules_value) if limit is None else limit
        state = new_game(rules_value, seed=seed, dealer=dealer)
        rng = random.Random(seed)
        steps: list[tuple[State, Move]] = []
        while not state.is_over and len(steps) < cap:
            move = _random_move(state, rng)
            steps.append((state, move))
            state = apply(state, move)
        return steps

    return build()


#: Things that are not moves, for [`moves`][hartenjagen.testing.moves].
_FOREIGN: Final[tuple[object, ...]] = (
    None,
    0,
    -1,
    True,
    1.5,
    "",
    "play 0 2C",
    "QS",
    b"2C",
    (),
    (0, "2C"),
    [0, "2C"],
    {"seat": 0, "card": "2C"},
    Card("2C"),
    Card("QS"),
    MoonOption.OTHERS_PLUS,
    Phase.PLAYING,
    object(),
    Rules(),
)


def moves(state: State, *, legal: bool | None = None, foreign: bool = True) -> st.SearchStrategy[object]:
    """Moves to try on ``state``: legal ones and illegal ones of every kind.

    The illegal ones: a seat out of turn or not at the table, a card not held,
    a pass of the wrong number of cards or naming a card twice, a move of the
    wrong kind for the phase, any move once the game is over, and (with
    ``foreign``) objects that are no move at all. ``legal=True`` draws only
    legal moves (nothing, once the game is over), ``legal=False`` only illegal
    ones.
    """
    if not isinstance(state, State):
        raise TypeError(f"moves needs a State, not {state!r}")
    listed = legal_moves(state)
    n = state.players
    seats = st.integers(-2, n + 1)
    any_card = st.sampled_from(ALL_CARDS)
    held = [card for hand in state.hands for card in hand]
    options: list[st.SearchStrategy[object]] = []
    if len(listed):
        options.append(st.integers(0, len(listed) - 1).map(lambda i: listed[i]))
    if legal is not True:
        options += [
            st.builds(Play, seats, any_card),
            st.builds(Announce, seats, st.booleans()),
            st.builds(MoonChoice, seats, st.sampled_from(MoonOption)),
            st.builds(Pass, seats, st.lists(any_card, max_size=6)),
        ]
        for seat in state.to_move:
            own = state.hands[seat]
            if own:
                # The seat's own cards, in wrong numbers or twice.
                options.append(
                    st.builds(Pass, st.just(seat), st.lists(st.sampled_from(own), max_size=len(own) + 1))
                )
            options.append(st.builds(Play, st.just(seat), any_card))
        if held:
            options.append(st.builds(Play, seats, st.sampled_from(held)))
        if foreign:
            options.append(st.sampled_from(_FOREIGN))
    if not options:
        return st.nothing()
    drawn = st.one_of(options)
    if legal is True:
        return drawn
    if legal is False:
        return drawn.filter(lambda move: not is_legal(state, move))
    return drawn


# ---------------------------------------------------------------- check_rules


class RulesCheckFailed(AssertionError):
    """[`check_rules`][hartenjagen.testing.check_rules] found a state or a move of a game where an invariant does not hold.

    The message gives the problem, the rules, how the game was started and the
    moves up to the failure, one per line in [`format_move`][hartenjagen.notation.format_move]
    text: replay them with ``apply`` from ``new_game(rules, seed=seed,
    dealer=dealer)`` to reach it. The same facts are attributes: ``rules``,
    ``seed``, ``dealer``, ``moves`` (the moves, as values), ``problem`` (one
    sentence) and ``in_move`` (whether the check failed while the last move
    was applied, rather than on the state after it).
    """

    def __init__(
        self, rules: Rules, seed: int, dealer: int, moves: Sequence[Move], problem: str, in_move: bool
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.dealer = dealer
        self.moves: tuple[Move, ...] = tuple(moves)
        self.problem = problem
        self.in_move = in_move
        super().__init__(self._message())

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (type(self), (self.rules, self.seed, self.dealer, self.moves, self.problem, self.in_move))

    def _message(self) -> str:
        lines = [
            f"check_rules: {self.problem}",
            f"  rules: {self.rules!r}",
            f"  game: new_game(rules, seed={self.seed}, dealer={self.dealer})",
        ]
        count = len(self.moves)
        if not count:
            lines.append("  moves: none (the problem is in the first state)")
        elif self.in_move:
            lines.append(f"  moves: {count}; the problem shows while the last one is applied:")
        else:
            lines.append(f"  moves: {count}; the problem is in the state after the last one:")
        numbered = [f"    {i}. {format_move(move)}" for i, move in enumerate(self.moves, start=1)]
        if count > 120:
            numbered = [*numbered[:40], f"    ... ({count - 80} more moves) ...", *numbered[-40:]]
        lines += numbered
        return "\n".join(lines)


class _Failure(Exception):
    """An invariant that does not hold (inside check_rules only)."""


def _require(condition: object, problem: str) -> None:
    if not condition:
        raise _Failure(problem)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _names(table: Table, mask: int) -> str:
    return " ".join(str(card) for card in table.cards(mask)) or "none"


#: The plays a revoke-penalty house rule lets through (they void the hand instead of raising).
_RULE_CODES: Final = frozenset(
    {
        IllegalMoveCode.MUST_FOLLOW_SUIT,
        IllegalMoveCode.MUST_LEAD_OPENING_CARD,
        IllegalMoveCode.HEARTS_NOT_BROKEN,
        IllegalMoveCode.POINTS_ON_FIRST_TRICK,
        IllegalMoveCode.MUST_DROP_QUEEN,
        IllegalMoveCode.HOUSE_RULE,
    }
)
_BUILT_IN_MOONS: Final = (moon.OthersPlus, moon.SelfMinus, moon.ShooterChoice, moon.ResetOrDouble)
_ADDING_ENDINGS: Final = (ending.ScoreLimit, ending.Countdown, ending.FixedDeals, ending.SingleHand)
Policy = Literal["random", "first", "last"]


class _Snapshot:
    """A state's bytes (pickle), or a deep copy when something in it cannot be pickled."""

    def __init__(self, state: State) -> None:
        self.data: bytes | None
        try:
            self.data = pickle.dumps(state)
            self.copy: State | None = None
        except Exception:
            self.data = None
            self.copy = copy.deepcopy(state)

    def same(self, state: State) -> bool:
        if self.data is not None:
            return pickle.dumps(state) == self.data
        return state == self.copy


def _hide_differently(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with cards hidden from ``seat`` swapped between two other seats (hands and chosen passes)."""
    others = [s for s in range(state.players) if s != seat]
    hands = list(fields(state).hand_masks)
    passed = list(fields(state).passed_masks)
    for _ in range(rng.randint(1, 6)):
        x, y = rng.sample(others, 2)
        held_x = list(_bits(hands[x] | passed[x]))
        held_y = list(_bits(hands[y] | passed[y]))
        if not held_x or not held_y:
            continue
        a, b = 1 << rng.choice(held_x), 1 << rng.choice(held_y)
        for pile in (hands, passed):
            a_here, b_here = pile[x] & a, pile[y] & b
            pile[x] = pile[x] & ~a_here | (b if a_here else 0)
            pile[y] = pile[y] & ~b_here | (a if b_here else 0)
    return replace(state, hand_masks=tuple(hands), passed_masks=tuple(passed))


class _Checker:
    """The invariants of RULES.md §3 that hold under any rules, checked on the games of one ruleset."""

    def __init__(self, rules_value: Rules) -> None:
        self.rules = rules_value
        self.table = table = table_for(rules_value)
        self.n = rules_value.players
        self.pack = Counter(table.card_of[p] for p in table.pack)
        self.hand_size = table.hand_size
        self.revoke = any(e.revoke_penalty(table) is not None for e in rules_value.extras)
        self.values: dict[Card, int] | None = None
        self.thorough = False
        if type(rules_value.scoring) is scoring.CardPoints:
            self.values = {card: rules_value.scoring.card_value(card) for card in self.pack}
        try:
            self.json = loads(dumps(rules_value)) == rules_value
        except FormatError:
            self.json = False  # a module of your own that is not registered: nothing to save
        if not self.json:
            try:
                dumps(rules_value)
            except FormatError:
                pass
            else:
                raise _Failure("the rules do not read back from JSON: loads(dumps(rules)) != rules")

    # ---- one game

    def run(
        self, seed: int, policy: Policy, full_rate: float, cap: int
    ) -> tuple[list[Move], str, bool] | None:
        """Play one game; ``None`` if every check holds, else (moves, problem, whether in the last move)."""
        chooser = random.Random(f"hartenjagen/check/{seed}")
        sampler = random.Random(f"hartenjagen/check/{seed}/sample")
        moves_: list[Move] = []
        self.thorough = full_rate >= 1
        self.new_deal()
        in_move = False
        try:
            state = new_game(self.rules, seed=seed, dealer=seed % self.n)
            while True:
                full = full_rate >= 1 or len(moves_) < 4 or sampler.random() < full_rate
                probe = random.Random(f"hartenjagen/check/{seed}/{len(moves_)}")
                snapshot = _Snapshot(state) if full else None
                listed = self.check_state(state, full, probe)
                if state.is_over or len(moves_) >= cap:
                    if snapshot is not None and not snapshot.same(state):
                        raise _Failure("apply changed the state it was given (by a listed or a refused move)")
                    if state.is_over:
                        break
                    return moves_, f"the game did not end within {cap} moves", False
                move = self.choose(listed, policy, chooser)
                moves_.append(move)
                in_move = True
                after = self.check_move(state, move)
                if snapshot is not None and not snapshot.same(state):
                    raise _Failure(
                        "apply changed the state it was given (by this move, or a listed or refused one)"
                    )
                state = after
                in_move = False
            replayed = new_game(self.rules, seed=seed, dealer=seed % self.n)
            for move in moves_:
                replayed = apply(replayed, move)
            if replayed != state:
                raise _Failure("replaying the same seed and moves gives another final state")
            try:
                grain: Grain = "whole" if seed % 2 else "cards"
                replay_explicitly(self.rules, seed, moves_, dealer=seed % self.n, grain=grain)
            except TwinMismatch as mismatch:
                raise _Failure(f"with explicit chance (given the seed's outcomes): {mismatch}") from None
        except _Failure as failure:
            return moves_, str(failure), in_move
        except Exception as error:
            where = "while the last move was applied or checked" if in_move else "while the state was checked"
            return moves_, f"{type(error).__name__} raised {where}: {error}", in_move
        return None

    @staticmethod
    def choose(listed: Sequence[Move], policy: Policy, chooser: random.Random) -> Move:
        if policy == "first":
            return listed[0]
        if policy == "last":
            return listed[-1]
        return listed[chooser.randrange(len(listed))]

    def new_deal(self) -> None:
        self.captured = [Counter[Card]() for _ in range(self.n)]
        self.carry: list[Card] = []
        self.tricks = 0

    # ---- a state

    def check_state(self, state: State, full: bool, probe: random.Random) -> Sequence[Move]:
        n = self.n
        phase = state.phase
        if state.is_over != (phase is Phase.GAME_OVER):
            raise _Failure("is_over disagrees with the phase")
        self.check_conservation(state)
        listed = legal_moves(state)
        to_move = state.to_move
        if state.is_over:
            if len(listed) or to_move:
                raise _Failure("a finished game still lists moves or seats to move")
            self.check_finished(state)
            # Once per game: every check on the final state.
            self.check_refused(state, listed, probe, True)
            self.check_views(state, listed, probe)
            self.check_json(state)
            return listed
        if state.winners:
            raise _Failure(f"the game is not over, but it has winners {state.winners}")
        if not len(listed):
            raise _Failure(f"no legal move in phase {phase.value}, and the game is not over")
        if not to_move:
            raise _Failure(f"no seat is to move in phase {phase.value}, and the game is not over")
        sizes = [mask.bit_count() for mask in fields(state).hand_masks]
        if phase is Phase.PASSING:
            self.check_passing(state, sizes)
        elif phase is Phase.ANNOUNCING:
            if sizes != [self.hand_size] * n:
                raise _Failure(f"hand sizes {sizes} in the announcements, not {self.hand_size} each")
        elif phase is Phase.MOON_CHOICE:
            if any(sizes):
                raise _Failure("cards left in hand when the shooter chooses")
        else:
            self.check_playing(state, listed, sizes)
        for move in self.sample(listed, probe, everything=phase is not Phase.PASSING):
            if move.seat not in to_move:
                raise _Failure(f"the legal move {format_move(move)} is by a seat not to move {to_move}")
        if full:
            self.check_listed(state, listed, probe)
            self.check_refused(state, listed, probe, full)
            self.check_views(state, listed, probe)
            if self.thorough or probe.random() < 0.25:
                self.check_json(state)
        else:
            self.check_refused(state, listed, probe, full)
        return listed

    def check_conservation(self, state: State) -> None:
        """RULES.md §3.1: every physical card is in exactly one place."""
        table = self.table
        places = [
            *(("a hand", mask) for mask in fields(state).hand_masks),
            *(("the cards chosen to pass", mask) for mask in fields(state).passed_masks),
            ("the trick", sum(1 << p for p in fields(state).trick_cards)),
            *(("a pile of captured cards", mask) for mask in fields(state).taken_masks),
            ("the carry-over pile", fields(state).carry),
        ]
        seen = 0
        for where, mask in places:
            twice = seen & mask
            if twice:
                raise _Failure(f"conservation: {_names(table, twice)} in {where} and somewhere else as well")
            seen |= mask
        if seen != table.pack_mask:
            raise _Failure(
                f"conservation: the cards in play are not the pack (missing: {_names(table, table.pack_mask & ~seen)}, "
                f"not in the pack: {_names(table, seen & ~table.pack_mask)})"
            )
        if len(fields(state).trick_cards) != len(set(fields(state).trick_cards)):
            raise _Failure("a card is twice in the trick")

    def check_passing(self, state: State, sizes: list[int]) -> None:
        """RULES.md §3.2-3: each seat holds a hand's worth, less the cards it has chosen to pass."""
        count = state.pass_count
        givers = self.rules.passing.givers(state.pass_stage, state.pass_direction, self.n, state.dealer)
        pending = state.to_move
        if not set(pending) <= set(givers):
            raise _Failure(f"seats {pending} are to pass, but the givers are {givers}")
        for seat in range(self.n):
            chosen = fields(state).passed_masks[seat].bit_count()
            expected = count if seat in givers and seat not in pending else 0
            if chosen != expected:
                raise _Failure(f"seat {seat} has {chosen} cards chosen to pass, not {expected}")
            if sizes[seat] + chosen != self.hand_size:
                raise _Failure(
                    f"seat {seat} holds {sizes[seat]} + {chosen} chosen cards while passing, not {self.hand_size}"
                )

    def check_playing(self, state: State, listed: Sequence[Move], sizes: list[int]) -> None:
        """RULES.md §3.2, §3.4-3.6: hand sizes, legal plays held, follow suit, the order of play."""
        table = self.table
        n = self.n
        (seat,) = state.to_move
        trick = fields(state).trick_cards
        if seat != (state.trick_leader + len(trick)) % n:
            raise _Failure(f"seat {seat} is to play out of turn")
        played = {(state.trick_leader + i) % n for i in range(len(trick))}
        expected = [self.hand_size - len(state.tricks) - (s in played) for s in range(n)]
        if sizes != expected:
            raise _Failure(f"hand sizes {sizes} during trick {len(state.tricks) + 1}, not {expected}")
        hand = fields(state).hand_masks[seat]
        follow = hand & table.suit_masks[table.suit_of[trick[0]]] if trick else 0
        for move in listed:
            if type(move) is not Play:
                raise _Failure(f"{move!r} is listed while a card is to be played")
            assert isinstance(move, Play)
            if move.seat != seat:
                raise _Failure(f"{format_move(move)} is listed, but seat {seat} is to play")
            if not hand & table.bits_of[move.card.index]:
                raise _Failure(
                    f"{format_move(move)} is listed, but seat {seat} does not hold the {move.card}"
                )
            if follow:
                led = table.card_of[trick[0]].suit
                if move.card.suit is not led:
                    raise _Failure(
                        f"{format_move(move)} is listed, but seat {seat} holds {led.name.lower()}, the suit led"
                    )

    def check_finished(self, state: State) -> None:
        """RULES.md §3.14: a finished game has winners, who share one total, and takes no move."""
        winners = state.winners
        n = self.n
        if not winners:
            raise _Failure("the game is over without winners")
        if not (len(set(winners)) == len(winners) and all(0 <= s < n for s in winners)):
            raise _Failure(f"the winners {winners} are not distinct seats")
        totals = {state.scores[s] for s in winners}
        if len(totals) != 1:
            raise _Failure(f"the winners {winners} have different totals {state.scores}")
        if tuple(winners) != tuple(self.rules.ending.winners(state.scores)):
            raise _Failure(f"the winners {winners} are not those the ending names for totals {state.scores}")
        if not state.score_sheet:
            raise _Failure("the game is over before any hand was scored")

    def sample(self, listed: Sequence[Move], probe: random.Random, *, everything: bool) -> list[Move]:
        size = len(listed)
        if everything or size <= 6:
            return list(listed)
        return [listed[0], listed[size - 1], *(listed[probe.randrange(size)] for _ in range(3))]

    def check_listed(self, state: State, listed: Sequence[Move], probe: random.Random) -> None:
        """Every listed move is legal by explain and is_legal, and apply takes it without changing the state."""
        for move in self.sample(listed, probe, everything=state.phase is not Phase.PASSING):
            reason = explain(state, move)
            if reason is not None:
                raise _Failure(f"{format_move(move)} is listed as legal, but explain says: {reason!r}")
            if not is_legal(state, move):
                raise _Failure(f"{format_move(move)} is listed as legal, but is_legal says no")
            try:
                apply(state, move)
            except IllegalMoveError as error:
                raise _Failure(
                    f"{format_move(move)} is listed as legal, but apply refuses it: {error}"
                ) from None

    def refused_candidates(self, state: State, probe: random.Random, full: bool) -> list[object]:
        """Moves to try that may well be illegal: wrong seat, card not held, wrong counts, wrong phase, not a move."""
        n = self.n
        to_move = state.to_move or (0,)
        seat = to_move[0]
        other = probe.choice([s for s in range(n) if s not in to_move] or [(seat + 1) % n])
        hand = list(self.table.cards(fields(state).hand_masks[seat]))
        card = probe.choice(ALL_CARDS)
        held = probe.choice(hand) if hand else card
        count = state.pass_count
        out: list[object] = [Play(seat, card)]
        if state.phase is Phase.PLAYING:
            out += [Play(seat, c) for c in hand] if full else [Play(seat, held)]
        if not full:
            return out
        out += [
            Play(other, held),
            Play(n, held),
            Play(-1, held),
            Pass(seat, hand[: count + 1]),
            Pass(seat, hand[: max(0, count - 1)]),
            Pass(seat, [held] * max(count, 2)),
            Pass(other, self.table.cards(fields(state).hand_masks[other])[:count]),
            Pass(seat, [card, *hand[: max(0, count - 1)]]),
            Announce(seat, probe.random() < 0.5),
            Announce(other, True),
            MoonChoice(seat, probe.choice(list(MoonOption))),
            MoonChoice(other, MoonOption.OTHERS_PLUS),
            probe.choice(_FOREIGN),
        ]
        return out

    def check_refused(self, state: State, listed: Sequence[Move], probe: random.Random, full: bool) -> None:
        """A move is legal (explain, is_legal) exactly when listed; apply refuses the others with that code."""
        for move in self.refused_candidates(state, probe, full):
            is_listed = move in listed
            reason = explain(state, move)
            if is_listed and reason is None:
                continue
            shown = format_move(move) if isinstance(move, Play | Pass | Announce | MoonChoice) else repr(move)
            if (reason is None) != is_listed:
                raise _Failure(
                    f"{shown}: explain says {'legal' if reason is None else repr(reason)}, "
                    f"but legal_moves {'lists' if is_listed else 'does not list'} it"
                )
            if is_legal(state, move) != is_listed:
                raise _Failure(f"{shown}: is_legal disagrees with legal_moves")
            if reason is None:
                continue
            if not isinstance(reason.code, str) or not reason.code:
                raise _Failure(f"{shown}: the refusal has no code")
            voids = self.revoke and type(move) is Play and reason.code in _RULE_CODES
            try:
                after = apply(state, move)
            except IllegalMoveError as error:
                if voids:
                    problem = (
                        f"{shown} is a revoke, which the revoke penalty should accept, but apply refuses it"
                    )
                    raise _Failure(problem) from None
                if error.code is not reason.code:
                    problem = f"{shown}: apply refuses it with {error.code}, but explain gives {reason.code}"
                    raise _Failure(problem) from None
                continue
            if not voids:
                raise _Failure(f"{shown} is refused by explain ({reason.message}), but apply accepts it")
            assert isinstance(move, Play)
            sheet = after.score_sheet
            if not (len(sheet) == len(state.score_sheet) + 1 and sheet[-1].revoke == move.seat):
                raise _Failure(f"{shown}: the revoke did not void the hand with a line for seat {move.seat}")
            if any(sheet[-1].raw):
                raise _Failure(f"{shown}: a voided hand scores card points {sheet[-1].raw}")

    def check_views(self, state: State, listed: Sequence[Move], probe: random.Random) -> None:
        """Views leak nothing: cards hidden from a seat, and the seed, do not change its view."""
        seat = probe.randrange(self.n)
        seen = view(state, seat)
        if seen.hand != state.hands[seat]:
            raise _Failure(f"the view of seat {seat} shows another hand")
        if seat in state.to_move and state.phase is not Phase.PASSING and seen.legal_moves != tuple(listed):
            raise _Failure(f"the view of seat {seat} lists other legal moves")
        spectator = public_view(state)
        reseeded = replace(state, seed=fields(state).seed + 1)
        if view(reseeded, seat) != seen:
            raise _Failure(f"the view of seat {seat} changes with the seed")
        if self.n >= 3:
            altered = _hide_differently(state, seat, probe)
            if view(altered, seat) != seen:
                raise _Failure(
                    f"the view of seat {seat} changes when cards hidden from it move between other seats"
                )
            if public_view(altered) != spectator:
                raise _Failure("the spectator's view changes with hidden cards")

    def check_json(self, state: State) -> None:
        """JSON round trips: a state, and one seat's view."""
        if not self.json:
            return
        if loads(dumps(state)) != state:
            raise _Failure("the state does not read back from JSON: loads(dumps(state)) != state")
        seen = view(state, state.to_move[0] if state.to_move else 0)
        if loads(dumps(seen)) != seen:
            raise _Failure("a view does not read back from JSON")

    # ---- a move

    def check_move(self, state: State, move: Move) -> State:
        try:
            after, events = step(state, move)
        except IllegalMoveError as error:
            raise _Failure(f"{format_move(move)} is listed as legal, but step refuses it: {error}") from None
        if apply(state, move) != after:
            raise _Failure(f"apply and step disagree on {format_move(move)}")
        dealt = any(type(e) is HandDealt for e in events)
        if type(move) is Play:
            self.check_play(state, move, after, events)
        for event in events:
            if type(event) is CardsExchanged:
                given = Counter(card for cards in event.given for card in cards)
                got = Counter(card for cards in event.received for card in cards)
                if given != got:
                    raise _Failure("the exchange: the cards received are not the cards given")
            elif type(event) is HandScored:
                self.check_scored(state, after, event.result)
            elif type(event) is Revoked:
                raise _Failure(f"{format_move(move)} is legal but counted as a revoke")
            elif type(event) is GameOver:
                self.check_game_over(events, after)
        if after.is_over and not any(type(e) is GameOver for e in events):
            raise _Failure("the game ended without a GameOver event")
        if dealt:
            if after.hearts_broken:
                raise _Failure("hearts are broken at the start of a new hand")
            self.new_deal()
        else:
            if state.hearts_broken and not after.hearts_broken:
                raise _Failure("hearts were broken and are closed again in the same hand")
        return after

    def expected_winner(self, cards: list[Card]) -> int | Literal["?"] | None:
        """The position of the winning card by RULES.md §3.6, or ``"?"`` for a duplicates module of your own."""
        led = cards[0].suit
        module = self.rules.duplicates
        if type(module) is duplicates.FirstPlayedWins:
            best = 0
            for position, card in enumerate(cards):
                if card.suit is led and card.rank > cards[best].rank:
                    best = position
            return best
        if type(module) is duplicates.CancelPairs:
            counts = Counter(c for c in cards if c.suit is led)
            alive = [c for c, k in counts.items() if k == 1]
            return cards.index(max(alive, key=lambda c: c.rank)) if alive else None
        return "?"

    def check_play(self, state: State, move: Play, after: State, events: Sequence[Event]) -> None:
        """RULES.md §3.6: the trick, its winner, who leads next and the captured cards."""
        n = self.n
        if len(state.trick) < n - 1:
            if not (after.phase is Phase.PLAYING and after.trick == (*state.trick, move)):
                raise _Failure(f"after {format_move(move)} the trick is {after.trick}, not the cards played")
            return
        cards = [play.card for play in state.trick] + [move.card]
        leader = state.trick_leader
        won = [e for e in events if type(e) is TrickWon]
        cancelled = [e for e in events if type(e) is TrickCancelled]
        if not won and not cancelled:
            raise _Failure("a trick of n cards was neither won nor cancelled")
        position = self.expected_winner(cards)
        if position == "?":
            position = None if cancelled else (won[0].winner - leader) % n
        last = len(state.tricks) + 1 == self.hand_size
        if position is None:
            if not (cancelled and list(cancelled[0].cards) == cards):
                raise _Failure("a cancelled trick is not reported as one")
            taker = leader if last else None
        else:
            winner = (leader + position) % n
            if cards[position].suit is not cards[0].suit:
                raise _Failure(f"the trick {' '.join(map(str, cards))} went to a card not of the suit led")
            if not (
                won and won[0].winner == winner and list(won[0].cards) == cards and won[0].leader == leader
            ):
                raise _Failure(
                    f"the trick {' '.join(map(str, cards))} led by seat {leader} should go to seat {winner}, "
                    f"not {won[0].winner if won else None}"
                )
            taker = winner
        self.tricks += 1
        if taker is None:
            self.carry += cards
        else:
            self.captured[taker].update(cards)
            self.captured[taker].update(self.carry)
            self.carry = []
        if not last:
            if not (
                after.phase is Phase.PLAYING
                and after.trick == ()
                and len(after.tricks) == len(state.tricks) + 1
            ):
                raise _Failure("after a trick the next one does not start")
            if after.trick_leader != (leader if taker is None else taker):
                raise _Failure(f"seat {after.trick_leader} leads next, not the trick's winner")
        if after.hand_index == state.hand_index and fields(after).deal_count == fields(state).deal_count:
            if [Counter(t) for t in after.taken] != self.captured:
                raise _Failure("the captured cards are not those of the tricks won")
            if Counter(after.carry_over) != Counter(self.carry):
                raise _Failure("the carry-over pile is not the cancelled tricks")

    def check_scored(self, state: State, after: State, result: HandResult) -> None:
        """RULES.md §3.11-3.12 and the score sheet: one line per hand, totals that add up."""
        n = self.n
        sheet = after.score_sheet
        if not (
            len(sheet) == len(state.score_sheet) + 1
            and sheet[:-1] == state.score_sheet
            and sheet[-1] == result
        ):
            raise _Failure("the score sheet did not grow by the hand's line")
        if result.revoke is not None:
            raise _Failure("a hand played out is marked as voided")
        if not (result.hand_index == state.hand_index and result.dealer == state.dealer):
            raise _Failure("the hand's line names another hand or dealer")
        if result.totals != tuple(a + b for a, b in zip(state.scores, result.points, strict=True)):
            raise _Failure(
                f"the totals {result.totals} are not the old totals {state.scores} plus the points {result.points}"
            )
        if after.scores != result.totals:
            raise _Failure("the scores are not the totals of the last line")
        if self.tricks != self.hand_size:
            raise _Failure(f"the hand had {self.tricks} tricks, not {self.hand_size}")
        if self.carry:
            raise _Failure("the carry-over pile was not taken by the end of the hand")
        if sum(self.captured, Counter[Card]()) != self.pack:
            raise _Failure("the captured cards are not the pack")
        values = self.values
        if values is not None:
            raw = tuple(sum(values[c] * k for c, k in self.captured[s].items()) for s in range(n))
            if result.raw != raw:
                raise _Failure(f"the card points are {result.raw}, not {raw} for the cards captured")
        module = self.rules.moon
        if type(module) in _BUILT_IN_MOONS and self.rules.ending.moon_applies(state.score_sheet):
            assert isinstance(
                module, moon.OthersPlus | moon.SelfMinus | moon.ShooterChoice | moon.ResetOrDouble
            )
            needed = Counter(
                {card: count for card, count in self.pack.items() if self.in_moon_set(card, module.moon_set)}
            )
            shooters = [s for s in range(n) if needed and not needed - self.captured[s]]
            expected = shooters[0] if shooters else None
            if result.shooter != expected:
                raise _Failure(f"the shooter is {result.shooter}, not {expected}")
        if type(module) is moon.NoMoon and result.shooter is not None:
            raise _Failure("a shooter without a moon rule")

    def in_moon_set(self, card: Card, moon_set: moon.MoonSet) -> bool:
        value = self.rules.scoring.card_value(card)
        return value > 0 if moon_set is moon.MoonSet.ALL_POSITIVE else value != 0

    def check_game_over(self, events: Sequence[Event], after: State) -> None:
        """RULES.md §3.14: the game ends only between hands, and no hand follows the end."""
        kinds = [type(e) for e in events]
        end = kinds.index(GameOver)
        if HandScored not in kinds[:end] and Revoked not in kinds[:end]:
            raise _Failure("the game ended in the middle of a hand")
        if HandDealt in kinds[end:]:
            raise _Failure("a hand was dealt after the game ended")
        if not after.is_over:
            raise _Failure("a GameOver event, but the game is not over")


def _shrink(
    checker: _Checker, first_seed: int, seed: int, found: tuple[list[Move], str, bool], cap: int
) -> tuple[int, tuple[list[Move], str, bool]]:
    """A shorter counterexample, if one is found: other move choices, and the seeds from the first one.

    Each try plays one game with every check on every state, stopped at the
    length of the best counterexample so far; the tries stop after about
    3,000 moves in all.
    """
    best_seed, best = seed, found
    if best[1].startswith("the game did not end"):
        return best_seed, best
    budget = 3000
    for candidate in (seed, *range(first_seed, min(seed, first_seed + 8))):
        for policy in ("first", "last", "random"):
            if budget < len(best[0]) or len(best[0]) <= 1:
                return best_seed, best
            budget -= len(best[0]) + 1
            outcome = checker.run(candidate, policy, 1.0, min(cap, len(best[0])))
            if outcome is None or outcome[1].startswith("the game did not end"):
                continue
            if (len(outcome[0]), candidate) < (len(best[0]), best_seed):
                best_seed, best = candidate, outcome
    return best_seed, best


def check_rules(rules: Rules, *, games: int = 20, seed: int = 0, max_moves: int | None = None) -> None:
    """Play ``games`` random games under ``rules`` and check, step by step, what must hold under any rules.

    ``rules`` may be a preset or a composition of your own, with rule modules
    of your own. Game ``i`` is dealt from seed ``seed + i``; moves are
    uniformly random legal moves. Checked (RULES.md §3, the parts that do not
    depend on which modules are used):

    - conservation: every card of the pack is in exactly one place;
    - hand sizes: a hand's worth after the deal and the exchange, one card fewer per trick;
    - the exchange: the cards received are the cards given;
    - a legal move exists until the game ends, and then none; every legal play is
      a card in the hand of the seat to move, of the suit led if it holds that suit;
    - every listed move (a sample of the passes) passes ``explain`` and ``is_legal`` and
      is taken by ``apply``; moves not listed (a wrong seat, a card not held, wrong
      counts, the wrong phase, objects that are no move) are refused by ``explain``,
      ``is_legal`` and ``apply`` alike, with the same [`IllegalMoveCode`][hartenjagen.errors.IllegalMoveCode]
      (under a revoke penalty, a play refused by a rule voids the hand instead);
    - ``apply`` and ``step`` agree and never change the state given (compared as pickles);
    - tricks: one card per seat in turn from the leader, won by the highest card of the
      suit led (under the library's duplicates modules), the winner leads next and
      captures the cards; a hand has as many tricks as cards in a hand;
    - hearts, once broken, stay broken until the next deal;
    - the score sheet: one line per hand, totals that add up, card points that match
      the cards captured (for a ``CardPoints`` table), the moon shooter (for the
      library's moon modules);
    - the game ends only between hands, has winners, who share one total, and then
      takes no move;
    - views leak nothing: a seat's view does not change when cards hidden from it
      move between other seats, nor with the seed;
    - states, views and the rules read back from JSON (when every module of the
      rules can be saved: register modules of your own with
      [`hartenjagen.serialize.register`][hartenjagen.serialize.register]);
    - every game ends within ``max_moves`` moves (default: about 200 hands), and
      replaying its seed and moves gives the same final state;
    - explicit chance: the same moves in ``new_game(rules, chance="explicit")``,
      each chance node answered with the outcome the seed drew (deals card by
      card in even games, whole in odd ones), give the same states (but for the
      seed) and the same events; at every chance node ``chance_outcomes`` lists
      the drawn outcome with probabilities that add up to 1, and moves and
      outcomes of another kind are refused.

    The costlier checks run on a sample of the states. On the first failure it
    looks for a shorter counterexample (other move choices, other seeds from
    ``seed`` on) and raises [`RulesCheckFailed`][hartenjagen.testing.RulesCheckFailed] with the rules, the seed
    and the moves up to the failure. An example, with a house rule that forgets
    to keep the legal plays in the hand:

    ```pycon
    >>> import attrs
    >>> from hartenjagen import rules, testing, variants
    >>> @attrs.frozen
    ... class AlwaysTheQueen(rules.HouseRule):
    ...     def restrict_play(self, candidates, hand, state, table):
    ...         return table.queen_mask  # wrong: the Q♠ even when it is not in the hand
    >>> testing.check_rules(variants.STANDARD, games=2)  # the standard game passes
    >>> testing.check_rules(attrs.evolve(variants.STANDARD, extras=(AlwaysTheQueen(),)), games=2)
    Traceback (most recent call last):
    ...
    hartenjagen.testing.RulesCheckFailed: check_rules: ... does not hold the QS
    ...

    ```
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"check_rules needs a Rules value, not {rules!r}")
    _check_keyword("games", games, int, "a whole number")
    _check_keyword("seed", seed, int, "a whole number")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    cap = _default_max_moves(rules) if max_moves is None else _checked_max_moves(max_moves)
    assert cap is not None
    try:
        checker = _Checker(rules)
    except _Failure as failure:
        raise RulesCheckFailed(rules, seed, seed % rules.players, (), str(failure), False) from None
    for game_seed in range(seed, seed + games):
        found = checker.run(game_seed, "random", 0.15, cap)
        if found is not None:
            best_seed, (moves_, problem, in_move) = _shrink(checker, seed, game_seed, found, cap)
            raise RulesCheckFailed(rules, best_seed, best_seed % rules.players, moves_, problem, in_move)
