"""The adapters' hot steps, compiled with mypyc beside the core (setup.py's ``ADAPTERS``).

A hand through OpenSpiel's ``pyspiel`` is 53 chance nodes and about 64
decisions, each answered by a few calls into Python; the work of those calls
that is plain bookkeeping on numbers lives here, so that it runs as C where
the core is compiled. `hartenjagen.adapters.episodes` loads this module's
source instead wherever the core runs interpreted (`load_steps`), so both
cores run the same code. Nothing here knows the frameworks or changes what
an episode does: the ids are `hartenjagen.adapters.encoding`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, final

from hartenjagen.values import Phase

if TYPE_CHECKING:  # only a type here: a runtime import would make mypyc's build check the core's door too
    from hartenjagen.core import State

_PLAYING: Final = Phase.PLAYING
#: What `Dealing.take` says: the card was taken, and the deal goes on or is complete.
TAKEN: Final = 1
DEALT: Final = 2

__all__ = ["DEALT", "TAKEN", "Dealing", "open_ids", "pass_left", "play_ids", "still_playing"]


@final
class Dealing:
    """A deal taken card by card from chance ids, kept as ids until its last card (then dealt in one go).

    The card-by-card path through ``apply`` builds a state per card; a deal
    read off OpenSpiel's 52 chance nodes needs only the order of the cards.
    `hartenjagen.adapters.episodes` deals them into the state
    (tests/test_episode_paths.py checks it is the same state).
    """

    #: the state waiting for the deal's first card
    base: State
    #: the ids taken so far, in order
    ids: list[int]
    #: per card id: copies not dealt yet
    copies: list[int]
    #: the ids with a copy left, ascending
    open: list[int]
    #: cards not dealt yet
    left: int
    #: whether every card id has one copy (then each left card is as likely as the next)
    single: bool
    #: the deal ends with this many cards left: a widow stays undealt (0 for a deck dealt out)
    stop: int

    def __init__(self, base: State, copies: Sequence[int], dealt: int) -> None:
        """The deal into ``base`` of a pack with ``copies[i]`` copies of card id ``i``, ``dealt`` cards in all."""
        self.base = base
        self.ids = []
        self.copies = list(copies)
        self.open = [i for i, c in enumerate(copies) if c]
        self.left = sum(copies)
        self.single = all(c == 1 for c in copies)
        self.stop = self.left - dealt

    def clone(self) -> Dealing:
        """A copy whose lists are its own (a copied episode deals on without touching this one)."""
        other = Dealing(self.base, (), 0)
        other.ids, other.copies, other.open = list(self.ids), list(self.copies), list(self.open)
        other.left = self.left
        other.single = self.single
        other.stop = self.stop
        return other

    @property
    def done(self) -> bool:
        """Whether every card of the deal has been taken."""
        return self.left == self.stop

    def outcomes(self, rows: Sequence[tuple[Any, ...]]) -> list[Any]:
        """(chance id, probability) of the next card, ascending by id (as `encoding.chance_ids` gives them);
        ``rows[left]``: the pairs of a single-copy pack with ``left`` cards to deal (each id's pair)."""
        # The pairs are typed Any: mypyc would unpack a tuple[int, float] and build a new one.
        if self.single:
            row = rows[self.left]
            return [row[i] for i in self.open]
        left, copies = self.left, self.copies
        return [(i, copies[i] / left) for i in self.open]

    def take(self, chance_id: object) -> int:
        """Take the card of id ``chance_id`` if one is left to deal: `TAKEN`, or `DEALT` if it was the deal's
        last; else change nothing and return 0."""
        if type(chance_id) is not int:
            return 0
        copies = self.copies
        if not 0 <= chance_id < len(copies) or not copies[chance_id]:
            return 0
        self.ids.append(chance_id)
        copies[chance_id] -= 1
        if not copies[chance_id]:
            self.open.remove(chance_id)
        self.left -= 1
        return DEALT if self.left == self.stop else TAKEN


def play_ids(plays: Sequence[Any], card_ids: dict[int, int]) -> tuple[int, ...]:
    """The card ids of ``plays`` (what ``legal_moves`` lists while playing, in card order: so are the ids)."""
    return tuple([card_ids[play.card.index] for play in plays])


def pass_left(passable: Sequence[Any], picked: Sequence[Any], card_ids: dict[int, int]) -> dict[int, int]:
    """card id -> copies a seat may still pick for its pass: its ``passable`` cards but the ``picked`` ones."""
    left: dict[int, int] = {}
    for card in passable:
        i = card_ids[card.index]
        left[i] = left.get(i, 0) + 1
    for card in picked:
        i = card_ids[card.index]
        if left.get(i, 0) > 0:
            left[i] -= 1
    return left


def open_ids(left: dict[int, int]) -> tuple[int, ...]:
    """The ids ``left`` still has a copy of, in its order."""
    return tuple([i for i, count in left.items() if count])


def still_playing(before: State, after: State) -> int:
    """The seat to play next if ``after``, a play after ``before``, goes on with the same hand; else -1."""
    if after.score_sheet is before.score_sheet and after.phase is _PLAYING:
        return after.to_move[0]
    return -1
