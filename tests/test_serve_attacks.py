"""`cardgen serve` attacked as an outsider would: each test is a hostile request (or a hostile
data folder) that once got through, crashed the server or reached outside what it owns.
The door's ordinary cases (key, Host, Origin, body size, path tricks) are in test_serve.py."""
from __future__ import annotations

import asyncio
import json
import os
import re
from urllib.parse import urljoin, urlsplit

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from cardgen.serve.app import create_app  # noqa: E402
from cardgen.serve.security import COOKIE, allowed_hosts  # noqa: E402

PORT = 8470
BASE = f"http://127.0.0.1:{PORT}"
ORIGIN = {"origin": BASE}
TOKEN = "k" * 32
READINGS = {"paper": "letter", "A": "0", "B": "0", "X": "0", "Y": "0", "across": "100", "down": "100", "E": "3",
            "F": "3", "G": "3", "H": "3"}
SCRIPT = '"><script>alert(1)</script><x y=\''


@pytest.fixture
def data(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def client(data):
    app = create_app(data, TOKEN, allowed_hosts("127.0.0.1", PORT))
    with TestClient(app, base_url=BASE, follow_redirects=False, raise_server_exceptions=False) as c:
        c.cookies.set(COOKIE, TOKEN)
        c.door = app
        yield c


@pytest.fixture
def stranger(data):
    app = create_app(data, TOKEN, allowed_hosts("127.0.0.1", PORT))
    with TestClient(app, base_url=BASE, follow_redirects=False, raise_server_exceptions=False) as c:
        yield c


# -- what the browser sends, echoed back ----------------------------------------------------------

@pytest.mark.parametrize("paper", [SCRIPT, "a3", ""])
def test_a_paper_the_sheet_does_not_have_is_marked_at_its_field(client, data, paper):
    """Once a 500 (the page's picture looked the paper up unchecked); the value is echoed escaped."""
    r = client.post("/printer", data={**READINGS, "paper": paper}, headers=ORIGIN)
    assert r.status_code == 400, r.text[:200]
    assert 'class="field bad" id="field-paper"' in r.text or "unknown paper" in r.text
    assert "<script>alert" not in r.text
    assert not (data / "cardgen.toml").exists()


@pytest.mark.parametrize("field", ["A", "across", "E"])
def test_a_reading_with_markup_is_echoed_as_text(client, field):
    r = client.post("/printer", data={**READINGS, field: SCRIPT}, headers=ORIGIN)
    assert r.status_code == 400
    assert "<script>alert" not in r.text and "&lt;script&gt;" in r.text


@pytest.mark.parametrize("path", ["/api/preview", "/api/build"])
def test_markup_in_a_kit_field_comes_back_as_json_text_only(client, path):
    r = client.post(path, data={"games": ["str8eight"], "games__shown": "1", "paper": SCRIPT, "table_size": SCRIPT},
                    headers=ORIGIN)
    assert r.status_code == 400
    assert r.headers["content-type"].startswith("application/json")
    assert set(r.json()["errors"]) == {"paper", "table_size"}


# -- the key's redirect -----------------------------------------------------------------------

@pytest.mark.parametrize("path", ["//evil.example/", "/%2F%2Fevil.example", "/%5Cevil.example", "/%2F%5Cevil.example",
                                  "/%E2%82%AC", "/%0d%0aSet-Cookie:%20x=1", "/%00"])
def test_the_keys_redirect_stays_on_this_server(stranger, path):
    """The address with the key is redirected to itself without the key: never to another host
    (a Location of //host or /\\host leaves the server), never a 500 for a character a header
    cannot carry."""
    r = stranger.get(f"{path}?token={TOKEN}")
    assert r.status_code == 303, (path, r.status_code)
    where = r.headers["location"]
    assert re.fullmatch(r"/[!-~]*", where) and not where.startswith("//") and "\\" not in where, where
    assert urlsplit(urljoin(BASE + "/", where)).netloc == f"127.0.0.1:{PORT}"
    assert TOKEN not in where


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
@pytest.mark.parametrize("path", ["/printer", "//evil.example/", "/%5Cevil.example", "/%22%3E%3Cscript%3E"])
def test_the_address_opened_from_another_site_moves_on_by_itself(stranger, site, path):
    """Opened from webmail, a chat or a file, the address with the key once landed on the page
    asking for the key: a browser sends no SameSite=Strict cookie along a redirect another site
    started. It is answered by a page that sets the cookie and moves on from this server."""
    r = stranger.get(f"{path}?token={TOKEN}", headers={"sec-fetch-site": site})
    assert r.status_code == 200
    assert f"{COOKIE}_{PORT}={TOKEN}" in r.headers["set-cookie"] and "SameSite=Strict" in r.headers["set-cookie"]
    assert r.headers["referrer-policy"] == "no-referrer" and TOKEN not in r.text
    where = re.search(r'<meta http-equiv=refresh content="0;url=([^"]*)">', r.text).group(1)
    assert re.fullmatch(r"/[!-~]*", where) and not where.startswith("//") and "<" not in where, where
    assert urlsplit(urljoin(BASE + "/", where)).netloc == f"127.0.0.1:{PORT}"
    assert stranger.get(where if path == "/printer" else "/printer").status_code == 200  # the cookie was set


# -- links and strangers in the data folder -------------------------------------------------------

@pytest.fixture
def secret(tmp_path):
    path = tmp_path / "elsewhere" / "secret.txt"
    path.parent.mkdir()
    path.write_bytes(b"%PDF SECRET-MARKER")
    return path


def _record(data, key, name="secret.txt"):
    (data / "kits" / f"{key}.json").write_text(json.dumps({"key": key, "check": [], "values": {}, "files": [
        {"path": name, "game": "str8eight", "kind": "print", "format": "pdf"}]}))


def test_a_link_planted_as_a_kits_zip_is_not_followed(client, data, secret):
    key = "c" * 64
    _record(data, key)
    (data / "kits" / key).mkdir()
    os.symlink(secret, data / "kits" / f"{key}.zip")
    r = client.get(f"/kits/{key}/kit.zip")
    assert r.status_code == 404 and b"SECRET-MARKER" not in r.content


def test_a_link_planted_as_a_kits_folder_is_not_followed(client, data, secret):
    key = "d" * 64
    _record(data, key)
    os.symlink(secret.parent, data / "kits" / key)
    r = client.get(f"/kits/{key}/file", params={"name": "secret.txt"})
    assert r.status_code == 404 and b"SECRET-MARKER" not in r.content


def test_a_link_planted_as_the_calibration_sheet_is_replaced_not_served(client, data, secret):
    os.symlink(secret, data / "calibration" / "calibration-letter.pdf")
    r = client.get("/printer/sheet", params={"paper": "letter"})
    assert r.status_code == 200 and b"SECRET-MARKER" not in r.content and r.content.startswith(b"%PDF-")
    assert secret.read_bytes() == b"%PDF SECRET-MARKER"  # the link's target untouched
    assert not (data / "calibration" / "calibration-letter.pdf").is_symlink()


def _serve_refuses(data):
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "cardgen", "serve", "--no-browser", "--port", "0", "--data", str(data)],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 2, r
    assert r.stderr.startswith("cardgen: error: --data: ") and "Traceback" not in r.stderr
    return r.stderr


def test_a_data_folder_everyone_can_write_to_is_refused(tmp_path):
    """Another user could plant links and records in it (or read the kits): serve does not start."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    assert "written by every user" in _serve_refuses(shared)
    link = tmp_path / "link"  # a link to such a folder: its target is judged
    link.symlink_to(shared)
    assert "written by every user" in _serve_refuses(link)
    assert sorted(os.listdir(shared)) == []


@pytest.mark.skipif(os.getuid() != 0, reason="giving a folder to another user needs root")
def test_a_data_folder_of_another_user_is_refused(tmp_path):
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    os.chown(theirs, 12345, 12345)
    assert "belongs to another user" in _serve_refuses(theirs)
    assert sorted(os.listdir(theirs)) == []


# -- WebSocket, at the door itself ------------------------------------------------------------------

def _websocket(headers):
    """One WebSocket handshake through the door, in front of an app that records being reached:
    (what the door sent, whether the app was reached)."""
    from cardgen.serve.security import Door

    reached, sent = [], []

    async def app(scope, receive, send):
        reached.append(scope["path"])

    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        sent.append(message)

    scope = {"type": "websocket", "path": "/ws", "root_path": "", "query_string": b"",
             "headers": [(k.encode(), v.encode()) for k, v in headers.items()]}
    asyncio.run(Door(app, TOKEN, allowed_hosts("127.0.0.1", PORT))(scope, receive, send))
    return sent, bool(reached)


OURS = {"host": f"127.0.0.1:{PORT}", "cookie": f"{COOKIE}={TOKEN}", "origin": BASE}


@pytest.mark.parametrize("change", [{"host": "evil.example"}, {"cookie": f"{COOKIE}=wrong"}, {"cookie": ""},
                                    {"origin": "http://evil.example"}, {"origin": "null"}, {"origin": None}])
def test_a_websocket_not_from_our_pages_is_closed_at_the_door(change):
    """Once: an HTTP answer sent on a WebSocket (an ASGI error), or a KeyError on scope['method']
    for one with the key; a cross-site WebSocket (which carries the cookie) was not checked."""
    headers = {k: v for k, v in {**OURS, **change}.items() if v is not None}
    sent, reached = _websocket(headers)
    assert not reached
    assert [m["type"] for m in sent] == ["websocket.close"]


def test_a_websocket_from_our_pages_reaches_the_app():
    sent, reached = _websocket(OURS)
    assert reached and sent == []


# -- floods and failures ------------------------------------------------------------------------------

def test_kits_answered_from_the_cache_are_forgotten_like_the_others():
    """A page asking a thousand times for a kit built before: the server holds a bounded
    number of finished jobs (once each answer was kept for ever)."""
    from cardgen.serve.jobs import Jobs

    jobs = Jobs()
    for _ in range(1000):
        jobs.done("build", {"url": "/kits/x"}, "served from the cache")
    assert len(jobs.jobs) <= 201


def test_an_internal_error_in_a_job_is_written_in_the_data_folder(tmp_path, monkeypatch):
    """The traceback of a job's internal error goes in the data folder (once the system's
    temporary folder, outside what the web face may write)."""
    import multiprocessing
    import tempfile

    from cardgen import interrupt
    from cardgen.serve import work

    monkeypatch.setattr(interrupt, "raise_on_stop_signals", lambda: None)
    data = tmp_path / "data"
    data.mkdir()
    elsewhere = tmp_path / "tmp"
    elsewhere.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(elsewhere))
    parent, child = multiprocessing.Pipe(duplex=False)
    work.run("build", {"data": str(data), "key": "0" * 64}, child)  # no values: a KeyError inside
    event, message = parent.recv()
    assert event == "failed" and "internal error (KeyError)" in message
    path = re.search(r"the traceback is in (\S+):", message).group(1)
    assert os.path.dirname(path) == str(data / "tracebacks") and "KeyError" in open(path).read()
    assert os.listdir(elsewhere) == []


def test_a_body_sent_too_slowly_is_refused(client, data):
    """Slowloris: a change whose body never finishes arriving is answered 408 once the door's
    time for a body is up (once it held its connection and task for ever)."""
    from cardgen.serve.security import Door

    door = Door(client.door.app, TOKEN, allowed_hosts("127.0.0.1", PORT))
    door.body_time = 0.2
    sent = []

    async def receive():  # the first bytes, then nothing more
        if not sent:
            sent.append("asked")
            return {"type": "http.request", "body": b"table_size=8", "more_body": True}
        await asyncio.Event().wait()

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/printer", "root_path": "", "query_string": b"",
             "headers": [(b"host", f"127.0.0.1:{PORT}".encode()), (b"cookie", f"{COOKIE}={TOKEN}".encode()),
                         (b"origin", BASE.encode()), (b"content-type", b"application/x-www-form-urlencoded")]}

    async def knock():
        await asyncio.wait_for(door(scope, receive, send), 20)  # a bound on the test, not a wait
    asyncio.run(knock())
    assert sent[1]["status"] == 408
    assert b"longer than 0.2 s" in sent[2]["body"]


def test_two_servers_on_one_computer_keep_their_own_keys(tmp_path):
    """A browser keeps one cookie per name and host, whatever the port: opening a second
    'cardgen serve' once overwrote the first's key, and the first's page was shut out."""
    from http.cookies import SimpleCookie

    jar = {}  # what a browser keeps for the host 127.0.0.1: by name only
    servers = []
    for port, token in ((PORT, TOKEN), (PORT + 1, "z" * 32)):
        app = create_app(tmp_path / f"data{port}", token, allowed_hosts("127.0.0.1", port))
        client = TestClient(app, base_url=f"http://127.0.0.1:{port}", follow_redirects=False)
        r = client.get(f"/?token={token}")
        assert r.status_code == 303
        jar.update({k: m.value for k, m in SimpleCookie(r.headers["set-cookie"]).items()})
        servers.append(client)
    header = "; ".join(f"{k}={v}" for k, v in jar.items())
    for client in servers:
        client.cookies.clear()
        assert client.get("/printer", headers={"cookie": header}).status_code == 200


def test_a_sequence_length_fourscore_ignores_does_not_crash_its_preview(client):
    """FourScore alone is previewed with Str8 Eight's deck and box: a sequence length only Str8
    Eight checks (and the build of FourScore ignores) once made the preview a 500."""
    form = {"games": ["fourscore"], "games__shown": "1", "sequence_length": "36"}
    r = client.post("/api/preview", data=form, headers=ORIGIN)
    assert r.status_code == 200, r.text[:200]
    assert [d["game"] for d in r.json()["decks"]] == ["str8eight"] and r.json()["box"].startswith("<svg")
    r = client.post("/api/preview", data={**form, "games": ["str8eight"]}, headers=ORIGIN)
    assert r.status_code == 400 and "--sequence-length" in r.json()["errors"]["sequence_length"]


# -- a server on every address (--host 0.0.0.0 --public) ----------------------------------------------

@pytest.fixture
def everywhere(data):
    app = create_app(data, TOKEN, allowed_hosts("0.0.0.0", PORT))
    with TestClient(app, base_url=BASE, follow_redirects=False, raise_server_exceptions=False) as c:
        c.cookies.set(COOKIE, TOKEN)
        yield c


@pytest.mark.parametrize("host", [f"192.168.1.5:{PORT}", f"127.0.0.1:{PORT}", f"localhost:{PORT}",
                                  f"[fe80::1]:{PORT}", f"10.0.0.7:{PORT}"])
def test_a_public_server_on_every_address_answers_at_its_addresses(everywhere, host):
    """--host 0.0.0.0 --public once answered only a Host of 0.0.0.0 itself: the other computers
    it was opened for (and this one, at 127.0.0.1) were all refused with 421."""
    assert everywhere.get("/printer", headers={"host": host}).status_code == 200
    r = everywhere.post("/printer", data=READINGS, headers={"host": host, "origin": f"http://{host}"})
    assert r.status_code == 200 and 'id="saved"' in r.text


@pytest.mark.parametrize("host", ["evil.example", f"evil.example:{PORT}", f"192.168.1.5.evil.example:{PORT}",
                                  f"192.168.1.5:{PORT + 1}", f"192.168.1.5:0{PORT}", f"::1:{PORT}", f"0x7f.1:{PORT}",
                                  f"127.0.0.1:{PORT}:{PORT}", ""])
def test_a_public_server_still_refuses_other_names(everywhere, host):
    """DNS rebinding: a name that is not this computer's (an address cannot be rebound)."""
    assert everywhere.get("/", headers={"host": host}).status_code == 421


def test_a_public_server_takes_a_change_only_from_the_address_it_came_to(everywhere):
    host = f"192.168.1.5:{PORT}"
    for origin in (f"http://10.0.0.7:{PORT}", f"http://127.0.0.1:{PORT}", "http://evil.example", "null"):
        r = everywhere.post("/printer", data=READINGS, headers={"host": host, "origin": origin})
        assert r.status_code == 403, origin


# -- on the wire: one real server -----------------------------------------------------------------------

def _raw(port: int, request: bytes) -> bytes:
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(request)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    return out


def _open_from_elsewhere(url: str, port: int, tmp_path) -> None:
    """In Chromium: the address with its key opened from another site's page and from a file
    (a link in webmail, a chat, a saved note) reaches the kit page, not the page asking for the
    key (a browser sends no SameSite=Strict cookie along a redirect another site started)."""
    from pathlib import Path

    chromium = "/usr/bin/chromium"
    if not Path(chromium).exists():
        assert not os.environ.get("CI"), "CI must have Debian's chromium: .ci/run installs it"
        return
    from playwright.sync_api import sync_playwright

    note = tmp_path / "note.html"
    note.write_text(f'<meta http-equiv="refresh" content="0;url={url}">')
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        try:
            for start in (f"http://localhost:{port}/", note.as_uri()):
                context = browser.new_context()
                page = context.new_page()
                page.set_default_timeout(60_000)
                if start.startswith("http"):
                    page.goto(start)  # another site (localhost is not 127.0.0.1), refused there
                    with page.expect_navigation(url=re.compile(r"127\.0\.0\.1:\d+/$")):
                        page.evaluate(f"location.href = {url!r}")
                else:
                    with page.expect_navigation(url=re.compile(r"127\.0\.0\.1:\d+/$")):
                        page.goto(start)
                page.wait_for_selector("#kit, p[role=alert]")
                assert page.query_selector("#kit") and "key in the address" not in page.content(), start
                context.close()
        finally:
            browser.close()


def test_the_real_server_under_attack(tmp_path):
    """One real `cardgen serve`: requests a browser never sends (no Host, HTTP/1.0, an absolute
    URI naming another host, a trailing dot, a preflight from another site) refused on the
    wire; a flood of jobs answered 503 with Retry-After; hundreds of event streams held open
    on a waiting job while a page still answers, and each told when it is cancelled; the
    address opened from another site in Chromium; the key never in what the server prints,
    but for the address it gives, nor in the browser's command line (which every user can
    read): the browser opens a page only this user can read, which moves on to the address."""
    import signal
    import socket
    import subprocess
    import sys

    import httpx2

    import time

    data = tmp_path / "data"
    opened = tmp_path / "opened.txt"  # what the browser was started with: every user can read it (ps)
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > {opened}.part && mv {opened}.part {opened}\n')
    browser.chmod(0o755)
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--port", "0", "--data", str(data)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "BROWSER": f"{browser} %s"})
    try:
        first = proc.stdout.readline()
        m = re.search(r"open (http://127\.0\.0\.1:(\d+))/\?token=(\S+)", first)
        assert m, first
        base, port, token = m.group(1), int(m.group(2)), m.group(3)
        deadline = time.monotonic() + 60
        while not opened.exists() and time.monotonic() < deadline:  # the browser's start, as an event
            time.sleep(0.02)
        started = opened.read_text().split()
        assert token not in " ".join(started), started
        page = urlsplit(started[0])
        assert page.scheme == "file" and os.path.dirname(page.path) == str(data)
        assert os.stat(page.path).st_mode & 0o777 == 0o600 and f"{base}/?token={token}" in open(page.path).read()
        host, key = f"127.0.0.1:{port}", f"{COOKIE}_{port}={token}"
        for request, status in [
            (b"GET / HTTP/1.0\r\n\r\n", 421),
            (f"GET / HTTP/1.1\r\nHost: localhost.:{port}\r\nCookie: {key}\r\nConnection: close\r\n\r\n", 421),
            (f"GET http://{host}/ HTTP/1.1\r\nHost: evil.example\r\nCookie: {key}\r\nConnection: close\r\n\r\n", 421),
            (f"GET / HTTP/1.1\r\nHost: {host}\r\nHost: evil.example\r\nCookie: {key}\r\nConnection: close\r\n\r\n", 400),
            (f"OPTIONS /api/build HTTP/1.1\r\nHost: {host}\r\nOrigin: http://evil.example\r\n"
             f"Access-Control-Request-Method: POST\r\nConnection: close\r\n\r\n", 403),
            (f"GET /?token={token[:-1]}{'y' if token[-1] != 'y' else 'z'} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n", 403),
        ]:
            answer = _raw(port, request if isinstance(request, bytes) else request.encode())
            head = answer.split(b"\r\n\r\n")[0].lower()
            assert head.startswith(f"http/1.1 {status} ".encode()), (request, answer[:200])
            assert b"access-control-allow" not in head and b"set-cookie" not in head
        kit = {"games": ["str8eight"], "games__shown": "1", "paper": "letter", "layout": "duplex"}
        with httpx2.Client(base_url=base, timeout=60) as c:
            c.get(f"/?token={token}", follow_redirects=True)
            answers = [c.post("/api/build", data={**kit, "table_size": str(n)}, headers={"origin": base})
                       for n in range(2, 8)]
            assert [r.status_code for r in answers] == [202] * 4 + [503] * 2
            assert all(int(r.headers["retry-after"]) > 0 for r in answers[4:])
            jobs = [r.json()["job"] for r in answers[:4]]
            streams = []
            for _ in range(200):  # the last job waits its turn: its streams stay open
                s = socket.create_connection(("127.0.0.1", port), timeout=60)
                s.sendall(f"GET /jobs/{jobs[-1]}/events HTTP/1.1\r\nHost: {host}\r\nCookie: {key}\r\n\r\n".encode())
                streams.append(s)
            assert all(s.recv(4096).startswith(b"HTTP/1.1 200") for s in streams)
            assert c.get("/printer").status_code == 200
            assert c.post(f"/jobs/{jobs[-1]}/cancel", headers={"origin": base}).json()["ok"]
            for s in streams:
                seen = b""
                while b"event: cancelled" not in seen and (chunk := s.recv(65536)):
                    seen += chunk
                assert b"event: cancelled" in seen
                s.close()
            for job in reversed(jobs[:-1]):
                c.post(f"/jobs/{job}/cancel", headers={"origin": base})
        _open_from_elsewhere(first.split("open ", 1)[1].split()[0], port, tmp_path)
    finally:
        proc.send_signal(signal.SIGINT)
        said = first + proc.communicate(timeout=120)[0]
    assert said.count(token) == 1, said  # only in the address printed at the start
    assert not os.path.exists(page.path)  # the page with the key gone with the server
    assert "Traceback" not in said


def test_headers_sent_too_slowly_close_the_connection():
    """Slowloris before the door: a connection that sends no request, or its headers a byte at
    a time, was held open for ever, key or not (and with --public, by anyone on the network).
    The server's HTTP protocol closes it once the time for headers is up; a request being
    answered (an event stream) is left open."""
    import uvicorn
    from uvicorn.server import ServerState

    from cardgen.serve.run import protocol

    started, release = [], asyncio.Event()

    async def app(scope, receive, send):
        if scope["type"] != "http":
            return
        await send({"type": "http.response.start", "status": 200, "headers": []})
        if scope["path"] == "/stream":
            started.append(scope["path"])
            await release.wait()
        await send({"type": "http.response.body", "body": b"ok"})

    class Transport(asyncio.Transport):
        def __init__(self):
            super().__init__()
            self.closed, self.sent = asyncio.Event(), b""

        def get_extra_info(self, name, default=None):
            return {"sockname": ("127.0.0.1", PORT), "peername": ("127.0.0.1", 50000)}.get(name, default)

        def write(self, data):
            self.sent += data

        def is_closing(self):
            return self.closed.is_set()

        def close(self):
            self.closed.set()

        def pause_reading(self):
            pass

        def resume_reading(self):
            pass

    async def connect():
        proto = protocol()(config=uvicorn.Config(app, log_level="warning", lifespan="off"),
                           server_state=ServerState(), app_state={}, _loop=asyncio.get_running_loop())
        proto.header_time = 0.2
        transport = Transport()
        proto.connection_made(transport)
        return proto, transport

    async def attack():
        host = f"Host: 127.0.0.1:{PORT}\r\n".encode()
        _, silent = await connect()  # connects and says nothing
        await asyncio.wait_for(silent.closed.wait(), 20)
        proto, slow = await connect()  # half its headers
        proto.data_received(b"GET / HTTP/1.1\r\n" + host)
        await asyncio.wait_for(slow.closed.wait(), 20)
        proto, again = await connect()  # one request answered, then half of the next
        proto.data_received(b"GET / HTTP/1.1\r\n" + host + b"\r\n")
        while b"ok" not in again.sent:
            await asyncio.sleep(0)
        proto.data_received(b"GET / HTTP/1.1\r\n")
        await asyncio.wait_for(again.closed.wait(), 20)
        proto, stream = await connect()  # a stream being answered stays open when the time is up
        proto.data_received(b"GET /stream HTTP/1.1\r\n" + host + b"\r\n")
        while not started:
            await asyncio.sleep(0)
        proto.headers_too_slow()
        assert not stream.closed.is_set()
        release.set()
        proto.connection_lost(None)
    asyncio.run(attack())


# -- no change by GET, and the key never in a page ---------------------------------------------------------

@pytest.mark.parametrize("path", ["/api/preview", "/api/build", "/api/playtest", "/api/tune", "/jobs/{job}/cancel"])
def test_a_get_changes_nothing(client, data, path):
    """A link or an image can make a browser GET anything (with the cookie, from a page of this
    computer at another port): no GET starts, changes or cancels anything."""
    from urllib.parse import urlencode

    from cardgen.serve.jobs import Job

    waiting = Job("a" * 32, "build", {}, changed=asyncio.Event())  # a job waiting its turn
    client.door.face.jobs.jobs[waiting.id] = waiting
    job, state = waiting.id, waiting.state
    before = {p for p in data.rglob("*")}
    query = urlencode({"games": "str8eight", "games__shown": "1", "hands": "10", "paper": "letter", **READINGS})
    for method in ("GET", "HEAD"):
        r = client.request(method, path.format(job=job) + "?" + query)
        assert r.status_code == 405, (method, r.status_code)
    assert client.door.face.jobs.get(job).state == state and len(client.door.face.jobs.jobs) == 1
    assert {p for p in data.rglob("*")} == before


def test_the_key_is_in_no_page_and_no_address_after_the_first(stranger):
    r = stranger.get(f"/?token={TOKEN}")
    assert TOKEN not in r.headers["location"]
    for path in ("/", "/printer", "/playtest", "/static/serve.js", "/kits/" + "0" * 64):
        r = stranger.get(path)
        assert TOKEN not in r.text and TOKEN not in str(r.headers.get("location", "")), path
        assert r.headers.get("referrer-policy", "same-origin") in ("same-origin", "no-referrer")
