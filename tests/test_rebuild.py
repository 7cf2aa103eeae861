"""Atomic rebuilds: a real `python app.py serve` (gunicorn, two workers) answers queries from four threads while
the corpus is rebuilt again and again; not one request fails, the workers pick up every new build without a
restart, and pruning old builds under load breaks nothing."""
from __future__ import annotations

import http.client
import json
import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from live_server import start_server, stop_server
from builder import KEEP_BUILDS, build, current_dir, prune
from web.state import StoreHolder

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ["onvoldoende bod", "blinde", "claim", "revoke", "verzaking", "wedstrijdleider", "uitkomst buiten de beurt",
           "tonen van kaarten", "27B1b", "artikel 16", "onrechtmatige informatie", "bieding", "pas", "arbiter",
           "straf", "schoppen", "dummy", "doublet", "contract", "score"]
ARTICLES = ["/1997/artikel/27", "/1997/artikel/16", "/1987/artikel/31", "/2017/artikel/16", "/api/v1/articles/1997/27"]


def get(port: int, path: str, timeout: float = 15) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def version(port: int) -> str:
    status, body = get(port, "/api/v1/health")
    assert status == 200, body
    return json.loads(body)["version"]


def children(pid: int) -> set[int]:
    out = set()
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.add(int(d.name))
    return out


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    work = tmp_path_factory.mktemp("rebuild")
    corpus, base = work / "corpus", work / "data"
    shutil.copytree(ROOT / "corpus", corpus)
    build(corpus, base, log=lambda *_: None)
    proc, port = start_server(base, work / "server.log", {"KB_PRUNE_GRACE": "0"}, corpus=corpus)
    deadline = time.time() + 60
    while len(children(proc.pid)) < 2 and time.time() < deadline:
        time.sleep(0.1)
    yield {"port": port, "proc": proc, "corpus": corpus, "base": base, "log": work / "server.log"}
    stop_server(proc)


def test_served_by_gunicorn(server):
    conn = http.client.HTTPConnection("127.0.0.1", server["port"], timeout=10)
    conn.request("GET", "/api/v1/health")
    resp = conn.getresponse()
    assert resp.status == 200 and resp.getheader("Server", "").startswith("gunicorn")
    assert len(children(server["proc"].pid)) == 2  # KB_WORKERS


def test_rebuild_loop_under_load(server, monkeypatch):
    monkeypatch.setenv("KB_PRUNE_GRACE", "0")  # prune at once, under load
    port, corpus, base = server["port"], server["corpus"], server["base"]
    workers = children(server["proc"].pid)
    fds_before = {pid: open_files(pid) for pid in workers}
    stop = threading.Event()
    failures: list[tuple[str, object]] = []
    done = [0]
    lock = threading.Lock()

    def load(seed: int):
        i = seed
        while not stop.is_set():
            i += 1
            q = f"{QUERIES[i % len(QUERIES)]} {i}".replace(" ", "+")
            for path in ("/api/v1/health", f"/api/v1/search?q={q}", ARTICLES[i % len(ARTICLES)], f"/zoeken?q={q}"):
                try:
                    status, body = get(port, path)
                    # a query that reads as a citation ('27B1b 8') is a 302 to its section (CONTRACT)
                    ok = (status == 200 or status == 302 and path.startswith("/zoeken")) and body
                except Exception as exc:  # a refused or reset connection is a failure too
                    status, ok = repr(exc), False
                with lock:
                    done[0] += 1
                    if not ok:
                        failures.append((path, status))

    threads = [threading.Thread(target=load, args=(n * 1000,), daemon=True) for n in range(4)]
    for t in threads:
        t.start()
    versions = [version(port)]
    titles = corpus / "annotations" / "titles.tsv"
    try:
        for n in range(6):
            if n != 3:  # one rebuild of the same corpus: a new directory, the same version
                titles.write_text(titles.read_text("utf-8") + f"# rebuild {n}\n", "utf-8")
            final = build(corpus, base, log=lambda *_: None)
            expected = final.name.rsplit("-", 1)[0]
            # every worker follows `current` on its next request: no restart, no stale answer
            assert {version(port) for _ in range(6)} == {expected}
            versions.append(expected)
            time.sleep(0.3)
    finally:
        stop.set()
        for t in threads:
            t.join(30)
    assert failures == [], failures[:10]
    assert done[0] >= 100
    assert len(set(versions)) == 6 and versions[3] == versions[4]
    assert children(server["proc"].pid) == workers  # the same processes: nothing restarted
    builds = [p for p in (base / "builds").iterdir() if not p.name.startswith(".")]
    assert len(builds) == KEEP_BUILDS and current_dir(base) in [b.resolve() for b in builds]
    for pid in workers:  # old builds are let go: no file handles pile up per rebuild
        assert open_files(pid) <= fds_before[pid] + 10, (pid, fds_before[pid], open_files(pid))
    assert "Traceback" not in server["log"].read_text()


def test_failed_rebuild_keeps_serving(server):
    port, corpus, base = server["port"], server["corpus"], server["base"]
    before = version(port)
    meta = corpus / "sources" / "001_a3a024ad32219e94.meta.json"
    good = meta.read_text("utf-8")
    meta.write_text(good.replace('"format": "wiki"', '"format": "pdf"'), "utf-8")
    try:
        from builder import BuildError
        with pytest.raises(BuildError, match="001_a3a024ad32219e94.meta.json"):
            build(corpus, base, log=lambda *_: None)
    finally:
        meta.write_text(good, "utf-8")
    assert version(port) == before
    assert get(port, "/1997/artikel/27")[0] == 200


# ---------------------------------------------------------------- pruning never pulls a build from under a reader


def fake_builds(base: Path, names: list[str]) -> list[Path]:
    out = []
    for name in names:
        d = base / "builds" / name
        d.mkdir(parents=True)
        (d / "manifest.json").write_text("{}")
        out.append(d)
    return out


def test_prune_keeps_recent_and_recently_retired(tmp_path, monkeypatch):
    monkeypatch.delenv("KB_PRUNE_GRACE", raising=False)
    dirs = fake_builds(tmp_path, [f"b{n}-1" for n in range(6)])
    now = time.time()
    for age, d in zip((500, 400, 300, 200, 100, 50), dirs):
        os.utime(d, (now - age, now - age))
    os.symlink("builds/b0-1", tmp_path / "current")  # the oldest is the one being served
    tmp_crashed = tmp_path / "builds" / ".tmp-crashed"
    tmp_young = tmp_path / "builds" / ".tmp-young"
    tmp_crashed.mkdir()
    tmp_young.mkdir()
    os.utime(tmp_crashed, (now - 7200, now - 7200))
    # retired 200 s and more ago, beyond the 3 newest: removed; the current one never
    removed = prune(tmp_path, keep=dirs[0], now=now)
    assert sorted(p.name for p in removed) == [".tmp-crashed", "b1-1", "b2-1", "b3-1"]
    assert sorted(p.name for p in (tmp_path / "builds").iterdir()) == [".tmp-young", "b0-1", "b4-1", "b5-1"]


def test_prune_grace_protects_what_a_worker_may_still_read(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_PRUNE_GRACE", "120")
    dirs = fake_builds(tmp_path, [f"b{n}-1" for n in range(6)])
    now = time.time()
    for age, d in zip((110, 90, 70, 50, 30, 10), dirs):
        os.utime(d, (now - age, now - age))
    os.symlink("builds/b5-1", tmp_path / "current")
    assert prune(tmp_path, keep=dirs[5], now=now) == []  # all retired within the grace period
    assert len(prune(tmp_path, keep=dirs[5], now=now + 200)) == 3


def test_switch_marks_the_previous_build_retired(tmp_path, data_dir):
    base = tmp_path / "data"
    shutil.copytree(data_dir, base, symlinks=True)
    old = current_dir(base)
    os.utime(old, (1, 1))
    new = build(ROOT / "corpus", base, log=lambda *_: None)
    assert current_dir(base) == new.resolve() and old.is_dir()
    assert time.time() - old.stat().st_mtime < 60


def test_a_loaded_build_keeps_answering_after_its_directory_is_removed(tmp_path, data_dir):
    """A worker that loaded a build keeps its files open: even a removed directory cannot break its requests."""
    base = tmp_path / "data"
    shutil.copytree(data_dir, base, symlinks=True)
    holder = StoreHolder(base)
    kb = holder.get()
    first = kb.searcher.search("onvoldoende bod", limit=5)
    assert first
    shutil.rmtree(kb.directory)
    assert kb.searcher.search("onvoldoende bod", limit=5) == first
    assert kb.searcher.search("blinde", limit=5)


def test_concurrent_builds_take_turns(tmp_path):
    errors, results = [], []

    def run():
        try:
            results.append(build(ROOT / "corpus", tmp_path, log=lambda *_: None))
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)
    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len({r.name for r in results}) == 2
    assert current_dir(tmp_path) in [r.resolve() for r in results]
    assert not [p for p in (tmp_path / "builds").iterdir() if p.name.startswith(".tmp-")]
