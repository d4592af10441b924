"""What a joker counts as in a trick: the suit it follows and leads as, and where it ranks (`Deck.joker_role`).

A deck that deals jokers (`Deck.jokers`) declares each one's
[`JokerRole`][hartenjagen.rules.jokers.JokerRole]; the core reads it in the
legality chain (following suit, the leading rules that read a suit) and in
the built-in trick winner, and `check_rules`, the views and the bots read the
same declaration. The default role is the joker of pagat's Joker Hearts: no
suit (led, it leaves the suit open and the next card that is not a joker sets
it) and it never wins a trick.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.cards import AnyCard, Card, Joker, Suit, led_suit
from hartenjagen.errors import RulesError

if TYPE_CHECKING:
    from hartenjagen.rules.deck import Deck
    from hartenjagen.rules.duplicates import Duplicates


class JokerRank(enum.Enum):
    """Where a joker ranks when a trick is won (`JokerRole.rank`)."""

    #: it never wins a trick (pagat's Joker Hearts)
    NEVER = "never"
    #: below every card of its suit: it wins only a trick of its suit where no other card of that suit can
    #: (Wikipedia's Cancellation Hearts: the joker is a "zero of clubs")
    LOWEST = "lowest"
    #: above every card of its suit; a joker of no suit above every card: it wins any trick it is played to
    HIGHEST = "highest"

    def __repr__(self) -> str:
        return f"JokerRank.{self.name}"


@attrs.frozen
class JokerRole:
    """What one joker counts as: the suit it belongs to (``None``: none) and its ``rank`` when a trick is won.

    A joker of a suit is a card of that suit for following and leading: led,
    it sets that suit; a seat that holds it and is led that suit must follow
    (with it or another card of the suit); a rule about leading a suit (hearts
    not yet broken) counts it. A joker of no suit follows nothing: led, it
    leaves the suit to the next card that is not a joker. Of two jokers that
    rank alike, the one played first wins. A joker of no suit ranked
    ``LOWEST`` would never meet a card it beats: it is refused.
    """

    suit: Suit | None = None
    rank: JokerRank = JokerRank.NEVER

    def __attrs_post_init__(self) -> None:
        if self.suit is not None and not isinstance(self.suit, Suit):
            raise RulesError(f"JokerRole: suit must be a Suit or None, not {self.suit!r}")
        if not isinstance(self.rank, JokerRank):
            raise RulesError(f"JokerRole: rank must be a JokerRank, not {self.rank!r}")
        if self.suit is None and self.rank is JokerRank.LOWEST:
            raise RulesError(
                "JokerRole: a joker of no suit cannot rank LOWEST (below every card of its suit)"
            )


#: The built-in joker: no suit, never wins a trick (pagat's Joker Hearts).
NO_SUIT_NEVER_WINS: Final = JokerRole()
#: The joker of Wikipedia's Cancellation Hearts: a "zero of clubs", a club ranked below the 2.
ZERO_OF_CLUBS: Final = JokerRole(Suit.CLUBS, JokerRank.LOWEST)


def joker_roles(deck: Deck) -> dict[Joker, JokerRole]:
    """The roles of ``deck``'s jokers that differ from the built-in one (a `RulesError` if one is not a `JokerRole`)."""
    roles: dict[Joker, JokerRole] = {}
    for joker in deck.jokers():
        role = deck.joker_role(joker)
        if type(role) is not JokerRole:
            raise RulesError(f"deck {deck!r}: joker_role({joker}) must return a JokerRole, not {role!r}")
        if role != NO_SUIT_NEVER_WINS:
            roles[joker] = role
    return roles


def joker_suits(roles: Mapping[Joker, JokerRole]) -> dict[Joker, Suit]:
    """The suit of each joker of ``roles`` that belongs to one (what `cards.led_suit` takes)."""
    return {joker: role.suit for joker, role in roles.items() if role.suit is not None}


def suit_led(cards: Iterable[AnyCard], deck: Deck) -> Suit | None:
    """The suit to follow in a trick of ``cards`` (play order) under ``deck``'s jokers: `cards.led_suit` with their roles.

    The first card's suit; a joker's where its role gives it one (a zero
    of clubs led leads clubs). A joker of no suit led leaves the suit to the
    next card; ``None`` while every card is one.
    """
    return led_suit(cards, joker_suits(joker_roles(deck)))


def suit_in_play(card: AnyCard, suits: Mapping[Joker, Suit]) -> Suit | None:
    """The suit ``card`` follows and leads as: its own, a joker's in ``suits``, or ``None`` (a joker of no suit)."""
    if isinstance(card, Card):
        return card.suit
    return suits.get(card)


def winner_with_roles(
    duplicates: Duplicates, played: Sequence[AnyCard], roles: Mapping[Joker, JokerRole]
) -> int | None:
    """The position in ``played`` (play order) of the winning card when some jokers have a role (``None``: none wins).

    A joker of no suit ranked ``HIGHEST`` wins (the first played, if two).
    Else the suit led is the first card's that has one (a joker's role
    counts); a joker of that suit ranked ``HIGHEST`` wins; else the
    ``duplicates`` module is asked about the rank × suit cards of that suit
    (the highest wins; of identical ones, as it says); if none wins, a joker
    of that suit ranked ``LOWEST`` does. A trick with no suit led (jokers of
    no suit only) is won by no card.
    """
    suits = joker_suits(roles)
    for position, card in enumerate(played):
        role = roles.get(card) if isinstance(card, Joker) else None
        if role is not None and role.suit is None and role.rank is JokerRank.HIGHEST:
            return position
    led = next((s for s in (suit_in_play(card, suits) for card in played) if s is not None), None)
    if led is None:
        return None
    ranked = _jokers_of(played, roles, led)
    if JokerRank.HIGHEST in ranked:
        return ranked[JokerRank.HIGHEST]
    positions: list[int] = []
    following: list[Card] = []
    for i, card in enumerate(played):
        if isinstance(card, Card) and card.suit is led:
            positions.append(i)
            following.append(card)
    if positions:
        answer = duplicates.winner(tuple(following))
        if answer is not None:
            if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < len(positions):
                raise RulesError(
                    f"rule module {duplicates!r}: winner must return a position from 0 to"
                    f" {len(positions) - 1} or None, not {answer!r}"
                )
            return positions[answer]
    return ranked.get(JokerRank.LOWEST)


def _jokers_of(
    played: Iterable[AnyCard], roles: Mapping[Joker, JokerRole], suit: Suit
) -> dict[JokerRank, int]:
    """By rank, the position of the first joker of ``suit`` played with that rank."""
    found: dict[JokerRank, int] = {}
    for position, card in enumerate(played):
        role = roles.get(card) if isinstance(card, Joker) else None
        if role is not None and role.suit is suit:
            found.setdefault(role.rank, position)
    return found
