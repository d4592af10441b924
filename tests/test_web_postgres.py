"""Several workers on one PostgreSQL database (issue 39, items 3 and 5): every move ordered by the
database, each worker's pages told of the others' moves, the bots of a table in one worker at a time.

Each test starts a throwaway cluster (tests/postgres_cluster.py); the workers here are two
services in this process, each with its own store, connections and event loop, as two
processes would have them (tests/test_web_workers.py runs them as processes).
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.web import CreateError, TableSpec
from hartenjagen.web.postgres import PostgresStore
from hartenjagen.web.store import open_store
from hartenjagen.web.writes import Conflict, StoreError
from postgres_cluster import execute, postgres_cluster, postgres_url, store_at  # noqa: F401  (the fixtures)
from serving import FAST, Served, post_move, request, serving, state_of


def _until(check: Callable[[], object], seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert check()


def _update(served: Served, table: str, token: str) -> Any:
    return request(served, "GET", f"/api/{table}/update", headers={"Authorization": f"Bearer {token}"}).json()


def test_the_store_keeps_tables_records_and_moves_and_refuses_a_taken_number(store_at: str) -> None:  # noqa: F811
    store = open_store(store_at)
    spec = TableSpec("t1", hj.variants.STANDARD, "standard", (None, "random", None, "heuristic"),
                     ("a" * 64, None, "b" * 64, None), "nl", 2)  # fmt: skip
    record = hj.GameRecord.begin(hj.new_game(hj.variants.STANDARD, seed=3))
    store.add_table(spec)
    store.add_game("t1", 0, record)
    moves = [hj.Pass(seat, hj.view(record.final_state(), seat).pass_options[:3]) for seat in range(3)]
    for number, move in enumerate(moves[:2], start=1):
        store.add_move("t1", 0, number, move)
    with pytest.raises(Conflict, match="t1"):
        store.add_move("t1", 0, 2, moves[2])  # a move number is taken once: nothing written
    with pytest.raises(Conflict, match="t1"):
        store.add_game("t1", 0, record)
    later = store.later("t1", 0, 1)
    assert later.moves == (moves[1],) and later.games == () and later.finished == 0
    assert store.later("t1", -1, 0).games == (record.add(*moves[:2]),)
    assert store.table("t1") == (spec, [record.add(*moves[:2])]) and store.table("nope") is None
    with pytest.raises(StoreError, match="no table"):
        store.later("nope", 0, 0)
    store.close()
    again = open_store(store_at)
    ((read, records),) = list(again.unfinished())
    assert read == spec and records == [record.add(*moves[:2])]
    again.abandon("t1")
    assert list(again.unfinished()) == [] and again.later("t1", 0, 2).finished == 2
    assert again.abandoned_table("t1") == (spec, [record.add(*moves[:2])])
    if "postgresql" in store_at:
        with pytest.raises(Conflict, match="closed"):  # a closed table takes no move
            again.add_move("t1", 0, 3, moves[2])
    again.close()


def test_a_database_that_cannot_be_reached_is_a_clear_error(postgres_cluster: str) -> None:  # noqa: F811
    with pytest.raises(StoreError, match=re.escape("cannot reach the database postgresql://127.0.0.1:1/x")):
        open_store("postgresql://hartenjagen:secret@127.0.0.1:1/x")
    try:
        open_store("postgresql://hartenjagen:secret@127.0.0.1:1/x")
    except StoreError as error:
        assert "secret" not in str(error)  # the password is not in a message that may be logged


def _two(url: str) -> Any:
    """Two workers (services) on the database ``url``."""
    from contextlib import ExitStack

    stack = ExitStack()
    first = stack.enter_context(serving(url))
    second = stack.enter_context(serving(url))
    return stack, first, second


def test_a_move_through_one_worker_reaches_the_pages_of_the_other(postgres_url: str) -> None:  # noqa: F811
    stack, first, second = _two(postgres_url)
    with stack:
        table, tokens = first.create("standard", ["human", "human", "random", "random"])
        # The second worker had never heard of the table: a page reaching it finds it.
        assert request(second, "GET", f"/watch/{table.id}").status == 200
        _until(lambda: table.id in second.service.lobby.tables)
        there = second.service.lobby.tables[table.id]
        v = hj.view(state_of(first, table), 0)
        assert post_move(first, tokens[0], hj.Pass(0, v.pass_options[:3])).status == 200
        _until(lambda: len(there.record.moves) >= 1)  # heard (NOTIFY), read and replayed
        assert there.record.moves[0] == table.record.moves[0]
        # ... and the other way, while a long poll on the first worker waits for it.
        seq = _update(first, table.id, tokens[0])["seq"]
        polled: list[Any] = []

        def poll_until_seat_1_passed() -> None:
            # The bots' passes may come first (each wakes the poll): poll on until seat 1's is heard.
            after, deadline = seq, time.monotonic() + 10
            while time.monotonic() < deadline:
                update = request(
                    first,
                    "GET",
                    f"/api/{table.id}/poll?after={after}&wait=5",
                    headers={"Authorization": f"Bearer {tokens[0]}"},
                ).json()
                polled.append(update)
                after = update["seq"]
                if any(_seat_1_passed(e) for e in update["events"]):
                    return

        poll = threading.Thread(target=poll_until_seat_1_passed)
        poll.start()
        v1 = hj.view(state_of(second, there), 1)
        assert post_move(second, tokens[1], hj.Pass(1, v1.pass_options[:3])).status == 200
        poll.join(12)
        assert polled and polled[0]["seq"] > seq
        assert any(_seat_1_passed(e) for update in polled for e in update["events"])


def test_a_workers_moves_are_told_after_their_commit_in_order(postgres_url: str) -> None:  # noqa: F811
    # The notices go out after each commit, several in one statement when they come together
    # (`_Teller`): another worker hears every move, in the order of the store, each one readable.
    writer, listener = open_store(postgres_url), open_store(postgres_url)
    spec = TableSpec("t1", hj.variants.STANDARD, "standard", (None,) * 4, ("a" * 64,) * 4, "en", 1)
    record = hj.GameRecord.begin(hj.new_game(hj.variants.STANDARD, seed=5))
    writer.add_table(spec)
    writer.add_game("t1", 0, record)
    heard: list[tuple[str | None, object]] = []
    stop = threading.Event()
    thread = threading.Thread(target=listener.listen, args=(lambda t, m: heard.append((t, m)), stop))
    thread.start()
    try:
        # Listening (news may have been missed before); the table's and game's own notices, told after
        # their commits, may come after this point: only the moves' notices are counted below.
        _until(lambda: bool(heard) and heard[0] == (None, None))
        state, moves = record.final_state(), []
        while len(moves) < 20:
            move = hj.legal_moves(state)[0]
            moves.append(move)
            writer.add_move("t1", 0, len(moves), move)  # committed when it returns
            assert writer.later("t1", 0, len(moves) - 1).moves == (move,)
            state = hj.apply(state, move)
        told = lambda: [news for news in heard if news[1] is not None]  # noqa: E731
        _until(lambda: len(told()) == 20)
        assert told() == [("t1", (0, number, move)) for number, move in enumerate(moves, start=1)]
        assert all(news == ("t1", None) for news in heard[1:] if news[1] is None)  # the table's, the game's
    finally:
        stop.set()
        thread.join(5)
        writer.close()
        listener.close()


def test_a_worker_that_dies_before_telling_its_move_is_read_from_the_store(postgres_url: str) -> None:  # noqa: F811
    # A worker killed between its commit and its notice: the others see it gone (fewer live
    # workers at their next claim) and read every table from the store.
    stack, first, second = _two(postgres_url)
    with stack:
        table, tokens = first.create("standard", ["human"] * 4)
        request(second, "GET", f"/watch/{table.id}")
        there = second.service.lobby.tables[table.id]
        dying = open_store(postgres_url)
        assert isinstance(dying, PostgresStore)
        dying.claim([])  # a live worker: its leases connection counts
        time.sleep(0.6)  # the others' claims count three workers
        dying._tell = lambda news: None  # type: ignore[method-assign]  # killed before its notice
        move = hj.Pass(0, hj.view(state_of(first, table), 0).pass_options[:3])
        dying.add_move(table.id, 0, 1, move)
        time.sleep(0.6)
        assert table.record.moves == () and there.record.moves == ()  # nobody was told
        dying.close()  # the worker is gone: its connections close
        _until(lambda: table.record.moves == (move,) and there.record.moves == (move,))
        assert (
            post_move(
                first, tokens[1], hj.Pass(1, hj.view(state_of(first, table), 1).pass_options[:3])
            ).status
            == 200
        )


def _seat_1_passed(event: dict[str, Any]) -> bool:
    return bool(event["event"]["type"] == "PassChosen" and event["event"]["seat"] == 1)


def test_conflicting_moves_sent_to_two_workers_at_once_are_accepted_once(postgres_url: str) -> None:  # noqa: F811
    stack, first, second = _two(postgres_url)
    with stack:
        table, tokens = first.create("standard", ["human", "human", "human", "human"])
        request(second, "GET", f"/watch/{table.id}")
        options = hj.view(state_of(first, table), 0).pass_options
        # Seat 0 passes three different sets of cards, each to both workers, twelve requests at once.
        moves = [hj.Pass(0, options[i : i + 3]) for i in (0, 3, 6)] * 2
        replies: list[tuple[int, Any]] = []
        barrier = threading.Barrier(12)

        def send(served: Served, move: hj.Move) -> None:
            barrier.wait()
            reply = post_move(served, tokens[0], move)
            replies.append((reply.status, reply.json()))

        threads = [
            threading.Thread(target=send, args=(served, move)) for served in (first, second) for move in moves
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(20)
        statuses = sorted(status for status, _ in replies)
        assert statuses == [200] + [409] * 11, replies
        there = second.service.lobby.tables[table.id]
        _until(lambda: len(there.record.moves) == 1)
        assert there.record.moves == table.record.moves and len(table.record.moves) == 1
        # Each worker then goes on from the one accepted move: the next seat moves through either.
        v1 = hj.view(state_of(second, there), 1)
        assert post_move(first, tokens[1], hj.Pass(1, v1.pass_options[:3])).status == 200


CREATE = {
    "protocol": 2,
    "type": "create",
    "variant": "standard",
    "seats": ["human", "random", "random", "random"],
}


def test_two_workers_racing_at_the_open_table_cap_never_both_make_the_last(postgres_url: str) -> None:  # noqa: F811
    limits = attrs.evolve(FAST, tables=5, creates_per_minute=1000)
    with serving(postgres_url, limits=limits) as first, serving(postgres_url, limits=limits) as second:
        barrier = threading.Barrier(2)
        results: list[object] = []

        def make(served: Served) -> None:
            async def many() -> list[object]:
                lobby = served.service.lobby
                return list(
                    await asyncio.gather(*(lobby.create(CREATE) for _ in range(8)), return_exceptions=True)
                )

            barrier.wait()  # each worker alone would make 5 (its own count)
            results.extend(served.call(many()))

        threads = [threading.Thread(target=make, args=(served,)) for served in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        made = [r for r in results if isinstance(r, tuple)]
        assert len(results) == 16 and len(made) == 5, results
        assert all(
            isinstance(r, CreateError) and "holds 5 open tables" in str(r) for r in results if r not in made
        )
        assert execute(postgres_url, "SELECT count(*) FROM tables WHERE finished = 0") == [(5,)]


def test_an_address_creates_its_tables_a_minute_across_all_workers(postgres_url: str) -> None:  # noqa: F811
    limits = attrs.evolve(FAST, creates_per_minute=3)
    with serving(postgres_url, limits=limits) as first, serving(postgres_url, limits=limits) as second:
        body = json.dumps(CREATE).encode()
        headers = {"Content-Type": "application/json"}
        statuses = [
            request(served, "POST", "/api/tables", body, headers, source="127.0.3.1").status
            for served in (first, second) * 3
        ]
        assert statuses == [201] * 3 + [429] * 3  # two workers, one count: not 3 on each
        refused = request(second, "POST", "/api/tables", body, headers, source="127.0.3.1")
        assert "at most 3 tables a minute" in refused.json()["message"]
        assert request(first, "POST", "/api/tables", body, headers, source="127.0.3.2").status == 201


def _drive(served: Served, token: str, table: Any, moves: int) -> None:
    """Play seat 0 through ``served`` (its first legal move) until ``table`` has ``moves`` moves."""
    deadline = time.monotonic() + 15
    while len(table.record.moves) < moves and time.monotonic() < deadline:
        state = state_of(served, served.service.lobby.tables[table.id])
        if 0 in state.to_move:
            legal = hj.legal_moves(state)
            move = next((m for m in legal if m.seat == 0), None) if legal else None
            if move is None:  # passing: any three cards
                move = hj.Pass(0, hj.view(state, 0).pass_options[:3])
            post_move(served, token, move)
        time.sleep(0.02)
    assert len(table.record.moves) >= moves


def test_one_worker_runs_a_tables_bots_and_another_takes_over_when_it_stops(postgres_url: str) -> None:  # noqa: F811
    first_ctx = serving(postgres_url, delay=0.05)
    first = first_ctx.__enter__()
    try:
        with serving(postgres_url, delay=0.05) as second:
            table, tokens = first.create("standard", ["human", "heuristic", "heuristic", "heuristic"])
            request(second, "GET", f"/watch/{table.id}")
            there = second.service.lobby.tables[table.id]
            _until(lambda: table.bots_here or there.bots_here)
            time.sleep(0.5)  # several claims later: still exactly one holds the lease
            assert [table.bots_here, there.bots_here].count(True) == 1
            runner, other = (first, second) if table.bots_here else (second, first)
            local = runner.service.lobby.tables[table.id]
            _until(lambda: len(local.record.moves) == 3)  # the bots passed
            v = hj.view(state_of(runner, local), 0)
            assert post_move(other, tokens[0], hj.Pass(0, v.pass_options[:3])).status == 200
            _drive(other, tokens[0], local, 8)  # the bots play on after moves made elsewhere
            if runner is first:  # the lease's worker stops: its connections close, the other claims it
                first_ctx.__exit__(None, None, None)
            else:
                second.server.should_exit = True
            survivor = other.service.lobby.tables[table.id]
            _until(lambda: survivor.bots_here)
            _drive(other, tokens[0], survivor, len(survivor.record.moves) + 4)  # bots' moves among them
            moves = survivor.record.moves
            assert len(set(moves)) == len(moves)  # no move twice
    finally:
        if first.server.started and not first.server.should_exit:
            first_ctx.__exit__(None, None, None)


def test_two_workers_split_the_tables_bots_between_them(postgres_url: str) -> None:  # noqa: F811
    with serving(postgres_url, delay=0.05) as first, serving(postgres_url, delay=0.05) as second:
        made = [
            first.create("standard", ["human", "heuristic", "heuristic", "heuristic"])[0] for _ in range(6)
        ]

        def held() -> list[int]:
            return [sum(t.bots_here for t in s.service.lobby.tables.values()) for s in (first, second)]

        _until(lambda: sum(held()) == 6)  # every table's bots run somewhere ...
        assert held() == [3, 3]  # ... half of them where none was made: not all in the quickest worker
        assert {t.id for t in made} == set(second.service.lobby.tables)


def test_json_of_a_move_from_the_store_is_what_was_sent(postgres_url: str) -> None:  # noqa: F811
    with serving(postgres_url) as served:
        table, tokens = served.create("standard", ["human", "random", "random", "random"])
        v = hj.view(state_of(served, table), 0)
        move = hj.Pass(0, v.pass_options[:3])
        assert post_move(served, tokens[0], move).status == 200
    store = open_store(postgres_url)
    ((_, records),) = list(store.unfinished())
    assert records[0].moves[0] == move and json.loads(hj.dumps(records[0].moves[0]))["seat"] == 0
    store.close()


def test_a_postgresql_url_without_psycopg_says_which_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "hartenjagen.web.postgres", None)  # as if psycopg were missing
    with pytest.raises(StoreError, match=re.escape("pip install 'hartenjagen[postgres]'")):
        open_store("postgresql://127.0.0.1/x")


def test_serve_on_a_database_it_cannot_reach_is_a_usage_error() -> None:
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run(
        [sys.executable, "-m", "hartenjagen", "serve", "--port", "0", "--db", "postgresql://who:pw@127.0.0.1:1/x"],
        capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parent.parent,
    )  # fmt: skip
    assert done.returncode == 2 and "cannot reach the database postgresql://127.0.0.1:1/x" in done.stderr
    assert "Traceback" not in done.stderr and "pw" not in done.stderr


def test_a_move_that_other_workers_keep_coming_before_gets_503_and_changes_nothing() -> None:
    import asyncio

    from hartenjagen.web import Table
    from serving import Kept

    class Busy(Kept):
        async def add_move(self, table: str, game: int, number: int, move: hj.Move) -> None:
            self.calls.append(("add_move", table, game, number, move))
            raise Conflict("another worker wrote first")

    spec = TableSpec("b", hj.variants.STANDARD, "standard", (None,) * 4, ("x" * 64,) * 4)
    busy = Busy()

    async def submit() -> tuple[int, Any, Table]:
        table = Table(spec, store=busy)
        await table.start_game()
        move = hj.Pass(0, hj.view(table.state, 0).pass_options[:3])
        status, reply = await table.submit(0, json.loads(hj.dumps(move)))
        return status, reply, table

    status, reply, table = asyncio.run(submit())
    assert status == 503 and "send the move again" in reply["message"]
    assert table.record.moves == () and table.seq == 0  # nothing changed
    assert len([call for call in busy.calls if call[0] == "add_move"]) == 8
