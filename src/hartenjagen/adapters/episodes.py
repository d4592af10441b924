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
Where the rules declare teams (`hartenjagen.rules.teams`), a team is
rewarded as one: each member gets the sum of its team's rewards, so its
return is minus its team's total.
``episode="hand"`` ends when the first hand is scored; ``"game"`` when the
game ends or after ``max_hands`` hands, whichever comes first.
"""

from __future__ import annotations

import base64
import copy
import json
import operator
import zlib
from collections.abc import Sequence
from typing import Final, Literal

from hartenjagen.adapters._steps import DEALT, Dealing, open_ids, pass_left, play_ids, still_playing
from hartenjagen.adapters.encoding import (
    acting_seat,
    chance_ids,
    codes_of,
    legal_action_ids,
    move_for,
    outcome_for,
)
from hartenjagen.cards import AnyCard
from hartenjagen.core import DEAL_NODE, State, deal_in_order, is_explicit, make_explicit, node_of
from hartenjagen.engine import apply, explain, legal_moves, new_game, step
from hartenjagen.errors import HartenjagenError
from hartenjagen.events import Event, GameOver, HandScored, Revoked, TrickWon
from hartenjagen.moves import Move, Pass, trusted_pass
from hartenjagen.outcomes import DealCard
from hartenjagen.rules import Rules
from hartenjagen.rules.teams import teams_of
from hartenjagen.values import Phase
from hartenjagen.variants import UnknownVariantError, preset

__all__ = [
    "EPISODES", "RENDER_FPS", "REWARDS", "Episode", "EpisodeError", "RenderModeError", "packed_variant", "rules_from",
]  # fmt: skip

EpisodeKind = Literal["hand", "game"]
RewardGrain = Literal["trick", "hand", "game"]
#: The episodes an adapter plays.
EPISODES: tuple[str, ...] = ("hand", "game")
#: The grains of rewards.
REWARDS: tuple[str, ...] = ("trick", "hand", "game")
# The phases the hot paths compare with, as module globals: ``Phase.PLAYING`` is an attribute of
# an Enum class, which costs Python 3.11 about ten times a global's lookup (an OpenSpiel hand asks
# a hundred times).
_PLAYING: Final = Phase.PLAYING
#: The events that score (a reward other than 0 comes only with one, or at the end of the game).
_SCORED: Final = (HandScored, Revoked)
_PASSING: Final = Phase.PASSING
_CHANCE: Final = Phase.CHANCE
_INDEX: Final = operator.attrgetter("index")


class EpisodeError(HartenjagenError):
    """Bad settings for an episode (an unknown variant, episode or reward), or an action that is not legal now."""


class RenderModeError(EpisodeError, TypeError):
    """A ``render_mode`` the environment does not offer (its ``metadata["render_modes"]``).

    It is a ``TypeError`` too, as an environment without that render mode
    raises: SB3's ``make_vec_env`` asks for ``render_mode="rgb_array"`` and,
    on a ``TypeError``, makes the environment again without it.
    """


#: Frames per second of ``render_mode="human"`` (Gymnasium's ``metadata["render_fps"]``): a table is text.
RENDER_FPS = 4


def check_render_mode(render_mode: object, modes: Sequence[str]) -> str | None:
    """``render_mode`` if it is ``None`` or one of ``modes``, else `RenderModeError` naming them."""
    if render_mode is None or (isinstance(render_mode, str) and render_mode in modes):
        return render_mode
    offered = ", ".join(repr(mode) for mode in modes) or "none"
    raise RenderModeError(f"render_mode must be None or one of {offered}, not {render_mode!r}")


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


def action_index(action: object) -> int:
    """``action`` as an action id: a whole number (also numpy's), not a bool, float or text; else `EpisodeError`."""
    if type(action) is int:
        return action
    if not isinstance(action, bool):
        try:
            return operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise EpisodeError(f"an action id is a whole number, not {action!r}")


def _with(picked: tuple[AnyCard, ...], card: AnyCard) -> tuple[AnyCard, ...]:
    """``picked`` and ``card`` in card order, as a `Pass` keeps its cards."""
    return tuple(sorted((*picked, card), key=_INDEX))  # cards order as their indexes do (a C key, no __lt__)


class Episode:
    """One hand or one game, acted on by action ids; see the module documentation.

    What the state says (over, chance, the actor, the legal ids) is worked out
    once per change and kept, since the adapters ask for it many times a step.
    """

    __slots__ = (
        "_state", "picked", "rewards", "returns", "kind", "grain", "max_hands", "_trick_points",
        "turn", "_paid", "_done", "_chance", "_actor", "_legal", "_moves", "_left", "_dealing", "_codes",
    )  # fmt: skip
    #: `turn` at the end of the episode, and while chance decides (OpenSpiel's numbers)
    DONE: Final = -4
    CHANCE: Final = -1
    #: who acts now as one number: the actor's seat, `CHANCE` or `DONE`
    turn: int
    _state: State
    _done: bool
    _chance: bool
    _actor: int | None
    _legal: tuple[int, ...] | None
    _moves: Sequence[Move] | None  # while playing: the actor's play of each card id
    _left: dict[int, int] | None
    _paid: bool
    #: what a copy or a pickle keeps (the rest is worked out again from it)
    _KEPT: Final = (
        "_state", "picked", "rewards", "returns", "kind", "grain", "max_hands", "_trick_points", "_paid",
    )  # fmt: skip

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
        n = state.players
        self.picked: tuple[AnyCard, ...] = ()
        #: each seat's reward from the last action (chance outcomes add none)
        self.rewards = [0.0] * n
        #: each seat's rewards so far
        self.returns = [0.0] * n
        self._trick_points = [0] * n
        self._paid = False  # whether the last action paid a reward (rewards are then not all zero)
        self._codes = codes_of(state.rules)
        self._dealing: Dealing | None = None
        self.state = state

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

    @property
    def state(self) -> State:
        """The game state (during a deal taken card by card, the cards dealt so far are dealt into it now)."""
        dealing = self._dealing
        if dealing is not None and dealing.ids:
            self._dealing = None
            self._state = self._dealt(dealing)
            self._settle()
        return self._state

    @state.setter
    def state(self, value: State) -> None:
        self._dealing = None
        self._state = value
        self._settle()

    def _dealt(self, dealing: Dealing) -> State:
        """The state after the cards ``dealing`` took so far, dealt clockwise from eldest."""
        base = dealing.base
        cards = self._codes.cards
        if not dealing.done:  # a part of a deal: card by card, as chance would
            for i in dealing.ids:
                base = apply(base, DealCard(cards[i]))
            return base
        return deal_in_order(base, [cards[i].index for i in dealing.ids])

    def _settle(self) -> None:
        """Work out what the state says, once."""
        state = self._state
        hands = len(state.score_sheet)
        self._done = done = state.is_over or hands >= (1 if self.kind == "hand" else self.max_hands)
        phase = state.phase
        self._legal = self._moves = self._left = None
        if done:
            self._chance, self._actor, self.turn = False, None, Episode.DONE
        elif phase is _PLAYING:
            self._chance = False
            self._actor = self.turn = state.to_move[0]
        elif phase is _CHANCE:
            self._chance, self._actor, self.turn = True, None, Episode.CHANCE
            if self._dealing is None and node_of(state)[0] == DEAL_NODE and not any(state.dealt):
                self._dealing = Dealing(
                    state, self._codes.copies, state.rules.deck.hand_size() * state.players
                )
        else:
            actor = acting_seat(state)
            assert actor is not None  # every other phase has a seat to act
            self._chance, self._actor, self.turn = False, actor, actor

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
        # What a step changes in place is the copy's own: the deal in progress and the pass picks left.
        if self._left is not None:
            other._left = dict(self._left)
        if self._dealing is not None:
            other._dealing = self._dealing.clone()
        return other

    def __getstate__(self) -> dict[str, object]:
        self.state  # noqa: B018 - a deal in progress is dealt into the state first
        return {name: getattr(self, name) for name in Episode._KEPT}

    def __setstate__(self, data: dict[str, object]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
        self._codes = codes_of(self._state.rules)
        self._dealing = None
        self._settle()

    # ---- where it stands

    @property
    def done(self) -> bool:
        """Whether the episode is over."""
        return self._done

    @property
    def is_chance(self) -> bool:
        """Whether the state waits for a chance outcome (explicit chance only)."""
        return self._chance

    @property
    def actor(self) -> int | None:
        """The seat that acts now (``None``: chance or the end)."""
        return self._actor

    def legal_ids(self) -> tuple[int, ...]:
        """The action ids the actor may choose, ascending."""
        legal = self._legal
        if legal is None:
            state = self._state
            if self._done or self._chance:
                legal = ()
            elif state.phase is _PLAYING:
                legal = play_ids(legal_moves(state), self._codes.card_ids)
                self._moves = self._codes.plays[self._actor]  # type: ignore[index]
            elif state.phase is _PASSING:
                left = self._left
                if left is None:
                    passable = legal_moves(state).passable(self._actor)  # type: ignore[attr-defined]
                    left = self._left = pass_left(passable, self.picked, self._codes.card_ids)
                legal = open_ids(left)  # passable() lists them in card order
            else:
                legal = legal_action_ids(state, self.picked)
            self._legal = legal
        return legal

    def chance_ids(self) -> list[tuple[int, float]]:
        """The chance ids that may happen now and their probabilities, ascending by id (empty: none waits)."""
        if not self._chance:
            return []
        dealing = self._dealing
        if dealing is not None:
            return dealing.outcomes(self._codes.deal_rows)
        return list(chance_ids(self._state))

    # ---- acting

    def act(self, action: int) -> tuple[Event, ...]:
        """The actor takes action id ``action`` (a legal one); returns what happened."""
        move = self._move(action_index(action))
        n = self._state.players
        self.rewards = [0.0] * n
        self._paid = False
        if isinstance(move, Pass) and len(move.cards) < self._state.pass_count:
            self._pick(move.cards)
            return ()
        self.picked = ()
        state, events = step(self._state, move)
        self.state = state
        self._reward(events)
        return events

    def apply_action(self, action: int) -> None:
        """Like `act`, without the events (faster: rewards of the hand and game grains come from the score sheet)."""
        if type(action) is not int:
            action = action_index(action)
        moves, legal = self._moves, self._legal
        if moves is not None and legal is not None and action in legal and self.grain != "trick":
            # A legal play: the common case, kept short.
            state = self._state
            after = apply(state, moves[action])
            self._state = after
            seat = still_playing(state, after)
            if seat >= 0:  # the hand goes on
                self._actor = self.turn = seat
                self._legal = self._moves = None
                if self._paid:
                    self.rewards = [0.0] * after.players
                    self._paid = False
                return
            self._settle()
            self._pay(state, after)
            return
        if self.grain == "trick":
            self.act(action)
            return
        state = self._state
        actor = self._actor
        if state.phase is _PASSING and actor is not None:
            if action not in self.legal_ids():
                self._move(action)  # raises the reason
            picked = _with(self.picked, self._codes.cards[action])  # a legal pass id is a card id
            if len(picked) < state.pass_count:
                if self._paid:
                    self.rewards = [0.0] * state.players
                    self._paid = False
                left = self._left
                if left is not None:
                    left[action] -= 1  # one more pick: one copy fewer to choose
                self.picked = picked
                self._legal = None
                return
            # The whole pass, checked above id by id and sorted as Pass sorts: the value
            # move_for builds, without parsing its cards again.
            move: Move = trusted_pass(actor, picked)
        else:
            move = self._move(action)
        self.picked = ()
        after = apply(state, move)
        self._dealing = None
        self._state = after
        self._settle()
        self._pay(state, after)

    def _pay(self, before: State, after: State) -> None:
        """The rewards of going from ``before`` to ``after`` (the hand and game grains)."""
        got = [0.0] * after.players
        if self.grain == "hand":
            for line in after.score_sheet[len(before.score_sheet) :]:
                got = [g - p for g, p in zip(got, line.points, strict=True)]
        elif self._done:
            got = [-float(total) - r for total, r in zip(after.scores, self.returns, strict=True)]
        got = self._by_team(got)
        self.rewards = got
        self._paid = any(got)
        if self._paid:
            self.returns = [r + g for r, g in zip(self.returns, got, strict=True)]

    def _by_team(self, got: list[float]) -> list[float]:
        """``got`` by seat, or where the rules declare teams, each member's team's sum (a team is rewarded as one)."""
        rules = self._state.rules
        partnership = teams_of(rules) if rules.extras else None
        return got if partnership is None else list(partnership.seat_totals(got))

    def _move(self, action: int) -> Move:
        """The move of a legal action id, or `EpisodeError`."""
        if self._done:
            raise EpisodeError("the episode is over")
        legal = self.legal_ids()
        if action not in legal:
            raise EpisodeError(f"action {action} is not legal now (legal: {list(legal)})")
        moves = self._moves
        if moves is not None:
            return moves[action]
        return move_for(action, self._state, self.picked)

    def _pick(self, cards: tuple[AnyCard, ...]) -> None:
        """The actor's picks for its pass are now ``cards``."""
        left = self._left
        if left is not None and len(cards) == len(self.picked) + 1:
            more = list(cards)
            for card in self.picked:
                more.remove(card)
            left[self._codes.card_ids[more[0].index]] -= 1  # one more pick: one copy fewer to choose
        else:
            self._left = None
        self.picked = cards
        self._legal = None

    def play(self, move: Move) -> tuple[Event, ...]:
        """The actor makes a whole ``move`` (as a bot chooses one, a pass with all its cards)."""
        if self._done:
            raise EpisodeError("the episode is over")
        state = self.state
        reason = explain(state, move)
        if reason is not None:
            raise EpisodeError(f"{move!r} is not legal now: {reason.message}")
        self.picked = ()
        state, events = step(state, move)
        self.state = state
        self._reward(events)
        return events

    def chance(self, chance_id: int) -> None:
        """Apply the chance outcome of id ``chance_id`` (explicit chance); the rewards of the last action stay."""
        if not self._chance:
            raise EpisodeError("no chance event is waiting")
        dealing = self._dealing
        # The next card of a deal taken card by card, if chance_id is a card left to deal; anything
        # else goes the slow way below, for its state or its error.
        if dealing is not None and (taken := dealing.take(chance_id)):
            if taken == DEALT:
                self._dealing = None
                self._state = self._dealt(dealing)
                self._settle()
            return
        state = self.state
        self.state = apply(state, outcome_for(chance_id, state))

    def resampled(self, state: State, keep_picks: bool) -> Episode:
        """This episode in another state of the same information (a determinized one).

        With explicit chance the new state gets it too; the picks of a pass in
        progress stay only with ``keep_picks`` (they are the actor's secret).
        """
        other = copy.deepcopy(self)
        other.state = make_explicit(state) if is_explicit(self.state) else state
        if not keep_picks:
            other._pick(())
        return other

    def _reward(self, events: Sequence[Event]) -> None:
        n = self._state.players
        if self.grain != "trick" and not self._done and not any(isinstance(e, _SCORED) for e in events):
            # Nothing scored (most moves): no reward, as below, without working it out.
            if self._paid:
                self.rewards = [0.0] * n
                self._paid = False
            return
        got = [0.0] * n
        for event in events:
            if isinstance(event, TrickWon) and self.grain == "trick":
                self._trick_points[event.winner] += event.points
                got[event.winner] -= event.points
            elif isinstance(event, _SCORED):
                points = event.result.points
                if self.grain == "hand":
                    got = [g - p for g, p in zip(got, points, strict=True)]
                elif self.grain == "trick":
                    got = [g - p + t for g, p, t in zip(got, points, self._trick_points, strict=True)]
                self._trick_points = [0] * n
            elif isinstance(event, GameOver):
                break
        if self.grain == "game" and self._done:
            got = [-float(total) - r for total, r in zip(self._state.scores, self.returns, strict=True)]
        got = self._by_team(got)
        self.rewards = got
        self._paid = any(got)
        self.returns = [r + g for r, g in zip(self.returns, got, strict=True)]
