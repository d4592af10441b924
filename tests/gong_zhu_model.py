"""Gong Zhu as the sources state it, written apart from hartenjagen.family: the model test_presets checks against.

Pagat's Gong Zhu, in the score sheet's signs (a bonus positive): the pig Q♠
−100, the sheep J♦ +100, hearts A −50, K −40, Q −30, J −20, 10 to 5 −10,
4 to 2 nothing; all 13 hearts +200 instead, and then the pig +100; the 10♣
doubles its taker's score, or is +50 alone; an exposed card counts double (the
A♥ every heart, the 10♣ its doubling). An exposed card waits for the second
trick of its suit unless it is its holder's only card of that suit.
"""

from __future__ import annotations

from collections.abc import Iterable

from hartenjagen.cards import Card, Rank, Suit

PIG, SHEEP, TRANSFORMER, ACE_OF_HEARTS = Card("QS"), Card("JD"), Card("TC"), Card("AH")
EXPOSABLE = (PIG, SHEEP, TRANSFORMER, ACE_OF_HEARTS)
HEARTS = {Rank.ACE: 50, Rank.KING: 40, Rank.QUEEN: 30, Rank.JACK: 20}
HEARTS.update({Rank(rank): 10 for rank in range(5, 11)})


def score(cards: Iterable[Card], exposed: Iterable[Card] = ()) -> int:
    """One seat's Gong Zhu score for the cards it took, as the sheet shows it."""
    taken, shown = set(cards), set(exposed)
    hearts = [card for card in taken if card.suit is Suit.HEARTS]
    every_heart = len(hearts) == 13
    result = 200 if every_heart else -sum(HEARTS.get(card.rank, 0) for card in hearts)
    if ACE_OF_HEARTS in shown:
        result *= 2
    if PIG in taken:
        result += (100 if every_heart else -100) * (2 if PIG in shown else 1)
    if SHEEP in taken:
        result += 100 * (2 if SHEEP in shown else 1)
    if TRANSFORMER in taken:
        times = 4 if TRANSFORMER in shown else 2
        if hearts or PIG in taken or SHEEP in taken:
            result *= times
        else:
            result = 25 * times
    return result


def exposable(hand: Iterable[Card], exposed: Iterable[Card]) -> list[str]:
    """The cards a seat holding ``hand`` may still expose, in the order the choices are offered."""
    held, done = set(hand), set(exposed)
    return [str(card) for card in EXPOSABLE if card in held and card not in done]


def playable(
    hand: list[Card], pool: set[Card], exposed: set[Card], led_before: set[Suit], led: Suit | None
) -> set[Card]:
    """The cards of ``pool`` a seat may play: its exposed cards wait for the second trick of their suit."""
    waiting = {
        card
        for card in pool
        if card in exposed
        and card.suit not in led_before
        and led in (None, card.suit)
        and sum(1 for other in hand if other.suit is card.suit) > 1
    }
    return (pool - waiting) or pool
