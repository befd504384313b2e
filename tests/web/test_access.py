"""Who may reach the page and change the table: the bind rules, the token and Origin checks on every
state-changing request, the PIN, and the read-only mirror of a real board."""

from __future__ import annotations

import asyncio
import io
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import aiohttp
import pytest
from PIL import Image
from wordtable.table.sim import SimBoard
from wordtable.table.sim_pieces import virtual_uid
from wordtable.web.access import AccessError, Gate, check_bind, same_origin
from wordtable.web.launch import VirtualTable
from wordtable.web.pageplay import wait_until

from .conftest import shared_lexicon, virtual_table


def test_listening_beyond_loopback_needs_the_lan_flag_and_a_pin() -> None:
    check_bind("127.0.0.1", False, None)
    check_bind("::1", False, None)
    with pytest.raises(AccessError, match="Add --lan"):
        check_bind("0.0.0.0", False, "4821")
    with pytest.raises(AccessError, match="PIN of at least 4 digits"):
        check_bind("0.0.0.0", True, None)
    with pytest.raises(
        AccessError, match=r"--pin must be at least 4 digits \(e.g. --pin 4821\); '12a4' is not"
    ):
        check_bind("0.0.0.0", True, "12a4")
    check_bind("0.0.0.0", True, "4821")


def test_origin_must_be_the_pages_own() -> None:
    assert same_origin("http://127.0.0.1:8765", "127.0.0.1:8765")
    assert not same_origin("http://evil.example", "127.0.0.1:8765")
    assert not same_origin("http://127.0.0.1:9999", "127.0.0.1:8765")
    assert not same_origin(None, "127.0.0.1:8765")


def test_wrong_pins_lock_the_gate_for_a_while() -> None:
    gate = Gate(pin="4821")
    for _ in range(5):
        assert gate.login("0000", now=100.0) is None
    with pytest.raises(AccessError, match="Too many wrong PINs"):
        gate.login("4821", now=101.0)
    cookie = gate.login("4821", now=131.0)
    assert cookie is not None and not gate.needs_login(cookie)
    assert gate.needs_login("made-up")


def request(
    url: str, *, data: bytes | None = None, headers: dict[str, str] | None = None, method: str = "GET"
) -> tuple[int, str, dict[str, str]]:
    req = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(req, timeout=10) as r:
            return r.status, r.read().decode(errors="replace"), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(), dict(e.headers)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def token_of(page: str) -> str:
    found = re.search(r'name="wordtable-token" content="([^"]+)"', page)
    assert found, "the page carries no token"
    return found.group(1)


def act(
    table: VirtualTable,
    action: dict[str, object],
    token: str | None,
    origin: str | None = "page",
    cookie: str = "",
) -> tuple[int, str]:
    host = urllib.parse.urlsplit(table.url).netloc
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["X-Wordtable-Token"] = token
    if origin is not None:
        headers["Origin"] = f"http://{host}" if origin == "page" else origin
    if cookie:
        headers["Cookie"] = cookie
    status, body, _ = request(
        table.url + "api/act", data=json.dumps(action).encode(), headers=headers, method="POST"
    )
    return status, body


def test_actions_need_the_token_and_the_pages_origin(table: VirtualTable) -> None:
    _, page, _ = request(table.url)
    token = token_of(page)
    uid = virtual_uid("wordgame", "0")
    place = {"op": "place", "cell": 112, "uid": uid.hex()}
    assert act(table, place, None)[0] == 403
    assert act(table, place, "not-the-token")[0] == 403
    status, body = act(table, place, token, origin="http://evil.example")
    assert status == 403 and "own page" in body
    assert act(table, place, token, origin=None)[0] == 403
    assert table.sim.world() == {}
    status, body = act(table, place, token)
    assert status == 200, body
    assert table.sim.world() == {112: uid}
    wait_until(lambda: table.link.cells.get(112) == uid, what="the host to see the piece")


def test_a_refused_action_says_why_and_changes_nothing(table: VirtualTable) -> None:
    token = token_of(request(table.url)[1])
    status, body = act(table, {"op": "lift", "cell": 5}, token)
    assert status == 409
    assert json.loads(body) == {"ok": False, "error": "cell 5 is empty; nothing to lift"}
    status, body = act(table, {"op": "dance"}, token)
    assert status == 409 and "unknown action 'dance'" in json.loads(body)["error"]
    status, body = act(table, {"op": "place", "cell": "x", "uid": "04"}, token)
    assert status == 409 and "cell must be a whole number" in json.loads(body)["error"]
    assert table.sim.world() == {}


def test_the_websocket_refuses_a_page_without_the_token(table: VirtualTable) -> None:
    host = urllib.parse.urlsplit(table.url).netloc
    token = token_of(request(table.url)[1])

    async def connect(query: str, origin: str) -> int | str:
        async with aiohttp.ClientSession() as s:
            try:
                async with s.ws_connect(f"ws://{host}/ws{query}", headers={"Origin": origin}) as ws:
                    msg = await ws.receive_json(timeout=5)
                    return str(msg["type"])
            except aiohttp.WSServerHandshakeError as exc:
                return exc.status

    assert asyncio.run(connect("", f"http://{host}")) == 403
    assert asyncio.run(connect(f"?token={token}", "http://evil.example")) == 403
    assert asyncio.run(connect(f"?token={token}", f"http://{host}")) == "state"


def test_a_pin_is_asked_before_the_page_is_shown(tmp_path: Path) -> None:
    with virtual_table(tmp_path, pin="4821") as vt:
        host = urllib.parse.urlsplit(vt.url).netloc
        status, page, _ = request(vt.url)
        assert status == 200 and 'action="/login"' in page and "wordtable-token" not in page
        assert request(vt.url + "api/state")[0] == 401
        form = {"Origin": f"http://{host}", "Content-Type": "application/x-www-form-urlencoded"}
        status, page, _ = request(vt.url + "login", data=b"pin=1234", headers=form, method="POST")
        assert status == 401 and "That PIN is not right" in page
        status, _, headers = request(vt.url + "login", data=b"pin=4821", headers=form, method="POST")
        assert status == 303
        cookie = headers["Set-Cookie"].split(";")[0]
        assert "HttpOnly" in headers["Set-Cookie"] and "SameSite=Strict" in headers["Set-Cookie"]
        status, page, _ = request(vt.url, headers={"Cookie": cookie})
        token = token_of(page)
        assert act(vt, {"op": "tap", "seat": 0, "button": 2}, token)[0] == 401
        assert act(vt, {"op": "tap", "seat": 0, "button": 2}, token, cookie=cookie)[0] == 200


def test_a_real_board_is_mirrored_read_only(tmp_path: Path) -> None:
    # The host cannot tell a SimBoard's port from a real one's: opened by its port, it is "a real board".
    with SimBoard(tmp_path / "board") as board:
        board.place(40, virtual_uid("wordgame", "5"))
        from wordtable.web.server import WebOptions

        with VirtualTable(
            tmp_path, WebOptions(port=0), port=board.port, db=tmp_path / "store.db", lexicon=shared_lexicon()
        ) as vt:
            token = token_of(request(vt.url)[1])
            state = json.loads(request(vt.url + "api/state")[1])
            assert state["board"] == {"sim": False, "linked": True, "name": "sim", "writable": False}
            assert state["box"] == []
            status, body = act(vt, {"op": "lift", "cell": 40}, token)
            assert status == 409 and "read-only" in json.loads(body)["error"]
            assert board.world() == {40: virtual_uid("wordgame", "5")}
            # A real panel cannot be read back: the page shows the image the host sent it.
            wait_until(lambda: vt.web.feed.png is not None, what="the host's screen as the panel")
            with urllib.request.urlopen(vt.url + "panel.png", timeout=10) as r:
                shown = Image.open(io.BytesIO(r.read()))
                shown.load()
            assert shown.size == (296, 128)
            assert shown.convert("1").tobytes() == vt.link.screen.convert("1").tobytes()


def test_with_control_a_real_boards_page_presses_seat_buttons_but_lays_nothing(tmp_path: Path) -> None:
    from wordtable.web.server import WebOptions

    with (
        SimBoard(tmp_path / "board") as board,
        VirtualTable(
            tmp_path,
            WebOptions(port=0, allow_control=True),
            port=board.port,
            db=tmp_path / "store.db",
            lexicon=shared_lexicon(),
        ) as vt,
    ):
        token = token_of(request(vt.url)[1])
        assert json.loads(request(vt.url + "api/state")[1])["board"]["writable"] is True
        status, body = act(vt, {"op": "place", "cell": 3, "uid": virtual_uid("wordgame", "1").hex()}, token)
        assert status == 409 and "read-only" in json.loads(body)["error"]
        assert board.world() == {}
        assert act(vt, {"op": "tap", "seat": 0, "button": 2}, token)[0] == 200  # "next" in the display's menu
        wait_until(
            lambda: (vt.runner.snapshot or {}).get("menu", {}).get("selected") == 1,
            what="the menu's selection moved by the page's press",
        )
