"""The frontend kit: what a program that shows a game to people (or sends it to them) is built from.

- [`views`][hartenjagen.frontend.views]: what one seat may know (`view`, `public_view`,
  `events_for`, `validate_view`);
- [`describe`][hartenjagen.frontend.describe]: one sentence per event, in English or Dutch;
- [`notation`][hartenjagen.frontend.notation]: card names, move text, hand sorting;
- [`texts`][hartenjagen.frontend.texts]: the message catalogue in both languages;
- [`drawing`][hartenjagen.frontend.drawing]: the table as text (`table_text`, what `str(state)`
  and `str(view)` give, and the terminal's `show`);
- [`svg`][hartenjagen.frontend.svg]: the table as an SVG picture (`table_svg`, `table_html`,
  what a notebook shows for a state or a view);
- [`serialize`][hartenjagen.frontend.serialize]: JSON of every value (`dumps`, `loads`);
- [`records`][hartenjagen.frontend.records]: game records and their text form;
- [`schema`][hartenjagen.frontend.schema]: JSON Schemas and TypeScript types of the JSON.

`table_svg`, `table_html` and `table_text` are importable from here too
(``from hartenjagen.frontend import table_svg``). Each module is also importable at its old
path (``hartenjagen.views`` ...) until 1.0.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hartenjagen.frontend.drawing import table_text
    from hartenjagen.frontend.svg import table_html, table_svg

__all__ = ["table_html", "table_svg", "table_text"]

# The drawings import the views and the engine, which import this package first: so they load
# on first use, not when the package does.
_LAZY = {
    "table_html": "hartenjagen.frontend.svg",
    "table_svg": "hartenjagen.frontend.svg",
    "table_text": "hartenjagen.frontend.drawing",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hartenjagen.frontend' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
