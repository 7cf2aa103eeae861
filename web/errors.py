"""Errors: JSON under /api/, a Dutch HTML page elsewhere; never a 500 with a trace."""
from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

MESSAGES = {
    400: "Ongeldig verzoek",
    404: "Niet gevonden",
    405: "Deze methode is hier niet toegestaan",
    413: "Verzoek te groot",
    500: "Interne fout",
    503: "De kennisbank is (nog) niet beschikbaar",
}


def wants_json() -> bool:
    return request.path.startswith("/api/")


def error_response(status: int, message: str, **extra):
    if wants_json():
        resp = jsonify({"error": message, **extra})
        resp.status_code = status
        return resp
    html = render_template("error.html", status=status, title=MESSAGES.get(status, "Fout"), message=message, **extra)
    return html, status


def register_errors(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        message = exc.description if exc.code != 404 or wants_json() else "Deze pagina bestaat niet."
        return error_response(exc.code or 500, message or MESSAGES.get(exc.code, "Fout"))

    @app.errorhandler(FileNotFoundError)
    def no_build(exc):
        app.logger.error("no build: %s", exc)
        return error_response(503, "De kennisbank is nog niet gebouwd (python app.py build).")

    @app.errorhandler(Exception)
    def unexpected(exc):
        app.logger.exception("unexpected error")
        return error_response(500, "Er ging iets mis; probeer het opnieuw.")
