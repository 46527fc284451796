"""The web face's routes: Starlette, pages from templates/serve/ (Jinja2), a little plain
JavaScript. Every route reads a form through the settings table (forms.py) and calls the
functions the command line calls (preview.py, build, check, calibrate, playtest); nothing
a browser sends is used as a path.
"""
from __future__ import annotations

import asyncio
import json
import threading
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from .. import __version__
from ..errors import CardgenError
from . import forms
from .jobs import RETRY_AFTER, Jobs, QueueFull
from .kits import KEY, Store, key_of
from .security import Door

STATIC = ("serve.css", "serve.js", "play.js")
NAV = (("/", "Make a kit"), ("/printer", "Set up my printer"), ("/playtest", "Does this variant play well?"),
       ("/play", "Play against the computer"))
FONT_SETS = ("standard", "hyperlegible", "early-reader")


def _templates():
    import jinja2

    from .. import paths

    folder = Path(str(paths.folder("cardgen.templates"))) / "serve"
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True)
    return env, folder


def _fonts() -> dict:
    """The bundled font files a page may load, by file name."""
    from ..theme import font_set

    files = {}
    for name in FONT_SETS:
        fs = font_set(name)
        for _, file in fs.files:
            files[file] = fs.folder / file
    return files


def _font_faces() -> list:
    from ..theme import font_set

    faces = []
    for name in FONT_SETS:
        fs = font_set(name)
        files = dict(fs.files)
        text, heavy = fs.role("text"), fs.role("heavy")
        faces += [(text, "400", "normal", files["regular"]), (text, "700", "normal", files["bold"]),
                  (text, "400", "italic", files["italic"]), (heavy, "400", "normal", files["black"])]
    return faces


class Face:
    """The app's state: the data folder, the job queue, the templates."""

    def __init__(self, data: Path, jobs: int = 1):
        self.store = Store(data)
        self.store.make()
        self.jobs = Jobs()
        self.env, self.folder = _templates()
        self.cores = jobs
        self.fonts = _fonts()
        self.faces = _font_faces()
        from ..model.play.table import Tables

        self.tables = Tables()  # the open game tables, by unguessable id (bounded: the oldest goes first)
        self.table_lock = threading.Lock()  # one move at a time: a table replays its game to move on

    def project(self) -> dict:
        """The data folder's project file (the printer's profile), or nothing."""
        from .. import config

        if not self.store.project.is_file():
            return {}
        try:
            return config.load(self.store.project)
        except CardgenError:
            return {}

    def page(self, name: str, request: Request, status: int = 200, **context) -> HTMLResponse:
        html = self.env.get_template(name).render(nav=NAV, path=request.url.path, version=__version__,
                                                  font_faces=self.faces, **context)
        return HTMLResponse(html, status_code=status, headers=_NO_STORE)


_NO_STORE = {"cache-control": "no-store", "x-content-type-options": "nosniff", "referrer-policy": "same-origin",
             "x-frame-options": "DENY",
             "content-security-policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                                        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"}


def _field_values(values: dict, command: str = "build") -> dict:
    """What each field shows: the value chosen, as the form writes it."""
    shown = {}
    for name in forms.names(command):
        f = forms.field(name, command)
        shown[name] = forms.show(name, values[name]) if name in values else f.default
    return shown


def _whole_error(exc: CardgenError, errors: dict, command: str = "build") -> None:
    message = str(exc)
    errors[forms.field_of(message, command) or "_form"] = message


def _build_options(values: dict):
    from ..options import BuildOptions, pick

    return BuildOptions(**pick(BuildOptions, {**values, "jobs": 1}))


def _plan_json(options) -> dict:
    from .. import preview

    plan = preview.sheet_plan(options)
    best = preview.fewest(options)
    return {"paper": plan.paper, "card_sheets": plan.card_sheets, "plain": plan.plain,
            "decks": [{"game": d.game, "title": d.title, "cards": d.cards, "per_sheet": d.per_sheet,
                       "turned": d.turned, "sheets": d.sheets, "boxes": d.boxes} for d in plan.decks],
            "fewest": {"card_size": best[0], "card_sheets": best[1]} if best else None}


def preview_json(values: dict) -> dict:
    """The live preview of a kit: sample cards of each deck, the first deck's print sheet and
    box, the sheet count; drawn by the designs the build uses."""
    return _preview_of(_build_options(values))


@lru_cache(maxsize=32)
def _preview_of(options) -> dict:
    from .. import preview

    games = preview.deck_games(options)
    decks = []
    for game in games:
        art = preview.drawn(options, "cards", game)
        sets = [{"letter": letter, "face": preview.inline(c.svg, f"{game}-set-{letter}", "card")}
                for letter, c in preview.drawn(options, "sets", game)] if options.sets > 1 else []
        decks.append({"game": game, "title": _title(game),
                      "faces": [preview.inline(c.svg, f"{game}-{i}", "card") for i, c in enumerate(art.faces)],
                      "back": preview.inline(art.backs[0].svg, f"{game}-back", "card"), "sets": sets})
    first = games[0] if games else None
    return {"ok": True, "decks": decks, "edition": preview.edition(options),
            "sheet": preview.inline(preview.drawn(options, "sheet", first), "sheet", "page") if first else "",
            "box": preview.inline(preview.drawn(options, "box", first), "box", "page") if first else "",
            "plan": _plan_json(options) if first else None}


def _edition() -> str:
    from ..preview import edition

    return edition()


def _title(game: str) -> str:
    from ..builders import GAMES

    return GAMES[game].title


def create_app(data: Path, token: str, hosts: frozenset, jobs: int = 1) -> "Door":
    face = Face(Path(data), jobs)

    @asynccontextmanager
    async def lifespan(app):
        await face.jobs.start()
        # the first page's preview drawn while the browser opens (the designs and fonts loaded)
        face.warming = asyncio.get_running_loop().run_in_executor(None, _warm, face.project())
        try:
            yield
        finally:
            await face.jobs.stop()

    async def form_of(request: Request):
        """The body as a form (application/x-www-form-urlencoded, as the pages send it), or None."""
        from urllib.parse import parse_qsl

        from starlette.datastructures import FormData

        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/x-www-form-urlencoded":
            return None
        try:
            body = (await request.body()).decode("utf-8")
            return FormData(parse_qsl(body, keep_blank_values=True, max_num_fields=400, strict_parsing=False))
        except (UnicodeDecodeError, ValueError):
            return None

    # -- Make a kit ---------------------------------------------------------------------
    async def kit_page(request: Request):
        from ..settings import PRESETS

        base = face.project()
        return face.page("kit.html.j2", request, groups=forms.groups("build"), values=_field_values(base),
                         errors={}, presets=json.dumps(forms.presets()),
                         preset_words={k: p.what for k, p in PRESETS.items()},
                         profile=bool(_printer_of(base)), edition=_edition())

    async def api_preview(request: Request):
        form = await form_of(request)
        if form is None:
            return JSONResponse({"ok": False, "errors": {"_form": "send the form's fields"}}, 400)
        values, errors = forms.read(form, "build", face.project())
        if not errors:
            try:
                data = await asyncio.get_running_loop().run_in_executor(None, preview_json, values)
                return JSONResponse(data, headers=_NO_STORE)
            except CardgenError as exc:
                _whole_error(exc, errors)
        return JSONResponse({"ok": False, "errors": errors}, 400, headers=_NO_STORE)

    async def api_build(request: Request):
        form = await form_of(request)
        if form is None:
            return JSONResponse({"ok": False, "errors": {"_form": "send the form's fields"}}, 400)
        values, errors = forms.read(form, "build", face.project())
        if not errors:
            try:
                _build_options(values)
            except CardgenError as exc:
                _whole_error(exc, errors)
        if errors:
            return JSONResponse({"ok": False, "errors": errors}, 400)
        values.pop("out", None)
        values.pop("jobs", None)
        key = key_of("build", values)
        if face.store.kit_record(key) is not None:
            job = face.jobs.done("build", {"url": f"/kits/{key}"}, "this kit was built before: served from the cache")
            return JSONResponse({"ok": True, "job": job.id, "cached": True})
        shown = {forms.field(n).label: forms.show(n, v) for n, v in values.items() if n in forms.names("build")}
        try:
            job = face.jobs.submit("build", {"data": str(face.store.root), "key": key, "values": values,
                                             "jobs": face.cores, "shown": shown})
        except QueueFull:
            return _busy()
        return JSONResponse({"ok": True, "job": job.id, "cached": False}, 202)

    async def events(request: Request):
        job = face.jobs.get(request.path_params["job"])
        if job is None:
            return JSONResponse({"ok": False, "errors": {"_form": "no such job (the server may have restarted)"}},
                                404)

        async def stream():
            sent = 0
            while True:
                waiter = job.changed
                while sent < len(job.events):
                    event, data = job.events[sent]
                    sent += 1
                    yield f"event: {event}\ndata: {json.dumps(data)}\n\n"
                if job.finished and sent >= len(job.events):
                    return
                try:
                    await asyncio.wait_for(waiter.wait(), 15)
                except asyncio.TimeoutError:
                    yield ": still working\n\n"
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"cache-control": "no-store", "x-accel-buffering": "no"})

    async def cancel(request: Request):
        job = face.jobs.get(request.path_params["job"])
        if job is None:
            return JSONResponse({"ok": False, "errors": {"_form": "no such job"}}, 404)
        face.jobs.cancel(job)
        return JSONResponse({"ok": True})

    async def kit_result(request: Request):
        key = request.path_params["key"]
        rec = face.store.kit_record(key)
        if rec is None:
            return face.page("missing.html.j2", request, 404, what="kit")
        from ..export.site import PURPOSES

        from ..builders import GAMES

        files = rec["files"]
        everything = {f["path"].rsplit("-", 1)[-1]: f["path"] for f in files if f["kind"] == "print-everything"}
        howto = [dict(f, paper={"letter": "Letter", "a4": "A4"}.get(f["path"].rsplit("-", 1)[-1][:-4], ""),
                      everything=everything.get(f["path"].rsplit("-", 1)[-1]))  # the same paper's one file
                 for f in files if f["kind"] == "how-to-print"]
        order = [k for k, _ in PURPOSES.items()]
        games = []
        for name, game in GAMES.items():
            rows = sorted((dict(f, what=PURPOSES.get(f["kind"], (f["kind"].replace("-", " ").capitalize(), ""))[0])
                           for f in files if f["format"] == "pdf" and f["game"] == name),
                          key=lambda f: (order.index(f["kind"]) if f["kind"] in order else 99, f["path"]))
            if rows:
                games.append((game.title, rows))
        titles = {**{name: game.title for name, game in GAMES.items()}, "manifest": "The kit's list of files",
                  "pdf metadata": "The PDFs' titles and details", "how to print": "The how-to-print page"}
        check = [dict(r, title=titles.get(r["game"], r["game"].capitalize())) for r in rec["check"]]
        ok = all(r["ok"] for r in rec["check"])
        return face.page("result.html.j2", request, key=key, rec=rec, howto=howto, games=games, ok=ok,
                         check=check, zip_size=_size(face.store.kit_zip(key)))

    async def kit_zip(request: Request):
        key = request.path_params["key"]
        path = face.store.own_file(face.store.kit_zip(key)) if face.store.kit_record(key) is not None else None
        if path is None:
            return face.page("missing.html.j2", request, 404, what="kit")
        return FileResponse(path, media_type="application/zip",
                            filename=f"cardgen-kit-{key[:8]}.zip", headers={"cache-control": "no-store"})

    async def kit_file(request: Request):
        key = request.path_params["key"]
        name = request.query_params.get("name", "")
        path = face.store.kit_file(key, name) if KEY.match(key) else None
        if path is None:
            return face.page("missing.html.j2", request, 404, what="file")
        kind = {".pdf": "application/pdf", ".png": "image/png", ".json": "application/json",
                ".zip": "application/zip"}.get(path.suffix, "application/octet-stream")
        inline = path.suffix == ".pdf"
        return FileResponse(path, media_type=kind, filename=path.name,
                            content_disposition_type="inline" if inline else "attachment",
                            headers={"cache-control": "no-store", "x-content-type-options": "nosniff"})

    # -- Set up my printer --------------------------------------------------------------
    async def printer_page(request: Request):
        return _printer_view(request, {}, {}, None)

    def _printer_view(request, typed: dict, errors: dict, saved, status: int = 200):
        from ..readings import QUESTIONS

        base = face.project()
        paper = typed.get("paper") if typed.get("paper") in ("letter", "a4") else \
            (base.get("paper") if base.get("paper") in ("letter", "a4") else "letter")  # a bad one is marked
        return face.page("printer.html.j2", request, status, questions=QUESTIONS, typed=typed, errors=errors,
                         saved=saved, paper=paper, profile=_printer_of(base), sheet_note=_sheet_words(base),
                         picture=_calibration_picture(paper))

    async def printer_sheet(request: Request):
        from ..documents.calibration import file_name, write_calibration
        from ..layout.paper import PAPERS
        from ..theme import DEFAULT_THEME

        paper = request.query_params.get("paper", "letter")
        if paper not in ("letter", "a4"):
            return face.page("missing.html.j2", request, 404, what="sheet")
        path = face.store.root / "calibration" / file_name(PAPERS[paper], False)
        if face.store.own_file(path) is None:  # not made yet (or a link planted there: replaced, never followed)
            await asyncio.get_running_loop().run_in_executor(None, write_calibration, path, PAPERS[paper],
                                                             DEFAULT_THEME)
        return FileResponse(path, media_type="application/pdf", filename=path.name,
                            content_disposition_type="inline", headers={"cache-control": "no-store"})

    async def printer_save(request: Request):
        from .. import readings
        from ..layout.calibration import Readings
        from ..printerprofile import read_sheet
        from ..settings import BY_NAME, validate

        form = await form_of(request)
        if form is None:
            return _printer_view(request, {}, {"_form": "send the form's fields"}, None, 400)
        typed = {k: form.get(k) if isinstance(form.get(k), str) else "" for k, _, _ in readings.QUESTIONS}
        paper = form.get("paper") if isinstance(form.get("paper"), str) else ""
        typed["paper"] = paper
        errors = {}
        if paper not in ("letter", "a4"):
            errors["paper"] = f"unknown paper {paper[:20]!r}; use letter or a4 (the paper you printed the sheet on)"
        got = {}
        for key, where, _ in readings.QUESTIONS:
            text = (typed[key] or "").strip()[:40]
            if not text:
                errors[key] = f"{where}: give what it shows"
                continue
            try:
                got[key] = readings._one(key, text)
            except CardgenError as exc:
                errors[key] = str(exc)
        if errors:
            return _printer_view(request, typed, errors, None, 400)
        from ..layout.calibration import EDGES
        from ..readings import EDGE_LETTERS

        r = Readings(got["A"], got["B"], got["X"], got["Y"], tuple(got[EDGE_LETTERS[e]] for e in EDGES),
                     (got["across"], got["down"]))
        project = face.project()
        values = {name: validate(name, project.get(name, BY_NAME[name].default_value()))
                  for name in ("paper", "back_offset", "back_rotation", "print_scale")}
        values["paper"] = paper
        try:
            lines, _ = await asyncio.get_running_loop().run_in_executor(
                None, read_sheet, face.store.project, project, values, r, False)
        except CardgenError as exc:
            message = str(exc)
            field = next((k for k in ("A", "B", "X", "Y") if f" {k} " in message), "_form")
            errors[field] = message
            return _printer_view(request, typed, errors, None, 400)
        return _printer_view(request, typed, {}, lines)

    # -- Does this variant play well? ------------------------------------------------------
    async def playtest_page(request: Request):
        base = {k: v for k, v in face.project().items() if k in forms.names("playtest")}
        values = _field_values({**base, "hands": 400, "ladder_hands": 0}, "playtest")
        return face.page("playtest.html.j2", request, groups=forms.groups("playtest"), values=values, errors={},
                         rec=None, key=None)

    async def playtest_result(request: Request):
        key = request.path_params["key"]
        rec = face.store.playtest_record(key)
        if rec is None:
            return face.page("missing.html.j2", request, 404, what="playtest")
        values = _field_values({}, "playtest")
        return face.page("playtest.html.j2", request, groups=forms.groups("playtest"), values=values, errors={},
                         rec=rec, key=key)

    async def api_playtest(request: Request):
        return await _play(request, "playtest")

    async def api_tune(request: Request):
        return await _play(request, "tune")

    async def _play(request: Request, kind: str):
        from ..options import PlaytestOptions, pick
        from ..settings import playtest_games

        form = await form_of(request)
        if form is None:
            return JSONResponse({"ok": False, "errors": {"_form": "send the form's fields"}}, 400)
        values, errors = forms.read(form, "playtest")
        errors.update(forms.bounded_playtest(values))
        if kind == "tune" and values.get("hands", 0) > 4000:
            errors["hands"] = "the tuner from the page plays at most 4000 hands a variant; use 4000 or fewer"
        if not errors:
            try:
                PlaytestOptions(**pick(PlaytestOptions, {**values, "jobs": 1,
                                                         **({"games": ("str8eight",), "tune": True}
                                                            if kind == "tune" else {})}))
            except CardgenError as exc:
                _whole_error(exc, errors, "playtest")
        if errors:
            return JSONResponse({"ok": False, "errors": errors}, 400)
        key = key_of(kind, values)
        if face.store.playtest_record(key) is not None:
            job = face.jobs.done(kind, {"url": f"/playtest/{key}"}, "played before: served from the cache")
            return JSONResponse({"ok": True, "job": job.id, "cached": True})
        from ..settings import PLAYTEST, for_command

        defaults = {s.name: s.default_value() for s in for_command(PLAYTEST)}
        fixed = [n for n in ("table_size", "pass_cards", "sequence_length", "players")
                 if n in values and values[n] != defaults.get(n)]
        shown = {forms.field(n, "playtest").label: forms.show(n, v) for n, v in values.items()}
        try:
            job = face.jobs.submit(kind, {"data": str(face.store.root), "key": key, "values": values,
                                          "jobs": face.cores, "shown": shown, "fixed": fixed,
                                          "games": list(playtest_games(values.get("games") or ()))})
        except QueueFull:
            return _busy()
        return JSONResponse({"ok": True, "job": job.id, "cached": False}, 202)

    # -- Play against the computer ---------------------------------------------------------------
    from . import play as play_face
    from ..model.play.table import TableError

    def _table_error(exc: TableError, status: int = 400) -> JSONResponse:
        return JSONResponse({"ok": False, "errors": {exc.field: str(exc)}}, status, headers=_NO_STORE)

    def _no_table() -> JSONResponse:
        return JSONResponse({"ok": False, "errors": {"_form": "no such table (it was closed, or the server "
                                                              "restarted): start a new game"}}, 404,
                            headers=_NO_STORE)

    def _table(request: Request):
        try:
            return face.tables.get(request.path_params["table"])
        except KeyError:
            return None

    async def play_page(request: Request):
        return face.page("play.html.j2", request, choices=play_face.choices())

    async def api_play_start(request: Request):
        form = await form_of(request)
        if form is None:
            return JSONResponse({"ok": False, "errors": {"_form": "send the form's fields"}}, 400)

        def start():
            with face.table_lock:
                key = face.tables.open(play_face.read_form(form))
                table = face.tables.get(key)
                return {**play_face.answer(table, table.events()), "table": key}
        try:
            data = await asyncio.get_running_loop().run_in_executor(None, start)
        except TableError as exc:
            return _table_error(exc)
        return JSONResponse(data, headers=_NO_STORE)

    async def api_play_state(request: Request):
        table = _table(request)
        if table is None:
            return _no_table()

        def state():
            with face.table_lock:
                table.events()  # what the page shows now is everything so far
                return play_face.answer(table, table.all_events())
        data = await asyncio.get_running_loop().run_in_executor(None, state)
        return JSONResponse({**data, "table": request.path_params["table"]}, headers=_NO_STORE)

    async def api_play_move(request: Request):
        table = _table(request)
        if table is None:
            return _no_table()
        form = await form_of(request)
        if form is None or not isinstance(form.get("move"), str):
            return JSONResponse({"ok": False, "errors": {"move": "send the move chosen (its id)"}}, 400)
        move = form.get("move")[:120]

        def step():
            with face.table_lock:
                out = table.play(move)
                return play_face.answer(table, out["events"])
        try:
            data = await asyncio.get_running_loop().run_in_executor(None, step)
        except TableError as exc:
            return _table_error(exc, 409 if exc.field == "move" and table.over else 400)
        return JSONResponse(data, headers=_NO_STORE)

    async def api_play_log(request: Request):
        table = _table(request)
        if table is None:
            return _no_table()
        def read():
            with face.table_lock:
                return table.log_lines()
        lines = await asyncio.get_running_loop().run_in_executor(None, read)
        body = "".join(line + "\n" for line in lines)
        return Response(body, media_type="application/jsonl", headers={
            "cache-control": "no-store", "x-content-type-options": "nosniff",
            "content-disposition": f'attachment; filename="{table.options.game}-hands.jsonl"'})

    async def api_play_sheet(request: Request):
        table = _table(request)
        if table is None:
            return _no_table()
        svg = await asyncio.get_running_loop().run_in_executor(None, play_face.sheet_of, table.options)
        if not svg:
            return JSONResponse({"ok": False, "errors": {"_form": "only Str8 Eight has a sequence sheet"}}, 404)
        return JSONResponse({"ok": True, "sheet": svg}, headers=_NO_STORE)

    # -- files of the page itself ------------------------------------------------------------
    async def static(request: Request):
        name = request.path_params["name"]
        if name not in STATIC:
            return Response("not found", 404)
        kind = "text/css" if name.endswith(".css") else "text/javascript"
        return FileResponse(face.folder / name, media_type=kind, headers={"cache-control": "no-cache"})

    async def font(request: Request):
        path = face.fonts.get(request.path_params["name"])
        if path is None:
            return Response("not found", 404)
        return FileResponse(path, media_type="font/ttf", headers={"cache-control": "max-age=86400"})

    routes = [
        Route("/", kit_page), Route("/api/preview", api_preview, methods=["POST"]),
        Route("/api/build", api_build, methods=["POST"]),
        Route("/jobs/{job}/events", events), Route("/jobs/{job}/cancel", cancel, methods=["POST"]),
        Route("/kits/{key}", kit_result), Route("/kits/{key}/kit.zip", kit_zip), Route("/kits/{key}/file", kit_file),
        Route("/printer", printer_page), Route("/printer", printer_save, methods=["POST"]),
        Route("/printer/sheet", printer_sheet),
        Route("/playtest", playtest_page), Route("/playtest/{key}", playtest_result),
        Route("/api/playtest", api_playtest, methods=["POST"]), Route("/api/tune", api_tune, methods=["POST"]),
        Route("/play", play_page), Route("/api/play", api_play_start, methods=["POST"]),
        Route("/api/play/{table}", api_play_state), Route("/api/play/{table}/move", api_play_move, methods=["POST"]),
        Route("/api/play/{table}/log", api_play_log), Route("/api/play/{table}/sheet", api_play_sheet),
        Route("/static/{name}", static), Route("/fonts/{name}", font),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.face = face
    door = Door(app, token, hosts)
    door.face = face
    return door


def _warm(project: dict) -> None:
    try:
        forms_values, errors = forms.read({}, "build", project)
        if not errors:
            preview_json(forms_values)
    except CardgenError:
        pass


def _busy() -> JSONResponse:
    return JSONResponse({"ok": False, "errors": {"_form": f"the server is busy with other jobs; try again in "
                                                          f"{RETRY_AFTER} seconds"}}, 503,
                        headers={"retry-after": str(RETRY_AFTER)})


def _size(path: Path) -> str:
    try:
        n = path.stat().st_size
    except OSError:
        return ""
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.0f} KB"


@lru_cache(maxsize=4)
def _calibration_picture(paper: str) -> str:
    """The calibration sheet's front page, as the PDF draws it, to show where each reading is."""
    from ..design.calibration import sheet_svgs
    from ..layout.calibration import plan
    from ..layout.paper import PAPERS
    from ..preview import inline
    from ..theme import DEFAULT_THEME

    return inline(sheet_svgs(plan(PAPERS[paper]), DEFAULT_THEME)[0], "cal", "page")


def _printer_of(values: dict) -> dict:
    """The printer profile's values in the project file (those it has)."""
    names = ("back_offset", "back_rotation", "print_scale", "printer_margin")
    return {n: forms._shown(values[n]) for n in names if n in values}


def _sheet_words(values: dict) -> list:
    """What a sheet of poker cards holds with the project's profile, on each paper."""
    from ..options import BuildOptions, pick
    from ..printerprofile import sheet_note

    try:
        options = BuildOptions(**pick(BuildOptions, {k: v for k, v in values.items() if k != "out"} |
                                      {"paper": "both", "jobs": 1}))
    except CardgenError:
        return []
    return [f"{'An' if paper == 'A4' else 'A'} {paper} sheet holds {count} {size} cards "
            f"{'turned' if turned else 'upright'}."
            for paper, count, size, turned in sheet_note(options)]

