"""The reader of one tile as KiCad files: the MFRC522 with its crystal, the EMC filter of the RF
model (560 nH and 220 pF per leg: hardware/model/parts.json), the RX divider, one ADG1607 level
(DA/DB from the filter, S<k>A/S<k>B to antenna k's P and N), a 74HCT138 whose outputs are the
idle-short gates (every antenna but the addressed one is shorted), the tile's 3.3 V LDO behind a
polyfuse, the decoupling of hardware/README.md ("Power"), and three connectors: J1 the harness from
the main board, J2 and J3 to the antenna tile's 32 harness pads (antenna_tile's J<n>: N, P, G, GND).

A board of its own (60 x 62 mm, two layers, every part on the top), mounted on the back of the
antenna tile, J2 and J3 wired to the tile's pads: runs of 40 to 60 mm as the RF model assumes.
Tracks come from hardware/boards/route.py. Pin numbers that are not confirmed against a data sheet here are
listed in hardware/boards/README.md ("to check").
"""

from __future__ import annotations

from pathlib import Path

from hardware.boards import kicad as k
from hardware.boards import route

WIDTH, HEIGHT = 60.0, 62.0
PWR, IN, OUT, TRI, PAS, NC = "power_in", "input", "output", "tri_state", "passive", "no_connect"

# MFRC522 (HVQFN32): pins 24 (NSS in SPI mode) and 31 (MISO) are confirmed by the data sheet
# rev. 3.9's UART tables (RX pin 24, TX pin 31); the rest is "to check" (boards/README.md).
MFRC522 = [
    ("1", "I2C", IN),
    ("2", "PVDD", PWR),
    ("3", "DVDD", PWR),
    ("4", "DVSS", PWR),
    ("5", "PVSS", PWR),
    ("6", "NRSTPD", IN),
    ("7", "MFIN", IN),
    ("8", "MFOUT", NC),
    ("9", "SVDD", PWR),
    ("10", "TVSS", PWR),
    ("11", "TX1", OUT),
    ("12", "TVDD", PWR),
    ("13", "TX2", OUT),
    ("14", "TVSS", PWR),
    ("15", "AVDD", PWR),
    ("16", "VMID", PAS),
    ("17", "RX", IN),
    ("18", "AVSS", PWR),
    ("19", "AUX1", NC),
    ("20", "AUX2", NC),
    ("21", "OSCIN", IN),
    ("22", "OSCOUT", OUT),
    ("23", "IRQ", NC),
    ("24", "NSS", IN),
    ("25", "D1", IN),
    ("26", "D2", IN),
    ("27", "D3", IN),
    ("28", "D4", IN),
    ("29", "SCK", IN),
    ("30", "MOSI", IN),
    ("31", "MISO", TRI),
    ("32", "EA", IN),
    ("33", "EP", PWR),
]
# ADG1607 (TSSOP-28): pin numbers "to check" (the data sheet's pin table was not at hand).
ADG1607 = [
    ("1", "VDD", PWR),
    ("2", "DB", PAS),
    ("3", "NC", NC),
    *[(str(4 + i), f"S{8 - i}B", PAS) for i in range(8)],
    ("12", "NC", NC),
    ("13", "GND", PWR),
    ("14", "A2", IN),
    ("15", "A1", IN),
    ("16", "A0", IN),
    ("17", "EN", IN),
    ("18", "NC", NC),
    *[(str(19 + i), f"S{i + 1}A", PAS) for i in range(8)],
    ("27", "VSS", PWR),
    ("28", "DA", PAS),
]
# 74HCT138 (SO-16): as hardware/wiring.md gives the 74HC138 (A 1, /G2A 4, G1 6, Y7 7, GND 8, Y0 15, VCC 16)
HCT138 = [
    ("1", "A", IN),
    ("2", "B", IN),
    ("3", "C", IN),
    ("4", "~G2A", IN),
    ("5", "~G2B", IN),
    ("6", "G1", IN),
    ("7", "Y7", OUT),
    ("8", "GND", PWR),
    ("9", "Y6", OUT),
    ("10", "Y5", OUT),
    ("11", "Y4", OUT),
    ("12", "Y3", OUT),
    ("13", "Y2", OUT),
    ("14", "Y1", OUT),
    ("15", "Y0", OUT),
    ("16", "VCC", PWR),
]
# AP2112K (SOT-23-5): VIN 1, GND 2, EN 3, NC 4, VOUT 5, as Diodes' AP2127K SOT-23-5 of the same family
AP2112K = [("1", "VIN", PWR), ("2", "GND", PWR), ("3", "EN", IN), ("4", "NC", NC), ("5", "VOUT", "power_out")]
HARNESS = [
    "+5V",
    "+5V",
    "GND",
    "GND",
    "-5V",
    "GND",
    "SCK",
    "GND",
    "MOSI",
    "MISO",
    "NSS",
    "NRST",
    "A0",
    "A1",
    "A2",
    "EN",
]


def _split(pins):
    half = (len(pins) + 1) // 2
    return pins[:half], pins[half:]


for _key, _prefix, _pins in (
    ("MFRC522", "U", MFRC522),
    ("ADG1607", "U", ADG1607),
    ("74HCT138", "U", HCT138),
    ("AP2112K", "U", AP2112K),
):
    k.ic_symbol(_key, _prefix, *_split(_pins))
k.ic_symbol(
    "conn16",
    "J",
    [(str(i), f"{i}", PAS) for i in range(1, 17, 2)],
    [(str(i), f"{i}", PAS) for i in range(2, 17, 2)],
)
k.ic_symbol(
    "conn32",
    "J",
    [(str(i), f"{i}", PAS) for i in range(1, 33, 2)],
    [(str(i), f"{i}", PAS) for i in range(2, 33, 2)],
)
k.ic_symbol("xtal4", "Y", [("1", "1", PAS), ("2", "GND", PAS)], [("3", "3", PAS), ("4", "GND", PAS)])
k.SYMBOLS["L"] = ("L", k.SYMBOLS["R"][1], k.SYMBOLS["loop"][2])
k.SYMBOLS["F"] = ("F", k.SYMBOLS["R"][1], k.SYMBOLS["R"][2])


def parts():
    """(reference, symbol, footprint, value, board position, nets by pin number)."""
    mfrc = {
        "I2C": "GND",
        "PVDD": "3V3",
        "DVDD": "3V3",
        "DVSS": "GND",
        "PVSS": "GND",
        "NRSTPD": "NRST",
        "MFIN": "GND",
        "SVDD": "3V3",
        "TVSS": "GND",
        "TX1": "TX1",
        "TVDD": "3V3",
        "TX2": "TX2",
        "AVDD": "3V3",
        "VMID": "VMID",
        "RX": "RX",
        "AVSS": "GND",
        "OSCIN": "XI",
        "OSCOUT": "XO",
        "NSS": "NSS",
        "D1": "GND",
        "D2": "GND",
        "D3": "GND",
        "D4": "GND",
        "SCK": "SCK",
        "MOSI": "MOSI",
        "MISO": "MISO",
        "EA": "3V3",
        "EP": "GND",
    }
    adg = (
        {
            "VDD": "5V_T",
            "VSS": "-5V",
            "GND": "GND",
            "A0": "A0",
            "A1": "A1",
            "A2": "A2",
            "EN": "EN",
            "DA": "DA",
            "DB": "DB",
        }
        | {f"S{i}A": f"P{i}" for i in range(1, 9)}
        | {f"S{i}B": f"N{i}" for i in range(1, 9)}
    )
    dec = {
        "A": "A0",
        "B": "A1",
        "C": "A2",
        "~G2A": "GND",
        "~G2B": "GND",
        "G1": "5V_T",
        "GND": "GND",
        "VCC": "5V_T",
    } | {f"Y{i}": f"G{i + 1}" for i in range(8)}
    ldo = {"VIN": "5V_T", "GND": "GND", "EN": "5V_T", "VOUT": "3V3"}
    # antenna connectors, rows top to bottom (the order of the switch's pins, so no runs cross):
    # J2 above the switch P8..P1 and ground, J3 below it N1..N8 and the gates G1..G8
    upper, lower = {}, {}
    for row in range(8):
        upper[str(2 * row + 1)], upper[str(2 * row + 2)] = f"P{8 - row}", "GND"
        lower[str(2 * row + 1)], lower[str(2 * row + 2)] = f"N{row + 1}", f"G{row + 1}"

    def two(a, b):
        return {"1": a, "2": b}

    return [
        ("J1", "conn16", "hdr2x8", "harness 2x8", (3.0, 6.0), {str(i + 1): n for i, n in enumerate(HARNESS)}),
        ("J2", "conn16", "hdr2x8", "antennas P 2x8", (50.0, 3.0), upper),
        ("J3", "conn16", "hdr2x8", "antennas N, G 2x8", (50.0, 33.0), lower),
        ("U1", "MFRC522", "hvqfn32", "MFRC52202HN1", (18.0, 12.0), k.ic_nets(MFRC522, mfrc)),
        ("U2", "ADG1607", "tssop28_h", "ADG1607BRUZ", (36.0, 26.75), k.ic_nets(ADG1607, adg)),
        ("U3", "AP2112K", "sot23-5", "AP2112K-3.3", (12.0, 38.0), k.ic_nets(AP2112K, ldo)),
        ("U4", "74HCT138", "so16_h", "74HCT138D", (49.0, 56.0), k.ic_nets(HCT138, dec)),
        (
            "Y1",
            "xtal4",
            "xtal3225",
            "27.12MHz 10pF",
            (26.0, 8.0),
            {"1": "XI", "2": "GND", "3": "XO", "4": "GND"},
        ),
        ("F1", "F", "1206h", "0.5A polyfuse", (6.0, 30.0), two("+5V", "5V_T")),
        ("L1", "L", "0805h", "560nH", (15.0, 20.0), two("TX1", "DA")),
        ("L2", "L", "0805h", "560nH", (21.0, 20.0), two("TX2", "DB")),
        ("C1", "C", "0603v", "220p C0G", (15.0, 24.0), two("DA", "GND")),
        ("C2", "C", "0603v", "220p C0G", (21.0, 24.0), two("DB", "GND")),
        ("C3", "C", "0603h", "1n C0G", (27.0, 19.0), two("DA", "RXC")),
        ("R1", "R", "0603h", "2k2", (27.0, 16.5), two("RXC", "RX")),
        ("R2", "R", "0603h", "1k", (25.5, 15.0), two("RX", "VMID")),
        ("C4", "C", "0603v", "100n", (24.5, 17.5), two("VMID", "GND")),
        ("C5", "C", "0603v", "100n", (10.5, 10.5), two("3V3", "GND")),  # PVDD, DVDD
        ("C6", "C", "0603h", "100n", (22.5, 5.5), two("3V3", "GND")),  # EA side
        ("C7", "C", "0603v", "100n", (10.5, 14.5), two("3V3", "GND")),  # TVDD
        ("C8", "C", "0805h", "10u", (10.0, 19.0), two("3V3", "GND")),  # TVDD bulk
        ("C9", "C", "0603h", "100n", (21.5, 17.5), two("3V3", "GND")),  # AVDD
        ("C10", "C", "0603v", "15p C0G", (30.0, 6.5), two("XI", "GND")),
        ("C11", "C", "0603v", "15p C0G", (30.0, 10.5), two("XO", "GND")),
        ("C12", "C", "0603h", "100n", (30.0, 30.0), two("5V_T", "GND")),  # ADG1607 VDD
        ("C13", "C", "0603h", "100n", (30.0, 33.0), two("-5V", "GND")),  # ADG1607 VSS
        ("C14", "C", "0603v", "100n", (42.0, 56.0), two("5V_T", "GND")),  # 74HCT138
        ("C15", "C", "0603h", "1u", (8.0, 38.0), two("5V_T", "GND")),  # LDO in
        ("C16", "C", "0603h", "1u", (16.0, 38.0), two("3V3", "GND")),  # LDO out
        ("C17", "C", "0805h", "10u", (12.0, 43.0), two("3V3", "GND")),  # tile bulk
        ("C18", "C", "0805h", "10u", (6.0, 34.0), two("5V_T", "GND")),
        (
            "R3",
            "R",
            "0603h",
            "10k",
            (10.0, 25.0),
            two("NRST", "GND"),
        ),  # readers held in reset while the line floats
        ("R4", "R", "0603h", "10k", (10.0, 28.0), two("EN", "GND")),  # switch off while the line floats
    ]


FIRST = [f"G{i}" for i in range(1, 9)]  # the gates before the rest
ESCAPE = {"U1": 0.75, "U2": 1.0}  # fine-pitch parts: stubs out of their pins before routing
FLAGS = ["+5V", "5V_T", "-5V", "GND"]


def pcb() -> str:
    """The board, every part on the top, routed by route.py."""
    board = k.Board(width=WIDTH, height=HEIGHT)
    pads = []
    for ref, _sym, fp_key, value, (x, y), nets in parts():
        fp = k.FOOTPRINTS[fp_key]
        board.footprint(ref, value, fp, (x, y), {p.number: nets.get(p.number) or "" for p in fp.pads})
        for p in fp.pads:
            net = nets.get(p.number) or f"~{ref}.{p.number}"  # an unused pin's pad: an obstacle, never routed
            if net:
                layers = (0, 1) if p.drill else (0,)
                fine = ref in ESCAPE and p.w != p.h  # not the exposed pad
                out = (
                    ((1 if p.x > 0 else -1, 0) if p.w > p.h else (0, 1 if p.y > 0 else -1))
                    if fine
                    else (0, 0)
                )
                # the QFN's stubs alternate short and long, so that the long ones can end in a via
                stub = ESCAPE.get(ref, 0.0) + (1.25 if ref == "U1" and int(p.number) % 2 else 0.0)
                pads.append(
                    route.PadShape(
                        net,
                        x + p.x,
                        y + p.y,
                        p.w,
                        p.h,
                        layers,
                        stub if fine and not net.startswith("~") else 0.0,
                        out,
                        p.shape == "circle",
                    )
                )
    router = route.route_board(WIDTH, HEIGHT, pads, FIRST, fixed=_bus(pads))
    route.draw(board, router)
    return board.render()


def _bus(pads: list[route.PadShape]):
    """The switch's 16 antenna lines as straight L-shaped runs on the top copper: each S<k>A pin
    straight up, then right to P<k> on J2; each S<k>B straight down, then right to N<k> on J3. The
    connectors' row order makes the runs nest without crossing."""
    at = {(p.net, "J" if p.round else "U"): p for p in pads if p.net[0] in "PN" and p.net[1:].isdigit()}
    runs = []
    for n in range(1, 9):
        for name, sign in ((f"P{n}", -1), (f"N{n}", 1)):
            pin, hole = at[(name, "U")], at[(name, "J")]
            x = round(pin.x / route.GRID) * route.GRID
            runs.append((name, 0, [(x, pin.y + sign * (pin.h / 2 + 0.5)), (x, hole.y), (hole.x, hole.y)]))
    return runs


def schematic() -> str:
    sch = k.Schematic("reader_tile", "Tile reader: MFRC522, EMC filter, ADG1607, idle-short decoder, LDO")
    big = {
        "J1": (40.64, 60.96),
        "J2": (40.64, 137.16),
        "J3": (40.64, 205.74),
        "U1": (111.76, 71.12),
        "U2": (190.5, 71.12),
        "U3": (111.76, 160.02),
        "U4": (190.5, 160.02),
        "Y1": (266.7, 50.8),
    }
    small = 0
    for ref, sym, fp, value, _at, nets in parts():
        if ref in big:
            at = big[ref]
        else:
            at = (243.84 + (small % 6) * 22.86, 91.44 + (small // 6) * 25.4)
            small += 1
        sch.symbol(ref, sym, value, k.FOOTPRINT_NAMES[fp], at, nets)
    for i, net in enumerate(FLAGS):
        sch.symbol(f"#FLG{i + 1}", "flag", "PWR_FLAG", "", (124.46 + i * 15.24, 210.82), {"1": net})
    return sch.render()


def write(out: Path) -> list[Path]:
    return k.write_board(out, "reader_tile", pcb(), schematic())
