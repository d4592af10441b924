"""The Hearts family's game with jokers: Joker Hearts.

Written with public names only, as [`hartenjagen.family`][hartenjagen.family]
is: the game a function returning its [`Rules`][hartenjagen.rules.Rules], its
options keyword arguments. The preset ``joker_hearts`` of
[`variants.FAMILY`][hartenjagen.variants.FAMILY] is the function called with
its defaults; docs/family.md shows this code.

- [`joker_hearts`][hartenjagen.family_jokers.joker_hearts]: jokers added to
  the pack; a joker counts nothing, never wins a trick and may be played at
  any time; led, it lets the next card set the suit.
"""

from __future__ import annotations

from typing import Final

import attrs

from hartenjagen import rules
from hartenjagen.cards import JOKERS, AnyCard, Joker, Suit
from hartenjagen.errors import RulesError
from hartenjagen.frontend import serialize
from hartenjagen.frontend.notation import Language, suit_name
from hartenjagen.rules import HouseRule, Rules
from hartenjagen.rules.jokers import NO_SUIT_NEVER_WINS, ZERO_OF_CLUBS, JokerRank, JokerRole

__all__ = ["JokerPack", "JokersAnyTime", "joker_hearts", "jokers_for"]


_RANK_WORDS: Final = {
    "en": {
        JokerRank.NEVER: "never wins a trick",
        JokerRank.LOWEST: "ranks below every card of it",
        JokerRank.HIGHEST: "ranks above every card of it",
    },
    "nl": {
        JokerRank.NEVER: "wint nooit een slag",
        JokerRank.LOWEST: "is lager dan elke kaart daarvan",
        JokerRank.HIGHEST: "is hoger dan elke kaart daarvan",
    },
}


def role_words(role: JokerRole, language: Language = "en") -> str:
    """``role`` in a sentence: "A joker belongs to clubs and ranks below every card of it." (``nl``: in Dutch)."""
    if role.suit is None:
        if role.rank is JokerRank.HIGHEST:
            return (
                "Een joker hoort bij geen kleur en wint elke slag waarin hij valt."
                if language == "nl"
                else "A joker belongs to no suit and wins any trick it is played to."
            )
        return (
            "Een joker hoort bij geen kleur en wint nooit een slag."
            if language == "nl"
            else "A joker belongs to no suit and never wins a trick."
        )
    suit = suit_name(role.suit, language)
    rank = _RANK_WORDS[language][role.rank]
    if language == "nl":
        return f"Een joker hoort bij {suit} (bekennen en uitkomen) en {rank}."
    return f"A joker belongs to {suit} (for following and leading) and {rank}."


# docs/family.md [start:joker_hearts]
def jokers_for(players: int) -> int:
    """How many jokers (1 to 4) make one 52-card pack deal evenly to ``players`` (3 to 9): four for four."""
    if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 9:
        raise RulesError(f"joker_hearts: is played by 3 to 9 players, not {players!r}")
    return next(count for count in range(1, 5) if (52 + count) % players == 0)


@attrs.frozen(repr=False)
class JokerPack(rules.deck.SinglePack):
    """One 52-card pack and ``count`` jokers (1 to 4), dealt out evenly to ``players``.

    Each joker belongs to ``joker_suit`` (``None``: no suit) and ranks
    ``joker_rank`` (`rules.jokers.JokerRole`): by default no suit, and it
    never wins a trick.
    """

    count: int = 4
    joker_suit: Suit | None = None
    joker_rank: JokerRank = JokerRank.NEVER

    def __attrs_post_init__(self) -> None:
        if isinstance(self.count, bool) or not isinstance(self.count, int) or not 1 <= self.count <= 4:
            raise RulesError(f"JokerPack: count must be a whole number from 1 to 4, not {self.count!r}")
        size = len(self.pack()) + self.count
        if size % self.players:
            raise RulesError(f"JokerPack: {size} cards cannot be dealt evenly to {self.players} players")
        self.joker_role(JOKERS[0])  # a suit and rank that make a role (a RulesError naming them otherwise)

    def jokers(self) -> tuple[Joker, ...]:
        return JOKERS[: self.count]

    def joker_role(self, joker: Joker) -> JokerRole:
        return JokerRole(self.joker_suit, self.joker_rank)

    def rule_words(self, language: str = "en") -> str:
        role = self.joker_role(JOKERS[0])
        if language == "nl":
            return (
                f"Eén spel van 52 kaarten met {self.count} joker(s), gelijk verdeeld over {self.players} spelers."
                + ("" if role == NO_SUIT_NEVER_WINS else f" {role_words(role, 'nl')}")
            )
        if role == NO_SUIT_NEVER_WINS:
            return ""  # the docstring's first paragraph
        return f"One 52-card pack and {self.count} joker(s), dealt out evenly to {self.players} players. {role_words(role)}"


@attrs.frozen
class JokersAnyTime(HouseRule):
    """A joker may be played at any time, even by a seat that can follow suit."""

    def widening(self, rules: Rules) -> tuple[AnyCard, ...]:
        return rules.deck.jokers()

    def rule_words(self, language: str = "en") -> str:
        return "Een joker mag altijd worden gespeeld, ook als je kunt bekennen." if language == "nl" else ""


def joker_hearts(*, players: int = 4, limit: int = 100, zero_of_clubs: bool = False) -> Rules:
    """Joker Hearts: standard Hearts with jokers; a joker counts nothing and never wins a trick.

    Jokers join one pack until it deals evenly (four for four players, 14
    cards each). A joker may be played at any time, even by a seat that can
    follow suit; led, it leaves the suit open and the next card sets it; it
    never wins a trick (a trick of jokers only goes to the next trick's
    winner) and scores nothing. Otherwise standard Hearts: pass three (left,
    right, across, hold; an odd number of players passes left, right,
    hold), the 2♣ leads, hearts 1, the Q♠ 13, the moon, game to ``limit`` (100).

    ``zero_of_clubs=True``: each joker is instead a club ranked below the 2
    (Wikipedia's Cancellation Hearts joker): it follows and leads as a club,
    may be played only as a club may, and wins a trick only when no other
    club is in it (of several jokers, the first played).
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise RulesError(f"joker_hearts: limit must be a whole number of at least 1, not {limit!r}")
    if not isinstance(zero_of_clubs, bool):
        raise RulesError(f"joker_hearts: zero_of_clubs must be True or False, not {zero_of_clubs!r}")
    count = jokers_for(players)
    role = ZERO_OF_CLUBS if zero_of_clubs else NO_SUIT_NEVER_WINS
    return Rules(
        deck=JokerPack(players=players, count=count, joker_suit=role.suit, joker_rank=role.rank),
        passing=rules.passing.LEFT_RIGHT_ACROSS_HOLD if players % 2 == 0 else rules.passing.LEFT_RIGHT_HOLD,
        extras=() if zero_of_clubs else (JokersAnyTime(),),
        ending=rules.ending.ScoreLimit(limit=limit),
    )


# docs/family.md [end:joker_hearts]

# Registered as family.py's modules are: saved under short names, described by the JSON Schema.
serialize.register(JokerPack)
serialize.register(JokersAnyTime)
