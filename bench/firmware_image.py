"""``make firmware`` on a clean checkout: compiling the firmware for the Pico (armv6m) with mpy-cross,
packing the ROMFS image with mpremote, writing the manifest and the listing, into an empty folder
each time (wordtable.table.firmware_image.build_image). Wall time, median of three runs; the image's
size for the record.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from wordtable.table.firmware_image import DEFAULT_ARCH, build_image

TARGET_S = 30


def run() -> list[dict]:
    times = []
    for _ in range(3):
        with tempfile.TemporaryDirectory(prefix="wtimage") as tmp:
            t0 = time.perf_counter()
            image = build_image(Path(tmp) / "firmware", DEFAULT_ARCH)
            times.append(time.perf_counter() - t0)
    t = statistics.median(times)
    return [
        {
            "benchmark": "make firmware: .mpy files, ROMFS image, manifest, listing (armv6m)",
            "value": round(t, 2),
            "unit": "s",
            "target": f"< {TARGET_S} s",
            "ok": t < TARGET_S,
            "note": f"median of 3, into an empty folder; {len(image.files)} files",
        },
        {
            "benchmark": "firmware ROMFS image size (armv6m)",
            "value": round(image.image_bytes / 1024, 1),
            "unit": "KB",
            "note": "wtfw, drivers and wtproto as .mpy; main.py stays a file on the board",
        },
    ]
