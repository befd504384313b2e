"""The heap of the firmware on the real board's drivers, as a Pico would have it:

    micropython -X heapsize=512wK memory_probe.py [IMAGE]   (MICROPYPATH: the stand-ins and the
                                                 firmware compiled, as tests/drivers/test_memory.py has it)

The firmware comes as ``make deploy`` puts it on a board: main.py as source, the rest as .mpy
files (its code is in the heap), or, with IMAGE, from the ROMFS image ``make firmware`` builds,
mounted at /rom before the base is taken (it stands for the board's flash; its bytecode runs in
place, and only what the code creates stays in the heap: functions, classes, names). The chips are the register-level stand-ins, and the host is a
minimal one (bench/mpy/probe_line.py, shared with the sim's heap probe). Scenario: a tag on each
of the 321 cells from the start, the handshake, every CELL report, a SNAPSHOT, a full screen in the
five DISPLAY frames the host sends with a full refresh, a partial one, LED, BEEP, a button, every
DIAG topic and a TAG_WRITE (whose code the board loads and drops again), heartbeats. After every
loop step the heap is collected and what is live is noted.

Only the board counts. The stand-ins' code and their chip models, this script and the host's
codecs are made before the base is taken, or added to it; what stands for the kernel (the bytes
under way on the serial line toward the board: a pty's buffers are not in the board's heap) waits
in a buffer made before the base; what the board writes is taken by the host after each step; the
stand-ins' logs are cut back before each measurement; and the C stack is overwritten before each
collection (the collector scans it conservatively: a stale slot would keep a 1 KB payload alive).

Code is measured with everything the firmware ever loads imported once (boot-only configuration,
diagnostics) and dropped again: the names they interned stay in the heap for good, as on a board.

This script is only the start: it takes the base, loads the firmware and measures its code, with as
few names of its own as it can (interned names fill the same pools as the firmware's), and hands
over to memory_steps.py, the scenario, compiled with the stand-ins.

Prints ``mem NAME VALUE`` lines, then PASS: word (bytes in a word of this port: 8 on the 64-bit
unix port, 4 on a Pico), code (what stays of the code), code_boot (while the
board is built: the configuration and pin map too), boot (code and data once the board is up),
peak (code and data at the fullest step boundary), phase (where), standins (taken off); and
MicroPython's ``qstr pool`` line once the code is loaded: how many names are interned, in how many
pools (the harness reads it).
"""

import gc
import sys

sys.path.pop(0)  # this folder has the stand-ins as source: take them compiled, from MICROPYPATH
if len(sys.argv) > 1:
    import rom

    rom.mount(sys.argv[1])
print("mem word", 8 if sys.maxsize > 1 << 32 else 4)
gc.collect()
base = gc.mem_alloc()
gc.threshold(4096)  # as main.py

# Everything the firmware loads, once: main.py (compiled from source at boot, as on a board), the
# board's configuration, pin map and layout (dropped once the board is built), the diagnostics
# (loaded for a DIAG_REQ and dropped after it).
import drivers.antenna_layout  # noqa: E402, F401
import drivers.matrix_diag  # noqa: E402, F401
import main  # noqa: E402
import wtfw.boards.pico  # noqa: E402, F401
import wtfw.boards.pinmaps  # noqa: E402, F401
import wtfw.diag  # noqa: E402
import wtfw.stdio  # noqa: E402, F401  (a board's serial line; the probe's is in memory)

wtfw.diag.forget()
gc.collect()
code_boot = gc.mem_alloc() - base
main.drop_configuration()
wtfw.forget("drivers.antenna_layout")
gc.collect()
code = gc.mem_alloc() - base
import micropython  # noqa: E402

micropython.qstr_info()  # "qstr pool: n_pool=.., n_qstr=.., ...": the names interned so far
before = gc.mem_alloc()

import memory_steps  # noqa: E402

memory_steps.run(base, code_boot, code, before)
