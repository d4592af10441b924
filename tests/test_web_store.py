"""Games survive a crash (issue 25 item 3): the SQLite store, hashed tokens, and kill -9 of a real server."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import hartenjagen as hj
from hartenjagen.web import SQLiteStore, StoreError, TableSpec
from hartenjagen.web.lobby import token_hash
from hartenjagen.web.writes import Conflict
from postgres_cluster import execute, postgres_cluster, postgres_url, store_at  # noqa: F401  (fixtures)
from serving import Kept, post_move, request, serving, state_of

ROOT = Path(__file__).resolve().parent.parent


def test_the_store_keeps_tables_records_and_moves_and_reads_back_the_unfinished(tmp_path: Path) -> None:
    path = str(tmp_path / "t.sqlite")
    store = SQLiteStore(path)
    spec = TableSpec(
        "t1",
        hj.variants.STANDARD,
        "standard",
        (None, "random", None, "heuristic"),
        ("a" * 64, None, "b" * 64, None),
        "nl",
        2,
    )
    record = hj.GameRecord.begin(hj.new_game(hj.variants.STANDARD, seed=3))
    store.add_table(spec)
    store.add_game("t1", 0, record)
    moves = [hj.Pass(seat, hj.view(record.final_state(), seat).pass_options[:3]) for seat in range(2)]
    for number, move in enumerate(moves, start=1):
        store.add_move("t1", 0, number, move)
    with pytest.raises(Conflict, match="t1"):
        store.add_move("t1", 0, 2, moves[1])  # a move number is taken once
    store.close()
    again = SQLiteStore(path)
    ((read, records),) = list(again.unfinished())
    assert read == spec and records == [record.add(*moves)]
    again.finish("t1")
    assert list(again.unfinished()) == []
    again.close()
    (tmp_path / "junk").write_bytes(b"not a database at all" * 100)
    with pytest.raises(StoreError, match="is not a hartenjagen database"):
        SQLiteStore(str(tmp_path / "junk"))


def test_tokens_are_kept_hashed_and_a_restarted_service_replays_its_tables(store_at: str) -> None:  # noqa: F811
    path = store_at
    with serving(path) as served:
        table, tokens = served.create("standard", ["human", "human", "random", "random"])
        for seat in (0, 1):
            v = hj.view(state_of(served, table), seat)
            assert post_move(served, tokens[seat], hj.Pass(seat, v.pass_options[:3])).status == 200
    seq, moves = table.seq, table.record.moves  # the server has stopped: nothing moves now
    dump = "\n".join(
        "\t".join(map(str, row))
        for name in ("tables", "games", "moves")
        for row in execute(path, f"SELECT * FROM {name}")
    )
    assert all(token not in dump for token in tokens.values())
    assert all(token_hash(token) in dump for token in tokens.values())
    with serving(path) as served:
        again = request(served, "GET", f"/api/{tokens[0]}/update?after={seq}").json()
        assert again["seq"] >= seq and len(moves) >= 2
        assert served.service.lobby.tables[table.id].record.moves[: len(moves)] == moves


def _start(db: Path) -> tuple[subprocess.Popen[str], dict[int, str]]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "hartenjagen", "serve", "--port", "0", "--db", str(db), "--delay", "0", *(["--humans", "2", "--bots", "random"] if not db.exists() else [])],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
    )  # fmt: skip
    assert process.stdout is not None
    lines = []
    while not lines or not lines[-1].startswith("Ctrl-C"):
        line = process.stdout.readline()
        assert line, process.stderr.read() if process.stderr else ""
        lines.append(line)
    base = lines[0].split(" is at ")[1].split(" ")[0]
    links = {
        int(line.split(":")[0].split()[-1]): line.split(": ", 1)[1].strip()
        for line in lines
        if line.startswith("  seat")
    }
    return process, {"base": base, **links}  # type: ignore[dict-item]


def test_kill_9_in_the_middle_of_a_hand_loses_no_accepted_move(tmp_path: Path) -> None:
    import http.client

    db = tmp_path / "crash.sqlite"
    process, links = _start(db)
    tokens = {seat: links[seat].rsplit("#", 1)[1] for seat in (0, 1)}  # seat/<table>#<token>
    port = int(links["base"].rsplit(":", 1)[1].strip("/"))  # type: ignore[attr-defined]

    def call(method: str, path: str, body: object = None) -> tuple[int, dict[str, object]]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        data = None if body is None else json.dumps(body).encode()
        connection.request(method, path, body=data, headers={"Content-Type": "application/json"})
        reply = connection.getresponse()
        return reply.status, json.loads(reply.read())

    accepted = 0
    try:
        for _ in range(200):  # play until the middle of the first hand
            status, update = call("GET", f"/api/{tokens[0]}/poll?after=-1&wait=0")
            mover = next((seat for seat in (0, 1) if seat in update["view"]["to_move"]), None)  # type: ignore[index]
            if mover is None:
                time.sleep(0.05)
                continue
            status, mine = call("GET", f"/api/{tokens[mover]}/update")
            v = mine["view"]
            move = (
                {"type": "Pass", "version": 1, "seat": mover, "cards": v["pass_options"][: v["pass_count"]]}  # type: ignore[index]
                if v["pass_options"]  # type: ignore[index]
                else {**v["legal_moves"][0], "version": 1}  # type: ignore[index]
            )
            status, reply = call("POST", f"/api/{tokens[mover]}/move", {"protocol": 2, "move": move})
            if status == 200:
                accepted = int(reply["seq"])  # type: ignore[call-overload]
            if len(v["tricks"]) >= 5:  # type: ignore[index, arg-type]
                break
        told = call("GET", f"/api/{tokens[0]}/update")[1]
    finally:
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=30)
    assert accepted and len(told["view"]["tricks"]) >= 5  # type: ignore[index, arg-type]
    process, links = _start(db)
    try:
        port = int(links["base"].rsplit(":", 1)[1].strip("/"))  # type: ignore[attr-defined]
        status, after = call("GET", f"/api/{tokens[0]}/update")
        assert status == 200 and after["seq"] >= told["seq"] >= accepted  # type: ignore[operator]
        assert after["view"]["tricks"][: len(told["view"]["tricks"])] == told["view"]["tricks"]  # type: ignore[index]
    finally:
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=30)
    assert out.strip().endswith("Bye.") and process.returncode == 130


def test_a_table_plays_its_series_of_games_and_a_restart_between_two_games_deals_the_next(
    tmp_path: Path,
) -> None:
    import asyncio
    import random

    from hartenjagen.web import Table

    kept = Kept()
    spec = TableSpec("s", hj.variants.STANDARD, "standard", (None,) * 4, ("x" * 64,) * 4, "en", 2)

    async def play() -> Table:
        table = Table(spec, store=kept)
        await table.start_game()
        rng = random.Random(5)
        while table.game == 0:
            move = rng.choice(list(hj.legal_moves(table.state)))
            status, reply = await table.submit(move.seat, json.loads(hj.dumps(move)))
            assert status == 200, reply
        return table

    table = asyncio.run(play())
    assert table.game == 1 and not table.over and not table.state.is_over
    update = table.update(0, -1, "en")
    assert update["game"] == 1 and update["view"]["hand_index"] == 0  # type: ignore[index]
    games = [call for call in kept.calls if call[0] == "add_game"]
    assert [call[2] for call in games] == [0, 1] and ("finish", "s") not in kept.calls
    # A server stopped after the first game's last move, before the second was dealt: on start it deals it.
    moves = [call[4] for call in kept.calls if call[0] == "add_move" and call[2] == 0]
    path = str(tmp_path / "series.sqlite")
    store = SQLiteStore(path)
    store.add_table(spec)
    store.add_game("s", 0, games[0][3])  # type: ignore[arg-type]
    for number, move in enumerate(moves, start=1):
        store.add_move("s", 0, number, move)  # type: ignore[arg-type]
    store.close()
    with serving(path) as served:
        request(served, "GET", "/api/lobby")
        again = served.service.lobby.tables["s"]
        assert again.game == 1 and not again.state.is_over
