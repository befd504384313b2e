"""The sim's e-ink panel: a 1-bit framebuffer whose RAM is written to a PBM image on each refresh.

The image stands for what the panel shows, so it is only written by a refresh: like real e-ink,
a restarted firmware leaves the last picture in place until it refreshes again.
"""

import os

import framebuf


class SimPanel(framebuf.FrameBuffer):
    """``width`` x ``height`` pixels, MONO_HLSB, 1 = ink (black). ``path``: the PBM (P4) file."""

    def __init__(self, width, height, path):
        self.width = width
        self.height = height
        self.stride = (width + 7) // 8
        self.buffer = bytearray(self.stride * height)
        super().__init__(self.buffer, width, height, framebuf.MONO_HLSB)
        self.path = path
        self.refreshes = 0
        self.full = 0
        self.partial = 0

    def write_region(self, x, y, w, h, data):
        """Copy ``h`` rows of (w+7)//8 bytes into panel RAM at (x, y). Panel RAM is byte-addressed,
        like the SSD1680's: x must be a multiple of 8, and the padding bits of a row's last byte
        are written too."""
        s = (w + 7) // 8
        if x % 8 or x < 0 or y < 0 or x + w > self.width or y + h > self.height:
            raise ValueError(
                "region %dx%d at (%d,%d) does not fit the %dx%d panel" % (w, h, x, y, self.width, self.height)
            )
        if len(data) != s * h:
            raise ValueError("region %dx%d needs %d bytes, not %d" % (w, h, s * h, len(data)))
        buf = self.buffer
        stride = self.stride
        dst = y * stride + x // 8
        src = 0
        for _ in range(h):
            buf[dst : dst + s] = data[src : src + s]
            dst += stride
            src += s

    def refresh(self, full):
        """Show the RAM: write it to the PBM file (atomically) and count the refresh."""
        self.refreshes += 1
        if full:
            self.full += 1
        else:
            self.partial += 1
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(b"P4\n%d %d\n" % (self.width, self.height))
            f.write(self.buffer)
        os.rename(tmp, self.path)

    def busy(self):
        return False  # the picture is on disk as soon as refresh() returns
