"""Small things every MicroPython test module uses: the test's directory, UIDs, and ``eq``."""

TMP = "/tmp"  # run.py sets it to the test's own directory

UID4 = b"\x04\xa1\xb2\xc3"
UID7 = b"\x04\x11\x22\x33\x44\x55\x66"
UID10 = b"\x08\x01\x02\x03\x04\x05\x06\x07\x08\x09"


def reported_uid(scanner, cell):
    """The UID ``scanner`` last reported for ``cell`` (b"" if empty), read from its table."""
    from wtfw.scanner import SLOT

    off = cell * SLOT
    return bytes(scanner.reported[off + 1 : off + 1 + scanner.reported[off]])


def eq(actual, expected, what=""):
    """assert actual == expected, saying both (MicroPython does not rewrite asserts)."""
    if actual != expected:
        raise AssertionError("%s: expected %r, got %r" % (what or "value", expected, actual))
