"""KiCad's file formats as text: a board (.kicad_pcb, KiCad 7 format, which KiCad 9 reads) and a
schematic (.kicad_sch) with the footprints and symbols carried in the files themselves, so no
KiCad library needs to be installed. UUIDs come from names (uuid5): the same design gives the same
bytes."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from pathlib import Path

NS = uuid.UUID("6f1d2a8e-7a51-4c3e-9a57-2b1c0f0e9d11")


def uid(*names: object) -> str:
    return str(uuid.uuid5(NS, "/".join(str(n) for n in names)))


def _f(x: float) -> str:
    return f"{x:.4f}".rstrip("0").rstrip(".")


# --- footprints ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pad:
    number: str
    x: float
    y: float
    w: float
    h: float
    shape: str = "roundrect"
    drill: float = 0.0


@dataclass(frozen=True)
class Footprint:
    name: str
    pads: tuple[Pad, ...]
    lines: tuple = ()  # copper polygons (lists of points) on the footprint's own copper layer
    net_tie: bool = False


def _smd2(name: str, vertical: bool) -> Footprint:
    a, b = ((0.0, -0.8), (0.0, 0.8)) if vertical else ((-0.8, 0.0), (0.8, 0.0))
    w, h = (0.95, 0.9) if vertical else (0.9, 0.95)
    return Footprint(name, (Pad("1", *a, w, h), Pad("2", *b, w, h)))


FOOTPRINTS = {
    "0603h": _smd2("wordtable:R_C_0603_horizontal", False),
    "0603v": _smd2("wordtable:R_C_0603_vertical", True),
    "sot23": Footprint(
        "wordtable:SOT-23_GSD",
        (Pad("1", -0.95, 1.0, 0.6, 0.7), Pad("2", 0.95, 1.0, 0.6, 0.7), Pad("3", 0.0, -1.0, 0.6, 0.7)),
    ),
    "pads4": Footprint(
        "wordtable:Harness_pads_4",
        tuple(Pad(str(i + 1), x, 0.0, 1.5, 2.5) for i, x in enumerate((-6.35, -3.81, 1.27, 3.81))),
    ),
}


def _two(name: str, pitch: float, w: float, h: float) -> Footprint:
    return Footprint(name, (Pad("1", -pitch / 2, 0.0, w, h), Pad("2", pitch / 2, 0.0, w, h)))


def _rows(name: str, n: int, pitch: float, row: float, w: float, h: float) -> Footprint:
    """A dual-row SMD package, pins 1..n/2 down the left row, the rest up the right row."""
    half = n // 2
    top = -(half - 1) * pitch / 2
    pads = [Pad(str(i + 1), -row, top + i * pitch, w, h) for i in range(half)]
    pads += [Pad(str(half + i + 1), row, -top - i * pitch, w, h) for i in range(half)]
    return Footprint(name, tuple(pads))


def _qfn(
    name: str, per_side: int, pitch: float, row: float, length: float, width: float, ep: float
) -> Footprint:
    """A quad flat no-lead package: pin 1 at the top of the left side, counted anticlockwise seen
    from the top; the exposed pad is pin 4 * per_side + 1."""
    first = -(per_side - 1) * pitch / 2
    pads = []
    for i in range(per_side):
        pads.append(Pad(str(i + 1), -row, first + i * pitch, length, width))
    for i in range(per_side):
        pads.append(Pad(str(per_side + i + 1), first + i * pitch, row, width, length))
    for i in range(per_side):
        pads.append(Pad(str(2 * per_side + i + 1), row, -first - i * pitch, length, width))
    for i in range(per_side):
        pads.append(Pad(str(3 * per_side + i + 1), -first - i * pitch, -row, width, length))
    pads.append(Pad(str(4 * per_side + 1), 0.0, 0.0, ep, ep))
    return Footprint(name, tuple(pads))


def _header(name: str, rows: int, cols: int = 2, pitch: float = 2.54) -> Footprint:
    """A pin header, pin 1 top left, numbered across the columns then down (2 x n: odd left)."""
    return Footprint(
        name,
        tuple(
            Pad(str(r * cols + c + 1), c * pitch, r * pitch, 1.7, 1.7, "circle", 1.0)
            for r in range(rows)
            for c in range(cols)
        ),
    )


FOOTPRINTS |= {
    "0805h": _two("wordtable:L_C_0805_horizontal", 1.9, 1.0, 1.25),
    "1206h": _two("wordtable:F_1206_horizontal", 2.9, 1.15, 1.8),
    "sot23-5": Footprint(
        "wordtable:SOT-23-5",
        (
            Pad("1", -0.95, 1.15, 0.6, 1.0),
            Pad("2", 0.0, 1.15, 0.6, 1.0),
            Pad("3", 0.95, 1.15, 0.6, 1.0),
            Pad("4", 0.95, -1.15, 0.6, 1.0),
            Pad("5", -0.95, -1.15, 0.6, 1.0),
        ),
    ),
    "xtal3225": Footprint(
        "wordtable:Crystal_3225_4pad",
        (
            Pad("1", -1.1, 0.8, 1.4, 1.15),
            Pad("2", 1.1, 0.8, 1.4, 1.15),
            Pad("3", 1.1, -0.8, 1.4, 1.15),
            Pad("4", -1.1, -0.8, 1.4, 1.15),
        ),
    ),
    "hvqfn32": _qfn("wordtable:HVQFN-32_5x5mm_P0.5mm_EP3.45mm", 8, 0.5, 2.45, 0.8, 0.25, 3.45),
    "tssop28": _rows("wordtable:TSSOP-28_4.4x9.7mm_P0.65mm", 28, 0.65, 2.85, 1.5, 0.38),
    "so16": _rows("wordtable:SO-16_3.9x9.9mm_P1.27mm", 16, 1.27, 2.7, 1.55, 0.6),
    "hdr2x8": _header("wordtable:PinHeader_2x08_P2.54mm", 8),
    "hdr2x16": _header("wordtable:PinHeader_2x16_P2.54mm", 16),
}


def _pico() -> Footprint:
    """The Pico as a module on two rows of 20 holes, 17.78 mm apart, pin 1 top left (USB at the top),
    pins 21-40 up the right row."""
    pads = [Pad(str(n), 0.0, (n - 1) * 2.54, 1.7, 1.7, "circle", 1.0) for n in range(1, 21)]
    pads += [Pad(str(n), 17.78, (40 - n) * 2.54, 1.7, 1.7, "circle", 1.0) for n in range(21, 41)]
    return Footprint("wordtable:RaspberryPi_Pico_THT", tuple(pads))


FOOTPRINTS |= {
    "pico": _pico(),
    "so20": _rows("wordtable:SO-20_7.5x12.8mm_P1.27mm", 20, 1.27, 4.65, 2.0, 0.6),
    "so14": _rows("wordtable:SO-14_3.9x8.7mm_P1.27mm", 14, 1.27, 2.7, 1.55, 0.6),
    "sma": _two("wordtable:D_SMA", 4.0, 1.5, 2.0),
    "sod123": _two("wordtable:D_SOD-123", 3.3, 0.9, 1.2),
    "cp8": Footprint(
        "wordtable:CP_Radial_D8mm_P3.5mm",
        (Pad("1", -1.75, 0.0, 1.6, 1.6, "circle", 0.8), Pad("2", 1.75, 0.0, 1.6, 1.6, "circle", 0.8)),
    ),
    "term2": Footprint(
        "wordtable:Terminal_2_P5.08mm",
        (Pad("1", 0.0, 0.0, 2.2, 2.2, "circle", 1.2), Pad("2", 5.08, 0.0, 2.2, 2.2, "circle", 1.2)),
    ),
    "buzzer": Footprint(
        "wordtable:Buzzer_12mm_P7.6mm",
        (Pad("1", 0.0, 0.0, 1.7, 1.7, "circle", 1.0), Pad("2", 7.6, 0.0, 1.7, 1.7, "circle", 1.0)),
    ),
    "hdr1x8": _header("wordtable:PinHeader_1x08_P2.54mm", 8, 1),
    "hdr1x3h": _header("wordtable:PinHeader_1x03_P2.54mm_row", 1, 3),
    "sip9": _header("wordtable:R_Array_SIP9", 1, 9),
    "hdr2x9h": _header("wordtable:PinHeader_2x09_P2.54mm_row", 2, 9),
}
FOOTPRINTS["tssop28_h"] = Footprint(
    "wordtable:TSSOP-28_4.4x9.7mm_P0.65mm_turned",
    tuple(Pad(p.number, p.y, -p.x, p.h, p.w) for p in FOOTPRINTS["tssop28"].pads),
)  # turned 90 degrees anticlockwise
FOOTPRINTS["so16_h"] = Footprint(
    "wordtable:SO-16_3.9x9.9mm_P1.27mm_turned",
    tuple(Pad(p.number, p.y, -p.x, p.h, p.w) for p in FOOTPRINTS["so16"].pads),
)
FOOTPRINT_NAMES = {key: fp.name for key, fp in FOOTPRINTS.items()} | {"loop": "wordtable:Loop_antenna"}


def loop_footprint(path: list[tuple[float, float]], width: float) -> Footprint:
    """A PCB coil: the spiral's copper, one polygon, joins its two through-hole end pads (a net tie:
    KiCad lets one copper shape of the footprint connect the pads of its group)."""
    pads = (Pad("1", *path[0], 0.8, 0.8, "circle", 0.4), Pad("2", *path[-1], 0.8, 0.8, "circle", 0.4))
    return Footprint("wordtable:Loop_antenna", pads, (outline(path, width),), net_tie=True)


def outline(path: list[tuple[float, float]], width: float) -> list[tuple[float, float]]:
    """The outline of a track of this width along a path of straight segments (mitred corners)."""

    def normal(a, b):
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = (dx * dx + dy * dy) ** 0.5
        return (-dy / n, dx / n)

    normals = [normal(a, b) for a, b in zip(path[:-1], path[1:], strict=True)]
    left, right = [], []
    for i, p in enumerate(path):
        n1 = normals[max(0, i - 1)]
        n2 = normals[min(len(normals) - 1, i)]
        dot = n1[0] * n2[0] + n1[1] * n2[1]
        mx, my = (n1[0] + n2[0]) / (1 + dot), (n1[1] + n2[1]) / (1 + dot)
        left.append((p[0] + mx * width / 2, p[1] + my * width / 2))
        right.append((p[0] - mx * width / 2, p[1] - my * width / 2))
    return left + right[::-1]


@dataclass
class Board:
    width: float
    height: float
    origin: tuple[float, float] = (0.0, 0.0)
    nets: dict[str, int] = field(default_factory=dict)
    items: list[str] = field(default_factory=list)

    def net(self, name: str) -> int:
        return self.nets.setdefault(name, len(self.nets) + 1)

    def footprint(
        self,
        ref: str,
        value: str,
        fp: Footprint,
        at: tuple[float, float],
        nets: dict[str, str],
        layer: str = "F.Cu",
    ) -> None:
        side = "B" if layer == "B.Cu" else "F"
        mirror = " (justify mirror)" if side == "B" else ""
        out = [
            f'  (footprint "{fp.name}" (layer "{layer}") (at {_f(at[0])} {_f(at[1])})',
            f'    (uuid "{uid(ref, "fp")}")',
            f'    (fp_text reference "{ref}" (at 0 -1.6) (layer "{side}.Fab") (uuid "{uid(ref, "ref")}")',
            f"      (effects (font (size 0.6 0.6) (thickness 0.1)){mirror}))",
            f'    (fp_text value "{value}" (at 0 1.6) (layer "{side}.Fab") (uuid "{uid(ref, "val")}")',
            f"      (effects (font (size 0.6 0.6) (thickness 0.1)){mirror}))",
        ]
        if fp.net_tie:
            out.append('    (net_tie_pad_groups "1, 2")')
        out.append("    (attr through_hole)" if any(p.drill for p in fp.pads) else "    (attr smd)")
        for pts in fp.lines:
            xy = " ".join(f"(xy {_f(x)} {_f(y)})" for x, y in pts)
            out.append(
                f'    (fp_poly (pts {xy}) (stroke (width 0) (type solid)) (fill solid) (layer "{layer}") '
                f'(uuid "{uid(ref, "coil")}"))'
            )
        for p in fp.pads:
            name = nets[p.number]
            net = f' (net {self.net(name)} "{name}")' if name else ""  # an unused pin's pad has no net
            if p.drill:
                out.append(
                    f'    (pad "{p.number}" thru_hole circle (at {_f(p.x)} {_f(p.y)}) (size {_f(p.w)} {_f(p.h)}) '
                    f'(drill {_f(p.drill)}) (layers "*.Cu" "*.Mask"){net} '
                    f'(uuid "{uid(ref, "pad", p.number)}"))'
                )
            else:
                out.append(
                    f'    (pad "{p.number}" smd roundrect (at {_f(p.x)} {_f(p.y)}) (size {_f(p.w)} {_f(p.h)}) '
                    f'(layers "{side}.Cu" "{side}.Paste" "{side}.Mask") (roundrect_rratio 0.25)'
                    f'{net} (uuid "{uid(ref, "pad", p.number)}"))'
                )
        out.append("  )")
        self.items.append("\n".join(out))

    def track(self, net: str, layer: str, pts: list[tuple[float, float]], width: float) -> None:
        for (x1, y1), (x2, y2) in zip(pts[:-1], pts[1:], strict=True):
            self.items.append(
                f"  (segment (start {_f(x1)} {_f(y1)}) (end {_f(x2)} {_f(y2)}) (width {_f(width)}) "
                f'(layer "{layer}") (net {self.net(net)}) (uuid "{uid(net, layer, x1, y1, x2, y2)}"))'
            )

    def via(self, net: str, at: tuple[float, float]) -> None:
        self.items.append(
            f'  (via (at {_f(at[0])} {_f(at[1])}) (size 0.6) (drill 0.3) (layers "F.Cu" "B.Cu") '
            f'(net {self.net(net)}) (uuid "{uid(net, "via", *at)}"))'
        )

    def render(self) -> str:
        layers = [
            (0, "F.Cu", "signal"),
            (31, "B.Cu", "signal"),
            (32, "B.Adhes", "user"),
            (33, "F.Adhes", "user"),
            (34, "B.Paste", "user"),
            (35, "F.Paste", "user"),
            (36, "B.SilkS", "user"),
            (37, "F.SilkS", "user"),
            (38, "B.Mask", "user"),
            (39, "F.Mask", "user"),
            (40, "Dwgs.User", "user"),
            (41, "Cmts.User", "user"),
            (44, "Edge.Cuts", "user"),
            (45, "Margin", "user"),
            (46, "B.CrtYd", "user"),
            (47, "F.CrtYd", "user"),
            (48, "B.Fab", "user"),
            (49, "F.Fab", "user"),
        ]
        out = [
            '(kicad_pcb (version 20221018) (generator "wordtable")',
            "  (general (thickness 1.6))",
            '  (paper "A4")',
            "  (layers",
            *[f'    ({n} "{name}" {kind})' for n, name, kind in layers],
            "  )",
            "  (setup (pad_to_mask_clearance 0)",
            '    (pcbplotparams (layerselection 0x00010fc_ffffffff) (outputdirectory "gerbers/")))',
            '  (net 0 "")',
        ]
        body = list(self.items)
        out += [f'  (net {n} "{name}")' for name, n in sorted(self.nets.items(), key=lambda kv: kv[1])]
        out += body
        out.append(
            f"  (gr_rect (start 0 0) (end {_f(self.width)} {_f(self.height)}) "
            f'(stroke (width 0.1) (type solid)) (fill none) (layer "Edge.Cuts") (uuid "{uid("edge")}"))'
        )
        out.append(")")
        return "\n".join(out) + "\n"


# --- schematic ----------------------------------------------------------------------------------------

# symbols: pins as (number, x, y, angle, type) in the symbol's own coordinates (y up), and a body
SYMBOLS = {
    "C": (
        "C",
        [("1", 0, 3.81, 270, "passive"), ("2", 0, -3.81, 90, "passive")],
        "(polyline (pts (xy -1.524 0.508) (xy 1.524 0.508)) (stroke (width 0.3) (type default)) (fill (type none)))"
        "(polyline (pts (xy -1.524 -0.508) (xy 1.524 -0.508)) (stroke (width 0.3) (type default)) (fill (type none)))",
    ),
    "R": (
        "R",
        [("1", 0, 3.81, 270, "passive"), ("2", 0, -3.81, 90, "passive")],
        "(rectangle (start -1.016 2.54) (end 1.016 -2.54) (stroke (width 0.254) (type default)) (fill (type none)))",
    ),
    "loop": (
        "L",
        [("1", 0, 3.81, 270, "passive"), ("2", 0, -3.81, 90, "passive")],
        "(rectangle (start -1.27 2.54) (end 1.27 -2.54) (stroke (width 0.254) (type default)) (fill (type none)))",
    ),
    "Q": (
        "Q",
        [("1", -5.08, 0, 0, "input"), ("2", 2.54, -5.08, 90, "passive"), ("3", 2.54, 5.08, 270, "passive")],
        "(rectangle (start -2.54 2.54) (end 2.54 -2.54) (stroke (width 0.254) (type default)) (fill (type none)))",
    ),
    "conn4": (
        "J",
        [(str(i + 1), -5.08, 3.81 - i * 2.54, 0, "passive") for i in range(4)],
        "(rectangle (start -2.54 5.08) (end 2.54 -5.08) (stroke (width 0.254) (type default)) (fill (type none)))",
    ),
}


def ic_symbol(
    key: str, prefix: str, left: list[tuple[str, str, str]], right: list[tuple[str, str, str]]
) -> None:
    """Register a box symbol: pins (number, name, electrical type) down its left and right sides."""
    rows = max(len(left), len(right))
    top = (rows - 1) * 2.54 / 2
    pins = [(num, -10.16, top - i * 2.54, 0, kind, name) for i, (num, name, kind) in enumerate(left)]
    pins += [(num, 10.16, top - i * 2.54, 180, kind, name) for i, (num, name, kind) in enumerate(right)]
    h = top + 2.54
    body = (
        f"(rectangle (start -7.62 {_f(h)}) (end 7.62 {_f(-h)}) (stroke (width 0.254) (type default)) "
        "(fill (type background)))"
    )
    SYMBOLS[key] = (prefix, pins, body)


SYMBOLS["flag"] = (
    "#FLG",
    [("1", 0, 0, 90, "power_out")],
    "(polyline (pts (xy 0 0) (xy 0 1.27) (xy -1.016 1.905) (xy 0 2.54) (xy 1.016 1.905) (xy 0 1.27)) "
    "(stroke (width 0) (type default)) (fill (type none)))",
)
NOT_ON_BOARD = {"flag"}


def _lib_symbol(key: str) -> str:
    prefix, pins, body = SYMBOLS[key]
    name = f"wordtable:{key}"
    named = any(len(p) > 5 for p in pins)
    pin_text = " ".join(
        f"(pin {p[4]} line (at {_f(p[1])} {_f(p[2])} {p[3]}) (length {'2.54' if named else '1.27'}) "
        f'(name "{p[5] if len(p) > 5 else p[0]}" (effects (font (size 1.27 1.27)))) '
        f'(number "{p[0]}" (effects (font (size 1.27 1.27)))))'
        for p in pins
    )
    board = "no" if key in NOT_ON_BOARD else "yes"
    hide = "" if named else " (pin_names hide)"
    return (
        f'    (symbol "{name}"{hide} (in_bom {board}) (on_board {board})\n'
        f'      (property "Reference" "{prefix}" (at 0 6.35 0) (effects (font (size 1.27 1.27))))\n'
        f'      (property "Value" "{key}" (at 0 -6.35 0) (effects (font (size 1.27 1.27))))\n'
        f'      (property "Footprint" "" (at 0 0 0) (effects (font (size 1.27 1.27)) hide))\n'
        f'      (property "Datasheet" "" (at 0 0 0) (effects (font (size 1.27 1.27)) hide))\n'
        f'      (symbol "{key}_0_1" {body})\n'
        f'      (symbol "{key}_1_1" {pin_text})\n'
        "    )"
    )


@dataclass
class Schematic:
    project: str
    title: str
    items: list[str] = field(default_factory=list)
    used: set[str] = field(default_factory=set)

    def symbol(
        self, ref: str, key: str, value: str, footprint: str, at: tuple[float, float], nets: dict[str, str]
    ) -> None:
        """Place a symbol and a net label on the end of every pin: the labels make the connections."""
        self.used.add(key)
        x, y = at
        root = uid(self.project, "root")
        _, pins, _ = SYMBOLS[key]
        board = "no" if key in NOT_ON_BOARD else "yes"
        self.items.append(
            f'  (symbol (lib_id "wordtable:{key}") (at {_f(x)} {_f(y)} 0) (unit 1) (in_bom {board}) (on_board {board}) (dnp no)\n'
            f'    (uuid "{uid(self.project, ref)}")\n'
            f'    (property "Reference" "{ref}" (at {_f(x + 3.81)} {_f(y - 1.27)} 0) (effects (font (size 1.27 1.27)) (justify left)))\n'
            f'    (property "Value" "{value}" (at {_f(x + 3.81)} {_f(y + 1.27)} 0) (effects (font (size 1.27 1.27)) (justify left)))\n'
            f'    (property "Footprint" "{footprint}" (at {_f(x)} {_f(y)} 0) (effects (font (size 1.27 1.27)) hide))\n'
            f'    (property "Datasheet" "" (at {_f(x)} {_f(y)} 0) (effects (font (size 1.27 1.27)) hide))\n'
            + "".join(f'    (pin "{p[0]}" (uuid "{uid(self.project, ref, "pin", p[0])}"))\n' for p in pins)
            + f'    (instances (project "{self.project}" (path "/{root}" (reference "{ref}") (unit 1))))\n'
            "  )"
        )
        for num, px, py, *_ in pins:
            lx, ly = x + px, y - py  # symbol y points up, the sheet's down
            if nets.get(num) is None:  # an unused pin: KiCad's no-connect flag on its end
                self.items.append(
                    f'  (no_connect (at {_f(lx)} {_f(ly)}) (uuid "{uid(self.project, ref, "nc", num)}"))'
                )
                continue
            self.items.append(
                f'  (label "{nets[num]}" (at {_f(lx)} {_f(ly)} 0) (fields_autoplaced)\n'
                f'    (effects (font (size 1.0 1.0)) (justify left bottom)) (uuid "{uid(self.project, ref, "label", num)}"))'
            )

    def render(self) -> str:
        root = uid(self.project, "root")
        out = [
            '(kicad_sch (version 20230121) (generator "wordtable")',
            f'  (uuid "{root}")',
            '  (paper "A3")',
            f'  (title_block (title "{self.title}") (company "wordtable"))',
            "  (lib_symbols",
            *[_lib_symbol(key) for key in sorted(self.used)],
            "  )",
            *self.items,
            '  (sheet_instances (path "/" (page "1")))',
            ")",
        ]
        return "\n".join(out) + "\n"


def ic_nets(pins: list[tuple[str, str, str]], nets: dict[str, str | None]) -> dict[str, str | None]:
    """An IC's nets by pin number, from its nets by pin name (a pin not named is unused)."""
    return {num: nets.get(name) for num, name, _kind in pins}


def write_board(out: Path, name: str, pcb: str, schematic: str) -> list[Path]:
    """``name``'s PCB and schematic files in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    files = [out / f"{name}.kicad_pcb", out / f"{name}.kicad_sch"]
    files[0].write_text(pcb)
    files[1].write_text(schematic)
    return files
