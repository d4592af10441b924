"""``python -m hartenjagen``: the ``hartenjagen`` command (see [`hartenjagen.cli`][hartenjagen.cli])."""

import sys

from hartenjagen.cli import main

if __name__ == "__main__":
    sys.exit(main())
