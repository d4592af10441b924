"""Write src/hartenjagen/_playout_plan.h from src/hartenjagen/core/playout_layout.py (``--check``: only compare).

The header is committed; tests/test_playout_header.py fails when it differs
from what this makes. Run it after changing the layout, then rebuild.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hartenjagen.core.playout_layout import header

TARGET = Path(__file__).resolve().parent.parent / "src/hartenjagen/_playout_plan.h"


def main(argv: list[str]) -> int:
    text = header()
    if "--check" in argv:
        if TARGET.read_text(encoding="utf-8") != text:
            print(f"{TARGET} is out of date: run scripts/gen_playout_header.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
