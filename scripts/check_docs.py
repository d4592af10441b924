"""Check that the docstrings in src/ are written the way the API reference renders them.

The API reference (docs/api.md and a page per module in docs/reference/, mkdocstrings with
``docstring_style: google``) renders docstrings
as Markdown: a cross-reference is ``[`apply`][hartenjagen.engine.apply]`` and an example is a
fenced block. Sphinx roles (``:func:`apply` ``), reST literal blocks (a line ending in ``::``),
reST links and ``>>>`` examples outside a fence would show as raw text on the site.

Usage: python scripts/check_docs.py [--site DIR]   (DIR: a site built by ``mkdocs build``,
whose reference pages must have no raw roles and rendered cross-references)
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROLE = re.compile(r":(?:func|class|meth|mod|attr|data|exc|obj|const|py:\w+):`")
REST_LINK = re.compile(r"`[^`]+ <https?://[^>]+>`_")


def source_problems(root: Path = ROOT / "src") -> list[str]:
    """Each line of ``root``'s Python files that the API reference would show as raw markup."""
    problems = []
    for path in sorted(root.rglob("*.py")):
        fenced = False
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            where = f"{path.relative_to(root.parent)}:{number}"
            stripped = line.strip()
            if stripped.startswith("```"):
                fenced = not fenced
            if ROLE.search(line):
                problems.append(f"{where}: a Sphinx role; write [`name`][hartenjagen.module.name]")
            if REST_LINK.search(line):
                problems.append(f"{where}: a reST link; write [text](https://...)")
            if stripped.endswith("::") and not stripped.startswith("#"):
                problems.append(f"{where}: a reST literal block; use a fenced block (```python)")
            if stripped.startswith(">>>") and not fenced:
                problems.append(f"{where}: an example outside a fence; put it in a ```pycon block")
    return problems


def site_problems(site: Path) -> list[str]:
    """What is wrong with the built reference: raw roles or reST markup, or no cross-references.

    The reference is the overview (``api/``) and one page per module (``reference/*/``); the
    cross-references are counted over all of them, since each page holds a few.
    """
    overview = site / "api" / "index.html"
    pages = sorted((site / "reference").glob("*/index.html"))
    problems = [] if overview.is_file() else [f"{overview}: no API overview page"]
    if not pages:
        problems.append(f"{site / 'reference'}: no reference pages")
    links = 0
    for page in ([overview] if overview.is_file() else []) + pages:
        markup = page.read_text(encoding="utf-8")
        text = html.unescape(re.sub(r"<[^>]+>", " ", markup))
        problems += [f"{page}: raw role {match.group(0)!r}" for match in ROLE.finditer(text)]
        problems += [f"{page}: raw reST literal marker" for _ in re.finditer(r"\w::\s", text)]
        links += len(re.findall(r'class="autorefs autorefs-internal"', markup))
    if links < 100:
        problems.append(
            f"{site}: only {links} rendered cross-references in the reference (expected 100 or more)"
        )
    return problems


def main(argv: list[str]) -> int:
    problems = source_problems()
    if argv[:1] == ["--site"] and len(argv) == 2:
        problems += site_problems(Path(argv[1]))
    elif argv:
        print(__doc__, file=sys.stderr)
        return 2
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
