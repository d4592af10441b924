"""The terminal table, kept at its old name: it lives in [`hartenjagen.cli.terminal`][hartenjagen.cli.terminal]."""

from hartenjagen.cli.terminal import *  # noqa: F403
from hartenjagen.cli.terminal import __all__  # noqa: F401
