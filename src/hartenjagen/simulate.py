"""Kept at its old name: the module is [`hartenjagen.bots.simulate`][hartenjagen.bots.simulate]."""

from hartenjagen.bots.simulate import *  # noqa: F403
from hartenjagen.bots.simulate import __all__  # noqa: F401
