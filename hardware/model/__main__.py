"""``python -m hardware.model [OUT]``: print the RF model's figures, or write them to OUT."""

import sys
from pathlib import Path

from hardware.model.report import render

text = render()
if len(sys.argv) > 1:
    Path(sys.argv[1]).write_text(text)
else:
    print(text)
