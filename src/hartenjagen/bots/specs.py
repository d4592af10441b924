"""Bots by name or by import path: ``"heuristic"``, or ``"mypackage.bots:MyBot"`` for a bot of your own.

An import path names a module and, after a colon, a class or function in it
(``"package.module:Name"``, ``"package.module:Outer.Inner"``). It is called
with the bot's options as keywords, and with ``seed=`` too when it takes a
``seed`` (or ``**kwargs``); what it returns must have a ``choose(view)``
method. A bot given by import path runs wherever its module can be
imported: on every worker of a simulation (`hartenjagen.bots.simulate`).
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from hartenjagen.bots import Bot, BotError, make_bot

__all__ = ["load_bot"]


def load_bot(spec: str, *, seed: int | None = None, **options: Any) -> Bot:
    """The bot ``spec`` names: a bundled bot (`hartenjagen.bots.make_bot`) or an import path ``"module:Name"``."""
    if not isinstance(spec, str):
        raise BotError(f"a bot is given by name or import path ('module:Name'), not {spec!r}")
    if ":" not in spec:
        return make_bot(spec, seed=seed, **options)
    module_name, _, attribute = spec.strip().partition(":")
    if not module_name or not attribute:
        raise BotError(f"bot {spec!r}: an import path is 'package.module:Name'")
    try:
        target: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise BotError(f"bot {spec!r}: cannot import {module_name!r}: {error}") from error
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise BotError(f"bot {spec!r}: {module_name} has no {attribute!r}") from None
    if not callable(target):
        raise BotError(f"bot {spec!r}: {attribute!r} is not a class or function")
    keywords = dict(options)
    try:
        parameters = inspect.signature(target).parameters
    except (TypeError, ValueError):
        parameters = {}  # type: ignore[assignment]
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    if "seed" in parameters or takes_any:
        keywords["seed"] = seed
    try:
        bot = target(**keywords)
    except TypeError as error:
        raise BotError(f"bot {spec!r} cannot be made with options {sorted(options)}: {error}") from error
    if not callable(getattr(bot, "choose", None)):
        raise BotError(f"bot {spec!r} made {bot!r}, which has no choose(view) method")
    if not isinstance(getattr(bot, "name", None), str):
        try:
            bot.name = attribute
        except AttributeError:
            raise BotError(f"bot {spec!r} made {bot!r}, which has no name") from None
    result: Bot = bot
    return result
