"""The ``hartenjagen serve`` command: its options, its errors, the missing extra, and Ctrl-C."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install 'hartenjagen[web]')")


def test_serve_binds_to_127_0_0_1_by_default_and_keeps_its_tables_in_a_file() -> None:
    from hartenjagen.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1" and args.port == 8000 and args.humans is None and args.lang == "en"
    assert args.db == "hartenjagen.sqlite" and not args.memory


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--humans", "0"], "--humans: standard has 4 seats: 1 to 4 of them can be human"),
        (["--humans", "5"], "--humans: standard has 4 seats"),
        (["--variant", "nope"], "no variant"),
        (["--humans", "1", "--bots", "random,clever"], "no bot called 'clever'"),
        (["--bots", "random,random", "--humans", "1"], "2 names for 3 bot seats"),
        (["--port", "70000"], "a port is 0 to 65535"),
        (["--delay", "-1"], "expected 0 to 60 seconds"),
    ],
)
def test_serve_refuses_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from hartenjagen.cli import main

    assert main(["serve", "--memory", *argv]) == 2
    assert message.lower() in capsys.readouterr().err.lower()


def test_serve_says_so_when_the_port_is_taken_or_the_database_is_not_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hartenjagen.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--memory", "--port", str(port)]) == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in capsys.readouterr().err
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"x" * 4096)
    assert main(["serve", "--db", str(junk)]) == 2
    assert "is not a hartenjagen database" in capsys.readouterr().err


def test_without_the_web_extra_serve_says_how_to_install_it() -> None:
    code = (
        "import sys\n"
        "sys.modules['starlette'] = None; sys.modules['uvicorn'] = None\n"
        "import hartenjagen\n"
        "assert not any(name.startswith(('starlette', 'uvicorn')) and sys.modules[name] for name in sys.modules)\n"
        "from hartenjagen.cli import main\n"
        "sys.exit(main(['serve', '--memory']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2, done.stderr
    assert "pip install 'hartenjagen[web]'" in done.stderr


def test_import_hartenjagen_does_not_import_starlette() -> None:
    code = "import sys, hartenjagen, hartenjagen.cli; print(sorted(n for n in sys.modules if n.split('.')[0] in ('starlette', 'uvicorn', 'hartenjagen.web')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def test_the_serve_command_prints_the_lobby_and_the_seat_links_serves_them_and_stops_on_ctrl_c() -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "hartenjagen", "serve", "--port", "0", "--memory", "--humans", "2", "--lang", "nl"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(6)]
        assert (
            lines[0].startswith("hartenjagen: de lobby staat op http://127.0.0.1:")
            and "(0 open tafels)" in lines[0]
        )
        assert lines[1] == "een nieuwe tafel (standard):\n"
        assert [line.split(":")[0].strip() for line in lines[2:5]] == ["speler 0", "speler 1", "toeschouwer"]
        assert lines[5] == "Ctrl-C stopt de server.\n"
        for line in lines[2:5]:
            with urllib.request.urlopen(line.split(": ", 1)[1].strip(), timeout=10) as page:
                assert page.status == 200 and b"table.js" in page.read()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 130, err
        assert out.strip().endswith("Tot ziens.")
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
