"""Shared pytest configuration: Hypothesis profiles.

``dev`` (the default) explores new examples on every run. ``ci`` is loaded
when the environment variable ``CI`` is set (or with ``HYPOTHESIS_PROFILE=ci``):
derandomized, so that every CI run checks the same examples, with a modest
number of examples and no example database.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", deadline=None)
settings.register_profile(
    "ci", deadline=None, derandomize=True, max_examples=50, database=None, print_blob=True
)

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))
