"""cardgen playtest --executor dask: a tune (and a playtest's hands) on the workers of a Dask
cluster give the figures this machine gives, whatever -j and however many workers; a worker
killed in the middle loses nothing; Ctrl-C cancels the cluster's blocks and exits 130; an
unreachable scheduler, a bad address and a missing extra are each one line and exit 2.

The cluster is a LocalCluster of two worker processes (one thread each), started once for
the module; the tunes are small (a 6 × 6 table, two players, a cheap lookahead budget)."""
import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

distributed = pytest.importorskip("distributed")

from cardgen.options import PlaytestOptions  # noqa: E402
from cardgen.playtest import executors  # noqa: E402
from cardgen.playtest.tune import tune  # noqa: E402
from conftest import run_cli  # noqa: E402
from waiting import HANG, until  # noqa: E402

FIXED = {"table_size": 6, "players": 2, "pass_cards": 4}
# a lookahead tune: 2 variants, looks of 20 then 40 hands, in blocks of 10 hands
TUNE = dict(tune=True, sweep=(("sequence_length", (4, 5)),), hands=40, target_turns=(10, 80), bots=("lookahead",),
            lookahead_iterations=4, games=("str8eight",), **FIXED)


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=50) as c, distributed.Client(c, set_as_default=False) as client:
        yield c, client


@pytest.fixture(scope="module")
def alone(tmp_path_factory):
    """The tune played here in one process: the figures every other way must give (played
    once for the run, whichever xdist worker asks first; kept pickled, types and all)."""
    import pickle

    from conftest import shared

    def make(folder):
        (folder / "alone.pickle").write_bytes(pickle.dumps(tune(PlaytestOptions(jobs=1, **TUNE), set(FIXED))))
    return pickle.loads((shared(tmp_path_factory, "cluster-tune-alone", make) / "alone.pickle").read_bytes())


def _until(condition, what: str):
    """Wait for an event (polling the cluster's state); only a hang fails (waiting.HANG)."""
    return until(condition, what, every=0.02)


def test_a_tune_on_a_cluster_gives_the_figures_of_any_local_run(cluster, alone):
    c, client = cluster
    assert alone["decided_by"] == "lookahead players (4 rollouts a decision) in every seat"
    assert alone["lookahead_iterations"] == 4 and alone["variants"] == 2 and alone["hands_played"] > 40
    assert tune(PlaytestOptions(jobs=2, **TUNE), set(FIXED)) == alone
    known = _clients(client)
    on_cluster = tune(PlaytestOptions(executor="dask", scheduler=c.scheduler_address, **TUNE), set(FIXED))
    assert on_cluster == alone
    _heard_out(client, known)  # the tune's client has gone: the scheduler has handled all it sent
    assert not client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))  # nothing left behind


def test_a_playtest_on_a_cluster_gives_the_figures_played_here(cluster):
    from cardgen.model.play.str8eight import Variant
    from cardgen.playtest.run import play

    variant = Variant(table_size=6, pass_cards=4, sequence_length=5, players=2)
    here = play("str8eight", variant, ("greedy",), 60, 3, 1, ladder_hands=8, iterations=4)
    with executors.Dask(cluster[0].scheduler_address) as workers:
        there = play("str8eight", variant, ("greedy",), 60, 3, 1, ladder_hands=8, iterations=4, executor=workers)
    assert there == here and here["figures"]["ladder"]["matches"]


def test_a_worker_killed_mid_tune_loses_nothing(cluster, alone, monkeypatch):
    """At the first block's answer, a worker holding blocks is SIGKILLed: the scheduler runs
    them again elsewhere (the nanny starts a new worker) and the figures do not change."""
    c, client = cluster
    killed = []
    answer = executors.Dask.next

    def next_then_kill(self):
        got = answer(self)
        if not killed:
            busy = _until(lambda: [w for w, keys in client.processing().items() if keys], "a worker with blocks")
            pids = client.run(os.getpid, workers=[busy[0]])
            killed.append((busy[0], client.processing()[busy[0]]))
            os.kill(pids[busy[0]], signal.SIGKILL)
        return got

    monkeypatch.setattr(executors.Dask, "next", next_then_kill)
    result = tune(PlaytestOptions(executor="dask", scheduler=c.scheduler_address, **TUNE), set(FIXED))
    assert killed and killed[0][1], "a worker was killed while it held blocks"
    assert killed[0][0] not in client.scheduler_info()["workers"]  # it is gone; its blocks ran elsewhere
    assert result == alone
    client.wait_for_workers(2, timeout=HANG)  # the nanny's new worker, for the tests after this one


# `cardgen` with Ctrl-C handled as a program started from a terminal has it: a test run started in the
# background of a shell (a CI step, benchmarks/suite_under_load.py) inherits SIGINT ignored, and a
# playtest leaves an ignored Ctrl-C ignored (it played on to the end and exited 0: the test failed
# only when the suite ran in the background)
# (and its threads' stacks on SIGUSR1: what a stop that did not end was doing)
AS_AT_A_TERMINAL = ("import faulthandler, signal, sys\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
                    "faulthandler.register(signal.SIGUSR1, all_threads=True)\n"
                    "sys.argv[0] = 'cardgen'\nfrom cardgen.entry import run\nrun()\n")


def test_ctrl_c_cancels_every_block_on_the_cluster_and_exits_130(cluster, tmp_path):
    c, client = cluster
    _until(lambda: not client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)),
           "the scheduler to forget the blocks of the tests before")  # so the blocks seen below are this tune's
    since, known = time.time(), _clients(client)  # the scheduler runs in this process: the same clock
    proc = subprocess.Popen(
        [sys.executable, "-c", AS_AT_A_TERMINAL, "playtest", "--tune", "--game", "str8eight", "--table-size", "6",
         "--players", "2", "--pass-cards", "4", "--sweep", "sequence-length=4..6", "--hands", "100000", "--bots", "lookahead",
         "--lookahead-iterations", "64", "--executor", "dask", "--scheduler", c.scheduler_address,
         "--out", str(tmp_path / "out"), "-q"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _until(lambda: client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) > 0,
               "the tune's blocks on the cluster")
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=HANG)
        except subprocess.TimeoutExpired:  # hung: its stacks into the failure
            proc.send_signal(signal.SIGUSR1)
            time.sleep(1)  # the failure path only: faulthandler writes the stacks before the kill
            proc.kill()
            raise AssertionError(f"the playtest did not end after Ctrl-C: {proc.communicate()[1][-6000:]}") from None
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert err.strip() == "cardgen: interrupted"
    cancels = _cancels_once_gone(client, known, since)  # the playtest's, read once the scheduler has heard it all
    assert cancels and all(e["force"] and e["count"] > 0 for e in cancels), cancels  # it cancelled its blocks
    _until(lambda: not client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)),
           "the scheduler to forget every block")
    assert not (tmp_path / "out" / "playtest").exists()


def test_a_stop_just_after_a_block_went_out_still_cancels_it(cluster, monkeypatch):
    """Ctrl-C while client.submit returns, after the scheduler got the block and before the
    executor holds its future: leaving the `with` block still cancels that block, by its key."""
    from cardgen.model.play.str8eight import Variant
    from cardgen.playtest.simulate import MAIN

    c, client = cluster
    block = ("str8eight", Variant(table_size=6, pass_cards=4, sequence_length=5, players=2), ("greedy",), 3, MAIN,
             0, 2, False, 4)
    since, known = time.time(), _clients(client)
    with pytest.raises(KeyboardInterrupt):
        with executors.Dask(c.scheduler_address) as workers:
            me, send = workers.client.id, workers.client.submit

            def sent_then_stopped(*args, **kwargs):
                send(*args, **kwargs)
                raise KeyboardInterrupt  # the signal lands before submit hands back the future

            monkeypatch.setattr(workers.client, "submit", sent_then_stopped)
            workers.ordered([block]).__next__()
    cancels = _cancels_once_gone(client, known, since)
    assert cancels == [{"action": "cancel", "count": 1, "force": True, "client": me}], cancels
    _until(lambda: not client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)),
           "the scheduler to forget the block")


def _clients(client) -> set:
    """The ids of the clients connected to the scheduler."""
    return client.run_on_scheduler(lambda dask_scheduler: set(dask_scheduler.clients))


def _heard_out(client, known: set) -> None:
    """Wait until every client but `known` has left the scheduler: a client's messages are
    handled in order and its removal comes last, so nothing it sent is still on the way (a
    client can close, and its process exit, before the scheduler has read its last messages)."""
    _until(lambda: _clients(client) <= known, "the scheduler to hear the last of the clients that left")


def _cancels_once_gone(client, known: set, since: float) -> list:
    """The requests to cancel logged since `since`, read once the clients not `known` are heard out."""
    _heard_out(client, known)
    return client.run_on_scheduler(_cancel_events, since)


def _cancel_events(since: float = 0.0, dask_scheduler=None) -> list:
    """The clients' requests to cancel tasks logged since `since`, as the scheduler logged them
    (each with the client's id)."""
    return [dict(e, client=topic) for topic, events in dask_scheduler.get_events().items() for when, e in events
            if when >= since and isinstance(e, dict) and e.get("action") == "cancel"]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_unreachable_scheduler_is_one_line_and_exit_2(tmp_path, monkeypatch):
    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 1.0)
    address = f"tcp://127.0.0.1:{_closed_port()}"
    result = run_cli("playtest", "--tune", "--executor", "dask", "--scheduler", address, "--hands", "10",
                     "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and f"no Dask scheduler answered at {address} within 1 s" in lines[0], lines


@pytest.mark.parametrize("args, environment, message", [
    (("--scheduler", "http://example.org"), "", "not a scheduler's address; write tcp://HOST:PORT"),
    ((), "", "name the Dask scheduler with --scheduler tcp://HOST:8786 (or set CARDGEN_SCHEDULER)"),
    ((), "somewhere", "CARDGEN_SCHEDULER: 'scheduler' is 'somewhere', not a scheduler's address"),
])
def test_a_missing_or_bad_scheduler_address_is_one_line(tmp_path, monkeypatch, args, environment, message):
    monkeypatch.setenv("CARDGEN_SCHEDULER", environment)
    result = run_cli("playtest", "--tune", "--executor", "dask", *args, "--hands", "10", "--out", tmp_path / "out")
    assert result.exit_code == 2 and message in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1


def test_without_the_extra_dask_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails, as without the extra
    result = run_cli("playtest", "--tune", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:8786",
                     "--hands", "10", "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert result.output.strip() == ("cardgen: error: --executor dask: needs Dask distributed, which is not "
                                     "installed here: pip install 'cardgen[cluster]'")


def test_the_report_says_which_players_decided_the_tune(tmp_path):
    out = tmp_path / "out"
    result = run_cli("playtest", "--tune", "--game", "str8eight", "--table-size", "6", "--players", "2", "--pass-cards", "4", "--sweep",
                     "sequence-length=4..5", "--hands", "20", "--bots", "lookahead", "--lookahead-iterations", "4",
                     "--target-turns", "10..80", "-j", "1", "--out", out, "--json", tmp_path / "tune.json")
    assert result.exit_code == 0, result.output
    words = "lookahead players (4 rollouts a decision) in every seat"
    assert f"hands played by {words}" in result.output
    data = json.loads((tmp_path / "tune.json").read_text())["tune"]
    assert data["decided_by"] == words and data["bots"] == ["lookahead"]
    assert f"decided by {words}" in (out / "playtest" / "str8eight-tune.html").read_text()
    import pypdf

    text = pypdf.PdfReader(str(out / "playtest" / "str8eight-tune-letter.pdf")).pages[0].extract_text()
    assert f"Decided by {words}." in " ".join(text.split())
    result = run_cli("playtest", "--tune", "--game", "str8eight", "--table-size", "6", "--bots", "lookahead,greedy,greedy,greedy",
                     "--hands", "10", "--out", out)  # the seats are searched (2-4), the bots name 4
    assert result.exit_code == 2 and "add --players 4, or name one bot for every seat" in result.output, \
        result.output


def test_workers_of_another_cardgen_version_are_refused(cluster, monkeypatch):
    """Another version could deal other hands for the same seed: refused before any block goes out."""
    import cardgen
    from cardgen.errors import CardgenError

    monkeypatch.setattr(cardgen, "__version__", "0.0.0-here")
    with pytest.raises(CardgenError, match=r"workers of tcp://\S+ run cardgen \S+, this is 0\.0\.0-here; install "
                                           r"the same version everywhere"):
        tune(PlaytestOptions(executor="dask", scheduler=cluster[0].scheduler_address, **TUNE), set(FIXED))
    assert not cluster[1].run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
