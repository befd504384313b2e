"""``python -m wordtable.cli``: the ``wordtable`` command without its script."""

import sys

from . import main

sys.exit(main())
