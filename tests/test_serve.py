"""`cardgen serve` over HTTP (Starlette's test client against the app itself): the door (the
key, the Host, the Origin, the body size), the form read through the settings table with a
message at each bad field, path tricks in every parameter, the bounded queue, the printer's
readings. The real server in a real browser: test_serve_browser.py."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from cardgen.serve.app import create_app  # noqa: E402
from cardgen.serve.security import COOKIE, allowed_hosts  # noqa: E402
from waiting import HANG  # noqa: E402

PORT = 8470
BASE = f"http://127.0.0.1:{PORT}"
ORIGIN = {"origin": BASE}
TOKEN = "k" * 32
GOOD_READINGS = {"across": "99.5", "down": "100.5", "E": "3", "F": "3", "G": "5", "H": "4", "A": "+0.5", "B": "0",
                 "X": "+0.25", "Y": "-0.5"}
KIT = {"games": ["str8eight"], "games__shown": "1", "paper": "letter", "layout": "duplex", "table_size": "8"}


@pytest.fixture
def data(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def client(data):
    app = create_app(data, TOKEN, allowed_hosts("127.0.0.1", PORT))
    with TestClient(app, base_url=BASE, follow_redirects=False) as c:
        c.cookies.set(COOKIE, TOKEN)
        c.app_door = app
        yield c


@pytest.fixture
def stranger(data):
    app = create_app(data, TOKEN, allowed_hosts("127.0.0.1", PORT))
    with TestClient(app, base_url=BASE, follow_redirects=False) as c:
        yield c


def written(data) -> set:
    """Every file under the data folder."""
    return {p.relative_to(data).as_posix() for p in data.rglob("*") if p.is_file()}


# -- the door -----------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/printer", "/playtest", "/static/serve.css", "/fonts/Lato-Regular.ttf",
                                  "/kits/" + "0" * 64, "/printer/sheet?paper=letter"])
def test_no_key_no_page(stranger, path):
    r = stranger.get(path)
    assert r.status_code == 403
    assert "key in the address" in r.text
    assert "<form" not in r.text


def test_the_key_in_the_address_sets_the_cookie_and_leaves_the_address(stranger):
    r = stranger.get(f"/printer?token={TOKEN}")
    assert r.status_code == 303 and r.headers["location"] == "/printer"
    cookie = r.headers["set-cookie"]
    assert f"{COOKIE}_{PORT}={TOKEN}" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert stranger.get("/printer").status_code == 200


def test_a_wrong_key_opens_nothing(stranger):
    r = stranger.get("/?token=" + "x" * 32)
    assert r.status_code == 403 and "set-cookie" not in r.headers
    stranger.cookies.set(COOKIE, "x" * 32)
    assert stranger.get("/").status_code == 403


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8470", "127.0.0.1:9999", "localhost.evil.example:8470",
                                  "192.168.1.5:8470"])
def test_another_host_is_refused_even_with_the_key(client, host):
    """DNS rebinding: a page of another site that resolves to 127.0.0.1 sends its own Host."""
    r = client.get("/", headers={"host": host})
    assert r.status_code == 421
    assert "<form" not in r.text


def test_loopback_names_are_ours():
    hosts = allowed_hosts("127.0.0.1", PORT)
    assert {f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}"} <= hosts
    assert not any(h.startswith("0.0.0.0") for h in hosts)


@pytest.mark.parametrize("path", ["/api/preview", "/api/build", "/printer", "/api/playtest", "/api/tune",
                                  "/jobs/" + "0" * 32 + "/cancel"])
@pytest.mark.parametrize("headers", [{}, {"origin": "http://evil.example"}, {"origin": "null"},
                                     {"origin": f"http://127.0.0.1:{PORT + 1}"},
                                     {"origin": BASE, "sec-fetch-site": "cross-site"}])
def test_a_change_from_another_site_is_refused(client, data, path, headers):
    """CSRF: every state-changing request says it comes from our own pages."""
    before = written(data)
    r = client.post(path, data=KIT, headers=headers)
    assert r.status_code == 403, r.text
    assert "from this server's own pages" in r.text
    assert written(data) == before


def test_an_oversized_body_is_refused(client, data):
    before = written(data)
    r = client.post("/api/preview", content=b"table_size=8&" + b"x" * 70_000, headers={
        **ORIGIN, "content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413
    assert "larger than 64 KB" in r.text

    def chunks():  # no Content-Length: counted as it arrives
        for _ in range(40):
            yield b"x" * 4096
    r = client.post("/printer", content=chunks(), headers={**ORIGIN, "content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413
    assert written(data) == before


def test_every_answer_keeps_the_browser_from_guessing_or_framing(client):
    r = client.get("/")
    assert r.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    assert r.headers["cache-control"] == "no-store"


# -- path tricks in every parameter -----------------------------------------------------------

TRICKS = ["../../../../etc/passwd", "/etc/passwd", "..%2f..%2fcardgen.toml", "....//....//etc/passwd",
          "kits/../cardgen.toml", "%00", "C:\\Windows\\win.ini", "~/.ssh/id_rsa"]


@pytest.mark.parametrize("trick", TRICKS)
def test_path_tricks_in_every_get_parameter(client, data, trick):
    (data / "cardgen.toml").write_text("# secret-marker\n")
    before = written(data)
    from urllib.parse import quote

    answers = [client.get(f"/kits/{quote(trick, safe='')}"), client.get(f"/kits/{quote(trick, safe='')}/kit.zip"),
               client.get("/kits/" + "a" * 64 + "/file", params={"name": trick}),
               client.get(f"/static/{quote(trick, safe='')}"), client.get(f"/fonts/{quote(trick, safe='')}"),
               client.get("/printer/sheet", params={"paper": trick}),
               client.get(f"/jobs/{quote(trick, safe='')}/events"), client.get(f"/playtest/{quote(trick, safe='')}")]
    for r in answers:
        assert 400 <= r.status_code < 500, (r.request.url, r.status_code)
        assert "secret-marker" not in r.text and "root:" not in r.text
    assert written(data) == before


def test_a_built_kits_file_is_found_by_its_listed_name_only(client, data):
    """A finished kit's files are looked up in its own list; a name outside it, or leading out
    of the kit, is not found, even when the file exists."""
    import json

    key = "b" * 64
    kit = data / "kits" / key
    (kit / "str8eight").mkdir(parents=True)
    (kit / "str8eight" / "a.pdf").write_bytes(b"%PDF-1.4 listed")
    (kit / "str8eight" / "b.pdf").write_bytes(b"%PDF-1.4 not listed")
    (data / "cardgen.toml").write_text("# secret-marker\n")
    (data / "kits" / f"{key}.json").write_text(json.dumps({"key": key, "files": [
        {"path": "str8eight/a.pdf", "game": "str8eight", "kind": "print", "format": "pdf"},
        {"path": "../../cardgen.toml", "game": "str8eight", "kind": "print", "format": "pdf"}],
        "check": [], "values": {}}))
    assert client.get(f"/kits/{key}/file", params={"name": "str8eight/a.pdf"}).content == b"%PDF-1.4 listed"
    for name in ("str8eight/b.pdf", "../../cardgen.toml", "str8eight/../str8eight/a.pdf", "/str8eight/a.pdf"):
        r = client.get(f"/kits/{key}/file", params={"name": name})
        assert r.status_code == 404 and "secret-marker" not in r.text, name


@pytest.mark.parametrize("field", ["preset", "paper", "layout", "card_size", "font", "games", "formats", "only",
                                   "box_fit", "scaffold"])
@pytest.mark.parametrize("trick", ["../../../../tmp/x", "/etc/passwd"])
def test_path_tricks_in_every_form_field_are_bad_values(client, data, field, trick):
    before = written(data)
    form = {**KIT, field: trick, f"{field}__shown": "1"}
    r = client.post("/api/preview", data=form, headers=ORIGIN)
    assert r.status_code == 400
    assert field in r.json()["errors"], r.json()
    r = client.post("/api/build", data=form, headers=ORIGIN)
    assert r.status_code == 400 and field in r.json()["errors"]
    assert written(data) == before


def test_the_form_has_no_path_field(client):
    """out, config, fonts, back art, JSON and log files: never from a browser."""
    page = client.get("/").text
    names = set(re.findall(r'name="([a-z_]+)"', page))
    assert {"games", "paper", "table_size", "printer_margin"} <= names
    assert not names & {"out", "config", "fonts_dir", "font_files", "back_art", "json_out", "log", "jobs"}
    r = client.post("/api/build", data={**KIT, "out": "/tmp/evil", "config": "/etc/passwd"}, headers=ORIGIN)
    assert r.status_code == 202
    job = r.json()["job"]
    client.post(f"/jobs/{job}/cancel", headers=ORIGIN)
    assert not __import__("os").path.exists("/tmp/evil/manifest.json")


# -- the form: the settings table's names, ranges and messages ----------------------------------

@pytest.mark.parametrize("field, value, says", [
    ("table_size", "13", "table size 13 is out of range; use a whole number from 2 to 12"),
    ("table_size", "eight", "'eight' is not a whole number"),
    ("bleed", "9", "out of range; use 0 to 6 mm"),
    ("paper", "a3", "unknown paper 'a3'; use one of letter, a4, both"),
    ("pass_cards", "3", "3 is odd; use an even number from 0 to 20"),
    ("back_offset", "1,2,3", "is not X,Y in millimetres"),
    ("printer_margin", "1,2", "is not one number or four"),
])
def test_a_bad_value_gets_the_tables_message_at_its_field(client, data, field, value, says):
    before = written(data)
    for path in ("/api/preview", "/api/build"):
        r = client.post(path, data={**KIT, field: value}, headers=ORIGIN)
        assert r.status_code == 400
        errors = r.json()["errors"]
        assert list(errors) == [field], errors
        assert says in errors[field]
        assert "Traceback" not in r.text
    assert written(data) == before


def test_the_form_is_the_settings_table(client):
    from cardgen.settings import BY_NAME

    page = client.get("/").text
    for name in ("table_size", "bleed", "card_size", "box_fit", "printer_margin"):
        s = BY_NAME[name]
        assert s.help.split("(")[0][:40].replace("'", "&#39;") in page, name
    for choice in BY_NAME["card_size"].choices:
        assert f'<option value="{choice}"' in page
    assert "Allowed: a whole number from 2 to 12." in page  # table size's range, as --help says it


def test_the_preview_draws_the_chosen_variant(client):
    six = client.post("/api/preview", data={**KIT, "table_size": "6", "pass_cards": "4"}, headers=ORIGIN).json()
    nine = client.post("/api/preview", data={**KIT, "table_size": "9"}, headers=ORIGIN).json()
    assert [d["game"] for d in six["decks"]] == ["str8eight"]
    assert 'data-table-size="6"' in six["decks"][0]["faces"][0]
    assert 'data-table-size="9"' in nine["decks"][0]["faces"][0]
    assert six["plan"]["decks"][0]["cards"] == 6 * 6 + 4
    assert nine["plan"]["decks"][0]["cards"] == 9 * 9 + 6
    assert six["sheet"].startswith("<svg") and "<?xml" not in six["sheet"]
    assert 'data-game="str8eight"' in six["box"] or "Str8 Eight" in six["box"]


def test_the_preview_carries_the_edition_mark(client):
    """Issue 41: the live preview's header shows the edition mark (the house mark and the
    edition's name, design/identity.py), and a kit of one deck its edition line."""
    page = client.get("/").text
    head = page[page.index('id="preview"'):page.index("<h2>Preview")]
    assert 'data-mark="edition"' in head and 'data-mark="house-mark"' in head and "Home Edition" in head
    one = client.post("/api/preview", data=KIT, headers=ORIGIN).json()
    assert "<span>Str8 Eight — Home Edition</span>" in one["edition"] and 'data-mark="house-mark"' in one["edition"]
    three = client.post("/api/preview", data={**KIT, "games": ["str8eight", "eights", "crazy-eights"]},
                        headers=ORIGIN).json()
    assert "<span>Home Edition</span>" in three["edition"]


def test_a_full_queue_answers_503_with_retry_after(client, data):
    client.app_door.face.jobs.max_waiting = 0
    before = written(data)
    r = client.post("/api/build", data=KIT, headers=ORIGIN)
    assert r.status_code == 503
    assert int(r.headers["retry-after"]) > 0
    assert "busy" in r.json()["errors"]["_form"]
    r = client.post("/api/playtest", data={"games": "str8eight", "games__shown": "1", "hands": "10"}, headers=ORIGIN)
    assert r.status_code == 503
    assert written(data) == before


def test_a_playtest_from_the_page_is_bounded(client):
    r = client.post("/api/playtest", data={"games": "str8eight", "games__shown": "1", "hands": "1000000"},
                    headers=ORIGIN)
    assert r.status_code == 400
    assert "more than a page may ask for" in r.json()["errors"]["hands"]


# -- the printer's readings ----------------------------------------------------------------------

def test_a_bad_reading_is_marked_and_every_other_kept(client, data):
    r = client.post("/printer", data={**GOOD_READINGS, "paper": "letter", "A": "+1.3", "G": "lots"}, headers=ORIGIN)
    assert r.status_code == 400
    page = r.text
    assert re.search(r'id="field-A"[^>]*>', page) and 'class="field bad" id="field-A"' in page
    assert "ladder A has no dash numbered +1.3" in page
    assert 'class="field bad" id="field-G"' in page and "is not a number" in page
    assert 'class="field bad" id="field-B"' not in page
    assert 'name="across" value="99.5"' in page and 'name="Y" value="-0.5"' in page  # the others kept
    assert not (data / "cardgen.toml").exists()


def test_readings_save_the_profile_and_the_sheet_count_follows(client, data):
    before = client.post("/api/preview", data=KIT, headers=ORIGIN).json()["plan"]["decks"][0]
    r = client.post("/printer", data={**GOOD_READINGS, "paper": "letter"}, headers=ORIGIN)
    assert r.status_code == 200, r.text
    assert 'id="saved"' in r.text and "A Letter sheet holds 9 poker cards upright" in r.text
    text = (data / "cardgen.toml").read_text()
    # the edges as read, put through the ruler's scale and rounded up (calibrate --read's values)
    assert "[printer]" in text and "margin = [2.4, 3.6, 4.4, 4.6]" in text and "scale = [99.5, 100.5]" in text
    after = client.post("/api/preview", data=KIT, headers=ORIGIN).json()["plan"]["decks"][0]
    assert (before["per_sheet"], after["per_sheet"]) == (8, 9)
    assert 'name="printer_margin" value="2.4,3.6,4.4,4.6"' in client.get("/").text


def test_the_calibration_sheet_is_written_in_the_data_folder(client, data):
    r = client.get("/printer/sheet", params={"paper": "a4"})
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    assert written(data) == {"calibration/calibration-a4.pdf"}


def test_the_playtest_page_sends_back_what_it_shows(client):
    """Every field as the page fills it is a value the table takes (a span as LOW..HIGH)."""
    page = client.get("/playtest").text
    form = {}
    for name, value in re.findall(r'<input id="in-[a-z_]+" name="([a-z_]+)" value="([^"]*)"', page):
        form[name] = value
    for name, value in re.findall(r'<select id="in-([a-z_]+)" name="[a-z_]+"[^>]*>.*?<option value="([^"]*)" selected',
                                  page, re.S):
        form[name] = value
    assert form["target_turns"] == "40..100"
    r = client.post("/api/playtest", data={**form, "games": "str8eight", "games__shown": "1", "bots": "greedy",
                                           "bots__shown": "1", "hands": "10"}, headers=ORIGIN)
    assert r.status_code == 202, r.json()
    client.post(f"/jobs/{r.json()['job']}/cancel", headers=ORIGIN)


def test_pages_keep_the_origin_on_their_own_forms(client):
    """A referrer policy of no-referrer makes Chromium send 'Origin: null' with a form's POST,
    which the Origin check refuses: the pages say same-origin."""
    assert client.get("/printer").headers["referrer-policy"] == "same-origin"


def test_ctrl_c_stops_the_jobs_leaves_nothing_half_written_and_exits_130(tmp_path):
    """Ctrl-C at the terminal (SIGINT to the server's process group) while a kit builds: exit
    code 130, the build stopped, no kit, zip, record or staging folder left in the data folder."""
    import os
    import signal
    import subprocess
    import sys

    import httpx2

    data = tmp_path / "data"
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--no-browser", "--port", "0", "--data",
                             str(data)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        line = proc.stdout.readline()
        url = re.search(r"open (http://127\.0\.0\.1:(\d+)/\?token=\S+)", line)
        assert url, line
        base = url.group(1).split("/?")[0]
        with httpx2.Client(base_url=base, follow_redirects=True, timeout=HANG) as c:
            c.get(url.group(1))
            r = c.post("/api/build", data=KIT, headers={"origin": base})
            assert r.status_code == 202
            with c.stream("GET", f"/jobs/{r.json()['job']}/events") as events:
                for text in events.iter_lines():
                    if text.startswith("data:") and re.search(r"\d+ of \d+ parts? done", text):
                        break  # the build is under way
            os.killpg(proc.pid, signal.SIGINT)
            assert proc.wait(HANG) == 130
    finally:
        if proc.poll() is None:
            proc.kill()
    said = proc.stdout.read()
    assert "Traceback" not in said
    assert "stopped" in said
    left = sorted(p.relative_to(data).as_posix() for p in (data / "kits").iterdir())
    assert left == [], left


def _serve(data, *more):
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--no-browser", "--port", "0", "--data",
                             str(data), *more], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    m = re.search(r"open (http://127\.0\.0\.1:\d+)/\?token=\S+", line)
    assert m, line
    return proc, m.group(1), line.strip().split("open ", 1)[1]


def test_cancel_stops_the_build_and_keeps_nothing(tmp_path):
    import signal

    import httpx2

    data = tmp_path / "data"
    proc, base, url = _serve(data)
    try:
        with httpx2.Client(base_url=base, follow_redirects=True, timeout=120) as c:
            c.get(url)
            job = c.post("/api/build", data=KIT, headers={"origin": base}).json()["job"]
            ends = []
            with c.stream("GET", f"/jobs/{job}/events") as events:
                event = None
                for text in events.iter_lines():
                    if text.startswith("event:"):
                        event = text.split(":", 1)[1].strip()
                    elif text.startswith("data:") and re.search(r"\d+ of \d+ parts? done", text) and not ends:
                        ends.append("asked")
                        assert c.post(f"/jobs/{job}/cancel", headers={"origin": base}).json()["ok"]
                    elif text.startswith("data:") and event in ("done", "failed", "cancelled"):
                        ends.append(event)
            assert ends == ["asked", "cancelled"]
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(120) == 130
    assert sorted(p.name for p in (data / "kits").iterdir()) == []


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.5"])
def test_a_public_address_needs_public(tmp_path, host):
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "cardgen", "serve", "--no-browser", "--host", host, "--port", "0",
                        "--data", str(tmp_path / "data")], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert r.stderr.startswith("cardgen: error: --host: ") and "add --public" in r.stderr
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "data").exists()


def test_class_sets_show_one_card_of_each_set_with_its_mark(client):
    sets = client.post("/api/preview", data={**KIT, "sets": "3"}, headers=ORIGIN).json()["decks"][0]["sets"]
    assert [s["letter"] for s in sets] == ["A", "B", "C"]
    assert [re.search(r'data-set="([A-Z])"', s["face"]).group(1) for s in sets] == ["A", "B", "C"]
    one = client.post("/api/preview", data=KIT, headers=ORIGIN).json()["decks"][0]["sets"]
    assert one == []
    plan = client.post("/api/preview", data={**KIT, "sets": "3"}, headers=ORIGIN).json()["plan"]["decks"][0]
    assert plan["cards"] == 3 * 70


def test_a_built_kits_result_page_offers_everything_in_one_file(client, data):
    """Issue 41: a kit built for real (its manifest's list, as the build job records it): the
    result page offers print-everything-letter.pdf right under the how-to-print button, and
    the link opens that PDF."""
    import json

    from conftest import run_cli

    key = "c" * 64
    kit = data / "kits" / key
    assert run_cli("build", "--game", "str8eight", "--format", "pdf", "--out", kit, "-q").exit_code == 0
    files = [{k: e[k] for k in ("path", "game", "kind", "format")}
             for e in json.loads((kit / "manifest.json").read_text())["files"]]
    (data / "kits" / f"{key}.json").write_text(json.dumps({"key": key, "files": files, "check": [], "values": {}}))
    page = client.get(f"/kits/{key}").text
    links = re.findall(r'<a class="([^"]*)" href="([^"]*)"[^>]*>([^<]*)</a>', page)
    names = [(text, href.split("name=")[-1]) for _, href, text in links]
    at = names.index(("How to print the kit (PDF)", "how-to-print-letter.pdf"))
    assert names[at + 1] == ("Print everything in one file (PDF)", "print-everything-letter.pdf"), names
    r = client.get(f"/kits/{key}/file", params={"name": "print-everything-letter.pdf"})
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
