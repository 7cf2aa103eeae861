"""Errors: JSON under /api/, a Dutch HTML page elsewhere; never a 500 with a trace.

Every status a client can cause (400, 404, 405, 413, 414, 431, …) keeps its own code and headers (e.g. Allow on a
405); input nested too deeply for a parser (RecursionError) and text that is no valid Unicode (UnicodeError, e.g. a
lone surrogate) are the client's: 400 with a Dutch message; anything unexpected is logged with its trace and
answered 500 without one. The request body is capped
app-wide (MAX_CONTENT_LENGTH, set here unless the app's config sets it), so a huge body is refused with 413
before any view reads it."""
from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from markupsafe import escape
from werkzeug.exceptions import HTTPException

MESSAGES = {
    400: "Ongeldig verzoek",
    404: "Niet gevonden",
    403: "Niet toegestaan",
    405: "Deze methode is hier niet toegestaan",
    408: "Verzoek te traag",
    413: "Verzoek te groot",
    414: "Adres te lang",
    415: "Verkeerd soort inhoud",
    431: "Verzoekkoppen te groot",
    500: "Interne fout",
    503: "De kennisbank is (nog) niet beschikbaar",
}
BODY_SLACK = 64 * 1024  # room for the JSON around a linkify text of MAX_LINKIFY_BYTES


class ApiError(Exception):
    """A request the API refuses: answered by the one handler below as {"error": message, **extra} with its
    status (400, 404, 413, 415 …). Views raise it; none builds its own error response."""

    def __init__(self, status: int, message: str, **extra):
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


def wants_json() -> bool:
    return request.path.startswith("/api/")


def error_response(status: int, message: str, headers: dict | None = None, **extra):
    if wants_json():
        resp = jsonify({"error": message, **extra})
        resp.status_code = status
    else:
        title = MESSAGES.get(status, "Fout")
        try:
            html = render_template("error.html", status=status, title=title, message=message, **extra)
        except Exception:  # the error page itself must not fail: a plain page then
            html = f"<!doctype html><title>{status} {escape(title)}</title><h1>{escape(title)}</h1><p>{escape(message)}</p>"
        resp = Flask.response_class(html, status=status, mimetype="text/html")
    for key, value in (headers or {}).items():
        resp.headers[key] = value
    return resp


def register_errors(app: Flask) -> None:
    if app.config.get("MAX_CONTENT_LENGTH") is None:  # Flask's default is None: no cap
        app.config["MAX_CONTENT_LENGTH"] = app.config.get("MAX_LINKIFY_BYTES", 256 * 1024) + BODY_SLACK

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        code = exc.code or 500
        if code == 404 and not wants_json():
            message = "Deze pagina bestaat niet."
        elif code == 413:
            message = f"Het verzoek is te groot (hoogstens {app.config['MAX_CONTENT_LENGTH'] // 1024} KiB)."
        else:
            message = exc.description or MESSAGES.get(code, "Fout")
        keep = {k: v for k, v in exc.get_headers() if k.lower() not in ("content-type", "content-length")}
        return error_response(code, message, headers=keep)

    @app.errorhandler(ApiError)
    def api_error(exc: ApiError):
        return error_response(exc.status, exc.message, **exc.extra)

    @app.errorhandler(FileNotFoundError)
    def no_build(exc):
        app.logger.error("no build: %s", exc)
        return error_response(503, "De kennisbank is nog niet gebouwd (python app.py build).",
                              headers={"Retry-After": "10"})

    @app.errorhandler(RecursionError)
    def too_deep(exc):
        app.logger.warning("input nested too deeply: %s %s", request.method, request.path)
        return error_response(400, "De invoer is te diep genest om te verwerken.")

    @app.errorhandler(UnicodeError)
    def bad_characters(exc):
        app.logger.warning("input not encodable: %s %s: %s", request.method, request.path, exc)
        return error_response(400, "De invoer bevat tekens die geen geldige tekst zijn (bijvoorbeeld een losse "
                                   "surrogaat of ongeldige UTF-8).")

    @app.errorhandler(Exception)
    def unexpected(exc):
        app.logger.exception("unexpected error")
        return error_response(500, "Er ging iets mis; probeer het opnieuw.")
