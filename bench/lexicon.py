"""The dictionary: cache build, load from cache, resident memory, is-word rate, anagram time.

Measured for the default lexicon (ENABLE) against the targets of the lexicon issue, and for the largest
built-in list found on this machine (most words). Everything runs in a temporary WORDTABLE_HOME, so the
caches built here are thrown away. Load time and memory come from fresh processes (the parent reads the
child's resident set with psutil, so psutil itself is not counted). Medians throughout.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter

import psutil
from wordtable import lexicon

BUILDS = 3
LOADS = 7
RSS_RUNS = 3
CHECK_RUNS = 5
QUERIES = 200_000
RACKS = 200

LOAD_SCRIPT = """
import sys, time
from wordtable import lexicon
t = time.perf_counter()
lex = lexicon.load(sys.argv[1])
took = time.perf_counter() - t
assert len(lex) > 0
print(f"{took:.6f}", flush=True)
sys.stdin.readline()
"""


def _child(name: str) -> tuple[float, float]:
    """Load ``name`` in a fresh process: (seconds for load(), resident MB once loaded)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", LOAD_SCRIPT, name],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    assert proc.stdout is not None and proc.stdin is not None
    line = proc.stdout.readline()
    try:
        rss = psutil.Process(proc.pid).memory_info().rss / 1e6
    finally:
        proc.stdin.write("\n")
        proc.stdin.close()
        proc.wait(timeout=30)
    if proc.returncode != 0 or not line.strip():
        raise RuntimeError(f"loading {name} in a child process failed (exit {proc.returncode})")
    return float(line), rss


def _build_seconds(name: str) -> float:
    times = []
    for _ in range(BUILDS):
        lexicon.cache_path(name).unlink(missing_ok=True)
        t = time.perf_counter()
        lexicon.load(name)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def _queries(lex: lexicon.Lexicon, rng: random.Random) -> list[str]:
    words = list(lex)
    letters = lex.alphabet.letters
    half = QUERIES // 2
    valid = [rng.choice(words) for _ in range(half)]
    invalid: list[str] = []
    while len(invalid) < half:
        w = rng.choice(words)
        i = rng.randrange(len(w))
        cand = w[:i] + rng.choice(letters) + w[i + 1 :]
        if not lex.is_word(cand):
            invalid.append(cand)
    q = valid + invalid
    rng.shuffle(q)
    return q


def _checks_per_second(lex: lexicon.Lexicon, queries: list[str]) -> float:
    is_word = lex.is_word
    rates = []
    for _ in range(CHECK_RUNS):
        t = time.perf_counter()
        for w in queries:
            is_word(w)
        rates.append(len(queries) / (time.perf_counter() - t))
    return statistics.median(rates)


def _racks(lex: lexicon.Lexicon, rng: random.Random) -> list[str]:
    # Tiles drawn with the letter frequencies of the lexicon itself: a fair stand-in for a game's bag.
    freq = Counter()
    for i, w in enumerate(lex):
        if i % 7 == 0:
            freq.update(w)
    letters, weights = zip(*freq.items(), strict=True)
    return ["".join(rng.choices(letters, weights, k=6)) + lexicon.BLANK for _ in range(RACKS)]


def _anagram_ms(lex: lexicon.Lexicon, racks: list[str], exact: bool) -> float:
    times = []
    for rack in racks:
        t = time.perf_counter()
        lex.anagrams(rack, exact=exact)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def _measure(name: str, label: str, targets: bool) -> list[dict]:
    rng = random.Random(20240607)
    build = _build_seconds(name)
    loads, rss = [], []
    for i in range(max(LOADS, RSS_RUNS)):
        took, mb = _child(name)
        loads.append(took)
        if i < RSS_RUNS:
            rss.append(mb)
    lex = lexicon.load(name)
    queries = _queries(lex, rng)
    rate = _checks_per_second(lex, queries)
    lower_rate = _checks_per_second(lex, [q.lower() for q in queries[: QUERIES // 4]])
    racks = _racks(lex, rng)
    sub_ms = _anagram_ms(lex, racks, exact=False)
    exact_ms = _anagram_ms(lex, racks, exact=True)
    load_s = statistics.median(loads)
    rss_mb = statistics.median(rss)

    def row(
        what: str, value: float, unit: str, target: str = "", ok: bool | None = None, note: str = ""
    ) -> dict:
        r: dict = {"benchmark": f"lexicon {label}: {what}", "value": value, "unit": unit, "note": note}
        if targets and target:
            r["target"] = target
            r["ok"] = ok
        return r

    return [
        row("cache build", build, "s", note=f"{len(lex):,} words; median of {BUILDS}"),
        row("load from cache", load_s, "s", "< 0.3 s", load_s < 0.3, f"fresh process, median of {LOADS}"),
        row(
            "resident memory, loaded",
            rss_mb,
            "MB",
            "< 40 MB",
            rss_mb < 40,
            "whole process, fresh, median of 3",
        ),
        row(
            "is_word, canonical input",
            rate,
            "checks/s",
            "> 1,000,000",
            rate > 1_000_000,
            "half words, half one-letter changes",
        ),
        row("is_word, lower-case input", lower_rate, "checks/s", note="normalised before the look-up"),
        row(
            "anagram 7-letter rack, 1 blank, all words",
            sub_ms,
            "ms",
            "< 5 ms",
            sub_ms < 5,
            f"sub-anagrams of length >= 2, median over {RACKS} racks",
        ),
        row(
            "anagram 7-letter rack, 1 blank, full rack",
            exact_ms,
            "ms",
            "< 5 ms",
            exact_ms < 5,
            f"words using all 7 tiles, median over {RACKS} racks",
        ),
    ]


def run() -> list[dict]:
    """Rows for the default lexicon (with targets) and the largest installed list."""
    saved = os.environ.get("WORDTABLE_HOME")
    with tempfile.TemporaryDirectory(prefix="wordtable-bench-") as home:
        os.environ["WORDTABLE_HOME"] = home
        try:
            rows = _measure(lexicon.DEFAULT_LEXICON, lexicon.DEFAULT_LEXICON + " (default)", targets=True)
            sizes = {}
            for spec in lexicon.all_specs():
                if spec.builtin and spec.installed and spec.name != lexicon.DEFAULT_LEXICON:
                    if spec.source_key != spec.name:
                        continue  # a variant spelling of another list: same size
                    sizes[spec.name] = len(lexicon.load(spec.name))
            if sizes:
                largest = max(sizes, key=lambda n: sizes[n])
                rows += _measure(largest, f"{largest} (largest)", targets=False)
            else:
                rows.append(
                    {
                        "benchmark": "lexicon largest list",
                        "value": "",
                        "unit": "",
                        "note": "no other list fetched (make lexicons)",
                    }
                )
        finally:
            if saved is None:
                os.environ.pop("WORDTABLE_HOME", None)
            else:
                os.environ["WORDTABLE_HOME"] = saved
    return rows


if __name__ == "__main__":
    for r in run():
        print(r)
