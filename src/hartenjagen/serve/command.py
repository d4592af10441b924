"""The ``hartenjagen serve`` subcommand: its arguments, and running the server until Ctrl-C."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Callable

from hartenjagen.cli.options import EXIT_INTERRUPTED, UsageError, bot_names, language_option, preset_option
from hartenjagen.frontend.notation import Language
from hartenjagen.frontend.texts import text

__all__ = ["add_parser"]


def _port_in(language: Language) -> Callable[[str], int]:
    def port(typed: str) -> int:
        try:
            value = int(typed)
        except ValueError:
            raise argparse.ArgumentTypeError(text("serve.not_a_port", language, text=typed)) from None
        if not 0 <= value <= 65535:
            raise argparse.ArgumentTypeError(text("serve.port_range", language, value=value))
        return value

    return port


def _seconds_in(language: Language) -> Callable[[str], float]:
    def seconds(typed: str) -> float:
        try:
            value = float(typed)
        except ValueError:
            raise argparse.ArgumentTypeError(text("serve.not_seconds", language, text=typed)) from None
        if not 0 <= value <= 60:
            raise argparse.ArgumentTypeError(text("serve.seconds_range", language, value=typed))
        return value

    return seconds


def add_parser(commands: argparse._SubParsersAction, language: Language = "en") -> None:  # type: ignore[type-arg]
    """Add ``serve`` to the ``hartenjagen`` command's subcommands, its help in ``language``."""

    def say(key: str) -> str:
        return text(key, language)

    serve = commands.add_parser("serve", help=say("serve.help"), description=say("serve.description"))
    serve.add_argument("--host", default="127.0.0.1", help=say("serve.host"))
    serve.add_argument("--port", type=_port_in(language), default=8000, help=say("serve.port"))
    serve.add_argument("--variant", default="standard", help=say("cli.variant"))
    serve.add_argument("--humans", type=int, default=1, help=say("serve.humans"))
    serve.add_argument("--bots", default="heuristic", help=say("cli.bots"))
    serve.add_argument("--seed", type=int, default=None, help=say("cli.seed"))
    serve.add_argument("--lang", choices=("en", "nl"), default="en", help=say("serve.lang"))
    serve.add_argument("--delay", type=_seconds_in(language), default=0.6, help=say("serve.delay"))
    serve.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from hartenjagen.serve.game import WebGame
    from hartenjagen.serve.server import TableServer

    preset = preset_option(args.variant)
    players = preset.rules.players
    if not 1 <= args.humans <= players:
        raise UsageError(f"--humans: {preset.name} has {players} seats: 1 to {players} of them can be human")
    bots = players - args.humans
    names = bot_names(args.bots, bots, "bot seats") if bots else []
    language = language_option(args.lang)
    game = WebGame(
        preset.rules,
        humans=args.humans,
        bot_names=names,
        seed=args.seed,
        variant=preset.name,
        language=language,
        delay=args.delay,
    )
    try:
        server = TableServer(game, (args.host, args.port))
    except (OSError, OverflowError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise UsageError(f"cannot listen on {args.host} port {args.port}: {reason}") from None
    out = sys.stdout
    dutch = language == "nl"
    out.write(
        (
            "hartenjagen: {variant}, een tafel op {host} poort {port}.\n"
            if dutch
            else "hartenjagen: {variant}, a table on {host} port {port}.\n"
        ).format(variant=preset.name, host=args.host, port=server.port)
    )
    for seat in range(args.humans):
        label = "speler" if dutch else "seat"
        out.write(f"  {label} {seat}: {server.url(seat)}\n")
    if args.host in ("0.0.0.0", "::", ""):
        out.write(
            "  (vervang het adres door dat van deze computer in je netwerk)\n"
            if dutch
            else "  (replace the address by this computer's address on your network)\n"
        )
    out.write("Ctrl-C stopt de server.\n" if dutch else "Ctrl-C stops the server.\n")
    out.flush()
    # Ctrl-C asks the serving loop to stop from a helper thread instead of raising KeyboardInterrupt
    # wherever the main thread happens to be (inside a lock, or starting a request's thread).
    interrupted = threading.Event()

    def stop(signum: int, frame: object) -> None:
        interrupted.set()
        threading.Thread(target=server.shutdown, daemon=True).start()

    previous = signal.signal(signal.SIGINT, stop)
    try:
        game.start()
        server.serve_forever(poll_interval=0.25)
    finally:
        signal.signal(signal.SIGINT, previous)
        server.server_close()
    if interrupted.is_set():
        out.write("\nTot ziens.\n" if dutch else "\nBye.\n")
        out.flush()
        return EXIT_INTERRUPTED
    return 0  # pragma: no cover - serve_forever returns only when shut down
