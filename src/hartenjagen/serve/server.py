"""The HTTP side of the web table: routes, limits and streams, on the standard library's ``http.server``.

Routes (the wire protocol, version 1, is in ``docs/protocol.md``):

```text
GET  /                          a short page: open your seat's link
GET  /seat/<token>              the table page of one seat
GET  /static/<file>             the page's script and style sheet
GET  /api/<token>/table         who sits where
GET  /api/<token>/update        the seat's view and events now        (?after=N&lang=en|nl)
GET  /api/<token>/poll          the same, once there is news (long polling; &wait=S)
GET  /api/<token>/events        the same as a stream of server-sent events
POST /api/<token>/move          make a move: {"protocol": 1, "move": {...}}       (?lang=en|nl)
```

A request the table refuses gets a 4xx reply with a JSON sentence and never
changes the game: a bad path or token (404), a bad query (400), a body that is
too large (413), not JSON (400, 415), a move for another seat (403) or one the
rules forbid (409).
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections import Counter
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any, Final
from urllib.parse import parse_qs, urlsplit

from hartenjagen.frontend.notation import Language
from hartenjagen.frontend.serialize.reading import Json
from hartenjagen.serve.game import PROTOCOL_VERSION, Reply, WebGame, error_message

__all__ = ["MAX_BODY", "MAX_CONNECTIONS", "MAX_STREAMS", "TableServer"]

#: The largest move request read, in bytes (a move is a few hundred).
MAX_BODY: Final = 4096
#: The longest path and query accepted, in characters.
MAX_TARGET: Final = 1024
#: Connections handled at once; more are closed straight away.
MAX_CONNECTIONS: Final = 48
#: Event streams one seat may hold open at once.
MAX_STREAMS: Final = 4
#: The longest wait of a long poll, in seconds.
MAX_WAIT: Final = 30.0
#: Seconds between two keep-alive comments of an idle event stream.
KEEP_ALIVE: Final = 15.0

_STATIC: Final = {
    "table.js": "text/javascript; charset=utf-8",
    "table.css": "text/css; charset=utf-8",
}
_CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def _read_static(name: str) -> bytes:
    return resources.files("hartenjagen.serve").joinpath("static", name).read_bytes()


class TableServer(ThreadingHTTPServer):
    """An HTTP server for one `WebGame` (port 0: any free port)."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 16

    def __init__(
        self,
        game: WebGame,
        address: tuple[str, int],
        *,
        quiet: bool = True,
        request_timeout: float = 20.0,
        keep_alive: float = KEEP_ALIVE,
    ) -> None:
        """Listen on ``address`` for ``game``.

        ``request_timeout`` is how long a client may take to send its request;
        an idle event stream gets a keep-alive comment every ``keep_alive`` seconds
        (which is also when a stream whose page went away is noticed).
        """
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.game = game
        self.quiet = quiet
        self.request_timeout = request_timeout
        self.keep_alive = keep_alive
        self.files = {name: _read_static(name) for name in (*_STATIC, "index.html", "landing.html")}
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self._streams: Counter[int] = Counter()
        self._streams_lock = threading.Lock()
        super().__init__(address, _Handler)

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    def url(self, seat: int) -> str:
        """The address of human ``seat``'s page."""
        host = str(self.server_address[0])
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}/seat/{self.game.token(seat)}"

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):  # too many connections: close this one at once
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def open_stream(self, seat: int) -> bool:
        with self._streams_lock:
            if self._streams[seat] >= MAX_STREAMS:
                return False
            self._streams[seat] += 1
            return True

    def close_stream(self, seat: int) -> None:
        with self._streams_lock:
            self._streams[seat] -= 1

    def server_close(self) -> None:
        self.game.close()
        super().server_close()


class _Handler(BaseHTTPRequestHandler):
    server: TableServer
    server_version = "hartenjagen"
    sys_version = ""
    #: A request line that does not read still gets a status line and headers (not HTTP/0.9's bare body).
    default_request_version = "HTTP/1.0"

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(
            self.server.request_timeout
        )  # how long a client may take to send its request

    # ---------------------------------------------------------------- plumbing

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("do_"):  # any other method, even a made-up one: 405, not 501
            return self._not_allowed
        raise AttributeError(name)

    def _not_allowed(self) -> None:
        self._json(*error_message(405, f"{self.command} is not a method this table answers"))

    def _headers(self, status: int, content_type: str, length: int | None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Content-Security-Policy", _CSP)
        if status == 405:
            self.send_header("Allow", "GET, POST")
        self.end_headers()

    def _send(self, status: int, content_type: str, body: bytes) -> None:
        self._headers(status, content_type, len(body))
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, message: dict[str, Json]) -> None:
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        self._send(status, "application/json; charset=utf-8", body)

    def _error(self, reply: Reply) -> None:
        self.close_connection = True
        self._json(*reply)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        # http.server's own refusals (a bad request line, too many headers) as the table's JSON errors.
        self.close_connection = True
        with contextlib.suppress(OSError, ValueError):
            self._json(*error_message(code, message or HTTPStatus(code).phrase))

    # ---------------------------------------------------------------- routing

    def _route(self) -> tuple[list[str], dict[str, list[str]]] | None:
        if len(self.path) > MAX_TARGET:
            self._error(error_message(414, f"the address is longer than {MAX_TARGET} characters"))
            return None
        parts = urlsplit(self.path)
        try:
            query = parse_qs(parts.query, keep_blank_values=True, strict_parsing=False, max_num_fields=8)
        except ValueError:
            self._error(error_message(400, "the query has too many fields"))
            return None
        return [piece for piece in parts.path.split("/") if piece], query

    def _seat(self, token: str) -> int | None:
        seat = self.server.game.seat_of(token)
        if seat is None:
            self._error(error_message(404, "there is no seat with this link"))
        return seat

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        route = self._route()
        if route is None:
            return
        path, query = route
        files = self.server.files
        if not path:
            self._send(200, "text/html; charset=utf-8", files["landing.html"])
        elif path[0] == "seat" and len(path) == 2:
            if self._seat(path[1]) is not None:
                self._send(200, "text/html; charset=utf-8", files["index.html"])
        elif path[0] == "static" and len(path) == 2 and path[1] in _STATIC:
            self._send(200, _STATIC[path[1]], files[path[1]])
        elif path[0] == "api" and len(path) == 3 and path[2] in ("table", "update", "poll", "events"):
            seat = self._seat(path[1])
            if seat is not None:
                self._api(seat, path[2], query)
        else:
            self._error(error_message(404, "there is nothing at this address"))

    def _api(self, seat: int, what: str, query: dict[str, list[str]]) -> None:
        game = self.server.game
        if what == "table":
            self._json(200, game.table_message(seat))
            return
        after = self._after(query)
        language = self._language(query)
        if after is None or language is None:
            return
        if what == "update":
            self._json(200, game.update(seat, after, language))
        elif what == "poll":
            wait = self._number(query, "wait", 25.0, MAX_WAIT)
            if wait is not None:
                game.wait(after, wait)
                self._json(200, game.update(seat, after, language))
        else:
            self._stream(seat, after, language)

    def _one(self, query: dict[str, list[str]], key: str) -> str | None:
        values = query.get(key, [])
        if len(values) > 1:
            self._error(error_message(400, f"{key} is given {len(values)} times"))
            return None
        return values[0] if values else ""

    def _after(self, query: dict[str, list[str]]) -> int | None:
        text = self._one(query, "after")
        if text is None:
            return None
        header = self.headers.get("Last-Event-ID", "")  # an event stream that reconnects says where it was
        text = text or header or "-1"
        seq = self.server.game.seq
        try:
            after = int(text) if len(text) <= 12 else None
        except ValueError:
            after = None
        if after is None or not -1 <= after <= seq:
            self._error(
                error_message(400, f"after must be a move number from -1 to {seq}, not {text[:20]!r}")
            )
            return None
        return after

    def _language(self, query: dict[str, list[str]]) -> Language | None:
        text = self._one(query, "lang")
        if text is None:
            return None
        if text in ("", "en", "nl"):
            return "nl" if text == "nl" else "en" if text == "en" else self.server.game.language
        self._error(error_message(400, f"lang must be en or nl, not {text[:20]!r}"))
        return None

    def _number(self, query: dict[str, list[str]], key: str, default: float, top: float) -> float | None:
        text = self._one(query, key)
        if text is None:
            return None
        try:
            value = float(text) if text else default
        except ValueError:
            value = -1.0
        if not 0 <= value <= top:  # also NaN
            self._error(error_message(400, f"{key} must be a number of seconds from 0 to {top:g}"))
            return None
        return value

    # ---------------------------------------------------------------- the event stream

    def _stream(self, seat: int, after: int, language: Language) -> None:
        server, game = self.server, self.server.game
        if not server.open_stream(seat):
            self._error(error_message(429, f"this seat already has {MAX_STREAMS} streams open"))
            return
        self.close_connection = True
        try:
            self._headers(200, "text/event-stream; charset=utf-8", None)
            while True:
                update = game.update(seat, after, language)
                data = json.dumps(update, ensure_ascii=False)
                self.wfile.write(f"id: {update['seq']}\nevent: update\ndata: {data}\n\n".encode())
                self.wfile.flush()
                seq = update["seq"]
                assert isinstance(seq, int)
                after = seq
                while not game.wait(after, server.keep_alive):
                    if game.closed:
                        return
                    self.wfile.write(b": keep-alive\n\n")
                    self.wfile.flush()
                if game.closed:
                    return
        except (OSError, ValueError):  # the page went away
            return
        finally:
            server.close_stream(seat)

    # ---------------------------------------------------------------- moves

    def do_POST(self) -> None:
        route = self._route()
        if route is None:
            return
        path, query = route
        if not (len(path) == 3 and path[0] == "api" and path[2] == "move"):
            self._error(error_message(404, "moves are sent to /api/<token>/move"))
            return
        seat = self._seat(path[1])
        if seat is None:
            return
        language = self._language(query)
        if language is None:
            return
        refusal = self._check_request()
        if refusal is not None:
            self._error(refusal)
            return
        body = self._body()
        if body is None:
            return
        try:
            message = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            self._error(error_message(400, "the body is not JSON text"))
            return
        if not isinstance(message, dict) or set(message) != {"protocol", "move"}:
            self._error(error_message(400, 'a move request is {"protocol": 1, "move": {...}}'))
            return
        if message["protocol"] != PROTOCOL_VERSION or type(message["protocol"]) is not int:
            self._error(
                error_message(
                    400, f"this table speaks protocol {PROTOCOL_VERSION}, not {message['protocol']!r}"
                )
            )
            return
        status, reply = self.server.game.submit(seat, message["move"], language)
        self._json(status, reply)

    def _check_request(self) -> Reply | None:
        """Refuse a move that another site's page sends, or that is not JSON."""
        origin = self.headers.get("Origin")
        host = self.headers.get("Host", "")
        if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
            return error_message(403, "moves come from the table's own page")
        if self.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
            return error_message(403, "moves come from the table's own page")
        kind = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return error_message(415, "a move is sent as application/json")
        return None

    def _body(self) -> bytes | None:
        if "Transfer-Encoding" in self.headers:
            self._error(error_message(411, "send the move with a Content-Length, not in chunks"))
            return None
        text = self.headers.get("Content-Length")
        if text is None:
            self._error(error_message(411, "a move request needs a Content-Length"))
            return None
        if not text.isdigit() or len(text) > 9:
            self._error(error_message(400, "the Content-Length is not a number"))
            return None
        length = int(text)
        if length > MAX_BODY:
            self._error(error_message(413, f"a move request is at most {MAX_BODY} bytes"))
            return None
        body = self.rfile.read(length)
        if len(body) != length:
            self._error(error_message(400, "the body is shorter than its Content-Length"))
            return None
        return body
