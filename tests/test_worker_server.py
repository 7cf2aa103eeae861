"""Hardening (issue 11), the serving side: a real gunicorn with the gevent worker (idle and half-sent connections,
broken chunked bodies, slow bodies, long URLs and bad headers, all answered without holding a worker, JSON under
/api/), and what the worker gives its render threads (native locks, the render path imported before they run)."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

from live_server import start_server, stop_server
from web import create_app

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def live(data_dir, tmp_path_factory):
    log = tmp_path_factory.mktemp("hardening") / "server.log"
    proc, port = start_server(data_dir, log, {"KB_HEADER_TIMEOUT": "2", "KB_BODY_TIMEOUT": "2"})
    yield port
    stop_server(proc)
    assert "Traceback" not in log.read_text()


def raw(port: int, data: bytes, timeout: float = 10) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        out = b""
        while True:
            try:
                part = s.recv(65536)
            except socket.timeout:
                return out + b"<timeout>"
            if not part:
                return out
            out += part
            head, sep, body = out.partition(b"\r\n\r\n")
            length = [line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
            if sep and length and len(body) >= int(length[0].split(b":")[1]):
                return out


def status_and_json(response: bytes) -> tuple[int, dict]:
    head, _, body = response.partition(b"\r\n\r\n")
    assert b"content-type: application/json" in head.lower(), head
    return int(head.split(b" ")[1]), json.loads(body)


def health_ms(port: int) -> float:
    started = time.perf_counter()
    response = raw(port, b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert response.startswith(b"HTTP/1.1 200"), response[:100]
    return (time.perf_counter() - started) * 1000


def closed_by_server(s: socket.socket) -> bool:
    s.settimeout(2)
    try:
        return s.recv(1) == b""
    except OSError:  # reset: closed too
        return True


def test_half_sent_and_idle_connections_hold_nothing(live):
    idle = []
    for n in range(100):
        s = socket.create_connection(("127.0.0.1", live), timeout=10)
        if n % 2:
            s.sendall(b"GET / HTT")
        idle.append(s)
    try:
        times = sorted(health_ms(live) for _ in range(20))
        assert times[-1] < 1000, times
        time.sleep(3)  # past KB_HEADER_TIMEOUT: the server has closed them
        assert all(closed_by_server(s) for s in idle)
    finally:
        for s in idle:
            s.close()


def test_a_bad_chunk_size_is_a_json_400(live):
    response = raw(live, b"POST /api/v1/linkify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
    status, body = status_and_json(response)
    assert status == 400 and "chunked" in body["error"]


def test_a_slow_body_is_cut_off(live):
    started = time.perf_counter()
    response = raw(live, b"POST /api/v1/linkify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 100\r\n\r\n{}")
    status, body = status_and_json(response)
    assert status == 408 and "2 seconden" in body["error"] and time.perf_counter() - started < 6


def test_a_query_of_500_characters_of_any_width_reaches_the_app(live):
    for char in ("€", "😀"):
        ok = raw(live, f"GET /api/v1/search?q={urllib.parse.quote(char * 500)} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        assert status_and_json(ok)[0] == 200
        status, body = status_and_json(
            raw(live, f"GET /api/v1/search?q={urllib.parse.quote(char * 501)} HTTP/1.1\r\nHost: x\r\n\r\n".encode()))
        assert status == 400 and "te lang" in body["error"]


@pytest.mark.parametrize("request_bytes,status", [
    (b"GET /api/v1/search?q=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    (b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", 431),
    (b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n", 400),
    (b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(150)) + b"\r\n", 431),
    (b"GET /api/v1/health HTTP/9.9\r\nHost: x\r\n\r\n", 400),
])
def test_server_errors_under_api_are_json(live, request_bytes, status):
    got, body = status_and_json(raw(live, request_bytes))
    assert got == status and body["error"]


def test_text_plain_linkify_is_a_415_on_the_server_too(live):
    status, body = status_and_json(raw(live, b"POST /api/v1/linkify HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain"
                                             b"\r\nContent-Length: 22\r\n\r\n{\"text\": \"artikel 12\"}"))
    assert status == 415


def test_health_answers_while_rulings_render(live):
    """Rulings render in the worker's threads: health keeps answering meanwhile."""
    body = json.dumps({"text": "Zie de artikelen " + ", ".join(str(n % 90 + 1) for n in range(3000)) + "."}).encode()
    request = (b"POST /api/v1/linkify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
               + str(len(body)).encode() + b"\r\n\r\n" + body)
    results = []
    threads = [threading.Thread(target=lambda: results.append(raw(live, request, timeout=120)[:12])) for _ in range(4)]
    for t in threads:
        t.start()
    times = sorted(health_ms(live) for _ in range(10))
    for t in threads:
        t.join(130)
    assert results and all(r.startswith(b"HTTP/1.1 200") for r in results), results
    assert times[len(times) // 2] < 500, times


def test_rulings_refused_at_once_are_all_answered(live):
    """Five rulings with too many references at once, in the worker's threads: every one gets its 413 (the threads
    share pyparsing's parse-cache lock, which must be a native lock: a gevent one left one of five unanswered)."""
    body = json.dumps({"text": "- artikel 12\n" * 18000}).encode()
    request = (b"POST /api/v1/linkify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
               b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    for _ in range(2):
        results = []
        threads = [threading.Thread(target=lambda: results.append(raw(live, request, timeout=30)[:12]))
                   for _ in range(5)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(40)
        assert len(results) == 5 and all(r.startswith(b"HTTP/1.1 413") for r in results), results


def test_the_worker_gives_its_threads_native_locks(data_dir):
    import _thread
    import logging

    import pyparsing

    from web.worker import load_build, native_locks
    app = create_app({"DATA_DIR": str(data_dir), "TESTING": False})
    native_locks(app)
    assert isinstance(pyparsing.ParserElement.packrat_cache_lock, _thread.RLock)
    assert isinstance(app.extensions["kb"]._lock, _thread.LockType)
    assert isinstance(app.jinja_env.cache._wlock, _thread.LockType)
    assert isinstance(app.url_map._remap_lock, _thread.LockType) and not app.url_map._remap   # sorted already
    handlers = logging.getLogger().handlers + app.logger.handlers
    assert handlers and all(isinstance(h.lock, _thread.RLock) for h in handlers)
    load_build(app)
    assert app.extensions["kb"]._store is not None
    load_build(create_app({"DATA_DIR": str(data_dir / "nothing-here"), "TESTING": False}))   # no build: no error


# a fresh process as a worker is: monkey-patched, then the app, the worker's preparation, and rulings in the pool;
# it prints how many native threads a gevent hub was created in (a thread that took a gevent lock: an import)
HUB_PROBE = """
from gevent import monkey; monkey.patch_all()
import io, sys, threading
import gevent, gevent.hub
from gevent.threadpool import ThreadPool
main, created = threading.get_ident(), []
init = gevent.hub.Hub.__init__
def traced(self, *args, **kwargs):
    if threading.get_ident() != main:
        created.append(1)
    init(self, *args, **kwargs)
gevent.hub.Hub.__init__ = traced
from web import create_app
from web.edge import Offload
from web.worker import load_build, native_locks, warm_render
app = create_app({"DATA_DIR": sys.argv[1], "TESTING": False})
native_locks(app); load_build(app)
if sys.argv[2] == "warm":
    warm_render(app)
off = Offload(app, ThreadPool(2), 64)
def ruling(i):
    body = b"tekst=artikel+%d+en+27B2" % i
    environ = {"REQUEST_METHOD": "POST" if i % 2 else "GET", "PATH_INFO": "/uitspraak", "SCRIPT_NAME": "",
               "QUERY_STRING": "" if i % 2 else "tekst=artikel+%d" % i, "SERVER_NAME": "localhost",
               "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "127.0.0.1",
               "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr,
               "CONTENT_LENGTH": str(len(body)), "CONTENT_TYPE": "application/x-www-form-urlencoded"}
    for _ in off(environ, lambda status, headers, exc_info=None: statuses.append(status)):
        pass
statuses = []
gevent.joinall([gevent.spawn(ruling, i) for i in range(8)], timeout=60)
print(len(created), sum(1 for s in statuses if s.startswith("200")))
"""


def hubs_in_render_threads(data_dir, mode: str) -> tuple[int, int]:
    out = subprocess.run([sys.executable, "-c", HUB_PROBE, str(data_dir), mode], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    created, answered = map(int, out.stdout.split())
    return created, answered


def test_the_worker_renders_once_before_its_render_threads_run(data_dir):
    # every module the render path imports lazily is imported in the main thread: no render thread takes
    # importlib's (monkey-patched, gevent) module lock (seen: a fresh worker's ruling never answered)
    assert hubs_in_render_threads(data_dir, "warm") == (0, 8)
    # the probe sees it when the worker does not (a hub is made when two render threads meet at an import: a
    # race, so a loaded machine may need another try; every try answers all eight)
    tries = []
    for _ in range(3):
        tries.append(hubs_in_render_threads(data_dir, "cold"))
        if tries[-1][0] > 0:
            break
    assert tries[-1][0] > 0 and all(answered == 8 for _, answered in tries), tries


def test_a_signal_writes_every_threads_and_greenlets_stack_to_the_log(data_dir, tmp_path):
    import os
    import signal as signals
    log = tmp_path / "server.log"
    proc, port = start_server(data_dir, log, {"KB_WORKERS": "1"})
    try:
        worker = int(subprocess.run(["ps", "--ppid", str(proc.pid), "-o", "pid="], capture_output=True,
                                    text=True).stdout.split()[0])
        os.kill(worker, signals.SIGRTMIN + 1)
        os.kill(worker, signals.SIGRTMIN + 2)
        deadline = time.time() + 10
        while time.time() < deadline and "* Greenlets" not in log.read_text():
            time.sleep(0.2)
        text = log.read_text()
        assert "Current thread" in text and "most recent call first" in text     # faulthandler: the threads
        assert "* Greenlets" in text and "gevent/hub.py" in text                 # gevent's run info
        assert raw(port, b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").startswith(
            b"HTTP/1.1 200")                                                      # and it goes on serving
    finally:
        stop_server(proc)


def test_the_warm_up_never_stops_a_worker_from_serving(tmp_path, caplog):
    from web.worker import warm_render
    warm_render(create_app({"DATA_DIR": str(tmp_path / "no-build"), "TESTING": False}))   # 503s: nothing raised

    def broken(environ, start_response):
        raise RuntimeError("a fault in the render path")
    with caplog.at_level("DEBUG", logger="web.worker"):
        warm_render(broken)
    assert caplog.text.count("warm-up of") == 3
