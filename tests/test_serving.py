"""Serving: gunicorn settings from the environment, security headers on every response, request caps, JSON
errors everywhere under /api/ (404, 405, 413, 400, 500) and the HTML error page elsewhere."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from builder import build
from web import create_app
from web.headers import CSP
from web.serving import ConfigError, default_workers, options

ROOT = Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------- gunicorn settings


def test_options_defaults(monkeypatch):
    for name in ("KB_WORKERS", "KB_THREADS", "KB_TIMEOUT", "KB_ACCESS_LOG", "KB_CONTROL_SOCKET", "KB_PID_FILE"):
        monkeypatch.delenv(name, raising=False)
    opts = options("127.0.0.1", 8123)
    assert opts["bind"] == "127.0.0.1:8123"
    assert opts["workers"] == default_workers() >= 2
    assert opts["worker_class"] == "web.worker.Worker" and opts["threads"] == 2  # gevent, two heavy-request threads
    assert opts["limit_request_line"] == 8190 and opts["keepalive"] >= 1
    assert opts["accesslog"] == "-" and opts["timeout"] == 30 and opts["graceful_timeout"] == 20
    assert opts["control_socket_disable"] is True and "pidfile" not in opts
    assert opts["preload_app"] is False and callable(opts["post_worker_init"])


def test_options_from_environment(monkeypatch):
    monkeypatch.setenv("KB_WORKERS", "7")
    monkeypatch.setenv("KB_THREADS", "4")
    monkeypatch.setenv("KB_TIMEOUT", "60")
    monkeypatch.setenv("KB_ACCESS_LOG", "off")
    monkeypatch.setenv("KB_PID_FILE", "/tmp/kb.pid")
    monkeypatch.setenv("KB_MAX_REQUESTS", "1000")
    opts = options("::1", 9000)
    assert opts["bind"] == "[::1]:9000"
    assert (opts["workers"], opts["threads"], opts["worker_class"]) == (7, 4, "web.worker.Worker")
    assert opts["timeout"] == 60 and opts["accesslog"] is None and opts["pidfile"] == "/tmp/kb.pid"
    assert opts["max_requests"] == 1000


@pytest.mark.parametrize("name,value,words", [
    ("KB_WORKERS", "many", "whole number"), ("KB_WORKERS", "0", "at least 1"), ("KB_TIMEOUT", "1.5", "whole number"),
    ("KB_LOG_LEVEL", "loud", "KB_LOG_LEVEL"), ("KB_KEEPALIVE", "-1", "at least 0"),
    ("KB_HEADER_TIMEOUT", "soon", "whole number"), ("KB_BODY_TIMEOUT", "0", "at least 1"),
])
def test_bad_setting_is_named(monkeypatch, name, value, words):
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError, match=words):
        options("127.0.0.1", 8000)


def test_every_option_is_a_gunicorn_setting(monkeypatch):
    from gunicorn.config import Config
    monkeypatch.setenv("KB_PID_FILE", "/tmp/kb.pid")
    known = Config().settings
    assert set(options("127.0.0.1", 8000)) <= set(known)


# ---------------------------------------------------------------- headers on every response

PAGES = ["/", "/1997/", "/1997/artikel/27", "/2017/artikel/16", "/zoeken?q=onvoldoende+bod", "/trefwoorden",
         "/bestaat-niet", "/1997/artikel/999", "/static/site.css", "/api/v1/health", "/api/v1/articles/1997/27",
         "/api/v1/keywords", "/api/v1/search?q=bod", "/api/v1/bestaat-niet", "/api/v1/openapi.json"]


def routes_without_arguments(app) -> list[str]:
    return sorted({r.rule for r in app.url_map.iter_rules() if "GET" in r.methods and not r.arguments})


def test_security_headers_on_every_response(app, client):
    paths = sorted(set(PAGES + routes_without_arguments(app)))
    assert len(paths) >= len(PAGES)
    for path in paths:
        r = client.get(path)
        assert r.status_code < 500, path
        assert r.headers["X-Content-Type-Options"] == "nosniff", path
        assert r.headers["Referrer-Policy"] == "strict-origin-when-cross-origin", path
        csp = r.headers["Content-Security-Policy"]
        if r.mimetype == "text/html":
            assert csp == CSP and "script-src 'self'" in csp and "style-src 'self'" in csp, path
            assert r.headers["X-Frame-Options"] == "DENY"
        else:
            assert "default-src 'none'" in csp, path
        if path.startswith("/api/"):
            assert r.headers["Access-Control-Allow-Origin"] == "*", path


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)
INLINE_STYLE = re.compile(r"<style\b|<[^>]+\sstyle\s*=", re.IGNORECASE)
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""", re.IGNORECASE)


def test_pages_need_nothing_the_policy_forbids(client):
    """The CSP allows only this origin: no inline script, event handler or style, no external script or style."""
    pages = [p for p in PAGES if not p.startswith(("/api/", "/static/"))]
    assert len(pages) >= 5
    for path in pages:
        html = client.get(path).get_data(as_text=True)
        assert re.search(r"<script\b[^>]*\bsrc=", html), path
        assert not INLINE_SCRIPT.search(html), path
        assert not INLINE_HANDLER.search(html), path
        assert not INLINE_STYLE.search(html), path
        for m in re.finditer(r"<(?:script|link)\b[^>]*>", html):
            assert not EXTERNAL.search(m.group(0)), (path, m.group(0))


def test_cors_preflight_for_the_api(client):
    r = client.open("/api/v1/health", method="OPTIONS", headers={"Origin": "https://club.example",
                                                                 "Access-Control-Request-Method": "GET"})
    assert r.status_code == 200 and r.headers["Access-Control-Allow-Origin"] == "*"
    assert "GET" in r.headers["Access-Control-Allow-Methods"]


# ---------------------------------------------------------------- errors: JSON under /api/, HTML elsewhere


def assert_json_error(r, status: int):
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:200])
    assert r.mimetype == "application/json"
    body = r.get_json()
    assert isinstance(body["error"], str) and body["error"]
    return body


def test_api_404(client):
    for path in ("/api/v1/bestaat-niet", "/api/v1/articles/1997/999", "/api/v1/articles/1899/1", "/api/v2/health"):
        assert_json_error(client.get(path), 404)


def test_api_405_keeps_allow(client):
    r = client.post("/api/v1/health")
    assert_json_error(r, 405)
    assert "GET" in r.headers["Allow"]
    assert_json_error(client.delete("/api/v1/articles/1997/27"), 405)


def test_api_400_for_a_too_long_query(app, client):
    limit = app.config["MAX_QUERY_LENGTH"]
    assert limit == 500
    body = assert_json_error(client.get("/api/v1/search", query_string={"q": "bod " * limit}), 400)
    assert "te lang" in body["error"] and str(limit) in body["error"]
    assert client.get("/api/v1/search", query_string={"q": "b" * limit}).status_code == 200


def test_api_413_for_a_huge_body(app, client):
    cap = app.config["MAX_CONTENT_LENGTH"]
    assert cap >= app.config["MAX_LINKIFY_BYTES"]
    big = json.dumps({"text": "x" * (cap + 1), "edition": "1997"})
    for path in ("/api/v1/linkify", "/api/v1/health", "/api/v1/bestaat-niet"):
        r = client.post(path, data=big, content_type="application/json")
        if r.status_code == 413:
            assert_json_error(r, 413)
        else:  # a route that takes no body may refuse the method first; never a 2xx or a 500
            assert r.status_code in (404, 405), (path, r.status_code)
    assert_json_error(client.post("/api/v1/linkify", data=big, content_type="application/json"), 413)


def test_html_413_page(app, client):
    r = client.post("/uitspraak", data={"tekst": "x" * (app.config["MAX_CONTENT_LENGTH"] + 1)})
    assert r.status_code == 413 and r.mimetype == "text/html"
    assert "Verzoek te groot" in r.get_data(as_text=True)


def test_flask_debug_server_is_never_used():
    """Only gunicorn serves (web/serving.py); no code starts Werkzeug's development server."""
    dev_server = re.compile(r"\.run\([^)]*\b(?:debug|host|port)\b|run_simple\(|flask\s+run\b|debug\s*=\s*True")
    files = [p for d in ("app.py", "web", "kb", "indexer", "scripts", "benchmarks")
             for p in ([ROOT / d] if d.endswith(".py") else (ROOT / d).rglob("*")) if p.suffix in (".py", ".sh")]
    assert ROOT / "app.py" in files and len(files) > 10
    for path in files:
        assert not dev_server.search(path.read_text("utf-8")), path


def test_linkify_caps_its_text(app, client):
    limit = app.config["MAX_LINKIFY_BYTES"]
    text = "zie artikel 27 " * (limit // 15 + 10)
    assert limit < len(text.encode()) < app.config["MAX_CONTENT_LENGTH"] - 100
    assert_json_error(client.post("/api/v1/linkify", json={"text": text, "edition": "1997"}), 413)
    for bad in (b"{not json", b"[1, 2]", b'{"text": 5}'):
        assert_json_error(client.post("/api/v1/linkify", data=bad, content_type="application/json"), 400)


def test_result_count_is_capped(app, client):
    cap = app.config["MAX_RESULTS"]
    for limit in ("1000", str(cap + 1), "99999999999999999999"):
        r = client.get("/api/v1/search", query_string={"q": "de het een bod kaart speler", "limit": limit})
        assert r.status_code in (200, 400), limit
        if r.status_code == 200:
            assert len(r.get_json()["results"]) <= cap
    assert len(client.get("/api/v1/search", query_string={"q": "de het een bod kaart", "limit": "3"})
               .get_json()["results"]) <= 3


@pytest.fixture(scope="module")
def fragile_app(data_dir):
    """An app as in production (exceptions are not propagated to the test) with routes that fail."""
    app = create_app({"DATA_DIR": str(data_dir), "TESTING": False})

    def boom():
        raise RuntimeError("kapot")
    app.add_url_rule("/api/v1/_boom", "api_boom", boom)
    app.add_url_rule("/_boom", "page_boom", boom)
    return app


def test_api_500_is_json_without_a_trace(fragile_app):
    r = fragile_app.test_client().get("/api/v1/_boom")
    body = assert_json_error(r, 500)
    assert "kapot" not in body["error"] and "Traceback" not in r.get_data(as_text=True)
    assert r.headers["X-Content-Type-Options"] == "nosniff"


def test_page_500_is_the_html_page(fragile_app):
    r = fragile_app.test_client().get("/_boom")
    assert r.status_code == 500 and r.mimetype == "text/html"
    text = r.get_data(as_text=True)
    assert "Traceback" not in text and "kapot" not in text and "Er ging iets mis" in text
    assert r.headers["Content-Security-Policy"] == CSP


def test_html_errors_elsewhere(client):
    r = client.get("/bestaat/niet")
    assert r.status_code == 404 and r.mimetype == "text/html"
    r = client.post("/")
    assert r.status_code == 405 and r.mimetype == "text/html" and "GET" in r.headers["Allow"]


def test_no_build_is_a_503_not_a_500(tmp_path):
    app = create_app({"DATA_DIR": str(tmp_path), "TESTING": False})
    r = app.test_client().get("/api/v1/health")
    body = assert_json_error(r, 503)
    assert "python app.py build" in body["error"] and r.headers["Retry-After"]
    r = app.test_client().get("/")
    assert r.status_code == 503 and r.mimetype == "text/html"


# ---------------------------------------------------------------- the per-worker page cache of production


@pytest.fixture()
def cached(tmp_path, data_dir):
    import shutil

    from werkzeug.test import Client

    from web.serving import ResponseCache
    base = tmp_path / "data"
    shutil.copytree(data_dir, base, symlinks=True)
    app = create_app({"DATA_DIR": str(base), "TESTING": True})
    cache = ResponseCache(app.wsgi_app, base, 1024 * 1024)
    app.wsgi_app = cache
    return Client(app), cache, base


def test_cache_serves_pages_again_and_only_pages(cached):
    client, cache, _ = cached
    first = client.get("/1997/artikel/27")
    again = client.get("/1997/artikel/27")
    assert first.headers["X-Cache"] == "miss" and again.headers["X-Cache"] == "hit"
    assert again.get_data() == first.get_data() and again.status_code == 200
    assert again.headers["Content-Security-Policy"] == CSP
    for path in ("/api/v1/search?q=bod", "/zoeken?q=bod", "/api/v1/health", "/static/site.css"):
        client.get(path)
        assert "X-Cache" not in client.get(path).headers, path  # parameters, liveness and files always run
    client.get("/bestaat-niet")
    assert client.get("/bestaat-niet").headers["X-Cache"] == "miss"  # only 200s are kept
    client.post("/api/v1/linkify", json={"text": "artikel 27"})
    assert set(k[3] for k in cache.entries) == {"/1997/artikel/27"}


def test_cache_is_dropped_when_the_build_changes(cached):
    client, cache, base = cached
    client.get("/api/v1/articles/1997/27")
    assert client.get("/api/v1/articles/1997/27").headers["X-Cache"] == "hit"
    target = os.readlink(base / "current")
    os.symlink(target, base / "next")
    os.replace(base / "next", base / "current")  # same build, new link: a switch like any other
    assert client.get("/api/v1/articles/1997/27").headers["X-Cache"] == "hit"  # same target: kept
    build(ROOT / "corpus", base, log=lambda *_: None)
    assert client.get("/api/v1/articles/1997/27").headers["X-Cache"] == "miss"


def test_cache_keeps_to_its_size(tmp_path, data_dir, store):
    from werkzeug.test import Client

    from web.serving import ResponseCache
    app = create_app({"DATA_DIR": str(data_dir), "TESTING": True})
    paths = [f"/1997/artikel/{n}" for n in store.editions["1997"]["articles"]]
    sizes = [len(Client(app).get(p).get_data()) for p in paths]
    limit = max(sizes) * 8  # an entry may take an eighth of the cache
    assert sum(sizes) > limit
    app.wsgi_app = cache = ResponseCache(app.wsgi_app, data_dir, limit)
    client = Client(app)
    for p in paths:
        assert client.get(p).status_code == 200
    assert 0 < cache.size <= limit and len(cache.entries) < len(paths)
    assert paths[-1] in {k[3] for k in cache.entries}  # the newest stay


def test_a_worker_takes_turns_between_the_requests_of_its_connections(monkeypatch):
    """After each request the worker's event loop yields, so a kept-alive connection whose next request is already
    waiting does not keep the loop while its other connections wait (benchmarks/load.sh: search p99 957 -> 246 ms)."""
    from web import worker
    calls = []
    monkeypatch.setattr(worker.GeventWorker, "handle_request", lambda self, *args: calls.append("request") or True)
    monkeypatch.setattr(worker.gevent, "sleep", lambda seconds=0: calls.append(("yield", seconds)))
    w = object.__new__(worker.Worker)
    w.close_each = False
    assert w.handle_request("listener", object(), None, None) is True
    assert calls == ["request", ("yield", 0)]
