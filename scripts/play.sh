#!/usr/bin/env bash
# The main job: set up a virtual environment with hartenjagen installed, then
# play Hearts in the terminal against bots (`hartenjagen play`). Works on a
# fresh machine with only Python 3.11+. Every argument goes to `hartenjagen play`.
# It installs, in the one compile, the extras a newcomer uses next: web
# (`hartenjagen serve`), docs (`mkdocs serve`) and testing (pytest, the test kit),
# so that nothing later installs the package (and compiles its core) again.
# Usage: bash scripts/play.sh [--variant NAME] [--seat N] [--seed S] [--lang nl|en] [--bots heuristic,random,...]
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
EXTRAS=web,docs,testing
if ! .venv/bin/python -c 'import hartenjagen.cli' >/dev/null 2>&1 || [ ! -x .venv/bin/hartenjagen ]; then
  # Said before the long, quiet step (on stderr, so that the game's own output stays the game's).
  if [ "${HARTENJAGEN_PURE_PYTHON:-0}" != 0 ]; then
    echo "play.sh: installing hartenjagen into .venv (this happens once), its core as Python source" \
      "(HARTENJAGEN_PURE_PYTHON=1): well under a minute." >&2
  else
    echo "play.sh: installing hartenjagen into .venv (this happens once): mypyc compiles its core," \
      "about 1 to 3 minutes on a 2-core machine (142 s measured on a busy one); later runs start at once." >&2
    echo "play.sh: not to wait, stop it (Ctrl-C) and run HARTENJAGEN_PURE_PYTHON=1 bash scripts/play.sh:" \
      "no compile, the same game, the bots think about three times slower." >&2
  fi
  .venv/bin/python -m pip install --quiet -e ".[$EXTRAS]"
  echo "play.sh: installed; the game begins." >&2
elif ! .venv/bin/python -c 'import starlette, uvicorn, h11, mkdocs, pytest, hypothesis' >/dev/null 2>&1; then
  # A .venv from an older play.sh: the extras' requirements alone, read from pyproject.toml (no recompile).
  echo "play.sh: adding the web, docs and testing extras to .venv (once)." >&2
  .venv/bin/python -c 'import sys, tomllib
extras = tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]
print("\n".join(r for name in sys.argv[1].split(",") for r in extras[name]))' "$EXTRAS" >.venv/extras.txt
  .venv/bin/python -m pip install --quiet -r .venv/extras.txt
fi
exec .venv/bin/hartenjagen play "$@"
