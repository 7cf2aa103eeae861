"""The edge between the HTTP server and the app, in production (web/worker.py puts it around the app):

    BufferedBody   a request body is read whole, within KB_BODY_TIMEOUT seconds and MAX_CONTENT_LENGTH bytes,
                   before the app sees the request: a slow or broken body (a bad chunk size, a client gone
                   mid-body) is a 408 or 400 here and never holds the app.
    Offload        the CPU-heavy requests (rendering a posted ruling) run in a small pool of threads, so the
                   worker's event loop goes on accepting and answering everything else (health, pages) meanwhile;
                   when too many wait, a 503 with Retry-After instead of an unbounded queue.

Both answer their own errors as the app does: JSON {"error": …} under /api/, a short Dutch page elsewhere."""
from __future__ import annotations

import io
import json
import os
from html import escape

from .headers import CSP_OTHER

REASONS = {400: "Bad Request", 403: "Forbidden", 408: "Request Timeout", 413: "Content Too Large",
           414: "URI Too Long", 417: "Expectation Failed", 431: "Request Header Fields Too Large",
           500: "Internal Server Error", 501: "Not Implemented", 503: "Service Unavailable"}


def error_body(path: str, status: int, message: str) -> tuple[str, bytes]:
    """(content type, body) of an error outside Flask: JSON under /api/, a small Dutch page elsewhere."""
    if path.startswith("/api/"):
        return "application/json", json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")
    page = (f'<!doctype html><html lang="nl"><meta charset="utf-8"><title>{status} — Spelregels</title>'
            f"<h1>Fout {status}</h1><p>{escape(message)}</p><p><a href=\"/\">Naar de startpagina</a></p></html>")
    return "text/html; charset=utf-8", page.encode("utf-8")


def error_headers(content_type: str, body: bytes, extra: dict | None = None) -> list[tuple[str, str]]:
    headers = [("Content-Type", content_type), ("Content-Length", str(len(body))),
               ("X-Content-Type-Options", "nosniff"), ("Content-Security-Policy", CSP_OTHER),
               ("Cache-Control", "no-store")]
    return headers + list((extra or {}).items())


def answer_error(environ, start_response, status: int, message: str, extra: dict | None = None):
    content_type, body = error_body(environ.get("PATH_INFO", ""), status, message)
    start_response(f"{status} {REASONS.get(status, 'Error')}", error_headers(content_type, body, extra))
    return [body]


class BufferedBody:
    """WSGI middleware: the whole body is read before the app is called (see the module's docstring).

    deadline(seconds) is a context manager that raises timeout_error when the time is up (gevent.Timeout in
    the gevent worker)."""

    def __init__(self, app, max_bytes: int, seconds: float, deadline, timeout_error: type):
        self.app, self.max_bytes, self.seconds = app, max_bytes, seconds
        self.deadline, self.timeout_error = deadline, timeout_error

    def __call__(self, environ, start_response):
        length = (environ.get("CONTENT_LENGTH") or "").strip()
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if not chunked and length in ("", "0"):
            return self.app(environ, start_response)
        if length and not (length.isascii() and length.isdigit()):
            return answer_error(environ, start_response, 400, "Ongeldige Content-Length.")
        if length and int(length) > self.max_bytes:
            return answer_error(environ, start_response, 413, self.too_big())
        try:
            with self.deadline(self.seconds):
                body = self.read(environ["wsgi.input"])
        except self.timeout_error:
            return answer_error(environ, start_response, 408,
                                f"De inhoud van het verzoek kwam niet binnen {self.seconds:g} seconden binnen.")
        except Exception:  # gunicorn's InvalidChunkSize, ChunkMissingTerminator, NoMoreData, a reset socket
            return answer_error(environ, start_response, 400,
                                "De inhoud van het verzoek is onvolledig of ongeldig gecodeerd (chunked).")
        if len(body) > self.max_bytes:
            return answer_error(environ, start_response, 413, self.too_big())
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ["wsgi.input_terminated"] = True
        return self.app(environ, start_response)

    def read(self, stream) -> bytes:
        parts, size = [], 0
        while size <= self.max_bytes:
            part = stream.read(min(65536, self.max_bytes + 1 - size))
            if not part:
                break
            parts.append(part)
            size += len(part)
        return b"".join(parts)

    def too_big(self) -> str:
        return f"Het verzoek is te groot (hoogstens {self.max_bytes // 1024} KiB)."


HEAVY_PATHS = ("/api/v1/linkify", "/uitspraak")


def is_heavy(environ) -> bool:
    """A request that renders a ruling: a POST to linkify or the /uitspraak form, or /uitspraak with a text."""
    path = environ.get("PATH_INFO")
    return path in HEAVY_PATHS and (environ.get("REQUEST_METHOD") == "POST" or (
        path == "/uitspraak" and bool(environ.get("QUERY_STRING"))))


class Offload:
    """WSGI middleware: heavy requests (is_heavy) run in `pool` (pool.apply(fn, args) runs fn in a thread and
    waits without blocking the event loop); the response is collected whole in the thread. At most
    `max_waiting` heavy requests per worker are running or queued; the next gets a 503."""

    def __init__(self, app, pool, max_waiting: int):
        self.app, self.pool, self.max_waiting = app, pool, max_waiting
        self.waiting = 0

    def __call__(self, environ, start_response):
        if not is_heavy(environ):
            return self.app(environ, start_response)
        if self.waiting >= self.max_waiting:
            return answer_error(environ, start_response, 503, "Het is even te druk; probeer het over enkele "
                                "seconden opnieuw.", {"Retry-After": "5"})
        self.waiting += 1
        try:
            status, headers, body = self.pool.apply(self.collect, (environ,))
        finally:
            self.waiting -= 1
        start_response(status, headers)
        return [body]

    def collect(self, environ) -> tuple[str, list, bytes]:
        lower_priority()
        return respond(self.app, environ)


def respond(app, environ) -> tuple[str, list, bytes]:
    """Call a WSGI app and collect its response whole: (status, headers, body)."""
    captured = {}

    def start(status, headers, exc_info=None):
        captured["status"], captured["headers"] = status, list(headers)
        return lambda data: captured.setdefault("written", []).append(data)
    result = app(environ, start)
    try:
        chunks = list(result)
        body = b"".join(captured.get("written", []) + chunks)
    finally:
        if hasattr(result, "close"):
            result.close()
    return captured["status"], captured["headers"], body


RENDER_NICENESS = 10


def lower_priority() -> None:
    """Run this (rendering) thread at a lower CPU priority than the event loops, so a burst of heavy rulings
    never starves the light requests of the CPU. Linux keeps the nice value per thread, and who=0 names the
    calling thread; elsewhere, or without permission, nothing changes."""
    try:
        now = os.getpriority(os.PRIO_PROCESS, 0)
        if now < RENDER_NICENESS:
            os.setpriority(os.PRIO_PROCESS, 0, RENDER_NICENESS)
    except (AttributeError, OSError):
        pass
