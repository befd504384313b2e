"""Who may reach the page and who may change the table.

* The server listens on 127.0.0.1 unless told otherwise. Another address (the LAN) needs the
  explicit ``--lan`` flag and a PIN: :func:`check_bind` refuses anything less, with a message.
* Every page load gets the server's token in the page; each state-changing request (a POST, a
  WebSocket message) must carry it, and must come from the page's own origin. So a web page on
  another site cannot lay pieces through a visitor's browser (CSRF), even on 127.0.0.1.
* Every request must be addressed to the table by one of its own names (:func:`host_allowed`):
  127.0.0.1, ``localhost``, the address it listens on, a name given with ``--lan-name``. A page on
  another site whose name was made to point at 127.0.0.1 (DNS rebinding) is refused.
* On the LAN a browser first gives the PIN; the server then sets an HttpOnly, SameSite=Strict
  cookie. Wrong PINs are counted per purpose (the LAN login, the kiosk settings) and per client
  address: five wrong ones lock that client out of that purpose for 30 s, doubling with each
  lockout up to 15 minutes, so nobody else's guesses can keep the owner out.
* Kiosk settings need the kiosk PIN, checked on the server. A PIN has at least 4 digits.
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
MAX_LOCKOUT_S = 900.0
MIN_PIN = 4


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


def pin_ok(pin: str) -> bool:
    return len(pin) >= MIN_PIN and pin.isdigit()


def check_bind(host: str, lan: bool, pin: str | None, kiosk_pin: str | None = None) -> None:
    """Refuse to listen beyond this machine without ``--lan`` and a PIN of at least 4 digits, and any
    PIN given that is shorter (on 127.0.0.1 too: a PIN, once given, is asked there as well)."""
    for flag, given in (("--pin", pin), ("--kiosk-pin", kiosk_pin)):
        if given is not None and not pin_ok(given):
            raise AccessError(
                f"{flag} must be at least {MIN_PIN} digits (e.g. {flag} 4821); {given!r} is not. "
                f"Leave it out for no PIN."
            )
    if is_loopback(host):
        return
    if not lan:
        raise AccessError(
            f"Listening on {host} lets other machines reach the table. Add --lan (and --pin) "
            f"if you mean it; without them the page is served on 127.0.0.1 only."
        )
    if not pin or len(pin) < 4 or not pin.isdigit():
        raise AccessError(
            "On the LAN the page needs a PIN of at least 4 digits: --pin 4821 "
            "(or WORDTABLE_PIN in the environment)."
        )


def same_origin(origin: str | None, host_header: str | None) -> bool:
    """True if the request's Origin is the page's own (scheme-less host:port compare). Browsers send
    Origin on every POST and WebSocket handshake; a request without one is not from a page."""
    if not origin or not host_header:
        return False
    return urlsplit(origin).netloc.lower() == host_header.lower()


def _hostname(host_header: str) -> str:
    """The name part of a Host header (``[::1]:8765`` -> ``::1``)."""
    netloc = urlsplit("//" + host_header).hostname
    return (netloc or "").lower()


def host_allowed(host_header: str | None, bind: str, names: tuple[str, ...] = ()) -> bool:
    """True if the request is addressed to this table: ``localhost``, a name in ``names``, or an IP
    address (a loopback one when the table listens on loopback). A rebound DNS name never is."""
    if not host_header:
        return False
    try:
        name = _hostname(host_header)
    except ValueError:
        return False
    if name == "localhost" or name in {n.lower() for n in names}:
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    if is_loopback(bind):
        return address.is_loopback
    return bind in ("0.0.0.0", "::") or address.is_loopback or address == ipaddress.ip_address(bind)


@dataclass
class Tries:
    """Wrong PINs from one client for one purpose."""

    failures: int = 0
    lockouts: int = 0
    locked_until: float = 0.0


@dataclass
class Gate:
    """The server's secrets and counters. ``pin``: LAN PIN (None on loopback); ``kiosk_pin``: the PIN
    that opens settings in kiosk mode (None: settings stay closed)."""

    pin: str | None = None
    kiosk_pin: str | None = None
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    sessions: set[str] = field(default_factory=set)
    _tries: dict[tuple[str, str], Tries] = field(default_factory=dict)

    def needs_login(self, cookie: str | None) -> bool:
        return self.pin is not None and (cookie is None or cookie not in self.sessions)

    def token_ok(self, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(token, self.token)

    def _check(self, purpose: str, client: str, given: str, want: str | None, now: float) -> bool:
        tries = self._tries.setdefault((purpose, client), Tries())
        if now < tries.locked_until:
            raise AccessError(
                f"Too many wrong PINs from this device; try again in {tries.locked_until - now:.0f} s."
            )
        if want is not None and hmac.compare_digest(given.encode(), want.encode()):
            self._tries.pop((purpose, client), None)
            return True
        tries.failures += 1
        if tries.failures >= MAX_TRIES:
            tries.failures = 0
            tries.locked_until = now + min(LOCKOUT_S * 2**tries.lockouts, MAX_LOCKOUT_S)
            tries.lockouts += 1
        if len(self._tries) > 10_000:  # a flood of addresses must not grow this for ever
            self._tries = {k: t for k, t in self._tries.items() if t.locked_until > now}
        return False

    def login(self, pin: str, now: float | None = None, client: str = "") -> str | None:
        """A new session cookie value for the right LAN PIN, None for a wrong one."""
        if not self._check("login", client, pin, self.pin, time.monotonic() if now is None else now):
            return None
        value = secrets.token_urlsafe(24)
        self.sessions.add(value)
        return value

    def unlock_settings(self, pin: str, now: float | None = None, client: str = "") -> bool:
        """True if ``pin`` is the kiosk PIN (there is none: settings cannot be opened)."""
        if self.kiosk_pin is None:
            return False
        return self._check("kiosk", client, pin, self.kiosk_pin, time.monotonic() if now is None else now)
