"""Pin maps of the real table boards, as data: which GPIO does what, and which antenna lies under
which cell. ``wtfw.boards.pico`` builds the board from the map of the platform it runs on.
hardware/wiring.md shows the same pins as a table (a test keeps the two equal).

Antennas: per reader, rectangles (area, x, y, w, h) of cells, numbered row by row; that number is
the antenna's switch channel (drivers/antenna_layout.py). Six readers take the grid in
5 x 8 and 5 x 7 blocks, two take two seat rows each; at any channel the antennas that are on are
five or more cells apart.
"""

GEOMETRY = (15, 15, 4, 24, 4)  # grid 15 x 15, 4 seats of 24 cells, 4 buttons per seat

ANTENNAS = (
    (("grid", 0, 0, 5, 8),),
    (("grid", 5, 0, 5, 8),),
    (("grid", 10, 0, 5, 8),),
    (("grid", 0, 8, 5, 7),),
    (("grid", 5, 8, 5, 7),),
    (("grid", 10, 8, 5, 7),),
    (("seat0", 0, 0, 24, 1), ("seat1", 0, 0, 24, 1)),
    (("seat2", 0, 0, 24, 1), ("seat3", 0, 0, 24, 1)),
)

# Raspberry Pi Pico (RP2040). SPI pins must be ones the SPI block can use (RP2040 datasheet,
# GPIO functions): SPI0 RX 16, SCK 18, TX 19; SPI1 RX 8, SCK 10, TX 11.
PICO = {
    "name": "pico",
    "readers_spi": {"id": 0, "baudrate": 10000000, "sck": 18, "mosi": 19, "miso": 16},
    "reader_select": {"address": (20, 21, 22), "enable": 17},  # 74HC138 A, B, C and /G2A
    "reader_reset": 7,  # NRSTPD of every reader
    "readers": 8,
    "mux": {"address": (0, 1, 2, 3, 4, 5), "enable": 6},  # ADG1607 A0..A2 per level, EN
    "field_settle_us": 2000,
    "panel_spi": {"id": 1, "baudrate": 4000000, "sck": 10, "mosi": 11, "miso": 8},
    "panel": {"cs": 9, "dc": 12, "rst": 13, "busy": 14, "width": 296, "height": 128, "rotation": 90},
    "buttons": {"load": 15, "debounce_ms": 20},  # 74HC165 chain on the panel's SPI, QH on MISO
    "leds": {"pin": 26, "count": 4},
    "buzzer": 27,
    "cells_per_step": 40,
}

# ESP32-S3-DevKitC-1 (the ESP32-S3 routes SPI to any pin; 11, 12, 13 are FSPI's own).
ESP32S3 = {
    "name": "esp32s3",
    "readers_spi": {"id": 1, "baudrate": 10000000, "sck": 12, "mosi": 11, "miso": 13},
    "reader_select": {"address": (4, 5, 6), "enable": 7},
    "reader_reset": 15,
    "readers": 8,
    "mux": {"address": (1, 2, 8, 9, 10, 14), "enable": 16},
    "field_settle_us": 2000,
    "panel_spi": {"id": 2, "baudrate": 4000000, "sck": 39, "mosi": 40, "miso": 41},
    "panel": {"cs": 42, "dc": 47, "rst": 48, "busy": 38, "width": 296, "height": 128, "rotation": 90},
    "buttons": {"load": 17, "debounce_ms": 20},
    "leds": {"pin": 18, "count": 4},
    "buzzer": 21,
    "cells_per_step": 40,
}

BY_PLATFORM = {"rp2": PICO, "esp32": ESP32S3}
