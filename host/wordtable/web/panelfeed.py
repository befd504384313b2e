"""The e-ink panel as the page shows it: the picture the panel holds, as PNG, with a version number.

On the simulated board the firmware writes its panel RAM to a PBM file after every refresh
(firmware/README.md, "Panel image"), so the page shows exactly what the panel shows, ghosting rules
and all. A real board cannot send its pixels back; there the feed shows the last image the host sent
(``BoardLink.show``), which is what the panel holds once it has refreshed.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable

from PIL import Image

from ..display.panel import read_pbm


def png_bytes(image: Image.Image) -> bytes:
    """A small PNG of a 1-bit image (the page scales it up with crisp pixels)."""
    out = io.BytesIO()
    image.convert("1").save(out, format="PNG", optimize=True)
    return out.getvalue()


class PanelFeed:
    """Follows one panel source. ``poll()`` is cheap when nothing changed (one ``stat`` of the file,
    or one identity check of the host's image) and returns True when the picture is new."""

    def __init__(
        self, *, pbm_path: str | None = None, host_image: Callable[[], Image.Image | None] | None = None
    ) -> None:
        if (pbm_path is None) == (host_image is None):
            raise ValueError("a panel feed follows either the sim's PBM file or the host's image")
        self.pbm_path = pbm_path
        self.host_image = host_image
        self.version = 0
        self.png: bytes | None = None
        self.size: tuple[int, int] | None = None
        self._seen: object = None

    def poll(self) -> bool:
        if self.pbm_path is not None:
            try:
                st = os.stat(self.pbm_path)
            except FileNotFoundError:
                return False  # no refresh yet since the sim was first started
            key: object = (st.st_mtime_ns, st.st_ino, st.st_size)
            if key == self._seen:
                return False
            try:
                image = read_pbm(self.pbm_path)
            except (OSError, SyntaxError, ValueError):
                return False  # caught between writes; the next poll reads the finished file
        else:
            assert self.host_image is not None
            latest = self.host_image()
            if latest is None or latest is self._seen:
                return False
            image = key = latest
        self._seen = key
        png = png_bytes(image)
        if png == self.png:
            return False
        self.png, self.size = png, image.size
        self.version += 1
        return True
