"""Events: what happened during one move, for frontends to animate and log.

``step(state, move)`` returns the new state and a tuple of these, in the order
they happened. Events that carry cards a seat may not see are censored per
seat by ``events_for(events, seat)`` (see [`hartenjagen.frontend.views`][hartenjagen.frontend.views]).
"""

from __future__ import annotations

import attrs

from hartenjagen.cards import AnyCard, Card
from hartenjagen.moves import MoonOption
from hartenjagen.rules.routes import PassRoute
from hartenjagen.values import HandResult


@attrs.frozen
class HandDealt:
    """A new hand was dealt (``hand_index`` from 0) by ``dealer``; cards pass ``pass_direction``."""

    hand_index: int
    dealer: int
    pass_direction: PassRoute
    hand_sizes: tuple[int, ...]


@attrs.frozen
class PassChosen:
    """``seat`` has chosen the cards it passes (which ones stays hidden until the exchange)."""

    seat: int
    stage: int


@attrs.frozen
class CardsExchanged:
    """Every seat has chosen: the cards changed hands.

    ``given[s]`` and ``received[s]`` are the cards seat ``s`` gave and got; a
    seat's own view of this event keeps only its own two entries.
    """

    stage: int
    pass_direction: PassRoute
    given: tuple[tuple[Card, ...], ...]
    received: tuple[tuple[Card, ...], ...]


@attrs.frozen
class Announced:
    """``seat`` answered the announcement round: ``announce`` is yes or no (miezen), ``choice`` a rule's own choice.

    ``choice`` is ``None`` for a yes or a no; a house rule that offers each
    seat its own choices (Gong Zhu's exposures) gives its word here (``"QS"``).
    """

    seat: int
    announce: bool
    choice: str | None = attrs.field(default=None, metadata={"omit_default": True})


@attrs.frozen
class CardPlayed:
    """``seat`` played ``card`` to the current trick."""

    seat: int
    card: AnyCard


@attrs.frozen
class CardDrawn:
    """``seat`` drew ``card`` from the stock after a trick; the other seats see only that it drew (``card`` ``None``)."""

    seat: int
    card: AnyCard | None


@attrs.frozen
class HeartsBroken:
    """Playing ``card`` by ``seat`` broke hearts: hearts may be led from now on."""

    seat: int
    card: AnyCard


@attrs.frozen
class TrickWon:
    """``winner`` took trick ``trick_index``: ``cards`` in play order from ``leader``.

    ``carried`` are cards of earlier cancelled tricks that went with it, and
    ``points`` the card values of all of them.
    """

    trick_index: int
    leader: int
    cards: tuple[AnyCard, ...]
    winner: int
    points: int
    carried: tuple[AnyCard, ...] = ()


@attrs.frozen
class TrickCancelled:
    """Every led-suit card of trick ``trick_index`` cancelled (double deck): its cards wait for the next winner."""

    trick_index: int
    leader: int
    cards: tuple[AnyCard, ...]


@attrs.frozen
class MoonShot:
    """``seat`` captured every moon card; ``options`` is what it may choose (one option: no choice)."""

    seat: int
    options: tuple[MoonOption, ...]


@attrs.frozen
class MoonChosen:
    """The shooter ``seat`` chose ``option``."""

    seat: int
    option: MoonOption


@attrs.frozen
class HandScored:
    """A hand was scored: ``result`` is its line of the score sheet."""

    result: HandResult


@attrs.frozen
class Revoked:
    """``seat`` played ``card`` against the rules under a revoke penalty: the hand is void and dealt again.

    ``code`` is the refusal the play broke ([`IllegalMove.code`][hartenjagen.errors.IllegalMove]:
    ``must_follow_suit`` for a revoke proper, the slot's code or a house rule's ``play_code``
    otherwise) and ``reason`` the rule's own sentence (its ``refusal_text``), so that a
    breach of a house rule is not told as a failure to follow suit.
    """

    seat: int
    card: AnyCard
    penalty: int
    result: HandResult
    #: the code of the rule the play broke (a revoke proper: ``must_follow_suit``)
    code: str = "must_follow_suit"
    #: that rule's sentence, in English ("" when not known: an event saved before it was kept)
    reason: str = ""


@attrs.frozen
class GameOver:
    """The game ended: ``winners`` and the final ``scores``."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


#: Any event ``step`` reports.
Event = (
    HandDealt
    | PassChosen
    | CardsExchanged
    | Announced
    | CardPlayed
    | CardDrawn
    | HeartsBroken
    | TrickWon
    | TrickCancelled
    | MoonShot
    | MoonChosen
    | HandScored
    | Revoked
    | GameOver
)

#: Every event class, by name.
EVENT_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        HandDealt,
        PassChosen,
        CardsExchanged,
        Announced,
        CardPlayed,
        CardDrawn,
        HeartsBroken,
        TrickWon,
        TrickCancelled,
        MoonShot,
        MoonChosen,
        HandScored,
        Revoked,
        GameOver,
    )
}
