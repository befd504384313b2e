"""``make screenshots``: ``python -m wordtable.cli.screenshots [FOLDER]`` takes the page's main screens
(wordtable.web.screenshots) into FOLDER (default docs/screenshots) and prints each file's path.
"""

from __future__ import annotations

import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    # Playwright is a test and tooling dependency: imported only when screenshots are taken.
    from ..web.screenshots import take

    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    for path in take(out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
