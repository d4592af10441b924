"""``python -m hartenjagen``: the ``hartenjagen`` command (see :mod:`hartenjagen.cli`)."""

import sys

from hartenjagen.cli import main

if __name__ == "__main__":
    sys.exit(main())
