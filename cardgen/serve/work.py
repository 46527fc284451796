"""The web face's jobs, each run in a process of its own (jobs.py starts it): they call the
same build, check and playtest functions as the command line and tell the server how they
go through a pipe. A stop (cancel, Ctrl-C, the time bound) is SIGTERM, which those
functions turn into a clean stop: the output folder is switched in one step or not at all.
"""
from __future__ import annotations

import json
from pathlib import Path


def run(kind: str, payload: dict, conn) -> None:
    from ..errors import CardgenError
    from ..interrupt import raise_on_stop_signals

    raise_on_stop_signals()
    last = [None]

    def send(event: str, data) -> None:
        if event == "progress" and data == last[0]:
            return  # a repeat only moves a terminal's clock
        last[0] = data if event == "progress" else last[0]
        try:
            conn.send((event, data))
        except (BrokenPipeError, OSError):
            pass
    try:
        result = {"build": build_kit, "playtest": playtest, "tune": tune}[kind](payload, send)
        send("done", result)
    except KeyboardInterrupt:
        send("cancelled", "stopped; nothing was kept")
    except CardgenError as exc:
        send("failed", str(exc))
    except Exception as exc:  # noqa: BLE001 - said to the page in one line, the traceback kept
        import tempfile
        import traceback

        where = Path(payload["data"]) / "tracebacks"  # in the data folder, as everything the web face writes
        where.mkdir(exist_ok=True)
        fd, path = tempfile.mkstemp(prefix="cardgen-traceback-", suffix=".txt", dir=where)
        with open(fd, "w", encoding="utf-8") as fh:
            fh.write(traceback.format_exc())
        send("failed", f"internal error ({exc.__class__.__name__}); the traceback is in {path}: please report it")
    finally:
        conn.close()


def build_kit(p: dict, send) -> dict:
    """Build the kit, check it, zip it; the record written last."""
    from .. import manifest
    from ..build import build
    from ..check.run import check_output
    from ..interrupt import checkpoint, deferred
    from ..options import BuildOptions, pick
    from .kits import Store, write_zip

    store = Store(Path(p["data"]))
    key = p["key"]
    out = store.kit_dir(key)
    options = BuildOptions(**pick(BuildOptions, {**p["values"], "out": out, "jobs": p["jobs"]}))
    warnings = []
    try:
        with deferred():  # a stop is acted on between steps, and the record is written last or not at all
            build(options, progress=lambda m: send("progress", m),
                  warn=lambda line: (warnings.append(line), send("warning", line)))
            checkpoint()
            send("progress", "checking the kit against the rules")
            reports = check_output(out)
            verdict = [{"game": r.game, "ok": r.ok, "summary": list(r.summary)[:6],
                        "violations": [str(v) for v in r.violations][:20], "count": len(r.violations)}
                       for r in reports]
            checkpoint()
            send("progress", "putting the kit in one zip")
            write_zip(out, store.kit_zip(key))
            checkpoint()
            files = [{"path": e["path"], "game": e.get("game", ""), "kind": e.get("kind", ""),
                      "format": e.get("format", "")}
                     for e in manifest.load(out)["files"] if isinstance(e, dict) and manifest.safe_rel(e.get("path"))]
            store.write_record("kits", key, {"values": p["shown"], "check": verdict, "files": files,
                                             "warnings": warnings})
    except BaseException:
        if store.kit_record(key) is None:  # stopped or failed: no kit of these options is left half-made
            _remove(out, store.kit_zip(key))
        raise
    return {"url": f"/kits/{key}"}


def _remove(folder: Path, *files: Path) -> None:
    import shutil

    from ..interrupt import blocked_during_cleanup

    def remove() -> None:
        shutil.rmtree(folder, ignore_errors=True)
        for f in files:
            f.unlink(missing_ok=True)
    blocked_during_cleanup(remove)()


def _figures(report: dict, targets: dict) -> dict:
    from ..playtest.verdict import judge

    f = report["figures"]
    from ..builders import GAMES

    out = {"game": report["game"], "title": GAMES[report["game"]].title, "hands": report["hands"], "players": report["variant"]["players"],
           "seats": [{"rate": s["rate"], "low": s.get("low"), "high": s.get("high")} for s in f["seats"]],
           "judge": judge(report, targets)}
    if "turns" in f:
        out["turns"] = {k: f["turns"][k] for k in ("median", "p10", "p90")}
        out["bonus"] = f["bonus"]["rate"]
        out["finished"] = f["finished"]["rate"]
    if "hands_per_game" in f:
        out["hands_per_game"] = f["hands_per_game"]["median"]
    ladder = f.get("ladder")
    if ladder:
        out["ladder"] = [{"strong": m.get("strong"), "weak": m.get("weak"),
                          "share": m["strong_share"]["rate"], "low": m["strong_share"].get("low"),
                          "high": m["strong_share"].get("high")} for m in ladder.get("matches", ())]
    return out


def playtest(p: dict, send) -> dict:
    """One game after another, its figures sent as soon as it is played."""
    from ..options import PlaytestOptions, pick
    from ..playtest.run import run_playtest
    from .kits import Store

    store = Store(Path(p["data"]))
    key = p["key"]
    folder = store.playtest_dir(key)
    folder.mkdir(parents=True, exist_ok=True)
    targets = {k: p["values"].get(k) for k in ("target_seats", "target_turns", "target_bonus", "target_finished")}
    results = []
    for game in p["games"]:
        figures = folder / f"{game}-figures.json"
        options = PlaytestOptions(**pick(PlaytestOptions, {**p["values"], "games": (game,), "out": folder / "out",
                                                           "json_out": figures, "jobs": p["jobs"]}))
        targets = {k: getattr(options, k) for k in targets}
        run_playtest(options, progress=lambda m: send("progress", m))
        report = json.loads(figures.read_text(encoding="utf-8"))["reports"][0]
        results.append(_figures(report, targets))
        send("figures", results[-1])
    store.write_record("playtests", key, {"kind": "playtest", "values": p["shown"], "results": results})
    return {"url": f"/playtest/{key}"}


def tune(p: dict, send) -> dict:
    from ..options import PlaytestOptions, pick
    from ..playtest.run import run_playtest
    from .kits import Store

    store = Store(Path(p["data"]))
    key = p["key"]
    folder = store.playtest_dir(key)
    folder.mkdir(parents=True, exist_ok=True)
    figures = folder / "tune.json"
    options = PlaytestOptions(**pick(PlaytestOptions, {**p["values"], "tune": True, "games": ("str8eight",),
                                                       "out": folder / "out", "json_out": figures,
                                                       "jobs": p["jobs"]}))
    run_playtest(options, progress=lambda m: send("progress", m), fixed=set(p.get("fixed", ())))
    data = json.loads(figures.read_text(encoding="utf-8"))["tune"]
    rows = [{"variant": r["variant"], "hands": r["hands"], "confirmed": r["confirmed"]} for r in data["ranked"][:8]]
    result = {"answer": data["answer"], "variants": data["variants"], "hands_played": data["hands_played"],
              "ranked": rows}
    send("tune", result)
    store.write_record("playtests", key, {"kind": "tune", "values": p["shown"], "tune": result})
    return {"url": f"/playtest/{key}"}
