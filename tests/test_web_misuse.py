"""Nobody locks people out (issue 39 item 1): each attack as a test that runs while a seat plays."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Iterator

import pytest

import hartenjagen as hj
from hartenjagen.web import Limits
from serving import FAST, Served, post_move, request, running, state_of

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


def test_w5_a_forwarded_address_counts_only_from_a_named_proxy() -> None:
    body = json.dumps({"protocol": 2, "type": "create", "seats": ["human", "random", "random", "random"]})
    with running(humans=4) as (served, _, _):
        statuses = [
            request(
                served,
                "POST",
                "/api/tables",
                body.encode(),
                {"Content-Type": "application/json", "X-Forwarded-For": f"10.0.0.{n}"},
            ).status  # from 127.0.0.1, which uvicorn's own default trusts
            for n in range(FAST.creates_per_minute + 2)
        ]
        assert statuses == [201] * FAST.creates_per_minute + [429, 429]  # the header named no one


def test_w5_a_named_proxy_names_the_client() -> None:
    import uvicorn

    from hartenjagen.web import create_app
    from hartenjagen.web.server import config

    app = create_app(":memory:")
    assert not config(app, FAST).proxy_headers  # nobody is trusted by default
    trusted = config(app, FAST, proxies=["10.1.2.3"])
    assert trusted.proxy_headers and trusted.forwarded_allow_ips == ["10.1.2.3"]
    assert isinstance(trusted, uvicorn.Config)


def test_w6_a_long_poll_frees_its_place_when_its_client_hangs_up() -> None:
    with running(humans=4) as (served, table, tokens):
        for _ in range(3):
            sock = socket.create_connection(("127.0.0.1", served.port), timeout=5)
            sock.sendall(f"GET /api/{tokens[0]}/poll?after=0&wait=20 HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            deadline = time.monotonic() + 3
            while not served.service.streams and time.monotonic() < deadline:
                time.sleep(0.01)
            assert served.service.streams  # the poll holds its place while it waits
            sock.close()
            deadline = time.monotonic() + 2  # 20 s of waiting left: freed long before
            while served.service.streams and time.monotonic() < deadline:
                time.sleep(0.01)
            assert not served.service.streams
        _plays(served, table, tokens[0])


def test_w7_another_sites_page_cannot_open_a_websocket_or_post() -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    with running(humans=4) as (served, table, tokens):
        url = f"ws://127.0.0.1:{served.port}/api/{tokens[0]}/ws"
        with pytest.raises(InvalidStatus) as refused, connect(url, origin="http://evil.example"):  # type: ignore[arg-type]
            pass
        assert refused.value.response.status_code == 403
        with connect(url, origin=f"http://127.0.0.1:{served.port}") as ws:  # type: ignore[arg-type]
            assert json.loads(ws.recv(timeout=10))["type"] == "update"
        v = hj.view(state_of(served, table), 0)
        move = json.loads(hj.dumps(hj.Pass(0, v.pass_options[: v.pass_count])))
        body = json.dumps({"protocol": 2, "move": move}).encode()
        for origin, host in (
            ("http://evil.example", f"127.0.0.1:{served.port}"),
            ("http://a.example", "b.example"),
        ):
            headers = {"Content-Type": "application/json", "Origin": origin, "Host": host}
            assert request(served, "POST", f"/api/{tokens[0]}/move", body, headers).status == 403
        _plays(served, table, tokens[0])


def test_s1_no_request_after_the_invite_link_carries_a_seat_token(caplog: pytest.LogCaptureFixture) -> None:
    import logging

    import uvicorn
    from websockets.sync.client import connect

    from hartenjagen.web import create_app
    from hartenjagen.web.server import config, listen

    app = create_app(":memory:", limits=FAST, delay=0.0)
    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(config(app, FAST, quiet=False))  # the access log is on, as under plain uvicorn
    served = Served(app, server, sock.getsockname()[1])
    access = logging.getLogger("uvicorn.access")
    with serving_on(served, sock), caplog.at_level(logging.INFO):
        access.addHandler(caplog.handler)
        try:
            body = json.dumps(
                {"protocol": 2, "type": "create", "seats": ["human", "human", "random", "random"]}
            )
            created = request(
                served, "POST", "/api/tables", body.encode(), {"Content-Type": "application/json"}
            ).json()
            link = created["seats"][0]["link"]
            page, token = link.split("#")
            table = created["table"]
            auth = {"Authorization": f"Bearer {token}"}
            assert (
                request(served, "GET", f"/{page}").status == 200
            )  # the invite link: the token stays after #
            mine = request(served, "GET", f"/api/{table}/table", headers=auth).json()
            assert mine["seat"] == 0
            assert request(served, "GET", f"/api/{table}/update?after=-1", headers=auth).json()["seat"] == 0
            with connect(
                f"ws://127.0.0.1:{served.port}/api/{table}/ws",
                subprotocols=["hartenjagen", f"bearer.{token}"],  # type: ignore[list-item]
            ) as ws:
                assert ws.subprotocol == "hartenjagen"
                assert json.loads(ws.recv(timeout=10))["seat"] == 0
            state = served.service.lobby.tables[table].state
            v = hj.view(state, 0)
            move = {"protocol": 2, "move": json.loads(hj.dumps(hj.Pass(0, v.pass_options[: v.pass_count])))}
            headers = {"Content-Type": "application/json", **auth}
            assert (
                request(served, "POST", f"/api/{table}/move", json.dumps(move).encode(), headers).status
                == 200
            )
            other = created["seats"][1]["link"].split("#")[1]  # a seat token of this table, another seat:
            assert (
                request(
                    served, "GET", f"/api/{table}/table", headers={"Authorization": f"Bearer {other}"}
                ).json()["seat"]
                == 1
            )
            assert (
                request(
                    served, "GET", f"/api/{table}/table", headers={"Authorization": "Bearer nobody"}
                ).status
                == 404
            )
            basic = {"Authorization": "Basic dXNlcjpwYXNz"}  # a proxy's own password, passed on: no seat
            assert request(served, "GET", f"/api/{table}/table", headers=basic).json()["seat"] is None
            bare = {"Authorization": "Bearer "}
            assert request(served, "GET", f"/api/{table}/table", headers=bare).status == 400
            lines = [record.getMessage() for record in caplog.records if record.name == "uvicorn.access"]
            assert len(lines) >= 6 and not any(token in line for line in lines), lines
            old = request(
                served, "GET", f"/seat/{token}?lang=nl"
            )  # a link from before: sent on, token after #
            assert old.status == 303 and old.headers["location"] == f"{table}?lang=nl#{token}"
        finally:
            access.removeHandler(caplog.handler)


@contextlib.contextmanager
def serving_on(served: Served, sock: socket.socket) -> Iterator[None]:
    import asyncio
    import threading

    def run() -> None:
        async def main() -> None:
            served.loop = asyncio.get_running_loop()
            await served.server.serve(sockets=[sock])

        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not served.server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield
    finally:
        served.server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def _play(served: Served, table: object, moves: int) -> None:
    """Make ``moves`` legal moves at a table of four human seats, through the table itself."""

    async def play() -> None:
        for _ in range(moves):
            state = table.state  # type: ignore[attr-defined]
            seat = state.to_move[0]
            v = hj.view(state, seat)
            move = v.legal_moves[0] if v.legal_moves else hj.Pass(seat, v.pass_options[: v.pass_count])
            status, reply = await table.submit(seat, json.loads(hj.dumps(move)))  # type: ignore[attr-defined]
            assert status == 200, reply

    served.call(play(), timeout=60)


def test_w3_a_whole_history_request_is_bounded_by_one_hand() -> None:
    with running(humans=4) as (served, table, tokens):
        _play(served, table, 52 * 2 + 20)  # two whole hands and some of the third
        whole = request(served, "GET", f"/api/{table.id}/update?after=-1")
        update = whole.json()
        dealt = [event["event"] for event in update["events"] if event["event"]["type"] == "HandDealt"]
        assert [event["hand_index"] for event in dealt] == [
            2
        ]  # the current hand, from the move that dealt it
        assert len(update["sheet"]) == 2  # the hands before are on the score sheet
        assert all(event["seq"] > 100 for event in update["events"])
        assert len(whole.body) < 40_000  # was ~3 times as large, and growing with every hand
        seat = request(served, "GET", f"/api/{tokens[0]}/update?after={update['seq'] - 1}").json()
        assert {event["seq"] for event in seat["events"]} == {
            update["seq"]
        }  # one following along misses nothing


def test_w3_an_address_reads_at_a_bounded_rate_and_the_lobby_lists_a_bounded_number() -> None:
    limits = Limits(reads_per_second=2.0, reads_burst=10, listed=3, keep_alive=0.3)
    with running(humans=4, limits=limits) as (served, table, tokens):
        statuses = [
            request(served, "GET", f"/api/{table.id}/update", source=ATTACKER).status for _ in range(12)
        ]
        assert statuses[:10] == [200] * 10 and statuses[-1] == 429
        assert request(served, "GET", "/api/lobby", source=ATTACKER).status == 429
        _plays(served, table, tokens[0])  # another address reads and plays
        for _ in range(4):
            served.create()
        assert len(request(served, "GET", "/api/lobby").json()["tables"]) == 3


def test_w4_one_address_cannot_take_every_spectator_place() -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    with running(humans=4) as (served, table, tokens), contextlib.ExitStack() as stack:
        url = f"ws://127.0.0.1:{served.port}/api/{table.id}/ws"
        held = []
        for _ in range(FAST.per_token):  # as many as a seat token has: the address gets two
            with contextlib.suppress(InvalidStatus):
                held.append(stack.enter_context(connect(url, source_address=(ATTACKER, 0))))
        assert len(held) == FAST.spectators_per_address
        with connect(url) as ws:  # another spectator still watches
            assert json.loads(ws.recv(timeout=10))["seat"] is None
        _plays(served, table, tokens[0])


def test_w7_a_service_given_its_names_refuses_a_page_that_rebinds_another_name() -> None:
    import uvicorn

    from hartenjagen.web import create_app
    from hartenjagen.web.command import LOCAL_NAMES
    from hartenjagen.web.server import config, listen

    app = create_app(":memory:", limits=FAST, hosts=LOCAL_NAMES)  # as hartenjagen serve on 127.0.0.1
    sock = listen("127.0.0.1", 0)
    served = Served(app, uvicorn.Server(config(app, FAST)), sock.getsockname()[1])
    with serving_on(served, sock):
        for host in ("127.0.0.1:8000", "localhost", "[::1]:8000", "LOCALHOST:1"):
            assert request(served, "GET", "/api/lobby", headers={"Host": host}).status == 200, host
        body = json.dumps({"protocol": 2, "type": "create", "seats": ["human", "random", "random", "random"]})
        # the attacker's name and Origin agree, so only the list of names refuses it
        rebound = {
            "Host": "evil.example:8000",
            "Origin": "http://evil.example:8000",
            "Content-Type": "application/json",
        }
        reply = request(served, "POST", "/api/tables", body.encode(), rebound)
        assert reply.status == 421 and reply.json()["type"] == "error"
        assert request(served, "GET", "/api/lobby", headers={"Host": "127.0.0.1.evil.example"}).status == 421


def test_the_per_address_counts_are_forgotten_once_they_bound_nothing() -> None:
    limits = Limits(reads_per_second=1000.0, reads_burst=10, keep_alive=0.3)
    with running(humans=4, limits=limits) as (served, table, _):
        for n in range(20):
            assert request(served, "GET", f"/api/{table.id}/update", source=f"127.0.2.{n + 1}").status == 200

        async def forget() -> int:
            before = len(served.service.reads)
            await asyncio.sleep(0.05)  # every bucket is full again
            served.service.forget()
            return before

        assert served.call(forget()) == 20 and not served.service.reads
