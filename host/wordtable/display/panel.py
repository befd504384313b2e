"""1-bit panel images, what changed between two of them, and the DISPLAY regions that carry it.

``PanelContent`` remembers what the host last drew and turns each new image into the DISPLAY payloads
that bring the panel to it; ``table.link.BoardLink`` only sends them. The wire format (see wtproto.messages.pack_display): rows of ``(w + 7) // 8`` bytes, most
significant bit leftmost, 1 = ink. Pillow's mode "1" packs bits the same way but with 1 = white,
so packing inverts. Regions start on a byte column (x multiple of 8), as panel RAM is addressed.
"""

from __future__ import annotations

from PIL import Image, ImageChops
from wtproto import messages as m
from wtproto.frame import MAX_PAYLOAD

Box = tuple[int, int, int, int]  # left, top, right, bottom (pillow convention: right/bottom exclusive)


def to_panel_image(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """A mode "1" image of exactly ``size``; anything else is converted (no dithering: e-ink text
    and lines stay crisp) or rejected if its size differs."""
    if image.size != size:
        raise ValueError(f"image is {image.size[0]}x{image.size[1]}; the panel is {size[0]}x{size[1]}")
    if image.mode != "1":
        image = image.convert("L").point(lambda v: 255 if v >= 128 else 0).convert("1")
    return image


def align_box(box: Box, size: tuple[int, int]) -> Box:
    """Widen ``box`` to whole bytes horizontally, clipped to the panel."""
    left, top, right, bottom = box
    left -= left % 8
    right = min(size[0], right + (-right % 8))
    return left, max(0, top), right, min(size[1], bottom)


def changed_box(old: Image.Image | None, new: Image.Image) -> Box | None:
    """The byte-aligned bounding box of the pixels that differ, None if none, the whole panel if
    there is no previous image."""
    if old is None or old.size != new.size:
        return (0, 0, new.size[0], new.size[1])
    diff = ImageChops.difference(old.convert("L"), new.convert("L")).getbbox()
    if diff is None:
        return None
    return align_box(diff, new.size)


def changed_boxes(old: Image.Image | None, new: Image.Image, merge_gap: int = 2) -> list[Box]:
    """The changed pixels as horizontal bands, each with its own byte-aligned width: rows that
    changed, grouped into runs (runs fewer than ``merge_gap`` unchanged rows apart are joined). A
    move that changes a score at the top and the last move at the bottom sends two narrow bands
    rather than one box over both. Empty if nothing changed; the whole panel without a previous image."""
    if old is None or old.size != new.size:
        return [(0, 0, new.size[0], new.size[1])]
    diff = ImageChops.logical_xor(old.convert("1"), new.convert("1"))
    w, h = new.size
    stride = (w + 7) // 8
    data = diff.tobytes()
    changed = [any(data[y * stride : (y + 1) * stride]) for y in range(h)]
    runs: list[list[int]] = []
    for y, c in enumerate(changed):
        if not c:
            continue
        if runs and y - runs[-1][1] <= merge_gap:
            runs[-1][1] = y + 1
        else:
            runs.append([y, y + 1])
    boxes = []
    for top, bottom in runs:
        bbox = diff.crop((0, top, w, bottom)).getbbox()
        if bbox is not None:
            boxes.append(align_box((bbox[0], top, bbox[2], bottom), new.size))
    return boxes


def pack_region(image: Image.Image, box: Box) -> bytes:
    """The wire bytes of ``box`` of a mode "1" image (1 = ink)."""
    region = image.crop(box)
    return ImageChops.invert(region.convert("L")).convert("1").tobytes()


def unpack_region(data: bytes, w: int, h: int) -> Image.Image:
    """Inverse of pack_region: a mode "1" image of the region."""
    inverted = Image.frombytes("1", (w, h), bytes(data))
    return ImageChops.invert(inverted.convert("L")).convert("1")


def region_payloads(
    image: Image.Image, box: Box, refresh: int, max_payload: int = MAX_PAYLOAD
) -> list[bytes]:
    """DISPLAY payloads for ``box``, split by rows to fit the frame limit; only the last one asks
    for the refresh (``m.REFRESH_PARTIAL`` or ``m.REFRESH_FULL``), so the panel updates once."""
    left, top, right, bottom = box
    w = right - left
    stride = m.display_stride(w)
    rows_per_frame = max(1, (max_payload - 9) // stride)
    payloads = []
    y = top
    while y < bottom:
        h = min(rows_per_frame, bottom - y)
        data = pack_region(image, (left, y, right, y + h))
        last = y + h >= bottom
        payloads.append(m.pack_display(left, y, w, h, refresh if last else m.REFRESH_NONE, data))
        y += h
    return payloads


def update_payloads(
    image: Image.Image, boxes: list[Box], refresh: int, max_payload: int = MAX_PAYLOAD
) -> list[bytes]:
    """DISPLAY payloads for every box of ``image``; only the very last asks for ``refresh``, so the
    panel updates once, with every region in place."""
    payloads = []
    for i, box in enumerate(boxes):
        payloads += region_payloads(
            image, box, refresh if i == len(boxes) - 1 else m.REFRESH_NONE, max_payload
        )
    return payloads


class PanelContent:
    """What the host last drew on the panel, and the DISPLAY payloads that bring the panel from it to a
    new image: the bands that changed for a partial refresh, the whole panel for a full one."""

    def __init__(self) -> None:
        self.image: Image.Image | None = None
        """The last image drawn (mode "1", the panel's size), None before the first."""

    def update(self, image: Image.Image, size: tuple[int, int], full: bool = False) -> list[bytes]:
        """Remember ``image`` (converted for a panel of ``size``) as drawn and return the payloads that
        draw it: none if no pixel changed and ``full`` is not asked for."""
        img = to_panel_image(image, size)
        boxes = [(0, 0, size[0], size[1])] if full else changed_boxes(self.image, img)
        self.image = img.copy()
        return update_payloads(img, boxes, m.REFRESH_FULL if full else m.REFRESH_PARTIAL)

    def redraw(self) -> list[bytes]:
        """The whole last image with a full refresh (a board that restarted has a blank panel); none
        before the first image."""
        if self.image is None:
            return []
        return update_payloads(self.image, [(0, 0) + self.image.size], m.REFRESH_FULL)


def read_pbm(path: str) -> Image.Image:
    """The panel image the simulated board wrote (binary PBM), as a mode "1" image."""
    with Image.open(path) as im:
        im.load()
        return im.convert("1")
