"""The sim's control channel: a Unix-socket server through which tests and people move the pieces.

Line-based ASCII, any number of clients, one reply line per command: ``ok ...`` or
``error: <what was wrong and what is accepted>``. A bad command changes nothing. ``help`` lists
the commands; firmware/README.md documents them.
"""

import gc
import select

from micropython import const
from wtproto.link import ticks_diff

from ..app import LINKED
from ..scanner import SLOT
from .world import hex_uid, parse_number, parse_uid

MAX_LINE = const(200)
MAX_CLIENTS = const(8)
MAX_FAULT_READS = const(10000)

# Every command with its arguments, and the help text. One string each: in MicroPython every
# string constant is an object of its own in the heap, and a table of them costs kilobytes.
COMMANDS = (
    "place CELL UIDHEX;lift CELL;press SEAT BUTTON;release SEAT BUTTON;tap SEAT BUTTON;"
    "misread CELL N;flicker CELL UIDHEX N;state;panel;feedback;stats;help"
)
_HELP = (
    "commands: place CELL UIDHEX (a tag lies on the cell (UID of 4, 7 or 10 bytes in hex)); lift CELL "
    "(the tag on the cell is taken away); press SEAT BUTTON (a seat button goes down); "
    "release SEAT BUTTON (a seat button comes up); tap SEAT BUTTON (press, then release); "
    "misread CELL N (the next N reads of the cell fail (0 cancels)); flicker CELL UIDHEX N "
    "(the next N reads of the cell alternate between the tag and empty); state (the physical "
    "world: CELL:UIDHEX of every occupied cell); panel (refresh counters and the image path "
    "of the panel); feedback (the last LED and beep commands); stats (uptime, heap, scan "
    "time, read errors, link state and counters); help (this list)"
)


class Control:
    """The control channel: serves command lines on ``sock`` (a listening, non-blocking Unix stream
    socket: wtfw.boards.sim.listen) and executes them against the sim's parts
    (``execute(line, now_ms) -> reply``). ``wake``: a select.poll that the main loop waits on; the
    server registers its sockets there so a command wakes the loop."""

    def __init__(self, sock, world, reader, buttons, panel, feedback, wake=None):
        self.world = world
        self.reader = reader
        self.buttons = buttons
        self.panel = panel
        self.feedback = feedback
        self.app = None  # set by attach(); gives the stats
        self._wake = wake
        self._sock = sock
        self._poll = select.poll()
        self._clients = {}  # socket -> [partly received line, in an overlong line]
        self._rbuf = bytearray(64)  # a longer line comes in a few reads
        self._watch(self._sock, True)

    def attach(self, app):
        self.app = app

    def execute(self, line, now):
        """Run one command line (str); returns the reply line without its newline: a str, or for
        a long reply (``state`` of a full table) an iterator of str pieces, which the server
        writes one by one so the reply never has to fit in the heap in one block."""
        words = line.split()
        if not words:
            return "error: empty line; send 'help' for the commands"
        name = words[0].lower()
        for usage in COMMANDS.split(";"):
            cmd = usage.split()[0]
            if cmd == name:
                if len(words) != len(usage.split()):
                    return "error: usage: " + usage if " " in usage else "error: %s takes no arguments" % cmd
                try:
                    reply = self._run(cmd, words[1:], now)
                except ValueError as e:
                    return "error: %s" % e
                except OSError as e:
                    return "error: could not save the world file %s (%s); nothing changed" % (
                        self.world.path,
                        e,
                    )
                if isinstance(reply, str):
                    return "ok" if not reply else "ok " + reply
                return reply
        # The command names, without their arguments (no comprehension: each is a function in
        # MicroPython, with heap of its own).
        names = ""
        for w in COMMANDS.split(";"):
            names += ", " + w.split()[0] if names else w.split()[0]
        return "error: unknown command %r; commands: %s" % (words[0], names)

    def _run(self, cmd, a, now):
        # One method for all commands: in MicroPython every function costs heap of its own.
        w = self.world
        if cmd in ("press", "release", "tap"):
            b = self.buttons
            seat = parse_number(a[0], "seat", b.seats)
            button = parse_number(a[1], "button", b.per_seat)
            if cmd != "release":
                b.press(seat, button, now)
            if cmd != "press":
                b.release(seat, button, now)
            return "seat %d button %d %s" % (
                seat,
                button,
                cmd + ("ped" if cmd == "tap" else "ed" if cmd == "press" else "d"),
            )
        if cmd == "state":
            return _state_pieces(w)
        if cmd == "panel":
            p = self.panel
            return "refreshes=%d full=%d partial=%d path=%s" % (p.refreshes, p.full, p.partial, p.path)
        if cmd == "feedback":
            f = self.feedback
            led = "%d,%d,%d,%d,%d,%d" % f.last_led if f.last_led else "-"
            beep = "%d,%d,%d" % f.last_beep if f.last_beep else "-"
            return "leds=%d beeps=%d led=%s beep=%s" % (f.leds, f.beeps, led, beep)
        if cmd == "stats":
            items = _app_stats(self.app, now) if self.app is not None else []
            items.append(("reads", self.reader.reads))
            items.append(("world_changes", w.changes))
            out = ""
            for kv in items:
                out += " %s=%s" % kv
            return out[1:]
        if cmd == "help":
            return _HELP
        cell = parse_number(a[0], "cell", w.ncells)  # place, lift, misread, flicker
        if cmd == "misread":
            n = parse_number(a[1], "N", MAX_FAULT_READS + 1)
            self.reader.misread(cell, n)
            return "the next %d reads of cell %d fail" % (n, cell)
        here = w.uid(cell)
        if cmd == "lift":
            if not here:
                raise ValueError("cell %d is empty; nothing to lift" % cell)
            w.set(cell, b"")
            return "lifted %s from cell %d" % (hex_uid(here), cell)
        uid = parse_uid(a[1])
        if cmd == "flicker":
            n = parse_number(a[2], "N", MAX_FAULT_READS + 1)
            self.reader.flicker(cell, uid, n)
            return "the next %d reads of cell %d alternate between %s and empty" % (n, cell, hex_uid(uid))
        if here == uid:  # place
            return "tag %s already lies on cell %d" % (hex_uid(uid), cell)
        if here:
            raise ValueError("cell %d holds tag %s; lift it first" % (cell, hex_uid(here)))
        there = w.find(uid)
        if there >= 0:
            raise ValueError(
                "tag %s lies on cell %d; lift it first (a tag is in one place only)" % (hex_uid(uid), there)
            )
        w.set(cell, uid)
        return "placed %s on cell %d" % (hex_uid(uid), cell)

    def _watch(self, s, on):
        for p in (self._poll, self._wake):
            if p is not None:
                if on:
                    p.register(s, select.POLLIN)
                else:
                    p.unregister(s)

    def service(self, now):
        """Accept clients and answer complete lines. True if any command was executed."""
        ready = None
        for obj, _ev in self._poll.ipoll(0):
            if ready is None:
                ready = []
            ready.append(obj)
        if ready is None:
            return False
        busy = False
        clients = self._clients
        for obj in ready:
            if obj is self._sock:
                try:
                    c, _addr = obj.accept()
                except OSError:
                    continue
                c.setblocking(False)
                if len(clients) >= MAX_CLIENTS:
                    c.write(b"error: too many control connections (at most %d)\n" % MAX_CLIENTS)
                    c.close()
                    continue
                clients[c] = [bytearray(), False]
                self._watch(c, True)
            elif obj in clients and self._read(obj, now):
                busy = True
        return busy

    def _drop(self, c):
        del self._clients[c]
        self._watch(c, False)
        c.close()

    def _read(self, c, now):
        try:
            n = c.readinto(self._rbuf)
        except OSError:
            n = 0
        if n is None:
            return False  # spurious wake-up
        if not n:
            self._drop(c)
            return False
        state = self._clients[c]  # [partial line, discarding the rest of an overlong line]
        buf = state[0]
        buf.extend(self._rbuf[:n])
        replies = []
        while True:
            i = buf.find(b"\n")
            if i < 0:
                break
            line = bytes(buf[:i])
            buf = buf[i + 1 :]
            if state[1]:
                state[1] = False  # the end of the overlong line: nothing to answer
                continue
            if len(line) > MAX_LINE:
                replies.append("error: line of %d characters; at most %d" % (len(line), MAX_LINE))
                continue
            try:
                text = line.decode()
            except UnicodeError:
                replies.append("error: commands are ASCII text")
                continue
            replies.append(self.execute(text, now))
        if len(buf) > MAX_LINE:
            if not state[1]:
                replies.append(
                    "error: line longer than %d characters; it is ignored up to its newline" % MAX_LINE
                )
                state[1] = True
            buf = bytearray()
        state[0] = buf
        for reply in replies:
            if isinstance(reply, str):
                ok = _send(c, reply + "\n")
            else:
                ok = True
                for piece in reply:
                    ok = ok and _send(c, piece)
                ok = ok and _send(c, "\n")
            if not ok:
                self._drop(c)  # a client that does not read its replies
                break
        return bool(replies)


def _state_pieces(world):
    # "ok", then " CELL:UID" for every occupied cell, a few cells per piece.
    yield "ok"
    s = world.slots
    out = ""
    for cell in range(world.ncells):
        off = cell * SLOT
        if s[off]:
            out += " %d:%s" % (cell, hex_uid(s[off + 1 : off + 1 + s[off]]))
            if len(out) > 200:
                yield out
                out = ""
    if out:
        yield out


def _send(c, text):
    data = text.encode()
    try:
        return c.write(data) == len(data)
    except OSError:
        return False


def _app_stats(app, now):
    # The app's counters, as (name, value) pairs. Here rather than in App: only the sim asks.
    sc = app.scanner
    out = [
        ("uptime_ms", ticks_diff(now, app.boot_ms)),
        ("heap_free", gc.mem_free()),
        ("scan_ms", app.scan_us // 1000),
        ("scan_us", app.scan_us),
        ("sweeps", sc.sweeps),
        ("read_errors", sc.read_errors),
        ("cells_deferred", sc.deferred),
        ("events_dropped", app.events_dropped),
        ("exceptions", app.exceptions),
        ("link", "linked" if app.state == LINKED else "unlinked"),
        ("boot_id", "%04x" % app.boot_id),
        ("epoch", app.epoch),
    ]
    link = app.link
    d = link.deframer
    out.extend(
        sorted(
            [
                ("frames", d.frames),
                ("dropped", d.dropped),
                ("bad_cobs", d.bad_cobs),
                ("bad_crc", d.bad_crc),
                ("bad_length", d.bad_length),
                ("too_short", d.too_short),
                ("too_long", d.too_long),
                ("garbage_bytes", d.garbage_bytes),
                ("sent", link.sent),
                ("retransmits", link.retransmits),
                ("duplicates", link.duplicates),
                ("out_of_order", link.out_of_order),
                ("queue_full", link.queue_full),
                ("pending", link.pending()),
            ]
        )
    )
    return out
