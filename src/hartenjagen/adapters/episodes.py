"""Episodes for learning: one hand or one game, acted on by action ids, with rewards from penalty points.

The part the OpenSpiel, PettingZoo and Gymnasium adapters share (it needs
none of them). An `Episode` holds a game state, the cards the acting seat
has picked so far for a pass (a pass is one action per card, see
`hartenjagen.adapters.encoding`) and the rewards of the last action. Rewards are
penalty points with the sign turned (lower totals are better, so a reward
is ``-points``), in one of three grains:

- ``"trick"``: after each trick its taker gets minus the points of the cards
  taken; when the hand is scored each seat gets the rest of its hand score
  (the moon, bonuses, a revoke penalty);
- ``"hand"``: when a hand is scored, each seat gets minus what it scored;
- ``"game"``: at the end of the episode, each seat gets minus its total.

In every grain a seat's rewards add up to minus its total at the end (in a
Dutch second half the points count down, so rewards are then positive).
``episode="hand"`` ends when the first hand is scored; ``"game"`` when the
game ends or after ``max_hands`` hands, whichever comes first.
"""

from __future__ import annotations

import base64
import copy
import json
import zlib
from collections.abc import Sequence
from typing import Final, Literal

from hartenjagen.adapters.encoding import acting_seat, legal_action_ids, move_for, outcome_for
from hartenjagen.cards import Card
from hartenjagen.core.chance_nodes import is_explicit, make_explicit
from hartenjagen.core.state import State
from hartenjagen.engine import apply, explain, new_game, step
from hartenjagen.errors import HartenjagenError
from hartenjagen.events import Event, GameOver, HandScored, Revoked, TrickWon
from hartenjagen.moves import Move, Pass
from hartenjagen.rules import Rules
from hartenjagen.values import Phase
from hartenjagen.variants import UnknownVariantError, preset

__all__ = ["EPISODES", "REWARDS", "Episode", "EpisodeError", "packed_variant", "rules_from"]

EpisodeKind = Literal["hand", "game"]
RewardGrain = Literal["trick", "hand", "game"]
#: The episodes an adapter plays.
EPISODES: tuple[str, ...] = ("hand", "game")
#: The grains of rewards.
REWARDS: tuple[str, ...] = ("trick", "hand", "game")


class EpisodeError(HartenjagenError):
    """Bad settings for an episode (an unknown variant, episode or reward), or an action that is not legal now."""


def rules_from(variant: object) -> Rules:
    """The rules ``variant`` names: a `Rules` value, a preset name or alias, ``hoemke_P1L2H3S4``, Rules JSON text,
    or a `packed_variant` text."""
    if isinstance(variant, Rules):
        return variant
    if not isinstance(variant, str):
        raise EpisodeError(
            f"variant must be a preset name, a Rules value or Rules JSON text, not {variant!r}"
        )
    text = variant.strip()
    if text.startswith(_PACKED):
        try:
            text = zlib.decompress(base64.urlsafe_b64decode(text[len(_PACKED) :] + "==")).decode("utf-8")
        except (ValueError, zlib.error) as error:
            raise EpisodeError(f"variant: {variant[:40]!r}... is not a packed Rules value") from error
    if text.startswith("{"):
        from hartenjagen.frontend.serialize import FormatError, loads

        try:
            value = loads(text)
        except (FormatError, json.JSONDecodeError) as error:
            raise EpisodeError(f"variant: the Rules JSON does not read: {error}") from error
        if not isinstance(value, Rules):
            raise EpisodeError(f"variant: the JSON holds a {type(value).__name__}, not Rules")
        return value
    try:
        return preset(text).rules
    except UnknownVariantError as error:
        raise EpisodeError(f"variant: {error}") from error


#: The prefix of a packed Rules value: a variant text without commas, brackets or ``=``.
_PACKED: Final = "rules-z64:"


def packed_variant(rules: Rules) -> str:
    """``rules`` as a variant text made of letters, digits, ``-`` and ``_`` (for game strings such as OpenSpiel's)."""
    from hartenjagen.frontend.serialize import dumps

    data = zlib.compress(dumps(rules).encode("utf-8"), 9)
    return _PACKED + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def checked(value: object, choices: Sequence[str], what: str) -> str:
    """``value`` if it is one of ``choices``, else `EpisodeError`."""
    if not isinstance(value, str) or value not in choices:
        raise EpisodeError(f"{what} must be one of {', '.join(map(repr, choices))}, not {value!r}")
    return value


class Episode:
    """One hand or one game, acted on by action ids; see the module documentation."""

    __slots__ = ("state", "picked", "rewards", "returns", "kind", "grain", "max_hands", "_trick_points")

    def __init__(
        self,
        state: State,
        kind: EpisodeKind = "game",
        grain: RewardGrain = "hand",
        max_hands: int = 100,
    ) -> None:
        self.kind = checked(kind, EPISODES, "episode")
        self.grain = checked(grain, REWARDS, "reward")
        if isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1:
            raise EpisodeError(f"max_hands must be a whole number of at least 1, not {max_hands!r}")
        self.max_hands = max_hands
        self.state = state
        n = state.players
        self.picked: tuple[Card, ...] = ()
        #: each seat's reward from the last action (chance outcomes add none)
        self.rewards = [0.0] * n
        #: each seat's rewards so far
        self.returns = [0.0] * n
        self._trick_points = [0] * n

    @classmethod
    def start(
        cls,
        rules: Rules,
        *,
        kind: EpisodeKind = "game",
        grain: RewardGrain = "hand",
        seed: int | None = None,
        explicit: bool = False,
        max_hands: int = 100,
    ) -> Episode:
        """A new game: seeded (``seed``), or with explicit chance (then the first nodes wait for the deal)."""
        state = new_game(rules, chance="explicit") if explicit else new_game(rules, seed=seed)
        return cls(state, kind, grain, max_hands)

    def __deepcopy__(self, memo: object) -> Episode:
        other = copy.copy(self)
        other.rewards = list(self.rewards)
        other.returns = list(self.returns)
        other._trick_points = list(self._trick_points)
        return other

    def __copy__(self) -> Episode:
        other = Episode.__new__(Episode)
        for name in Episode.__slots__:
            setattr(other, name, getattr(self, name))
        return other

    def __getstate__(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in Episode.__slots__}

    def __setstate__(self, data: dict[str, object]) -> None:
        for name, value in data.items():
            setattr(self, name, value)

    # ---- where it stands

    @property
    def done(self) -> bool:
        """Whether the episode is over."""
        state = self.state
        if state.is_over:
            return True
        hands = len(state.score_sheet)
        return hands >= 1 if self.kind == "hand" else hands >= self.max_hands

    @property
    def is_chance(self) -> bool:
        """Whether the state waits for a chance outcome (explicit chance only)."""
        return not self.done and self.state.phase is Phase.CHANCE

    @property
    def actor(self) -> int | None:
        """The seat that acts now (``None``: chance or the end)."""
        if self.done:
            return None
        return acting_seat(self.state)

    def legal_ids(self) -> tuple[int, ...]:
        """The action ids the actor may choose."""
        if self.done:
            return ()
        return legal_action_ids(self.state, self.picked)

    # ---- acting

    def act(self, action: int) -> tuple[Event, ...]:
        """The actor takes action id ``action`` (a legal one); returns what happened."""
        if self.done:
            raise EpisodeError("the episode is over")
        if action not in self.legal_ids():
            raise EpisodeError(f"action {action} is not legal now (legal: {list(self.legal_ids())})")
        move = move_for(action, self.state, self.picked)
        n = self.state.players
        self.rewards = [0.0] * n
        if isinstance(move, Pass) and len(move.cards) < self.state.pass_count:
            self.picked = move.cards
            return ()
        self.picked = ()
        self.state, events = step(self.state, move)
        self._reward(events)
        return events

    def play(self, move: Move) -> tuple[Event, ...]:
        """The actor makes a whole ``move`` (as a bot chooses one, a pass with all its cards)."""
        if self.done:
            raise EpisodeError("the episode is over")
        reason = explain(self.state, move)
        if reason is not None:
            raise EpisodeError(f"{move!r} is not legal now: {reason.message}")
        self.picked = ()
        self.state, events = step(self.state, move)
        self._reward(events)
        return events

    def chance(self, chance_id: int) -> None:
        """Apply the chance outcome of id ``chance_id`` (explicit chance); the rewards of the last action stay."""
        if not self.is_chance:
            raise EpisodeError("no chance event is waiting")
        self.state = apply(self.state, outcome_for(chance_id, self.state))

    def resampled(self, state: State, keep_picks: bool) -> Episode:
        """This episode in another state of the same information (a determinized one).

        With explicit chance the new state gets it too; the picks of a pass in
        progress stay only with ``keep_picks`` (they are the actor's secret).
        """
        other = copy.deepcopy(self)
        other.state = make_explicit(state) if is_explicit(self.state) else state
        if not keep_picks:
            other.picked = ()
        return other

    def _reward(self, events: Sequence[Event]) -> None:
        n = self.state.players
        got = [0.0] * n
        for event in events:
            if isinstance(event, TrickWon) and self.grain == "trick":
                self._trick_points[event.winner] += event.points
                got[event.winner] -= event.points
            elif isinstance(event, (HandScored, Revoked)):
                points = event.result.points
                if self.grain == "hand":
                    got = [g - p for g, p in zip(got, points, strict=True)]
                elif self.grain == "trick":
                    got = [g - p + t for g, p, t in zip(got, points, self._trick_points, strict=True)]
                self._trick_points = [0] * n
            elif isinstance(event, GameOver):
                break
        if self.grain == "game" and self.done:
            got = [-float(total) - r for total, r in zip(self.state.scores, self.returns, strict=True)]
        self.rewards = got
        self.returns = [r + g for r, g in zip(self.returns, got, strict=True)]
