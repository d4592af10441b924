"""Running the app with uvicorn, with the bounds an ASGI app cannot hold itself.

Before a request reaches the app, the server reads it: here a client has
``Limits.header_deadline`` seconds from connecting (or from its last reply)
to send its whole request line and headers, one address holds at most
``Limits.connections`` connections, and a request that does not read as HTTP
gets a JSON 4xx like every other refusal.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from hartenjagen.web.limits import Limits
from hartenjagen.web.table import error_message

__all__ = ["GuardedProtocol", "config", "listen"]

_HEAD_LIMIT = 16 * 1024  # h11's bound on an incomplete request head


class GuardedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on the request head and a cap per address."""

    limits: ClassVar[Limits] = Limits()
    per_address: ClassVar[Counter[str]] = Counter()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._address = self.client[0] if self.client else ""
        self._counted = True
        self._head = 0
        self._line = False
        self._deadline: asyncio.TimerHandle | None = None
        type(self).per_address[self._address] += 1
        if type(self).per_address[self._address] > self.limits.connections:
            self._refuse(429, f"this address already has {self.limits.connections} connections open")
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()
        self._disarm()
        super().connection_lost(exc)

    def _release(self) -> None:
        """Give the address's place back, once (the connection may end as HTTP or as a WebSocket)."""
        if not self._counted:
            return
        self._counted = False
        counts = type(self).per_address
        counts[self._address] -= 1
        if counts[self._address] <= 0:
            del counts[self._address]

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        # uvicorn hands an upgraded connection to a new protocol object, and the transport
        # then tells that one, not this one, when the connection ends (issue 39, W1): the
        # WebSocket protocol's connection_lost gives the address's place back.
        self._disarm()
        super().handle_websocket_upgrade(event)
        websocket = self.transport.get_protocol()
        if websocket is self:  # pragma: no cover - uvicorn always hands the transport on
            return
        lost = websocket.connection_lost

        def connection_lost(exc: Exception | None) -> None:
            self._release()
            lost(exc)

        websocket.connection_lost = connection_lost  # type: ignore[method-assign]

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.limits.header_deadline, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            if self._head:
                self._refuse(
                    408, f"the request's head must come within {self.limits.header_deadline:g} seconds"
                )
            else:
                self.transport.close()  # an idle connection: closed without a word

    def data_received(self, data: bytes) -> None:
        idle = self.conn.their_state is h11.IDLE
        if idle:
            if self._deadline is None:
                self._arm()
            if not self._line and b"\n" in data:  # the request line ends within h11's bound
                self._line = self._head + data.index(b"\n") < _HEAD_LIMIT
            self._head += len(data)
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the head is in: the app bounds the body
            self._disarm()
            self._head, self._line = 0, False

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def send_400_response(self, msg: str) -> None:
        if self._head > _HEAD_LIMIT:
            if self._line:
                self._refuse(431, "the request's headers are too large")
            else:
                self._refuse(414, "the address is too long")
        else:
            self._refuse(400, "the request is not HTTP/1.1 as it should be")

    def _refuse(self, status: int, message: str) -> None:
        body = json.dumps(error_message(status, message)[1]).encode()
        head = (
            f"HTTP/1.1 {status} {'Bad Request' if status == 400 else 'Refused'}\r\n"
            "content-type: application/json; charset=utf-8\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
        )
        self._disarm()
        if not self.transport.is_closing():
            self.transport.write(head.encode() + body)
            self.transport.close()


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host`` and ``port`` (0: any free port); `OSError` if it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except (OSError, OverflowError):
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def config(app: Any, limits: Limits, *, quiet: bool = True, proxies: Sequence[str] = ()) -> uvicorn.Config:
    """uvicorn's settings for the app: the guarded protocol, the WebSocket bound, short keep-alive.

    ``proxies`` are the addresses of the reverse proxies whose ``X-Forwarded-For`` names the
    client: from any other address the header is ignored. By default none is trusted
    (uvicorn's own default trusts 127.0.0.1, so that anyone on the server's host could name
    any address and slip past the per-address bounds: issue 39, W5).
    """
    protocol = type("Protocol", (GuardedProtocol,), {"limits": limits, "per_address": Counter()})
    if quiet:
        logging.getLogger("uvicorn.error").setLevel(logging.WARNING)
    return uvicorn.Config(
        app,
        http=protocol,
        ws="websockets-sansio",
        ws_max_size=limits.ws_message,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=2,
        access_log=not quiet,
        log_level="warning" if quiet else "info",
        lifespan="on",
        proxy_headers=bool(proxies),
        forwarded_allow_ips=list(proxies) or None,
    )
