"""E-ink screens: rendering time per screen (median of repeated renders, both panel sizes), and the
DISPLAY payload bytes of typical updates: a score change after a move (partial: only the changed
region), a menu cursor step, a full refresh of the whole panel, and what the full/partial mix of the
default refresh policy averages over a game's updates."""

from __future__ import annotations

import statistics
import time

from wordtable.display import panel
from wordtable.display.refresh import DEFAULT_FULL_EVERY
from wordtable.display.samples import SAMPLES
from wordtable.display.screens import LARGE, SMALL, render
from wordtable.display.views import LastMove, MenuView, PlayerLine, StatusView
from wordtable.games.base import ScoreLine
from wtproto import messages as m

REPEATS = 40


def _median_ms(fn, repeats: int = REPEATS) -> float:
    fn()  # warm the font cache
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def _bytes(old, new, full: bool) -> int:
    box = (0, 0) + new.size if full else panel.changed_box(old, new)
    if box is None:
        return 0
    return sum(len(p) for p in panel.region_payloads(new, box, m.REFRESH_FULL if full else m.REFRESH_PARTIAL))


def _band_bytes(old, new) -> int:
    """Bytes if the changed rows are sent as separate bands (panel.changed_boxes), one refresh at the end."""
    boxes = panel.changed_boxes(old, new)
    total = 0
    for i, box in enumerate(boxes):
        refresh = m.REFRESH_PARTIAL if i == len(boxes) - 1 else m.REFRESH_NONE
        total += sum(len(p) for p in panel.region_payloads(new, box, refresh))
    return total


def _after_move(size):
    before = StatusView(
        "wordgame",
        (PlayerLine("Ann", 16), PlayerLine("Bob", 0, True)),
        LastMove("Ann", "PRESS", 16, (ScoreLine("PRESS", 16, "P 3 + R 1 + E 1 + S 1 + S 1x2 = 8, x2"),)),
        "bag 80",
    )
    after = StatusView(
        "wordgame",
        (PlayerLine("Ann", 16, True), PlayerLine("Bob", 24)),
        LastMove("Bob", "SHOVE", 24, (ScoreLine("SHOVE", 24, "S 1 + H 1 + O 1 + V 6 + E 1 = 10, x2 ..."),)),
        "bag 75",
    )
    return render(before, size), render(after, size)


def run() -> list[dict]:
    rows: list[dict] = []
    for size in (SMALL, LARGE):
        label = f"{size[0]}x{size[1]}"
        times = {name: _median_ms(lambda v=view, s=size: render(v, s)) for name, view in SAMPLES.items()}
        worst = max(times, key=lambda k: times[k])
        rows.append(
            {
                "benchmark": f"render a screen {label}, median over {len(times)} screens",
                "value": statistics.median(times.values()),
                "unit": "ms",
                "target": "< 20 ms",
                "ok": statistics.median(times.values()) < 20,
            }
        )
        rows.append(
            {
                "benchmark": f"render the slowest screen {label} ({worst})",
                "value": times[worst],
                "unit": "ms",
                "target": "< 50 ms",
                "ok": times[worst] < 50,
            }
        )
        before, after = _after_move(size)
        partial = _bytes(before, after, False)
        full = _bytes(None, after, True)
        rows.append(
            {
                "benchmark": f"DISPLAY bytes after a move {label}: one changed box",
                "value": partial,
                "unit": "B",
                "note": f"box {panel.changed_box(before, after)}, for comparison",
            }
        )
        bands = _band_bytes(before, after)
        rows.append(
            {
                "benchmark": f"DISPLAY bytes after a move {label}: changed bands (panel.changed_boxes)",
                "value": bands,
                "unit": "B",
                "note": f"{len(panel.changed_boxes(before, after))} bands; what BoardLink.show sends",
            }
        )
        rows.append({"benchmark": f"DISPLAY bytes of a full refresh {label}", "value": full, "unit": "B"})
        menu_a = render(
            MenuView("Choose a game", ("wordgame", "Wordability", "WORDCHAIN", "WORDCARD", "WordSnake"), 1),
            size,
        )
        menu_b = render(
            MenuView("Choose a game", ("wordgame", "Wordability", "WORDCHAIN", "WORDCARD", "WordSnake"), 2),
            size,
        )
        rows.append(
            {
                "benchmark": f"DISPLAY bytes of a menu cursor step {label}",
                "value": _bytes(menu_a, menu_b, False),
                "unit": "B",
            }
        )
        n = DEFAULT_FULL_EVERY
        mixed = (full + n * partial) / (n + 1)
        rows.append(
            {
                "benchmark": f"DISPLAY bytes per move update {label}, policy mix (1 full per {n} partials)",
                "value": mixed,
                "unit": "B",
                "note": f"{partial / full:.0%} of a full panel per partial",
            }
        )
    return rows
