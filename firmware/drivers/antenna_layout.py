"""Where the antennas lie: which reader and which switch channel serve each cell, from a board's
pin map (rectangles of cells per reader), checked so that no two neighbouring antennas are ever on
at once. Used once, at boot (wtfw.boards.pico drops this module afterwards: on a board its code
would otherwise stay in the heap).
"""


def antenna_layout(geometry, blocks, channels):
    """Where each cell's antenna is: (reader_of, channel_of, nchannels), two bytearrays indexed by
    cell and the number of channels in use.

    ``geometry``: (grid_w, grid_h, seats, seat_cells, buttons) as in wtfw.board. ``blocks``: for
    each reader, its antennas as rectangles (area, x, y, w, h), area "grid" or "seat0", "seat1",
    ...; a seat's cells are one row (y = 0). Antennas are numbered row by row within a rectangle,
    rectangle after rectangle: that number is the channel. ``channels``: the size of the switch
    trees. ValueError, naming the cells, if a cell has no antenna or two, a reader has more
    antennas than channels, or two neighbouring antennas would be on at once.
    """
    gw, gh, seats, seat_cells, _buttons = geometry
    ncells = gw * gh + seats * seat_cells
    reader_of = bytearray(b"\xff" * ncells)
    channel_of = bytearray(ncells)
    used = 0
    for r in range(len(blocks)):
        ch = 0
        for area, x0, y0, w, h in blocks[r]:
            for y in range(y0, y0 + h):
                for x in range(x0, x0 + w):
                    cell = _cell(geometry, area, x, y)
                    if reader_of[cell] != 0xFF:
                        raise ValueError(
                            "cell %d has two antennas: reader %d channel %d and reader %d"
                            " channel %d" % (cell, reader_of[cell], channel_of[cell], r, ch)
                        )
                    if ch >= channels:
                        raise ValueError(
                            "reader %d has more antennas than its switch tree has channels"
                            " (%d)" % (r, channels)
                        )
                    reader_of[cell] = r
                    channel_of[cell] = ch
                    ch += 1
        used = max(used, ch)
    missing = [c for c in range(ncells) if reader_of[c] == 0xFF]
    if missing:
        raise ValueError(
            "%d cells have no antenna: %s" % (len(missing), " ".join(str(c) for c in missing[:12]))
        )
    _check_neighbours(geometry, reader_of, channel_of, used)
    return reader_of, channel_of, used


def _cell(geometry, area, x, y):
    gw, gh, seats, seat_cells, _buttons = geometry
    if area == "grid":
        if 0 <= x < gw and 0 <= y < gh:
            return y * gw + x
        raise ValueError("antenna (%d, %d) is outside the %dx%d grid" % (x, y, gw, gh))
    if area.startswith("seat") and area[4:].isdigit() and int(area[4:]) < seats:
        if 0 <= x < seat_cells and y == 0:
            return gw * gh + int(area[4:]) * seat_cells + x
        raise ValueError("antenna (%d, %d) is outside %s, a row of %d cells" % (x, y, area, seat_cells))
    raise ValueError('unknown area %r: use "grid" or "seat0" to "seat%d"' % (area, seats - 1))


def position(geometry, cell):
    """(area, x, y) of ``cell``: area 0 is the grid, 1 + s the row of seat s."""
    gw, gh, _seats, seat_cells, _buttons = geometry
    if cell < gw * gh:
        return 0, cell % gw, cell // gw
    k = cell - gw * gh
    return 1 + k // seat_cells, k % seat_cells, 0


def _check_neighbours(geometry, reader_of, channel_of, nchannels):
    for ch in range(nchannels):
        on = [c for c in range(len(reader_of)) if channel_of[c] == ch]
        for i in range(len(on)):
            a = position(geometry, on[i])
            for j in range(i + 1, len(on)):
                b = position(geometry, on[j])
                if a[0] == b[0] and abs(a[1] - b[1]) <= 1 and abs(a[2] - b[2]) <= 1:
                    raise ValueError(
                        "cells %d and %d are neighbours and both on at channel %d (readers %d"
                        " and %d); lay the readers' antennas out so they are apart"
                        % (on[i], on[j], ch, reader_of[on[i]], reader_of[on[j]])
                    )
