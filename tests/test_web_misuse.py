"""Nobody locks people out (issue 39 item 1): each attack as a test that runs while a seat plays."""

from __future__ import annotations

import json
import time

import hartenjagen as hj
from hartenjagen.web import Limits
from serving import post_move, request, running, state_of

ATTACKER = "127.0.0.3"  # loopback has every 127.x address: the attack comes from one, the seat from another


def _plays(served: object, table: object, token: str, seat: int = 0, source: str = "127.0.0.1") -> None:
    """The seat reads its update and makes its pass: both answered."""
    reply = request(served, "GET", f"/api/{token}/update", timeout=5, source=source)  # type: ignore[arg-type]
    assert reply.status == 200, reply.body
    v = hj.view(state_of(served, table), seat)  # type: ignore[arg-type]
    assert post_move(served, token, hj.Pass(seat, v.pass_options[: v.pass_count])).status == 200  # type: ignore[arg-type]


def test_w1_websockets_that_close_give_back_their_connection_place() -> None:
    from websockets.sync.client import connect

    limits = Limits(body_deadline=1.0, header_deadline=1.0, keep_alive=0.3, connections=16)
    with running(humans=4, limits=limits) as (served, table, tokens):
        for _ in range(200):  # far more than the address's 16 connection places, one after another
            with connect(
                f"ws://127.0.0.1:{served.port}/api/{tokens[1]}/ws", source_address=(ATTACKER, 0)
            ) as ws:
                assert json.loads(ws.recv(timeout=10))["type"] == "update"
        deadline = time.monotonic() + 3
        while served.server.config.http.per_address and time.monotonic() < deadline:  # type: ignore[union-attr]
            time.sleep(0.01)
        assert not served.server.config.http.per_address  # type: ignore[union-attr]
        _plays(served, table, tokens[0], source=ATTACKER)  # the address still plays
