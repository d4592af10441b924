"""The ``hartenjagen serve`` subcommand: its arguments, and running the service until Ctrl-C.

This module imports neither Starlette nor uvicorn until the command runs:
without the ``web`` extra, ``hartenjagen serve`` says how to install it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

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
    serve.add_argument("--workers", type=_workers_in(language), default=1, help=say("serve.workers"))
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


def _workers_in(language: Language) -> Callable[[str], int]:
    def workers(typed: str) -> int:
        try:
            value = int(typed)
        except ValueError:
            value = 0
        if not 1 <= value <= 64:
            raise argparse.ArgumentTypeError(f"--workers is a whole number from 1 to 64, not {typed!r}")
        return value

    return workers


def _run(args: argparse.Namespace) -> int:
    try:
        import uvicorn  # noqa: F401  (the web extra is there)

        from hartenjagen.web.server import listen
        from hartenjagen.web.store import StoreError, is_postgres, open_store
    except ImportError as error:
        raise UsageError(MISSING.format(error=error)) from None
    language = language_option(args.lang)
    if args.workers > 1 and (args.memory or not is_postgres(args.db)):
        raise UsageError(
            f"--workers {args.workers}: several workers share one database only on PostgreSQL "
            "(--db postgresql://...); an SQLite file has one writer, so it is served by one worker"
        )
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
    try:  # opened (its schema made) before listening: a database that does not open is a usage error
        store = open_store(":memory:" if args.memory else args.db)
    except StoreError as error:
        raise UsageError(str(error)) from None
    try:
        sock = listen(args.host, args.port)
    except (OSError, OverflowError) as error:
        store.close()
        reason = getattr(error, "strerror", None) or str(error)
        raise UsageError(f"cannot listen on {args.host} port {args.port}: {reason}") from None
    if args.workers == 1:
        return _serve(args, store, sock, request, language)
    store.close()  # each worker opens its own connections, after the fork
    return _supervise(args, sock, request, language)


def _serve(
    args: argparse.Namespace,
    store: Any,
    sock: socket.socket,
    request: Any,
    language: Language,
    worker: int = 0,
) -> int:
    """Serve on ``sock`` until stopped: one worker (the only one, or one of ``--workers``)."""
    import uvicorn

    from hartenjagen.web import Limits, create_app
    from hartenjagen.web.server import config

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
        if worker == 0:
            out.write(text("serve.lobby", language, url=base, tables=len(service.lobby.open_tables())) + "\n")
        if request is not None:
            table, tokens = await service.lobby.create(request)
            out.write(text("serve.table", language, variant=table.spec.variant) + "\n")
            for seat, token in tokens.items():
                label = "speler" if dutch else "seat"
                out.write(f"  {label} {seat}: {base}seat/{table.id}#{token}\n")
            out.write(f"  {'toeschouwer' if dutch else 'spectator'}: {base}watch/{table.id}\n")
        if worker == 0:
            if args.host in ("0.0.0.0", "::", ""):
                out.write(text("serve.replace_address", language) + "\n")
            if args.workers > 1:
                out.write(
                    f"{args.workers} workers share the port (the kernel hands each connection to one)\n"
                )
            out.write(text("serve.stop", language) + "\n")
        out.flush()
        await server.serve(sockets=[sock])

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        if args.workers == 1:
            sys.stdout.write("\n" + text("serve.bye", language) + "\n")
            sys.stdout.flush()
        return EXIT_INTERRUPTED
    finally:
        store.close()
    return 0  # pragma: no cover - the server returns only when stopped


def _supervise(args: argparse.Namespace, sock: socket.socket, request: Any, language: Language) -> int:
    """Run ``--workers`` processes on one listening socket, each with its own event loop and store.

    The kernel hands each connection to one of them. A worker that dies (``kill -9``) is
    replaced a moment later; a worker that exits by itself (its database refused it) stops the
    service. SIGINT or SIGTERM to this process stops every worker, each one finishing its requests.
    """
    from hartenjagen.web.store import open_store

    workers: dict[int, int] = {}
    stopping: list[int] = []

    def start(index: int, first: bool) -> None:
        # No signal between the fork and the worker's own handlers: it would run the supervisor's.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        pid = os.fork()
        if pid == 0:  # the worker: its own process group (Ctrl-C reaches the supervisor, which passes it on)
            code = 1
            try:
                os.setpgid(0, 0)
                signal.signal(signal.SIGINT, signal.default_int_handler)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
                code = _serve(args, open_store(args.db), sock, request if first and index == 0 else None,
                              language, worker=index if first else -1)  # fmt: skip
            except BaseException as error:  # the worker says why it stopped, then exits
                if not isinstance(error, KeyboardInterrupt):
                    print(f"hartenjagen serve: worker {os.getpid()} stopped: {error}", file=sys.stderr)
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        workers[pid] = index
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})

    def stop(signum: int, frame: object) -> None:
        stopping.append(signum)
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGINT)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    for index in range(args.workers):
        start(index, first=True)
    failed = False
    while workers:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        index = workers.pop(pid, -1)
        if index < 0 or stopping:
            continue
        if os.WIFSIGNALED(status):  # killed: another takes its place (its tables' leases free up)
            print(f"hartenjagen serve: worker {pid} was killed ({signal.Signals(os.WTERMSIG(status)).name}): starting another", file=sys.stderr)  # fmt: skip
            time.sleep(0.5)
            if not stopping:  # (stopped meanwhile: no new worker)
                start(index, first=False)
        else:
            failed = True
            stop(signal.SIGTERM, None)
    sock.close()
    if failed:
        return 1
    sys.stdout.write("\n" + text("serve.bye", language) + "\n")
    sys.stdout.flush()
    return EXIT_INTERRUPTED
