"""The options the ``hartenjagen`` commands share (the variant, the language, the bots), read one way.

``hartenjagen play``, ``simulate``, ``replay`` and ``serve`` parse their
``--variant``, ``--lang`` and ``--bots`` with these, so a bad value reads the
same in every command.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from hartenjagen import variants
from hartenjagen.bots import BOT_NAMES
from hartenjagen.frontend.notation import Language
from hartenjagen.frontend.texts import text

__all__ = [
    "EXIT_BROKEN_PIPE", "EXIT_FAILURE", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "UsageError", "argv_language",
    "bot_names", "language_option", "preset_option",
]  # fmt: skip

#: The game ended, or the player stopped it by ending the input (Ctrl-D).
EXIT_OK = 0
#: A bot failed (made an illegal move or raised an error).
EXIT_FAILURE = 1
#: Bad arguments: an unknown variant, seat or bot, a missing or unreadable file.
EXIT_USAGE = 2
#: Stopped with Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130
#: The reader of the output went away (``hartenjagen simulate --json - | head``): 128 + SIGPIPE,
#: as for a command the pipe stopped; nothing is printed about it.
EXIT_BROKEN_PIPE = 141


class UsageError(Exception):
    """A bad argument: the message goes to stderr and the command exits with code 2."""


def preset_option(name: str, language: Language = "en") -> variants.Preset:
    """The preset named ``name`` (any of its names); an unknown name is a [`UsageError`][hartenjagen.cli.options.UsageError] in ``language``."""
    try:
        return variants.preset(name)
    except variants.UnknownVariantError as error:
        if language == "en":
            raise UsageError(str(error)) from None
        names = ", ".join(preset.name for preset in variants.ALL)
        raise UsageError(text("cli.unknown_variant", language, name=name, names=names)) from None


def language_option(value: str) -> Language:
    """The language of a ``--lang`` value: Dutch for ``nl``, else English."""
    return "nl" if value == "nl" else "en"


def argv_language(argv: Sequence[str]) -> Language:
    """The ``--lang`` of a command line, read before parsing it so that its help and errors are in that language."""
    for at, arg in enumerate(argv):
        if arg == "--lang" and at + 1 < len(argv):
            return language_option(argv[at + 1])
        if arg.startswith("--lang="):
            return language_option(arg.partition("=")[2])
    return "en"


def bot_names(typed: str, seats: int, who: str, paths: bool = False, language: Language = "en") -> list[str]:
    """The bots of ``--bots``: one name for every seat, or one name for all ``seats`` of them.

    ``who`` names the seats in the error (``other seats``). With ``paths``, a name with a colon
    is a bot's import path (``module:Name``), checked when it is made.
    """
    names = [name.strip() if paths and ":" in name else name.strip().lower() for name in typed.split(",")]
    bots = ", ".join(BOT_NAMES)
    for name in names:
        if name not in BOT_NAMES and not (paths and ":" in name):
            close = difflib.get_close_matches(name, BOT_NAMES, n=1, cutoff=0.75)
            hint = text("cli.did_you_mean", language, name=close[0]) if close else ""
            raise UsageError(
                text("cli.no_bot", language, name=name, hint=hint, bots=bots)
                if name
                else text("cli.empty_bot", language, text=typed, bots=bots)
            )
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise UsageError(text("cli.bot_count", language, count=len(names), seats=seats, who=who))
    return names
