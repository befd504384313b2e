"""The reader drivers' ``const()`` numbers: air times derived again from ISO/IEC 14443-3, and the
private copies one module keeps of another's (a private const is folded into the code that uses it
and costs no heap, but cannot be imported: each module writes it out)."""

from __future__ import annotations

import ast
from pathlib import Path

DRIVERS = Path(__file__).resolve().parents[2] / "firmware" / "drivers"
MODULES = ("mfrc522", "matrix_diag", "reader_matrix")

BIT_NS = 9440  # one bit at 106 kbit/s: 128 cycles of 13.56 MHz
FDT_US = 91  # frame delay time PCD -> PICC: 1236 cycles, rounded up
SHORT_FRAME_US = 85  # start bit, 7 data bits, end: 9 bit times, rounded up


def frame_us(nbytes: int) -> int:
    """Air time of a standard frame: start bit, 8 data bits and a parity bit per byte, end."""
    return ((2 + 9 * nbytes) * BIT_NS + 999) // 1000


def timer_us(ticks: int) -> int:
    """The MFRC522 timer's timeout: TReload + 1 ticks of (2 * 67 + 1) / 13.56 MHz, rounded up."""
    return (ticks + 1) * (2 * 67 + 1) * 1000 // 13560 + 1


def consts(module: str) -> dict[str, int]:
    """``{name: value}`` of every ``NAME = const(expr)`` at the top level of a driver module."""
    out: dict[str, int] = {}
    for node in ast.parse((DRIVERS / f"{module}.py").read_text()).body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "id", "") == "const"
        ):
            expr = ast.Expression(node.value.args[0])
            out[node.targets[0].id] = eval(compile(expr, module, "eval"), {}, dict(out))
    return out


def test_air_times_follow_from_the_frames_they_cover() -> None:
    m = consts("mfrc522")
    assert SHORT_FRAME_US == (9 * BIT_NS + 999) // 1000
    assert timer_us(30) == 309
    assert m["_WUPA_US"] == SHORT_FRAME_US + timer_us(30)
    assert m["_ANTICOLL_US"] == frame_us(2) + FDT_US + frame_us(5)
    assert m["_SELECT_US"] == frame_us(9) + FDT_US + frame_us(3)
    assert m["_HALT_US"] == frame_us(4)
    d = consts("matrix_diag")
    assert d["_READ_US"] == frame_us(4) + FDT_US + frame_us(18)
    assert d["_WRITE_US"] == frame_us(8) + timer_us(d["_WRITE_TICKS"])
    assert d["_WUPA_US"] == m["_WUPA_US"]
    assert d["_TIMEOUT_TICKS"] == 30


def test_modules_agree_on_the_names_they_share() -> None:
    tables = {name: consts(name) for name in MODULES}
    # mfrc522's _ERROR is a return code; its ErrorReg is _ERROR_REG.
    assert tables["mfrc522"]["_ERROR"] == -1 and tables["mfrc522"]["_ERROR_REG"] == 0x06
    shared = 0
    for i, a in enumerate(MODULES):
        for b in MODULES[i + 1 :]:
            for name in tables[a].keys() & tables[b].keys():
                assert tables[a][name] == tables[b][name], (
                    f"{name}: {a} {tables[a][name]}, {b} {tables[b][name]}"
                )
                shared += 1
    assert shared >= 8


def test_the_return_codes_are_the_ones_wtfw_diag_maps() -> None:
    m = consts("mfrc522")
    assert (m["_NO_ANSWER"], m["_ERROR"], m["_COLLISION"], m["_FAULT"]) == (0, -1, -2, -3)
    diag = (DRIVERS.parent / "wtfw" / "diag.py").read_text()
    assert "NO_ANSWER 0, ERROR -1, COLLISION -2, FAULT -3" in diag
