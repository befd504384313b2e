"""Who may reach the page and who may change the table.

* The server listens on 127.0.0.1 unless told otherwise. Another address (the LAN) needs the
  explicit ``--lan`` flag and a PIN: :func:`check_bind` refuses anything less, with a message.
* Every page load gets the server's token in the page; each state-changing request (a POST, a
  WebSocket message) must carry it, and must come from the page's own origin. So a web page on
  another site cannot lay pieces through a visitor's browser (CSRF), even on 127.0.0.1.
* On the LAN a browser first gives the PIN; the server then sets an HttpOnly, SameSite=Strict
  cookie. Wrong PINs are counted and slowed down.
* Kiosk settings need the kiosk PIN, checked on the server.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

COOKIE = "wordtable_session"
TOKEN_HEADER = "X-Wordtable-Token"
MAX_TRIES = 5
LOCKOUT_S = 30.0


class AccessError(Exception):
    """The server may not start this way, or a request is refused; the message says what to do."""


def is_loopback(host: str) -> bool:
    """True for 127.0.0.0/8, ::1 and ``localhost``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_bind(host: str, lan: bool, pin: str | None) -> None:
    """Refuse to listen beyond this machine without ``--lan`` and a PIN of at least 4 digits."""
    if is_loopback(host):
        return
    if not lan:
        raise AccessError(f"Listening on {host} lets other machines reach the table. Add --lan (and --pin) "
                          f"if you mean it; without them the page is served on 127.0.0.1 only.")
    if not pin or len(pin) < 4 or not pin.isdigit():
        raise AccessError("On the LAN the page needs a PIN of at least 4 digits: --pin 4821 "
                          "(or WORDTABLE_PIN in the environment).")


def same_origin(origin: str | None, host_header: str | None) -> bool:
    """True if the request's Origin is the page's own (scheme-less host:port compare). Browsers send
    Origin on every POST and WebSocket handshake; a request without one is not from a page."""
    if not origin or not host_header:
        return False
    return urlsplit(origin).netloc.lower() == host_header.lower()


@dataclass
class Gate:
    """The server's secrets and counters. ``pin``: LAN PIN (None on loopback); ``kiosk_pin``: the PIN
    that opens settings in kiosk mode (None: settings stay closed)."""

    pin: str | None = None
    kiosk_pin: str | None = None
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    sessions: set[str] = field(default_factory=set)
    _failures: int = 0
    _locked_until: float = 0.0

    def needs_login(self, cookie: str | None) -> bool:
        return self.pin is not None and (cookie is None or cookie not in self.sessions)

    def token_ok(self, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(token, self.token)

    def _check(self, given: str, want: str | None, now: float) -> bool:
        if now < self._locked_until:
            raise AccessError(f"Too many wrong PINs; try again in {self._locked_until - now:.0f} s.")
        if want is not None and hmac.compare_digest(given.encode(), want.encode()):
            self._failures = 0
            return True
        self._failures += 1
        if self._failures >= MAX_TRIES:
            self._failures = 0
            self._locked_until = now + LOCKOUT_S
        return False

    def login(self, pin: str, now: float | None = None) -> str | None:
        """A new session cookie value for the right LAN PIN, None for a wrong one."""
        if not self._check(pin, self.pin, time.monotonic() if now is None else now):
            return None
        value = secrets.token_urlsafe(24)
        self.sessions.add(value)
        return value

    def unlock_settings(self, pin: str, now: float | None = None) -> bool:
        """True if ``pin`` is the kiosk PIN (there is none: settings cannot be opened)."""
        if self.kiosk_pin is None:
            return False
        return self._check(pin, self.kiosk_pin, time.monotonic() if now is None else now)
