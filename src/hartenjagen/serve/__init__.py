"""A web table: ``hartenjagen serve`` plays a game in browsers, on the standard library alone.

The server holds the one authoritative state. Each human seat has its own
page at an unguessable address (``/seat/<token>``); bots play the other seats.
A page is sent only its seat's view and that seat's censored events — never a
state, a seed or a game record — over server-sent events or long polling, and
sends moves back as JSON. The wire protocol is ``docs/protocol.md``; the page
(plain HTML, CSS and JavaScript, no build step) is package data in ``static/``.

```pycon
>>> import hartenjagen as hj
>>> from hartenjagen.serve import TableServer, WebGame
>>> game = WebGame(hj.variants.STANDARD, humans=1, bot_names=["heuristic"] * 3, seed=1)
>>> server = TableServer(game, ("127.0.0.1", 0))  # port 0: any free port
>>> server.url(0).startswith("http://127.0.0.1:")
True
>>> server.server_close()

```
"""

from hartenjagen.serve.game import PROTOCOL_VERSION, ServeError, WebGame
from hartenjagen.serve.server import TableServer

__all__ = ["PROTOCOL_VERSION", "ServeError", "TableServer", "WebGame"]
