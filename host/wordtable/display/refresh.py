"""When the e-ink panel gets a full refresh instead of a partial one.

A partial refresh is fast and does not flash, but each leaves a faint ghost of what was there; a full
refresh (the panel flashes black and white) clears them. The policy counts partial refreshes and asks
for a full one every ``full_every`` of them (8 by default: on the SSD1680-class panels ghosting becomes
visible after roughly 5 to 10 partials, and a flash every few turns is acceptable at a game table).
A caller may force a full refresh (a new screen after a long time, a board that restarted is redrawn
by BoardLink itself). Only the changed regions are sent for partials (``panel.PanelContent`` works them
out for BoardLink.show); a full refresh sends the whole panel, since the panel redraws all of it.
"""

from __future__ import annotations

from typing import Protocol

from PIL import Image

DEFAULT_FULL_EVERY = 8


class Shows(Protocol):
    """What the policy drives: ``BoardLink.show`` (or anything with that signature)."""

    def show(self, image: Image.Image, full: bool = False) -> int: ...


class RefreshPolicy:
    """Partial refreshes, and a full one every ``full_every`` partials (``full_every`` >= 1).
    The first image after start is always full (the panel's content is unknown)."""

    def __init__(self, full_every: int = DEFAULT_FULL_EVERY) -> None:
        if full_every < 1:
            raise ValueError(
                f"full_every must be at least 1 (a full refresh every N partials), not {full_every}"
            )
        self.full_every = full_every
        self.partials = 0
        self._started = False
        self.full_count = 0
        self.partial_count = 0

    def next_is_full(self, force: bool = False) -> bool:
        """Decide for the next update and count it."""
        full = force or not self._started or self.partials >= self.full_every
        self._started = True
        if full:
            self.partials = 0
            self.full_count += 1
        else:
            self.partials += 1
            self.partial_count += 1
        return full

    def show(self, panel: Shows, image: Image.Image, force_full: bool = False) -> int:
        """Send ``image`` with the refresh the policy chooses; returns the payload bytes sent. An image
        identical to the last one sends nothing and does not count as a partial."""
        full = self.next_is_full(force_full)
        sent = panel.show(image, full=full)
        if sent == 0 and not full:
            self.partials -= 1
            self.partial_count -= 1
        return sent

    def reset(self) -> None:
        """Forget the panel's state (the board restarted): the next update is full."""
        self._started = False
        self.partials = 0
