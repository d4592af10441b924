"""Bots: programs that choose a seat's moves from what that seat may know.

A bot is anything with a ``name`` and a ``choose(view)`` method (the
[`Bot`][hartenjagen.bots.Bot] protocol). It is given the seat's
[`PlayerView`][hartenjagen.frontend.views.PlayerView] — its own hand, the public play and the
rules — and returns one of the seat's legal moves: in the passing phase a
``Pass(view.seat, cards)`` of ``view.pass_count`` cards from
``view.pass_options``, otherwise one of ``view.legal_moves``.

Three bots come with the library (``make_bot(name)``):

- ``"random"`` ([`RandomBot`][hartenjagen.bots.RandomBot]): a uniformly random legal move;
- ``"heuristic"`` ([`HeuristicBot`][hartenjagen.bots.HeuristicBot]): card sense for any ruleset,
  reading every card's value from ``view.rules.scoring``, well under a millisecond a move;
- ``"sampling"`` ([`SamplingBot`][hartenjagen.bots.SamplingBot]), the strongest: determinized Monte
  Carlo — it deals the unseen cards at random many times
  ([`hartenjagen.bots.determinize`][hartenjagen.bots.determinize]), plays each legal move (and each likely
  pass) out with fast card-sense playouts, and keeps the one that costs it the
  fewest points relative to the others.

[`play_game`][hartenjagen.bots.play_game] plays a whole game between bots; [`hartenjagen.bots.simulate`][hartenjagen.bots.simulate]
plays many.
"""

# ruff: noqa: E402 (the imports below come after the choice of the heuristic's module)

from __future__ import annotations

import inspect
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from hartenjagen._compiled_beside import compiled_or_source
from hartenjagen.core import COMPILED

# Before any import of it: the heuristic compiled with mypyc (setup.py's ``BOTS``) runs only beside the
# compiled core; elsewhere, or built before its source last changed, its source runs.
compiled_or_source(Path(__file__).parent, f"{__name__}.heuristic", COMPILED)

from hartenjagen.bots.base import Bot, BotError, seat_to_move
from hartenjagen.bots.heuristic import HeuristicBot
from hartenjagen.bots.sampling import PLAYOUTS, SamplingBot
from hartenjagen.core import State
from hartenjagen.engine import apply, explain, new_game
from hartenjagen.frontend.views import PlayerView, view
from hartenjagen.moves import Move, Pass
from hartenjagen.rules import Rules
from hartenjagen.values import Phase

__all__ = [
    "BOT_NAMES",
    "PLAYOUTS",
    "Bot",
    "BotError",
    "HeuristicBot",
    "RandomBot",
    "SamplingBot",
    "make_bot",
    "play_game",
]

#: The names [`make_bot`][hartenjagen.bots.make_bot] knows.
BOT_NAMES: Final = ("random", "heuristic", "sampling")


# ---------------------------------------------------------------- random


class RandomBot:
    """Chooses a uniformly random legal move; in the passing phase, a random set of cards.

    The same ``seed`` gives the same choices for the same views.
    """

    name: str = "random"

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        """A random legal move for ``view.seat``."""
        seat = seat_to_move(view)
        if view.phase is Phase.PASSING:
            return Pass(seat, self._rng.sample(view.pass_options, view.pass_count))
        return self._rng.choice(view.legal_moves)

    def __repr__(self) -> str:
        return "RandomBot()"


# ---------------------------------------------------------------- making bots and playing

_BOTS: Final[dict[str, type[RandomBot] | type[HeuristicBot] | type[SamplingBot]]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "sampling": SamplingBot,
}


def _options_of(factory: type[RandomBot] | type[HeuristicBot] | type[SamplingBot]) -> list[str]:
    """The options a bot class takes (its keyword parameters but ``seed``)."""
    # A signature is read in about a millisecond: once per bot class, not once per bot.
    found = _OPTIONS.get(factory)
    if found is None:
        found = _OPTIONS[factory] = [p for p in inspect.signature(factory).parameters if p != "seed"]
    return found


_OPTIONS: dict[object, list[str]] = {}


def make_bot(name: str, *, seed: int | None = None, **options: Any) -> Bot:
    """The bot called ``name`` (one of `BOT_NAMES`), seeded with ``seed``, with its ``options``.

    ``make_bot("sampling", seed=1, samples=50)``. An unknown name or option
    raises [`BotError`][hartenjagen.bots.BotError] listing the choices.
    """
    key = name.strip().lower() if isinstance(name, str) else None
    factory = _BOTS.get(key) if key is not None else None
    if factory is None:
        raise BotError(f"no bot called {name!r}: the bots are {', '.join(BOT_NAMES)}")
    accepted = _options_of(factory)
    unknown = sorted(set(options) - set(accepted))
    if unknown:
        takes = f"its options are {', '.join(accepted)}" if accepted else "it takes no options"
        raise BotError(f"bot {key!r} has no option {', '.join(map(repr, unknown))}: {takes}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise BotError(f"seed must be a whole number or None, not {seed!r}")
    bot: Bot = factory(seed=seed, **options)
    return bot


def play_game(rules: Rules, bots: Sequence[Bot], *, seed: int) -> State:
    """Play a whole game of ``rules``, bot ``i`` at seat ``i``; return the final state.

    Each bot chooses from its own seat's view. In the passing phase every
    seat still to pass chooses in turn (each sees only its own cards). A move
    that is not legal raises [`BotError`][hartenjagen.bots.BotError] naming the bot.
    """
    if not isinstance(rules, Rules):
        raise BotError(f"play_game needs a Rules value, not {rules!r}")
    if len(bots) != rules.players:
        raise BotError(f"{len(bots)} bots for a game of {rules.players} players: give one bot per seat")
    state = new_game(rules, seed=seed)
    while not state.is_over:
        if state.phase is Phase.PASSING:
            for seat in state.to_move:
                state = _bot_move(state, bots[seat], seat)
        else:
            seat = state.to_move[0]
            state = _bot_move(state, bots[seat], seat)
    return state


def choose_for(bot: Bot, state: State, seat: int) -> Move:
    """``bot.choose(view(state, seat))``: ``bot``'s move for ``seat``, to move in ``state``.

    The bundled heuristic reads the state itself (`HeuristicBot.choose_at`:
    the same move, without building the whole view); any other bot, a
    subclass of the heuristic among them, chooses from the view.
    """
    if type(bot) is HeuristicBot:
        return bot.choose_at(state, seat)
    return bot.choose(view(state, seat))


def _bot_move(state: State, bot: Bot, seat: int) -> State:
    move = choose_for(bot, state, seat)
    reason = explain(state, move)
    if reason is not None or getattr(move, "seat", None) != seat:
        why = reason.message if reason is not None else f"it is a move for seat {getattr(move, 'seat', None)}"
        raise BotError(f"bot {bot.name!r} at seat {seat} chose {move!r}, which is not legal: {why}")
    return apply(state, move)
