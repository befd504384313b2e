"""Run one firmware test function under MicroPython: ``run.py MODULE FUNCTION TMPDIR``.

Prints PASS on success; a failure prints its traceback to stderr and exits with status 1.
"""

import gc
import sys

gc.threshold(4096)  # as main.py does: collect compile garbage while importing, fewer heap holes
import rig  # noqa: E402

module_name, func_name, tmp = sys.argv[1], sys.argv[2], sys.argv[3]
rig.TMP = tmp
module = __import__(module_name)
gc.threshold(-1)
getattr(module, func_name)()
print("PASS")
