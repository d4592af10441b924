"""Helpers for the web service's tests: the app under uvicorn in a thread, a table in it, plain HTTP to it."""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

import hartenjagen as hj

pytest.importorskip("starlette", reason="the web extra is not installed (pip install 'hartenjagen[web]')")
pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install 'hartenjagen[web]')")

import uvicorn

from hartenjagen.web import Limits, Table, TableSpec, create_app
from hartenjagen.web.server import config, listen
from hartenjagen.web.writes import Creating, Later

# Reads are not rationed here: tests/test_web_misuse.py tests that bound.
FAST = Limits(body_deadline=1.0, header_deadline=1.0, keep_alive=0.3, reads_per_second=10_000.0)


class Kept:
    """The `Writes` of a table off any server: each call is kept in ``calls`` (name, arguments), none stored."""

    def __init__(self) -> None:
        self.calls: list[tuple[object, ...]] = []

    async def add_table(self, spec: TableSpec, bounds: Creating | None = None) -> None:
        self.calls.append(("add_table", spec))

    async def add_game(self, table: str, game: int, record: hj.GameRecord) -> None:
        self.calls.append(("add_game", table, game, record))

    async def add_move(self, table: str, game: int, number: int, move: hj.Move) -> None:
        self.calls.append(("add_move", table, game, number, move))

    async def finish(self, table: str) -> None:
        self.calls.append(("finish", table))

    async def abandon(self, table: str) -> None:
        self.calls.append(("abandon", table))

    async def later(self, table: str, game: int, moves: int) -> Later:
        return Later()


class Served:
    """A running service: its port, its app's service, and a way to run a coroutine on its loop."""

    def __init__(self, app: Any, server: uvicorn.Server, port: int) -> None:
        self.app = app
        self.server = server
        self.port = port
        self.service = app.state.service
        self.loop: asyncio.AbstractEventLoop | None = None

    def call(self, coroutine: Any, timeout: float = 20) -> Any:
        """Run ``coroutine`` on the server's loop and return its result."""
        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def create(
        self,
        variant: str | hj.Rules = "standard",
        seats: Sequence[str] = ("human", "random", "random", "random"),
        **extra: Any,
    ) -> tuple[Table, dict[int, str]]:
        """A new table of ``variant`` (a preset's name, or Rules sent as JSON) and its seats' tokens."""
        chosen = (
            {"variant": variant}
            if isinstance(variant, str)
            else {"rules": json.loads(hj.dumps(variant)), "variant": "test"}
        )
        request = {"protocol": 2, "type": "create", **chosen, "seats": list(seats), **extra}
        table, tokens = self.call(self.service.lobby.create(request))
        return table, tokens

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/{path}"


@contextmanager
def serving(store: Any = ":memory:", *, limits: Limits = FAST, delay: float = 0.0) -> Iterator[Served]:
    """The app served on 127.0.0.1 (any free port) until the block ends."""
    app = create_app(store, limits=limits, delay=delay)
    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(config(app, limits))
    served = Served(app, server, sock.getsockname()[1])

    def run() -> None:
        async def main() -> None:
            served.loop = asyncio.get_running_loop()
            await server.serve(sockets=[sock])

        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.started, "the server did not start"
    try:
        yield served
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@contextmanager
def running(
    rules: str | hj.Rules = "standard",
    *,
    humans: int = 1,
    bots: Sequence[str] | None = None,
    language: str = "en",
    delay: float = 0.0,
    limits: Limits = FAST,
) -> Iterator[tuple[Served, Table, dict[int, str]]]:
    """One table (``humans`` human seats first, then ``bots``) in a service of its own."""
    players = (hj.variants.get(rules) if isinstance(rules, str) else rules).players
    names = list(bots) if bots is not None else ["random"] * (players - humans)
    with serving(limits=limits, delay=delay) as served:
        table, tokens = served.create(rules, ["human"] * humans + names, language=language)
        yield served, table, tokens


class Reply:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body)


def request(
    served: Served,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 10,
    source: str = "127.0.0.1",
) -> Reply:
    connection = http.client.HTTPConnection(
        "127.0.0.1", served.port, timeout=timeout, source_address=(source, 0)
    )
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
    finally:
        connection.close()


def post_move(served: Served, token: str, move: Any, query: str = "", **extra: Any) -> Reply:
    """POST a move request: ``move`` is a library move (sent as dumps writes it) or raw JSON data."""
    data = (
        json.loads(hj.dumps(move))
        if isinstance(move, hj.Play | hj.Pass | hj.Announce | hj.MoonChoice)
        else move
    )
    body = json.dumps({"protocol": 2, "move": data, **extra}).encode()
    return request(served, "POST", f"/api/{token}/move{query}", body, {"Content-Type": "application/json"})


def raw(served: Served, data: bytes, timeout: float = 10, source: str = "127.0.0.1") -> bytes:
    """Send ``data`` as it is and return everything the server answers."""
    with socket.create_connection(
        ("127.0.0.1", served.port), timeout=timeout, source_address=(source, 0)
    ) as sock:
        sock.sendall(data)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, TimeoutError):
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)


def state_of(served: Served, table: Table) -> hj.State:
    async def get() -> hj.State:
        return table.state

    state: hj.State = served.call(get())
    return state
