"""The action ids of OpenSpiel's ``hearts`` and of ``python_hartenjagen(variant=openspiel)``, both ways.

The two games play the same hand with different ids and a different chance
order. ``hearts`` draws the pass direction first (0 hold, 1 left, 2 across,
3 right), then deals 52 cards, the i-th to seat ``i % 4``; a card is
``rank * 4 + suit`` (2 to ace, clubs to spades), in chance actions, passes and
plays alike. ``python_hartenjagen`` deals card by card clockwise from eldest
and draws the direction when its rules ask for it, with the ids of
`hartenjagen.adapters.encoding`. Both pass one card per action, seat 0's cards
first, then seat 1's and so on, and both play card by card, so a trajectory of
one game is a trajectory of the other:

```python
import pyspiel
from hartenjagen.adapters import hearts
from hartenjagen.adapters.openspiel import GAME_NAME

game = pyspiel.load_game(GAME_NAME, {"variant": "openspiel", "episode": "hand"})
theirs = pyspiel.load_game("hearts").new_initial_state()
while not theirs.is_terminal():  # a hand of hearts, some legal action each time
    legal = theirs.legal_actions()
    theirs.apply_action(legal[len(theirs.history()) * 7 % len(legal)])
ours = game.new_initial_state()
for action in hearts.from_hearts(theirs.history(), game):
    ours.apply_action(action)
assert hearts.to_hearts(ours.history(), game) == theirs.history()
```

A hearts policy then plays ``python_hartenjagen``: map our history with
`to_hearts`, replay it in ``hearts``, ask the policy, and map its action back
with `hearts_card` and `hartenjagen.adapters.encoding.card_id`. Both games
need hearts' eight parameters alike (``variant="openspiel"`` with the same
flags), one hand (``episode="hand"``) and the card-by-card deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hartenjagen.adapters.encoding import card_id, chance_id, outcome_for
from hartenjagen.adapters.episodes import EpisodeError
from hartenjagen.cards import ALL_CARDS, Card, Rank, Suit
from hartenjagen.outcomes import DealCard, DrawnDirection
from hartenjagen.rules.routes import PassRoute

__all__ = ["HEARTS_DIRECTIONS", "from_hearts", "hearts_action", "hearts_card", "to_hearts"]

#: hearts' pass-direction chance actions (hearts.h ``PassDir``) and the routes they are.
HEARTS_DIRECTIONS: dict[int, PassRoute] = {
    0: PassRoute.HOLD,
    1: PassRoute.LEFT,
    2: PassRoute.ACROSS,
    3: PassRoute.RIGHT,
}
_SEATS = 4
_DEALT = 52


def hearts_card(action: int) -> Card:
    """The card of a hearts card action (``rank * 4 + suit``)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < _DEALT:
        raise EpisodeError(f"a hearts card action is a whole number from 0 to 51, not {action!r}")
    return Card(Rank(action // 4 + 2), Suit(action % 4))


def hearts_action(card: Card) -> int:
    """The hearts action of ``card``."""
    return (card.rank - 2) * 4 + card.suit


def _checked(game: Any) -> None:
    rules = getattr(game, "rules", None)
    if rules is None or getattr(game, "episode", None) != "hand" or getattr(game, "deals", None) is not None:
        raise EpisodeError("hearts' ids map a python_hartenjagen game of one hand dealt card by card")
    if rules.players != _SEATS or len(rules.deck.pack()) != _DEALT:
        raise EpisodeError("hearts' ids map a game of 4 seats and 52 cards (variant='openspiel')")


def from_hearts(actions: Sequence[int], game: Any) -> list[int]:
    """The ``python_hartenjagen`` history of ``game`` (a ``HartenjagenGame``) for hearts' history ``actions``.

    ``actions`` may stop anywhere after the deal: a hand in progress maps to our
    hand at the same point. Raises `EpisodeError` for an action our game does not accept.
    """
    _checked(game)
    actions = list(actions)
    if len(actions) < 1 + _DEALT:
        raise EpisodeError(f"a hearts history starts with a direction and {_DEALT} cards dealt")
    if actions[0] not in HEARTS_DIRECTIONS:
        raise EpisodeError(f"hearts' first action is a pass direction from 0 to 3, not {actions[0]!r}")
    route = HEARTS_DIRECTIONS[actions[0]]
    dealt = [[hearts_card(a) for a in actions[1 + seat : 1 + _DEALT : _SEATS]] for seat in range(_SEATS)]
    rules = game.rules
    state = game.new_initial_state()
    out: list[int] = []

    def take(action: int, index: int) -> None:
        try:
            state.apply_action(action)
        except Exception as error:  # the state names what is wrong; say which action of hearts it was
            raise EpisodeError(f"hearts action {index} does not map to a move here: {error}") from None
        out.append(action)

    while state.is_chance_node():
        inside = state.episode.state
        if isinstance(outcome_for(state.chance_outcomes()[0][0], inside), DealCard):
            count = sum(len(cards) for cards in inside.dealt)
            seat = (inside.dealer + 1 + count) % _SEATS  # our deal goes clockwise from eldest
            k = len(inside.dealt[seat])
            take(card_id(dealt[seat][k], rules), 1 + k * _SEATS + seat)
        else:
            take(chance_id(DrawnDirection(route), rules), 0)
    for index in range(1 + _DEALT, len(actions)):
        take(card_id(hearts_card(actions[index]), rules), index)
    return out


def to_hearts(actions: Sequence[int], game: Any) -> list[int]:
    """hearts' history for the ``python_hartenjagen`` history ``actions`` of ``game`` (the inverse of `from_hearts`).

    ``actions`` must have dealt every card (a hearts history has no shorter form).
    """
    _checked(game)
    cards = {card_id(card, game.rules): card for card in ALL_CARDS}
    state = game.new_initial_state()
    route = PassRoute.HOLD  # hearts' direction 0 when our rules draw none (pass_cards=False)
    dealt: list[list[Card]] = [[] for _ in range(_SEATS)]
    moves: list[int] = []
    for action in actions:
        if state.is_chance_node():
            inside = state.episode.state
            outcome = outcome_for(action, inside)
            if isinstance(outcome, DealCard):
                count = sum(len(c) for c in inside.dealt)
                dealt[(inside.dealer + 1 + count) % _SEATS].append(outcome.card)
            elif isinstance(outcome, DrawnDirection):
                route = outcome.direction
            else:
                raise EpisodeError(f"{outcome!r} has no hearts action")
        else:
            moves.append(hearts_action(cards[action]))
        state.apply_action(action)
    if sum(map(len, dealt)) != _DEALT:
        raise EpisodeError(f"a hearts history starts with all {_DEALT} cards dealt: give the whole deal")
    direction = next(number for number, known in HEARTS_DIRECTIONS.items() if known is route)
    deal = [hearts_action(dealt[i % _SEATS][i // _SEATS]) for i in range(_DEALT)]
    return [direction, *deal, *moves]
