"""The web face's door: a random key in the first address (kept in a cookie), the Host
header checked (DNS rebinding), the Origin of every state-changing request checked (CSRF)
and the size of every request body bounded. One ASGI middleware, in front of every route.
"""
from __future__ import annotations

import asyncio
import hmac
import secrets
from urllib.parse import parse_qs, quote, urlencode

COOKIE = "cardgen_key"
MAX_BODY = 64 * 1024  # bytes: a form of settings or readings is a few hundred
BODY_TIME = 30.0  # seconds for a whole body to arrive: one sent a byte at a time holds nothing for long
SAFE_METHODS = (b"GET", b"HEAD", "GET", "HEAD")
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def new_token() -> str:
    return secrets.token_urlsafe(24)


WILDCARD = ("0.0.0.0", "::")
ANY_ADDRESS = "*"  # in allowed_hosts, as "*:PORT": any IP address at that port (a wildcard --host)


def allowed_hosts(host: str, port: int) -> frozenset:
    """The Host header values a browser sends for this server: its own name and port. A
    server on every address (--host 0.0.0.0 --public) is reached by this computer's names
    and by any of its addresses (an address is never a rebound DNS name)."""
    names = {host} | (set(LOOPBACK) if host in LOOPBACK else set())
    if host in WILDCARD:
        import socket

        names |= set(LOOPBACK) | {n.lower() for n in (socket.gethostname(), socket.getfqdn()) if n}
        names |= {f"{n}.local" for n in names if n and "." not in n and ":" not in n and n != "localhost"}
        names.add(ANY_ADDRESS)
    shown = {f"[{n}]" if ":" in n and not n.startswith("[") else n for n in names}
    return frozenset({f"{n}:{port}" for n in shown} | ({n for n in shown} if port == 80 else set()))


def _header(scope, name: bytes) -> "str | None":
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return None


def _cookie(scope, name: str) -> "str | None":
    raw = _header(scope, b"cookie") or ""
    for part in raw.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


class Door:
    """ASGI middleware: refuses (with a short page saying why) what is not ours."""

    def __init__(self, app, token: str, hosts: frozenset, max_body: int = MAX_BODY):
        self.app, self.token, self.hosts, self.max_body = app, token, hosts, max_body
        self.body_time = BODY_TIME
        # the cookie's name carries the port: a browser keeps one cookie per name and host,
        # whatever the port, so a second 'cardgen serve' would overwrite the first's key
        ports = sorted({h.rsplit(":", 1)[1] for h in hosts if ":" in h and h.rsplit(":", 1)[1].isdigit()})
        self.cookie = f"{COOKIE}_{ports[0]}" if ports else COOKIE

    def _our_host(self, host: "str | None") -> bool:
        """The Host header names this server (and its port)."""
        if host is None:
            return False
        host = host.lower()
        if host in self.hosts:
            return True
        name, _, port = host.rpartition(":")
        if not port.isdigit() or f"{ANY_ADDRESS}:{int(port)}" not in self.hosts or host != f"{name}:{int(port)}":
            return False
        import ipaddress

        try:
            ipaddress.ip_address(name[1:-1] if name.startswith("[") and name.endswith("]") else name)
        except ValueError:
            return False
        return ":" not in name or name.startswith("[")

    def _has_key(self, scope) -> bool:
        """The key is in this server's cookie (or in one named plainly, as a client may set it)."""
        return any(value is not None and hmac.compare_digest(value.encode(), self.token.encode())
                   for value in (_cookie(scope, self.cookie), _cookie(scope, COOKIE)))

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        if scope["type"] == "websocket":
            return await self._websocket(scope, receive, send)
        host = _header(scope, b"host")
        if not self._our_host(host):
            return await _refuse(send, 421, "This server answers only at its own address (the Host header named "
                                            "another); open the address 'cardgen serve' printed.")
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        given = query.get("token", [None])[0]
        if given is not None and hmac.compare_digest(given.encode(), self.token.encode()) \
                and scope["method"] in SAFE_METHODS:
            rest = {k: v for k, v in query.items() if k != "token"}
            target = _own_path(scope.get("root_path", "") + scope["path"]) + \
                (f"?{urlencode(rest, doseq=True)}" if rest else "")
            site = _header(scope, b"sec-fetch-site")
            return await _redirect(send, target, self.token, self.cookie,
                                   page=site not in (None, "none", "same-origin") and scope["method"] == "GET")
        if not self._has_key(scope):
            return await _refuse(send, 403, "This page needs the key in the address 'cardgen serve' printed when it "
                                            "started: open that address (it ends in ?token=…).")
        if scope["method"] not in SAFE_METHODS:
            origin = _header(scope, b"origin")
            site = _header(scope, b"sec-fetch-site")
            if origin is None or origin.lower() != f"http://{host.lower()}" \
                    or (site is not None and site not in ("same-origin", "none")):
                return await _refuse(send, 403, "A change must come from this server's own pages (the request "
                                                "came from another site, or said not where from).")
            length = _header(scope, b"content-length")
            if length is not None and (not length.isdigit() or int(length) > self.max_body):
                return await _refuse(send, 413, f"The request is larger than {self.max_body // 1024} KB; "
                                                "send less.")
            try:
                body = await asyncio.wait_for(_read_body(receive, self.max_body), self.body_time)
            except asyncio.TimeoutError:
                return await _refuse(send, 408, f"The request took longer than {self.body_time:g} s to arrive; "
                                                "send it again.")
            if body is None:
                return await _refuse(send, 413, f"The request is larger than {self.max_body // 1024} KB; "
                                                "send less.")
            receive = _replay(body, receive)
        await self.app(scope, receive, send)

    async def _websocket(self, scope, receive, send):
        """A WebSocket is let in only at our Host, with the key's cookie, from our own pages
        (browsers send cookies with a cross-site WebSocket: the Origin is what tells)."""
        host, origin = _header(scope, b"host"), _header(scope, b"origin")
        if not self._our_host(host) or not self._has_key(scope) \
                or origin is None or origin.lower() != f"http://{host.lower()}":
            message = await receive()
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.close", "code": 1008})
            return
        await self.app(scope, receive, send)


def _own_path(path: str) -> str:
    """A path of this server as a Location can carry it: percent-encoded (no control or
    non-ASCII character) and starting with one slash (//host or /\\host would leave it)."""
    return "/" + quote(path.lstrip("/\\"), safe="/!$&'()*+,;=:@-._~")


async def _read_body(receive, limit: int) -> "bytes | None":
    """The whole body (a chunked one too), or None once it passes limit bytes."""
    parts, seen = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(parts)
        chunk = message.get("body", b"")
        seen += len(chunk)
        if seen > limit:
            return None
        parts.append(chunk)
        if not message.get("more_body", False):
            return b"".join(parts)


def _replay(body: bytes, receive):
    """receive for the app: the body read already, then what the connection says."""
    sent = [False]

    async def inner():
        if not sent[0]:
            sent[0] = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return inner


_HEADERS = [(b"content-type", b"text/html; charset=utf-8"), (b"cache-control", b"no-store"),
            (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin")]


async def _refuse(send, status: int, why: str):
    from html import escape

    body = (f"<!doctype html><html lang=en><meta charset=utf-8><title>cardgen</title>"
            f"<body style='font:18px/1.5 sans-serif;max-width:40em;margin:3em auto'><h1>cardgen</h1>"
            f"<p role=alert>{escape(why, quote=False)}</p></body></html>").encode()
    await send({"type": "http.response.start", "status": status,
                "headers": _HEADERS + [(b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def _redirect(send, target: str, token: str, name: str = COOKIE, page: bool = False):
    """The cookie set and the address without the key: a 303, or, when the address was
    opened from another site (a link in webmail or a chat, a file), a page that moves on by
    itself; a browser sends no SameSite=Strict cookie along a redirect that another site
    started, so a 303 would land on the page asking for the key."""
    from html import escape

    cookie = f"{name}={token}; Path=/; HttpOnly; SameSite=Strict"
    common = [(b"set-cookie", cookie.encode()), (b"cache-control", b"no-store"), (b"referrer-policy", b"no-referrer")]
    if not page:
        await send({"type": "http.response.start", "status": 303,
                    "headers": [(b"location", target.encode("latin-1")), *common, (b"content-length", b"0")]})
        await send({"type": "http.response.body", "body": b""})
        return
    body = (f"<!doctype html><html lang=en><meta charset=utf-8><meta http-equiv=refresh content=\"0;url="
            f"{escape(target)}\"><title>cardgen</title><body style='font:18px/1.5 sans-serif;max-width:40em;"
            f"margin:3em auto'><p><a href=\"{escape(target)}\">Open cardgen</a></p></body></html>").encode()
    await send({"type": "http.response.start", "status": 200,
                "headers": _HEADERS[:1] + [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                                           *common, (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
