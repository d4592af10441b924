"""The path of one accepted move through the web service: which of the library's files it visits.

Runs the app in process (an in-memory store, four human seats), makes the first
pass of a table, and traces that one ``POST /api/<table>/move`` with
``sys.setprofile`` (in the event loop's thread and the store's thread): after every Python call and return, the file of the running code,
kept when it is under ``src/hartenjagen``. It prints the number of distinct
files the move visits and its *returns*: how many times that sequence (with
repeats in a row merged) steps into a file it has been in before. Compare the numbers before and after a change of the
move's path (issue 39, item 4)::

    PYTHONPATH=src python benchmarks/move_path.py
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from pathlib import Path
from types import FrameType
from typing import Any

import hartenjagen as hj
from hartenjagen.web import Limits, create_app

ROOT = str(Path(hj.__file__).parent)


async def _post(app: Any, path: str, message: object, token: str = "") -> tuple[int, Any]:
    """POST ``message`` as JSON to the ASGI ``app``: the reply's status and JSON."""
    body = json.dumps(message).encode()
    headers = [(b"host", b"testserver"), (b"content-type", b"application/json")]
    headers.append((b"content-length", str(len(body)).encode()))
    if token:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "",
        "query_string": b"", "headers": headers, "client": ("127.0.0.1", 1), "server": ("testserver", 80),
    }  # fmt: skip
    sent: list[dict[str, Any]] = []
    given = False

    async def receive() -> dict[str, Any]:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    data = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, json.loads(data)


async def _measure() -> tuple[list[str], int]:
    app = create_app(":memory:", limits=Limits(), delay=0)
    if True:
        _, created = await _post(
            app, "/api/tables", {"protocol": 2, "type": "create", "seats": ["human"] * 4}
        )
        table = created["table"]
        token = created["seats"][0]["link"].split("#")[1]
        state = app.state.service.lobby.tables[table].state
        v = hj.view(state, 0)
        move = hj.Pass(0, v.pass_options[: v.pass_count])
        body = {"protocol": 2, "move": json.loads(hj.dumps(move))}
        calls: list[str] = []
        lock = threading.Lock()

        def profile(frame: FrameType, event: str, arg: Any) -> None:
            if event == "call":  # entering a function of the library
                here: FrameType | None = frame
            elif event == "return":  # back in its caller
                here = frame.f_back
            else:
                return
            name = here.f_code.co_filename if here is not None else ""
            if name.startswith(ROOT):
                with lock:
                    calls.append(name[len(ROOT) + 1 :])

        store_thread = app.state.service._store_thread
        store_thread.submit(sys.setprofile, profile).result()
        sys.setprofile(profile)
        try:
            status, reply = await _post(app, f"/api/{table}/move", body, token)
        finally:
            sys.setprofile(None)
            store_thread.submit(sys.setprofile, None).result()
        assert status == 200, reply
        app.state.service.close()
    path = [name for i, name in enumerate(calls) if i == 0 or calls[i - 1] != name]
    seen: set[str] = set()
    returns = 0
    for name in path:
        returns += name in seen
        seen.add(name)
    return sorted(seen), returns


def main() -> None:
    files, returns = asyncio.run(_measure())
    print(f"files visited: {len(files)}")
    print(f"returns to an earlier file: {returns}")
    for name in files:
        print(f"  {name}")


if __name__ == "__main__":
    main()
