"""The page against hostile or broken clients, over real HTTP on loopback (no browser): requests
addressed to a foreign name (DNS rebinding), bodies that are not one JSON object, the security headers
on every response, a WebSocket client that stops reading while another page goes on, wrong PINs
counted per purpose and per client, and the serve options that make no sense."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import urllib.parse
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from http.client import HTTPConnection, HTTPMessage
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import pytest
from wordtable.cli import main
from wordtable.table.sim_pieces import virtual_uid
from wordtable.web.access import AccessError, Gate, host_allowed
from wordtable.web.launch import VirtualTable
from wordtable.web.pageplay import wait_until
from wordtable.web.server import SEND_QUEUE

from .conftest import virtual_table
from .test_access import token_of

T = TypeVar("T")


def http(
    table: VirtualTable,
    method: str,
    path: str,
    *,
    host: str | None = None,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    source: str = "127.0.0.1",
) -> tuple[int, str, HTTPMessage]:
    """One request with the Host header as given (``http.client`` sends what it is told)."""
    netloc = urllib.parse.urlsplit(table.url).netloc
    address, port = netloc.rsplit(":", 1)
    conn = HTTPConnection(address, int(port), timeout=10, source_address=(source, 0))
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host or netloc)
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        if body is not None:
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body)
        r = conn.getresponse()
        return r.status, r.read().decode(errors="replace"), r.headers
    finally:
        conn.close()


def page_headers(table: VirtualTable, token: str) -> dict[str, str]:
    netloc = urllib.parse.urlsplit(table.url).netloc
    return {"Origin": f"http://{netloc}", "X-Wordtable-Token": token, "Content-Type": "application/json"}


@pytest.fixture
def tokened(table: VirtualTable) -> Iterator[tuple[VirtualTable, str]]:
    yield table, token_of(http(table, "GET", "/")[1])


def test_the_host_check_accepts_only_the_tables_own_names() -> None:
    assert host_allowed("127.0.0.1:8765", "127.0.0.1")
    assert host_allowed("localhost:8765", "127.0.0.1")
    assert host_allowed("[::1]:8765", "127.0.0.1")
    assert not host_allowed("evil.example:8765", "127.0.0.1")
    assert not host_allowed("192.168.1.20:8765", "127.0.0.1")
    assert not host_allowed(None, "127.0.0.1")
    assert host_allowed("192.168.1.20:8765", "192.168.1.20")
    assert not host_allowed("192.168.1.21:8765", "192.168.1.20")
    assert host_allowed("Table.Local:8765", "0.0.0.0", ("table.local",))
    assert not host_allowed("rebind.evil.example", "0.0.0.0", ("table.local",))


def test_a_request_addressed_to_a_foreign_name_gets_neither_the_page_nor_its_token(tokened) -> None:
    table, token = tokened
    port = urllib.parse.urlsplit(table.url).port
    status, body, headers = http(table, "GET", "/", host=f"rebind.evil.example:{port}")
    assert status == 421 and "answers only to its own address" in body and "wordtable-token" not in body
    assert headers["Content-Security-Policy"].startswith("default-src 'self'")
    evil = f"http://rebind.evil.example:{port}"
    place = json.dumps({"op": "place", "cell": 112, "uid": virtual_uid("wordgame", "0").hex()}).encode()
    status, _, _ = http(
        table,
        "POST",
        "/api/act",
        host=f"rebind.evil.example:{port}",
        body=place,
        headers={**page_headers(table, token), "Origin": evil},
    )
    assert status == 421 and table.sim.world() == {}
    status, body, _ = http(table, "GET", "/", host=f"localhost:{port}")
    assert status == 200 and token_of(body) == token


@pytest.mark.parametrize(
    ("body", "path"),
    [
        (b'{"op": "place", ', "/api/act"),
        (b"[1, 2, 3]", "/api/act"),
        (b"[" * 100_000 + b"]" * 100_000, "/api/act"),
        (b"not json", "/api/settings/unlock"),
        (b'["4821"]', "/api/settings/unlock"),
        (b"{" * 50_000, "/api/settings/unlock"),
    ],
    ids=["malformed", "list", "nested-100000", "unlock-malformed", "unlock-list", "unlock-nested"],
)
def test_a_body_that_is_not_one_json_object_gets_400_with_a_reason(tokened, body: bytes, path: str) -> None:
    table, token = tokened
    status, text, headers = http(table, "POST", path, body=body, headers=page_headers(table, token))
    assert status == 400, text
    assert text.startswith("The body must be") and len(text) < 100
    assert "Content-Security-Policy" in headers and headers["X-Content-Type-Options"] == "nosniff"
    assert table.sim.world() == {}


def test_every_response_carries_the_security_headers(tokened) -> None:
    table, _ = tokened
    for path in ("/", "/no/such/page", "/assets/table.css", "/assets/nothing.js", "/api/state"):
        status, _, headers = http(table, "GET", path)
        assert status in (200, 404), path
        assert headers["Content-Security-Policy"].startswith("default-src 'self'"), path
        assert (
            headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer"
        ), path
        assert headers["X-Frame-Options"] == "DENY", path


def run_apart(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on a thread of its own (a browser test before may have left a loop on this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def stuck_websocket(table: VirtualTable, token: str) -> socket.socket:
    """A client that completes the WebSocket handshake and then never reads (a frozen tab)."""
    netloc = urllib.parse.urlsplit(table.url).netloc
    address, port = netloc.rsplit(":", 1)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((address, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws?token={token} HTTP/1.1\r\nHost: {netloc}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: http://{netloc}\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def test_a_page_that_stops_reading_is_dropped_and_the_other_pages_keep_getting_pushes(tokened) -> None:
    table, token = tokened
    netloc = urllib.parse.urlsplit(table.url).netloc
    uid = virtual_uid("wordgame", "0")

    async def play() -> tuple[int, int]:
        stuck = stuck_websocket(table, token)
        try:
            wait_until(lambda: len(table.web.clients) == 1, what="the stuck page connected")
            async with (
                aiohttp.ClientSession() as s,
                s.ws_connect(f"ws://{netloc}/ws?token={token}", headers={"Origin": f"http://{netloc}"}) as ws,
            ):
                assert (await ws.receive_json(timeout=10))["type"] == "state"
                moves = 0

                async def step() -> None:
                    """Lay the piece on cell 112 or lift it, and wait for the good page to see it."""
                    nonlocal moves
                    moves += 1
                    laid = moves % 2 == 1
                    await ws.send_json(
                        {"id": moves, "op": "place", "cell": 112, "uid": uid.hex()}
                        if laid
                        else {"id": moves, "op": "lift", "cell": 112}
                    )
                    while True:
                        msg = await ws.receive_json(timeout=10)
                        if msg["type"] == "state" and ("112" in msg["cells"]) == laid:
                            return

                # Each action changes the table, so each is pushed to every page. The good page gets each
                # push; the stuck one never reads, and is dropped within a bounded number of them.
                while table.web.dropped == 0:
                    assert moves < 200, "the stuck page was not dropped within 200 pushes"
                    await step()
                dropped_after = moves
                for _ in range(3):  # and the good page still gets every push after the drop
                    await step()
                moves = dropped_after
                return moves, len(table.web.clients)
        finally:
            stuck.close()

    pushes, clients = run_apart(play())
    assert clients == 1 and table.web.dropped == 1
    print(f"the stuck page was dropped after {pushes} pushes (queue {SEND_QUEUE})")


def test_wrong_pins_are_counted_per_purpose_and_per_client() -> None:
    gate = Gate(pin="4821", kiosk_pin="9753")
    for _ in range(5):
        assert gate.login("0000", now=100.0, client="10.0.0.66") is None
    with pytest.raises(AccessError, match="Too many wrong PINs from this device; try again in 29 s"):
        gate.login("4821", now=101.0, client="10.0.0.66")
    assert gate.login("4821", now=101.0, client="10.0.0.2") is not None  # the owner is not kept out
    for _ in range(5):
        assert gate.unlock_settings("1111", now=102.0, client="10.0.0.2") is False
    with pytest.raises(AccessError):
        gate.unlock_settings("9753", now=103.0, client="10.0.0.2")
    assert gate.login("4821", now=103.0, client="10.0.0.2") is not None  # kiosk guesses leave the login alone
    # the back-off doubles for a client that keeps guessing, up to a limit
    for _ in range(5):
        gate.login("0000", now=131.0, client="10.0.0.66")
    with pytest.raises(AccessError, match="try again in 60 s"):
        gate.login("4821", now=131.0, client="10.0.0.66")
    assert gate.login("4821", now=191.0, client="10.0.0.66") is not None


def test_over_http_a_guessing_client_is_locked_out_and_the_owner_is_not(tmp_path: Path) -> None:
    with virtual_table(tmp_path, pin="4821") as vt:
        netloc = urllib.parse.urlsplit(vt.url).netloc
        form = {"Origin": f"http://{netloc}", "Content-Type": "application/x-www-form-urlencoded"}
        for _ in range(5):
            assert http(vt, "POST", "/login", body=b"pin=1234", headers=form, source="127.0.0.2")[0] == 401
        status, body, _ = http(vt, "POST", "/login", body=b"pin=4821", headers=form, source="127.0.0.2")
        assert status == 429 and "Too many wrong PINs" in body
        status, _, headers = http(vt, "POST", "/login", body=b"pin=4821", headers=form, source="127.0.0.1")
        assert status == 303 and headers["Set-Cookie"].startswith("wordtable_session=")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--http-port", "-1"],
            "--http-port must be a port number from 1 to 65535 (0: any free port), not -1.",
        ),
        (
            ["--http-port", "99999"],
            "--http-port must be a port number from 1 to 65535 (0: any free port), not 99999.",
        ),
        (["--kiosk", "--idle-reset", "-5"], "--idle-reset must be a number of seconds above 0, not -5."),
        (
            ["--pin", "1"],
            "--pin must be at least 4 digits (e.g. --pin 4821); '1' is not. Leave it out for no PIN.",
        ),
        (
            ["--pin", ""],
            "--pin must be at least 4 digits (e.g. --pin 4821); '' is not. Leave it out for no PIN.",
        ),
        (
            ["--kiosk-pin", "12"],
            "--kiosk-pin must be at least 4 digits (e.g. --kiosk-pin 4821); '12' is not.",
        ),
    ],
)
def test_serve_refuses_options_that_make_no_sense_before_starting_anything(
    tmp_path: Path, capsys, args, message
):
    assert main(["serve", "--workdir", str(tmp_path / "run"), *args]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "run").exists()


def test_a_websocket_message_that_is_not_json_gets_an_error_ack_and_the_page_stays_connected(tokened) -> None:
    table, token = tokened
    netloc = urllib.parse.urlsplit(table.url).netloc

    async def talk() -> list[dict[str, Any]]:
        async with (
            aiohttp.ClientSession() as s,
            s.ws_connect(f"ws://{netloc}/ws?token={token}", headers={"Origin": f"http://{netloc}"}) as ws,
        ):
            acks = []
            for text in (
                "[" * 30_000 + "]" * 30_000,
                "{not json",
                "[1, 2]",
                json.dumps({"id": 4, "op": "wake"}),
            ):
                await ws.send_str(text)
                while (msg := await ws.receive_json(timeout=10))["type"] != "ack":
                    pass
                acks.append(msg)
            return acks

    acks = run_apart(talk())
    assert acks[0] == {"type": "ack", "id": None, "ok": False, "error": "a message is one JSON action"}
    assert acks[1] == acks[0]
    assert acks[2] == {
        "type": "ack",
        "id": None,
        "ok": False,
        "error": "an action is a JSON object with an 'op'",
    }
    assert acks[3] == {"type": "ack", "id": 4, "ok": True, "reply": "awake"}
