"""The typeface of the e-ink screens: DejaVu Sans, regular and bold.

The font files come from the PyPI package ``rinoh-typeface-dejavusans`` (pinned with its hash in
requirements-fonts.txt and installed by ``make setup`` without its dependencies, which only its
rinohtype plugin needs); they are found through the package's installed file list, so nothing is
imported and no system font is assumed. ``$WORDTABLE_FONT_DIR`` (a folder with ``DejaVuSans.ttf`` and
``DejaVuSans-Bold.ttf``) overrides it. Without either, pillow's built-in font stands in, with a
warning: the screens stay readable but are not the reference images the tests compare.
"""

from __future__ import annotations

import importlib.metadata
import logging
import os
from functools import cache
from pathlib import Path

from PIL import ImageFont

log = logging.getLogger(__name__)

FONT_PACKAGE = "rinoh-typeface-dejavusans"
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"

Font = ImageFont.FreeTypeFont


def font_dir() -> Path | None:
    """The folder holding the DejaVu files, or None when they are not installed."""
    override = os.environ.get("WORDTABLE_FONT_DIR", "").strip()
    if override:
        return Path(override)
    try:
        dist = importlib.metadata.distribution(FONT_PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        return None
    path = Path(str(dist.locate_file("rinoh_typeface_dejavusans")))
    return path if (path / REGULAR).is_file() else None


def font_source() -> str:
    """Where the screens' font comes from (for ``wordtable display fonts`` and the tests)."""
    d = font_dir()
    return str(d) if d is not None else "pillow's built-in font (DejaVu is not installed: run make setup)"


@cache
def font(size: int, bold: bool = False) -> Font:
    """The screen font at ``size`` pixels."""
    d = font_dir()
    if d is not None:
        try:
            return ImageFont.truetype(str(d / (BOLD if bold else REGULAR)), size)
        except OSError as exc:
            log.warning("cannot read the screen font in %s (%s); using pillow's built-in font", d, exc)
    else:
        log.warning("the DejaVu screen font is not installed (run make setup); using pillow's built-in font")
    fallback = ImageFont.load_default(size=size)
    if not isinstance(fallback, ImageFont.FreeTypeFont):  # a pillow built without FreeType
        raise RuntimeError(
            "pillow has no FreeType support here, so the screens cannot be drawn; reinstall pillow"
        )
    return fallback
