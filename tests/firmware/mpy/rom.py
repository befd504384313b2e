"""A ROMFS image of the firmware (``make firmware``), mounted as a board with a ROMFS partition
mounts it: at ``/rom``, with ``/rom`` and ``/rom/lib`` first on ``sys.path``.

The unix port has no ROM partition, so the image is read into a bytearray. Call ``mount`` before
anything else takes heap: the image then lies at the heap's start, in one block that never moves
or frees, as flash would (the caller adds its size to the heap, and a probe takes its base after
it). Its bytecode runs in place from there, as it does from a board's memory-mapped flash.
"""

import os
import sys

import vfs


def mount(path):
    """Mount the image at ``path``; returns its size in bytes."""
    n = os.stat(path)[6]
    image = bytearray(n)
    with open(path, "rb") as f:
        f.readinto(image)
    vfs.mount(vfs.VfsRom(image), "/rom")
    sys.path[:0] = ["/rom", "/rom/lib"]
    return n
