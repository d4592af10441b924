"""The API reference as a user walks it: a page per public module under a "Reference" section of
the site's navigation, an overview (docs/api.md) that links every page, and ``mkdocs serve`` on a
port of its own (``hartenjagen serve`` takes 8000). The build itself (every cross-reference and
anchor resolving) is ``mkdocs build --strict`` in scripts/check.sh.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
yaml = pytest.importorskip("yaml", reason="mkdocs.yml is read with PyYAML, which the docs tools bring")


def _config() -> dict[str, object]:
    # mkdocs.yml has no custom tags, so the safe loader reads it.
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert isinstance(config, dict)
    return config


def _pages(entry: object) -> list[str]:
    """Every page file under a navigation entry (a page, or a section of entries)."""
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, list):
        return [page for item in entry for page in _pages(item)]
    if isinstance(entry, dict):
        return [page for value in entry.values() for page in _pages(value)]
    raise AssertionError(f"an odd navigation entry: {entry!r}")


def _reference() -> list[str]:
    (section,) = [
        item["Reference"] for item in _config()["nav"] if isinstance(item, dict) and "Reference" in item
    ]
    return _pages(section)


def test_the_reference_is_a_section_with_a_page_per_module():
    pages = _reference()
    assert pages[0] == "api.md"  # the overview opens the section
    on_disk = sorted(f"reference/{path.name}" for path in (DOCS / "reference").glob("*.md"))
    assert sorted(pages[1:]) == on_disk
    assert len(on_disk) >= 40
    for page in pages[1:]:
        text = (DOCS / page).read_text(encoding="utf-8")
        targets = re.findall(r"^::: (hartenjagen[\w.]*)$", text, re.MULTILINE)
        assert targets, f"{page} documents nothing"
        # One module a page: every block is the page's module or something inside it.
        assert all(target.startswith(targets[0]) for target in targets), page


def test_the_overview_links_every_page():
    overview = (DOCS / "api.md").read_text(encoding="utf-8")
    linked = re.findall(r"\]\((reference/[\w.]+\.md)\)", overview)
    assert sorted(linked) == sorted(_reference()[1:])


def test_the_public_modules_have_their_pages():
    documented = set()
    for path in (DOCS / "reference").glob("*.md"):
        documented |= set(
            re.findall(r"^::: (hartenjagen[\w.]*)$", path.read_text(encoding="utf-8"), re.MULTILINE)
        )
    wanted = {
        "hartenjagen", "hartenjagen.engine", "hartenjagen.rules", "hartenjagen.variants", "hartenjagen.frontend",
        "hartenjagen.frontend.views", "hartenjagen.frontend.svg", "hartenjagen.frontend.drawing", "hartenjagen.bots",
        "hartenjagen.adapters", "hartenjagen.testing", "hartenjagen.web", "hartenjagen.playouts", "hartenjagen.cli",
        "hartenjagen.adapters.bounds", "hartenjagen.adapters.hearts",
    }  # fmt: skip
    assert wanted <= documented, wanted - documented


def test_mkdocs_serve_has_a_port_of_its_own():
    host, port = str(_config()["dev_addr"]).rsplit(":", 1)
    assert host == "127.0.0.1" and port != "8000"  # 8000 is hartenjagen serve's
    assert f"http://127.0.0.1:{port}" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"http://127.0.0.1:{port}" in (DOCS / "index.md").read_text(encoding="utf-8")
