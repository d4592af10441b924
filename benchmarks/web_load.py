"""A bounded load test of the web service on loopback: many tables with bots, many live clients.

    python benchmarks/web_load.py                      # 100 tables, 200 live clients, 60 s (docs/performance.md)
    python benchmarks/web_load.py --tables 4 --clients 8 --seconds 3   # the check's size
    python benchmarks/web_load.py --db /tmp/t.sqlite                   # one worker on an SQLite file
    python benchmarks/web_load.py --db postgresql://user@127.0.0.1:5432/db --workers 2   # two on PostgreSQL

The server is ``hartenjagen serve`` in a process of its own (an in-memory
store unless --db is given). Each table has one human seat, played by this
script, and bots at the others; every table has a WebSocket on its human
seat, and the other live clients are spectators' WebSockets, spread over the
tables. A move's latency is the time from sending the human's move to its
``accepted`` reply (committed to the store first). The server's memory is its
largest resident set (with ``--workers``: the workers' and the supervisor's added up),
sampled every 0.2 s. ``moves_per_second`` counts every accepted move (the bots' too);
``cpu_ms_per_move`` is the CPU time per move of the server's processes, of the
PostgreSQL cluster behind ``--db`` (when it runs on this machine: its postmaster
and every process of it, ended ones too) and of this load generator. The clients come from several
127.x addresses, so that the per-address bounds (docs/security.md) apply to
each as they would to real players. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent


def _rss_kib(pid: int) -> int:
    """The resident set of ``pid`` and its child processes (the workers), in KiB."""
    total = 0
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    for process in (pid, *map(int, children)):
        try:
            for line in Path(f"/proc/{process}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def _ticks(process: int, children: bool = False) -> int:
    """The CPU ticks (user and system) ``process`` used; with ``children``, its ended children's too."""
    try:
        fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    # (fields from the state on: utime and stime are the 12th and 13th, the ended children's next)
    return sum(int(field) for field in fields[11 : 15 if children else 13])


def _children(pid: int) -> list[int]:
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _cpu(pid: int, postmaster: int | None) -> dict[str, float]:
    """The CPU seconds so far of the server ``pid`` (``server``: the process itself; ``workers``:
    its worker processes), and of the PostgreSQL cluster whose server is ``postmaster``
    (``postgres``: it, its live processes and its ended ones)."""
    tick = os.sysconf("SC_CLK_TCK")
    cpu = {"server": _ticks(pid) / tick, "workers": sum(map(_ticks, _children(pid))) / tick, "postgres": 0.0}
    if postmaster is not None:
        cpu["postgres"] = (_ticks(postmaster, True) + sum(map(_ticks, _children(postmaster)))) / tick
    return cpu


def _postmaster(url: str | None) -> int | None:
    """The process id of the PostgreSQL server at ``url`` (the parent of a backend), if on this machine."""
    if not url or not url.startswith("postgres"):
        return None
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT pg_backend_pid()").fetchone()
    assert row is not None
    try:
        return int(Path(f"/proc/{row[0]}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return None  # a server elsewhere: its CPU is not measured


async def _http(
    port: int, source: str, method: str, path: str, body: object = None, token: str = ""
) -> tuple[int, Any]:
    """One HTTP/1.1 request on a connection of its own, from ``source`` (with a seat's ``token``)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    data = b"" if body is None else json.dumps(body).encode()
    seat = f"Authorization: Bearer {token}\r\n" if token else ""
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\nConnection: close\r\n{seat}\r\n"
    writer.write(head.encode() + data)
    await writer.drain()
    answer = await reader.read()
    writer.close()
    status = int(answer.split(b" ", 2)[1])
    return status, json.loads(answer.split(b"\r\n\r\n", 1)[1] or b"null")


def _move(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    if view["pass_options"]:
        return {
            "type": "Pass",
            "version": 1,
            "seat": view["seat"],
            "cards": rng.sample(view["pass_options"], view["pass_count"]),
        }
    return {**rng.choice(view["legal_moves"]), "version": 1}


async def _player(
    port: int, source: str, table: str, token: str, stop: float, latencies: list[float], rng: random.Random
) -> None:
    """The human seat of one table: follow its WebSocket, move when it is its turn."""
    async with connect(
        f"ws://127.0.0.1:{port}/api/{table}/ws",
        local_addr=(source, 0),
        max_size=2**22,
        subprotocols=["hartenjagen", f"bearer.{token}"],  # type: ignore[list-item]
    ) as ws:
        while time.monotonic() < stop:
            try:
                update = json.loads(
                    await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
                )
            except TimeoutError:
                return
            view = update["view"]
            if view["is_over"] or view["seat"] not in view["to_move"]:
                continue
            start = time.perf_counter()
            status, _ = await _http(
                port, source, "POST", f"/api/{table}/move", {"protocol": 2, "move": _move(view, rng)}, token
            )
            if status == 200:
                latencies.append(time.perf_counter() - start)


async def _spectator(port: int, source: str, table: str, stop: float, counts: list[int]) -> None:
    async with connect(f"ws://127.0.0.1:{port}/api/{table}/ws", local_addr=(source, 0), max_size=2**22) as ws:
        while time.monotonic() < stop:
            try:
                await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                return
            counts[0] += 1


async def _run(port: int, args: argparse.Namespace, pid: int) -> dict[str, Any]:
    rng = random.Random(1)
    sources = [f"127.0.{1 + i // 250}.{1 + i % 250}" for i in range(max(1, args.clients // 8 + 1))]
    tables = []
    for index in range(args.tables):
        seats = ["human"] + [args.bots] * 3
        status, created = await _http(
            port,
            sources[index % len(sources)],
            "POST",
            "/api/tables",
            {"protocol": 2, "type": "create", "seats": seats},
        )
        assert status == 201, created
        tables.append((created["table"], created["seats"][0]["link"].split("#")[1]))  # seat/<table>#<token>
    latencies: list[float] = []
    counts = [0]
    postmaster = _postmaster(args.db)
    before = _cpu(pid, postmaster)
    client = time.process_time()
    start = time.monotonic()
    stop = start + args.seconds
    tasks = []
    for index, (table, token) in enumerate(tables):
        tasks.append(_player(port, sources[index % len(sources)], table, token, stop, latencies, rng))
    for index in range(max(0, args.clients - len(tables))):
        table = tables[index % len(tables)][0]
        tasks.append(_spectator(port, sources[(index + 1) % len(sources)], table, stop, counts))
    peak = [_rss_kib(pid)]

    async def sample() -> None:
        while time.monotonic() < stop:
            peak[0] = max(peak[0], _rss_kib(pid))
            await asyncio.sleep(0.2)

    results = await asyncio.gather(sample(), *tasks, return_exceptions=True)
    after = _cpu(pid, postmaster)
    client = time.process_time() - client
    used = {part: after[part] - before[part] for part in before}
    cpu = used["server"] + used["workers"]
    errors = [repr(result) for result in results if isinstance(result, BaseException)]
    moves = 0
    for table, token in tables:
        _, update = await _http(port, sources[0], "GET", f"/api/{table}/update", token=token)
        moves += update["seq"]
    latencies.sort()
    return {
        "tables": args.tables,
        "clients": args.clients,
        "seconds": args.seconds,
        "bots": args.bots,
        "store": "postgresql" if args.db and args.db.startswith("postgres") else "sqlite",
        "workers": args.workers,
        "human_moves": len(latencies),
        "updates": moves,
        "moves_per_second": round(moves / args.seconds, 1),
        "spectator_messages": counts[0],
        "move_latency_median_ms": round(1000 * statistics.median(latencies), 2) if latencies else None,
        "move_latency_p99_ms": round(1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))], 2)
        if latencies
        else None,
        "server_peak_rss_mib": round(peak[0] / 1024, 1),
        # what the server's processes got of the machine: on a shared machine, less than the cores
        "server_cpu_seconds": round(cpu, 1),
        "moves_per_server_cpu_second": round(moves / cpu, 1) if cpu else None,
        # the load generator's own CPU time (it shares the machine with the server)
        "client_cpu_seconds": round(client, 1),
        # PostgreSQL's processes (the backends, the WAL writer...) when the database is on this machine
        "postgres_cpu_seconds": round(used["postgres"], 1),
        # CPU milliseconds per move (every accepted move, the bots' too): the server's processes
        # (with --workers, the supervisor and the workers), PostgreSQL's, the load generator's
        "cpu_ms_per_move": {
            "supervisor": round(1000 * used["server"] / moves, 3) if moves and args.workers > 1 else None,
            "server": round(1000 * cpu / moves, 3) if moves else None,
            "postgres": round(1000 * used["postgres"] / moves, 3) if moves else None,
            "generator": round(1000 * client / moves, 3) if moves else None,
            "all": round(1000 * (cpu + used["postgres"] + client) / moves, 3) if moves else None,
        },
        "errors": errors[:5],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument(
        "--clients", type=int, default=200, help="live WebSocket clients in all (one per table plays)"
    )
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--delay", default="0.1", help="the server's pause between two bot moves")
    parser.add_argument("--db", default=None, help="an SQLite file or postgresql://... (default: in memory)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (more than 1: PostgreSQL)")
    args = parser.parse_args(argv)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    store = ["--db", args.db] if args.db else ["--memory"]
    server = subprocess.Popen(
        [sys.executable, "-m", "hartenjagen", "serve", "--port", str(port), "--delay", args.delay, *store,
         "--workers", str(args.workers)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    try:
        assert server.stdout is not None
        while not (line := server.stdout.readline()).startswith("Ctrl-C"):
            if not line:
                raise SystemExit(server.stderr.read() if server.stderr else "the server did not start")
        report = asyncio.run(_run(port, args, server.pid))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    print(json.dumps(report))
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
