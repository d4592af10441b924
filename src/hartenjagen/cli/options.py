"""The options the ``hartenjagen`` commands share (the variant, the language, the bots), read one way.

``hartenjagen play``, ``simulate``, ``replay`` and ``serve`` parse their
``--variant``, ``--lang`` and ``--bots`` with these, so a bad value reads the
same in every command.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
from collections.abc import Iterator, Sequence
from typing import Final

from hartenjagen import variants
from hartenjagen.bots import BOT_NAMES
from hartenjagen.frontend.notation import Language
from hartenjagen.frontend.texts import CATALOGUE, text

__all__ = [
    "EXIT_BROKEN_PIPE", "EXIT_FAILURE", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "UsageError", "argparse_words", "argv_language",
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


#: argparse's own messages in Dutch, by argparse's English (the catalogue's ``argparse.`` entries).
_ARGPARSE_DUTCH: Final = {
    english: dutch for key, (english, dutch) in CATALOGUE.items() if key.startswith("argparse.")
}


@contextlib.contextmanager
def argparse_words(language: Language) -> Iterator[None]:
    """Within the block, argparse's own words (``usage:``, ``options``, ``expected one argument``) are in ``language``.

    argparse looks its words up through ``gettext`` each time it says them; in Dutch the lookup is
    the catalogue's for the time of the block (the command parses one command line at a time).
    """
    if language == "en":
        yield
        return
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]

    def plural(singular: str, many: str, count: int) -> str:
        return _ARGPARSE_DUTCH.get(singular if count == 1 else many, singular if count == 1 else many)

    argparse._ = lambda message: _ARGPARSE_DUTCH.get(message, message)  # type: ignore[attr-defined]
    argparse.ngettext = plural  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def preset_option(name: str, language: Language = "en") -> variants.Preset:
    """The preset named ``name`` (any of its names); an unknown name is a [`UsageError`][hartenjagen.cli.options.UsageError] in ``language``."""
    try:
        return variants.preset(name)
    except variants.UnknownVariantError as error:
        if language == "en":
            raise UsageError(str(error)) from None
        names = ", ".join(preset.name for preset in variants.OFFERED)
        close = ", ".join(repr(found) for found in error.close)
        hint = text("cli.did_you_mean_any", language, names=close) if close else ""
        raise UsageError(text("cli.unknown_variant", language, name=name, hint=hint, names=names)) from None


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


#: The built-in bots by their Dutch names (``heuristisch``), read as well as the English ones.
_DUTCH_BOTS: Final = {text(f"bot.{name}", "nl"): name for name in BOT_NAMES}


def bot_names(typed: str, seats: int, who: str, paths: bool = False, language: Language = "en") -> list[str]:
    """The bots of ``--bots``: one name for every seat, or one name for all ``seats`` of them.

    A built-in bot may be named in Dutch too (``heuristisch``, ``willekeurig``, ``steekproef``).
    ``who`` names the seats in the error (``other seats``). With ``paths``, a name with a colon
    is a bot's import path (``module:Name``), checked when it is made.
    """
    names = [name.strip() if paths and ":" in name else name.strip().lower() for name in typed.split(",")]
    names = [_DUTCH_BOTS.get(name, name) for name in names]
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
