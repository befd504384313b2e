"""The main board of the prototype as KiCad files: the Pico, the table's power (5 V in, TVS, bulk,
the Pico's VSYS through a Schottky diode, the table's 3.3 V LDO, the TPS60403's -5 V and its
power-good divider on GP28), the buffers that keep the Pico from back-powering the tiles
(74LVC244A x 2, 74LVC1G125 on MISO, all on the table's 3.3 V), the chip-select decoder, four tile
harnesses (the reader board's J1), the e-ink panel connector, the seat buttons (74HC165 x 2 and
their pull-ups), the LED level shifter (74AHCT125) and the buzzer driver.

Pins follow firmware/wtfw/boards/pinmaps.py where the new topology leaves them (boards/README.md,
"main"); what the 44-reader table needs beyond it is listed there for the firmware step.
"""

from __future__ import annotations

from pathlib import Path

from hardware.boards import kicad as k
from hardware.boards import route
from hardware.boards.reader import AP2112K, HARNESS, HCT138, IN, NC, OUT, PAS, PWR, TRI

WIDTH, HEIGHT = 125.0, 95.0
BI = "bidirectional"

# Raspberry Pi Pico, pins 1-40 (GND on 3, 8, 13, 18, 23, 28, 33, 38; VSYS 39 as wiring.md gives it)
_GP = {
    1: 0,
    2: 1,
    4: 2,
    5: 3,
    6: 4,
    7: 5,
    9: 6,
    10: 7,
    11: 8,
    12: 9,
    14: 10,
    15: 11,
    16: 12,
    17: 13,
    19: 14,
    20: 15,
    21: 16,
    22: 17,
    24: 18,
    25: 19,
    26: 20,
    27: 21,
    29: 22,
    31: 26,
    32: 27,
    34: 28,
}
_OTHER = {
    3: ("GND", PWR),
    8: ("GND", PWR),
    13: ("GND", PWR),
    18: ("GND", PWR),
    23: ("GND", PWR),
    28: ("GND", PWR),
    30: ("RUN", NC),
    33: ("AGND", PWR),
    35: ("ADC_VREF", NC),
    36: ("3V3_OUT", "power_out"),
    37: ("3V3_EN", NC),
    38: ("GND", PWR),
    39: ("VSYS", PWR),
    40: ("VBUS", NC),
}
PICO = [(str(n), f"GP{_GP[n]}", BI) if n in _GP else (str(n), *_OTHER[n]) for n in range(1, 41)]
# 74LVC244A (SO-20), the classic '244 pinout: to check against the data sheet
LVC244 = [
    ("1", "~1OE", IN),
    ("2", "1A1", IN),
    ("3", "2Y4", TRI),
    ("4", "1A2", IN),
    ("5", "2Y3", TRI),
    ("6", "1A3", IN),
    ("7", "2Y2", TRI),
    ("8", "1A4", IN),
    ("9", "2Y1", TRI),
    ("10", "GND", PWR),
    ("11", "2A1", IN),
    ("12", "1Y4", TRI),
    ("13", "2A2", IN),
    ("14", "1Y3", TRI),
    ("15", "2A3", IN),
    ("16", "1Y2", TRI),
    ("17", "2A4", IN),
    ("18", "1Y1", TRI),
    ("19", "~2OE", IN),
    ("20", "VCC", PWR),
]
# 74LVC1G125 (SOT-23-5): to check
LVC1G125 = [("1", "~OE", IN), ("2", "A", IN), ("3", "GND", PWR), ("4", "Y", TRI), ("5", "VCC", PWR)]
# TPS60403 (SOT-23-5, DBV): OUT 1, IN 2, CFLY- 3, GND 4, CFLY+ 5 after TI's SLVS324 top view (to check)
TPS60403 = [
    ("1", "OUT", "power_out"),
    ("2", "IN", PWR),
    ("3", "CFLY-", PAS),
    ("4", "GND", PWR),
    ("5", "CFLY+", PAS),
]
# 74HC165 (SO-16) as hardware/wiring.md gives it
HC165 = [
    ("1", "SH/~LD", IN),
    ("2", "CLK", IN),
    ("3", "E", IN),
    ("4", "F", IN),
    ("5", "G", IN),
    ("6", "H", IN),
    ("7", "~QH", NC),
    ("8", "GND", PWR),
    ("9", "QH", OUT),
    ("10", "SER", IN),
    ("11", "A", IN),
    ("12", "B", IN),
    ("13", "C", IN),
    ("14", "D", IN),
    ("15", "CLK_INH", IN),
    ("16", "VCC", PWR),
]
# 74AHCT125 (SO-14) as hardware/wiring.md gives it
AHCT125 = [
    ("1", "~1OE", IN),
    ("2", "1A", IN),
    ("3", "1Y", OUT),
    ("4", "~2OE", IN),
    ("5", "2A", IN),
    ("6", "2Y", NC),
    ("7", "GND", PWR),
    ("8", "3Y", NC),
    ("9", "3A", IN),
    ("10", "~3OE", IN),
    ("11", "4Y", NC),
    ("12", "4A", IN),
    ("13", "~4OE", IN),
    ("14", "VCC", PWR),
]
SOT23_NPN = [("1", "B", IN), ("2", "E", PAS), ("3", "C", PAS)]  # MMBT3904: to check

for _key, _pins in (
    ("Pico", PICO),
    ("74LVC244A", LVC244),
    ("74LVC1G125", LVC1G125),
    ("TPS60403", TPS60403),
    ("74HC165", HC165),
    ("74AHCT125", AHCT125),
    ("NPN", SOT23_NPN),
    ("74HC138", HCT138),
):
    _half = (len(_pins) + 1) // 2
    k.ic_symbol(_key, "Q" if _key == "NPN" else "U", _pins[:_half], _pins[_half:])
k.ic_symbol("conn2", "J", [("1", "1", PAS)], [("2", "2", PAS)])
k.ic_symbol("conn3", "J", [("1", "1", PAS), ("2", "2", PAS), ("3", "3", PAS)], [])
k.ic_symbol("conn8", "J", [(str(i), str(i), PAS) for i in range(1, 9)], [])
k.ic_symbol(
    "conn18",
    "J",
    [(str(i), str(i), PAS) for i in range(1, 10)],
    [(str(i), str(i), PAS) for i in range(10, 19)],
)
k.ic_symbol("rn8", "RN", [("1", "COM", PAS)], [(str(i), str(i), PAS) for i in range(2, 10)])
k.SYMBOLS["D"] = ("D", k.SYMBOLS["R"][1], k.SYMBOLS["R"][2])
k.SYMBOLS["CP"] = ("C", k.SYMBOLS["C"][1], k.SYMBOLS["C"][2])

# the Pico's pins: GPIO -> net
GPIO = {
    0: "A0_P",
    1: "A1_P",
    2: "A2_P",
    6: "EN_P",
    7: "NRST_P",
    8: "BTN_Q",
    9: "PNL_CS",
    10: "SCK1",
    11: "MOSI1",
    12: "PNL_DC",
    13: "PNL_RST",
    14: "PNL_BUSY",
    15: "BTN_LD",
    16: "MISO_P",
    17: "CSEN_P",
    18: "SCK_P",
    19: "MOSI_P",
    20: "CSA_P",
    21: "CSB_P",
    22: "CSC_P",
    26: "LED_P",
    27: "BUZ_P",
    28: "PG_N",
}
TILES = 4


def parts():
    pico = {f"GP{g}": n for g, n in GPIO.items()} | {
        "GND": "GND",
        "AGND": "GND",
        "3V3_OUT": "3V3P",
        "VSYS": "VSYS",
    }
    # U4: the tile bus (A0-A2, EN, NRST, SCK, MOSI) and U5: the select address and enable
    u4 = {
        "~1OE": "GND",
        "~2OE": "GND",
        "GND": "GND",
        "VCC": "3V3T",
        "1A1": "A0_P",
        "1Y1": "A0",
        "1A2": "A1_P",
        "1Y2": "A1",
        "1A3": "A2_P",
        "1Y3": "A2",
        "1A4": "EN_P",
        "1Y4": "EN",
        "2A1": "NRST_P",
        "2Y1": "NRST",
        "2A2": "SCK_P",
        "2Y2": "SCK",
        "2A3": "MOSI_P",
        "2Y3": "MOSI",
        "2A4": "GND",
    }
    u5 = {
        "~1OE": "GND",
        "~2OE": "GND",
        "GND": "GND",
        "VCC": "3V3T",
        "1A1": "CSA_P",
        "1Y1": "CSA",
        "1A2": "CSB_P",
        "1Y2": "CSB",
        "1A3": "CSC_P",
        "1Y3": "CSC",
        "1A4": "CSEN_P",
        "1Y4": "CSEN",
        "2A1": "GND",
        "2A2": "GND",
        "2A3": "GND",
        "2A4": "GND",
    }
    dec = {
        "A": "CSA",
        "B": "CSB",
        "C": "CSC",
        "~G2A": "CSEN",
        "~G2B": "GND",
        "G1": "3V3T",
        "GND": "GND",
        "VCC": "3V3T",
    } | {f"Y{i}": f"NSS{i}" for i in range(TILES)}
    miso = {"~OE": "GND", "A": "MISO", "Y": "MISO_P", "GND": "GND", "VCC": "3V3T"}
    ldo = {"VIN": "5V", "GND": "GND", "EN": "5V", "VOUT": "3V3T"}
    inv = {"OUT": "-5V", "IN": "5V", "CFLY-": "CFM", "GND": "GND", "CFLY+": "CFP"}
    # buttons: seat s button b is input i = 4 s + b; U8 holds 0-7, U9 8-15 (wiring.md)
    letters = "ABCDEFGH"
    u8 = {
        "SH/~LD": "BTN_LD",
        "CLK": "SCK1",
        "GND": "GND",
        "QH": "BTN_Q",
        "SER": "BTN_S",
        "CLK_INH": "GND",
        "VCC": "3V3P",
    } | {letters[i]: f"B{i}" for i in range(8)}
    u9 = {
        "SH/~LD": "BTN_LD",
        "CLK": "SCK1",
        "GND": "GND",
        "QH": "BTN_S",
        "SER": "GND",
        "CLK_INH": "GND",
        "VCC": "3V3P",
    } | {letters[i]: f"B{8 + i}" for i in range(8)}
    led = {
        "~1OE": "GND",
        "1A": "LED_P",
        "1Y": "LED_5",
        "~2OE": "5V",
        "2A": "GND",
        "GND": "GND",
        "3A": "GND",
        "~3OE": "5V",
        "4A": "GND",
        "~4OE": "5V",
        "VCC": "5V",
    }

    def two(a, b):
        return {"1": a, "2": b}

    out = [
        ("U1", "Pico", "pico", "Raspberry Pi Pico", (6.0, 8.0), k.ic_nets(PICO, pico)),
        ("J1", "conn2", "term2", "5V 4A in", (6.0, 86.0), two("5V", "GND")),
        ("D1", "D", "sma", "SMAJ5.0A", (22.0, 86.0), two("5V", "GND")),  # cathode (1) to 5 V
        ("C1", "CP", "cp8", "470u 10V", (33.0, 86.0), two("5V", "GND")),
        ("D2", "D", "sod123", "1N5819 (SOD-123)", (30.0, 66.0), two("VSYS", "5V")),  # cathode at VSYS
        ("U2", "AP2112K", "sot23-5", "AP2112K-3.3", (46.0, 86.0), k.ic_nets(AP2112K, ldo)),
        ("C2", "C", "0603h", "1u", (42.0, 81.0), two("5V", "GND")),
        ("C3", "C", "0603h", "1u", (51.0, 81.0), two("3V3T", "GND")),
        ("U3", "TPS60403", "sot23-5", "TPS60403DBVR", (62.0, 86.0), k.ic_nets(TPS60403, inv)),
        ("C4", "C", "0603h", "1u", (58.0, 80.0), two("5V", "GND")),
        ("C5", "C", "0603h", "1u", (66.0, 80.0), two("CFP", "CFM")),
        ("C6", "C", "0603h", "1u", (62.0, 91.0), two("-5V", "GND")),
        ("R1", "R", "0603h", "47k", (72.0, 86.0), two("3V3T", "PG_N")),  # -5 V present: PG_N at 0.65 V
        ("R2", "R", "0603h", "100k", (72.0, 90.5), two("PG_N", "-5V")),
        ("U4", "74LVC244A", "so20", "74LVC244APW", (42.0, 22.0), k.ic_nets(LVC244, u4)),
        ("U5", "74LVC244A", "so20", "74LVC244APW", (42.0, 48.0), k.ic_nets(LVC244, u5)),
        ("U6", "74HC138", "so16", "74HC138D", (58.0, 48.0), k.ic_nets(HCT138, dec)),
        ("U7", "74LVC1G125", "sot23-5", "74LVC1G125", (34.0, 70.0), k.ic_nets(LVC1G125, miso)),
        ("C7", "C", "0603v", "100n", (35.0, 22.0), two("3V3T", "GND")),
        ("C8", "C", "0603v", "100n", (35.0, 48.0), two("3V3T", "GND")),
        ("C9", "C", "0603v", "100n", (52.0, 48.0), two("3V3T", "GND")),
        ("C10", "C", "0603h", "100n", (39.0, 66.0), two("3V3T", "GND")),
        (
            "J10",
            "conn8",
            "hdr1x8",
            "e-paper 1x8",
            (30.0, 8.0),
            {
                "1": "3V3P",
                "2": "GND",
                "3": "MOSI1",
                "4": "SCK1",
                "5": "PNL_CS",
                "6": "PNL_DC",
                "7": "PNL_RST",
                "8": "PNL_BUSY",
            },
        ),
        ("U8", "74HC165", "so16", "74HC165D", (78.0, 48.0), k.ic_nets(HC165, u8)),
        ("U9", "74HC165", "so16", "74HC165D", (96.0, 48.0), k.ic_nets(HC165, u9)),
        ("C11", "C", "0603v", "100n", (72.0, 48.0), two("3V3P", "GND")),
        ("C12", "C", "0603v", "100n", (90.0, 48.0), two("3V3P", "GND")),
        (
            "RN1",
            "rn8",
            "sip9",
            "8 x 10k bussed",
            (74.0, 60.0),
            {"1": "3V3P"} | {str(i + 2): f"B{i}" for i in range(8)},
        ),
        (
            "RN2",
            "rn8",
            "sip9",
            "8 x 10k bussed",
            (98.0, 60.0),
            {"1": "3V3P"} | {str(i + 2): f"B{8 + i}" for i in range(8)},
        ),
        (
            "J11",
            "conn18",
            "hdr2x9h",
            "buttons 2x9",
            (86.0, 68.0),
            {str(i + 1): f"B{i}" for i in range(8)}
            | {"9": "GND"}
            | {str(i + 10): f"B{8 + i}" for i in range(8)}
            | {"18": "GND"},
        ),
        ("U10", "74AHCT125", "so14", "74AHCT125D", (100.0, 84.0), k.ic_nets(AHCT125, led)),
        ("C13", "C", "0603v", "100n", (94.0, 84.0), two("5V", "GND")),
        ("R3", "R", "0603h", "330", (108.0, 80.0), two("LED_5", "LED_D")),
        ("J12", "conn3", "hdr1x3h", "LEDs 1x3", (110.0, 88.0), {"1": "5V", "2": "LED_D", "3": "GND"}),
        ("Q1", "NPN", "sot23", "MMBT3904", (80.0, 84.0), {"1": "BUZ_B", "2": "GND", "3": "BUZ_C"}),
        ("R4", "R", "0603h", "1k", (80.0, 78.0), two("BUZ_P", "BUZ_B")),
        (
            "D3",
            "D",
            "sod123",
            "1N4148W",
            (86.0, 86.0),
            two("5V", "BUZ_C"),
        ),  # across the buzzer, cathode at 5 V
        ("BZ1", "conn2", "buzzer", "CEM-1203(42)", (76.0, 91.0), two("5V", "BUZ_C")),
    ]
    for t in range(TILES):
        nets = {str(i + 1): "5V" if n == "+5V" else n for i, n in enumerate(HARNESS)}
        nets["11"] = f"NSS{t}"
        out.append((f"J{2 + t}", "conn16", "hdr2x8", f"tile {t} harness", (74.0 + t * 13.0, 6.0), nets))
    return out


FLAGS = ["5V", "GND", "VSYS"]
ESCAPE = {}
FIRST: list[str] = []


def pcb() -> str:
    board = k.Board(width=WIDTH, height=HEIGHT)
    pads = []
    for ref, _sym, fp_key, value, (x, y), nets in parts():
        fp = k.FOOTPRINTS[fp_key]
        board.footprint(ref, value, fp, (x, y), {p.number: nets.get(p.number) or "" for p in fp.pads})
        for p in fp.pads:
            net = nets.get(p.number) or f"~{ref}.{p.number}"
            pads.append(
                route.PadShape(
                    net, x + p.x, y + p.y, p.w, p.h, (0, 1) if p.drill else (0,), round=p.shape == "circle"
                )
            )
    router = route.route_board(WIDTH, HEIGHT, pads, FIRST)
    route.draw(board, router)
    return board.render()


def schematic() -> str:
    sch = k.Schematic("main_board", "Main board: Pico, power and sequencing, buffers, selects, panel, seats")
    small = 0
    big = 0
    for ref, sym, fp, value, _at, nets in parts():
        if len(k.SYMBOLS[sym][1]) > 3:
            at = (33.02 + (big % 6) * 66.04, 50.8 + (big // 6) * 76.2)
            big += 1
        else:
            at = (20.32 + (small % 12) * 30.48, 254.0 + (small // 12) * 25.4)
            small += 1
        sch.symbol(ref, sym, value, k.FOOTPRINT_NAMES[fp], at, nets)
    for i, net in enumerate(FLAGS):
        sch.symbol(f"#FLG{i + 1}", "flag", "PWR_FLAG", "", (20.32 + i * 15.24, 289.56), {"1": net})
    return sch.render()


def write(out: Path) -> list[Path]:
    return k.write_board(out, "main_board", pcb(), schematic())
