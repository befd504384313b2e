"""Run one firmware test function under MicroPython: ``run.py MODULE FUNCTION TMPDIR [IMAGE]``.

IMAGE: a ROMFS image of the firmware (``make firmware``), mounted at /rom first (tests' rom.py).

Prints PASS on success; a failure prints its traceback to stderr and exits with status 1.
"""

import gc
import sys

gc.threshold(4096)  # as main.py does: collect compile garbage while importing, fewer heap holes
# This script's own directory holds the test modules as source; take them precompiled from
# MICROPYPATH instead, so compiling them does not crowd the 128 KB heap.
sys.path.remove(sys.path[0])
if len(sys.argv) > 4:
    import rom

    rom.mount(sys.argv[4])
import check  # noqa: E402

# The tests play the host too: load the host's codecs (wtproto.hostcodec, which messages would
# import on first use) now, before a test fills and fragments the heap.
from wtproto import hostcodec  # noqa: E402, F401

module_name, func_name, tmp = sys.argv[1], sys.argv[2], sys.argv[3]
check.TMP = tmp
module = __import__(module_name)
gc.threshold(-1)
getattr(module, func_name)()
print("PASS")
