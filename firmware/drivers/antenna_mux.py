"""The antenna switch trees: one address bus and one enable line shared by every reader's tree.

Each reader's antennas hang off a tree of differential 8:1 analog switches (hardware/README.md);
all trees see the same address, so channel ``k`` connects antenna ``k`` of every reader at once.
The layout (reader_matrix) puts those antennas far apart, so no two neighbours are ever on at the
same time. Switching is break-before-make: the trees are disabled while the address changes.
"""


class AntennaMux:
    """``address``: pins, least significant first; ``enable``: 1 connects the addressed antennas."""

    def __init__(self, address, enable):
        self.address = address
        self.enable = enable
        self.channels = 1 << len(address)
        self.channel = -1
        self.switches = 0
        enable(0)
        for pin in address:
            pin(0)
        self._bits = 0

    def select(self, channel):
        """Connect antenna ``channel`` of every reader (only the address bits that change move)."""
        self.enable(0)
        changed = self._bits ^ channel
        bit = 0
        for pin in self.address:
            if changed & (1 << bit):
                pin((channel >> bit) & 1)
            bit += 1
        self._bits = channel
        self.channel = channel
        self.switches += 1
        self.enable(1)

    def off(self):
        """Disconnect every antenna."""
        self.enable(0)
        self.channel = -1
