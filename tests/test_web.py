"""The web service over HTTP: the lobby, routes, the protocol's messages, and hostile requests that change nothing."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time

import jsonschema
import pytest

import hartenjagen as hj
from hartenjagen.frontend import texts
from hartenjagen.web import PROTOCOL_VERSION
from serving import FAST, Served, post_move, raw, request, running, serving, state_of

VIEW = jsonschema.Draft202012Validator(hj.json_schema("view"))
EVENT = jsonschema.Draft202012Validator(hj.json_schema("event"))
MESSAGE = jsonschema.Draft202012Validator(hj.json_schema("message"))
MAX_BODY = FAST.move_body


def _create(
    served: Served, body: object, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, object]]:
    reply = request(
        served,
        "POST",
        "/api/tables",
        json.dumps(body).encode(),
        {"Content-Type": "application/json", **(headers or {})},
    )
    return reply.status, reply.json()


def _pass(served: Served, table: object, seat: int) -> hj.Pass:
    v = hj.view(state_of(served, table), seat)  # type: ignore[arg-type]
    return hj.Pass(seat, v.pass_options[: v.pass_count])


# ---------------------------------------------------------------- the lobby


def test_the_lobby_creates_a_table_with_a_link_per_human_seat_and_a_spectator_link() -> None:
    with serving() as served:
        page = request(served, "GET", "/")
        assert page.status == 200 and b"lobby.js" in page.body
        assert "script-src 'self'" in page.headers["content-security-policy"]
        empty = request(served, "GET", "/api/lobby").json()
        assert empty["type"] == "lobby" and empty["tables"] == [] and "standard" in empty["variants"]
        assert empty["words"]["create"] == texts.text("web.create", "en")
        assert request(served, "GET", "/api/lobby?lang=nl").json()["words"]["create"] == "Begin de tafel"
        status, created = _create(
            served,
            {
                "protocol": 2,
                "type": "create",
                "variant": "hoemke_P1L2H3S4",
                "seats": ["human", "heuristic", "human", "random"],
                "language": "nl",
                "games": 2,
            },
        )
        assert status == 201 and created["type"] == "created"
        MESSAGE.validate(created)
        seats = created["seats"]
        assert [seat["seat"] for seat in seats] == [0, 2]  # type: ignore[index]
        links = [seat["link"] for seat in seats]  # type: ignore[index]
        assert all(link.startswith(f"seat/{created['table']}#") and len(link) > 50 for link in links)
        assert len(set(links)) == 2
        lobby = request(served, "GET", "/api/lobby").json()
        MESSAGE.validate(lobby)
        listed = lobby["tables"]
        assert [table["table"] for table in listed] == [created["table"]]
        assert listed[0]["watch"] == created["watch"] and listed[0]["games"] == 2
        assert not any(
            link.split("#")[1] in json.dumps(listed) for link in links
        )  # the lobby shows no seat link
        for link, seat in zip(links, (0, 2), strict=True):
            token = link.split("#")[1]
            assert (
                request(served, "GET", f"/{link.split('#')[0]}").status == 200
            )  # the token stays in the page
            table = request(served, "GET", f"/api/{token}/table").json()
            MESSAGE.validate(table)
            assert (
                table["seat"] == seat and table["language"] == "nl" and table["variant"] == "hoemke_P1L2H3S4"
            )
        watch = created["watch"]
        assert request(served, "GET", f"/{watch}").status == 200
        spectator = request(served, "GET", f"/api/{created['table']}/update").json()
        assert (
            spectator["seat"] is None
            and spectator["view"]["hand"] == []
            and spectator["view"]["seat"] is None
        )
        VIEW.validate(spectator["view"])
        MESSAGE.validate(spectator)
        move = {"protocol": 2, "move": {"type": "Play", "version": 1, "seat": 0, "card": "2C"}}
        refused = request(
            served,
            "POST",
            f"/api/{created['table']}/move",
            json.dumps(move).encode(),
            {"Content-Type": "application/json"},
        )
        assert refused.status == 403 and refused.json()["message"] == "a spectator cannot move"


def test_one_process_holds_many_tables_and_a_rules_json_table() -> None:
    with serving() as served:
        rules = json.loads(hj.dumps(hj.variants.get("dutch")))
        status, created = _create(
            served,
            {
                "protocol": 2,
                "type": "create",
                "rules": rules,
                "variant": "my house rules",
                "seats": ["human", "random", "random", "random"],
            },
        )
        assert status == 201
        for _ in range(3):
            assert (
                _create(
                    served,
                    {"protocol": 2, "type": "create", "seats": ["human", "random", "random", "random"]},
                )[0]
                == 201
            )
        tables = request(served, "GET", "/api/lobby").json()["tables"]
        assert len(tables) == 4 and tables[0]["variant"] == "my house rules"
        assert served.service.lobby.tables[created["table"]].rules == hj.variants.get("dutch")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"protocol": 2, "type": "create", "seats": ["random"] * 4}, "at least one seat is a human's"),
        ({"protocol": 2, "type": "create", "seats": ["human"] * 3}, "one entry per seat, 4 of them"),
        (
            {"protocol": 2, "type": "create", "seats": ["human", "clever", "random", "random"]},
            "seats[1]: 'human' or one of the bots",
        ),
        ({"protocol": 2, "type": "create", "variant": "nope", "seats": ["human"] * 4}, "no variant"),
        (
            {"protocol": 2, "type": "create", "variant": 7, "seats": ["human"] * 4},
            "variant is the name of a preset",
        ),
        ({"protocol": 2, "type": "create", "rules": {"type": "Card"}, "seats": ["human"] * 4}, "rules:"),
        ({"protocol": 2, "type": "create", "seats": ["human"] * 4, "language": "fr"}, "language is en or nl"),
        (
            {"protocol": 2, "type": "create", "seats": ["human"] * 4, "games": 0},
            "games is a whole number from 1 to 20",
        ),
        ({"protocol": 2, "type": "create", "seats": ["human"] * 4, "games": True}, "games is a whole number"),
        ({"protocol": 2, "type": "create", "seats": ["human"] * 4, "x": 1}, "with only the keys"),
        ({"protocol": 1, "type": "create", "seats": ["human"] * 4}, '"protocol": 2'),
        ([1, 2], '"protocol": 2'),
    ],
)
def test_a_create_request_that_does_not_describe_a_table_gets_a_400_saying_why(
    body: object, message: str
) -> None:
    with serving() as served:
        status, reply = _create(served, body)
        MESSAGE.validate(reply)
        assert status == 400 and reply["type"] == "error" and message in str(reply["message"]), reply
        assert not served.service.lobby.tables


def test_an_address_creates_only_a_few_tables_a_minute() -> None:
    from hartenjagen.web import Limits

    with serving(limits=Limits(creates_per_minute=2)) as served:
        body = {"protocol": 2, "type": "create", "seats": ["human", "random", "random", "random"]}
        assert [_create(served, body)[0] for _ in range(3)] == [201, 201, 429]
        reply = request(
            served,
            "POST",
            "/api/tables",
            json.dumps(body).encode(),
            {"Content-Type": "application/json"},
            source="127.0.0.2",
        )
        assert reply.status == 201  # another address still can


# ---------------------------------------------------------------- a seat's messages


def test_a_seat_gets_its_view_and_events_in_its_language() -> None:
    with running(humans=1) as (served, _, tokens):
        token = tokens[0]
        update = request(served, "GET", f"/api/{token}/update").json()
        assert update["type"] == "update" and update["protocol"] == PROTOCOL_VERSION and update["seat"] == 0
        VIEW.validate(update["view"])
        for item in update["events"]:
            EVENT.validate(item["event"])
        assert update["events"][0]["text"] == "Hand 1 is dealt by you; cards pass to the left."
        dutch = request(served, "GET", f"/api/{token}/update?lang=nl&after=-1").json()
        assert dutch["events"][0]["text"].startswith("Ronde 1 wordt door jou gedeeld")


def test_a_move_is_accepted_committed_and_the_next_update_has_its_events() -> None:
    with running(humans=4) as (served, table, tokens):
        before = request(served, "GET", f"/api/{tokens[0]}/update").json()
        move = _pass(served, table, 0)
        reply = post_move(served, tokens[0], move)
        assert reply.status == 200 and reply.json() == {"protocol": 2, "type": "accepted", "seq": 1}
        stored = list(served.service.store.unfinished())
        assert stored[0][1][0].moves == (move,)  # committed before the reply
        after = request(served, "GET", f"/api/{tokens[1]}/update?after={before['seq']}").json()
        assert [item["text"] for item in after["events"]] == ["Seat 0 has chosen the cards to pass."]
        assert after["view"]["passing"] == []


def test_an_illegal_move_gets_the_engines_code_and_sentence_and_changes_nothing() -> None:
    with running(humans=4) as (served, table, tokens):
        reply = post_move(served, tokens[0], hj.Play(0, "2C"))
        assert reply.status == 409 and reply.json() == {
            "protocol": 2,
            "type": "illegal",
            "code": "wrong_phase",
            "message": "now is the time to pass cards, not to play a card",
            "text": "now is the time to pass cards, not to play a card",
        }
        dutch = post_move(served, tokens[0], hj.Play(0, "2C"), query="?lang=nl").json()
        assert dutch["text"] != dutch["message"]
        assert table.seq == 0 and table.record.moves == ()


def test_a_seat_cannot_act_for_another() -> None:
    with running(humans=2, bots=["random", "random"]) as (served, table, tokens):
        reply = post_move(served, tokens[0], _pass(served, table, 1))
        assert reply.status == 403 and "cannot move for seat 1" in reply.json()["message"]
        assert post_move(served, tokens[1], _pass(served, table, 1)).status == 200


def test_long_polling_waits_for_news_and_returns_at_once_when_there_is_some() -> None:
    with running(humans=4) as (served, table, tokens):
        token = tokens[0]
        start = time.monotonic()
        quiet = request(served, "GET", f"/api/{token}/poll?after=0&wait=0.3").json()
        assert time.monotonic() - start >= 0.25 and quiet["seq"] == 0 and quiet["events"] == []

        def later() -> None:
            time.sleep(0.2)
            post_move(served, tokens[1], _pass(served, table, 1))

        threading.Thread(target=later).start()
        start = time.monotonic()
        woken = request(served, "GET", f"/api/{token}/poll?after=0&wait=20").json()
        assert time.monotonic() - start < 5 and woken["seq"] == 1


def _read_event(stream: object) -> dict[str, object]:
    data = None
    while True:
        line = stream.readline()  # type: ignore[attr-defined]
        assert line, "the stream ended"
        line = line.decode().rstrip("\n")
        if line.startswith("data: "):
            data = json.loads(line[6:])
        elif line == "" and data is not None:
            return data


def test_the_event_stream_sends_an_update_at_once_and_one_per_move() -> None:
    with (
        running(humans=4) as (served, table, tokens),
        socket.create_connection(("127.0.0.1", served.port), timeout=10) as sock,
    ):
        sock.sendall(f"GET /api/{tokens[2]}/events?lang=nl HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        stream = sock.makefile("rb")
        assert stream.readline().startswith(b"HTTP/1.1 200")
        first = _read_event(stream)
        assert first["seq"] == 0
        assert post_move(served, tokens[0], _pass(served, table, 0)).status == 200
        second = _read_event(stream)
        assert second["seq"] == 1 and [e["text"] for e in second["events"]] == [
            "Speler 0 heeft de kaarten gekozen om door te geven."
        ]  # type: ignore[union-attr]


def test_the_websocket_sends_an_update_at_once_and_one_per_move() -> None:
    from websockets.sync.client import connect

    with (
        running(humans=4) as (served, table, tokens),
        connect(f"ws://127.0.0.1:{served.port}/api/{tokens[1]}/ws?after=-1") as ws,
    ):
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "update" and first["seat"] == 1 and first["seq"] == 0
        assert post_move(served, tokens[0], _pass(served, table, 0)).status == 200
        second = json.loads(ws.recv(timeout=10))
        assert second["seq"] == 1 and second["events"][0]["text"] == "Seat 0 has chosen the cards to pass."


def test_a_slow_bot_does_not_stall_another_table() -> None:
    thinking = threading.Event()

    def slowly(view: hj.PlayerView) -> hj.Move:
        thinking.set()
        time.sleep(3)
        return hj.bots.make_bot("random", seed=1).choose(view)

    async def slow_table(served: Served) -> None:
        request = {"protocol": 2, "type": "create", "seats": ["human", "random", "random", "random"]}
        table, _ = await served.service.lobby.create(request)
        for bot in table._bots.values():  # before the bots' task first runs
            bot.choose = slowly

    with serving() as served:
        served.call(slow_table(served))
        assert thinking.wait(5)
        table, tokens = served.create("standard", ["human", "random", "random", "random"])
        start = time.monotonic()
        assert post_move(served, tokens[0], _pass(served, table, 0)).status == 200
        assert request(served, "GET", f"/api/{tokens[0]}/update").status == 200
        assert time.monotonic() - start < 2  # the slow bot thinks in its thread, not on the loop


# ---------------------------------------------------------------- bad and hostile requests


def _hostile(token: str) -> list[tuple[int, str, bytes, dict[str, str]]]:
    play = {"type": "Play", "version": 1, "seat": 0, "card": "2C"}
    body = json.dumps({"protocol": 2, "move": play}).encode()
    js = {"Content-Type": "application/json"}
    move = f"/api/{token}/move"
    return [
        (404, "GET", b"", {"path": "/seat/not-a-token"}),
        (404, "GET", b"", {"path": f"/seat/{token}x"}),
        (404, "GET", b"", {"path": "/api/not-a-token/update"}),
        (404, "GET", b"", {"path": f"/api/{token}/state"}),
        (404, "GET", b"", {"path": "/static/../app.py"}),
        (404, "GET", b"", {"path": "/static/index.html/x"}),
        (404, "GET", b"", {"path": "/static/index.html"}),
        (404, "GET", b"", {"path": "/watch/nobody"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?after=abc"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?after=7"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?after=-2"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?after=%C2%B2"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?after=1&after=2"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?after=" + "9" * 40}),
        (400, "GET", b"", {"path": f"/api/{token}/update?lang=fr"}),
        (400, "GET", b"", {"path": f"/api/{token}/poll?wait=31"}),
        (400, "GET", b"", {"path": f"/api/{token}/poll?wait=nan"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?" + "&".join(f"k{i}=1" for i in range(20))}),
        (414, "GET", b"", {"path": f"/api/{token}/update?x=" + "a" * 2000}),
        (405, "PUT", body, {"path": move, **js}),
        (405, "DELETE", b"", {"path": move}),
        (405, "BREW", b"", {"path": "/"}),
        (404, "POST", body, {"path": "/api/not-a-token/move", **js}),
        (405, "POST", body, {"path": f"/api/{token}/table", **js}),
        (415, "POST", body, {"path": move, "Content-Type": "text/plain"}),
        (415, "POST", body, {"path": move}),
        (403, "POST", body, {"path": move, "Origin": "http://evil.example", **js}),
        (403, "POST", body, {"path": move, "Sec-Fetch-Site": "cross-site", **js}),
        (400, "POST", b"{not json", {"path": move, **js}),
        (400, "POST", b"\xff\xfe", {"path": move, **js}),
        (400, "POST", b"[1, 2]", {"path": move, **js}),
        (400, "POST", b"[" * 3000, {"path": move, **js}),
        (400, "POST", json.dumps({"move": play}).encode(), {"path": move, **js}),
        (400, "POST", json.dumps({"protocol": 1, "move": play}).encode(), {"path": move, **js}),
        (400, "POST", json.dumps({"protocol": True, "move": play}).encode(), {"path": move, **js}),
        (400, "POST", json.dumps({"protocol": 2, "move": play, "x": 1}).encode(), {"path": move, **js}),
        (400, "POST", json.dumps({"protocol": 2, "move": {**play, "card": "ZZ"}}).encode(), {"path": move, **js}),
        (400, "POST", json.dumps({"protocol": 2, "move": {**play, "card": "\ud800"}}).encode(), {"path": move, **js}),
        (400, "POST", json.dumps({"protocol": 2, "move": {**play, "seat": "0"}}).encode(), {"path": move, **js}),
        (400, "POST", json.dumps({"protocol": 2, "move": {"type": "Card", "version": 1, "card": "2C"}}).encode(), {"path": move, **js}),
        (400, "POST", json.dumps({"protocol": 2, "move": json.loads(hj.dumps(hj.variants.STANDARD))}).encode(), {"path": move, **js}),
        (403, "POST", json.dumps({"protocol": 2, "move": {**play, "seat": 1}}).encode(), {"path": move, **js}),
        (409, "POST", body, {"path": move, **js}),
        (413, "POST", b" " * (MAX_BODY + 1), {"path": move, **js}),
        (413, "POST", b" " * 70000, {"path": "/api/tables", **js}),
    ]  # fmt: skip


def test_bad_and_hostile_requests_get_a_4xx_json_sentence_and_never_change_the_game() -> None:
    with running(humans=4) as (served, table, tokens):
        token = tokens[0]
        seq = table.seq
        for status, method, body, headers in _hostile(token):
            path = headers.pop("path")
            reply = request(served, method, path, body or None, headers)
            assert reply.status == status, (method, path[:80], body[:80], reply.status, reply.body[:200])
            message = reply.json()
            assert message["type"] in ("error", "illegal") and message["protocol"] == 2
            MESSAGE.validate(message)
            assert isinstance(message["message"], str) and message["message"]
            assert table.seq == seq, (method, path)
        for data, status in (
            (b"GARBAGE\r\n\r\n", b"400"),
            (b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n", b"414"),
            (b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(120)) + b"\r\n", b"431"),
            (b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 70000 + b"\r\n\r\n", b"431"),
            (f"POST /api/{token}/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\r\n".encode(), b"411"),
            (f"POST /api/{token}/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".encode(), b"411"),
            (f"POST /api/{token}/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -5\r\n\r\n".encode(), b"400"),
            (f"POST /api/{token}/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \xb2\r\n\r\n".encode("latin-1"), b"400"),
            # N3 through a proxy's eyes: the body shorter than its Content-Length waits for the whole-request deadline
            (f"POST /api/{token}/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{{}}".encode(), b"408"),
        ):  # fmt: skip
            answer = raw(served, data)
            assert answer.split(b"\r\n", 1)[0].split(b" ")[1] == status, (data[:60], answer[:200])
            assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["type"] == "error"
            assert table.seq == seq
        assert post_move(served, token, _pass(served, table, 0)).status == 200  # and the seat still plays


def test_create_app_says_what_is_wrong_with_its_arguments() -> None:
    from hartenjagen.web import create_app

    for delay in (-1, 61, float("nan")):
        with pytest.raises(ValueError, match="delay must be 0 to 60 seconds"):
            create_app(":memory:", delay=delay)
    with pytest.raises(TypeError):
        create_app()  # type: ignore[call-arg]  # the store is always chosen: ":memory:" only when asked


def test_a_websocket_is_refused_without_a_seat_and_beyond_the_tokens_places() -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    with running(humans=4) as (served, _, tokens):
        base = f"ws://127.0.0.1:{served.port}/api"
        for bad in ("nobody/ws", f"{tokens[0]}/ws?after=99", f"{tokens[0]}/ws?lang=fr"):
            with pytest.raises(InvalidStatus), connect(f"{base}/{bad}"):
                pass
        with contextlib.ExitStack() as stack:
            held = [stack.enter_context(connect(f"{base}/{tokens[0]}/ws")) for _ in range(FAST.per_token)]
            for ws in held:
                assert json.loads(ws.recv(timeout=10))["type"] == "update"
            with pytest.raises(InvalidStatus), connect(f"{base}/{tokens[0]}/ws"):
                pass
            held.pop().close()
            deadline = time.monotonic() + 2  # the closed one's place is free as soon as the server sees it go
            while sum(served.service.streams.values()) >= FAST.per_token and time.monotonic() < deadline:
                time.sleep(0.01)
            with connect(f"{base}/{tokens[0]}/ws") as again:
                assert json.loads(again.recv(timeout=10))["type"] == "update"
            with connect(f"{base}/{tokens[1]}/ws") as other:  # another seat was never short of places
                assert json.loads(other.recv(timeout=10))["seat"] == 1
