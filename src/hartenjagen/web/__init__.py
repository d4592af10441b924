"""The web service: ``hartenjagen serve``, a lobby and many tables in one ASGI app (the ``web`` extra).

`create_app` builds a Starlette app: a lobby that opens tables (any preset,
Hoemke code or Rules JSON; human and bot seats; English or Dutch; one or more
games), one secret link per human seat and a spectator link per table. A
page is sent only its seat's view and that seat's censored events (a
spectator: the public view), over a WebSocket, server-sent events or long
polling, and sends moves back as JSON. Tables, records and hashed seat tokens
live in a `Store` (SQLite by default, or PostgreSQL for several worker
processes: `PostgresStore`); every accepted move is committed before
its reply, and a restarted server replays every unfinished table. The wire
protocol is ``docs/protocol.md``; the bounds are in ``docs/security.md``.

Mount it in another ASGI site:

```python
from starlette.applications import Starlette
from starlette.routing import Mount
from hartenjagen.web import create_app

site = Starlette(routes=[Mount("/hearts", app=create_app("tables.sqlite"))])
```
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hartenjagen.web.app import create_app
    from hartenjagen.web.limits import Limits
    from hartenjagen.web.lobby import CreateError, Lobby
    from hartenjagen.web.postgres import PostgresStore
    from hartenjagen.web.service import Service
    from hartenjagen.web.store import SQLiteStore, Store, StoreError
    from hartenjagen.web.table import PROTOCOL_VERSION, Table, TableSpec

# Each name from its module when first asked for: ``hartenjagen.web.command`` (the CLI's part)
# imports this package without the web extra, and only the app needs Starlette.
_HOME = {
    "Service": "service",
    "create_app": "app",
    "Limits": "limits",
    "CreateError": "lobby",
    "Lobby": "lobby",
    "PostgresStore": "postgres",
    "SQLiteStore": "store",
    "Store": "store",
    "StoreError": "store",
    "PROTOCOL_VERSION": "table",
    "Table": "table",
    "TableSpec": "table",
}

__all__ = [
    "PROTOCOL_VERSION",
    "CreateError",
    "Limits",
    "Lobby",
    "PostgresStore",
    "SQLiteStore",
    "Service",
    "Store",
    "StoreError",
    "Table",
    "TableSpec",
    "create_app",
]


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'hartenjagen.web' has no attribute {name!r}")
    return getattr(import_module(f"hartenjagen.web.{module}"), name)
