"""The service's bounds, and the ASGI middleware that holds every request to them.

The numbers are in docs/security.md; with several workers each counts its own,
except the two bounds on making tables, which the store counts for all of them.
The middleware works wherever the app is
mounted: it caps the requests one client address has open at once (a long
poll, an event stream and a WebSocket count as long as they are open, and
free their place the moment they end), adds the security headers to every
reply, and refuses a request with more headers or a longer address than
anyone needs. What happens before a request reaches the app (a client that
sends its headers one byte at a time) is the server's part:
`hartenjagen.web.server` bounds it under ``hartenjagen serve``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection
from typing import Any, Final

import attrs

from hartenjagen.web.table import error_message

__all__ = ["Guard", "Limits"]

_CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS: Final = [
    (b"cache-control", b"no-store"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", _CSP.encode()),
]


@attrs.frozen
class Limits:
    """Every bound of the service, in one place (the defaults are the documented ones)."""

    #: connections one client address may hold open (``hartenjagen serve``)
    connections: int = 64
    #: requests one client address may have open at once (streams and polls included)
    per_address: int = 32
    #: long polls, event streams and WebSockets one seat token (or spectator link) may hold
    per_token: int = 4
    #: the largest move request, in bytes
    move_body: int = 4096
    #: the largest create request (a Rules JSON value fits), in bytes
    create_body: int = 65536
    #: seconds a client has to send its whole body
    body_deadline: float = 10.0
    #: seconds a client has to send its request line and headers (``hartenjagen serve``)
    header_deadline: float = 10.0
    #: the longest path and query, in characters
    target: int = 1024
    #: the most headers a request may have, and their size in bytes all together
    headers: int = 64
    header_bytes: int = 8192
    #: spectators' long polls, event streams and WebSockets one address may hold at one table
    spectators_per_address: int = 2
    #: spectators' long polls, event streams and WebSockets at one table, from all addresses
    spectators: int = 64
    #: reads (GET /api/...) one address may make per second on average, and in one burst
    reads_per_second: float = 50.0
    reads_burst: int = 200
    #: tables the lobby lists (the most recently active ones)
    listed: int = 100
    #: the longest wait of a long poll, in seconds
    max_wait: float = 30.0
    #: seconds between two keep-alive messages of an idle stream
    keep_alive: float = 15.0
    #: tables open at once (counted by the store: with several workers, by all of them together)
    tables: int = 1000
    #: seconds without a move after which an open table is closed as abandoned (a day)
    abandon_after: float = 86400.0
    #: tables one client address may create per minute (counted by the store, as ``tables``)
    creates_per_minute: int = 10
    #: the largest message a WebSocket client may send, in bytes
    ws_message: int = 4096


async def send_json(send: Any, status: int, message: dict[str, Any]) -> None:
    """A whole JSON reply from the raw ASGI side (ASCII-escaped: a lone surrogate is written too)."""
    body = json.dumps(message, ensure_ascii=True).encode()
    headers = [
        (b"content-type", b"application/json; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: the per-address cap, the size of the request head, the security headers."""

    def __init__(self, app: Any, limits: Limits, hosts: Collection[str] | None = None) -> None:
        self.app = app
        self.limits = limits
        self.hosts = None if hosts is None else {host.lower().strip("[]") for host in hosts}
        self.open: Counter[str] = Counter()

    def _foreign_host(self, headers: Any) -> bool:
        """Whether the request names a host the service does not answer to (``hosts`` given).

        A page of another site whose name an attacker points at 127.0.0.1 (DNS rebinding) has
        that name in its ``Host`` and its ``Origin`` alike, so the same-origin check passes it:
        only a list of the service's own names refuses it (issue 39, W7).
        """
        if self.hosts is None:
            return False
        host = next((value for key, value in headers if key.lower() == b"host"), b"").decode("latin-1")
        if host.startswith("["):  # an IPv6 address, perhaps with a port: [::1]:8000
            name = host[1 : host.find("]")] if "]" in host else host
        else:
            name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
        return name.lower() not in self.hosts

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        limits = self.limits
        client = scope.get("client")
        address = str(client[0]) if client else ""
        http = scope["type"] == "http"
        refusal = None
        target = len(scope.get("raw_path", b"")) + len(scope.get("query_string", b""))
        if target > limits.target:
            refusal = error_message(414, f"the address is longer than {limits.target} characters")
        elif (
            len(headers := scope.get("headers", ())) > limits.headers
            or sum(len(k) + len(v) for k, v in headers) > limits.header_bytes
        ):
            refusal = error_message(
                431, f"a request has at most {limits.headers} headers of {limits.header_bytes} bytes"
            )
        elif self._foreign_host(headers):
            refusal = error_message(421, "this service does not answer to this host name")
        elif self.open[address] >= limits.per_address:
            refusal = error_message(429, f"this address already has {limits.per_address} requests open")
        if refusal is not None:
            if http:
                await send_json(send, *refusal)
            else:
                await send({"type": "websocket.close", "code": 1008, "reason": refusal[1]["message"]})
            return
        self.open[address] += 1

        async def secured(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        try:
            await self.app(scope, receive, secured)
        finally:
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]
