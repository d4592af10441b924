"""What the heuristic bot reads off the rules alone: card values, the pack, how a trick is won (`rules_facts`).

Built once per rules value and sign of the points (``Rules`` hashes once), not
once per decision; the sampling bot reads `card_values` and `points_sign` too.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from hartenjagen.bots._trick_plays import JokerSuits
from hartenjagen.cards import ALL_CARDS, ANY_CARDS, CARD_COUNT, JOKERS, AnyCard, Card
from hartenjagen.core import table_for
from hartenjagen.frontend.views import PlayerView
from hartenjagen.rules import Rules
from hartenjagen.rules.deck import Deck
from hartenjagen.rules.extras import widening_cards
from hartenjagen.rules.jokers import joker_roles, joker_suits
from hartenjagen.rules.scoring import Scoring

__all__ = ["RulesFacts", "card_values", "pack_cards", "points_sign", "rules_facts"]


@functools.lru_cache(maxsize=64)  # bounded: the rules of a view come from outside
def card_values(scoring: Scoring) -> tuple[int, ...]:
    """``scoring.card_value`` of every card, then ``joker_value`` of every joker: by ``index`` (`cards.ANY_CARDS`)."""
    return tuple(scoring.card_value(card) for card in ALL_CARDS) + tuple(map(scoring.joker_value, JOKERS))


@functools.lru_cache(maxsize=64)  # bounded, as above
def pack_cards(deck: Deck) -> frozenset[Card]:
    """The distinct cards of ``deck``'s pack."""
    return frozenset(deck.pack())


def points_sign(view: PlayerView, seat: int) -> int:
    """+1 when the points a seat takes raise its total (the usual game), −1 when they lower it.

    In a Dutch second half the totals count down, so taking points is good.
    """
    # The answer is the ending's for the totals and the sheet, the same all hand long: kept by the
    # identities of the sheet and the ending (both held, so that neither identity is reused; an
    # ending's own hash is worked out anew at every call) with the totals.
    scores, sheet, ending = view.scores, view.score_sheet, view.rules.ending
    key = (id(sheet), id(ending), seat)
    found = _SIGNS.get(key)
    if found is not None and found[0] is sheet and found[1] is ending and found[2] == scores:
        return found[3]
    probe = tuple(1 if s == seat else 0 for s in range(view.players))
    after = ending.add(scores, probe, sheet)
    sign = -1 if after[seat] < scores[seat] else 1
    if len(_SIGNS) >= 4096:
        _SIGNS.clear()  # many tables, many hands: start again rather than grow
    _SIGNS[key] = (sheet, ending, scores, sign)
    return sign


#: `points_sign`'s answers: (id of the sheet, id of the ending, seat) -> (the sheet, the ending, the totals, the sign).
_SIGNS: dict[tuple[int, int, int], tuple[object, object, tuple[int, ...], int]] = {}


#: The largest card value the heuristic weighs (a scoring may give any whole number).
_VALUE_CAP = 1 << 60


class RulesFacts(NamedTuple):
    """What the heuristic reads off the rules alone, for one sign of the points (see `rules_facts`)."""

    #: each card's value to the seat (signed, clamped), by ``Card.index``
    values: tuple[int, ...]
    #: the pack's copies of each card, by ``Card.index``
    copies: tuple[int, ...]
    #: the positive points of the whole pack (what a moon takes)
    pack_points: int
    hand_size: int
    #: whether the rules let a seat shoot the moon
    moon_rules: bool
    #: each card's positive points (its value, or 0), by card (jokers too)
    points: dict[AnyCard, int]
    #: whether the highest card of the suit led wins, the first of two identical ones (else the
    #: ``trick_winner`` slot is asked: another order of the ranks, cards that cancel, a trump, a
    #: joker with a role of its own that may win, `Deck.joker_role`)
    plain_winner: bool
    #: the cards a house rule allows at any time (`widening_cards`): playing one shows no void
    widened: frozenset[AnyCard]
    #: the suit of each joker whose role gives it one (`joker_suits`)
    jokers: JokerSuits


@functools.lru_cache(maxsize=64)  # bounded: the rules of a view come from outside
def rules_facts(rules: Rules, sign: int) -> RulesFacts:
    """The heuristic's tables that depend only on ``rules`` and the sign of the points, built once per rules value.

    They were rebuilt for every decision, about half of the heuristic's time; ``Rules`` hashes once
    (``cache_hash``), so the look-up is cheap.
    """
    table = table_for(rules)
    # Clamped to what a float holds with room to spare: the heuristic weighs values as floats.
    values = tuple(max(-_VALUE_CAP, min(_VALUE_CAP, sign * v)) for v in card_values(rules.scoring))
    copies = tuple(bits.bit_count() for bits in table.bits_of)
    pack_points = sum(max(values[i], 0) * copies[i] for i in range(CARD_COUNT))
    points = {card: max(values[card.index], 0) for card in ANY_CARDS}
    plain = not table.winner_callback and not table.cancel_pairs and not table.joker_roles
    return RulesFacts(
        values,
        copies,
        pack_points,
        table.hand_size,
        bool(rules.moon.options()),
        points,
        plain,
        widening_cards(rules),
        JokerSuits(joker_suits(joker_roles(rules.deck))),
    )
