"""The ``hartenjagen serve`` subcommand: its arguments, and running the service until Ctrl-C.

This module imports neither Starlette nor uvicorn until the command runs:
without the ``web`` extra, ``hartenjagen serve`` says how to install it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable

from hartenjagen.cli.options import EXIT_INTERRUPTED, UsageError, bot_names, language_option, preset_option
from hartenjagen.frontend.notation import Language
from hartenjagen.frontend.texts import text

__all__ = ["add_parser"]

LOCAL_NAMES = ("127.0.0.1", "localhost", "::1")
MISSING = "hartenjagen serve needs the web extra: pip install 'hartenjagen[web]' (in a checkout: pip install -e '.[web]') ({error})"


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


def _hours_in(language: Language) -> Callable[[str], float]:
    def hours(typed: str) -> float:
        try:
            value = float(typed)
        except ValueError:
            value = -1.0
        if not 0 < value <= 24 * 366:  # also NaN
            raise argparse.ArgumentTypeError(text("serve.hours_range", language, value=typed))
        return value

    return hours


def add_parser(commands: argparse._SubParsersAction, language: Language = "en") -> None:  # type: ignore[type-arg]
    """Add ``serve`` to the ``hartenjagen`` command's subcommands, its help in ``language``."""

    def say(key: str) -> str:
        return text(key, language)

    serve = commands.add_parser("serve", help=say("serve.help"), description=say("serve.description"))
    serve.add_argument("--host", default="127.0.0.1", help=say("serve.host"))
    serve.add_argument("--port", type=_port_in(language), default=8000, help=say("serve.port"))
    serve.add_argument("--db", default="hartenjagen.sqlite", help=say("serve.db"))
    serve.add_argument("--memory", action="store_true", help=say("serve.memory"))
    serve.add_argument("--variant", default=None, help=say("serve.variant"))
    serve.add_argument("--humans", type=int, default=None, help=say("serve.humans"))
    serve.add_argument("--bots", default="heuristic", help=say("cli.bots"))
    serve.add_argument("--lang", choices=("en", "nl"), default="en", help=say("serve.lang"))
    serve.add_argument("--delay", type=_seconds_in(language), default=0.6, help=say("serve.delay"))
    serve.add_argument(
        "--expire", type=_hours_in(language), default=24.0, metavar="HOURS", help=say("serve.expire")
    )
    serve.add_argument("--proxy", action="append", default=[], metavar="ADDRESS", help=say("serve.proxy"))
    serve.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from hartenjagen.web import Limits, create_app
        from hartenjagen.web.server import config, listen
        from hartenjagen.web.store import SQLiteStore, StoreError
    except ImportError as error:
        raise UsageError(MISSING.format(error=error)) from None
    language = language_option(args.lang)
    request = None
    if args.variant is not None or args.humans is not None:
        preset = preset_option(args.variant or "standard")
        players = preset.rules.players
        humans = 1 if args.humans is None else args.humans
        if not 1 <= humans <= players:
            raise UsageError(
                f"--humans: {preset.name} has {players} seats: 1 to {players} of them can be human"
            )
        names = bot_names(args.bots, players - humans, "bot seats") if humans < players else []
        request = {
            "protocol": 2,
            "type": "create",
            "variant": preset.name,
            "seats": ["human"] * humans + names,
            "language": language,
        }
    try:
        store = SQLiteStore(":memory:" if args.memory else args.db)
    except StoreError as error:
        raise UsageError(str(error)) from None
    try:
        sock = listen(args.host, args.port)
    except (OSError, OverflowError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise UsageError(f"cannot listen on {args.host} port {args.port}: {reason}") from None
    limits = Limits(abandon_after=args.expire * 3600)
    # On this computer only, the service answers only to its own names: a page of another site
    # that points its name at 127.0.0.1 (DNS rebinding) is refused.
    local = args.host in ("127.0.0.1", "localhost", "::1")
    app = create_app(store, limits=limits, delay=args.delay, hosts=LOCAL_NAMES if local else None)
    server = uvicorn.Server(config(app, limits, proxies=args.proxy))
    port = sock.getsockname()[1]
    host = f"[{args.host}]" if ":" in args.host else args.host
    base = f"http://{host}:{port}/"
    dutch = language == "nl"

    async def main() -> None:
        service = app.state.service
        await service.ready()
        out = sys.stdout
        out.write(text("serve.lobby", language, url=base, tables=len(service.lobby.open_tables())) + "\n")
        if request is not None:
            table, tokens = await service.lobby.create(request)
            out.write(text("serve.table", language, variant=table.spec.variant) + "\n")
            for seat, token in tokens.items():
                label = "speler" if dutch else "seat"
                out.write(f"  {label} {seat}: {base}seat/{table.id}#{token}\n")
            out.write(f"  {'toeschouwer' if dutch else 'spectator'}: {base}watch/{table.id}\n")
        if args.host in ("0.0.0.0", "::", ""):
            out.write(text("serve.replace_address", language) + "\n")
        out.write(text("serve.stop", language) + "\n")
        out.flush()
        await server.serve(sockets=[sock])

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.stdout.write("\n" + text("serve.bye", language) + "\n")
        sys.stdout.flush()
        return EXIT_INTERRUPTED
    finally:
        store.close()
    return 0  # pragma: no cover - the server returns only when stopped
