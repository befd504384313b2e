"""The pico board over the stand-in table, on a serial line: ``run.py pico_serial serve TMP`` with
stdin and stdout on a pseudo-terminal. The real firmware (main.run, App, the drivers) against the
chip models, so that the host's commands can be run against it (tests/drivers/test_host_on_pico.py).

The table holds an NTAG213 on cell 112 and a tag without user memory (it NAKs READ and WRITE) on
cell 140. The drivers run on the models' virtual clock; the app, as on a board, on ticks_ms.
"""

import sys
import time

import main
from standin_table import TableBench, pico_board
from standin_tags import Tag, ntag213
from wtfw.app import App
from wtfw.boards.sim import make_raw
from wtfw.stdio import StdioTransport


def _debug(text):
    sys.stderr.write("wtfw: %s\n" % text)


def serve():
    bench = TableBench()
    bench.place(112, ntag213(b"\x04\x51\x62\x73\x84\x95\xa6"))
    bench.place(140, Tag(b"\x04\x11\x22\x33\x44\x55\x66"))
    _bench, board = pico_board(bench, _debug, StdioTransport(tty=make_raw(sys.stdin)))
    board.wait = time.sleep_ms
    main.run(board, App(board, time.ticks_ms()))
