"""Hardening (issue 11): every input that gave a 500 is a 4xx now; no cross-site linkify; previews right behind a
cache; the edge middleware (whole bodies, heavy requests in threads); and a real gunicorn with the gevent worker:
idle and half-sent connections, broken chunked bodies, slow bodies, long URLs and bad headers, all answered
without holding a worker, JSON under /api/."""
from __future__ import annotations

import io
import json
import socket
import threading
import time
import urllib.parse
from contextlib import contextmanager

import pytest

from live_server import start_server, stop_server
from web import create_app
from web.edge import BufferedBody, Offload, is_heavy
from web.params import ParamError, is_number, number
from web.ruling_input import MAX_NESTING, nesting_error


@pytest.fixture(scope="module")
def prod(data_dir):
    """The app as in production: an exception in a view becomes a 500, not a test failure."""
    return create_app({"DATA_DIR": str(data_dir), "TESTING": False}).test_client()


def assert_json(r, status: int, words: str = "") -> dict:
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:300])
    assert r.mimetype == "application/json"
    body = r.get_json()
    assert words in body["error"], body
    return body


# ---------------------------------------------------------------- numbers: ASCII digits only, in range


@pytest.mark.parametrize("text,ok", [("27", True), ("007", True), ("²", False), ("١٢", False), ("１２", False),
                                     ("27B", False), ("", False), ("-1", False), (" 1", False), ("1" * 10, False)])
def test_is_number_takes_ascii_digits_only(text, ok):
    assert is_number(text) is ok


def test_number_parses_clamps_and_refuses():
    assert number(None, "limit", 10, 1, 50) == 10 and number(" 7 ", "limit", 10, 1, 50) == 7
    assert number("0", "limit", 10, 1, 50, clamp=True) == 1 and number("9" * 30, "limit", 10, 1, 50, clamp=True) == 50
    for raw in ("²", "١٢", "1e3", "-1", "abc"):
        with pytest.raises(ParamError, match="geheel getal"):
            number(raw, "limit", 10, 1, 50, clamp=True)
    with pytest.raises(ParamError, match="tussen 1 en 50"):
        number("51", "limit", 10, 1, 50)


@pytest.mark.parametrize("path", ["/api/v1/search?q=bod&limit=%C2%B2", "/api/v1/suggest?q=bod&limit=%C2%B2",
                                  "/api/v1/search?q=bod&limit=%D9%A1%D9%A2", "/api/v1/suggest?q=b&limit=%EF%BC%91"])
def test_non_ascii_digits_in_limit_are_a_400(prod, path):
    assert_json(prod.get(path), 400, "geheel getal")


@pytest.mark.parametrize("path", ["/1997/artikel/%C2%B2", "/1997/artikel/%D9%A1%D9%A2x", "/artikel/%C2%B2",
                                  "/vergelijk/%C2%B2", "/1997/%C2%B2", "/1997/x/%C2%B2", "/api/v1/articles/1997/%C2%B2"])
def test_non_ascii_digits_in_paths_are_never_a_500(prod, path):
    r = prod.get(path)
    assert r.status_code in (302, 404), (path, r.status_code)


# ---------------------------------------------------------------- request arguments never reach url_for


@pytest.mark.parametrize("query", ["number=1", "endpoint=x", "_scheme=https", "_anchor=x", "_external=1",
                                   "_method=POST", "van=1987&naar=1997&_anchor=evil&_scheme=javascript"])
def test_compare_redirect_keeps_only_its_own_arguments(prod, query):
    r = prod.get(f"/vergelijk/27B?{query}")
    assert r.status_code == 302, r.status_code
    location = r.headers["Location"]
    assert location.startswith("/vergelijk/27") and "#" not in location and "://" not in location
    args = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)
    assert set(args) <= {"van", "naar"}


# ---------------------------------------------------------------- nesting, surrogates, broken bodies: 400


def post_json(client, body, **kwargs):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post("/api/v1/linkify", data=data, content_type="application/json", **kwargs)


DEEP_TEXTS = {
    "brackets": "[" * 20000,
    "parentheses": "(" * 20000,
    "list of 243 levels": "\n".join("  " * i + "- x" for i in range(243)),
    "list on one line": "- " * 2000 + "x",
    "quotes": "> " * 2000 + "x",
    "numbered": "1. " * 500 + "x",
    "unclosed tags": "<a " * 20000,
}


@pytest.mark.parametrize("name", sorted(DEEP_TEXTS))
def test_deep_nesting_is_a_fast_400(prod, name):
    started = time.perf_counter()
    body = assert_json(post_json(prod, {"text": DEEP_TEXTS[name]}), 400, "nest te diep")
    assert body["max_nesting"] == MAX_NESTING and time.perf_counter() - started < 1


def test_nesting_within_the_cap_is_rendered(prod):
    text = "\n".join("  " * i + "- zie artikel 16" for i in range(MAX_NESTING - 1)) + "\n\n" + "[" * MAX_NESTING
    r = post_json(prod, {"text": text})
    assert r.status_code == 200 and r.get_json()["refs"]
    assert nesting_error("artikel 27B1(b) [zie (ook) 16]") is None
    assert nesting_error("    " * 30 + "x", markdown=False) is None  # indentation only counts in markdown
    assert nesting_error("<a " * 30, markdown=False) is None and nesting_error("12 < 14 " * 30) is None


def test_list_items_past_the_cap_are_shown_as_typed_lines(prod, monkeypatch):
    import kb.markdown_limits as limits
    monkeypatch.setattr(limits, "MAX_LIST_ITEMS", 2)
    body = post_json(prod, {"text": "- zie artikel 12\n- b\n  - c artikel 13\n- d"}).get_json()
    assert body["html"].count("<li>") == 2 and "\n  - c <a" in body["html"] and "\n- d</li>" in body["html"]
    assert [r["cite"] for r in body["refs"]] == ["12", "13"] and "\ue00b" not in body["html"] + body["markdown"]


def test_a_long_nested_list_renders_within_a_second(prod):
    unit = "".join("  " * i + "- x\n" for i in range(MAX_NESTING - 1))
    text = unit * (230 * 1024 // len(unit))
    started = time.perf_counter()
    r = post_json(prod, {"text": text})
    assert r.status_code == 200 and r.get_json()["html"].count("<li>") >= 1000
    assert time.perf_counter() - started < 1


def test_deeply_nested_json_is_a_400(prod):
    assert_json(post_json(prod, "[" * 100000), 400, "te diep genest")
    assert_json(post_json(prod, '{"text": ' + "[" * 50000 + "]" * 50000 + "}"), 400, "te diep genest")


@pytest.mark.parametrize("raw", ['{"text": "\\ud800 artikel 12"}', '{"text": "artikel 12 \\udfff"}',
                                 '{"text": "x", "edition": "\\udc80"}', '{"text": "x", "format": "\\ud83d"}'])
def test_lone_surrogates_are_a_400(prod, raw):
    assert_json(post_json(prod, raw), 400, "surrogaat")


def test_a_paired_surrogate_escape_is_fine(prod):
    r = post_json(prod, '{"text": "\\ud83d\\ude00 artikel 12"}')
    assert r.status_code == 200 and r.get_json()["refs"][0]["cite"] == "12"


def test_an_unreadable_body_is_a_400(prod):
    class Broken(io.BytesIO):
        def read(self, *args):
            raise ValueError("Invalid chunk size")
    r = prod.post("/api/v1/linkify", content_type="application/json", headers={"Transfer-Encoding": "chunked"},
                  environ_overrides={"wsgi.input": Broken(), "wsgi.input_terminated": True})
    assert_json(r, 400)  # "kon niet gelezen" or "geen geldige JSON", depending on what the stream gives up


@pytest.fixture(scope="module")
def raising(data_dir):
    app = create_app({"DATA_DIR": str(data_dir), "TESTING": False})

    def deep():
        raise RecursionError("maximum recursion depth exceeded")

    def encoding():
        "\ud800".encode("utf-8")
    for prefix in ("/api/v1/_", "/_"):
        app.add_url_rule(prefix + "deep", prefix + "deep", deep)
        app.add_url_rule(prefix + "enc", prefix + "enc", encoding)
    return app.test_client()


def test_recursion_and_encoding_errors_are_400_at_the_edge(raising):
    assert_json(raising.get("/api/v1/_deep"), 400, "te diep genest")
    assert_json(raising.get("/api/v1/_enc"), 400, "surrogaat")
    for path in ("/_deep", "/_enc"):
        r = raising.get(path)
        assert r.status_code == 400 and r.mimetype == "text/html"


def test_uitspraak_page_refuses_deep_nesting_with_the_form(prod):
    for r in (prod.post("/uitspraak", data={"tekst": "[" * 5000}), prod.get("/uitspraak?tekst=" + "-%20" * 300)):
        assert r.status_code == 400 and r.mimetype == "text/html"
        html = r.get_data(as_text=True)
        assert "nest te diep" in html and 'id="uitspraak-form"' in html


# ---------------------------------------------------------------- no cross-site linkify


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                          "text/plain;charset=UTF-8", None])
def test_linkify_refuses_what_a_browser_posts_without_asking(prod, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    r = prod.post("/api/v1/linkify", data=b'{"text": "artikel 12"}', headers=headers)
    assert_json(r, 415, "application/json")
    assert "Access-Control-Allow-Origin" not in r.headers


def test_linkify_has_no_cors_and_previews_keep_theirs(prod):
    r = post_json(prod, {"text": "artikel 12"}, headers={"Origin": "https://evil.example"})
    assert r.status_code == 200 and "Access-Control-Allow-Origin" not in r.headers
    pre = prod.options("/api/v1/linkify", headers={"Origin": "https://evil.example",
                                                   "Access-Control-Request-Method": "POST",
                                                   "Access-Control-Request-Headers": "content-type"})
    assert "Access-Control-Allow-Origin" not in pre.headers
    assert "POST" not in pre.headers.get("Access-Control-Allow-Methods", "")
    for path in ("/api/v1/preview?cite=27B2", "/api/v1/health", "/api/v1/search?q=bod"):
        got = prod.get(path, headers={"Origin": "https://club.example"})
        assert got.headers["Access-Control-Allow-Origin"] == "*", path
        assert "POST" not in got.headers["Access-Control-Allow-Methods"], path


def test_the_ruling_form_still_works_and_only_from_this_site(prod):
    r = prod.post("/uitspraak", data={"tekst": "Zie artikel 16A.", "editie": "1997", "formaat": "markdown"},
                  headers={"Sec-Fetch-Site": "same-origin"})
    assert r.status_code == 200 and 'data-cite="16A"' in r.get_data(as_text=True)
    r = prod.post("/uitspraak", data={"tekst": "Zie artikel 16A."}, headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403 and r.mimetype == "text/html"


def test_the_ruling_page_script_posts_json():
    from pathlib import Path
    script = (Path(__file__).resolve().parent.parent / "static" / "uitspraak.js").read_text("utf-8")
    assert '"Content-Type": "application/json"' in script and "JSON.stringify" in script


# ---------------------------------------------------------------- previews behind a cache


def test_preview_urls_vary_with_the_host(prod):
    for path in ("/api/v1/preview?cite=27B2", "/api/v1/resolve?cite=27B2"):
        a = prod.get(path, headers={"Host": "a.example"})
        b = prod.get(path, headers={"Host": "b.example"})
        assert a.get_json()["url"].startswith("http://a.example/") and b.get_json()["url"].startswith("http://b.example/")
        assert "public" in a.headers["Cache-Control"] and "Host" in a.headers["Vary"], path


# ---------------------------------------------------------------- the edge middleware


def echo(environ, start_response):
    body = environ["wsgi.input"].read()
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"%d:" % len(body) + body[:20]]


@contextmanager
def no_deadline(seconds):
    yield


class Expired(BaseException):
    pass


@contextmanager
def expired(seconds):
    raise Expired()
    yield  # pragma: no cover


def call(app, path="/api/v1/linkify", body=b"", chunked=False, length=None):
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": path, "QUERY_STRING": "", "wsgi.input": io.BytesIO(body)}
    if chunked:
        environ["HTTP_TRANSFER_ENCODING"] = "chunked"
    else:
        environ["CONTENT_LENGTH"] = str(len(body) if length is None else length)
    got = {}

    def start_response(status, headers, exc_info=None):
        got["status"], got["headers"] = status, dict(headers)
    got["body"] = b"".join(app(environ, start_response))
    return got


def test_buffered_body_reads_whole_bodies_and_refuses_broken_ones():
    app = BufferedBody(echo, 100, 5, no_deadline, Expired)
    assert call(app, body=b"x" * 50)["body"] == b"50:" + b"x" * 20
    assert call(app, body=b"y" * 60, chunked=True)["body"].startswith(b"60:")
    big = call(app, body=b"x" * 101)
    assert big["status"].startswith("413") and json.loads(big["body"])["error"]
    assert call(app, body=b"x" * 101, chunked=True)["status"].startswith("413")
    assert call(app, body=b"x", length=10 ** 12)["status"].startswith("413")
    bad_length = call(app, body=b"x", length="²")
    assert bad_length["status"].startswith("400")

    class Broken(io.BytesIO):
        def read(self, *args):
            raise ValueError("Invalid chunk size")
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/api/v1/linkify", "wsgi.input": Broken(),
               "HTTP_TRANSFER_ENCODING": "chunked"}
    got = {}
    body = b"".join(app(environ, lambda s, h, e=None: got.update(status=s, headers=dict(h))))
    assert got["status"].startswith("400") and "chunked" in json.loads(body)["error"]
    assert got["headers"]["Content-Type"] == "application/json"
    slow = call(BufferedBody(echo, 100, 3, expired, Expired), path="/uitspraak", body=b"x" * 10)
    assert slow["status"].startswith("408") and slow["headers"]["Content-Type"].startswith("text/html")
    assert "3 seconden".encode() in slow["body"]


def test_offload_runs_heavy_requests_in_the_pool_and_caps_the_queue():
    class Pool:
        calls = 0

        def apply(self, fn, args):
            Pool.calls += 1
            return fn(*args)
    off = Offload(echo, Pool(), max_waiting=1)
    assert call(off, body=b"abc")["body"] == b"3:abc" and Pool.calls == 1
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/api/v1/health", "QUERY_STRING": "", "wsgi.input": io.BytesIO()}
    assert not is_heavy(environ) and is_heavy(dict(environ, PATH_INFO="/uitspraak", QUERY_STRING="tekst=x"))
    assert not is_heavy(dict(environ, REQUEST_METHOD="POST")) and not is_heavy(dict(environ, PATH_INFO="/uitspraak"))
    off.waiting = 1  # one running already: the next heavy request is told to come back
    busy = call(off, body=b"abc")
    assert busy["status"].startswith("503") and busy["headers"]["Retry-After"] == "5" and Pool.calls == 1


# ---------------------------------------------------------------- a real gunicorn with the gevent worker


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
