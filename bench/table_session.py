"""The table's session: from the seat button "done" to the display frame sent, for a 7-tile wordgame
move (the press handled, the tiles identified, the move validated and scored by the game, written to
SQLite, the status screen rendered, and the changed region written to the link), median and p95; and
the DISPLAY payload bytes of each update. On the simulated board, over its pseudo-terminal."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from wordtable import lexicon
from wordtable.store.store import Store
from wordtable.table.board_events import ButtonChanged
from wordtable.table.link import BoardLink
from wordtable.table.seats import Seat
from wordtable.table.session import Session
from wordtable.table.sim import SimBoard
from wordtable.table.sim_pieces import enroll_sim_sets, virtual_uid
from wordtable.table.tags import TagRegistry

MOVES = 25
WORD = "RETAINS"
POSITION = {
    "board": ["." * 15] * 15,
    "racks": [WORD + "E", "DOG"],
    "bag": "",
    "scores": [0, 0],
    "turn": 0,
    "seed": 1,
}


def run() -> list[dict]:
    lex = lexicon.load()
    times: list[float] = []
    frame_bytes: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        sim = SimBoard(Path(tmp) / "sim").start()
        store = Store(Path(tmp) / "wt.db")
        enroll_sim_sets(TagRegistry(store.conn))
        link = BoardLink(sim.port).start()
        try:
            link.wait_linked(10)
            session = Session(link, store, lexicon=lex, positions={"wordgame": POSITION}, settle_ms=0)
            for _ in range(MOVES):
                session.table.replace({}, 0, settled=True)
                session.start_game("wordgame", [Seat("Ann"), Seat("Bob")], seed=1)
                game = session.game
                free = list(game.racks[0])
                for i, ch in enumerate(WORD):
                    tid = next(t for t in free if game.tiles[t].letter == ch)
                    free.remove(tid)
                    session.table.observe(7 * 15 + 4 + i, virtual_uid("wordgame", str(tid)), 0)
                session.tick()
                session.frames.clear()
                t0 = time.perf_counter()
                session.handle(ButtonChanged(0, 0, True, 0))
                session.tick()
                assert session.moves and session.frames, "the move was not played"
                times.append((session.last_frame_at - t0) * 1000)
                frame_bytes.extend(session.frames)
                session.moves = 0
        finally:
            link.close()
            store.close()
            sim.stop()
    times.sort()
    med = statistics.median(times)
    p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
    return [
        {
            "benchmark": "table session: done -> frame sent, 7-tile wordgame move (median)",
            "value": round(med, 1),
            "unit": "ms",
            "target": "< 100",
            "ok": med < 100,
            "note": f"{MOVES} moves; validate, score, store, render, send",
        },
        {
            "benchmark": "table session: done -> frame sent, 7-tile wordgame move (p95)",
            "value": round(p95, 1),
            "unit": "ms",
            "target": "",
            "ok": True,
            "note": "",
        },
        {
            "benchmark": "table session: DISPLAY payload per update after a move",
            "value": int(statistics.median(frame_bytes)),
            "unit": "bytes",
            "target": "",
            "ok": True,
            "note": f"median of {len(frame_bytes)} updates (changed region only; a full 296x128 panel is 4736)",
        },
    ]


if __name__ == "__main__":
    for row in run():
        print(row)
