"""``examples/house_rule_test.py`` (the test-kit walkthrough of docs/testing.md) runs and passes.

It runs as a script in a fresh interpreter: the example registers its house rule for JSON, which
is done once per process.
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
    # The page quotes the house rule as the example defines it.
    start = source.index("@serialize.register")
    end = source.index("#: The house game")
    assert source[start:end].strip() in page
