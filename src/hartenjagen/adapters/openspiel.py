"""hartenjagen in OpenSpiel: importing this module registers the game ``python_hartenjagen``.

```python
import pyspiel
import hartenjagen.adapters.openspiel  # registers python_hartenjagen

game = pyspiel.load_game("python_hartenjagen", {"variant": "black_maria", "episode": "hand"})
```

Parameters: ``variant`` (a preset name or alias, ``hoemke_P1L2H3S4``, or a
Rules JSON text, which the game keeps packed by
`hartenjagen.adapters.episodes.packed_variant` so that OpenSpiel's game strings read
back; default ``"standard"``), ``episode`` (``"hand"`` or
``"game"``, the default), ``max_hands`` (a game episode ends after that
many hands at the latest; default 100), ``terminal_rewards`` (a game episode
pays only at its end; a hand always does), ``returns`` (``"penalty"``, minus
the points, or ``"openspiel"``, as OpenSpiel's ``hearts``: each hand pays the
pack's penalty points, 26 in Hearts, minus what the seat scored, so higher is
better), ``deal`` (``"cards"``, a chance node per card, or ``"whole"``, one
node listing every distinct deal, for CFR on tiny packs such as
``variant="tiny"``: `hartenjagen.adapters.deals`) and OpenSpiel's eight
``hearts`` parameters (``pass_cards``,
``no_pts_on_first_trick``, ``can_lead_any_club``, ``jd_bonus``,
``avoid_all_tricks_bonus``, ``qs_breaks_hearts``, ``must_break_hearts``,
``can_lead_hearts_instead_of_qs``, with hearts' defaults), which shape
``variant="openspiel"`` through `hartenjagen.variants.openspiel` (with another
variant they must keep their defaults). So
``python_hartenjagen(variant=openspiel,episode=hand,returns=openspiel,jd_bonus=true)``
plays and pays as ``hearts(jd_bonus=true)``. Needs the ``openspiel`` extra
(from a checkout: ``python -m pip install '.[openspiel]'``).

- Chance nodes are the game's explicit chance (`hartenjagen.outcomes`): the
  deal card by card, a drawn pass direction, the dealer's shuffle of passed
  cards; chance and player action ids are `hartenjagen.adapters.encoding`'s, stable
  per rules value. A pass is one action per card, the lowest seat still to
  pass acting first (as in OpenSpiel's own ``hearts``).
- The reward model is terminal for a hand, and for a game with
  ``terminal_rewards``: the returns come at the end, minus each seat's total.
  Otherwise rewards come per hand: when a hand is scored, each seat gets minus
  what it scored, and the returns are minus the totals (``state.scores``), so
  they add up. OpenSpiel's ``MCTSBot`` (the Python one) plays a hand.
- Information states and observations are strings and tensors from the
  seat's `PlayerView` (`hartenjagen.adapters.encoding.observation`; the information
  state adds the tricks of the hand in order). They have perfect recall
  within a hand: of earlier hands they keep the score sheet.
- ``serialize``/``deserialize`` work (OpenSpiel pickles the Python state);
  ``resample_from_infostate`` deals the unseen cards with
  `hartenjagen.bots.determinize`, for IS-MCTS.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Final

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
except ImportError as _error:  # pragma: no cover - exercised where OpenSpiel is missing
    raise ImportError(
        "hartenjagen.adapters.openspiel needs OpenSpiel (open-spiel): pip install 'hartenjagen[openspiel]'"
        " (from a checkout: python -m pip install '.[openspiel]')"
    ) from _error

from hartenjagen import variants
from hartenjagen.adapters.bounds import returns_range
from hartenjagen.adapters.deals import whole_deals
from hartenjagen.adapters.encoding import (
    action_count,
    chance_action_count,
    hand_points_bound,
    history_entries,
    history_size,
    move_for,
    observation_entries,
    observation_size,
    outcome_for,
)
from hartenjagen.adapters.episodes import (
    EPISODES,
    Episode,
    EpisodeError,
    EpisodeKind,
    checked,
    packed_variant,
    rules_from,
)
from hartenjagen.bots.determinize import determinize
from hartenjagen.cards import Card
from hartenjagen.core import DEAL_NODE, node_of, table_for
from hartenjagen.engine import apply
from hartenjagen.frontend.notation import format_move
from hartenjagen.frontend.views import PlayerView, view
from hartenjagen.moves import MoonOption
from hartenjagen.outcomes import Deal
from hartenjagen.rules import Rules

__all__ = [
    "GAME_NAME",
    "HEARTS_FLAGS",
    "RETURNS",
    "EpisodeError",
    "HartenjagenGame",
    "HartenjagenState",
    "game_info",
]

#: The name the game is registered under.
GAME_NAME: Final = "python_hartenjagen"
#: OpenSpiel's own ``hearts`` parameters and their defaults (they shape ``variant="openspiel"``).
HEARTS_FLAGS: Final[dict[str, bool]] = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "qs_breaks_hearts": True,
    "must_break_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
}
#: The kinds of returns: minus the penalty points, or OpenSpiel's ``hearts`` convention.
RETURNS: Final = ("penalty", "openspiel")
#: How chance deals: a chance node per card, or one node listing every distinct deal (tiny packs).
DEALS: Final = ("cards", "whole")
_DEFAULTS: Final[dict[str, Any]] = {
    "variant": "standard",
    "episode": "game",
    "max_hands": 100,
    "terminal_rewards": False,
    "returns": "penalty",
    "deal": "cards",
    **HEARTS_FLAGS,
}
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
assert (_TERMINAL, _CHANCE) == (Episode.DONE, Episode.CHANCE)  # current_player returns Episode.turn


def _game_type(reward_model: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Hartenjagen: Hearts and its variants",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=reward_model,
        max_num_players=10,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


_GAME_TYPE = _game_type(pyspiel.GameType.RewardModel.REWARDS)


def _rules_of(values: dict[str, Any]) -> Rules:
    """The rules the parameters name: ``variant``, shaped by OpenSpiel's flags when it is ``"openspiel"``."""
    flags: dict[str, Any] = {}
    for name in HEARTS_FLAGS:
        value = values[name]
        if not isinstance(value, bool):
            raise EpisodeError(f"{name} must be true or false, not {value!r}")
        flags[name] = value
    changed = sorted(name for name, value in flags.items() if value != HEARTS_FLAGS[name])
    if values["variant"] == "openspiel":
        return variants.openspiel(**flags)
    if changed:
        raise EpisodeError(
            f"{', '.join(changed)}: OpenSpiel's hearts parameters shape variant='openspiel' only, "
            f"not variant={values['variant']!r} (give variant='openspiel' with them, or a Rules JSON text)"
        )
    return rules_from(values["variant"])


def _decisions_per_hand(rules: Rules) -> int:
    """At most how many player actions one hand takes: a card per pass, the announcements, the plays, a moon choice."""
    table = table_for(rules)
    n = table.players
    passing = max(sum(table.stage_counts(route)) for route in table.routes)
    return passing * n + n + len(table.pack) + 1


def _positive_points(rules: Rules) -> int:
    """The card points of the pack that count against a seat (26 in Hearts): OpenSpiel's returns are this minus the points."""
    table = table_for(rules)
    return sum(max(0, table.values[table.index_of[p]]) for p in table.pack)


def game_info(rules: Rules, episode: str, max_hands: int, offset: float = 0.0, deals: int = 0) -> Any:
    """The ``pyspiel.GameInfo`` of ``rules`` for an episode: ids, players, utility bounds and length
    (``offset``: what OpenSpiel-style returns add per hand; ``deals``: whole deals listed as chance ids)."""
    hands = 1 if episode == "hand" else max_hands
    known = returns_range(rules, hands, offset)  # the true range where the rule modules are the library's
    if known is None:
        bound = hands * hand_points_bound(rules)
        if MoonOption.DOUBLE in rules.moon.options():
            bound *= 2.0 ** min(hands, 64)  # a moon may double the other totals every hand
        known = (-bound + hands * offset, bound + hands * offset)
    return pyspiel.GameInfo(
        num_distinct_actions=action_count(rules),
        max_chance_outcomes=chance_action_count(rules) + deals,
        num_players=rules.players,
        min_utility=known[0],
        max_utility=known[1],
        utility_sum=None,
        max_game_length=hands * _decisions_per_hand(rules),
    )


class HartenjagenGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one hartenjagen variant (see the module documentation for its parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULTS, **(params or {})}
        self.rules = _rules_of(values)
        if isinstance(values["variant"], str) and values["variant"].strip().startswith("{"):
            # OpenSpiel writes a game as name(key=value,...): JSON's commas would not read back.
            values["variant"] = packed_variant(self.rules)
        self.episode: EpisodeKind = (
            "hand" if checked(values["episode"], EPISODES, "episode") == "hand" else "game"
        )
        max_hands = values["max_hands"]
        if isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1:
            raise EpisodeError(f"max_hands must be a whole number of at least 1, not {max_hands!r}")
        self.max_hands = max_hands
        terminal = values["terminal_rewards"]
        if not isinstance(terminal, bool):
            raise EpisodeError(f"terminal_rewards must be true or false, not {terminal!r}")
        #: rewards only at the end of the episode (always for one hand: it pays only when it is scored)
        self.terminal = terminal or self.episode == "hand"
        #: per scored hand, what OpenSpiel-style returns add to each seat (0 for minus-points returns)
        self.offset = 0.0
        if checked(values["returns"], RETURNS, "returns") == "openspiel":
            self.offset = float(_positive_points(self.rules))
        #: with ``deal="whole"``: every distinct deal, chance id `deal_base` + its index
        self.deals = whole_deals(self.rules) if checked(values["deal"], DEALS, "deal") == "whole" else None
        self.deal_base = chance_action_count(self.rules)
        count = len(self.deals or ())
        self._deal_outcomes = [(self.deal_base + k, 1.0 / count) for k in range(count)]
        model = (
            pyspiel.GameType.RewardModel.TERMINAL if self.terminal else pyspiel.GameType.RewardModel.REWARDS
        )
        info = game_info(self.rules, self.episode, max_hands, self.offset, count)
        super().__init__(_game_type(model), info, values)
        #: the episode every initial state copies (a new game with explicit chance is always the same
        #: state, and building it with its ids and deal bookkeeping costs more than copying it)
        self._start = Episode.start(
            self.rules,
            kind=self.episode,
            grain="game" if self.terminal else "hand",
            explicit=True,
            max_hands=max_hands,
        )

    def new_initial_state(self) -> HartenjagenState:
        """The start of an episode: chance deals the first hand."""
        return HartenjagenState(self) if self.deals is None else _WholeDealState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer of observations, or of information states (``perfect_recall``)."""
        if params:
            raise ValueError(f"python_hartenjagen observers take no parameters, not {params!r}")
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.rules, perfect)


class HartenjagenState(pyspiel.State):  # type: ignore[misc]
    """A state of `HartenjagenGame`: an `Episode` of the game with explicit chance.

    OpenSpiel asks a Python state who acts about five times a step, so the
    answer is kept on the episode (`Episode.turn`), worked out once per action.
    """

    def __init__(self, game: HartenjagenGame) -> None:
        super().__init__(game)
        self._offset = game.offset
        self._terminal = game.terminal
        #: the episode this state stands for
        self.episode: Episode = copy.deepcopy(game._start)

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while chance decides, ``TERMINAL`` at the end."""
        return self.episode.turn  # Episode.CHANCE and DONE are OpenSpiel's CHANCE and TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        episode = self.episode
        return list(episode.legal_ids()) if player == episode.turn else []

    # OpenSpiel's own versions of these ask the Python state through C++ (current_player
    # several times over); answered here, a call from Python costs one Python call.

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: the player to act; at a chance node its outcomes' ids)."""
        episode = self.episode
        turn = episode.turn
        if player is None:
            player = turn
        elif player != turn:
            return []
        if player == _CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        return list(episode.legal_ids())

    def is_chance_node(self) -> bool:
        """Whether chance acts now."""
        return self.episode.turn == _CHANCE

    def is_player_node(self) -> bool:
        """Whether a seat acts now."""
        return self.episode.turn >= 0

    # The whole deals of ``deal="whole"`` are _WholeDealState's: a check here would cost every chance
    # node of a deal card by card an attribute of this pybind object (about 80 ns each).

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance ids and their probabilities."""
        return self.episode.chance_ids()

    def _apply_action(self, action: int) -> None:
        episode = self.episode
        if episode.turn != _CHANCE:
            episode.apply_action(action)
        else:
            episode.chance(action)

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.episode.state
        try:
            if player == pyspiel.PlayerId.CHANCE:
                return repr(outcome_for(int(action), state))
            move = move_for(int(action), state, self.episode.picked)
        except EpisodeError:
            return f"action {action}"
        except ValueError:
            return f"{'chance' if player == pyspiel.PlayerId.CHANCE else 'action'} {action}"
        return format_move(move)

    def is_terminal(self) -> bool:
        """Whether the episode is over."""
        return self.episode.turn == _TERMINAL

    def returns(self) -> list[float]:
        """Each seat's rewards so far: minus its total (``returns="openspiel"``: plus each hand's offset)."""
        episode = self.episode
        if self._offset:
            if self._terminal and not episode.done:
                return [0.0] * len(episode.returns)
            bonus = self._offset * len(episode.state.score_sheet)
            return [r + bonus for r in episode.returns]
        return list(episode.returns)

    def rewards(self) -> list[float]:
        """Each seat's reward from the last player action (minus its hand score when a hand was scored)."""
        episode = self.episode
        rewards = episode.rewards
        if self._offset and any(rewards):
            if self._terminal:
                return self.returns()
            return [r + self._offset for r in rewards]
        return list(rewards)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HartenjagenState:
        """A state with ``player_id``'s information state, the unseen cards dealt by `hartenjagen.bots.determinize`."""
        episode = self.episode
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = determinize(view(episode.state, player_id), rng)
        other: HartenjagenState = self.get_game().new_initial_state()
        other.episode = episode.resampled(sampled, keep_picks=player_id == episode.actor)
        return other

    def __str__(self) -> str:
        episode = self.episode
        state = episode.state
        hands = " | ".join(" ".join(map(str, hand)) for hand in state.hands)
        trick = " ".join(str(play.card) for play in state.trick)
        picked = " ".join(map(str, episode.picked))
        return (
            f"hand {state.hand_number} {state.phase.value} dealer {state.dealer} to_move {list(state.to_move)}"
            f" picked [{picked}]\nhands: {hands}\ntrick: {trick}\nscores: {list(state.scores)}"
        )


class _WholeDealState(HartenjagenState):
    """A state of a game with ``deal="whole"``: chance deals a hand in one node listing every distinct deal."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance ids and their probabilities (at a deal, one id per distinct deal)."""
        if self._deal_waits():
            return list(self.get_game()._deal_outcomes)
        return self.episode.chance_ids()

    def _deal_waits(self) -> bool:
        """Whether chance is to deal a whole hand now."""
        episode = self.episode
        if episode.turn != _CHANCE:
            return False
        state = episode.state
        return bool(node_of(state)[0] == DEAL_NODE and not any(state.dealt))

    def _apply_action(self, action: int) -> None:
        if self._deal_waits():
            episode = self.episode
            episode.state = apply(episode.state, Deal(self._whole_deal(action)))
        else:
            super()._apply_action(action)

    def _whole_deal(self, action: int) -> tuple[tuple[Card, ...], ...]:
        game: HartenjagenGame = self.get_game()
        deals: tuple[tuple[tuple[Card, ...], ...], ...] | None = game.deals
        assert deals is not None
        index = action - game.deal_base
        if not 0 <= index < len(deals):
            raise EpisodeError(
                f"chance id {action} is no deal: the deals are {game.deal_base} to {game.deal_base + len(deals) - 1}"
            )
        return deals[index]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE and self._deal_waits():
            try:
                return repr(Deal(self._whole_deal(int(action))))
            except EpisodeError:
                return f"action {action}"
            except ValueError:
                return f"chance {action}"
        return super()._action_to_string(player, action)


def _view_text(v: PlayerView, picked: str, perfect: bool) -> str:
    """A seat's information (``perfect``: with the tricks in order and the score sheet) as one line."""
    parts = [
        f"seat {v.seat} hand {v.hand_index} dealer {v.dealer} {v.phase.value} to_move {list(v.to_move)}",
        f"pass {v.pass_direction.name} stage {v.pass_stage} count {v.pass_count}",
        "cards " + " ".join(map(str, v.hand)),
        "picked " + picked,
        "passing " + " ".join(map(str, v.passing)),
        "exchanges "
        + " / ".join(" ".join(map(str, g)) + " > " + " ".join(map(str, r)) for g, r in v.exchanges),
        "trick " + " ".join(f"{p.seat}:{p.card}" for p in v.trick),
        f"broken {int(v.hearts_broken)} announcers {list(v.announcers)} scores {list(v.scores)}",
    ]
    if perfect:
        parts.append("tricks " + " / ".join(f"{t.leader}:" + " ".join(map(str, t.cards)) for t in v.tricks))
        parts.append("sheet " + " / ".join(" ".join(map(str, line.points)) for line in v.score_sheet))
    else:
        parts.append("taken " + " / ".join(" ".join(map(str, cards)) for cards in v.taken))
        parts.append("carry " + " ".join(map(str, v.carry_over)))
    return "\n".join(parts)


class _Observer:
    """OpenSpiel's Python observer: tensors from `hartenjagen.adapters.encoding`, strings from the view."""

    def __init__(self, rules: Rules, perfect: bool) -> None:
        self.perfect = perfect
        size = observation_size(rules)
        extra = history_size(rules) if perfect else 0
        self.tensor = np.zeros(size + extra, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if perfect:
            self.dict["history"] = self.tensor[size:]

    def set_from(self, state: HartenjagenState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` knows of ``state``."""
        episode = state.episode
        v = view(episode.state, player)
        picked = episode.picked if player == episode.actor else ()
        tensor = self.tensor
        tensor.fill(0.0)
        size, entries = observation_entries(v, picked)
        if self.perfect:
            entries += [(size + index, value) for index, value in history_entries(v)[1]]
        indexes, values = zip(*entries, strict=True)
        np.add.at(tensor, np.array(indexes), np.array(values, np.float32))

    def string_from(self, state: HartenjagenState, player: int) -> str:
        """What ``player`` knows of ``state`` as text."""
        episode = state.episode
        picked = episode.picked if player == episode.actor else ()
        return _view_text(view(episode.state, player), " ".join(map(str, picked)), self.perfect)


pyspiel.register_game(_GAME_TYPE, HartenjagenGame)
