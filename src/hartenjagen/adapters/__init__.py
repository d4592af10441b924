"""The framework adapters: every variant as an OpenSpiel game, a PettingZoo and a Gymnasium environment.

- [`openspiel`][hartenjagen.adapters.openspiel]: the ``python_hartenjagen`` game;
- [`pettingzoo`][hartenjagen.adapters.pettingzoo] and [`gymnasium`][hartenjagen.adapters.gymnasium]: the environments;
- [`episodes`][hartenjagen.adapters.episodes]: the episode (one hand or a whole game) they share;
- [`encoding`][hartenjagen.adapters.encoding]: stable action ids and observation vectors.

Each is also importable at its old path (``hartenjagen.openspiel`` ...) until 1.0.
"""

from hartenjagen.adapters._load import compiled_or_source as _compiled_or_source

# Before any import of it: the compiled helper runs only beside the compiled core it was built with.
_compiled_or_source("_steps")
