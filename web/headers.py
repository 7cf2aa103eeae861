"""Security headers on every response, and the request caps every endpoint shares.

HTML pages get a Content-Security-Policy that allows scripts, styles, images, fonts and fetches from this origin
only (no inline scripts, no inline style attributes, no external hosts); every other response (JSON, files)
gets one that allows nothing, which only matters when it is opened as a document. The JSON API is public,
read-only data without cookies, so any site may read what GET answers (Access-Control-Allow-Origin: *), e.g.
embed.js on a club site; POST (linkify) gets no CORS headers, so a foreign page can neither read its answer nor
pass a preflight for it.

Query parameters: no text parameter of an /api/ request may exceed MAX_QUERY_LENGTH characters (400, JSON);
the views cap their own result counts at MAX_RESULTS and linkify bodies at MAX_LINKIFY_BYTES; MAX_CONTENT_LENGTH
(web/errors.py) caps every request body."""
from __future__ import annotations

from flask import Flask, request

from .errors import error_response
from .ruling_input import check_ruling_form

CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
CSP_OTHER = "default-src 'none'; frame-ancestors 'none'"
COMMON = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
POST_ONLY = ("/api/v1/linkify",)  # no CORS at all: no foreign page may post rulings or read the answer
CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Max-Age": "86400",
}
HTML_HEADERS = (*COMMON.items(), ("Content-Security-Policy", CSP), ("X-Frame-Options", "DENY"))
OTHER_HEADERS = (*COMMON.items(), ("Content-Security-Policy", CSP_OTHER))
CORS_HEADERS = tuple(CORS.items())


def register_headers(app: Flask) -> None:
    app.before_request(check_ruling_form)

    @app.before_request
    def cap_query_parameters():
        if not request.path.startswith("/api/"):
            return None
        limit = app.config["MAX_QUERY_LENGTH"]
        for name, value in request.args.items(multi=True):
            if len(value) > limit:
                return error_response(400, f"parameter {name!r} is te lang ({len(value)} tekens; hoogstens {limit})")
        return None

    @app.after_request
    def headers(resp):
        wanted = HTML_HEADERS if resp.mimetype == "text/html" else OTHER_HEADERS
        if request.path.startswith("/api/") and request.method != "POST" and request.path not in POST_ONLY:
            wanted += CORS_HEADERS
        add_missing(resp.headers, wanted)
        return resp


def add_missing(headers, pairs) -> None:
    """Add each (name, value) of `pairs` whose name `headers` lacks (what a view set stays). One pass, where
    werkzeug's setdefault raises and catches an exception for each name it lacks."""
    present = {name.lower() for name, _ in headers.items()}
    headers.extend([(name, value) for name, value in pairs if name.lower() not in present])
