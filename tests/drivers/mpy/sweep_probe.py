"""Figures for bench/hardware_sweep.py: ``run.py sweep_probe run TMP`` prints ``NAME VALUE`` lines.

The real drivers (wtfw.boards.pico) sweep the stand-in table: 8 readers, 48 antennas each, 100
NTAG213 tags on the 321 cells, all confirmed. The time is the stand-ins' virtual clock, charged
by what the drivers do: every SPI byte at the bus clock (10 MHz), the air time of every ISO 14443A
frame at 106 kbit/s with its frame delay, the MFRC522's timer on an empty antenna, the sleeps of
the drivers (the field settle). Optionally each SPI call and pin write also costs what a call
from MicroPython takes on an RP2040 (an estimate: the unix port cannot tell).
"""

import gc
import time

from standin_table import TableBench, pico_board
from standin_tags import ntag213
from wtfw.scanner import Scanner

TAGS = 100
RP2040_PIN_NS = 8000  # a select line moved: the Python-level select object and the pin (estimate)
RP2040_CALL_NS = 20000  # one register access: the driver's method, buffer setup, spi.write (estimate)


def _uid(i):
    return bytes([0x04, i & 0xFF, (i * 7) & 0xFF, 0x33, 0x44, (i >> 8) & 0xFF, 0x80])


def _table(pin_ns=0, call_ns=0, settle_us=None):
    gc.collect()
    bench = TableBench()
    bench.clock.pin_ns = pin_ns
    bench.clock.call_ns = call_ns
    bench, board = pico_board(bench)
    if settle_us is not None:  # every step waits settle_us, as before the sweep measured its tags
        board.reader.settle_us = settle_us
        for ch in range(board.reader.nchannels):
            board.reader.waits[ch] = 0
    for i in range(TAGS):
        bench.place((i * 29) % 321, ntag213(_uid(i)))
    return bench, board


def _sweep(reader, buf):
    for c in range(reader.ncells):
        reader.read_uid(c, buf)


def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def sweeps(name, pin_ns=0, call_ns=0, settle_us=None, n=9):
    bench, board = _table(pin_ns, call_ns, settle_us)
    reader = board.reader
    buf = bytearray(10)
    for _ in range(3):
        _sweep(reader, buf)  # every tag read twice: confirmed
    times = []
    bus = bench.reader_bus
    b0, c0 = bus.bytes, bus.calls
    ex0 = sum(m.exchanges for m in bench.readers)
    reads0 = reader.full_reads
    for _ in range(n):
        t0 = bench.clock.ns
        _sweep(reader, buf)
        times.append((bench.clock.ns - t0) // 1000)
    print("%s_sweep_us %d" % (name, _median(times)))
    print("%s_sweep_max_us %d" % (name, max(times)))
    if name == "bus":
        print("spi_bytes_per_sweep %d" % ((bus.bytes - b0) // n))
        print("spi_transactions_per_sweep %d" % ((bus.calls - c0) // n))
        print("frames_on_air_per_sweep %d" % ((sum(m.exchanges for m in bench.readers) - ex0) // n))
        print("uid_reads_per_sweep %d" % ((reader.full_reads - reads0) // n))


def adaptive(name, slow, full=False, pin_ns=RP2040_PIN_NS, call_ns=RP2040_CALL_NS, n=9):
    # The table of the other rows (TAGS tags; ``full``: one on every cell) whose tags on the cells
    # ``slow(bench, cell)`` need 5 ms after the field switches on (ISO/IEC 14443-3's limit), the
    # others what the model tags need (0.5 ms): the board measures them at start and each step
    # waits what its cells need, at least the 2 ms assumed.
    gc.collect()
    bench = TableBench()
    bench.clock.pin_ns = pin_ns
    bench.clock.call_ns = call_ns
    nslow = 0
    cells = range(321) if full else [(i * 29) % 321 for i in range(TAGS)]
    for c in cells:
        if slow(bench, c):
            nslow += 1
            bench.place(c, ntag213(_uid(c), power_up_us=5000))
        else:
            bench.place(c, ntag213(_uid(c)))
    bench, board = pico_board(bench)
    reader = board.reader
    buf = bytearray(10)
    for _ in range(3):
        _sweep(reader, buf)
    times = []
    for _ in range(n):
        t0 = bench.clock.ns
        got = 0
        for c in range(reader.ncells):
            if reader.read_uid(c, buf) > 0:
                got += 1
        times.append((bench.clock.ns - t0) // 1000)
        if got != len(cells):
            raise AssertionError("%s: a sweep read %d of %d tags" % (name, got, len(cells)))
    print("%s_sweep_us %d" % (name, _median(times)))
    print("%s_slow_cells %d" % (name, nslow))
    print("%s_slow_channels %d" % (name, sum(1 for w in reader.waits if w > reader.settle_us)))


def uid_read():
    # A tile laid: after its WUPA, the anticollision and select of both cascade levels and HLTA.
    bench, board = _table()
    reader = board.reader
    cell = 1
    while bench.tags_on(cell):
        cell += 1
    bench.place(cell, ntag213(_uid(999)))
    chip = reader.chips[reader.reader_of[cell]]
    reader.mux.select(reader.channel_of[cell])
    bench.clock.sleep_us(reader.settle_us)
    t0 = bench.clock.ns
    chip.wupa()
    t1 = bench.clock.ns
    n = chip.select(bytearray(10))
    chip.halt()
    if n != 7:
        raise AssertionError("the UID read gave %d" % n)
    print("wupa_us %d" % ((t1 - t0) // 1000))
    print("uid_read_us %d" % ((bench.clock.ns - t1) // 1000))


def report_latency(name, pin_ns=0, call_ns=0, trials=24):
    # A tile laid at moments spread over a sweep, on cells spread over the table; the scanner
    # (two identical reads) reads 40 cells per loop step, as the app does on this board.
    bench, board = _table(pin_ns, call_ns)
    reader = board.reader
    got = []
    scanner = Scanner(reader, lambda cell, b, n: got.append(cell) or True)
    for _ in range(3):
        scanner.scan()
    t_sweep = reader.sweep_us * 1000
    lat = []
    for i in range(trials):
        cell = (i * 53 + 7) % 321
        while bench.tags_on(cell):
            cell = (cell + 1) % 321
        t_place = bench.clock.ns + (t_sweep * i) // trials
        while bench.clock.ns < t_place:
            scanner.scan(1)
        bench.place(cell, ntag213(_uid(500 + i)))
        del got[:]
        t0 = bench.clock.ns
        while cell not in got:
            scanner.scan(40)
        lat.append((bench.clock.ns - t0) // 1000)
    print("%s_report_median_us %d" % (name, _median(lat)))
    print("%s_report_max_us %d" % (name, max(lat)))


def cpu():
    bench, board = _table()
    reader = board.reader
    buf = bytearray(10)
    for _ in range(3):
        _sweep(reader, buf)
    bench.clock.timing = True
    times = []
    models = []
    for _ in range(9):
        bench.clock.model_us = 0
        t0 = time.ticks_us()
        _sweep(reader, buf)
        times.append(time.ticks_diff(time.ticks_us(), t0))
        models.append(bench.clock.model_us)
    print("unix_sweep_us %d" % _median(times))
    print("unix_sweep_in_models_us %d" % _median(models))


def run():
    sweeps("bus")
    sweeps("rp2040", RP2040_PIN_NS, RP2040_CALL_NS)
    sweeps("iso_settle", RP2040_PIN_NS, RP2040_CALL_NS, 5000)
    # A fifth of the cells: those on channels 0 to 7 (where the layout allows), or every fifth cell
    # (spread over every channel: the layout does not allow).
    adaptive("fifth_grouped", lambda bench, c: bench.channel_of[c] < 8)
    adaptive("fifth_spread", lambda bench, c: c % 5 == 0)
    adaptive("full_table", lambda bench, c: False, True)
    adaptive("full_fifth_grouped", lambda bench, c: bench.channel_of[c] < 8, True)
    uid_read()
    report_latency("bus")
    report_latency("rp2040", RP2040_PIN_NS, RP2040_CALL_NS)
    cpu()
