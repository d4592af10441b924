"""What the hostile-input fuzzers share: their budget, and the property every call must keep.

The budget: each fuzz target runs a few seconds by default. ``HARTENJAGEN_FUZZ=nightly``
(or a number, a factor) runs every target that many times longer, for a nightly or a
manual run::

    HARTENJAGEN_FUZZ=nightly .venv/bin/python -m pytest tests/test_fuzz_hostile.py

The property (:func:`call`): a call raises nothing but the library's documented errors
(each a :class:`hartenjagen.HartenjagenError` with a short message saying what was
wrong), leaves its inputs unchanged (compared as pickles), and stays within a bound of
time (``CALL_SECONDS``) and of memory (``CALL_BYTES`` more than the process held before).
Inputs are compared with copies made before the call (pickled and read back): by value, so
that a view's private mark of having been checked does not count as a change.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import resource
import signal
import sys
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import HealthCheck, settings

import hartenjagen as hj

#: ``default``, ``nightly`` or a factor.
LEVEL = os.environ.get("HARTENJAGEN_FUZZ", "default")
SCALE = {"default": 1.0, "nightly": 50.0}.get(LEVEL) or float(LEVEL)
#: No call may take longer (far more than any takes: a hang or a runaway search, not speed).
CALL_SECONDS = 20
#: No call may grow the process by more (its peak resident size).
CALL_BYTES = 300 * 2**20


def fuzz(examples: int, **more: Any) -> settings:
    """Settings for a fuzz target of ``examples`` examples by default (times the level's factor)."""
    return settings(
        max_examples=max(1, round(examples * SCALE)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
        **more,
    )


class TooSlow(Exception):
    """A call ran past ``CALL_SECONDS``."""


def _alarm(signum: int, frame: object) -> None:
    raise TooSlow(f"a call ran for more than {CALL_SECONDS} s")


@contextlib.contextmanager
def _time_bound() -> Iterator[None]:
    if not hasattr(signal, "setitimer"):  # pragma: no cover - not POSIX
        yield
        return
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, CALL_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _peak() -> int:
    """The process's peak resident size so far, in bytes."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def call(function: Callable[[], Any], *errors: type[BaseException], inputs: tuple[object, ...] = ()) -> Any:
    """``function()`` under the property above; its result, or ``None`` if it raised one of ``errors``."""
    before = [pickle.loads(pickle.dumps(value)) for value in inputs]
    peak = _peak()
    result: Any = None
    try:
        with _time_bound():
            result = function()
    except hj.HartenjagenError as error:
        assert isinstance(error, errors), f"{type(error).__name__} is not one of {errors}: {error}"
        message = str(error)
        assert message and len(message) < 2000, (
            f"a message that says nothing (or too much): {message[:200]!r}"
        )
    grown = _peak() - peak
    assert grown < CALL_BYTES, f"a call grew the process by {grown:,} bytes"
    assert all(value == copy for value, copy in zip(inputs, before, strict=True)), "an input was changed"
    return result
