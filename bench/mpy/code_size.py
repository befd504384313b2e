"""Heap taken by the board code once imported (run by bench/firmware_heap.py).

    micropython code_size.py MODULE...

Prints ``code BYTES``: the heap in use after importing the modules (compiled from source, as
main.py does), less what was in use before.
"""

import gc
import sys

gc.collect()
base = gc.mem_alloc()
gc.threshold(4096)  # as main.py
for name in sys.argv[1:]:
    __import__(name)
gc.threshold(-1)
gc.collect()
print("code", gc.mem_alloc() - base)
