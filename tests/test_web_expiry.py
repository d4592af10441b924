"""Abandoned tables expire (issue 39 item 2), and the open-table cap holds under requests at once."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path

import attrs

import hartenjagen as hj
from hartenjagen.web import CreateError, Limits, SQLiteStore, TableSpec
from hartenjagen.web.store import ABANDONED
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


def test_the_open_table_cap_holds_when_many_create_at_once() -> None:
    with serving(limits=attrs.evolve(FAST, tables=5)) as served:

        async def many() -> list[object]:
            lobby = served.service.lobby
            return list(
                await asyncio.gather(*(lobby.create(CREATE) for _ in range(30)), return_exceptions=True)
            )

        results = served.call(many())
        made = [r for r in results if not isinstance(r, BaseException)]
        assert len(made) == 5 and all(isinstance(r, CreateError) for r in results if r not in made)
        assert len(served.service.lobby.open_tables()) == 5


def test_a_full_lobby_frees_itself_as_tables_expire() -> None:
    limits = attrs.evolve(FAST, tables=4, abandon_after=0.6, creates_per_minute=100)
    with serving(limits=limits) as served:
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


def test_a_table_idle_past_its_time_is_closed_after_a_restart(tmp_path: Path) -> None:
    path = str(tmp_path / "t.sqlite")
    with serving(path) as served:
        old, _ = served.create("standard", ["human", "random", "random", "random"])
        fresh, _ = served.create("standard", ["human", "random", "random", "random"])
    with sqlite3.connect(path) as db:  # the server was down for two days
        db.execute("UPDATE tables SET active = ? WHERE id = ?", (time.time() - 2 * 86400, old.id))
    with serving(path, limits=Limits()) as served:
        lobby = served.service.lobby
        _until(lambda: old.id in [t.id for t in lobby.abandoned])
        assert [t.id for t in lobby.open_tables()] == [fresh.id]
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT finished FROM tables WHERE id = ?", (old.id,)).fetchone() == (ABANDONED,)
    with serving(path) as served:  # an abandoned table does not come back, but is still listed
        assert [t.id for t in served.service.lobby.open_tables()] == [fresh.id]
        listing = request(served, "GET", "/api/lobby").json()
        assert [t["table"] for t in listing["abandoned"]] == [old.id]
        assert [t["table"] for t in listing["tables"]] == [fresh.id]


def test_a_database_of_the_old_schema_still_opens_and_its_tables_play(tmp_path: Path) -> None:
    from hartenjagen.web.store import _spec_text

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
        db.execute("INSERT INTO tables (id, spec) VALUES (?, ?)", ("t1", _spec_text(spec)))
        db.execute("INSERT INTO games VALUES (?, ?, ?)", ("t1", 0, hj.dumps(record)))
    store = SQLiteStore(path)
    ((read, records),) = list(store.unfinished())
    assert read == spec and records == [record]
    assert abs(store.last_active()["t1"] - time.time()) < 60  # its idle time starts at the upgrade
    store.close()
    with serving(path) as served:
        assert [t.id for t in served.service.lobby.open_tables()] == ["t1"]
