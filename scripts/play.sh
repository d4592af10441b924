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
  .venv/bin/python -m pip install --quiet -e .
fi
exec .venv/bin/hartenjagen play "$@"
