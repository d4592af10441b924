"""The web table over HTTP: routes, the protocol's messages, limits, and hostile requests that change nothing."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

import hartenjagen as hj
from hartenjagen.frontend import texts
from hartenjagen.serve import PROTOCOL_VERSION, ServeError, TableServer, WebGame
from hartenjagen.serve.server import MAX_BODY, MAX_STREAMS
from serving import post_move, raw, request, running

ROOT = Path(__file__).resolve().parent.parent
VIEW = jsonschema.Draft202012Validator(hj.json_schema("view"))
EVENT = jsonschema.Draft202012Validator(hj.json_schema("event"))


def _first_update(server: TableServer, token: str) -> dict[str, object]:
    reply = request(server, "GET", f"/api/{token}/update")
    assert reply.status == 200
    data: dict[str, object] = reply.json()
    return data


# ---------------------------------------------------------------- setting up


def test_a_table_needs_one_to_all_humans_and_a_bot_for_every_other_seat() -> None:
    rules = hj.variants.STANDARD
    for humans in (0, 5, True, "1"):
        with pytest.raises(ServeError, match="humans must be 1 to 4"):
            WebGame(rules, humans=humans, bot_names=["random"] * 3)  # type: ignore[arg-type]
    with pytest.raises(ServeError, match="2 bots for the 3 seats without a human"):
        WebGame(rules, humans=1, bot_names=["random"] * 2)
    with pytest.raises(ServeError, match="delay must be 0 to 60"):
        WebGame(rules, humans=4, delay=-1)
    with pytest.raises(ServeError, match="language must be"):
        WebGame(rules, humans=4, language="fr")  # type: ignore[arg-type]
    with pytest.raises(hj.bots.BotError, match="no bot called 'clever'"):
        WebGame(rules, humans=3, bot_names=["clever"])


def test_every_human_seat_has_its_own_unguessable_token() -> None:
    game = WebGame(hj.variants.STANDARD, humans=4)
    tokens = [game.token(seat) for seat in range(4)]
    assert len(set(tokens)) == 4 and all(len(token) >= 32 for token in tokens)
    assert [game.seat_of(token) for token in tokens] == [0, 1, 2, 3]
    assert game.seat_of(tokens[0][:-1]) is None and game.seat_of("") is None and game.seat_of("é") is None
    other = WebGame(hj.variants.STANDARD, humans=4, seed=1)
    assert not set(tokens) & {other.token(seat) for seat in range(4)}  # not derived from the seed


def test_the_page_and_its_files_are_package_data() -> None:
    static = resources.files("hartenjagen.serve").joinpath("static")
    for name in ("index.html", "landing.html", "table.js", "table.css"):
        assert static.joinpath(name).is_file(), name
    page = static.joinpath("index.html").read_text(encoding="utf-8")
    assert '<script src="/static/table.js"' in page and "<style" not in page  # no inline code: a strict CSP


# ---------------------------------------------------------------- routes and messages


def test_the_routes_serve_the_page_the_files_and_the_seat_messages() -> None:
    with running(humans=1, seed=3) as (game, server):
        token = game.token(0)
        landing = request(server, "GET", "/")
        assert landing.status == 200 and b"Open the link of your seat" in landing.body
        assert token.encode() not in landing.body
        page = request(server, "GET", f"/seat/{token}")
        assert page.status == 200 and page.headers["content-type"].startswith("text/html")
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert page.headers["referrer-policy"] == "no-referrer"
        assert page.headers["x-content-type-options"] == "nosniff"
        for name, kind in (("table.js", "text/javascript"), ("table.css", "text/css")):
            reply = request(server, "GET", f"/static/{name}")
            assert reply.status == 200 and reply.headers["content-type"].startswith(kind)
        assert request(server, "HEAD", f"/seat/{token}").body == b""
        table = request(server, "GET", f"/api/{token}/table").json()
        assert table == {
            "protocol": PROTOCOL_VERSION,
            "type": "table",
            "seat": 0,
            "variant": "test",
            "players": 4,
            "language": "en",
            "seats": [
                {"seat": 0, "kind": "human", "bot": None},
                {"seat": 1, "kind": "bot", "bot": "random"},
                {"seat": 2, "kind": "bot", "bot": "random"},
                {"seat": 3, "kind": "bot", "bot": "random"},
            ],
        }
        update = _first_update(server, token)
        assert update["type"] == "update" and update["protocol"] == PROTOCOL_VERSION and update["seat"] == 0
        VIEW.validate(update["view"])
        events = update["events"]
        assert isinstance(events, list) and events[0]["event"]["type"] == "HandDealt"
        assert events[0]["text"] == "Hand 1 is dealt by you; cards pass to the left."
        for item in events:
            EVENT.validate(item["event"])
        dutch = request(server, "GET", f"/api/{token}/update?lang=nl&after=-1").json()
        assert dutch["events"][0]["text"].startswith("Ronde 1 wordt door jou gedeeld")
        assert dutch["words"]["direction"] == "naar links"


def test_a_move_is_accepted_and_the_next_update_has_its_events() -> None:
    with running(humans=4, seed=2) as (game, server):
        before = _first_update(server, game.token(0))
        v = hj.view(game.record.final_state(), 0)
        reply = post_move(server, game.token(0), hj.Pass(0, v.pass_options[:3]))
        assert reply.status == 200 and reply.json() == {"protocol": 1, "type": "accepted", "seq": 1}
        after = request(server, "GET", f"/api/{game.token(1)}/update?after={before['seq']}").json()
        assert after["seq"] == 1
        assert [item["text"] for item in after["events"]] == ["Seat 0 has chosen the cards to pass."]
        assert after["view"]["passing"] == []  # seat 1 does not see seat 0's choice
        mine = request(server, "GET", f"/api/{game.token(0)}/update?after=0").json()
        assert mine["view"]["passing"] == [str(card) for card in v.pass_options[:3]]


def test_an_illegal_move_gets_the_engines_code_and_sentence_and_changes_nothing() -> None:
    with running(humans=4, seed=2) as (game, server):
        record = game.record
        reply = post_move(server, game.token(0), hj.Play(0, "2C"))
        assert reply.status == 409
        assert reply.json() == {
            "protocol": 1,
            "type": "illegal",
            "code": "wrong_phase",
            "message": "now is the time to pass cards, not to play a card",
            "text": "now is the time to pass cards, not to play a card",
        }
        dutch = post_move(server, game.token(0), hj.Play(0, "2C"), query="?lang=nl").json()
        assert dutch["message"] == "now is the time to pass cards, not to play a card"
        assert dutch["text"] == texts.reason(
            hj.explain(game.record.final_state(), hj.Play(0, "2C")),  # type: ignore[arg-type]
            hj.Play(0, "2C"),
            hj.view(game.record.final_state(), 0),
            "nl",
        )
        assert dutch["text"] != dutch["message"]
        assert post_move(server, game.token(0), hj.Play(0, "2C"), query="?lang=xx").status == 400
        reply = post_move(server, game.token(0), hj.Pass(0, ["2C"]))
        assert reply.status == 409 and reply.json()["code"] == "wrong_pass_count"
        assert game.record == record and game.seq == 0


def test_a_seat_cannot_act_for_another_or_read_its_view() -> None:
    with running(humans=2, bots=["random", "random"], seed=4, start_bots=False) as (game, server):
        state = game.record.final_state()
        move = hj.Pass(1, hj.view(state, 1).pass_options[:3])
        reply = post_move(server, game.token(0), move)
        assert reply.status == 403 and "cannot move for seat 1" in reply.json()["message"]
        bot = hj.Pass(2, hj.view(state, 2).pass_options[:3])
        assert post_move(server, game.token(1), bot).status == 403
        assert game.seq == 0
        for seat in (0, 1):
            update = request(server, "GET", f"/api/{game.token(seat)}/update").json()
            assert update["seat"] == seat and update["view"]["seat"] == seat
            assert update["view"]["hand"] == [str(card) for card in hj.view(state, seat).hand]
        assert post_move(server, game.token(1), move).status == 200


def test_the_bots_play_until_a_human_must_move() -> None:
    with running(humans=1, seed=5, bots=["heuristic"] * 3) as (game, server):
        token = game.token(0)
        v = hj.view(game.record.final_state(), 0)
        assert post_move(server, token, hj.Pass(0, v.pass_options[:3])).status == 200
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            state = game.record.final_state()
            if state.phase is hj.Phase.PLAYING and state.to_move == (0,):
                break
            time.sleep(0.02)
        state = game.record.final_state()
        assert state.phase is hj.Phase.PLAYING and state.to_move == (0,)
        assert len(game.record.moves) == 4 + len(state.trick)


def test_long_polling_waits_for_news_and_returns_at_once_when_there_is_some() -> None:
    with running(humans=4, seed=2) as (game, server):
        token = game.token(0)
        start = time.monotonic()
        quiet = request(server, "GET", f"/api/{token}/poll?after=0&wait=0.3").json()
        assert time.monotonic() - start >= 0.25 and quiet["seq"] == 0 and quiet["events"] == []
        news = request(server, "GET", f"/api/{token}/poll?after=-1&wait=30").json()
        assert news["events"][0]["event"]["type"] == "HandDealt"

        def later() -> None:
            time.sleep(0.2)
            v = hj.view(game.record.final_state(), 1)
            post_move(server, game.token(1), hj.Pass(1, v.pass_options[:3]))

        threading.Thread(target=later).start()
        start = time.monotonic()
        woken = request(server, "GET", f"/api/{token}/poll?after=0&wait=20").json()
        assert time.monotonic() - start < 5 and woken["seq"] == 1
        assert woken["events"][0]["text"] == "Seat 1 has chosen the cards to pass."


def _read_event(sock_file: object) -> dict[str, object]:
    """The next server-sent event's data (keep-alive comments skipped)."""
    data = None
    while True:
        line = sock_file.readline()  # type: ignore[attr-defined]
        assert line, "the stream ended"
        line = line.decode().rstrip("\n")
        if line.startswith("data: "):
            data = json.loads(line[6:])
        elif line == "" and data is not None:
            return data


def test_the_event_stream_sends_an_update_at_once_and_one_per_move() -> None:
    with (
        running(humans=4, seed=2) as (game, server),
        socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock,
    ):
        sock.sendall(f"GET /api/{game.token(2)}/events?lang=nl HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        stream = sock.makefile("rb")
        status = stream.readline()
        assert status.startswith(b"HTTP/1.0 200")
        headers = []
        while (line := stream.readline()) not in (b"\r\n", b""):
            headers.append(line.decode().lower())
        assert "content-type: text/event-stream; charset=utf-8\r\n" in headers
        first = _read_event(stream)
        assert first["seq"] == 0 and first["events"][0]["text"].startswith("Ronde 1")  # type: ignore[index]
        v = hj.view(game.record.final_state(), 0)
        assert post_move(server, game.token(0), hj.Pass(0, v.pass_options[:3])).status == 200
        second = _read_event(stream)
        assert second["seq"] == 1
        assert [e["text"] for e in second["events"]] == [
            "Speler 0 heeft de kaarten gekozen om door te geven."
        ]  # type: ignore[union-attr]


def test_a_reconnecting_stream_resumes_after_its_last_event_id() -> None:
    with running(humans=4, seed=2) as (game, server):
        for seat in (0, 1):
            v = hj.view(game.record.final_state(), seat)
            post_move(server, game.token(seat), hj.Pass(seat, v.pass_options[:3]))
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            request_text = f"GET /api/{game.token(3)}/events HTTP/1.1\r\nHost: x\r\nLast-Event-ID: 1\r\n\r\n"
            sock.sendall(request_text.encode())
            update = _read_event(sock.makefile("rb"))
            assert update["seq"] == 2
            assert [e["seq"] for e in update["events"]] == [2]  # type: ignore[union-attr]


# ---------------------------------------------------------------- bad and hostile requests


def _hostile(server: TableServer, token: str) -> list[tuple[int, str, bytes, dict[str, str]]]:
    play = {"type": "Play", "version": 1, "seat": 0, "card": "2C"}
    body = json.dumps({"protocol": 1, "move": play}).encode()
    js = {"Content-Type": "application/json"}
    return [
        (404, "GET", b"", {"path": "/seat/not-a-token"}),
        (404, "GET", b"", {"path": f"/seat/{token}x"}),
        (404, "GET", b"", {"path": "/api/not-a-token/update"}),
        (404, "GET", b"", {"path": f"/api/{token}/state"}),
        (404, "GET", b"", {"path": "/static/../game.py"}),
        (404, "GET", b"", {"path": "/static/index.html/x"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?after=abc"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?after=7"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?after=-2"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?after=1&after=2"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?after=" + "9" * 40}),
        (400, "GET", b"", {"path": f"/api/{token}/update?lang=fr"}),
        (400, "GET", b"", {"path": f"/api/{token}/poll?wait=31"}),
        (400, "GET", b"", {"path": f"/api/{token}/poll?wait=nan"}),
        (400, "GET", b"", {"path": f"/api/{token}/update?" + "&".join(f"k{i}=1" for i in range(20))}),
        (414, "GET", b"", {"path": f"/api/{token}/update?x=" + "a" * 2000}),
        (405, "PUT", body, {"path": f"/api/{token}/move", **js}),
        (405, "DELETE", b"", {"path": f"/api/{token}/move"}),
        (405, "BREW", b"", {"path": "/"}),
        (404, "POST", body, {"path": "/api/not-a-token/move", **js}),
        (404, "POST", body, {"path": f"/api/{token}/table", **js}),
        (415, "POST", body, {"path": f"/api/{token}/move", "Content-Type": "text/plain"}),
        (415, "POST", body, {"path": f"/api/{token}/move"}),
        (403, "POST", body, {"path": f"/api/{token}/move", "Origin": "http://evil.example", **js}),
        (403, "POST", body, {"path": f"/api/{token}/move", "Sec-Fetch-Site": "cross-site", **js}),
        (400, "POST", b"{not json", {"path": f"/api/{token}/move", **js}),
        (400, "POST", b"\xff\xfe", {"path": f"/api/{token}/move", **js}),
        (400, "POST", b"[1, 2]", {"path": f"/api/{token}/move", **js}),
        (400, "POST", b"[" * 3000, {"path": f"/api/{token}/move", **js}),
        (400, "POST", json.dumps({"move": play}).encode(), {"path": f"/api/{token}/move", **js}),
        (400, "POST", json.dumps({"protocol": 2, "move": play}).encode(), {"path": f"/api/{token}/move", **js}),
        (400, "POST", json.dumps({"protocol": True, "move": play}).encode(), {"path": f"/api/{token}/move", **js}),
        (400, "POST", json.dumps({"protocol": 1, "move": play, "x": 1}).encode(), {"path": f"/api/{token}/move", **js}),
        (400, "POST", json.dumps({"protocol": 1, "move": {**play, "card": "ZZ"}}).encode(), {"path": f"/api/{token}/move", **js}),
        (400, "POST", json.dumps({"protocol": 1, "move": {**play, "seat": "0"}}).encode(), {"path": f"/api/{token}/move", **js}),
        (400, "POST", json.dumps({"protocol": 1, "move": {"type": "Card", "version": 1, "card": "2C"}}).encode(), {"path": f"/api/{token}/move", **js}),
        (400, "POST", json.dumps({"protocol": 1, "move": json.loads(hj.dumps(hj.variants.STANDARD))}).encode(), {"path": f"/api/{token}/move", **js}),
        (403, "POST", json.dumps({"protocol": 1, "move": {**play, "seat": 1}}).encode(), {"path": f"/api/{token}/move", **js}),
        (409, "POST", body, {"path": f"/api/{token}/move", **js}),
        (413, "POST", b" " * (MAX_BODY + 1), {"path": f"/api/{token}/move", **js}),
    ]  # fmt: skip


def test_bad_and_hostile_requests_get_a_4xx_json_sentence_and_never_change_the_game() -> None:
    with running(humans=1, seed=6, start_bots=False) as (game, server):
        token = game.token(0)
        record = game.record
        for status, method, body, headers in _hostile(server, token):
            path = headers.pop("path")
            reply = request(server, method, path, body or None, headers)
            assert reply.status == status, (method, path[:80], body[:80], reply.status, reply.body[:200])
            message = reply.json()
            assert message["type"] in ("error", "illegal") and message["protocol"] == 1
            assert isinstance(message["message"], str) and message["message"]
            assert game.record == record and game.seq == 0, (method, path)
        # Requests that break HTTP itself are refused too, as JSON.
        for data, status in (
            (b"GARBAGE\r\n\r\n", b"400"),
            (b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n", b"414"),
            (b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(120)) + b"\r\n", b"431"),
            (f"POST /api/{token}/move HTTP/1.1\r\nContent-Type: application/json\r\n\r\n".encode(), b"411"),
            (
                f"POST /api/{token}/move HTTP/1.1\r\nContent-Type: application/json\r\n"
                "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n".encode(),
                b"411",
            ),
            (
                f"POST /api/{token}/move HTTP/1.1\r\nContent-Type: application/json\r\n"
                "Content-Length: -5\r\n\r\n".encode(),
                b"400",
            ),
        ):
            answer = raw(server, data)
            assert answer.split(b"\r\n", 1)[0].split(b" ")[1] == status, (data[:60], answer[:200])
            assert game.record == record
        # A body shorter than its Content-Length: the read times out or ends; nothing changes.
        answer = raw(
            server,
            f"POST /api/{token}/move HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{{}}".encode(),
            timeout=30,
        )
        assert game.record == record
        # After all that, the seat still plays.
        v = hj.view(game.record.final_state(), 0)
        assert post_move(server, token, hj.Pass(0, v.pass_options[:3])).status == 200


def test_a_seat_may_hold_only_a_few_streams_open() -> None:
    with running(humans=1, seed=6, start_bots=False) as (game, server):
        socks = []
        try:
            for _ in range(MAX_STREAMS):
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
                sock.sendall(f"GET /api/{game.token(0)}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                assert sock.recv(12).startswith(b"HTTP/1.0 200")
                socks.append(sock)
            reply = request(server, "GET", f"/api/{game.token(0)}/events")
            assert reply.status == 429
        finally:
            for sock in socks:
                sock.close()
        deadline = time.monotonic() + 20  # a closed stream frees its place (at its next write)
        while (
            request(server, "GET", f"/api/{game.token(0)}/update").status == 200
            and time.monotonic() < deadline
        ):
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
                sock.sendall(f"GET /api/{game.token(0)}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                if sock.recv(12).startswith(b"HTTP/1.0 200"):
                    break
            time.sleep(0.2)
        else:
            pytest.fail("the closed streams were never freed")


# ---------------------------------------------------------------- the command


def test_serve_binds_to_127_0_0_1_by_default() -> None:
    from hartenjagen.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1" and args.port == 8000 and args.humans == 1 and args.lang == "en"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--humans", "0"], "--humans: standard has 4 seats: 1 to 4 of them can be human"),
        (["--humans", "5"], "--humans: standard has 4 seats"),
        (["--variant", "nope"], "no variant"),
        (["--bots", "random,clever"], "no bot called 'clever'"),
        (["--bots", "random,random", "--humans", "1"], "2 names for 3 bot seats"),
        (["--port", "70000"], "a port is 0 to 65535"),
        (["--delay", "-1"], "expected 0 to 60 seconds"),
    ],
)
def test_serve_refuses_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from hartenjagen.cli import main

    assert main(["serve", *argv]) == 2
    assert message.lower() in capsys.readouterr().err.lower()


def test_serve_says_so_when_the_port_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    from hartenjagen.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in capsys.readouterr().err


def test_the_serve_command_prints_the_seat_links_serves_them_and_stops_on_ctrl_c() -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hartenjagen",
            "serve",
            "--port",
            "0",
            "--humans",
            "2",
            "--seed",
            "3",
            "--lang",
            "nl",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(4)]
        assert lines[0].startswith("hartenjagen: standard, een tafel op 127.0.0.1 poort ")
        urls = [line.split(": ", 1)[1].strip() for line in lines[1:3]]
        assert [line.split(":")[0].strip() for line in lines[1:3]] == ["speler 0", "speler 1"]
        assert lines[3] == "Ctrl-C stopt de server.\n"
        import urllib.request

        for url in urls:
            assert url.startswith("http://127.0.0.1:")
            with urllib.request.urlopen(url, timeout=10) as page:
                assert page.status == 200 and b"table.js" in page.read()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 130, err
        assert out.strip().endswith("Tot ziens.")
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def test_an_announcement_and_a_moon_choice_come_with_their_question_and_labels() -> None:
    from hartenjagen.cli import terminal
    from hartenjagen.rules.moon import SHOOTER_CHOICE
    from helpers import ONE_SUIT_EACH, find_state, play_out
    from helpers import game as dealt

    web = WebGame(hj.variants.STANDARD, humans=4)
    moon = play_out(dealt(ONE_SUIT_EACH, moon=SHOOTER_CHOICE))
    assert moon.phase is hj.Phase.MOON_CHOICE
    v = hj.view(moon, moon.to_move[0])
    words = web._words(v, "nl")
    assert words["question"] == terminal.WORDS["nl"]["moon"]
    assert (
        words["moves"] == [terminal.move_text(move, "nl") for move in v.legal_moves]
        and len(v.legal_moves) >= 2
    )
    asking = find_state(hj.variants.ACHTERHOEK, lambda s: s.phase is hj.Phase.ANNOUNCING)
    v = hj.view(asking, asking.to_move[0])
    words = web._words(v, "en")
    assert words["question"] == "Announce that you will take no penalty card this hand?"
    assert sorted(words["moves"]) == ["no", "yes"]  # type: ignore[type-var]
    assert web._words(hj.view(asking, (asking.to_move[0] + 1) % 4), "en")["question"] == ""
