"""hardware/wiring.md shows the pin maps the firmware builds the board from
(firmware/wtfw/boards/pinmaps.py): every GPIO, under the pin map entry it is."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PINMAPS = runpy.run_path(str(REPO / "firmware" / "wtfw" / "boards" / "pinmaps.py"))
WIRING = (REPO / "hardware" / "wiring.md").read_text()
GPIO_ROLES = {  # the entries of a pin map that are GPIO numbers
    "readers_spi": ("sck", "mosi", "miso"),
    "panel_spi": ("sck", "mosi", "miso"),
    "panel": ("cs", "dc", "rst", "busy"),
    "buttons": ("load",),
    "leds": ("pin",),
    "reader_select": ("address", "enable"),
    "mux": ("address", "enable"),
}
SINGLE = ("reader_reset", "buzzer")


def gpios(pins: dict) -> dict[str, int]:
    """{"mux.address[3]": 3, "panel.cs": 9, ...} of one pin map."""
    out = {name: pins[name] for name in SINGLE}
    for group, roles in GPIO_ROLES.items():
        for role in roles:
            value = pins[group][role]
            if isinstance(value, tuple):
                out.update({f"{group}.{role}[{i}]": v for i, v in enumerate(value)})
            else:
                out[f"{group}.{role}"] = value
    return out


def documented(map_name: str) -> dict[str, int]:
    """The GPIO table under the heading that names ``map_name`` in backticks."""
    section = WIRING.split(f"(`{map_name}`)", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (?:GP)?(\d+) \| `([^`]+)` \|", section, re.M)
    return {key: int(gpio) for gpio, key in rows}


@pytest.mark.parametrize("map_name", ["PICO", "ESP32S3"])
def test_wiring_doc_shows_every_pin_of_the_map(map_name: str) -> None:
    assert documented(map_name) == gpios(PINMAPS[map_name])


@pytest.mark.parametrize("map_name", ["PICO", "ESP32S3"])
def test_no_gpio_does_two_jobs(map_name: str) -> None:
    used = list(gpios(PINMAPS[map_name]).values())
    assert len(used) == len(set(used)), sorted(g for g in used if used.count(g) > 1)


def test_every_platform_has_its_map() -> None:
    assert PINMAPS["BY_PLATFORM"] == {"rp2": PINMAPS["PICO"], "esp32": PINMAPS["ESP32S3"]}
