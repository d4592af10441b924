"""The ASGI application: routes, the three ways a page follows its table, moves and the lobby.

Routes (the wire protocol, version 2, is in ``docs/protocol.md``; every path is
relative to where the app is mounted):

```text
GET  /                          the lobby page                (/api/lobby: its message)
POST /api/tables                create a table: a create message -> created (201)
GET  /seat/<table>#<token>      a human seat's table page (the token, after #, never reaches a server)
GET  /seat/<token>              an older seat link: redirected (303) to /seat/<table>#<token>
GET  /watch/<table>             a spectator's table page (the public view only)
GET  /static/<file>             the pages' scripts and style sheet
GET  /api/<key>/table           who sits where                          (key: a seat token or a table id)
GET  /api/<key>/update          the view and events now                 (?after=N&lang=en|nl)
GET  /api/<key>/poll            the same, once there is news            (long polling; &wait=S)
GET  /api/<key>/events          the same as server-sent events          (the fallback of a proxy without WebSocket)
WS   /api/<key>/ws              the same over a WebSocket               (the page's first choice)
POST /api/<key>/move            make a move: {"protocol": 2, "move": {...}}          (?lang=en|nl)
```

The key is the table's id: a seat's page sends its token in a header,
``Authorization: Bearer <token>`` (a WebSocket: as the subprotocol
``bearer.<token>`` beside ``hartenjagen``), so that no address a server or a
proxy logs holds a seat token (issue 39, S1). A seat token in place of the key
is still understood, for clients written before.

Every request the service refuses gets a 4xx reply with a JSON sentence and
changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, contextmanager
from importlib import resources
from typing import Any, Final
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from hartenjagen.frontend.notation import Language
from hartenjagen.web.limits import Guard, Limits
from hartenjagen.web.lobby import CreateError, Lobby
from hartenjagen.web.store import SQLiteStore, Store
from hartenjagen.web.table import PROTOCOL_VERSION, Reply, Table, error_message

__all__ = ["Service", "create_app"]

_STATIC: Final = {
    "table.js": "text/javascript; charset=utf-8",
    "lobby.js": "text/javascript; charset=utf-8",
    "table.css": "text/css; charset=utf-8",
}
_PAGES: Final = ("index.html", "lobby.html")


class JSONReply(Response):
    """A JSON reply, ASCII-escaped (so any text, even a lone surrogate, is written)."""

    media_type = "application/json; charset=utf-8"

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True).encode("ascii")


def _reply(reply: Reply) -> JSONReply:
    status, message = reply
    return JSONReply(message, status_code=status)


class Refused(Exception):
    """A request the service refuses: its reply."""

    def __init__(self, reply: Reply) -> None:
        super().__init__(reply[1]["message"])
        self.reply = reply


class Service:
    """What the app's routes share: the lobby, the store, the bounds and the streams open per key."""

    def __init__(self, store: Store, limits: Limits, delay: float, bot_threads: int) -> None:
        self.store = store
        self.limits = limits
        self._store_thread = ThreadPoolExecutor(1, thread_name_prefix="hartenjagen-store")
        self.bots = ThreadPoolExecutor(bot_threads, thread_name_prefix="hartenjagen-bot")
        self.lobby = Lobby(commit=self.commit, think=self.bots, delay=delay, max_tables=limits.tables)
        self.streams: Counter[tuple[str, int | None]] = Counter()
        #: spectators' streams per (table, address): one client cannot take a table's places (W4)
        self.watchers: Counter[tuple[str, str]] = Counter()
        #: per address: (reads left, when counted), a token bucket (W3)
        self.reads: dict[str, tuple[float, float]] = {}
        self._listings: dict[Language, tuple[float, int, dict[str, Any]]] = {}
        self.creates: dict[str, deque[float]] = {}
        self._loaded: asyncio.Lock | None = None
        self._ready = False
        self._sweeper: asyncio.Task[None] | None = None
        files = resources.files("hartenjagen.web").joinpath("static")
        self.files = {name: files.joinpath(name).read_bytes() for name in (*_STATIC, *_PAGES)}

    def commit(self, name: str, *args: object) -> asyncio.Future[None]:
        """Run the store's call ``name`` in the store's thread (one call at a time, in order)."""
        call: Callable[..., None] = getattr(self.store, name)
        return asyncio.get_running_loop().run_in_executor(self._store_thread, call, *args)

    async def ready(self) -> None:
        """Reload the store's unfinished tables once, on the first request (or at start-up)."""
        if self._ready:
            return
        if self._loaded is None:
            self._loaded = asyncio.Lock()
        async with self._loaded:
            if self._ready:
                return
            stored, active = await asyncio.get_running_loop().run_in_executor(
                self._store_thread, lambda: (list(self.store.unfinished()), self.store.last_active())
            )
            for spec, records in stored:
                table = self.lobby.restore(spec, records, active.get(spec.id))
                if table.state.is_over and not table.over:  # stopped between two games of its series
                    await table.start_game()
            for table in self.lobby.tables.values():
                table.kick()
            self._ready = True
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        """Close the tables nobody moved at for ``limits.abandon_after`` seconds, now and then."""
        idle = self.limits.abandon_after
        every = min(60.0, max(0.05, idle / 4))
        while True:
            try:
                await self.lobby.expire(idle)
            except Exception as error:  # a store that fails now may work next time
                print(f"hartenjagen serve: closing abandoned tables failed: {error!r}", file=sys.stderr)
            await asyncio.sleep(every)

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for table in self.lobby.tables.values():
            table.close()
        self.bots.shutdown(wait=False, cancel_futures=True)
        self._store_thread.shutdown(wait=True)

    @contextmanager
    def stream(self, table: Table, seat: int | None, address: str = "") -> Any:
        """Hold one of the key's places for a long poll, a stream or a WebSocket (429 when all are taken).

        A seat's token has ``per_token`` places. The spectators' link is public, so its places
        are counted per address too: one address holds at most ``spectators_per_address`` of a
        table's ``spectators`` (issue 39, W4).
        """
        limits = self.limits
        key = (table.id, seat)
        watcher = (table.id, address)
        if seat is not None and self.streams[key] >= limits.per_token:
            raise Refused(error_message(429, f"this link already has {limits.per_token} streams open"))
        if seat is None:
            if self.watchers[watcher] >= limits.spectators_per_address:
                raise Refused(
                    error_message(
                        429,
                        f"an address watches a table with at most {limits.spectators_per_address} streams",
                    )
                )
            if self.streams[key] >= limits.spectators:
                raise Refused(error_message(429, f"this table already has {limits.spectators} spectators"))
            self.watchers[watcher] += 1
        self.streams[key] += 1
        try:
            yield
        finally:
            _release(self.streams, key)
            if seat is None:
                _release(self.watchers, watcher)

    def read(self, address: str) -> None:
        """Count one read of ``address`` against its bucket (429 when it is empty)."""
        limits = self.limits
        now = time.monotonic()
        left, then = self.reads.get(address, (float(limits.reads_burst), now))
        left = min(float(limits.reads_burst), left + (now - then) * limits.reads_per_second)
        if left < 1:
            raise Refused(
                error_message(429, f"an address reads at most {limits.reads_per_second:g} times a second")
            )
        if len(self.reads) >= 10_000 and address not in self.reads:  # forget the full buckets
            now_full = [
                a
                for a, (n, t) in self.reads.items()
                if n + (now - t) * limits.reads_per_second >= limits.reads_burst
            ]
            for gone in now_full:
                del self.reads[gone]
        self.reads[address] = (left - 1, now)

    def listing(self, language: Language) -> dict[str, Any]:
        """The lobby message (up to ``listed`` tables), made again at most once a second per language
        unless a table was made or closed since: many readers cost one listing (issue 39, W3)."""
        now = time.monotonic()
        made = self._listings.get(language)
        if made is None or now - made[0] >= 1.0 or made[1] != self.lobby.version:
            made = (now, self.lobby.version, self.lobby.listing(language, self.limits.listed))
            self._listings[language] = made
        return made[2]


def _release(counter: Counter[Any], key: Any) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


# ---------------------------------------------------------------- reading a request


def _query(request: Request | WebSocket) -> dict[str, list[str]]:
    try:
        text = request.scope.get("query_string", b"").decode("latin-1")
        return parse_qs(text, keep_blank_values=True, max_num_fields=8)
    except ValueError:
        raise Refused(error_message(400, "the query has too many fields")) from None


def _one(query: dict[str, list[str]], key: str) -> str:
    values = query.get(key, [])
    if len(values) > 1:
        raise Refused(error_message(400, f"{key} is given {len(values)} times"))
    return values[0] if values else ""


def _after(query: dict[str, list[str]], table: Table, header: str = "") -> int:
    text = _one(query, "after") or header or "-1"
    seq = table.seq
    try:
        after = int(text) if len(text) <= 12 and text.isascii() else None
    except ValueError:
        after = None
    if after is None or not -1 <= after <= seq:
        raise Refused(
            error_message(400, f"after must be an update number from -1 to {seq}, not {text[:20]!r}")
        )
    return after


def _language(query: dict[str, list[str]], table: Table | None) -> Language:
    text = _one(query, "lang")
    if text in ("en", "nl"):
        return "nl" if text == "nl" else "en"
    if text == "":
        return table.spec.language if table is not None else "en"
    raise Refused(error_message(400, f"lang must be en or nl, not {text[:20]!r}"))


def _wait(query: dict[str, list[str]], top: float) -> float:
    text = _one(query, "wait")
    try:
        value = float(text) if text else 25.0
    except ValueError:
        value = -1.0
    if not 0 <= value <= top:  # also NaN
        raise Refused(error_message(400, f"wait must be a number of seconds from 0 to {top:g}"))
    return value


def _foreign(request: Request | WebSocket) -> bool:
    """Whether a browser says the request comes from another site's page (its Origin is not this Host)."""
    origin = request.headers.get("origin")
    host = request.headers.get("host", "")
    if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
        return True
    return request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none")


def _address(request: Request | WebSocket) -> str:
    return request.client.host if request.client else ""


def _bearer(request: Request) -> str | None:
    """The seat token a request sends in its ``Authorization: Bearer`` header, if any."""
    text = request.headers.get("authorization")
    if text is None:
        return None
    scheme, _, token = text.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused(error_message(400, "the Authorization header is Bearer and a seat's token"))
    return token.strip()


def _same_origin(request: Request, kind: str) -> None:
    """Refuse a POST that another site's page sends, or that is not JSON."""
    if _foreign(request):
        raise Refused(error_message(403, f"{kind} come from the service's own pages"))
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json":
        raise Refused(error_message(415, f"{kind} are sent as application/json"))


async def _json_body(request: Request, limit: int, deadline: float) -> Any:
    """The request's JSON body: at most ``limit`` bytes, all of it within ``deadline`` seconds."""
    if "transfer-encoding" in request.headers:
        raise Refused(error_message(411, "send the request with a Content-Length, not in chunks"))
    text = request.headers.get("content-length")
    if text is None:
        raise Refused(error_message(411, "a request with a body needs a Content-Length"))
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise Refused(error_message(400, "the Content-Length is not a number"))
    length = int(text)
    if length > limit:
        raise Refused(error_message(413, f"this request is at most {limit} bytes"))
    body = b""
    try:
        async with asyncio.timeout(deadline):
            async for chunk in request.stream():
                body += chunk
                if len(body) > length:
                    break
    except TimeoutError:
        raise Refused(error_message(408, f"the whole body must come within {deadline:g} seconds")) from None
    if len(body) != length:
        raise Refused(error_message(400, "the body is not as long as its Content-Length"))
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(error_message(400, "the body is not JSON text")) from None


# ---------------------------------------------------------------- the routes


def create_app(
    store: Store | str,
    *,
    limits: Limits | None = None,
    delay: float = 0.6,
    bot_threads: int = 4,
) -> Starlette:
    """The web service as an ASGI app, to run with any ASGI server or mount in another site.

    ``store`` keeps the tables: a `Store`, or the path of an SQLite file (``":memory:"``:
    an in-memory database, gone when the process ends, only when asked for). ``delay`` seconds pass between two bot
    moves; ``bot_threads`` bots think at once, each in a thread of its own, off the event
    loop. ``limits`` bounds every request (`Limits`, docs/security.md). The app's ``state.service``
    is its `Service` (the lobby and its tables).
    """
    if delay != delay or not 0 <= delay <= 60:
        raise ValueError(f"delay must be 0 to 60 seconds, not {delay!r}")
    limits = limits or Limits()
    kept: Store = SQLiteStore(store) if isinstance(store, str) else store
    service = Service(kept, limits, delay, bot_threads)

    def page(name: str) -> Response:
        return Response(service.files[name], media_type="text/html; charset=utf-8")

    async def find(key: str, token: str | None = None) -> tuple[Table, int | None]:
        """The table and seat a request names: by its key, and the seat token it sent apart (if any)."""
        await service.ready()
        found = service.lobby.find(key)
        if found is not None and token is not None:
            seat = service.lobby.find(token)
            found = seat if seat is not None and seat[1] is not None and seat[0] is found[0] else None
        if found is None:
            raise Refused(error_message(404, "there is no seat or table with this link"))
        return found

    async def lobby_page(request: Request) -> Response:
        return page("lobby.html")

    async def lobby(request: Request) -> Response:
        service.read(_address(request))
        await service.ready()
        return JSONReply(service.listing(_language(_query(request), None)))

    async def create(request: Request) -> Response:
        _same_origin(request, "tables")
        address = request.client.host if request.client else ""
        recent = service.creates.setdefault(address, deque())
        now = time.monotonic()
        while recent and recent[0] < now - 60:
            recent.popleft()
        if len(recent) >= limits.creates_per_minute:
            raise Refused(
                error_message(429, f"an address creates at most {limits.creates_per_minute} tables a minute")
            )
        message = await _json_body(request, limits.create_body, limits.body_deadline)
        if (
            not isinstance(message, dict)
            or message.get("protocol") != PROTOCOL_VERSION
            or type(message.get("protocol")) is not int
        ):
            raise Refused(
                error_message(400, f'a create request is a JSON object with "protocol": {PROTOCOL_VERSION}')
            )
        await service.ready()
        try:
            table, tokens = await service.lobby.create(message)
        except CreateError as error:
            raise Refused(error_message(400, str(error))) from None
        recent.append(now)
        if not recent:
            del service.creates[address]
        return JSONReply(
            {
                "protocol": PROTOCOL_VERSION,
                "type": "created",
                "table": table.id,
                "seats": [
                    {"seat": seat, "link": f"seat/{table.id}#{token}"} for seat, token in tokens.items()
                ],
                "watch": f"watch/{table.id}",
            },
            status_code=201,
        )

    async def seat_page(request: Request) -> Response:
        key = request.path_params["key"]
        table, seat = await find(key)
        if seat is None:  # a table's own link: the page reads its seat's token after the #
            return page("index.html")
        # A link from before issue 39 (the token in the path): the page's address becomes the
        # table's, the token after the #, which no later request carries (relative: mounted anywhere).
        query = request.url.query
        return Response(
            status_code=303, headers={"location": f"{table.id}{'?' + query if query else ''}#{key}"}
        )

    async def watch_page(request: Request) -> Response:
        key = request.path_params["key"]
        await service.ready()
        if key not in service.lobby.tables:
            raise Refused(error_message(404, "there is no table with this link"))
        return page("index.html")

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            raise Refused(error_message(404, "there is nothing at this address"))
        return Response(service.files[name], media_type=_STATIC[name])

    async def api(request: Request) -> Response:
        service.read(_address(request))
        table, seat = await find(request.path_params["key"], _bearer(request))
        what = request.path_params["what"]
        query = _query(request)
        if what == "table":
            return JSONReply(table.table_message(seat))
        if what not in ("update", "poll", "events"):
            raise Refused(error_message(404, "there is nothing at this address"))
        after = _after(query, table, request.headers.get("last-event-id", "") if what == "events" else "")
        language = _language(query, table)
        if what == "update":
            return JSONReply(table.update(seat, after, language))
        if what == "poll":
            wait = _wait(query, limits.max_wait)
            with service.stream(table, seat, _address(request)):
                # The poll's place is given back the moment its client hangs up, not at the end
                # of its wait (issue 39, W6): wait for news or for the client to go.
                news = asyncio.ensure_future(table.wait(after, wait))
                gone = asyncio.ensure_future(_until_disconnected(request))
                try:
                    await asyncio.wait({news, gone}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    news.cancel()
                    gone.cancel()
                return JSONReply(table.update(seat, after, language))
        return _event_stream(table, seat, after, language, _address(request))

    def _event_stream(
        table: Table, seat: int | None, after: int, language: Language, address: str
    ) -> Response:
        place = service.stream(table, seat, address)
        place.__enter__()  # refused (429) here, before the reply starts

        async def events() -> AsyncIterator[bytes]:
            seen = after
            try:
                while True:
                    update = table.update(seat, seen, language)
                    data = json.dumps(update, ensure_ascii=True)
                    yield f"id: {update['seq']}\nevent: update\ndata: {data}\n\n".encode()
                    seen = table.seq
                    while not await table.wait(seen, limits.keep_alive):
                        yield b": keep-alive\n\n"
            finally:
                place.__exit__(None, None, None)  # a closed stream frees its place at once

        return StreamingResponse(events(), media_type="text/event-stream; charset=utf-8")

    async def move(request: Request) -> Response:
        table, seat = await find(request.path_params["key"], _bearer(request))
        language = _language(_query(request), table)
        if seat is None:
            raise Refused(error_message(403, "a spectator cannot move"))
        _same_origin(request, "moves")
        message = await _json_body(request, limits.move_body, limits.body_deadline)
        if not isinstance(message, dict) or set(message) != {"protocol", "move"}:
            raise Refused(
                error_message(400, f'a move request is {{"protocol": {PROTOCOL_VERSION}, "move": {{...}}}}')
            )
        if message["protocol"] != PROTOCOL_VERSION or type(message["protocol"]) is not int:
            raise Refused(
                error_message(
                    400,
                    f"this service speaks protocol {PROTOCOL_VERSION}, not {str(message['protocol'])[:20]}",
                )
            )
        return _reply(await table.submit(seat, message["move"], language))

    async def socket(websocket: WebSocket) -> None:
        try:
            if _foreign(websocket):  # another site's page: browsers send a WebSocket's Origin (W7)
                raise Refused(error_message(403, "the table's streams are for the service's own pages"))
            offered = websocket.scope.get("subprotocols", [])
            token = next((p[7:] for p in offered if p.startswith("bearer.")), None)
            table, seat = await find(websocket.path_params["key"], token)
            query = _query(websocket)
            after, language = _after(query, table), _language(query, table)
            place = service.stream(table, seat, _address(websocket))
            place.__enter__()
        except Refused as refused:
            await websocket.close(code=1008, reason=str(refused)[:120])
            return
        gone: asyncio.Future[None] | None = None
        try:
            await websocket.accept(subprotocol="hartenjagen" if "hartenjagen" in offered else None)
            gone = asyncio.ensure_future(_until_closed(websocket, limits.ws_message))
            seen = after
            while True:
                update = table.update(seat, seen, language)
                await websocket.send_text(json.dumps(update, ensure_ascii=True))
                seen = table.seq
                while True:  # until there is news or the page goes away (WebSocket pings keep it alive)
                    waiting = asyncio.ensure_future(table.wait(seen, limits.keep_alive))
                    done, _ = await asyncio.wait({waiting, gone}, return_when=asyncio.FIRST_COMPLETED)
                    if gone in done:
                        waiting.cancel()
                        return
                    if waiting.result():
                        break
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the page went away
        finally:
            if gone is not None:
                gone.cancel()
            place.__exit__(None, None, None)

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, Refused)
        return _reply(error.reply)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        status = error.status_code
        text = "there is nothing at this address" if status == 404 else str(error.detail)
        if status == 405:
            text = f"{request.method} is not a method this address answers"
        return JSONReply(error_message(status, text)[1], status_code=status, headers=error.headers)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await service.ready()
        try:
            yield
        finally:
            service.close()

    routes = [
        Route("/", lobby_page),
        Route("/api/lobby", lobby),
        Route("/api/tables", create, methods=["POST"]),
        Route("/seat/{key}", seat_page),
        Route("/watch/{key}", watch_page),
        Route("/static/{name}", static),
        Route("/api/{key}/move", move, methods=["POST"]),
        Route("/api/{key}/{what}", api),
        WebSocketRoute("/api/{key}/ws", socket),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={Refused: refused, HTTPException: http_error},
        lifespan=lifespan,
    )
    app.state.service = service
    app.add_middleware(Guard, limits=limits)
    return app


async def _until_closed(websocket: WebSocket, limit: int) -> None:
    """Read (and drop) what the page sends until it closes; a message over ``limit`` closes it."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        data = message.get("text") or message.get("bytes") or b""
        if len(data) > limit:
            await websocket.close(code=1009)
            return


async def _until_disconnected(request: Request) -> None:
    """Return when the client of a request (whose body has been read) hangs up."""
    while (await request.receive())["type"] != "http.disconnect":
        pass
