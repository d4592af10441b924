"""Several worker processes on one PostgreSQL database, as deployed (issue 39, items 3 and 5).

Two ``hartenjagen serve`` processes on one database, two browsers (Playwright, Chromium)
each on its own worker at one table, and ``kill -9`` of one worker mid-hand: no accepted
move is lost and the other worker finishes the hand. Then ``serve --workers 2``: one
listening socket, a killed worker replaced, and the refusal of several workers on SQLite.
The cluster is tests/postgres_cluster.py's; the browser is tests/test_browser.py's.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install 'hartenjagen[web]')")

from postgres_cluster import postgres_cluster, postgres_url  # noqa: F401  (the fixtures)
from test_browser import browser  # noqa: F401  (the fixture)
from test_browser_crash import _free_port, _play, _update

ROOT = Path(__file__).resolve().parent.parent


def _serve(*options: str) -> tuple[subprocess.Popen[str], list[str]]:
    """``hartenjagen serve`` with ``options``, once it says how to stop it; the lines it printed."""
    process = subprocess.Popen(
        [sys.executable, "-m", "hartenjagen", "serve", "--delay", "0.05", *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"}, cwd=ROOT,
    )  # fmt: skip
    assert process.stdout is not None
    lines: list[str] = []
    while not lines or not lines[-1].startswith("Ctrl-C"):
        line = process.stdout.readline()
        assert line, process.stderr.read() if process.stderr else ""
        lines.append(line)
    return process, lines


def _get(port: int, path: str, token: str) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers={"Authorization": f"Bearer {token}"})
        reply = connection.getresponse()
        return reply.status, json.loads(reply.read())
    finally:
        connection.close()


def test_two_workers_two_browsers_and_kill_9_of_one_worker_mid_hand(
    browser: Any,  # noqa: F811  (the fixture)
    postgres_url: str,  # noqa: F811  (the fixture)
) -> None:
    ports = [_free_port(), _free_port()]
    first, lines = _serve(
        "--db", postgres_url, "--port", str(ports[0]), "--humans", "2", "--bots", "heuristic"
    )
    second, _ = _serve("--db", postgres_url, "--port", str(ports[1]))
    links = [line.split(": ", 1)[1].strip() for line in lines if line.startswith("  seat")]
    tokens = [link.rsplit("#", 1)[1] for link in links]
    contexts = [browser.new_context(viewport={"width": 1000, "height": 800}) for _ in range(2)]
    try:
        # Seat 0's browser on the first worker, seat 1's on the second.
        players = [context.new_page() for context in contexts]
        for page, port, link in zip(players, ports, links, strict=True):
            page.goto(link.replace(str(ports[0]), str(port)))
            page.wait_for_selector("#hand button.card")
        told = _play(players, ports[1], tokens[0], lambda u: len(u["view"]["tricks"]) >= 3)
        deadline = time.monotonic() + 10  # the first worker hears of the second's moves (NOTIFY)
        while len(_update(ports[0], tokens[0])["view"]["tricks"]) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _update(ports[0], tokens[0])["view"]["tricks"][:3] == told["view"]["tricks"][:3]
        first.send_signal(signal.SIGKILL)  # mid-hand: seat 0's worker, and (it made the table) the bots'
        first.communicate(timeout=30)
        after = _update(ports[1], tokens[0])
        assert after["seq"] >= told["seq"]
        assert after["view"]["tricks"][: len(told["view"]["tricks"])] == told["view"]["tricks"]  # none lost
        players[0].goto(
            links[0].replace(str(ports[0]), str(ports[1]))
        )  # as a proxy sends it to a live worker
        players[0].wait_for_selector("#hand button.card")
        done = _play(players, ports[1], tokens[0], lambda u: bool(u["sheet"]), limit=90)
        assert len(done["sheet"]) == 1 and sum(done["sheet"][0]["points"]) in (26, 78)
        for page in players:
            page.wait_for_selector("#sheet-layer:not([hidden])", timeout=20_000)
    finally:
        for context in contexts:
            context.close()
        for process in (first, second):
            process.send_signal(signal.SIGKILL)
            process.communicate(timeout=30)


def test_serve_workers_shares_one_socket_and_replaces_a_killed_worker(postgres_url: str) -> None:  # noqa: F811
    port = _free_port()
    process, lines = _serve("--db", postgres_url, "--port", str(port), "--workers", "2", "--humans", "1")
    try:
        assert any(line.startswith("2 workers share the port") for line in lines)
        children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
        pids = [int(pid) for pid in children.read_text().split()]
        assert len(pids) == 2
        table, token = next(line for line in lines if line.startswith("  seat")).strip().rsplit("#", 1)
        path = f"/api/{table.rsplit('/', 1)[1]}/update"  # whichever worker answers, it finds the table
        status, update = _get(port, path, token)
        assert status == 200 and update["seat"] == 0
        os.kill(pids[0], signal.SIGKILL)
        deadline = time.monotonic() + 10
        answered = 0
        while time.monotonic() < deadline and answered < 20:  # the other worker answers meanwhile
            status, _ = _get(port, path, token)
            answered += status == 200
        assert answered == 20
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert f"worker {pids[0]} was killed (SIGKILL): starting another" in err
    assert out.strip().endswith("Bye.") and process.returncode == 130


def test_several_workers_on_sqlite_are_refused_with_the_reason(tmp_path: Path) -> None:
    for db in ([], ["--db", str(tmp_path / "t.sqlite")], ["--memory"]):
        done = subprocess.run(
            [sys.executable, "-m", "hartenjagen", "serve", "--port", "0", "--workers", "2", *db],
            capture_output=True, text=True, cwd=ROOT, timeout=60,
        )  # fmt: skip
        assert done.returncode == 2, done.stderr
        assert "several workers share one database only on PostgreSQL" in done.stderr
        assert "Traceback" not in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "hartenjagen", "serve", "--port", "0", "--workers", "zero"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and "--workers is a whole number from 1 to 64, not 'zero'" in done.stderr
