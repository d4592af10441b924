#!/usr/bin/env bash
# The main job: set up a virtual environment and play a seeded game with
# random legal moves, printing the score sheet hand by hand.
# Usage: bash scripts/play.sh [--seed N] [--variant standard]
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet -e .
exec .venv/bin/python examples/random_game.py "$@"
