"""The table a ``Rules`` value compiles to (see `hartenjagen.core.table`).

Rule-module hooks receive it as their ``table`` argument.
"""

from __future__ import annotations

from hartenjagen.core.table import Table, table_for

__all__ = ["Table", "table_for"]
