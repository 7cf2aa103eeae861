"""Hardening (issue 11): every input that gave a 500 is a 4xx now; no cross-site linkify; previews right behind a
cache; the edge middleware (whole bodies, heavy requests in threads). The real gunicorn with the gevent worker:
tests/test_worker_server.py."""
from __future__ import annotations

import io
import json
import time
import urllib.parse
from contextlib import contextmanager

import pytest

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
