"""A throwaway PostgreSQL cluster for the web service's tests: initdb into a temporary folder, a loopback port.

`postgres_url` (a fixture) gives each test a database of its own in one cluster per test
process, which is stopped and removed when the process exits. The cluster is Debian's ``postgresql``
package (scripts/check.sh installs it under CI=true); without its programs (or psycopg) a
test is skipped with the reason, and fails under CI=true, where they must be there.
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

CI = os.environ.get("CI") == "true"


def _missing(reason: str) -> None:
    if CI:
        pytest.fail(f"{reason} (under CI=true scripts/check.sh installs Debian's postgresql)")
    pytest.skip(reason)


def _programs() -> Path | None:
    """The folder of initdb and pg_ctl: on the PATH, else Debian's /usr/lib/postgresql/<version>/bin."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


#: The one cluster of this test process (started by the first test that asks, stopped at exit).
_CLUSTER: list[str] = []


@pytest.fixture(scope="module")
def postgres_cluster() -> str:
    """A running cluster's URL without a database name (``postgresql://hartenjagen@127.0.0.1:PORT``).

    One cluster serves every test module of the run (starting one takes a second or two);
    it is stopped and its folder removed when the test process exits.
    """
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("psycopg is not installed (pip install 'hartenjagen[postgres]')")
    if not _CLUSTER:
        _CLUSTER.append(_start())
    return _CLUSTER[0]


def _start() -> str:
    programs = _programs()
    if programs is None:
        _missing("no PostgreSQL programs (initdb, pg_ctl) on this machine")
        raise AssertionError  # not reached
    # initdb refuses to run as root: then the cluster runs as the postgres user Debian's package makes.
    run_as: list[str] = []
    home = tempfile.mkdtemp(prefix="hartenjagen-pg-")
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(home)
            _missing("running as root, and there is no postgres user to run PostgreSQL as")
            raise AssertionError from None
        os.chown(home, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    data, port = f"{home}/data", _free_port()

    def stop() -> None:
        subprocess.run(
            [*run_as, str(programs / "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"],
            capture_output=True,
        )
        shutil.rmtree(home, ignore_errors=True)

    atexit.register(stop)
    subprocess.run(
        [*run_as, str(programs / "initdb"), "-D", data, "-A", "trust", "-U", "hartenjagen", "-E", "UTF8", "--no-sync"],
        check=True, capture_output=True,
    )  # fmt: skip
    options = f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c max_connections=200"
    subprocess.run(
        [*run_as, str(programs / "pg_ctl"), "-D", data, "-o", options, "-l", f"{home}/log", "-w", "start"],
        check=True, capture_output=True,
    )  # fmt: skip
    return f"postgresql://hartenjagen@127.0.0.1:{port}"


@pytest.fixture
def postgres_url(postgres_cluster: str, request: pytest.FixtureRequest) -> str:
    """A new, empty database in the module's cluster, for one test."""
    import psycopg

    name = f"t{abs(hash(request.node.nodeid)) % 10**12}"
    with psycopg.connect(f"{postgres_cluster}/postgres", autocommit=True) as db:
        db.execute(f"DROP DATABASE IF EXISTS {name}")
        db.execute(f"CREATE DATABASE {name}")
    return f"{postgres_cluster}/{name}"


@pytest.fixture(params=["sqlite", "postgres"])
def store_at(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's service keeps its tables: an SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite")
    url: str = request.getfixturevalue("postgres_url")
    return url


def execute(where: str, sql: str, *values: object) -> list[tuple[object, ...]]:
    """Run ``sql`` (``?`` for each value) on the store at ``where`` behind the service's back; its rows."""
    if where.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(where, autocommit=True) as db:
            cursor = db.execute(sql.replace("?", "%s"), values)  # type: ignore[arg-type]
            return list(cursor.fetchall()) if cursor.description else []
    import sqlite3

    with sqlite3.connect(where) as db:
        return list(db.execute(sql, values).fetchall())
