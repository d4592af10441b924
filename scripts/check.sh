#!/usr/bin/env bash
# The whole check: set up a virtual environment with the dev extra, then run
# the tests, mypy --strict on src/ and ruff. Works on a fresh machine with
# only Python 3.11+. Usage: bash scripts/check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[dev]'
.venv/bin/python -m pytest
.venv/bin/python -m mypy --strict src
.venv/bin/python -m ruff check .
.venv/bin/python -m ruff format --check .
echo "check passed"
