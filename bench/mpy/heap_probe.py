"""Heap use of the sim firmware on MicroPython with a full table (run by bench/firmware_heap.py).

    micropython -X heapsize=128k heap_probe.py WORKDIR

Boots the sim board exactly as main.py does (same imports and main.build_board, real world file with a tag on each of
the 321 cells, real control channel, 296x128 panel), with the serial line replaced by memory and a
minimal host (probe_line.py). Then: handshake, all 321 CELL reports, a SNAPSHOT, a full-panel DISPLAY
(5 frames), heartbeats, control commands. After each loop step the heap is collected and what is
still in use (the live data) is noted; the largest is ``live_peak``. What a step needs on top of
that, in a fragmented heap, shows in the smallest heap that runs this script to its end, which
bench/firmware_heap.py finds by running it with smaller and smaller heaps.
Prints ``name value`` lines. Figures exclude what this script itself occupies (its functions,
globals and host codecs are made before the base is taken, or added to it), and what stands for
the kernel: the bytes under way on the serial line (a pseudo-terminal's buffers are in the
kernel, not in the board's heap) wait in a buffer allocated before the base is taken, and what the
board writes is taken by the host before the heap is measured.
"""

import gc
import sys

from probe_line import Host, MemoryLine, wipe

# Stands for the kernel: the line's buffer toward the board (five DISPLAY frames fit).
TO_BOARD = bytearray(6144)
WORK = sys.argv[1]
# The script's globals, all bound before the base is taken (a growing globals dict is not the board's).
BASE = CODE = HOST = BOOT = 0
now = peak = 0
peak_phase = ""
phase = "boot"
counts = {1: 0, 3: 0, 4: 0, 5: 0, 0x10: 0, 0x13: 0}  # frames the host got, by type (sized now)
board = app = None
main = wtfw = App = m = Deframer = encode_frame = hostcodec = None  # bound by the imports below


def uid(cell):
    return bytes([4, cell & 0xFF, cell >> 8, 0x10, 0x20, 0x30, 0x40])


def live():
    """The heap in use by the board (less the base), after a collection."""
    wipe()
    gc.collect()
    return gc.mem_alloc() - BASE


def step(n=1, dt=5):
    global now, peak, peak_phase
    for _ in range(n):
        now += dt
        app.step(now)
        host.take()
        used = live()
        if used > peak:
            peak = used
            peak_phase = phase


def send_screen():
    # In a function, so that the host's payloads do not stay behind in the slots of a live frame.
    for y in range(0, 128, 27):  # five frames at once, as the host's link window lets them go
        h = min(27, 128 - y)
        flags = m.REFRESH_FULL if y + h == 128 else m.REFRESH_NONE
        host.send(m.DISPLAY, m.pack_display(0, y, 296, h, flags, bytes([y]) * (37 * h)))


def step_until(done, what, limit=400):
    for _ in range(limit):
        if done():
            return
        step()
    raise AssertionError("%s did not happen within %d steps" % (what, limit))


def execute(cmd):
    reply = board.services[0].execute(cmd, now)
    if not isinstance(reply, str):
        reply = "".join([piece[:3] for piece in reply])  # a long reply comes in pieces
    return reply


def control(cmd):
    global peak, peak_phase
    # The heap is measured outside the frame that ran the command: the garbage collector scans
    # frames conservatively, and a finished reply generator in a dead slot would count as live.
    reply = execute(cmd)
    used = live()
    if used > peak:
        peak = used
        peak_phase = "control " + cmd.split()[0]
    return reply


line = MemoryLine(TO_BOARD)
host = Host(line, counts)
with open(WORK + "/world.txt", "w") as f:
    for cell in range(321):
        f.write("%d %s\n" % (cell, "".join(["%02X" % b for b in uid(cell)])))


gc.collect()
BASE = gc.mem_alloc()
gc.threshold(4096)  # as main.py

import main  # noqa: E402, F811  # the firmware's entry point; its loop is replaced by the steps below
import wtfw.boards.sim  # noqa: E402, F401, F811  # what main.build_board imports on the unix port
from wtfw.app import App  # noqa: E402, F811
from wtproto import messages as m  # noqa: E402, F811
from wtproto.frame import Deframer, encode_frame  # noqa: E402, F811

gc.collect()
CODE = gc.mem_alloc() - BASE
# The host's codecs that this script's host uses (pack_display, ...) are not board code: the board
# never loads them. Loaded now, they count with the script, not with the board.
from wtproto import hostcodec  # noqa: E402, F401, F811

gc.collect()
HOST = gc.mem_alloc() - BASE - CODE
BASE += HOST

board = main.build_board(
    [
        "--board",
        "sim",
        "--control",
        WORK + "/ctl",
        "--world",
        WORK + "/world.txt",
        "--panel",
        WORK + "/panel.pbm",
    ]
)
board.transport = line
app = App(board, 0, 0x4242)
gc.threshold(-1)
gc.collect()
BOOT = gc.mem_alloc() - BASE
host.start(Deframer(), encode_frame, m.ACK, m.HELLO)  # the host's deframer: counted with the script
gc.collect()
BASE = gc.mem_alloc() - BOOT


step(4)
phase = "handshake and 321 CELL reports"
host.send(m.HELLO_ACK, m.pack_hello_ack(0x4242, 1, (0, 1, 0)), False)
step_until(lambda: counts.get(m.CELL) == 321 and not app.link.pending(), "321 CELL reports")

phase = "SNAPSHOT"
host.send(m.SNAPSHOT_REQ, m.pack_snapshot_req(1))
step_until(lambda: counts.get(m.SNAPSHOT) == 13 and not app.link.pending(), "a 13-part SNAPSHOT")

phase = "full-panel DISPLAY"
send_screen()
step_until(lambda: board.panel.full == 1, "a full refresh")

phase = "heartbeats and idle"
for _ in range(5):
    host.send(m.HEARTBEAT, b"", False)
    step(200)
assert counts.get(m.HEARTBEAT, 0) >= 4, counts

for cmd in ("state", "stats", "lift 17", "place 17 04112233445566", "panel", "feedback"):
    assert control(cmd).startswith("ok"), cmd
step(5)
assert app.state == 1 and app.events_dropped == 0

gc.collect()
print("heap_total", gc.mem_alloc() + gc.mem_free())
print("base", BASE)
print("host_codecs", HOST)
print("code", CODE)
print("boot", BOOT)
print("steady", gc.mem_alloc() - BASE)
print("live_peak", peak)
print("live_peak_phase", peak_phase.replace(" ", "_"))
