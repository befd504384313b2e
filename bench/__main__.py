"""Run the benchmarks, print one table, and write it to BENCHMARKS.md.

Each module in this package with a ``run() -> list[dict]`` contributes rows with the keys
``benchmark``, ``value``, ``unit`` and optionally ``target``, ``ok`` (True/False: target met) and
``note``. Figures are medians (or percentiles) of repeated runs, measured on this machine, now:
compare them as ratios within one run, not across machines.

    python -m bench                 # all
    python -m bench lexicon link    # only the modules whose names contain these words
"""

from __future__ import annotations

import datetime
import importlib
import os
import pkgutil
import platform
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).parent
OUT = HERE.parent / "BENCHMARKS.md"


def discover(selected: list[str]) -> list[str]:
    names = sorted(m.name for m in pkgutil.iter_modules([str(HERE)]) if not m.name.startswith("_"))
    if selected:
        names = [n for n in names if any(s in n for s in selected)]
    return names


def fmt(v: object) -> str:
    if isinstance(v, float):
        return f"{v:.3g}" if abs(v) < 1000 else f"{v:,.0f}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def main(argv: list[str]) -> int:
    rows: list[dict] = []
    failures = []
    for name in discover(argv):
        t0 = time.perf_counter()
        print(f"running bench.{name} ...", file=sys.stderr, flush=True)
        try:
            mod = importlib.import_module(f"bench.{name}")
            got = mod.run()
        except Exception:
            failures.append(name)
            traceback.print_exc()
            rows.append({"benchmark": f"{name}: FAILED", "value": "", "unit": "", "note": "see the log"})
            continue
        for r in got:
            r.setdefault("module", name)
        rows.extend(got)
        print(f"  done in {time.perf_counter() - t0:.1f} s", file=sys.stderr)

    header = ["benchmark", "value", "unit", "target", "met", "note"]
    table = [header, ["---"] * len(header)]
    for r in rows:
        ok = r.get("ok")
        table.append(
            [
                r["benchmark"],
                fmt(r.get("value", "")),
                r.get("unit", ""),
                str(r.get("target", "")),
                "" if ok is None else ("yes" if ok else "NO"),
                r.get("note", ""),
            ]
        )
    lines = ["| " + " | ".join(row) + " |" for row in table]
    text = "\n".join(lines)
    print(text)
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    if not argv:
        OUT.write_text(
            "# Benchmarks\n\n"
            f"Written by `make bench` on {stamp} ({machine}). Medians unless the name says otherwise; "
            "these machines are shared and noisy, so read the figures as ratios within one run.\n\n"
            + text
            + "\n"
        )
        print(f"\nwritten to {OUT}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
