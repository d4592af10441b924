"""Helpers for the web table's tests: a server on a free port in a thread, and plain HTTP requests to it."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import hartenjagen as hj
from hartenjagen.serve import TableServer, WebGame


@contextmanager
def running(
    rules: hj.Rules = hj.variants.STANDARD,
    *,
    humans: int = 1,
    bots: Sequence[str] | None = None,
    seed: int | None = 1,
    delay: float = 0.0,
    language: str = "en",
    start_bots: bool = True,
) -> Iterator[tuple[WebGame, TableServer]]:
    """A table serving on 127.0.0.1 (any free port) until the block ends."""
    names = list(bots) if bots is not None else ["random"] * (rules.players - humans)
    game = WebGame(
        rules,
        humans=humans,
        bot_names=names,
        seed=seed,
        variant="test",
        language=language,
        delay=delay,  # type: ignore[arg-type]
    )
    server = TableServer(game, ("127.0.0.1", 0), request_timeout=2, keep_alive=0.3)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    if start_bots:
        game.start()
    try:
        yield game, server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


class Reply:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body)


def request(
    server: TableServer,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 10,
) -> Reply:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
    finally:
        connection.close()


def post_move(server: TableServer, token: str, move: Any, query: str = "", **extra: Any) -> Reply:
    """POST a move request: ``move`` is a library move (sent as dumps writes it) or raw JSON data."""
    data = (
        json.loads(hj.dumps(move))
        if isinstance(move, hj.Play | hj.Pass | hj.Announce | hj.MoonChoice)
        else move
    )
    body = json.dumps({"protocol": 1, "move": data, **extra}).encode()
    return request(server, "POST", f"/api/{token}/move{query}", body, {"Content-Type": "application/json"})


def raw(server: TableServer, data: bytes, timeout: float = 10) -> bytes:
    """Send ``data`` as it is and return everything the server answers."""
    import socket

    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as sock:
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
