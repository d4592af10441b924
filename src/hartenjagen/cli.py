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
import difflib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Literal, NoReturn

from hartenjagen import terminal, texts, variants
from hartenjagen.bots import BOT_NAMES, Bot, make_bot
from hartenjagen.cli_rules import rules_text, variants_text
from hartenjagen.cli_simulate import ProgressBar, Spread, add_spread_arguments, run_simulation
from hartenjagen.describe import describe
from hartenjagen.engine import new_game, step
from hartenjagen.errors import HartenjagenError, IllegalMoveError
from hartenjagen.events import CardsExchanged, Event, HandDealt, HandScored, Revoked
from hartenjagen.moves import Move
from hartenjagen.notation import Language, format_move
from hartenjagen.records import GameRecord, RecordError
from hartenjagen.rules import Rules
from hartenjagen.state import State
from hartenjagen.views import event_for, events_for, view

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

PROG = "hartenjagen"


class UsageError(Exception):
    """A bad argument: the message goes to stderr and the command exits with code 2."""


class BotFailure(Exception):
    """A bot made an illegal move or raised an error: the command exits with code 1."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors raise [`UsageError`][hartenjagen.cli.UsageError] (so ``main`` returns instead of exiting)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message}\n{self.format_usage().rstrip()}")


# ---------------------------------------------------------------- arguments


def _preset(name: str) -> variants.Preset:
    try:
        return variants.preset(name)
    except variants.UnknownVariantError as error:
        raise UsageError(str(error)) from None


def _language(text: str) -> Language:
    return "nl" if text == "nl" else "en"


def _bot_names(text: str, seats: int, who: str, paths: bool = False) -> list[str]:
    """The bots of ``--bots``: one name for every seat, or one name for all ``seats`` of them.

    With ``paths``, a name with a colon is a bot's import path (``module:Name``), checked when it is made.
    """
    names = [name.strip() if paths and ":" in name else name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in BOT_NAMES and not (paths and ":" in name):
            close = difflib.get_close_matches(name, BOT_NAMES, n=1, cutoff=0.75)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise UsageError(
                f"--bots: no bot called {name!r}{hint} (bots: {', '.join(BOT_NAMES)})"
                if name
                else f"--bots: an empty name in {text!r} (bots: {', '.join(BOT_NAMES)})"
            )
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise UsageError(
            f"--bots: {len(names)} names for {seats} {who}; give one name for each, in seat order, or one for all"
        )
    return names


def _dealer(text: str, players: int) -> int | Literal["cut"]:
    """``--dealer``: a seat number, or ``cut`` (every seat cuts; the highest card deals)."""
    if text.strip().lower() == "cut":
        return "cut"
    if not (text.isascii() and text.isdigit()) or int(text) >= players:
        raise UsageError(f"--dealer: expected a seat from 0 to {players - 1} or 'cut', not {text!r}")
    return int(text)


def _bot_seed(seed: int | None, seat: int) -> int | None:
    """Each bot's own seed, derived from the game's (``None``: unpredictable)."""
    return None if seed is None else seed * 1000 + seat


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


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

    ``read`` and ``say`` are the terminal (see [`hartenjagen.terminal.ask`][hartenjagen.terminal.ask]);
    ``keep`` is given the game record after every move; ``dealer`` deals first (``"cut"``:
    drawn by a cut, see [`hartenjagen.new_game`][hartenjagen.engine.new_game]). ``EOFError`` and
    ``KeyboardInterrupt`` from ``read`` pass through.
    """
    text = texts.words(language)
    others = [s for s in range(rules.players) if s != seat]
    bots: dict[int, Bot] = {
        other: make_bot(name, seed=_bot_seed(seed, other))
        for other, name in zip(others, bot_names, strict=True)
    }
    state = new_game(rules, seed=seed, dealer=dealer)
    record = GameRecord.begin(state)
    if keep is not None:
        keep(record)
    listing = ", ".join(text["bot"].format(seat=other, name=bots[other].name) for other in others)
    say(text["welcome"].format(variant=variant or "?", seat=seat, others=listing))
    say(text["hint"])
    for event in _opening_events(state):
        say(describe(event, language))
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
                raise BotFailure(
                    f"the {bot.name} bot at seat {mover} made an illegal move: {error}"
                ) from None
            except Exception as error:
                raise BotFailure(f"the {bot.name} bot at seat {mover} failed: {error!r}") from error
        record = record.add(move)
        if keep is not None:
            keep(record)
        for event in events_for(events, seat):
            say(describe(event, language))
            if isinstance(event, HandScored | Revoked):
                say(terminal.score_sheet(rules, state.score_sheet, language))
    say(text["you_won"] if seat in state.winners else text["you_lost"])
    return state


def _opening_events(state: State) -> tuple[Event, ...]:
    """The first deal, as an event (``new_game`` reports none)."""
    sizes = tuple(len(view(state, s).hand) for s in range(state.players))
    return (HandDealt(state.hand_index, state.dealer, state.pass_direction, sizes),)


def _cmd_play(args: argparse.Namespace) -> int:
    preset = _preset(args.variant)
    rules = preset.rules
    players = rules.players
    if not 0 <= args.seat < players:
        raise UsageError(
            f"--seat: there is no seat {args.seat} in {preset.name}: seats are 0 to {players - 1}"
        )
    names = _bot_names(args.bots, players - 1, "other seats")
    language = _language(args.lang)
    out = sys.stdout
    record_path: Path | None = Path(args.record) if args.record else None
    kept: list[GameRecord] = []
    if record_path is not None:
        _check_writable(record_path, "--record")
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
            dealer=_dealer(args.dealer, players),
            keep=None if record_path is None else lambda record: _keep(kept, record),
        )
    except EOFError:
        out.write("\n" + texts.words(language)["bye"] + "\n")
        return EXIT_OK
    except KeyboardInterrupt:
        out.write("\n" + texts.words(language)["bye"] + "\n")
        return EXIT_INTERRUPTED
    finally:
        if record_path is not None and kept:
            record_path.write_text(kept[-1].to_text(), encoding="utf-8")
            out.write(texts.words(language)["saved"].format(path=record_path) + "\n")
        out.flush()
    return EXIT_OK


def _keep(kept: list[GameRecord], record: GameRecord) -> None:
    kept[:] = [record]


def _check_writable(path: Path, option: str) -> None:
    if path.is_dir():
        raise UsageError(f"{option}: {path} is a directory")
    if not path.parent.is_dir():
        raise UsageError(f"{option}: there is no directory {path.parent}")


# ---------------------------------------------------------------- simulate


def _cmd_simulate(args: argparse.Namespace) -> int:
    preset = _preset(args.variant)
    rules = preset.rules
    names = (
        _bot_names(args.bots, rules.players, "seats", paths=True)
        if args.bots
        else _default_bots(rules.players)
    )
    for target, option in ((args.json, "--json"), (args.jsonl, "--jsonl")):
        if target not in (None, "-"):
            _check_writable(Path(target), option)
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
    )


def _default_bots(players: int) -> list[str]:
    return ["heuristic"] + ["random"] * (players - 1)


# ---------------------------------------------------------------- variants and rules


def _cmd_variants(args: argparse.Namespace) -> int:
    print(variants_text())
    return EXIT_OK


def _cmd_rules(args: argparse.Namespace) -> int:
    _preset(args.name)
    print(rules_text(args.name))
    return EXIT_OK


# ---------------------------------------------------------------- replay


def _read_record(path_text: str) -> GameRecord:
    path = Path(path_text)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"no such file: {path}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read {path}: {error}") from None
    try:
        return GameRecord.from_text(text)
    except RecordError as error:
        raise UsageError(f"{path} is not a game record: {error}") from None


def _describe_all(event: Event, language: Language) -> list[str]:
    """A replay shows everything: each seat's exchange, and each seat's hand at a deal."""
    if isinstance(event, CardsExchanged):
        return [describe(event_for(event, seat), language) for seat in range(len(event.given))]
    return [describe(event, language)]


def _cmd_replay(args: argparse.Namespace) -> int:
    record = _read_record(args.file)
    language = _language(args.lang)
    text = texts.words(language)
    say = _say(sys.stdout)
    try:
        state = record.initial_state()
    except RecordError as error:
        raise UsageError(f"{args.file}: {error}") from None
    say(
        text["record"].format(
            variant=_rules_name(record.rules),
            seed=record.seed,
            dealer=record.dealer,
            moves=texts.plural(len(record.moves), "move", language),
        )
    )
    stepping = args.step
    try:
        for event in _opening_events(state):
            say(describe(event, language))
        _show_hands(state, language, say)
        for number, move in enumerate(record.moves, start=1):
            if stepping:
                try:
                    input(text["step"] if sys.stdin.isatty() else "")
                except EOFError:
                    stepping = False
            say(f"{number}. {format_move(move, 'symbol')}")
            try:
                state, events = step(state, move)
            except IllegalMoveError as error:
                raise UsageError(
                    f"{args.file}: move {number} ({format_move(move)}) is illegal: {error}"
                ) from None
            for event in events:
                for line in _describe_all(event, language):
                    say("   " + line)
                if isinstance(event, HandDealt):
                    _show_hands(state, language, say)
        if state.score_sheet:
            say(terminal.score_sheet(state.rules, state.score_sheet, language))
        if not state.is_over:
            say(text["unfinished"])
    except KeyboardInterrupt:
        say("\n" + texts.words(language)["bye"])
        return EXIT_INTERRUPTED
    return EXIT_OK


def _show_hands(state: State, language: Language, say: Callable[[str], None]) -> None:
    for seat in range(state.players):
        say(texts.words(language)["deal"].format(seat=seat, cards=terminal.hand_text(view(state, seat).hand)))


def _rules_name(rules: Rules) -> str:
    for preset in variants.ALL:
        if preset.rules == rules:
            return preset.name
    return "custom rules"


# ---------------------------------------------------------------- main


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``hartenjagen`` command."""
    parser = _Parser(
        prog=PROG,
        description="Hearts (Hartenjagen) and its variants: play, simulate, list presets, explain rules, replay.",
        epilog=(
            "Exit codes: 0 done (also when the input ends); 1 a bot failed; 2 bad arguments; "
            "130 stopped with Ctrl-C."
        ),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description=(
            "Play a game against bots. Type a card (QS, q♠, 10h, ♠Q) or the number of a move; to pass, "
            "type the cards (or their numbers) separated by spaces, all at once or a few at a time. "
            "Ctrl-D ends the game (exit code 0), Ctrl-C too (exit code 130)."
        ),
    )
    play.add_argument("--variant", default="standard", help="a preset name or alias, or hoemke_P1L2H3S4")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--dealer", default="0", help="the first dealer: a seat, or 'cut' to cut for it (default 0)"
    )
    play.add_argument("--seed", type=int, default=None, help="seed of the deals and bots (default: secret)")
    play.add_argument("--lang", choices=("en", "nl"), default="en", help="language of the table")
    play.add_argument(
        "--bots", default="sampling", help="the bots at the other seats, in seat order, or one for all"
    )
    play.add_argument("--record", metavar="FILE", help="write the game record to FILE (for `replay`)")
    play.set_defaults(run=_cmd_play)

    sim = commands.add_parser(
        "simulate",
        help="play many games between bots and summarise them",
        description="Play games between bots and print each seat's wins, mean points and moon shots.",
    )
    sim.add_argument("--variant", default="standard", help="a preset name or alias, or hoemke_P1L2H3S4")
    sim.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    sim.add_argument(
        "--bots",
        default=None,
        help="the bot of every seat, in seat order, or one for all (default: heuristic, then random)",
    )
    sim.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    sim.add_argument("--workers", type=_positive, default=1, help="processes to play in (default 1)")
    sim.add_argument(
        "--json", metavar="FILE", help="also write the results as JSON to FILE ('-': stdout only)"
    )
    sim.add_argument(
        "--progress", action="store_true", help="show a progress bar even if stderr is no terminal"
    )
    add_spread_arguments(sim)
    sim.set_defaults(run=_cmd_simulate)

    listing = commands.add_parser("variants", help="list every preset with its aliases and modules")
    listing.set_defaults(run=_cmd_variants)

    explain = commands.add_parser("rules", help="one preset's rules in words")
    explain.add_argument("name", help="a preset name or alias, or hoemke_P1L2H3S4")
    explain.set_defaults(run=_cmd_rules)

    replay = commands.add_parser("replay", help="step through a saved game record")
    replay.add_argument("file", help="a game record (GameRecord.to_text, or `play --record`)")
    replay.add_argument("--step", action="store_true", help="wait for Enter between moves")
    replay.add_argument("--lang", choices=("en", "nl"), default="en", help="language of the events")
    replay.set_defaults(run=_cmd_replay)
    from hartenjagen.serve.command import add_parser as add_serve  # the web table has its own package

    add_serve(commands)
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


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else EXIT_OK
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        code: int = args.run(args)
    except UsageError as error:
        sys.stdout.flush()
        print(f"{PROG} {args.command}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BotFailure as error:
        sys.stdout.flush()
        print(f"{PROG} {args.command}: error: {error}", file=sys.stderr)
        return EXIT_FAILURE
    except HartenjagenError as error:  # bad input the library refused (a seed of 5,000 bits)
        sys.stdout.flush()
        print(f"{PROG} {args.command}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stdout.flush()
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    sys.stdout.flush()
    return code
