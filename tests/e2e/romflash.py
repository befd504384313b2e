"""A board's ROMFS partition for the MicroPython unix port, which has none: ``micropython -i
romflash.py SIZE`` and the REPL that follows has a ``vfs`` module with ``rom_ioctl`` over a
partition of SIZE bytes in 4 KB blocks, as a board built with ``MICROPY_HW_ROMFS_BYTES`` has.

The flash is the hardware that is not here; this models it where the port's C code meets Python
(extmod/vfs_rom.c's rom_ioctl: 1 segments, 2 the segment as a memoryview, 3 erase a range, 4
write, 5 the write is done, 6 the erase block size). Erased flash reads FFh. What was written is
saved to ``rom0.bin`` when the write is done, as flash keeps it. The rest of ``vfs`` is the real one.
"""

import sys

import vfs

_BLOCK = 4096


class Flash:
    def __init__(self, size):
        self.part = bytearray(b"\xff" * size)
        self.VfsRom = vfs.VfsRom
        self.VfsPosix = vfs.VfsPosix
        self.mount = vfs.mount
        self.umount = vfs.umount

    def rom_ioctl(self, op, *args):
        if op == 1:
            return 1
        if op == 2:
            return memoryview(self.part) if args[0] == 0 else -19
        if op == 3:
            offset, length = (args[1], args[2]) if len(args) > 2 else (0, args[1])
            if offset % _BLOCK:
                return -22
            end = min(len(self.part), (offset + length + _BLOCK - 1) // _BLOCK * _BLOCK)
            for i in range(offset, end):
                self.part[i] = 0xFF
            return 4  # the smallest write
        if op == 4:
            offset, data = args[1], args[2]
            if offset + len(data) > len(self.part):
                return -22
            self.part[offset : offset + len(data)] = data
            return 0
        if op == 5:
            with open("rom0.bin", "wb") as f:
                f.write(self.part)
            return 0
        if op == 6:
            return _BLOCK
        return -22


sys.modules["vfs"] = Flash(int(sys.argv[1]))
