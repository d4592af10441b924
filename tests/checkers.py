"""Running a framework's own checker (PettingZoo's ``api_test``, Gymnasium's ``check_env``) and keeping all it says.

A checker speaks three ways: ``warnings.warn`` (both frameworks' notes, Gymnasium's
``logger.warn`` included), the ``logging`` module (PettingZoo's ``EnvLogger``) and
``print`` (PettingZoo's progress lines). `checker_notes` records all three, so a
test can require that a checker has nothing to say, not only that it passes.
"""

from __future__ import annotations

import contextlib
import io
import logging
import warnings
from collections.abc import Callable

#: What PettingZoo's checkers print on every run: progress, not a note about the environment.
PROGRESS = frozenset({"Starting API test", "Passed API test", "Passed seed test"})


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def checker_notes(
    check: Callable[..., object], *args: object, printed: bool = True, **kwargs: object
) -> list[str]:
    """Run ``check(*args, **kwargs)``; return every warning, logged warning and (``printed``) printed line
    but PettingZoo's progress lines. ``printed=False`` where the checker renders a human-mode table."""
    records = _Records()
    root = logging.getLogger()
    root.addHandler(records)
    out = io.StringIO()
    try:
        with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stdout(out):
            warnings.simplefilter("always")
            check(*args, **kwargs)
    finally:
        root.removeHandler(records)
    notes = [f"warning: {w.message}" for w in caught] + [f"logged: {m}" for m in records.messages]
    if printed:
        notes += [f"printed: {line}" for line in out.getvalue().splitlines() if line and line not in PROGRESS]
    return notes
