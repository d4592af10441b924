"""Abandoned tables expire (issue 39 item 2), and the open-table cap holds under requests at once.

Each test that concerns the store runs on SQLite and on PostgreSQL (`store_at`, tests/postgres_cluster.py).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.web import CreateError, Limits, SQLiteStore, TableSpec
from hartenjagen.web import lobby as lobby_module
from hartenjagen.web.store import ABANDONED, open_store
from hartenjagen.web.writes import Creating, TooManyCreates, TooManyTables
from postgres_cluster import execute, postgres_cluster, postgres_url, store_at  # noqa: F401  (fixtures)
from serving import FAST, post_move, request, serving

CREATE = {
    "protocol": 2,
    "type": "create",
    "variant": "standard",
    "seats": ["human", "random", "random", "random"],
}
OLD_SCHEMA = """
CREATE TABLE tables (id TEXT PRIMARY KEY, spec TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0);
CREATE TABLE games (
    table_id TEXT NOT NULL REFERENCES tables(id), game INTEGER NOT NULL, record TEXT NOT NULL,
    PRIMARY KEY (table_id, game)
);
CREATE TABLE moves (
    table_id TEXT NOT NULL, game INTEGER NOT NULL, number INTEGER NOT NULL, move TEXT NOT NULL,
    PRIMARY KEY (table_id, game, number),
    FOREIGN KEY (table_id, game) REFERENCES games(table_id, game)
);
"""


def _until(check: object, seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:  # type: ignore[operator]
        time.sleep(0.02)
    assert check()  # type: ignore[operator]


def test_the_open_table_cap_holds_when_many_create_at_once(store_at: str) -> None:  # noqa: F811
    with serving(store_at, limits=attrs.evolve(FAST, tables=5)) as served:

        async def many() -> list[object]:
            lobby = served.service.lobby
            return list(
                await asyncio.gather(*(lobby.create(CREATE) for _ in range(30)), return_exceptions=True)
            )

        results = served.call(many())
        made = [r for r in results if not isinstance(r, BaseException)]
        assert len(made) == 5 and all(isinstance(r, CreateError) for r in results if r not in made)
        assert len(served.service.lobby.open_tables()) == 5


def test_the_store_checks_the_cap_and_the_addresss_rate_and_forgets_after_a_minute(store_at: str) -> None:  # noqa: F811
    store = open_store(store_at)

    def spec(n: int) -> TableSpec:
        return TableSpec(f"t{n}", hj.variants.STANDARD, "standard", (None,) * 4, ("a" * 64,) * 4)

    store.add_table(spec(0), Creating(3, "10.0.0.1", 2))
    store.add_table(spec(1), Creating(3, "10.0.0.1", 2))
    with pytest.raises(TooManyCreates, match="at most 2 tables a minute"):
        store.add_table(spec(2), Creating(3, "10.0.0.1", 2))
    store.add_table(spec(2), Creating(3, None, 2))  # the server's own table: no address counted
    with pytest.raises(TooManyTables, match="holds 3 open tables"):
        store.add_table(spec(3), Creating(3, "10.0.0.2", 2))
    assert execute(store_at, "SELECT count(*) FROM tables") == [(3,)]  # nothing of a refusal written
    store.abandon("t0")  # a closed table frees its place
    execute(store_at, "UPDATE creates SET at = at - 61")  # a minute later: the address may again
    store.add_table(spec(3), Creating(3, "10.0.0.1", 2))
    assert execute(store_at, "SELECT address FROM creates") == [("10.0.0.1",)]  # the old rows are gone
    with pytest.raises(TooManyTables):
        store.add_table(spec(4), Creating(3, "10.0.0.3", 2))
    store.close()


def test_a_full_lobby_frees_itself_as_tables_expire(store_at: str) -> None:  # noqa: F811
    limits = attrs.evolve(FAST, tables=4, abandon_after=0.6, creates_per_minute=100)
    with serving(store_at, limits=limits) as served:
        body = json.dumps(CREATE).encode()
        headers = {"Content-Type": "application/json"}
        created = [
            request(served, "POST", "/api/tables", body, headers, source=f"127.0.1.{n}") for n in range(6)
        ]
        assert [reply.status for reply in created] == [201] * 4 + [400] * 2  # many addresses filled it
        token = created[0].json()["seats"][0]["link"].split("#")[1]
        lobby = served.service.lobby
        _until(lambda: not lobby.open_tables())  # nobody moved: every table is closed
        listing = request(served, "GET", "/api/lobby").json()
        assert listing["tables"] == [] and len(listing["abandoned"]) == 4
        assert {t["table"] for t in listing["abandoned"]} == {r.json()["table"] for r in created[:4]}
        update = request(served, "GET", f"/api/{token}/update").json()
        assert update["abandoned"] is True  # the seat's page says why the table stopped
        table = next(iter(lobby.tables.values()))
        v = hj.view(table.state, 0)
        assert post_move(served, token, hj.Pass(0, v.pass_options[: v.pass_count])).status == 409
        assert request(served, "POST", "/api/tables", body, headers).status == 201  # room again


def test_a_table_played_at_stays_open() -> None:
    with serving(limits=attrs.evolve(FAST, abandon_after=1.0)) as served:
        table, tokens = served.create("standard", ["human", "random", "random", "random"])
        for seat_move in range(3):
            time.sleep(0.5)
            if seat_move == 0:
                v = hj.view(table.state, 0)
                assert post_move(served, tokens[0], hj.Pass(0, v.pass_options[: v.pass_count])).status == 200
            assert not table.abandoned
        _until(lambda: table.abandoned)


def test_a_table_idle_past_its_time_is_closed_after_a_restart(store_at: str) -> None:  # noqa: F811
    path = store_at
    with serving(path) as served:
        old, _ = served.create("standard", ["human", "random", "random", "random"])
        fresh, _ = served.create("standard", ["human", "random", "random", "random"])
    # the server was down for two days
    execute(path, "UPDATE tables SET active = ? WHERE id = ?", time.time() - 2 * 86400, old.id)
    with serving(path, limits=Limits()) as served:
        lobby = served.service.lobby
        _until(lambda: old.id in [t.id for t in lobby.abandoned])
        assert [t.id for t in lobby.open_tables()] == [fresh.id]
    assert execute(path, "SELECT finished FROM tables WHERE id = ?", old.id) == [(ABANDONED,)]
    with serving(path) as served:  # an abandoned table does not come back, but is still listed
        assert [t.id for t in served.service.lobby.open_tables()] == [fresh.id]
        listing = request(served, "GET", "/api/lobby").json()
        assert [t["table"] for t in listing["abandoned"]] == [old.id]
        assert [t["table"] for t in listing["tables"]] == [fresh.id]


def test_a_database_of_the_old_schema_still_opens_and_its_tables_play(tmp_path: Path) -> None:
    from hartenjagen.web.store import spec_text

    path = str(tmp_path / "old.sqlite")
    spec = TableSpec(
        "t1",
        hj.variants.STANDARD,
        "standard",
        (None, "random", "random", "random"),
        ("a" * 64, None, None, None),
    )
    record = hj.GameRecord.begin(hj.new_game(hj.variants.STANDARD, seed=3))
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
        db.execute("INSERT INTO tables (id, spec) VALUES (?, ?)", ("t1", spec_text(spec)))
        db.execute("INSERT INTO games VALUES (?, ?, ?)", ("t1", 0, hj.dumps(record)))
    store = SQLiteStore(path)
    ((read, records),) = list(store.unfinished())
    assert read == spec and records == [record]
    assert abs(store.last_active()["t1"] - time.time()) < 60  # its idle time starts at the upgrade
    store.close()
    with serving(path) as served:
        assert [t.id for t in served.service.lobby.open_tables()] == ["t1"]


def _abandon_while_down(path: str, *tables: str) -> None:
    """Mark ``tables`` as the server that closed them would have (without running one a day)."""
    for table in tables:
        execute(path, "UPDATE tables SET finished = ? WHERE id = ?", ABANDONED, table)


def test_an_abandoned_table_is_still_watched_after_a_restart(store_at: str) -> None:  # noqa: F811
    path = store_at
    limits = attrs.evolve(FAST, abandon_after=0.6)
    with serving(path, limits=limits) as served:
        old, tokens = served.create("standard", ["human", "random", "random", "random"])
        v = hj.view(old.state, 0)
        assert post_move(served, tokens[0], hj.Pass(0, v.pass_options[: v.pass_count])).status == 200
        _until(lambda: old.abandoned)
        before = request(served, "GET", f"/api/{old.id}/update").json()
        refused = post_move(served, tokens[0], hj.Play(0, hj.view(old.state, 0).hand[0]))
        assert before["abandoned"] is True and refused.status == 409
    with serving(path) as served:
        lobby = served.service.lobby
        assert old.id not in lobby.tables and not lobby.closed  # nothing read back at start
        assert request(served, "GET", f"/watch/{old.id}").status == 200
        reply = request(served, "GET", f"/api/{old.id}/update")
        assert reply.status == 200
        after = reply.json()
        assert after["abandoned"] is True and after["seq"] == before["seq"]
        assert after["view"] == before["view"] and after["sheet"] == before["sheet"]
        assert request(served, "GET", f"/api/{old.id}/table").status == 200
        poll = request(served, "GET", f"/api/{old.id}/poll?after={after['seq']}&wait=0.1")
        assert poll.status == 200 and poll.json()["events"] == []
        assert list(lobby.closed) == [old.id] and old.id not in lobby.tables
        # a move is refused as on a running server, from its seat's page and its old link alike
        again = post_move(served, tokens[0], hj.Play(0, hj.view(old.state, 0).hand[0]))
        assert (again.status, again.json()) == (refused.status, refused.json())
        by_header = request(
            served,
            "POST",
            f"/api/{old.id}/move",
            json.dumps(
                {"protocol": 2, "move": json.loads(hj.dumps(hj.Play(0, hj.view(old.state, 0).hand[0])))}
            ).encode(),
            {"Content-Type": "application/json", "Authorization": f"Bearer {tokens[0]}"},
        )
        assert (by_header.status, by_header.json()) == (refused.status, refused.json())
        spectator = post_move(served, old.id, hj.Play(0, hj.view(old.state, 0).hand[0]))
        assert spectator.status == 403
        listing = request(served, "GET", "/api/lobby").json()
        assert [t["watch"] for t in listing["abandoned"]] == [f"watch/{old.id}"]
        # an unknown id, and a table not abandoned, are still not there
        assert request(served, "GET", "/watch/nosuchtable").status == 404
        assert request(served, "GET", "/api/nosuchtable/update").status == 404


def test_many_abandoned_tables_are_read_back_when_asked_for_and_kept_bounded(
    store_at: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(lobby_module, "ABANDONED_KEPT", 2)
    path = store_at
    with serving(path, limits=attrs.evolve(FAST, creates_per_minute=1000)) as served:
        ids = [served.create("standard", ["human", "random", "random", "random"])[0].id for _ in range(5)]
    _abandon_while_down(path, *ids)
    with serving(path) as served:
        lobby = served.service.lobby
        assert request(served, "GET", "/api/lobby").json()["tables"] == []
        assert not lobby.tables and not lobby.closed  # a restart reads none of them back
        assert request(served, "GET", f"/watch/{ids[0]}").status == 200
        assert list(lobby.closed) == ids[:1]  # only the one asked for
        for table in ids:
            assert request(served, "GET", f"/api/{table}/update").json()["abandoned"] is True
        assert list(lobby.closed) == ids[-2:]  # the last asked for; the others are read again
        assert request(served, "GET", f"/watch/{ids[0]}").status == 200
        assert list(lobby.closed) == [ids[-1], ids[0]]
