#!/usr/bin/env bash
# The whole check: set up a virtual environment with the dev extra (installing
# the package compiles its core with mypyc), then run the tests on the compiled
# core, the core, rule, property and OpenSpiel tests again on the interpreted
# core, mypy --strict on src/, ruff, and build the documentation site
# (mkdocs --strict, with the docstrings' cross-references checked). Works on a fresh machine with only Python 3.11+ and a C compiler.
# The work runs in two lanes side by side (one per core): each lane takes half of
# both suites, split by the tests' recorded costs (HARTENJAGEN_TEST_SHARD, see
# tests/sharding.py; re-record them with scripts/test_costs.py);
# one lane then runs mypy, the other ruff and the docs. Each lane prints as it
# goes, every line marked with its lane; the check fails if either lane fails.
# Usage: bash scripts/check.sh          (a lane alone: bash scripts/check.sh --lane 0)
set -euo pipefail
cd "$(dirname "$0")/.."

# The interpreted core (tests/test_cores.py also compares the two cores game by game).
PURE_TESTS=(
  tests/test_cards.py tests/test_cores.py tests/test_errors.py tests/test_golden.py tests/test_perft_positions.py
  tests/test_perft_counters.py tests/test_properties_*.py tests/test_openspiel_differential.py tests/test_chance.py
  tests/test_rules_*.py
  tests/test_draws.py tests/test_rule_contract.py tests/test_house_rules.py tests/test_history.py tests/test_table_cache.py
)

lane() {  # lane INDEX: its half of both suites, then its share of the static checks
  local shard="$1/2"
  echo "== lane $1: compiled core, tests $shard"
  HARTENJAGEN_TEST_SHARD="$shard" .venv/bin/python -m pytest -q -p no:cacheprovider
  echo "== lane $1: interpreted core, tests $shard"
  HARTENJAGEN_PURE_PYTHON=1 HARTENJAGEN_TEST_SHARD="$shard" .venv/bin/python -m pytest -q -p no:cacheprovider \
    "${PURE_TESTS[@]}"
  if [ "$1" = 0 ]; then
    echo "== lane 0: mypy --strict src"
    .venv/bin/python -m mypy --strict src
  else
    echo "== lane 1: ruff and the documentation"
    .venv/bin/python -m ruff check .
    .venv/bin/python -m ruff format --check .
    # The documentation site, offline, with every warning an error; the pages are thrown away.
    # The docstrings must be Markdown with cross-references (no Sphinx roles), checked before and after.
    .venv/bin/python scripts/check_docs.py
    local site_dir
    site_dir="$(mktemp -d)"
    NO_MKDOCS_2_WARNING=1 .venv/bin/python -m mkdocs build --strict --site-dir "$site_dir"  # no --quiet: it hides the warnings strict mode counts
    .venv/bin/python scripts/check_docs.py --site "$site_dir"
    rm -rf "$site_dir"
  fi
  echo "== lane $1: took ${SECONDS} s"  # lanes far apart: re-record the tests' costs (scripts/test_costs.py)
  echo "== lane $1: passed"
}

if [ "${1:-}" = "--lane" ]; then
  lane "$2"
  exit 0
fi

PYTHON="${PYTHON:-python3}"
echo "== setting up .venv (the first time, installing compiles the core with mypyc: a few minutes)"
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
if [ "${CI:-}" = "true" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null; then
  echo "installing Debian's postgresql for the several-workers tests (tests/postgres_cluster.py)"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends postgresql >/dev/null
fi

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
# Each lane is a bash of its own (so that `set -e` holds inside it); its status goes to a file.
for index in 0 1; do
  { bash "$0" --lane "$index" 2>&1 && echo 0 >"$logs/status$index" || echo 1 >"$logs/status$index"; } |
    sed -u "s/^/[lane $index] /" &
done
wait
status=0
for index in 0 1; do
  if [ "$(cat "$logs/status$index" 2>/dev/null || echo 1)" != 0 ]; then
    echo "lane $index FAILED (its lines above are marked [lane $index])"
    status=1
  fi
done
if [ "$status" != 0 ]; then
  echo "check FAILED"
  exit 1
fi
echo "check passed"
