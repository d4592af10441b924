"""Kept at its old name: the module is [`hartenjagen.bots.determinize`][hartenjagen.bots.determinize]."""

from hartenjagen.bots.determinize import *  # noqa: F403
from hartenjagen.bots.determinize import __all__  # noqa: F401
