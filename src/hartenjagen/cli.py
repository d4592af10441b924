"""The ``hartenjagen`` command: play at the terminal, simulate bot games, list presets, explain rules, replay games.

::

    hartenjagen play [--variant NAME] [--seat N] [--seed S] [--lang en|nl] [--bots heuristic,random,...]
                     [--record FILE]
    hartenjagen simulate [--variant NAME] [--games N] [--bots heuristic,random,...] [--seed S]
                         [--workers K] [--json FILE] [--progress]
    hartenjagen variants
    hartenjagen rules NAME
    hartenjagen replay FILE [--step] [--lang en|nl]

``python -m hartenjagen`` runs the same command. Exit codes: ``0`` done (also
when the input ends, Ctrl-D: the game says goodbye); ``1`` a bot failed;
``2`` bad arguments (an unknown variant, seat or bot, a missing or unreadable
file); ``130`` stopped with Ctrl-C (after a goodbye line).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import enum
import inspect
import json
import re
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import IO, NoReturn

import attrs

from hartenjagen import rules as rule_modules
from hartenjagen import terminal, variants
from hartenjagen.bots import BOT_NAMES, Bot, make_bot
from hartenjagen.cards import Card, Rank
from hartenjagen.describe import describe
from hartenjagen.engine import new_game, step
from hartenjagen.errors import HartenjagenError, IllegalMoveError
from hartenjagen.events import CardsExchanged, Event, HandDealt, HandScored, Revoked
from hartenjagen.moves import Move
from hartenjagen.notation import Language, format_move
from hartenjagen.records import GameRecord, RecordError
from hartenjagen.rules import Rules
from hartenjagen.rules.scoring import CardPoints
from hartenjagen.simulate import SimulationResult, simulate
from hartenjagen.state import State
from hartenjagen.table import table_for
from hartenjagen.views import event_for, events_for, view

__all__ = ["EXIT_FAILURE", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "main", "rules_text", "variants_text"]

#: The game ended, or the player stopped it by ending the input (Ctrl-D).
EXIT_OK = 0
#: A bot failed (made an illegal move or raised an error).
EXIT_FAILURE = 1
#: Bad arguments: an unknown variant, seat or bot, a missing or unreadable file.
EXIT_USAGE = 2
#: Stopped with Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130

PROG = "hartenjagen"

#: The command's own sentences (the table's come from :mod:`hartenjagen.terminal`, events from ``describe``).
TEXT: dict[str, dict[str, str]] = {
    "en": {
        "welcome": "hartenjagen: {variant}. You are seat {seat}; {others}.",
        "hint": "Type a card (QS, q♠, 10h) or the number of a move; Ctrl-D or Ctrl-C stops.",
        "bot": "seat {seat}: {name}",
        "you_won": "You win!",
        "you_lost": "You do not win this time.",
        "saved": "The game record is in {path}.",
        "record": "Game record: {variant}, seed {seed}, dealer {dealer}, {moves} moves.",
        "deal": "  seat {seat}: {cards}",
        "unfinished": "The record ends here, before the game is over.",
        "step": "[Enter] ",
    },
    "nl": {
        "welcome": "hartenjagen: {variant}. Jij bent speler {seat}; {others}.",
        "hint": "Typ een kaart (QS, q♠, 10h) of het nummer van een zet; Ctrl-D of Ctrl-C stopt.",
        "bot": "speler {seat}: {name}",
        "you_won": "Je hebt gewonnen!",
        "you_lost": "Je hebt deze keer niet gewonnen.",
        "saved": "Het spelverslag staat in {path}.",
        "record": "Spelverslag: {variant}, seed {seed}, gever {dealer}, {moves} zetten.",
        "deal": "  speler {seat}: {cards}",
        "unfinished": "Het verslag stopt hier, voor het einde van het spel.",
        "step": "[Enter] ",
    },
}


class UsageError(Exception):
    """A bad argument: the message goes to stderr and the command exits with code 2."""


class BotFailure(Exception):
    """A bot made an illegal move or raised an error: the command exits with code 1."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors raise :class:`UsageError` (so ``main`` returns instead of exiting)."""

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


def _bot_names(text: str, seats: int, who: str) -> list[str]:
    """The bots of ``--bots``: one name for every seat, or one name for all ``seats`` of them."""
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in BOT_NAMES:
            close = difflib.get_close_matches(name, BOT_NAMES, n=1)
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
) -> State:
    """Play one game with a human at ``seat`` and ``bot_names`` at the other seats (in seat order).

    ``read`` and ``say`` are the terminal (see :func:`hartenjagen.terminal.ask`);
    ``keep`` is given the game record after every move. ``EOFError`` and
    ``KeyboardInterrupt`` from ``read`` pass through.
    """
    text = TEXT[language]
    others = [s for s in range(rules.players) if s != seat]
    bots: dict[int, Bot] = {
        other: make_bot(name, seed=_bot_seed(seed, other))
        for other, name in zip(others, bot_names, strict=True)
    }
    state = new_game(rules, seed=seed)
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
            keep=None if record_path is None else lambda record: _keep(kept, record),
        )
    except EOFError:
        out.write("\n" + terminal.WORDS[language]["bye"] + "\n")
        return EXIT_OK
    except KeyboardInterrupt:
        out.write("\n" + terminal.WORDS[language]["bye"] + "\n")
        return EXIT_INTERRUPTED
    finally:
        if record_path is not None and kept:
            record_path.write_text(kept[-1].to_text(), encoding="utf-8")
            out.write(TEXT[language]["saved"].format(path=record_path) + "\n")
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


class ProgressBar:
    """A one-line progress bar on a stream (stderr): ``[#####.....] 50/100 games  3.2 s``."""

    def __init__(self, stream: IO[str], width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.start = time.monotonic()
        self.last = -1.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // max(total, 1)
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games  {now - self.start:.1f} s")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def _cmd_simulate(args: argparse.Namespace) -> int:
    preset = _preset(args.variant)
    rules = preset.rules
    names = _bot_names(args.bots, rules.players, "seats") if args.bots else _default_bots(rules.players)
    json_path = None if args.json in (None, "-") else Path(args.json)
    if json_path is not None:
        _check_writable(json_path, "--json")
    bar = ProgressBar(sys.stderr) if args.progress or sys.stderr.isatty() else None
    try:
        result = simulate(rules, names, games=args.games, seed=args.seed, workers=args.workers, progress=bar)
    finally:
        if bar is not None:
            bar.close()
    payload = {"variant": preset.name, "bots": names, **result.as_dict()}
    if args.json == "-":
        json.dump(payload, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return EXIT_OK
    print(_simulation_table(preset.name, result))
    if json_path is not None:
        json_path.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"JSON written to {json_path}.")
    return EXIT_OK


def _default_bots(players: int) -> list[str]:
    return ["heuristic"] + ["random"] * (players - 1)


def _simulation_table(variant: str, result: SimulationResult) -> str:
    """Per seat: the bot, its wins (a shared win among k seats counts 1/k), win rate, mean total and moons."""
    lines = [
        f"{variant}: {result.games} games, seed {result.seed}",
        f"{'seat':>4}  {'bot':<10} {'wins':>7} {'win %':>6} {'mean total':>10} {'moon shots':>10}",
    ]
    for row, rate in zip(result.seats, result.win_rates, strict=True):
        wins = f"{row.wins:.2f}".rstrip("0").rstrip(".")
        lines.append(
            f"{row.seat:>4}  {row.bot:<10} {wins:>7} {100 * rate:>5.1f}% {row.mean_total:>10.1f} {row.moon_shots:>10}"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------- variants and rules


_SLOT_TITLES = {
    "deck": "deck",
    "passing": "passing",
    "opening": "opening lead",
    "first_trick": "first trick",
    "leading": "leading hearts",
    "scoring": "scoring",
    "moon": "shooting the moon",
    "ending": "end of the game",
    "duplicates": "identical cards",
    "extras": "house rules",
}


def _slot_modules(rules: Rules) -> Iterator[tuple[str, object]]:
    for slot, module in rules.modules().items():
        if isinstance(module, tuple):
            for extra in module:
                yield slot, extra
        else:
            yield slot, module


def variants_text() -> str:
    """Every preset with its summary, aliases and the modules that differ from the standard game."""
    standard = variants.STANDARD.modules()
    lines = []
    for preset in variants.ALL:
        lines.append(f"{preset.name}: {preset.summary}")
        if preset.aliases:
            lines.append(_wrap("aliases: " + ", ".join(preset.aliases), "  ", "    "))
        modules = preset.rules.modules()
        if preset.rules == variants.STANDARD:
            changed = modules
            label = "modules"
        else:
            changed = {slot: module for slot, module in modules.items() if module != standard[slot]}
            label = "modules (the rest as standard)"
        parts = [f"{slot}={_module_name(slot, module)}" for slot, module in changed.items() if module != ()]
        lines.append(_wrap(f"{label}: " + ", ".join(parts), "  ", "    "))
        lines.append("")
    lines.append("hoemke_P1L1H1S1 ... hoemke_P4L4H4S4: Hoemke's 256 variants, one number 1-4 for each of")
    lines.append("  passing (P), first lead (L), leading hearts (H) and scoring (S);")
    lines.append("  `hartenjagen rules hoemke_P2L2H2S3` explains one.")
    return "\n".join(lines)


def _module_name(slot: str, module: object) -> str:
    """A slot's module by its constant's name (``LEFT_RIGHT_HOLD_HOLD``), else by its repr."""
    if isinstance(module, tuple):
        return "(" + ", ".join(_module_name(slot, item) for item in module) + ")"
    known = _constant_name(slot, module)
    return known.rsplit(".", 1)[1] if known else repr(module)


def _wrap(text: str, first: str, rest: str, width: int = 100) -> str:
    return textwrap.fill(
        text, width=width, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )


def _plain(docstring: str) -> str:
    """Docstring markup as plain text: ``x`` and :role:`~a.b.x` become `x`."""
    text = re.sub(r":[a-z]+:`~?(?:[\w.]+\.)?([^`]+)`", r"`\1`", docstring)
    return re.sub(r"``([^`]+)``", r"`\1`", text)


def _first_paragraph(obj: object) -> str:
    doc = inspect.getdoc(type(obj)) or ""
    return " ".join(_plain(doc).split("\n\n")[0].split())


def _constant_name(slot: str, module: object) -> str | None:
    """The name the module is known by in ``hartenjagen.rules.<slot>`` (``LEFT_RIGHT_ACROSS_HOLD``), if any."""
    home: ModuleType = getattr(rule_modules, slot)
    for name, value in vars(home).items():
        if name.isupper() and value is module:
            return f"rules.{slot}.{name}"
    for name, value in vars(home).items():
        if name.isupper() and type(value) is type(module) and value == module:
            return f"rules.{slot}.{name}"
    return None


def _setting(value: object, pack: frozenset[Card]) -> str:
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, Rank):
        return "10" if value == Rank.TEN else value.letter
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value) if isinstance(value.value, str) else value.name.lower()
    if value is None:
        return "none"
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        if not value:
            return "none"
        if all(isinstance(item, Card) for item in value):
            return " ".join(_setting(item, pack) for item in value)
        return ", ".join(_setting(item, pack) for item in value)
    return repr(value)


def _card_values(module: CardPoints, pack: frozenset[Card]) -> str:
    """``Q♠ 13; 2♥ 3♥ ... A♥ 1 each``: the values of the cards in the pack, grouped by value."""
    groups: dict[int, list[Card]] = {}
    for card, points in module.values:
        if card in pack:
            groups.setdefault(points, []).append(card)
    parts = []
    for points, cards in sorted(groups.items(), key=lambda item: (len(item[1]) > 1, -item[0])):
        names = " ".join(card.symbol for card in cards)
        parts.append(f"{names} {points}" + (" each" if len(cards) > 1 else ""))
    return "; ".join(parts) or "nothing scores"


def _settings(slot: str, module: object, rules: Rules) -> list[str]:
    kind = type(module)
    if not attrs.has(kind):
        return []
    pack = frozenset(rules.deck.pack())
    out = []
    for field in attrs.fields(kind):
        if field.name.startswith("_") or not field.repr:
            continue
        value = getattr(module, field.name)
        if isinstance(module, CardPoints) and field.name == "values":
            out.append(f"values = {_card_values(module, pack)}")
        elif slot == "moon" and field.name == "amount" and value is None:
            total = rules.scoring.moon_total(table_for(rules))
            out.append(f"amount = the scoring's total ({total})")
        else:
            out.append(f"{field.name} = {_setting(value, pack)}")
    return out


def rules_text(name: str) -> str:
    """One preset's rules in words: per slot, the module, its rule (its docstring's first paragraph) and settings."""
    preset = variants.preset(name)
    rules = preset.rules
    pack = rules.deck.pack()
    lines = [f"{preset.name}: {preset.summary}"]
    if preset.aliases:
        lines.append(_wrap("Also called: " + ", ".join(preset.aliases) + ".", "", "  "))
    lines.append(f"Sources: {preset.sources}.")
    hand = len(pack) // rules.players
    lines.append(f"{rules.players} players, {len(pack)} cards, {hand} each.")
    for slot, module in _slot_modules(rules):
        lines.append("")
        known = _constant_name(slot, module)
        title = f"{_SLOT_TITLES[slot]}: {type(module).__name__}" + (f" ({known})" if known else "")
        lines.append(title)
        lines.append(_wrap(_first_paragraph(module), "  ", "  "))
        settings = _settings(slot, module, rules)
        if settings:
            lines.append(_wrap("; ".join(settings), "  settings: ", "    "))
    if not rules.extras:
        lines += ["", f"{_SLOT_TITLES['extras']}: none"]
    return "\n".join(lines)


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
    text = TEXT[language]
    say = _say(sys.stdout)
    try:
        state = record.initial_state()
    except RecordError as error:
        raise UsageError(f"{args.file}: {error}") from None
    say(
        text["record"].format(
            variant=_rules_name(record.rules), seed=record.seed, dealer=record.dealer, moves=len(record.moves)
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
        say("\n" + terminal.WORDS[language]["bye"])
        return EXIT_INTERRUPTED
    return EXIT_OK


def _show_hands(state: State, language: Language, say: Callable[[str], None]) -> None:
    for seat in range(state.players):
        say(TEXT[language]["deal"].format(seat=seat, cards=terminal.hand_text(view(state, seat).hand)))


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
    play.add_argument("--seed", type=int, default=None, help="seed of the deals and bots (default: secret)")
    play.add_argument("--lang", choices=("en", "nl"), default="en", help="language of the table")
    play.add_argument(
        "--bots", default="heuristic", help="the bots at the other seats, in seat order, or one for all"
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
    return parser


def _version() -> str:
    from hartenjagen import __version__

    return __version__


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hartenjagen`` command with ``argv`` (default: the command line); return the exit code."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
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
    return code
