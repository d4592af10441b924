"""``examples/house_rule_test.py`` (the test-kit walkthrough of docs/testing.md) runs and passes.

It runs as a script in a fresh interpreter, as a user runs it; the page quotes its house rule and
its test of the rule on its own exactly as the example has them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "house_rule_test.py"


def test_the_house_rule_example_passes_its_tests():
    result = subprocess.run(
        [sys.executable, str(EXAMPLE)], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().endswith("The house rule passes.")


def test_the_docs_page_shows_the_example():
    page = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    source = EXAMPLE.read_text(encoding="utf-8")
    assert "examples/house_rule_test.py" in page
    # The page quotes the house rule as the example defines it ...
    start = source.index("@attrs.frozen\nclass MustDiscardPoints")
    end = source.index("#: The house game")
    assert source[start:end].strip() in page
    # ... and the example's test of the rule on its own.
    start = source.index("def test_the_rule_on_its_own")
    end = source.index("def test_the_house_game_keeps_every_invariant")
    assert source[start:end].strip() in page
