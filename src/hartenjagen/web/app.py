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
changes nothing. The routes are here, one function each, listed in `ROUTES`;
what they share is `Service` (``web/service.py``, the app's
``state.service``), and reading a request (its query, token, origin and
body) is ``web/reading.py``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from collections.abc import AsyncIterator, Collection
from contextlib import asynccontextmanager
from typing import Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from hartenjagen.frontend.notation import Language
from hartenjagen.web import reading as read
from hartenjagen.web.limits import Guard, Limits
from hartenjagen.web.lobby import CreateError
from hartenjagen.web.service import STATIC, Service
from hartenjagen.web.store import Store, open_store
from hartenjagen.web.table import PROTOCOL_VERSION, Table, error_message
from hartenjagen.web.writes import TooManyCreates

__all__ = ["ROUTES", "Service", "create_app"]

# ---------------------------------------------------------------- the routes
#
# Each route is a function of its request: the app's `Service` (``app.state.service``) is what
# they share. `ROUTES`, at the end, lists them with their paths.


def _service(connection: Request | WebSocket) -> Service:
    service: Service = connection.app.state.service
    return service


def _page(service: Service, name: str) -> Response:
    return Response(service.files[name], media_type="text/html; charset=utf-8")


async def _find(service: Service, key: str, token: str | None = None) -> tuple[Table, int | None]:
    """The table and seat a request names: by its key, and the seat token it sent apart (if any)."""
    found = await service.find(key)
    if found is not None and token is not None:
        seat = service.lobby.find(token)
        found = seat if seat is not None and seat[1] is not None and seat[0] is found[0] else None
    if found is None:
        raise read.Refused(error_message(404, "there is no seat or table with this link"))
    return found


async def lobby_page(request: Request) -> Response:
    """``GET /``: the lobby page."""
    return _page(_service(request), "lobby.html")


async def lobby(request: Request) -> Response:
    """``GET /api/lobby``: the lobby message (the open tables, the presets, the words)."""
    service = _service(request)
    service.read(read.address(request))
    await service.ready()
    return read.JSONReply(service.listing(read.language(read.query(request), None)))


async def create(request: Request) -> Response:
    """``POST /api/tables``: a create message makes a table; its links come back (201)."""
    service = _service(request)
    limits = service.limits
    read.same_origin(request, "tables")
    address = request.client.host if request.client else ""
    # This worker's own count refuses before the body is read; the store counts for all workers.
    recent = service.creates.setdefault(address, deque())
    now = time.monotonic()
    while recent and recent[0] < now - 60:
        recent.popleft()
    if len(recent) >= limits.creates_per_minute:
        raise read.Refused(
            error_message(429, f"an address creates at most {limits.creates_per_minute} tables a minute")
        )
    message = await read.json_body(request, limits.create_body, limits.body_deadline)
    if (
        not isinstance(message, dict)
        or message.get("protocol") != PROTOCOL_VERSION
        or type(message.get("protocol")) is not int
    ):
        raise read.Refused(
            error_message(400, f'a create request is a JSON object with "protocol": {PROTOCOL_VERSION}')
        )
    await service.ready()
    try:
        table, tokens = await service.lobby.create(message, address)
    except CreateError as error:
        raise read.Refused(error_message(400, str(error))) from None
    except TooManyCreates as error:  # other workers made the address's tables
        raise read.Refused(error_message(429, str(error))) from None
    recent.append(now)
    if not recent:
        del service.creates[address]
    return read.JSONReply(
        {
            "protocol": PROTOCOL_VERSION,
            "type": "created",
            "table": table.id,
            "seats": [{"seat": seat, "link": f"seat/{table.id}#{token}"} for seat, token in tokens.items()],
            "watch": f"watch/{table.id}",
        },
        status_code=201,
    )


async def seat_page(request: Request) -> Response:
    """``GET /seat/<table>``: a seat's page; an older link with the token in its path is redirected."""
    service = _service(request)
    key = request.path_params["key"]
    table, seat = await _find(service, key)
    if seat is None:  # a table's own link: the page reads its seat's token after the #
        return _page(service, "index.html")
    # A link from before issue 39 (the token in the path): the page's address becomes the
    # table's, the token after the #, which no later request carries (relative: mounted anywhere).
    query = request.url.query
    return Response(status_code=303, headers={"location": f"{table.id}{'?' + query if query else ''}#{key}"})


async def watch_page(request: Request) -> Response:
    """``GET /watch/<table>``: a spectator's page."""
    service = _service(request)
    key = request.path_params["key"]
    found = await service.find(key)
    if found is None or found[1] is not None:
        raise read.Refused(error_message(404, "there is no table with this link"))
    return _page(service, "index.html")


async def static(request: Request) -> Response:
    """``GET /static/<file>``: the pages' scripts and style sheet."""
    name = request.path_params["name"]
    if name not in STATIC:
        raise read.Refused(error_message(404, "there is nothing at this address"))
    return Response(_service(request).files[name], media_type=STATIC[name])


async def api(request: Request) -> Response:
    """``GET /api/<key>/table|update|poll|events``: who sits where, and the view and events three ways."""
    service = _service(request)
    service.read(read.address(request))
    table, seat = await _find(service, request.path_params["key"], read.bearer(request))
    what = request.path_params["what"]
    query = read.query(request)
    if what == "table":
        return read.JSONReply(table.table_message(seat))
    if what not in ("update", "poll", "events"):
        raise read.Refused(error_message(404, "there is nothing at this address"))
    after = read.after(query, table, request.headers.get("last-event-id", "") if what == "events" else "")
    language = read.language(query, table)
    if what == "update":
        return read.JSONReply(table.update(seat, after, language))
    if what == "poll":
        wait = read.wait(query, service.limits.max_wait)
        with service.stream(table, seat, read.address(request)):
            # The poll's place is given back the moment its client hangs up, not at the end
            # of its wait (issue 39, W6): wait for news or for the client to go.
            news = asyncio.ensure_future(table.wait(after, wait))
            gone = asyncio.ensure_future(read.until_disconnected(request))
            try:
                await asyncio.wait({news, gone}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                news.cancel()
                gone.cancel()
            return read.JSONReply(table.update(seat, after, language))
    return _event_stream(service, table, seat, after, language, read.address(request))


def _event_stream(
    service: Service, table: Table, seat: int | None, after: int, language: Language, address: str
) -> Response:
    place = service.stream(table, seat, address)
    place.__enter__()  # refused (429) here, before the reply starts
    keep_alive = service.limits.keep_alive

    async def events() -> AsyncIterator[bytes]:
        seen = after
        try:
            while True:
                update = table.update(seat, seen, language)
                data = json.dumps(update, ensure_ascii=True)
                yield f"id: {update['seq']}\nevent: update\ndata: {data}\n\n".encode()
                seen = table.seq
                while not await table.wait(seen, keep_alive):
                    yield b": keep-alive\n\n"
        finally:
            place.__exit__(None, None, None)  # a closed stream frees its place at once

    return StreamingResponse(events(), media_type="text/event-stream; charset=utf-8")


async def move(request: Request) -> Response:
    """``POST /api/<key>/move``: the way of a move, handler -> `Table.submit` -> engine -> store.

    The body is parsed once here (`read.json_body`); the table decodes the move from the
    parsed object, checks and makes it with one ``step``, and commits it before the reply.
    """
    service = _service(request)
    limits = service.limits
    table, seat = await _find(service, request.path_params["key"], read.bearer(request))
    language = read.language(read.query(request), table)
    if seat is None:
        raise read.Refused(error_message(403, "a spectator cannot move"))
    read.same_origin(request, "moves")
    message = await read.json_body(request, limits.move_body, limits.body_deadline)
    if not isinstance(message, dict) or set(message) != {"protocol", "move"}:
        raise read.Refused(
            error_message(400, f'a move request is {{"protocol": {PROTOCOL_VERSION}, "move": {{...}}}}')
        )
    if message["protocol"] != PROTOCOL_VERSION or type(message["protocol"]) is not int:
        raise read.Refused(
            error_message(
                400,
                f"this service speaks protocol {PROTOCOL_VERSION}, not {str(message['protocol'])[:20]}",
            )
        )
    return read.reply(await table.submit(seat, message["move"], language))


async def socket(websocket: WebSocket) -> None:
    """``WS /api/<key>/ws``: the view and events over a WebSocket, an update per change."""
    service = _service(websocket)
    limits = service.limits
    try:
        if read.foreign(websocket):  # another site's page: browsers send a WebSocket's Origin (W7)
            raise read.Refused(error_message(403, "the table's streams are for the service's own pages"))
        offered = websocket.scope.get("subprotocols", [])
        token = next((p[7:] for p in offered if p.startswith("bearer.")), None)
        table, seat = await _find(service, websocket.path_params["key"], token)
        query = read.query(websocket)
        after, language = read.after(query, table), read.language(query, table)
        place = service.stream(table, seat, read.address(websocket))
        place.__enter__()
    except read.Refused as refused:
        await websocket.close(code=1008, reason=str(refused)[:120])
        return
    gone: asyncio.Future[None] | None = None
    try:
        await websocket.accept(subprotocol="hartenjagen" if "hartenjagen" in offered else None)
        gone = asyncio.ensure_future(read.until_closed(websocket, limits.ws_message))
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
    """A `read.Refused`: its 4xx reply."""
    assert isinstance(error, read.Refused)
    return read.reply(error.reply)


async def http_error(request: Request, error: Exception) -> Response:
    """Starlette's own 404 and 405, as the service's JSON error."""
    assert isinstance(error, HTTPException)
    status = error.status_code
    text = "there is nothing at this address" if status == 404 else str(error.detail)
    if status == 405:
        text = f"{request.method} is not a method this address answers"
    return read.JSONReply(error_message(status, text)[1], status_code=status, headers=error.headers)


@asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    service: Service = app.state.service
    await service.ready()
    try:
        yield
    finally:
        service.close()


#: Every route of the app, in the order Starlette tries them (the table in this module's docstring).
ROUTES: Final = (
    Route("/", lobby_page),
    Route("/api/lobby", lobby),
    Route("/api/tables", create, methods=["POST"]),
    Route("/seat/{key}", seat_page),
    Route("/watch/{key}", watch_page),
    Route("/static/{name}", static),
    Route("/api/{key}/move", move, methods=["POST"]),
    Route("/api/{key}/{what}", api),
    WebSocketRoute("/api/{key}/ws", socket),
)


def create_app(
    store: Store | str,
    *,
    limits: Limits | None = None,
    delay: float = 0.6,
    bot_threads: int = 4,
    hosts: Collection[str] | None = None,
) -> Starlette:
    """The web service as an ASGI app, to run with any ASGI server or mount in another site.

    ``store`` keeps the tables: a `Store`, or the path of an SQLite file (``":memory:"``:
    an in-memory database, gone when the process ends, only when asked for), or a
    PostgreSQL URL (``postgresql://...``: `PostgresStore`, which several workers share). ``delay`` seconds pass between two bot
    moves; ``bot_threads`` bots think at once, each in a thread of its own, off the event
    loop. ``limits`` bounds every request (`Limits`, docs/security.md). ``hosts``, if given, are
    the only host names a request may name in its ``Host`` (else 421): a page of another site
    cannot reach the service by pointing its own name at the service's address. The app's
    ``state.service`` is its `Service` (the lobby and its tables), which every route reads.
    """
    if delay != delay or not 0 <= delay <= 60:
        raise ValueError(f"delay must be 0 to 60 seconds, not {delay!r}")
    limits = limits or Limits()
    kept: Store = open_store(store) if isinstance(store, str) else store
    service = Service(kept, limits, delay, bot_threads)
    app = Starlette(
        routes=list(ROUTES),
        exception_handlers={read.Refused: refused, HTTPException: http_error},
        lifespan=lifespan,
    )
    app.state.service = service
    app.add_middleware(Guard, limits=limits, hosts=hosts)
    return app
