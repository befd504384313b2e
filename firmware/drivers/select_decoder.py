"""Chip selects decoded from a binary address by a 74HC138: eight SPI chips on four pins.

The address pins drive A, B, C; ``enable`` drives /G2A (G1 tied high, /G2B tied low), so output Yn
is low, selecting chip n, only while ``enable`` is low. The address changes only while the
decoder is disabled, so no other chip sees a glitch of its select line.

    dec = SelectDecoder((Pin(20, Pin.OUT), Pin(21, Pin.OUT), Pin(22, Pin.OUT)), Pin(17, Pin.OUT))
    reader = MFRC522(spi, dec.line(3))
"""


class SelectDecoder:
    def __init__(self, address, enable):
        self.address = address
        self.enable = enable
        self.lines = 1 << len(address)
        enable(1)
        self._current = -1

    def line(self, index):
        """The select line of output ``index``: a callable like a Pin (0 selects, 1 releases)."""
        if not 0 <= index < self.lines:
            raise ValueError("a %d-line decoder has no output %d" % (self.lines, index))
        return _Line(self, index)

    def select(self, index):
        if index != self._current:
            self.enable(1)
            bit = 0
            for pin in self.address:
                pin((index >> bit) & 1)
                bit += 1
            self._current = index
        self.enable(0)

    def release(self):
        self.enable(1)


class _Line:
    def __init__(self, decoder, index):
        self.decoder = decoder
        self.index = index

    def __call__(self, v):
        if v:
            self.decoder.release()
        else:
            self.decoder.select(self.index)

    def value(self, v):
        self(v)
