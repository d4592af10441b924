"""The lazy immutable sequence of legal passes: `PassMoves` (it lives in the kernel)."""

from __future__ import annotations

from hartenjagen.core.passes import PassMoves

__all__ = ["PassMoves"]
