#!/usr/bin/env bash
# The whole check: set up a virtual environment with the dev extra (installing
# the package compiles its core with mypyc), then run the tests on the compiled
# core, the core, rule, property and OpenSpiel tests again on the interpreted
# core, mypy --strict on src/, ruff, and build the documentation site
# (mkdocs --strict, with the docstrings' cross-references checked). Works on a fresh machine with only Python 3.11+ and a C compiler.
# Usage: bash scripts/check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[dev]'
if [ "${CI:-}" = "true" ] && [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium for tests/test_browser.py"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
.venv/bin/python -m pytest
# The interpreted core (tests/test_cores.py above also compares the two cores game by game).
HARTENJAGEN_PURE_PYTHON=1 .venv/bin/python -m pytest -q \
  tests/test_cards.py tests/test_cores.py tests/test_errors.py tests/test_golden.py tests/test_perft.py \
  tests/test_properties.py tests/test_openspiel_differential.py tests/test_chance.py tests/test_rules_*.py \
  tests/test_draws.py tests/test_rule_contract.py
.venv/bin/python -m mypy --strict src
.venv/bin/python -m ruff check .
.venv/bin/python -m ruff format --check .
# The documentation site, offline, with every warning an error; the pages are thrown away.
# The docstrings must be Markdown with cross-references (no Sphinx roles), checked before and after.
.venv/bin/python scripts/check_docs.py
site_dir="$(mktemp -d)"
trap 'rm -rf "$site_dir"' EXIT
NO_MKDOCS_2_WARNING=1 .venv/bin/python -m mkdocs build --strict --quiet --site-dir "$site_dir"
.venv/bin/python scripts/check_docs.py --site "$site_dir"
echo "check passed"
