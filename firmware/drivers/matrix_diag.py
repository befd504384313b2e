"""Diagnostics of a drivers.reader_matrix.MatrixReader for ``wordtable board doctor``: functions
rather than methods, in a module of their own, because code is heap: the firmware imports this only
while it answers a DIAG_REQ or reports a failing cell (wtfw.diag), and drops it afterwards.
"""

from micropython import const

_MULTI = const(1)  # reader_matrix's flag of a cell where two tags answered (private there: folded)


def reader_status(m):
    """One (index, name, version, answering, faults, cells) per reader: VersionReg as last read
    (91h or 92h for an NXP MFRC522, 88h for the FM17522 clone), faults since boot, cells it serves."""
    out = []
    for r in range(m.nreaders):
        c = m.chips[r]
        out.append((r, c.name, c.version, c.live, c.fault_total, m._cells_of(r)))
    return out


def noisy_cells(m, limit=8):
    """Up to ``limit`` cells with read errors or collisions, worst first, as (cell, reader,
    antenna, errors, collisions)."""
    worst = []
    for c in range(m.ncells):
        if m.errors[c] or m.collisions[c]:
            worst.append((m.errors[c] + m.collisions[c], c))
    worst.sort(reverse=True)
    out = []
    for _n, c in worst[:limit]:
        out.append((c, m.reader_of[c], m.channel_of[c], m.errors[c], m.collisions[c]))
    return out


def cell_fault(m, cell):
    """Why ``cell`` fails to read, in a sentence for a person."""
    r = m.reader_of[cell]
    chip = m.chips[r]
    where = "cell %d (reader %d, antenna %d)" % (cell, r, m.channel_of[cell])
    if not chip.live:
        return "%s: the reader does not answer (VersionReg %02Xh); check its power, SPI wires and" \
               " chip select" % (where, chip.version)
    if m._flags[cell] & _MULTI:
        return "%s: two or more tags lie on it; lift the extra piece" % where
    return ("%s: %d read errors; a tag at the edge of the antenna, or a loose antenna"
            " connection" % (where, m.errors[cell]))


def stats(m):
    """Counters as (name, value) pairs."""
    return [
        ("readers", m.nreaders),
        ("readers_answering", m.nreaders - m._dead),
        ("channels", m.nchannels),
        ("settle_us", m.settle_us),
        ("sweeps", m.sweeps),
        ("sweep_us", m.sweep_us),
        ("step_us_max", m.step_us_max),
        ("presence_checks", m.presence_checks),
        ("full_reads", m.full_reads),
        ("retries", m.retries),
        ("read_errors", sum(m.errors)),
        ("collisions", sum(m.collisions)),
    ]
