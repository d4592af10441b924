"""Nobody can lock players out (issue 25 item 4): N5, N6, N7 and N12 as attacks that run while a seat plays."""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
import time

import pytest

import hartenjagen as hj
from hartenjagen.web import Limits
from serving import post_move, raw, request, running, state_of

ATTACKER = "127.0.0.2"  # loopback has every 127.x address: the attack comes from one, the seat from another


def _plays(served: object, table: object, token: str, seat: int = 0) -> None:
    """The seat reads its update and makes its pass: both answered, at once."""
    start = time.monotonic()
    assert request(served, "GET", f"/api/{token}/update", timeout=5).status == 200  # type: ignore[arg-type]
    v = hj.view(state_of(served, table), seat)  # type: ignore[arg-type]
    assert post_move(served, token, hj.Pass(seat, v.pass_options[: v.pass_count])).status == 200  # type: ignore[arg-type]
    assert time.monotonic() - start < 3


def test_n5_idle_sockets_and_slow_headers_do_not_stop_a_seat() -> None:
    limits = Limits(header_deadline=1.0, connections=32)
    with running(humans=4, limits=limits) as (served, table, tokens):
        idle = []
        for _ in range(200):  # 32 are held, the rest closed at once; the held ones go at the deadline
            sock = socket.socket()
            sock.bind((ATTACKER, 0))
            sock.settimeout(5)
            try:
                sock.connect(("127.0.0.1", served.port))
            except OSError:
                sock.close()
                continue
            idle.append(sock)
        slow = []
        for sock in idle[:20]:  # these send a header byte now and then
            sock.sendall(b"G")
            slow.append(sock)
        _plays(served, table, tokens[0])
        time.sleep(0.5)
        for sock in slow:
            with contextlib.suppress(OSError):  # the server may have closed it already
                sock.sendall(b"E")
        _plays(served, table, tokens[1], 1)
        time.sleep(1.2)  # past the head's deadline: every attacking socket is closed by the server
        closed = refused = 0
        for sock in idle:
            sock.settimeout(0.5)
            try:
                answer = sock.recv(4096)  # b"" (closed) or a 408 to a half-sent head; a live socket times out
                closed += answer == b"" or answer.startswith(b"HTTP/1.1 408")
                refused += answer.startswith(b"HTTP/1.1 429")  # over the address's cap: at once
            except ConnectionResetError:
                closed += 1
            except TimeoutError:
                pass
            sock.close()
        assert refused == len(idle) - 32 and closed == 32
        assert not served.service.streams
        _plays(served, table, tokens[2], 2)


def test_n6_one_seat_holding_long_polls_locks_out_no_other_seat() -> None:
    with running(humans=4) as (served, table, tokens):
        replies: list[int] = []

        def poll() -> None:
            replies.append(
                request(served, "GET", f"/api/{tokens[3]}/poll?after=0&wait=3", source=ATTACKER).status
            )

        threads = [threading.Thread(target=poll) for _ in range(12)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 5
        while len(replies) < 8 and time.monotonic() < deadline:  # all but the seat's four places: refused
            time.sleep(0.02)
        assert replies.count(429) == 8
        _plays(served, table, tokens[0])  # another seat still polls and plays
        assert request(served, "GET", f"/api/{tokens[1]}/poll?after=-1&wait=1").status == 200
        for thread in threads:
            thread.join(timeout=10)
        assert replies.count(200) == 4


def test_n6_an_address_holds_a_bounded_number_of_requests() -> None:
    with running(humans=4, limits=Limits(per_address=3, per_token=10)) as (served, table, tokens):
        replies: list[int] = []
        threads = [
            threading.Thread(target=lambda: replies.append(request(served, "GET", f"/api/{tokens[3]}/poll?after=0&wait=2", source=ATTACKER).status))
            for _ in range(6)
        ]  # fmt: skip
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        assert replies.count(429) == 3
        _plays(served, table, tokens[0])
        for thread in threads:
            thread.join(timeout=10)


def test_n7_a_closed_stream_frees_its_place_at_once() -> None:
    with running(humans=4) as (served, table, tokens):
        token = tokens[0]
        for _ in range(3):  # a page that reloads thrice, each time with all its streams
            socks = []
            for _ in range(4):
                sock = socket.create_connection(("127.0.0.1", served.port), timeout=5)
                sock.sendall(f"GET /api/{token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                assert sock.recv(12).startswith(b"HTTP/1.1 200")
                socks.append(sock)
            assert request(served, "GET", f"/api/{token}/events").status == 429
            for sock in socks:
                sock.close()
            deadline = time.monotonic() + 2  # freed as the server sees the hang-up, not at a keep-alive
            while served.service.streams and time.monotonic() < deadline:
                time.sleep(0.01)
            assert not served.service.streams
        _plays(served, table, token)


def test_n12_a_client_hanging_up_writes_one_log_line_at_most(caplog: pytest.LogCaptureFixture) -> None:
    uvicorn_log = logging.getLogger("uvicorn")  # it does not pass its records on to the root logger
    with running(humans=4) as (served, table, tokens), caplog.at_level(logging.DEBUG):
        uvicorn_log.addHandler(caplog.handler)  # after the server has set up its logging
        try:
            caplog.clear()
            hang_ups = 0
            for what in ("events", "poll?wait=5", "update", "ws"):
                for _ in range(5):
                    sock = socket.create_connection(("127.0.0.1", served.port), timeout=5)
                    upgrade = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    sock.sendall(
                        f"GET /api/{tokens[0]}/{what} HTTP/1.1\r\nHost: x\r\n{upgrade if what == 'ws' else ''}\r\n".encode()
                    )
                    time.sleep(0.02)
                    sock.close()
                    hang_ups += 1
            raw(served, b"GET / HTTP/1.1\r\nHost: x\r\n")  # half a request, then gone at the deadline
            hang_ups += 1
            time.sleep(1.0)
            lines = [record for record in caplog.records if record.levelno >= logging.WARNING]
            assert len(lines) <= hang_ups, [record.getMessage() for record in lines]
            assert not any(record.exc_info for record in lines), [record.getMessage() for record in lines]
            before = len(caplog.records)
            raw(served, b"GARBAGE\r\n\r\n")  # the capture works: a request that is not HTTP is one line
            time.sleep(0.2)
            assert [record.getMessage() for record in caplog.records[before:]] == [
                "Invalid HTTP request received."
            ]
            _plays(served, table, tokens[0])
        finally:
            uvicorn_log.removeHandler(caplog.handler)
