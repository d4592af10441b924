"""The ``hartenjagen`` command: play at the terminal, simulate bot games, list presets, explain rules, replay games.

```text
hartenjagen play [--variant NAME] [--seat N] [--seed S] [--lang en|nl] [--bots heuristic,random,...]
                 [--record FILE]
hartenjagen simulate [--variant NAME] [--games N] [--bots heuristic,random,...] [--seed S]
                     [--workers K] [--json FILE] [--progress] [--executor KIND | --dask ADDRESS]
                     [--chunk-size N] [--jsonl FILE]
hartenjagen variants
hartenjagen rules NAME
hartenjagen replay FILE [--step] [--lang en|nl]
hartenjagen serve [--host 127.0.0.1] [--port 8000] [--variant NAME] [--humans N] [--bots ...]
                  [--seed S] [--lang en|nl] [--delay SECONDS]
```

``python -m hartenjagen`` runs the same command. Exit codes: ``0`` done (also
when the input ends, Ctrl-D: the game says goodbye); ``1`` a bot failed;
``2`` bad arguments (an unknown variant, seat or bot, a missing or unreadable
file); ``130`` stopped with Ctrl-C (after a goodbye line).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Final, Literal, NoReturn

from hartenjagen import variants
from hartenjagen.bots import Bot, make_bot
from hartenjagen.cli import terminal
from hartenjagen.cli.options import (
    EXIT_BROKEN_PIPE,
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    argparse_words,
    argv_language,
    bot_names,
    language_option,
    preset_option,
)
from hartenjagen.cli.rules import rules_text, variants_text
from hartenjagen.cli.simulate import ProgressBar, Spread, add_spread_arguments, run_simulation
from hartenjagen.core import State
from hartenjagen.engine import new_game, step
from hartenjagen.errors import HartenjagenError, IllegalMoveError
from hartenjagen.events import CardsExchanged, Event, HandDealt, HandScored, Revoked
from hartenjagen.frontend import texts
from hartenjagen.frontend.describe import describe
from hartenjagen.frontend.notation import Language
from hartenjagen.frontend.records import GameRecord, RecordError
from hartenjagen.frontend.texts import text
from hartenjagen.frontend.views import event_for, events_for, view
from hartenjagen.moves import Move
from hartenjagen.rules import Rules

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_FAILURE",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "ProgressBar",
    "main",
    "rules_text",
    "variants_text",
]

PROG = "hartenjagen"


class BotFailure(Exception):
    """A bot made an illegal move or raised an error: the command exits with code 1."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors raise [`UsageError`][hartenjagen.cli.UsageError] (so ``main`` returns instead of exiting)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message}\n{self.format_usage().rstrip()}")


# ---------------------------------------------------------------- arguments


def _dealer(typed: str, players: int, language: Language = "en") -> int | Literal["cut"]:
    """``--dealer``: a seat number, or ``cut`` (every seat cuts; the highest card deals)."""
    if typed.strip().lower() == "cut":
        return "cut"
    if not (typed.isascii() and typed.isdigit()) or int(typed) >= players:
        raise UsageError(text("cli.bad_dealer", language, last=players - 1, text=typed))
    return int(typed)


def _bot_seed(seed: int | None, seat: int) -> int | None:
    """Each bot's own seed, derived from the game's (``None``: unpredictable)."""
    return None if seed is None else seed * 1000 + seat


def _positive_in(language: Language) -> Callable[[str], int]:
    """``--games`` and ``--workers``: a whole number of at least 1 (the complaint in ``language``)."""

    def positive(typed: str) -> int:
        try:
            value = int(typed)
        except ValueError:
            raise argparse.ArgumentTypeError(text("cli.not_whole", language, text=typed)) from None
        if value < 1:
            raise argparse.ArgumentTypeError(text("cli.too_small", language, value=value))
        return value

    return positive


# ---------------------------------------------------------------- play


def _reader(stream: IO[str]) -> Callable[[str], str]:
    """``input``, echoing piped input so that a transcript reads as if it had been typed."""
    echo = not sys.stdin.isatty()

    def read(prompt: str) -> str:
        text = input(prompt)
        if echo:
            stream.write(text + "\n")
        return text

    return read


def _say(stream: IO[str]) -> Callable[[str], None]:
    def say(text: str) -> None:
        stream.write(text + "\n")
        stream.flush()

    return say


def play_game(
    rules: Rules,
    *,
    seat: int,
    bot_names: Sequence[str],
    seed: int | None,
    language: Language,
    read: Callable[[str], str],
    say: Callable[[str], None],
    variant: str = "",
    keep: Callable[[GameRecord], None] | None = None,
    dealer: int | Literal["cut"] = 0,
) -> State:
    """Play one game with a human at ``seat`` and ``bot_names`` at the other seats (in seat order).

    ``read`` and ``say`` are the terminal (see [`hartenjagen.cli.terminal.ask`][hartenjagen.cli.terminal.ask]);
    ``keep`` is given the game record after every move; ``dealer`` deals first (``"cut"``:
    drawn by a cut, see [`hartenjagen.new_game`][hartenjagen.engine.new_game]). ``EOFError`` and
    ``KeyboardInterrupt`` from ``read`` pass through.
    """
    others = [s for s in range(rules.players) if s != seat]
    bots: dict[int, Bot] = {
        other: make_bot(name, seed=_bot_seed(seed, other))
        for other, name in zip(others, bot_names, strict=True)
    }
    state = new_game(rules, seed=seed, dealer=dealer)
    record = GameRecord.begin(state)
    if keep is not None:
        keep(record)
    listing = ", ".join(
        text("play.bot", language, seat=other, name=texts.bot_text(bots[other].name, language))
        for other in others
    )
    shown = texts.variant_text(variant, language) if variant else "?"
    say(text("play.welcome", language, variant=shown, seat=seat, others=listing))
    say(text("play.hint", language))

    def tell(event: Event) -> None:
        # A deal the table's header is about to show (the player moves first) is not said twice.
        if isinstance(event, HandDealt) and seat in state.to_move:
            return
        say(describe(event, language, you=seat, rules=rules))

    for event in _opening_events(state):
        tell(event)
    while not state.is_over:
        move: Move
        if seat in state.to_move:
            move = terminal.ask(state, seat, language, read, say, gather=True)
            state, events = step(state, move)
        else:
            mover = state.to_move[0]
            bot = bots[mover]
            try:
                move = bot.choose(view(state, mover))
                state, events = step(state, move)
            except IllegalMoveError as error:
                why = texts.refusal(error.reason, language)
                raise BotFailure(
                    text("play.bot_illegal", language, bot=bot.name, seat=mover, error=why)
                ) from None
            except Exception as error:
                raise BotFailure(
                    text("play.bot_failed", language, bot=bot.name, seat=mover, error=repr(error))
                ) from error
        record = record.add(move)
        if keep is not None:
            keep(record)
        for event in events_for(events, seat):
            tell(event)
            if isinstance(event, HandScored | Revoked):
                say(terminal.score_sheet(rules, state.score_sheet, language))
                if terminal.count_turns(rules, state.score_sheet) and not state.is_over:
                    say(text("event.second_half", language))
    say(text("play.you_won" if seat in state.winners else "play.you_lost", language))
    return state


def _opening_events(state: State) -> tuple[Event, ...]:
    """The first deal, as an event (``new_game`` reports none)."""
    sizes = tuple(len(view(state, s).hand) for s in range(state.players))
    return (HandDealt(state.hand_index, state.dealer, state.pass_direction, sizes),)


def _cmd_play(args: argparse.Namespace) -> int:
    language = language_option(args.lang)
    preset = preset_option(args.variant, language)
    rules = preset.rules
    players = rules.players
    if not 0 <= args.seat < players:
        raise UsageError(
            text("cli.bad_seat", language, seat=args.seat, variant=preset.name, last=players - 1)
        )
    names = bot_names(args.bots, players - 1, text("cli.other_seats", language), language=language)
    out = sys.stdout
    record_path: Path | None = Path(args.record) if args.record else None
    kept: list[GameRecord] = []
    if record_path is not None:
        _check_writable(record_path, "--record", language)
    try:
        play_game(
            rules,
            seat=args.seat,
            bot_names=names,
            seed=args.seed,
            language=language,
            read=_reader(out),
            say=_say(out),
            variant=preset.name,
            dealer=_dealer(args.dealer, players, language),
            keep=None if record_path is None else lambda record: _keep(kept, record),
        )
    except EOFError:
        out.write("\n" + text("table.bye", language) + "\n")
        return EXIT_OK
    except KeyboardInterrupt:
        out.write("\n" + text("table.bye", language) + "\n")
        return EXIT_INTERRUPTED
    finally:
        if record_path is not None and kept:
            record_path.write_text(kept[-1].to_text(), encoding="utf-8")
            out.write(text("play.saved", language, path=record_path) + "\n")
        out.flush()
    return EXIT_OK


def _keep(kept: list[GameRecord], record: GameRecord) -> None:
    kept[:] = [record]


def _check_writable(path: Path, option: str, language: Language = "en") -> None:
    if path.is_dir():
        raise UsageError(text("cli.is_directory", language, option=option, path=path))
    if not path.parent.is_dir():
        raise UsageError(text("cli.no_directory", language, option=option, path=path.parent))


# ---------------------------------------------------------------- simulate


def _cmd_simulate(args: argparse.Namespace) -> int:
    language = language_option(args.lang)
    preset = preset_option(args.variant, language)
    rules = preset.rules
    names = (
        bot_names(args.bots, rules.players, text("cli.seats", language), paths=True, language=language)
        if args.bots
        else _default_bots(rules.players)
    )
    for target, option in ((args.json, "--json"), (args.jsonl, "--jsonl")):
        if target not in (None, "-"):
            _check_writable(Path(target), option, language)
    return run_simulation(
        rules,
        preset.name,
        names,
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        json_target=args.json,
        progress=args.progress,
        spread=Spread(args.executor, args.dask, args.chunk_size, args.jsonl),
        language=language,
    )


def _default_bots(players: int) -> list[str]:
    return ["heuristic"] + ["random"] * (players - 1)


# ---------------------------------------------------------------- variants and rules


def _cmd_variants(args: argparse.Namespace) -> int:
    print(variants_text(language_option(args.lang)))
    return EXIT_OK


def _cmd_rules(args: argparse.Namespace) -> int:
    language = language_option(args.lang)
    if args.name.endswith(".json"):
        # A ruleset of one's own, saved with hj.dumps: described from its modules' own words.
        print(rules_text(_read_rules(args.name, language), language))
        return EXIT_OK
    preset_option(args.name, language)
    print(rules_text(args.name, language))
    return EXIT_OK


def _read_file(path_text: str, language: Language) -> tuple[Path, str]:
    """The path and the text of a file the user named (a missing or unreadable one is a `UsageError`)."""
    path = Path(path_text)
    try:
        return path, path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(text("cli.no_file", language, path=path)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(text("cli.unreadable_file", language, path=path, error=error)) from None


def _read_rules(path_text: str, language: Language = "en") -> Rules:
    """The ``Rules`` value saved as JSON (``hj.dumps(rules)``) in the file ``path_text``."""
    from hartenjagen.frontend.serialize import loads

    path, saved = _read_file(path_text, language)
    try:
        value = loads(saved)
    except HartenjagenError as error:
        raise UsageError(text("cli.not_rules", language, path=path, error=error)) from None
    if not isinstance(value, Rules):
        error_text = f"{type(value).__name__}, not Rules"
        raise UsageError(text("cli.not_rules", language, path=path, error=error_text))
    return value


# ---------------------------------------------------------------- replay


def _read_record(path_text: str, language: Language = "en") -> GameRecord:
    path, saved = _read_file(path_text, language)
    try:
        return GameRecord.from_text(saved)
    except RecordError as error:
        raise UsageError(text("cli.not_a_record", language, path=path, error=error)) from None


def _describe_all(event: Event, language: Language, rules: Rules) -> list[str]:
    """A replay shows everything: each seat's exchange, and each seat's hand at a deal."""
    if isinstance(event, CardsExchanged):
        return [describe(event_for(event, seat), language, rules=rules) for seat in range(len(event.given))]
    return [describe(event, language, rules=rules)]


#: What stops a replay step by step (``q``; Dutch ``stop``).
_QUIT: Final = ("q", "quit", "stop")


def _cmd_replay(args: argparse.Namespace) -> int:
    language = language_option(args.lang)
    record = _read_record(args.file, language)
    say = _say(sys.stdout)
    try:
        state = record.initial_state()
    except RecordError as error:
        raise UsageError(text("cli.bad_record", language, path=args.file, error=error)) from None
    say(
        text(
            "replay.record",
            language,
            variant=texts.variant_text(_rules_name(record.rules, language), language),
            seed=record.seed,
            dealer=record.dealer,
            moves=texts.plural(len(record.moves), "move", language),
        )
    )
    stepping = args.step
    try:
        for event in _opening_events(state):
            say(describe(event, language, rules=record.rules))
        _show_hands(state, language, say)
        for number, move in enumerate(record.moves, start=1):
            if stepping:
                try:
                    typed = input(text("replay.step", language) if sys.stdin.isatty() else "")
                except EOFError:
                    stepping = False
                else:
                    if typed.strip().lower() in _QUIT:
                        say(text("table.bye", language))
                        return EXIT_OK
            say(f"{number}. {move}")
            try:
                state, events = step(state, move)
            except IllegalMoveError as error:
                why = texts.refusal(error.reason, language)
                raise UsageError(
                    text(
                        "cli.illegal_record_move",
                        language,
                        path=args.file,
                        number=number,
                        move=str(move),
                        error=why,
                    )
                ) from None
            for event in events:
                for line in _describe_all(event, language, state.rules):
                    say("   " + line)
                if isinstance(event, HandDealt):
                    _show_hands(state, language, say)
        if state.score_sheet:
            say(terminal.score_sheet(state.rules, state.score_sheet, language))
        if not state.is_over:
            say(text("replay.unfinished", language))
    except KeyboardInterrupt:
        say("\n" + text("table.bye", language))
        return EXIT_INTERRUPTED
    return EXIT_OK


def _show_hands(state: State, language: Language, say: Callable[[str], None]) -> None:
    for seat in range(state.players):
        cards = terminal.hand_text(view(state, seat).hand, language)
        say(text("replay.deal", language, seat=seat, cards=cards))


def _rules_name(rules: Rules, language: Language = "en") -> str:
    for preset in variants.OFFERED:
        if preset.rules == rules:
            return preset.name
    return text("replay.custom_rules", language)


# ---------------------------------------------------------------- main


def build_parser(language: Language = "en") -> argparse.ArgumentParser:
    """The argument parser of the ``hartenjagen`` command, its help in ``language``."""

    def say(key: str) -> str:
        return text(key, language)

    parser = _Parser(prog=PROG, description=say("cli.description"), epilog=say("cli.epilog"))
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {_version()}", help=say("argparse.version")
    )
    positive = _positive_in(language)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    languages = ("en", "nl")

    play = commands.add_parser("play", help=say("cli.play"), description=say("cli.play_description"))
    play.add_argument("--variant", default="standard", help=say("cli.variant"))
    play.add_argument("--seat", type=int, default=0, help=say("cli.seat"))
    play.add_argument("--dealer", default="0", help=say("cli.dealer"))
    play.add_argument("--seed", type=int, default=None, help=say("cli.seed"))
    play.add_argument("--lang", choices=languages, default="en", help=say("cli.lang"))
    play.add_argument("--bots", default="sampling", help=say("cli.bots"))
    play.add_argument("--record", metavar="FILE", help=say("cli.record"))
    play.set_defaults(run=_cmd_play)

    sim = commands.add_parser(
        "simulate", help=say("cli.simulate"), description=say("cli.simulate_description")
    )
    sim.add_argument("--variant", default="standard", help=say("cli.variant"))
    sim.add_argument("--games", type=positive, default=100, help=say("cli.games"))
    sim.add_argument("--bots", default=None, help=say("cli.sim_bots"))
    sim.add_argument("--seed", type=int, default=0, help=say("cli.sim_seed"))
    sim.add_argument("--workers", type=positive, default=1, help=say("cli.workers"))
    sim.add_argument("--json", metavar="FILE", help=say("cli.json"))
    sim.add_argument("--progress", action="store_true", help=say("cli.progress"))
    sim.add_argument("--lang", choices=languages, default="en", help=say("cli.lang_text"))
    add_spread_arguments(sim, language)
    sim.set_defaults(run=_cmd_simulate)

    listing = commands.add_parser("variants", help=say("cli.variants"))
    listing.add_argument("--lang", choices=languages, default="en", help=say("cli.lang_text"))
    listing.set_defaults(run=_cmd_variants)

    explain = commands.add_parser("rules", help=say("cli.rules"))
    explain.add_argument("name", help=say("cli.rules_name"))
    explain.add_argument("--lang", choices=languages, default="en", help=say("cli.lang_text"))
    explain.set_defaults(run=_cmd_rules)

    replay = commands.add_parser("replay", help=say("cli.replay"))
    replay.add_argument("file", help=say("cli.replay_file"))
    replay.add_argument("--step", action="store_true", help=say("cli.step"))
    replay.add_argument("--lang", choices=languages, default="en", help=say("cli.lang_events"))
    replay.set_defaults(run=_cmd_replay)
    from hartenjagen.web.command import add_parser as add_serve  # the web table has its own package

    add_serve(commands, language)
    return parser


def _version() -> str:
    from hartenjagen import __version__

    return __version__


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hartenjagen`` command with ``argv`` (default: the command line); return the exit code."""
    # Bytes that are not text (a strict UTF-8 stdin, a terminal in another encoding) must not stop
    # the game with a UnicodeDecodeError: they read as U+FFFD and the prompt says it cannot read them.
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader went away (`hartenjagen simulate --json - | head`): stop quietly. Later writes,
        # and the flush at exit, go to /dev/null instead of raising again.
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE


#: The commands that take one name or path: words past it were most likely meant as one.
_ONE_NAME: Final = ("rules", "replay")


def _parse(
    parser: argparse.ArgumentParser, argv: Sequence[str] | None, language: Language
) -> argparse.Namespace:
    """The parsed command line; words left over are an error (for ``rules zwarte maria``: a hint to quote)."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        command = getattr(args, "command", None)
        if command in _ONE_NAME and not any(word.startswith("-") for word in extra):
            first = args.name if command == "rules" else args.file
            words = " ".join([first, *extra])
            raise UsageError(text("cli.quote_name", language, command=command, words=words, prog=PROG))
        parser.error(argparse._("unrecognized arguments: %s") % " ".join(extra))  # type: ignore[attr-defined]
    return args


def _main(argv: Sequence[str] | None) -> int:
    language = argv_language(sys.argv[1:] if argv is None else argv)
    with argparse_words(language):
        parser = build_parser(language)
        try:
            args = _parse(parser, argv, language)
        except UsageError as error:
            print(text("cli.error", language, prog=PROG, error=error), file=sys.stderr)
            return EXIT_USAGE
        except SystemExit as done:  # --help and --version
            return done.code if isinstance(done.code, int) else EXIT_OK
        if args.command is None:
            parser.print_help(sys.stderr)
            return EXIT_USAGE
    try:
        code: int = args.run(args)
    except (UsageError, BotFailure, HartenjagenError) as error:
        # HartenjagenError: bad input the library refused (a seed of 5,000 bits)
        sys.stdout.flush()
        print(
            text("cli.command_error", language, prog=PROG, command=args.command, error=error), file=sys.stderr
        )
        return EXIT_FAILURE if isinstance(error, BotFailure) else EXIT_USAGE
    except KeyboardInterrupt:
        sys.stdout.flush()
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    sys.stdout.flush()
    return code
