#!/usr/bin/env bash
# The main job: set up a virtual environment with hartenjagen installed, then
# play Hearts in the terminal against bots (`hartenjagen play`). Works on a
# fresh machine with only Python 3.11+. Every argument goes to `hartenjagen play`.
# Usage: bash scripts/play.sh [--variant NAME] [--seat N] [--seed S] [--lang nl|en] [--bots heuristic,random,...]
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
if ! .venv/bin/python -c 'import hartenjagen.cli' >/dev/null 2>&1 || [ ! -x .venv/bin/hartenjagen ]; then
  # Said before the long, quiet step (on stderr, so that the game's own output stays the game's).
  if [ "${HARTENJAGEN_PURE_PYTHON:-0}" != 0 ]; then
    echo "play.sh: installing hartenjagen into .venv (this happens once), its core as Python source" \
      "(HARTENJAGEN_PURE_PYTHON=1): well under a minute." >&2
  else
    echo "play.sh: installing hartenjagen into .venv (this happens once): mypyc compiles its core," \
      "about 1 to 3 minutes on a 2-core machine (83 s measured); later runs start at once." >&2
    echo "play.sh: not to wait, stop it (Ctrl-C) and run HARTENJAGEN_PURE_PYTHON=1 bash scripts/play.sh:" \
      "no compile, the same game, the bots think about three times slower." >&2
  fi
  .venv/bin/python -m pip install --quiet -e .
  echo "play.sh: installed; the game begins." >&2
fi
exec .venv/bin/hartenjagen play "$@"
