"""The server: uvicorn on loopback (a public address only when asked twice), the address
with its key printed, the browser opened, and Ctrl-C stopping every job before it exits."""
from __future__ import annotations

import os
import socket
from pathlib import Path

from ..errors import CardgenError
from .security import LOOPBACK, allowed_hosts, new_token

DEFAULT_PORT = 8470
HEADER_TIME = 20.0  # seconds for a request's headers to arrive (a browser sends them at once)


def default_data() -> Path:
    """Where the web face keeps what it writes, when --data is not given."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "cardgen"


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if port and exc.errno in (98, 48):
            raise CardgenError(f"--port: port {port} is taken (another 'cardgen serve'?); choose another with "
                               "--port N, or --port 0 for any free one") from None
        raise CardgenError(f"--host: cannot listen on {host} ({exc.strerror}); use 127.0.0.1") from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def protocol():
    """uvicorn's HTTP/1.1 with a bound on the time a request's headers may take: a connection
    that sends none, or sends them a byte at a time (slowloris), is closed after HEADER_TIME
    seconds, key or not, instead of being held for ever. A request being answered (an event
    stream) is left alone; its body has the door's own bound."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Protocol(H11Protocol):
        header_time = HEADER_TIME

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self._header_timer = self.loop.call_later(self.header_time, self.headers_too_slow)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._header_timer.cancel()  # the next request's headers: timed afresh
            self._header_timer = self.loop.call_later(self.header_time, self.headers_too_slow)

        def connection_lost(self, exc) -> None:
            self._header_timer.cancel()
            super().connection_lost(exc)

        def headers_too_slow(self) -> None:
            if (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing():
                self.transport.close()
    return Protocol


def _opener(data: Path, port: int, url: str) -> "Path | None":
    """A page only this user can read that moves on to the address with its key: the browser
    is started with the page's file name, so the key is not in its command line, which every
    user of the computer can read (ps). None: the address itself is opened."""
    from html import escape

    path = data / f".open-{port}.html"
    try:
        path.unlink(missing_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(f'<!doctype html><meta charset=utf-8><meta http-equiv=refresh content="0;url={escape(url)}">'
                     f'<title>cardgen</title><p><a href="{escape(url)}">Open cardgen</a></p>\n')
    except OSError:
        return None
    return path


def check_host(host: str, public: bool) -> None:
    if host not in LOOPBACK and not public:
        raise CardgenError(f"--host: {host} would let other computers on the network reach this server (anyone "
                           "with the key in its address could build kits and write into the data folder); add "
                           "--public to mean it, or leave --host out to stay on this computer")


def check_data(data: Path) -> None:
    """The data folder (a link's target too) is this user's and no one else can write in it:
    another user could plant links or records there, or read the kits."""
    import stat

    st = data.stat()
    if st.st_uid != os.getuid() or st.st_mode & stat.S_IWOTH:
        whose = "belongs to another user" if st.st_uid != os.getuid() else "can be written by every user"
        raise CardgenError(f"--data: {data} {whose}; name a folder of your own that only you can write to "
                           "(e.g. leave --data out)")


def serve(port: int = DEFAULT_PORT, host: str = "127.0.0.1", public: bool = False, data: "Path | None" = None,
          browser: bool = True, echo=print, jobs: int = 1) -> int:
    """Run until Ctrl-C; returns the exit code (130 after Ctrl-C)."""
    import uvicorn

    from .app import create_app

    check_host(host, public)
    data = Path(data) if data is not None else default_data()
    if os.path.lexists(data) and not data.is_dir():
        raise CardgenError(f"--data: {data} is not a folder; name a folder (it is made if need be)")
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardgenError(f"--data: cannot create {data} ({exc.strerror}); choose a folder you can write to") \
            from None
    check_data(data)
    sock = _bind(host, port)
    port = sock.getsockname()[1]
    token = new_token()
    shown = f"[{host}]" if ":" in host else host
    app = create_app(data, token, allowed_hosts(host, port), jobs)
    url = f"http://{shown}:{port}/?token={token}"
    config = uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False,
                            timeout_graceful_shutdown=30, http=protocol())
    server = uvicorn.Server(config)
    echo(f"cardgen serve: open {url}")
    echo(f"  everything it writes goes into {data}; Ctrl-C stops it")
    if public:
        echo(f"  listening on {host}: other computers that can reach it and have the key can use it")
    opener = None
    if browser:
        import threading
        import webbrowser

        opener = _opener(data, port, url)
        threading.Timer(0.5, webbrowser.open, (opener.as_uri() if opener else url,)).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        echo("cardgen serve: stopped; every job was stopped and nothing half-written was kept")
        return 130
    finally:
        sock.close()
        if opener is not None:
            opener.unlink(missing_ok=True)
    if server.should_exit:
        echo("cardgen serve: stopped; every job was stopped and nothing half-written was kept")
        return 130
    return 0
