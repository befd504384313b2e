"""The web server of the virtual table (aiohttp): the page, its assets, and one WebSocket per page.

Routes:

* ``GET /``: the page (or, on the LAN, the PIN form first). The page carries the server's token.
* ``GET /assets/...``: the page's script, style and icons, shipped in the package (no CDN).
* ``GET /ws?token=...``: live updates. The server sends ``state`` (the table, see tablestate.py)
  whenever it changes and ``panel`` (the panel image as PNG) after every refresh; the page sends
  actions (``{"id": 1, "op": "place", "cell": 112, "uid": "04..."}``) and gets an ``ack``.
* ``GET /panel.png``: the panel as it is now. ``GET /api/state``: the state, once.
* ``POST /api/act``: one action, for scripts (header ``X-Wordtable-Token``).
* ``POST /login`` (the LAN PIN), ``POST /api/settings/unlock`` (the kiosk PIN).

Every request must be addressed to one of the table's own names (access.py: DNS rebinding), else
421. State-changing requests need the token and the page's own Origin. A body that is not one JSON
object gets 400 with a short reason; the security headers are on every response, errors included.

A watcher task polls the link's mirror, the session's snapshot and the panel every ``poll_s`` and
pushes what changed. Each page has its own bounded queue of messages and its own sender: a page that
stops reading (a sleeping tablet) holds up nobody else, and once ``SEND_QUEUE`` messages wait for it,
it is dropped (its page reconnects when it wakes).
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import math
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from ..table.layout import TableLayout
from ..table.link import BoardLink
from ..table.robot import SimRobot
from ..table.sim import SimBoard, SimError
from ..table.tags import TagRegistry
from .access import COOKIE, TOKEN_HEADER, AccessError, Gate, check_bind, host_allowed, same_origin
from .control import Action, ControlError, SimControl
from .kiosk import Attract, KioskClock
from .panelfeed import PanelFeed
from .runner import SessionRunner
from .tablestate import PieceNamer, TableState

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
WATCHER = web.AppKey("watcher", asyncio.Task)
SEND_QUEUE = 32
"""Messages that may wait for one page; one more and that page is dropped."""
SEND_BUFFER = 64 * 1024
"""The kernel's send buffer for one page's socket: with the queue, what a page that stops reading may
hold up (a few dozen pushes), whatever the system's defaults."""
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "style-src 'self'; script-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


@dataclass
class WebOptions:
    """How the page is served. ``port`` 0 picks a free port (tests)."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    lan: bool = False
    pin: str | None = None
    kiosk: bool = False
    kiosk_pin: str | None = None
    idle_reset_s: float = 180.0
    allow_control: bool = False
    poll_s: float = 0.01
    names: tuple[str, ...] = ()
    """Names the page is reached by besides its address and ``localhost`` (``--lan-name``)."""

    def __post_init__(self) -> None:
        if not 0 <= self.port <= 65535:
            raise AccessError(
                f"--http-port must be a port number from 1 to 65535 (0: any free port), not {self.port}."
            )
        if not (math.isfinite(self.idle_reset_s) and self.idle_reset_s > 0):
            raise AccessError(f"--idle-reset must be a number of seconds above 0, not {self.idle_reset_s:g}.")
        if self.pin is not None or self.kiosk_pin is not None:
            check_bind("127.0.0.1", False, self.pin, self.kiosk_pin)


def asset_text(name: str) -> str:
    return (resources.files(__package__) / "assets" / name).read_text(encoding="utf-8")


class WebTable:
    """The page's server for one table: ``link`` (the host's connection to the board), ``sim`` (the
    simulated board, whose control channel the page drives through ``hands``; None with a real board),
    and optionally ``runner``, the session loop whose snapshot the page shows and which the kiosk
    sends back to its menu."""

    def __init__(
        self,
        link: BoardLink,
        layout: TableLayout,
        *,
        sim: SimBoard | None = None,
        hands: SimRobot | None = None,
        runner: SessionRunner | None = None,
        registry: TagRegistry | None = None,
        options: WebOptions | None = None,
    ) -> None:
        self.options = options or WebOptions()
        check_bind(self.options.host, self.options.lan, self.options.pin, self.options.kiosk_pin)
        self.link = link
        self.sim = sim
        self.runner = runner
        self.layout = layout
        if sim is not None:
            self.control: SimControl | None = SimControl(hands or SimRobot(sim))
        else:
            self.control = None
        # A PIN, once given, is asked for on 127.0.0.1 too (a shared computer); on the LAN it is required.
        self.gate = Gate(pin=self.options.pin, kiosk_pin=self.options.kiosk_pin)
        self.state_builder = TableState(layout, PieceNamer(registry), session_view=self._session_view)
        if sim is not None:
            self.feed = PanelFeed(pbm_path=sim.panel_path)
        else:
            # A real panel cannot be read back: the host's last image is what it shows.
            self.feed = PanelFeed(host_image=lambda: link.screen)
        self.kiosk = KioskClock(self.options.idle_reset_s, time.monotonic()) if self.options.kiosk else None
        self.attract = (
            Attract(runner, self._clear) if runner is not None and self.control is not None else None
        )
        self.clients: dict[web.WebSocketResponse, asyncio.Queue[str]] = {}
        self.dropped = 0
        """Pages dropped because they fell behind."""
        self.state: dict[str, Any] = {}
        self._state_json = ""
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self.url = ""
        self.actions = 0

    # -- what the page sees -----------------------------------------------------------------------
    @property
    def writable(self) -> bool:
        """The page may act: always on the simulated board, on a real one only with --control
        (and then only the seat buttons, handed to the session as if pressed on the table)."""
        return self.control is not None or (self.options.allow_control and self.runner is not None)

    def _session_view(self) -> dict[str, Any] | None:
        return self.runner.snapshot if self.runner is not None else None

    def _clear(self) -> None:
        if self.control is not None:
            self.control.clear()

    def build_state(self) -> dict[str, Any]:
        info = self.link.info
        return self.state_builder.build(
            dict(self.link.cells),
            sim=self.sim is not None,
            linked=self.link.linked,
            board_name=info.board_name if info else "",
            writable=self.writable,
            panel={"version": self.feed.version, "size": list(self.feed.size or (0, 0))},
            kiosk={"on": True, **self.kiosk.to_json()} if self.kiosk else {"on": False},
        )

    def panel_message(self) -> dict[str, Any]:
        png = self.feed.png or b""
        return {
            "type": "panel",
            "version": self.feed.version,
            "size": list(self.feed.size or (0, 0)),
            "png": base64.b64encode(png).decode("ascii"),
        }

    # -- actions ------------------------------------------------------------------------------------
    def act(self, action: Action) -> str:
        """Do one page action (blocking: the sim's control socket). Raises ControlError."""
        if self.kiosk is not None and self.kiosk.touch(time.monotonic()) and self.attract is not None:
            self.attract.stop()  # someone is here: the bots' game gives way to the menu
        if action.op == "wake":
            return "awake"
        if self.control is None:
            if action.op == "tap" and self.writable:
                seat, button = action.seat, action.button
                assert self.runner is not None and seat is not None and button is not None
                self.runner.call(lambda s: press_on_session(s, seat, button))
                return "pressed"
            raise ControlError(
                "This page mirrors a real table and is read-only: lay the pieces on the table itself."
                + (
                    ""
                    if self.options.allow_control
                    else " (Start with --control to use the seat buttons from here.)"
                )
            )
        self.actions += 1
        return self.control.apply(action)

    def kiosk_reset(self) -> None:
        """The kiosk's reset after inactivity: the session goes back to its menu, the simulated table is
        cleared, and the attract loop starts a bots' game."""
        try:
            if self.attract is not None:
                self.attract.start()
            elif self.runner is not None:
                from .kiosk import to_menu

                self.runner.call(to_menu, wait=5)
                self._clear()
            else:
                self._clear()
        except (ControlError, SimError) as exc:
            log.warning("kiosk reset could not clear the table: %s", exc)

    # -- the watcher ------------------------------------------------------------------------------
    async def _watch(self) -> None:
        assert self._wake is not None
        last_cells: dict[int, bytes] = dict(self.link.cells)
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), self.options.poll_s)
            except TimeoutError:
                pass
            self._wake.clear()
            now = time.monotonic()
            cells = dict(self.link.cells)
            if self.kiosk is not None:
                if cells != last_cells and self.kiosk.state == "active":
                    self.kiosk.touch(now)
                if self.kiosk.due(now):
                    await asyncio.get_running_loop().run_in_executor(None, self.kiosk_reset)
                    cells = dict(self.link.cells)
                elif self.attract is not None and self.kiosk.state == "attract" and self.attract.running:
                    if (self.attract.runner.snapshot or {}).get("state") == "result":
                        await asyncio.get_running_loop().run_in_executor(None, self.attract.tick, now)
            last_cells = cells
            if self.feed.poll():
                await self._broadcast(self.panel_message())
            await self._push_state()

    async def _push_state(self, force: bool = False) -> None:
        state = self.build_state()
        text = json.dumps(state, sort_keys=True)
        if text != self._state_json or force:
            self.state, self._state_json = state, text
            await self._broadcast({"type": "state", **state})

    async def _broadcast(self, message: dict[str, Any]) -> None:
        if not self.clients:
            return
        text = json.dumps(message)
        for ws, queue in list(self.clients.items()):
            try:
                queue.put_nowait(text)
            except asyncio.QueueFull:
                self._drop(ws, "it fell behind")

    def _drop(self, ws: web.WebSocketResponse, why: str) -> None:
        """Forget a page and cut its connection without waiting for it (it does not read)."""
        if self.clients.pop(ws, None) is None:
            return
        self.dropped += 1
        log.warning("a page was dropped: %s", why)
        transport = getattr(ws, "_wordtable_transport", None)
        if transport is not None:
            transport.abort()

    async def _send_loop(self, ws: web.WebSocketResponse, queue: asyncio.Queue[str]) -> None:
        """One page's sender: waits for that page alone."""
        try:
            while True:
                text = await queue.get()
                await ws.send_str(text)
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            self.clients.pop(ws, None)

    # -- HTTP -----------------------------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._own_host])
        app.on_response_prepare.append(self._security_headers)
        app.router.add_get("/", self._index)
        app.router.add_post("/login", self._login)
        app.router.add_get("/ws", self._ws)
        app.router.add_get("/panel.png", self._panel_png)
        app.router.add_get("/api/state", self._api_state)
        app.router.add_post("/api/act", self._api_act)
        app.router.add_post("/api/settings/unlock", self._unlock)
        app.router.add_static("/assets", str(resources.files(__package__) / "assets"))
        app.on_startup.append(self._on_startup)
        app.on_cleanup.append(self._on_cleanup)
        return app

    @web.middleware
    async def _own_host(self, request: web.Request, handler: Callable[..., Any]) -> web.StreamResponse:
        if not host_allowed(request.headers.get("Host"), self.options.host, self.options.names):
            raise web.HTTPMisdirectedRequest(
                text="This table answers only to its own address (open it by the "
                "address wordtable serve printed)."
            )
        response: web.StreamResponse = await handler(request)
        return response

    async def _security_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        """On every response, errors and files included."""
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)

    async def _on_startup(self, app: web.Application) -> None:
        self._wake = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        self.feed.poll()
        self.state = self.build_state()
        self._state_json = json.dumps(self.state, sort_keys=True)
        app[WATCHER] = asyncio.create_task(self._watch())

    async def _on_cleanup(self, app: web.Application) -> None:
        app[WATCHER].cancel()
        for ws in list(self.clients):
            self._drop(ws, "the server stops")

    def _logged_in(self, request: web.Request) -> bool:
        return not self.gate.needs_login(request.cookies.get(COOKIE))

    def _check_write(self, request: web.Request, token: str | None) -> None:
        if not self._logged_in(request):
            raise web.HTTPUnauthorized(text="Give the table's PIN first (open the page).")
        if not same_origin(request.headers.get("Origin"), request.host):
            raise web.HTTPForbidden(text="This request does not come from the table's own page.")
        if not self.gate.token_ok(token):
            raise web.HTTPForbidden(text="The page's token is missing or old; reload the page.")

    async def _index(self, request: web.Request) -> web.Response:
        if not self._logged_in(request):
            return web.Response(text=asset_text("login.html"), content_type="text/html")
        page = asset_text("index.html").replace("{{TOKEN}}", self.gate.token)
        page = page.replace("{{KIOSK}}", "kiosk" if self.kiosk else "")
        return web.Response(text=page, content_type="text/html", headers={"Cache-Control": "no-store"})

    async def _login(self, request: web.Request) -> web.Response:
        if not same_origin(request.headers.get("Origin"), request.host):
            raise web.HTTPForbidden(text="This request does not come from the table's own page.")
        form = await request.post()
        try:
            cookie = self.gate.login(str(form.get("pin", "")), client=request.remote or "")
        except AccessError as exc:
            raise web.HTTPTooManyRequests(text=str(exc)) from None
        if cookie is None:
            page = asset_text("login.html").replace('<p class="error" hidden>', '<p class="error">')
            return web.Response(text=page, content_type="text/html", status=401)
        response = web.HTTPSeeOther("/")
        response.set_cookie(COOKIE, cookie, httponly=True, samesite="Strict", path="/")
        raise response

    async def _panel_png(self, request: web.Request) -> web.Response:
        if not self._logged_in(request):
            raise web.HTTPUnauthorized(text="Give the table's PIN first (open the page).")
        if self.feed.png is None:
            raise web.HTTPNotFound(text="The panel has not been refreshed yet.")
        return web.Response(
            body=self.feed.png, content_type="image/png", headers={"Cache-Control": "no-store"}
        )

    async def _api_state(self, request: web.Request) -> web.Response:
        if not self._logged_in(request):
            raise web.HTTPUnauthorized(text="Give the table's PIN first (open the page).")
        return web.json_response(self.build_state())

    async def _run_action(self, data: Any) -> dict[str, Any]:
        try:
            action = Action.from_json(data)
            reply = await asyncio.get_running_loop().run_in_executor(None, self.act, action)
        except ControlError as exc:
            return {"ok": False, "error": str(exc)}
        if self._wake is not None:
            self._wake.set()
        return {"ok": True, "reply": reply}

    async def _api_act(self, request: web.Request) -> web.Response:
        self._check_write(request, request.headers.get(TOKEN_HEADER))
        data = await json_object(request, 'The body must be one JSON action, an object with an "op".')
        result = await self._run_action(data)
        return web.json_response(result, status=200 if result["ok"] else 409)

    async def _unlock(self, request: web.Request) -> web.Response:
        self._check_write(request, request.headers.get(TOKEN_HEADER))
        data = await json_object(request, 'The body must be a JSON object with the "pin".')
        try:
            ok = self.gate.unlock_settings(str(data.get("pin", "")), client=request.remote or "")
        except AccessError as exc:
            return web.json_response({"ok": False, "error": str(exc)}, status=429)
        if not ok:
            why = (
                "Wrong PIN." if self.gate.kiosk_pin else "Settings are locked on this kiosk (no --kiosk-pin)."
            )
            return web.json_response({"ok": False, "error": why}, status=403)
        return web.json_response({"ok": True})

    async def _ws(self, request: web.Request) -> web.WebSocketResponse:
        self._check_write(request, request.query.get("token"))
        ws = web.WebSocketResponse(heartbeat=20, max_msg_size=64 * 1024)
        await ws.prepare(request)
        ws._wordtable_transport = request.transport  # type: ignore[attr-defined]
        sock = request.transport.get_extra_info("socket") if request.transport is not None else None
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        queue: asyncio.Queue[str] = asyncio.Queue(SEND_QUEUE)
        queue.put_nowait(json.dumps({"type": "state", **self.build_state()}))
        if self.feed.png is not None:
            queue.put_nowait(json.dumps(self.panel_message()))
        self.clients[ws] = queue
        sender = asyncio.create_task(self._send_loop(ws, queue))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                try:
                    data = json.loads(msg.data)
                except (ValueError, RecursionError):
                    reply = {"type": "ack", "id": None, "ok": False, "error": "a message is one JSON action"}
                else:
                    result = await self._run_action(data)
                    reply = {
                        "type": "ack",
                        "id": data.get("id") if isinstance(data, dict) else None,
                        **result,
                    }
                if ws not in self.clients:
                    break
                try:
                    queue.put_nowait(json.dumps(reply))
                except asyncio.QueueFull:
                    self._drop(ws, "it fell behind")
                    break
        finally:
            self.clients.pop(ws, None)
            sender.cancel()
        return ws

    # -- running ----------------------------------------------------------------------------------------
    def start(self) -> str:
        """Serve on a thread of its own (the session loop keeps the main thread); returns the URL."""
        ready = threading.Event()
        errors: list[BaseException] = []

        def serve() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            try:
                runner = web.AppRunner(self.app(), access_log=None)
                loop.run_until_complete(runner.setup())
                site = web.TCPSite(runner, self.options.host, self.options.port)
                loop.run_until_complete(site.start())
                self._runner = runner
                port = runner.addresses[0][1]
                host = self.options.host if ":" not in self.options.host else f"[{self.options.host}]"
                self.url = f"http://{host}:{port}/"
            except BaseException as exc:  # reported to the caller of start()
                errors.append(exc)
                ready.set()
                loop.close()
                return
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(runner.cleanup())
                loop.close()

        self._thread = threading.Thread(target=serve, name="wordtable-web", daemon=True)
        self._thread.start()
        ready.wait(10)
        if errors:
            exc = errors[0]
            if isinstance(exc, OSError):
                raise AccessError(
                    f"Cannot listen on {self.options.host}:{self.options.port}: {exc.strerror}. "
                    f"Is another wordtable running? Choose another --http-port."
                ) from exc
            raise exc
        return self.url

    def stop(self) -> None:
        loop = self._loop
        if loop is not None and self._thread is not None:
            loop.call_soon_threadsafe(loop.stop)
            self._thread.join(timeout=5)
        self._thread = None


async def json_object(request: web.Request, what: str) -> dict[str, Any]:
    """The request's body as one JSON object, or 400 with ``what`` (malformed, a list, nested too deep)."""
    try:
        data = json.loads(await request.text())
    except (ValueError, RecursionError):
        raise web.HTTPBadRequest(text=what) from None
    if not isinstance(data, dict):
        raise web.HTTPBadRequest(text=what)
    return data


def press_on_session(session: Any, seat: int, button: int) -> None:
    """A seat button pressed on the page of a real table (--control): queued as if the board had sent
    it, with the session's own time (on the session's thread)."""
    session.queue_press(seat, button)
