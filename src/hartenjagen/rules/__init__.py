"""Rules: a frozen record of rule modules, one per slot.

A variant is a value, not a subclass:

```python
import attrs
from hartenjagen import rules, variants

mine = attrs.evolve(variants.STANDARD, scoring=rules.scoring.OMNIBUS,
                    leading=rules.leading.QUEEN_BREAKS)
```

Each submodule holds one slot's modules: [`deck`][hartenjagen.rules.deck],
[`passing`][hartenjagen.rules.passing], [`opening`][hartenjagen.rules.opening],
[`first_trick`][hartenjagen.rules.first_trick], [`leading`][hartenjagen.rules.leading],
[`scoring`][hartenjagen.rules.scoring], [`moon`][hartenjagen.rules.moon],
[`ending`][hartenjagen.rules.ending], [`duplicates`][hartenjagen.rules.duplicates],
[`trick_winner`][hartenjagen.rules.trick_winner] and [`extras`][hartenjagen.rules.extras];
[`undealt`][hartenjagen.rules.undealt] holds the decks that leave cards undealt.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from hartenjagen._repr import module_repr
from hartenjagen.cards import AnyCard, Card, Joker
from hartenjagen.errors import RulesError
from hartenjagen.rules import (
    deck,
    duplicates,
    ending,
    extras,
    first_trick,
    jokers,
    leading,
    moon,
    opening,
    passing,
    routes,
    scoring,
    sides,
    teams,
    trick_winner,
    undealt,
)
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.context import (
    AnnounceContext,
    MoonContext,
    OpeningContext,
    PassContext,
    PlayContext,
    TrickContext,
)
from hartenjagen.rules.deck import Deck
from hartenjagen.rules.duplicates import Duplicates
from hartenjagen.rules.ending import Ending
from hartenjagen.rules.extras import HandSummary, HouseRule, announcing, old_announces, warn_old_announces
from hartenjagen.rules.first_trick import FirstTrick
from hartenjagen.rules.jokers import joker_roles
from hartenjagen.rules.leading import Leading
from hartenjagen.rules.moon import Moon
from hartenjagen.rules.opening import Opening
from hartenjagen.rules.passing import Passing, PassStage
from hartenjagen.rules.routes import PassRoute, Travel
from hartenjagen.rules.scoring import Scoring
from hartenjagen.rules.trick_winner import TrickWinner

__all__ = [
    "AnnounceContext",
    "Deck",
    "Duplicates",
    "Ending",
    "FirstTrick",
    "HandSummary",
    "HouseRule",
    "Leading",
    "Moon",
    "MoonContext",
    "Opening",
    "OpeningContext",
    "PassContext",
    "PassRoute",
    "PassStage",
    "Passing",
    "PlayContext",
    "RuleModule",
    "Rules",
    "Scoring",
    "Travel",
    "TrickContext",
    "TrickWinner",
    "deck",
    "duplicates",
    "ending",
    "extras",
    "first_trick",
    "jokers",
    "leading",
    "moon",
    "opening",
    "passing",
    "routes",
    "scoring",
    "sides",
    "teams",
    "trick_winner",
    "undealt",
]

_SLOTS: dict[str, type] = {
    "deck": Deck,
    "passing": Passing,
    "opening": Opening,
    "first_trick": FirstTrick,
    "leading": Leading,
    "scoring": Scoring,
    "moon": Moon,
    "ending": Ending,
    "duplicates": Duplicates,
    "trick_winner": TrickWinner,
}


def _extras(value: Iterable[HouseRule]) -> tuple[HouseRule, ...]:
    try:
        items = tuple(value)
    except TypeError as error:
        raise RulesError(f"extras must be a list of HouseRule modules, not {value!r}") from error
    for item in items:
        if not isinstance(item, HouseRule):
            raise RulesError(f"extras takes HouseRule modules, not {item!r}")
    return items


def _check_declarations(extra: HouseRule) -> None:
    code, text = extra.play_code, extra.refusal_text
    if not isinstance(code, str) or not code or not code.replace("_", "").isalnum() or code != code.lower():
        raise RulesError(
            f"extras: {extra!r} must declare play_code as a short lower-case word such as 'no_queen_lead', not {code!r}"
        )
    if not isinstance(text, str):
        raise RulesError(f"extras: {extra!r} must declare refusal_text as a sentence (a str), not {text!r}")


def _check_widening(extra: HouseRule, rules: Rules) -> None:
    """``extra.widening`` must declare cards (or jokers) of the pack (a `RulesError` naming the rule otherwise)."""
    declared = extra.widening(rules)
    try:
        cards = tuple(declared)
    except TypeError:
        raise RulesError(f"extras: {extra!r}: widening must return cards, not {declared!r}") from None
    pack: set[AnyCard] = {*rules.deck.pack(), *rules.deck.jokers()}
    for card in cards:
        if type(card) is not Card and type(card) is not Joker:
            raise RulesError(f"extras: {extra!r}: widening must return cards, not {card!r}")
        if card not in pack:
            raise RulesError(
                f"extras: {extra!r} declares it may allow the {card.symbol}, which is not in the pack"
            )


def _check_stock(deck: Deck, players: int, size: int, widow: object) -> bool:
    """Whether ``deck`` has a stock (after checking it): every seat draws once a trick, the stock divides evenly."""
    orders = [deck.draw_order(winner) for winner in range(players)]
    if not any(orders):
        return False
    if widow is not None:
        raise RulesError(f"deck {deck!r}: undealt cards are a widow or a stock, not both")
    if deck.draws_to_follow() is True:
        raise RulesError(f"deck {deck!r}: a stock is drawn after each trick or to follow suit, not both")
    for winner, order in enumerate(orders):
        if not isinstance(order, tuple) or sorted(order) != list(range(players)) or order[0] != winner:
            raise RulesError(
                f"deck {deck!r}: draw_order({winner}) must name every seat once, the winner {winner} first,"
                f" not {order!r}"
            )
    hand = deck.hand_size()
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1 or hand * players >= size:
        raise RulesError(
            f"deck {deck!r}: hand_size() must be a whole number of at least 1 that leaves a stock from {size},"
            f" not {hand!r}"
        )
    if size % players:
        raise RulesError(f"deck {deck!r}: a pack of {size} cannot be drawn out evenly by {players} players")
    return True


def _check_follow_draws(deck: Deck, players: int, size: int, widow: object) -> bool:
    """Whether ``deck`` draws to follow (after checking it): ``hand_size()`` cards each leave a stock, no widow."""
    follows = deck.draws_to_follow()
    if not isinstance(follows, bool):
        raise RulesError(f"deck {deck!r}: draws_to_follow() must be True or False, not {follows!r}")
    if not follows:
        return False
    if widow is not None:
        raise RulesError(f"deck {deck!r}: undealt cards are a widow or a stock, not both")
    hand = deck.hand_size()
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1 or hand * players >= size:
        raise RulesError(
            f"deck {deck!r}: hand_size() must be a whole number of at least 1 that leaves a stock from {size},"
            f" not {hand!r}"
        )
    if not isinstance(deck.stock_to_last(), bool):
        raise RulesError(
            f"deck {deck!r}: stock_to_last() must be True or False, not {deck.stock_to_last()!r}"
        )
    return True


def _checked_jokers(deck: Deck) -> tuple[Joker, ...]:
    """The deck's jokers (`Deck.jokers`): `Joker` values, each once, with one pack or two (else a `RulesError`)."""
    declared = deck.jokers()
    try:
        jokers = tuple(declared)
    except TypeError:
        raise RulesError(f"deck {deck!r}: jokers() must return jokers, not {declared!r}") from None
    for joker in jokers:
        if type(joker) is not Joker:
            raise RulesError(f"deck {deck!r}: jokers() must return Joker values, not {joker!r}")
    if len(set(jokers)) != len(jokers):
        raise RulesError(f"deck {deck!r}: jokers() names a joker twice: {' '.join(map(str, jokers))}")
    joker_roles(deck)  # each a JokerRole (a RulesError naming the deck otherwise)
    return jokers


def _check_deal(deck: Deck) -> None:
    """Refuse a deck whose pack does not deal out evenly: a hand ends when every seat's cards are played.

    The built-in decks check this themselves; a deck of one's own is checked here, so that a
    pack of 52 for three seats is refused when the rules are built, not at the end of a hand.
    """
    players = deck.players
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise RulesError(f"deck {deck!r}: players must be a whole number of at least 2, not {players!r}")
    size = len(deck.pack()) + len(_checked_jokers(deck))
    widow = deck.widow_trick()
    if _check_stock(deck, players, size, widow):
        return
    if _check_follow_draws(deck, players, size, widow):
        return
    if widow is not None:
        # A widow: each seat is dealt hand_size() cards, and at least one card is left over.
        hand = deck.hand_size()
        if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1 or hand * players >= size:
            raise RulesError(
                f"deck {deck!r}: hand_size() must be a whole number of at least 1 that leaves cards"
                f" undealt from {size}, not {hand!r}"
            )
        if isinstance(widow, bool) or not isinstance(widow, int) or not 0 <= widow < hand:
            raise RulesError(
                f"deck {deck!r}: widow_trick() must be a trick from 0 to {hand - 1}, not {widow!r}"
            )
        return
    if size == 0 or size % players:
        raise RulesError(
            f"deck {deck!r}: {size} cards cannot be dealt evenly to {players} players"
            f" ({size // players} each leaves {size % players} over)"
            if size
            else f"deck {deck!r}: an empty pack cannot be dealt to {players} players"
        )


@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class Rules:
    """A complete ruleset: one module per slot, plus house rules in ``extras``.

    The defaults are the standard game (sources §2).
    Building a ``Rules`` value checks every slot's type and asks each module
    whether it can work with the others; a conflict raises [`RulesError`][hartenjagen.errors.RulesError]
    naming both modules.
    """

    deck: Deck = deck.STD52
    passing: Passing = passing.LEFT_RIGHT_ACROSS_HOLD
    opening: Opening = opening.LOWEST_CLUB
    first_trick: FirstTrick = first_trick.NO_POINTS_UNLESS_FORCED
    leading: Leading = leading.AFTER_BROKEN
    scoring: Scoring = scoring.BLACK_LADY
    moon: Moon = moon.OTHERS_PLUS
    ending: Ending = ending.TO_100
    duplicates: Duplicates = duplicates.FIRST_PLAYED_WINS
    #: who wins a trick (saved games from before this slot load with the default)
    trick_winner: TrickWinner = attrs.field(
        default=trick_winner.HIGHEST_OF_LED, metadata={"optional_key": True}
    )
    extras: tuple[HouseRule, ...] = attrs.field(default=(), converter=_extras)

    __repr__ = module_repr

    def __attrs_post_init__(self) -> None:
        for slot, kind in _SLOTS.items():
            module = getattr(self, slot)
            if not isinstance(module, kind):
                raise RulesError(f"slot {slot!r} takes a {kind.__name__} module, not {module!r}")
        _check_deal(self.deck)
        for slot in _SLOTS:
            module = getattr(self, slot)
            text = getattr(module, "refusal_text", "")
            if not isinstance(text, str):
                raise RulesError(
                    f"{slot}: {module!r} must declare refusal_text as a sentence (a str), not {text!r}"
                )
            module.check(self)
        for card in set(self.deck.pack()):
            value = self.scoring.card_value(card)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(
                    f"scoring {self.scoring!r}: card_value must give whole numbers, not {value!r} for {card}"
                )
        for extra in self.extras:
            _check_declarations(extra)
            _check_widening(extra, self)
            extra.check(self)
        declaring = sides.declaring(self.extras)
        if len(declaring) > 1:
            raise RulesError(f"extras {declaring[0]!r} and {declaring[1]!r} both declare teams; keep one")
        for extra in declaring:
            sides.check_teams(repr(extra), extra.partnerships(), self.players)
        for hook in ("announces", "revoke_penalty"):
            if hook == "announces":
                users = [e for e in self.extras if announcing(e)]
            else:
                users = [e for e in self.extras if getattr(type(e), hook) is not getattr(HouseRule, hook)]
            if len(users) > 1:
                raise RulesError(f"extras {users[0]!r} and {users[1]!r} both use the {hook} hook; keep one")
        for extra in self.extras:
            if old_announces(extra):
                warn_old_announces(extra)

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.deck.players

    def modules(self) -> dict[str, object]:
        """Each slot's module by slot name (``extras`` as a tuple)."""
        return {**{slot: getattr(self, slot) for slot in _SLOTS}, "extras": self.extras}
