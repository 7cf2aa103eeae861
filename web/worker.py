"""The gunicorn worker of `python app.py serve`: gevent (an event loop per worker process), so a slow or idle
client costs a greenlet, never a worker, plus what gunicorn's own gevent worker lacks:

- a header timeout: a connection that has not sent its request line and headers within KB_HEADER_TIMEOUT
  seconds is closed (also an idle keep-alive connection waiting for its next request);
- with KB_KEEPALIVE=0 each connection closes after its response, as with sync workers;
- a body timeout and buffering (web/edge.py BufferedBody): the app sees a request only when it is read whole;
- the CPU-heavy requests in KB_THREADS threads (web/edge.py Offload), so the event loop keeps answering;
- gunicorn's own errors (400 bad request line or header, 414, 431, 501) as JSON under /api/;
- a lingering close, so an error sent while the client is still sending reaches it;
- turns between connections: the event loop yields after each request (handle_request);
- native locks for what the render threads share, and the render path imported before they run (warm_render);
- stack dumps on a signal (register_stack_dump).

Imported only by gunicorn in the serving process (worker_class "web.worker.Worker"); gevent monkey-patches the
worker process when it starts, after the fork, so builds (`python app.py build`, or `serve` building before it
forks) and the tests run unpatched."""
from __future__ import annotations

import codecs
import faulthandler
import json
import logging
import os
import signal
import socket
import sys

import gevent
import pyparsing
from gevent import monkey
from gevent.threadpool import ThreadPool
from gevent.util import print_run_info
from gunicorn import util
from gunicorn.http import errors as http_errors
from gunicorn.workers import base_async
from gunicorn.workers.ggevent import GeventWorker
from werkzeug.test import EnvironBuilder

from .edge import REASONS, BufferedBody, Offload, respond

PEEK = 16  # bytes of a request's start looked at to tell an /api/ request before it is parsed
SERVER_ERRORS = [  # gunicorn's parse errors and their status (the first class that matches)
    (http_errors.LimitRequestLine, 414, "Het adres is te lang (hoogstens {line} bytes voor methode, adres en versie)."),
    (http_errors.LimitRequestHeaders, 431, "De verzoekkoppen zijn te groot of te veel."),
    (http_errors.UnsupportedTransferCoding, 501, "Deze Transfer-Encoding wordt niet ondersteund."),
    (http_errors.ExpectationFailed, 417, "Deze Expect-kop wordt niet ondersteund."),
    (http_errors.ForbiddenProxyRequest, 403, "Verzoek niet toegestaan."),
    (http_errors.ParseException, 400, "Ongeldig HTTP-verzoek (verzoekregel of kop)."),
]


LINGER_SECONDS, LINGER_BYTES = 2.0, 1024 * 1024


class _LingeringUtil:
    """gunicorn.util as the async worker sees it, except that closing a connection lingers (RFC 9112 9.6: send
    FIN, read what the client still sends, then close), as the sync and gthread workers do: a 413 or 431 sent
    while the client is still sending would otherwise reach it as a connection reset, not as the answer."""

    def __getattr__(self, name):
        return getattr(util, name)

    @staticmethod
    def close(sock):
        util.close_graceful(sock, timeout=LINGER_SECONDS, max_drain=LINGER_BYTES)


def _seconds(name: str, default: float) -> float:
    try:
        value = float(os.environ.get(name, "") or default)
    except ValueError:
        value = default
    return value if value >= 0 else default


def native_locks(app) -> None:
    """The locks the render threads (Offload: native threads) share with each other and with the event loop are
    native locks, not the gevent locks monkey-patching made of every threading.Lock/RLock created after it: two
    native threads waiting on one gevent lock can wait for ever. They are pyparsing's parse-cache lock (taken at
    every parse; seen: of five rulings posted at once, one was never answered), Jinja's template cache lock, the
    build reload lock, werkzeug's routing-table lock (the table is sorted here, so it is not taken again) and the
    log handlers' locks. Each is held briefly and never across a switch (the reload lock for as long as a new
    build loads), so a greenlet that waits on one blocks its event loop for no longer than that."""
    lock, rlock = monkey.get_original("_thread", ["allocate_lock", "RLock"])   # the C ones, not their wrappers
    pyparsing.ParserElement.packrat_cache_lock = rlock()
    templates = getattr(getattr(app, "jinja_env", None), "cache", None)   # /uitspraak renders its page in a thread
    if templates is not None and hasattr(templates, "_wlock"):
        templates._wlock = lock()
    holder = getattr(app, "extensions", {}).get("kb")
    if holder is not None:
        holder.use_lock(lock())
    url_map = getattr(app, "url_map", None)
    if url_map is not None:     # werkzeug sorts its routing table at the first match of a worker, under a lock
        url_map._remap_lock = lock()
        url_map.update()
    for logger in (logging.getLogger(), getattr(app, "logger", None)):   # a render thread may log an error
        for handler in getattr(logger, "handlers", ()):
            handler.lock = rlock()


STACK_SIGNAL = signal.SIGRTMIN + 1 if hasattr(signal, "SIGRTMIN") else None   # threads; greenlets: RTMIN+2


def register_stack_dump() -> None:
    """`kill -RTMIN+1 <worker>` writes the Python stack of every thread of that worker to its log (stderr), even
    while its event loop is blocked; `kill -RTMIN+2 <worker>` every greenlet's: for a request that is never
    answered. gunicorn keeps USR1, USR2, HUP, TTIN and TTOU for itself."""
    if STACK_SIGNAL is None:    # no real-time signals on this system
        return
    faulthandler.register(STACK_SIGNAL, file=sys.stderr, all_threads=True)
    monkey.get_original("signal", "signal")(STACK_SIGNAL + 1, lambda *_: print_run_info(file=sys.stderr))


# one request of each kind the pool renders (web/edge.py is_heavy), as the worker renders it once at start
WARM_RULING = "artikel 12 en 27B2"
WARM_REQUESTS = ({"method": "GET", "path": "/uitspraak", "query_string": {"tekst": WARM_RULING}},
                 {"method": "POST", "path": "/uitspraak", "data": {"tekst": WARM_RULING}},
                 {"method": "POST", "path": "/api/v1/linkify", "json": {"text": WARM_RULING}})


def warm_render(app) -> None:
    """Render each kind of heavy request once in the worker's main thread before it serves, so every module the
    render path imports lazily (the idna codec werkzeug binds its routing table with, among others) is imported
    here and never in a render thread. An import takes importlib's module lock, which monkey-patching made a
    gevent lock, and a native thread that waits on a gevent lock gets a hub of its own: seen, in about one fuzz
    run of four, one ruling among the first ones of a fresh worker never answered (its greenlet waited in
    ThreadPool.apply for a result that never came, both render threads idle)."""
    codecs.lookup("idna")
    for request in WARM_REQUESTS:
        builder = EnvironBuilder(**request)
        try:
            respond(app, builder.get_environ())
        except Exception:   # no build yet, or a fault the first real request will report: serve anyway
            logging.getLogger(__name__).debug("warm-up of %s %s failed", request["method"], request["path"],
                                              exc_info=True)
        finally:
            builder.close()


def load_build(app) -> None:
    """Each worker loads the current build when it starts, not in its first request: that request may be a
    ruling rendered in a thread of the pool, and the worker's first answers are quick."""
    holder = getattr(app, "extensions", {}).get("kb")
    try:
        if holder is not None:
            holder.get()
    except FileNotFoundError:  # no build yet: the requests get the 503 that says so
        pass


class Worker(GeventWorker):
    def init_process(self):
        self.header_timeout = _seconds("KB_HEADER_TIMEOUT", 5)
        self.body_timeout = _seconds("KB_BODY_TIMEOUT", 10)
        self.first_bytes: dict = {}
        # KB_KEEPALIVE=0: close each connection after its response, so every request is accepted by a worker that
        # is free (kept-alive connections stay with their worker even while it is busy), at the cost of a new
        # connection per request
        self.close_each = _seconds("KB_KEEPALIVE", 5.0) == 0
        sys.setswitchinterval(0.001)  # the event loop's thread gets the GIL back within ~1 ms of a heavy thread
        base_async.util = _LingeringUtil()  # this worker process only: every connection closes lingering
        register_stack_dump()
        super().init_process()

    def load_wsgi(self):
        super().load_wsgi()
        app = self.flask_app = self.wsgi
        config = getattr(app, "config", {})
        max_body = config.get("MAX_CONTENT_LENGTH") or (config.get("MAX_LINKIFY_BYTES", 256 * 1024) + 64 * 1024)
        native_locks(app)
        load_build(app)
        warm_render(app)
        threads = max(1, self.cfg.threads)
        pool = ThreadPool(threads)
        self.wsgi = BufferedBody(Offload(app, pool, max_waiting=threads * 8), max_body, self.body_timeout,
                                 gevent.Timeout, gevent.Timeout)

    def timeout_ctx(self):
        """Around reading each request's line and headers (and the wait for it on a kept-alive connection)."""
        return gevent.Timeout(self.header_timeout, False)

    def handle(self, listener, client, addr):
        client.setblocking(1)
        first = b""
        with gevent.Timeout(self.header_timeout, False):
            try:
                first = client.recv(PEEK, socket.MSG_PEEK)
            except OSError:
                first = b""
        if not first:  # nothing sent within the header timeout, or gone
            util.close(client)
            return
        me = gevent.getcurrent()
        self.first_bytes[me] = first
        try:
            super().handle(listener, client, addr)
        finally:
            self.first_bytes.pop(me, None)

    def handle_request(self, listener_name, req, sock, addr):
        if self.close_each:
            req.must_close = True
        try:
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            # take turns: a kept-alive connection whose next request is already waiting would otherwise be read
            # and answered at once, again and again, while the loop's other connections wait (p99 under load)
            gevent.sleep(0)

    def handle_error(self, req, client, addr, exc):
        path = getattr(req, "path", None)
        if path is None:
            start = self.first_bytes.get(gevent.getcurrent(), b"")
            path = start.split(b" ", 2)[1].decode("latin-1") if start.count(b" ") else ""
        if not path.startswith("/api/"):
            return super().handle_error(req, client, addr, exc)
        status, message = 500, "Er ging iets mis; probeer het opnieuw."
        for cls, code, text in SERVER_ERRORS:
            if isinstance(exc, cls):
                status, message = code, text.format(line=self.cfg.limit_request_line)
                break
        if status >= 500 and status != 501:
            self.log.exception("Error handling request %s", path)
        else:
            self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        body = json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")
        head = (f"HTTP/1.1 {status} {REASONS.get(status, 'Error')}\r\nConnection: close\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                "X-Content-Type-Options: nosniff\r\n\r\n").encode("latin-1")
        try:
            util.write(client, head + body)
        except Exception:
            self.log.debug("Failed to send error message.")
