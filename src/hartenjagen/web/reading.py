"""Reading a request of the web service: its query, its seat token, its origin, its JSON body.

Every function here either returns what the request says or raises `Refused`
with the JSON reply (a 4xx and a sentence) that the app sends instead.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket

from hartenjagen.frontend.notation import Language
from hartenjagen.frontend.serialize.reading import no_constant, parse_int
from hartenjagen.web.table import Reply, Table, error_message

__all__ = [
    "JSONReply",
    "Refused",
    "address",
    "after",
    "bearer",
    "foreign",
    "json_body",
    "language",
    "one",
    "query",
    "reply",
    "same_origin",
    "until_closed",
    "until_disconnected",
    "wait",
]


class JSONReply(Response):
    """A JSON reply, ASCII-escaped (so any text, even a lone surrogate, is written)."""

    media_type = "application/json; charset=utf-8"

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True).encode("ascii")


def reply(reply: Reply) -> JSONReply:
    status, message = reply
    return JSONReply(message, status_code=status)


class Refused(Exception):
    """A request the service refuses: its reply."""

    def __init__(self, reply: Reply) -> None:
        super().__init__(reply[1]["message"])
        self.reply = reply


def query(request: Request | WebSocket) -> dict[str, list[str]]:
    try:
        text = request.scope.get("query_string", b"").decode("latin-1")
        return parse_qs(text, keep_blank_values=True, max_num_fields=8)
    except ValueError:
        raise Refused(error_message(400, "the query has too many fields")) from None


def one(query: dict[str, list[str]], key: str) -> str:
    values = query.get(key, [])
    if len(values) > 1:
        raise Refused(error_message(400, f"{key} is given {len(values)} times"))
    return values[0] if values else ""


def after(query: dict[str, list[str]], table: Table, header: str = "") -> int:
    text = one(query, "after") or header or "-1"
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


def language(query: dict[str, list[str]], table: Table | None) -> Language:
    text = one(query, "lang")
    if text in ("en", "nl"):
        return "nl" if text == "nl" else "en"
    if text == "":
        return table.spec.language if table is not None else "en"
    raise Refused(error_message(400, f"lang must be en or nl, not {text[:20]!r}"))


def wait(query: dict[str, list[str]], top: float) -> float:
    text = one(query, "wait")
    try:
        value = float(text) if text else 25.0
    except ValueError:
        value = -1.0
    if not 0 <= value <= top:  # also NaN
        raise Refused(error_message(400, f"wait must be a number of seconds from 0 to {top:g}"))
    return value


def foreign(request: Request | WebSocket) -> bool:
    """Whether a browser says the request comes from another site's page (its Origin is not this Host)."""
    origin = request.headers.get("origin")
    host = request.headers.get("host", "")
    if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
        return True
    return request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none")


def address(request: Request | WebSocket) -> str:
    return request.client.host if request.client else ""


def bearer(request: Request) -> str | None:
    """The seat token a request sends in its ``Authorization: Bearer`` header, if any.

    Another scheme is not the service's (a proxy in front may ask for its own password,
    ``Basic``, and pass the header on): the request is then read as having no token.
    """
    scheme, _, token = request.headers.get("authorization", "").strip().partition(" ")
    if scheme.lower() != "bearer":
        return None
    if not token.strip():
        raise Refused(error_message(400, "the Authorization header is Bearer and a seat's token"))
    return token.strip()


def same_origin(request: Request, kind: str) -> None:
    """Refuse a POST that another site's page sends, or that is not JSON."""
    if foreign(request):
        raise Refused(error_message(403, f"{kind} come from the service's own pages"))
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json":
        raise Refused(error_message(415, f"{kind} are sent as application/json"))


async def json_body(request: Request, limit: int, deadline: float) -> Any:
    """The request's JSON body: at most ``limit`` bytes, all of it within ``deadline`` seconds.

    Parsed here once: a move or rules inside it are decoded from the parsed object
    (`hartenjagen.web.table.decoded`), never written back to text.
    """
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
    try:  # numbers as ``loads`` reads them: no NaN, no number longer than a seed
        return json.loads(body.decode("utf-8"), parse_constant=no_constant, parse_int=parse_int)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(error_message(400, "the body is not JSON text")) from None


async def until_closed(websocket: WebSocket, limit: int) -> None:
    """Read (and drop) what the page sends until it closes; a message over ``limit`` closes it."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        data = message.get("text") or message.get("bytes") or b""
        if len(data) > limit:
            await websocket.close(code=1009)
            return


async def until_disconnected(request: Request) -> None:
    """Return when the client of a request (whose body has been read) hangs up."""
    while (await request.receive())["type"] != "http.disconnect":
        pass
