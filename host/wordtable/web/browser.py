"""Headless Chromium for the page's tests, screenshots and benchmark: Debian's ``chromium`` package
(``make setup`` installs it), driven by Playwright without its own browser downloads."""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"

LAUNCH_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Flags that keep Chromium quiet and local: no sandbox (CI runs as root), no network of its own."""


def launch_args() -> list[str]:
    """The flags for ``chromium.launch``. Playwright gives every launch a fresh profile directory of
    its own (and refuses ``--user-data-dir`` in the arguments)."""
    return list(LAUNCH_FLAGS)
